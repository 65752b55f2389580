"""The OblivAeon model as the harness sees it: one object with the small interface every ruleset offers."""

from __future__ import annotations

import dataclasses

from oblivaeon_verify.model.common.ruleset import ModelRuleset
from oblivaeon_verify.model.oblivaeon import engine, parameters, serialise
from oblivaeon_verify.model.oblivaeon.cards import describe
from oblivaeon_verify.model.oblivaeon.clauses import CATALOGUE
from oblivaeon_verify.model.oblivaeon.round_order import current_turn
from oblivaeon_verify.model.oblivaeon.setup import SetupError, random_setup
from oblivaeon_verify.model.oblivaeon.silent_choices import CHOICES


@dataclasses.dataclass(frozen=True)
class OblivAeonRuleset(ModelRuleset):
    name: str = "oblivaeon"
    title: str = "Sentinels of the Multiverse: OblivAeon"
    players_word: str = "heroes"
    players: tuple[int, ...] = (3, 4, 5)
    default_players: int = 4
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
    """State fields holding work still to do within a step (the agenda of the current phase): two games that differ only
    there have not yet played differently (``graphs.divergence.differ``)."""

    def random_setup(self, rng, players, params):
        return random_setup(rng, players, params)

    def rounds(self, state) -> int:
        return state.cursor.round

    def turn_label(self, state) -> str:
        turn = current_turn(state)
        return str(turn) if turn else "setup"

    def describe_card(self, card: str) -> str:
        return describe(card)

    def with_round(self, state, round_number: int):
        """The same position at another round number (for checking that keys leave out history)."""
        return dataclasses.replace(state, cursor=state.cursor._replace(round=round_number))

    def describe_setup(self, setup) -> dict:
        return {
            "heroes": list(setup.heroes),
            "shield": setup.shield,
            "environments": list(setup.environments),
            "in_play": list(setup.in_play),
            "scion_order": None if setup.scion_order is None else list(setup.scion_order),
        }


RULESET = OblivAeonRuleset()
