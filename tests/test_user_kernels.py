"""Seed 000: user kernels, modules, nodes, graphs, verification and execution."""


def test_kernel_life_cycle_and_refusals(c_program):
    assert c_program("user_kernel.c").stdout.strip() == "ok"


def test_kernel_library_registration(c_program):
    assert c_program("kernel_library.c").stdout.strip() == "ok"


def test_add_kernel_with_input_and_output_validators(c_program):
    assert c_program("kernel_compat.c").stdout.strip() == "ok"


def test_reverification_rules_of_seed_000(c_program):
    assert c_program("graph_reverify.c").stdout.strip() == "ok"


def test_meta_formats_of_every_type_from_c(c_program):
    assert c_program("meta_every_type.c").stdout.strip() == "ok"


def test_graph_manager_from_c(c_program):
    assert c_program("graph_core.c", extra=("-lpthread",)).stdout.strip() == "ok"


def build_module(tmp_path, name, *defines, link_openvx=True, source="test_module.c"):
    """tests/c/<source> as lib<name>.so, built as a user builds a module."""
    import subprocess
    from conftest import C_DIR, user_flags
    flags = user_flags() if link_openvx else [f for f in user_flags() if f.startswith("-I")]
    out = tmp_path / f"lib{name}.so"
    subprocess.run(["gcc", "-shared", "-fPIC", "-std=c99", "-Wall", "-Werror", "-Wno-unused-function", *defines, str(C_DIR / source),
                    *flags, "-o", str(out)], check=True)
    return out


def modules(tmp_path, link_openvx):
    good = build_module(tmp_path, "pvxtest_good", link_openvx=link_openvx)
    fails = build_module(tmp_path, "pvxtest_fails", "-DPUBLISH_FAILS", link_openvx=link_openvx)
    nopub = build_module(tmp_path, "pvxtest_nopub", "-DNO_PUBLISH", link_openvx=link_openvx)
    nounpub = build_module(tmp_path, "pvxtest_nounpub", "-DNO_UNPUBLISH", link_openvx=link_openvx)
    return good, fails, nopub, nounpub


def test_modules_from_a_c_host(c_program, tmp_path):
    good, fails, nopub, nounpub = modules(tmp_path, link_openvx=True)
    out = c_program("module_load.c", good, fails, nopub, "pvxtest_good", nounpub,
                    env={"LD_LIBRARY_PATH": str(tmp_path)})
    assert out.stdout.strip() == "ok"
    assert "pvxtest_fails" in out.stderr and "has no vxPublishKernels" in out.stderr


def test_modules_from_a_c_host_without_linking_openvx(c_program, tmp_path):
    good, fails, nopub, nounpub = modules(tmp_path, link_openvx=False)
    out = c_program("module_load.c", good, fails, nopub, "pvxtest_good", nounpub,
                    env={"LD_LIBRARY_PATH": str(tmp_path)})
    assert out.stdout.strip() == "ok"


def _python_host(vx, tmp_path, link_openvx):
    good, fails, nopub, nounpub = modules(tmp_path, link_openvx)
    lib, c = vx.lib, vx.c
    modules_count = lambda: vx.query(lib.vxQueryContext, vx.context, c.VX_CONTEXT_MODULES, "vx_uint32")
    assert lib.vxLoadKernels(vx.context, str(fails).encode()) == c.VX_ERROR_NO_RESOURCES
    assert lib.vxLoadKernels(vx.context, str(nopub).encode()) == c.VX_ERROR_INVALID_MODULE
    assert modules_count() == 0
    assert lib.vxGetStatus(vx.ref(lib.vxGetKernelByName(vx.context, b"test.module.run"))) != c.VX_SUCCESS
    assert lib.vxLoadKernels(vx.context, str(good).encode()) == c.VX_SUCCESS
    assert modules_count() == 1
    k = lib.vxGetKernelByName(vx.context, b"test.module.run")
    assert lib.vxGetStatus(vx.ref(k)) == c.VX_SUCCESS
    assert lib.vxReleaseKernel(vx.ffi.new("vx_kernel *", k)) == c.VX_SUCCESS
    assert lib.vxUnloadKernels(vx.context, str(good).encode()) == c.VX_SUCCESS
    assert modules_count() == 0
    assert any("vxPublishKernels" in text for _, text in vx.log)
    assert lib.vxLoadKernels(vx.context, str(nounpub).encode()) == c.VX_SUCCESS     # unpublish is optional
    assert lib.vxUnloadKernels(vx.context, str(nounpub).encode()) == c.VX_SUCCESS
    assert lib.vxGetStatus(vx.ref(lib.vxGetKernelByName(vx.context, b"test.module.run"))) != c.VX_SUCCESS


def test_modules_from_a_python_host(vx, tmp_path):
    _python_host(vx, tmp_path, link_openvx=True)


def test_modules_without_openvx_link_from_a_python_host(vx, tmp_path):
    _python_host(vx, tmp_path, link_openvx=False)


def test_graph_with_data_objects_from_c(c_program):
    assert c_program("graph_data.c", extra=("-lpthread",)).stdout.strip() == "ok"


def test_samples_demo(tmp_path):
    """The README's demo command: builds the module and the application, runs the demo."""
    import subprocess
    import sys
    from conftest import ROOT
    proc = subprocess.run(["make", "-C", str(ROOT / "samples_c"), f"PYTHON={sys.executable}", f"BUILD={tmp_path}",
                           "run"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "output: correct (0 wrong pixels), valid rectangle (1, 0)-(63, 48)" in proc.stdout
    assert "graph performance over 10 runs" in proc.stdout
    assert "dark scene (virtual edge): class 0" in proc.stdout          # the udo sample runs too


def test_virtual_objects_of_every_type_in_graphs_from_c(c_program):
    assert c_program("graph_virtual.c").stdout.strip() == "ok"


def test_delays_of_every_type_in_graphs_from_c(c_program):
    assert c_program("graph_delays.c").stdout.strip() == "ok"


def test_unloading_a_module_whose_kernel_is_in_use_changes_nothing(vx):
    """The library's unpublish removes nothing (graph/module.py removes what it forgot): a refused
    unload must not have removed some kernels already, nor called unpublish."""
    lib, ffi, c = vx.lib, vx.ffi, vx.c
    calls = []
    noop = ffi.callback("vx_kernel_f", lambda *a: 0)
    valid = ffi.callback("vx_kernel_validate_f", lambda *a: 0)

    def publish(context):
        for i, name in enumerate((b"lazy.a", b"lazy.b")):
            kid = ffi.new("vx_enum *")
            assert lib.vxAllocateUserKernelId(context, kid) == c.VX_SUCCESS
            k = lib.vxAddUserKernel(context, name, kid[0], noop, 1, valid, ffi.NULL, ffi.NULL)
            assert lib.vxAddParameterToKernel(k, 0, c.VX_INPUT, c.VX_TYPE_SCALAR, c.VX_PARAMETER_STATE_OPTIONAL) == 0
            assert lib.vxFinalizeKernel(k) == c.VX_SUCCESS
            assert lib.vxReleaseKernel(ffi.new("vx_kernel *", k)) == c.VX_SUCCESS
        return c.VX_SUCCESS

    def unpublish(context):
        calls.append("unpublish")
        return c.VX_SUCCESS

    callbacks = (ffi.callback("vx_publish_kernels_f", publish), ffi.callback("vx_unpublish_kernels_f", unpublish))
    assert lib.vxRegisterKernelLibrary(vx.context, b"lazy", *callbacks) == c.VX_SUCCESS
    assert lib.vxLoadKernels(vx.context, b"lazy") == c.VX_SUCCESS
    k = lib.vxGetKernelByName(vx.context, b"lazy.b")
    graph = lib.vxCreateGraph(vx.context)
    node = lib.vxCreateGenericNode(graph, k)
    assert lib.vxReleaseKernel(ffi.new("vx_kernel *", k)) == c.VX_SUCCESS
    assert lib.vxUnloadKernels(vx.context, b"lazy") == c.VX_FAILURE
    assert "still used" in vx.log[-1][1]
    assert calls == []
    for name in (b"lazy.a", b"lazy.b"):
        k = lib.vxGetKernelByName(vx.context, name)
        assert lib.vxGetStatus(vx.ref(k)) == c.VX_SUCCESS, name
        assert lib.vxReleaseKernel(ffi.new("vx_kernel *", k)) == c.VX_SUCCESS
    assert lib.vxReleaseNode(ffi.new("vx_node *", node)) == c.VX_SUCCESS
    assert lib.vxReleaseGraph(ffi.new("vx_graph *", graph)) == c.VX_SUCCESS
    assert lib.vxUnloadKernels(vx.context, b"lazy") == c.VX_SUCCESS
    assert calls == ["unpublish"]
    assert lib.vxGetStatus(vx.ref(lib.vxGetKernelByName(vx.context, b"lazy.a"))) != c.VX_SUCCESS


def test_reverification_rederives_virtual_objects(c_program):
    assert c_program("graph_redescribe.c").stdout.strip() == "ok"
