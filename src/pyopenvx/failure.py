"""What an exported function returns when it cannot do its work at all (the interpreter did not
start, or Python raised): never a success. Shared by the build (C) and the runtime (Python)."""

VX_FAILURE = -1
# Integer return types (every one a function of ours may return, or might): they fail as 0, never
# as NULL, which C would take as a pointer converted to an integer.
INTEGERS = frozenset(("vx_enum", "vx_bool", "vx_size", "vx_df_image", "vx_char", "vx_uint8", "vx_uint16",
                      "vx_uint32", "vx_uint64", "vx_int8", "vx_int16", "vx_int32", "vx_int64", "uint64_t", "int32_t"))


def c_failure(ret):
    """The C expression returned on failure for a return type, or None for void."""
    if ret == "void":
        return None
    if ret == "vx_status":
        return "VX_FAILURE"
    if ret in INTEGERS:            # VX_TYPE_INVALID, vx_false_e, 0 bytes, 0
        return "0"
    return "NULL"                  # handles, pointers, function pointers


def py_failure(ret):
    """The same value as cffi's `error=` for def_extern."""
    expr = c_failure(ret)
    return {None: None, "VX_FAILURE": VX_FAILURE, "0": 0, "NULL": None}[expr]
