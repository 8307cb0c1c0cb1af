"""vx_node: a kernel instance in a graph, its parameters, attributes, local data and callback.

The C descriptor (`pvx_node`, csrc/runtime/schedule.h) is what the schedule runs and what the vxQueryNode
fast path reads; this object keeps it current."""
import copy
from types import MappingProxyType

from _pyopenvx import ffi, lib

from .. import constants as vx
from ..errors import VxError, check
from ..objects.parts import container, in_delay, items_of, part_at
from ..reference import Reference, find, hold, type_name
from . import targets
from .meta_format import MetaFormat

_BORDERS = (vx.VX_BORDER_UNDEFINED, vx.VX_BORDER_CONSTANT, vx.VX_BORDER_REPLICATE)

# Who may set VX_NODE_LOCAL_DATA_SIZE/PTR now (seed 000): only the initializer and deinitializer of
# a kernel without VX_KERNEL_LOCAL_DATA_SIZE (the latter not a pointer the implementation gave).
PHASE_NONE, PHASE_INIT, PHASE_DEINIT = range(3)

# The C types a node makes, parsed once (a type given as a string is parsed at each call).
_BYTES, _REF, _META = ffi.typeof("char[]"), ffi.typeof("vx_reference"), ffi.typeof("vx_meta_format")
_HANDLE = ffi.typeof("pvx_ref *")
# a node's block (pvx_node_block): the descriptor, then three slots a parameter
_BLOCK, _SLOTS = ffi.sizeof("pvx_node_block"), 3 * ffi.sizeof("void *")
# What every new node's descriptor starts as (pvx_node_init copies it whole: cheaper than setting
# each field).
_NEW_DESC = ffi.new("pvx_node *", {
    "replicas": 1, "status": vx.VX_SUCCESS, "state": vx.VX_NODE_STATE_STEADY,
    "debug_zonemask": (1 << vx.VX_ZONE_ERROR) | (1 << vx.VX_ZONE_WARNING),   # as the global mask starts
    "border": {"mode": vx.VX_BORDER_UNDEFINED}})
_NULL, _ANY = ffi.NULL, vx.VX_TYPE_REFERENCE
lib.pvx_node_serve(_NEW_DESC)                  # the same start for the nodes C makes (runtime/node_made.c)
LIKE = object()                                # `described` of a node verify.validate_nodes passed in C


class Node(Reference):
    vx_type = vx.VX_TYPE_NODE
    # what a new node starts with (class attributes: a node creation sets only what it must)
    containers = None                          # replicated: parameter index -> its container, held (hold_container)
    replicate = None                           # per-parameter flags once replicated
    target_id = None                           # seed 003: the target vxSetNodeTarget chose (targets.py)
    target_kernel = None                       # the target kernel its instances use, once created
    timeout = vx.VX_TIMEOUT_WAIT_FOREVER       # TIVX_NODE_TIMEOUT of create/delete (targets.py)
    timed_out = False                          # TIVX_NODE_IS_TIMED_OUT: its last create or delete expired
    metas_made = False                         # whether any output's meta format was made (output_meta)

    aliased = frozenset()                      # (a, b), a < b: pairs sharing a buffer (aliasing.py)
    # (read-only until a first entry: _bind_delay and events.register give the node its own)
    delay_slots = MappingProxyType({})         # parameter index -> (delay, slot index, path) it follows
    event_values = MappingProxyType({})        # vx_khr_pipelining event type -> app value (events.py)
    graph_event_values = MappingProxyType({})  # the same for its graph's own queue (vxRegisterGraphEvent)
    tiling = None                              # a tiling kernel's node: its own attributes (seed 001)

    def __init__(self, graph, kernel):
        # (the checks spelled out, messages formatted only on a refusal: every node creation runs them)
        if not kernel.finalized:
            raise VxError(vx.VX_ERROR_INVALID_REFERENCE, f"{kernel} is not finalized", kernel)
        if kernel.context is not graph.context:
            raise VxError(vx.VX_ERROR_INVALID_REFERENCE, f"{kernel} belongs to another context than {graph}", graph)
        if graph.imported:
            graph.check_changeable(f"a node of {kernel} cannot be added")
        super().__init__(graph.context, scope=graph)
        self.graph, self.kernel = graph, kernel
        # what verification sets on every node (here too: Reference.__init__ says why)
        self.initialized = False
        self.phase = PHASE_NONE
        self.local_buffer = None               # the local data buffer we allocated, if any
        self.described = None                  # a standard kernel's outputs as its validator described them
        n = len(kernel.signature)
        self.params = [None] * n
        self.metas = [None] * n
        if kernel.tiling is not None:
            self.tiling = copy.copy(kernel.tiling)
        hold(kernel.h, True)                   # (kernel.retain(internal=True), without its frame)
        kernel.nodes.add(self)
        # The descriptor, its parameter and replicate-flag arrays and the meta formats (one per
        # output for the node's life, made when first needed: output_meta; inputs get NULL, as
        # validators expect) in one allocation, laid out by one C call.
        self._block = ffi.new(_BYTES, _BLOCK + _SLOTS * (n or 1))
        d = self.desc = lib.pvx_node_init(self.h, self._block, _NEW_DESC, kernel.function, n, kernel.local_data_size)
        self._c_params = d.parameters
        if self.tiling is not None:
            d.border = kernel.border

    @classmethod
    def adopt(cls, graph, d):
        """A node C made in `graph` (csrc/runtime/node_made.c), which adopts it now: the object
        around its handle, counts, descriptor and parameters, as __init__, Graph.add_node and
        take_parameters would have left them (C took only arguments they take without a word)."""
        node = cls.__new__(cls)
        Reference.__init__(node, graph.context, scope=graph, handle=ffi.cast(_HANDLE, d.node))
        kernel = find(d.kernel)
        node.graph, node.kernel = graph, kernel
        node.initialized = False
        node.phase = PHASE_NONE
        node.local_buffer = None
        node.described = None
        n = d.num_parameters
        p = d.parameters
        node.params = [find(p[i]) for i in range(n)]     # (NULL: left out)
        node.metas = [None] * n
        kernel.nodes.add(node)
        node._block = node.desc = ffi.gc(d, lib.pvx_lazy_free_made)
        node._c_params = p
        return node

    # parameters ---------------------------------------------------------------------------
    def signature(self, index):
        if index >= len(self.params):
            raise VxError(vx.VX_ERROR_INVALID_PARAMETERS,
                          f"parameter index {index} is out of range ({self} has {len(self.params)})", self)
        return self.kernel.signature[index]

    def _admit(self, index, sig, obj):
        """The refusals of an argument (None: left out) for parameter `index` of signature `sig`:
        required, of this context, of the parameter's type (messages formatted only on refusal)."""
        if obj is None:
            if not sig.optional:
                raise VxError(vx.VX_ERROR_INVALID_REFERENCE,
                              f"{self} parameter {index} is required: it cannot be set to NULL", self)
            return
        if obj.context is not self.context:
            raise VxError(vx.VX_ERROR_INVALID_REFERENCE, f"{self} parameter {index}: {obj} belongs to another "
                          "context", self)
        if not sig.accepts(obj):
            raise VxError(vx.VX_ERROR_INVALID_TYPE, f"{self} parameter {index}: expects a "
                          f"{type_name(sig.data_type)}, got a {type_name(obj.vx_type)}", self)

    def set_parameter(self, index, obj):
        # (the steps that have nothing to do on an idle, unverified, unreplicated node are skipped
        # by the condition under which they act)
        sig = self.kernel.signature[index] if index < len(self.params) else self.signature(index)
        graph = self.graph
        if not graph.idle():
            graph.check_idle(lambda: f"{self} parameter {index} cannot be replaced", self)
        old = self.params[index]
        if graph.imported:
            graph.check_replacement(old, obj)
        # (what _admit lets through, tested inline; anything else goes to _admit, which decides)
        if obj is None or obj.context is not self.context or obj.vx_type != sig.data_type and sig.data_type != _ANY:
            self._admit(index, sig, obj)
        if obj is not None:
            hold(obj.h, True)                  # (obj.retain(internal=True): internal counts are Reference's)
        self._swap(index, obj)
        if self.replicate is not None:
            self.hold_container(index)
        if index in self.delay_slots or (obj is not None and container(obj) is not None):
            self._bind_delay(index, obj)       # (only a part of something can be in a delay)
        if graph.verified:
            graph.parameter_replaced(self, index, old, obj)
        if old is not None and old.h is not None:
            Reference.release(old, True)       # (internal releases are Reference's in every subclass)

    def take_parameters(self, objs):
        """A node just made and added to its graph takes its arguments (objects or None, all its
        parameters in order): set_parameter's work for a node with no parameter yet, in an
        unverified graph (add_node unverified it), unreplicated and following no delay, so only
        the refusals (the graph running, then _admit's, argument by argument) and the delay
        binding are left; the holds and the C array in one call. A refusal leaves the node holding
        nothing (its creator takes it back)."""
        graph = self.graph
        if objs and not graph.idle():
            graph.check_idle(lambda: f"{self} parameter 0 cannot be replaced", self)
        signature, context = self.kernel.signature, self.context
        handles, parts = [], None
        for index, obj in enumerate(objs):
            sig = signature[index]
            if obj is None:
                if not sig.optional:
                    self._admit(index, sig, obj)
                handles.append(_NULL)
                continue
            # (what _admit lets through, tested inline; anything else goes to _admit, which refuses)
            if obj.context is not context or obj.vx_type != sig.data_type and sig.data_type != _ANY:
                self._admit(index, sig, obj)
            handles.append(obj.h)
            if container(obj) is not None:
                parts = (parts or []) + [index]
        lib.pvx_node_take(self.desc, handles, len(objs))
        self.params[:] = objs
        if parts:
            for index in parts:
                self._bind_delay(index, objs[index])

    @property
    def _c_metas(self):
        """The meta formats of its outputs as validators get them (verify.py)."""
        return self.desc.metas

    def _swap(self, index, obj):
        old = self.params[index]
        self.params[index] = obj
        self._c_params[index] = ffi.cast(_REF, obj.h) if obj is not None else ffi.NULL
        return old

    def _bind_delay(self, index, obj):
        """A delay slot (or a part of one: a pyramid level, an object array item) as parameter: the
        node follows the slot index as the delay ages, and the same part of what is there."""
        bound = in_delay(obj) if obj is not None else None
        if bound is not None:
            self.delay_slots = {**self.delay_slots, index: bound}
            if self not in bound[0].followers:
                bound[0].followers.append(self)
        elif index in self.delay_slots:
            del self.delay_slots[index]

    def follow_delay(self, delay):
        for index, (d, slot, path) in list(self.delay_slots.items()):
            if d is delay:
                new = part_at(delay.slot(slot), path)
                new.retain(internal=True)
                self._swap(index, new).release(internal=True)
                self.hold_container(index)
        self.publish_parameters(self.desc.replicas)

    def hold_container(self, index):
        """A replicated parameter's container is held as long as the node takes its items: the
        application may release the container and item 0 while the graph still runs (or deletes)
        the replicas, which take the other items."""
        if self.replicate is None:
            return
        obj = self.params[index]
        new = container(obj) if obj is not None and self.replicate[index] else None
        if new is not None:
            new.retain(internal=True)
        if self.containers is None:
            self.containers = {}
        old = self.containers.pop(index, None)
        if new is not None:
            self.containers[index] = new
        if old is not None and old.alive:
            old.release(internal=True)

    def publish_parameters(self, replicas):
        """The C parameter array: one row per replica (replicated parameters take item r)."""
        n = len(self.params)
        d = self.desc
        if replicas == 1:                      # _c_params is kept current by _swap
            d.parameters, d.replicas = self._c_params, 1
            return
        rows = ffi.new("vx_reference[]", replicas * n)
        for r in range(replicas):
            for i, p in enumerate(self.params):
                item = items_of(container(p))[r] if p is not None and self.replicate[i] else p
                rows[r * n + i] = ffi.cast("vx_reference", item.h) if item is not None else ffi.NULL
        self._c_rows = rows
        d.parameters, d.replicas = rows, replicas

    # attributes ---------------------------------------------------------------------------
    @property
    def border(self):
        return self.desc.border

    def set_border(self, border):
        self.graph.check_changeable(f"the border of {self} cannot change")
        check(border.mode in _BORDERS or (self.tiling is not None and border.mode == vx.VX_BORDER_MODE_SELF),
              vx.VX_ERROR_INVALID_VALUE, f"border mode {border.mode:#x} is not supported by {self}", self)
        check(self.tiling is None or self.kernel.border.mode != vx.VX_BORDER_MODE_SELF, vx.VX_ERROR_INVALID_VALUE,
              f"{self}: its kernel handles its own border (VX_BORDER_MODE_SELF), which stands", self)
        self.desc.border = border
        self.graph.invalidate(f"the border of {self} changed")

    def set_local_data_size(self, size):
        self._check_local_data_access("VX_NODE_LOCAL_DATA_SIZE", own_buffer_blocks=False)
        self.desc.local_data_size = size

    def set_local_data_ptr(self, ptr):
        self._check_local_data_access("VX_NODE_LOCAL_DATA_PTR", own_buffer_blocks=True)
        self.desc.local_data_ptr = ptr

    def _check_local_data_access(self, what, own_buffer_blocks):
        """Only the initializer or deinitializer, never when the kernel declares
        VX_KERNEL_LOCAL_DATA_SIZE, and a deinitializer not the pointer the implementation gave."""
        check(self.phase in (PHASE_INIT, PHASE_DEINIT), vx.VX_ERROR_NOT_SUPPORTED,
              f"{self}: {what} can be set only by the kernel's initialize or deinitialize callback", self)
        check(self.kernel.local_data_size == 0, vx.VX_ERROR_NOT_SUPPORTED,
              f"{self}: {what} cannot be set: the kernel declares VX_KERNEL_LOCAL_DATA_SIZE", self)
        check(not (self.phase == PHASE_DEINIT and own_buffer_blocks and self.local_buffer is not None),
              vx.VX_ERROR_NOT_SUPPORTED, f"{self}: {what} was set by the implementation and cannot be changed", self)

    def set_timeout(self, ms):
        check(ms != 0, vx.VX_ERROR_INVALID_PARAMETERS, f"{self}: TIVX_NODE_TIMEOUT cannot be 0 "
              "(VX_TIMEOUT_WAIT_FOREVER: no limit)", self)
        self.timeout = ms

    def set_callback(self, callback):
        check(callback == ffi.NULL or self.desc.callback == ffi.NULL, vx.VX_ERROR_NOT_SUPPORTED,
              f"{self} already has a completion callback; assign NULL first", self)
        self.desc.callback = callback

    def set_target(self, target_enum, target_string):
        self.graph.check_changeable(f"the target of {self} cannot change")
        if target_enum == vx.VX_TARGET_STRING:
            check(target_string != ffi.NULL, vx.VX_ERROR_INVALID_PARAMETERS, "target string is NULL", self)
            targets.choose(self, ffi.string(target_string).decode(errors="replace"))
        else:
            check(target_enum == vx.VX_TARGET_ANY, vx.VX_ERROR_NOT_SUPPORTED,
                  f"target {target_enum:#x} is not supported", self)
            self.target_id = None
        self.graph.invalidate(f"the target of {self} changed")

    # local data and kernel callbacks (seed 000) ------------------------------------------
    def output_meta(self, index):
        """Output `index`'s meta format, made on first need (a node is made long before it is
        verified, and most never have it queried); None for an input."""
        meta = self.metas[index]
        if meta is None and index in self.kernel.outputs:
            meta = self.metas[index] = MetaFormat(self.context, self)
            self.desc.metas[index] = ffi.cast(_META, meta.h)
            self.metas_made = True
            if self.described is not None:
                self._show(index, meta)
        return meta

    def output_type(self, index):
        obj = self.params[index]
        return obj.vx_type if obj is not None else self.kernel.signature[index].data_type

    def meta(self, index, object_type):
        meta = self.output_meta(index)
        meta.reset(object_type)
        return meta

    def show(self, described):
        """A standard kernel's validator said `described` ({output index: attributes}, in Python:
        verification needs no meta format): what its outputs' meta formats show, those made later
        (VX_PARAMETER_META_FORMAT) included."""
        self.described = described
        if self.metas_made:
            for index, meta in enumerate(self.metas):
                if meta is not None:
                    self._show(index, meta)

    def _show(self, index, meta):
        meta.reset(self.output_type(index))
        described = self.described
        # (passed by its kernel's `like` rule in C: the output has the geometry its validator gives)
        shown = self.params[index].meta() if described is LIKE else described.get(index, {})
        for attribute, value in shown.items():
            meta.store(attribute, value)

    def reset_local_data(self):
        """Before validation: the kernel's declared size, or nothing for the initializer to set."""
        size = self.kernel.local_data_size
        if size:
            if self.local_buffer is None or len(self.local_buffer) != size:
                self.local_buffer = ffi.new("char[]", size)
            self.desc.local_data_size, self.desc.local_data_ptr = size, self.local_buffer
        else:
            self.local_buffer = None
            self.desc.local_data_size, self.desc.local_data_ptr = 0, ffi.NULL

    def provide_local_data(self):
        """After the initializer: a buffer of the size it asked for, if it did not give one."""
        d = self.desc
        if self.kernel.local_data_size == 0 and d.local_data_size and d.local_data_ptr == ffi.NULL:
            self.local_buffer = ffi.new("char[]", d.local_data_size)
            d.local_data_ptr = self.local_buffer

    def call_kernel_callback(self, fn, phase, what):
        if fn == ffi.NULL:
            return vx.VX_SUCCESS
        self.phase = phase
        try:
            return fn(self.desc.node, self.desc.parameters, self.desc.num_parameters)
        finally:
            self.phase = PHASE_NONE

    def initialize(self):
        fn = self.kernel.initialize
        if fn == ffi.NULL:                     # (then reset_local_data left provide_local_data nothing)
            self.initialized = True
            return
        status = self.call_kernel_callback(fn, PHASE_INIT, "initialize")
        if status != vx.VX_SUCCESS:
            raise VxError(status, f"the initialize callback of {self} failed", self)
        self.initialized = True
        self.provide_local_data()

    def deinitialize(self):
        """Before re-verification and when the node dies; a failure is logged by the caller.
        A node on a target runs its delete callbacks there first (seed 003)."""
        if self.target_kernel is not None:    # (it has target instances only then: targets._create)
            targets.delete_node(self)
        if not self.initialized:
            return vx.VX_SUCCESS
        self.initialized = False
        fn = self.kernel.deinitialize
        status = vx.VX_SUCCESS if fn == ffi.NULL else self.call_kernel_callback(fn, PHASE_DEINIT, "deinitialize")
        if self.kernel.local_data_size == 0 and not self.dying:    # (a dying node's descriptor goes with it)
            self.local_buffer = None
            self.desc.local_data_size, self.desc.local_data_ptr = 0, ffi.NULL
        return status

    # life ---------------------------------------------------------------------------------
    def on_destroy(self):
        """Returns what the node held (parameters, containers, meta formats, kernel): destroy_all releases
        them with what the other nodes dying with it held, in one C call."""
        if self.target_kernel is not None or self.initialized and self.kernel.deinitialize != ffi.NULL:
            self.deinitialize()                # (a dying node's, else, only forgets it was initialized)
        if self.delay_slots:
            for delay, *_ in self.delay_slots.values():
                if self in delay.followers:
                    delay.followers.remove(self)
        kernel = self.kernel
        kernel.nodes.discard(self)
        held = [*self.params]                  # (release_all skips the NULLs and the destroyed)
        if self.containers:
            held += self.containers.values()
        if self.metas_made:
            held += self.metas
        held.append(kernel)
        return held

    def __repr__(self):
        label = self.name if self.h is not None and self.name else None
        return f"<Node '{label or self.kernel.kernel_name}'>"
