"""Object arrays and delays: C programs, and the generic DataObject protocol with a class the
containers know nothing about."""
import pytest


@pytest.mark.parametrize("program", ["object_array_basic.c", "delay_basic.c"])
def test_c_program(c_program, program):
    c_program(program)
