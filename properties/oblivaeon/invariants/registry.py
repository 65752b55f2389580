"""The OblivAeon invariant registry every chapter registers into, its two decorators, and the names several chapters share."""

from __future__ import annotations

from oblivaeon_verify.model.oblivaeon.decisions import FIELDS as DECISION_FIELDS
from oblivaeon_verify.model.oblivaeon.events import EVENT_KINDS
from oblivaeon_verify.model.oblivaeon.state import GameState, Seat, Zone
from oblivaeon_verify.properties.common.registry import Registry, state_parts

INVARIANTS = Registry(
    parts=state_parts(GameState, {"seats": Seat, "zones": Zone}),
    event_kinds=EVENT_KINDS,
    decision_kinds=DECISION_FIELDS,
)
state = INVARIANTS.state
step = INVARIANTS.step

OBLIVAEON = "oblivaeon"
DEV_CLAUSES = {"BZ.DEV.SCIONS-OUTNUMBER", "BZ.DEV.SCION-REMOVED", "BZ.DEV.HERO-INCAP", "ID.DEVASTATION", "ID.COUNTDOWN", "CLAR.SENTINELS"}
