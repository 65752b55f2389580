"""The Hypothesis state machine: the Aeon's End model driven through its own legal decisions.

The rules, the checking, the trace and the replay file are shared with every ruleset
(``properties.common.machine``).  What is Aeon's End's own: any legal setup (1 to 4 mages, any
mages, nemesis and difficulty level), the steering of ``play_on`` (``steering.steer``), and the
targets reported at the end of each example, so the search favours runs that reach the rare
corners: players exhausted, breaches opened by focusing, abilities used, turn order reshuffles
and a low Gravehold.
"""

from __future__ import annotations

from hypothesis import strategies as st
from hypothesis import target
from hypothesis.stateful import initialize
from oblivaeon_verify.model.aeons_end.cards import MATS, NEMESES
from oblivaeon_verify.model.aeons_end.decisions import Decision
from oblivaeon_verify.model.aeons_end.parameters import DEFAULT, Difficulty, Parameters
from oblivaeon_verify.model.aeons_end.ruleset import RULESET
from oblivaeon_verify.model.aeons_end.setup import SetupConfig
from oblivaeon_verify.properties.aeons_end.invariants import INVARIANTS
from oblivaeon_verify.properties.aeons_end.setups import parameter_overrides
from oblivaeon_verify.properties.aeons_end.steering import steer
from oblivaeon_verify.properties.common.machine import TRACE_TAIL, InvariantViolated, ModelMachine, Stats

STATS = Stats.of(INVARIANTS)


@st.composite
def legal_setups(draw, params: Parameters = DEFAULT) -> SetupConfig:
    """Any legal setup: 1 to 4 different mages (one is true solo), any nemesis, any difficulty level."""
    mages = draw(st.lists(st.sampled_from(sorted(MATS)), min_size=1, max_size=4, unique=True))
    nemesis = draw(st.sampled_from(sorted(NEMESES)))
    difficulty = draw(st.sampled_from(list(Difficulty)))
    return SetupConfig(tuple(mages), nemesis, difficulty, params)


class AeonsEndMachine(ModelMachine):
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
        self.focused_open = 0
        self.abilities = 0

    @initialize(setup=legal_setups())
    def set_up(self, setup) -> None:
        self.start(setup)

    def seen(self, events) -> None:
        self.focused_open += sum(1 for e in events if e.kind == "focus" and e.detail == "opened")
        self.abilities += sum(1 for e in events if e.kind == "ability")

    def teardown(self) -> None:
        if self.state is None:
            return
        s = self.state
        target(float(sum(m.exhausted for m in s.mages)), label="players exhausted")
        target(float(self.focused_open), label="breaches opened by focusing")
        target(float(self.abilities), label="abilities used")
        target(float(s.cycles - 1), label="turn order reshuffles")
        target(float(s.setup.start_gravehold - s.gravehold), label="Gravehold life lost")
        target(float(len(self.cited)), label="clauses cited")


MACHINE = AeonsEndMachine
"""What the harness runs (``oblivaeon-verify check --ruleset aeons_end``), found by this name."""

TestAeonsEnd = AeonsEndMachine.TestCase

__all__ = ["MACHINE", "STATS", "TRACE_TAIL", "AeonsEndMachine", "InvariantViolated", "legal_setups"]
