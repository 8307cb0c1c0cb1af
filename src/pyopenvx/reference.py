"""The common base of every OpenVX object: its handle, its counts, its name and its scope.

A handle is a header slot in the C arena (csrc/base/handle.c). The slot carries the type, the counts
and the name so that C can answer plain queries; this module keeps the policy: who holds what,
when an object dies, and which Python object a handle stands for.
"""
import contextlib
import threading
from typing import Any, Callable, Dict

from _pyopenvx import ffi, lib

from . import constants as vx
from .errors import VxError
from .handle_types import HANDLE_TYPES  # noqa: F401  (re-exported for capi)

# One lock for the object model. Exported functions hold it; anything that waits (graph execution,
# vxWaitGraph) must drop it first.
LOCK = threading.RLock()


@contextlib.contextmanager
def unlocked():
    """Drop the object-model lock entirely (however deeply held) while C runs or we wait."""
    state = LOCK._release_save()
    try:
        yield
    finally:
        LOCK._acquire_restore(state)


# Counts what may change VX_CONTEXT_REFERENCES (an object made or destroyed, a count changed):
# Context.references() counts again only after it moved, so reading it twice costs nothing.
changes = 0

# handle -> Reference. cffi pointers hash and compare by address whatever their C type, so a
# handle of any type finds its object without reading through it: a foreign pointer just misses.
_OBJECTS: dict[object, "Reference"] = {}

hold, drop, free = lib.pvx_ref_hold, lib.pvx_ref_drop, lib.pvx_ref_free
_HANDLES, _LEFT, _DESCS = ffi.typeof("pvx_ref *[]"), ffi.typeof("uint8_t[]"), ffi.typeof("void *[]")

_TYPE_NAMES = {getattr(vx, n): n[len("VX_TYPE_"):].lower() for n in dir(vx)
               if n.startswith("VX_TYPE_") and isinstance(getattr(vx, n), int)}


def type_name(vx_type):
    return _TYPE_NAMES.get(vx_type, hex(vx_type))


# vx_type -> the class's adopt(handle, desc), for each type C makes objects of (csrc/objects/lazy.h)
ADOPT: Dict[int, Callable[[Any, Any], Any]] = {}


def adopt_made_in_c(handle):
    """The object of a handle C made without Python (csrc/objects/lazy.h), made now around its
    handle and descriptor, or None."""
    desc = lib.pvx_lazy_take(handle)
    if desc == ffi.NULL:
        graph = lib.pvx_node_pending_graph(handle)    # a node C made (runtime/node_made.c): its graph
        if graph == ffi.NULL:                         # adopts its nodes in order
            return None
        _OBJECTS[graph].nodes
        return _OBJECTS.get(handle)
    h = ffi.cast("pvx_ref *", handle)
    return ADOPT[h.type](h, desc)


def adopt_scoped(scope, n):
    """The `n` virtual objects C made in graph `scope` (its handle) that Python has not met, met
    now (the graph is being released: csrc/objects/lazy.h)."""
    refs, descs = ffi.new(_HANDLES, n), ffi.new(_DESCS, n)
    for k in range(lib.pvx_lazy_take_scoped(scope, refs, descs, n)):
        ADOPT[refs[k].type](refs[k], descs[k])


def _first_sight(handle):
    """A handle _OBJECTS misses: made in C and met now, or None. Under the lock, so that two
    threads meeting it at once both get the one object."""
    if not isinstance(handle, ffi.CData) or handle == ffi.NULL:
        return None
    with LOCK:
        obj = _OBJECTS.get(handle)
        return obj if obj is not None else adopt_made_in_c(handle)


def lookup(handle, vx_type=0, what=None):
    """The live object a handle stands for; VX_ERROR_INVALID_REFERENCE for NULL, released,
    foreign or wrong-type handles. vx_type 0 accepts any type."""
    obj = _OBJECTS.get(handle)
    if obj is None:
        obj = _first_sight(handle)
    if obj is None or (vx_type and obj.vx_type != vx_type):
        kind = type_name(vx_type) if vx_type else "reference"
        # a released handle is still logged to the context it belonged to, if that one lives
        former = _OBJECTS.get(lib.pvx_ref_former_context(handle)) if obj is None and isinstance(handle, ffi.CData) and handle != ffi.NULL else None
        raise VxError(vx.VX_ERROR_INVALID_REFERENCE,
                      f"{what or kind} was released" if former else f"{what or kind} is not a valid {kind}",
                      obj or former)
    return obj


def find(handle):
    """The live object of a handle, or None."""
    obj = _OBJECTS.get(handle)
    return obj if obj is not None else _first_sight(handle)


def lookup_optional(handle, vx_type=0, what=None):
    return None if handle == ffi.NULL else lookup(handle, vx_type, what)


def live_objects():
    return list(_OBJECTS.values())


def release_all(objs, clear_external=False):
    """`obj.release(internal=True)` for each of `objs`, an object once per count dropped (internal
    releases are Reference.release's in every subclass), the counts in one C call; then those nobody
    holds any more are destroyed together (destroy_all), in their order. `clear_external`: each
    application's count goes first (1.3.1 vxReleaseGraph: the graph's nodes die with it)."""
    global changes
    changes += 1
    # None (a parameter left out) and the destroyed are skipped, so are the dying while their context
    # closes (objects holding each other in a cycle: Reference.release; what is released together is
    # of one context)
    objs = [o for o in objs if o is not None and o.h is not None]
    if objs and objs[0].context.closing:
        objs = [o for o in objs if not o.dying]
    n = len(objs)
    if not n:
        return
    left = ffi.new(_LEFT, n)
    bad = lib.pvx_ref_drop_all(ffi.new(_HANDLES, [o.h for o in objs]), n, clear_external, left)
    dead = [o for o, k in zip(objs, ffi.unpack(left, n if bad < 0 else bad)) if not k]
    if dead:
        destroy_all(dead)
    if bad >= 0:
        raise VxError(vx.VX_ERROR_INVALID_REFERENCE, f"{objs[bad]} has no internal reference left", objs[bad])


def destroy_all(objs):
    """Destroy each of `objs` not destroyed yet, in order (Reference.destroy): its `on_destroy`, then,
    together, the handles; what their `on_destroy` returned (what they held and no longer need: a
    node's parameters and kernel) is released last, in one release_all, so a graph's nodes release
    what they all held in one C call."""
    global changes
    changes += 1
    gone, held = [], []
    try:
        for obj in objs:
            if obj.h is None or obj.dying:
                continue
            obj.dying = True
            more = obj.on_destroy()
            if more:
                held += more
            gone.append(obj)
    finally:                                  # (an on_destroy that raised leaves the others destroyed)
        if len(gone) > 1:
            lib.pvx_ref_free_all(ffi.new(_HANDLES, [obj.h for obj in gone]), len(gone))
        for obj in gone:
            h = obj.h
            if obj.context is not obj:
                obj.context.objects.pop(h, None)
            del _OBJECTS[h]
            obj.h = None
        if len(gone) == 1:                    # (one object: no array to make)
            free(h)
    if held:
        release_all(held)


class Reference:
    """Base of all objects. `external` counts what the application holds, `internal` what the
    framework holds (graphs, parents, delays); the object dies when both reach zero."""

    vx_type = vx.VX_TYPE_REFERENCE
    closing = False     # a context destroying everything it holds (Context.on_destroy)

    def __init__(self, context, scope=None, external=1, handle=None):
        """`handle`: one C made, counts and context set (csrc/objects/image_lazy.c), that this object takes."""
        global changes
        changes += 1
        h = handle if handle is not None else lib.pvx_ref_alloc(self.vx_type)
        if h == ffi.NULL:
            raise VxError(vx.VX_ERROR_NO_RESOURCES, "no handle slots left")
        self.h = h
        # Every attribute most objects of a class take in their life is set in __init__, even to its
        # default: CPython (3.11, 3.12) shares one key table among a class's instances, but a name first
        # set after many instances exist no longer enters it, and each instance setting it then gets a
        # dict of its own for life (larger, slower to read, write and free: vxReleaseGraph freed one
        # per node and per image, ~1 KB each, scattered).
        self.dying = False  # in destroy(): what it releases may release it again (cycles)
        self.context = context if context is not None else self
        self.scope = scope if scope is not None else self.context
        if handle is None:
            h.context = self.context.h
            h.external_count = external
        _OBJECTS[h] = self
        if context is not None:
            context.objects[h] = self             # (its context's registry, by handle as _OBJECTS: no call)

    # counts -------------------------------------------------------------------------------
    @property
    def external(self):
        return self.h.external_count

    @property
    def internal(self):
        return self.h.internal_count

    @property
    def alive(self):
        return self.h is not None

    def retain(self, internal=False):
        if not internal:            # (VX_CONTEXT_REFERENCES counts external holders only)
            global changes
            changes += 1
        hold(self.h, internal)

    def release(self, internal=False):
        """Drop one count; the object is destroyed when nobody holds it any more. While its
        context closes, objects holding each other in a cycle (a node whose parameter is its
        own graph) are destroyed whatever their counts say."""
        global changes
        changes += 1                # (an internal release too: vxReleaseGraph zeroes its nodes' counts first)
        h = self.h
        if (h is None or self.dying) and self.context.closing:
            return
        left = drop(h, internal)              # (one C call: the counts read and written through cffi cost more)
        if left < 0:
            raise VxError(vx.VX_ERROR_INVALID_REFERENCE, f"{self} has no internal reference left" if internal
                          else f"{self} has already been released", self)
        if left == 0:
            destroy_all((self,))
        elif not left & 1 and not internal:
            self.context.unreferenced(self)

    def destroy(self):
        """Free everything the object owns, then its handle (destroy_all). Subclasses extend `on_destroy`."""
        destroy_all((self,))

    def on_destroy(self):
        """What the object frees when it dies; it may return objects it held, released after its handle."""

    # identity ------------------------------------------------------------------------------
    @property
    def name(self):
        return ffi.string(self.h.name).decode(errors="replace")

    @name.setter
    def name(self, text):
        raw = text.encode()[: vx.VX_MAX_REFERENCE_NAME - 1]
        ffi.memmove(self.h.name, raw + b"\0", len(raw) + 1)

    @property
    def counted(self):
        """Whether VX_CONTEXT_REFERENCES counts this object now: the application holds it."""
        return self.h.external_count > 0

    def __repr__(self):
        label = f" '{self.name}'" if self.h is not None and self.name else ""
        return f"<{type(self).__name__}{label}>"
