"""The Hypothesis state machine: the OblivAeon model driven through its own legal decisions.

The rules, the checking, the trace and the replay file are shared with every ruleset
(``properties.common.machine``).  What is OblivAeon's own: any legal setup (``setups.legal_setups``),
the steering of ``play_on`` (``steering.steer``), and the targets reported at the end of each
example (environments lost, Scions gone from the Reserve, heroes fallen in one play area, clauses
reached), so the search favours runs that reach the rare corners.
"""

from __future__ import annotations

from hypothesis import target
from hypothesis.stateful import initialize
from oblivaeon_verify.model.oblivaeon.decisions import Decision
from oblivaeon_verify.model.oblivaeon.ruleset import RULESET
from oblivaeon_verify.properties.common.machine import (
    TRACE_TAIL,
    InvariantViolated,
    ModelMachine,
    Stats,
    counterexample_dir,
    failure_message,
)
from oblivaeon_verify.properties.oblivaeon.invariants import INVARIANTS
from oblivaeon_verify.properties.oblivaeon.setups import legal_setups, parameter_overrides
from oblivaeon_verify.properties.oblivaeon.steering import steer

STATS = Stats(INVARIANTS.names())


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
