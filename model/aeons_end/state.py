"""The Aeon's End game state as a value."""

from __future__ import annotations

from dataclasses import dataclass

from oblivaeon_verify.model.common.deck import Deck

OUTCOMES = ("won", "lost", "aborted")
"""How a game can end: the players win, they lose, or random play hits its safety stop (``max_turns``)."""

PHASES = ("turn-order", "casting", "main", "draw", "end", "nemesis")
"""The phases a state can be in: drawing the turn order deck, a player's casting, main, draw and end
of turn, and the nemesis's turn."""


def evolve(value, **changes):
    """A copy of a frozen value with some fields changed (values here keep their fields in ``__dict__``)."""
    return changed(value, changes)


def changed(value, changes: dict):
    """:func:`evolve` with the changes in a dict: a caller that already holds them as one (``Draft.mage_update``)
    passes it on without packing the keywords again, as every change to a mage does."""
    new = object.__new__(type(value))
    fields = new.__dict__
    fields.update(value.__dict__)
    fields.update(changes)
    return new


@dataclass(frozen=True)
class Breach:
    number: int
    """1 to 4 (breach I to IV)."""
    focus: int
    """Quarter turns made so far (0..3) while closed."""
    opened: bool
    destroyed: bool = False
    spell: str | None = None
    focused_this_turn: bool = False


@dataclass(frozen=True)
class Mage:
    name: str
    life: int
    hand: tuple[str, ...]
    deck: tuple[str, ...]
    """Top first; never shuffled (DRAW.NEVER-SHUFFLE)."""
    discard: tuple[str, ...]
    """Bottom first: the last card is the top of the discard pile."""
    played: tuple[str, ...]
    """Gems and relics played this turn, waiting for the draw phase."""
    breaches: tuple[Breach, ...]
    charges: int = 0
    exhausted: bool = False


@dataclass(frozen=True)
class InPlay:
    card: str
    life: int = 0
    tokens: int = 0


@dataclass(frozen=True, slots=True)
class Outcome:
    kind: str
    """One of :data:`OUTCOMES`."""
    reason: str
    clause: str


@dataclass(frozen=True)
class GameState:
    setup: object
    turn: int
    """Turns taken so far (player and nemesis turns)."""
    cycles: int
    """How many times the turn order deck has been gone through (its reshuffles), from 1."""
    actor: str
    """``""`` before the first draw, ``"p0"``..``"p3"`` for a player's turn, ``"nemesis"``."""
    phase: str
    """One of :data:`PHASES`."""
    turn_deck: Deck
    turn_discard: tuple[str, ...]
    mages: tuple[Mage, ...]
    aether: int
    used_while_prepped: tuple[int, ...]
    """Breaches whose While-prepped effect was used this turn (indexes into the acting mage's breaches)."""
    gravehold: int
    nemesis_life: int
    nemesis_deck: tuple[Deck, ...]
    """The nemesis deck by tier, tier 1 on top."""
    nemesis_discard: tuple[str, ...]
    in_play: tuple[InPlay, ...]
    """Minions and powers, oldest first."""
    supply: dict
    """Pile key -> physical cards left in it."""
    corruption: int
    agenda: tuple
    """Work still to do within the step, next last (typed records: ``model.common.kernel``)."""
    options: tuple
    outcome: Outcome | None
