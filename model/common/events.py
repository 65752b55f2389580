"""Events: what a step caused, each naming the clause whose rule produced it."""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    """Something that happened, and the clause whose rule made it happen (an immutable record)."""

    kind: str
    clause: str
    zone: int = 0
    """Where it happened, for rulesets with zones (0: nowhere in particular)."""
    source_zone: int = 0
    """The zone of the card or rule that caused it (0: none)."""
    reach: str = "zone"
    """``zone`` unless the causing card's text reaches across zones."""
    card: str = ""
    target: str = ""
    amount: int = 0
    detail: str = ""

    def __str__(self) -> str:
        return self.describe(str)

    def describe(self, name) -> str:
        """A one-line account, with card ids turned into names by ``name``."""
        bits = [f"[{self.clause}] {self.kind}"]
        if self.card:
            bits.append(name(self.card))
        if self.target:
            bits.append(f"-> {name(self.target)}")
        if self.amount:
            bits.append(str(self.amount))
        if self.zone:
            bits.append(f"@z{self.zone}")
        if self.detail:
            bits.append(f"({self.detail})")
        return " ".join(bits)
