"""Tensors: C program."""


def test_tensor_c_program(c_program):
    c_program("tensor_basic.c")


def test_images_from_tensor_c_program(c_program):
    assert c_program("image_from_tensor.c").stdout.strip() == "ok"
