"""VxError: how every refusal travels from the object model to the exported function, which turns
it into the status code and one log entry."""
from . import constants as vx
from .failure import VX_FAILURE

_NAMES = {getattr(vx, n): n for n in dir(vx) if n.startswith("VX_ERROR_") or n in ("VX_FAILURE", "VX_SUCCESS")}


def status_name(status):
    return _NAMES.get(status, str(status))


class VxError(Exception):
    """A refusal: `status` is what the caller gets, `message` says why, `ref` is what it concerns."""

    def __init__(self, status, message, ref=None):
        status = status or VX_FAILURE         # a refusal is never a success, whatever it was given
        super().__init__(f"{status_name(status)}: {message}")
        self.status = status
        self.message = message
        self.ref = ref


def check(condition, status, message, ref=None):
    if not condition:
        raise VxError(status, message, ref)
