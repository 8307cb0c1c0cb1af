"""Image and pyramid objects: C programs (tests/c/image_*.c) and Python-side checks."""
import pytest

C_PROGRAMS = {
    "image_basic.c": (),
    "image_views.c": (),
    "image_pyramid.c": (),
    "image_threads.c": ("-pthread",),
}


@pytest.mark.parametrize("program", sorted(C_PROGRAMS))
def test_c_program(c_program, program):
    c_program(program, extra=C_PROGRAMS[program])
