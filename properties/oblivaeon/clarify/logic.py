"""Clarifications as logic, answered by Z3: the game-independent machinery of
properties.common.clarify.logic (monadic logic on the small model its statements need)."""

from __future__ import annotations

from properties.common.clarify.logic import Sentence, Theory, UndecidedError, judge, sentence

__all__ = ["Sentence", "Theory", "UndecidedError", "judge", "sentence"]
