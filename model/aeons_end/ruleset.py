"""The Aeon's End model as the harness sees it."""

from __future__ import annotations

import dataclasses

from oblivaeon_verify.model.aeons_end import engine, parameters, serialise
from oblivaeon_verify.model.aeons_end.cards import describe
from oblivaeon_verify.model.aeons_end.clauses import CATALOGUE
from oblivaeon_verify.model.aeons_end.setup import SetupError, random_setup
from oblivaeon_verify.model.aeons_end.silent_choices import CHOICES
from oblivaeon_verify.model.common.ruleset import ModelRuleset

#: Random play weights for player decisions: ending a phase is one choice among many, and a uniform
#: pick would end most main phases before any gem is played.  Chance keeps its own weights.
PHASE_ENDS = {"end-main": 1, "end-casting": 1, "decline": 1}
OTHER = 5


@dataclasses.dataclass(frozen=True)
class AeonsEndRuleset(ModelRuleset):
    name: str = "aeons_end"
    title: str = "Aeon's End"
    players_word: str = "players"
    players: tuple[int, ...] = (1, 2, 3, 4)
    default_players: int = 2
    catalogue = CATALOGUE
    silent_choices = CHOICES
    engine = engine
    kernel = engine.KERNEL
    parameters = parameters
    serialise = serialise
    setup_error = SetupError
    parameter_error = parameters.ParameterError
    not_position = serialise.NOT_POSITION
    pending_work = ("agenda",)
    """State fields holding work still to do within a step (the kernel's agenda): two games that differ only
    there have not yet played differently (``graphs.divergence.differ``)."""

    def random_setup(self, rng, players, params):
        return random_setup(rng, players, params)

    def decision_weight(self, decision) -> int:
        return PHASE_ENDS.get(decision.kind, OTHER)

    def rounds(self, state) -> int:
        """A round is one pass through the turn order deck."""
        return state.cycles

    def turn_label(self, state) -> str:
        return f"turn {state.turn} ({state.actor or 'turn order'})"

    def describe_card(self, card: str) -> str:
        return describe(card)

    def describe_event(self, event) -> str:
        return event.describe(describe)

    def with_round(self, state, round_number: int):
        return dataclasses.replace(state, cycles=round_number, turn=state.turn + 100)

    def describe_setup(self, setup) -> dict:
        return {"mages": list(setup.mages), "nemesis": setup.nemesis, "difficulty": setup.difficulty.value}


RULESET = AeonsEndRuleset()
