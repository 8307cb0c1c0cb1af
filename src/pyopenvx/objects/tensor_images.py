"""vxCreateImageObjectArrayFromTensor: an object array whose images are 2-D slices of a 3-D tensor
(dims[0] x, dims[1] y, dims[2] the slice), `jump` bytes apart (the headers' "stride ... representing
bytes in the third dimension"; the conformance tests pass the slice stride), viewing the tensor's
memory (zero copy). The array holds the tensor while it lives; its items hold the array while the
application holds them."""
from _pyopenvx import ffi

from .. import constants as vx
from ..errors import check
from ..reference import type_name
from .image import Image, format_name
from .object_array import ObjectArray

# image format -> the tensor data type it views
DATA_TYPES = {vx.VX_DF_IMAGE_U8: vx.VX_TYPE_UINT8, vx.VX_DF_IMAGE_U16: vx.VX_TYPE_UINT16,
              vx.VX_DF_IMAGE_S16: vx.VX_TYPE_INT16, vx.VX_DF_IMAGE_U32: vx.VX_TYPE_UINT32,
              vx.VX_DF_IMAGE_S32: vx.VX_TYPE_INT32}


class TensorImages(ObjectArray):

    def __init__(self, tensor, images):
        super().__init__(tensor.context, images[0], len(images), make_item=images.__getitem__)
        self.viewed = tensor           # parts.container: graphs see the tensor's memory shared
        tensor.retain(internal=True)
        tensor.image_arrays += 1

    def on_destroy(self):
        super().on_destroy()
        tensor = self.__dict__.pop("viewed", None)
        if tensor is not None and tensor.alive:            # a context dies newest first
            tensor.image_arrays -= 1
            tensor.release(internal=True)


def _slice_image(tensor, base, rect, fmt):
    """An image over `base` with the tensor's row stride; not swappable, memory not imported."""
    addrs = ffi.new("vx_imagepatch_addressing_t[1]")
    addrs[0].dim_x, addrs[0].dim_y = rect.end_x - rect.start_x, rect.end_y - rect.start_y
    addrs[0].stride_x, addrs[0].stride_y = tensor.item_size, tensor.strides[1]
    img = Image.from_handle(tensor.context, fmt, addrs, ffi.new("void *[1]", [base]), vx.VX_MEMORY_TYPE_HOST)
    img.swappable = False
    img.desc.memory_type = vx.VX_MEMORY_TYPE_NONE
    return img


def images_of(tensor, rect, array_size, jump, fmt):
    check(not tensor.virtual, vx.VX_ERROR_OPTIMIZED_AWAY, f"{tensor} is virtual: its memory is not the application's", tensor)
    check(tensor.num_dims == 3, vx.VX_ERROR_INVALID_DIMENSION,
          f"images come from a 3-D tensor, {tensor} has {tensor.num_dims} dimensions", tensor)
    check(fmt in DATA_TYPES, vx.VX_ERROR_INVALID_FORMAT,
          f"format {format_name(fmt)} is not one of U8, U16, S16, U32, S32", tensor)
    check(DATA_TYPES[fmt] == tensor.data_type, vx.VX_ERROR_INVALID_FORMAT,
          f"{format_name(fmt)} images cannot view a tensor of data type {type_name(tensor.data_type)}", tensor)
    check(rect != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "rect is NULL", tensor)
    width, height, slices = tensor.dims
    check(rect.start_x < rect.end_x <= width and rect.start_y < rect.end_y <= height, vx.VX_ERROR_INVALID_PARAMETERS,
          f"rectangle ({rect.start_x},{rect.start_y})-({rect.end_x},{rect.end_y}) is empty or outside the "
          f"{width}x{height} slices of {tensor}", tensor)
    item = tensor.item_size
    check(array_size > 0 and jump > 0 and jump % item == 0, vx.VX_ERROR_INVALID_PARAMETERS,
          f"array_size {array_size} must be at least 1 and jump {jump} (bytes between images) a positive multiple "
          f"of the element size {item}", tensor)
    check(tensor.strides[0] == item, vx.VX_ERROR_NOT_SUPPORTED,
          f"{tensor} has elements {tensor.strides[0]} bytes apart; image pixels are contiguous", tensor)
    first = rect.start_y * tensor.strides[1] + rect.start_x * item
    end = first + (array_size - 1) * jump + (rect.end_y - rect.start_y - 1) * tensor.strides[1] + \
        (rect.end_x - rect.start_x) * item
    check(end <= slices * tensor.strides[2], vx.VX_ERROR_INVALID_PARAMETERS,
          f"{array_size} images {jump} bytes apart reach byte {end}, past the {slices * tensor.strides[2]} bytes of "
          f"{tensor}", tensor)
    corner = tensor.base() + first
    images = []
    try:
        for i in range(array_size):
            images.append(_slice_image(tensor, corner + i * jump, rect, fmt))
        return TensorImages(tensor, images)
    except Exception:
        for img in images:
            if img.alive and img.parent is None:
                img.release()
        raise
