"""Context, the Object base and lifetimes for the Pythonic layer.

Lifetimes: an owned wrapper holds an `_Owner`, which releases the OpenVX reference when nothing
needs it any more: the wrapper's `release()` (or its `with` block), or the garbage collector once
the wrapper and every numpy view mapped from it are gone. A view keeps its object's memory alive
(a released image whose view is still in use is released after the view). Owners hold their
context's owner, so a context is released after its objects. Once the interpreter is finalizing
(interpreter exit), releases are skipped: the process ends with its objects, and no release can
run against a half torn down interpreter.
"""
from __future__ import annotations

import functools
import sys
import threading
import weakref
from typing import Any, Callable, Dict, Optional, Tuple, Type, TypeVar

from .. import constants as vx
from ..api import ffi, lib
from ..errors import attribute_name
from .errors import InvalidParameters, Released, StatusError, VXError, check  # noqa: F401  (StatusError re-exported)

# Callbacks C keeps for a context's objects (user kernels, node callbacks, its log), by context
# address then by what they serve: one owner each, replaced when set again, dropped with the context.
_KEPT: Dict[int, Dict[Any, Any]] = {}
_CONTEXTS: "weakref.WeakValueDictionary[int, _Owner]" = weakref.WeakValueDictionary()   # context address -> its _Owner


def _address(handle):
    return int(_cast(_UINTPTR, handle))


def keep(obj, key, callbacks):
    """Keeps `callbacks` alive while C may call them (None drops them)."""
    kept = _KEPT.setdefault(_address(lib.vxGetContext(obj.reference)), {})
    if callbacks is None:
        kept.pop(key, None)
    else:
        kept[key] = callbacks


def kept(obj, key):
    """What `keep` keeps for `key` on `obj`'s context (None when nothing)."""
    return _KEPT.get(_address(lib.vxGetContext(obj.reference)), {}).get(key)


class _Owner:
    """One OpenVX reference owned by Python. `pins` counts the numpy views that need its memory;
    `context` is the context's owner (None for a context); a context's `life` is shared by every
    owner of the process's one context (each Context holds one count of it) and says when the last
    count went, with every object; `keep` what the object's memory is
    (an application's numpy array). A graph may hold the object after the application released
    it, so `keep` moves to the context's `parked` list, swept once the object is gone. A context's
    `reusing` holds (weakly) its wrappers that keep an array for their next map (Object._view_base)."""
    __slots__ = ("handle", "release_fn", "ptr_type", "context", "pins", "keep", "parked", "reusing", "life",
                 "__weakref__")

    def __init__(self, handle, release_fn, ptr_type, context):
        self.handle, self.release_fn, self.ptr_type, self.context, self.pins, self.keep = \
            handle, release_fn, ptr_type, context, 0, None
        self.parked = [] if context is None else None       # (only a context's own is ever used)
        self.reusing = self.life = None

    def release(self):
        """Releases now; the status (VX_SUCCESS when the handle was already gone)."""
        handle, self.handle = self.handle, None
        if handle is None or (self.context is not None and self.context.life.gone):
            return vx.VX_SUCCESS                 # its context was released, and every object with it
        if self.keep is not None and self.context is not None:
            self.context.parked.append((handle, self.keep))
        last = self.life is not None and _count(handle) == 1      # a Context's, its last count
        status = self.release_fn(ffi.new(self.ptr_type, handle))
        if last:
            self.life.gone = True
            _KEPT.pop(_address(handle), None)
            self.parked = []                     # every object that used them is gone with the context
        return status

    def sweep(self):
        """Drops what parked objects kept once they are gone (a reused handle only keeps it longer)."""
        self.parked = [(h, keep) for h, keep in self.parked
                       if lib.vxGetStatus(ffi.cast("vx_reference", h)) == vx.VX_SUCCESS]

    def pin(self):
        with _PINS:                 # two threads may map one object at once
            self.pins += 1
            if self.context is not None:
                self.context.pins += 1

    def unpin(self, _pointer):
        with _PINS:
            self.pins -= 1
            if self.context is not None:
                self.context.pins -= 1

    def __del__(self):
        if self.handle is not None and not sys.is_finalizing():
            try:
                self.release()
            except Exception:       # noqa: BLE001  (a destructor has no caller to tell)
                pass


class _Life:
    """One context from its first Context to its last release (_Owner.life)."""
    __slots__ = ("gone",)

    def __init__(self):
        self.gone = False


def _count(handle):
    """VX_REFERENCE_COUNT of a handle (0 when it is not valid)."""
    out = ffi.new("vx_uint32 *")
    status = lib.vxQueryReference(ffi.cast("vx_reference", handle), vx.VX_REFERENCE_COUNT, out, 4)
    return out[0] if status == vx.VX_SUCCESS else 0


_PINS = threading.Lock()     # guards the pin counts (a += from two threads could lose one)
_CLASSES: Dict[int, Type["Object"]] = {}   # vx_type -> the Object subclass wrapping it
Handle = Any                # a cffi pointer: vx_image, vx_graph, ... (or a vx_reference)
# A Context / a Graph in the annotations of the modules pythonic.context and pythonic.graph import
# themselves (graph, nodes, image, dataobjects, threshold): importing them back would be a cycle.
ContextLike = Any
GraphLike = Any
_T = TypeVar("_T", bound="Object")
_UNSET = object()           # Object.settled: not read yet


@functools.lru_cache(maxsize=None)
def _c_type(name):
    """The cffi type of a C type name, parsed once (ffi.cast/new with a string parse it per call)."""
    return ffi.typeof(name)


_CHAR_P, _REFERENCE, _UINTPTR = _c_type("char *"), _c_type("vx_reference"), _c_type("uintptr_t")
# (the hot paths, wrapping handles and node helpers, give them parsed types: no name look-up a call)
_cast, _newp, _typeof = ffi.cast, ffi.new, ffi.typeof
_from_buffer, _CHARS = ffi.from_buffer, _c_type("char[]")     # _from_buffer(_CHARS, array, False)
_POINTERS: Dict[Any, Any] = {}      # a handle's cffi type -> the type of a pointer to it (what release takes)


def _pointer_to(ctype):
    pointer = _POINTERS.get(ctype)
    if pointer is None:
        pointer = _POINTERS[ctype] = ffi.typeof(f"{ctype.cname} *")
    return pointer


@functools.lru_cache(maxsize=None)
def _pointer_type(ctype):
    """(the C type `ctype *`, sizeof(ctype)), parsed once."""
    return ffi.typeof(f"{ctype} *"), ffi.sizeof(ctype)


_READERS: Dict[Tuple[Any, ...], Callable[["Object"], Any]] = {}   # (vxQuery<X>, attribute, C type, ...) -> reader


def reader(function: str, attribute: int, ctype: str, names: Optional[Dict[Any, Any]] = None,
           reported: Optional[str] = None) -> Callable[["Object"], Any]:
    """read(obj): attribute `attribute` of `obj` by vxQuery<X> `function` (its name) as `ctype`,
    planned once per attribute (the function, the out-argument's type and size); `names` maps the
    value (an enum to its name); `reported`: a graph's `_report(reported)` first while it has a
    `_watch` (a stream's node error, raised once). A property whose getter is the reader itself (`attribute`)
    costs one Python frame a read: `Object.handle`'s check is inline. Primitive out-arguments are
    reused from a free list (allocating one costs half the query; list.pop/append are atomic: a
    thread reading meanwhile takes or makes another); a struct's value is a view of its
    out-argument, which is therefore never reused."""
    key = (function, attribute, ctype, None if names is None else tuple(names.items()), reported)
    known = _READERS.get(key)
    if known is not None:
        return known
    call, (pointer, size) = getattr(lib, function), _pointer_type(ctype)
    reusable = ffi.typeof(ctype).kind in ("primitive", "enum")
    free: list = []
    what = f"{function}({attribute_name(attribute)})"

    def read(obj):
        handle, owner = obj._handle, obj._owner
        if handle is None or owner is not None and owner.context is not None and owner.context.handle is None:
            handle = obj.handle         # raises Released
        if reported is not None and obj._watch is not None:
            obj._report(reported)
        try:
            out = free.pop()
        except IndexError:
            out = _newp(pointer, None)
        status = call(handle, attribute, out, size)
        if status:
            check(status, what, obj)
        value = out[0]
        if reusable:
            free.append(out)
        return value if names is None else names[value]
    return _READERS.setdefault(key, read)


def settled_attribute(key: str, read: Callable[[Any], Any], unsettled: Any = None) -> Callable[[Any], Any]:
    """A property's getter for what stays as the object was made (see `Object.settled`): read(obj)
    once per wrapper, kept as `key`, in one Python frame a read (the handle's check inline)."""
    def get(obj):
        owner = obj._owner
        if obj._handle is None or owner is not None and owner.context is not None and owner.context.handle is None:
            obj.handle                  # noqa: B018  (raises Released)
        value = obj.__dict__.get(key, _UNSET)
        if value is _UNSET:
            value = read(obj)
            if value != unsettled:
                obj.__dict__[key] = value
        return value
    return get


def attribute(get: Callable[[Any], Any], doc: str, set: Optional[Callable[[Any, Any], None]] = None) -> Any:
    """A property whose getter is `get` itself (a reader or a settled attribute: no method frame in
    between); annotate it in the class (`status: int = attribute(...)`) for type checkers."""
    return property(get, set, doc=doc)


class Object:
    """An OpenVX reference owned by Python: released by `release()`, at the end of a with block,
    or when the wrapper (and every numpy view of its memory) is garbage collected.
    `wrap(handle)` makes a borrowed wrapper (e.g. a kernel's parameter) whose release only forgets it."""

    _release: Any = None     # the vxRelease<Type> function, set by subclasses
    _ctype = "vx_reference"  # the C handle type
    vx_type: Optional[int] = None
    _owner: Optional[_Owner] = None     # None for a borrowed wrapper
    _handle: Handle = None
    _view_base: Optional[Tuple[Any, Any, Any]] = None   # an array over mapped memory kept for the next
                             # map (_reused_view); it pins the memory like any view, so release() drops it first
    _last: Handle = None     # a kernel's borrowed wrapper: its handle in the last run (UserKernel._params)
    _virtual = False         # a virtual object (its `like()` gives a real one: Graph.readable)

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if cls.vx_type is not None:
            _CLASSES[cls.vx_type] = cls

    def __init__(self, handle: Handle, what: str, owned: bool = True, of: Optional["Object"] = None) -> None:
        """`of`: an object of the same context (a virtual object's graph) whose owner says which
        context owns this one, without asking C."""
        reference = _cast(_REFERENCE, handle)
        status = lib.vxGetStatus(reference)
        if status:
            check(status, what)
        self._handle = handle
        if owned:
            known = getattr(of, "_owner", None)
            context = known.context if known is not None else None if self.vx_type == vx.VX_TYPE_CONTEXT else \
                _CONTEXTS.get(_address(lib.vxGetContext(reference)))
            # the pointer type parsed now: a release may run in __del__, during another parse of
            # cffi's (a garbage collection there), which would wait for cffi's parse lock forever
            ctype = _typeof(handle)
            self._owner = _Owner(handle, type(self)._release, _POINTERS.get(ctype) or _pointer_to(ctype), context)

    @classmethod
    def wrap(cls: Type[_T], handle: Handle, owned: bool = False, what: str = "wrap", of: Optional["Object"] = None) -> _T:
        """A wrapper of `handle` (owned: this wrapper releases one reference of it; `of` as in __init__)."""
        obj = cls.__new__(cls)
        Object.__init__(obj, _cast(_c_type(cls._ctype), handle), what, owned, of)
        if cls._describe is not None:
            obj._describe()
        return obj

    @classmethod
    def borrow(cls: Type[_T], handle: Handle) -> _T:
        """A borrowed wrapper of a handle known valid and of this class (a kernel's parameter)."""
        obj = cls.__new__(cls)
        obj._handle = _cast(_c_type(cls._ctype), handle)
        if cls._describe is not None:
            obj._describe()
        return obj

    # _describe(self): fills what `__init__` would have set from queries (wrapped handles); None
    # where nothing is (images, nodes, graphs: wrapping them, a node helper's work, calls nothing)
    _describe: Any = None

    @property
    def handle(self) -> Handle:
        """The C handle (raises `Released` once released)."""
        handle = self._handle
        if handle is None:
            raise Released(type(self).__name__)
        owner = self._owner
        if owner is not None and owner.context is not None and owner.context.handle is None:
            raise Released(type(self).__name__, "its context was released, and every object of it")
        return handle

    @property
    def reference(self) -> Handle:
        """The handle as a vx_reference (for calls of pyopenvx.api that take any object)."""
        return _cast(_REFERENCE, self.handle)

    @property
    def released(self) -> bool:
        """True once release() ran (or the with block ended)."""
        return self._handle is None

    def release(self) -> None:
        """Releases the reference now (later if a numpy view of its memory is still alive);
        the wrapper is unusable after. Releasing twice does nothing."""
        owner, self._handle, self._owner, self._view_base = self._owner, None, None, None
        if owner is not None and owner.reusing:     # a context: arrays kept for reuse pin it too
            for obj in list(owner.reusing):
                obj._view_base = None
        if owner is not None and not owner.pins:
            check(owner.release(), f"release of {type(self).__name__}")

    def _forget(self):
        """The handle left C another way (e.g. vxRemoveKernel): drop it without a release."""
        if self._owner is not None:
            self._owner.handle = None
        self._handle = self._owner = None

    def _keep_view_base(self, base):
        """Keeps `base` (pointer, key, array over mapped memory) for the next map; the context's
        release drops it (it pins the context like any view)."""
        self._view_base = base
        context = self._owner.context if self._owner is not None else None
        if context is not None:
            if context.reusing is None:
                context.reusing = weakref.WeakSet()
            context.reusing.add(self)

    def _reused_view(self, pointer, key, make, *args):
        """A new numpy view of the mapped memory at `pointer` whose layout `key` describes. Maps
        of an object mostly give the same memory and layout again: the array over it, make(*args)
        (built on _view_buffer, so it pins the memory), is kept in `_view_base` and each map
        returns a new view of it (an earlier view stays read-only while a later map writes;
        building an array costs several times more than a view)."""
        base = self._view_base
        if base is None or base[0] != pointer or base[1] != key:
            base = (pointer, key, make(*args))
            self._keep_view_base(base)
        return base[2].view()

    def _view_buffer(self, pointer, nbytes):
        """A buffer of mapped memory for numpy that keeps this object (and its memory) alive
        while any array made from it lives."""
        owner = self._owner
        if owner is None:
            return ffi.buffer(pointer, nbytes)
        owner.pin()
        return ffi.buffer(ffi.gc(ffi.cast(_CHAR_P, pointer), owner.unpin), nbytes)

    def __enter__(self: _T) -> _T:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.release()

    def __repr__(self):
        if self.__dict__.get("_describing"):    # the error of a query made for this repr describes it
            return f"<{type(self).__name__}>"
        self._describing = True
        try:
            self.handle
            return f"<{type(self).__name__} {self._describe_state()}>"
        except Released:
            return f"<{type(self).__name__} released>"
        except VXError as exc:          # a dead or unreadable (virtual) object: say so, query nothing more
            return f"<{type(self).__name__} unreadable: {exc.status_name}>"
        finally:
            del self._describing

    def _describe_state(self):
        return f"at {_address(self._handle):#x}"

    def settled(self, key: str, read: Callable[[], Any], unsettled: Any = None) -> Any:
        """An attribute that stays as the object was made (a kernel's name, a pyramid's scale, a
        threshold's formats): read() once per wrapper, kept as `key` (read again while it gives
        `unsettled`: a virtual object's "VIRT"); a released wrapper still raises Released."""
        self.handle                     # noqa: B018  (raises Released)
        value = self.__dict__.get(key, _UNSET)
        if value is _UNSET:
            value = read()
            if value != unsettled:
                self.__dict__[key] = value
        return value

    def query(self, function: str, attribute: int, ctype: str) -> Any:
        """One attribute by vxQuery<Type> (`function`, its name) as `ctype` (see `reader`)."""
        return (_READERS.get((function, attribute, ctype)) or reader(function, attribute, ctype))(self)


def handle_of(obj: Any, name: str, what: str, kind: str = "Context") -> Handle:
    """`obj.handle` for argument `name` of `what`, or a TypeError naming the argument."""
    if isinstance(obj, Object) or (not isinstance(obj, type) and hasattr(obj, "handle")):
        return obj.handle
    raise TypeError(f"{what}: {name} must be a {kind}, not {type(obj).__name__}")


def size_of(value: Any, name: str, what: str) -> int:
    """A size or count argument (a vx_uint32), or the error naming it: TypeError for what is no
    integer, InvalidParameters for a negative or too large one."""
    if type(value) is int and 0 <= value <= 0xFFFFFFFF:    # the common case, without the checks' calls
        return value
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{what}: {name} must be an int, not {type(value).__name__}")
    value = value.__index__()
    if not 0 <= value <= 0xFFFFFFFF:
        raise InvalidParameters(vx.VX_ERROR_INVALID_PARAMETERS, what, None, [f"{name}={value}: not a size (0 to 2**32 - 1)"])
    return value


class Reference(Object):
    """Any other reference type, through the vx_reference API."""
    _release = lib.vxReleaseReference


def wrap_reference(handle: Handle, owned: bool = False) -> Optional[Object]:
    """The wrapper of the right class for a vx_reference (None for NULL)."""
    if handle == ffi.NULL:
        return None
    ref = ffi.cast("vx_reference", handle)
    out = ffi.new("vx_enum *")
    check(lib.vxQueryReference(ref, vx.VX_REFERENCE_TYPE, out, ffi.sizeof("vx_enum")), "vxQueryReference")
    return _CLASSES.get(out[0], Reference).wrap(ref, owned)
