"""What the cards and mats do, as typed values: nemesis effects, mat abilities, player cards' extra text.

Nemesis card and Unleash effects are work records: the card catalogue holds each without a clause, the
rule that resolves a card schedules a copy with the clause it resolves under, and ``effects`` holds the
one handler of each kind.  A mat's ability and a player card's extra text resolve within the rule that
uses them (``player_turn``), so they are plain values.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import ClassVar

from oblivaeon_verify.model.common.kernel import Work, family


@family
@dataclass(frozen=True, slots=True)
class Effect(Work):
    """What a nemesis card or an Unleash does: an amount, and the clause it resolves under once scheduled."""

    amount: int
    clause: str = ""


@dataclass(frozen=True, slots=True)
class HarmGravehold(Effect):
    """Gravehold loses ``amount`` life."""


@dataclass(frozen=True, slots=True)
class HarmLowest(Effect):
    """The player with the lowest life (the players' pick among equals) loses ``amount``."""


@dataclass(frozen=True, slots=True)
class HarmAny(Effect):
    """A player of the players' choice loses ``amount``."""


@dataclass(frozen=True, slots=True)
class HealLowest(Effect):
    """The player with the lowest life gains ``amount``."""


@dataclass(frozen=True, slots=True)
class Unleash(Effect):
    """The nemesis's own Unleash, ``amount`` times."""


@dataclass(frozen=True, slots=True)
class Corrupt(Effect):
    """The nemesis's corruption counter rises by ``amount``."""


@dataclass(frozen=True, slots=True)
class Ability:
    """What a mage's ability does once every charge space is full (MAT.ABILITY)."""

    amount: int
    word: ClassVar[str] = ""
    """How the mat words it, before the amount (``gravehold 4``): events and messages show it."""

    def __str__(self) -> str:
        return f"{self.word} {self.amount}"


@dataclass(frozen=True, slots=True)
class RestoreGravehold(Ability):
    """Gravehold regains ``amount`` life, never above where it started."""

    word: ClassVar[str] = "gravehold"


@dataclass(frozen=True, slots=True)
class DealDamage(Ability):
    """``amount`` damage to the nemesis or a minion, of the player's choice (so it takes a target)."""

    word: ClassVar[str] = "damage"


@dataclass(frozen=True, slots=True)
class HealSelf(Ability):
    """The mage regains ``amount`` life."""

    word: ClassVar[str] = "heal"


@dataclass(frozen=True, slots=True)
class GainAether(Ability):
    """The mage gains ``amount`` aether to spend this turn."""

    word: ClassVar[str] = "aether"


class CardText(enum.Enum):
    """A player card's text beyond its aether and damage."""

    DRAW = "draw"
    """Cast: the caster draws a card."""
    FOCUS_FREE = "focus-free"
    """Played: a free quarter turn of one of the player's closed breaches."""
    HEAL_PLAYER = "heal-player"
    """Cast: the lowest-life player regains a life."""
    ALLY_CAST = "ally-cast"
    """Played: the player may cast an ally's prepped spell."""
    CHARGE = "charge"
    """Played: a charge on the player's mat."""
    ADJACENT_OPENED = "adjacent-opened"
    """Cast: one more damage for each opened breach beside the one it is cast from."""
