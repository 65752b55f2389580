"""The working copy of an Aeon's End state during one step, and the kernel that runs its agenda.

Rules schedule work on the draft with ``now``, ``later`` and ``ask`` (``model.common.kernel``); each kind of
work is a record type with its one handler in :data:`KERNEL`, defined beside the rule it belongs to.
"""

from __future__ import annotations

from oblivaeon_verify.model.aeons_end.state import GameState, Mage, Outcome, evolve
from oblivaeon_verify.model.common.draft import BaseDraft
from oblivaeon_verify.model.common.kernel import Kernel

KERNEL = Kernel("aeons_end", "oblivaeon_verify.model.aeons_end", safety_clause="END.IMMEDIATE")
"""Aeon's End's handlers, one per work record type (sealed by ``engine``)."""


class Draft(BaseDraft):
    __slots__ = ()

    def freeze(self) -> GameState:
        return self.build(GameState)

    @property
    def params(self):
        return self.setup.params

    def mage_update(self, i: int, **changes) -> Mage:
        m = evolve(self.mages[i], **changes)
        self.mages = self.mages[:i] + (m,) + self.mages[i + 1 :]
        return m

    def breach_update(self, i: int, b: int, **changes) -> None:
        m = self.mages[i]
        br = evolve(m.breaches[b], **changes)
        self.mage_update(i, breaches=m.breaches[:b] + (br,) + m.breaches[b + 1 :])

    def end(self, kind: str, reason: str, clause: str) -> None:
        if self.outcome is None:
            self.outcome = Outcome(kind, reason, clause)
            self.emit("game-" + kind, clause, detail=reason)

    def acting(self) -> int:
        return int(self.actor[1:]) if self.actor.startswith("p") else -1
