"""vx_khr_pipelining from C: parameter queues, pipelined frames, streaming, events."""


def test_queues_pipeline_frames_in_order(c_program):
    assert c_program("pipeline_queue.c").stdout.strip().endswith("ok")


def test_events_errors_and_streaming(c_program):
    assert c_program("pipeline_events.c").stdout.strip().endswith("ok")


def test_python_kernels_run_pipelined():
    """Python user kernels in a queued graph: frames run on C worker threads (and the dequeuing
    thread) that call back into Python while the application waits in C."""
    from pyopenvx import constants as vx
    from pyopenvx.api import ffi, lib
    from pyopenvx.pythonic import INPUT, OUTPUT, Context, Graph, Image, user_kernel

    with Context() as ctx:
        @user_kernel(ctx, "test.pipeline.inc", params=[("in", INPUT, "image"), ("out", OUTPUT, "image")])
        def inc(a, b):
            with a.map(usage="r") as x, b.map(usage="w") as y:
                y[:] = x + 1

        ins = [Image(ctx, 8, 8) for _ in range(3)]
        outs = [Image(ctx, 8, 8) for _ in range(3)]
        with inc, Graph(ctx) as graph, Image.virtual(graph) as tmp:
            first, second = graph.node(inc, ins[0], tmp), graph.node(inc, tmp, outs[0])
            graph.add_parameter(first, 0)
            graph.add_parameter(second, 1)
            lists = [ffi.new("vx_reference[]", [o.reference for o in objs]) for objs in (ins, outs)]
            queues = ffi.new("vx_graph_parameter_queue_params_t[]", [(0, 3, lists[0]), (1, 3, lists[1])])
            assert lib.vxSetGraphScheduleConfig(graph.handle, vx.VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 2, queues) == 0
            graph.verify()
            ref, num = ffi.new("vx_reference *"), ffi.new("vx_uint32 *")
            for frame in range(9):
                k = frame % 3
                if frame >= 3:                  # the frame that used these buffers is done
                    assert lib.vxGraphParameterDequeueDoneRef(graph.handle, 1, ref, 1, num) == 0
                    assert ref[0] == outs[k].reference
                    with outs[k].map(usage="r") as y:
                        assert (y == frame - 3 + 2).all()
                    assert lib.vxGraphParameterDequeueDoneRef(graph.handle, 0, ref, 1, num) == 0
                with ins[k].map(usage="w") as x:
                    x[:] = frame
                assert lib.vxGraphParameterEnqueueReadyRef(graph.handle, 0, lists[0] + k, 1) == 0
                assert lib.vxGraphParameterEnqueueReadyRef(graph.handle, 1, lists[1] + k, 1) == 0
            for node in (first, second):
                node.release()
        for img in ins + outs:
            img.release()


def test_pipeline_stages_on_targets(c_program):
    """Seed 003 target kernels as stages: each frame's node runs on its target's thread."""
    assert c_program("pipeline_targets.c", extra=("-lpthread",)).stdout.strip().endswith("ok")


def test_dequeue_blocks_until_enqueued(c_program):
    """A thread blocked in vxGraphParameterDequeueDoneRef sleeps until another enqueues; an error
    when nothing can come (graph changed or released, context released)."""
    assert c_program("pipeline_dequeue.c", extra=("-lpthread",)).stdout.strip().endswith("ok")


def test_pipeup_source_and_sink(c_program):
    """VX_KERNEL_PIPEUP_OUTPUT_DEPTH / _INPUT_DEPTH and VX_NODE_STATE seen by the kernels."""
    assert c_program("pipeline_pipeup.c").stdout.strip().endswith("ok")


def test_tiovx_style_listing(c_program):
    """A replicated parameter queued by element 0 of its object arrays; a list naming a graph
    parameter twice read by position (the Khronos suite's GraphPipeline.testScalarOutput)."""
    assert c_program("pipeline_listing.c").stdout.strip().endswith("ok")


def test_stalled_stream_ends_with_a_node_error(c_program):
    """VX_GRAPH_TIMEOUT on a stream whose source blocks: VX_EVENT_NODE_ERROR of the trigger node,
    vxStopGraphStreaming VX_ERROR_TIMEOUT, streaming again once it lets go; VX_GRAPH_EVENT_TIMEOUT."""
    assert c_program("stream_timeout.c", extra=("-lpthread",)).stdout.strip().endswith("ok")


def test_unregistered_delay_ages_per_frame(c_program):
    """A delay between two nodes of a pipelined graph ages once per frame (TIOVX), registered or not."""
    assert c_program("pipeline_delay.c").stdout.strip().endswith("ok")
