"""The Pythonic layer: OpenVX objects as Python objects over the C API (pyopenvx.api), with numpy
views of their memory."""
