"""A heartbeat: long computations say what they are doing now, and whoever listens shows it.

A solver query or a Hypothesis run can take minutes without a result to count; ``beat`` is how it
says "searching paths of up to 40 steps, round 3" or "example 7" as it goes.  Nothing listens by
default (a beat then costs one list lookup); a command showing progress listens while it runs
(:func:`listening`).  Beats are for people only: nothing is decided by them and they reach no output file.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

_listeners: list[Callable[[str], None]] = []


def beat(what: str) -> None:
    """Say what the computation is doing now (a short phrase: "k-induction, k = 2")."""
    for fn in tuple(_listeners):
        fn(what)


@contextlib.contextmanager
def listening(fn: Callable[[str], None]) -> Iterator[None]:
    """Call ``fn`` with every beat until the block ends."""
    _listeners.append(fn)
    try:
        yield
    finally:
        _listeners.remove(fn)
