"""A deck as a value, with shuffles resolved lazily as chance decisions.

After a shuffle nobody knows the order, so a deck is a known top, an unordered middle and a known
bottom.  Taking a card from the top (or, for the Scion Reserve, the bottom) while the known part
is empty is a chance event: the model offers one outcome per distinct card in the unordered part,
weighted by its number of copies, and the chosen card becomes known.  That is exactly a uniform
shuffle, and it lets Hypothesis or an exhaustive search pick the unlucky order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


@dataclass(frozen=True, slots=True)
class Deck:
    top: tuple[str, ...] = ()
    """Cards whose order is known, top first, above the unordered part."""
    middle: tuple[str, ...] = ()
    """Cards in unknown order (kept sorted, so equal decks are equal values)."""
    bottom: tuple[str, ...] = ()
    """Cards whose order is known, top first, below the unordered part."""

    def __len__(self) -> int:
        return len(self.top) + len(self.middle) + len(self.bottom)

    def __bool__(self) -> bool:
        return bool(self.top or self.middle or self.bottom)

    def cards(self) -> tuple[str, ...]:
        return self.top + self.middle + self.bottom

    @staticmethod
    def shuffled(cards) -> Deck:
        return Deck((), tuple(sorted(cards)), ())

    @staticmethod
    def ordered(cards) -> Deck:
        """A deck in a known order, top first."""
        return Deck(tuple(cards), (), ())

    def shuffle(self) -> Deck:
        return Deck.shuffled(self.cards())

    def top_known(self) -> bool:
        return bool(self.top) or not self.middle

    def bottom_known(self) -> bool:
        return bool(self.bottom) or not self.middle

    def peek_top(self) -> str | None:
        """The top card if it is known (or the deck is empty: None)."""
        if self.top:
            return self.top[0]
        if self.middle:
            raise LookupError("top card not revealed yet")
        return self.bottom[0] if self.bottom else None

    def peek_bottom(self) -> str | None:
        if self.bottom:
            return self.bottom[-1]
        if self.middle:
            raise LookupError("bottom card not revealed yet")
        return self.top[-1] if self.top else None

    def take_top(self) -> tuple[str, Deck]:
        if self.top:
            return self.top[0], Deck(self.top[1:], self.middle, self.bottom)
        if self.middle:
            raise LookupError("top card not revealed yet")
        return self.bottom[0], Deck((), (), self.bottom[1:])

    def take_bottom(self) -> tuple[str, Deck]:
        if self.bottom:
            return self.bottom[-1], Deck(self.top, self.middle, self.bottom[:-1])
        if self.middle:
            raise LookupError("bottom card not revealed yet")
        return self.top[-1], Deck(self.top[:-1], (), ())

    def reveal_top(self, card: str) -> Deck:
        """The chance outcome: ``card`` from the unordered part turns out to be on top."""
        mid = list(self.middle)
        mid.remove(card)
        return Deck(self.top + (card,), tuple(mid), self.bottom)

    def reveal_bottom(self, card: str) -> Deck:
        mid = list(self.middle)
        mid.remove(card)
        return Deck(self.top, tuple(mid), (card,) + self.bottom)

    def put_top(self, card: str) -> Deck:
        return Deck((card,) + self.top, self.middle, self.bottom)

    def put_bottom(self, card: str) -> Deck:
        return Deck(self.top, self.middle, self.bottom + (card,))

    def shuffle_in(self, card: str) -> Deck:
        """Shuffle one card into the deck: the whole deck becomes unordered."""
        return Deck.shuffled(self.cards() + (card,))

    def remove(self, card: str) -> Deck:
        if card in self.top:
            return Deck(tuple(c for c in self.top if c != card), self.middle, self.bottom)
        if card in self.bottom:
            return Deck(self.top, self.middle, tuple(c for c in self.bottom if c != card))
        mid = list(self.middle)
        mid.remove(card)
        return Deck(self.top, tuple(mid), self.bottom)

    def to_json(self) -> dict:
        return {"top": list(self.top), "middle": list(self.middle), "bottom": list(self.bottom)}

    @staticmethod
    def from_json(d: dict) -> Deck:
        return Deck(tuple(d["top"]), tuple(d["middle"]), tuple(d["bottom"]))


class Taken(NamedTuple):
    """What taking a card from a deck came to (:func:`take`; a named tuple: every draw builds one)."""

    card: str | None
    """The card taken; None when there was none to take, or it is not known yet (``unknown``)."""
    deck: Deck
    """The deck afterwards (refilled first if it was empty)."""
    trash: tuple[str, ...]
    """The pile that refills the deck, afterwards (empty once it was shuffled in)."""
    reshuffled: bool
    """The deck was empty and its trash was shuffled to make it again: the caller says so in an event."""
    unknown: bool
    """The card at that end of the deck is not known yet: chance must reveal it, then the rule takes it."""


def take(deck: Deck, trash: tuple[str, ...] = (), *, end: str = "top") -> Taken:
    """The deck rule, the one place it is written: take the card at ``end`` (``top`` or ``bottom``).

    An empty deck is first made again by shuffling ``trash`` into it (a deck without one passes ``()``
    and simply has nothing to give); a card of the unordered part is not known until chance reveals it,
    so the deck comes back untouched with ``unknown`` set.
    """
    reshuffled = False
    if not deck and trash:
        deck, trash, reshuffled = Deck.shuffled(trash), (), True
    if not deck:
        return Taken(None, deck, trash, reshuffled, False)
    if not (deck.top_known() if end == "top" else deck.bottom_known()):
        return Taken(None, deck, trash, reshuffled, True)
    card, rest = deck.take_top() if end == "top" else deck.take_bottom()
    return Taken(card, rest, trash, reshuffled, False)
