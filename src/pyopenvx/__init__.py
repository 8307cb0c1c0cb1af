"""pyopenvx: an OpenVX 1.3.1 implementation whose object model and graph manager are Python,
exported as the C library libopenvx.so. `pyopenvx.api` drives that same library from Python."""

__version__ = "0.1.0"         # the project version (pyproject.toml; tests/test_pythonic_docs.py checks)
