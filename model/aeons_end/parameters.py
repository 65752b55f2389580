"""What the Aeon's End rulebook leaves to the mats and cards, as documented parameters.

Known from the rulebook: difficulty adjustments (beginner 12/35/-10, extinction 8/25/+10), the
true-solo turn order deck of 3 player and 2 nemesis cards, 2 aether per charge, five cards in hand,
the fourth focus opens a breach.  Everything else is an ASSUMPTION with a default here.  Each field
declares its type and bounds with the reason for them; ``model.common.parameters`` checks overrides
against them (``oblivaeon-verify params --ruleset aeons_end`` lists them all).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from oblivaeon_verify.model.common import parameters as common
from oblivaeon_verify.model.common.parameters import ParameterError, Range, with_overrides

# The bounds shared by several parameters, each with what the model does with the value.
AETHER = Range(0, 99, "aether: 0 makes it free; a cost no turn can pay only takes the option away")
DAMAGE = Range(0, 99, "damage: 0 adds none")


class Difficulty(enum.Enum):
    """The difficulty levels (DIFFICULTY.*): a setup's choice, not a parameter."""

    BEGINNER = "beginner"
    NORMAL = "normal"
    EXPERT = "expert"
    EXTINCTION = "extinction"


class LastAttackReading(enum.Enum):
    """When the nemesis draws its last card and that card is an attack, is the game won before the
    attack resolves?  The rulebook reads two ways (END.WIN-NEMESIS-EXHAUSTED with END.IMMEDIATE
    against NEMESIS.DRAW): once the card is drawn no card is left in the deck and none in play, yet
    an attack is resolved before it is discarded."""

    WIN_AT_DRAW = "win-at-draw"
    """The condition holds as the card leaves the deck: the players win and the attack never resolves."""
    RESOLVES_FIRST = "resolves-first"
    """The drawn attack resolves in full first (it may still make the players lose); then they win."""


@dataclass(frozen=True, slots=True)
class Parameters:
    """What the mats and cards print and the rulebook does not. Defaults marked ASSUMPTION."""

    player_life: Annotated[int, Range(1, 99, "life: a mage at 0 is exhausted at once, by EXHAUST.WHEN")] = 10
    """ASSUMPTION (normal mode): a mage's starting life."""
    gravehold_life: Annotated[int, Range(1, 99, "life: at 0 the players have lost before the first turn, by END.LOSE-GRAVEHOLD")] = 30
    """ASSUMPTION (normal mode): Gravehold's starting life."""
    nemesis_life: Annotated[int, Range(1, 999, "life: at 0 the players have won before the first turn, by END.WIN-NEMESIS-DEFEATED")] = 15
    """ASSUMPTION (normal mode): the nemesis's starting life, before difficulty (low, because the
    abstract spells are weak; chosen so that random play wins about one game in eight)."""
    charge_cost: Annotated[int, AETHER] = 2
    """Known: a charge costs 2 aether."""
    hand_size: Annotated[int, Range(0, 20, "cards: the draw phase fills the hand to this; a mage starts with 10 cards")] = 5
    """Known: the draw phase fills the hand to five."""
    focus_cost: Annotated[tuple[int, int, int, int], AETHER] = (0, 2, 3, 4)
    """ASSUMPTION: focus cost of breaches I to IV (breach I starts opened)."""
    open_cost: Annotated[tuple[int, int, int, int], AETHER] = (0, 5, 6, 7)
    """ASSUMPTION: open cost of breaches I to IV."""
    breach_bonus: Annotated[tuple[int, int, int, int], DAMAGE] = (0, 0, 1, 1)
    """ASSUMPTION: extra damage of spells cast from opened breaches I to IV."""
    expert_unleash_extra: Annotated[int, Range(0, 99, "Unleashes: 0 adds none")] = 1
    """ASSUMPTION: Increased Difficulty adds this much to every Unleash."""
    corruption_limit: Annotated[int, Range(1, 99, "tokens: at 0 the Crooked Mask has won before the first turn")] = 15
    """ASSUMPTION: the Crooked Mask's own loss condition, at this many corruption tokens."""
    last_attack_reading: LastAttackReading = LastAttackReading.WIN_AT_DRAW
    """READING (see LastAttackReading): the default is the literal one, play ending the moment the
    condition holds."""
    max_turns: Annotated[
        int,
        Range(100, 100_000, "turns: a safety stop, above the 45 or so of the longest games with the defaults; a game it stops is an error"),
    ] = 2000
    """A safety stop for random play; a game reaching it is an error, not an outcome."""
    max_work_per_step: Annotated[
        int,
        Range(1_000, 10_000_000, "units of work (effects and phase passes) in one step: far above the most a step takes with the defaults"),
    ] = 2_000
    """A safety stop for one step: a step that does this much work without reaching a decision ends
    the game as an error (a rule that loops), counted in work, not seconds, so the same seed stops at
    the same place on any machine.  The most a step took in 84,000 decisions of random play is 33 passes; the
    budget is kept low so that a hang found by the state machine, which replays it many times while it
    shrinks, costs little."""

    def as_dict(self) -> dict[str, Any]:
        return common.plain(self)


common.declarations(Parameters)  # a field the checker cannot read fails here, on import, not on a user's first override
DEFAULT = common.checked_defaults(Parameters())

__all__ = ["DEFAULT", "Difficulty", "LastAttackReading", "ParameterError", "Parameters", "load", "with_overrides"]


def load(path: str | Path | None = None, cli: list[str] | tuple[str, ...] = ()) -> Parameters:
    """Defaults, then a TOML file, then ``name=value`` pairs (see ``model.common.parameters``)."""
    return common.load(DEFAULT, path, cli)
