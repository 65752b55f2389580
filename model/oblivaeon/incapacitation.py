"""Hero incapacitation and its consequences, replacement heroes, and the revivals the clarifications settle."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from oblivaeon_verify.model.common.kernel import Ask, Work
from oblivaeon_verify.model.oblivaeon import vocabulary as v
from oblivaeon_verify.model.oblivaeon.battle_zones import seats_in
from oblivaeon_verify.model.oblivaeon.cards import CHARACTER_CARDS, CHARACTERS, PHYSICAL, SENTINELS, character_cards, member_hp
from oblivaeon_verify.model.oblivaeon.clauses import implements
from oblivaeon_verify.model.oblivaeon.decisions import Decision
from oblivaeon_verify.model.oblivaeon.draft import KERNEL, Ctx, Draft
from oblivaeon_verify.model.oblivaeon.durations import owner_falls
from oblivaeon_verify.model.oblivaeon.effects import Defeat, defeats, destroy_card, handles
from oblivaeon_verify.model.oblivaeon.heroes import available_characters, move_hero, move_options, set_up_hero
from oblivaeon_verify.model.oblivaeon.inevitable_destruction import add_devastation
from oblivaeon_verify.model.oblivaeon.missions import put_under_mission_deck
from oblivaeon_verify.model.oblivaeon.parameters import BloodstoneReading, RequitalReading, RitesReading
from oblivaeon_verify.model.oblivaeon.places import containers, hero_cards_anywhere, move, moved, trash_place


def seat_of_character(d, card: str) -> int:
    for i, s in enumerate(d.seats):
        if card in s.characters:
            return i
    return -1


@defeats(Defeat.CHARACTER)
def character_falls(d: Draft, card: str, erased: bool = False) -> None:
    """A character card at 0 HP.  A Sentinel alone is only flipped; the hero falls with the last one."""
    seat = seat_of_character(d, card)
    if seat < 0:
        return
    s = d.seats[seat]
    if len(s.characters) > 1 and not erased:
        sentinel_down(d, seat, card)
        return
    hero_incapacitated(d, seat, erased)


@implements("CLAR.SENTINELS")
def sentinel_down(d: Draft, seat: int, card: str) -> None:
    """One of the Sentinels is down: no Devastation and no other consequence until all four are."""
    s = d.seats[seat]
    d.drop_hp(card)
    d.seat_update(seat, characters=tuple(c for c in s.characters if c != card), incapacitated=s.incapacitated + (card,))
    d.emit("team-member-down", "CLAR.SENTINELS", zone=s.zone, card=card)


def bloodstone_of(d, seat: int) -> str | None:
    for c in d.seats[seat].play:
        if c in d.reward_side and PHYSICAL[c].reward.bloodstone:
            return c
    return None


def revive_at(d: Draft, card: str, hp: int) -> None:
    """A revived character card comes back with ``hp`` (a reading's assumed number), never above its printed HP."""
    d.set_hp(card, min(member_hp(card), hp))


@implements("CLAR.SENTINELS")
def bloodstone_revives(d: Draft, seat: int) -> bool:
    """The Bloodstone fires only when all four Sentinels are down: it revives them all, then is spent."""
    stone = bloodstone_of(d, seat)
    s = d.seats[seat]
    if stone is None or s.hero != SENTINELS:
        return False
    members = tuple(c for c in s.incapacitated if CHARACTER_CARDS[c].hero == SENTINELS)
    members = members + tuple(c for c in s.characters)
    for c in members:
        revive_at(d, c, d.params.bloodstone_hp)
    d.seat_update(seat, characters=members, incapacitated=tuple(c for c in s.incapacitated if c not in members))
    move(d, stone, ("seat", seat, "trash"), "CLAR.SENTINELS")
    d.emit("bloodstone", "CLAR.SENTINELS", zone=s.zone, card=stone, detail="all four Sentinels revived")
    return True


def hero_incapacitated(d: Draft, seat: int, erased: bool = False) -> None:
    """Every consequence of incapacitation, at once, in the rulebook's order.

    Each consequence is a function of its own that declares its one clause, so that a clause
    knock-out (``oblivaeon-verify knockout``) turns off exactly that consequence and no other.
    """
    s = d.seats[seat]
    hero = s.hero
    zone = s.zone
    if hero == SENTINELS and not erased and bloodstone_of(d, seat) is not None:
        if d.params.bloodstone_reading is BloodstoneReading.DEVASTATION_THEN_REVIVE:
            add_devastation(d, 1, "CLAR.SENTINELS", zone)
        bloodstone_revives(d, seat)
        return
    falling = s.characters
    first = falling[0]
    d.seat_update(seat, needs_hero=True)
    character_spent(d, seat, falling, hero)
    incapacitation_devastation(d, hero, zone)
    rewards_under(d, seat, first, zone)
    objectives_to_mission_deck(d, seat)
    cards_to_box(d, hero, falling, zone)
    foreign_cards_to_trash(d, seat, zone)
    # Its cards have left play, so the marks of the powers it used this turn go with them (a hero can fall
    # during its own turn, to a reaction).
    d.used_powers = tuple(u for u in d.used_powers if any(u[0] in t.play or u[0] in t.characters for t in d.seats))
    # The player's hand, deck and trash now hold nothing of a hero in play.
    d.seat_update(seat, hero=None)
    if erased:
        d.erased = tuple(sorted(set(d.erased) | {hero}))
        d.emit("hero-erased", "CLAR.ERASED", zone=zone, card=first, detail=hero or "")
    owner_falls(d, seat)


@implements("INCAP.CHARACTER-SPENT")
def character_spent(d: Draft, seat: int, falling: tuple[str, ...], hero: str | None) -> None:
    """The falling character cards stay in the play area, incapacitated, never to be set up again."""
    s = d.seats[seat]
    for c in falling:
        d.drop_hp(c)
    d.seat_update(seat, characters=(), incapacitated=s.incapacitated + falling)
    d.emit("hero-incapacitated", "INCAP.CHARACTER-SPENT", zone=s.zone, card=falling[0], detail=hero or "")


@implements("BZ.DEV.HERO-INCAP")
def incapacitation_devastation(d: Draft, hero: str | None, zone: int) -> None:
    """One Devastation per incapacitated hero (the Sentinels add theirs as a team, CLAR.SENTINELS)."""
    add_devastation(d, 1, "BZ.DEV.HERO-INCAP" if hero != SENTINELS else "CLAR.SENTINELS", zone)


@implements("INCAP.REWARDS-UNDER")
def rewards_under(d: Draft, seat: int, first: str, zone: int) -> None:
    """Rewards, wherever this hero keeps them, go under the character card, reward side up."""
    rewards = [
        c
        for place, cards in containers(d)
        if place[0] == "seat" and place[1] == seat and place[2] in ("deck", "hand", "trash", "play")
        for c in cards
        if c in d.reward_side
    ]
    for r in rewards:
        move(d, r, ("under", first), "INCAP.REWARDS-UNDER")
        d.emit("reward-under", "INCAP.REWARDS-UNDER", zone=zone, card=r, target=first)


@implements("INCAP.OBJECTIVES-TO-MISSION-DECK")
def objectives_to_mission_deck(d: Draft, seat: int) -> None:
    """Objectives go under the Mission deck, objective side up."""
    for c in [c for c in d.seats[seat].play if PHYSICAL.get(c) and PHYSICAL[c].side == "mission" and c not in d.reward_side]:
        put_under_mission_deck(d, c, "INCAP.OBJECTIVES-TO-MISSION-DECK")


@implements("INCAP.CARDS-TO-BOX")
def cards_to_box(d: Draft, hero: str | None, falling: tuple[str, ...], zone: int) -> None:
    """The hero's own non-character cards return to the box, wherever they are."""
    keep_constructs = d.params.requital_reading is RequitalReading.CONSTRUCTS_STAY and any(CHARACTER_CARDS[c].requital for c in falling)
    for place, card in hero_cards_anywhere(d, hero):
        if keep_constructs and place[0] == "under" and place[1] in falling:
            d.emit("constructs-stay", "CLAR.REQUITAL-CONSTRUCTS", zone=zone, card=card, target=place[1])
            continue
        move(d, card, ("box",), "INCAP.CARDS-TO-BOX", place=place)
        d.emit("to-box", "INCAP.CARDS-TO-BOX", zone=zone, card=card)


@implements("INCAP.FOREIGN-CARDS-TO-TRASH")
def foreign_cards_to_trash(d: Draft, seat: int, zone: int) -> None:
    """Other heroes', villain and environment cards in the play area go to their own trashes."""
    for card in tuple(d.seats[seat].play):
        dest = trash_place(d, card)
        move(d, card, dest, "INCAP.FOREIGN-CARDS-TO-TRASH")
        d.emit("foreign-to-trash", "INCAP.FOREIGN-CARDS-TO-TRASH", zone=zone, card=card, detail="/".join(map(str, dest)))


@implements("CLAR.LOOK-AT-REWARDS")
def rewards_visible_to(state, seat: int) -> dict[str, tuple[str, ...]]:
    """The rewards under each incapacitated character card in this player's play area (theirs to look at any time)."""
    return {c: state.under.get(c, ()) for c in state.seats[seat].incapacitated if state.under.get(c)}


# --- replacement -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReplaceHeroes(Work):
    """After a turn, every player whose hero fell sets up another."""


@dataclass(frozen=True, slots=True)
class ReplaceHero(Work):
    """The player of ``seat`` sets up a replacement hero, if their hero fell."""

    seat: int


@dataclass(frozen=True, slots=True)
class ChooseReplacementHero(Ask):
    """Which character from the box the player of ``seat`` sets up."""

    seat: int


@dataclass(frozen=True, slots=True)
class ReplacementMove(Work):
    """The replacement hero of ``seat`` is offered the move to the other battle zone."""

    seat: int


@dataclass(frozen=True, slots=True)
class ChooseReplacementMove(Ask):
    """Whether the replacement hero of ``seat`` moves to the other battle zone or stays."""

    seat: int


@KERNEL.handles(ReplaceHeroes)
@implements("INCAP.REPLACEMENT")
def replace_heroes(d: Draft, work: ReplaceHeroes) -> None:
    """After the current turn, each player whose hero fell sets up another from the box (hand of four)."""
    d.now(*(ReplaceHero(i) for i, s in enumerate(d.seats) if s.needs_hero))


@KERNEL.handles(ReplaceHero)
def replace_one(d: Draft, work: ReplaceHero) -> None:
    seat = work.seat
    if not d.seats[seat].needs_hero:
        return
    options = available_characters(d)
    if not options:
        d.end("lost", f"no hero can be set up for marker #{seat + 1}", "INCAP.NO-LIMIT")
        return
    d.ask(ChooseReplacementHero(_replacement_options(seat, tuple(options)), seat))


@functools.lru_cache(maxsize=256)
def _replacement_options(seat: int, characters: tuple[str, ...]) -> tuple[Decision, ...]:
    """The choice among ``characters`` for the player of ``seat``: a value, made once (some sixty options, often the same)."""
    return tuple(Decision("set-up-hero", f"hero {seat + 1}", card=k) for k in characters)


@KERNEL.handles(ChooseReplacementHero)
def _chosen(d: Draft, ask: ChooseReplacementHero, decision: Decision) -> None:
    d.now(ReplacementMove(ask.seat))
    set_up_hero(d, ask.seat, decision.card, d.params.replacement_hand, "INCAP.REPLACEMENT")


@KERNEL.handles(ReplacementMove)
@implements("INCAP.REPLACEMENT-MOVE")
def replacement_move(d: Draft, work: ReplacementMove) -> None:
    """The new hero may then move to the other battle zone."""
    d.ask(ChooseReplacementMove(move_options(d, work.seat), work.seat))


@KERNEL.handles(ChooseReplacementMove)
def _replacement_moved(d: Draft, ask: ChooseReplacementMove, decision: Decision) -> None:
    if decision.kind == "move":
        move_hero(d, ask.seat, decision.zone, "INCAP.REPLACEMENT-MOVE")


# --- Rites of Revival ------------------------------------------------------------------------


def revivable(d, zone: int) -> list[tuple[int, str]]:
    """Incapacitated character cards in play areas of this zone whose hero may come back."""
    out = []
    for i in seats_in(d, zone):
        s = d.seats[i]
        for c in s.incapacitated:
            ch = CHARACTER_CARDS[c]
            if ch.hero in d.erased:
                continue
            if ch.members and c != character_cards(ch.key)[0]:
                continue  # the Sentinels are revived as one (the team's first card stands for it)
            if ch.members and any(m not in s.incapacitated for m in character_cards(ch.key)):
                continue
            out.append((i, c))
    return out


@handles(v.Revive)
@implements("CLAR.RITES-OF-REVIVAL")
def rites_of_revival(d: Draft, op, ctx: Ctx) -> None:
    """Rites of Revival: the character card goes back to the box and its rewards to its player's hand,
    unless Rainek Kel'Voss has usurped OblivAeon, when the card works as printed (see ``RitesReading``)."""
    cands = revivable(d, ctx.zone)
    if not cands:
        return
    d.ask(ChooseRevived(tuple(Decision("target", "players", card=ctx.source, target=c, index=i) for i, c in cands), ctx))


@dataclass(frozen=True, slots=True)
class ChooseRevived(Ask):
    """Which incapacitated hero in the zone Rites of Revival brings back."""

    ctx: Ctx


@KERNEL.handles(ChooseRevived)
def _revive(d: Draft, ask: ChooseRevived, decision: Decision) -> None:
    ctx = ask.ctx
    seat, card = decision.index, decision.target
    s = d.seats[seat]
    ch = CHARACTER_CARDS[card]
    cards = character_cards(ch.key)
    rewards = tuple(r for c in cards for r in d.under.get(c, ()))
    as_written = d.usurped and d.params.rites_reading is RitesReading.REVIVE_IN_PLACE
    in_use = any(x.hero == ch.hero for j, x in enumerate(d.seats) if j != seat)
    if as_written and not in_use:
        _revive_in_place(d, seat, ch.key, rewards)
    else:
        under = {r: c for c in cards for r in d.under.get(c, ())}
        for c in cards:
            d.set_under(c, ())
        d.seat_update(seat, incapacitated=tuple(c for c in s.incapacitated if c not in cards), hand=d.seats[seat].hand + rewards)
        d.box = tuple(sorted(d.box + cards))
        d.emit(
            "revived-to-box",
            "CLAR.RITES-OF-REVIVAL",
            zone=s.zone,
            card=card,
            detail=f"{len(rewards)} {'reward' if len(rewards) == 1 else 'rewards'} to hand",
        )
        for r in rewards:
            moved(d, r, ("under", under[r]), ("seat", seat, "hand"), "CLAR.RITES-OF-REVIVAL")
    destroy_card(d, ctx.source, ctx)


def _revive_in_place(d: Draft, seat: int, variant: str, rewards: tuple[str, ...]) -> None:
    """Reading REVIVE_IN_PLACE: the revived hero takes its play area back; a replacement there returns to the box."""
    s = d.seats[seat]
    cards = character_cards(variant)
    if s.hero is not None:
        hero = s.hero
        for c in s.characters:
            d.drop_hp(c)
        d.box = tuple(sorted(d.box + s.characters))
        for _place, c in hero_cards_anywhere(d, hero):
            move(d, c, ("box",), "CLAR.RITES-OF-REVIVAL")
        d.emit("returned-to-box", "CLAR.RITES-OF-REVIVAL", zone=s.zone, card=s.characters[0] if s.characters else "", detail=hero)
        # What is left in its deck (rewards shuffled in) is no card of that hero: the player keeps it in hand,
        # as set_up_hero below replaces the deck and would otherwise lose it.
        left = d.seats[seat].deck.cards()
        d.seat_update(seat, hero=None, characters=(), hand=d.seats[seat].hand + left)
        for c in sorted(left):
            moved(d, c, ("seat", seat, "deck"), ("seat", seat, "hand"), "CLAR.RITES-OF-REVIVAL")
    under = {r: c for c in cards for r in d.under.get(c, ())}
    for c in cards:
        d.set_under(c, ())
    d.seat_update(
        seat,
        incapacitated=tuple(c for c in d.seats[seat].incapacitated if c not in cards),
        needs_hero=False,
        hand=d.seats[seat].hand + rewards,
    )
    for r in rewards:
        moved(d, r, ("under", under[r]), ("seat", seat, "hand"), "CLAR.RITES-OF-REVIVAL")
    d.box = tuple(sorted(d.box + cards))
    set_up_hero(d, seat, variant, d.params.replacement_hand, "CLAR.RITES-OF-REVIVAL")
    for c in cards:
        revive_at(d, c, d.params.rites_revival_hp)
    d.emit(
        "revived-as-written",
        "CLAR.RITES-OF-REVIVAL",
        zone=d.seats[seat].zone,
        card=cards[0],
        detail="Rainek Kel'Voss has usurped OblivAeon",
    )


# --- Requital's Constructs -------------------------------------------------------------------


def _requital_card(d, ctx: Ctx) -> str | None:
    if ctx.source in CHARACTER_CARDS and CHARACTER_CARDS[ctx.source].requital:
        return ctx.source
    return None


@handles(v.PutConstructUnder)
def _put_under(d: Draft, op, ctx: Ctx) -> None:
    req = _requital_card(d, ctx)
    if req is None or ctx.seat < 0:
        return
    constructs = [c for c in d.seats[ctx.seat].hand if c in PHYSICAL and PHYSICAL[c].construct]
    if not constructs:
        return
    card = constructs[0]
    move(d, card, ("under", req), "CLAR.REQUITAL-CONSTRUCTS")
    d.emit("construct-under", "CLAR.REQUITAL-CONSTRUCTS", zone=ctx.zone, card=card, target=req)


def constructs_under(d, card: str) -> list[str]:
    return [c for c in d.under.get(card, ()) if PHYSICAL[c].construct]


@handles(v.PlayConstructFromUnder)
def _play_from_under(d: Draft, op, ctx: Ctx) -> None:
    req = _requital_card(d, ctx)
    if req is None or ctx.seat < 0 or not constructs_under(d, req):
        return
    card = constructs_under(d, req)[0]
    move(d, card, ("seat", ctx.seat, "play"), "CLAR.REQUITAL-CONSTRUCTS")
    d.set_hp(card, PHYSICAL[card].hp)
    d.emit("construct-played", "CLAR.REQUITAL-CONSTRUCTS", zone=ctx.zone, card=card, target=req)


@handles(v.ReleaseConstruct)
def _release(d: Draft, op, ctx: Ctx) -> None:
    req = _requital_card(d, ctx)
    if req is None or not constructs_under(d, req):
        return
    card = constructs_under(d, req)[0]
    move(d, card, ("box",), "CLAR.REQUITAL-CONSTRUCTS")
    d.emit("construct-released", "CLAR.REQUITAL-CONSTRUCTS", zone=ctx.zone, card=card, target=req)


def variant_of(card: str) -> str:
    return CHARACTER_CARDS[card].key


__all__ = ["character_falls", "hero_incapacitated", "CHARACTERS"]
