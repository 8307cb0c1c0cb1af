"""Threshold functions, with the 1.0 compatibility attributes (one value per data type)."""
from .. import attributes
from .. import constants as vx
from ..errors import check
from ..objects.memory import graph_of
from ..objects.threshold import DATA_TYPE_FORMATS, Threshold
from ..reference import lookup
from . import export
from .context import context_of
from .reference import release_handle


def _data_type(t):
    return {f: d for d, f in DATA_TYPE_FORMATS.items()}.get(t.input_format, vx.VX_TYPE_INVALID)


def _value(field):
    return ("vx_int32", lambda t: t.get(field))


QUERY = {
    vx.VX_THRESHOLD_TYPE: ("vx_enum", lambda t: t.thresh_type),
    vx.VX_THRESHOLD_INPUT_FORMAT: ("vx_df_image", lambda t: t.input_format),
    vx.VX_THRESHOLD_OUTPUT_FORMAT: ("vx_df_image", lambda t: t.output_format),
    vx.VX_THRESHOLD_THRESHOLD_VALUE: _value("value"),
    vx.VX_THRESHOLD_THRESHOLD_LOWER: _value("lower"),
    vx.VX_THRESHOLD_THRESHOLD_UPPER: _value("upper"),
    vx.VX_THRESHOLD_TRUE_VALUE: _value("true_value"),
    vx.VX_THRESHOLD_FALSE_VALUE: _value("false_value"),
    vx.VX_THRESHOLD_DATA_TYPE: ("vx_enum", _data_type),
}


def _setter(field, need_type=None):
    def set_value(t, value):
        t.check_accessible("setting a value")
        t.check_type(need_type)
        t.set(field, value)
    return ("vx_int32", set_value)


SET = {
    vx.VX_THRESHOLD_THRESHOLD_VALUE: _setter("value", vx.VX_THRESHOLD_TYPE_BINARY),
    vx.VX_THRESHOLD_THRESHOLD_LOWER: _setter("lower", vx.VX_THRESHOLD_TYPE_RANGE),
    vx.VX_THRESHOLD_THRESHOLD_UPPER: _setter("upper", vx.VX_THRESHOLD_TYPE_RANGE),
    vx.VX_THRESHOLD_TRUE_VALUE: _setter("true_value"),
    vx.VX_THRESHOLD_FALSE_VALUE: _setter("false_value"),
}


def threshold_of(handle):
    return lookup(handle, vx.VX_TYPE_THRESHOLD, "threshold")


@export
def vxCreateThresholdForImage(context, thresh_type, input_format, output_format):
    return Threshold(context_of(context), thresh_type, input_format, output_format)


@export
def vxCreateVirtualThresholdForImage(graph, thresh_type, input_format, output_format):
    g = graph_of(graph)
    return Threshold(g.context, thresh_type, input_format, output_format, scope=g, virtual=True)


@export
def vxCreateThreshold(c, thresh_type, data_type):
    ctx = context_of(c)
    check(data_type in DATA_TYPE_FORMATS, vx.VX_ERROR_INVALID_TYPE, f"{data_type:#x} is not a threshold data type")
    fmt = DATA_TYPE_FORMATS[data_type]
    return Threshold(ctx, thresh_type, fmt, fmt)


@export
def vxQueryThreshold(thresh, attribute, ptr, size):
    attributes.query(QUERY, threshold_of(thresh), attribute, ptr, size)


@export
def vxSetThresholdAttribute(thresh, attribute, ptr, size):
    t = threshold_of(thresh)
    attributes.set_attribute(SET, t, attribute, ptr, size, readable=QUERY)


@export
def vxCopyThresholdValue(thresh, value_ptr, usage, user_mem_type):
    threshold_of(thresh).copy_values([(value_ptr, "value")], usage, user_mem_type, vx.VX_THRESHOLD_TYPE_BINARY)


@export
def vxCopyThresholdRange(thresh, lower_value_ptr, upper_value_ptr, usage, user_mem_type):
    threshold_of(thresh).copy_values([(lower_value_ptr, "lower"), (upper_value_ptr, "upper")], usage,
                                     user_mem_type, vx.VX_THRESHOLD_TYPE_RANGE)


@export
def vxCopyThresholdOutput(thresh, true_value_ptr, false_value_ptr, usage, user_mem_type):
    threshold_of(thresh).copy_values([(true_value_ptr, "true_value"), (false_value_ptr, "false_value")], usage,
                                     user_mem_type)


@export
def vxReleaseThreshold(thresh):
    release_handle(thresh, vx.VX_TYPE_THRESHOLD, "threshold")
