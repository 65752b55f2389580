"""Clarifications as logic, answered by Z3: the game-independent machinery of
properties.common.clarify.logic (statements grounded on a bounded domain of situations and things)."""

from __future__ import annotations

from oblivaeon_verify.properties.common.clarify.logic import Theory, UndecidedError, judge

__all__ = ["Theory", "UndecidedError", "judge"]
