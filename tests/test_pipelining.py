"""vx_khr_pipelining from C: parameter queues, pipelined frames, streaming, events."""


def test_queues_pipeline_frames_in_order(c_program):
    assert c_program("pipeline_queue.c").stdout.strip().endswith("ok")


def test_events_errors_and_streaming(c_program):
    assert c_program("pipeline_events.c").stdout.strip().endswith("ok")
