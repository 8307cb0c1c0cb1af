"""docs/STATUS.md: every exported function, implemented or not, from what the library itself says.

    python -m pyopenvx.status > docs/STATUS.md
"""
import sys


# Where the Khronos spec, the Khronos conformance suite and TIOVX disagree or the spec is silent:
# (area, what we do, why).
DIFFERENCES = [
    ("vxConvolutionLayer dilation", "Tap m of output o reads input o x stride + m x (dilation + 1) + dilation - "
     "padding: a dilated kernel starts `dilation` elements in; a tap past the input reads 0.",
     "The suite over the extension (zeros inserted between the kernel's elements, the window starting at its "
     "first element): TensorNN.testConvolutionLayer's reference."),
    ("vxDeconvolutionLayer", "Of the upscaled input only the positions below the input's own width and height are "
     "read: input element i takes part when i x upscale < width (the others act as zeros).",
     "The suite over the spec: TensorNN.testDeconvolutionLayer's reference bounds the upscaled position by the "
     "input's size."),
    ("vxROIPoolingLayer", "A bin edge before the input (a negative roi coordinate) is put at the input's far end, "
     "so a bin reaching before the input is empty (0).",
     "The suite: TensorNN.testROIPoolingLayer's reference clamps the coordinates as unsigned values; the spec is "
     "silent on rois outside the input."),
    ("vxSwapTensorHandle", "A tensor of vxCreateTensor swaps too: its own storage is the previous pointer, valid "
     "until the tensor is released (the tensor frees it; swapped-in memory stays the application's).",
     "The suite over the spec (\"tensor created from handle\"): Tensor.testvxSwapTensorHandle swaps a "
     "vxCreateTensor tensor and reads the previous pointer through vxCreateTensorFromHandle."),
    ("vxCreateTensorFromHandle", "A NULL ptr makes a tensor without memory until vxSwapTensorHandle gives it some "
     "(access before: VX_ERROR_INVALID_PARAMETERS).",
     "The suite: Tensor.testvxCreateTensorFromHandle passes NULL; the spec is silent."),
    ("vxCreateImageObjectArrayFromTensor", "`jump` is the distance in bytes between consecutive images (a multiple "
     "of the element size; every image inside the tensor).",
     "The suite (TensorEnhanced passes the tensor's slice stride) and the headers' words (\"the stride value is "
     "representing bytes\") over the 1.3.1 spec's unit-less \"jump\"."),
    ("vxSetGraphScheduleConfig", "A list naming a graph parameter twice is read by position (entry k for graph "
     "parameter k) when the positions take its references and no reference is in two lists; otherwise refused.",
     "The suite over the spec: GraphPipeline.testScalarOutput lists its third queue at index 1, as TIOVX read "
     "lists until 2026; the spec's graph_parameter_index names the parameter."),
    ("Queued replicated parameters", "Element 0 of an object array (level 0 of a pyramid) listed or enqueued "
     "for a replicated node parameter means its container; it is what the done queue gives back.",
     "TIOVX; the spec is silent (GraphPipeline.testReplicateImage lists items)."),
    ("Streaming under VX_GRAPH_TIMEOUT", "A stream whose trigger node (or first node) completes no frame within "
     "the graph's VX_GRAPH_TIMEOUT ends: VX_EVENT_NODE_ERROR of that node with VX_ERROR_TIMEOUT; "
     "vxStopGraphStreaming then waits for started frames up to the timeout and returns VX_ERROR_TIMEOUT.",
     "TIOVX (VX_GRAPH_TIMEOUT is TIOVX's attribute)."),
    ("vxStartGraphStreaming", "Not enabled: VX_ERROR_INVALID_PARAMETERS. A graph not verified yet is verified "
     "here; if that fails, VX_ERROR_INVALID_PARAMETERS.", "TIOVX's status; the spec says the application must "
     "verify first and is silent on the status. Verifying here is kept: the Pythonic layer relies on it."),
    ("vxStopGraphStreaming", "A graph not streaming: VX_FAILURE.", "The spec (\"VX_FAILURE: graph is not "
     "started\"); TIOVX returns VX_ERROR_INVALID_PARAMETERS."),
    ("Streaming without a trigger node", "Refused at verification (VX_ERROR_INVALID_REFERENCE) when "
     "VX_GRAPH_PIPELINE_DEPTH above 1 was set; with the automatic depth such a graph streams, a frame starting "
     "as a slot frees.", "TIOVX refuses both (its automatic depth exceeds 1); the spec is silent, and the "
     "Pythonic layer streams source/sink graphs without a trigger."),
    ("Delays in pipelined graphs", "Every delay whose slots a pipelined (queued or streaming) graph's nodes use "
     "ages once per frame, registered for auto-aging or not.", "TIOVX; between frames in flight the application "
     "has no moment to call vxAgeDelay. The spec ages only registered delays."),
]


def _differences():
    lines = ["", "## Choices where the spec, the conformance suite and TIOVX differ", "",
             "| area | what pyopenvx does | why |", "|---|---|---|"]
    return lines + [f"| {area} | {what} | {why} |" for area, what, why in DIFFERENCES]


# Where TIOVX (the TI implementation whose programs and kernels we run unchanged) and the OpenVX
# specification differ: what each says, and what we do.
TIOVX_DIFFERENCES = (
    ("vxCreateContext", "TIOVX and the Khronos sample return the process's one context, counted; the "
     "specification allows it (\"multiple clients may connect to the OpenVX context\")", "followed: the last "
     "vxReleaseContext ends it (with everything in it), the next vxCreateContext makes a new one"),
    ("VX_DF_IMAGE_RGBX, VX_DF_IMAGE_RGBA", "TIOVX: RGBX is 'RGBX' and adds RGBA 'RGBA'; the specification's "
     "RGBX is 'RGBA'", "the specification's values; code built with -DPYOPENVX_TIOVX_VALUES "
     "(`python -m pyopenvx --cflags --tiovx`) gets TIOVX's, and images take 'RGBX' as a format of its own "
     "laid out as RGBX (the standard kernels take the specification's RGBX, TIOVX's RGBA)"),
    ("VX_STATUS_MIN", "TIOVX: -26, below its VX_ERROR_TIMEOUT (-25); the specification: -25",
     "the specification's value; -26 with -DPYOPENVX_TIOVX_VALUES; VX_ERROR_TIMEOUT is -25 in both"),
    ("VX_PRINT_KERNEL", "TIOVX defines it in its kernel utilities, not its public headers",
     "not in our headers (a second definition warned in every TI target file)"),
    ("tivxReferenceImportHandle", "TIOVX replaces the buffers of any image, created from a handle or not",
     "followed (an image not created from a handle keeps its own block, freed with it)"),
    ("tivxCreateObjectArrayFromList", "TIOVX checks the listed objects' type, virtuality and scope only, and "
     "takes a count of each", "followed: their attributes may differ; the application keeps its own counts"),
    ("kernel initializers", "TIOVX lets a host initialize callback map the graph's virtual objects",
     "followed, during verification only"),
    ("tivxNodeSendCommand", "TIOVX passes an entry that is not a valid reference as no descriptor",
     "followed: the control callback gets NULL for it"),
)


def render():
    from .api import ffi, lib     # the first call runs the embedded implementation in this process
    lib.vxReleaseContext(ffi.new("vx_context *", lib.vxCreateContext()))
    from .capi import implemented_names
    from .paths import INCLUDEDIR
    from .prototypes import parse

    done = implemented_names()
    protos = parse(INCLUDEDIR)
    lines = ["# Function status", "",
             "Generated by `python -m pyopenvx.status`; tests/test_status.py keeps it true.", "",
             f"{sum(p.name in done for p in protos)} of {len(protos)} exported functions are implemented.", "",
             "| header | function | status |", "|---|---|---|"]
    for p in protos:
        lines.append(f"| {p.header} | {p.name} | {'implemented' if p.name in done else 'not implemented'} |")
    lines += ["", "## TIOVX and the specification", "", "| case | TIOVX, specification | ours |", "|---|---|---|"]
    lines += [f"| {case} | {theirs} | {ours} |" for case, theirs, ours in TIOVX_DIFFERENCES]
    return "\n".join(lines + _differences()) + "\n"


if __name__ == "__main__":
    sys.stdout.write(render())
