"""pyopenvx: an OpenVX 1.3.1 implementation whose object model and graph manager are Python,
exported as the C library libopenvx.so. `pyopenvx.api` drives that same library from Python."""
