"""Image functions (vx_api.h) and the OpenVX 1.0 patch access kept by vx_compatibility.h.
vxFormatImagePatchAddress1d/2d are pure C (csrc/objects/image.c)."""
from _pyopenvx import ffi, lib

from .. import attributes
from .. import constants as vx
from ..errors import check
from ..objects.image import Image
from ..reference import lookup
from . import export
from .context import context_of
from .reference import release_handle

QUERY = {
    vx.VX_IMAGE_WIDTH: ("vx_uint32", lambda i: i.width),
    vx.VX_IMAGE_HEIGHT: ("vx_uint32", lambda i: i.height),
    vx.VX_IMAGE_FORMAT: ("vx_df_image", lambda i: i.format),
    vx.VX_IMAGE_PLANES: ("vx_size", lambda i: i.planes),
    vx.VX_IMAGE_SPACE: ("vx_enum", lambda i: i.desc.space),
    vx.VX_IMAGE_RANGE: ("vx_enum", lambda i: i.desc.range),
    vx.VX_IMAGE_SIZE: ("vx_size", lambda i: i.desc.size),
    vx.VX_IMAGE_MEMORY_TYPE: ("vx_enum", lambda i: i.desc.memory_type),
    vx.VX_IMAGE_IS_UNIFORM: ("vx_bool", lambda i: i.desc.uniform),
    vx.VX_IMAGE_UNIFORM_VALUE: ("vx_pixel_value_t", lambda i: _uniform_value(i)),
}

SET = {
    vx.VX_IMAGE_SPACE: ("vx_enum", Image.set_space),
}


def _uniform_value(img):
    check(img.is_uniform, vx.VX_ERROR_NOT_SUPPORTED, f"{img} is not uniform", img)
    return img.desc.uniform_value


def image_of(handle, what="image"):
    return lookup(handle, vx.VX_TYPE_IMAGE, what)


def accessible_image(handle, what):
    img = image_of(handle)
    img.check_accessible(what)
    return img


@export
def vxCreateImage(context, width, height, color):
    return Image.create(context_of(context), width, height, color)


@export
def vxCreateVirtualImage(graph, width, height, color):
    g = lookup(graph, vx.VX_TYPE_GRAPH, "graph")
    return Image.create(g.context, width, height, color, scope=g, virtual=True)


@export
def vxCreateUniformImage(context, width, height, color, value):
    ctx = context_of(context)
    check(value != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "value is NULL")
    return Image.uniform(ctx, width, height, color, value)


@export
def vxCreateImageFromHandle(context, color, addrs, ptrs, memory_type):
    return Image.from_handle(context_of(context), color, addrs, ptrs, memory_type)


@export
def vxCreateImageFromROI(img, rect):
    return image_of(img, "parent image").roi(rect)


@export
def vxCreateImageFromChannel(img, channel):
    return image_of(img, "parent image").channel(channel)


@export
def vxReleaseImage(image):
    release_handle(image, vx.VX_TYPE_IMAGE, "image")


@export
def vxQueryImage(image, attribute, ptr, size):
    attributes.query(QUERY, image_of(image), attribute, ptr, size)


@export
def vxSetImageAttribute(image, attribute, ptr, size):
    img = image_of(image)
    attributes.set_attribute(SET, img, attribute, ptr, size, readable=QUERY)


@export
def vxSwapImageHandle(image, new_ptrs, prev_ptrs, num_planes):
    image_of(image).swap(new_ptrs, prev_ptrs, num_planes)


@export
def vxGetValidRegionImage(image, rect):
    img = image_of(image)
    check(rect != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "rect is NULL", img)
    rect[0] = img.valid_rect()


@export
def vxSetImageValidRectangle(image, rect):
    image_of(image).set_valid_rect(rect)


@export
def vxSetImagePixelValues(image, pixel_value):
    img = accessible_image(image, "setting pixels")
    check(pixel_value != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "pixel_value is NULL", img)
    img.set_pixels(pixel_value)


@export
def vxMapImagePatch(image, rect, plane_index, map_id, addr, ptr, usage, mem_type, flags):
    accessible_image(image, "map").access(lib.pvx_image_map, rect, plane_index, map_id, addr, ptr, usage,
                                          mem_type, flags)


@export
def vxUnmapImagePatch(image, map_id):
    image_of(image).access(lib.pvx_image_unmap, map_id)


@export
def vxCopyImagePatch(image, image_rect, image_plane_index, user_addr, user_ptr, usage, user_mem_type):
    accessible_image(image, "copy").access(lib.pvx_image_copy, image_rect, image_plane_index, user_addr, user_ptr,
                                           usage, user_mem_type)


# OpenVX 1.0 patch access (vx_compatibility.h) -------------------------------------------------

@export
def vxComputeImagePatchSize(image, rect, plane_index):
    img = image_of(image)
    size = lib.pvx_image_patch_size(img.desc, rect, plane_index)
    check(size > 0, vx.VX_ERROR_INVALID_PARAMETERS, "rectangle or plane index is invalid", img)
    return size


@export
def vxAccessImagePatch(image, rect, plane_index, addr, ptr, usage):
    """*ptr NULL: the image's memory is mapped in place; otherwise the patch is read into the
    application's buffer laid out as `addr` says, and written back by vxCommitImagePatch."""
    img = accessible_image(image, "access")
    check(ptr != ffi.NULL and addr != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "addr or ptr is NULL", img)
    if ptr[0] == ffi.NULL:
        map_id = ffi.new("vx_map_id *")
        img.access(lib.pvx_image_map, rect, plane_index, map_id, addr, ptr, usage, vx.VX_MEMORY_TYPE_HOST, 0)
        img.accesses = {**img.accesses, int(ffi.cast("uintptr_t", ptr[0])): (map_id[0], usage)}
        return
    check(usage in (vx.VX_READ_ONLY, vx.VX_WRITE_ONLY, vx.VX_READ_AND_WRITE), vx.VX_ERROR_INVALID_PARAMETERS,
          f"usage {usage:#x} is not a vx_accessor_e", img)
    check(not (img.is_uniform and usage != vx.VX_READ_ONLY), vx.VX_ERROR_NOT_SUPPORTED, "a uniform image is read-only", img)
    if usage != vx.VX_WRITE_ONLY:
        img.access(lib.pvx_image_copy, rect, plane_index, addr, ptr[0], vx.VX_READ_ONLY, vx.VX_MEMORY_TYPE_HOST)
    img.accesses = {**img.accesses, int(ffi.cast("uintptr_t", ptr[0])): (None, usage)}


@export
def vxCommitImagePatch(image, rect, plane_index, addr, ptr):
    img = accessible_image(image, "commit")
    key = int(ffi.cast("uintptr_t", ptr))
    check(key in img.accesses, vx.VX_ERROR_INVALID_PARAMETERS, "ptr was not given by vxAccessImagePatch", img)
    map_id, usage = img.accesses[key]
    if map_id is not None:
        img.access(lib.pvx_image_unmap, map_id)
    elif usage != vx.VX_READ_ONLY and rect != ffi.NULL and rect.end_x > rect.start_x and rect.end_y > rect.start_y:
        img.access(lib.pvx_image_copy, rect, plane_index, addr, ptr, vx.VX_WRITE_ONLY, vx.VX_MEMORY_TYPE_HOST)
    del img.accesses[key]
