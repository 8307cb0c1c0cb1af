"""Scalars and arrays made in C (csrc/objects/lazy.h, issue 32): the C program of every use before
and after Python meets them, and the two paths compared: what C makes is what Python makes, and
every request C does not serve gets the Python path's status and log line."""
import pytest

LAZY = 0x8                  # PVX_REF_LAZY


def test_c_program(c_program):
    c_program("lazy_objects.c", extra=("-pthread",))


def _core(vx, handle, ctype="pvx_ref *"):
    """A `vx` handle (or any pointer) in the embedded module's types."""
    from _pyopenvx import ffi as core_ffi
    return core_ffi.cast(ctype, int(vx.ffi.cast("uintptr_t", handle)))


def _python_path(vx, name, *args):
    """The exported function's Python body (pvx_py_<name>), which the C export calls when its fast
    path does not answer; handles come back in `vx`'s types."""
    from _pyopenvx import ffi as core_ffi
    from _pyopenvx import lib as core
    fn = getattr(core, f"pvx_py_{name}")
    params = core_ffi.typeof(fn).args
    out = fn(*(_core(vx, a, core_ffi.getctype(t)) if isinstance(a, vx.ffi.CData) else a
               for a, t in zip(args, params)))
    return vx.ffi.cast("vx_reference", int(core_ffi.cast("uintptr_t", out))) if isinstance(out, core_ffi.CData) else out


def _release(vx, handle, kind):
    ctype = f"vx_{kind.lower()}"
    assert getattr(vx.lib, f"vxRelease{kind}")(vx.ffi.new(f"{ctype} *", vx.ffi.cast(ctype, handle))) == vx.c.VX_SUCCESS


@pytest.mark.parametrize("kind", ["Scalar", "Array"])
def test_made_in_c_and_met_by_python_on_first_lookup(vx, kind):
    """No Python object until Python needs the handle, then one around the same handle and
    descriptor; VX_CONTEXT_REFERENCES counts it in both states."""
    from pyopenvx import reference
    c, lib, ffi = vx.c, vx.lib, vx.ffi
    before = vx.references()
    value = ffi.new("vx_int32 *", 1234)
    if kind == "Scalar":
        handle = lib.vxCreateScalar(vx.context, c.VX_TYPE_INT32, value)
    else:
        handle = lib.vxCreateArray(vx.context, c.VX_TYPE_INT32, 8)
        assert lib.vxAddArrayItems(handle, 1, value, 4) == c.VX_SUCCESS
    h = _core(vx, handle)
    desc = h.desc
    assert h.flags & LAZY and h not in reference._OBJECTS
    assert vx.references() == before + 1
    assert lib.vxSetReferenceName(vx.ref(handle), b"seen") == c.VX_SUCCESS
    obj = reference._OBJECTS[h]
    assert not h.flags & LAZY and obj.desc == desc and obj.h == h and obj.name == "seen"
    assert obj.context is reference.lookup(_core(vx, vx.context))
    if kind == "Scalar":
        assert obj.data_type == c.VX_TYPE_INT32 and obj.value == 1234
    else:
        assert (obj.item_type, obj.capacity, obj.num_items, obj.item_size) == (c.VX_TYPE_INT32, 8, 1, 4)
    assert vx.references() == before + 1
    _release(vx, handle, kind)
    assert vx.references() == before and not obj.alive


def test_scalars_made_in_c_are_what_python_makes(vx):
    """Every type vxCreateScalar serves in C: the descriptor and value equal Scalar's."""
    from pyopenvx.datatypes import SCALAR_TYPES, SIZES
    from pyopenvx.reference import LOCK, lookup
    ffi, lib, c = vx.ffi, vx.lib, vx.c
    for data_type in SCALAR_TYPES:
        raw = ffi.new("unsigned char[]", bytes(range(7, 7 + SIZES[data_type])))
        made = lib.vxCreateScalar(vx.context, data_type, raw)
        assert _core(vx, made).flags & LAZY, hex(data_type)
        py = _python_path(vx, "vxCreateScalar", vx.context, data_type, raw)
        assert not _core(vx, py).flags & LAZY
        with LOCK:
            a, b = lookup(_core(vx, made)), lookup(_core(vx, py))
            assert (a.data_type, a.size, a.mem.bytes, a.virtual) == (b.data_type, b.size, b.mem.bytes, b.virtual)
            assert bytes(ffi.buffer(raw, SIZES[data_type])) == ffi.buffer(_core(vx, a.base(), "char *"), a.size)[:]
        _release(vx, made, "Scalar")
        _release(vx, py, "Scalar")


def test_arrays_made_in_c_are_what_python_makes(vx):
    """Every item type vxCreateArray serves in C: the descriptor equals Array's."""
    from pyopenvx.datatypes import SIZES
    from pyopenvx.reference import LOCK, lookup
    fields = ("item_type", "item_size", "capacity", "num_items")
    for item_type in SIZES:
        made = vx.lib.vxCreateArray(vx.context, item_type, 7)
        assert _core(vx, made).flags & LAZY, hex(item_type)
        py = _python_path(vx, "vxCreateArray", vx.context, item_type, 7)
        with LOCK:
            a, b = lookup(_core(vx, made)), lookup(_core(vx, py))
            assert [getattr(a.desc, f) for f in fields] == [getattr(b.desc, f) for f in fields]
            assert a.mem.bytes == b.mem.bytes and a.mem.base == b.mem.base == vx.ffi.NULL
        _release(vx, made, "Array")
        _release(vx, py, "Array")


def _refusals(vx):
    """(function, arguments) that C must leave to Python; handles as `vx` has them."""
    c, ffi = vx.c, vx.ffi
    value = ffi.new("vx_int32 *", 1)
    img = vx.lib.vxCreateImage(vx.context, 8, 8, c.VX_DF_IMAGE_U8)
    foreign = ffi.new("char[256]")
    vx.kept += [value, img, foreign]
    bad_contexts = [ffi.NULL, ffi.cast("vx_context", img), ffi.cast("vx_context", foreign)]
    return ([("vxCreateScalar", (vx.context, t, value)) for t in (c.VX_TYPE_RECTANGLE, c.VX_TYPE_INVALID, 0x7777)] +
            [("vxCreateScalar", (ctx, c.VX_TYPE_INT32, value)) for ctx in bad_contexts] +
            [("vxCreateArray", (vx.context, t, 4)) for t in (c.VX_TYPE_INVALID, 0x7777)] +
            [("vxCreateArray", (vx.context, c.VX_TYPE_UINT8, n)) for n in (0, 1 << 62, (1 << 62) - 1)] +
            [("vxCreateArray", (vx.context, c.VX_TYPE_KEYPOINT, 1 << 60))] +
            [("vxCreateArray", (ctx, c.VX_TYPE_INT32, 4)) for ctx in bad_contexts])


def test_refusals_are_the_python_paths(vx):
    """Each request C does not serve: the same status and log line as the Python path, nothing made."""
    cases = _refusals(vx)
    before = vx.references()
    for name, args in cases:
        outcomes = []
        for call in (getattr(vx.lib, name), lambda *a: _python_path(vx, name, *a)):
            vx.log.clear()
            out = call(*args)
            outcomes.append((vx.lib.vxGetStatus(vx.ffi.cast("vx_reference", out)), list(vx.log)))
        assert outcomes[0] == outcomes[1], (name, args)
        status, log = outcomes[0]
        assert status != vx.c.VX_SUCCESS and len(log) <= 1 and (not log or log[0][0] == status), (name, args)
        assert vx.references() == before
    _release(vx, vx.kept[1], "Image")


@pytest.mark.parametrize("kind", ["Scalar", "Array"])
def test_release_refusals_are_the_python_paths(vx, kind):
    """vxReleaseX and vxReleaseReference of NULL, of a pointer to NULL, of a released handle and of
    the other type: the same status and line from a lazy object as from one Python made."""
    c, ffi, lib = vx.c, vx.ffi, vx.lib
    value = ffi.new("vx_int32 *", 1)
    other = "Array" if kind == "Scalar" else "Scalar"

    def make(lazy):
        if kind == "Scalar":
            return lib.vxCreateScalar(vx.context, c.VX_TYPE_INT32, value) if lazy else \
                lib.vxCreateScalarWithSize(vx.context, c.VX_TYPE_INT32, value, 4)
        made = lib.vxCreateArray(vx.context, c.VX_TYPE_INT32, 4)
        if not lazy:
            assert lib.vxSetReferenceName(vx.ref(made), b"") == c.VX_SUCCESS     # met by Python
        return made

    def outcomes(lazy):
        seen = []
        handle = make(lazy)
        assert bool(_core(vx, handle).flags & LAZY) == lazy
        for release, ptr in ((f"vxRelease{other}", ffi.new(f"vx_{other.lower()} *", ffi.cast(f"vx_{other.lower()}", handle))),
                             (f"vxRelease{kind}", ffi.NULL), (f"vxRelease{kind}", ffi.new(f"vx_{kind.lower()} *")),
                             ("vxReleaseReference", ffi.new("vx_reference *"))):
            vx.log.clear()
            seen.append((getattr(lib, release)(ptr), list(vx.log)))
        stale = ffi.new(f"vx_{kind.lower()} *", handle)
        assert getattr(lib, f"vxRelease{kind}")(ffi.new(f"vx_{kind.lower()} *", handle)) == c.VX_SUCCESS
        for release in (f"vxRelease{kind}", "vxReleaseReference"):
            vx.log.clear()
            seen.append((getattr(lib, release)(ffi.cast(f"vx_{kind.lower()} *" if release != "vxReleaseReference"
                                                        else "vx_reference *", stale)), list(vx.log)))
        return seen

    before = vx.references()
    lazy, python = outcomes(True), outcomes(False)
    assert lazy == python
    assert all(status == c.VX_ERROR_INVALID_REFERENCE for status, _ in lazy)
    assert [len(log) for _, log in lazy] == [1, 0, 0, 0, 1, 1]      # NULL names no context to log to
    assert vx.references() == before


def test_context_references_stay_exact(vx):
    """Made (lazy), met by Python, released in C and in Python: VX_CONTEXT_REFERENCES follows."""
    c, lib, ffi = vx.c, vx.lib, vx.ffi
    before = vx.references()
    scalars = [lib.vxCreateScalar(vx.context, c.VX_TYPE_UINT8, ffi.NULL) for _ in range(5)]
    arrays = [lib.vxCreateArray(vx.context, c.VX_TYPE_FLOAT32, 3) for _ in range(5)]
    assert vx.references() == before + 10
    for h in scalars[:2] + arrays[:2]:
        assert lib.vxRetainReference(vx.ref(h)) == c.VX_SUCCESS           # met by Python, counted twice
    assert vx.references() == before + 10
    for h in scalars[:2] + arrays[:2]:
        assert lib.vxReleaseReference(ffi.new("vx_reference *", vx.ref(h))) == c.VX_SUCCESS
    assert vx.references() == before + 10
    for k, h in enumerate(scalars):
        _release(vx, h, "Scalar")
        assert vx.references() == before + 10 - k - 1
    for k, h in enumerate(arrays):
        _release(vx, h, "Array")
        assert vx.references() == before + 5 - k - 1
