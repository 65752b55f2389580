"""Chance decision points: which card turns out to be on top (or bottom) of a shuffled deck.

A rule that needs a card from a deck whose order is unknown schedules its own record again, then
asks for the reveal before it; the outcome makes the card known and the rule runs again.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import NamedTuple

from oblivaeon_verify.model.common.deck import take
from oblivaeon_verify.model.common.kernel import Ask, Work
from oblivaeon_verify.model.oblivaeon.cards import BASE_KEYS
from oblivaeon_verify.model.oblivaeon.decisions import Decision
from oblivaeon_verify.model.oblivaeon.draft import KERNEL, Draft, deck_label
from oblivaeon_verify.model.oblivaeon.places import deck_place, moved, trash_of_deck


@dataclass(frozen=True, slots=True)
class Reveal(Ask):
    """Chance: which card is at ``end`` of the deck ``deck_ref``."""

    deck_ref: tuple
    end: str


def reveal_options(d: Draft, ref: tuple, end: str) -> list[Decision]:
    """One outcome per kind of card in the unknown part, weighted by its copies (the middle is sorted,
    so copies of a kind sit together and the first copy is a stable representative)."""
    groups: dict[str, list] = {}
    for c in d.deck(ref).middle:
        k = BASE_KEYS[c]
        g = groups.get(k)
        if g is None:
            groups[k] = [c, 1]
        else:
            g[1] += 1
    label = deck_label(d, ref) + (" (bottom)" if end == "bottom" else "")
    return [_outcome(first, label, n) for first, n in (groups[k] for k in sorted(groups))]


@functools.lru_cache(maxsize=4096)
def _outcome(card: str, label: str, copies: int) -> Decision:
    """A reveal's outcome, a value made once: a reveal offers some six, and most are those of the deck's last reveal."""
    return Decision("reveal", "chance", card=card, target=label, weight=copies)


def needs_reveal(d: Draft, ref: tuple, end: str = "top") -> bool:
    """If the card at ``end`` of the deck is unknown, ask chance for it and say so.

    The caller must already have scheduled the record that retries it.
    """
    deck = d.deck(ref)
    known = deck.top_known() if end == "top" else deck.bottom_known()
    if known:
        return False
    d.ask(Reveal(tuple(reveal_options(d, ref, end)), ref, end))
    return True


@KERNEL.handles(Reveal)
def _revealed(d: Draft, ask: Reveal, decision: Decision) -> None:
    ref = ask.deck_ref
    deck = d.deck(ref)
    d.set_deck(ref, deck.reveal_top(decision.card) if ask.end == "top" else deck.reveal_bottom(decision.card))


class Refill(NamedTuple):
    """How a deck is made again from its trash when it runs out: what the reshuffle event says."""

    clause: str
    detail: str
    card: str = ""
    zone: int = 0


def take_card(d: Draft, ref: tuple, retry: Work, *, end: str = "top", refill: Refill | None = None) -> str | None:
    """Take the card at ``end`` of the deck ``ref`` by the deck rule (``model.common.deck.take``).

    With ``refill``, an empty deck is first made again from its trash, and the reshuffle is an event.
    None when there is no card to take, or when its card is unknown: then ``retry`` is scheduled and
    chance asked to reveal the card first.
    """
    deck = d.deck(ref)
    trash = d.trash(ref) if refill else ()
    taken = take(deck, trash, end=end)
    if taken.reshuffled:
        d.set_trash(ref, taken.trash)
        d.emit("reshuffle", refill.clause, zone=refill.zone, card=refill.card, detail=refill.detail)
        for card in sorted(trash):  # each card of the trash moves into the deck (shuffled: no order among them)
            moved(d, card, trash_of_deck(ref), deck_place(ref), refill.clause)
    if taken.deck is not deck:  # (an unknown card leaves the deck as it was)
        d.set_deck(ref, taken.deck)
    if taken.unknown:
        d.now(retry)
        needs_reveal(d, ref, end)
    return taken.card
