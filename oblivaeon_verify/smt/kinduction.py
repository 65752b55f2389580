"""Proving state properties of a transition system: k-induction with the smallest k, else bounded model checking.

For k = 1, 2, ... up to ``kmax``:

* base case: no path of fewer than k steps from Init reaches a state violating P (a satisfiable
  query here is a real counterexample, decoded step by step);
* inductive step: any k consecutive states satisfying P (and the lemmas already proved) are
  followed only by states satisfying P.  Unsatisfiable: P holds in every reachable state.

If no k up to ``kmax`` closes, bounded model checking runs to ``bound`` steps and the result says
so ("bounded", with its bound).  Each obligation (each solver call: a base case, an inductive step,
a step property's query) may spend ``work`` of Z3's resource units (``smt.allowance``: the same on
every machine, so a proof does not turn from proved to unknown because the machine was busy; by
default :data:`PROOF_WORK`), and ``seconds`` of wall-clock time only when asked.  An obligation that
runs out is ``unknown``, with a reason that says which limit ran out, and is never counted as a
pass.  Every obligation can be written out as SMT-LIB2.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import z3

from oblivaeon_verify import heartbeat
from oblivaeon_verify.smt import smtlib
from oblivaeon_verify.smt.allowance import Allowance, Exhausted
from oblivaeon_verify.smt.system import TransitionSystem, value

PROVED, VIOLATED, BOUNDED, UNKNOWN = "proved", "violated", "bounded", "unknown"


@dataclass(frozen=True)
class Property:
    """A named state property with the clauses it protects; ``lemmas`` are ids of properties it may assume."""

    id: str
    text: str
    clauses: tuple[str, ...]
    holds: Callable[[dict, dict], z3.BoolRef]
    """``holds(state, params)``."""
    lemmas: tuple[str, ...] = ()


@dataclass(frozen=True)
class StepProperty:
    """A property of every step (a pair of consecutive states), such as 'an opened breach stays opened'.

    Proved by one query: no step of Next leaves a state satisfying the (already proved) ``lemmas``
    with ``holds`` false.  Since the lemmas hold in every reachable state, so does the property on
    every reachable step.  When that query fails, bounded model checking looks for a real violation.
    """

    id: str
    text: str
    clauses: tuple[str, ...]
    holds: Callable[[dict, dict, dict], z3.BoolRef]
    """``holds(state, next_state, params)``."""
    lemmas: tuple[str, ...] = ()


@dataclass
class Step:
    index: int
    action: str
    """The step that led to this state (``init`` for the first)."""
    state: dict


@dataclass
class Result:
    property: str
    status: str
    method: str
    k: int | None = None
    bound: int | None = None
    seconds: float = 0.0
    trace: list[Step] = field(default_factory=list)
    obligations: list[tuple[str, str]] = field(default_factory=list)
    """(name, SMT-LIB2 text) of every query asked, in order."""
    reason: str = ""

    def as_dict(self) -> dict:
        out = {
            "property": self.property,
            "status": self.status,
            "method": self.method,
            "k": self.k,
            "bound": self.bound,
            "reason": self.reason,
        }
        if self.trace:
            out["counterexample"] = [{"step": s.index, "action": s.action, "state": s.state} for s in self.trace]
        return out


def _smt2(solver: z3.Solver, name: str, expect: str) -> str:
    return smtlib.benchmark(solver, f"obligation {name}; a proof needs the answer {expect}")


def _answer(obligations: list[tuple[str, str]], answer: z3.CheckSatResult) -> None:
    """The last obligation kept (the one just checked) with the solver's answer as its status."""
    if obligations:
        name, text = obligations[-1]
        obligations[-1] = (name, smtlib.answered(text, answer))


def _decode(system: TransitionSystem, model: z3.ModelRef, states: list[dict], labels: list[dict]) -> list[Step]:
    steps = []
    for i, s in enumerate(states):
        action = "init" if i == 0 else system.describe_label({k: value(model, v) for k, v in labels[i - 1].items()})
        steps.append(Step(i, action, {k: value(model, v) for k, v in s.items()}))
    return steps


PROOF_WORK = 40_000_000
"""The Z3 work (resource units, ``smt.allowance``) each proof obligation may spend by default: about
ten times the costliest obligation of any proof the tool runs, 3.9 M units (the bounded model checking
that finds the counterexample of Aeon's End's broken encoding focus-turns-twice with 4 players; of the
real encodings' proofs the costliest is 0.35 M, BREACH-STATES' inductive step with 4 players), measured
by ``python -m tests.bench_proofs``: ``prove`` at every player count of both rulesets and of every
broken encoding, battle-zone isolation, the designer queries' lower bounds and the goal questions'
proofs, each in a fresh process.  An obligation costs up to a tenth more after other solver work in
the same process (the same units for the same sequence, whatever the machine or hash seed), which the
margin covers; 40 M units are about 7 s on the 2-core machine measured."""


class Prover:
    """Proves properties of one system, remembering the ones proved so that later ones may use them as lemmas.

    ``work``: the Z3 resource units each obligation may spend; ``seconds``: a wall-clock limit per
    obligation as well (None: none; an answer under it can depend on the machine)."""

    def __init__(self, system: TransitionSystem, *, work: int = PROOF_WORK, seconds: float | None = None, keep_smt2: bool = False) -> None:
        self.system = system
        self.work = work
        self.seconds = seconds
        self.keep_smt2 = keep_smt2
        self.proved: dict[str, Property] = {}
        self.undecided: list[Result] = []
        """Every check whose work or time ran out (``unknown``): an answer built on these proofs says so."""

    def _obligation(self, solver: z3.Solver, name: str, what: str, obligations: list[tuple[str, str]]) -> tuple[z3.CheckSatResult, str]:
        """Ask the obligation ``solver`` holds (a proof needs ``unsat``) within an allowance of its own:
        the answer and, when it is ``unknown``, why (which limit ran out, or the solver's reason).  With
        ``keep_smt2`` it is kept as SMT-LIB2 under ``name``, described as ``what``, with its answer."""
        if self.keep_smt2:
            obligations.append((name, _smt2(solver, what, "unsat")))
        answer, why = Allowance.of(self.work, self.seconds).answer(solver)
        if self.keep_smt2:
            _answer(obligations, answer)
        return answer, why

    def _base_constraints(self) -> list[z3.BoolRef]:
        return [self.system.assumptions] if self.system.assumptions is not None else []

    def _path(self, n: int, prefix: str = "") -> tuple[list[dict], list[dict], list[z3.BoolRef]]:
        sysm = self.system
        states = [{k: v for k, v in sysm.state(i).items()} for i in range(n + 1)]
        if prefix:
            states = [{k: z3.Const(f"{prefix}{v}", v.sort()) for k, v in st.items()} for st in states]
        labels = [sysm.label(i) for i in range(n)]
        if prefix:
            labels = [{k: z3.Const(f"{prefix}{v}", v.sort()) for k, v in lb.items()} for lb in labels]
        trans = [sysm.next(states[i], states[i + 1], labels[i]) for i in range(n)]
        return states, labels, trans

    def _lemmas(self, prop: Property, state: dict) -> list[z3.BoolRef]:
        out = []
        for lid in prop.lemmas:
            if lid not in self.proved:
                raise ValueError(f"property {prop.id} assumes {lid}, which is not proved (prove it first)")
            out.append(self.proved[lid].holds(state, self.system.params))
        return out

    def check(self, prop: Property, *, kmax: int = 4, bound: int = 12) -> Result:
        start = time.perf_counter()
        res = self._check(prop, kmax, bound)
        res.seconds = time.perf_counter() - start
        if res.status == PROVED:
            self.proved[prop.id] = prop
        elif res.status == UNKNOWN:
            self.undecided.append(res)
        return res

    def check_step(self, prop: StepProperty, *, bound: int = 12) -> Result:
        """Prove a step property from the proved lemmas (k=1), else search for a violating path of at most ``bound`` steps."""
        start = time.perf_counter()
        res = self._check_step(prop, bound)
        res.seconds = time.perf_counter() - start
        return res

    def _check_step(self, prop: StepProperty, bound: int) -> Result:
        sysm = self.system
        obligations: list[tuple[str, str]] = []
        step = z3.Solver()
        step.add(*self._base_constraints())
        sts, _lbs, trs = self._path(1, prefix="ind.")
        step.add(*self._lemmas(prop, sts[0]))
        step.add(*trs)
        step.add(z3.Not(prop.holds(sts[0], sts[1], sysm.params)))
        r, why = self._obligation(step, f"{prop.id}.step1", f"{prop.id}: every step from a state satisfying the lemmas", obligations)
        if r == z3.unsat:
            return Result(
                prop.id, PROVED, "k-induction", k=1, obligations=obligations, reason="holds on every step from the proved invariants"
            )
        if r == z3.unknown:
            return Result(prop.id, UNKNOWN, "k-induction", k=1, obligations=obligations, reason=f"step from the lemmas: {why}")
        base = z3.Solver()
        base.add(*self._base_constraints())
        states, labels = [sysm.state(0)], []
        base.add(sysm.init(states[0]))
        for i in range(1, bound + 1):
            states.append(sysm.state(i))
            labels.append(sysm.label(i - 1))
            base.add(sysm.next(states[i - 1], states[i], labels[i - 1]))
            base.push()
            base.add(z3.Not(prop.holds(states[i - 1], states[i], sysm.params)))
            r, why = self._obligation(base, f"{prop.id}.base{i}", f"{prop.id} violated at step {i}", obligations)
            if r == z3.sat:
                trace = _decode(sysm, base.model(), states, labels)
                base.pop()
                return Result(prop.id, VIOLATED, "bmc", bound=i, trace=trace, obligations=obligations, reason=f"violated by step {i}")
            if r == z3.unknown:
                base.pop()
                return Result(prop.id, UNKNOWN, "bmc", bound=i, obligations=obligations, reason=f"a violation at step {i}: {why}")
            base.pop()
        return Result(
            prop.id,
            BOUNDED,
            "bmc",
            bound=bound,
            obligations=obligations,
            reason=f"not implied by the lemmas; no violation within {bound} steps",
        )

    def _check(self, prop: Property, kmax: int, bound: int) -> Result:
        sysm = self.system
        P = lambda st: prop.holds(st, sysm.params)  # noqa: E731
        obligations: list[tuple[str, str]] = []
        # Base cases grow incrementally: a path of i steps from Init, with not-P at its last state.
        base = z3.Solver()
        base.add(*self._base_constraints())
        # The base path grows one step at a time, only as far as the checks need.
        states, labels = [sysm.state(0)], []
        base.add(sysm.init(states[0]))
        checked_base = -1

        def base_upto(n: int) -> Result | None:
            nonlocal checked_base
            for i in range(checked_base + 1, n + 1):
                if i > 0:
                    states.append(sysm.state(i))
                    labels.append(sysm.label(i - 1))
                    base.add(sysm.next(states[i - 1], states[i], labels[i - 1]))
                heartbeat.beat(f"{prop.id}: base case, paths of {i} steps")
                base.push()
                base.add(z3.Not(P(states[i])))
                r, why = self._obligation(base, f"{prop.id}.base{i}", f"{prop.id} base case, path of {i} steps", obligations)
                if r == z3.sat:
                    trace = _decode(sysm, base.model(), states[: i + 1], labels[:i])
                    base.pop()
                    return Result(
                        prop.id, VIOLATED, "bmc", bound=i, trace=trace, obligations=obligations, reason=f"violated after {i} steps"
                    )
                if r == z3.unknown:
                    base.pop()
                    return Result(prop.id, UNKNOWN, "bmc", bound=i, obligations=obligations, reason=f"base case, path of {i} steps: {why}")
                base.pop()
                checked_base = i
            return None

        for k in range(1, kmax + 1):
            bad = base_upto(k - 1)
            heartbeat.beat(f"{prop.id}: k-induction, k = {k}")
            if bad is not None:
                return bad
            step = z3.Solver()
            step.add(*self._base_constraints())
            sts, _lbs, trs = self._path(k, prefix="ind.")
            for i in range(k):
                step.add(P(sts[i]))
            for i in range(k + 1):
                step.add(*self._lemmas(prop, sts[i]))
            step.add(*trs)
            step.add(z3.Not(P(sts[k])))
            r, why = self._obligation(step, f"{prop.id}.step{k}", f"{prop.id} inductive step, k={k}", obligations)
            if r == z3.unsat:
                return Result(prop.id, PROVED, "k-induction", k=k, obligations=obligations, reason=f"{k}-inductive")
            if r == z3.unknown:
                return Result(prop.id, UNKNOWN, "k-induction", k=k, obligations=obligations, reason=f"inductive step, k={k}: {why}")
        bad = base_upto(bound)
        if bad is not None:
            return bad
        return Result(
            prop.id, BOUNDED, "bmc", bound=bound, obligations=obligations, reason=f"not {kmax}-inductive; no violation within {bound} steps"
        )


QUERY_WORK = 250_000_000
"""The Z3 work (resource units, ``smt.allowance``) a designer query may spend by default: about ten
times what the costliest default query spends (22 M units, ``python -m tests.bench_queries``), so that
none is left undecided on any machine, and a search that cannot succeed gives up within a minute or so."""


def reach(
    system: TransitionSystem,
    goal: Callable[[dict], z3.BoolRef],
    *,
    depth: int,
    allowance: Allowance | None = None,
    along: Callable[[dict], z3.BoolRef] | None = None,
):
    """Bounded reachability, shortest first: a path of the fewest steps (at most ``depth``) from Init to a
    state where ``goal`` holds.

    One solver grows the path a step at a time and asks, at each length, whether the goal can hold at
    its end (an assumption, so that what the solver learnt carries to the next length); the first
    length that can is a shortest witness.  ``along``, when given, is asked of every state of the path:
    a query passes it when its goal can only hold at the end of a path that meets it throughout (a
    count that only grows, say), which prunes the search and changes no answer.  The solver's work comes from ``allowance`` (Z3's resource
    units, the same on every machine: by default :data:`QUERY_WORK`).  Returns (status, steps, values
    of the symbolic parameters): ``reached``, ``unreachable-within`` (no path of at most ``depth``
    steps) or ``unknown`` (the work or time allowed ran out: never a pass).
    """
    allowance = allowance if allowance is not None else Allowance.of(QUERY_WORK)
    s = z3.Solver()
    if system.assumptions is not None:
        s.add(system.assumptions)
    states = [system.state(0)]
    labels: list[dict] = []
    s.add(system.init(states[0]))
    if along is not None:
        s.add(along(states[0]))
    for k in range(depth + 1):
        heartbeat.beat(f"bounded search, paths of {k} of at most {depth} steps")
        if k:
            states.append(system.state(k))
            labels.append(system.label(k - 1))
            s.add(system.next(states[k - 1], states[k], labels[k - 1]))
            if along is not None:
                s.add(along(states[k]))
        try:
            r = allowance.check(s, goal(states[k]))
        except Exhausted:
            return "unknown", [], {}
        if r == z3.unknown:
            return "unknown", [], {}
        if r == z3.sat:
            model = s.model()
            params = {name: value(model, v) for name, v in system.params.items() if isinstance(v, z3.ExprRef)}
            return "reached", _decode(system, model, states, labels), params
    return "unreachable-within", [], {}
