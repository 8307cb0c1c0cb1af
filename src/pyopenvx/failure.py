"""What an exported function returns when it cannot do its work at all (the interpreter did not
start, or Python raised): never a success. Shared by the build (C) and the runtime (Python)."""

VX_FAILURE = -1


def c_failure(ret):
    """The C expression returned on failure for a return type, or None for void."""
    if ret == "void":
        return None
    if ret == "vx_status":
        return "VX_FAILURE"
    if ret in ("vx_enum", "vx_bool", "vx_size"):   # VX_TYPE_INVALID, vx_false_e, 0 bytes
        return "0"
    return "NULL"


def py_failure(ret):
    """The same value as cffi's `error=` for def_extern."""
    expr = c_failure(ret)
    return {None: None, "VX_FAILURE": VX_FAILURE, "0": 0, "NULL": None}[expr]
