"""What every data object shares: virtuality, graph scope, meta data for verification, and
cloning from an exemplar (object arrays, delays, replicated nodes).

Each data-object class implements:
  make_like(context, scope=None, virtual=False) -> a new object with the same meta data
  meta() -> {attribute: value} the data that verification compares (e.g. width, height, format)
  apply_meta(meta) -> fill in what a virtual object left open; raise VxError if it contradicts
  restore(meta) -> (virtual objects whose meta can change) take back the meta `meta` as created

Re-verification re-derives virtual objects: before the validator of the node that writes one,
the verifier calls `reopen()`, which makes what the application left open at creation open again
(what it fixed stays, and apply_meta still checks it). Memory is kept while the shape the
validator gives needs the same bytes, and dropped otherwise (allocated again lazily): nothing
outside the graph maps a virtual object.
"""
import contextlib

from _pyopenvx import ffi

from .. import constants as vx
from ..errors import VxError
from ..reference import Reference

_VIRTUAL = 0x1
_ACCESSIBLE = 0x2
_PART = 0x10                      # PVX_REF_PART (csrc/base/handle.h)


class DataObject(Reference):
    # The object array or delay that owns this object as an item or slot. While the application
    # holds the child, the child holds its parent (internally), so the parent outlives it.
    parent = None
    parent_image = None           # an ROI or channel image: the image it views (objects/image.py)
    viewed = None                 # what its memory views: a tensor view's tensor, the tensor of an
                                  # object array of its images (objects/tensor.py, tensor_images.py)

    def __init__(self, context, scope=None, virtual=False, external=1, handle=None):
        super().__init__(context, scope, external, handle)
        # (set here even when left as they are: Reference.__init__ says why)
        # Whether virtual: fixed at creation, in the handle's flags for C and here for Python (the
        # graph manager asks it per parameter)
        self.virtual = virtual
        if virtual:
            self.h.flags |= _VIRTUAL
        # A virtual object's meta as created, recorded at its first verification (only verification
        # changes a virtual object's meta, so it is still as created then).
        self.created = None

    def retain(self, internal=False):
        if not internal and self.parent is not None and self.external == 0:
            self.parent.retain(internal=True)
        super().retain(internal)

    def release(self, internal=False):
        parent = self.parent if not internal and self.external == 1 else None
        Reference.release(self, internal)     # (no super object: a graph's release comes here per parameter)
        if parent is not None:
            parent.release(internal=True)

    @property
    def accessible(self):
        """Whether the application may map or copy it now: always, unless virtual and no graph
        that owns it is running."""
        return not self.virtual or bool(self.h.flags & _ACCESSIBLE)

    def set_accessible(self, on):
        if on:
            self.h.flags |= _ACCESSIBLE
        else:
            self.h.flags &= ~_ACCESSIBLE

    def check_accessible(self, what="access"):
        if not self.accessible:
            raise VxError(vx.VX_ERROR_OPTIMIZED_AWAY, f"{what} of virtual {self} outside its graph", self)

    # subclasses -----------------------------------------------------------------------------
    def make_like(self, context, scope=None, virtual=False):
        raise NotImplementedError

    def meta(self):
        raise NotImplementedError

    def apply_meta(self, meta):
        raise NotImplementedError

    def restore(self, meta):
        raise VxError(vx.VX_ERROR_NOT_SUPPORTED, f"{self} cannot take back its meta as created", self)

    def reopen(self):
        """Before the validator that describes this virtual object: its attributes are as created
        again. Returns its meta now (the verifier compares it with what the validator asks)."""
        if self.created is None:
            self.created = self.meta()
        elif self.meta() != self.created:
            self.restore(self.created)
        return self.created


@contextlib.contextmanager
def accessible(objects):
    """Virtual objects a graph's kernels may touch outside its runs: while verification calls the
    initializers and target create callbacks (as TIOVX lets them)."""
    for obj in objects:
        obj.set_accessible(True)
    try:
        yield
    finally:
        for obj in objects:
            obj.set_accessible(False)


def mark_part(obj):
    """`obj` is part of something now (parts.container): csrc/runtime/node_made.c leaves a node
    taking it to Python, which binds delays."""
    obj.h.flags |= _PART


def adopt_children(parent, children, make):
    """Fill the list `children` with `make(i)` for each index, each child (created with one
    external count) then held only by `parent`. A refusal destroys the parent with what it holds.
    The parent's C descriptor lists the children's handles in creation order (`pvx_parts`), for
    kernels that walk a container (Swap, Move)."""
    try:
        for i in range(len(children)):
            child = make(i)
            child.retain(internal=True)
            child.release()
            child.parent = parent
            mark_part(child)
            children[i] = child
    except VxError:
        del children[children.index(None):]
        parent.destroy()
        raise
    parent._c_items = ffi.new("vx_reference[]", [ffi.cast("vx_reference", c.h) for c in children])
    parent.desc = ffi.new("pvx_parts *", {"count": len(children), "items": parent._c_items})
    parent.h.desc = parent.desc


def drop_children(children):
    """A parent dies: its children lose it, and die too unless the application holds them."""
    for child in children:
        child.parent = None
        if child.alive:
            child.release(internal=True)
