"""vx_khr_ix: export and import. A graph of standard and user kernels from C (tests/c/ix_graph.c);
every data object type, virtual objects, delays and replication, and fuzzed blobs through the C API
from Python.

Fidelity is checked two ways: values read back through the C API, and re-exporting what was
imported, which must give the very same bytes (every attribute, value, name and node setting the
format carries survived)."""
import struct
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

W, H = 16, 12


def test_export_import_graph_from_c(c_program):
    assert c_program("ix_graph.c").stdout.strip() == "ok"


class IX:
    """Export/import helpers over the `vx` fixture; `other` is the importer: vxCreateContext gives the
    process's one context, so a second count of it (imports land beside what was exported)."""

    def __init__(self, vx):
        self.vx, self.lib, self.ffi, self.c = vx, vx.lib, vx.ffi, vx.c
        self.other = self.lib.vxCreateContext()
        self.lib.vxRegisterLogCallback(self.other, vx._log_cb, self.c.vx_true_e)
        self.kept = []                # handles in `other` released at the end

    def references(self, ctx):
        return self.vx.query(self.lib.vxQueryContext, ctx, self.c.VX_CONTEXT_REFERENCES, "vx_uint32")

    def ref(self, h):
        return self.ffi.cast("vx_reference", h)

    def export(self, ctx, objs, uses):
        ffi = self.ffi
        ptr, length = ffi.new("const vx_uint8 **"), ffi.new("vx_size *")
        status = self.lib.vxExportObjectsToMemory(ctx, len(objs), ffi.new("vx_reference[]", [self.ref(o) for o in objs]),
                                                  ffi.new("vx_enum[]", uses), ptr, length)
        assert status == self.c.VX_SUCCESS, self.vx.log[-1:]
        blob = bytes(ffi.buffer(ptr[0], length[0]))
        assert self.lib.vxReleaseExportedMemory(ctx, ptr) == self.c.VX_SUCCESS
        return blob

    def import_(self, blob, uses, given=None):
        """(status, vx_import, refs) of an import into `other`."""
        ffi = self.ffi
        refs = ffi.new("vx_reference[]", [self.ref(g) if g is not None else ffi.NULL for g in given or [None] * len(uses)])
        imp = self.lib.vxImportObjectsFromMemory(self.other, len(uses), refs, ffi.new("vx_enum[]", uses), blob, len(blob))
        return self.lib.vxGetStatus(self.ref(imp)), imp, refs

    def release(self, *handles):
        for h in handles:
            assert self.lib.vxReleaseReference(self.ffi.new("vx_reference *", self.ref(h))) == self.c.VX_SUCCESS

    def release_import(self, imp, refs, uses):
        self.release(*(r for r, use in zip(refs, uses) if use != self.c.VX_IX_USE_APPLICATION_CREATE))
        assert self.lib.vxReleaseImport(self.ffi.new("vx_import *", imp)) == self.c.VX_SUCCESS

    def close(self):
        self.release(*self.kept)
        assert self.lib.vxReleaseContext(self.ffi.new("vx_context *", self.other)) == self.c.VX_SUCCESS

    # objects of every type, with values ------------------------------------------------------
    def copy_image(self, img, data, usage, plane=0, w=W, h=H):
        ffi, c = self.ffi, self.c
        addr = ffi.new("vx_imagepatch_addressing_t *", {"dim_x": w, "dim_y": h, "stride_x": 1, "stride_y": w})
        buf = ffi.new("uint8_t[]", data) if usage == c.VX_WRITE_ONLY else ffi.new("uint8_t[]", w * h)
        rect = ffi.new("vx_rectangle_t *", (0, 0, w, h))
        status = self.lib.vxCopyImagePatch(ffi.cast("vx_image", img), rect, plane, addr, buf, usage,
                                           c.VX_MEMORY_TYPE_HOST)
        assert status == c.VX_SUCCESS
        return bytes(buf)

    def objects(self, ctx):
        """One object of each kind (and the views), values set: name -> handle."""
        lib, ffi, c = self.lib, self.ffi, self.c
        W_, host = c.VX_WRITE_ONLY, c.VX_MEMORY_TYPE_HOST
        out = {}
        img = out["image"] = lib.vxCreateImage(ctx, W, H, c.VX_DF_IMAGE_U8)
        self.copy_image(img, bytes((i * 7) & 255 for i in range(W * H)), W_)
        yuv = out["iyuv"] = lib.vxCreateImage(ctx, W, H, c.VX_DF_IMAGE_IYUV)
        self.copy_image(yuv, bytes(range(W * H // 4)), W_, plane=1, w=W // 2, h=H // 2)
        space = ffi.new("vx_enum *", c.VX_COLOR_SPACE_BT601_625)
        assert lib.vxSetImageAttribute(yuv, c.VX_IMAGE_SPACE, space, ffi.sizeof("vx_enum")) == c.VX_SUCCESS
        value = ffi.new("vx_pixel_value_t *")
        value.RGB = (1, 2, 3)
        out["uniform"] = lib.vxCreateUniformImage(ctx, W, H, c.VX_DF_IMAGE_RGB, value)
        out["roi"] = lib.vxCreateImageFromROI(img, ffi.new("vx_rectangle_t *", (2, 4, 10, 8)))
        out["channel"] = lib.vxCreateImageFromChannel(yuv, c.VX_CHANNEL_U)
        out["scalar"] = lib.vxCreateScalar(ctx, c.VX_TYPE_UINT32, ffi.new("vx_uint32 *", 0xDEADBEEF))
        point = ffi.new("vx_coordinates2d_t *", (5, 6))
        out["struct"] = lib.vxCreateScalarWithSize(ctx, c.VX_TYPE_COORDINATES2D, point, ffi.sizeof(point[0]))
        arr = out["array"] = lib.vxCreateArray(ctx, c.VX_TYPE_COORDINATES2D, 10)
        lib.vxAddArrayItems(arr, 3, ffi.new("vx_coordinates2d_t[3]", [(1, 2), (3, 4), (5, 6)]), 8)
        mat = out["matrix"] = lib.vxCreateMatrix(ctx, c.VX_TYPE_FLOAT32, 3, 2)
        lib.vxCopyMatrix(mat, ffi.new("vx_float32[6]", [0.5, 1, 2, 3, 4, -1]), W_, host)
        out["pattern"] = lib.vxCreateMatrixFromPatternAndOrigin(ctx, c.VX_PATTERN_CROSS, 5, 5, 1, 3)
        conv = out["convolution"] = lib.vxCreateConvolution(ctx, 3, 5)
        lib.vxCopyConvolutionCoefficients(conv, ffi.new("vx_int16[15]", list(range(-7, 8))), W_, host)
        lib.vxSetConvolutionAttribute(conv, c.VX_CONVOLUTION_SCALE, ffi.new("vx_uint32 *", 16), 4)
        lut = out["lut"] = lib.vxCreateLUT(ctx, c.VX_TYPE_INT16, 300)
        lib.vxCopyLUT(lut, ffi.new("vx_int16[300]", [i - 150 for i in range(300)]), W_, host)
        dist = out["distribution"] = lib.vxCreateDistribution(ctx, 8, 10, 200)
        lib.vxCopyDistribution(dist, ffi.new("vx_int32[8]", [9, 8, 7, 6, 5, 4, 3, 2]), W_, host)
        thr = out["threshold"] = lib.vxCreateThresholdForImage(ctx, c.VX_THRESHOLD_TYPE_RANGE, c.VX_DF_IMAGE_U8,
                                                               c.VX_DF_IMAGE_S16)
        lo, hi = ffi.new("vx_pixel_value_t *"), ffi.new("vx_pixel_value_t *")
        lo.U8, hi.U8 = 20, 200
        lib.vxCopyThresholdRange(thr, lo, hi, W_, host)
        remap = out["remap"] = lib.vxCreateRemap(ctx, 8, 8, 4, 2)
        coords = ffi.new("vx_coordinates2df_t[8]", [(i * 0.5, 7 - i) for i in range(8)])
        lib.vxCopyRemapPatch(remap, ffi.new("vx_rectangle_t *", (0, 0, 4, 2)), 4 * 8, coords,
                             c.VX_TYPE_COORDINATES2DF, W_, host)
        pyr = out["pyramid"] = lib.vxCreatePyramid(ctx, 3, c.VX_SCALE_PYRAMID_HALF, W, H, c.VX_DF_IMAGE_U8)
        level = lib.vxGetPyramidLevel(pyr, 1)
        self.copy_image(level, bytes(range(W * H // 4)), W_, w=W // 2, h=H // 2)
        self.release(level)
        exemplar = lib.vxCreateScalar(ctx, c.VX_TYPE_INT16, ffi.new("vx_int16 *", 0))
        oa = out["object_array"] = lib.vxCreateObjectArray(ctx, self.ref(exemplar), 3)
        self.release(exemplar)
        item = lib.vxGetObjectArrayItem(oa, 2)
        lib.vxCopyScalar(ffi.cast("vx_scalar", item), ffi.new("vx_int16 *", -321), W_, host)
        self.release(item)
        dims = ffi.new("vx_size[3]", [4, 3, 2])
        ten = out["tensor"] = lib.vxCreateTensor(ctx, 3, dims, c.VX_TYPE_INT16, 3)
        lib.vxCopyTensorPatch(ten, 3, ffi.new("vx_size[3]"), dims, ffi.new("vx_size[3]", [2, 8, 24]),
                              ffi.new("vx_int16[24]", list(range(100, 124))), W_, host)
        out["tensor_view"] = lib.vxCreateTensorFromView(ten, 3, ffi.new("vx_size[3]", [1, 0, 1]),
                                                        ffi.new("vx_size[3]", [3, 2, 2]))
        out["user_data_object"] = lib.vxCreateUserDataObject(ctx, b"ix.test", 12, b"hello world!")
        slot = lib.vxCreateImage(ctx, 4, 4, c.VX_DF_IMAGE_U8)
        delay = out["delay"] = lib.vxCreateDelay(ctx, self.ref(slot), 3)
        self.release(slot)
        for i in range(3):
            self.copy_image(lib.vxGetReferenceFromDelay(delay, -i), bytes([i + 1] * 16), W_, w=4, h=4)
        for name, h in out.items():
            assert lib.vxGetStatus(self.ref(h)) == c.VX_SUCCESS, name
        lib.vxSetReferenceName(self.ref(img), b"the image")
        return out

    def values(self, objs):
        """What the checks read back through the C API."""
        lib, ffi, c = self.lib, self.ffi, self.c
        R, host = c.VX_READ_ONLY, c.VX_MEMORY_TYPE_HOST
        scalar = ffi.new("vx_uint32 *")
        lib.vxCopyScalar(ffi.cast("vx_scalar", objs["scalar"]), scalar, R, host)
        items = ffi.new("vx_coordinates2d_t[3]")
        lib.vxCopyArrayRange(ffi.cast("vx_array", objs["array"]), 0, 3, 8, items, R, host)
        tensor = ffi.new("vx_int16[24]")
        lib.vxCopyTensorPatch(ffi.cast("vx_tensor", objs["tensor"]), 3, ffi.new("vx_size[3]"),
                              ffi.new("vx_size[3]", [4, 3, 2]), ffi.new("vx_size[3]", [2, 8, 24]), tensor, R, host)
        lo, hi = ffi.new("vx_pixel_value_t *"), ffi.new("vx_pixel_value_t *")
        lib.vxCopyThresholdRange(ffi.cast("vx_threshold", objs["threshold"]), lo, hi, R, host)
        udo = ffi.new("char[12]")
        lib.vxCopyUserDataObject(ffi.cast("vx_user_data_object", objs["user_data_object"]), 0, 12, udo, R, host)
        delay = ffi.cast("vx_delay", objs["delay"])
        return {"image": self.copy_image(objs["image"], None, R),
                "roi": self.copy_image(objs["roi"], None, R, w=8, h=4),
                "channel": self.copy_image(objs["channel"], None, R, w=W // 2, h=H // 2),
                "delay": [self.copy_image(lib.vxGetReferenceFromDelay(delay, -i), None, R, w=4, h=4) for i in range(3)],
                "scalar": scalar[0], "array": [(p.x, p.y) for p in items], "tensor": list(tensor),
                "threshold": (lo.U8, hi.U8), "udo": ffi.buffer(udo)[:]}


@pytest.fixture
def ix(vx):
    helper = IX(vx)
    yield helper
    helper.close()


def test_every_data_object_type_travels_with_its_values(vx, ix):
    c = vx.c
    start = vx.references()
    objs = ix.objects(vx.context)
    names = list(objs)
    handles = [objs[n] for n in names]
    uses = [c.VX_IX_USE_EXPORT_VALUES] * len(names)
    held = vx.references()
    blob = ix.export(vx.context, handles, uses)
    assert vx.references() == held                         # export takes no reference
    want = ix.values(objs)
    assert want["scalar"] == 0xDEADBEEF and want["threshold"] == (20, 200) and want["udo"] == b"hello world!"
    assert want["delay"] == [bytes([i + 1] * 16) for i in range(3)]

    status, imp, refs = ix.import_(blob, uses)
    assert status == c.VX_SUCCESS, vx.log[-1:]
    imported = dict(zip(names, refs))
    assert ix.values(imported) == want
    for name in names:
        assert vx.query(vx.lib.vxQueryReference, imported[name], c.VX_REFERENCE_TYPE, "vx_enum") == \
            vx.query(vx.lib.vxQueryReference, ix.ref(objs[name]), c.VX_REFERENCE_TYPE, "vx_enum")
    # every attribute, value and name the format carries came through: the same bytes again
    assert ix.export(ix.other, list(refs), uses) == blob
    found = vx.lib.vxGetImportReferenceByName(imp, b"the image")
    assert found == imported["image"]
    ix.release(found)
    ix.release_import(imp, refs, uses)

    # without values: the same objects, their data zero
    no_values = [c.VX_IX_USE_NO_EXPORT_VALUES] * len(names)
    status, imp, refs = ix.import_(ix.export(vx.context, handles, no_values), no_values)
    assert status == c.VX_SUCCESS
    empty = ix.values(dict(zip(names, refs)))
    assert empty["image"] == bytes(W * H) and empty["scalar"] == 0 and empty["udo"] == bytes(12)
    ix.release_import(imp, refs, no_values)

    # created by the application: taken as given when the meta data match, refused otherwise
    app = [c.VX_IX_USE_APPLICATION_CREATE] * len(names)
    blob = ix.export(vx.context, handles, app)
    mine = ix.objects(ix.other)
    given = [mine[n] for n in names]
    ix.kept += given
    status, imp, refs = ix.import_(blob, app, given)
    assert status == c.VX_SUCCESS, vx.log[-1:]
    assert list(refs) == [ix.ref(g) for g in given]
    ix.release_import(imp, refs, app)
    wrong = list(given)
    other_lut = wrong[names.index("lut")] = vx.lib.vxCreateLUT(ix.other, c.VX_TYPE_UINT8, 256)
    ix.kept.append(other_lut)
    before = ix.references(ix.other)
    status, _, _ = ix.import_(blob, app, wrong)
    assert status == c.VX_ERROR_INVALID_PARAMETERS and ix.references(ix.other) == before
    wrong[names.index("lut")] = mine["image"]
    status, _, _ = ix.import_(blob, app, wrong)
    assert status == c.VX_ERROR_INVALID_TYPE and ix.references(ix.other) == before

    ix.release(*handles, *ix.kept)
    ix.kept = []
    assert vx.references() == start


def test_a_listed_part_travels_with_its_container(vx, ix):
    """A pyramid level listed alone: imported with its values (its pyramid made around it); the
    application cannot create a part itself."""
    lib, c = vx.lib, vx.c
    start = vx.references()
    pyr = lib.vxCreatePyramid(vx.context, 3, c.VX_SCALE_PYRAMID_HALF, W, H, c.VX_DF_IMAGE_U8)
    level = lib.vxGetPyramidLevel(pyr, 1)
    pixels = bytes(range(100, 100 + W * H // 4))
    ix.copy_image(level, pixels, c.VX_WRITE_ONLY, w=W // 2, h=H // 2)
    uses = [c.VX_IX_USE_EXPORT_VALUES]
    status, imp, refs = ix.import_(ix.export(vx.context, [level], uses), uses)
    assert status == c.VX_SUCCESS
    assert ix.copy_image(refs[0], None, c.VX_READ_ONLY, w=W // 2, h=H // 2) == pixels
    assert vx.query(lib.vxQueryReference, refs[0], c.VX_REFERENCE_COUNT, "vx_uint32") == 1
    ix.release_import(imp, refs, uses)
    before = len(vx.log)
    ptr, length = vx.ffi.new("const vx_uint8 **"), vx.ffi.new("vx_size *")
    assert lib.vxExportObjectsToMemory(vx.context, 1, vx.ffi.new("vx_reference[1]", [ix.ref(level)]),
                                       vx.ffi.new("vx_enum[1]", [c.VX_IX_USE_APPLICATION_CREATE]), ptr,
                                       length) == c.VX_ERROR_INVALID_PARAMETERS
    assert len(vx.log) == before + 1 and ptr[0] == vx.ffi.NULL and length[0] == 0
    ix.release(level, pyr)
    assert vx.references() == start


class PassKernel:
    """'ix.pass' (in: any, out: any, described like the input; runs without touching data)."""

    def __init__(self, vx):
        lib, c = vx.lib, vx.c
        self.vx = vx
        self.function = vx.ffi.callback("vx_kernel_f", lambda node, params, num: c.VX_SUCCESS)
        self.validate = vx.ffi.callback("vx_kernel_validate_f", lambda node, params, num, metas:
                                        lib.vxSetMetaFormatFromReference(metas[1], params[0]))

    def add(self, ctx):
        lib, ffi, c = self.vx.lib, self.vx.ffi, self.vx.c
        kid = ffi.new("vx_enum *")
        assert lib.vxAllocateUserKernelId(ctx, kid) == c.VX_SUCCESS
        k = lib.vxAddUserKernel(ctx, b"ix.pass", kid[0], self.function, 2, self.validate, ffi.NULL, ffi.NULL)
        for i, direction in enumerate((c.VX_INPUT, c.VX_OUTPUT)):
            assert lib.vxAddParameterToKernel(k, i, direction, c.VX_TYPE_REFERENCE,
                                              c.VX_PARAMETER_STATE_REQUIRED) == c.VX_SUCCESS
        assert lib.vxFinalizeKernel(k) == c.VX_SUCCESS
        return k


def _node(vx, g, kernel, a, b):
    n = vx.lib.vxCreateGenericNode(g, kernel)
    for i, p in enumerate((a, b)):
        assert vx.lib.vxSetParameterByIndex(n, i, vx.ffi.cast("vx_reference", p)) == vx.c.VX_SUCCESS
    return n


def test_virtual_objects_delays_and_replication_travel(vx, ix):
    """A graph with a virtual object of every kind (attributes left open), an auto-aged delay and
    a replicated node imports verified, runs, and exports again to the same bytes."""
    lib, ffi, c = vx.lib, vx.ffi, vx.c
    start = vx.references()
    kernel = PassKernel(vx)
    k1 = kernel.add(vx.context)
    ctx = vx.context
    objs = ix.objects(ctx)
    g = lib.vxCreateGraph(ctx)
    virtuals = {
        "image": lib.vxCreateVirtualImage(g, 0, 0, c.VX_DF_IMAGE_VIRT),
        "scalar": lib.vxCreateVirtualScalar(g, c.VX_TYPE_INVALID),
        "array": lib.vxCreateVirtualArray(g, c.VX_TYPE_INVALID, 0),
        "matrix": lib.vxCreateVirtualMatrix(g, c.VX_TYPE_FLOAT32, 0, 0),
        "convolution": lib.vxCreateVirtualConvolution(g, 0, 0),
        "lut": lib.vxCreateVirtualLUT(g, c.VX_TYPE_INVALID, 0),
        "distribution": lib.vxCreateVirtualDistribution(g, 0, 0, 0),
        "threshold": lib.vxCreateVirtualThresholdForImage(g, c.VX_THRESHOLD_TYPE_RANGE, c.VX_DF_IMAGE_U8,
                                                          c.VX_DF_IMAGE_S16),
        "remap": lib.vxCreateVirtualRemap(g, 0, 0, 0, 0),
        "pyramid": lib.vxCreateVirtualPyramid(g, 3, c.VX_SCALE_PYRAMID_HALF, 0, 0, c.VX_DF_IMAGE_VIRT),
        "tensor": lib.vxCreateVirtualTensor(g, 3, ffi.new("vx_size[3]", [4, 3, 2]), c.VX_TYPE_INVALID, 0),
        "user_data_object": lib.vxCreateVirtualUserDataObject(g, b"ix.test", 0),
    }
    nodes = []
    for name, virt in virtuals.items():
        assert lib.vxGetStatus(ix.ref(virt)) == c.VX_SUCCESS, name
        nodes.append(_node(vx, g, k1, objs[name], virt))
    out = lib.vxCreateVirtualImage(g, 0, 0, c.VX_DF_IMAGE_VIRT)
    nodes.append(_node(vx, g, k1, virtuals["image"], out))
    # a delay slot written from the previous one, aged after each run
    delay = ffi.cast("vx_delay", objs["delay"])
    nodes.append(_node(vx, g, k1, lib.vxGetReferenceFromDelay(delay, -1), lib.vxGetReferenceFromDelay(delay, 0)))
    assert lib.vxRegisterAutoAging(g, delay) == c.VX_SUCCESS
    # item 0 of an object array into item 0 of another, replicated over the 3 items
    oa = ffi.cast("vx_object_array", objs["object_array"])
    first_in = lib.vxGetObjectArrayItem(oa, 0)
    oa_out = lib.vxCreateObjectArray(ctx, first_in, 3)
    first_out = lib.vxGetObjectArrayItem(oa_out, 0)
    nodes.append(_node(vx, g, k1, first_in, first_out))
    assert lib.vxReplicateNode(g, nodes[-1], ffi.new("vx_bool[2]", [1, 1]), 2) == c.VX_SUCCESS
    ix.release(first_in, first_out)               # the node keeps them
    border = ffi.new("vx_border_t *", {"mode": c.VX_BORDER_REPLICATE})
    assert lib.vxSetNodeAttribute(nodes[0], c.VX_NODE_BORDER, border, ffi.sizeof(border[0])) == c.VX_SUCCESS
    lib.vxSetReferenceName(ix.ref(nodes[0]), b"first node")
    assert lib.vxVerifyGraph(g) == c.VX_SUCCESS, vx.log[-3:]

    listed, uses = [g, delay], [0, c.VX_IX_USE_EXPORT_VALUES]
    blob = ix.export(ctx, listed, uses)
    status, imp, refs = ix.import_(blob, uses)
    assert status == c.VX_SUCCESS, vx.log[-1:]
    g2, delay2 = ffi.cast("vx_graph", refs[0]), ffi.cast("vx_delay", refs[1])
    assert lib.vxIsGraphVerified(g2) == c.vx_true_e
    assert ix.export(ix.other, list(refs), uses) == blob
    current = lib.vxGetReferenceFromDelay(delay2, 0)
    assert lib.vxProcessGraph(g2) == c.VX_SUCCESS
    assert lib.vxGetReferenceFromDelay(delay2, -1) == current      # aged: auto-aging came along
    ix.release_import(imp, refs, uses)

    ix.release(*nodes, out, *virtuals.values(), g, oa_out, *objs.values())
    assert lib.vxRemoveKernel(k1) == c.VX_SUCCESS      # a user kernel counts until removed
    assert vx.references() == start


def test_pythonic_export_and_import():
    import numpy as np
    from pyopenvx.api import lib
    from pyopenvx.pythonic import Context, Graph, Image, Import, StatusError, export
    uses = ["values", "values", "no values"]
    with Context() as ctx, Context() as other:
        start = other.references
        with Graph(ctx) as g, Image(ctx, W, H) as src, Image(ctx, W, H) as dst:
            src.write(np.arange(W * H, dtype=np.uint8).reshape(H, W))
            g.node("org.khronos.openvx.not", src, dst).release()
            lib.vxSetReferenceName(dst.reference, b"out")
            blob = export(ctx, [g, src, dst], uses)
            g.process()
            want = dst.to_numpy()
        with Import(other, blob, uses) as imported:
            graph, _, out = imported.objects
            graph.process()
            assert (out.to_numpy() == want).all() and (want == 255 - np.arange(W * H).reshape(H, W)).all()
            with imported["out"] as same:
                assert same.reference == out.reference
            for obj in imported.objects:
                obj.release()
        assert other.references == start
        with pytest.raises(StatusError, match="INVALID_FORMAT"):
            Import(other, blob[:-1], uses)


# fuzzing -------------------------------------------------------------------------------------
_HEADER = struct.Struct("<8sIIQI")     # magic, version, records, body bytes, CRC-32 of the body


def _reseal(blob):
    """The blob with its header's length and checksum made right again: refusals must then come
    from the record parser and the checks behind it."""
    magic, version, count, _, _ = _HEADER.unpack_from(blob)
    body = blob[_HEADER.size:]
    return _HEADER.pack(magic, version, count, len(body), zlib.crc32(body)) + body


@pytest.fixture(scope="module")
def fuzz_setup():
    """Two blobs with their uses: a small graph (standard kernels, a virtual image, a pyramid and
    its level, an ROI) and every data object type with values; and an importing context."""
    from conftest import VX
    vx = VX()
    helper = IX(vx)
    lib, ffi, c = vx.lib, vx.ffi, vx.c
    ctx = vx.context
    g = lib.vxCreateGraph(ctx)
    src = lib.vxCreateImage(ctx, W, H, c.VX_DF_IMAGE_U8)
    roi = lib.vxCreateImageFromROI(src, ffi.new("vx_rectangle_t *", (0, 0, 8, 8)))
    pyr = lib.vxCreatePyramid(ctx, 2, c.VX_SCALE_PYRAMID_HALF, 8, 8, c.VX_DF_IMAGE_U8)
    virt = lib.vxCreateVirtualImage(g, 0, 0, c.VX_DF_IMAGE_VIRT)
    dst = lib.vxCreateImage(ctx, 8, 8, c.VX_DF_IMAGE_U8)
    lib.vxNotNode(g, roi, virt)
    lib.vxGaussianPyramidNode(g, virt, pyr)
    lib.vxAddNode(g, lib.vxGetPyramidLevel(pyr, 0), roi, c.VX_CONVERT_POLICY_WRAP, dst)
    lib.vxScaleImageNode(g, virt, lib.vxCreateVirtualImage(g, 4, 4, c.VX_DF_IMAGE_U8), c.VX_INTERPOLATION_BILINEAR)
    graph_uses = [0, c.VX_IX_USE_EXPORT_VALUES, c.VX_IX_USE_NO_EXPORT_VALUES]
    objs = list(helper.objects(ctx).values())
    object_uses = [c.VX_IX_USE_EXPORT_VALUES] * len(objs)
    yield {"vx": vx, "ix": helper,
           "graph": (helper.export(ctx, [g, src, dst], graph_uses), graph_uses),
           "objects": (helper.export(ctx, objs, object_uses), object_uses)}
    helper.close()
    vx.release()                      # (frees every object made here)


def _try_import(s, which, blob):
    """Import succeeds (then everything is released) or refuses with a status and one log entry,
    never an internal error; nothing is left behind either way."""
    vx, helper, uses = s["vx"], s["ix"], s[which][1]
    before, logged = helper.references(helper.other), len(vx.log)
    status, imp, refs = helper.import_(blob, uses)
    if status == vx.c.VX_SUCCESS:
        helper.release_import(imp, refs, uses)
    else:
        assert status != vx.c.VX_FAILURE, f"an internal error: {vx.log[-1:]}"
        assert len(vx.log) > logged and vx.log[-1][0] == status
    assert helper.references(helper.other) == before
    return status


@pytest.mark.parametrize("which", ["graph", "objects"])
def test_the_fuzzed_blobs_import(fuzz_setup, which):
    blob = fuzz_setup[which][0]
    assert _try_import(fuzz_setup, which, blob) == fuzz_setup["vx"].c.VX_SUCCESS
    assert _try_import(fuzz_setup, which, _reseal(blob)) == fuzz_setup["vx"].c.VX_SUCCESS


FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))


@FUZZ
@given(data=st.data())
def test_truncated_or_flipped_blobs_are_refused(fuzz_setup, data):
    which = data.draw(st.sampled_from(("graph", "objects")))
    blob, c = fuzz_setup[which][0], fuzz_setup["vx"].c
    cut = data.draw(st.integers(1, len(blob) - 1))        # (0 bytes: INVALID_PARAMETERS)
    assert _try_import(fuzz_setup, which, blob[:cut]) == c.VX_ERROR_INVALID_FORMAT
    at = data.draw(st.integers(0, len(blob) - 1))
    flipped = bytearray(blob)
    flipped[at] ^= data.draw(st.integers(1, 255))
    assert _try_import(fuzz_setup, which, bytes(flipped)) != c.VX_SUCCESS


@FUZZ
@given(data=st.data())
def test_corrupt_records_behind_a_good_checksum_are_refused_cleanly(fuzz_setup, data):
    """Changed bytes, cut or repeated spans in the body, then a header made right again."""
    which = data.draw(st.sampled_from(("graph", "objects")))
    blob = fuzz_setup[which][0]
    body = bytearray(blob[_HEADER.size:])
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(body) - 1))
        how = data.draw(st.sampled_from(("set", "cut", "repeat")))
        span = data.draw(st.integers(1, 16))
        if how == "set":
            body[at] = data.draw(st.integers(0, 255))
        elif how == "cut":
            del body[at:at + span]
        else:
            body[at:at] = body[at:at + span]
    _try_import(fuzz_setup, which, _reseal(blob[:_HEADER.size] + bytes(body)))
