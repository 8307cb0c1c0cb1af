"""Image and pyramid objects: C programs (tests/c/image_*.c) and Python-side checks."""
import pytest

C_PROGRAMS = {
    "image_basic.c": (),
    "image_lazy.c": ("-pthread",),
    "image_views.c": (),
    "image_pyramid.c": (),
    "image_threads.c": ("-pthread",),
}


@pytest.mark.parametrize("program", sorted(C_PROGRAMS))
def test_c_program(c_program, program):
    c_program(program, extra=C_PROGRAMS[program])


# ---- the object model from Python: virtual images and pyramids, the data-object protocol ----

@pytest.fixture
def model(vx):
    """The embedded object model: objects for handles of the `vx` library and back."""
    from _pyopenvx import ffi as core_ffi

    from pyopenvx import reference

    class Model:
        lock = reference.LOCK

        def obj(self, handle):
            return reference.lookup(core_ffi.cast("vx_reference", int(vx.ffi.cast("uintptr_t", handle))))

        def handle(self, obj, ctype="vx_image"):
            return vx.ffi.cast(ctype, int(core_ffi.cast("uintptr_t", obj.h)))

    return Model()


def _map(vx, img, usage, rect=(0, 0, 8, 8)):
    r = vx.ffi.new("vx_rectangle_t *", rect)
    mid, addr, ptr = vx.ffi.new("vx_map_id *"), vx.ffi.new("vx_imagepatch_addressing_t *"), vx.ffi.new("void **")
    return vx.lib.vxMapImagePatch(img, r, 0, mid, addr, ptr, usage, vx.c.VX_MEMORY_TYPE_HOST, 0), mid[0]


def test_virtual_image_is_optimized_away_outside_its_graph(vx, model):
    from pyopenvx.objects.image import Image
    with model.lock:
        virt = Image.create(model.obj(vx.context), 0, 0, vx.c.VX_DF_IMAGE_VIRT, virtual=True)
    img = model.handle(virt)
    assert vx.query(vx.lib.vxQueryImage, img, vx.c.VX_IMAGE_FORMAT, "vx_df_image") == vx.c.VX_DF_IMAGE_VIRT
    assert _map(vx, img, vx.c.VX_READ_ONLY)[0] == vx.c.VX_ERROR_OPTIMIZED_AWAY
    assert vx.log[-1][0] == vx.c.VX_ERROR_OPTIMIZED_AWAY and "virtual" in vx.log[-1][1]
    with model.lock:
        with pytest.raises(Exception) as bad:
            virt.apply_meta({vx.c.VX_IMAGE_WIDTH: 9, vx.c.VX_IMAGE_HEIGHT: 8, vx.c.VX_IMAGE_FORMAT: vx.c.VX_DF_IMAGE_NV12})
        assert bad.value.status == vx.c.VX_ERROR_INVALID_DIMENSION
        assert virt.meta()[vx.c.VX_IMAGE_WIDTH] == 0          # a refused apply_meta changed nothing
        virt.apply_meta({vx.c.VX_IMAGE_WIDTH: 8, vx.c.VX_IMAGE_HEIGHT: 8, vx.c.VX_IMAGE_FORMAT: vx.c.VX_DF_IMAGE_U8})
        with pytest.raises(Exception) as bad:
            virt.apply_meta({vx.c.VX_IMAGE_FORMAT: vx.c.VX_DF_IMAGE_S16})
        assert bad.value.status == vx.c.VX_ERROR_INVALID_FORMAT
        virt.set_accessible(True)                              # what a running graph does
    status, mid = _map(vx, img, vx.c.VX_WRITE_ONLY)
    assert status == vx.c.VX_SUCCESS
    assert vx.lib.vxUnmapImagePatch(img, mid) == vx.c.VX_SUCCESS
    with model.lock:
        virt.set_accessible(False)
        like = virt.make_like(virt.context)
        assert like.meta() == virt.meta() and not like.virtual
        like.release()
        virt.release()


def test_virtual_pyramid_takes_its_size_from_meta(vx, model):
    from pyopenvx.objects.pyramid import Pyramid
    c = vx.c
    with model.lock:
        pyr = Pyramid(model.obj(vx.context), 3, c.VX_SCALE_PYRAMID_HALF, 0, 0, c.VX_DF_IMAGE_VIRT, virtual=True)
        assert pyr.meta()[c.VX_PYRAMID_WIDTH] == 0
        with pytest.raises(Exception) as bad:
            pyr.apply_meta({c.VX_PYRAMID_LEVELS: 4})
        assert bad.value.status == c.VX_ERROR_INVALID_PARAMETERS
        pyr.apply_meta({c.VX_PYRAMID_WIDTH: 40, c.VX_PYRAMID_HEIGHT: 30, c.VX_PYRAMID_FORMAT: c.VX_DF_IMAGE_U8})
        assert [(i.width, i.height, i.format) for i in pyr.levels] == [(40, 30, c.VX_DF_IMAGE_U8), (20, 15, c.VX_DF_IMAGE_U8),
                                                                       (10, 8, c.VX_DF_IMAGE_U8)]
        level = pyr.levels[2]
        assert level.virtual
        like = pyr.make_like(pyr.context)
        assert like.meta() == pyr.meta() and not like.virtual
        pyr.set_accessible(True)
        assert level.accessible
        like.release()
        pyr.release()
        assert not level.alive


def _core(vx, handle):
    """The handle header of a `vx` handle, in the embedded module's types."""
    from _pyopenvx import ffi as core_ffi
    return core_ffi.cast("pvx_ref *", int(vx.ffi.cast("uintptr_t", handle)))


def _desc(vx, handle):
    from _pyopenvx import ffi as core_ffi
    return core_ffi.cast("pvx_image *", _core(vx, handle).desc)


def test_vxCreateImage_is_made_in_c_and_met_by_python_on_first_lookup(vx):
    """csrc/objects/image_lazy.c: no Python object until Python needs the handle, then one around the same
    handle and descriptor; VX_CONTEXT_REFERENCES counts the image in both states."""
    from pyopenvx import reference
    c, lib = vx.c, vx.lib
    before = vx.references()
    img = lib.vxCreateImage(vx.context, 64, 48, c.VX_DF_IMAGE_U8)
    h = _core(vx, img)
    desc = h.desc
    assert h.flags & 0x8 and h not in reference._OBJECTS        # PVX_REF_LAZY
    assert vx.references() == before + 1
    status, mid = _map(vx, img, c.VX_WRITE_ONLY)                  # memory attached in C
    assert status == c.VX_SUCCESS
    assert h.flags & 0x8 and _desc(vx, img).plane[0].ptr != vx.ffi.NULL
    assert lib.vxSetReferenceName(vx.ref(img), b"seen") == c.VX_SUCCESS
    obj = reference._OBJECTS[h]
    assert not h.flags & 0x8 and h.desc == desc and obj.desc == desc and obj.base is not None
    from _pyopenvx import lib as core
    assert core.pvx_map_count(obj.mem) == 1 and lib.vxUnmapImagePatch(img, mid) == c.VX_SUCCESS
    assert vx.references() == before + 1
    assert lib.vxReleaseImage(vx.ffi.new("vx_image *", img)) == c.VX_SUCCESS
    assert vx.references() == before and not obj.alive


def test_vxCreateImageFromHandle_is_made_in_c_on_the_applications_planes(vx):
    from pyopenvx import reference
    c, lib, ffi = vx.c, vx.lib, vx.ffi
    pixels = ffi.new("vx_uint8[]", 24 * 10)
    addr = ffi.new("vx_imagepatch_addressing_t *", (20, 10, 1, 24, c.VX_SCALE_UNITY, c.VX_SCALE_UNITY, 1, 1, 8))
    img = lib.vxCreateImageFromHandle(vx.context, c.VX_DF_IMAGE_U8, addr, ffi.new("void *[1]", [pixels]),
                                      c.VX_MEMORY_TYPE_HOST)
    h, desc = _core(vx, img), _desc(vx, img)
    assert h.flags & 0x8 and h not in reference._OBJECTS and desc.mem.borrowed
    assert (desc.size, desc.plane[0].stride_y, desc.memory_type) == (240, 24, c.VX_MEMORY_TYPE_HOST)
    assert int(ffi.cast("uintptr_t", pixels)) == int(ffi.cast("uintptr_t", desc.plane[0].ptr))
    with reference.LOCK:
        obj = reference.lookup(h)
    assert obj.swappable and obj.base[0] == desc.plane[0].ptr and not h.flags & 0x8
    assert lib.vxReleaseImage(ffi.new("vx_image *", img)) == c.VX_SUCCESS


@pytest.mark.parametrize("size", [(2, 2), (64, 48), (66, 30), (1920, 1080)])
def test_images_made_in_c_are_described_as_python_describes_them(vx, model, size):
    """Every format: the descriptor C fills equals the one Image.create fills (layout, space,
    range, memory type, valid rectangle)."""
    from pyopenvx.objects.image import FORMATS, Image
    fields = ("width", "height", "format", "planes", "space", "range", "memory_type", "uniform", "size")
    plane_fields = ("stride_y", "bits", "step_x", "step_y", "root_plane", "root_x", "root_y")
    for fmt in FORMATS:
        img = vx.lib.vxCreateImage(vx.context, *size, fmt)
        assert _core(vx, img).flags & 0x8
        made = _desc(vx, img)
        with model.lock:
            py = Image.create(model.obj(vx.context), *size, fmt)
            want = py.desc
            assert [getattr(made, f) for f in fields] == [getattr(want, f) for f in fields], hex(fmt)
            assert [[getattr(made.plane[p], f) for f in plane_fields] for p in range(4)] == \
                   [[getattr(want.plane[p], f) for f in plane_fields] for p in range(4)], hex(fmt)
            assert (made.valid.end_x, made.valid.end_y) == (want.valid.end_x, want.valid.end_y) == size
            py.release()
        assert vx.lib.vxReleaseImage(vx.ffi.new("vx_image *", img)) == vx.c.VX_SUCCESS


def test_refusals_log_why(vx):
    c, lib = vx.c, vx.lib
    img = lib.vxCreateImage(vx.context, 16, 16, c.VX_DF_IMAGE_U8)
    before = vx.references()
    status, mid = _map(vx, img, c.VX_READ_ONLY, rect=(0, 0, 17, 16))
    assert status == c.VX_ERROR_INVALID_PARAMETERS
    assert "outside the image" in vx.log[-1][1]
    assert lib.vxUnmapImagePatch(img, 777) == c.VX_ERROR_INVALID_PARAMETERS
    assert "unknown map id" in vx.log[-1][1]
    bad = lib.vxCreateImage(vx.context, 15, 16, c.VX_DF_IMAGE_IYUV)
    assert lib.vxGetStatus(vx.ref(bad)) == c.VX_ERROR_INVALID_DIMENSION
    assert "IYUV" in vx.log[-1][1]
    assert vx.references() == before
    assert lib.vxReleaseImage(vx.ffi.new("vx_image *", img)) == c.VX_SUCCESS


def test_bench_prints_one_json_object(compile_c):
    """bench/image_map.c builds with the user flags and reports every figure (values not judged)."""
    import json
    from pathlib import Path
    bench = Path(__file__).resolve().parent.parent / "bench" / "image_map.c"
    out = compile_c(bench, "-O2", "-std=gnu11", f"-I{bench.parent}").run().stdout
    report = json.loads(out)
    assert report["bench"] == "image_map"
    names = {r["name"] for r in report["results"]}
    assert {"map_unmap_read_1080p_u8", "map_unmap_write_1080p_u8", "copy_write_1080p_u8", "copy_read_1080p_u8",
            "create_release_image_640x480_u8"} <= names
    assert all(r["ours_ns"] > 0 and r["plain_c_ns"] >= 0 for r in report["results"])


def test_the_c_layout_of_every_format_is_the_python_one(vx):
    """csrc/objects/image_desc.c lays images out (pvx_image_describe); objects/image.py keeps the formats' policy."""
    from _pyopenvx import ffi as core_ffi, lib as core

    from pyopenvx.objects.image import FORMATS, plane_layout
    for fmt in FORMATS:
        for w, h in ((2, 2), (640, 480), (1922, 6)):
            d = core_ffi.new("pvx_image *")
            assert core.pvx_image_describe(d, fmt, w, h) == 0
            layout = plane_layout(fmt, w, h)
            assert d.planes == len(layout) and (d.width, d.height, d.format) == (w, h, fmt)
            assert [(d.plane[p].bits, d.plane[p].step_x, d.plane[p].step_y, d.plane[p].stride_y)
                    for p in range(d.planes)] == [(b, sx, sy, stride) for b, sx, sy, stride, _ in layout]
            assert d.size == sum(stride * rows for *_, stride, rows in layout)
    assert core.pvx_image_describe(core_ffi.new("pvx_image *"), vx.c.VX_DF_IMAGE_VIRT, 0, 0) == -1
