"""The working copy of an Aeon's End state during one step, and the kernel that runs its agenda.

Rules schedule work on the draft with ``now``, ``later`` and ``ask`` (``model.common.kernel``); each kind of
work is a record type with its one handler in :data:`KERNEL`, defined beside the rule it belongs to.
"""

from __future__ import annotations

from oblivaeon_verify.model.aeons_end.state import Breach, GameState, Mage, Outcome, changed
from oblivaeon_verify.model.common.draft import BaseDraft
from oblivaeon_verify.model.common.events import Event
from oblivaeon_verify.model.common.kernel import Kernel

KERNEL = Kernel("aeons_end", "oblivaeon_verify.model.aeons_end", safety_clause="END.IMMEDIATE")
"""Aeon's End's handlers, one per work record type (sealed by ``engine``)."""


#: An event's fields in order, as :meth:`Draft.emit` fills them; Aeon's End has no zones, so ``zone``,
#: ``source_zone`` and ``reach`` always hold their defaults.
_EVENT_FIELDS = ("kind", "clause", "zone", "source_zone", "reach", "card", "target", "amount", "detail")
_ZONELESS = (0, 0, "zone")
if Event._fields != _EVENT_FIELDS or tuple(Event._field_defaults[f] for f in _EVENT_FIELDS[2:5]) != _ZONELESS:
    raise ImportError(
        f"model.common.events.Event changed ({Event._fields}, {Event._field_defaults}): make Draft.emit in model/aeons_end/draft.py build it as it now is"
    )
_new_event = tuple.__new__

#: A player's seat by the actor's name (``p0`` to ``p3``); any other actor is not a player.
_SEATS = {f"p{i}": i for i in range(4)}


class Draft(BaseDraft):
    __slots__ = ()

    def freeze(self) -> GameState:
        return self.build(GameState)

    @property
    def params(self):
        return self.setup.params

    def mage_update(self, i: int, **changes) -> Mage:
        mages = self.mages
        m = changed(mages[i], changes)
        self.mages = mages[:i] + (m,) + mages[i + 1 :]
        return m

    def breach_update(self, i: int, b: int, **changes) -> None:
        self.mage_update(i, breaches=self.breaches_with(i, b, **changes))

    def breaches_with(self, i: int, b: int, **changes) -> tuple[Breach, ...]:
        """Mage ``i``'s breaches with breach ``b`` changed (for a ``mage_update`` that changes more than it)."""
        breaches = self.mages[i].breaches
        return breaches[:b] + (changed(breaches[b], changes),) + breaches[b + 1 :]

    def emit(self, kind: str, clause: str, card: str = "", target: str = "", amount: int = 0, detail: str = "") -> None:
        """As ``BaseDraft.emit``, for the fields an Aeon's End event fills (it has no zones): the event is
        built from its fields in order, without a keyword dictionary, since every rule emits."""
        self.events.append(_new_event(Event, (kind, clause, 0, 0, "zone", card, target, amount, detail)))

    def end(self, kind: str, reason: str, clause: str) -> None:
        if self.outcome is None:
            self.outcome = Outcome(kind, reason, clause)
            self.emit("game-" + kind, clause, detail=reason)

    def acting(self) -> int:
        return _SEATS.get(self.actor, -1)
