"""ABI conformance of include/VX with the OpenVX 1.3.1 facts in ../shared/abi.

The facts directory is <repo>/../shared/abi, or $PVX_ABI_DIR. Without it the
tests are skipped, or fail when $CI is set. Only gcc and g++ are needed.
"""
import csv
import os
import re
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
INCLUDE = REPO / "include"
HEADERS = [
    "vx.h", "vx_types.h", "vx_api.h", "vx_nodes.h", "vx_kernels.h", "vx_vendors.h",
    "vxu.h", "vx_compatibility.h", "vx_import.h", "vx_khr_user_data_object.h",
    "vx_khr_tiling.h", "vx_khr_buffer_aliasing.h", "vx_khr_pipelining.h",
    "vx_khr_nn.h", "vx_khr_ix.h", "vx_khr_swap_move.h", "vx_khr_bidirectional_parameters.h",
    "vx_khr_class.h", "vx_khr_import_kernel.h", "vx_khr_raw_image.h", "vx_khr_xml.h", "vx_khr_icd.h",
    "vx_khr_opencl_interop.h",
]
CFLAGS = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"]
CXXFLAGS = ["-std=c++11", "-Wall", "-Wextra", "-Werror", "-pedantic"]
PROTOTYPE = re.compile(r"^VX_API_ENTRY (.+?) VX_API_CALL (\w+)\((.*)\);$")
ENUM_OPEN = re.compile(r"^enum (\w+) \{$")
ENUMERATOR = re.compile(r"^    (\w+) = ([^,]+),$")

# Function-like macros, checked at run time: (C expression, expected value).
MACRO_EXPRESSIONS = [
    ("VX_DF_IMAGE('U', '0', '0', '8')", "VX_DF_IMAGE_U8"),
    ("VX_DF_IMAGE('R', 'G', 'B', 'A')", "VX_DF_IMAGE_RGBX"),
    ("VX_ENUM_BASE(VX_ID_KHRONOS, VX_ENUM_BORDER)", "VX_BORDER_UNDEFINED"),
    ("VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_IMAGE) + 1", "VX_IMAGE_HEIGHT"),
    ("VX_KERNEL_BASE(VX_ID_KHRONOS, VX_LIBRARY_KHR_NN_EXTENSION)", "VX_KERNEL_CONVOLUTION_LAYER"),
    ("VX_VENDOR(VX_ENUM_BASE(VX_ID_USER, 3))", "VX_ID_USER"),
    ("VX_TYPE(VX_IMAGE_FORMAT)", "VX_TYPE_IMAGE"),
    ("VX_ENUM_TYPE(VX_CHANNEL_R)", "VX_ENUM_CHANNEL"),
    ("VX_LIBRARY(VX_KERNEL_POOLING_LAYER)", "VX_LIBRARY_KHR_NN_EXTENSION"),
    ("VX_VERSION_MAJOR(1) | VX_VERSION_MINOR(3)", "VX_VERSION"),
    ("vxArrayItem(vx_uint16, words, 2, 4)", "7"),
    ("vxImageWidth(&tile) + vxImageHeight(&tile)", "640 + 480"),
    ("vxTileX(&tile) + vxTileY(&tile)", "3 + 5"),
    ("vxTileWidth(&tile, 1) + vxTileHeight(&tile, 1)", "16 + 8"),
    ("vxTileBlockWidth(&tile) + vxTileBlockHeight(&tile)", "4 + 2"),
    ("vxNeighborhoodLeft(&tile) - vxNeighborhoodRight(&tile)", "-1 - 1"),
    ("vxNeighborhoodTop(&tile) - vxNeighborhoodBottom(&tile)", "-2 - 2"),
    ("vxImageOffset(&tile, 1, 2, 3, 1, -1)", "(3 + -1) * 100 + (2 + 1) * 2"),
    ("vxImagePixel(vx_uint8, &tile, 1, 2, 3, 1, -1)", "42"),
    ("vxStrideSizeX(&tile, 1) + vxStrideSizeY(&tile, 1)", "2 + 100"),
    ("vxStepSizeX(&tile, 1) + vxStepSizeY(&tile, 1)", "1 + 1"),
    # initializer macros: every field zero
    ("addr.dim_x + addr.dim_y + addr.stride_x + addr.stride_y + addr.scale_x + addr.scale_y"
     " + addr.step_x + addr.step_y + addr.stride_x_bits", "0"),
    ("perf.tmp + perf.beg + perf.end + perf.sum + perf.avg + perf.min + perf.num + perf.max", "0"),
    # 1.0.1 names (vx_compatibility.h) of renamed types and values
    ("sizeof(vx_border_mode_t) + sizeof(struct _vx_border_mode_t)", "2 * sizeof(vx_border_t)"),
    ("old_border + old_policy + old_import", "VX_BORDER_REPLICATE + VX_BORDER_POLICY_RETURN_ERROR + VX_MEMORY_TYPE_HOST"),
    ("VX_BORDER_MODE_POLICY", "VX_ENUM_BORDER_POLICY"),
]
RUNTIME_SETUP = """
    vx_uint16 words[8] = {0, 0, 0, 0, 7, 0, 0, 0};
    static vx_uint8 pixels[1024];
    vx_tile_t tile;
    memset(&tile, 0, sizeof tile);
    tile.image.width = 640; tile.image.height = 480;
    tile.tile_x = 3; tile.tile_y = 5;
    tile.addr[1].dim_x = 16; tile.addr[1].dim_y = 8;
    tile.addr[1].stride_x = 2; tile.addr[1].stride_y = 100;
    tile.addr[1].scale_x = VX_SCALE_UNITY; tile.addr[1].scale_y = VX_SCALE_UNITY;
    tile.tile_block.width = 4; tile.tile_block.height = 2;
    tile.neighborhood.left = -1; tile.neighborhood.right = 1;
    tile.neighborhood.top = -2; tile.neighborhood.bottom = 2;
    tile.addr[1].step_x = 1; tile.addr[1].step_y = 1;
    tile.base[1] = pixels;
    pixels[(3 - 1) * 100 + (2 + 1) * 2] = 42;
    vx_imagepatch_addressing_t addr = VX_IMAGEPATCH_ADDR_INIT;
    vx_perf_t perf = VX_PERF_INIT;
    enum vx_border_mode_e old_border = VX_BORDER_REPLICATE;
    enum vx_border_mode_policy_e old_policy = VX_BORDER_POLICY_RETURN_ERROR;
    enum vx_import_type_e old_import = VX_MEMORY_TYPE_HOST;
#ifndef VX_1_0_1_NAMING_COMPATIBILITY
    fail("VX_1_0_1_NAMING_COMPATIBILITY");
#endif
"""


# ---------------------------------------------------------------- the facts

def read_tsv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def markdown_cell(cell):
    """The first `quoted` part of a table cell, else the whole cell."""
    quoted = re.search(r"`([^`]*)`", cell)
    return quoted[1].strip() if quoted else cell.strip()


def markdown_rows(text):
    for line in text.splitlines():
        if line.startswith("|") and not line.startswith("|---"):
            yield [markdown_cell(cell) for cell in line.strip().strip("|").split("|")]


def parse_structs(text):
    structs, current = [], None
    for line in text.splitlines():
        head = re.match(r"## (\w+) \((struct|union), ([\w.]+)\): size (\d+), align (\d+)", line)
        if head:
            current = dict(name=head[1], header=head[3], size=int(head[4]),
                           align=int(head[5]), members=[])
            structs.append(current)
        elif line.startswith("## "):
            current = None
        elif current is not None and line.startswith("| ") and not line.startswith("| member"):
            name, ctype, array, offset, size = next(markdown_rows(line))
            current["members"].append(dict(name=name, type=ctype, array="" if array == "-" else array,
                                           offset=int(offset), size=int(size)))
    return structs


class Abi:
    """The rows of the ABI facts that concern the headers we ship."""

    def __init__(self, root):
        ours = lambda header: header in HEADERS
        self.functions = [r for r in read_tsv(root / "functions.tsv") if ours(r["header_file"])]
        self.enums = [r for r in read_tsv(root / "enums.tsv") if ours(r["header_file"])]
        self.callbacks = [r for r in read_tsv(root / "callbacks.tsv") if ours(r["header_file"])]
        macros_md = (root / "macros.md").read_text().split("## Function-like")[0]
        self.macros = [r for r in markdown_rows(macros_md) if len(r) == 4 and ours(r[0])]
        structs_md = (root / "structs.md").read_text()
        self.structs = [s for s in parse_structs(structs_md) if ours(s["header"])]
        sizes_md = structs_md.split("## Sizes of scalar")[1]
        self.typedefs = list(dict.fromkeys(     # vx_import stands in two headers: once
            (r[0], int(r[4]), int(r[5])) for r in markdown_rows(sizes_md) if len(r) == 6 and ours(r[1])))


def abi_dir():
    return Path(os.environ.get("PVX_ABI_DIR", REPO.parent / "shared" / "abi"))


@pytest.fixture(scope="module")
def abi():
    root = abi_dir()
    if not (root / "functions.tsv").is_file():
        message = "OpenVX ABI facts not found in %s" % root
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return Abi(root)


# ---------------------------------------------------------- C generation

def includes(*headers):
    return "".join("#include <VX/%s>\n" % h for h in headers or HEADERS)


def static_assert(condition, label):
    """A C99 file-scope assertion: a negative array size fails to compile."""
    static_assert.count += 1
    return "typedef char abi_assert_%d[(%s) ? 1 : -1]; /* %s */" % (
        static_assert.count, condition, label)


static_assert.count = 0


def value_asserts(abi):
    for row in abi.enums:
        yield static_assert("(long long)(%s) == %sLL" % (row["name"], row["value_decimal"]), row["name"])
    for header, name, kind, value in abi.macros:
        if kind == "number":
            yield static_assert("(long long)(%s) == %sLL" % (name, value), name)


def layout_asserts(name, size, align):
    yield static_assert("sizeof(%s) == %d" % (name, size), "sizeof " + name)
    yield "struct abi_align_%s { char pad; %s item; };" % (name, name)
    yield static_assert("offsetof(struct abi_align_%s, item) == %d" % (name, align), "alignof " + name)


def struct_asserts(abi):
    for s in abi.structs:
        yield from layout_asserts(s["name"], s["size"], s["align"])
        for m in s["members"]:
            member = "%s.%s" % (s["name"], m["name"])
            yield static_assert("offsetof(%s, %s) == %d" % (s["name"], m["name"], m["offset"]),
                                "offsetof " + member)
            yield static_assert("sizeof(((%s *)0)->%s) == %d" % (s["name"], m["name"], m["size"]),
                                "sizeof " + member)


def typedef_asserts(abi):
    for name, size, align in abi.typedefs:
        yield from layout_asserts(name, size, align)


def type_check(declaration, initializer):
    """A block whose initialisation fails with -Werror when the types differ."""
    return "    { %s = %s; (void)p; }" % (declaration, initializer)


def member_checks(abi):
    for s in abi.structs:
        for m in s["members"]:
            pointer = "(*p)%s" % m["array"] if m["array"] else "*p"
            ctype = re.sub(r"\brestrict\b", "VX_RESTRICT", m["type"])      # C++ spells it __restrict
            yield type_check("%s %s" % (ctype, pointer), "&((%s *)0)->%s" % (s["name"], m["name"]))


def function_checks(abi):
    for row in abi.functions:
        yield type_check("%s (*p)(%s)" % (row["return_type"], row["params"]), "&" + row["name"])


def callback_checks(abi):
    for row in abi.callbacks:
        if "[VX_RESTRICT]" in row["params"]:        # the C99-only spelling of vx_tiling_kernel_f
            yield "#ifndef __cplusplus"
            yield type_check("%s (*p)(%s)" % (row["return_type"], row["params"]), "(%s)0" % row["name"])
            yield "#endif"
            continue
        yield type_check("%s (*p)(%s)" % (row["return_type"], row["params"]), "(%s)0" % row["name"])


def checker_function(name, blocks):
    return "void %s(void);\nvoid %s(void)\n{\n%s\n}\n" % (name, name, "\n".join(blocks))


def static_checks_source(abi):
    parts = ["#define OPENVX_TILING_1_1", "#include <stddef.h>", includes()]
    parts += value_asserts(abi)
    parts += struct_asserts(abi)
    parts += typedef_asserts(abi)
    parts.append(checker_function("abi_check_members", member_checks(abi)))
    parts.append(checker_function("abi_check_functions", function_checks(abi)))
    parts.append(checker_function("abi_check_callbacks", callback_checks(abi)))
    return "\n".join(parts) + "\n"


def c_string(text):
    return '"%s"' % text.replace("\\", "\\\\").replace('"', '\\"')


def runtime_checks(abi):
    for header, name, kind, value in abi.macros:
        if kind == "string":
            yield "    if (strcmp(%s, %s) != 0) fail(%s);" % (name, c_string(value), c_string(name))
        elif kind.startswith("number (float"):
            yield "    if (!near((double)(%s), %s)) fail(%s);" % (name, value, c_string(name))
    for expression, expected in MACRO_EXPRESSIONS:
        yield "    if ((long long)(%s) != (long long)(%s)) fail(%s);" % (
            expression, expected, c_string(expression))


def runtime_checks_source(abi):
    return "\n".join([
        "#define OPENVX_TILING_1_1",
        "#include <stdio.h>",
        "#include <string.h>",
        includes(),
        "static int failures;",
        'static void fail(const char *what) { printf("wrong: %s\\n", what); failures++; }',
        "static int near(double a, double b) { double d = a - b; return d < 1e-6 && d > -1e-6; }",
        "int main(void)\n{",
        RUNTIME_SETUP,
        *runtime_checks(abi),
        "    return failures != 0;\n}\n",
    ])


# ---------------------------------------------------------- compiling

def run(command, cwd):
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    assert result.returncode == 0, "%s\n%s%s" % (" ".join(map(str, command)), result.stdout, result.stderr)
    return result


def compile_source(tmp_path, name, source, compiler="gcc", flags=CFLAGS, extra=("-c",)):
    path = tmp_path / name
    path.write_text(source)
    run([compiler, *flags, "-I", str(INCLUDE), *extra, str(path)], tmp_path)
    return path


def header_lines():
    for header in HEADERS:
        for line in (INCLUDE / "VX" / header).read_text().splitlines():
            yield header, line


def declared_prototypes():
    return {m[2]: (m[1], m[3]) for _, line in header_lines() for m in [PROTOTYPE.match(line)] if m}


def normalize(text):
    return re.sub(r"\s*([*,()\[\]])\s*", r"\1", " ".join(text.split()))


def compiler_declared_functions(tmp_path):
    """Names of every function gcc sees declared in our headers (-aux-info)."""
    compile_source(tmp_path, "aux.c", "#define OPENVX_TILING_1_1\n" + includes(),
                   extra=("-c", "-aux-info", "aux.txt", "-o", "aux.o"))
    names = set()
    for line in (tmp_path / "aux.txt").read_text().splitlines():
        where = re.match(r"/\* (\S+):\d+:", line)
        if where and Path(where[1]).resolve().is_relative_to(INCLUDE.resolve()):
            names.add(re.search(r"(\w+) \(", line.split("*/", 1)[1])[1])
    return names


# ---------------------------------------------------------------- tests

def test_shipped_headers_exist():
    missing = [h for h in HEADERS if not (INCLUDE / "VX" / h).is_file()]
    assert not missing


LANGUAGES = pytest.mark.parametrize("compiler,flags,suffix", [("gcc", CFLAGS, "c"), ("g++", CXXFLAGS, "cpp")])


@LANGUAGES
def test_values_layouts_and_prototypes(abi, tmp_path, compiler, flags, suffix):
    compile_source(tmp_path, "abi_static." + suffix, static_checks_source(abi), compiler, flags)


@LANGUAGES
def test_every_macro_of_every_header_at_run_time(abi, tmp_path, compiler, flags, suffix):
    """String and float macros, function-like and initializer macros, the 1.0.1 names."""
    source = compile_source(tmp_path, "abi_runtime." + suffix, runtime_checks_source(abi), compiler, flags,
                            extra=("-o", "abi_runtime"))
    result = subprocess.run([str(source.with_suffix(""))], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


def test_base_macros_are_defined_behaviour(tmp_path):
    """VX_*_BASE with a vendor id at or above 0x800 (VX_ID_USER) at run time: shifting a signed int
    into its sign bit is undefined, so the macros shift unsigned values (UBSan refuses otherwise)."""
    source = compile_source(tmp_path, "bases.c", "\n".join([
        "#include <VX/vx.h>",
        "int main(void)\n{",
        "    volatile vx_enum vendor = VX_ID_USER, lib = 0xFF;",
        "    return !(VX_KERNEL_BASE(vendor, lib) == VX_KERNEL_BASE(VX_ID_USER, 0xFF) && VX_VENDOR(VX_ATTRIBUTE_BASE(vendor, lib)) == VX_ID_USER",
        "             && VX_ENUM_BASE(vendor, lib) < 0);",
        "}\n"]), flags=[*CFLAGS, "-fsanitize=undefined", "-fno-sanitize-recover=all"], extra=("-o", "bases"))
    subprocess.run([str(source.with_suffix(""))], check=True)


@LANGUAGES
@pytest.mark.parametrize("header", HEADERS)
def test_each_header_alone_after_vx_h(tmp_path, compiler, flags, suffix, header):
    compile_source(tmp_path, "alone." + suffix, includes("vx.h", header) + "int abi_dummy;\n", compiler, flags)


def test_prototypes_are_one_line_and_match(abi):
    broken = [line for _, line in header_lines()
              if line.startswith("VX_API_ENTRY") and not PROTOTYPE.match(line)]
    assert not broken
    declared = declared_prototypes()
    required = {r["name"]: (r["return_type"], r["params"]) for r in abi.functions}
    assert sorted(set(required) - set(declared)) == []
    assert sorted(set(declared) - set(required)) == []
    differing = [name for name, (ret, params) in required.items()
                 if (normalize(ret), normalize(params)) != tuple(map(normalize, declared[name]))]
    assert differing == []


def test_no_other_functions_declared(abi, tmp_path):
    assert compiler_declared_functions(tmp_path) == {r["name"] for r in abi.functions}


def test_enumerators_are_one_per_line_in_their_enum(abi):
    found, current = {}, None
    for _, line in header_lines():
        opening, item = ENUM_OPEN.match(line), ENUMERATOR.match(line)
        if opening:
            current = opening[1]
        elif line.startswith("}"):
            current = None
        elif item and current:
            found[item[1]] = current
    expected = {r["name"]: r["enum_type"] for r in abi.enums}
    assert {name: found.get(name) for name in expected} == expected


@LANGUAGES
def test_all_headers_compile_together(tmp_path, compiler, flags, suffix):
    compile_source(tmp_path, "all_headers." + suffix, includes() + "int abi_dummy;\n", compiler, flags)
    compile_source(tmp_path, "reversed." + suffix, includes(*reversed(HEADERS)) + "int abi_dummy;\n",
                   compiler, flags)
