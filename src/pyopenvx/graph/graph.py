"""vx_graph: nodes, graph parameters, auto-aged delays, and execution.

Verification (verify.py) compiles the graph into the C schedule (`pvx_graph`, csrc/runtime/schedule.h).
While `desc.ready` is set, vxProcessGraph runs that schedule entirely in C; otherwise it comes here,
which re-verifies if needed, runs the same schedule with the object-model lock released, then does
what needs Python afterwards (delay aging)."""
import contextlib
import threading
import traceback
from types import MappingProxyType

from _pyopenvx import ffi, lib

from .. import constants as vx
from .. import log
from .. import reference
from ..errors import VxError, check, spelled, status_name
from ..failure import VX_FAILURE
from ..objects.parts import items_of, lineage
from ..reference import LOCK, Reference, adopt_scoped, find, hold, release_all, unlocked
from . import aliasing
from . import targets
from .pipelining import QUEUED, Settings
from .node import Node
from .verify import verify

# What every new graph's descriptor starts as (copied whole; the type parsed once).
_DESC, _NULL = ffi.typeof("pvx_graph *"), ffi.NULL
# (c_nodes: C may add nodes until its first verification, csrc/runtime/node_made.c)
_NEW_DESC = ffi.new(_DESC, {"state": vx.VX_GRAPH_STATE_UNVERIFIED, "status": vx.VX_SUCCESS,
                            "timeout_ms": vx.VX_TIMEOUT_WAIT_FOREVER, "c_nodes": 1})


class Graph(Reference):
    vx_type = vx.VX_TYPE_GRAPH
    imported = False              # made by vxImportObjectsFromMemory (ix.py): see check_changeable
    # what a new graph starts with (class attributes: vxCreateGraph and vxReleaseGraph of a graph
    # set and empty only what they must; verification and the calls that change these set them)
    order = ()                    # nodes in execution order, once verified
    verified = False
    _c_fused = ()                 # the fused passes' C plans, which nodes point at (fusion.plan)
    twinned = frozenset()         # nodes whose pass computes once for several of them (graph/twins.py)
    worker = None                 # the thread of a vxScheduleGraph run
    pipeline = None               # its compiled frame slots, once verified
    virtual_objects = ()          # what the schedule makes accessible (verify.compile_schedule)
    batch = False                 # a manual-mode vxScheduleGraph waits for vxWaitGraph
    streaming = False             # between vxStartGraphStreaming and vxStopGraphStreaming
    event_values = MappingProxyType({})         # (event type, parameter index) -> app value (events.py)
    graph_event_values = MappingProxyType({})   # the same for its own queue (vxRegisterGraphEvent)
    event_timeout_ms = vx.VX_TIMEOUT_WAIT_FOREVER   # how long vxWaitGraphEvent blocks
    _c_events = None

    def __init__(self, context):
        super().__init__(context)
        self._start(ffi.new(_DESC, _NEW_DESC[0]))
        self.h.desc = self.desc

    @classmethod
    def adopt(cls, handle, desc):
        """The object of a graph vxCreateGraph made in C (csrc/runtime/graph_lazy.c), which Python meets
        now: its handle, counts and descriptor (still as _NEW_DESC made it: nothing changes a graph
        without meeting it first)."""
        graph = cls.__new__(cls)
        Reference.__init__(graph, find(handle.context), handle=handle)
        graph._start(ffi.gc(ffi.cast(_DESC, desc), lib.pvx_lazy_free_made))
        return graph

    def _start(self, desc):
        self.desc = desc
        self._nodes = []
        self.parameters = []                  # graph parameters: (node, index)
        self.delays = []                      # registered for auto-aging
        self.held = []                        # containers whose parts its nodes use, held for them (ix.py)
        self.aliases = []                     # objects borrowing another's buffer (aliasing.py)
        self.pipelining = Settings()          # schedule mode, queues, depth, streaming (pipelining.py)
        self.own_events = lib.pvx_events_create()    # its own event queue (TI/tivx.h: vxWaitGraphEvent)

    # structure ----------------------------------------------------------------------------
    @property
    def nodes(self):
        """Its nodes in creation order, those C made (csrc/runtime/node_made.c) adopted first: every
        walk of a graph's nodes comes here."""
        if self.desc.pending != _NULL:
            self._adopt_pending()
        return self._nodes

    @nodes.setter
    def nodes(self, nodes):
        self._nodes = nodes

    def close_to_c(self):
        """From now on nodes join it through Python only (its first verification, an import): those
        C made so far are adopted, under node_made.c's lock, so none comes after."""
        self.desc.c_nodes = 0
        self._adopt_pending()

    def _adopt_pending(self):
        d = lib.pvx_graph_take_pending(self.desc)
        while d != _NULL:
            self._nodes.append(Node.adopt(self, d))
            d = d.pending_next

    def add_node(self, node):
        hold(node.h, True)                    # (node.retain(internal=True), without its frames)
        nodes = self.nodes
        nodes.append(node)
        self.desc.graph_nodes = len(nodes)    # (recount: the parameters did not change)
        self.invalidate("a node was added")

    def recount(self):
        """The node and parameter lists changed: the counts C answers VX_GRAPH_NUMNODES and
        VX_GRAPH_NUMPARAMETERS from (pvx_fast_vxQueryGraph)."""
        self.desc.graph_nodes = len(self.nodes)
        self.desc.graph_parameters = len(self.parameters)

    def check_idle(self, what, node):
        """What releases objects a run may be using waits until the graph is neither running nor
        scheduled (a kernel would read freed memory): changes to `node`, if it is in the graph
        (None: to the graph itself). `what`: a str or a function giving it."""
        if not self.idle() and (node is None or node in self.nodes):
            raise VxError(vx.VX_ERROR_GRAPH_SCHEDULED, f"{spelled(what)}: {self} is running or scheduled", node or self)

    def idle(self):
        """No run, schedule, stream or pipelined frame in progress."""
        return (self.worker is None and not self.desc.busy
                and (self.pipeline is None or self.pipeline.idle()))

    def check_changeable(self, what):
        """vx_khr_ix: an imported graph is verified and never verified again, so it can never become
        unverified. Every change that would unverify it asks here before it changes anything, so a
        refusal leaves nothing half done (only a parameter alike may replace one: check_replacement).
        `what`: a str or a function giving it."""
        if self.imported:
            raise VxError(vx.VX_ERROR_NOT_SUPPORTED, f"{spelled(what)}: {self} was imported (vx_khr_ix) and stays "
                          "as verified; only a graph parameter may be replaced, by an object of the same meta data",
                          self)

    def remove_node(self, node):
        check(node in self.nodes, vx.VX_ERROR_INVALID_PARAMETERS, f"{node} is not in {self}", node)
        self.check_changeable(f"{node} cannot be removed")
        self.check_idle(f"{node} cannot be removed", node)
        self.take_back(node)

    def take_back(self, node):
        """Remove a node without asking whether the graph runs: one just added whose creation
        failed (kernels.calls.create_node), which no run has in its schedule."""
        self.nodes.remove(node)
        self.parameters = [(n, i) for n, i in self.parameters if n is not node]
        self.recount()
        self.invalidate(f"{node} was removed")
        node.release(internal=True)

    def invalidate(self, why=None):
        """The graph changed: the C schedule may not run until it is verified again."""
        self.verified = False
        # not ready, VX_GRAPH_STATE_UNVERIFIED, no pipeline (the queue fast paths defer to Python,
        # which verifies): one C call, as every node creation comes here
        lib.pvx_graph_invalidate(self.desc)
        if (self.aliases or self.pipeline is not None) and self.idle():
            if self.aliases:                  # (a running graph keeps these until it is verified again)
                aliasing.release(self)
            self.close_pipeline()

    def check_replacement(self, old, new):
        """vx_khr_ix: an imported graph is never verified again, so a parameter is replaced only by
        an object of the same type and meta data, never by NULL."""
        if self.imported and (new is None or type(new) is not type(old) or _meta(new) != _meta(old)):
            raise VxError(vx.VX_ERROR_INVALID_PARAMETERS, f"{new} cannot replace {old} in imported {self}: not "
                          "of the same type and meta data", self)

    def parameter_replaced(self, node, index, old, new):
        """Seed 000: re-verification only when the new object's meta data differ, or an optional
        parameter appears or disappears, or the node has a twin (its twin's rows would be stored
        as its own); otherwise the schedule simply sees the new object."""
        if not self.verified:
            return
        if self.pipelining.pipelined:
            self.invalidate(f"parameter of {node} replaced")   # the frame slots hold copies of the rows
            return
        same_kind = (old is not None and new is not None and type(old) is type(new)
                     and not getattr(new, "virtual", False) and not getattr(old, "virtual", False))
        if (not same_kind or _meta(old) != _meta(new) or node.replicate is not None or node in self.twinned
                or self._used_elsewhere(node, index, new)
                or (node.target_kernel is not None and items_of(new))):   # seed 003: item descriptors
            self.invalidate(f"parameter of {node} replaced")

    def _used_elsewhere(self, node, index, obj):
        """Whether `obj` (or what contains it, or its parts) is another parameter in the graph, the
        same node's other ones included: then the order or the single writer may change (or a node
        reads what it writes), and the graph is verified again."""
        related = set(lineage(obj))
        for n in self.nodes:
            for i, p in enumerate(n.params):
                if p is not None and (p in related or obj in lineage(p)) and not (n is node and i == index):
                    return True
        return False

    def add_parameter(self, param):
        node = param.node
        check(node is not None, vx.VX_ERROR_INVALID_PARAMETERS, f"{param} is a kernel parameter, not a node's", self)
        check(node in self.nodes, vx.VX_ERROR_INVALID_PARAMETERS, f"{node} is not in {self}", self)
        self.parameters.append((node, param.index))
        self.recount()

    def parameter(self, index):
        check(index < len(self.parameters), vx.VX_ERROR_INVALID_VALUE,
              f"graph parameter index {index} is out of range ({len(self.parameters)} parameters)", self)
        return self.parameters[index]

    def register_auto_aging(self, delay):
        check(delay.context is self.context, vx.VX_ERROR_INVALID_REFERENCE, f"{delay} belongs to another context",
              self)
        self.check_changeable(f"{delay} cannot be registered for auto-aging")
        if delay not in self.delays:
            delay.retain(internal=True)
            self.delays.append(delay)
            delay.aging_graphs.append(self)
            self.invalidate(f"{delay} registered for auto-aging")

    # execution ----------------------------------------------------------------------------
    def prepare(self):
        """Verified and compiled, verifying again if anything changed."""
        if not self.verified:
            verify(self)

    def acquire(self):
        """Hold the graph for one run or verification: refused while another thread runs it, a
        scheduled run has not been waited for (vxWaitGraph ends it), it streams or frames run."""
        check(self.worker is None and (self.pipeline is None or self.pipeline.idle())
              and lib.pvx_graph_acquire(self.desc), vx.VX_ERROR_GRAPH_SCHEDULED,
              f"{self} is running, scheduled, streaming or has frames in flight", self)

    @contextlib.contextmanager
    def busy(self):
        self.acquire()
        try:
            yield
        finally:
            lib.pvx_graph_release(self.desc)

    def check_not_queued(self, what):
        check(self.pipelining.mode not in QUEUED, vx.VX_ERROR_NOT_SUPPORTED,
              f"{what} of {self}: its graph parameters are queued (vxSetGraphScheduleConfig); "
              "vxGraphParameterEnqueueReadyRef runs it", self)

    def process(self):
        self.check_not_queued("vxProcessGraph")
        with self.busy():
            self.prepare()
            self.retain(internal=True)        # the application may release it while it runs
            try:
                return self._run()
            finally:
                self.release(internal=True)

    def _run(self):
        measure = int(self.context.performance_enabled)
        with unlocked():
            status = lib.pvx_graph_run(self.desc, measure)
        if status == vx.VX_SUCCESS:            # a failed run is reported by node and graph status
            for delay in self.delays:
                delay.age()
        return status

    def schedule(self):
        """Busy from here until vxWaitGraph, so the C fast path refuses to run it too. In queue
        manual mode: one batch of frames, as many as every queued parameter has references for."""
        if self.pipelining.mode != vx.VX_GRAPH_SCHEDULE_MODE_QUEUE_MANUAL:
            self.check_not_queued("vxScheduleGraph")
        self.acquire()
        try:
            self.prepare()
            if self.pipelining.mode == vx.VX_GRAPH_SCHEDULE_MODE_QUEUE_MANUAL:
                check(lib.pvx_pipeline_schedule(self.pipeline.c) > 0, VX_FAILURE,
                      f"{self}: a queued graph parameter has no reference enqueued", self)
                self.batch = True
                return
        except BaseException:
            lib.pvx_graph_release(self.desc)
            raise
        if self.desc.ready and lib.pvx_graph_schedule(self.desc, int(self.context.performance_enabled)):
            return                            # a worker thread of csrc/runtime/async.c runs it
        self.retain(internal=True)            # alive until waited for
        self.run_status = VX_FAILURE          # until the run says otherwise
        self.worker = threading.Thread(target=self._run_scheduled, name=f"pyopenvx {self}", daemon=True)
        self.worker.start()

    def _run_scheduled(self):
        """vxScheduleGraph's thread. As in an exported call, an exception is logged and what
        vxWaitGraph returns is never a success then."""
        with LOCK:
            try:
                self.run_status = self._run()
            except Exception as exc:
                if not isinstance(exc, VxError):
                    traceback.print_exc()
                    exc = VxError(VX_FAILURE, f"internal error: {exc!r}", self)
                log.entry(self, exc.status, f"vxScheduleGraph: {exc.message}")
                self.run_status = exc.status

    def wait(self):
        if self.batch or self.streaming or (self.pipeline is not None and self.worker is None and (
                self.pipelining.mode == vx.VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO or self.pipelining.streaming)):
            return self.wait_frames(self.desc.timeout_ms)
        if self.desc.scheduled:
            return self.join_c(self.desc.timeout_ms)
        check(self.worker is not None, vx.VX_FAILURE, f"{self} was not scheduled", self)
        status = self.join(self.desc.timeout_ms)
        self.release(internal=True)
        return status

    def join_c(self, timeout_ms=vx.VX_TIMEOUT_WAIT_FOREVER):
        """vxWaitGraph of a run queued in C (csrc/runtime/async.c) when its fast path declined:
        from inside the run, while another thread waits for it, or with a VX_GRAPH_TIMEOUT."""
        check(not lib.pvx_graph_running_here(self.desc), vx.VX_ERROR_GRAPH_SCHEDULED,
              f"{self} cannot wait for its run from inside it (a kernel or callback of the run)", self)
        status = ffi.new("vx_status *")
        with unlocked():
            joined = lib.pvx_graph_join(self.desc, status, timeout_ms)
        check(joined >= 0, vx.VX_ERROR_TIMEOUT, f"{self}: the run did not end within VX_GRAPH_TIMEOUT "
              f"({timeout_ms} ms); it goes on, wait again", self)
        check(joined, vx.VX_FAILURE, f"{self}: another thread already waits for its scheduled run", self)
        return status[0]

    def join(self, timeout_ms=vx.VX_TIMEOUT_WAIT_FOREVER):
        """End a scheduled run: wait for its thread (lock released), then free the graph for runs.
        VX_GRAPH_TIMEOUT: VX_ERROR_TIMEOUT when the run goes on longer; it stays scheduled."""
        check(self.worker is not threading.current_thread(), vx.VX_ERROR_GRAPH_SCHEDULED,
              f"{self} cannot wait for its run from inside it (a kernel or callback of the run)", self)
        worker, self.worker = self.worker, None      # one waiter: others find it not scheduled
        with unlocked():
            worker.join(None if timeout_ms == vx.VX_TIMEOUT_WAIT_FOREVER else timeout_ms / 1000)
        if worker.is_alive():
            self.worker = worker
            raise VxError(vx.VX_ERROR_TIMEOUT, f"{self}: the run did not end within VX_GRAPH_TIMEOUT ({timeout_ms} "
                          "ms); it goes on, wait again", self)
        lib.pvx_graph_release(self.desc)
        return self.run_status

    def wait_frames(self, timeout_ms=vx.VX_TIMEOUT_WAIT_FOREVER):
        """vxWaitGraph of a manual batch (then the graph is free again), of the frames enqueued in
        auto mode, or of a stream (until it stopped at an error): the first failing frame's status
        since the last wait."""
        with unlocked():
            status = lib.pvx_pipeline_wait(self.pipeline.c, timeout_ms)
        self.sync_delays()
        check(status != vx.VX_ERROR_TIMEOUT or self.pipeline.idle(), status, f"{self}: its frames did not end "
              f"within VX_GRAPH_TIMEOUT ({timeout_ms} ms); they go on, wait again", self)
        if self.batch:
            self.batch = False
            lib.pvx_graph_release(self.desc)
        return status

    # streaming ----------------------------------------------------------------------------
    def enable_streaming(self, trigger):
        check(trigger is None or trigger in self.nodes, vx.VX_ERROR_INVALID_PARAMETERS,
              f"the trigger node {trigger} is not in {self}", self)
        self.check_idle("streaming cannot be enabled", None)
        self.pipelining.streaming, self.pipelining.trigger = True, trigger
        self.invalidate("streaming was enabled")

    def start_streaming(self):
        """A graph not verified yet is verified here; if that fails, VX_ERROR_INVALID_PARAMETERS,
        TIOVX's status for a graph that is not verified (the log says why)."""
        check(self.pipelining.streaming, vx.VX_ERROR_INVALID_PARAMETERS,
              f"{self}: streaming is not enabled (vxEnableGraphStreaming)", self)
        self.acquire()                        # held until vxStopGraphStreaming
        try:
            self.prepare()
        except VxError as exc:
            lib.pvx_graph_release(self.desc)
            raise VxError(vx.VX_ERROR_INVALID_PARAMETERS, f"{self} cannot stream: it does not verify "
                          f"({status_name(exc.status)})", self) from exc
        except BaseException:
            lib.pvx_graph_release(self.desc)
            raise
        self.streaming = True
        lib.pvx_pipeline_stream(self.pipeline.c, 1)

    def stop_streaming(self):
        check(self.streaming, VX_FAILURE, f"{self} is not streaming", self)
        with unlocked():
            status = lib.pvx_pipeline_stream(self.pipeline.c, 0)
        self.streaming = False
        lib.pvx_graph_release(self.desc)
        check(status == vx.VX_SUCCESS, status, f"{self}: the stream stalled, its trigger node completed no frame "
              f"within VX_GRAPH_TIMEOUT ({self.desc.timeout_ms} ms)", self)

    def close_pipeline(self):
        """Frames finish and the frame slots go (before verifying again, when the graph dies)."""
        pipeline, self.pipeline = self.pipeline, None
        if pipeline is not None:              # (desc.pipeline is set only with it: verify.py)
            self.desc.pipeline = ffi.NULL
            if pipeline.idle():
                self.pipelining.waiting = pipeline.waiting()
                pipeline.close()
            else:
                with unlocked():              # kernels of running frames may call the API
                    pipeline.close()
            self.sync_delays(pipeline)        # the next pipeline starts from the delays as they are
            pipeline.drop_clones()

    def sync_delays(self, pipeline=None):
        """Pipelined frames age the auto-aged delays in C (each frame finds its slots' objects);
        Python's delays (vxGetReferenceFromDelay, the nodes following slots) catch up here, one
        aging per frame completed."""
        p = pipeline or self.pipeline
        if p is None or not p.delays:
            return
        done = p.completed_frames()
        frames, p.aged = done - p.aged, done
        for delay in p.delays:
            for _ in range(frames % len(delay.slots)):
                delay.age()

    def release(self, internal=False):
        """The application's last reference to a scheduled or streaming graph: its run is waited
        for here (its stream stopped), as nobody can call vxWaitGraph any more."""
        if not internal and self.h.external_count == 1:
            if self.worker is not None:
                self.join()                   # (whatever VX_GRAPH_TIMEOUT says: nobody can wait later)
                self.release(internal=True)
            elif self.desc.scheduled:
                self.join_c()
            self.end_frames()
        super().release(internal)

    def end_frames(self):
        if self.batch:
            self.wait_frames()
        if self.streaming:
            self.stop_streaming()
        self.close_pipeline()

    # life ---------------------------------------------------------------------------------
    def on_destroy(self):
        # (what has nothing to do for a graph that never had nodes, delays or aliases is skipped by
        # the condition under which it acts: every vxReleaseGraph comes here)
        self.desc.ready = 0
        self.close_pipeline()
        self.pipelining.drop_queues()
        # the delete callbacks of target kernels run now, whoever still holds the nodes (seed 003):
        # vxReleaseGraph returns the first failure, as vxVerifyGraph does a create failure
        self.release_status = vx.VX_SUCCESS
        if self.desc.pending != _NULL:        # (Graph.nodes without its frame: every vxReleaseGraph comes here)
            self._adopt_pending()
        if self._nodes:
            self._release_nodes()
        if self.aliases:
            aliasing.release(self)            # (after the nodes: what died with them has nothing to undo)
        if self.delays or self.held:
            for delay in self.delays:
                if self in delay.aging_graphs:
                    delay.aging_graphs.remove(self)
            for obj in self.delays + self.held:
                if obj.alive:
                    obj.release(internal=True)
        # no virtual image is made in C in it from now on (its handle's desc cleared); those made
        # and not met yet meet it now, as if Python had made them (csrc/objects/lazy.h)
        pending = lib.pvx_lazy_close_scope(self.h)
        if pending:
            adopt_scoped(self.h, pending)
        lib.pvx_events_destroy(self.own_events)
        self.own_events = ffi.NULL
        # what verification left here (order, edges, virtual objects, ...) holds the nodes and
        # images, which hold the graph: empty it, so they are freed now, not at a collection
        for name, value in vars(self).items():
            if type(value) in _CONTAINERS and value:      # (an empty one holds nothing)
                setattr(self, name, type(value)())

    def _release_nodes(self):
        for node in reversed(self._nodes):
            # (a node has target instances only with their target kernel: targets._create)
            if node.h is not None and node.target_kernel is not None:
                status = targets.delete_node(node)
                if self.release_status == vx.VX_SUCCESS:
                    self.release_status = status
        if self._c_fused:                      # the fused passes' plans go now, not when a cycle is collected
            for node in self._nodes:            # (a node's plan is in _c_fused: fusion.plan)
                node.desc.fused = ffi.NULL
            self._c_fused = []
        # 1.3.1 vxReleaseGraph: the graph's nodes are released with it, the application's references
        # too (vxAddNode's result is commonly never released); last first, all in one C call, and what
        # they held after them in another (reference.destroy_all)
        release_all(self._nodes[::-1], clear_external=True)
        self._nodes = []


_CONTAINERS = frozenset((list, dict, set, tuple))

reference.ADOPT[vx.VX_TYPE_GRAPH] = Graph.adopt
lib.pvx_graph_serve(_NEW_DESC)


def _meta(obj):
    """What a replacement must keep to skip re-verification: the meta data, its parts' too (the
    items of an object array keep their own)."""
    if obj is None or not hasattr(obj, "meta"):
        return None
    return obj.meta(), [_meta(part) for part in items_of(obj) or ()]
