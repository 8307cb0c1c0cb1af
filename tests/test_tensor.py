"""Tensors: C program."""


def test_tensor_c_program(c_program):
    c_program("tensor_basic.c")
