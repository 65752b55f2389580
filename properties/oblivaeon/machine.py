"""The Hypothesis state machine: the OblivAeon model driven through its own legal decisions.

Thin rules over a rich model: the machine never decides what is legal; it draws from the state's
legal decisions (player choices and chance outcomes alike, so Hypothesis can pick the unlucky
shuffle), or fast-forwards with the steered random policy from a seed it draws.  Every invariant
is checked after every step.  A failure writes a replay file and raises with a short trace (clause
ids included) and the command that replays it.

The trace, the failure message, the counterexample folder and the statistics are shared with
every ruleset (``properties.common.machine``).

Steering: at the end of each example the machine reports how deep it went (environments lost,
Scions gone from the Reserve, heroes fallen in one play area, clauses reached) with
``hypothesis.target``, so the search favours runs that reach the rare corners.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import strategies as st
from hypothesis import target
from hypothesis.stateful import RuleBasedStateMachine, initialize, precondition, rule

from model.oblivaeon.decisions import Decision, IllegalDecision
from model.oblivaeon.ruleset import RULESET
from oblivaeon_verify import replay
from properties.common.machine import TRACE_TAIL, InvariantViolated, Stats, counterexample_dir, failure_message
from properties.common.registry import Step
from properties.oblivaeon.invariants import INVARIANTS
from properties.oblivaeon.setups import legal_setups
from properties.oblivaeon.steering import steer

STATS = Stats()


class OblivAeonMachine(RuleBasedStateMachine):
    """Start from any legal setup, then take legal decisions, checking every invariant after each."""

    max_fast_forward = 150

    def __init__(self) -> None:
        super().__init__()
        self.state = None
        self.decisions: list[list] = []
        self.lines: list[str] = []
        self.cited: Counter = Counter()
        self.removals = 0

    # --- rules -----------------------------------------------------------------------------------
    @initialize(setup=legal_setups())
    def set_up(self, setup) -> None:
        self.setup = setup
        self.state = RULESET.new_game(setup)
        STATS.examples += 1
        self._fail_if(INVARIANTS.check_state(self.state))

    @precondition(lambda self: self.state is not None and bool(self.state.options))
    @rule(data=st.data())
    def take_a_legal_decision(self, data) -> None:
        """Any legal decision, chance outcomes included (shrinks towards the first listed)."""
        options = self.state.options
        self._step(data.draw(st.integers(0, len(options) - 1), label="decision"))

    @precondition(lambda self: self.state is not None and bool(self.state.options))
    @rule(seed=st.integers(0, 2**32 - 1), count=st.integers(1, max_fast_forward))
    def play_on(self, seed: int, count: int) -> None:
        """Fast-forward ``count`` decisions with the steered random policy (deep states in few rules)."""
        rng = random.Random(seed)
        for _ in range(count):
            options = self.state.options
            if not options:
                return
            self._step(options.index(steer(rng, self.state, options)))

    @precondition(lambda self: self.state is not None and bool(self.state.options))
    @rule()
    def an_illegal_decision_is_refused(self) -> None:
        bogus = Decision("not-a-decision", "nobody")
        try:
            RULESET.step(self.state, bogus)
        except IllegalDecision:
            return
        raise AssertionError(f"step accepted an illegal decision at {RULESET.where(self.state)}")

    @precondition(lambda self: self.state is not None and not self.state.options)
    @rule()
    def a_finished_game_stays_finished(self) -> None:
        """Once over, the game offers nothing and its outcome is a result, never the safety stop."""
        o = RULESET.outcome(self.state)
        if o is None or o[0] == "aborted":
            raise AssertionError(f"the game stopped without a result: {o}")

    def teardown(self) -> None:
        if self.state is None:
            return
        s = self.state
        fallen = max((len(seat.incapacitated) for seat in s.seats), default=0)
        target(float(self.removals), label="environments removed")
        target(float(len(s.scions_out) + sum(len(z.scions) for z in s.zones)), label="Scions out of the Reserve")
        target(float(fallen), label="heroes fallen in one play area")
        target(float(len(self.cited)), label="clauses cited")

    # --- checking --------------------------------------------------------------------------------
    def _step(self, index: int) -> None:
        before = self.state
        decision = before.options[index]
        after, events = RULESET.step(before, decision)
        self.decisions.append([index, str(decision)])
        self.lines.append(replay.trace_line(RULESET, before, decision, events))
        for e in events:
            self.cited[e.clause] += 1
            STATS.clauses[e.clause] += 1
            if e.kind == "environment-removed":
                self.removals += 1
        STATS.steps += 1
        self.state = after
        self._fail_if(INVARIANTS.check_step(Step(before, decision, events, after)))

    def _fail_if(self, violations) -> None:
        for name in INVARIANTS.names():
            STATS.checked[name] += 1
        if not violations:
            return
        doc = {
            "format": replay.FORMAT,
            "version": replay.VERSION,
            "ruleset": RULESET.name,
            "setup": RULESET.describe_setup(self.setup),
            "parameters": {},
            "decisions": self.decisions,
            "expect": {"violated": sorted({v.invariant for v in violations})},
        }
        path = replay.write(counterexample_dir() / f"{violations[0].invariant}.json", doc)
        raise InvariantViolated(failure_message(RULESET, self.setup, self.lines, violations, path))


MACHINE = OblivAeonMachine
"""What the harness runs (``oblivaeon-verify check``), found by this name."""

TestOblivAeon = OblivAeonMachine.TestCase

__all__ = ["MACHINE", "STATS", "TRACE_TAIL", "InvariantViolated", "OblivAeonMachine", "counterexample_dir", "failure_message"]
