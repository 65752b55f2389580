"""Exact positions of OblivAeon: a game set up by the rules, then placed as a scenario or a test says.

``engine.new_game`` lays out the battle zones, the decks, the Booklet, the Shield and the Scion Reserve
as the rulebook does.  A :class:`Position` names only what differs (where hero markers stand, the
counters, cards moved to other places, HP and tokens, heroes that have fallen); :func:`place` applies
it.  :func:`at_turn` resumes play at a given turn and phase of the round table and runs on to the
first decision, so what is offered there is the model's own.  (The pattern of
``model/aeons_end/positions.py``.)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field

from oblivaeon_verify.model.oblivaeon.battle_zones import OBLIVAEON, current_def, max_hp
from oblivaeon_verify.model.oblivaeon.cards import CHARACTER_CARDS, SCION_PANELS
from oblivaeon_verify.model.oblivaeon.chance import reveal_options
from oblivaeon_verify.model.oblivaeon.draft import Draft, Event
from oblivaeon_verify.model.oblivaeon.engine import KERNEL
from oblivaeon_verify.model.oblivaeon.incapacitation import character_falls
from oblivaeon_verify.model.oblivaeon.places import add_to, play_zone, remove
from oblivaeon_verify.model.oblivaeon.shield import shield_card
from oblivaeon_verify.model.oblivaeon.state import Cursor, GameState

MISSION = ("mission",)

#: The counters a position may set, each a field of the state.
COUNTERS = ("devastation", "countdown", "form", "oblivaeon_zone", "shield_side", "shield_tasks", "usurped")


@dataclass(frozen=True)
class Placement:
    """A card moved to a place (a deck takes it on top), with what it carries there."""

    card: str
    to: tuple
    """A place of ``places`` (``("zone", 1, "env_play")``, ``("seat", 0, "hand")``, ...)."""
    hp: int | None = None
    reward: bool = False
    """Turned to its reward side (a mission card)."""
    tokens: int | None = None


@dataclass(frozen=True)
class Position:
    """What differs from the set-up game; every field left at its default keeps the setup's."""

    hero_zones: Mapping[int, int] = field(default_factory=dict)
    """Hero marker number (from 1) -> the battle zone it stands in."""
    counters: Mapping[str, object] = field(default_factory=dict)
    """A value for any of :data:`COUNTERS`."""
    erased: tuple[str, ...] | None = None
    set_aside: tuple[str, ...] | None = None
    """The environment decks still set aside (a subset of the setup's).  A set-aside deck leaves that pile
    only by coming into play, and these are not in play, so each one left out has come in and fallen since:
    it is out of the game (ENV.REMOVAL.REPLACE), every card of it with it."""
    placements: tuple[Placement, ...] = ()
    hp: Mapping[str, int] = field(default_factory=dict)
    tokens: Mapping[str, int] = field(default_factory=dict)
    fallen: tuple[str, ...] = ()
    """Hero character cards that have fallen (incapacitated by the rules, with what that brings)."""
    erased_heroes: tuple[str, ...] = ()
    """Hero character cards that OblivAeon has erased."""


def place(state: GameState, pos: Position) -> GameState:
    """``state`` (a game from ``engine.new_game``) with ``pos`` applied.  Raises LookupError naming what does not fit.

    What the rules would have brought with the position comes with it: set-aside decks no longer set aside
    are out of the game (see ``Position.set_aside``); a Shield at side 0 has removed itself from the game, so
    its card is out (CLAR.SHIELD-INDESTRUCTIBLE); and when a placement took the Mission deck's known top,
    the next card is revealed at once, as the rules keep it (MISSION.DECK-OBJECTIVE-UP), with chance's first
    listed outcome, as a scenario's setup takes it."""
    d = Draft(state)
    for marker, zone in sorted(pos.hero_zones.items()):
        if not 1 <= marker <= len(d.seats):
            raise LookupError(f"hero_zones: there is no hero {marker} with {len(d.seats)} heroes")
        d.seat_update(marker - 1, zone=zone)
    for name, value in pos.counters.items():
        if name not in COUNTERS:
            raise LookupError(f"{name}: not a counter a position sets (counters: {', '.join(COUNTERS)})")
        setattr(d, name, value)
    if pos.erased is not None:
        d.erased = tuple(pos.erased)
    if pos.set_aside is not None:
        extra = set(pos.set_aside) - set(d.set_aside)
        if extra:
            raise LookupError(f"set_aside: {sorted(extra)} are not among the set-aside decks {list(d.set_aside)}")
        for env in d.set_aside:
            if env not in pos.set_aside:
                _fallen_environment(d, env)
        d.set_aside = tuple(e for e in d.set_aside if e in pos.set_aside)
    if d.shield_side == 0 and shield_card(d.shield) not in d.out:
        d.out = d.out + (shield_card(d.shield),)
    for p in pos.placements:
        remove(d, p.card)
        add_to(d, p.to, p.card)
        # placed, not moved by a rule: no moment, but the order of entering play still holds every card in play
        others = tuple(c for c in d.entered if c != p.card)
        d.entered = others + (p.card,) if play_zone(d, p.to) else others
        if p.reward:
            d.flip_to_reward(p.card)
        if p.hp is not None:
            if not (play_zone(d, p.to) and _is_target(d, p.card)):
                raise LookupError(f"hp: {p.card} is no target in play there, so it has no HP to give")
            _within_maximum(d, p.card, p.hp)
            d.set_hp(p.card, p.hp)
        elif play_zone(d, p.to) and _is_target(d, p.card):
            d.set_hp(p.card, max_hp(d, p.card))  # a target comes into play at its printed HP, as a played card does
        if p.tokens is not None:
            d.set_tokens(p.card, p.tokens)
    for card, hp in pos.hp.items():
        if card not in d.hp:
            raise LookupError(f"hp: {card} is no target in play, so it has no HP to give")
        _within_maximum(d, card, hp)
        d.set_hp(card, hp)
    for card, n in pos.tokens.items():
        d.set_tokens(card, n)
    for card in pos.fallen:
        character_falls(d, card)
    for card in pos.erased_heroes:
        character_falls(d, card, erased=True)
    if state.mission_deck.top_known() and not d.mission_deck.top_known():
        d.mission_deck = d.mission_deck.reveal_top(reveal_options(d, MISSION, "top")[0].card)
    return d.freeze()


def _within_maximum(d: Draft, card: str, hp: int) -> None:
    """A target never stands above its maximum HP (regaining HP stops there), so no position puts one there."""
    most = max_hp(d, card)
    if hp > most:
        raise LookupError(f"hp: {card} at {hp} HP is above its maximum, {most} HP")


def _is_target(d: Draft, card: str) -> bool:
    """Whether ``card``, face up as it is, prints HP (OblivAeon, a character card or a Scion panel always does)."""
    return card == OBLIVAEON or card in CHARACTER_CARDS or card in SCION_PANELS or current_def(d, card).hp is not None


def _fallen_environment(d: Draft, env: str) -> None:
    """A set-aside deck that has since come into play and left the game: all its cards are out, and it is no deck of the game."""
    piles = d.envs[env]
    d.out = d.out + piles.deck.cards() + piles.trash  # cards in a deck or trash carry no HP or tokens
    del d.own("envs")[env]


def at_turn(state: GameState, slot: int, *, phase: int = -1, round_number: int | None = None) -> tuple[GameState, tuple[Event, ...]]:
    """Play resumed after phase ``phase`` (-1: before its first) of turn ``slot`` of the round table, run on
    to the next decision: (the state, the events on the way).

    Whatever was pending is dropped (a position has nothing half done), so the round table picks up
    exactly there; ``round_number`` keeps the state's round unless given.
    """
    cursor = Cursor(state.cursor.round if round_number is None else round_number, slot, phase)
    d = Draft(dataclasses.replace(state, agenda=(), options=(), cursor=cursor))
    KERNEL.run(d)
    return d.freeze(), tuple(d.events)


__all__ = ["COUNTERS", "Placement", "Position", "at_turn", "place"]
