"""Where things are, and what an effect can reach: the ONE place that enforces battle-zone isolation.

Every target, card or deck an effect may pick is listed here, filtered by the reach its card
gives it.  Nothing else in the model looks across zones, so BZ.ISOLATION holds by construction
and is checked by the invariants on the events that every effect records.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable

from oblivaeon_verify.model.oblivaeon.cards import CHARACTER_CARDS, PHYSICAL, SCION_PANELS, member_hp
from oblivaeon_verify.model.oblivaeon.clauses import implements
from oblivaeon_verify.model.oblivaeon.draft import Ctx, Draft

OBLIVAEON = "oblivaeon"


def other(zone: int) -> int:
    return 3 - zone


def current_def(d, card: str):
    """The definition of the side of ``card`` that is face up (Mission cards have two)."""
    cdef = PHYSICAL[card]
    if cdef.reward is not None and card in d.reward_side:
        return cdef.reward
    return cdef


def seats_in(d, zone: int) -> list[int]:
    return [i for i, s in enumerate(d.seats) if s.zone == zone]


def heroes_in(d, zone: int) -> int:
    """How many heroes (active hero decks) stand in ``zone``."""
    return sum(1 for s in d.seats if s.zone == zone and s.characters)


@implements("BZ.ISOLATION")
def zones_reached(zone: int, reach: str) -> tuple[int, ...]:
    """The battle zones that an effect in ``zone`` with the declared ``reach`` touches: its own, unless its words reach
    the other zone or the game.  Every effect (card instructions, temporary effects, reactions) asks this, and nothing
    else in the model decides what crosses between the zones."""
    if reach == "game":
        return (1, 2)
    if reach == "other-zone":
        return (other(zone),)
    return (zone,)


def reach_zones(ctx: Ctx, reach: str) -> tuple[int, ...]:
    """The zones an effect from ``ctx`` may touch: a Mission card's stay in its own zone whatever its words say."""
    return zones_reached(ctx.zone, own_reach(ctx, reach))


def own_reach(ctx: Ctx, reach: str) -> str:
    """The reach an effect from ``ctx`` has: what its words declare, unless it is a Mission card's (CLAR.MISSION-ZONE)."""
    return "zone" if reach != "zone" and mission_bound(ctx) else reach


@implements("CLAR.MISSION-ZONE")
def mission_bound(ctx: Ctx) -> bool:
    """Mission cards in a hero play area (objectives and rewards alike) act only in that hero's zone, whatever their text."""
    return ctx.source in PHYSICAL and PHYSICAL[ctx.source].deck == "Mission"


@implements("CLAR.MISSION-TARGET-KIND", "CLAR.MISSION-TYPES", "CLAR.REWARDS-BELONG")
def target_side(d, card: str) -> str:
    """The side a target counts as: objectives by their keyword, rewards as hero targets."""
    side = _TARGET_SIDE.get(card)
    if side is None:  # a Mission card: which side is face up decides
        return "hero" if card in d.reward_side else PHYSICAL[card].keywords[0].split()[0]
    return side


def _fixed_target_side(card: str) -> str | None:
    """The side ``card`` counts as when a target, if the card alone decides it (None for a Mission card)."""
    if card == OBLIVAEON or card in SCION_PANELS:
        return "villain"
    if card in CHARACTER_CARDS:
        return "hero"
    cdef = PHYSICAL[card]
    return None if cdef.side == "mission" else cdef.side


_TARGET_SIDE = {c: side for c in (OBLIVAEON, *SCION_PANELS, *CHARACTER_CARDS, *PHYSICAL) if (side := _fixed_target_side(c)) is not None}
""":func:`target_side` of every card that is not a Mission card, worked out once per card."""


def card_side(d, card: str) -> str:
    """The side a card counts as for 'X card' effects: Mission objectives are no villain or environment cards."""
    if card in CHARACTER_CARDS:
        return "hero"
    if card in SCION_PANELS or card == OBLIVAEON:
        return "villain"
    cdef = PHYSICAL[card]
    if cdef.side == "mission":
        return "hero" if card in d.reward_side else "mission"
    return cdef.side


@implements("CLAR.VILLAIN-CHARACTERS")
def is_character(card: str) -> bool:
    """Hero character cards, the Booklet (OblivAeon) and the Scion panels (CLAR.VILLAIN-CHARACTERS)."""
    return card == OBLIVAEON or card in CHARACTER_CARDS or card in SCION_PANELS


def max_hp(d, card: str) -> int:
    if card == OBLIVAEON:
        return d.setup.params.forms_hp[d.form - 1]
    if card in CHARACTER_CARDS:
        return member_hp(card)
    if card in SCION_PANELS:
        if SCION_PANELS[card].rainek and d.usurped:
            return d.setup.params.rainek_flipped_hp
        return d.setup.params.scion_hp(SCION_PANELS[card].difficulty)
    return current_def(d, card).hp or 0


def _is_target_card(d, card: str) -> bool:
    cdef = current_def(d, card)
    return cdef.hp is not None and card in d.hp


@implements("CLAR.ZONE-MEMBERSHIP")
def targets_in(d, zone: int) -> list[str]:
    """Every target in ``zone``, in a stable order: heroes by marker, then villains, then environment.

    A hero's character cards and every target in its play area are in the zone of its marker.
    """
    out: list[str] = []
    hp = d.hp
    for s in d.seats:
        if s.zone != zone:
            continue
        out += s.characters
        out += [c for c in s.play if c in hp]
    if d.oblivaeon_zone == zone:
        out.append(OBLIVAEON)
    z = d.zones[zone - 1]
    out += z.scions
    out += [c for c in z.villain_play if c in hp]
    out += [c for c in z.env_play if c in hp]
    return out


class _SideTests(dict):
    """Side filter (``any``, ``hero``, ``non-villain``, ...) -> the test of a side it admits, made once per filter."""

    def __missing__(self, side_filter: str) -> Callable[[str], bool]:
        if side_filter == "any":
            test = _any_side
        elif side_filter.startswith("non-"):
            test = functools.partial(operator.ne, side_filter[4:])
        else:
            test = functools.partial(operator.eq, side_filter)
        self[side_filter] = test
        return test


def _any_side(side: str) -> bool:
    return True


SIDE_TESTS = _SideTests()


def side_matches(side_filter: str, side: str) -> bool:
    return SIDE_TESTS[side_filter](side)


def reachable_targets(d, ctx: Ctx, side: str, reach: str, characters_only: bool = False) -> list[str]:
    """The targets an effect from ``ctx`` may pick: its own zone only, unless its card reaches further."""
    out = []
    admits = SIDE_TESTS[side]
    for zone in reach_zones(ctx, reach):
        for t in targets_in(d, zone):
            if not admits(target_side(d, t)):
                continue
            if characters_only and not is_character(t):
                continue
            out.append(t)
    return out


def zone_of_target(d, card: str) -> int:
    if card == OBLIVAEON:
        return d.oblivaeon_zone
    for s in d.seats:
        if card in s.characters or card in s.play:
            return s.zone
    for z in d.zones:
        if card in z.scions or card in z.villain_play or card in z.env_play:
            return z.number
    return 0


def seat_holding(d, card: str) -> int:
    """The seat whose play area (or active characters) holds ``card``, or -1."""
    for i, s in enumerate(d.seats):
        if card in s.play or card in s.characters:
            return i
    return -1


def cards_in_play(d, zones: tuple[int, ...]) -> list[tuple[str, int]]:
    """Non-character cards in play in the given zones, with their zone, in a stable order."""
    out = []
    for zone in zones:
        for s in d.seats:
            if s.zone == zone:
                out.extend((c, zone) for c in s.play)
        z = d.zones[zone - 1]
        out.extend((c, zone) for c in z.villain_play)
        out.extend((c, zone) for c in z.env_play)
    return out


def seat_of_hero(d, hero: str) -> int:
    for i, s in enumerate(d.seats):
        if s.hero == hero:
            return i
    return -1


@implements("CLAR.VILLAIN-DECKS", "CLAR.MISSION-DECK-UNTARGETABLE")
def reachable_decks(d, ctx: Ctx) -> list[tuple]:
    """Decks an effect that targets decks may pick.

    Hero decks of heroes in the zone and the zone's environment deck; a villain deck only when one
    of its targets stands in the zone.  Never the Mission deck, and the Scion Reserve is no deck.
    """
    out: list[tuple] = []
    for zone in reach_zones(ctx, "zone"):  # no card's words reach another zone's decks
        for i, s in enumerate(d.seats):
            if s.zone == zone and s.characters and s.deck:
                out.append(("seat", i))
        env = d.zones[zone - 1].environment
        if env is not None and d.envs[env].deck:
            out.append(("env", env))
        z = d.zones[zone - 1]
        if d.oblivaeon_zone == zone and d.oblivaeon_deck:
            out.append(("oblivaeon",))
        if z.scions and d.scion_deck:
            out.append(("scion",))
        if any(PHYSICAL[c].deck == "Aeon Men" for c in z.villain_play) and d.aeon_deck:
            out.append(("aeon",))
    return out


def hero_choice_targets(d: Draft, zone: int) -> list[int]:
    """Seats whose hero stands in ``zone`` (for 'a hero in this zone' choices)."""
    return [i for i, s in enumerate(d.seats) if s.zone == zone and s.characters]
