"""What the Aeon's End rulebook leaves to the mats and cards, as documented parameters.

Known from the rulebook: difficulty adjustments (beginner 12/35/-10, extinction 8/25/+10), the
true-solo turn order deck of 3 player and 2 nemesis cards, 2 aether per charge, five cards in hand,
the fourth focus opens a breach.  Everything else is an ASSUMPTION with a default here.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from model.common import parameters as common
from model.common.parameters import ParameterError


class Difficulty(enum.Enum):
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
    player_life: int = 10
    """ASSUMPTION (normal mode): a mage's starting life."""
    gravehold_life: int = 30
    """ASSUMPTION (normal mode): Gravehold's starting life."""
    nemesis_life: int = 15
    """ASSUMPTION (normal mode): the nemesis's starting life, before difficulty (low, because the
    abstract spells are weak; chosen so that random play wins about one game in eight)."""
    charge_cost: int = 2
    """Known: a charge costs 2 aether."""
    hand_size: int = 5
    """Known: the draw phase fills the hand to five."""
    focus_cost: tuple[int, int, int, int] = (0, 2, 3, 4)
    """ASSUMPTION: focus cost of breaches I to IV (breach I starts opened)."""
    open_cost: tuple[int, int, int, int] = (0, 5, 6, 7)
    """ASSUMPTION: open cost of breaches I to IV."""
    breach_bonus: tuple[int, int, int, int] = (0, 0, 1, 1)
    """ASSUMPTION: extra damage of spells cast from opened breaches I to IV."""
    expert_unleash_extra: int = 1
    """ASSUMPTION: Increased Difficulty adds this much to every Unleash."""
    corruption_limit: int = 15
    """ASSUMPTION: the Crooked Mask's own loss condition, at this many corruption tokens."""
    last_attack_reading: LastAttackReading = LastAttackReading.WIN_AT_DRAW
    """READING (see LastAttackReading): the default is the literal one, play ending the moment the
    condition holds."""
    max_turns: int = 2000
    """A safety stop for random play; a game reaching it is an error, not an outcome."""

    def as_dict(self) -> dict[str, Any]:
        return {
            f.name: (getattr(self, f.name).value if isinstance(getattr(self, f.name), enum.Enum) else getattr(self, f.name))
            for f in fields(self)
        }


DEFAULT = Parameters()


def with_overrides(base: Parameters, overrides: dict[str, Any], where: str) -> Parameters:
    changes = {}
    known = {f.name for f in fields(Parameters)}
    for name, raw in overrides.items():
        if name not in known:
            raise ParameterError(f"{where}: unknown parameter {name!r}; known parameters: {', '.join(sorted(known))}")
        current = getattr(DEFAULT, name)
        if isinstance(current, enum.Enum):
            choices = [m.value for m in type(current)]
            if raw not in choices:
                raise ParameterError(f"{where}: {name} must be one of {choices}, not {raw!r}")
            changes[name] = type(current)(raw)
        elif isinstance(current, tuple):
            if not isinstance(raw, list) or len(raw) != len(current) or not all(isinstance(x, int) for x in raw):
                raise ParameterError(f"{where}: {name} must be a list of {len(current)} integers, not {raw!r}")
            changes[name] = tuple(raw)
        else:
            try:
                value = int(raw)
            except (TypeError, ValueError):
                raise ParameterError(f"{where}: {name} must be an integer, not {raw!r}") from None
            if value < 0:
                raise ParameterError(f"{where}: {name} must not be negative")
            changes[name] = value
    return dataclasses.replace(base, **changes)


def load(path: str | Path | None = None, cli: list[str] | tuple[str, ...] = ()) -> Parameters:
    """Defaults, then a TOML file, then ``name=value`` pairs (see ``model.common.parameters``)."""
    return common.load(DEFAULT, with_overrides, path, cli)
