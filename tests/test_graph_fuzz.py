"""Hypothesis, stateful: random programs over kernels, graphs, nodes, parameters, meta formats,
delays, object arrays and user data objects through the C API, against a small model of what must
succeed and what must fail.

After every step: no refusal without a log entry, no internal error, every handle the machine
holds has VX_REFERENCE_COUNT equal to its holds, and VX_CONTEXT_REFERENCES is the start value plus
the handles held. At teardown, after releasing everything: the start value again, and no object
left alive in the context (nothing leaked internally either).

The kernels are Python callbacks (cffi ABI mode) behind the real C entry points: "fuzz.copy"
(in: user data object, out: user data object) and "fuzz.copy3" (in, optional scalar, out). Their
validator gives the output the input's size; their function copies the bytes.
"""
import collections

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

KERNELS = {"fuzz.copy": 2, "fuzz.copy3": 3, "fuzz.compat": 2}     # the last made by vxAddKernel
SIZES = (8, 16)


class Obj:
    """What the model knows of an object: its kind, size, virtual scope, context."""

    def __init__(self, kind, handle, size=0, graph=None):
        self.kind, self.handle, self.size, self.graph = kind, handle, size, graph


class NodeModel:
    def __init__(self, handle, graph, kernel):
        self.handle, self.graph, self.kernel = handle, graph, kernel
        self.params = [None] * KERNELS[kernel]
        self.in_graph = True
        self.bound = {}               # parameter index -> (delay model, slot position) it follows
        self.callback = None          # None, "continue" or "abandon"
        self.meta_size = None         # what the validator last said of the output


class GraphModel:
    def __init__(self, handle):
        self.handle = handle
        self.nodes = []               # in creation order, as the graph keeps them
        self.scheduled = False
        self.params = []              # graph parameters: (node model, index)
        self.delays = []              # registered for auto-aging


def _enum(c, index):
    """A user kernel enumeration, as the signed vx_enum C sees."""
    value = (c.VX_ID_USER << 20) + index
    return value - (1 << 32) if value >= 1 << 31 else value


def _object(vx, handle):
    """The library's object behind a handle (white box: liveness and leftovers), or None."""
    from pyopenvx.reference import LOCK, find
    with LOCK:
        return find(vx.ffi.cast("vx_reference", handle))


def _live(vx, a):
    """Whether the library still has an object at this address (held inside or not)."""
    return _object(vx, a) is not None


def _addr(vx, h):
    return int(vx.ffi.cast("uintptr_t", h))


class Machine(RuleBasedStateMachine):
    vx = None                          # set by the test

    @initialize()
    def setup(self):
        vx = self.vx
        self.lib, self.ffi, self.c = vx.lib, vx.ffi, vx.c
        self.log_mark = len(vx.log)
        self.start = vx.references()
        # the context's standard kernels, there from its creation to its release
        self.standard_kernels = [o for o in _object(vx, vx.context).objects.values() if o.vx_type == vx.c.VX_TYPE_KERNEL
                                 and o.kernel_name.startswith("org.khronos.")]
        self.holds = collections.Counter()      # address -> external references the machine holds
        self.objs = {}                           # address -> Obj / NodeModel / GraphModel
        self.kinds = {}                          # address -> "udo", "scalar", "graph", ...
        self.kernels = {}                        # name -> address of the kernel (while added)
        self.callbacks = self._callbacks()
        for name in KERNELS:
            self._add_kernel(name)
        # (no objects of another context: vxCreateContext gives the process's one context)

    # plumbing ------------------------------------------------------------------------------
    def _callbacks(self):
        lib, ffi, c = self.lib, self.ffi, self.c

        def size_of(ref):
            out = ffi.new("vx_size *")
            assert lib.vxQueryUserDataObject(ffi.cast("vx_user_data_object", ref), c.VX_USER_DATA_OBJECT_SIZE,
                                             out, ffi.sizeof("vx_size")) == c.VX_SUCCESS
            return out[0]

        def validate(node, params, num, metas):
            size = ffi.new("vx_size *", size_of(params[0]))
            return lib.vxSetMetaFormatAttribute(metas[num - 1], c.VX_USER_DATA_OBJECT_SIZE, size,
                                                ffi.sizeof("vx_size"))

        def function(node, params, num):
            size = size_of(params[0])
            buf = ffi.new("char[]", size)
            src, dst = (ffi.cast("vx_user_data_object", params[i]) for i in (0, num - 1))
            status = lib.vxCopyUserDataObject(src, 0, size, buf, c.VX_READ_ONLY, c.VX_MEMORY_TYPE_HOST)
            if status == c.VX_SUCCESS:
                status = lib.vxCopyUserDataObject(dst, 0, size, buf, c.VX_WRITE_ONLY, c.VX_MEMORY_TYPE_HOST)
            return status

        def input_validate(node, index):
            return c.VX_SUCCESS

        def output_validate(node, index, meta):
            """vxAddKernel's validator sees the input through VX_PARAMETER_REF (a reference it releases)."""
            p = lib.vxGetParameterByIndex(node, 0)
            ref = ffi.new("vx_reference *")
            status = lib.vxQueryParameter(p, c.VX_PARAMETER_REF, ref, ffi.sizeof("vx_reference"))
            if status == c.VX_SUCCESS:
                size = ffi.new("vx_size *", size_of(ref[0]))
                status = lib.vxSetMetaFormatAttribute(meta, c.VX_USER_DATA_OBJECT_SIZE, size, ffi.sizeof("vx_size"))
                assert lib.vxReleaseReference(ref) == c.VX_SUCCESS
            assert lib.vxReleaseParameter(ffi.new("vx_parameter *", p)) == c.VX_SUCCESS
            return status

        self.completions = {"continue": ffi.callback("vx_nodecomplete_f", lambda node: c.VX_ACTION_CONTINUE),
                            "abandon": ffi.callback("vx_nodecomplete_f", lambda node: c.VX_ACTION_ABANDON)}
        return (ffi.callback("vx_kernel_f", function), ffi.callback("vx_kernel_validate_f", validate),
                ffi.callback("vx_kernel_input_validate_f", input_validate),
                ffi.callback("vx_kernel_output_validate_f", output_validate))

    def _add_kernel(self, name):
        lib, c = self.lib, self.c
        function, validate, input_validate, output_validate = self.callbacks
        enum = _enum(c, list(KERNELS).index(name))
        if name == "fuzz.compat":
            k = lib.vxAddKernel(self.vx.context, name.encode(), enum, function, KERNELS[name], input_validate,
                                output_validate, self.ffi.NULL, self.ffi.NULL)
        else:
            k = lib.vxAddUserKernel(self.vx.context, name.encode(), enum, function, KERNELS[name], validate,
                                    self.ffi.NULL, self.ffi.NULL)
        assert lib.vxGetStatus(self.vx.ref(k)) == c.VX_SUCCESS
        last = KERNELS[name] - 1
        for i in range(KERNELS[name]):
            kind = c.VX_TYPE_SCALAR if (i == 1 and last == 2) else c.VX_TYPE_USER_DATA_OBJECT
            state = c.VX_PARAMETER_STATE_OPTIONAL if kind == c.VX_TYPE_SCALAR else c.VX_PARAMETER_STATE_REQUIRED
            assert lib.vxAddParameterToKernel(k, i, c.VX_OUTPUT if i == last else c.VX_INPUT, kind,
                                              state) == c.VX_SUCCESS
        assert lib.vxFinalizeKernel(k) == c.VX_SUCCESS
        self._hold(k, "kernel", name)
        self.kernels[name] = _addr(self.vx, k)

    def _hold(self, handle, kind, model):
        a = _addr(self.vx, handle)
        self.holds[a] += 1
        self.kinds[a] = kind
        self.objs[a] = model
        return a

    def _handle(self, a, ctype="vx_reference"):
        return self.ffi.cast(ctype, a)

    def expect(self, status, want, refusal=True):
        """`want`: the exact status, or None for "some refusal". Refusals come with a log entry
        (about a released handle too: to the context it belonged to); what a run gives (a node's
        callback abandoned it: `refusal=False`) is a result, not a refusal."""
        vx = self.vx
        fresh = vx.log[self.log_mark:]
        self.log_mark = len(vx.log)
        assert not any("internal error" in text for _, text in fresh), fresh
        if want is None:
            assert status != self.c.VX_SUCCESS
        else:
            assert status == want, (status, want, fresh[-1:] if fresh else "no log")
        if status != self.c.VX_SUCCESS and refusal:
            assert fresh, f"status {status} without a log entry"

    def has_graph(self):
        return hasattr(self, "holds") and bool(self.held("graph"))

    def has_udo(self):
        return hasattr(self, "holds") and any(self.objs[a].graph is None for a in self.held("udo"))

    def has_array(self):
        return hasattr(self, "holds") and bool(self.held("array"))

    def has_delay(self):
        return hasattr(self, "holds") and bool(self.held("delay"))

    def has_node(self):
        return hasattr(self, "holds") and bool(self.held("node"))

    def has_wired_graph(self):
        return hasattr(self, "holds") and any(self.objs[a].nodes for a in self.held("graph"))

    def held(self, kind):
        return sorted(a for a, n in self.holds.items() if n and self.kinds[a] == kind)

    def any_held(self):
        return sorted(a for a, n in self.holds.items() if n)

    def _drop(self, a):
        self.holds[a] -= 1
        if self.holds[a] == 0:
            self._died(a)

    def _died(self, a):
        """The application's last reference went: what that means for the model."""
        model = self.objs[a]
        if self.kinds[a] == "graph":
            model.scheduled = False              # releasing a scheduled graph waits for its run
            gone = not _live(self.vx, a)         # (a node may hold its own graph: then it stays)
            for n in model.nodes:
                n.in_graph = False
                if gone:                         # 1.3.1: its nodes are released with it, ours too
                    self.holds[n.handle] = 0
            model.nodes, model.params = [], []

    # creators ------------------------------------------------------------------------------
    @rule(size=st.sampled_from(SIZES), seed=st.integers(0, 255))
    def create_udo(self, size, seed):
        init = self.ffi.new("char[]", bytes((seed + i) % 256 for i in range(size)))
        u = self.lib.vxCreateUserDataObject(self.vx.context, b"fuzz", size, init)
        self.expect(self.lib.vxGetStatus(self.vx.ref(u)), self.c.VX_SUCCESS)
        self._hold(u, "udo", Obj("udo", _addr(self.vx, u), size))

    @precondition(lambda self: self.has_graph())
    @rule(data=st.data())
    def create_virtual_udo(self, data):
        graphs = self.held("graph")
        if not graphs:
            return
        g = data.draw(st.sampled_from(graphs))
        u = self.lib.vxCreateVirtualUserDataObject(self._handle(g, "vx_graph"), b"fuzz", 0)
        self.expect(self.lib.vxGetStatus(self.vx.ref(u)), self.c.VX_SUCCESS)
        self._hold(u, "udo", Obj("udo", _addr(self.vx, u), 0, graph=self.objs[g]))

    @rule()
    def create_scalar(self):
        v = self.ffi.new("vx_uint8 *", 3)
        s = self.lib.vxCreateScalar(self.vx.context, self.c.VX_TYPE_UINT8, v)
        self.expect(self.lib.vxGetStatus(self.vx.ref(s)), self.c.VX_SUCCESS)
        self._hold(s, "scalar", Obj("scalar", _addr(self.vx, s)))

    @rule()
    def create_graph(self):
        g = self.lib.vxCreateGraph(self.vx.context)
        self.expect(self.lib.vxGetStatus(self.vx.ref(g)), self.c.VX_SUCCESS)
        self._hold(g, "graph", GraphModel(_addr(self.vx, g)))

    @rule(data=st.data(), by_enum=st.booleans())
    def get_kernel(self, data, by_enum):
        name = data.draw(st.sampled_from(sorted(KERNELS) + ["fuzz.none"]))
        if by_enum:
            enum = _enum(self.c, list(KERNELS).index(name) if name in KERNELS else 7)
            k = self.lib.vxGetKernelByEnum(self.vx.context, enum)
        else:
            k = self.lib.vxGetKernelByName(self.vx.context, name.encode())
        known = name in self.kernels
        self.expect(self.lib.vxGetStatus(self.vx.ref(k)), self.c.VX_SUCCESS if known else None)
        if known:
            assert _addr(self.vx, k) == self.kernels[name]
            self.holds[self.kernels[name]] += 1

    @precondition(lambda self: self.has_graph())
    @rule(data=st.data())
    def create_node(self, data):
        graphs, kernels = self.held("graph"), self.held("kernel")
        if not kernels or not graphs:
            return
        k = data.draw(st.sampled_from(kernels))
        g = self._handle(data.draw(st.sampled_from(graphs)), "vx_graph")
        graph = self.objs[_addr(self.vx, g)]
        n = self.lib.vxCreateGenericNode(g, self._handle(k, "vx_kernel"))
        self.expect(self.lib.vxGetStatus(self.vx.ref(n)), self.c.VX_SUCCESS)
        node = NodeModel(_addr(self.vx, n), graph, self.objs[k])
        graph.nodes.append(node)
        self._hold(n, "node", node)

    @precondition(lambda self: self.has_graph())
    @rule(data=st.data(), by_parameter=st.booleans())
    def wire_node(self, data, by_parameter):
        """A node in a held graph with every parameter set (mostly to objects that fit)."""
        graph = self.objs[data.draw(st.sampled_from(self.held("graph")))]
        name = data.draw(st.sampled_from(sorted(self.kernels)))
        n = self.lib.vxCreateGenericNode(self._handle(graph.handle, "vx_graph"), self._handle(self.kernels[name], "vx_kernel"))
        self.expect(self.lib.vxGetStatus(self.vx.ref(n)), self.c.VX_SUCCESS)
        node = NodeModel(_addr(self.vx, n), graph, name)
        graph.nodes.append(node)
        self._hold(n, "node", node)
        for index in range(len(node.params)):
            kind = "scalar" if (len(node.params) == 3 and index == 1) else "udo"
            fits = [a for a in self.held(kind) if self.objs[a].graph in (None, graph)]
            if fits and data.draw(st.integers(0, 9)) > 0:
                value = self.objs[data.draw(st.sampled_from(fits))]
            else:
                value = self._value_model(self._candidate(data))
            self._set(node, index, value, by_parameter)

    @rule(data=st.data(), length=st.integers(1, 3), how=st.sampled_from(["verify", "process", "schedule"]))
    def pipeline(self, data, length, how):
        """A chain of nodes through (sometimes virtual) objects, then run: the usual program."""
        g = self.lib.vxCreateGraph(self.vx.context)
        graph = self.objs[self._hold(g, "graph", GraphModel(_addr(self.vx, g)))]
        size = data.draw(st.sampled_from(SIZES))
        objs = []
        for k in range(length + 1):
            virtual = 0 < k < length and data.draw(st.booleans())
            u = (self.lib.vxCreateVirtualUserDataObject(g, b"fuzz", 0) if virtual else
                 self.lib.vxCreateUserDataObject(self.vx.context, b"fuzz", size, self.ffi.new("char[]", bytes([k + 1] * size))))
            self.expect(self.lib.vxGetStatus(self.vx.ref(u)), self.c.VX_SUCCESS)
            objs.append(self.objs[self._hold(u, "udo", Obj("udo", _addr(self.vx, u), 0 if virtual else size,
                                                           graph=graph if virtual else None))])
        for k in range(length):
            name = data.draw(st.sampled_from(sorted(self.kernels)))
            n = self.lib.vxCreateGenericNode(g, self._handle(self.kernels[name], "vx_kernel"))
            self.expect(self.lib.vxGetStatus(self.vx.ref(n)), self.c.VX_SUCCESS)
            node = NodeModel(_addr(self.vx, n), graph, name)
            graph.nodes.append(node)
            self._hold(n, "node", node)
            self._set(node, 0, objs[k], by_parameter=False)
            self._set(node, len(node.params) - 1, objs[k + 1], by_parameter=True)
        self._run(graph, how)

    @precondition(lambda self: self.has_udo())
    @rule(data=st.data(), slots=st.integers(1, 3))
    def create_delay(self, data, slots):
        udos = [a for a in self.held("udo") if not self.objs[a].graph]
        if not udos:
            return
        exemplar = self.objs[data.draw(st.sampled_from(udos))]
        d = self.lib.vxCreateDelay(self.vx.context, self._handle(exemplar.handle), slots)
        self.expect(self.lib.vxGetStatus(self.vx.ref(d)), self.c.VX_SUCCESS)
        model = Obj("delay", _addr(self.vx, d), exemplar.size)
        model.slots = [Obj("udo", None, exemplar.size) for _ in range(slots)]
        self._hold(d, "delay", model)

    @precondition(lambda self: self.has_udo())
    @rule(data=st.data(), count=st.integers(1, 3), virtual=st.booleans())
    def create_object_array(self, data, count, virtual):
        udos = [a for a in self.held("udo") if not self.objs[a].graph]
        graphs = self.held("graph")
        if not udos or (virtual and not graphs):
            return
        exemplar = self.objs[data.draw(st.sampled_from(udos))]
        graph = self.objs[data.draw(st.sampled_from(graphs))] if virtual else None
        if virtual:
            arr = self.lib.vxCreateVirtualObjectArray(self._handle(graph.handle, "vx_graph"),
                                                      self._handle(exemplar.handle), count)
        else:
            arr = self.lib.vxCreateObjectArray(self.vx.context, self._handle(exemplar.handle), count)
        self.expect(self.lib.vxGetStatus(self.vx.ref(arr)), self.c.VX_SUCCESS)
        model = Obj("array", _addr(self.vx, arr), exemplar.size, graph=graph)
        model.count = count
        self._hold(arr, "array", model)

    @precondition(lambda self: self.has_array())
    @rule(data=st.data(), index=st.integers(0, 3))
    def get_object_array_item(self, data, index):
        arrays = self.held("array")
        if not arrays:
            return
        arr = self.objs[data.draw(st.sampled_from(arrays))]
        item = self.lib.vxGetObjectArrayItem(self.ffi.cast("vx_object_array", arr.handle), index)
        ok = index < arr.count
        self.expect(self.lib.vxGetStatus(self.vx.ref(item)), self.c.VX_SUCCESS if ok else None)
        if ok:
            a = _addr(self.vx, item)
            model = self.objs[a] if a in self.objs else Obj("udo", a, arr.size, graph=arr.graph)
            self._hold(item, "udo", model)

    # parameters ----------------------------------------------------------------------------
    def _candidate(self, data):
        """A value for a parameter: a held object, a delay slot, NULL, or a
        wrong kind of reference."""
        choice = data.draw(st.sampled_from(["held", "slot", "null", "graph", "kernel"]))
        if choice == "held":
            objs = self.held("udo") + self.held("scalar")
            return self.objs[data.draw(st.sampled_from(objs))] if objs else None
        if choice == "slot":
            delays = self.held("delay")
            if not delays:
                return None
            d = self.objs[data.draw(st.sampled_from(delays))]
            index = data.draw(st.integers(0, len(d.slots) - 1))
            h = self.lib.vxGetReferenceFromDelay(self.ffi.cast("vx_delay", d.handle), -index)
            self.expect(self.lib.vxGetStatus(h), self.c.VX_SUCCESS)
            slot = d.slots[index]
            if slot.handle is None:
                slot.handle, slot.delay = _addr(self.vx, h), d
                self.objs[slot.handle] = slot
            assert slot.handle == _addr(self.vx, h)          # aging moved exactly the model's slots
            return slot
        if choice == "null":
            return None
        targets = self.held(choice)
        return self.objs[data.draw(st.sampled_from(targets))] if targets else None

    def _set_status(self, node, index, value):
        c = self.c
        if index >= len(node.params):
            return c.VX_ERROR_INVALID_PARAMETERS
        if node.in_graph and node.graph.scheduled:
            return c.VX_ERROR_GRAPH_SCHEDULED
        if value is None:           # only an optional parameter (the scalar of a 3-parameter kernel) may be unset
            return c.VX_SUCCESS if (len(node.params) == 3 and index == 1) else c.VX_ERROR_INVALID_REFERENCE
        want = "scalar" if (len(node.params) == 3 and index == 1) else "udo"
        if value.kind != want:
            return c.VX_ERROR_INVALID_TYPE
        return c.VX_SUCCESS     # a virtual object of another graph is refused by vxVerifyGraph

    def _value_model(self, value):
        if value is None:
            return None
        if isinstance(value, GraphModel):
            return Obj("graph", value.handle)
        if isinstance(value, str):
            return Obj("kernel", self.kernels[value])
        return value

    @precondition(lambda self: self.has_node())
    @rule(data=st.data(), index=st.integers(0, 3), by_parameter=st.booleans())
    def set_parameter(self, data, index, by_parameter):
        nodes = self.held("node")
        if not nodes:
            return
        node = self.objs[data.draw(st.sampled_from(nodes))]
        self._set(node, index, self._value_model(self._candidate(data)), by_parameter)

    def _set(self, node, index, value, by_parameter):
        h = self._handle(value.handle) if value is not None else self.ffi.NULL
        want = self._set_status(node, index, value)
        if by_parameter:
            p = self.lib.vxGetParameterByIndex(self.ffi.cast("vx_node", node.handle), index)
            if index >= len(node.params):
                self.expect(self.lib.vxGetStatus(self.vx.ref(p)), self.c.VX_ERROR_INVALID_PARAMETERS)
                return
            self.expect(self.lib.vxGetStatus(self.vx.ref(p)), self.c.VX_SUCCESS)
            self.expect(self.lib.vxSetParameterByReference(p, h), want)
            self.expect(self.lib.vxReleaseParameter(self.ffi.new("vx_parameter *", p)), self.c.VX_SUCCESS)
        else:
            self.expect(self.lib.vxSetParameterByIndex(self.ffi.cast("vx_node", node.handle), index, h), want)
        if want == self.c.VX_SUCCESS:
            node.params[index] = value
            delay = getattr(value, "delay", None)
            if delay is not None:
                node.bound[index] = (delay, delay.slots.index(value))
            else:
                node.bound.pop(index, None)

    @rule(data=st.data())
    def kernel_parameter_is_not_settable(self, data):
        kernels = self.held("kernel")
        if not kernels:
            return
        k = self.ffi.cast("vx_kernel", data.draw(st.sampled_from(kernels)))
        p = self.lib.vxGetKernelParameterByIndex(k, 0)
        self.expect(self.lib.vxGetStatus(self.vx.ref(p)), self.c.VX_SUCCESS)
        self.expect(self.lib.vxSetParameterByReference(p, self.ffi.NULL), self.c.VX_ERROR_INVALID_PARAMETERS)
        self.expect(self.lib.vxReleaseParameter(self.ffi.new("vx_parameter *", p)), self.c.VX_SUCCESS)

    @precondition(lambda self: self.has_node())
    @rule(data=st.data(), index=st.integers(0, 2))
    def query_parameter_ref(self, data, index):
        nodes = self.held("node")
        if not nodes:
            return
        node = self.objs[data.draw(st.sampled_from(nodes))]
        if index >= len(node.params):
            return
        p = self.lib.vxGetParameterByIndex(self.ffi.cast("vx_node", node.handle), index)
        self.expect(self.lib.vxGetStatus(self.vx.ref(p)), self.c.VX_SUCCESS)
        out = self.ffi.new("vx_reference *")
        self.expect(self.lib.vxQueryParameter(p, self.c.VX_PARAMETER_REF, out, self.ffi.sizeof("vx_reference")),
                    self.c.VX_SUCCESS)
        want = node.params[index]
        assert _addr(self.vx, out[0]) == (want.handle if want is not None else 0)
        if want is not None:                   # a reference the application now holds
            self.holds[want.handle] += 1
            self.kinds[want.handle] = want.kind
        self.expect(self.lib.vxReleaseParameter(self.ffi.new("vx_parameter *", p)), self.c.VX_SUCCESS)

    # graphs --------------------------------------------------------------------------------
    @precondition(lambda self: self.has_node())
    @rule(data=st.data())
    def remove_node(self, data):
        nodes = self.held("node")
        if not nodes:
            return
        a = data.draw(st.sampled_from(nodes))
        node = self.objs[a]
        ptr = self.ffi.new("vx_node *", self.ffi.cast("vx_node", a))
        ok = node.in_graph and not node.graph.scheduled
        self.expect(self.lib.vxRemoveNode(ptr), self.c.VX_SUCCESS if ok else self.c.VX_ERROR_GRAPH_SCHEDULED
                    if node.in_graph else self.c.VX_ERROR_INVALID_PARAMETERS)
        if ok:
            assert ptr[0] == self.ffi.NULL
            node.graph.nodes.remove(node)
            node.graph.params = [(n, i) for n, i in node.graph.params if n is not node]
            node.in_graph = False
            self._drop(a)

    def _verify_model(self, graph):
        """The status vxVerifyGraph must give, following the phases of graph/verify.py; virtual sizes
        are given as validation reaches their writers (kept even if a later node fails)."""
        c = self.c
        nodes = graph.nodes
        if not nodes:
            return c.VX_ERROR_INVALID_GRAPH
        for n in nodes:
            for i, p in enumerate(n.params):
                if p is None and not (len(n.params) == 3 and i == 1):
                    return c.VX_ERROR_NOT_SUFFICIENT
                if p is not None and p.graph is not None and p.graph is not graph:
                    return c.VX_ERROR_INVALID_SCOPE
        writers = {}
        for n in nodes:
            out = n.params[-1]
            if out.handle in writers:
                return c.VX_ERROR_MULTIPLE_WRITERS
            writers[out.handle] = n
        for n in nodes:
            if n.params[0].graph is not None and n.params[0].handle not in writers:
                return c.VX_ERROR_INVALID_GRAPH
        after = {n: [] for n in nodes}
        pending = dict.fromkeys(nodes, 0)
        for n in nodes:
            p = writers.get(n.params[0].handle)
            if p is not None:
                after[p].append(n)
                pending[n] += 1
        rank = {n: k for k, n in enumerate(nodes)}
        ready = collections.deque(n for n in nodes if pending[n] == 0)
        order = []
        while ready:
            n = ready.popleft()
            order.append(n)
            for m in sorted(after[n], key=rank.__getitem__):
                pending[m] -= 1
                if pending[m] == 0:
                    ready.append(m)
        if len(order) < len(nodes):
            return c.VX_ERROR_INVALID_GRAPH
        for n in order:
            src, dst = n.params[0], n.params[-1]
            n.meta_size = src.size
            if dst.graph is not None and dst.size == 0:
                dst.size = src.size
            elif dst.size != src.size:
                return c.VX_ERROR_INVALID_DIMENSION
        graph.order = order
        return c.VX_SUCCESS

    def _read(self, obj):
        buf = self.ffi.new("char[]", obj.size)
        self.expect(self.lib.vxCopyUserDataObject(self.ffi.cast("vx_user_data_object", obj.handle), 0, obj.size, buf,
                                                  self.c.VX_READ_ONLY, self.c.VX_MEMORY_TYPE_HOST), self.c.VX_SUCCESS)
        return bytes(self.ffi.buffer(buf))

    def _outcome(self, graph):
        """The nodes a run executes (up to one whose callback abandons it) and its status."""
        for k, n in enumerate(graph.order):
            if n.callback == "abandon":
                return graph.order[:k + 1], self.c.VX_ERROR_GRAPH_ABANDONED
        return graph.order, self.c.VX_SUCCESS

    def _after_run(self, graph, result):
        if result == self.c.VX_SUCCESS:       # only a complete run ages the delays
            for d in graph.delays:
                self._age(d)

    def _check_outputs(self, ran):
        """After a run: every node it ran has its input's bytes in its (readable) output."""
        for n in ran:
            src, dst = n.params[0], n.params[-1]
            if src.graph is None and dst.graph is None:
                assert self._read(src) == self._read(dst)

    def _graphs(self, data, wired=True):
        graphs = [a for a in self.held("graph") if self.objs[a].nodes or not wired]
        return self.objs[data.draw(st.sampled_from(graphs))] if graphs else None

    @precondition(lambda self: self.has_wired_graph())
    @rule(data=st.data(), how=st.sampled_from(["verify", "process", "schedule"]))
    def run_graph(self, data, how):
        graph = self._graphs(data)
        if graph is None:
            return
        self._run(graph, how)

    def _run(self, graph, how):
        g = self.ffi.cast("vx_graph", graph.handle)
        if graph.scheduled:
            fn = {"verify": self.lib.vxVerifyGraph, "process": self.lib.vxProcessGraph,
                  "schedule": self.lib.vxScheduleGraph}[how]
            self.expect(fn(g), self.c.VX_ERROR_GRAPH_SCHEDULED)
            return
        want = self._verify_model(graph)
        if how == "verify":
            self.expect(self.lib.vxVerifyGraph(g), want)
            assert self.lib.vxIsGraphVerified(g) == (want == self.c.VX_SUCCESS)
        elif how == "process":
            if want != self.c.VX_SUCCESS:
                self.expect(self.lib.vxProcessGraph(g), want)
                return
            ran, result = self._outcome(graph)
            self.expect(self.lib.vxProcessGraph(g), result, refusal=False)
            if not any(self.objs[a].scheduled for a in self.held("graph")):
                self._check_outputs(ran)
            self._after_run(graph, result)
        else:
            self.expect(self.lib.vxScheduleGraph(g), want)
            graph.scheduled = want == self.c.VX_SUCCESS

    @precondition(lambda self: self.has_wired_graph())
    @rule(data=st.data())
    def wait_graph(self, data):
        graph = self._graphs(data)
        if graph is None:
            return
        status = self.lib.vxWaitGraph(self.ffi.cast("vx_graph", graph.handle))
        if graph.scheduled:
            result = self._outcome(graph)[1]
            self.expect(status, result, refusal=False)
            self._after_run(graph, result)
        else:
            self.expect(status, self.c.VX_FAILURE)
        graph.scheduled = False

    def _age(self, delay):
        """The model of aging: slots rotate, every node bound to one follows its position."""
        delay.slots.insert(0, delay.slots.pop())
        for m in list(self.objs.values()):
            if isinstance(m, NodeModel):
                for index, (d, k) in m.bound.items():
                    if d is delay:
                        m.params[index] = delay.slots[k]

    @precondition(lambda self: self.has_node())
    @rule(data=st.data(), kind=st.sampled_from(["continue", "abandon", None]))
    def assign_callback(self, data, kind):
        node = self.objs[data.draw(st.sampled_from(self.held("node")))]
        if node.in_graph and node.graph.scheduled:
            return                                # the run reads it: not changed under it
        n = self.ffi.cast("vx_node", node.handle)
        fn = self.completions[kind] if kind else self.ffi.NULL
        ok = kind is None or node.callback is None
        self.expect(self.lib.vxAssignNodeCallback(n, fn), self.c.VX_SUCCESS if ok else self.c.VX_ERROR_NOT_SUPPORTED)
        if ok:
            node.callback = kind
        got = self.lib.vxRetrieveNodeCallback(n)
        assert got == (self.completions[node.callback] if node.callback else self.ffi.NULL)

    def _no_run(self):
        return not any(self.objs[a].scheduled for a in self.held("graph"))

    @precondition(lambda self: self.has_delay() and self._no_run())
    @rule(data=st.data())
    def age_delay(self, data):
        d = self.objs[data.draw(st.sampled_from(self.held("delay")))]
        self.expect(self.lib.vxAgeDelay(self.ffi.cast("vx_delay", d.handle)), self.c.VX_SUCCESS)
        self._age(d)

    @precondition(lambda self: self.has_delay() and self.has_graph())
    @rule(data=st.data())
    def register_auto_aging(self, data):
        graph = self._graphs(data, wired=False)
        if graph.scheduled:
            return
        d = self.objs[data.draw(st.sampled_from(self.held("delay")))]
        status = self.lib.vxRegisterAutoAging(self.ffi.cast("vx_graph", graph.handle), self.ffi.cast("vx_delay", d.handle))
        self.expect(status, self.c.VX_SUCCESS)
        if d not in graph.delays:
            graph.delays.append(d)

    @precondition(lambda self: self.has_node() and self.has_graph())
    @rule(data=st.data(), index=st.integers(0, 3))
    def add_graph_parameter(self, data, index):
        graph = self._graphs(data, wired=False)
        node = self.objs[data.draw(st.sampled_from(self.held("node")))]
        if index >= len(node.params):
            return
        p = self.lib.vxGetParameterByIndex(self.ffi.cast("vx_node", node.handle), index)
        self.expect(self.lib.vxGetStatus(self.vx.ref(p)), self.c.VX_SUCCESS)
        ok = node.in_graph and node.graph is graph
        self.expect(self.lib.vxAddParameterToGraph(self.ffi.cast("vx_graph", graph.handle), p),
                    self.c.VX_SUCCESS if ok else self.c.VX_ERROR_INVALID_PARAMETERS)
        self.expect(self.lib.vxReleaseParameter(self.ffi.new("vx_parameter *", p)), self.c.VX_SUCCESS)
        if ok:
            graph.params.append((node, index))

    @precondition(lambda self: self.has_graph())
    @rule(data=st.data(), gindex=st.integers(0, 3), get=st.booleans())
    def set_graph_parameter(self, data, gindex, get):
        graph = self._graphs(data, wired=False)
        g = self.ffi.cast("vx_graph", graph.handle)
        if get:                                   # the node's parameter, through the graph
            p = self.lib.vxGetGraphParameterByIndex(g, gindex)
            ok = gindex < len(graph.params)
            self.expect(self.lib.vxGetStatus(self.vx.ref(p)), self.c.VX_SUCCESS if ok else self.c.VX_ERROR_INVALID_VALUE)
            if ok:
                out = self.ffi.new("vx_uint32 *")
                self.expect(self.lib.vxQueryParameter(p, self.c.VX_PARAMETER_INDEX, out, 4), self.c.VX_SUCCESS)
                assert out[0] == graph.params[gindex][1]
                self.expect(self.lib.vxReleaseParameter(self.ffi.new("vx_parameter *", p)), self.c.VX_SUCCESS)
            return
        value = self._value_model(self._candidate(data))
        h = self._handle(value.handle) if value is not None else self.ffi.NULL
        if gindex >= len(graph.params):
            self.expect(self.lib.vxSetGraphParameterByIndex(g, gindex, h), self.c.VX_ERROR_INVALID_VALUE)
            return
        node, index = graph.params[gindex]
        want = self._set_status(node, index, value)
        self.expect(self.lib.vxSetGraphParameterByIndex(g, gindex, h), want)
        if want == self.c.VX_SUCCESS:
            node.params[index] = value
            delay = getattr(value, "delay", None)
            if delay is not None:
                node.bound[index] = (delay, delay.slots.index(value))
            else:
                node.bound.pop(index, None)

    @precondition(lambda self: self.has_node())
    @rule(data=st.data(), output=st.booleans(), wrong_type=st.booleans(), release=st.booleans())
    def query_meta_format(self, data, output, wrong_type, release):
        node = self.objs[data.draw(st.sampled_from(self.held("node")))]
        index = len(node.params) - 1 if output else 0
        lib, ffi, c = self.lib, self.ffi, self.c
        p = lib.vxGetParameterByIndex(ffi.cast("vx_node", node.handle), index)
        self.expect(lib.vxGetStatus(self.vx.ref(p)), c.VX_SUCCESS)
        meta = ffi.new("vx_meta_format *")
        status = lib.vxQueryParameter(p, c.VX_PARAMETER_META_FORMAT, meta, ffi.sizeof("vx_meta_format"))
        self.expect(status, c.VX_SUCCESS if output else c.VX_ERROR_NOT_SUPPORTED)
        self.expect(lib.vxReleaseParameter(ffi.new("vx_parameter *", p)), c.VX_SUCCESS)
        if not output:
            return
        size = ffi.new("vx_size *", 99)
        if wrong_type:
            self.expect(lib.vxQueryMetaFormatAttribute(meta[0], c.VX_ARRAY_CAPACITY, size, ffi.sizeof("vx_size")),
                        c.VX_ERROR_INVALID_TYPE if node.meta_size is not None else None)
        else:
            status = lib.vxQueryMetaFormatAttribute(meta[0], c.VX_USER_DATA_OBJECT_SIZE, size, ffi.sizeof("vx_size"))
            self.expect(status, c.VX_SUCCESS if node.meta_size is not None else c.VX_ERROR_NOT_SUPPORTED)
            if node.meta_size is not None:
                assert size[0] == node.meta_size
        if release:                               # not the application's to release
            ptr = ffi.new("vx_reference *", ffi.cast("vx_reference", meta[0]))
            self.expect(lib.vxReleaseReference(ptr), c.VX_ERROR_INVALID_REFERENCE)
            assert ptr[0] != ffi.NULL

    @precondition(lambda self: self.has_node())
    @rule(data=st.data(), mode=st.sampled_from(["undefined", "replicate", "bogus"]), wrong_size=st.booleans())
    def node_border(self, data, mode, wrong_size):
        node = self.objs[data.draw(st.sampled_from(self.held("node")))]
        c, ffi = self.c, self.ffi
        value = {"undefined": c.VX_BORDER_UNDEFINED, "replicate": c.VX_BORDER_REPLICATE, "bogus": 0x1234}[mode]
        border = ffi.new("vx_border_t *", {"mode": value})
        size = ffi.sizeof("vx_border_t") + (1 if wrong_size else 0)
        want = (c.VX_ERROR_INVALID_PARAMETERS if wrong_size else
                c.VX_ERROR_INVALID_VALUE if mode == "bogus" else c.VX_SUCCESS)
        self.expect(self.lib.vxSetNodeAttribute(ffi.cast("vx_node", node.handle), c.VX_NODE_BORDER, border, size), want)
        out = ffi.new("vx_border_t *")
        self.expect(self.lib.vxQueryNode(ffi.cast("vx_node", node.handle), c.VX_NODE_BORDER, out, size),
                    c.VX_ERROR_INVALID_PARAMETERS if wrong_size else c.VX_SUCCESS)
        if want == c.VX_SUCCESS:
            assert out.mode == value

    @precondition(lambda self: self.has_graph())
    @rule(data=st.data(), depth=st.sampled_from([0, 1, 3, 65]), event=st.booleans())
    def graph_pipelining(self, data, depth, event):
        """vx_khr_pipelining on a normal graph: the depth (used from the next verification) and a
        completion event; neither changes what its runs do."""
        graph = self._graphs(data, wired=False)
        c, ffi, g = self.c, self.ffi, self.ffi.cast("vx_graph", graph.handle)
        value = ffi.new("vx_uint32 *", depth)
        busy = c.VX_ERROR_GRAPH_SCHEDULED if graph.scheduled else c.VX_SUCCESS
        if event:
            self.expect(self.lib.vxRegisterEvent(ffi.cast("vx_reference", g), c.VX_EVENT_GRAPH_COMPLETED, 0, 1), busy)
        else:
            want = c.VX_ERROR_INVALID_VALUE if depth > 64 else busy
            self.expect(self.lib.vxSetGraphAttribute(g, c.VX_GRAPH_PIPELINE_DEPTH, value, 4), want)
        self.expect(self.lib.vxQueryGraph(g, c.VX_GRAPH_SCHEDULE_MODE, value, 4), c.VX_SUCCESS)
        assert value[0] == c.VX_GRAPH_SCHEDULE_MODE_NORMAL

    # kernels -------------------------------------------------------------------------------
    @rule(data=st.data())
    def remove_kernel(self, data):
        kernels = self.held("kernel")
        if not kernels:
            return
        a = data.draw(st.sampled_from(kernels))
        name = self.objs[a]
        used = any(isinstance(m, NodeModel) and m.kernel == name and (self.holds[h] or m.in_graph)
                   for h, m in self.objs.items())
        ok = not used and self.holds[a] == 1
        self.expect(self.lib.vxRemoveKernel(self.ffi.cast("vx_kernel", a)), self.c.VX_SUCCESS if ok else self.c.VX_FAILURE)
        if ok:
            self.holds[a] = 0
            del self.kernels[name]
            self._add_kernel(name)

    # references ----------------------------------------------------------------------------
    @rule(data=st.data())
    def retain(self, data):
        held = self.any_held()
        if not held:
            return
        a = data.draw(st.sampled_from(held))
        self.expect(self.lib.vxRetainReference(self._handle(a)), self.c.VX_SUCCESS)
        self.holds[a] += 1

    @rule(data=st.data(), generic=st.booleans())
    def release(self, data, generic):
        held = self.any_held()
        if not held:
            return
        a = data.draw(st.sampled_from(held))
        kind = self.kinds[a]
        if kind == "kernel" and self.holds[a] == 1:
            return                             # a kernel's last reference goes with vxRemoveKernel
        typed = {"udo": ("vx_user_data_object *", self.lib.vxReleaseUserDataObject),
                 "scalar": ("vx_scalar *", self.lib.vxReleaseScalar), "graph": ("vx_graph *", self.lib.vxReleaseGraph),
                 "node": ("vx_node *", self.lib.vxReleaseNode), "kernel": ("vx_kernel *", self.lib.vxReleaseKernel),
                 "delay": ("vx_delay *", self.lib.vxReleaseDelay),
                 "array": ("vx_object_array *", self.lib.vxReleaseObjectArray)}
        ctype, fn = ("vx_reference *", self.lib.vxReleaseReference) if generic else typed[kind]
        ptr = self.ffi.new(ctype, self.ffi.cast(ctype[:-2], a))
        self.expect(fn(ptr), self.c.VX_SUCCESS)
        assert ptr[0] == self.ffi.NULL
        self._drop(a)

    @rule(data=st.data())
    def use_released_handle(self, data):
        dead = sorted(a for a, n in self.holds.items() if n == 0 and self.kinds[a] in ("graph", "scalar"))
        if not dead:
            return
        a = data.draw(st.sampled_from(dead))
        if _live(self.vx, a):                # still held inside (a node's parameter): not stale
            return
        c, lib = self.c, self.lib
        stale = self.ffi.new("vx_reference *", self._handle(a))
        self.expect(lib.vxReleaseReference(stale), c.VX_ERROR_INVALID_REFERENCE)
        assert stale[0] != self.ffi.NULL                       # a refused release leaves the handle
        self.expect(lib.vxRetainReference(self._handle(a)), c.VX_ERROR_INVALID_REFERENCE)
        assert lib.vxIsGraphVerified(self.ffi.cast("vx_graph", a)) == c.vx_false_e
        assert any("was released" in text for _, text in self.vx.log[self.log_mark:])
        self.log_mark = len(self.vx.log)
        n = lib.vxCreateGenericNode(self.ffi.cast("vx_graph", a), self.ffi.cast("vx_kernel", self.kernels["fuzz.copy"]))
        self.expect(lib.vxGetStatus(self.vx.ref(n)), c.VX_ERROR_INVALID_REFERENCE)    # logged: the kernel is live

    @rule(data=st.data(), wrong_size=st.booleans())
    def query(self, data, wrong_size):
        held = self.any_held()
        if not held:
            return
        a = data.draw(st.sampled_from(held))
        kind, model, c, lib, ffi = self.kinds[a], self.objs[a], self.c, self.lib, self.ffi
        if kind == "graph" and data.draw(st.booleans()):
            fn, attr, ctype, want = lib.vxQueryGraph, c.VX_GRAPH_NUMPARAMETERS, "vx_uint32", len(model.params)
        elif kind == "graph":
            fn, attr, ctype, want = lib.vxQueryGraph, c.VX_GRAPH_NUMNODES, "vx_uint32", len(model.nodes)
        elif kind == "node":
            fn, attr, ctype, want = lib.vxQueryNode, c.VX_NODE_PARAMETERS, "vx_uint32", len(model.params)
        elif kind == "kernel":
            fn, attr, ctype, want = lib.vxQueryKernel, c.VX_KERNEL_PARAMETERS, "vx_uint32", KERNELS[model]
        elif kind == "udo" and (model.graph is None or model.size):
            fn, attr, ctype, want = lib.vxQueryUserDataObject, c.VX_USER_DATA_OBJECT_SIZE, "vx_size", model.size
        else:
            fn, attr, ctype, want = lib.vxQueryReference, c.VX_REFERENCE_COUNT, "vx_uint32", self.holds[a]
        out = ffi.new("vx_uint64 *", 12345)
        size = ffi.sizeof(ctype) + (4 if wrong_size else 0)
        self.expect(fn(ffi.cast(ffi.typeof(fn).args[0], a), attr, out, size),
                    c.VX_ERROR_INVALID_PARAMETERS if wrong_size else c.VX_SUCCESS)
        if wrong_size:
            assert out[0] == 12345                 # a refused query writes nothing
        else:
            assert ffi.cast(f"{ctype} *", out)[0] == want

    # invariants ----------------------------------------------------------------------------
    @invariant()
    def counts_are_exact(self):
        if not hasattr(self, "holds"):
            return
        held = self.any_held()
        assert self.vx.references() == self.start + len(held)
        out = self.ffi.new("vx_uint32 *")
        for a in held:
            assert self.lib.vxQueryReference(self._handle(a), self.c.VX_REFERENCE_COUNT, out, 4) == self.c.VX_SUCCESS
            assert out[0] == self.holds[a], (self.kinds[a], out[0], self.holds[a])

    def teardown(self):
        if not hasattr(self, "holds"):
            return
        lib, ffi, c = self.lib, self.ffi, self.c
        for a in self.held("graph"):
            if self.objs[a].scheduled:
                lib.vxWaitGraph(ffi.cast("vx_graph", a))
        for a in self.any_held():
            while self.holds[a]:
                if self.kinds[a] == "kernel" and self.holds[a] == 1:
                    break
                self.expect(lib.vxReleaseReference(ffi.new("vx_reference *", self._handle(a))), c.VX_SUCCESS)
                self._drop(a)
        for name, a in list(self.kernels.items()):      # nothing uses them any more
            self.expect(lib.vxRemoveKernel(ffi.cast("vx_kernel", a)), c.VX_SUCCESS)
        assert self.vx.references() == self.start
        ctx = _object(self.vx, self.vx.context)
        assert ctx is not None
        leftover = [o for o in ctx.objects.values() if o.vx_type not in (c.VX_TYPE_ERROR,)
                    and o not in self.standard_kernels]
        assert leftover == [], leftover


def test_graph_api_state_machine(vx):
    Machine.vx = vx
    Machine.TestCase.settings = settings(max_examples=400, stateful_step_count=50, deadline=None, derandomize=True,
                                         database=None, suppress_health_check=list(HealthCheck))
    Machine.TestCase().runTest()
