"""What a description picks out: the one place a rule or a card says "these are the targets it meant".

Every rule and card that picks its targets or cards by a description ("each villain target in this
battle zone", "the player with the lowest life") reports the things the description picked out,
before any choice among them, through :func:`picked`.  Nothing in play reads it: it is a watch for the
census of surprises (``oblivaeon_verify.census``), which counts what each description reached over
many games.  With no watcher, ``picked`` is one truth test, so play is unchanged and as fast.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Selection:
    """One description at work: who used it, its words, and what it picked out."""

    site: str
    """Who selects, in words: a card's name and the instruction (``Aeon Warrior: damage``), or a rule's."""
    description: str
    """The description, in words (``each villain target in this battle zone``)."""
    clause: str
    """The clause under which it resolves."""
    source: str
    """The card (or character) that selects (``""`` for a rule of the game itself)."""
    picked: tuple[str, ...]
    """What the description picked out, in the model's order, before any choice among them."""
    sides: frozenset[str]
    """The sides the description names (``hero``, ``villain``, ``environment``, or a ruleset's own words)."""
    harmful: bool
    """Whether it harms what it picks (damage, destruction, removal): a reviewer asks about those first."""


Watcher = Callable[[object, Selection], None]
_watchers: list[Watcher] = []


def picked(d, selection: Selection) -> None:
    """Tell every watcher (none, in play) what a description picked out in the working state ``d``."""
    for w in _watchers:
        w(d, selection)


def watching() -> bool:
    """Whether anyone watches (rules skip building a selection's words when nobody does)."""
    return bool(_watchers)


@contextmanager
def watch(fn: Watcher) -> Iterator[None]:
    """Call ``fn(working_state, selection)`` for every selection made while the block runs (in this process)."""
    _watchers.append(fn)
    try:
        yield
    finally:
        _watchers.remove(fn)
