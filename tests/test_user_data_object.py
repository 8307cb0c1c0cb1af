"""User data objects (vx_khr_user_data_object, seed 002) from C and from Python."""
import pytest


@pytest.mark.parametrize("program", ["udo_create.c", "udo_access.c", "udo_zero_copy.c", "udo_errors.c",
                                     "udo_user_struct.c", "udo_graph.c"])
def test_from_c(c_program, program):
    assert c_program(program).stdout.strip() == "ok"


# --- the object model, in this process (the library's embedded Python is this interpreter) ---------

def _model_handle(vx, handle):
    """The embedded module's view of a handle of the C API, and back."""
    from _pyopenvx import ffi
    return ffi.cast("vx_reference", int(vx.ffi.cast("uintptr_t", handle)))


def _api_handle(vx, obj, ctype="vx_user_data_object"):
    from _pyopenvx import ffi
    return vx.ffi.cast(ctype, int(ffi.cast("uintptr_t", obj.h)))


@pytest.fixture
def model(vx):
    """The context's Python object, and a maker of user data objects in the object model."""
    from pyopenvx.reference import LOCK, lookup
    from pyopenvx.objects.user_data_object import UserDataObject
    with LOCK:
        ctx = lookup(_model_handle(vx, vx.context))

    def make(type_name, size, scope=None, virtual=False):
        with LOCK:
            return UserDataObject(ctx, type_name, size, scope=scope, virtual=virtual)
    make.context = ctx
    return make


def _map(vx, udo, offset=0, size=0, usage=None):
    map_id, ptr = vx.ffi.new("vx_map_id *"), vx.ffi.new("void **")
    status = vx.lib.vxMapUserDataObject(udo, offset, size, map_id, ptr, usage or vx.c.VX_READ_AND_WRITE,
                                        vx.c.VX_MEMORY_TYPE_HOST, 0)
    return status, map_id[0], ptr[0]


def test_virtual_object_is_touched_only_while_its_graph_lets_it(vx, model):
    """Outside its graph a virtual object cannot be mapped or copied (VX_ERROR_OPTIMIZED_AWAY, one log
    entry each), only queried; `set_accessible` is what the graph manager flips while it runs."""
    obj = model("edge_t", 16, scope=model.context, virtual=True)
    udo = _api_handle(vx, obj)
    assert vx.query(vx.lib.vxQueryUserDataObject, udo, vx.c.VX_USER_DATA_OBJECT_SIZE, "vx_size") == 16
    buf = vx.ffi.new("vx_uint8[16]", list(range(16)))
    before = len(vx.log)
    assert _map(vx, udo)[0] == vx.c.VX_ERROR_OPTIMIZED_AWAY
    assert vx.lib.vxCopyUserDataObject(udo, 0, 0, buf, vx.c.VX_WRITE_ONLY, vx.c.VX_MEMORY_TYPE_HOST) \
        == vx.c.VX_ERROR_OPTIMIZED_AWAY
    assert [s for s, _ in vx.log[before:]] == [vx.c.VX_ERROR_OPTIMIZED_AWAY] * 2
    assert "outside its graph" in vx.log[-1][1]
    from _pyopenvx import ffi
    assert obj.open_maps == 0 and obj.mem.base == ffi.NULL     # refused before any memory was allocated

    obj.set_accessible(True)
    assert vx.lib.vxCopyUserDataObject(udo, 0, 0, buf, vx.c.VX_WRITE_ONLY, vx.c.VX_MEMORY_TYPE_HOST) == 0
    status, map_id, ptr = _map(vx, udo, 4, 4)
    assert status == 0 and bytes(vx.ffi.buffer(ptr, 4)) == bytes(range(4, 8))
    obj.set_accessible(False)
    assert vx.lib.vxUnmapUserDataObject(udo, map_id) == 0      # a map opened while running can be closed
    assert _map(vx, udo)[0] == vx.c.VX_ERROR_OPTIMIZED_AWAY
    assert vx.lib.vxReleaseUserDataObject(vx.ffi.new("vx_user_data_object *", udo)) == 0


def test_virtual_object_takes_name_and_size_from_meta_data(vx, model):
    from pyopenvx import constants as c
    from pyopenvx.errors import VxError
    from pyopenvx.objects.user_data_object import META_ATTRIBUTES
    NAME, SIZE = c.VX_USER_DATA_OBJECT_NAME, c.VX_USER_DATA_OBJECT_SIZE
    open_obj = model("", 0, scope=model.context, virtual=True)
    assert open_obj.meta() == {NAME: "", SIZE: 0} and set(open_obj.meta()) == set(META_ATTRIBUTES)
    open_obj.apply_meta({NAME: "result_t", SIZE: 24})
    assert open_obj.meta() == {NAME: "result_t", SIZE: 24}
    udo = _api_handle(vx, open_obj)
    assert vx.query(vx.lib.vxQueryUserDataObject, udo, SIZE, "vx_size") == 24
    name = vx.ffi.new("vx_char[64]")
    assert vx.lib.vxQueryUserDataObject(udo, NAME, name, 64) == 0 and vx.ffi.string(name) == b"result_t"

    # once set (or for a non-virtual object), meta data must agree; a refusal changes nothing
    fixed = model("result_t", 24)
    for obj in (open_obj, fixed):
        obj.apply_meta({NAME: "result_t", SIZE: 24})
        obj.apply_meta({SIZE: 24})
        for meta, status in (({SIZE: 32}, c.VX_ERROR_INVALID_DIMENSION), ({NAME: "other_t"}, c.VX_ERROR_INVALID_TYPE),
                             ({NAME: "other_t", SIZE: 24}, c.VX_ERROR_INVALID_TYPE)):
            with pytest.raises(VxError) as err:
                obj.apply_meta(meta)
            assert err.value.status == status
            assert obj.meta() == {NAME: "result_t", SIZE: 24}
    half_open = model("known_t", 0, scope=model.context, virtual=True)
    with pytest.raises(VxError):
        half_open.apply_meta({NAME: "other_t", SIZE: 8})
    assert half_open.meta() == {NAME: "known_t", SIZE: 0}
    half_open.apply_meta({SIZE: 8})
    assert half_open.meta() == {NAME: "known_t", SIZE: 8}


def test_make_like_copies_meta_data_not_contents(vx, model):
    """What delays, object arrays and replicated nodes use to clone an exemplar."""
    from pyopenvx import constants as c
    exemplar = model("sample_t", 8)
    udo = _api_handle(vx, exemplar)
    assert vx.lib.vxCopyUserDataObject(udo, 0, 0, vx.ffi.new("vx_uint8[8]", [9] * 8), c.VX_WRITE_ONLY,
                                       c.VX_MEMORY_TYPE_HOST) == 0
    clone = exemplar.make_like(model.context)
    assert clone is not exemplar and clone.meta() == exemplar.meta() and not clone.virtual
    from _pyopenvx import ffi
    assert bytes(ffi.buffer(clone.base(), 8)) == bytes(8)
    virtual = exemplar.make_like(model.context, scope=exemplar, virtual=True)
    assert virtual.virtual and virtual.scope is exemplar and virtual.meta() == exemplar.meta()
    assert clone.vx_type == c.VX_TYPE_USER_DATA_OBJECT and clone.context is model.context


def test_user_struct_names_resolve(vx, model):
    enum = vx.lib.vxRegisterUserStructWithName(vx.context, 12, b"header_t")
    assert model("header_t", 1012).user_struct() == (enum, 12)
    assert model("unknown_t", 12).user_struct() is None and model("", 12).user_struct() is None


def test_python_and_c_share_one_map_table(vx, model):
    """A map made by the Python path can be closed by the C fast path and the other way round;
    both hand out the same zero-copy address."""
    from pyopenvx.reference import LOCK
    obj = model("shared_t", 64)
    udo = _api_handle(vx, obj)
    with LOCK:
        py_id, py_ptr = obj.map(8, 0, vx.c.VX_READ_ONLY, vx.c.VX_MEMORY_TYPE_HOST, 0)
    status, c_id, c_ptr = _map(vx, udo, 8)
    assert status == 0 and c_id != py_id and obj.open_maps == 2
    from _pyopenvx import ffi as model_ffi
    assert int(vx.ffi.cast("uintptr_t", c_ptr)) == int(model_ffi.cast("uintptr_t", py_ptr))
    assert vx.lib.vxUnmapUserDataObject(udo, py_id) == 0 and obj.open_maps == 1
    with LOCK:
        obj.unmap(c_id)
    assert obj.open_maps == 0
    assert vx.lib.vxUnmapUserDataObject(udo, c_id) == vx.c.VX_ERROR_INVALID_PARAMETERS


def test_valid_requests_are_answered_in_c(vx, monkeypatch):
    """Query, copy, map and unmap of valid requests never enter Python: with the Python bodies broken
    they still succeed, while a request to refuse reaches Python (and meets the broken body)."""
    from pyopenvx import attributes
    from pyopenvx.objects.user_data_object import UserDataObject
    c, ffi, lib = vx.c, vx.ffi, vx.lib
    udo = lib.vxCreateUserDataObject(vx.context, b"fast_t", 32, ffi.NULL)

    def broken(*args):
        raise RuntimeError("entered Python")
    for name in ("copy", "map", "unmap"):
        monkeypatch.setattr(UserDataObject, name, broken)
    monkeypatch.setattr(attributes, "query", broken)
    name = ffi.new("vx_char[64]")
    size = ffi.new("vx_size *")
    count = ffi.new("vx_uint32 *")
    assert lib.vxQueryUserDataObject(udo, c.VX_USER_DATA_OBJECT_NAME, name, 64) == 0
    assert lib.vxQueryUserDataObject(udo, c.VX_USER_DATA_OBJECT_SIZE, size, 8) == 0 and size[0] == 32
    assert lib.vxQueryUserDataObject(udo, c.VX_REFERENCE_COUNT, count, 4) == 0 and count[0] == 1
    buf = ffi.new("vx_uint8[32]")
    assert lib.vxCopyUserDataObject(udo, 4, 0, buf, c.VX_READ_ONLY, c.VX_MEMORY_TYPE_HOST) == 0
    assert lib.vxCopyUserDataObject(udo, 0, 32, buf, c.VX_WRITE_ONLY, c.VX_MEMORY_TYPE_HOST) == 0
    for usage in (c.VX_READ_ONLY, c.VX_WRITE_ONLY, c.VX_READ_AND_WRITE):
        status, map_id, _ = _map(vx, udo, 1, 3, usage)
        assert status == 0 and lib.vxUnmapUserDataObject(udo, map_id) == 0
    assert not any("entered Python" in text for _, text in vx.log)
    assert lib.vxCopyUserDataObject(udo, 40, 0, buf, c.VX_READ_ONLY, c.VX_MEMORY_TYPE_HOST) == c.VX_FAILURE
    assert any("entered Python" in text for _, text in vx.log)
    monkeypatch.undo()
    assert lib.vxReleaseUserDataObject(ffi.new("vx_user_data_object *", udo)) == 0


def test_udo_sample(tmp_path):
    """samples_c: seed 002's example (a pre-processing kernel packing two images into a
    user_custom_data_t, a classifier reading it) built with the user flags as module + application."""
    import subprocess
    import sys
    from conftest import ROOT
    proc = subprocess.run(["make", "-C", str(ROOT / "samples_c"), f"PYTHON={sys.executable}", f"BUILD={tmp_path}",
                           "run-udo"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert (tmp_path / "libudo_kernels.so").exists() and (tmp_path / "udo_classify").exists()
    lines = proc.stdout.splitlines()
    assert "bright scene: class 1" in lines and "dark scene (virtual edge): class 0" in lines and "ok" in lines
    # the application's one deliberate refusal: reading the virtual object outside its graph
    assert proc.stderr.count("log (-9)") == 1 and "outside its graph" in proc.stderr
