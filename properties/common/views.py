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
