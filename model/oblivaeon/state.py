"""The game state as a value.

Every field is immutable or treated as such: tuples, frozen dataclasses, and dicts that the
engine copies before it writes (see ``draft.Draft``).  ``step`` builds a new state; it never
changes the one it was given.

Where each physical card can be (CLAR.ZONE-MEMBERSHIP gives the zone of a play area):

* a hero seat: ``deck``, ``hand``, ``trash``, ``play`` (its play area), ``under[card]``, the
  active ``characters`` and the ``incapacitated`` character cards kept in the play area;
* a battle zone: ``env_play`` (its environment play area), ``villain_play``, ``scions``;
* an environment: ``envs[name].deck`` and ``.trash``;
* the villain decks and trashes, the Mission deck, the Scion Reserve, ``box`` and ``out``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from oblivaeon_verify.model.oblivaeon.deck import Deck


def evolve(value, **changes):
    """A copy of a frozen value with some fields changed (``dataclasses.replace`` without re-running ``__init__``).

    Seat, Zone, EnvPiles and GameState keep their fields in ``__dict__`` so that one ``step`` can
    copy them in a single dictionary copy; nothing ever writes to a value once it is built.
    """
    new = object.__new__(type(value))
    d = new.__dict__
    d.update(value.__dict__)
    d.update(changes)
    return new


@dataclass(frozen=True)
class Seat:
    """One player's play area and what is in it, keyed by the player's numbered marker."""

    marker: int
    zone: int
    hero: str | None
    characters: tuple[str, ...] = ()
    """Active character cards (a team has several)."""
    incapacitated: tuple[str, ...] = ()
    """Incapacitated character cards in this play area, oldest first."""
    deck: Deck = Deck()
    hand: tuple[str, ...] = ()
    trash: tuple[str, ...] = ()
    play: tuple[str, ...] = ()
    needs_hero: bool = False
    """Set when this seat's hero fell: a new hero is set up after the current turn (INCAP.REPLACEMENT)."""


@dataclass(frozen=True)
class Zone:
    number: int
    environment: str | None
    env_play: tuple[str, ...] = ()
    villain_play: tuple[str, ...] = ()
    scions: tuple[str, ...] = ()


@dataclass(frozen=True)
class EnvPiles:
    deck: Deck
    trash: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Temp:
    """A temporary effect: damage to the ``side`` targets it covers is reduced by ``amount`` until it expires.

    ``scope`` says what it covers: ``target`` (the targets in ``covered``), ``hero`` (its owner's hero, wherever it
    goes) or ``zone`` (everything in the battle zones its ``reach`` names from its zone: the one it was made in,
    ``zone``, or its owner's, by ``temp_zone_reading``).  A zone-wide effect covers the targets there when it was made
    (``covered``) or, with ``covered`` None, whatever is there at the time (later arrivals too).  ``until`` is its expiry:
    ``end-of-turn`` (of the turn ``made``), ``owner-next-turn`` (its owner's next turn starts, or its owner falls),
    ``source-leaves-play`` (its card leaves play)."""

    amount: int
    side: str
    zone: int
    owner: int
    source: str = ""
    scope: str = "zone"
    covered: tuple[str, ...] | None = None
    until: str = "owner-next-turn"
    made: tuple[int, int] = (0, 0)
    """The (round, slot) of the turn it was made in."""
    reach: str = "zone"
    """For scope ``zone``: ``zone`` (that battle zone), ``other-zone`` (the other one) or ``game`` (both)."""


OUTCOMES = ("won", "lost", "aborted")
"""How a game can end: ``aborted`` is the safety stop of random play (an error, not a result)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    kind: str
    """One of ``OUTCOMES``."""
    reason: str
    clause: str


class Cursor(NamedTuple):
    round: int
    slot: int
    phase: int


@dataclass(frozen=True)
class GameState:
    setup: object
    """The ``SetupConfig`` and ``Parameters`` the game was set up with (never part of a key)."""
    cursor: Cursor
    agenda: tuple
    """Work still to do in the current phase, next last: typed records (``model.common.kernel``) defined beside their rules."""
    options: tuple
    """The legal decisions at this point, computed once when the point is reached."""
    outcome: Outcome | None
    hero_count: int
    seats: tuple[Seat, ...]
    zones: tuple[Zone, Zone]
    envs: dict
    set_aside: tuple[str, ...]
    oblivaeon_zone: int
    form: int
    shield: str
    shield_side: int
    """1 or 2 while in play, 0 once it has removed itself (CLAR.SHIELD-INDESTRUCTIBLE)."""
    shield_tasks: int
    oblivaeon_deck: Deck
    oblivaeon_trash: tuple[str, ...]
    scion_deck: Deck
    scion_trash: tuple[str, ...]
    aeon_deck: Deck
    aeon_trash: tuple[str, ...]
    mission_deck: Deck
    reserve: Deck
    scions_out: tuple[str, ...]
    box: tuple[str, ...]
    out: tuple[str, ...]
    hp: dict
    tokens: dict
    reward_side: frozenset
    """Mission cards currently reward side up; every other Mission card is objective side up."""
    under: dict
    """Cards under a card: card id -> tuple of card ids."""
    devastation: int
    countdown: int
    erased: tuple[str, ...]
    usurped: bool
    temps: tuple[Temp, ...]
    used_powers: tuple[tuple[str, int], ...]
    """Powers used in the current hero turn, as (card, power index): each once a turn."""
    entered: tuple[str, ...]
    """Every card in play, in the order it entered play (``moments.happened`` keeps it): a change of battle zones
    keeps a card's place.  ``layer_order_reading`` says whether the order of effects within a layer follows it."""

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def seat_of_marker(self, marker: int) -> Seat:
        return self.seats[marker - 1]

    def zone(self, number: int) -> Zone:
        return self.zones[number - 1]
