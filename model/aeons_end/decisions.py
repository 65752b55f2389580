"""Aeon's End decisions: player choices and chance outcomes, as small values."""

from __future__ import annotations

from types import MappingProxyType
from typing import NamedTuple

from oblivaeon_verify.model.aeons_end.cards import describe
from oblivaeon_verify.model.common.decisions import IllegalDecision


class DecisionKind(NamedTuple):
    """A kind of decision and what its fields hold, by family (``model.aeons_end.families``; '' never filled).

    ``index`` is the model's own number (0-based): a breach of the acting mage (``breach``), an
    ally's breach as owner x 4 + breach (``ally-breach``), a position among the cards in play
    (``in-play``) or a player's seat (``player``).
    """

    name: str
    about: str
    actor: str = "player"
    """``player`` (a player, ``player N``), ``players`` (the table decides) or ``chance``."""
    card: str = ""
    target: str = ""
    index: str = ""


# fmt: off
_KINDS = (
    DecisionKind("cast", "cast a prepped spell at a target", card="spell", target="damage", index="breach"),
    DecisionKind("end-casting", "end the casting phase"),
    DecisionKind("play", "play a gem or relic from the hand", card="gem-or-relic"),
    DecisionKind("gain", "gain the top card of a supply pile", card="supply"),
    DecisionKind("gain-charge", "pay aether for a charge"),
    DecisionKind("focus", "pay to turn a closed breach a quarter", index="breach"),
    DecisionKind("open", "pay to open a closed breach", index="breach"),
    DecisionKind("prep", "prep a spell from the hand to a breach", card="spell", index="breach"),
    DecisionKind("while-prepped", "use a prepped spell's While-prepped effect", card="while-prepped", index="breach"),
    DecisionKind("to-discard", "pay a nemesis card's TO DISCARD cost", card="to-discard", index="in-play"),
    DecisionKind("ability", "use the mat's ability (a target when it deals damage)", target="damage"),
    DecisionKind("end-main", "end the main phase"),
    DecisionKind("discard-next", "put a played gem or relic on the discard pile next", card="gem-or-relic"),
    DecisionKind("focus-free", "turn a closed breach a quarter for free", index="breach"),
    DecisionKind("ally-cast", "cast an ally's prepped spell", card="spell", target="damage", index="ally-breach"),
    DecisionKind("decline", "decline an optional effect"),
    DecisionKind("suffer", "choose which player suffers an effect", actor="players", target="mage", index="player"),
    DecisionKind("destroy-breach", "an exhausted player destroys one of their breaches", index="breach"),
    DecisionKind("take-turn", "choose who takes the wild turn", actor="players", target="mage", index="player"),
    DecisionKind("reveal", "chance: the top card of a shuffled deck", actor="chance", card="revealed", target="deck"),
)
# fmt: on

DECISION_KINDS: MappingProxyType[str, DecisionKind] = MappingProxyType({k.name: k for k in _KINDS})
"""Every kind of decision the model offers, and what it carries (checked against random play in
``tests/test_aeons_end_declarations.py``)."""

TURN_ORDER_DECK = "the turn order deck"
"""What a reveal of the turn order deck names as its target."""


def nemesis_deck(tier: int) -> str:
    """What a reveal of the nemesis deck names as its target (tiers from 1)."""
    return f"the nemesis deck (tier {tier})"


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
        if self.index >= 0 and self.kind in DECISION_KINDS and DECISION_KINDS[self.kind].index in ("breach", "ally-breach"):
            bits.append(f"breach {self.index + 1}")
        if self.target:
            bits.append(f"-> {describe(self.target)}")
        return f"{self.actor}: {' '.join(bits)}"


__all__ = ["DECISION_KINDS", "Decision", "DecisionKind", "IllegalDecision", "TURN_ORDER_DECK", "nemesis_deck"]
