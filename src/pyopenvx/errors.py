"""VxError: how every refusal travels from the object model to the exported function, which turns
it into the status code and one log entry."""
from . import constants as vx
from .failure import VX_FAILURE

_NAMES = {getattr(vx, n): n for n in dir(vx) if n.startswith("VX_ERROR_") or n in ("VX_FAILURE", "VX_SUCCESS")}


# Attributes are VX_ATTRIBUTE_BASE(vendor 0, object type) + n; the 1.0 "_ATTRIBUTE_" aliases lose.
_ATTRIBUTES: dict = {}
for _n in sorted((n for n in dir(vx) if n.startswith("VX_")), key=lambda n: "_ATTRIBUTE_" in n):
    _v = getattr(vx, _n)
    if isinstance(_v, int) and 0x80000 <= _v < 0x90000:
        _ATTRIBUTES.setdefault(_v, _n)


def status_name(status):
    return _NAMES.get(status, str(status))


def attribute_name(attribute):
    """VX_IMAGE_WIDTH, ... for an attribute enum (its hex value if it is none of ours)."""
    return _ATTRIBUTES.get(attribute) or f"{attribute:#x}"


# BaseExceptions (KeyboardInterrupt, SystemExit) raised inside an exported call, which cannot cross
# C: the call fails, and a Python caller (pythonic.errors.check) raises them again as they are.
INTERRUPTIONS: list = []


class VxError(Exception):
    """A refusal: `status` is what the caller gets, `message` says why, `ref` is what it concerns."""

    def __init__(self, status, message, ref=None):
        status = status or VX_FAILURE         # a refusal is never a success, whatever it was given
        super().__init__(f"{status_name(status)}: {message}")
        self.status = status
        self.message = message
        self.ref = ref


def check(condition, status, message, ref=None):
    """`message` is a str, or a function giving it: hot paths format it only on a refusal."""
    if not condition:
        raise VxError(status, spelled(message), ref)


def spelled(message):
    return message() if callable(message) else message
