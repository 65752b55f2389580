"""Which statements a question depends on, and which relations it can leave out: the cone of influence.

A statement's formula reads only its own *words*: the terms it names (``may A`` and ``must A`` are
one word, tied by the side condition that an obligation is a permission), the attributes its tests,
relations and counts per turn read, and the relations of their own it names.  Two sets of
statements with no word in common are independent when each statement is **null-safe**: a thing
with the *null* valuation of its words (every term false, every attribute 0, no relation) is
neither a thing it counts nor a thing that could break it (:func:`null_safe`).  Then models of the
two sets, put side by side on disjoint things (each set's words null on the other's things), make
one model of both.  So a set is satisfiable exactly when each of its *components* (statements
linked by shared words, :func:`components`) is, and each component is decided on the domain its
own statements need (:func:`properties.common.clarify.logic.domain_size`) instead of on the domain
the whole rulebook needs: the rulebook's grounding shrinks from 50 things to 24 for its largest
component and to a handful for the others.

**Polarity.** A relation of its own ("may affect", "may be used by") is a binary predicate: ground,
it has a variable per pair of things.  When every occurrence of it in a question is negative (the
rulebook only ever says "no X may affect some Y") the formula is antitone in it, so it is
satisfiable iff it is with the relation empty; when every occurrence is positive, iff it is with
the relation full (:func:`polarities`).  Only a relation a question uses both ways is grounded pair
by pair.
"""

from __future__ import annotations

import functools

from oblivaeon_verify.properties.common.clarify.language import And, Check, Frequency, Not, Or, Quantity, Related, Statement, Term

UNKNOWN = None
"""A truth value that depends on the rest of the model (three-valued evaluation of the null valuation)."""


def word(name: str) -> tuple[str, str]:
    """The word a term belongs to: 'may A' and 'must A' share one (an obligation is a permission too)."""
    for modal in ("may ", "must "):
        if name.startswith(modal):
            return ("modal", name[len(modal) :])
    return ("term", name)


def _words(e, out: set) -> None:
    if isinstance(e, Term):
        out.add(word(e.name))
    elif isinstance(e, Not):
        _words(e.arg, out)
    elif isinstance(e, And | Or):
        for a in e.args:
            _words(a, out)
    elif isinstance(e, Check):
        out.add(("attribute", e.test.attribute))
    elif isinstance(e, Related):
        r = e.relation
        if r.attribute is None:
            out.add(("relation", r.name))
        else:
            out.add(("attribute", r.attribute))
            out.add(("attribute", r.y_attribute))
        if e.phrase is not None:
            _words(e.phrase, out)
    elif isinstance(e, Frequency):
        out.add(word(e.event.term))
        out.add(("attribute", e.event.link))
        out.add(("attribute", e.per))
    elif isinstance(e, Statement):
        _words(e.subject, out)
        _words(e.predicate, out)
        if e.condition is not None:
            _words(e.condition, out)
    else:
        raise TypeError(f"not a phrase: {e!r}")


@functools.lru_cache(maxsize=4096)
def words(st: Statement) -> frozenset:
    """Every word the statement's formula reads."""
    out: set = set()
    _words(st, out)
    return frozenset(out)


@functools.lru_cache(maxsize=4096)
def relations(st: Statement) -> frozenset:
    """The relations of their own the statement names."""
    out: dict = {}
    statement_relations(st, POSITIVE, out)
    return frozenset(out)


# --- null-safety ---------------------------------------------------------------------------------------


def _and3(values):
    values = list(values)
    if any(v is False for v in values):
        return False
    return True if all(v is True for v in values) else UNKNOWN


def _or3(values):
    values = list(values)
    if any(v is True for v in values):
        return True
    return False if all(v is False for v in values) else UNKNOWN


def _null(e):
    """The phrase's truth for a thing with the null valuation (True, False or UNKNOWN)."""
    if isinstance(e, Term):
        return False
    if isinstance(e, Not):
        v = _null(e.arg)
        return UNKNOWN if v is UNKNOWN else not v
    if isinstance(e, And):
        return _and3(_null(a) for a in e.args)
    if isinstance(e, Or):
        return _or3(_null(a) for a in e.args)
    if isinstance(e, Check):
        return False  # attribute 0: in no named value, neither before nor after one
    if isinstance(e, Related):
        if e.relation.own or e.phrase is None:
            return False  # compares the thing's own attribute (0) or relates it to the outer thing (no relation)
        # No relation from a null thing: the count of related things is 0.
        return _count3(e.quantity, 0, every_holds=UNKNOWN)
    if isinstance(e, Frequency):
        return _count3(e.quantity, 0, every_holds=UNKNOWN)  # nothing happens to it
    raise TypeError(f"not a phrase: {e!r}")


def _count3(q: Quantity, hits: int, every_holds):
    if q.kind == "every":
        return every_holds  # true only if there is nothing to relate to: depends on the model
    if q.kind == "no":
        return hits == 0
    return hits >= q.low and (q.high is None or hits <= q.high)


def _inner_null_safe(e) -> bool:
    """A null thing counts in no inner phrase: every inner phrase (whose things a relation or count ranges
    over) is false for it, so it is never one of the things related to another."""
    if isinstance(e, Not):
        return _inner_null_safe(e.arg)
    if isinstance(e, And | Or):
        return all(_inner_null_safe(a) for a in e.args)
    if isinstance(e, Related) and e.phrase is not None:
        return _null(e.phrase) is False and _inner_null_safe(e.phrase)
    return True


@functools.lru_cache(maxsize=4096)
def null_safe(st: Statement) -> bool:
    """Adding things with the null valuation of its words changes neither the statement's truth nor any
    count in it: such a thing is not one it counts, and cannot break an 'every'."""
    if not (_inner_null_safe(st.subject) and _inner_null_safe(st.predicate)):
        return False
    if st.condition is not None and not null_safe(st.condition):
        return False
    subject, predicate = _null(st.subject), _null(st.predicate)
    if st.quantity.kind == "every":
        return subject is False or predicate is True
    return _and3([subject, predicate]) is False


# --- components ----------------------------------------------------------------------------------------


def components(statements: list) -> list[list[int]]:
    """The indices of ``statements`` grouped by shared words (sorted, first index first); one group of all of
    them when one is not null-safe (the independence argument then does not hold)."""
    if not statements:
        return []
    if not all(null_safe(st) for st in statements):
        return [list(range(len(statements)))]
    parent = list(range(len(statements)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    owner: dict = {}
    for i, st in enumerate(statements):
        for w in words(st):
            j = owner.setdefault(w, i)
            a, b = find(i), find(j)
            if a != b:
                parent[max(a, b)] = min(a, b)
    groups: dict[int, list[int]] = {}
    for i in range(len(statements)):
        groups.setdefault(find(i), []).append(i)
    return sorted(groups.values())


# --- polarity of relations of their own ------------------------------------------------------------------

POSITIVE, NEGATIVE, BOTH = 1, -1, 0


def _quantified(q: Quantity, sign: int) -> tuple[int, int]:
    """Signs of (subject, predicate) under a quantity at position ``sign``."""
    if q.kind == "every":
        return -sign, sign
    if q.kind == "no":
        return -sign, -sign
    if q.high is None:  # at least: more hits help
        return sign, sign
    if q.low == 0:  # at most: fewer hits help
        return -sign, -sign
    return BOTH, BOTH


def _relations(e, sign: int, out: dict) -> None:
    if isinstance(e, Term | Check | Frequency):
        return  # a count per turn ranges over happenings, which are terms and attributes
    if isinstance(e, Not):
        _relations(e.arg, -sign, out)
    elif isinstance(e, And | Or):
        for a in e.args:
            _relations(a, sign, out)
    elif isinstance(e, Related):
        r = e.relation
        if e.phrase is None or e.relation.own:
            if r.attribute is None:
                _note(out, r, sign)
            return
        inner, rel = _quantified(e.quantity, sign)
        if r.attribute is None:
            _note(out, r, rel)
        _relations(e.phrase, inner, out)
    else:
        raise TypeError(f"not a phrase: {e!r}")


def _note(out: dict, r, sign: int) -> None:
    seen = out.get(r)
    out[r] = sign if seen is None or seen == sign else BOTH


def statement_relations(st: Statement, sign: int, out: dict) -> None:
    """Record in ``out`` (relation -> sign) the sign of every relation of its own in ``st`` asserted at ``sign``."""
    s_sign, p_sign = _quantified(st.quantity, sign)
    _relations(st.subject, s_sign, out)
    _relations(st.predicate, p_sign, out)
    if st.condition is not None:
        statement_relations(st.condition, -sign, out)


def polarities(asserted: list[tuple[Statement, bool]]) -> dict:
    """Relation -> POSITIVE / NEGATIVE / BOTH over statements asserted as they stand (False) or negated (True)."""
    out: dict = {}
    for st, negated in asserted:
        statement_relations(st, NEGATIVE if negated else POSITIVE, out)
    return out


def fixed_relations(asserted: list[tuple[Statement, bool]]) -> frozenset:
    """(relation, value) for every relation of its own that the question uses one way only: empty (False)
    where every use is negative, full (True) where every use is positive.  Satisfiability is unchanged."""
    return frozenset((r, sign == POSITIVE) for r, sign in polarities(asserted).items() if sign != BOTH)
