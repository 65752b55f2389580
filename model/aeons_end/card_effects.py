"""What nemesis cards and Unleash effects do, as typed work records.

The card catalogue holds each effect without a clause; the rule that resolves a card schedules a copy
with the clause it resolves under, and ``effects`` holds the one handler of each kind.
"""

from __future__ import annotations

from dataclasses import dataclass

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
