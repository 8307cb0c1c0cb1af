"""User data objects (vx_khr_user_data_object, seed 002) from C and from Python."""
import pytest


@pytest.mark.parametrize("program", ["udo_create.c", "udo_access.c", "udo_zero_copy.c", "udo_errors.c",
                                     "udo_user_struct.c"])
def test_from_c(c_program, program):
    assert c_program(program).stdout.strip() == "ok"
