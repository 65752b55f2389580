"""Chance decision points: which card turns out to be on top (or bottom) of a shuffled deck.

A rule that needs a card from a deck whose order is unknown pushes itself back as a frame, then
pushes the reveal choice above it; the outcome makes the card known and the rule runs again.
"""

from __future__ import annotations

from collections import Counter

from model.oblivaeon.cards import base_key
from model.oblivaeon.decisions import Decision
from model.oblivaeon.draft import Draft, deck_label, resume


def reveal_options(d: Draft, ref: tuple, end: str) -> list[Decision]:
    deck = d.deck(ref)
    counts = Counter(base_key(c) for c in deck.middle)
    first: dict[str, str] = {}
    for c in deck.middle:  # middle is sorted, so the first copy is stable
        first.setdefault(base_key(c), c)
    label = deck_label(d, ref) + (" (bottom)" if end == "bottom" else "")
    return [Decision("reveal", "chance", card=first[k], target=label, weight=counts[k]) for k in sorted(counts)]


def needs_reveal(d: Draft, ref: tuple, end: str = "top") -> bool:
    """If the card at ``end`` of the deck is unknown, push the chance point and say so.

    The caller must already have pushed the frame that retries it.
    """
    deck = d.deck(ref)
    known = deck.top_known() if end == "top" else deck.bottom_known()
    if known:
        return False
    d.push_choice("reveal", reveal_options(d, ref, end), (ref, end))
    return True


@resume("reveal")
def _revealed(d: Draft, decision: Decision, payload: tuple) -> None:
    ref, end = payload
    deck = d.deck(ref)
    d.set_deck(ref, deck.reveal_top(decision.card) if end == "top" else deck.reveal_bottom(decision.card))
