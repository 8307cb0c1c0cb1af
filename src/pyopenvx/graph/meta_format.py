"""vx_meta_format: what an output validator says about one output (type, the object's meta
attributes, and a valid-rectangle callback), and what verification applies to that output."""
import struct

from _pyopenvx import ffi, lib

from .. import attributes
from .. import constants as vx
from ..errors import VxError, attribute_name, check
from ..reference import Reference, type_name

# The meta attributes of each object type (1.3.1, vxSetMetaFormatAttribute), with their C type.
# Keys are the objects' own attribute enums: DataObject.meta() uses the same keys.
ATTRIBUTES = {
    vx.VX_IMAGE_FORMAT: "vx_df_image", vx.VX_IMAGE_WIDTH: "vx_uint32", vx.VX_IMAGE_HEIGHT: "vx_uint32",
    vx.VX_ARRAY_ITEMTYPE: "vx_enum", vx.VX_ARRAY_CAPACITY: "vx_size",
    vx.VX_PYRAMID_FORMAT: "vx_df_image", vx.VX_PYRAMID_WIDTH: "vx_uint32", vx.VX_PYRAMID_HEIGHT: "vx_uint32",
    vx.VX_PYRAMID_LEVELS: "vx_size", vx.VX_PYRAMID_SCALE: "vx_float32",
    vx.VX_SCALAR_TYPE: "vx_enum",
    vx.VX_MATRIX_TYPE: "vx_enum", vx.VX_MATRIX_ROWS: "vx_size", vx.VX_MATRIX_COLUMNS: "vx_size",
    vx.VX_DISTRIBUTION_BINS: "vx_size", vx.VX_DISTRIBUTION_OFFSET: "vx_int32", vx.VX_DISTRIBUTION_RANGE: "vx_uint32",
    vx.VX_REMAP_SOURCE_WIDTH: "vx_uint32", vx.VX_REMAP_SOURCE_HEIGHT: "vx_uint32",
    vx.VX_REMAP_DESTINATION_WIDTH: "vx_uint32", vx.VX_REMAP_DESTINATION_HEIGHT: "vx_uint32",
    vx.VX_LUT_TYPE: "vx_enum", vx.VX_LUT_COUNT: "vx_size",
    vx.VX_THRESHOLD_TYPE: "vx_enum", vx.VX_THRESHOLD_INPUT_FORMAT: "vx_df_image",
    vx.VX_THRESHOLD_OUTPUT_FORMAT: "vx_df_image",
    vx.VX_OBJECT_ARRAY_ITEMTYPE: "vx_enum", vx.VX_OBJECT_ARRAY_NUMITEMS: "vx_size",
    vx.VX_TENSOR_NUMBER_OF_DIMS: "vx_size", vx.VX_TENSOR_DIMS: "vx_size[]", vx.VX_TENSOR_DATA_TYPE: "vx_enum",
    vx.VX_TENSOR_FIXED_POINT_POSITION: "vx_int8",
    vx.VX_CONVOLUTION_ROWS: "vx_size", vx.VX_CONVOLUTION_COLUMNS: "vx_size",
    vx.VX_USER_DATA_OBJECT_NAME: "str", vx.VX_USER_DATA_OBJECT_SIZE: "vx_size",
}

# How a contradiction between an output object and its meta data is reported: formats, types,
# plain values; anything else is a size (VX_ERROR_INVALID_DIMENSION).
MISMATCH = {
    **dict.fromkeys((vx.VX_IMAGE_FORMAT, vx.VX_PYRAMID_FORMAT, vx.VX_THRESHOLD_INPUT_FORMAT,
                     vx.VX_THRESHOLD_OUTPUT_FORMAT), vx.VX_ERROR_INVALID_FORMAT),
    **dict.fromkeys((vx.VX_ARRAY_ITEMTYPE, vx.VX_SCALAR_TYPE, vx.VX_MATRIX_TYPE, vx.VX_LUT_TYPE, vx.VX_THRESHOLD_TYPE,
                     vx.VX_OBJECT_ARRAY_ITEMTYPE, vx.VX_TENSOR_DATA_TYPE, vx.VX_USER_DATA_OBJECT_NAME),
                    vx.VX_ERROR_INVALID_TYPE),
    **dict.fromkeys((vx.VX_PYRAMID_SCALE, vx.VX_DISTRIBUTION_OFFSET, vx.VX_DISTRIBUTION_RANGE,
                     vx.VX_TENSOR_FIXED_POINT_POSITION), vx.VX_ERROR_INVALID_VALUE),
}
AT_LEAST = {vx.VX_ARRAY_CAPACITY}
# What a virtual output must know once verified; 0 (or VX_DF_IMAGE_VIRT) means left open.
REQUIRED = {
    vx.VX_IMAGE_WIDTH, vx.VX_IMAGE_HEIGHT, vx.VX_IMAGE_FORMAT, vx.VX_ARRAY_ITEMTYPE, vx.VX_ARRAY_CAPACITY,
    vx.VX_PYRAMID_WIDTH, vx.VX_PYRAMID_HEIGHT, vx.VX_PYRAMID_FORMAT, vx.VX_PYRAMID_LEVELS, vx.VX_SCALAR_TYPE,
    vx.VX_TENSOR_NUMBER_OF_DIMS, vx.VX_TENSOR_DATA_TYPE, vx.VX_MATRIX_TYPE, vx.VX_MATRIX_ROWS, vx.VX_MATRIX_COLUMNS,
    vx.VX_CONVOLUTION_ROWS, vx.VX_CONVOLUTION_COLUMNS, vx.VX_LUT_TYPE, vx.VX_LUT_COUNT, vx.VX_DISTRIBUTION_BINS,
    vx.VX_DISTRIBUTION_RANGE, vx.VX_REMAP_SOURCE_WIDTH, vx.VX_REMAP_SOURCE_HEIGHT, vx.VX_REMAP_DESTINATION_WIDTH,
    vx.VX_REMAP_DESTINATION_HEIGHT, vx.VX_USER_DATA_OBJECT_SIZE,
}
OPEN_VALUES = (0, vx.VX_DF_IMAGE_VIRT)       # an output array may hold more than the validator asks


def owner_type(attribute):
    """The object type an attribute enum belongs to (VX_ATTRIBUTE_BASE's type field)."""
    return (attribute >> 8) & 0xFFF


def _fixed(ctype):
    return ctype != "str" and not ctype.endswith("[]")


# The fixed-size attributes C accepts without Python (csrc/objects/meta_format.c), from the table above.
_C_TABLE = ffi.new("pvx_meta_attribute[]", [(a, ffi.sizeof(t)) for a, t in ATTRIBUTES.items() if _fixed(t)])
lib.pvx_meta_set_table(_C_TABLE, len(_C_TABLE))


# How each attribute's bytes are read back from a pvx_meta_item, with `struct` on one copy of the
# item array (verification reads every output's meta format: cffi per field is too slow there).
_ITEM = ffi.sizeof("pvx_meta_item")
_VALUE_AT = ffi.offsetof("pvx_meta_item", "value")
_HEAD = struct.Struct(f"=i{ffi.offsetof('pvx_meta_item', 'size') - ffi.sizeof('vx_enum')}x"
                      f"{'Q' if ffi.sizeof('vx_size') == 8 else 'I'}")
_CODES = {"vx_uint32": "I", "vx_int32": "i", "vx_enum": "i", "vx_df_image": "I", "vx_float32": "f", "vx_int8": "b",
          "vx_size": "Q" if ffi.sizeof("vx_size") == 8 else "I"}


def _reader(ctype):
    if ctype == "str":
        return lambda raw, at, size: raw[at:at + size].split(b"\0", 1)[0].decode(errors="replace")
    if ctype.endswith("[]"):
        code = _CODES[ctype[:-2]]
        width = struct.calcsize(f"={code}")
        return lambda raw, at, size: struct.unpack_from(f"={size // width}{code}", raw, at)
    unpack = struct.Struct(f"={_CODES[ctype]}").unpack_from
    return lambda raw, at, size: unpack(raw, at)[0]


_READERS = {attribute: _reader(ctype) for attribute, ctype in ATTRIBUTES.items()}

class MetaFormat(Reference):
    """The attributes live in the C descriptor (`pvx_meta_format`): validators set the fixed-size
    ones there directly; this object reads them back as Python values."""

    vx_type = vx.VX_TYPE_META_FORMAT

    def __init__(self, context, owner):
        super().__init__(context, external=0)
        self.retain(internal=True)            # held by the node whose output it describes
        self.owner = owner
        self.desc = ffi.new("pvx_meta_format *")
        self.h.desc = self.desc
        self.reset(vx.VX_TYPE_REFERENCE)

    @property
    def counted(self):
        return False

    def on_destroy(self):
        self.owner = None                     # (its node holds it: no cycle to wait a collection for)

    def reset(self, object_type):
        self.desc.object_type = object_type
        self.desc.count = 0
        self.desc.valid_rect_callback = ffi.NULL

    @property
    def object_type(self):
        return self.desc.object_type

    @property
    def valid_rect_callback(self):
        cb = self.desc.valid_rect_callback
        return None if cb == ffi.NULL else cb

    @property
    def attrs(self):
        """{attribute: value} of what the validator set."""
        count = self.desc.count
        raw = ffi.buffer(self.desc.items, count * _ITEM)
        out = {}
        for at in range(0, count * _ITEM, _ITEM):
            attribute, size = _HEAD.unpack_from(raw, at)
            out[attribute] = _READERS[attribute](raw, at + _VALUE_AT, size)
        dims, count = out.get(vx.VX_TENSOR_DIMS), out.get(vx.VX_TENSOR_NUMBER_OF_DIMS)
        if dims is not None and count is not None and len(dims) > count:
            out[vx.VX_TENSOR_DIMS] = dims[:count]     # the dims set, not the array's byte size (vx_size[4] for 3)
        return out

    def store(self, attribute, value):
        """One attribute into the C descriptor (Python's path: strings, arrays, exemplars)."""
        ctype = ATTRIBUTES[attribute]
        d = self.desc
        index = next((i for i in range(d.count) if d.items[i].attribute == attribute), d.count)
        check(index < len(d.items), vx.VX_ERROR_NO_RESOURCES, "too many meta format attributes", self)
        item = d.items[index]
        if ctype == "str":
            raw = value.encode() + b"\0"            # a name that does not fit is refused below
        elif ctype.endswith("[]"):
            raw = bytes(ffi.buffer(ffi.new(f"{ctype[:-2]}[]", list(value))))
        else:
            raw = bytes(ffi.buffer(ffi.new(f"{ctype} *", value)))
        check(len(raw) <= len(item.value), vx.VX_ERROR_INVALID_PARAMETERS,
              f"attribute {attribute_name(attribute)}: {len(raw)} bytes do not fit a meta format", self)
        ffi.memmove(item.value, raw, len(raw))
        item.attribute, item.size = attribute, len(raw)
        d.count = max(d.count, index + 1)

    def _check_type(self, attribute):
        belongs = owner_type(attribute)
        if self.object_type != belongs and self.object_type != vx.VX_TYPE_REFERENCE:
            raise VxError(vx.VX_ERROR_INVALID_TYPE, f"attribute {attribute_name(attribute)} is a {type_name(belongs)} attribute; "
                          f"this meta format describes a {type_name(self.object_type)}", self)

    def set(self, attribute, ptr, size):
        if attribute == vx.VX_VALID_RECT_CALLBACK:
            fn = attributes.read("vx_kernel_image_valid_rectangle_f", ptr, size, lambda: "VX_VALID_RECT_CALLBACK")
            check(self.object_type in (vx.VX_TYPE_IMAGE, vx.VX_TYPE_PYRAMID), vx.VX_ERROR_INVALID_TYPE,
                  f"a valid rectangle callback needs an image or pyramid output, not a {type_name(self.object_type)}", self)
            self.desc.valid_rect_callback = fn
            return
        ctype = ATTRIBUTES.get(attribute)
        if ctype is None:
            raise VxError(vx.VX_ERROR_NOT_SUPPORTED, f"attribute {attribute_name(attribute)} is not a meta format attribute", self)
        self._check_type(attribute)
        if ctype.endswith("[]"):
            item = ctype[:-2]
            check(ptr != ffi.NULL and size % ffi.sizeof(item) == 0 and size > 0, vx.VX_ERROR_INVALID_PARAMETERS,
                  f"attribute {attribute_name(attribute)}: size {size} is not a multiple of sizeof({item})", self)
            value = tuple(ffi.cast(f"{item} *", ptr)[0:size // ffi.sizeof(item)])
        else:
            value = attributes.read(ctype, ptr, size, lambda: f"meta format attribute {attribute_name(attribute)}")
        self.store(attribute, value)
        self.desc.object_type = owner_type(attribute)

    def set_from(self, exemplar):
        check(self.object_type in (vx.VX_TYPE_REFERENCE, exemplar.vx_type), vx.VX_ERROR_INVALID_TYPE,
              f"exemplar is a {type_name(exemplar.vx_type)}; this meta format describes a "
              f"{type_name(self.object_type)}", self)
        check(hasattr(exemplar, "meta"), vx.VX_ERROR_INVALID_TYPE, f"{exemplar} is not a data object", self)
        self.reset(exemplar.vx_type)
        for attribute, value in exemplar.meta().items():
            if attribute in ATTRIBUTES:
                self.store(attribute, value)

    def query(self, attribute, ptr, size):
        check(attribute != vx.VX_VALID_RECT_CALLBACK, vx.VX_ERROR_NOT_SUPPORTED,
              "VX_VALID_RECT_CALLBACK is write-only", self)
        ctype = ATTRIBUTES.get(attribute)
        check(ctype is not None, vx.VX_ERROR_NOT_SUPPORTED, f"attribute {attribute_name(attribute)} is not a meta format attribute", self)
        self._check_type(attribute)
        attrs = self.attrs
        check(attribute in attrs, vx.VX_ERROR_NOT_SUPPORTED, f"attribute {attribute_name(attribute)} has not been set", self)
        attributes.write(ctype, ptr, size, attrs[attribute], lambda: f"meta format attribute {attribute_name(attribute)}")

    def __repr__(self):
        return f"<MetaFormat of {self.owner}>"
