"""The Hypothesis state machine: the OblivAeon model driven through its own legal decisions.

The rules, the checking, the trace and the replay file are shared with every ruleset
(``properties.common.machine``).  What is OblivAeon's own: any legal setup (:func:`legal_setups`),
the steering of ``play_on`` (``steering.steer``), and the targets reported at the end of each
example (environments lost, Scions gone from the Reserve, heroes fallen in one play area, clauses
reached), so the search favours runs that reach the rare corners.
"""

from __future__ import annotations

import dataclasses

from hypothesis import strategies as st
from hypothesis import target
from hypothesis.stateful import initialize
from oblivaeon_verify.model.oblivaeon.cards import CHARACTERS, ENVIRONMENTS, SCIONS
from oblivaeon_verify.model.oblivaeon.charts import easiest_first
from oblivaeon_verify.model.oblivaeon.decisions import Decision
from oblivaeon_verify.model.oblivaeon.parameters import DEFAULT, Parameters
from oblivaeon_verify.model.oblivaeon.ruleset import RULESET
from oblivaeon_verify.model.oblivaeon.setup import SetupConfig
from oblivaeon_verify.properties.common.machine import (
    TRACE_TAIL,
    InvariantViolated,
    ModelMachine,
    Stats,
    counterexample_dir,
    failure_message,
)
from oblivaeon_verify.properties.oblivaeon.invariants import INVARIANTS
from oblivaeon_verify.properties.oblivaeon.setups import parameter_overrides
from oblivaeon_verify.properties.oblivaeon.steering import steer

STATS = Stats.of(INVARIANTS)


@st.composite
def legal_setups(draw, params: Parameters = DEFAULT) -> SetupConfig:
    """Any legal setup: 3-5 heroes (any variants), any Shield, any five environments and two in play,
    the Reserve shuffled or in a fixed order."""
    n = draw(st.integers(3, 5))
    heroes = draw(st.lists(st.sampled_from(sorted({c.hero for c in CHARACTERS.values()})), min_size=n, max_size=n, unique=True))
    variants = tuple(draw(st.sampled_from(sorted(k for k, c in CHARACTERS.items() if c.hero == h))) for h in heroes)
    shield = draw(st.sampled_from([s.name for s in params.shields]))
    envs = tuple(draw(st.lists(st.sampled_from(ENVIRONMENTS), min_size=5, max_size=5, unique=True)))
    in_play = tuple(draw(st.lists(st.sampled_from(envs), min_size=2, max_size=2, unique=True)))
    order = None
    if draw(st.booleans()):
        first = params.shield(shield).scion
        rest = [s for s in SCIONS if s != first]
        order = tuple(draw(st.permutations(list(easiest_first(tuple(rest))))))
    return SetupConfig(variants, shield, envs, in_play, order, dataclasses.replace(params))


class OblivAeonMachine(ModelMachine):
    """Start from any legal setup, then take legal decisions, checking every invariant after each."""

    ruleset = RULESET
    registry = INVARIANTS
    stats = STATS
    illegal = Decision("not-a-decision", "nobody")
    steer = staticmethod(steer)
    legal_setups = staticmethod(legal_setups)
    overrides = staticmethod(parameter_overrides)

    def __init__(self) -> None:
        super().__init__()
        self.removals = 0

    @initialize(setup=legal_setups())
    def set_up(self, setup) -> None:
        self.start(setup)

    def seen(self, events) -> None:
        self.removals += sum(1 for e in events if e.kind == "environment-removed")

    def teardown(self) -> None:
        if self.state is None:
            return
        s = self.state
        fallen = max((len(seat.incapacitated) for seat in s.seats), default=0)
        target(float(self.removals), label="environments removed")
        target(float(len(s.scions_out) + sum(len(z.scions) for z in s.zones)), label="Scions out of the Reserve")
        target(float(fallen), label="heroes fallen in one play area")
        target(float(len(self.cited)), label="clauses cited")


MACHINE = OblivAeonMachine
"""What the harness runs (``oblivaeon-verify check``), found by this name."""

TestOblivAeon = OblivAeonMachine.TestCase

__all__ = ["MACHINE", "STATS", "TRACE_TAIL", "InvariantViolated", "OblivAeonMachine", "counterexample_dir", "failure_message"]
