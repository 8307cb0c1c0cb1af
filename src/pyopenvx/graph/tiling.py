"""Tiling kernels (seed 001, vx_khr_tiling): the kernel, its and its nodes' tiling attributes, and
the tile plan verification makes for each node.

The plan is Python's decision, written as a plain-data table into the node's C descriptor
(`pvx_tiling`, csrc/runtime/tiling.h); the C tile engine runs it without Python:
- the fast function gets tiles aligned to the output tile block grid, whole blocks, whose
  neighborhood stays inside the image;
- the flexible function (when given) gets every other tile of what the border mode asks for:
  the pixels whose neighborhood is inside the image (VX_BORDER_UNDEFINED) or all of them;
- with VX_BORDER_CONSTANT/REPLICATE, a tile whose neighborhood leaves the image reads a copy of its
  inputs with the border around it; with VX_BORDER_MODE_SELF it reads the image as it is."""
import copy
from dataclasses import dataclass

from _pyopenvx import ffi

from .. import constants as vx
from ..errors import VxError, check
from ..kernel import Kernel, check_new_kernel

BORDERS = (vx.VX_BORDER_UNDEFINED, vx.VX_BORDER_CONSTANT, vx.VX_BORDER_REPLICATE, vx.VX_BORDER_MODE_SELF)
# What a tile function can be given: images (as tiles) and input scalars (as their value).
PARAMETER_TYPES = (vx.VX_TYPE_IMAGE, vx.VX_TYPE_SCALAR)
TILE_PIXELS = 32768                   # about this many output pixels per tile: cache-sized, many tiles
_KIND = {vx.VX_INPUT: 1, vx.VX_OUTPUT: 2}       # PVX_TILE_INPUT, PVX_TILE_OUTPUT
_SCALAR, _FAST, _FLEXIBLE = 3, 0, 1             # PVX_TILE_SCALAR, PVX_TILE_FAST, PVX_TILE_FLEXIBLE


@dataclass
class TileSpec:
    """The tiling attributes of a kernel, and of each node (copied from its kernel's)."""
    neighborhood: tuple = (0, 0, 0, 0)          # left, right, top, bottom: offsets around a pixel
    block: tuple = (1, 1)                       # output tile block width, height
    tile_memory_size: int = 0                   # bytes per tile block

    def set_neighborhood(self, v, owner):
        n = (v.left, v.right, v.top, v.bottom)
        check(v.left <= 0 and v.top <= 0 and v.right >= 0 and v.bottom >= 0, vx.VX_ERROR_INVALID_VALUE,
              f"{owner}: neighborhood (left {v.left}, right {v.right}, top {v.top}, bottom {v.bottom}) must have "
              "left, top <= 0 and right, bottom >= 0", owner)
        self.neighborhood = n

    def set_block(self, v, owner):
        check(v.width >= 1 and v.height >= 1, vx.VX_ERROR_INVALID_VALUE,
              f"{owner}: tile block size {v.width}x{v.height} must be at least 1x1", owner)
        self.block = (v.width, v.height)

    def set_tile_memory_size(self, v, owner):
        self.tile_memory_size = v


class TilingKernel(Kernel):
    def __init__(self, context, name, enumeration, flexible, fast, num_params, input_validate, output_validate):
        super().__init__(context, name, enumeration, ffi.NULL, num_params, None, ffi.NULL, ffi.NULL,
                         module=getattr(context, "loading_module", None),
                         io_validators=(input_validate, output_validate))
        self.flexible, self.fast = flexible, fast
        self.tiling = TileSpec()
        self.border = ffi.new("vx_border_t *", {"mode": vx.VX_BORDER_UNDEFINED})[0]

    def add_parameter(self, index, direction, data_type, state):
        check(data_type in PARAMETER_TYPES, vx.VX_ERROR_NOT_SUPPORTED,
              f"{self} parameter {index}: a tiling kernel takes images and input scalars only, not type "
              f"{data_type:#x}", self)
        check(data_type != vx.VX_TYPE_SCALAR or direction == vx.VX_INPUT, vx.VX_ERROR_NOT_SUPPORTED,
              f"{self} parameter {index}: a tiling kernel cannot output a scalar", self)
        super().add_parameter(index, direction, data_type, state)

    def finalize(self):
        check(any(s is not None and s.direction == vx.VX_OUTPUT and s.data_type == vx.VX_TYPE_IMAGE
                  for s in self.signature), vx.VX_ERROR_INVALID_PARAMETERS,
              f"{self} cannot be finalized: a tiling kernel needs an output image", self)
        super().finalize()

    def set_tiling(self, setter, value):
        check(not self.finalized, vx.VX_ERROR_NOT_SUPPORTED, f"{self} is finalized: its attributes are fixed", self)
        setter(self.tiling, value, self)

    def set_border(self, border):
        check(not self.finalized, vx.VX_ERROR_NOT_SUPPORTED, f"{self} is finalized: its attributes are fixed", self)
        check(border.mode in BORDERS, vx.VX_ERROR_INVALID_VALUE,
              f"{self}: border mode {border.mode:#x} is not one a tiling kernel supports", self)
        self.border = ffi.new("vx_border_t *", border)[0]


def add_tiling_kernel(context, name, enumeration, flexible, fast, num_params, input_validate, output_validate):
    check(flexible != ffi.NULL or fast != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS,
          f"tiling kernel {name!r}: neither a flexible nor a fast function is given")
    check(input_validate != ffi.NULL and output_validate != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS,
          f"tiling kernel {name!r}: the input and output validators are both required")
    check_new_kernel(context, name, enumeration, num_params)
    return TilingKernel(context, name, enumeration, flexible, fast, num_params, input_validate, output_validate)


def spec_of(obj):
    """The tiling attributes of a tiling kernel or of a node of one."""
    if obj.tiling is None:
        raise VxError(vx.VX_ERROR_NOT_SUPPORTED, f"{obj} is not a tiling kernel or a node of one", obj)
    return obj.tiling


def node_spec(kernel):
    """A new node's own tiling attributes: its kernel's (None for other kernels)."""
    return copy.copy(kernel.tiling)


def set_node_tiling(node, setter, value):
    """Node attributes are set at node creation time (seed 001): while its graph is unverified;
    after verification the tile plan is made and they are refused."""
    spec = spec_of(node)
    check(not node.graph.verified, vx.VX_ERROR_NOT_SUPPORTED,
          f"{node}: tiling attributes can be set only until its graph is verified (the tile plan is made then)", node)
    setter(spec, value, node)


def _c(ctype, value):
    return ffi.new(f"{ctype} *", value)[0]


def _kernel_border(k):
    spec_of(k)
    return k.border


def _set_kernel_border(k, v):
    spec_of(k)
    k.set_border(v)


def _set_kernel(setter):
    def set_(k, v):
        spec_of(k)
        k.set_tiling(setter, v)
    return set_


KERNEL_QUERY = {
    vx.VX_KERNEL_INPUT_NEIGHBORHOOD: ("vx_neighborhood_size_t",
                                      lambda k: _c("vx_neighborhood_size_t", spec_of(k).neighborhood)),
    vx.VX_KERNEL_OUTPUT_TILE_BLOCK_SIZE: ("vx_tile_block_size_t",
                                          lambda k: _c("vx_tile_block_size_t", spec_of(k).block)),
    vx.VX_KERNEL_BORDER: ("vx_border_t", _kernel_border),
    vx.VX_KERNEL_TILE_MEMORY_SIZE: ("vx_size", lambda k: spec_of(k).tile_memory_size),
}
KERNEL_SET = {
    vx.VX_KERNEL_INPUT_NEIGHBORHOOD: ("vx_neighborhood_size_t", _set_kernel(TileSpec.set_neighborhood)),
    vx.VX_KERNEL_OUTPUT_TILE_BLOCK_SIZE: ("vx_tile_block_size_t", _set_kernel(TileSpec.set_block)),
    vx.VX_KERNEL_BORDER: ("vx_border_t", _set_kernel_border),
    vx.VX_KERNEL_TILE_MEMORY_SIZE: ("vx_size", _set_kernel(TileSpec.set_tile_memory_size)),
}
NODE_QUERY = {
    vx.VX_NODE_INPUT_NEIGHBORHOOD: ("vx_neighborhood_size_t",
                                    lambda n: _c("vx_neighborhood_size_t", spec_of(n).neighborhood)),
    vx.VX_NODE_OUTPUT_TILE_BLOCK_SIZE: ("vx_tile_block_size_t", lambda n: _c("vx_tile_block_size_t", spec_of(n).block)),
    vx.VX_NODE_TILE_MEMORY_SIZE: ("vx_size", lambda n: spec_of(n).tile_memory_size),
}
NODE_SET = {
    vx.VX_NODE_INPUT_NEIGHBORHOOD: ("vx_neighborhood_size_t",
                                    lambda n, v: set_node_tiling(n, TileSpec.set_neighborhood, v)),
    vx.VX_NODE_OUTPUT_TILE_BLOCK_SIZE: ("vx_tile_block_size_t", lambda n, v: set_node_tiling(n, TileSpec.set_block, v)),
    vx.VX_NODE_TILE_MEMORY_SIZE: ("vx_size", lambda n, v: set_node_tiling(n, TileSpec.set_tile_memory_size, v)),
}


# the tile plan ---------------------------------------------------------------------------------

def plan_node(node):
    """Verification: check what the tile functions will be given, decide the tiles, publish them."""
    kernel, spec, mode = node.kernel, node.tiling, node.desc.border.mode
    where = lambda i: f"{node} parameter {i}"    # noqa: E731 (messages only on refusal)
    images = [(i, p) for i, p in enumerate(node.params) if p is not None and p.vx_type == vx.VX_TYPE_IMAGE]
    for i, img in images:
        if img.planes != 1 or img.desc.plane[0].bits < 8:
            raise VxError(vx.VX_ERROR_INVALID_FORMAT, f"{where(i)}: {img} is not a single-plane image of whole "
                          "bytes per pixel: tiling kernels take only those (seed 001)", node)
    out = next(p for i, p in images if kernel.signature[i].direction == vx.VX_OUTPUT)
    for i, img in images:
        if (img.width, img.height) != (out.width, out.height):
            raise VxError(vx.VX_ERROR_INVALID_DIMENSION, f"{where(i)}: {img} is {img.width}x{img.height}, the "
                          f"output tiles are cut from {out.width}x{out.height}: tiled images must all be that size",
                          node)
    flexible = kernel.flexible != ffi.NULL
    if not flexible and mode == vx.VX_BORDER_MODE_SELF:
        raise VxError(vx.VX_ERROR_NOT_SUPPORTED, f"{node}: VX_BORDER_MODE_SELF needs a flexible function", node)
    if not flexible and mode != vx.VX_BORDER_UNDEFINED and any(spec.neighborhood):
        raise VxError(vx.VX_ERROR_NOT_SUPPORTED, f"{node}: border mode {mode:#x} with a neighborhood needs a "
                      "flexible function for the tiles at the image edge", node)
    jobs = plan(out.width, out.height, spec, mode, kernel.fast != ffi.NULL, flexible)
    kinds = [0 if p is None else _SCALAR if p.vx_type == vx.VX_TYPE_SCALAR else _KIND[s.direction]
             for s, p in zip(kernel.signature, node.params)]
    _publish(node, kinds, jobs)


def plan(width, height, spec, mode, fast, flexible):
    """The jobs [(x, y, w, h, function, bordered)] for a width x height output."""
    left, right, top, bottom = spec.neighborhood
    bw, bh = spec.block
    inner = (-left, -top, width - right, height - bottom)        # the neighborhood stays inside
    domain = inner if mode == vx.VX_BORDER_UNDEFINED else (0, 0, width, height)
    x0, y0, x1, y1 = inner
    fx0, fy0 = max(-(-x0 // bw) * bw, 0), max(-(-y0 // bh) * bh, 0)
    fx1, fy1 = (x1 // bw) * bw, (y1 // bh) * bh                    # whole blocks inside: the fast region
    jobs = []
    if fx0 < fx1 and fy0 < fy1:
        jobs += _tiles((fx0, fy0, fx1, fy1), bh, _FAST if fast else _FLEXIBLE)
    else:
        fx0 = fy0 = fx1 = fy1 = 0
    if flexible:
        dx0, dy0, dx1, dy1 = domain
        bands = ((dx0, dy0, dx1, fy0 if fy1 else dy1), (dx0, fy1, dx1, dy1) if fy1 else (0, 0, 0, 0),
                 (dx0, fy0, fx0, fy1), (fx1, fy0, dx1, fy1))
        for band in bands:
            jobs += _tiles(band, bh, _FLEXIBLE)
    bordering = mode in (vx.VX_BORDER_CONSTANT, vx.VX_BORDER_REPLICATE)
    return [(x, y, w, h, fn, int(bordering and (x < x0 or y < y0 or x + w > x1 or y + h > y1)))
            for x, y, w, h, fn in jobs]


def _tiles(rect, bh, function):
    """A rectangle cut into full-width tiles of whole block rows, about TILE_PIXELS each."""
    x0, y0, x1, y1 = rect
    if x0 >= x1 or y0 >= y1:
        return []
    rows = max(1, -(-TILE_PIXELS // (x1 - x0) // bh)) * bh
    return [(x0, y, x1 - x0, min(rows, y1 - y), function) for y in range(y0, y1, rows)]


def _publish(node, kinds, jobs):
    kernel, spec = node.kernel, node.tiling
    c_kinds = ffi.new("uint32_t[]", kinds or [0])
    c_jobs = ffi.new("pvx_tile_job[]", jobs or [(0, 0, 0, 0, 0, 0)])
    t = ffi.new("pvx_tiling *", {"fast": kernel.fast, "flexible": kernel.flexible,
                                 "neighborhood": spec.neighborhood, "block": spec.block,
                                 "tile_memory_size": spec.tile_memory_size, "kinds": c_kinds, "jobs": c_jobs,
                                 "num_jobs": len(jobs)})
    node._c_tiling = (t, c_kinds, c_jobs)        # alive as long as C may read them
    node.desc.tiling = t
