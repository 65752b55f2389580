"""The invariant registry: named predicates with the clause ids they protect.

An invariant is checked either over one state (``over="state"``) or over one step: the state
before, the decision taken, the events it caused and the state after (``over="step"``).  Its
check yields one message per violation; an empty result means it holds.  The same registry serves
random play, the Hypothesis state machine, the knock-out matrix and the reports.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import NamedTuple


class Step(NamedTuple):
    before: object
    decision: object
    events: tuple
    after: object


@dataclass(frozen=True)
class Invariant:
    name: str
    over: str
    """``state`` or ``step``."""
    clauses: tuple[str, ...]
    check: Callable[..., Iterable[str]]
    doc: str

    def violations(self, subject) -> list[str]:
        return list(self.check(subject))


@dataclass(frozen=True)
class Violation:
    invariant: str
    clauses: tuple[str, ...]
    message: str

    def __str__(self) -> str:
        return f"{self.invariant} [{', '.join(self.clauses)}]: {self.message}"


class Registry:
    def __init__(self) -> None:
        self._items: dict[str, Invariant] = {}

    def _add(self, name: str, over: str, clauses: tuple[str, ...]) -> Callable:
        def register(fn: Callable) -> Callable:
            if name in self._items:
                raise ValueError(f"invariant {name!r} registered twice")
            if not clauses:
                raise ValueError(f"invariant {name!r} cites no clause")
            doc = " ".join((fn.__doc__ or "").split())
            self._items[name] = Invariant(name, over, clauses, fn, doc)
            return fn

        return register

    def state(self, name: str, *clauses: str) -> Callable:
        """Register a predicate over one state."""
        return self._add(name, "state", clauses)

    def step(self, name: str, *clauses: str) -> Callable:
        """Register a predicate over (before, decision, events, after)."""
        return self._add(name, "step", clauses)

    def __iter__(self):
        return iter(self._items.values())

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, name: str) -> Invariant:
        try:
            return self._items[name]
        except KeyError:
            raise KeyError(f"unknown invariant {name!r}; known: {', '.join(sorted(self._items))}") from None

    def names(self) -> tuple[str, ...]:
        return tuple(self._items)

    def guarding(self, clause: str) -> tuple[str, ...]:
        """Names of the invariants that cite ``clause``."""
        return tuple(i.name for i in self if clause in i.clauses)

    def check_state(self, state, only: Iterable[str] | None = None) -> list[Violation]:
        out = []
        for inv in self._select(only):
            if inv.over == "state":
                out.extend(Violation(inv.name, inv.clauses, m) for m in inv.check(state))
        return out

    def check_step(self, step: Step, only: Iterable[str] | None = None) -> list[Violation]:
        """Every state invariant on the state after, and every step invariant on the step."""
        out = []
        for inv in self._select(only):
            subject = step.after if inv.over == "state" else step
            out.extend(Violation(inv.name, inv.clauses, m) for m in inv.check(subject))
        return out

    def _select(self, only):
        if only is None:
            return list(self)
        return [self[n] for n in only]
