"""The OpenVX function prototypes as our headers declare them.

The headers keep every prototype on one line (`VX_API_ENTRY ret VX_API_CALL name(params);`), so
one parser serves the build (exported wrappers), the runtime (export table) and the tests.
Importable without the built library.
"""
import re
from dataclasses import dataclass
from pathlib import Path

# Headers (relative to include/) whose functions libopenvx exports (vxu.h included: we ship one
# library set; the TI headers are the target-kernel API of seed 003).
API_HEADERS = tuple(f"VX/{h}" for h in (
    "vx_api.h", "vx_nodes.h", "vxu.h", "vx_compatibility.h", "vx_import.h",
    "vx_khr_user_data_object.h", "vx_khr_tiling.h", "vx_khr_buffer_aliasing.h",
    "vx_khr_pipelining.h", "vx_khr_nn.h", "vx_khr_ix.h",
    # optional extensions: declared so programs compile; what is not implemented refuses
    "vx_khr_swap_move.h", "vx_khr_bidirectional_parameters.h", "vx_khr_class.h",
    "vx_khr_import_kernel.h", "vx_khr_raw_image.h", "vx_khr_xml.h", "vx_khr_icd.h", "vx_khr_opencl_interop.h",
    # the safe casts TIOVX ships (seed 003)
    "vx_khr_safe_casts.h",
)) + tuple(f"TI/{h}" for h in (
    "tivx.h", "tivx_target_kernel.h", "tivx_obj_desc.h", "tivx_mem.h", "tivx_debug.h", "tivx_task.h",
    "tivx_event.h", "tivx_mutex.h", "tivx_queue.h", "tivx_log_stats.h", "tivx_ext_obj_array_from_list.h"))

_PROTO = re.compile(r"^VX_API_ENTRY\s+(?P<ret>.+?)\s+VX_API_CALL\s+(?P<name>\w+)\s*\((?P<params>.*)\)\s*;\s*$")
_PARAM = re.compile(r"^(?P<type>.*?)\b(?P<name>\w+)\s*(?P<array>(\[[^\]]*\])*)$")


@dataclass(frozen=True)
class Param:
    ctype: str      # the type as written, arrays decayed to pointers
    name: str
    text: str       # the declaration exactly as the header writes it


@dataclass(frozen=True)
class Prototype:
    name: str
    ret: str
    params: tuple
    variadic: bool
    header: str

    @property
    def c_params(self):
        items = [p.text for p in self.params] + (["..."] if self.variadic else [])
        return ", ".join(items) or "void"

    @property
    def decayed_params(self):
        return ", ".join(f"{p.ctype} {p.name}" for p in self.params) or "void"

    @property
    def arg_names(self):
        return ", ".join(p.name for p in self.params)


def _param(text):
    m = _PARAM.match(text.strip())
    if not m:
        raise ValueError(f"cannot parse parameter {text!r}")
    ctype = m["type"].strip()
    if m["array"]:
        ctype += " *"
    return Param(ctype=ctype, name=m["name"], text=text.strip())


def parse(include_dir):
    """Every exported prototype of our API headers, in header order."""
    out, seen = [], set()
    for header in API_HEADERS:
        for line in (Path(include_dir) / header).read_text().splitlines():
            m = _PROTO.match(line.strip())
            if not m or m["name"] in seen:     # a few names are declared in two headers
                continue
            seen.add(m["name"])
            raw = [p for p in m["params"].split(",") if p.strip()]
            variadic = bool(raw) and raw[-1].strip() == "..."
            raw = raw[:-1] if variadic else raw
            params = () if raw == ["void"] or [p.strip() for p in raw] == ["void"] else tuple(map(_param, raw))
            out.append(Prototype(m["name"], m["ret"].strip(), params, variadic, header))
    return out
