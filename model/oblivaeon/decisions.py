"""Decisions: the player choices and chance outcomes that drive the model.

A decision is a small value.  The legal ones at a decision point are computed once, by the rule
that opened the point, and stored in the state; ``step`` accepts only those (python-chess's "one
source of legality").
"""

from __future__ import annotations

from typing import NamedTuple

from oblivaeon_verify.model.common.decisions import IllegalDecision
from oblivaeon_verify.model.oblivaeon.cards import PHYSICAL, describe

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


def _names_in_several_decks() -> frozenset[str]:
    """Card names printed in more than one deck (every hero's Signature Gear, an environment's Entangling Growth)."""
    decks: dict[str, set[str]] = {}
    for card, cdef in PHYSICAL.items():
        decks.setdefault(describe(card), set()).add(cdef.deck)
    return frozenset(name for name, held in decks.items() if len(held) > 1)


_SHARED_NAMES = _names_in_several_decks()


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def copy_words(card: str) -> str:
    """A card as a decision names it: with its deck when another deck prints a card of that name, and with its
    copy number when its deck holds several copies.  Copies differ in play (HP, tokens, where they stand), and a
    trace or a replay file must say which one was chosen: no two options of a decision point read alike."""
    cdef = PHYSICAL.get(card)
    if cdef is None:
        return describe(card)
    name = describe(card)
    words = f"{_possessive(cdef.deck)} {name}" if name in _SHARED_NAMES else name
    return f"{words} #{card.rsplit('#', 1)[1]}" if cdef.copies > 1 else words


def _default(d: Decision) -> str:
    bits = [d.kind.replace("-", " ")]
    if d.card:
        bits.append(copy_words(d.card))
    if d.target:
        bits.append(f"-> {copy_words(d.target)}")
    if d.zone:
        bits.append(f"({ZONE_NAMES[d.zone]})")
    return " ".join(bits)


LABELS = {
    "reveal": lambda d: f"{d.target} turns up {describe(d.card)} ({d.weight} of its kind)",
    "move": lambda d: f"move to the {ZONE_NAMES[d.zone]}",
    "stay": lambda d: f"stay in the {ZONE_NAMES[d.zone]}",
    "take-objective": lambda d: "take on an objective",
    "swap-objective": lambda d: f"swap out {copy_words(d.card)}",
    "trade-objective": lambda d: f"trade {copy_words(d.card)} for {copy_words(d.target)}",
    "shuffle-mission-deck": lambda d: "shuffle the Mission deck",
    "incap-ability": lambda d: f"use incapacitated ability {d.index + 1} of {copy_words(d.card)}",
    "regain-reward": lambda d: f"regain {copy_words(d.target)} from under {copy_words(d.card)}",
    "no-option": lambda d: "use none of the six options",
    "play-card": lambda d: f"play {copy_words(d.card)}",
    "pay-objective": lambda d: f"pay for {copy_words(d.target)}: discard a card to put a token on it",
    "skip-play": lambda d: "play no card",
    "use-power": lambda d: f"use power {d.index + 1} of {copy_words(d.card)}",
    "skip-power": lambda d: "use no power",
    "target": lambda d: f"choose {copy_words(d.target)}",
    "discard": lambda d: f"discard {copy_words(d.card)}",
    "deck": lambda d: f"choose {d.target}",
    "keep-top": lambda d: f"leave {copy_words(d.card)} on top",
    "bottom": lambda d: f"put {copy_words(d.card)} on the bottom",
    "environment": lambda d: f"bring in {d.target}",
    "set-up-hero": lambda d: f"set up {copy_words(d.card)}",
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
