"""Aeon's End decisions: player choices and chance outcomes, as small values."""

from __future__ import annotations

from typing import NamedTuple

from model.aeons_end.cards import describe
from model.common.decisions import IllegalDecision


class Decision(NamedTuple):
    kind: str
    actor: str
    """``chance``, ``player N`` (1-based) or ``players``."""
    card: str = ""
    target: str = ""
    index: int = -1
    weight: int = 1

    @property
    def is_chance(self) -> bool:
        return self.actor == "chance"

    def __str__(self) -> str:
        bits = [self.kind.replace("-", " ")]
        if self.card:
            bits.append(describe(self.card))
        if self.index >= 0 and self.kind in ("focus", "open", "prep", "while-prepped", "destroy-breach", "cast", "ally-cast", "focus-free"):
            bits.append(f"breach {self.index + 1}")
        if self.target:
            bits.append(f"-> {describe(self.target)}")
        return f"{self.actor}: {' '.join(bits)}"


__all__ = ["Decision", "IllegalDecision"]
