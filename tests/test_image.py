"""Image and pyramid objects: C programs (tests/c/image_*.c) and Python-side checks."""
import pytest


@pytest.mark.parametrize("program", ["image_basic.c"])
def test_c_program(c_program, program):
    c_program(program)
