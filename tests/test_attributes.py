"""Setting an attribute that can only be queried: VX_ERROR_NOT_SUPPORTED and a log entry saying it
is read-only (attributes.set_attribute with the query table), for every object with a setter."""
from pyopenvx.errors import attribute_name


def test_read_only_attributes_are_refused_with_their_reason(vx):
    lib, c, ffi = vx.lib, vx.c, vx.ffi
    graph = lib.vxCreateGraph(vx.context)
    objects = [
        (lib.vxSetContextAttribute, vx.context, c.VX_CONTEXT_VERSION, "vx_uint16"),
        (lib.vxSetImageAttribute, lib.vxCreateImage(vx.context, 8, 4, c.VX_DF_IMAGE_U8), c.VX_IMAGE_WIDTH,
         "vx_uint32"),
        (lib.vxSetConvolutionAttribute, lib.vxCreateConvolution(vx.context, 3, 3), c.VX_CONVOLUTION_ROWS, "vx_size"),
        (lib.vxSetThresholdAttribute, lib.vxCreateThresholdForImage(
            vx.context, c.VX_THRESHOLD_TYPE_BINARY, c.VX_DF_IMAGE_U8, c.VX_DF_IMAGE_U8), c.VX_THRESHOLD_TYPE,
         "vx_enum"),
        (lib.vxSetGraphAttribute, graph, c.VX_GRAPH_NUMNODES, "vx_uint32"),
    ]
    for setter, handle, attribute, ctype in objects:
        value = ffi.new(f"{ctype} *")
        before = len(vx.log)
        assert setter(handle, attribute, value, ffi.sizeof(ctype)) == c.VX_ERROR_NOT_SUPPORTED
        assert len(vx.log) == before + 1
        status, text = vx.log[-1]
        assert status == c.VX_ERROR_NOT_SUPPORTED and f"attribute {attribute_name(attribute)} is read-only" in text, text
    # an attribute the object does not have at all is refused too, not as read-only
    assert lib.vxSetGraphAttribute(graph, c.VX_IMAGE_WIDTH, ffi.new("vx_uint32 *"), 4) == c.VX_ERROR_NOT_SUPPORTED
    assert "read-only" not in vx.log[-1][1]
    for _, handle, _, _ in objects[1:]:
        assert lib.vxReleaseReference(ffi.new("vx_reference *", vx.ref(handle))) == c.VX_SUCCESS
