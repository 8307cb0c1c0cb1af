"""Several threads at once on one shared graph (process, schedule, wait, verify) and on graphs of
their own (made, run or scheduled, released while scheduled). Every status is one the call may
give when others race it; nothing is logged as an internal error; the counts come back."""
import random
import threading

import pytest

THREADS, STEPS = 8, 150


def test_graphs_from_several_threads(vx):
    lib, ffi, c = vx.lib, vx.ffi, vx.c

    def size_of(ref):
        out = ffi.new("vx_size *")
        assert lib.vxQueryUserDataObject(ffi.cast("vx_user_data_object", ref), c.VX_USER_DATA_OBJECT_SIZE, out,
                                         ffi.sizeof("vx_size")) == c.VX_SUCCESS
        return out[0]

    def validate(node, params, num, metas):
        size = ffi.new("vx_size *", size_of(params[0]))
        return lib.vxSetMetaFormatAttribute(metas[1], c.VX_USER_DATA_OBJECT_SIZE, size, ffi.sizeof("vx_size"))

    def function(node, params, num):
        size = size_of(params[0])
        buf = ffi.new("char[]", size)
        src, dst = (ffi.cast("vx_user_data_object", params[i]) for i in (0, 1))
        status = lib.vxCopyUserDataObject(src, 0, size, buf, c.VX_READ_ONLY, c.VX_MEMORY_TYPE_HOST)
        return status or lib.vxCopyUserDataObject(dst, 0, size, buf, c.VX_WRITE_ONLY, c.VX_MEMORY_TYPE_HOST)

    callbacks = (ffi.callback("vx_kernel_f", function), ffi.callback("vx_kernel_validate_f", validate))
    kid = ffi.new("vx_enum *")
    assert lib.vxAllocateUserKernelId(vx.context, kid) == c.VX_SUCCESS
    kernel = lib.vxAddUserKernel(vx.context, b"test.threads.copy", kid[0], callbacks[0], 2, callbacks[1],
                                 ffi.NULL, ffi.NULL)
    for i, d in enumerate((c.VX_INPUT, c.VX_OUTPUT)):
        assert lib.vxAddParameterToKernel(kernel, i, d, c.VX_TYPE_USER_DATA_OBJECT,
                                          c.VX_PARAMETER_STATE_REQUIRED) == c.VX_SUCCESS
    assert lib.vxFinalizeKernel(kernel) == c.VX_SUCCESS
    start = vx.references()

    def ref(h):
        return ffi.cast("vx_reference", h)

    def release(h):
        assert lib.vxReleaseReference(ffi.new("vx_reference *", ref(h))) == c.VX_SUCCESS

    def chain(g, sources):
        """Nodes copying sources[0] -> ... -> sources[-1] in graph g; returns what to release."""
        nodes = []
        for x, y in zip(sources, sources[1:]):
            n = lib.vxCreateGenericNode(g, kernel)
            assert lib.vxSetParameterByIndex(n, 0, ref(x)) == c.VX_SUCCESS
            assert lib.vxSetParameterByIndex(n, 1, ref(y)) == c.VX_SUCCESS
            nodes.append(n)
        return nodes

    shared = lib.vxCreateGraph(vx.context)
    ends = [lib.vxCreateUserDataObject(vx.context, b"t", 8, ffi.NULL) for _ in range(2)]
    shared_nodes = chain(shared, ends)
    busy = c.VX_ERROR_GRAPH_SCHEDULED
    failures = []

    def worker(seed):
        rnd = random.Random(seed)
        try:
            for _ in range(STEPS):
                op = rnd.randrange(6)
                if op == 0:
                    assert lib.vxProcessGraph(shared) in (c.VX_SUCCESS, busy)
                elif op == 1:
                    status = lib.vxScheduleGraph(shared)
                    assert status in (c.VX_SUCCESS, busy)
                    if status == c.VX_SUCCESS:       # another thread may have waited for it already
                        assert lib.vxWaitGraph(shared) in (c.VX_SUCCESS, c.VX_FAILURE)
                elif op == 2:
                    assert lib.vxVerifyGraph(shared) in (c.VX_SUCCESS, busy)
                elif op == 3:
                    assert lib.vxWaitGraph(shared) in (c.VX_SUCCESS, c.VX_FAILURE)
                else:
                    g = lib.vxCreateGraph(vx.context)
                    objs = [lib.vxCreateUserDataObject(vx.context, b"t", 16, ffi.NULL),
                            lib.vxCreateVirtualUserDataObject(g, b"t", 0),
                            lib.vxCreateUserDataObject(vx.context, b"t", 16, ffi.NULL)]
                    nodes = chain(g, objs)
                    if op == 4:
                        assert lib.vxProcessGraph(g) == c.VX_SUCCESS
                    else:
                        assert lib.vxScheduleGraph(g) == c.VX_SUCCESS
                    for h in objs + nodes:
                        release(h)
                    release(g)                      # a scheduled run is waited for here
        except AssertionError as e:
            failures.append(repr(e))

    threads = [threading.Thread(target=worker, args=(seed,)) for seed in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    lib.vxWaitGraph(shared)
    assert failures == []
    assert not [text for _, text in vx.log if "internal error" in text or "no internal reference" in text]
    for h in ends + shared_nodes + [shared]:
        release(h)
    assert vx.references() == start
    assert lib.vxRemoveKernel(kernel) == c.VX_SUCCESS


def test_c_threads_on_own_and_shared_graphs(c_program):
    """tests/c/graph_threads.c: 8 C threads process their own graphs 10^4 rounds each, then 4 share
    one graph (schedule, wait, process; refusals while a run is pending): exact outputs, no deadlock."""
    out = c_program("graph_threads.c", 10000, extra=("-pthread",), timeout=600)
    assert out.stdout.strip() == "ok"
    assert "shared graph: 10000 runs" in out.stderr


def test_many_graphs_scheduled_at_once(c_program):
    """tests/c/graph_schedule.c: six verified graphs scheduled together (csrc/runtime/async.c's
    worker threads, or the waiter) and waited for in changing orders, 300 rounds: exact outputs,
    busy until waited for, performance counted, released while scheduled, references back."""
    assert c_program("graph_schedule.c").stdout.strip() == "ok"


def test_independent_branches_run_side_by_side(c_program):
    """tests/c/graph_branches.c: two nodes of one graph that wait for each other meet (they run at
    once), a diamond keeps dependency order, callbacks, abandon, events and performance counts, a
    reader of overlapping pixels waits for their writer, and small or chained graphs stay on the
    caller's thread."""
    assert c_program("graph_branches.c", extra=("-pthread",), timeout=300).stdout.strip() == "ok"


def test_a_helper_leaves_row_bands_once_other_graphs_take_the_cores(vx):
    """csrc/base/pool.c: a helper in a job of row bands stops taking bands once as many graphs run
    as leave it no core (counted by pvx_pool_runners: a fused pass is one job per run, and its
    helper must not keep a core a graph scheduled since needs); the job's caller does the rest, every
    band once. A band asking for bands itself (a helper inside a job) still runs all of them."""
    import time
    import _pyopenvx
    lib, ffi = _pyopenvx.lib, _pyopenvx.ffi
    threads = lib.pvx_tile_threads()
    if threads < 2:
        pytest.skip("one thread: no helper")
    caller, rows = threading.get_ident(), 8 * 4 * threads          # bands of 8 rows
    helper_in, others_run = threading.Event(), threading.Event()
    seen, inner_seen, lock = [], [], threading.Lock()

    @ffi.callback("void(void *, uint32_t, uint32_t)")
    def inner(arg, first, end):
        with lock:
            inner_seen.append((first, end, threading.get_ident()))

    @ffi.callback("void(void *, uint32_t, uint32_t)")
    def band(arg, first, end):
        me = threading.get_ident()
        with lock:
            seen.append((first, end, me, others_run.is_set()))
        if me != caller and not helper_in.is_set():
            helper_in.set()
            others_run.wait(5)
            lib.pvx_rows_in_bands(inner, ffi.NULL, 40, 1 << 40)       # inline: the pool is taken
        elif me == caller and not others_run.is_set():
            helper_in.wait(5)
            lib.pvx_pool_runners(threads)            # graphs on every core but this caller's
            others_run.set()
            time.sleep(0.2)                          # a helper that stayed would take bands now

    lib.pvx_rows_in_bands(band, ffi.NULL, rows, 1 << 40)
    lib.pvx_pool_runners(-threads)
    assert helper_in.is_set(), "no helper took a band in 5 s"
    assert sorted((f, e) for f, e, _, _ in seen) == [(f, min(f + 8, rows)) for f in range(0, rows, 8)]
    late = [(f, who) for f, _, who, after in seen if after and who != caller]
    assert late == [], f"helpers took bands after the other graphs started: {late}"
    helper = next(who for _, _, who, _ in seen if who != caller)
    assert sorted(inner_seen) == [(f, min(f + 8, 40), helper) for f in range(0, 40, 8)]


def test_a_graph_scheduled_from_a_real_time_thread_runs_at_its_policy(c_program):
    """tests/c/graph_realtime.c: a worker running a graph scheduled from a SCHED_FIFO thread keeps
    SCHED_FIFO (workers lower themselves to SCHED_BATCH only from SCHED_OTHER); skipped where the
    process may not use SCHED_FIFO."""
    out = c_program("graph_realtime.c", extra=("-pthread",)).stdout.strip()
    if out == "skip":
        pytest.skip("SCHED_FIFO not permitted here")
    assert out == "ok"


def test_graphs_scheduled_together_share_the_cores(vx):
    """csrc/base/pool.c, csrc/runtime/async.c: two graphs scheduled together and running at once
    (their nodes meet at a barrier) split the pool's threads between them: the row bands each asks
    for stay on fewer threads than the pool has (on two cores: on the graph's own thread), so that
    threads never outnumber cores. Once one graph was waited for, the other's bands get the threads
    back (a helper, or the thread waiting for it, takes a band)."""
    import _pyopenvx
    lib, ffi, c = vx.lib, vx.ffi, vx.c
    pool = _pyopenvx.lib
    threads = pool.pvx_tile_threads()
    if threads < 2:
        pytest.skip("one thread: no helper")
    rows = 8 * 4 * threads                                    # bands of 8 rows
    meet, first_done = threading.Barrier(2, timeout=10), threading.Event()
    bands, callers, lock = {b"A": [], b"B": [], b"B after A": []}, {}, threading.Lock()
    helped = {key: threading.Event() for key in bands}

    def run_bands(key, wait_for_helper):
        me = callers[key] = threading.get_ident()

        @ffi.callback("void(void *, uint32_t, uint32_t)")
        def band(arg, first, end):
            with lock:
                bands[key].append((first, threading.get_ident()))
            if threading.get_ident() != me:
                helped[key].set()
            elif wait_for_helper:
                helped[key].wait(10)            # the caller's bands: until another thread comes
            else:
                threading.Event().wait(0.002)   # time for a helper that is not allowed to come

        pool.pvx_rows_in_bands(band, ffi.NULL, rows, 1 << 40)
        return me

    def function(node, params, num):
        name = ffi.new("char[2]")
        data = ffi.cast("vx_user_data_object", params[0])
        assert lib.vxCopyUserDataObject(data, 0, 1, name, c.VX_READ_ONLY, c.VX_MEMORY_TYPE_HOST) == c.VX_SUCCESS
        key = ffi.string(name)
        meet.wait()                              # both graphs run now
        run_bands(key, False)
        meet.wait()
        if key == b"B":
            assert first_done.wait(10)
            run_bands(b"B after A", True)
        return c.VX_SUCCESS

    def validate(node, params, num, metas):
        return c.VX_SUCCESS

    callbacks = (ffi.callback("vx_kernel_f", function), ffi.callback("vx_kernel_validate_f", validate))
    kid = ffi.new("vx_enum *")
    assert lib.vxAllocateUserKernelId(vx.context, kid) == c.VX_SUCCESS
    kernel = lib.vxAddUserKernel(vx.context, b"test.threads.share", kid[0], callbacks[0], 1, callbacks[1],
                                 ffi.NULL, ffi.NULL)
    assert lib.vxAddParameterToKernel(kernel, 0, c.VX_INPUT, c.VX_TYPE_USER_DATA_OBJECT,
                                      c.VX_PARAMETER_STATE_REQUIRED) == c.VX_SUCCESS
    assert lib.vxFinalizeKernel(kernel) == c.VX_SUCCESS
    made = []
    for name in (b"A", b"B"):
        g = lib.vxCreateGraph(vx.context)
        data = lib.vxCreateUserDataObject(vx.context, b"name", 1, name)
        n = lib.vxCreateGenericNode(g, kernel)
        assert lib.vxSetParameterByIndex(n, 0, ffi.cast("vx_reference", data)) == c.VX_SUCCESS
        assert lib.vxVerifyGraph(g) == c.VX_SUCCESS
        made.append((g, data, n))
    (ga, _, _), (gb, _, _) = made
    assert lib.vxScheduleGraph(ga) == c.VX_SUCCESS
    assert lib.vxScheduleGraph(gb) == c.VX_SUCCESS
    assert lib.vxWaitGraph(ga) == c.VX_SUCCESS
    first_done.set()
    assert lib.vxWaitGraph(gb) == c.VX_SUCCESS
    everything = [(f, f + 8) for f in range(0, rows, 8)]
    for key, seen in bands.items():
        assert sorted((f, f + 8) for f, _ in seen) == everything, key
    for key in (b"A", b"B"):
        used = {who for _, who in bands[key]} | {callers[key]}
        assert len(used) <= threads - 1, f"graph {key} took {len(used)} threads of {threads} while the other ran"
    assert {who for _, who in bands[b"B after A"]} - {callers[b"B after A"]}, "no thread came back to B after A"
    for g, data, n in made:
        assert lib.vxReleaseNode(ffi.new("vx_node *", n)) == c.VX_SUCCESS
        assert lib.vxReleaseGraph(ffi.new("vx_graph *", g)) == c.VX_SUCCESS
        assert lib.vxReleaseUserDataObject(ffi.new("vx_user_data_object *", data)) == c.VX_SUCCESS
    assert lib.vxRemoveKernel(kernel) == c.VX_SUCCESS


def test_graphs_scheduled_together_with_row_bands(c_program):
    """tests/c/graph_concurrent.c: Box3x3 chains at 640x480 and 1920x1080 (row bands on the pool),
    two to five scheduled together and waited for in changing orders, 40 rounds: outputs
    bit-identical to vxProcessGraph's, one wait each, COMPLETED, performance counted."""
    assert c_program("graph_concurrent.c", timeout=600).stdout.strip() == "ok"
