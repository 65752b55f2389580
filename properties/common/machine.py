"""What every ruleset's Hypothesis state machine shares (game-independent).

Thin rules over a rich model: a machine never decides what is legal; it draws from the state's
legal decisions (player choices and chance outcomes alike, so Hypothesis can pick the unlucky
shuffle), or fast-forwards with the ruleset's steered random policy from a seed it draws.  Every
invariant is checked after every step, incrementally (``properties.common.registry.Checker``: only
those whose declared inputs the step changed are evaluated; the verdicts are those of the full check).  A failure writes a replay file (``oblivaeon_verify.replay``
format) and raises with a short trace (clause ids included) and the command that replays it.

A ruleset's machine subclasses :class:`ModelMachine`, names its ruleset, invariants, steering
policy and statistics, adds an ``@initialize`` rule that draws a legal setup and calls
:meth:`ModelMachine.start`, and reports its own ``hypothesis.target`` values in ``teardown``.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from pathlib import Path

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, precondition, rule
from oblivaeon_verify.model.common.decisions import IllegalDecision
from oblivaeon_verify.properties.common.registry import ForcedChoices

from oblivaeon_verify import heartbeat, replay_file
from oblivaeon_verify.words import count, phrase

TRACE_TAIL = 12
"""How many of the last steps a failure message shows (the replay file holds them all)."""

MAX_FAST_FORWARD = 150
"""The most decisions one ``play_on`` rule takes."""


def counterexample_dir() -> Path:
    """Where failing runs are written: kept out of git with Hypothesis' own database."""
    return Path(os.environ.get("OBLIVAEON_COUNTEREXAMPLES", ".hypothesis/counterexamples"))


class InvariantViolated(AssertionError):
    """An invariant failed; the message is the readable trace and the replay command."""


class Stats:
    """What a machine saw, over all examples of a run (for the check command's table)."""

    def __init__(self, names=(), once=()) -> None:
        self.names = tuple(names)
        self.once = frozenset(once)
        """The opening invariants among ``names``: each example's first state is all they cover."""
        self.examples = 0
        self.steps = 0
        self.states = 0
        """States checked: each example's first state and the state after each step."""
        self.clauses: Counter = Counter()

    @property
    def checked(self) -> Counter:
        """Per invariant, the states (or steps) it covered: every one, evaluated or skipped as unchanged."""
        if not self.states:
            return Counter()
        return Counter({n: self.examples if n in self.once else self.states for n in self.names})

    @classmethod
    def of(cls, registry) -> Stats:
        """The statistics of a machine checking every invariant of ``registry``."""
        return cls(registry.names(), [inv.name for inv in registry if inv.over == "opening"])

    def reset(self) -> None:
        self.__init__(self.names, self.once)


def failure_message(ruleset, setup, lines: list[str], violations, path: Path) -> str:
    """The last steps (one line each, with clause ids), the violations and the replay command."""
    shown = lines[-TRACE_TAIL:]
    skipped = len(lines) - len(shown)
    head = f"setup: {phrase(ruleset.describe_setup(setup))}"
    body = ([f"  ... {count(skipped, 'earlier step')} in the replay file"] if skipped else []) + [
        f"  {n}. {line}" for n, line in enumerate(shown, skipped + 1)
    ]
    broke = [f"  VIOLATED {v}" for v in violations]
    return "\n".join(
        [f"invariant violated after {count(len(lines), 'step')}", head, *body, *broke, f"replay: oblivaeon-verify check --replay {path}"]
    )


class ModelMachine(RuleBasedStateMachine):
    """Start from a legal setup (the subclass's ``@initialize`` rule), then take legal decisions,
    checking every invariant after each."""

    ruleset = None
    registry = None
    """The invariant registry checked after every step (``invariants`` is Hypothesis' own name)."""
    stats: Stats = None
    illegal = None
    """A decision no state offers (what the refusal rule submits)."""
    legal_setups = None
    """The ruleset's strategy of legal setups under given parameters (``legal_setups(params)``)."""
    overrides = None
    """The parameters that differ from the defaults, as plain values (``parameter_overrides(params)``)."""

    @classmethod
    def under(cls, params) -> type[ModelMachine]:
        """This machine drawing its setups under ``params`` (``check --param``); the machine itself for the defaults.

        The subclass replaces the ``set_up`` rule by name, which is how Hypothesis finds rules.
        """
        if params is None or not cls.overrides(params):
            return cls

        def set_up(self, setup) -> None:
            self.start(setup)

        return type(cls.__name__, (cls,), {"set_up": initialize(setup=cls.legal_setups(params))(set_up)})

    def __init__(self) -> None:
        super().__init__()
        self.state = None
        self.setup = None
        self.decisions: list[list] = []
        self.trail: list[tuple] = []
        """(state before, decision, events) of every step, turned into trace lines only for a failure."""
        self.cited: Counter = Counter()
        self.checker = self.registry.checker()

    @property
    def lines(self) -> list[str]:
        """One line per step so far, with clause ids (what a failure message shows)."""
        return [replay_file.trace_line(self.ruleset, before, decision, events) for before, decision, events in self.trail]

    def steer(self, rng, state, options):
        """The random policy of ``play_on`` (override with the ruleset's steering)."""
        return options[rng.randrange(len(options))]

    def parameter_overrides(self) -> dict:
        """The replay file's ``parameters``: those of the setup drawn that differ from the defaults."""
        return self.overrides(self.setup.params)

    def seen(self, events) -> None:
        """Called with each step's events (for a subclass's own targets)."""

    # --- rules -----------------------------------------------------------------------------------
    def start(self, setup) -> None:
        self.setup = setup
        self.state = self.ruleset.new_game(setup)
        self.stats.examples += 1
        heartbeat.beat(f"example {self.stats.examples} of this batch")
        self._fail_if(self.checker.start(self.state))

    @precondition(lambda self: self.state is not None and bool(self.state.options))
    @rule(data=st.data())
    def take_a_legal_decision(self, data) -> None:
        """Any legal decision, chance outcomes included (shrinks towards the first listed)."""
        options = self.state.options
        self._step(data.draw(st.integers(0, len(options) - 1), label="decision"))

    @precondition(lambda self: self.state is not None and bool(self.state.options))
    @rule(seed=st.integers(0, 2**32 - 1), count=st.integers(1, MAX_FAST_FORWARD))
    def play_on(self, seed: int, count: int) -> None:
        """Fast-forward ``count`` decisions with the steered random policy (deep states in few rules)."""
        rng = random.Random(seed)
        for _ in range(count):
            options = self.state.options
            if not options:
                return
            self._step(options.index(self.steer(rng, self.state, options)))

    @precondition(lambda self: self.state is not None and bool(self.state.options))
    @rule()
    def an_illegal_decision_is_refused(self) -> None:
        try:
            self.ruleset.step(self.state, self.illegal)
        except IllegalDecision:
            return
        raise AssertionError(f"step accepted an illegal decision at {self.ruleset.where(self.state)}")

    @precondition(lambda self: self.state is not None and not self.state.options)
    @rule()
    def a_finished_game_stays_finished(self) -> None:
        """Once over, the game offers nothing and its outcome is a result, never the safety stop."""
        o = self.ruleset.outcome(self.state)
        if o is None or o[0] == "aborted":
            raise AssertionError(f"the game stopped without a result: {o}")

    # --- checking --------------------------------------------------------------------------------
    def _step(self, index: int) -> None:
        before = self.state
        decision = before.options[index]
        with ForcedChoices() as forced:
            after, events = self.ruleset.step(before, decision)
        self.decisions.append([index, decision])
        self.trail.append((before, decision, events))
        clauses = [e.clause for e in events]
        self.cited.update(clauses)
        self.stats.clauses.update(clauses)
        self.seen(events)
        self.stats.steps += 1
        self.state = after
        self._fail_if(self.checker.step(forced.step(before, decision, events, after)))

    def _fail_if(self, violations) -> None:
        self.stats.states += 1
        if not violations:
            return
        doc = {
            "format": replay_file.FORMAT,
            "version": replay_file.VERSION,
            "ruleset": self.ruleset.name,
            "setup": self.ruleset.describe_setup(self.setup),
            "parameters": self.parameter_overrides(),
            "decisions": [[i, str(d)] for i, d in self.decisions],
            "expect": {"violated": sorted({v.invariant for v in violations})},
        }
        path = replay_file.write(counterexample_dir() / f"{violations[0].invariant}.json", doc)
        raise InvariantViolated(failure_message(self.ruleset, self.setup, self.lines, violations, path))
