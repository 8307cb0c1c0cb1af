"""vx_khr_ix: graphs and data objects exported to memory, imported again into any context.

An export is a list of records (ix_blob.py holds the container), one per object, in an order
where every record names only earlier ones:
    [kind, name, fields, values]
Data objects of their own kind carry their scope (a graph record, for virtual objects) and
virtuality first in `fields`, then what creates them again (the meta data as created, so that
virtual objects stay open); their parts (pyramid levels, object array items, delay slots) follow
as `part` records; ROI and channel images and tensor views name their parent. A listed object
the application creates again at import is an `app` record (its type and meta data, checked
then). A graph is a `graph` record, its nodes (kernel by name with its signature, parameters,
border, replication) and a `graph_end` record (graph parameters, auto-aged delays). The last
record lists the exported references with their uses.

Which values travel (the extension's rules): a listed object's as its use says; an unlisted
object's when no node of an exported graph writes it (nor the container it is part of); never a
virtual object's. Importing checks every record against its schema and every reference against
what it must name before creating anything from it, and on any refusal releases what it created.
"""
from _pyopenvx import ffi, lib

from . import constants as vx
from .datatypes import SCALAR_TYPES, size_of
from .errors import VxError, check
from .graph.graph import Graph
from .graph.node import Node
from .graph.replicate import replicate_node
from .ix_blob import Ref, invalid, open_blob, seal
from .objects.array import Array
from .objects.convolution import Convolution
from .objects.dataobject import DataObject
from .objects.delay import Delay
from .objects.distribution import Distribution
from .objects.image import CHANNEL_PLANES, Image
from .objects.lut import LUT
from .objects.matrix import PATTERNS, Matrix
from .objects.memory import Resident
from .objects.object_array import ObjectArray
from .objects.parts import items_of
from .objects.pyramid import Pyramid
from .objects.remap import Remap
from .objects.scalar import Scalar
from .objects.tensor import Tensor, view_of
from .objects.tensor_images import TensorImages
from .objects.threshold import Threshold
from .objects.user_data_object import UserDataObject
from .reference import Reference, lookup, type_name

APPLICATION_CREATE, EXPORT_VALUES, NO_EXPORT_VALUES = (vx.VX_IX_USE_APPLICATION_CREATE, vx.VX_IX_USE_EXPORT_VALUES,
                                                       vx.VX_IX_USE_NO_EXPORT_VALUES)
USES = (APPLICATION_CREATE, EXPORT_VALUES, NO_EXPORT_VALUES)
_PIXEL = ffi.sizeof("vx_pixel_value_t")
_THRESHOLD_VALUES = ("value", "lower", "upper", "true_value", "false_value")


def _plain(value):
    """Meta values as they come back from a blob (tuples become lists)."""
    return [_plain(v) for v in value] if isinstance(value, (list, tuple)) else value


def app_meta(obj):
    """What an application-created object must match: its type and meta data."""
    if isinstance(obj, Delay):
        return [len(obj.slots), app_meta(obj.slots[0])]
    return sorted([attr, _plain(value)] for attr, value in obj.meta().items())


# values --------------------------------------------------------------------------------------
def _image_planes(img):
    """Per plane: (index, whole-image rectangle, packed user addressing, bytes)."""
    rect = ffi.new("vx_rectangle_t *", (0, 0, img.width, img.height))
    for p in range(img.planes):
        pl = img.desc.plane[p]
        size = lib.pvx_image_patch_size(img.desc, rect, p)
        addr = ffi.new("vx_imagepatch_addressing_t *")
        addr.dim_x, addr.dim_y = img.width, img.height
        addr.stride_x, addr.stride_x_bits = (0, 1) if pl.bits == 1 else (pl.bits // 8, 0)
        addr.stride_y = size // -(-img.height // pl.step_y)
        yield p, rect, addr, size


def _copy_planes(img, data, usage):
    """Every plane packed, one after another, between the image and `data` (copied once)."""
    planes = list(_image_planes(img))
    if data is None:
        data = bytearray(sum(size for *_, size in planes))
    _check_size(img, data, sum(size for *_, size in planes))
    view, at = memoryview(data), 0
    for p, rect, addr, size in planes:
        img.access(lib.pvx_image_copy, rect, p, addr, ffi.from_buffer(view[at:at + size]), usage,
                   vx.VX_MEMORY_TYPE_HOST)
        at += size
    return data


def _image_values(img):
    return None if img.is_uniform else _copy_planes(img, None, vx.VX_READ_ONLY)


def _put_image_values(img, data):
    _copy_planes(img, data, vx.VX_WRITE_ONLY)


def _threshold_field(t, field):
    return ffi.buffer(ffi.addressof(t.desc[0], field), _PIXEL)


def _threshold_values(t):
    return b"".join(_threshold_field(t, f)[:] for f in _THRESHOLD_VALUES)


def _put_threshold_values(t, data):
    _check_size(t, data, _PIXEL * len(_THRESHOLD_VALUES))
    for i, field in enumerate(_THRESHOLD_VALUES):
        _threshold_field(t, field)[:] = data[i * _PIXEL:(i + 1) * _PIXEL]


def _resident_bytes(obj):
    return obj.num_items * obj.item_size if isinstance(obj, Array) else obj.nbytes()


def _resident_values(obj):
    if obj.mem.base == ffi.NULL or getattr(obj, "viewed", None) is not None:
        return None                   # never written (zeros), or a view: its root carries them
    return ffi.buffer(obj.base(), _resident_bytes(obj))[:]


def _put_resident_values(obj, data):
    if isinstance(obj, Array):
        if len(data) % max(obj.item_size, 1) or len(data) > obj.nbytes():
            raise VxError(vx.VX_ERROR_INVALID_FORMAT, f"{len(data)} bytes are not whole items within the capacity "
                          f"of {obj}", obj)
        obj.desc.num_items = len(data) // max(obj.item_size, 1)
    else:
        check(getattr(obj, "viewed", None) is None, vx.VX_ERROR_INVALID_FORMAT, "a view takes no values", obj)
        _check_size(obj, data, obj.nbytes())
    ffi.memmove(obj.base(), data, len(data))


def _check_size(obj, data, size):
    if len(data) != size:
        raise VxError(vx.VX_ERROR_INVALID_FORMAT, f"{len(data)} bytes of values for {obj}, which has {size}", obj)


VALUES = ((Image, _image_values, _put_image_values), (Threshold, _threshold_values, _put_threshold_values),
          (Resident, _resident_values, _put_resident_values))


def _values_row(obj):
    for cls, get, put in VALUES:
        if isinstance(obj, cls):
            return get, put
    return None


# kinds: how each object is described (export) and made again (import) -------------------------
# Field codes, checked before use: u uint32, i int32, c int8, z size, f float, s string, b bytes,
# r record, o record or none, l list.
BYTES = (bytes, memoryview)       # (a blob's bytes are views into it while it is read)
_RANGES = {"u": (0, 2**32 - 1), "i": (-2**31, 2**31 - 1), "c": (-128, 127), "z": (0, 2**62)}
_TYPES = {"u": int, "i": int, "c": int, "z": int, "f": float, "s": str, "b": BYTES, "r": Ref, "l": list}


def check_fields(fields, codes, what):
    if not isinstance(fields, list) or len(fields) != len(codes):
        raise invalid(f"{what} has {len(fields) if isinstance(fields, list) else 'no'} fields, not {len(codes)}")
    for value, code in zip(fields, codes):
        if code == "o" and value is None:
            continue
        if not isinstance(value, _TYPES["r" if code == "o" else code]):
            raise invalid(f"{what}: {value!r} is not of kind {code!r}")
        low, high = _RANGES.get(code, (None, None))
        if low is not None and not low <= value <= high:
            raise invalid(f"{what}: {value} is out of range")


def _meta(obj):
    """The meta data as created: a virtual object's as the application left it open."""
    return obj.created if obj.virtual and obj.created is not None else obj.meta()


def _sizes(values, what):
    check_fields(values, "z" * len(values), what)
    return values


def _pixel(raw):
    check(len(raw) == _PIXEL, vx.VX_ERROR_INVALID_FORMAT, f"a pixel value of {len(raw)} bytes")
    value = ffi.new("vx_pixel_value_t *")
    ffi.memmove(value, raw, _PIXEL)
    return value


def _adjusted(obj, adjust):
    """A new object, then changed: released again if the change is refused."""
    try:
        adjust(obj)
    except BaseException:
        obj.release()
        raise
    return obj


def _image(ctx, scope, virtual, f, _):
    return _adjusted(Image.create(ctx, f[0], f[1], f[2], scope, virtual), lambda img: img.set_space(f[3]))


def _uniform(ctx, scope, virtual, f, _):
    check(not virtual, vx.VX_ERROR_INVALID_FORMAT, "a uniform image is not virtual")
    return _adjusted(Image.uniform(ctx, f[0], f[1], f[2], _pixel(f[4])), lambda img: img.set_space(f[3]))


def _scalar(ctx, scope, virtual, f, _):
    open_type = virtual and f[0] == vx.VX_TYPE_INVALID
    return Scalar(ctx, f[0], size=None if f[0] in SCALAR_TYPES or open_type else f[1], scope=scope, virtual=virtual)


def _matrix(ctx, scope, virtual, f, _):
    origin = tuple(_sizes(f[4], "a matrix origin")) or None
    check(origin is None or len(origin) == 2, vx.VX_ERROR_INVALID_FORMAT, "a matrix origin has two coordinates")
    # a pattern is built at creation: only those vxCreateMatrixFromPattern builds, of a mask's size
    check(f[3] == vx.VX_PATTERN_OTHER or (f[3] in PATTERNS and f[0] == vx.VX_TYPE_UINT8 and f[1] * f[2] <= 1 << 24),
          vx.VX_ERROR_INVALID_FORMAT, f"matrix pattern {f[3]:#x} of {f[1]}x{f[2]} {f[0]:#x}")
    return Matrix(ctx, f[0], f[1], f[2], scope, virtual, f[3], origin)


def _convolution(ctx, scope, virtual, f, _):
    return _adjusted(Convolution(ctx, f[0], f[1], scope, virtual), lambda conv: conv.set_scale(f[2]))


def _with_exemplar(ctx, scope, virtual, nested, parts_left, make):
    """Containers are made like an exemplar, described inline: made, used, released."""
    check(isinstance(nested, list) and len(nested) == 2 and nested[0] in OWN_KINDS, vx.VX_ERROR_INVALID_FORMAT,
          "an exemplar is not [kind, fields]")
    exemplar = build_own(ctx, scope, virtual, nested[0], nested[1], parts_left)
    try:
        return make(exemplar)
    finally:
        exemplar.release()


def _object_array(ctx, scope, virtual, f, parts_left):
    return _with_exemplar(ctx, scope, virtual, f[1], parts_left, lambda e: ObjectArray(ctx, e, f[0], scope, virtual))


def _delay(ctx, scope, virtual, f, parts_left):
    check(not virtual and scope is ctx, vx.VX_ERROR_INVALID_FORMAT, "a delay is not virtual")
    return _with_exemplar(ctx, scope, False, f[1], parts_left, lambda e: Delay(ctx, e, f[0]))


# kind -> (class, field codes after scope and virtuality, describe(obj, meta) -> fields, build)
OWN_KINDS = {
    "image": (Image, "uuui", lambda o, m: [m[vx.VX_IMAGE_WIDTH], m[vx.VX_IMAGE_HEIGHT], m[vx.VX_IMAGE_FORMAT],
                                           o.desc.space], _image),
    "uniform": (Image, "uuuib", lambda o, m: [o.width, o.height, o.format, o.desc.space,
                                              ffi.buffer(ffi.addressof(o.desc.uniform_value), _PIXEL)[:]],
                _uniform),
    "scalar": (Scalar, "iz", lambda o, m: [m[vx.VX_SCALAR_TYPE], size_of(o.context, m[vx.VX_SCALAR_TYPE]) or 0],
               _scalar),
    "array": (Array, "iz", lambda o, m: [m[vx.VX_ARRAY_ITEMTYPE], m[vx.VX_ARRAY_CAPACITY]],
              lambda c, s, v, f, _: Array(c, f[0], f[1], s, v)),
    "matrix": (Matrix, "izzil", lambda o, m: [m[vx.VX_MATRIX_TYPE], m[vx.VX_MATRIX_COLUMNS], m[vx.VX_MATRIX_ROWS],
                                              o.pattern, [] if o.virtual else list(o.origin)], _matrix),
    "convolution": (Convolution, "zzu", lambda o, m: [m[vx.VX_CONVOLUTION_COLUMNS], m[vx.VX_CONVOLUTION_ROWS],
                                                      o.scale], _convolution),
    "lut": (LUT, "iz", lambda o, m: [m[vx.VX_LUT_TYPE], m[vx.VX_LUT_COUNT]], lambda c, s, v, f, _: LUT(c, *f, s, v)),
    "distribution": (Distribution, "ziu", lambda o, m: [m[vx.VX_DISTRIBUTION_BINS], m[vx.VX_DISTRIBUTION_OFFSET] or 0,
                                                        m[vx.VX_DISTRIBUTION_RANGE]],
                     lambda c, s, v, f, _: Distribution(c, *f, s, v)),
    "threshold": (Threshold, "iuu", lambda o, m: [o.thresh_type, o.input_format, o.output_format],
                  lambda c, s, v, f, _: Threshold(c, *f, s, v)),
    "remap": (Remap, "uuuu", lambda o, m: [m[vx.VX_REMAP_SOURCE_WIDTH], m[vx.VX_REMAP_SOURCE_HEIGHT],
                                           m[vx.VX_REMAP_DESTINATION_WIDTH], m[vx.VX_REMAP_DESTINATION_HEIGHT]],
              lambda c, s, v, f, _: Remap(c, *f, s, v)),
    "pyramid": (Pyramid, "zfuuu", lambda o, m: [m[vx.VX_PYRAMID_LEVELS], m[vx.VX_PYRAMID_SCALE],
                                                m[vx.VX_PYRAMID_WIDTH], m[vx.VX_PYRAMID_HEIGHT],
                                                m[vx.VX_PYRAMID_FORMAT]],
                lambda c, s, v, f, _: Pyramid(c, *f, s, v)),
    "object_array": (ObjectArray, "zl", lambda o, m: [len(o.items), list(describe_own(o.items[0]))], _object_array),
    "tensor": (Tensor, "lic", lambda o, m: [list(m[vx.VX_TENSOR_DIMS]), m[vx.VX_TENSOR_DATA_TYPE],
                                            m[vx.VX_TENSOR_FIXED_POINT_POSITION]],
               lambda c, s, v, f, _: Tensor(c, _sizes(f[0], "tensor dims"), f[1], f[2], s, v)),
    "user_data_object": (UserDataObject, "sz", lambda o, m: [m[vx.VX_USER_DATA_OBJECT_NAME],
                                                             m[vx.VX_USER_DATA_OBJECT_SIZE]],
                         lambda c, s, v, f, _: UserDataObject(c, f[0], f[1], scope=s, virtual=v)),
    "delay": (Delay, "zl", lambda o, m: [len(o.slots), list(describe_own(o.slots[0]))], _delay),
}


CONTAINERS = ("pyramid", "object_array", "delay")


def own_kind(obj):
    """The kind an object is described as on its own (not as a view); refuses what cannot travel."""
    if isinstance(obj, TensorImages):
        raise VxError(vx.VX_ERROR_NOT_SUPPORTED, f"{obj} views a tensor's memory: export the tensor instead", obj)
    if isinstance(obj, (Image, Tensor)) and obj.mem.borrowed and obj.lender is None:   # (only roots come here)
        raise VxError(vx.VX_ERROR_INVALID_PARAMETERS, f"{obj} was created from a handle: it must be listed with "
                      "VX_IX_USE_APPLICATION_CREATE", obj)
    if isinstance(obj, Image) and obj.is_uniform:
        return "uniform"
    for kind, (cls, *_) in OWN_KINDS.items():
        if type(obj) is cls:
            return kind
    raise VxError(vx.VX_ERROR_NOT_SUPPORTED, f"{obj} cannot be exported", obj)


def describe_own(obj):
    kind = own_kind(obj)
    meta = None if isinstance(obj, Delay) else _meta(obj)
    return kind, OWN_KINDS[kind][2](obj, meta)


def build_own(ctx, scope, virtual, kind, fields, parts_left):
    """`parts_left`: the records after this one. A container's parts each have one, so a count
    beyond them is corrupt (and would make that many objects)."""
    cls, codes, _, build = OWN_KINDS[kind]
    check_fields(fields, codes, f"a {kind}")
    check(kind not in CONTAINERS or fields[0] <= parts_left, vx.VX_ERROR_INVALID_FORMAT,
          f"a {kind} of {fields[0]} parts, but {parts_left} records follow")
    return build(ctx, scope, virtual, fields, parts_left)


def _chain(obj):
    """The object, then the containers it is a part of (pyramid, object array, delay)."""
    while obj is not None:
        yield obj
        obj = getattr(obj, "parent", None)


def parts_of(obj):
    return obj.slots if isinstance(obj, Delay) else items_of(obj) or ()


def signature_of(kernel):
    """A kernel's parameters as exported, compared at import."""
    return [[s.direction, s.data_type, s.state] for s in kernel.signature]


def _listed_use(obj, listed):
    for o in _chain(obj):
        if o in listed:
            return listed[o]
    return None


def check_unique_names(objs):
    """Export and import fail when listed references share a non-empty name."""
    names = [o.name for o in objs if o.name]
    for name in set(names):
        check(names.count(name) == 1, vx.VX_ERROR_INVALID_PARAMETERS, f"several listed references are named {name!r}")


# export ----------------------------------------------------------------------------------------
def _export_refusal(obj, use, ctx, listed):
    """Why a listed reference cannot be exported as `use`: (status, reason), or None."""
    if obj.context is not ctx:
        return vx.VX_ERROR_INVALID_PARAMETERS, "belongs to another context"
    if not isinstance(obj, (Graph, DataObject, Delay)):
        return vx.VX_ERROR_INVALID_TYPE, "is neither a graph nor a data object"
    if getattr(obj, "virtual", False):
        return vx.VX_ERROR_INVALID_PARAMETERS, "is virtual"
    if obj in listed:
        return vx.VX_ERROR_INVALID_PARAMETERS, "is listed twice"
    if isinstance(obj, Graph):
        return None                   # (uses are ignored for graphs)
    if use not in USES:
        return vx.VX_ERROR_INVALID_PARAMETERS, f"has use {use:#x}, not a VX_IX_USE_* value"
    if use == APPLICATION_CREATE and getattr(obj, "parent", None) is not None:
        return vx.VX_ERROR_INVALID_PARAMETERS, f"is part of {obj.parent}: the application cannot create it; list " \
            "the container"
    return None


def check_export(ctx, objs, uses):
    """The extension's refusals, before anything is verified or written."""
    listed = {}
    for i, (obj, use) in enumerate(zip(objs, uses)):
        refusal = _export_refusal(obj, use, ctx, listed)
        if refusal is not None:
            raise VxError(refusal[0], f"refs[{i}] ({obj}) {refusal[1]}", obj)
        listed[obj] = use
    check_unique_names(objs)
    for g in (o for o in objs if isinstance(o, Graph)):
        for node, index in g.parameters:
            if node.params[index] not in listed:
                raise VxError(vx.VX_ERROR_INVALID_PARAMETERS, f"graph parameter ({node}, {index}) of {g} is not "
                              "listed", g)
    return listed


class Exporter:
    def __init__(self, ctx, objs, uses):
        self.ctx = ctx
        self.listed = check_export(ctx, objs, uses)
        self.records = []
        self.index = {}               # object -> Ref of its record
        self.written = set()          # outputs of nodes of exported graphs
        graphs = [o for o in objs if isinstance(o, Graph)]
        for g in graphs:              # exported graphs import verified: they must verify now
            with g.busy():
                g.prepare()
            for node in g.nodes:
                self.written.update(p for p, s in zip(node.params, node.kernel.signature)
                                    if p is not None and s.direction == vx.VX_OUTPUT)
        for o in objs:
            self.emit_graph(o) if isinstance(o, Graph) else self.emit(o)
        self.add(None, ["refs", "", [[self.index[o] for o in objs], list(uses)], None])

    def blob(self):
        return seal(self.records)

    def add(self, obj, record):
        if obj is not None:
            self.index[obj] = Ref(len(self.records))
        self.records.append(record)

    def values(self, obj):
        """The extension's rules: a listed object's (or its container's) use decides; an unlisted
        object travels with its values unless an exported graph writes it or its container."""
        row = _values_row(obj)
        if row is None or obj.virtual:
            return None
        use = _listed_use(obj, self.listed)
        if use is not None:
            return row[0](obj) if use == EXPORT_VALUES else None
        return None if any(o in self.written for o in _chain(obj)) else row[0](obj)

    def emit(self, obj):
        if obj in self.index:
            return self.index[obj]
        if self.listed.get(obj) == APPLICATION_CREATE:
            self.add(obj, ["app", obj.name, [obj.vx_type, app_meta(obj)], None])
        elif getattr(obj, "parent", None) is not None:
            self.emit(obj.parent)     # a container writes all its parts
            return self.index[obj]
        else:
            kind, fields = self.describe(obj)
            self.add(obj, [kind, obj.name, fields, self.values(obj)])
        self.emit_parts(obj)
        return self.index[obj]

    def emit_parts(self, obj):
        for i, part in enumerate(parts_of(obj)):
            self.add(part, ["part", part.name, [self.index[obj], i], self.values(part)])
            self.emit_parts(part)

    def describe(self, obj):
        """(kind, fields) of an object that is not a part: a view names its parent."""
        parent = getattr(obj, "parent_image", None) or getattr(obj, "viewed", None)
        if isinstance(obj, Image) and parent is not None:
            here, there = obj.view_origin[0], parent.view_origin[0]
            if obj.format == parent.format:
                x, y = here[1] - there[1], here[2] - there[2]
                return "roi", [self.emit(parent), x, y, x + obj.width, y + obj.height]
            plane = [rp for rp, _, _ in parent.view_origin].index(here[0])
            channel = next(c for c, p in CHANNEL_PLANES[parent.format].items() if p == plane)
            return "channel", [self.emit(parent), channel]
        if isinstance(obj, Tensor) and parent is not None:
            start = [o - p for o, p in zip(obj.origin, parent.origin)]
            return "tensor_view", [self.emit(parent), start, [s + d for s, d in zip(start, obj.dims)]]
        scope = None
        if obj.scope is not self.ctx:
            check(obj.scope in self.index, vx.VX_ERROR_INVALID_SCOPE, f"{obj} belongs to a graph not exported", obj)
            scope = self.index[obj.scope]
        kind, fields = describe_own(obj)
        return kind, [scope, int(getattr(obj, "virtual", False)), *fields]

    def emit_graph(self, g):
        self.add(g, ["graph", g.name, [], None])
        for node in g.nodes:
            params = [None if p is None else self.emit(p) for p in node.params]
            border = node.desc.border
            self.add(node, ["node", node.name, [
                self.index[g], node.kernel.kernel_name, signature_of(node.kernel),
                params, border.mode, ffi.buffer(ffi.addressof(border, "constant_value"), _PIXEL)[:],
                node.desc.valid_rect_reset, [int(f) for f in node.replicate or ()]], None])
        delays = [self.emit(d) for d in g.delays]
        self.add(None, ["graph_end", "", [self.index[g], [[self.index[n], i] for n, i in g.parameters], delays], None])


# import ----------------------------------------------------------------------------------------
class Import(Reference):
    """vx_import: holds what was listed at export, so that it can be found by name while it lives."""
    vx_type = vx.VX_TYPE_IMPORT

    def __init__(self, context, objects):
        super().__init__(context)
        self.objects = objects
        for obj in objects:
            obj.retain(internal=True)

    def reference_by_name(self, name):
        found = [o for o in self.objects if o.name == name]
        check(found, vx.VX_ERROR_INVALID_PARAMETERS, f"{self} has no reference named {name!r}", self)
        check(len(found) == 1, vx.VX_ERROR_INVALID_PARAMETERS, f"{self} has {len(found)} references named {name!r}",
              self)
        found[0].retain()             # the application releases what it gets
        return found[0]

    def reference_by_index(self, index):
        check(index < len(self.objects), vx.VX_ERROR_INVALID_PARAMETERS,
              f"index {index} is outside the {len(self.objects)} references of {self}", self)
        self.objects[index].retain()
        return self.objects[index]

    def on_destroy(self):
        for obj in self.objects:
            if obj.alive:
                obj.release(internal=True)
        self.objects = []

    def __repr__(self):
        return f"<import of {len(self.objects)} references>"


class Importer:
    def __init__(self, ctx, records, numrefs, given_refs, given_uses):
        self.ctx, self.records = ctx, records
        self.objs = []                # per record: its object (None for graph_end and refs)
        self.created = []             # what this import made, with the one count it was made with
        self.graphs = []
        self.listed, self.uses = self.check_refs(numrefs, given_refs, given_uses)

    def check_refs(self, numrefs, given_refs, given_uses):
        """The last record lists the exported references: numrefs (checked before the arrays are
        read) and uses must be the export's, and the application gives exactly the objects it creates."""
        last = self.records[-1]
        check(len(last) == 4 and last[0] == "refs", vx.VX_ERROR_INVALID_FORMAT, "the export does not end with its refs")
        check_fields(last[2], "ll", "the refs record")
        listed, uses = last[2]
        check(numrefs == len(listed), vx.VX_ERROR_INVALID_PARAMETERS,
              f"numrefs is {numrefs}, the export has {len(listed)} references")
        check([given_uses[i] for i in range(numrefs)] == uses, vx.VX_ERROR_INVALID_PARAMETERS,
              "uses differ from those given at export")
        check_fields(listed, "r" * len(listed), "the refs record")
        check(len(set(listed)) == len(listed) and all(r < len(self.records) - 1 for r in listed),
              vx.VX_ERROR_INVALID_FORMAT, "the refs record names records twice or that do not exist")
        self.app = {}
        for i, (r, use) in enumerate(zip(listed, uses)):
            is_app = self.records[r][0] == "app"
            check(is_app == (use == APPLICATION_CREATE), vx.VX_ERROR_INVALID_FORMAT,
                  f"refs[{i}] is {'not ' if is_app else ''}created by the application at export only")
            if is_app:
                obj = lookup(given_refs[i], 0, f"refs[{i}]")
                check(obj.context is self.ctx, vx.VX_ERROR_INVALID_PARAMETERS, f"refs[{i}] belongs to another context")
                self.app[r] = obj
        return listed, uses

    def run(self):
        try:
            for n, record in enumerate(self.records[:-1]):
                self.objs.append(self.build(n, record))
            for g in self.graphs:
                with g.busy():
                    g.prepare()
                g.imported = True     # from now on never verified again (Graph.check_replacement)
                g.close_to_c()
            listed = [self.objs[r] for r in self.listed]
            check(all(isinstance(o, (Graph, DataObject, Delay)) for o in listed), vx.VX_ERROR_INVALID_FORMAT,
                  "the refs record names what cannot be exported")
            check_unique_names(listed)
            return self.finish(listed)
        except (OverflowError, ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            self.undo()
            raise invalid(f"a value does not fit: {exc}") from None
        except BaseException:
            self.undo()
            raise

    def undo(self):
        for obj in reversed(self.created):
            if obj.alive and obj.external:
                obj.release()

    def finish(self, listed):
        created, kept = set(self.created), set(listed)
        for obj, use in zip(listed, self.uses):
            if use != APPLICATION_CREATE and obj not in created:
                obj.retain()          # a part: the application gets its own count
        for obj in self.created:
            if obj not in kept:
                obj.release()         # what holds it (graph, container) keeps it
        return Import(self.ctx, listed), listed

    def resolve(self, ref, classes, what):
        if ref >= len(self.objs) or not isinstance(self.objs[ref], classes):
            raise invalid(f"{what} names record {ref}, which is not an earlier {classes}")
        return self.objs[ref]

    def build(self, n, record):
        check(len(record) == 4, vx.VX_ERROR_INVALID_FORMAT, f"record {n} is not [kind, name, fields, values]")
        kind, name, fields, values = record
        check_fields([kind, name, fields], "ssl", f"record {n}")
        check(len(name.encode()) < vx.VX_MAX_REFERENCE_NAME and (values is None or isinstance(values, BYTES)),
              vx.VX_ERROR_INVALID_FORMAT, f"record {n} has a bad name or values")
        make = BUILDERS.get(kind) or (OWN_KINDS.get(kind) and Importer.build_own)
        check(make is not None, vx.VX_ERROR_INVALID_FORMAT, f"record {n} is of unknown kind {kind!r}")
        obj = make(self, n, kind, fields)
        if name and kind != "app":
            check(obj is not None, vx.VX_ERROR_INVALID_FORMAT, f"record {n} names nothing")
            obj.name = name
        if values is not None:
            row = _values_row(obj)
            check(kind != "app" and row is not None and not obj.virtual, vx.VX_ERROR_INVALID_FORMAT,
                  f"record {n} has values its object cannot take")
            row[1](obj, values)
        return obj

    def made(self, obj):
        self.created.append(obj)
        return obj

    def build_own(self, n, kind, fields):
        check(isinstance(fields, list) and len(fields) >= 2, vx.VX_ERROR_INVALID_FORMAT, f"record {n} lacks its scope")
        check_fields(fields[:2], "ou", f"record {n}")
        scope = self.ctx if fields[0] is None else self.resolve(fields[0], Graph, f"record {n}")
        check(fields[1] in (0, 1) and bool(fields[1]) == (scope is not self.ctx), vx.VX_ERROR_INVALID_FORMAT,
              f"record {n}: only virtual objects have a graph scope")
        return self.made(build_own(self.ctx, scope, bool(fields[1]), kind, fields[2:], len(self.records) - n - 1))

    def build_app(self, n, kind, fields):
        check_fields(fields, "il", f"record {n}")
        obj = self.app.get(n)
        check(obj is not None, vx.VX_ERROR_INVALID_FORMAT, f"record {n} is application-created but not listed")
        check(obj.vx_type == fields[0], vx.VX_ERROR_INVALID_TYPE, f"{obj} is not of the exported type {type_name(fields[0])}",
              obj)
        check(app_meta(obj) == fields[1], vx.VX_ERROR_INVALID_PARAMETERS,
              f"{obj} does not have the exported meta data {fields[1]}", obj)
        return obj

    def build_part(self, n, kind, fields):
        check_fields(fields, "rz", f"record {n}")
        parts = parts_of(self.resolve(fields[0], (Pyramid, ObjectArray, Delay), f"record {n}"))
        check(fields[1] < len(parts), vx.VX_ERROR_INVALID_FORMAT, f"record {n}: part {fields[1]} does not exist")
        return parts[fields[1]]

    def build_roi(self, n, kind, fields):
        check_fields(fields, "ruuuu", f"record {n}")
        parent = self.resolve(fields[0], Image, f"record {n}")
        return self.made(parent.roi(ffi.new("vx_rectangle_t *", fields[1:])))

    def build_channel(self, n, kind, fields):
        check_fields(fields, "ri", f"record {n}")
        return self.made(self.resolve(fields[0], Image, f"record {n}").channel(fields[1]))

    def build_tensor_view(self, n, kind, fields):
        check_fields(fields, "rll", f"record {n}")
        parent = self.resolve(fields[0], Tensor, f"record {n}")
        start, end = _sizes(fields[1], "a view start"), _sizes(fields[2], "a view end")
        check(len(start) == len(end) == parent.num_dims, vx.VX_ERROR_INVALID_FORMAT, f"record {n}: view dimensions")
        return self.made(view_of(parent, len(start), ffi.new("vx_size[]", start), ffi.new("vx_size[]", end)))

    def build_graph(self, n, kind, fields):
        check_fields(fields, "", f"record {n}")
        g = self.made(Graph(self.ctx))
        self.graphs.append(g)
        return g

    def build_node(self, n, kind, fields):
        check_fields(fields, "rsllibil", f"record {n}")
        g = self.resolve(fields[0], Graph, f"record {n}")
        name, signature, params, mode, value, reset, flags = fields[1:]
        kernel = next((k for k in self.ctx.kernels if k.alive and k.finalized and k.kernel_name == name), None)
        check(kernel is not None, vx.VX_ERROR_INVALID_PARAMETERS,
              f"kernel {name!r} is not in the importing context (load or register it first)")
        check(signature == signature_of(kernel),
              vx.VX_ERROR_INVALID_PARAMETERS, f"kernel {name!r} has other parameters than at export", kernel)
        check(len(params) == kernel.num_params and reset in (0, 1) and len(flags) in (0, len(params))
              and all(f in (0, 1) for f in flags), vx.VX_ERROR_INVALID_FORMAT, f"record {n}: node fields")
        objs = [None if p is None else self.resolve(p, (DataObject, Delay), f"record {n}") for p in params]
        for obj in objs:              # an imported graph keeps the containers of the parts it uses
            for outer in list(_chain(obj))[1:]:
                if outer not in g.held:
                    outer.retain(internal=True)
                    g.held.append(outer)
        node = self.made(Node(g, kernel))
        g.add_node(node)
        for i, obj in enumerate(objs):
            if obj is not None:
                node.set_parameter(i, obj)
        border = ffi.new("vx_border_t *", {"mode": mode})
        ffi.memmove(ffi.addressof(border[0], "constant_value"), _pixel(value), _PIXEL)
        node.set_border(border[0])
        node.desc.valid_rect_reset = reset
        if flags:
            replicate_node(g, node, [bool(f) for f in flags])
        return node

    def build_graph_end(self, n, kind, fields):
        check_fields(fields, "rll", f"record {n}")
        g = self.resolve(fields[0], Graph, f"record {n}")
        for pair in fields[1]:
            check_fields(pair, "ru", f"record {n}: a graph parameter")
            node = self.resolve(pair[0], Node, f"record {n}")
            check(node.graph is g and pair[1] < len(node.params), vx.VX_ERROR_INVALID_FORMAT,
                  f"record {n}: graph parameter ({node}, {pair[1]}) is not in {g}")
            g.parameters.append((node, pair[1]))
        g.recount()
        for ref in fields[2]:
            check_fields([ref], "r", f"record {n}: a delay")
            g.register_auto_aging(self.resolve(ref, Delay, f"record {n}"))
        return None


BUILDERS = {"app": Importer.build_app, "part": Importer.build_part, "roi": Importer.build_roi,
            "channel": Importer.build_channel, "tensor_view": Importer.build_tensor_view,
            "graph": Importer.build_graph, "node": Importer.build_node, "graph_end": Importer.build_graph_end}


def export_objects(ctx, objs, uses):
    return Exporter(ctx, objs, uses).blob()


def import_objects(ctx, numrefs, given_refs, given_uses, data):
    """(the vx_import, the listed objects in order); refs and uses are the application's arrays."""
    return Importer(ctx, open_blob(data), numrefs, given_refs, given_uses).run()
