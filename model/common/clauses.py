"""Clause catalogues and the declarations that tie model code to clauses.

A ruleset lists its clauses once, as data (:class:`Clause`).  Model code declares which clause
it implements with :func:`implements`; the declaration is the one citation of the clause in
code, and it is what ``oblivaeon-verify clauses`` reads to say where a clause is implemented.
Nothing here is a hand-kept list of implementations.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TypeVar

F = TypeVar("F", bound=Callable)


@dataclass(frozen=True, slots=True)
class Clause:
    """One clause of a rulebook, paraphrased in our own words.

    ``handled`` is False for clauses that describe rather than prescribe (flavour, a pointer to
    another page, a piece of information a player may look at): they have no handler, and the
    coverage report says so instead of counting them as missing.
    """

    id: str
    kind: str
    section: str
    paraphrase: str
    handled: bool = True
    note: str = ""
    points_to: str = ""
    """For a pointer (no rule of its own): the section it points to; it is shown when every clause there is."""


@dataclass(frozen=True, slots=True)
class Implementation:
    """Where a clause is implemented: a function of the model, found by its declaration."""

    clause: str
    function: str
    module: str
    line: int

    @property
    def where(self) -> str:
        return f"{self.module}:{self.line}"


@dataclass
class Catalogue:
    """The clauses of one ruleset and the model code that declares it implements them."""

    ruleset: str
    clauses: tuple[Clause, ...]
    implementations: dict[str, list[Implementation]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for clause in self.clauses:
            if clause.id in seen:
                raise ValueError(f"clause id {clause.id!r} is listed twice in {self.ruleset}")
            seen.add(clause.id)
        self._by_id = {c.id: c for c in self.clauses}

    def __contains__(self, clause_id: object) -> bool:
        return clause_id in self._by_id

    def __getitem__(self, clause_id: str) -> Clause:
        try:
            return self._by_id[clause_id]
        except KeyError:
            raise KeyError(
                f"unknown clause id {clause_id!r} for ruleset {self.ruleset}; known ids look like {', '.join(list(self._by_id)[:3])}, ..."
            ) from None

    def ids(self) -> tuple[str, ...]:
        return tuple(self._by_id)

    def implements(self, *clause_ids: str) -> Callable[[F], F]:
        """Declare that the decorated function implements the given clauses.

        Unknown ids fail at import time, so a typo cannot hide a clause from coverage.
        """
        for cid in clause_ids:
            self[cid]  # raises a helpful KeyError for an unknown id

        def register(fn: F) -> F:
            module = inspect.getmodule(fn)
            mod_name = module.__name__ if module else "?"
            try:
                line = inspect.getsourcelines(fn)[1]
            except (OSError, TypeError):
                line = 0
            for cid in clause_ids:
                self.implementations.setdefault(cid, []).append(Implementation(cid, fn.__qualname__, mod_name, line))
            fn.__clauses__ = tuple(getattr(fn, "__clauses__", ())) + clause_ids  # type: ignore[attr-defined]
            return fn

        return register

    def declare(self, clause_id: str, name: str, module: str) -> None:
        """Declare an implementation that is data rather than a function (a chart, a table)."""
        self[clause_id]
        self.implementations.setdefault(clause_id, []).append(Implementation(clause_id, name, module, 0))

    def implemented_by(self, clause_id: str) -> tuple[Implementation, ...]:
        return tuple(sorted(self.implementations.get(clause_id, ()), key=lambda i: (i.module, i.line)))

    def unimplemented(self) -> tuple[Clause, ...]:
        return tuple(c for c in self.clauses if c.handled and not self.implementations.get(c.id))

    def kinds(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c.kind for c in self.clauses))

    def validate_citations(self, ids: Iterable[str], where: str) -> None:
        for cid in ids:
            if cid not in self:
                raise KeyError(f"{where}: unknown clause id {cid!r}")
