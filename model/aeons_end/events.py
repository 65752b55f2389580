"""Every kind of event the Aeon's End model emits, and what each one carries.

This is the one declaration of the event vocabulary: scenario files, invariants and reports may
name only these kinds.  ``tests/test_aeons_end_declarations.py`` plays a few hundred random games
and scans the model's emit sites (``oblivaeon_verify.graphs.static``) to show that the model emits
no kind outside this list, that every kind here is emitted somewhere, and that each event fills only
the fields declared for its kind, with words of the declared family (``model.aeons_end.families``).

A field's family names what it holds: ``card`` a card of that family (as a physical id), ``target``
a mage's name, a damage target or an actor, ``amount`` a count or a breach number (1 to 4),
``detail`` free text, a nemesis card kind or the nemesis's name.  An empty family: never filled.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import NamedTuple

from oblivaeon_verify.model.aeons_end.state import OUTCOMES


class EventKind(NamedTuple):
    name: str
    about: str
    card: str = ""
    target: str = ""
    amount: str = ""
    detail: str = ""

    def carries(self, field: str) -> str:
        """The family of ``field`` for this kind ('' when the kind never fills it); kind and clause always."""
        return getattr(self, field) if field in ("card", "target", "amount", "detail") else "any"


# fmt: off
_KINDS = (
    # a player's turn
    EventKind("cast", "a prepped spell is cast (amount: its damage)", card="spell", target="damage", amount="count"),
    EventKind("play", "a gem or relic is played (amount: its aether)", card="gem-or-relic", amount="count"),
    EventKind("gain", "a card is gained from the supply (amount: its cost)", card="supply", amount="count"),
    EventKind("charge", "a mage gains a charge (amount: charges now)", target="mage", amount="count"),
    EventKind("focus", "a breach is turned a quarter (amount: the breach)", target="mage", amount="breach", detail="text"),
    EventKind("open", "a breach is opened by paying its cost (amount: the breach)", target="mage", amount="breach"),
    EventKind("prep", "a spell is prepped (amount: the breach)", card="spell", amount="breach"),
    EventKind("while-prepped", "a prepped spell's While-prepped effect is used", card="while-prepped"),
    EventKind("to-discard", "a nemesis card is discarded by paying its TO DISCARD cost", card="to-discard"),
    EventKind("ability", "a mage's ability fires (detail: what it does)", target="mage", detail="text"),
    EventKind("discard-turned-over", "an empty deck is refilled by turning the discard pile over", target="mage"),
    # harm and help
    EventKind("gravehold-damage", "Gravehold loses life", amount="count", detail="text"),
    EventKind("player-damage", "a player loses life", target="mage", amount="count", detail="text"),
    EventKind("player-heal", "a player gains life (amount: life gained)", target="mage", amount="count"),
    EventKind("no-life-gain", "an exhausted player would gain life and does not", target="mage"),
    EventKind("exhausted", "a player is exhausted", target="mage"),
    EventKind("breach-destroyed", "an exhausted player's breach is destroyed (amount: the breach)", target="mage", amount="breach"),
    EventKind("charges-discarded", "an exhausted player's charges are discarded (amount: how many)", target="mage", amount="count"),
    EventKind("nemesis-damage", "the nemesis loses life", amount="count", detail="text"),
    EventKind("minion-damage", "a minion loses life (amount: life lost)", card="minion", amount="count"),
    EventKind("minion-defeated", "a minion with no life left is discarded", card="minion"),
    # the nemesis
    EventKind("unleash", "the nemesis Unleashes (detail: which nemesis)", detail="nemesis-name"),
    EventKind("corruption", "the nemesis gains corruption (amount: its tokens now)", amount="count"),
    EventKind("minion-acts", "a minion in play acts", card="minion"),
    EventKind("power-counts-down", "a power loses a token (amount: tokens left)", card="power", amount="count"),
    EventKind("power-resolves", "a power with no token left resolves and is discarded", card="power"),
    EventKind("nemesis-draws", "the nemesis draws a card (detail: its kind)", card="nemesis", detail="nemesis-kind"),
    # the turn order
    EventKind("turn-order-card", "a turn order card is drawn", card="turn"),
    EventKind("turn-order-reshuffle", "the turn order deck is reshuffled (amount: the cycle now)", amount="count"),
    EventKind("turn", "a turn begins (target: who acts, p0..p3 or nemesis; amount: turns so far)", target="turn-actor", amount="count"),
    # the end (``Draft.end``: one kind per outcome)
    *(EventKind(f"game-{o}", f"the game ends: {o} (detail: why)", detail="text") for o in OUTCOMES),
)
# fmt: on

EVENT_KINDS: MappingProxyType[str, EventKind] = MappingProxyType({k.name: k for k in _KINDS})
"""Kind -> what an event of that kind carries."""

__all__ = ["EVENT_KINDS", "EventKind"]
