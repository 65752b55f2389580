"""Decisions: the player choices and chance outcomes that drive the model.

A decision is a small value.  The legal ones at a decision point are computed once, by the rule
that opened the point, and stored in the state; ``step`` accepts only those (python-chess's "one
source of legality").
"""

from __future__ import annotations

from typing import NamedTuple

from oblivaeon_verify.model.common.decisions import IllegalDecision
from oblivaeon_verify.model.oblivaeon.cards import card_words, describe

ZONE_NAMES = {1: "First Battle Zone", 2: "Second Battle Zone"}


class Decision(NamedTuple):
    kind: str
    actor: str
    """``chance``, ``hero N`` (the player holding marker N) or ``players`` (the table decides together)."""
    card: str = ""
    target: str = ""
    zone: int = 0
    index: int = 0
    weight: int = 1
    """For chance outcomes: relative likelihood (copies of that card in the unknown part)."""

    @property
    def is_chance(self) -> bool:
        return self.actor == "chance"

    def __str__(self) -> str:
        return f"{self.actor}: {LABELS.get(self.kind, _default)(self)}"


def _default(d: Decision) -> str:
    bits = [d.kind.replace("-", " ")]
    if d.card:
        bits.append(card_words(d.card))
    if d.target:
        bits.append(f"-> {card_words(d.target)}")
    if d.zone:
        bits.append(f"({ZONE_NAMES[d.zone]})")
    return " ".join(bits)


LABELS = {
    "reveal": lambda d: f"{d.target} turns up {describe(d.card)} ({d.weight} of its kind)",
    "move": lambda d: f"move to the {ZONE_NAMES[d.zone]}",
    "stay": lambda d: f"stay in the {ZONE_NAMES[d.zone]}",
    "take-objective": lambda d: "take on an objective",
    "swap-objective": lambda d: f"swap out {card_words(d.card)}",
    "trade-objective": lambda d: f"trade {card_words(d.card)} for {card_words(d.target)}",
    "shuffle-mission-deck": lambda d: "shuffle the Mission deck",
    "incap-ability": lambda d: f"use incapacitated ability {d.index + 1} of {card_words(d.card)}",
    "regain-reward": lambda d: f"regain {card_words(d.target)} from under {card_words(d.card)}",
    "no-option": lambda d: "use none of the six options",
    "play-card": lambda d: f"play {card_words(d.card)}",
    "pay-objective": lambda d: f"pay for {card_words(d.target)}: discard a card to put a token on it",
    "skip-play": lambda d: "play no card",
    "use-power": lambda d: f"use power {d.index + 1} of {card_words(d.card)}",
    "skip-power": lambda d: "use no power",
    "target": lambda d: f"choose {card_words(d.target)}",
    "discard": lambda d: f"discard {card_words(d.card)}",
    "deck": lambda d: f"choose {d.target}",
    "keep-top": lambda d: f"leave {card_words(d.card)} on top",
    "bottom": lambda d: f"put {card_words(d.card)} on the bottom",
    "environment": lambda d: f"bring in {d.target}",
    "set-up-hero": lambda d: f"set up {card_words(d.card)}",
}

FIELDS: dict[str, dict[str, str]] = {
    "reveal": {"card": "card", "target": "deck"},
    "move": {"zone": "zone"},
    "stay": {"zone": "zone"},
    "take-objective": {},
    "swap-objective": {"card": "card"},
    "trade-objective": {"card": "card", "target": "card", "index": "seat"},
    "shuffle-mission-deck": {},
    "incap-ability": {"card": "card", "index": "ability"},
    "regain-reward": {"card": "card", "target": "card"},
    "no-option": {},
    "play-card": {"card": "card"},
    "pay-objective": {"target": "card"},
    "skip-play": {},
    "use-power": {"card": "card", "index": "power"},
    "skip-power": {},
    "target": {"card": "card", "target": "card", "index": "seat"},
    "discard": {"card": "card", "target": "card"},
    "deck": {"card": "card", "target": "deck", "index": "deck"},
    "keep-top": {"card": "card"},
    "bottom": {"card": "card"},
    "environment": {"target": "environment", "zone": "zone"},
    "set-up-hero": {"card": "card"},
}
"""What each kind of decision carries besides its ``actor``, field by field, and what the field names:
a ``card`` id, an ``environment`` name, a ``deck``'s label (``deck_label``), a battle ``zone``, or an
index (of a ``seat``, an incapacitated ``ability``, a ``power``, a ``deck`` among those offered).  A
scenario that picks a decision by a field its kind never carries, or by a name of the wrong sort,
can never match one.  Checked both ways by ``tests/test_scenario_contract.py`` against the model's
own ``Decision(...)`` calls and random play."""


__all__ = ["FIELDS", "Decision", "IllegalDecision", "LABELS", "ZONE_NAMES"]
