"""Pipelining and streaming from Python (vx_khr_pipelining).

    for edges in graph.stream(frames, src, out, depth=3):     # numpy frames in, numpy results out
        show(edges)                                            # in order, `depth` frames in flight

    graph.start_streaming()        # the graph runs again and again: Python kernels as source and sink
    ...
    graph.stop_streaming()

`stream` makes `src` and `out` graph parameters with `depth` buffers each (the objects given and
depth - 1 alike), queued automatically (VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO): while frame n runs,
frame n + 1 is copied in and frame n - 1's result copied out.
"""
import sys
from collections import deque

import numpy as np

from .. import constants as vx
from ..api import ffi, lib
from . import events
from .errors import check, check_workers


class Stream:
    """The queue set-up of one (input, output) pair of a graph, kept for later `stream` calls
    (a graph's schedule is configured once)."""

    def __init__(self, graph, source, sink, depth):
        self.graph, self.source, self.sink, self.depth = graph, source, sink, depth
        self.in_index, self.out_index = graph.parameter(source), graph.parameter(sink)
        if graph.state != "unverified" and graph._nodes:    # processed before: a schedule is configured before
            node = graph._nodes[0]              # verifying, and setting a node's border unverifies
            node.border = node.border
        self.ins = [source] + [source.like() for _ in range(depth - 1)]
        self.outs = [sink] + [sink.like() for _ in range(depth - 1)]
        self.lists = [ffi.new("vx_reference[]", [o.reference for o in objects]) for objects in (self.ins, self.outs)]
        queues = ffi.new("vx_graph_parameter_queue_params_t[]", [(self.in_index, depth, self.lists[0]),
                                                                 (self.out_index, depth, self.lists[1])])
        check(lib.vxSetGraphScheduleConfig(graph.handle, vx.VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 2, queues),
              "vxSetGraphScheduleConfig", graph)
        graph.verify()
        self._ref, self._num = ffi.new("vx_reference *"), ffi.new("vx_uint32 *")
        with source.map(usage="r") as view:
            self.frame = view.shape, view.dtype         # frames of this shape and dtype go straight in
        with sink.map(usage="r") as view:
            self.result = view.shape, view.dtype

    def _write(self, k, frame):
        """Copies `frame` into input slot k: a C-contiguous array of the slot's shape and dtype
        straight (one vxCopyImagePatch), a video frame (video.Frame) from the decoder's planes,
        anything else through Image.write (exact conversion)."""
        if isinstance(frame, np.ndarray) and (frame.shape, frame.dtype) == self.frame and frame.flags.c_contiguous:
            self.ins[k]._copy(frame, None, 0, vx.VX_WRITE_ONLY)
        elif hasattr(frame, "copy_to"):
            frame.copy_to(self.ins[k])
        else:
            self.ins[k].write(frame)

    def _read(self, image):
        """A new array holding the output image (one vxCopyImagePatch)."""
        out = np.empty(*self.result)
        image._copy(out, None, 0, vx.VX_READ_ONLY)
        return out

    def _enqueue(self, k):
        check(lib.vxGraphParameterEnqueueReadyRef(self.graph.handle, self.in_index, self.lists[0] + k, 1),
              "vxGraphParameterEnqueueReadyRef", self.graph)
        check(lib.vxGraphParameterEnqueueReadyRef(self.graph.handle, self.out_index, self.lists[1] + k, 1),
              "vxGraphParameterEnqueueReadyRef", self.graph)

    def _dequeue(self):
        """Dequeues the oldest frame's output and input; the frame's status (a failed node's
        status comes back as its output reference's vxGetStatus)."""
        status = vx.VX_SUCCESS
        for index in (self.out_index, self.in_index):
            failed = lib.vxGraphParameterDequeueDoneRef(self.graph.handle, index, self._ref, 1, self._num)
            if failed:          # checked only when failing: a success would clear the frame's log lines
                check(failed, "vxGraphParameterDequeueDoneRef", self.graph)
            status = status or lib.vxGetStatus(self._ref[0])
        return status

    def _done(self, in_flight):
        """The slot of the oldest frame, once done; raises its node's failure."""
        k = in_flight.popleft()
        check(self._dequeue(), "a frame of graph.stream", self.graph)
        return k

    def run(self, frames, convert):
        free, in_flight = deque(range(self.depth)), deque()
        try:
            for frame in frames:
                if not free:
                    k = self._done(in_flight)
                    free.append(k)
                    yield convert(self.outs[k])
                k = free.popleft()
                self._write(k, frame)
                self._enqueue(k)
                in_flight.append(k)
            while in_flight:
                yield convert(self.outs[self._done(in_flight)])
        finally:                          # stopped early: let the frames in flight finish
            while in_flight and not sys.is_finalizing():    # (at exit the workers may wait for the GIL)
                in_flight.popleft()
                self._dequeue()


def stream(graph, frames, source, sink, depth=3, convert=None):
    """Runs `graph` pipelined over `frames` (numpy arrays written into `source`); yields what
    `convert(sink)` gives for each frame, in order (default: a numpy copy of the sink image)."""
    if depth < 1:
        raise ValueError(f"depth {depth}: at least 1")
    setup = graph._stream
    if setup is None or (setup.source, setup.sink, setup.depth) != (source, sink, depth):
        if setup is not None:
            raise ValueError("this graph is already set up to stream other objects or another depth "
                             "(a graph's schedule is configured once: make another graph)")
        setup = graph._stream = Stream(graph, source, sink, depth)
    return setup.run(frames, convert or setup._read)


def start(graph, trigger=None):
    """Records the graph's node errors (events.start_session) so that its next call reports them."""
    events.start_session(graph)
    check(lib.vxEnableGraphStreaming(graph.handle, ffi.NULL if trigger is None else trigger.handle),
          "vxEnableGraphStreaming", graph)
    check(lib.vxStartGraphStreaming(graph.handle), "vxStartGraphStreaming", graph)


def stop(graph):
    """Stops, then reports the session's node error unless an earlier call did (events.report), or
    what a Python kernel of a node not made through the wrapper raised (errors.check_workers)."""
    check(lib.vxStopGraphStreaming(graph.handle), "vxStopGraphStreaming", graph)
    try:
        events.report(graph, "stop_streaming")
    finally:
        events.end_session(graph)
    check_workers("a kernel while the graph streamed", graph)
