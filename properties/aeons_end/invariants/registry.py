"""The Aeon's End invariant registry every chapter registers into, and its three decorators."""

from __future__ import annotations

from oblivaeon_verify.model.aeons_end.decisions import DECISION_KINDS
from oblivaeon_verify.model.aeons_end.events import EVENT_KINDS
from oblivaeon_verify.model.aeons_end.state import GameState, Mage
from oblivaeon_verify.properties.common.registry import Registry, state_parts

INVARIANTS = Registry(parts=state_parts(GameState, {"mages": Mage}), event_kinds=EVENT_KINDS, decision_kinds=DECISION_KINDS)
state = INVARIANTS.state
step = INVARIANTS.step
opening = INVARIANTS.opening
