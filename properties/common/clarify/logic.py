"""Clarifications as logic over a bounded domain, and the questions a designer asks of them, answered by Z3.

**Situations.** A statement speaks of one situation of play (the things in the game at one stretch
of play, with their attributes and what happens to them).  A top-level ``some`` statement (or an
article before ``may``) says that something *can* happen: it needs one situation where it does.
Every other statement (``every``, ``no``, a count, ``there is``, a conditional) holds in every
situation.  So a set of statements is encoded on one situation for each possibility statement, one
base situation, and one for the witness of a negated query (entailment): necessities are
instantiated in every situation, each possibility in its own.

**The fragment.** Within a situation, terms are properties of things, attributes are functions
from things to small known ranges (zones 1-2, moments of a round, seats), relations compare
attributes (or are relations of their own, :class:`~properties.common.clarify.vocab.Relation`), and
quantities count.  With relations through attributes of known ranges, every statement is a Boolean
combination of counting constraints on one-variable formulas (the second variable of a relation is
eliminated by splitting on the attribute's values), and such a set, if satisfiable, is satisfiable
on a domain no larger than the sum of the thresholds of its counting constraints that a model can
make true (an object can be dropped unless it witnesses one of them).  :func:`domain_size` computes
that sum, so each question is decided exactly on that many things per situation by grounding: no
quantifier heuristics.  A relation of its own (not through attributes) makes the logic two-variable
with a binary predicate; its answers are then exact for the bounded domain stated in the verdict.

A proposal is a person's text, and a propositional formula can be hard: every question has a time
limit, and a solver ``unknown`` (or running out of time) is an :class:`UndecidedError`, which
:func:`judge` turns into the verdict ``unknown``: never a pass.

Verdicts: ``contradicts`` (with every minimal conflicting set), ``vacuous`` (no situation the rules
allow has anything the proposal speaks of: it says nothing; with every minimal set that rules its
subjects out), ``redundant`` (with every minimal set that implies it), ``consistent`` (with what it
adds), ``unknown``.
"""

from __future__ import annotations

import itertools
import time
from collections import OrderedDict
from dataclasses import dataclass, replace

import z3

from oblivaeon_verify.smt.mus import MusTimeout, enumerate_muses_of
from properties.common.clarify.language import (
    SOME,
    TRUE,
    And,
    Check,
    Clarification,
    Frequency,
    Not,
    Or,
    Quantity,
    Related,
    Statement,
    Term,
)
from properties.common.clarify.vocab import Relation, Vocabulary

JUDGE_SECONDS = 60.0
"""The default time a judgement or a rulebook check may take, all solver calls together."""
ATTRIBUTE_BITS = 8
"""Bits of an attribute's value: ranges (zones, seats, moments of a round) stay below 2**8."""
SOLVER_LOGIC = "QF_BV"
"""The fragment is finite (Booleans, small bit-vectors, pseudo-Boolean counts); the bit-vector solver decides
the counting questions (per-turn counts, orders) in seconds where the finite-domain one ran out of time."""
MAX_DOMAIN = 64
"""The most things a situation is grounded on: a set that would need more is judged on this many and says so."""


class UndecidedError(RuntimeError):
    """The solver answered unknown, or the time allowed ran out: the question has no answer."""


def _timeout_ms(per_check_ms: int, deadline: float | None) -> int:
    """The timeout of the next solver call: the per-check limit, or the time left before ``deadline`` if less."""
    if deadline is None:
        return per_check_ms
    left = int((deadline - time.monotonic()) * 1000)
    if left <= 0:
        raise UndecidedError("the time allowed ran out")
    return min(per_check_ms, left)


# --- demand: how many things a situation needs ------------------------------------------------------


def _threshold(q: Quantity) -> int:
    """Things a counting constraint can need as witnesses, whichever way it comes out."""
    if q.kind in ("every", "no", "some"):
        return 1
    return q.low + (q.high + 1 if q.high is not None else 0)


def _phrase_demand(e, vocab: Vocabulary | None) -> int:
    if isinstance(e, Not):
        return _phrase_demand(e.arg, vocab)
    if isinstance(e, And | Or):
        return sum(_phrase_demand(a, vocab) for a in e.args)
    if isinstance(e, Related) and e.phrase is not None:
        classes = 2
        if e.relation.attribute is not None and vocab is not None:
            classes = vocab.attribute(e.relation.attribute).values + 1
        return classes * (_threshold(e.quantity) + _phrase_demand(e.phrase, vocab))
    if isinstance(e, Frequency):
        groups = vocab.attribute(e.per).values if vocab is not None else 2
        return groups * _threshold(e.quantity) + 1
    return 0


def demand(st: Statement, vocab: Vocabulary | None, asserted: bool = True) -> int:
    """The witnesses a statement can need in one situation: asserted as it stands (a universal needs
    none; 'some' one; 'at least n' n) or under negation or a condition (its full thresholds)."""
    inner = _phrase_demand(st.subject, vocab) + _phrase_demand(st.predicate, vocab)
    if st.condition is not None:
        return _threshold(st.quantity) + inner + demand(st.condition, vocab, asserted=False)
    if not asserted:
        return _threshold(st.quantity) + inner
    if st.quantity.kind in ("every", "no"):
        return inner
    return st.quantity.low + inner


def domain_size(statements, query: Statement | None, vocab: Vocabulary | None) -> int:
    d = 1 + sum(demand(st, vocab) for st in statements if not st.possibility)
    d += max((demand(st, vocab) for st in statements if st.possibility), default=0)
    if query is not None:
        d += demand(query, vocab, asserted=False)
    return max(2, min(d, MAX_DOMAIN))


# --- fast Boolean connectives -------------------------------------------------------------------------
# z3.And and friends check and coerce the sort of every argument in Python; grounding builds hundreds of
# thousands of them over arguments that are Boolean by construction, so these call the C API directly
# (the same terms, a fraction of the time).


def _ast_array(args):
    arr = (z3.Ast * len(args))()
    for i, a in enumerate(args):
        arr[i] = a.as_ast()
    return arr


def _conj(*args):
    args = list(args[0]) if len(args) == 1 and isinstance(args[0], list | tuple) else list(args)
    if not args:
        return z3.BoolVal(True)
    if len(args) == 1:
        return args[0]
    ctx = args[0].ctx
    return z3.BoolRef(z3.Z3_mk_and(ctx.ref(), len(args), _ast_array(args)), ctx)


def _disj(*args):
    args = list(args[0]) if len(args) == 1 and isinstance(args[0], list | tuple) else list(args)
    if not args:
        return z3.BoolVal(False)
    if len(args) == 1:
        return args[0]
    ctx = args[0].ctx
    return z3.BoolRef(z3.Z3_mk_or(ctx.ref(), len(args), _ast_array(args)), ctx)


def _neg(a):
    return z3.BoolRef(z3.Z3_mk_not(a.ctx.ref(), a.as_ast()), a.ctx)


def _implies(a, b):
    return z3.BoolRef(z3.Z3_mk_implies(a.ctx.ref(), a.as_ast(), b.as_ast()), a.ctx)


# --- grounding ---------------------------------------------------------------------------------------


class Ground:
    """The formulas of statements in one situation of ``size`` things; side conditions (attribute
    ranges, 'must' implies 'may') collect in ``side``.

    Every constant and every phrase's formula for a thing is made once and remembered: the
    statements of a rulebook share most of their phrases ("hero card", "in a battle zone"), and
    building the Z3 terms, not solving, is where grounding spends its time.  Phrases are frozen
    values, so equal phrases share a formula.
    """

    def __init__(self, vocab: Vocabulary | None, situation: int, size: int, side: list):
        self.vocab, self.s, self.n, self.side = vocab, situation, size, side
        self._consts: dict = {}
        self._phrases: dict = {}
        self._flushed = 0
        self.queries: dict = {}
        """(statement, negated) -> the selector of its formula (or negation) on this ground's solver."""
        self.added = 0
        """Statements and queries added to a kept grounding behind selectors of their own."""

    def flush(self, solver) -> None:
        """Add to ``solver`` the side conditions made since the last flush (they hold in every question)."""
        solver.add(*self.side[self._flushed :])
        self._flushed = len(self.side)

    def term(self, name: str, o: int):
        key = ("term", name, o)
        v = self._consts.get(key)
        if v is None:
            v = self._consts[key] = z3.Bool(f"{name}@{self.s}.{o}")
            if name.startswith("must "):
                self.side.append(_implies(v, self.term("may " + name[5:], o)))  # an obligation is a permission too
        return v

    def attr(self, name: str, o: int):
        # A bit-vector (unsigned) rather than an integer: the ranges are small, and bit-blasted
        # comparisons keep every question in propositional logic, which the SAT core decides fast.
        key = ("attr", name, o)
        v = self._consts.get(key)
        if v is None:
            v = self._consts[key] = z3.BitVec(f"{name}#{self.s}.{o}", ATTRIBUTE_BITS)
            top = self.vocab.attribute(name).values if self.vocab is not None else 1
            self.side.append(z3.ULE(v, top))
        return v

    def relation(self, r: Relation, x: int, y: int):
        key = ("rel", r, x, y)
        v = self._consts.get(key)
        if v is None:
            v = self._consts[key] = self._relation(r, x, y)
        return v

    def _relation(self, r: Relation, x: int, y: int):
        if r.attribute is None:
            return z3.Bool(f"{r.name}@{self.s}.{x},{y}")
        ax, ay = self.attr(r.attribute, x), self.attr(r.y_attribute, y)
        op = {"=": ax == ay, "!=": ax != ay, "<": z3.ULT(ax, ay), ">": z3.UGT(ax, ay)}[r.op]
        return _conj(ax != 0, ay != 0, op)

    def phrase(self, e, o: int, outer: int | None = None):
        key = (e, o, outer)
        v = self._phrases.get(key)
        if v is None:
            v = self._phrases[key] = self._phrase(e, o, outer)
        return v

    def _phrase(self, e, o: int, outer: int | None = None):
        if isinstance(e, Term):
            return self.term(e.name, o)
        if isinstance(e, Not):
            return _neg(self.phrase(e.arg, o, outer))
        if isinstance(e, And):
            return _conj([self.phrase(a, o, outer) for a in e.args]) if e.args else z3.BoolVal(True)
        if isinstance(e, Or):
            return _disj([self.phrase(a, o, outer) for a in e.args])
        if isinstance(e, Check):
            t, a = e.test, self.attr(e.test.attribute, o)
            if t.op == "in":
                return _disj([a == v for v in t.values])
            return _conj(a != 0, z3.ULT(a, min(t.values))) if t.op == "<" else _conj(a != 0, z3.UGT(a, max(t.values)))
        if isinstance(e, Related):
            if e.relation.own:
                return self.relation(e.relation, o, o)
            if e.phrase is None:  # a back-relation: to the outer thing
                return self.relation(e.relation, o, outer) if outer is not None else z3.BoolVal(False)
            return self.quantified(e.quantity, lambda y: self.phrase(e.phrase, y, o), lambda y: self.relation(e.relation, o, y))
        if isinstance(e, Frequency):
            link = self.attr(e.event.link, o)
            groups = []
            for g in range(1, self.vocab.attribute(e.per).values + 1):
                hits = [
                    _conj(
                        self.present(y), self.term(e.event.term, y), self.attr(e.event.link, y) == link, link != 0, self.attr(e.per, y) == g
                    )
                    for y in range(self.n)
                ]
                groups.append(_count(hits, e.quantity.low, e.quantity.high))
            if e.quantity.high is None:
                return _disj(groups)  # "more than once per turn": in some turn
            if e.quantity.low == 0:
                return _conj(groups)  # "at most once per turn": in every turn
            return _conj([_disj(g, _count([], 0, 0)) for g in groups])
        raise TypeError(f"not a phrase: {e!r}")

    def present(self, o: int):
        """Thing ``o`` is in the situation: a situation of ``size`` things has *up to* that many, so that a
        set satisfiable on fewer things stays so on more (what makes one large domain answer every question)."""
        key = ("present", o)
        v = self._consts.get(key)
        if v is None:
            v = self._consts[key] = z3.Bool(f"present@{self.s}.{o}")
        return v

    def quantified(self, q: Quantity, subject, predicate):
        things = range(self.n)
        inner = subject
        subject = lambda o: _conj(self.present(o), inner(o))  # noqa: E731
        if q.kind == "every":
            return _conj([_implies(subject(o), predicate(o)) for o in things])
        if q.kind == "no":
            return _conj([_neg(_conj(subject(o), predicate(o))) for o in things])
        hits = [_conj(subject(o), predicate(o)) for o in things]
        return _count(hits, q.low, q.high)

    def statement(self, st: Statement):
        main = self.quantified(st.quantity, lambda o: self.phrase(st.subject, o), lambda o: self.phrase(st.predicate, o))
        return main if st.condition is None else _implies(self.statement(st.condition), main)


def _count(hits: list, low: int, high: int | None):
    parts = []
    if low > 0:
        parts.append(z3.PbGe([(h, 1) for h in hits], low) if hits else z3.BoolVal(False))
    if high is not None:
        parts.append(z3.PbLe([(h, 1) for h in hits], high) if hits else z3.BoolVal(True))
    return z3.And(parts) if parts else z3.BoolVal(True)


def negation(st: Statement) -> Statement:
    """The statement that is true exactly where ``st`` fails, as a possibility or a necessity.

    Represented by the ``negated`` marker: the encoder asserts not-``st``; a negated necessity needs
    one situation (a possibility), a negated possibility holds in every situation.
    """
    return replace(st, possibility=not st.possibility, text=f"not ({st.text})")


def exists(subject) -> Statement:
    """'Something the phrase picks out can exist': the question a vacuity check asks."""
    return Statement("some", subject, TRUE, "", SOME, possibility=True)


# --- theories -----------------------------------------------------------------------------------------


_SERIAL = itertools.count()
KEPT_GROUNDINGS = 4
"""Groundings of a rulebook kept per process (one per domain size asked for)."""
KEPT_EXTRAS = 200
"""Statements a kept grounding takes on behind selectors of their own before it is made afresh: their
clauses stay in the solver (harmless, never assumed again), so a long run of judgements would grow it."""
_KEPT: OrderedDict = OrderedDict()


def _grounding(clarifications: tuple, vocab: Vocabulary | None, size: int, timeout_ms: int, deadline: float | None):
    """A solver of one situation of ``size`` things with each statement of ``clarifications`` behind its own selector."""
    side: list = []
    ground = Ground(vocab, 0, size, side)
    selectors = {}
    formulas = []
    for c in clarifications:
        for n, st in enumerate(c.statements):
            _timeout_ms(timeout_ms, deadline)  # grounding is work too: it stops at the deadline
            selectors[(c.id, n)] = z3.Bool(f"sel:{c.id}#{n}")
            formulas.append(_implies(selectors[(c.id, n)], ground.statement(st)))
    # Bit-blasted to SAT: the fragment is finite (Booleans, small bit-vectors, pseudo-Boolean counts).
    solver = z3.SolverFor(SOLVER_LOGIC)
    ground.flush(solver)
    solver.add(*formulas)
    return solver, selectors, ground


def _kept_grounding(clarifications: tuple, vocab: Vocabulary | None, size: int, timeout_ms: int, deadline: float | None):
    """The grounding of a rulebook at ``size``, made once per process (and again after :data:`KEPT_EXTRAS`
    statements were added to it); a grounding cut short by the deadline is not kept."""
    key = (clarifications, size)
    entry = _KEPT.get(key)
    if entry is not None and entry[3] is vocab and entry[2].added < KEPT_EXTRAS:
        _KEPT.move_to_end(key)
    else:
        entry = (*_grounding(clarifications, vocab, size, timeout_ms, deadline), vocab)
        _KEPT[key] = entry
        while len(_KEPT) > KEPT_GROUNDINGS:
            _KEPT.popitem(last=False)
    return entry


@dataclass(frozen=True)
class _Query:
    statement: Statement
    negated: bool


class Theory:
    """A set of clarifications, and every question about it, decided on one grounded situation.

    Situations share nothing (no statement speaks of two), so a set holds on the situations its
    semantics needs (one per possibility, with every necessity in each) exactly when each of those
    situations can be had on its own: the necessities alone, and the necessities with each
    possibility in turn.  So one situation of :func:`domain_size` things is grounded once, every
    statement behind its own selector, and a question is a few solver calls on it (one per
    possibility it involves) instead of one call on a formula as many times larger.

    ``timeout_ms`` bounds each solver call, ``deadline`` (a :func:`time.monotonic` time) all of them;
    ``vocab`` gives the attributes' ranges; ``kept``: how many of the clarifications, from the first, are
    a fixed rulebook whose grounding may be shared with every other theory over it (the others are
    added to it behind selectors of their own, which no other theory assumes).
    """

    def __init__(
        self,
        clarifications: list[Clarification],
        timeout_ms: int = 30_000,
        deadline: float | None = None,
        vocab: Vocabulary | None = None,
        kept: int = 0,
    ):
        ids = [c.id for c in clarifications]
        dup = {i for i in ids if ids.count(i) > 1}
        if dup:
            raise ValueError(f"clause ids given twice: {', '.join(sorted(dup))}")
        self.clarifications = {c.id: c for c in clarifications}
        self.timeout_ms = timeout_ms
        self.deadline = deadline
        self.vocab = vocab
        self.kept = tuple(clarifications[:kept])
        """The first ``kept`` clarifications (a ruleset's rulebook): their grounding is kept for the process
        (:func:`_kept_grounding`), so every judgement against the rulebook grounds only its proposal."""
        self._solvers: dict[int, tuple] = {}
        self._baseline: int | None = None
        self._consistent: list[frozenset] = []
        """Sets of statement keys found satisfiable together."""

    def _statements(self):
        return {(cid, n): st for cid, c in self.clarifications.items() for n, st in enumerate(c.statements)}

    def size(self, query: Statement | None = None) -> int:
        """Things per situation for questions with this query: enough (:func:`domain_size`) for it and for
        every question about the set's own statements, so that one grounding answers them all (a
        situation of that many things has up to that many, :meth:`Ground.present`)."""
        sts = list(self._statements().values())
        if self._baseline is None:
            self._baseline = max([domain_size(sts, None, self.vocab)] + [domain_size(sts, st, self.vocab) for st in sts])
        return max(self._baseline, domain_size(sts, query, self.vocab) if query is not None else 0)

    def _incremental(self, size: int):
        """The solver of one situation of ``size`` things: each statement behind its own selector."""
        if size not in self._solvers:
            sts = self._statements()
            kept_ids = {c.id for c in self.kept}
            if not self.kept:
                self._solvers[size] = _grounding(tuple(self.clarifications.values()), self.vocab, size, self.timeout_ms, self.deadline)
                return self._solvers[size]
            entry = _kept_grounding(self.kept, self.vocab, size, self.timeout_ms, self.deadline)
            solver, kept_selectors, ground = entry[:3]
            selectors = dict(kept_selectors)
            formulas = []
            for k, st in sts.items():
                if k[0] in kept_ids:
                    continue
                _timeout_ms(self.timeout_ms, self.deadline)  # grounding is work too: it stops at the deadline
                # A name no other theory on a shared solver uses: a proposal's id may recur with other text.
                selectors[k] = z3.Bool(f"sel:{k[0]}#{k[1]}~{next(_SERIAL)}")
                formulas.append(_implies(selectors[k], ground.statement(st)))
            ground.added += len(formulas)
            ground.flush(solver)
            solver.add(*formulas)
            self._solvers[size] = (solver, selectors, ground)
        return self._solvers[size]

    def _sat(self, keys, query: _Query | None = None) -> bool:
        """Can the statements ``keys`` (and the query) hold together on the situations their semantics needs?"""
        size = self.size(query.statement if query is not None else None)
        solver, selectors, ground = self._incremental(size)
        sts = self._statements()
        necessary = [selectors[k] for k in keys if not sts[k].possibility]
        possible = [selectors[k] for k in keys if sts[k].possibility]
        asked = []
        everywhere = False
        if query is not None:
            # A query that needs one situation (a possibility, or a necessity denied) is one more
            # possibility; one that holds in every situation (a necessity, or a possibility denied) is
            # one more necessity.
            everywhere = query.statement.possibility == query.negated
            (necessary if everywhere else asked).append(self._query_selector(solver, ground, query))
        # Each possibility of a set already found consistent holds with any part of its necessities:
        # only the query's own situation is then in question.
        settled = not (query is not None and everywhere) and any(set(keys) <= k for k in self._consistent)
        for p in (asked if settled else asked + possible) or [None]:
            solver.set("timeout", _timeout_ms(self.timeout_ms, self.deadline))
            r = solver.check(*necessary, *([p] if p is not None else []))
            if r == z3.unknown:
                raise UndecidedError(f"the solver answered unknown ({solver.reason_unknown()})")
            if r == z3.unsat:
                return False
        if query is None:
            self._consistent.append(frozenset(keys))
        return True

    @staticmethod
    def _query_selector(solver, ground, query: _Query):
        """The selector of the query's formula (or its negation) on this solver, added once: a question is
        asked again and again (every subset a minimal-set search tries), and a selector no other question
        assumes is free, so the formula stays rather than being added and removed (push/pop) each time."""
        key = (query.statement, query.negated)
        q = ground.queries.get(key)
        if q is None:
            formula = ground.statement(query.statement)
            # Ranges and 'must'-implies-'may' of things the query names first: true in every question, kept.
            ground.flush(solver)
            q = ground.queries[key] = z3.Bool(f"sel:__query__~{next(_SERIAL)}")
            solver.add(_implies(q, _neg(formula) if query.negated else formula))
            ground.added += 1
        return q

    def _check(self, keys, query: _Query | None = None) -> bool:
        return self._sat(keys, query)

    def _keys(self, ids, leave_out=None) -> list[tuple[str, int]]:
        return [(i, n) for i in ids for n in range(len(self.clarifications[i].statements)) if (i, n) != leave_out]

    def consistent(self, ids=None) -> bool:
        ids = list(self.clarifications) if ids is None else list(ids)
        return self._check(self._keys(ids))

    def implies(self, ids, statement: Statement) -> bool:
        """Do the clarifications ``ids`` entail ``statement``?  (They and its negation are unsatisfiable.)"""
        return not self._check(self._keys(ids), _Query(statement, negated=True))

    def possible(self, ids, statement: Statement) -> bool:
        """Can ``statement`` hold together with the clarifications ``ids``?"""
        return self._check(self._keys(ids), _Query(statement, negated=False))

    def implied_by_others(self, cid: str) -> bool:
        others = [i for i in self.clarifications if i != cid]
        return all(self.implies(others, st) for st in self.clarifications[cid].statements)

    def statement_implied_by_others(self, cid: str, n: int) -> bool:
        """Does statement ``n`` (from 0) of ``cid`` follow from the other clarifications and the other statements of its own?"""
        st = self.clarifications[cid].statements[n]
        return not self._check(self._keys(list(self.clarifications), leave_out=(cid, n)), _Query(st, negated=True))

    def statements_implied_by_others(self) -> list[tuple[str, int, str]]:
        """(id, statement index, text) of every statement that follows from the other clarifications
        (and the other statements of its own)."""
        return [
            (cid, n + 1, st.text)
            for cid, c in self.clarifications.items()
            for n, st in enumerate(c.statements)
            if self.statement_implied_by_others(cid, n)
        ]

    def _muses(self, required: tuple[str, ...], query: _Query | None = None) -> list[tuple[str, ...]]:
        """Every minimal set of clarification ids (with ``__query__`` for the query) that cannot hold together."""
        names = list(self.clarifications) + (["__query__"] if query is not None else [])

        def sat(subset) -> bool:
            ids = [n for n in subset if n != "__query__"]
            try:
                return self._sat(self._keys(ids), query if "__query__" in subset else None)
            except UndecidedError as e:
                raise MusTimeout(str(e)) from None

        try:
            return enumerate_muses_of(names, sat, required=required, timeout_ms=self.timeout_ms, deadline=self.deadline)
        except MusTimeout as e:
            raise UndecidedError(str(e)) from None

    def cores(self, required: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
        """Every minimal set of clarifications that cannot hold together (containing ``required``)."""
        return self._muses(required)

    def support(self, statement: Statement, negated: bool = True) -> list[tuple[str, ...]]:
        """Every minimal set of clarifications that implies ``statement`` (with ``negated=False``: that rules it out)."""
        cores = self._muses(("__query__",), _Query(statement, negated))
        return sorted({tuple(c for c in core if c != "__query__") for core in cores}, key=lambda c: (len(c), c))


# --- the verdict -------------------------------------------------------------------------------------


def subjects(st: Statement) -> list:
    """The phrases whose things a statement speaks of: its subject (and its condition's)."""
    out = [] if st.quantifier == "there" else [st.subject]
    return out + (subjects(st.condition) if st.condition is not None else [])


def judge(
    base: list[Clarification],
    proposal: Clarification,
    timeout_ms: int = 30_000,
    seconds: float | None = JUDGE_SECONDS,
    vocab: Vocabulary | None = None,
) -> dict:
    """``contradicts`` (with every minimal conflicting set), ``vacuous`` (everything it speaks of is ruled
    out: with the minimal sets that rule each subject out), ``redundant`` (already implied, with every
    minimal set that implies it) or ``consistent``; ``unknown`` (with the ``reason``) when the solver
    cannot decide within ``seconds`` (None: no limit).

    A decided verdict whose minimal sets could not all be listed in time says so in ``incomplete``
    (and lists none: a partial list would read as the whole).  Every verdict gives the ``domain`` it
    was decided on.
    """
    from properties.common.clarify.language import show

    deadline = None if seconds is None else time.monotonic() + seconds
    known = {c.id for c in base}
    pid = proposal.id if proposal.id not in known else f"{proposal.id}(proposed)"
    proposal = Clarification(pid, proposal.statements, proposal.line)
    theory = Theory(list(base) + [proposal], timeout_ms, deadline, vocab, kept=len(base))
    domain = {
        "things_per_situation": theory.size(),
        "situations": 2 + sum(1 for c in theory.clarifications.values() for s in c.statements if s.possibility),
    }
    try:
        consistent = theory.consistent()
    except UndecidedError as e:
        return _unknown(pid, "whether the proposal agrees with the rules", e, seconds, domain)
    if not consistent:
        try:
            cores = theory.cores(required=(pid,))
        except UndecidedError as e:
            return {
                "verdict": "contradicts",
                "proposal": pid,
                "cores": [],
                "incomplete": _undecided("the minimal conflicting sets", e, seconds),
                "domain": domain,
            }
        return {"verdict": "contradicts", "proposal": pid, "cores": [[c for c in core if c != pid] for core in cores], "domain": domain}
    base_theory = Theory(list(base), timeout_ms, deadline, vocab, kept=len(base))
    try:
        empty = []
        for st in proposal.statements:
            subs = subjects(st)
            empty.append([s for s in subs if not base_theory.possible(list(base_theory.clarifications), exists(s))])
    except UndecidedError as e:
        return _unknown(pid, "whether what the proposal speaks of can exist", e, seconds, domain)
    if all(st.quantifier != "some" and st.quantifier != "there" and e for st, e in zip(proposal.statements, empty)):
        out = {"verdict": "vacuous", "proposal": pid, "empty": [], "domain": domain}
        try:
            for subs in empty:
                for s in subs:
                    out["empty"].append(
                        {"subject": show(s), "ruled_out_by": [list(c) for c in base_theory.support(exists(s), negated=False)]}
                    )
        except UndecidedError as e:
            out["empty"] = [{"subject": show(s), "ruled_out_by": []} for subs in empty for s in subs]
            out["incomplete"] = _undecided("the minimal sets that rule its subjects out", e, seconds)
        return out
    try:
        implied = [base_theory.implies(list(base_theory.clarifications), st) for st in proposal.statements]
    except UndecidedError as e:
        return _unknown(pid, "whether the rules already imply the proposal", e, seconds, domain)
    if all(implied):
        try:
            support = [list(c) for st in proposal.statements for c in base_theory.support(st)]
        except UndecidedError as e:
            return {
                "verdict": "redundant",
                "proposal": pid,
                "implied_by": [],
                "incomplete": _undecided("the minimal sets that imply it", e, seconds),
                "domain": domain,
            }
        return {"verdict": "redundant", "proposal": pid, "implied_by": support, "domain": domain}
    out = {
        "verdict": "consistent",
        "proposal": pid,
        "new_statements": [st.text for st, i in zip(proposal.statements, implied) if not i],
        "domain": domain,
    }
    vacuous = [st.text for st, e in zip(proposal.statements, empty) if e and st.quantifier not in ("some", "there")]
    if vacuous:
        out["vacuous_statements"] = vacuous
    return out


def _undecided(question: str, e: UndecidedError, seconds: float | None) -> str:
    within = f" within {seconds:g} s" if seconds is not None else ""
    return f"the solver could not decide {question}{within}: {e}"


def _unknown(pid: str, question: str, e: UndecidedError, seconds: float | None, domain: dict) -> dict:
    return {"verdict": "unknown", "proposal": pid, "reason": _undecided(question, e, seconds), "domain": domain}
