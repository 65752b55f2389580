"""Clarifications as logic, and the questions a designer asks of them, answered by Z3.

Every term is a property of game objects, so a statement is a sentence of monadic first-order
logic: ``every P is Q`` is (for all x) P(x) -> Q(x), ``no P is Q`` is (for all x) not (P(x) and
Q(x)), ``some P is Q`` is (there is x) P(x) and Q(x).  Monadic logic has the small-model property: a
set with e existential statements (after negation, for entailment) is satisfiable iff it is on e+1
objects.  So each check instantiates the universals on that many objects and is decided exactly
(no quantifier heuristics).  A proposal is a person's text, though, and a propositional formula can
be hard: every question has a time limit, and a solver ``unknown`` (or running out of time) is an
:class:`UndecidedError`, which :func:`judge` turns into the verdict ``unknown``: never a pass.
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass

import z3

from oblivaeon_verify.smt.mus import MusTimeout, enumerate_muses
from properties.common.clarify.language import And, Clarification, Not, Or, Statement, Term

JUDGE_SECONDS = 60.0
"""The default time a judgement or a rulebook check may take, all solver calls together (either takes about a second)."""


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


def _muses(constraints: dict, required: tuple[str, ...], per_check_ms: int, deadline: float | None) -> list[tuple[str, ...]]:
    """Every minimal unsatisfiable subset (:func:`enumerate_muses`, complete or not at all), or :class:`UndecidedError`."""
    try:
        return enumerate_muses(constraints, required=required, timeout_ms=_timeout_ms(per_check_ms, deadline), deadline=deadline)
    except MusTimeout as e:
        raise UndecidedError(str(e)) from None


def _phrase(e, obj: int):
    if isinstance(e, Term):
        return z3.Bool(f"{e.name}@{obj}")
    if isinstance(e, Not):
        return z3.Not(_phrase(e.arg, obj))
    if isinstance(e, And):
        return z3.And([_phrase(a, obj) for a in e.args])
    if isinstance(e, Or):
        return z3.Or([_phrase(a, obj) for a in e.args])
    raise TypeError(f"not a phrase: {e!r}")


@dataclass(frozen=True)
class Sentence:
    """A statement (or its negation) ready to instantiate: universal on every object, or existential on one."""

    universal: bool
    subject: object
    predicate: object
    negative: bool
    """``no``-statements (and negated ``some``): P and Q never together."""

    def on(self, objects: int, witness: int):
        if self.universal:
            if self.negative:
                return z3.And([z3.Not(z3.And(_phrase(self.subject, o), _phrase(self.predicate, o))) for o in range(objects)])
            return z3.And([z3.Implies(_phrase(self.subject, o), _phrase(self.predicate, o)) for o in range(objects)])
        pred = z3.Not(_phrase(self.predicate, witness)) if self.negative else _phrase(self.predicate, witness)
        return z3.And(_phrase(self.subject, witness), pred)


def sentence(st: Statement, negate: bool = False) -> Sentence:
    if st.quantifier == "every":
        return Sentence(False, st.subject, st.predicate, True) if negate else Sentence(True, st.subject, st.predicate, False)
    if st.quantifier == "no":
        return Sentence(False, st.subject, st.predicate, False) if negate else Sentence(True, st.subject, st.predicate, True)
    # some
    return Sentence(True, st.subject, st.predicate, True) if negate else Sentence(False, st.subject, st.predicate, False)


class Theory:
    """A set of clarifications, encoded on enough objects for every existential they (and one query) need.

    ``timeout_ms`` bounds each solver call, ``deadline`` (a :func:`time.monotonic` time) all of them.
    """

    def __init__(self, clarifications: list[Clarification], timeout_ms: int = 30_000, deadline: float | None = None):
        ids = [c.id for c in clarifications]
        dup = {i for i in ids if ids.count(i) > 1}
        if dup:
            raise ValueError(f"clause ids given twice: {', '.join(sorted(dup))}")
        self.clarifications = {c.id: c for c in clarifications}
        self.timeout_ms = timeout_ms
        self.deadline = deadline

    def _encode(self, groups: dict[str, list[Sentence]]) -> dict[str, z3.BoolRef]:
        existentials = [(g, i) for g, sents in groups.items() for i, s in enumerate(sents) if not s.universal]
        objects = len(existentials) + 1
        witness = {key: n for n, key in enumerate(existentials)}
        return {g: z3.And([s.on(objects, witness.get((g, i), 0)) for i, s in enumerate(sents)]) for g, sents in groups.items()}

    def _groups(self, ids) -> dict[str, list[Sentence]]:
        return {i: [sentence(s) for s in self.clarifications[i].statements] for i in ids}

    @functools.cached_property
    def _incremental(self):
        """One solver for every question about this set: each statement behind its own selector.

        The domain has an object for every existential of the set plus one for a negated query's
        witness (and one more, so that a set without existentials still has a domain): a monadic
        set satisfiable on some domain stays so on a larger one (copy an object), so this one
        domain answers every subset's question exactly, without re-encoding per question.
        """
        sents = {(cid, n): sentence(st) for cid, c in self.clarifications.items() for n, st in enumerate(c.statements)}
        existentials = [k for k, se in sents.items() if not se.universal]
        objects = len(existentials) + 2
        witness = {k: n for n, k in enumerate(existentials)}
        solver = z3.Solver()
        selectors = {}
        for k, se in sents.items():
            selectors[k] = z3.Bool(f"sel:{k[0]}#{k[1]}")
            solver.add(z3.Implies(selectors[k], se.on(objects, witness.get(k, 0))))
        return solver, selectors, objects

    def _check(self, keys, query=None) -> bool:
        solver, selectors, objects = self._incremental
        solver.set("timeout", _timeout_ms(self.timeout_ms, self.deadline))
        solver.push()
        if query is not None:
            solver.add(query.on(objects, objects - 1))
        r = solver.check(*[selectors[k] for k in keys])
        reason = solver.reason_unknown() if r == z3.unknown else ""
        solver.pop()
        if r == z3.unknown:
            raise UndecidedError(f"the solver answered unknown ({reason})")
        return r == z3.sat

    def _keys(self, ids, leave_out=None) -> list[tuple[str, int]]:
        return [(i, n) for i in ids for n in range(len(self.clarifications[i].statements)) if (i, n) != leave_out]

    def consistent(self, ids=None) -> bool:
        ids = list(self.clarifications) if ids is None else list(ids)
        return self._check(self._keys(ids))

    def implies(self, ids, statement: Statement) -> bool:
        """Do the clarifications ``ids`` entail ``statement``?  (They and its negation are unsatisfiable.)"""
        return not self._check(self._keys(ids), sentence(statement, negate=True))

    def implied_by_others(self, cid: str) -> bool:
        others = [i for i in self.clarifications if i != cid]
        return all(self.implies(others, st) for st in self.clarifications[cid].statements)

    def statement_implied_by_others(self, cid: str, n: int) -> bool:
        """Does statement ``n`` (from 0) of ``cid`` follow from the other clarifications and the other statements of its own?"""
        st = self.clarifications[cid].statements[n]
        return not self._check(self._keys(list(self.clarifications), leave_out=(cid, n)), sentence(st, negate=True))

    def statements_implied_by_others(self) -> list[tuple[str, int, str]]:
        """(id, statement index, text) of every statement that follows from the other clarifications
        (and the other statements of its own)."""
        return [
            (cid, n + 1, st.text)
            for cid, c in self.clarifications.items()
            for n, st in enumerate(c.statements)
            if self.statement_implied_by_others(cid, n)
        ]

    def cores(self, required: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
        """Every minimal set of clarifications that cannot hold together (containing ``required``)."""
        return _muses(self._encode(self._groups(list(self.clarifications))), required, self.timeout_ms, self.deadline)


def judge(base: list[Clarification], proposal: Clarification, timeout_ms: int = 30_000, seconds: float | None = JUDGE_SECONDS) -> dict:
    """``consistent``, ``redundant`` (already implied) or ``contradicts`` (with every minimal conflicting set);
    ``unknown`` (with the ``reason``) when the solver cannot decide within ``seconds`` (None: no limit).

    A decided ``contradicts`` or ``redundant`` whose minimal sets could not all be listed in time says
    so in ``incomplete`` (and lists none: a partial list would read as the whole).
    """
    deadline = None if seconds is None else time.monotonic() + seconds
    known = {c.id for c in base}
    pid = proposal.id if proposal.id not in known else f"{proposal.id}(proposed)"
    proposal = Clarification(pid, proposal.statements, proposal.line)
    theory = Theory(list(base) + [proposal], timeout_ms, deadline)
    try:
        consistent = theory.consistent()
    except UndecidedError as e:
        return _unknown(pid, "whether the proposal agrees with the rules", e, seconds)
    if not consistent:
        try:
            cores = theory.cores(required=(pid,))
        except UndecidedError as e:
            return {
                "verdict": "contradicts",
                "proposal": pid,
                "cores": [],
                "incomplete": _undecided("the minimal conflicting sets", e, seconds),
            }
        return {"verdict": "contradicts", "proposal": pid, "cores": [[c for c in core if c != pid] for core in cores]}
    base_theory = Theory(list(base), timeout_ms, deadline)
    try:
        implied = [base_theory.implies(list(base_theory.clarifications), st) for st in proposal.statements]
    except UndecidedError as e:
        return _unknown(pid, "whether the rules already imply the proposal", e, seconds)
    if all(implied):
        try:
            support = _support(base_theory, proposal)
        except UndecidedError as e:
            return {
                "verdict": "redundant",
                "proposal": pid,
                "implied_by": [],
                "incomplete": _undecided("the minimal sets that imply it", e, seconds),
            }
        return {"verdict": "redundant", "proposal": pid, "implied_by": support}
    return {"verdict": "consistent", "proposal": pid, "new_statements": [st.text for st, i in zip(proposal.statements, implied) if not i]}


def _undecided(question: str, e: UndecidedError, seconds: float | None) -> str:
    within = f" within {seconds:g} s" if seconds is not None else ""
    return f"the solver could not decide {question}{within}: {e}"


def _unknown(pid: str, question: str, e: UndecidedError, seconds: float | None) -> dict:
    return {"verdict": "unknown", "proposal": pid, "reason": _undecided(question, e, seconds)}


def _support(theory: Theory, proposal: Clarification) -> list[list[str]]:
    """For a redundant proposal: every minimal set of clarifications that implies it (MUSes of base + its negation)."""
    out = []
    for st in proposal.statements:
        groups = theory._groups(list(theory.clarifications))
        groups["__negated__"] = [sentence(st, negate=True)]
        cores = _muses(theory._encode(groups), ("__negated__",), theory.timeout_ms, theory.deadline)
        out.extend(sorted({tuple(c for c in core if c != "__negated__") for core in cores}))
    return [list(c) for c in out]
