"""Delay: a ring of slots made like an exemplar. Index 0 is the current slot, -1 the previous one.
Aging rotates which object is at which index; objects keep their identity and handles."""
from .. import constants as vx
from ..errors import check
from ..reference import Reference
from .dataobject import DataObject, adopt_children, drop_children


class Delay(Reference):
    vx_type = vx.VX_TYPE_DELAY

    def __init__(self, context, exemplar, num_slots):
        check(isinstance(exemplar, DataObject), vx.VX_ERROR_INVALID_TYPE, f"{exemplar} cannot be delayed")
        check(num_slots > 0, vx.VX_ERROR_INVALID_PARAMETERS, "a delay needs at least one slot")
        check(num_slots < 1 << 16, vx.VX_ERROR_NO_MEMORY, f"{num_slots} slots")
        super().__init__(context)
        self.item_type = exemplar.vx_type
        self.followers = []                # nodes bound to slots: they rebind after each aging
        self.aging_graphs = []             # graphs that registered it for auto-aging
        self.slots = [None] * num_slots    # slots[k] is at index -k
        adopt_children(self, self.slots, lambda _: exemplar.make_like(context, scope=self))

    def slot(self, index):
        check(-len(self.slots) < index <= 0, vx.VX_ERROR_INVALID_PARAMETERS,
              f"index {index} is outside 0..-{len(self.slots) - 1} of {self}", self)
        for graph in self.aging_graphs:       # frames of pipelined graphs aged it meanwhile
            graph.sync_delays()
        return self.slots[-index]

    def age_by_application(self):
        """vxAgeDelay: pipelined graphs that age it too start their next frames from here."""
        self.check_idle()
        for graph in self.aging_graphs:
            graph.sync_delays()
        self.age()
        for graph in self.aging_graphs:
            if graph.pipeline is not None:
                graph.invalidate(f"{self} was aged by the application")

    def age(self):
        self.slots.insert(0, self.slots.pop())
        for node in list(self.followers):
            node.follow_delay(self)

    def check_idle(self):
        """The application ages a delay only while no graph using its slots runs (kernels would
        see their parameters change under them)."""
        for node in self.followers:
            node.graph.check_idle(f"{self} cannot age", node)

    def on_destroy(self):
        drop_children(self.slots)
        self.slots = []
