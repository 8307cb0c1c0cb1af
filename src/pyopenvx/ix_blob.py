"""The binary container of vx_khr_ix exports: a checked header, then length-prefixed records.

    header  magic (8 bytes) | version u32 | records u32 | body bytes u64 | CRC-32 of the body u32
    body    per record: u32 length, then one encoded value (a list)

A value is one tag byte and its payload (little endian):
    N none | I i64 | F f64 | S u32 length + UTF-8 | B u64 length + bytes | L u32 count + values | R u32 record index
Decoding checks every length against what is left before reading, and nesting against a depth
limit, so a truncated or corrupted blob is refused with VX_ERROR_INVALID_FORMAT, never read past.
What the records mean is ix.py's business.
"""
import struct
import zlib

from . import constants as vx
from .errors import VxError

MAGIC = b"PVXIX\x00\r\n"
VERSION = 1
_HEADER = struct.Struct("<8sIIQI")
HEADER_BYTES = _HEADER.size
_U32, _U64, _I64, _F64 = struct.Struct("<I"), struct.Struct("<Q"), struct.Struct("<q"), struct.Struct("<d")
_MAX_DEPTH = 8
_N, _I, _F, _S, _B, _L, _R = b"NIFSBLR"        # the tags, as the byte values read back


class Ref(int):
    """A value naming an earlier record (an object) by its index."""


def invalid(why):
    return VxError(vx.VX_ERROR_INVALID_FORMAT, f"the export blob is corrupt: {why}")


# encoding --------------------------------------------------------------------------------------
def _encode(value, out):
    if value is None:
        out.append(b"N")
    elif isinstance(value, Ref):
        out.append(b"R" + _U32.pack(value))
    elif isinstance(value, bool) or isinstance(value, int):
        out.append(b"I" + _I64.pack(int(value)))
    elif isinstance(value, float):
        out.append(b"F" + _F64.pack(value))
    elif isinstance(value, str):
        raw = value.encode()
        out.append(b"S" + _U32.pack(len(raw)) + raw)
    elif isinstance(value, (bytes, bytearray, memoryview)):
        out.append(b"B" + _U64.pack(len(value)))
        out.append(value)
    elif isinstance(value, (list, tuple)):
        out.append(b"L" + _U32.pack(len(value)))
        for item in value:
            _encode(item, out)
    else:
        raise TypeError(f"cannot encode {value!r}")


def seal(records):
    """The blob of a list of records (each a list of values): its pieces joined once (values of
    images can be large)."""
    body = []
    for record in records:
        out = []
        _encode(record, out)
        body.append(_U32.pack(sum(map(len, out))))
        body += out
    crc = 0
    for piece in body:
        crc = zlib.crc32(piece, crc)
    return b"".join([_HEADER.pack(MAGIC, VERSION, len(records), sum(map(len, body)), crc), *body])


# decoding --------------------------------------------------------------------------------------
class _Reader:
    def __init__(self, data, start, end):
        self.data, self.at, self.end = data, start, end

    def take(self, n, what):
        if n > self.end - self.at:
            raise invalid(f"{what} needs {n} bytes, {self.end - self.at} are left")
        chunk = self.data[self.at:self.at + n]
        self.at += n
        return chunk

    def unpack(self, fmt, what):
        return fmt.unpack(self.take(fmt.size, what))[0]

    def value(self, depth=0):
        if depth > _MAX_DEPTH:
            raise invalid("values nest too deeply")
        if self.at >= self.end:
            raise invalid("a value tag is missing")
        tag = self.data[self.at]
        self.at += 1
        if tag == _N:
            return None
        if tag == _I:
            return self.unpack(_I64, "an integer")
        if tag == _F:
            return self.unpack(_F64, "a float")
        if tag == _R:
            return Ref(self.unpack(_U32, "a record index"))
        if tag == _S:
            raw = self.take(self.unpack(_U32, "a string length"), "a string")
            try:
                return str(raw, "utf-8")
            except UnicodeDecodeError:
                raise invalid("a string is not UTF-8") from None
        if tag == _B:
            return self.take(self.unpack(_U64, "a byte length"), "bytes")
        if tag == _L:
            count = self.unpack(_U32, "a list length")
            if count > self.end - self.at:          # every value takes at least one byte
                raise invalid(f"a list of {count} values does not fit in {self.end - self.at} bytes")
            return [self.value(depth + 1) for _ in range(count)]
        raise invalid(f"unknown value tag {tag:#04x}")


def open_blob(data):
    """The records of a blob (any buffer: bytes values come back as views into it, valid while it
    is), each a list; VxError(VX_ERROR_INVALID_FORMAT) for anything wrong."""
    data = memoryview(data)
    if len(data) < HEADER_BYTES:
        raise invalid(f"{len(data)} bytes are shorter than the {HEADER_BYTES}-byte header")
    magic, version, count, body_bytes, crc = _HEADER.unpack_from(data)
    if bytes(magic) != MAGIC:
        raise invalid("it does not start with the pyopenvx export magic")
    if version != VERSION:
        raise VxError(vx.VX_ERROR_NOT_SUPPORTED, f"export format version {version} is not supported (only {VERSION})")
    if body_bytes != len(data) - HEADER_BYTES:
        raise invalid(f"the header announces {body_bytes} body bytes, {len(data) - HEADER_BYTES} were given "
                      "(truncated or extended)")
    if zlib.crc32(data[HEADER_BYTES:]) != crc:
        raise invalid("the checksum does not match the content")
    reader = _Reader(data, HEADER_BYTES, len(data))
    records = []
    for i in range(count):
        size = reader.unpack(_U32, f"the length of record {i}")
        start = reader.at
        reader.take(size, f"record {i}")
        record = _Reader(data, start, reader.at)
        value = record.value()
        if record.at != record.end or not isinstance(value, list) or not value:
            raise invalid(f"record {i} is not one non-empty list")
        records.append(value)
    if reader.at != reader.end:
        raise invalid(f"{reader.end - reader.at} bytes follow the last record")
    return records
