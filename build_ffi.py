"""Builds libopenvx.so (the library C programs link), _pyopenvx.so (the cffi embedding module it
loads) and libvxu.so.

libopenvx.so holds no Python: each API function jumps through a table that _pyopenvx.so fills,
loaded with the installation's libpython on the first call (embed/loader.c). In _pyopenvx.so,
every API prototype becomes a C function that starts the interpreter on first use, tries a C
fast path when csrc defines one
(`int pvx_fast_<name>(<params>, <ret> *out)`, nonzero when it answered), and otherwise calls the
`extern "Python"` function `pvx_py_<name>`, whose body lives in src/pyopenvx/capi.

    python build_ffi.py [--inplace | OUTDIR]     (pinned to this interpreter; setup.py's wheel is not)
"""
import importlib.util
import os
import re
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

import cffi

ROOT = Path(__file__).resolve().parent
INCLUDE = ROOT / "include"
CSRC = ROOT / "csrc"
MODULE = "_pyopenvx"
# -flto: the fast paths cross files (handle.c, memory.c, image.c, ...) several times per call;
# link-time optimization inlines across them (vxMapImagePatch + vxUnmapImagePatch: ~48 -> ~33 ns).
# -fno-math-errno: sqrt, rint, trunc become instructions the kernels' row loops vectorize (the
# optimize pragma cannot turn errno off for builtins; nothing in the library reads errno after maths).
CFLAGS = ["-O2", "-flto=auto", "-std=gnu11", "-fvisibility=hidden", "-fno-math-errno", "-Wall", "-Wno-unused-function"]
LDFLAGS = ["-O2", "-flto=auto", "-Wl,-soname,_pyopenvx.so", "-ldl", "-lpthread"]
# PVX_SANITIZE=address,undefined: a checked build (tools/sanitize.sh) of the C core and the exported
# layer; every report aborts, -O1 without LTO keeps the stacks readable.
SANITIZE = os.environ.get("PVX_SANITIZE")
if SANITIZE:
    checked = [f"-fsanitize={SANITIZE}", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer", "-g", "-O1"]
    CFLAGS = [f for f in CFLAGS if not f.startswith(("-O", "-flto"))] + checked
    LDFLAGS = [f for f in LDFLAGS if not f.startswith(("-O", "-flto"))] + checked
EXPORT = "PVX_EXPORT"


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


prototypes = _load("pvx_prototypes", ROOT / "src" / "pyopenvx" / "prototypes.py")
failure = _load("pvx_failure", ROOT / "src" / "pyopenvx" / "failure.py")


def c_functions(prefix):
    """API names that csrc serves, found by their definitions: `pvx_c_<name>` answers the call
    entirely in C; `pvx_fast_<name>` answers when it can and otherwise lets Python decide."""
    names = set()
    for c in CSRC.rglob("*.c"):
        names.update(re.findall(rf"^\w[\w\s\*]*\b{prefix}((?:ti)?vx\w+)\s*\(", c.read_text(), re.M))
    return names


def immediate_functions(protos):
    """The vxu functions whose one-node graph may be cached (csrc/runtime/immediate.h): every argument after
    the context a handle or a value, none by pointer (an output by pointer is written by Python)."""
    return sorted(p.name for p in protos
                  if p.name.startswith("vxu") and p.ret == "vx_status" and p.params and
                  p.params[0].ctype == "vx_context" and len(p.params) - 1 <= 16 and
                  not any("*" in q.ctype for q in p.params[1:]))


# An argument as the word csrc/runtime/immediate.c compares: handles and integers as uintptr_t (signed
# values sign-extended), floats by their bits.
IMMEDIATE_ARG = """
static inline uint64_t pvx_f32_word(const void *f) { uint32_t u; memcpy(&u, f, sizeof u); return u; }
#define PVX_IMMEDIATE_ARG(x) _Generic((x), float: pvx_f32_word((const void *)&(x)), \\
                                      default: (uint64_t)(uintptr_t)(x))
"""


def node_creators(protos):
    """The vx<Kernel>Node creators whose every argument after the graph is a handle: their wrapper
    first asks csrc/runtime/node_made.c to make the node (pvx_node_create_std, by their index here;
    the context tells it each one's kernel, kernels/registry.py)."""
    handles = set()
    for h in INCLUDE.glob("VX/*.h"):
        handles.update(re.findall(r"^typedef struct _vx_\w+ \*(vx_\w+);", h.read_text(), re.M))
    return sorted(p.name for p in protos
                  if p.ret == "vx_node" and p.name != "vxCreateGenericNode" and p.params and
                  p.params[0].ctype == "vx_graph" and all(q.ctype in handles for q in p.params[1:]))


def node_creator_call(proto, index):
    args = ", ".join(f"(vx_reference){p.name}" for p in proto.params[1:])
    types = ", ".join("0" if p.ctype == "vx_reference" else f"VX_TYPE_{p.ctype[3:].upper()}" for p in proto.params[1:])
    n = len(proto.params) - 1
    return (f"    {{\n        const vx_reference args_[] = {{{args}}};\n        static const vx_enum types_[] = {{{types}}};\n"
            f"        vx_node out_;\n        if (pvx_node_create_std({proto.params[0].name}, {index}u, args_, types_, {n}u, &out_))\n"
            f"            return out_;\n    }}")


def immediate_call(proto, index):
    args = ", ".join(f"PVX_IMMEDIATE_ARG({p.name})" for p in proto.params[1:])
    return (f"    {{\n        const uint64_t args_[] = {{{args}}};\n        vx_status out_;\n"
            f"        if (pvx_immediate_run({proto.params[0].name}, {index}u, args_, {len(proto.params) - 1}u, &out_))\n"
            f"            return out_;\n    }}")


def wrapper(proto, fast, c_only, immediate=None, creator=None):
    if proto.name in c_only:
        ret = "" if proto.ret == "void" else "return "
        return (f"PVX_HIDDEN {proto.ret} pvx_c_{proto.name}({proto.decayed_params});\n"
                f"{EXPORT} {proto.ret} {proto.name}({proto.c_params})\n{{\n"
                f"    {ret}pvx_c_{proto.name}({proto.arg_names});\n}}\n")
    fail = failure.c_failure(proto.ret)
    ret_fail = f"return {fail};" if fail else "return;"
    call = f"pvx_py_{proto.name}({proto.arg_names})"
    lines = []
    if proto.name in fast:
        out = f", {proto.ret} *out" if proto.params else f"{proto.ret} *out"
        lines.append(f"PVX_HIDDEN int pvx_fast_{proto.name}({proto.decayed_params}{out});")
    lines.append(f"{EXPORT} {proto.ret} {proto.name}({proto.c_params})\n{{")
    if proto.name in fast:
        sep = ", " if proto.params else ""
        lines.append(f"    {proto.ret} out;\n    if (pvx_fast_{proto.name}({proto.arg_names}{sep}&out))\n        return out;")
    if immediate is not None:
        lines.append(immediate_call(proto, immediate))
    if creator is not None:
        lines.append(node_creator_call(proto, creator))
    lines.append(f"    if (pvx_start() != 0)\n        {ret_fail}")
    lines.append(f"    {'' if proto.ret == 'void' else 'return '}{call};\n}}\n")
    return "\n".join(lines)


def python_served(proto, c_only):
    return not proto.variadic and proto.name not in c_only


def declarations():
    """Our headers and csrc/pvx.h, preprocessed into one text cffi can cdef."""
    src = "#define VX_RESTRICT\n#define PVX_HIDDEN\n#define PYOPENVX_DECLARATIONS_ONLY\n" + "".join(
        f"#include <{h}>\n" for h in ("VX/vx.h",) + prototypes.API_HEADERS) + '#include "pvx.h"\n'
    text = subprocess.run(
        ["gcc", "-E", "-P", "-std=c99", "-I", str(INCLUDE), "-I", str(CSRC), "-"],
        input=src, capture_output=True, text=True, check=True,
    ).stdout
    # a few prototypes stand in two headers (vxReleaseImport, ...): cffi takes each once
    lines, seen = [], set()
    for line in text.splitlines():
        if not (line.endswith(");") and line in seen):
            lines.append(line)
        seen.add(line)
    return "\n".join(lines) + "\n"


def cdef_source(protos, c_only):
    """The embedded module's declarations: headers, csrc/pvx.h, and the extern "Python" upcalls."""
    text = declarations()
    upcalls = [f'extern "Python" {p.ret} pvx_py_{p.name}({p.decayed_params});'
               for p in protos if python_served(p, c_only)]
    upcalls.append('extern "Python" void pvx_py_log_entry(vx_reference, vx_status, const char *);')
    return text + "\n" + "\n".join(upcalls) + "\n"


_NOT_VALUES = {"VX_API_ENTRY", "VX_API_CALL", "VX_CALLBACK", "VX_RESTRICT"}


# TIOVX's values for TI code (VX/vx_types.h): not the library's constants
_TIOVX_VALUES = re.compile(r"^#ifdef PYOPENVX_TIOVX_VALUES$.*?^#endif /\* PYOPENVX_TIOVX_VALUES \*/$", re.M | re.S)


def constant_names():
    names = []
    for h in sorted(INCLUDE.glob("*/*.h")):
        text = _TIOVX_VALUES.sub("", h.read_text())
        names += re.findall(r"^\s*((?:VX|OPENVX|TIVX)_\w+|vx_(?:true|false)_e)\s*=", text, re.M)
        # value macros only: an initializer (`{...}`, VX_IMAGEPATCH_ADDR_INIT) is not a value
        names += re.findall(r"^#\s*define\s+((?:VX|OPENVX|TIVX)_\w+)[ \t]+[^\s{]", text, re.M)
    return [n for n in dict.fromkeys(names) if n not in _NOT_VALUES]


def write_constants(outdir, tmp):
    """constants.py: every enumerator and value macro of our headers, evaluated by the compiler,
    so Python (embedded or a client) uses exactly the values C programs see."""
    body = "\n".join(f"    P({n});" for n in constant_names())
    prog = Path(tmp) / "constants.c"
    prog.write_text(
        "#define OPENVX_TILING_1_1\n#include <stdio.h>\n#include <VX/vx.h>\n"
        + "".join(f"#include <{h}>\n" for h in prototypes.API_HEADERS) +
        "static void pi(const char *n, long long v) { printf(\"%s = %lld\\n\", n, v); }\n"
        "static void pu(const char *n, unsigned long long v) { printf(\"%s = %llu\\n\", n, v); }\n"
        "static void pf(const char *n, double v) { printf(\"%s = %.9g\\n\", n, v); }\n"
        "static void ps(const char *n, const char *v) { printf(\"%s = %s\\n\", n, v); }\n"
        "#define P(x) _Generic((x), char *: ps, const char *: ps, float: pf, double: pf, "
        "unsigned int: pu, unsigned long: pu, unsigned long long: pu, default: pi)(#x, x)\n"
        "int main(void) {\n" + body + "\n    return 0;\n}\n")
    exe = Path(tmp) / "constants"
    subprocess.run(["gcc", "-std=c11", "-I", str(INCLUDE), str(prog), "-o", str(exe)], check=True)
    lines = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.splitlines()
    out = ['"""Generated by build_ffi.py from include/VX: do not edit."""']
    for line in lines:
        name, value = line.split(" = ", 1)
        is_number = re.fullmatch(r"-?[0-9.e+-]+|nan|inf", value)
        out.append(f"{name} = {value if is_number else repr(value)}")
    (Path(outdir) / "constants.py").write_text("\n".join(out) + "\n")


def build(outdir, program=None):
    """`program`: the interpreter C hosts start, or None to find the installation's at first use."""
    outdir = Path(outdir).resolve()
    libdir = outdir / "lib"
    libdir.mkdir(parents=True, exist_ok=True)
    protos = prototypes.parse(INCLUDE)
    fast, c_only = c_functions("pvx_fast_"), c_functions("pvx_c_")
    immediate = {name: k for k, name in enumerate(immediate_functions(protos))}
    creators = {name: k for k, name in enumerate(node_creators(protos))}
    ffi = cffi.FFI()
    ffi.cdef(cdef_source(protos, c_only))
    preamble = "\n".join([
        "#define VX_RESTRICT    /* cffi declarations cannot carry restrict; the ABI is the same */",
        "#include <Python.h>",
        "#define PVX_EXPORT     /* hidden: libopenvx.so exports the API and calls these through a table */",
        '#include "pvx.h"',
        *(f"#include <{h}>" for h in prototypes.API_HEADERS),
        *(f"static {p.ret} pvx_py_{p.name}({p.decayed_params});" for p in protos if python_served(p, c_only)),
        "static void pvx_py_log_entry(vx_reference, vx_status, const char *);",
        "#include <string.h>",
        IMMEDIATE_ARG,
        (ROOT / "embed" / "glue.c").read_text(),
        "void pvx_tivx_print_global_v(vx_enum, const char *, va_list);",
        "void pvx_tivx_print_object_v(vx_enum, vx_uint32, const char *, va_list);",
        *(wrapper(p, fast, c_only, immediate.get(p.name), creators.get(p.name)) for p in protos if not p.variadic),
        "static const pvx_fn pvx_api_table[] = {\n" +
        "".join(f"    (pvx_fn){name},\n" for name in table_names(protos)) +
        "};\nstatic const pvx_fn *pvx_api_entries(void) { return pvx_api_table; }\n",
    ])
    ffi.embedding_api("")
    ffi.set_source(
        MODULE, preamble,
        sources=[str(p) for p in sorted(CSRC.rglob("*.c"))],
        include_dirs=[str(INCLUDE), str(CSRC)],
        extra_compile_args=CFLAGS,
        extra_link_args=LDFLAGS,
    )
    ffi.embedding_init_code("import pyopenvx.embed\n")
    # No -lpython: libopenvx.so loads the installation's libpython before this module, a Python
    # host has it already; a wheel then works with any shared libpython of its version.
    ffi._apply_embedding_fix = lambda kwds: None
    with tempfile.TemporaryDirectory() as tmp:
        write_constants(outdir, tmp)
        (outdir / "_build_info.py").write_text(
            '"""Generated by build_ffi.py: do not edit."""\n'
            f"C_ONLY = {sorted(c_only)!r}\nFAST_PATHS = {sorted(fast)!r}\n"
            f"IMMEDIATE = {sorted(immediate)!r}\nNODE_CREATORS = {sorted(creators)!r}\n")
        ffi.compile(tmpdir=tmp, target=str(libdir / "_pyopenvx.*"), verbose=bool(os.environ.get("PVX_VERBOSE")))
        _build_loader(libdir, protos, program, tmp)
    _build_vxu(libdir)
    _install_headers(outdir)
    _write_build_files(outdir)
    return libdir / "libopenvx.so"


# variadic API function -> the va_list form in _pyopenvx.so its libopenvx.so definition forwards to
VARIADIC_FORMS = {"vxAddLogEntry": "pvx_log_text", "tivx_print_global": "pvx_tivx_print_global_v",
                  "tivx_print_object": "pvx_tivx_print_object_v"}


def table_names(protos):
    """The functions _pyopenvx.so hands libopenvx.so, in table order: the API, then the va_list forms
    of the variadic functions (embed/loader.c defines those and forwards)."""
    return [p.name for p in protos if not p.variadic] + list(VARIADIC_FORMS.values())


def trampoline(proto, index):
    fail = failure.c_failure(proto.ret)
    # no implementation means no object was ever created: vxGetStatus sees only NULL
    fail = "VX_ERROR_NO_RESOURCES" if proto.name == "vxGetStatus" else fail
    ret = "" if proto.ret == "void" else "return "
    return (f"{EXPORT} {proto.ret} VX_API_CALL {proto.name}({proto.c_params})\n{{\n"
            f"    const pvx_fn *api = pvx_ready();\n"
            f"    if (__builtin_expect(api == NULL, 0))\n        return{' ' + fail if fail else ''};\n"
            f"    {ret}(({proto.ret} (*)({proto.decayed_params}))api[{index}])({proto.arg_names});\n}}\n")


def _build_loader(libdir, protos, program, tmp):
    """libopenvx.so: embed/loader.c and one trampoline per API function."""
    version = sysconfig.get_python_version()
    names = table_names(protos)
    defines = {"PVX_PYTHON_VERSION": version, "PVX_LIBPYTHON": f"libpython{version}{sys.abiflags}.so.1.0",
               **({"PVX_PYTHON_PROGRAM": program} if program else {})}
    c = Path(tmp) / "libopenvx.c"
    c.write_text("\n".join([
        "#define _GNU_SOURCE    /* dladdr */",
        '#define PVX_EXPORT __attribute__((visibility("default")))',
        *(f'#define {k} "{v}"' for k, v in defines.items()),
        "#include <VX/vx.h>",
        *(f"#include <{h}>" for h in prototypes.API_HEADERS),
        *(f"#define {form.upper()} {names.index(form)}" for form in VARIADIC_FORMS.values()),
        (ROOT / "embed" / "loader.c").read_text(),
        *(trampoline(p, names.index(p.name)) for p in protos if not p.variadic),
    ]))
    flags = [f for f in CFLAGS if not f.startswith("-flto")]
    subprocess.run(["gcc", "-shared", "-fPIC", *flags, "-I", str(INCLUDE), str(c), "-o", str(libdir / "libopenvx.so"),
                    "-Wl,-soname,libopenvx.so", *[f for f in LDFLAGS if not f.startswith(("-flto", "-Wl,-soname"))]],
                    check=True)


def _install_headers(outdir):
    for h in INCLUDE.glob("*/*.h"):         # VX/ and TI/
        dest = outdir / "include" / h.parent.name
        dest.mkdir(parents=True, exist_ok=True)
        (dest / h.name).write_text(h.read_text())


PKGCONFIG = """\
prefix=${pcfiledir}/../..
includedir=${prefix}/include
libdir=${prefix}/lib

Name: OpenVX
Description: pyopenvx, an OpenVX 1.3.1 implementation
Version: 1.3.1
Cflags: -I${includedir}
Libs: -L${libdir} -Wl,-rpath,${libdir} -lopenvx -lvxu
"""

CMAKE_CONFIG = """\
# find_package(OpenVX) for pyopenvx: imported targets OpenVX::openvx and OpenVX::vxu.
get_filename_component(_pvx_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
set(OpenVX_INCLUDE_DIRS "${_pvx_prefix}/include")
set(OpenVX_LIBRARIES OpenVX::openvx OpenVX::vxu)
if(NOT TARGET OpenVX::openvx)
  add_library(OpenVX::openvx SHARED IMPORTED)
  set_target_properties(OpenVX::openvx PROPERTIES
    IMPORTED_LOCATION "${_pvx_prefix}/lib/libopenvx.so"
    IMPORTED_SONAME "libopenvx.so"
    INTERFACE_INCLUDE_DIRECTORIES "${_pvx_prefix}/include")
  add_library(OpenVX::vxu SHARED IMPORTED)
  set_target_properties(OpenVX::vxu PROPERTIES
    IMPORTED_LOCATION "${_pvx_prefix}/lib/libvxu.so"
    IMPORTED_SONAME "libvxu.so"
    INTERFACE_LINK_LIBRARIES OpenVX::openvx)
endif()
set(OpenVX_FOUND TRUE)
"""

CMAKE_VERSION = """\
set(PACKAGE_VERSION "1.3.1")
if(PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
else()
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
  if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
endif()
"""


def _write_build_files(outdir):
    """pkg-config and CMake files, relative to their own location so the install can move."""
    pc = outdir / "share" / "pkgconfig"
    cmake = outdir / "share" / "cmake" / "OpenVX"
    pc.mkdir(parents=True, exist_ok=True)
    cmake.mkdir(parents=True, exist_ok=True)
    (pc / "openvx.pc").write_text(PKGCONFIG)
    (cmake / "OpenVXConfig.cmake").write_text(CMAKE_CONFIG)
    (cmake / "OpenVXConfigVersion.cmake").write_text(CMAKE_VERSION)


def _build_vxu(libdir):
    """libvxu.so: a thin library over libopenvx, so `-lvxu` links wherever `-lopenvx` does."""
    with tempfile.TemporaryDirectory() as tmp:
        c = Path(tmp) / "vxu.c"
        c.write_text("/* The vxu functions are exported by libopenvx; this library only depends on it. */\n"
                     "int pvx_vxu_marker;\n")
        subprocess.run(["gcc", "-shared", "-fPIC", "-fvisibility=hidden", str(c), "-o", str(libdir / "libvxu.so"),
                        "-Wl,-soname,libvxu.so", "-Wl,--no-as-needed", f"-L{libdir}", "-lopenvx",
                        "-Wl,-rpath,$ORIGIN"], check=True)


if __name__ == "__main__":
    arg = sys.argv[1] if len(sys.argv) > 1 else "--inplace"
    target = ROOT / "src" / "pyopenvx" if arg == "--inplace" else Path(arg)
    print(build(target, program=sys.executable))
