"""Views of a state that several invariants read: each worked out once per state, whichever invariant asks first.

A step's invariants ask about its state before and its state after, and the state after is the next step's state
before; so a view remembers the last two states it was asked about.  States are values (the model never changes
one it has returned), so the same object has the same view; holding the state keeps its identity from being taken
by another.  A view is shared: whoever reads it must not change it (the views here are read-only mappings, or
tuples and frozensets).  The cache is one tuple replaced whole, so threads that check games side by side at worst
work a view out twice.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TypeVar

V = TypeVar("V")


def per_state(view: Callable[[object], V]) -> Callable[[object], V]:
    """``view(state)``, remembered for the last two states asked about."""
    last: list = [()]

    @wraps(view)
    def remembered(state) -> V:
        held = last[0]
        for s, value in held:
            if s is state:
                return value
        value = view(state)
        last[0] = (*held[-1:], (state, value))
        return value

    return remembered


def per_step(view: Callable[[object, object], V]) -> Callable[[object, object], V]:
    """``view(before, after)``, remembered for the last two pairs of states asked about (the card ledger and a check
    of the same step ask about the same pair)."""
    last: list = [()]

    @wraps(view)
    def remembered(before, after) -> V:
        held = last[0]
        for b, a, value in held:
            if b is before and a is after:
                return value
        value = view(before, after)
        last[0] = (*held[-1:], (before, after, value))
        return value

    return remembered
