"""The one memory and map-table mechanism (csrc/objects/memory.c) shared by every data object."""


def test_threads_map_and_copy_every_type(c_program):
    """Several C threads on shared and own objects of every type; racing write maps of one region
    are refused exactly once per race; all maps closed and references back at the end."""
    assert c_program("memory_threads.c", extra=("-lpthread",)).stdout.strip() == "memory_threads ok"
