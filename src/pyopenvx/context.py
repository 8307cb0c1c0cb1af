"""The context: owner of every object, of the kernel registry, of the log and of user structs."""
from _pyopenvx import ffi, lib

from . import constants as vx
from .errors import VxError
from . import reference
from .reference import LOCK, Reference

IMPLEMENTATION = "pyopenvx"
EXTENSIONS = ("vx_khr_user_data_object", "vx_khr_tiling", "vx_khr_buffer_aliasing", "vx_khr_ix",   # the Khronos
              "vx_khr_nn", "KHR_NN_8", "KHR_NN_16")                             # extensions we implement completely
CONVOLUTION_MAX_DIMENSION = 15
OPTICAL_FLOW_MAX_WINDOW_DIMENSION = 31            # csrc/kernels/optflow.c: its int32 lane bounds and PATCH_COLS
NONLINEAR_MAX_DIMENSION = 9
MAX_TENSOR_DIMS = 6
USER_KERNEL_IDS = 4096           # dynamic pool at VX_KERNEL_BASE(VX_ID_USER, 0)
USER_LIBRARY_IDS = range(1, 256)
_PERFORMANCE = 0x4               # PVX_REF_PERFORMANCE


def kernel_base(vendor, library):
    """VX_KERNEL_BASE as the vx_enum C sees (a signed 32-bit value)."""
    value = (vendor << 20) | (library << 12)
    return value - (1 << 32) if value >= 1 << 31 else value


class ErrorObject(Reference):
    """The object creators return instead of NULL: one per status per context, never counted."""

    vx_type = vx.VX_TYPE_ERROR

    def __init__(self, context, status):
        super().__init__(context, external=0)
        self.status = status
        self.h.status = status
        self.h.internal_count = 1      # the context holds it until it dies

    @property
    def counted(self):
        return False


class Context(Reference):
    vx_type = vx.VX_TYPE_CONTEXT
    live = None          # the process's one context, from its creation to its destruction (vxCreateContext)

    def __init__(self):
        self.objects = {}                        # slot -> object, creation order (Reference's life keeps it)
        super().__init__(None)
        self.events = lib.pvx_events_create()    # vx_khr_pipelining's event queue, read in C
        self.desc = ffi.new("pvx_context *", {"events": self.events})   # what C reads (csrc/runtime/context.h)
        self.h.desc = self.desc
        self.log_callback = None
        self.log_reentrant = False
        self.log_enabled = False
        self.performance_enabled = False
        self.immediate_border = ffi.new("vx_border_t *", {"mode": vx.VX_BORDER_UNDEFINED})
        self.immediate_border_policy = vx.VX_BORDER_POLICY_DEFAULT_TO_UNDEFINED
        self.immediate_target = vx.VX_TARGET_ANY
        self.immediate_graphs = None             # kernels.calls.ImmediateGraphs, made by the first vxu call
        self.user_structs = []                   # [(size, name or None)], enum = START + index
        self.user_kernel_ids = 0
        self.user_library_ids = 0
        self.errors = {}
        self.kernels = []                        # every kernel known to the context
        self.standard_kernels = {}               # a registry.Row's enum_name -> its kernel (kernels.registry.register)
        self.modules = {}                        # name -> loaded module
        self.kernel_libraries = {}               # name -> (publish, unpublish) of vxRegisterKernelLibrary
        self.exported = {}                       # address -> memory of vxExportObjectsToMemory (ix.py)
        Context.live = self

    @property
    def performance_enabled(self):
        return bool(self.h.flags & _PERFORMANCE)

    @performance_enabled.setter
    def performance_enabled(self, on):
        """Kept in the handle header: graphs running in C read it there."""
        self.h.flags = (self.h.flags | _PERFORMANCE) if on else (self.h.flags & ~_PERFORMANCE)

    # ownership ----------------------------------------------------------------------------
    def unreferenced(self, obj):
        """The application released its last reference to `obj`, which the framework still holds:
        a cached immediate-mode graph holding it lets it go (it dies now unless others hold it)."""
        if self.immediate_graphs is not None and obj is not self:
            self.immediate_graphs.forget_object(obj)

    def adopt_nodes(self):
        """Every graph's nodes made in C joins it now (graph.py, Graph.nodes): before what walks
        the nodes of the whole context (its release, a kernel's or module's removal)."""
        for obj in list(self.objects.values()):
            if obj.vx_type == vx.VX_TYPE_GRAPH:
                obj.nodes

    _counted = (-1, 0)      # (reference.changes when counted, how many objects `counted` said)

    def references(self):
        """VX_CONTEXT_REFERENCES: the objects the application holds now (objects made in C that
        Python has not seen yet included). Counted again only after reference.changes moved."""
        at, counted = self._counted
        if at != reference.changes:
            with LOCK:              # (the pythonic layer reads it without an exported call's lock)
                at = reference.changes
                counted = sum(1 for o in self.objects.values() if o.counted)
                self._counted = (at, counted)
        return counted + self.h.c_lazy

    def error(self, status):
        if status not in self.errors:
            self.errors[status] = ErrorObject(self, status)
        return self.errors[status]

    def on_destroy(self):
        """Releasing the context frees everything created in it, its nodes first, then newest
        first, once scheduled graphs have finished their runs (they use those objects)."""
        self.closing = True
        if Context.live is self:
            Context.live = None
        self.adopt_nodes()
        lib.pvx_lazy_release_context(self.h)
        for obj in list(self.objects.values()):
            if obj.vx_type == vx.VX_TYPE_GRAPH:
                if obj.worker is not None:
                    obj.join()
                elif obj.desc.scheduled:
                    obj.join_c()
                obj.end_frames()
        objs = list(self.objects.values())
        # Nodes first: their deinitializers and targets' delete callbacks read their parameters,
        # which may be newer than they (set after the node was made, or made in C and met by
        # Python only when set: csrc/objects/lazy.h); then the rest, newest first.
        for obj in reversed(objs):
            if obj.vx_type == vx.VX_TYPE_NODE:
                obj.destroy()
        for obj in reversed(objs):
            obj.destroy()
        self.objects.clear()
        for module in self.modules.values():      # their kernels are gone: the libraries may go too
            module.close()
        self.modules.clear()
        self.h.desc = ffi.NULL
        lib.pvx_events_destroy(self.events)
        lib.pvx_memory_release_kept()             # the large blocks kept for reuse go with it

    # user structs ---------------------------------------------------------------------------
    def register_user_struct(self, size, name=None):
        if size == 0:
            raise VxError(vx.VX_ERROR_INVALID_PARAMETERS, "a user struct cannot have size 0")
        if name is not None:
            if not name or len(name) >= vx.VX_MAX_REFERENCE_NAME:
                raise VxError(vx.VX_ERROR_INVALID_PARAMETERS,
                              f"user struct name must be 1..{vx.VX_MAX_REFERENCE_NAME - 1} characters")
            if any(n == name for _, n in self.user_structs):
                raise VxError(vx.VX_ERROR_INVALID_PARAMETERS, f"user struct {name!r} is already registered")
        if vx.VX_TYPE_USER_STRUCT_START + len(self.user_structs) > vx.VX_TYPE_USER_STRUCT_END:
            raise VxError(vx.VX_ERROR_NO_RESOURCES, "no user struct enumerations left")
        self.user_structs.append((size, name))
        return vx.VX_TYPE_USER_STRUCT_START + len(self.user_structs) - 1

    def user_struct(self, enum):
        """(size, name) of a registered user struct enum, or None."""
        index = enum - vx.VX_TYPE_USER_STRUCT_START
        return self.user_structs[index] if 0 <= index < len(self.user_structs) else None

    def user_struct_by_name(self, name):
        for i, (_, n) in enumerate(self.user_structs):
            if n == name:
                return vx.VX_TYPE_USER_STRUCT_START + i
        return None

    # kernel ids -----------------------------------------------------------------------------
    def allocate_kernel_id(self):
        if self.user_kernel_ids >= USER_KERNEL_IDS:
            raise VxError(vx.VX_ERROR_NO_RESOURCES, "the 4096 dynamic user kernel ids are exhausted")
        self.user_kernel_ids += 1
        return kernel_base(vx.VX_ID_USER, 0) + self.user_kernel_ids - 1

    def allocate_library_id(self):
        if self.user_library_ids >= len(USER_LIBRARY_IDS):
            raise VxError(vx.VX_ERROR_NO_RESOURCES, "the library ids 1..255 are exhausted")
        self.user_library_ids += 1
        return USER_LIBRARY_IDS[self.user_library_ids - 1]
