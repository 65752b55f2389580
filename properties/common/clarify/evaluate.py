"""Statements evaluated on the things of a concrete situation, in three values.

A ruleset turns what its model decides at one moment of play (a state, or a step and the states
around it) into a :class:`Situation`: its things, each with the terms the model decides for it (true
or false) and the attributes it decides (a battle zone, a seat, a moment).  What the model does not
decide stays open.  A statement then evaluates to True, False or None (open: the decided facts
settle it neither way), by Kleene's strong three-valued logic, with counts bounded by the things
surely and possibly counted.  Only a False is a violation, so an open fact never raises a false
alarm.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from oblivaeon_verify.properties.common.clarify.language import And, Check, Frequency, Not, Or, Quantity, Related, Statement, Term
from oblivaeon_verify.properties.common.clarify.vocab import Relation


@dataclass(frozen=True)
class Thing:
    name: str
    facts: tuple[tuple[str, bool], ...]
    attrs: tuple[tuple[str, int], ...] = ()


def thing(name: str, facts: dict[str, bool], attrs: dict[str, int] | None = None) -> Thing:
    return Thing(name, tuple(sorted(facts.items())), tuple(sorted((attrs or {}).items())))


@dataclass
class Situation:
    where: str
    things: list[Thing]
    pairs: dict = field(default_factory=dict)
    """(relation name, i, j) -> bool for relations of their own the model decides; others stay open."""

    def __post_init__(self) -> None:
        self._facts = [dict(t.facts) for t in self.things]
        self._attrs = [dict(t.attrs) for t in self.things]


def _and(values):
    # Kleene: one False decides, so the rest are not evaluated (a statement's quantifiers nest).
    unknown = False
    for v in values:
        if v is False:
            return False
        if v is None:
            unknown = True
    return None if unknown else True


def _or(values):
    unknown = False
    for v in values:
        if v is True:
            return True
        if v is None:
            unknown = True
    return None if unknown else False


def _not(v):
    return None if v is None else not v


def _count(values, low: int, high: int | None):
    sure = sum(1 for v in values if v is True)
    possible = sum(1 for v in values if v is not False)
    if possible < low or (high is not None and sure > high):
        return False
    if sure >= low and (high is None or possible <= high):
        return True
    return None


class _Eval:
    def __init__(self, sit: Situation):
        self.sit = sit
        self.n = len(sit.things)

    def attr(self, name: str, o: int):
        return self.sit._attrs[o].get(name)

    def relation(self, r: Relation, x: int, y: int):
        if r.attribute is None:
            return self.sit.pairs.get((r.name, x, y))
        ax, ay = self.attr(r.attribute, x), self.attr(r.y_attribute, y)
        if ax == 0 or ay == 0:
            return False
        if ax is None or ay is None:
            return None
        return {"=": ax == ay, "!=": ax != ay, "<": ax < ay, ">": ax > ay}[r.op]

    def phrase(self, e, o: int, outer: int | None = None):
        if isinstance(e, Term):
            return self.sit._facts[o].get(e.name)
        if isinstance(e, Not):
            return _not(self.phrase(e.arg, o, outer))
        if isinstance(e, And):
            return _and(self.phrase(a, o, outer) for a in e.args)
        if isinstance(e, Or):
            return _or(self.phrase(a, o, outer) for a in e.args)
        if isinstance(e, Check):
            a = self.attr(e.test.attribute, o)
            if a is None:
                return None
            if e.test.op == "in":
                return a in e.test.values
            return a != 0 and (a < min(e.test.values) if e.test.op == "<" else a > max(e.test.values))
        if isinstance(e, Related):
            if e.relation.own:
                return self.relation(e.relation, o, o)
            if e.phrase is None:
                return self.relation(e.relation, o, outer) if outer is not None else False
            return self.quantified(e.quantity, lambda y: self.phrase(e.phrase, y, o), lambda y: self.relation(e.relation, o, y))
        if isinstance(e, Frequency):
            link = self.attr(e.event.link, o)
            if link is None:
                return None
            groups = {}
            for y in range(self.n):
                hit = _and(
                    [
                        self.phrase(Term(e.event.term), y),
                        link != 0,
                        None if self.attr(e.event.link, y) is None else self.attr(e.event.link, y) == link,
                    ]
                )
                g = self.attr(e.per, y)
                if hit is False:
                    continue
                if g is None:
                    return None
                groups.setdefault(g, []).append(hit)
            q = e.quantity
            values = [_count(hits, q.low, q.high) for hits in groups.values()]
            if q.high is None:
                return _or(values)
            if q.low == 0:
                return _and(values)
            return _and(_or([v, _count(hits, 0, 0)]) for v, hits in zip(values, groups.values()))
        raise TypeError(f"not a phrase: {e!r}")

    def quantified(self, q: Quantity, subject, predicate):
        # The predicate of a thing the subject surely leaves out is not evaluated: it cannot change the value.
        def both(o):
            s = subject(o)
            return False if s is False else _and((s, predicate(o)))

        if q.kind == "every":
            return _and(True if (s := subject(o)) is False else _or((_not(s), predicate(o))) for o in range(self.n))
        if q.kind == "no":
            return _and(_not(both(o)) for o in range(self.n))
        return _count([both(o) for o in range(self.n)], q.low, q.high)

    def statement(self, st: Statement):
        main = self.quantified(st.quantity, lambda o: self.phrase(st.subject, o), lambda o: self.phrase(st.predicate, o))
        if st.condition is None:
            return main
        return _or([_not(self.statement(st.condition)), main])


def holds(st: Statement, sit: Situation):
    """True, False or None (open) for the statement in this situation (a possibility: does it happen here?)."""
    return _Eval(sit).statement(st)


def culprits(st: Statement, sit: Situation, limit: int = 3) -> list[str]:
    """Names of things that break a universal statement here (for messages); empty for other shapes."""
    ev = _Eval(sit)
    if st.condition is not None or st.quantity.kind not in ("every", "no"):
        return []
    out = []
    for o in range(ev.n):
        s, p = ev.phrase(st.subject, o), ev.phrase(st.predicate, o)
        if s is True and p is (False if st.quantity.kind == "every" else True):
            out.append(sit.things[o].name)
            if len(out) == limit:
                break
    return out
