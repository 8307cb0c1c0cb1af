"""Counts given by the application are checked before anything is allocated or read for them."""
import subprocess
import sys
import textwrap


def test_a_huge_parameter_count_is_refused(vx):
    lib, ffi, c = vx.lib, vx.ffi, vx.c
    f = ffi.callback("vx_kernel_f", lambda *a: 0)
    v = ffi.callback("vx_kernel_validate_f", lambda *a: 0)
    kid = ffi.new("vx_enum *")
    assert lib.vxAllocateUserKernelId(vx.context, kid) == c.VX_SUCCESS
    k = lib.vxAddUserKernel(vx.context, b"test.huge", kid[0], f, 0xFFFFFFFF, v, ffi.NULL, ffi.NULL)
    assert lib.vxGetStatus(vx.ref(k)) == c.VX_ERROR_INVALID_PARAMETERS
    assert "4294967295 parameters" in vx.log[-1][1]


REPLICATE = textwrap.dedent("""
    import ctypes, mmap
    from pyopenvx.api import ffi, lib
    from pyopenvx import constants as c
    ctx = lib.vxCreateContext()
    f = ffi.callback("vx_kernel_f", lambda *a: 0)
    v = ffi.callback("vx_kernel_validate_f", lambda *a: 0)
    kid = ffi.new("vx_enum *")
    lib.vxAllocateUserKernelId(ctx, kid)
    k = lib.vxAddUserKernel(ctx, b"test.rep", kid[0], f, 2, v, ffi.NULL, ffi.NULL)
    for i in range(2):
        lib.vxAddParameterToKernel(k, i, c.VX_INPUT, c.VX_TYPE_SCALAR, c.VX_PARAMETER_STATE_OPTIONAL)
    lib.vxFinalizeKernel(k)
    g = lib.vxCreateGraph(ctx)
    n = lib.vxCreateGenericNode(g, k)
    # two vx_bool flags at the very end of a page followed by an inaccessible one
    page = mmap.PAGESIZE
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mmap.restype = ctypes.c_void_p
    libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
    base = libc.mmap(None, 2 * page, 3, 0x22, -1, 0)
    assert libc.mprotect(ctypes.c_void_p(base + page), page, 0) == 0
    flags = ffi.cast("vx_bool *", base + page - 2 * ffi.sizeof("vx_bool"))
    print(lib.vxReplicateNode(g, n, flags, 1 << 20), flush=True)
""")


def test_replicate_flags_are_not_read_past_the_count_the_node_has():
    """A count larger than the node's parameters is refused before the flags are read (here
    they end at an inaccessible page: reading past them would crash)."""
    proc = subprocess.run([sys.executable, "-c", REPLICATE], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip() == "-10"           # VX_ERROR_INVALID_PARAMETERS
