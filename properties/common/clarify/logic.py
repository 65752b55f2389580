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

A proposal is a person's text, and a propositional formula can be hard: every judgement (and rulebook
check) has an allowance of Z3's work units, the same on every machine and under any load, so a verdict
does not depend on how busy the machine was (:mod:`oblivaeon_verify.smt.allowance`); a wall-clock
limit is added only when a user asks for one.  A solver ``unknown`` (or an allowance running out) is an
:class:`UndecidedError`, which :func:`judge` turns into the verdict ``unknown``: never a pass.

Verdicts: ``contradicts`` (with every minimal conflicting set), ``vacuous`` (no situation the rules
allow has anything the proposal speaks of: it says nothing; with every minimal set that rules its
subjects out), ``redundant`` (with every minimal set that implies it), ``consistent`` (with what it
adds), ``unknown``.
"""

from __future__ import annotations

import itertools
from collections import OrderedDict
from dataclasses import dataclass, replace

import z3
from oblivaeon_verify.properties.common.clarify import relevance
from oblivaeon_verify.properties.common.clarify.language import (
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
from oblivaeon_verify.properties.common.clarify.vocab import Relation, Vocabulary

from oblivaeon_verify.smt.allowance import Allowance, Exhausted
from oblivaeon_verify.smt.mus import MusTimeout, enumerate_muses_of

JUDGE_WORK = 400_000_000
"""The Z3 work units a judgement or a rulebook check may spend, all solver calls together: about six
times what the OblivAeon rulebook check spends (tests/bench_clarify.py prints both), a few minutes of
solving on a 2-core machine at worst."""
SOLVER_LOGIC = "QF_FD"
"""The solver of a grounding: Z3's SAT solver for finite domains (None would be the default incremental
solver).  The fragment is finite (Booleans, small bit-vectors, pseudo-Boolean counts).  The default
solver answers the OblivAeon rulebook check 2.6x faster (8.2 s against 21.3 s, the same answers), but
counts defeat it: "there are exactly 13 nemesis cards" (Aeon's End, 64 things a situation) runs out of
the judgement's 400 M work units there and is decided in a moment here; the QF_BV solver failed on
statements added after a check ("operator distinct not supported")."""
MAX_DOMAIN = 64
"""The most things a situation is grounded on: a set that would need more is judged on this many and says so."""


class UndecidedError(Exhausted):
    """The solver answered unknown, or the work or time allowed ran out: the question has no answer."""


def _left(allowance: Allowance) -> None:
    try:
        allowance.left()
    except Exhausted as e:
        raise UndecidedError(str(e)) from None


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


_DEMANDS: dict = {}
"""(id of the vocabulary, statement, asserted) -> (vocabulary, demand): a rulebook check asks for every
statement's demand once per question, and statements are frozen values."""


def demand(st: Statement, vocab: Vocabulary | None, asserted: bool = True) -> int:
    """The witnesses a statement can need in one situation: asserted as it stands (a universal needs
    none; 'some' one; 'at least n' n) or under negation or a condition (its full thresholds)."""
    key = (id(vocab), st, asserted)
    known = _DEMANDS.get(key)
    if known is not None and known[0] is vocab:
        return known[1]
    n = _demand(st, vocab, asserted)
    _DEMANDS[key] = (vocab, n)
    return n


def _demand(st: Statement, vocab: Vocabulary | None, asserted: bool) -> int:
    inner = _phrase_demand(st.subject, vocab) + _phrase_demand(st.predicate, vocab)
    if st.condition is not None:
        return _threshold(st.quantity) + inner + demand(st.condition, vocab, asserted=False)
    if not asserted:
        return _threshold(st.quantity) + inner
    if st.quantity.kind in ("every", "no"):
        return inner
    return st.quantity.low + inner


def domain_size(statements, query: Statement | None, vocab: Vocabulary | None) -> int:
    return _clamp(_base_demand(statements, vocab) + (demand(query, vocab, asserted=False) if query is not None else 0))


def largest_domain(statements, queries, vocab: Vocabulary | None) -> int:
    """The most :func:`domain_size` of ``statements`` with no query or with any one of ``queries``."""
    base = _base_demand(statements, vocab)
    return _clamp(base + max([0] + [demand(q, vocab, asserted=False) for q in queries]))


def _base_demand(statements, vocab: Vocabulary | None) -> int:
    d = 1 + sum(demand(st, vocab) for st in statements if not st.possibility)
    return d + max((demand(st, vocab) for st in statements if st.possibility), default=0)


def _clamp(d: int) -> int:
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


_TRUE, _FALSE = z3.BoolVal(True), z3.BoolVal(False)


def _iff(a, b):
    return z3.BoolRef(z3.Z3_mk_eq(a.ctx.ref(), a.as_ast(), b.as_ast()), a.ctx)


@dataclass(frozen=True)
class Bits:
    """An attribute's value as binary digits (least significant first), each a Boolean: 0 is 'has none'."""

    bits: tuple

    @staticmethod
    def of(value: int, width: int) -> Bits:
        return Bits(tuple(_TRUE if value >> i & 1 else _FALSE for i in range(width)))

    def const(self, value: int) -> Bits:
        """``value`` at this width (a value past the width is unequal to, and greater than, every digit pattern)."""
        if value >> len(self.bits):
            return Bits(self.of(value, value.bit_length()).bits)
        return self.of(value, len(self.bits))

    def _pad(self, other: Bits) -> tuple[tuple, tuple]:
        n = max(len(self.bits), len(other.bits))
        return self.bits + (_FALSE,) * (n - len(self.bits)), other.bits + (_FALSE,) * (n - len(other.bits))

    def set(self):
        return _disj(list(self.bits))

    def equal(self, other: Bits):
        a, b = self._pad(other)
        return _conj([_iff(x, y) for x, y in zip(a, b)])

    def differ(self, other: Bits):
        return _neg(self.equal(other))

    def less(self, other: Bits):
        a, b = self._pad(other)
        lt = _FALSE
        for x, y in zip(a, b):  # from the least significant digit up: a digit decides unless the two are equal
            lt = _disj(_conj(_neg(x), y), _conj(_iff(x, y), lt))
        return lt

    def greater(self, other: Bits):
        return other.less(self)


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
        self.fixed: frozenset = frozenset()
        """(relation of its own, True for full or False for empty) while a statement is grounded: a relation a
        question uses one way only (:func:`properties.common.clarify.relevance.polarities`) needs no
        variable per pair.  Phrases are remembered per setting, constants are shared."""
        self._consts: dict = {}
        self._phrases: dict = {}
        self._flushed = 0

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

    def attr(self, name: str, o: int) -> Bits:
        # Binary digits as Booleans, not a bit-vector: every question stays propositional (with counts),
        # which Z3's SAT core takes incrementally; bit-vector atoms added after a first check it gives up on.
        key = ("attr", name, o)
        v = self._consts.get(key)
        if v is None:
            top = self.vocab.attribute(name).values if self.vocab is not None else 1
            v = self._consts[key] = Bits(tuple(z3.Bool(f"{name}#{self.s}.{o}.{i}") for i in range(max(1, top.bit_length()))))
            self.side.append(_neg(v.greater(Bits.of(top, len(v.bits)))))
        return v

    def relation(self, r: Relation, x: int, y: int):
        key = ("rel", r, x, y, self.fixed)
        v = self._consts.get(key)
        if v is None:
            v = self._consts[key] = self._relation(r, x, y)
        return v

    def _relation(self, r: Relation, x: int, y: int):
        if r.attribute is None:
            for fixed, value in self.fixed:
                if fixed == r:
                    return z3.BoolVal(value)
            return z3.Bool(f"{r.name}@{self.s}.{x},{y}")
        ax, ay = self.attr(r.attribute, x), self.attr(r.y_attribute, y)
        op = {"=": ax.equal, "!=": ax.differ, "<": ax.less, ">": ax.greater}[r.op](ay)
        return _conj(ax.set(), ay.set(), op)

    def phrase(self, e, o: int, outer: int | None = None):
        key = (e, o, outer, self.fixed)
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
                return _disj([a.equal(a.const(v)) for v in t.values])
            if t.op == "<":
                return _conj(a.set(), a.less(a.const(min(t.values))))
            return _conj(a.set(), a.greater(a.const(max(t.values))))
        if isinstance(e, Related):
            if e.relation.own:
                return self.relation(e.relation, o, o)
            if e.phrase is None:  # a back-relation: to the outer thing
                return self.relation(e.relation, o, outer) if outer is not None else z3.BoolVal(False)
            if e.relation.attribute is None and (e.relation, False) in self.fixed and e.quantity.kind != "every":
                # An empty relation relates the thing to nothing: the count is 0, whatever the inner phrase.
                return z3.BoolVal(e.quantity.kind == "no" or e.quantity.low == 0)
            return self.quantified(e.quantity, lambda y: self.phrase(e.phrase, y, o), lambda y: self.relation(e.relation, o, y))
        if isinstance(e, Frequency):
            link = self.attr(e.event.link, o)
            groups = []
            for g in range(1, self.vocab.attribute(e.per).values + 1):
                hits = [
                    _conj(
                        self.present(y),
                        self.term(e.event.term, y),
                        self.attr(e.event.link, y).equal(link),
                        link.set(),
                        self.attr(e.per, y).equal(self.attr(e.per, y).const(g)),
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

    def statement(self, st: Statement, fixed: frozenset = frozenset()):
        """The statement's formula with the relations ``fixed`` (relation, value) empty or full."""
        outer, self.fixed = self.fixed, fixed
        try:
            return self._statement(st)
        finally:
            self.fixed = outer

    def _statement(self, st: Statement):
        main = self.quantified(st.quantity, lambda o: self.phrase(st.subject, o), lambda o: self.phrase(st.predicate, o))
        return main if st.condition is None else _implies(self._statement(st.condition), main)


def _count(hits: list, low: int, high: int | None):
    # 'At least one' and 'none' are a disjunction and its negation: the same meaning as a count, and
    # clauses the SAT core propagates at once where the pseudo-Boolean theory searched (seconds for a
    # pair of 'some ... may affect some ...' statements).
    if low == 1 and high is None:
        return _disj(hits)
    if low == 0 and high == 0:
        return _neg(_disj(hits))
    parts = []
    if low > 0:
        parts.append(z3.PbGe([(h, 1) for h in hits], low) if hits else z3.BoolVal(False))
    if high is not None:
        parts.append(z3.PbLe([(h, 1) for h in hits], high) if hits else z3.BoolVal(True))
    return _conj(parts) if parts else z3.BoolVal(True)


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
KEPT_GROUNDINGS = 16
"""Groundings kept per process (one per domain size and set of fixed relations asked for)."""
KEPT_STATEMENTS = 400
"""Statements a kept grounding takes on before it is made afresh: a statement no question assumes any
more stays in the solver (harmless, its selector is never assumed), so a long run of judgements would grow it."""
_KEPT: OrderedDict = OrderedDict()

Item = tuple
"""(statement, negated): a statement asserted as it stands or denied, the unit a question is made of."""


class _Grounding:
    """One situation of ``size`` things, on one incremental solver.

    A statement is grounded the first time a question needs it, behind a selector of its own (one per
    setting of the fixed relations it names), and a question is a solver call assuming its statements'
    selectors.  Statements are frozen values and a formula depends only on the statement, the size and
    the fixed relations, so a grounding serves every theory of the process (the rulebook's statements
    are grounded once, a proposal's on top).  Answers are remembered, and a set inside one found
    satisfiable (or around one found unsatisfiable) is answered without the solver.
    """

    def __init__(self, vocab: Vocabulary | None, size: int):
        self.vocab, self.size = vocab, size
        self.ground = Ground(vocab, 0, size, [])
        self.solver = z3.SolverFor(SOLVER_LOGIC) if SOLVER_LOGIC else z3.Solver()
        self.selectors: dict[tuple, z3.BoolRef] = {}
        self.answers: dict[frozenset, bool] = {}
        self._sat_sets: list[frozenset] = []
        self._unsat_sets: list[frozenset] = []

    @staticmethod
    def domain_free(keys: frozenset) -> bool:
        """No relation of its own is used both ways by ``keys`` (so an answer holds on every domain large enough)."""
        return relevance.BOTH not in relevance.polarities([item for item, _ in keys]).values()

    def selector(self, key: tuple, allowance: Allowance):
        """``key``: (item, fixed relations it names)."""
        sel = self.selectors.get(key)
        if sel is None:
            _left(allowance)  # grounding is work too: none starts once the allowance is spent
            (st, negated), fixed = key
            formula = self.ground.statement(st, fixed)
            sel = z3.Bool(f"sel~{next(_SERIAL)}")
            self.ground.flush(self.solver)  # ranges and 'must'-implies-'may' of the things it names: true everywhere
            self.solver.add(_implies(sel, _neg(formula) if negated else formula))
            self.selectors[key] = sel
        return sel

    def sat(self, keys: frozenset, allowance: Allowance, quick: int | None = None) -> bool:
        """Can the items ``keys`` hold together?  With ``quick``, a solver call cut short at that many
        work units raises :class:`_QuickTimeout` (the caller tries an easier question first)."""
        known = self.answers.get(keys)
        if known is None:
            if any(keys <= s for s in self._sat_sets):
                known = True
            elif any(s <= keys for s in self._unsat_sets):
                known = False
        if known is not None:
            self.answers[keys] = known
            return known
        # Grounded in an order of their own (not the set's, which follows the hash seed), and asked
        # sorted by selector number: the same question is the same solver call, costing the same units.
        selectors = sorted((self.selector(k, allowance) for k in sorted(keys, key=_key_order)), key=lambda s: s.get_id())
        cut_short = quick is not None and (allowance.units is None or quick < allowance.units - allowance.spent)
        try:
            r = allowance.check(self.solver, *selectors, at_most=quick)
        except Exhausted as e:
            raise UndecidedError(str(e)) from None
        if r == z3.unknown:
            if cut_short and allowance.out_of_work:
                raise _QuickTimeout()
            raise UndecidedError(allowance.why_unknown(self.solver))
        self.answers[keys] = r == z3.sat
        if r == z3.sat:
            self._sat_sets.append(keys)
        else:
            # The solver's core is a smaller unsatisfiable set: every set around it is answered at once.
            by_selector = {self.selectors[k].get_id(): k for k in keys}
            core = frozenset(by_selector[c.get_id()] for c in self.solver.unsat_core())
            self._unsat_sets.append(core)
            _note_core(core, self)
        return r == z3.sat


def _key_order(key: tuple) -> tuple:
    """A grounding key ((statement, negated), fixed relations) in an order that no hash seed changes."""
    (st, negated), fixed = key
    return st.text, negated, sorted(repr(f) for f in fixed)


class _QuickTimeout(Exception):
    """A first, short solver call ran out of its work units (not of the question's)."""


QUICK_WORK = 1_000_000
"""How many work units (about a second here) a question with a proposal (or a query) in a large
component is tried whole before its pairs are."""
_CORES: list[frozenset] = []
"""Unsatisfiable sets of grounding keys whose answer does not depend on the domain's size (no relation of
its own used both ways): unsatisfiable on any domain, so any set around one is answered at once."""


def forget() -> None:
    """Drop the process's groundings and remembered answers (a benchmark's cold start; a test of a time limit)."""
    _KEPT.clear()
    _CORES.clear()


def _note_core(core: frozenset, grounding: _Grounding) -> None:
    if grounding.domain_free(core) and core not in _CORES:
        _CORES.append(core)
        del _CORES[:-200]


def _kept_grounding(vocab: Vocabulary | None, size: int) -> _Grounding:
    """The process's grounding at ``size`` (made afresh after :data:`KEPT_STATEMENTS` statements)."""
    key = (id(vocab), size)
    g = _KEPT.get(key)
    if g is not None and g.vocab is vocab and len(g.selectors) < KEPT_STATEMENTS:
        _KEPT.move_to_end(key)
        return g
    g = _KEPT[key] = _Grounding(vocab, size)
    while len(_KEPT) > KEPT_GROUNDINGS:
        _KEPT.popitem(last=False)
    return g


@dataclass(frozen=True)
class _Query:
    statement: Statement
    negated: bool


class Theory:
    """A set of clarifications, and every question about it, decided on grounded situations.

    Situations share nothing (no statement speaks of two), so a set holds on the situations its
    semantics needs (one per possibility, with every necessity in each) exactly when each of those
    situations can be had on its own: the necessities alone, and the necessities with each
    possibility in turn.  Within a situation, statements that share no word are independent
    (:mod:`properties.common.clarify.relevance`): each question is split into its components, and each
    component is decided on the domain it needs, with the relations it uses one way only fixed, on a
    grounding kept for the process (:class:`_Grounding`).  A component that uses a relation of its own
    both ways is decided on the whole set's domain (:meth:`size`), as large as any question's.

    ``allowance`` bounds all solver calls together (default: :data:`JUDGE_WORK` units); ``vocab`` gives the attributes' ranges; ``kept``: how many of the clarifications, from the first, are a
    fixed rulebook (the rest a proposal, whose pairs with the rules are tried when a whole question is
    slow).  Every grounding is shared by the process, whatever the part.
    """

    def __init__(
        self,
        clarifications: list[Clarification],
        allowance: Allowance | None = None,
        vocab: Vocabulary | None = None,
        kept: int = 0,
    ):
        ids = [c.id for c in clarifications]
        dup = {i for i in ids if ids.count(i) > 1}
        if dup:
            raise ValueError(f"clause ids given twice: {', '.join(sorted(dup))}")
        self.clarifications = {c.id: c for c in clarifications}
        self.allowance = Allowance(JUDGE_WORK) if allowance is None else allowance
        self.vocab = vocab
        self._baseline: int | None = None
        self._universes: dict = {}
        self._proposed = {(st, False) for c in clarifications[kept:] for st in c.statements} if kept else set()
        """The statements after the first ``kept`` clarifications (a proposal): where a conflict is looked for first."""

    def _statements(self):
        return {(cid, n): st for cid, c in self.clarifications.items() for n, st in enumerate(c.statements)}

    def size(self, query: Statement | None = None) -> int:
        """Things per situation for questions with this query: enough (:func:`domain_size`) for it and for
        every question about the set's own statements taken whole, the most any component is decided on."""
        sts = list(self._statements().values())
        if self._baseline is None:
            self._baseline = largest_domain(sts, sts, self.vocab)
        return max(self._baseline, domain_size(sts, query, self.vocab) if query is not None else 0)

    def _universe(self, query: _Query | None) -> tuple[dict, list]:
        """Each item's component among all the set's statements (and the query), and its domain size: every
        question's components lie inside these, so sizes (and groundings) stay few and stable."""
        key = None if query is None else (query.statement, query.negated)
        entry = self._universes.get(key)
        if entry is None:
            items = [(st, False) for st in self._statements().values()]
            if key is not None:
                items.append(key)
            groups = relevance.components([st for st, _ in items])
            size_of: dict = {}
            for g in groups:
                members = [items[i] for i in g]
                q = [st for st, neg in members if (st, neg) == key]
                own = [st for st, neg in members if (st, neg) != key]
                # Enough for every question about the component's own statements too (as :meth:`size`), so
                # that the questions of one rulebook check share one grounding per component.
                n = largest_domain(own, own + q, self.vocab)
                for m in members:
                    size_of[m] = max(n, size_of.get(m, 0))
            entry = self._universes[key] = (size_of, groups, items)
        return entry

    def _question(self, part: list, query: _Query | None) -> tuple[int, frozenset, bool]:
        """The grounding size, the grounding keys and whether the answer depends on the domain's size (a
        relation of its own used both ways) for one component's items."""
        signs = relevance.polarities(part)
        both = relevance.BOTH in signs.values()
        if both:
            size = self.size(query.statement if query is not None else None)
        else:
            size_of = self._universe(query)[0]
            size = max(size_of[i] for i in part)
        fixed = {r: sign == relevance.POSITIVE for r, sign in signs.items() if sign != relevance.BOTH}
        keys = frozenset((i, frozenset((r, fixed[r]) for r in relevance.relations(i[0]) if r in fixed)) for i in part)
        return size, keys, both

    def _decide(self, items: list, query: _Query | None) -> bool:
        """Can ``items`` (asserted in one situation) hold together?  Each component on its own grounding."""
        for group in relevance.components([st for st, _ in items]):
            part = [items[i] for i in group]
            size, keys, both = self._question(part, query)
            if not both and any(core <= keys for core in _CORES):
                return False
            g = _kept_grounding(self.vocab, size)
            focus = [i for i in part if i == self._focus(query) or i in self._proposed]
            if not focus or len(part) < 3:
                if not g.sat(keys, self.allowance):
                    return False
                continue
            try:
                if not g.sat(keys, self.allowance, QUICK_WORK):
                    return False
                continue
            except _QuickTimeout:
                pass
            # Hard for the solver as a whole: a proposal usually conflicts with one or two rules, and a
            # pair is decided in milliseconds; an unsatisfiable pair makes the whole unsatisfiable.
            if self._conflicting_pair(part, focus, query):
                return False
            if not g.sat(keys, self.allowance):
                return False
        return True

    def _focus(self, query: _Query | None):
        return None if query is None else (query.statement, query.negated)

    def _conflicting_pair(self, part: list, focus: list, query: _Query | None) -> bool:
        for f in focus:
            fw = relevance.words(f[0])
            for other in part:
                if other == f or not (relevance.words(other[0]) & fw):
                    continue
                pair = [f, other]
                size, keys, both = self._pair_question(pair, query)
                if _kept_grounding(self.vocab, size).sat(keys, self.allowance):
                    continue
                return True
        return False

    def _pair_question(self, pair: list, query: _Query | None) -> tuple[int, frozenset, bool]:
        """As :meth:`_question`, on the domain the two items need (their own, not their component's)."""
        size, keys, both = self._question(pair, query)
        if not both:
            q = self._focus(query)
            own = [st for st, neg in pair if (st, neg) != q]
            size = largest_domain(own, own + [st for st, neg in pair if (st, neg) == q], self.vocab)
        return size, keys, both

    def _sat(self, keys, query: _Query | None = None) -> bool:
        """Can the statements ``keys`` (and the query) hold together on the situations their semantics needs?"""
        sts = self._statements()
        necessary = [(sts[k], False) for k in keys if not sts[k].possibility]
        possible = [(sts[k], False) for k in keys if sts[k].possibility]
        asked = []
        if query is not None:
            # A query that needs one situation (a possibility, or a necessity denied) is one more
            # possibility; one that holds in every situation (a necessity, or a possibility denied) is
            # one more necessity.
            everywhere = query.statement.possibility == query.negated
            (necessary if everywhere else asked).append((query.statement, query.negated))
        for p in (asked + possible) or [None]:
            if not self._decide(necessary + ([p] if p is not None else []), query):
                return False
        return True

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

    def _relevant(self, required: tuple[str, ...], query: _Query | None) -> list[str]:
        """The ids a minimal set containing ``required`` can draw on: those sharing a component with it.

        The others are left out only when they hold together: then a set's answer is that of its relevant
        part (satisfiability splits over components), so the minimal sets are the same.
        """
        names = list(self.clarifications)
        if not required:
            return names
        _, groups, items = self._universe(query)
        qitem = None if query is None else (query.statement, query.negated)
        owner = {}
        for cid, c in self.clarifications.items():
            for st in c.statements:
                owner.setdefault((st, False), set()).add(cid)
        linked: set[str] = set()
        for g in groups:
            members = [items[i] for i in g]
            ids = set().union(*(owner.get(m, set()) for m in members if m != qitem))
            if any(m == qitem for m in members) and "__query__" in required or ids & set(required):
                linked |= ids
        rest = [n for n in names if n not in linked]
        if rest and not self._sat(self._keys(rest)):
            return names
        return [n for n in names if n in linked]

    def _muses(self, required: tuple[str, ...], query: _Query | None = None) -> list[tuple[str, ...]]:
        """Every minimal set of clarification ids (with ``__query__`` for the query) that cannot hold together."""
        names = self._relevant(required, query) + (["__query__"] if query is not None else [])

        def sat(subset) -> bool:
            ids = [n for n in names if n in subset and n != "__query__"]  # in the rulebook's order, not the hash seed's
            try:
                return self._sat(self._keys(ids), query if "__query__" in subset else None)
            except UndecidedError as e:
                raise MusTimeout(str(e)) from None

        try:
            return enumerate_muses_of(names, sat, required=required, allowance=self.allowance)
        except Exhausted as e:
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
    work: int | None = JUDGE_WORK,
    seconds: float | None = None,
    vocab: Vocabulary | None = None,
) -> dict:
    """``contradicts`` (with every minimal conflicting set), ``vacuous`` (everything it speaks of is ruled
    out: with the minimal sets that rule each subject out), ``redundant`` (already implied, with every
    minimal set that implies it) or ``consistent``; ``unknown`` (with the ``reason``) when the solver
    cannot decide within ``work`` Z3 work units and, if given, ``seconds`` (None: no limit).

    A decided verdict whose minimal sets could not all be listed in time says so in ``incomplete``
    (and lists none: a partial list would read as the whole).  Every verdict gives the ``domain`` it
    was decided on.
    """
    from oblivaeon_verify.properties.common.clarify.language import show

    allowance = Allowance.of(work, seconds)
    known = {c.id for c in base}
    pid = proposal.id if proposal.id not in known else f"{proposal.id}(proposed)"
    proposal = Clarification(pid, proposal.statements, proposal.line)
    theory = Theory(list(base) + [proposal], allowance, vocab, kept=len(base))
    domain = {
        "things_per_situation": theory.size(),
        "situations": 2 + sum(1 for c in theory.clarifications.values() for s in c.statements if s.possibility),
    }
    try:
        consistent = theory.consistent()
    except UndecidedError as e:
        return _unknown(pid, "whether the proposal agrees with the rules", e, domain)
    if not consistent:
        try:
            cores = theory.cores(required=(pid,))
        except UndecidedError as e:
            return {
                "verdict": "contradicts",
                "proposal": pid,
                "cores": [],
                "incomplete": _undecided("the minimal conflicting sets", e),
                "domain": domain,
            }
        return {"verdict": "contradicts", "proposal": pid, "cores": [[c for c in core if c != pid] for core in cores], "domain": domain}
    base_theory = Theory(list(base), allowance, vocab, kept=len(base))
    try:
        empty = []
        for st in proposal.statements:
            subs = subjects(st)
            empty.append([s for s in subs if not base_theory.possible(list(base_theory.clarifications), exists(s))])
    except UndecidedError as e:
        return _unknown(pid, "whether what the proposal speaks of can exist", e, domain)
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
            out["incomplete"] = _undecided("the minimal sets that rule its subjects out", e)
        return out
    try:
        implied = [base_theory.implies(list(base_theory.clarifications), st) for st in proposal.statements]
    except UndecidedError as e:
        return _unknown(pid, "whether the rules already imply the proposal", e, domain)
    if all(implied):
        try:
            support = [list(c) for st in proposal.statements for c in base_theory.support(st)]
        except UndecidedError as e:
            return {
                "verdict": "redundant",
                "proposal": pid,
                "implied_by": [],
                "incomplete": _undecided("the minimal sets that imply it", e),
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


def _undecided(question: str, e: UndecidedError) -> str:
    return f"the solver could not decide {question}: {e}"


def _unknown(pid: str, question: str, e: UndecidedError, domain: dict) -> dict:
    return {"verdict": "unknown", "proposal": pid, "reason": _undecided(question, e), "domain": domain}
