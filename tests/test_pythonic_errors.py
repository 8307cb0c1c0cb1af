"""Errors that explain themselves: a VXError subclass per status, carrying the status, the object
and the log lines of the failing call; a Python kernel's exception as __cause__; names, not codes."""
import traceback

import numpy as np
import pytest

from pyopenvx import constants as vx
from pyopenvx.api import ffi, lib
from pyopenvx.pythonic import (INPUT, OUTPUT, Context, Failure, Graph, Image, InvalidDimension, InvalidFormat, InvalidParameters,
                               InvalidType, NotImplementedStatus, Scalar, StatusError, VXError, errors, user_kernel)


@pytest.fixture
def ctx():
    with Context() as context:
        yield context


def test_a_subclass_per_status():
    names = {cls.status_name for cls in errors._BY_STATUS.values()}
    assert names == {n for n in dir(vx) if n.startswith("VX_ERROR_")} | {"VX_FAILURE"}
    err = VXError(vx.VX_ERROR_INVALID_FORMAT, "vxCreateImage")
    assert type(err) is InvalidFormat and isinstance(err, ValueError) and err.status == vx.VX_ERROR_INVALID_FORMAT
    assert isinstance(VXError(vx.VX_ERROR_INVALID_TYPE), TypeError)
    assert isinstance(VXError(vx.VX_ERROR_NOT_IMPLEMENTED), NotImplementedError)
    assert type(VXError(-1000, "odd")) is VXError and StatusError is VXError
    assert Failure().status == vx.VX_FAILURE


def test_the_validators_reason_is_in_the_message(ctx):
    with Graph(ctx) as graph, Image(ctx, 64, 48) as src, Image(ctx, 32, 24) as dst, \
            Scalar(ctx, "int32", 1) as interpolation:
        graph.node("org.khronos.openvx.scale_image", src, dst, interpolation).release()
        with pytest.raises(InvalidType) as err:
            graph.process()
    assert err.value.object is graph and err.value.status == vx.VX_ERROR_INVALID_TYPE
    assert any("scalar parameter 2" in line for line in err.value.log)
    assert "scalar parameter 2 is a int32, not a enum" in str(err.value)


def test_the_log_lines_belong_to_the_failing_call(ctx):
    with pytest.raises(InvalidDimension) as first:
        Image(ctx, 0, 4)
    with Image(ctx, 4, 4):                        # a call that succeeds takes nothing
        pass
    with pytest.raises(InvalidFormat) as second:
        Image(ctx, 4, 4, 0x12345678)
    assert first.value.log and not set(first.value.log) & set(second.value.log)
    assert "0x12345678 is not an image format" in str(second.value)


def test_a_python_kernels_exception_is_the_cause(ctx):
    @user_kernel(ctx, "app.divide", [("in", INPUT, "image"), ("out", OUTPUT, "image")])
    def divide(src, dst):
        return 1 // 0

    with divide, Image(ctx, 4, 4) as src, Image(ctx, 4, 4) as dst, Graph(ctx) as graph:
        graph.node(divide, src, dst).release()
        with pytest.raises(Failure) as err:
            graph.process()
    cause = err.value.__cause__
    assert isinstance(cause, ZeroDivisionError)
    assert "return 1 // 0" in "".join(traceback.format_tb(cause.__traceback__))
    assert any("ZeroDivisionError" in line for line in err.value.log)


def test_formats_and_attributes_by_name(ctx):
    with pytest.raises(InvalidFormat, match="image format 'U9': not one of U1, U8"):
        Image(ctx, 4, 4, "U9")
    with Image(ctx, 4, 4, "RGB") as rgb:
        assert repr(rgb) == "<Image 4x4 RGB>"
        with pytest.raises(InvalidParameters, match=r"vxQueryImage\(VX_IMAGE_WIDTH\)") as err:
            rgb.query("vxQueryImage", vx.VX_IMAGE_WIDTH, "vx_uint8")      # the wrong size
        assert "0x" not in str(err.value)
    log = []
    ctx.on_log(lambda status, text: log.append(text))
    threshold = lib.vxCreateThresholdForImage(ctx.handle, vx.VX_THRESHOLD_TYPE_BINARY, vx.VX_DF_IMAGE_RGB,
                                              vx.VX_DF_IMAGE_U8)
    assert lib.vxGetStatus(ffi.cast("vx_reference", threshold)) == vx.VX_ERROR_INVALID_FORMAT
    assert "input format RGB is not one of U8, S16, U16" in log[-1]


def test_a_raising_validator_refuses_with_its_status(ctx):
    def validator(src, dst):
        raise VXError(vx.VX_ERROR_INVALID_FORMAT, f"input is {src.format}")

    @user_kernel(ctx, "app.refuse", [("in", INPUT, "image"), ("out", OUTPUT, "image")], validator)
    def refuse(src, dst):
        pass

    with refuse, Image(ctx, 4, 4, "S16") as src, Image(ctx, 4, 4) as dst, Graph(ctx) as graph:
        graph.node(refuse, src, dst).release()
        with pytest.raises(InvalidFormat) as err:
            graph.verify()
    assert type(err.value.__cause__) is InvalidFormat and "input is S16 failed" in str(err.value)
    np.testing.assert_equal(err.value.status, vx.VX_ERROR_INVALID_FORMAT)
