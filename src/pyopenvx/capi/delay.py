"""Delay functions (vxRegisterAutoAging belongs to the graph)."""
from .. import attributes
from .. import constants as vx
from ..objects.delay import Delay
from ..reference import lookup
from . import export
from .context import context_of
from .reference import release_handle

QUERY = {
    vx.VX_DELAY_TYPE: ("vx_enum", lambda d: d.item_type),
    vx.VX_DELAY_SLOTS: ("vx_size", lambda d: len(d.slots)),
}


def delay_of(handle):
    return lookup(handle, vx.VX_TYPE_DELAY, "delay")


@export
def vxCreateDelay(context, exemplar, num_slots):
    return Delay(context_of(context), lookup(exemplar, what="exemplar"), num_slots)


@export
def vxGetReferenceFromDelay(delay, index):
    return delay_of(delay).slot(index)        # not retained: the delay owns its slots


@export
def vxAgeDelay(delay):
    delay_of(delay).age_by_application()


@export
def vxQueryDelay(delay, attribute, ptr, size):
    attributes.query(QUERY, delay_of(delay), attribute, ptr, size)


@export
def vxReleaseDelay(delay):
    release_handle(delay, vx.VX_TYPE_DELAY, "delay")
