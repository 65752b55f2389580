"""Heroes: setting one up from the box, moving between zones, playing cards and using powers."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from oblivaeon_verify.model.common.kernel import Ask, Work
from oblivaeon_verify.model.oblivaeon import vocabulary as v
from oblivaeon_verify.model.oblivaeon.battle_zones import current_def, seat_holding, seats_in
from oblivaeon_verify.model.oblivaeon.cards import (
    CAPTAIN_COSMIC,
    CHARACTER_CARDS,
    CHARACTERS,
    PHYSICAL,
    character_cards,
    member_hp,
)
from oblivaeon_verify.model.oblivaeon.clauses import implements
from oblivaeon_verify.model.oblivaeon.decisions import ZONE_NAMES, Decision
from oblivaeon_verify.model.oblivaeon.deck import Deck
from oblivaeon_verify.model.oblivaeon.draft import KERNEL, Ctx, Draft
from oblivaeon_verify.model.oblivaeon.effects import DrawOne, ctx_clause, distinct, handles, hero_choice_targets, is_in_play, resolve
from oblivaeon_verify.model.oblivaeon.missions import objectives_in_zone, pay_objective
from oblivaeon_verify.model.oblivaeon.places import add_to, announce, move, moved, play_zone, remove, trash_place


def hero_actor(seat: int) -> str:
    return f"hero {seat + 1}"


def hero_ctx(d: Draft, seat: int, source: str) -> Ctx:
    return Ctx(source, "hero", seat, d.seats[seat].zone)


# --- moving --------------------------------------------------------------------------------


def move_hero(d: Draft, seat: int, to: int, clause: str, by: str = "") -> None:
    """Move a hero's marker; its play area and every card in it go along (CLAR.ZONE-MEMBERSHIP)."""
    frm = d.seats[seat].zone
    if frm == to:
        return
    d.seat_update(seat, zone=to)
    d.emit(
        "hero-moved",
        clause,
        zone=to,
        source_zone=frm,
        reach="move",
        card=by,
        target=d.seats[seat].characters[0] if d.seats[seat].characters else "",
        detail=f"{ZONE_NAMES[frm]} -> {ZONE_NAMES[to]}",
    )
    for card in d.seats[seat].play:
        announce(d, card, "CLAR.ZONE-MEMBERSHIP", was=frm, now=to, holder=seat, new_holder=seat)


def move_options(d, seat: int) -> tuple[Decision, ...]:
    """Stay in this hero's battle zone, or move to the other."""
    zone = d.seats[seat].zone
    return (Decision("stay", hero_actor(seat), zone=zone), Decision("move", hero_actor(seat), zone=3 - zone))


# --- setting up a hero ---------------------------------------------------------------------


@implements("CLAR.REQUITAL-CONSTRUCTS")
def captain_cosmic_blocked(d) -> bool:
    """An incapacitated Requital with Constructs under it, or Constructs in play, bars other Captain Cosmics."""
    requital = [c for s in d.seats for c in s.incapacitated if CHARACTER_CARDS[c].requital]
    if not requital:
        return False
    if any(PHYSICAL[c].construct for r in requital for c in d.under.get(r, ())):
        return True
    return any(PHYSICAL[c].construct for s in d.seats for c in s.play if c in PHYSICAL)


@implements("INCAP.NO-LIMIT")
def available_characters(d) -> list[str]:
    """Character variants a player may set up now: any number, limited only by the supply.

    Only character cards still in the box qualify (an incapacitated card stays in its play area);
    no deck that another player is using; never an erased hero.  Each of those limits is a rule
    of its own below, so that a clause knock-out lifts exactly one of them.
    """
    box = set(d.box)
    in_use = {s.hero for s in d.seats if s.hero}
    blocked = captain_cosmic_blocked(d)
    out = []
    for key, ch in CHARACTERS.items():
        if deck_in_use(ch.hero, in_use) or hero_erased(d, ch.hero):
            continue
        if ch.hero == CAPTAIN_COSMIC and blocked:
            continue
        if character_out_of_box(key, box):
            continue
        out.append(key)
    return sorted(out)


@implements("INCAP.NO-SHARED-DECK")
def deck_in_use(hero: str, in_use: set) -> bool:
    """No hero deck is played by two players at once."""
    return hero in in_use


@implements("CLAR.ERASED")
def hero_erased(d, hero: str) -> bool:
    """An erased hero is never played again, with any character card."""
    return hero in d.erased


@implements("INCAP.CHARACTER-SPENT")
def character_out_of_box(key: str, box: set) -> bool:
    """Only character cards still in the box can be set up: an incapacitated card is spent."""
    return not all(c in box for c in character_cards(key))


DECK_CARDS = {deck: frozenset(c for c, cdef in PHYSICAL.items() if cdef.deck == deck) for deck in {cdef.deck for cdef in PHYSICAL.values()}}
"""The physical cards of each deck (a hero's, an environment's, a villain deck, the Mission deck), by its name."""


@implements("SETUP.HEROES", "HEROES.HARPY")
def set_up_hero(d: Draft, seat: int, variant: str, hand: int, clause: str) -> None:
    """Put a hero into a play area: character card(s) at full HP, its deck from the box, shuffled, and a hand.

    The Harpy starts with three of her five tokens Arcana side up.
    """
    ch = CHARACTERS[variant]
    chars = character_cards(variant)
    mine = DECK_CARDS[ch.hero]
    deck_cards = tuple([c for c in d.box if c in mine])
    taken = set(chars) | set(deck_cards)
    d.box = tuple([c for c in d.box if c not in taken])
    d.seat_update(seat, hero=ch.hero, characters=chars, deck=Deck.shuffled(deck_cards), needs_hero=False)
    for c in chars:
        d.set_hp(c, member_hp(c))
    if ch.hero == "The Harpy":
        d.set_tokens(chars[0], 3)
    d.emit("hero-set-up", clause, zone=d.seats[seat].zone, card=variant, detail=f"marker #{seat + 1}")
    for c in sorted(deck_cards):  # its deck comes out of the box, shuffled: no order among them
        moved(d, c, ("box",), ("seat", seat, "deck"), clause)
    for _ in range(hand):
        d.now(DrawOne(seat))


# --- playing cards -------------------------------------------------------------------------


def playable(d, seat: int) -> list[str]:
    return distinct(d.seats[seat].hand)


def payable_objectives(d, seat: int) -> list[str]:
    """Objectives with a token cost that this player may pay: only those in their hero's zone (CLAR.MISSION-ZONE)."""
    return [c for c in objectives_in_zone(d, d.seats[seat].zone) if PHYSICAL[c].tokens_needed]


@dataclass(frozen=True, slots=True)
class ChoosePlay(Ask):
    """Which card the player of ``seat`` plays, or which objective they pay for, or neither."""

    seat: int


def offer_play(d: Draft, seat: int) -> None:
    s = d.seats[seat]
    if not s.characters:
        return
    who = hero_actor(seat)
    options = [_play_option(who, c) for c in playable(d, seat)]
    if s.hand:
        options += [Decision("pay-objective", who, target=o) for o in payable_objectives(d, seat)]
    options.append(Decision("skip-play", who))
    d.ask(ChoosePlay(tuple(options), seat))


@functools.lru_cache(maxsize=4096)
def _play_option(who: str, card: str) -> Decision:
    """Playing ``card``: a value, made once (each play phase offers every card of the hand)."""
    return Decision("play-card", who, card=card)


@KERNEL.handles(ChoosePlay)
def _played(d: Draft, ask: ChoosePlay, decision: Decision) -> None:
    seat = ask.seat
    if decision.kind == "play-card":
        play_from_hand(d, seat, decision.card)
    elif decision.kind == "pay-objective":
        pay_objective(d, seat, decision.target)


@implements("HEROES.AKASH-THRIYA")
def play_from_hand(d: Draft, seat: int, card: str) -> None:
    """Play a card from hand; a seed is planted in this zone's environment deck instead of entering play."""
    cdef = current_def(d, card)
    zone = d.seats[seat].zone
    if "seed" in cdef.keywords:
        env = d.zones[zone - 1].environment
        if env is None:
            move(d, card, trash_place(d, card, seat), "HEROES.AKASH-THRIYA", place=("seat", seat, "hand"))
            return
        remove(d, card, place=("seat", seat, "hand"))
        d.env_update(env, deck=d.envs[env].deck.shuffle_in(card))
        d.emit("seed-planted", "HEROES.AKASH-THRIYA", zone=zone, card=card, detail=env)
        moved(d, card, ("seat", seat, "hand"), ("env", env, "deck"), "HEROES.AKASH-THRIYA")
        return
    remove(d, card, place=("seat", seat, "hand"))
    play_card(d, card, hero_ctx(d, seat, card), ("seat", seat, "play"))


def play_card(d: Draft, card: str, ctx: Ctx, place: tuple) -> None:
    """A card enters play in ``place``: targets at full HP, one-shots to the trash once resolved."""
    cdef = current_def(d, card)
    add_to(d, place, card)
    if cdef.hp:
        d.set_hp(card, cdef.hp)
    d.emit("play", ctx_clause(ctx), zone=ctx.zone, card=card)
    announce(d, card, ctx_clause(ctx), was=0, now=play_zone(d, place), new_holder=place[1] if place[0] == "seat" else -1)
    if cdef.type == "one-shot":
        d.now(OneShotDone(card, ctx.seat, ctx_clause(ctx)))
    resolve(d, cdef.ops, ctx)


@dataclass(frozen=True, slots=True)
class OneShotDone(Work):
    """A resolved one-shot ``card`` goes to its trash (its player's: ``seat``), under the ``clause`` it was played by."""

    card: str
    seat: int
    clause: str


@KERNEL.handles(OneShotDone)
def _one_shot_done(d: Draft, work: OneShotDone) -> None:
    card, seat = work.card, work.seat
    if is_in_play(d, card):
        holder = seat_holding(d, card)
        place = ("seat", holder, "play") if holder >= 0 else None  # (a hero's one-shot: no search for where it is)
        move(d, card, trash_place(d, card, holder if holder >= 0 else seat), work.clause, place=place)


# --- powers --------------------------------------------------------------------------------


def powers(d, seat: int) -> list[tuple[str, int, tuple]]:
    """Powers this hero may use now: its character cards' and those of its cards in play, each once a turn."""
    s = d.seats[seat]
    out: list[tuple[str, int, tuple]] = []
    for c in s.characters:
        ch = CHARACTER_CARDS[c]
        if ch.power:
            out.append((c, 0, ch.power))
    for c in s.play:
        cdef = current_def(d, c)
        if cdef.powers and (cdef.deck == s.hero or cdef.deck == "Mission"):
            out.extend((c, i, p) for i, p in enumerate(cdef.powers))
    used = set(d.used_powers)
    return [p for p in out if (p[0], p[1]) not in used]


@dataclass(frozen=True, slots=True)
class ChoosePower(Ask):
    """Which power the hero of ``seat`` uses, or none."""

    seat: int


def offer_power(d: Draft, seat: int) -> None:
    if not d.seats[seat].characters:
        return
    who = hero_actor(seat)
    options = [Decision("use-power", who, card=c, index=i) for c, i, _ in powers(d, seat)]
    options.append(Decision("skip-power", who))
    d.ask(ChoosePower(tuple(options), seat))


@KERNEL.handles(ChoosePower)
def _power_used(d: Draft, ask: ChoosePower, decision: Decision) -> None:
    seat = ask.seat
    if decision.kind != "use-power":
        return
    ops = next(p for c, i, p in powers(d, seat) if c == decision.card and i == decision.index)
    d.used_powers = d.used_powers + ((decision.card, decision.index),)
    d.emit("power", "HERO.CONTINUE", zone=d.seats[seat].zone, card=decision.card)
    resolve(d, ops, hero_ctx(d, seat, decision.card))


def heroes_in_zone(d, zone: int) -> list[int]:
    return [i for i in seats_in(d, zone) if d.seats[i].characters]


# --- cards that make a hero play, use a power or move -----------------------------------------


@handles(v.ExtraPlay)
def _extra_play(d: Draft, op, ctx: Ctx) -> None:
    if ctx.seat >= 0:
        offer_play(d, ctx.seat)


@handles(v.ExtraPower)
def _extra_power(d: Draft, op, ctx: Ctx) -> None:
    if ctx.seat >= 0:
        offer_power(d, ctx.seat)


@dataclass(frozen=True, slots=True)
class ChooseHeroToMove(Ask):
    """Which hero (by seat) an instruction moves to the other battle zone."""

    ctx: Ctx


@handles(v.MoveHero)
def _move_hero(d: Draft, op: v.MoveHero, ctx: Ctx) -> None:
    if op.who == "self":
        if ctx.seat >= 0 and d.seats[ctx.seat].characters:
            move_hero(d, ctx.seat, 3 - d.seats[ctx.seat].zone, "CLAR.MULTIPLE-MOVES", by=ctx.source)
        return
    seats = hero_choice_targets(d, ctx.zone)
    if not seats:
        return
    d.ask(
        ChooseHeroToMove(
            tuple(Decision("target", "players", card=ctx.source, target=d.seats[i].characters[0], index=i) for i in seats), ctx
        )
    )


@KERNEL.handles(ChooseHeroToMove)
def _moved(d: Draft, ask: ChooseHeroToMove, decision: Decision) -> None:
    move_hero(d, decision.index, 3 - d.seats[decision.index].zone, "CLAR.MULTIPLE-MOVES", by=ask.ctx.source)
