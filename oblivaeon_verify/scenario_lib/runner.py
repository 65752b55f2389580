"""Running a scenario: build the position, take each step, check its expectations, keep a trace.

The run stops at the first step whose expectations fail (what follows would be built on a state
the scenario did not intend); the record of that step says where reality diverged and how.

Nothing a step does escapes as a traceback: an exception that is neither the model refusing a
decision nor one of the vocabulary's step errors (a model bug, or input no check foresaw) fails that
step with the exception's one-line text.  A refusal must prove something: the vocabulary's
``refusal_problem(state, spec)`` says when the refused pattern could not have matched any decision of
this game at all (a card or hero the game does not have), and then the step fails.

The position built must be a state of the game: the vocabulary's ``position_problems(state)`` names the
state invariants it breaks (a life above its starting value, a card placed twice), and a scenario whose
position breaks one fails before its first step, since what it would show is about no game that can be played.
So must every state the scenario reaches and every decision the model takes in it: after each step, an invariant
broken (a state invariant by a state, a step invariant by one of the step's decisions) fails the step, unless the
step names it in ``breaks`` (a finding shown on purpose, which then must be broken).  Every step is taken from the
state's JSON copy (the vocabulary's ``read_back``), so a rule that compares the game's strings by identity fails
where a scenario exercises it, as it would from a replay.

A scenario with ``setup_refused`` has no steps: it passes only when building its position raises one
of the vocabulary's ``setup_errors`` whose text contains its words.  A setup the model accepts, one it
refuses for another reason (other words) and an exception of another type each fail it, saying which.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from oblivaeon_verify.scenario_lib.schema import Scenario, Step
from oblivaeon_verify.words import phrase

ABSENT = "-"
"""How a trace shows a fact that has no value on one side (a card not yet in a shown place, a target without HP)."""


class Refused(Exception):
    """Raised by a vocabulary when the model refuses a decision: carries the legal ones."""

    def __init__(self, message: str, legal: list[str]) -> None:
        super().__init__(message)
        self.legal = legal


@dataclass
class Check:
    what: str
    expected: Any
    actual: Any
    ok: bool

    def __str__(self) -> str:
        mark = "ok" if self.ok else "FAILED"
        return f"{mark}: {self.what}: expected {self.expected!r}, got {self.actual!r}"


@dataclass
class StepRecord:
    index: int
    line: int | None
    action: str
    """What the step did, in words."""
    note: str = ""
    events: list[str] = field(default_factory=list)
    clauses: list[str] = field(default_factory=list)
    """Clause ids cited by the step's events, in order of first appearance."""
    changes: list[tuple[str, Any, Any]] = field(default_factory=list)
    """(fact, before, after) for the headline facts the step changed."""
    checks: list[Check] = field(default_factory=list)
    failure: str = ""

    @property
    def ok(self) -> bool:
        return not self.failure and all(c.ok for c in self.checks)

    def to_json(self) -> dict:
        return {
            "index": self.index,
            "line": self.line,
            "action": self.action,
            "note": self.note,
            "events": self.events,
            "clauses": self.clauses,
            "changes": [{"fact": f, "before": b, "after": a} for f, b, a in self.changes],
            "checks": [{"what": c.what, "expected": c.expected, "actual": c.actual, "ok": c.ok} for c in self.checks],
            "failure": self.failure,
            "ok": self.ok,
        }


@dataclass
class Run:
    scenario: Scenario
    start: dict = field(default_factory=dict)
    """The headline facts of the position after setup."""
    steps: list[StepRecord] = field(default_factory=list)
    error: str = ""
    """Set when the position could not be built at all (and the scenario did not expect that)."""
    refusal: Check | None = None
    """For a scenario with ``setup_refused``: whether the model's setup refused the position with those words."""

    @property
    def passed(self) -> bool:
        if self.scenario.setup_refused:
            return not self.error and self.refusal is not None and self.refusal.ok
        return not self.error and len(self.steps) == len(self.scenario.steps) and all(r.ok for r in self.steps)

    @property
    def divergence(self) -> StepRecord | None:
        return next((r for r in self.steps if not r.ok), None)

    @property
    def verdict(self) -> str:
        if self.error:
            return f"error: {self.error}"
        if self.scenario.setup_refused:
            return "pass" if self.passed else "fail at setup"
        d = self.divergence
        if d is None:
            return "pass"
        return f"fail at step {d.index}"

    def explain(self) -> str:
        """A failure, told as the step where reality diverged from the expectation."""
        sc = self.scenario
        head = f"scenario {sc.id} ({sc.path})"
        if self.error:
            return f"{head}: the position could not be built: {self.error}"
        if self.scenario.setup_refused:
            if self.passed:
                return f"{head}: passed (the setup {self.refusal.actual})"
            return f"{head}: the setup should have been refused with an error containing {sc.setup_refused!r}, but {self.refusal.actual}"
        d = self.divergence
        if d is None:
            return f"{head}: passed"
        lines = [f"{head}: reality diverged from the expectation at step {d.index} (line {d.line}): {d.action}"]
        if d.note:
            lines.append(f"  the step: {d.note}")
        if d.failure:
            lines.append(f"  {d.failure}")
        lines += [f"  {c}" for c in d.checks if not c.ok]
        if d.events:
            lines.append("  events of that step:")
            lines += [f"    {e}" for e in d.events[:40]]
        earlier = [r for r in self.steps if r.index < d.index]
        if earlier:
            lines.append("  steps before it, all as expected: " + "; ".join(f"{r.index}. {r.action}" for r in earlier))
        return "\n".join(lines)

    def to_json(self) -> dict:
        return {
            "id": self.scenario.id,
            "verdict": self.verdict,
            "passed": self.passed,
            "error": self.error,
            "setup_refused": self.scenario.setup_refused,
            "refusal": None
            if self.refusal is None
            else {"expected": self.refusal.expected, "actual": self.refusal.actual, "ok": self.refusal.ok},
            "start": self.start,
            "steps": [r.to_json() for r in self.steps],
        }


def itf(run: Run) -> dict:
    """The run as an ITF trace: one state per step, the scenario's headline facts as the variables.

    A fact a step brings into view (a card reaching a shown place) is :data:`ABSENT` in the states before it.
    """
    from oblivaeon_verify.smt import itf as itf_format

    facts = dict(run.start)
    states, actions = [dict(facts)], ["init"]
    for r in run.steps:
        for fact, _before, after in r.changes:
            facts[fact] = after
        states.append(dict(facts))
        actions.append(r.action)
    variables = sorted({str(k) for s in states for k in s})
    full = [{v: s.get(v, ABSENT) for v in variables} for s in states]
    sc = run.scenario
    return itf_format.trace(
        variables, full, source=f"scenario {sc.id} ({Path(sc.path).name})", description=f"{sc.id}: {run.verdict}", actions=actions
    )


def unforeseen(e: BaseException) -> str:
    """An exception no check foresaw, in one line: its type and the first line of its text."""
    text = str(e).strip().splitlines()
    return f"{type(e).__name__}: {text[0]}" if text else type(e).__name__


def run(scenario: Scenario, vocab) -> Run:
    result = Run(scenario)
    if scenario.setup_refused:
        result.refusal = _refusal(scenario, vocab)
        return result
    try:
        state = vocab.new_game(scenario.setup, scenario.all_parameters)
        result.start = vocab.headline(state)
        problems = vocab.position_problems(state)
    except vocab.setup_errors as e:
        result.error = str(e)
        return result
    except Exception as e:
        result.error = f"building the position raised {unforeseen(e)}"
        return result
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        result.error = f"it is no state of the game, for it breaks the invariant {problems[0][1]}{more}"
        return result
    for step in scenario.steps:
        try:
            rec, state = _take(step, vocab.read_back(state), vocab)
        except Exception as e:
            rec = StepRecord(step.index, step.line, _describe(vocab, step), step.note)
            rec.failure = f"the step raised {unforeseen(e)} (a model or vocabulary error, not an expectation)"
        result.steps.append(rec)
        if not rec.ok:
            break
    return result


def _refusal(scenario: Scenario, vocab) -> Check:
    """Build the position a scenario says the setup must refuse: the check of that refusal."""
    what, words = "the model's setup refuses the position", scenario.setup_refused
    expected = f"refused: ...{words}..."
    try:
        vocab.new_game(scenario.setup, scenario.all_parameters)
    except vocab.setup_errors as e:
        text = " ".join(str(e).split())
        if words in text:
            return Check(what, expected, f"refused: {text}", True)
        return Check(what, expected, f"it was refused for another reason: {text}", False)
    except Exception as e:
        return Check(what, expected, f"building it raised {unforeseen(e)}, which is no setup error", False)
    return Check(what, expected, "the setup accepted it and the game began", False)


def _describe(vocab, step: Step) -> str:
    try:
        return vocab.describe_action(step.action, step.spec)
    except Exception:
        return step.action


def _take(step: Step, state, vocab) -> tuple[StepRecord, Any]:
    rec = StepRecord(step.index, step.line, vocab.describe_action(step.action, step.spec), step.note)
    before = vocab.headline(state)
    try:
        with vocab.watching() as taken:
            after, events = vocab.perform(state, step.action, step.spec)
    except Refused as e:
        if step.refused:
            problem = vocab.refusal_problem(state, step.spec)
            if problem:
                rec.failure = f"the refusal proves nothing: {problem}"
                return rec, state
            rec.checks.append(Check("the model refuses the decision", "refused", "refused", True))
            after, events = state, ()
        else:
            legal = "\n    ".join(e.legal[:30]) or "(none: the game is over)"
            rec.failure = f"{e}; the legal decisions there are:\n    {legal}"
            return rec, state
    except vocab.step_errors as e:
        rec.failure = f"the step could not be taken: {e}"
        return rec, state
    else:
        if step.refused:
            rec.failure = "the model accepted a decision that the scenario expects it to refuse"
    match = vocab.matches
    rec.events = [vocab.event_text(e) for e in events]
    rec.clauses = list(dict.fromkeys(e.clause for e in events if getattr(e, "clause", "")))
    after_facts = vocab.headline(after)
    rec.changes = [(k, before.get(k, ABSENT), v) for k, v in after_facts.items() if before.get(k, ABSENT) != v]
    rec.changes += [(k, v, ABSENT) for k, v in before.items() if k not in after_facts]
    for fact, want in step.expect:
        got = vocab.fact(after, fact)
        rec.checks.append(Check(fact, want, got, vocab.same(got, want)))
    for pat in step.events:
        n = sum(1 for e in events if match(e, pat))
        rec.checks.append(Check(f"an event {_show(pat)}", "at least one", n, n > 0))
    for pat in step.no_events:
        n = sum(1 for e in events if match(e, pat))
        rec.checks.append(Check(f"no event {_show(pat)}", 0, n, n == 0))
    _check_invariants(rec, step, taken if not step.refused else [], after, vocab)
    legal = vocab.options(after)
    for pat in step.options:
        n = sum(1 for d in legal if match(d, pat))
        rec.checks.append(Check(f"a legal decision {_show(pat)}", "at least one", n, n > 0))
    for pat in step.no_options:
        n = sum(1 for d in legal if match(d, pat))
        rec.checks.append(Check(f"no legal decision {_show(pat)}", 0, n, n == 0))
    return rec, after


def _check_invariants(rec: StepRecord, step: Step, taken: list, after, vocab) -> None:
    """Every state a scenario reaches is a state of the game, and every decision the model takes in it a step of the
    game: the decisions the step took (a scenario's ``until`` may take many) break no invariant, nor does the state
    after it, but those its ``breaks`` names, each of which something in the step must break (a finding the scenario
    shows on purpose)."""
    problems = dict.fromkeys(p for t in taken for p in vocab.step_problems(*t))
    problems.update(dict.fromkeys(vocab.position_problems(after)))
    broken = {name for name, _text in problems}
    for name in step.breaks:
        said = next((text for n, text in problems if n == name), "it holds")
        rec.checks.append(Check(f"the step breaks the invariant {name}", "broken", said, name in broken))
    for name, text in problems:
        if name not in step.breaks:
            rec.checks.append(Check("the step is one a game can take (no invariant broken)", "none broken", text, False))


def _show(pattern: dict) -> str:
    """A pattern of a scenario file in words, in the file's order: "(kind devastation, clause BZ.DEV.HERO-INCAP, amount 1)"."""
    return "(" + ", ".join(f"{k} {phrase(v)}" for k, v in pattern.items()) + ")"
