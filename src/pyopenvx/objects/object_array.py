"""Object array: `count` objects made like an exemplar (any data object but a delay or an object
array), owned by the array. Works for any class implementing the DataObject protocol."""
from .. import constants as vx
from ..errors import VxError, attribute_name, check
from .dataobject import DataObject, adopt_children, drop_children

NOT_ITEMS = (vx.VX_TYPE_DELAY, vx.VX_TYPE_OBJECT_ARRAY)


class ObjectArray(DataObject):
    vx_type = vx.VX_TYPE_OBJECT_ARRAY

    def __init__(self, context, exemplar, count, scope=None, virtual=False, make_item=None):
        check(isinstance(exemplar, DataObject) and exemplar.vx_type not in NOT_ITEMS, vx.VX_ERROR_INVALID_TYPE,
              f"{exemplar} cannot be an object array item")
        check(count > 0, vx.VX_ERROR_INVALID_PARAMETERS, "an object array needs at least one item")
        check(count < 1 << 20, vx.VX_ERROR_NO_MEMORY, f"{count} items")
        super().__init__(context, scope, virtual)
        self.item_type = exemplar.vx_type
        self.items = [None] * count
        adopt_children(self, self.items, make_item or (lambda i: exemplar.make_like(context, scope=self, virtual=virtual)))

    def item(self, index):
        check(index < len(self.items), vx.VX_ERROR_INVALID_PARAMETERS,
              f"index {index} is outside the {len(self.items)} items of {self}", self)
        return self.items[index]

    def on_destroy(self):
        drop_children(self.items)
        self.items = []

    def meta(self):
        return {vx.VX_OBJECT_ARRAY_ITEMTYPE: self.item_type, vx.VX_OBJECT_ARRAY_NUMITEMS: len(self.items)}

    def apply_meta(self, meta):
        for attr, mine in self.meta().items():
            if attr in meta and meta[attr] != mine:
                raise VxError(vx.VX_ERROR_INVALID_PARAMETERS, f"{self} has {attribute_name(attr)} = {mine}, not {meta[attr]}", self)

    def reopen(self):
        """Its own meta is fixed; its items are reopened."""
        for item in self.items:
            item.reopen()
        return super().reopen()

    def make_like(self, context, scope=None, virtual=False):
        return ObjectArray(context, self.items[0], len(self.items), scope, virtual)
