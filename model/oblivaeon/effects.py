"""The interpreter of the effect vocabulary: damage, healing, destruction, drawing, playing.

Each instruction has one handler.  A handler that needs a choice asks it as a decision point (the
last thing it does); what remains of the card was scheduled before it, so it resumes after.
Target lists always come from ``battle_zones`` (BZ.ISOLATION), and every change to a target is
recorded as an event with the zone it happened in, the zone of its source and the card's reach.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable
from dataclasses import dataclass

from oblivaeon_verify.model.common import selections
from oblivaeon_verify.model.common.kernel import Ask, Work
from oblivaeon_verify.model.common.selections import Selection
from oblivaeon_verify.model.oblivaeon import vocabulary as v
from oblivaeon_verify.model.oblivaeon.battle_zones import (
    OBLIVAEON,
    card_side,
    cards_in_play,
    current_def,
    hero_choice_targets,
    is_character,
    max_hp,
    own_reach,
    reach_zones,
    reachable_decks,
    reachable_targets,
    seat_holding,
    side_matches,
    zone_of_target,
)
from oblivaeon_verify.model.oblivaeon.cards import CHARACTER_CARDS, PHYSICAL, SCION_PANELS, base_key, describe
from oblivaeon_verify.model.oblivaeon.chance import Refill, needs_reveal, take_card
from oblivaeon_verify.model.oblivaeon.clauses import implements
from oblivaeon_verify.model.oblivaeon.decisions import Decision
from oblivaeon_verify.model.oblivaeon.draft import KERNEL, Ctx, Draft, deck_label
from oblivaeon_verify.model.oblivaeon.durations import reduction
from oblivaeon_verify.model.oblivaeon.moments import happened
from oblivaeon_verify.model.oblivaeon.places import add_to, deck_place, move, moved, trash_place
from oblivaeon_verify.model.oblivaeon.state import Temp

OP_HANDLERS: dict[type, Callable] = {}


def handles(op_type: type) -> Callable:
    def reg(fn: Callable) -> Callable:
        OP_HANDLERS[op_type] = fn
        return fn

    return reg


def actor(ctx: Ctx) -> str:
    return f"hero {ctx.seat + 1}" if ctx.seat >= 0 else "players"


@dataclass(frozen=True, slots=True)
class Resolve(Work):
    """Card instructions still to resolve, in order, and the context they resolve in."""

    ops: tuple
    ctx: Ctx


def resolve(d: Draft, ops: tuple, ctx: Ctx) -> None:
    """Resolve ``ops`` before anything already waiting (nothing is scheduled for no instructions)."""
    if ops:
        d.now(Resolve(tuple(ops), ctx))


@KERNEL.handles(Resolve)
def run_ops(d: Draft, work: Resolve) -> None:
    """The first instruction now; the rest are scheduled first, so that a choice it asks comes before them."""
    ops, ctx = work.ops, work.ctx
    if ctx.seat >= 0 and d.seats[ctx.seat].zone != ctx.zone:
        ctx = where_now(d, ctx)
    if len(ops) > 1:
        d.now(Resolve(ops[1:], ctx))
    OP_HANDLERS[type(ops[0])](d, ops[0], ctx)


@implements("CLAR.ZONE-MEMBERSHIP")
def where_now(d: Draft, ctx: Ctx) -> Ctx:
    """A player's card in their own play area is in the battle zone of their hero's marker: when the hero has moved
    while the card's instructions resolve (Redeploy moves its hero, then deals damage), the rest act from there."""
    seat = d.seats[ctx.seat]
    if ctx.host in (-1, ctx.seat) and (ctx.source in seat.play or ctx.source in seat.characters):
        return ctx._replace(zone=seat.zone)
    return ctx


def retry(d: Draft, op, ctx: Ctx) -> None:
    resolve(d, (op,), ctx)


# --- target picking ------------------------------------------------------------------------


def picked(d: Draft, ctx: Ctx, what: str, description: str, sides: frozenset, cands, harmful: bool) -> None:
    """Tell the census what a description picked out (nothing happens unless one is watching)."""
    if selections.watching():
        site = f"{describe(ctx.source)}: {what}"
        selections.picked(d, Selection(site, description, ctx_clause(ctx), ctx.source, tuple(cands), sides, harmful))


def _pick_targets(d: Draft, op, ctx: Ctx) -> tuple[list[str], tuple[Decision, ...]]:
    """The targets ``op`` acts on now, or else the options of a choice of one (the caller asks it)."""
    target = op.target
    if target.pick == "own-character":
        cands = list(d.seats[ctx.seat].characters) if ctx.seat >= 0 else []
    elif target.pick == "self":
        host = ctx.host if ctx.host >= 0 else ctx.seat
        cands = list(d.seats[host].characters) if host >= 0 else []
    else:
        cands = reachable_targets(d, ctx, target.side, target.reach, target.characters_only)
        if target.non_characters_only:
            cands = [c for c in cands if not is_character(c)]
    if cands and target.pick in ("highest-hp", "lowest-hp"):
        values = [d.hp[c] for c in cands]
        best = max(values) if target.pick == "highest-hp" else min(values)
        cands = [c for c, hp in zip(cands, values) if hp == best]
    if cands and selections.watching():  # (its words are built only for a census)
        picked(d, ctx, _WHAT[type(op)], v.words(target), v.NAMED_SIDES[target.side], cands, isinstance(op, v.Damage))
    if not cands:
        return [], ()
    if target.pick == "each" or len(cands) == 1:
        return cands, ()
    who = actor(ctx) if target.pick == "choose" else "players"
    return [], tuple([_target_option(who, ctx.source, c) for c in cands])


@functools.lru_cache(maxsize=4096)
def _target_option(who: str, source: str, target: str) -> Decision:
    """The choice of ``target`` for an instruction of ``source``: a value, made once (target choices are asked often)."""
    return Decision("target", who, card=source, target=target)


_WHAT = {v.Damage: "damage", v.Heal: "healing", v.TempReduce: "temporary effect"}
"""What each instruction that picks targets does, in the census's words."""


# --- damage --------------------------------------------------------------------------------


def damage_amount(d: Draft, amount, ctx: Ctx) -> int:
    if amount == "H":
        return d.hero_count
    if amount == "arcana":
        chars = d.seats[ctx.seat].characters if ctx.seat >= 0 else ()
        return d.tokens.get(chars[0], 0) if chars else 0
    return amount


@dataclass(frozen=True, slots=True)
class ChooseDamageTarget(Ask):
    """Which target an instruction deals its damage to."""

    amount: int
    dtype: str
    irreducible: bool
    reach: str
    ctx: Ctx


@handles(v.Damage)
def _damage(d: Draft, op: v.Damage, ctx: Ctx) -> None:
    amount = damage_amount(d, op.amount, ctx)
    targets, options = _pick_targets(d, op, ctx)
    if options:
        d.ask(ChooseDamageTarget(options, amount, op.dtype, op.irreducible, op.target.reach, ctx))
        return
    for t in targets:
        if t in d.hp and d.outcome is None:
            deal_damage(d, t, amount, op.dtype, op.irreducible, ctx, op.target.reach)


@KERNEL.handles(ChooseDamageTarget)
def _damage_chosen(d: Draft, ask: ChooseDamageTarget, decision: Decision) -> None:
    deal_damage(d, decision.target, ask.amount, ask.dtype, ask.irreducible, ask.ctx, ask.reach)


def deal_damage(d: Draft, target: str, amount: int, dtype: str, irreducible: bool, ctx: Ctx, reach: str = "zone") -> None:
    zone = zone_of_target(d, target)
    if target == OBLIVAEON and d.shield_side:
        d.emit(
            "damage-prevented",
            "SHIELD.TASKS",
            zone=zone,
            source_zone=ctx.zone,
            reach=reach,
            card=ctx.source,
            target=target,
            detail="the Shield is in play",
        )
        return
    reduced = 0 if irreducible else reduction(d, target)
    dealt = max(0, amount - reduced)
    hp = d.hp[target] - dealt
    d.set_hp(target, hp)
    d.emit(
        "damage",
        ctx_clause(ctx),
        zone=zone,
        source_zone=ctx.zone,
        reach=reach,
        card=ctx.source,
        target=target,
        amount=dealt,
        detail=dtype + (" irreducible" if irreducible else f", reduced by {reduced}" if reduced else ""),
    )
    if hp <= 0:
        target_destroyed(d, target, ctx, reach)


def ctx_clause(ctx: Ctx) -> str:
    return ctx.clause or CTX_CLAUSE.get(ctx.side, "HERO.CONTINUE")


#: The clause under which an effect of each side resolves, for events that a card (not a rule) caused.
CTX_CLAUSE = {
    "hero": "HERO.CONTINUE",
    "villain": "VILLAIN.PLAY-SCION-CARD",
    "environment": "ENV.TURN",
    "oblivaeon": "OA-TURN.PLAY",
    "mission": "MISSION.OBJECTIVE-COMPLETION",
    "removal": "ENV.REMOVAL.DAMAGE",
    "incap": "HERO.OPT.INCAP-ABILITY",
}


class Defeat(enum.Enum):
    """The targets that leave play their own way at 0 HP; any other is destroyed as a card."""

    CHARACTER = "a hero character card"
    OBLIVAEON = "OblivAeon"
    SCION = "a Scion"
    OBJECTIVE = "a mission card on its objective side"


DEFEATS: dict[Defeat, Callable[[Draft, str], None]] = {}
"""How each kind of target leaves play, registered by the module whose rule it is (one each: ``defeats``)."""


def defeats(kind: Defeat) -> Callable:
    """Register the rule by which targets of ``kind`` leave play (called as ``rule(draft, target)``).

    The rules live above this module (incapacitation, the Booklet, Scions, missions) and register
    themselves, so the damage rules here need not import them.
    """

    def register(fn: Callable) -> Callable:
        if kind in DEFEATS:
            raise ValueError(f"{kind.value}: two rules for leaving play, {DEFEATS[kind].__qualname__} and {fn.__qualname__}")
        DEFEATS[kind] = fn
        return fn

    return register


def check_defeats() -> None:
    """Every kind of target has its rule (``engine`` checks it once every rule module is imported)."""
    missing = [k.value for k in Defeat if k not in DEFEATS]
    if missing:
        raise ValueError(f"no rule for how {', '.join(missing)} leaves play")


def target_destroyed(d: Draft, target: str, ctx: Ctx, reach: str = "zone") -> None:
    """A target at 0 HP or less: each kind of target leaves play its own way."""
    if target in CHARACTER_CARDS:
        DEFEATS[Defeat.CHARACTER](d, target)
    elif target == OBLIVAEON:
        DEFEATS[Defeat.OBLIVAEON](d, target)
    elif target in SCION_PANELS:
        DEFEATS[Defeat.SCION](d, target)
    elif PHYSICAL[target].side == "mission" and target not in d.reward_side:
        DEFEATS[Defeat.OBJECTIVE](d, target)
    else:
        destroy_card(d, target, ctx, reach)


# --- healing -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseHealTarget(Ask):
    """Which target an instruction heals."""

    amount: int
    ctx: Ctx
    reach: str


@handles(v.Heal)
def _heal(d: Draft, op: v.Heal, ctx: Ctx) -> None:
    targets, options = _pick_targets(d, op, ctx)
    if options:
        d.ask(ChooseHealTarget(options, op.amount, ctx, op.target.reach))
        return
    for t in targets:
        heal(d, t, op.amount, ctx, op.target.reach)


@KERNEL.handles(ChooseHealTarget)
def _heal_chosen(d: Draft, ask: ChooseHealTarget, decision: Decision) -> None:
    heal(d, decision.target, ask.amount, ask.ctx, ask.reach)


def heal(d: Draft, target: str, amount: int, ctx: Ctx, reach: str = "zone") -> None:
    if target not in d.hp:
        return
    new = min(max_hp(d, target), d.hp[target] + amount)
    if new > d.hp[target]:
        d.emit(
            "heal",
            ctx_clause(ctx),
            zone=zone_of_target(d, target),
            source_zone=ctx.zone,
            reach=reach,
            card=ctx.source,
            target=target,
            amount=new - d.hp[target],
        )
        d.set_hp(target, new)


# --- destruction ---------------------------------------------------------------------------


def destroyable(d: Draft, op: v.Destroy, ctx: Ctx) -> list[str]:
    if op.what == "target":
        # Character cards (hero characters, the Booklet, Scion panels) are never destroyed this way.
        return [
            t
            for t in reachable_targets(d, ctx, op.side, op.reach)
            if not is_character(t)
            and t != ctx.source
            and (op.max_hp is None or d.hp[t] <= op.max_hp)
            and not current_def(d, t).indestructible
        ]
    out = []
    for card, _zone in cards_in_play(d, reach_zones(ctx, op.reach)):
        cdef = current_def(d, card)
        if cdef.indestructible or card == ctx.source:
            continue
        side = card_side(d, card)
        if side == "mission":  # objectives are completed or abandoned, never destroyed by card text
            continue
        if op.what == "ongoing" and not (cdef.type == "ongoing" and side_matches(op.side, side)):
            continue
        if op.what == "equipment" and not (cdef.type == "equipment" and side_matches(op.side, side)):
            continue
        if op.what == "environment" and side != "environment":
            continue
        out.append(card)
    return out


@dataclass(frozen=True, slots=True)
class ChooseDestroyed(Ask):
    """Which card an instruction destroys."""

    ctx: Ctx
    reach: str


@handles(v.Destroy)
def _destroy(d: Draft, op: v.Destroy, ctx: Ctx) -> None:
    cands = destroyable(d, op, ctx)
    if not cands:
        return
    picked(d, ctx, "destruction", v.destroy_words(op), v.NAMED_SIDES["environment" if op.what == "environment" else op.side], cands, True)
    if len(cands) == 1:
        destroy_card(d, cands[0], ctx, op.reach)
        return
    d.ask(ChooseDestroyed(tuple(Decision("target", actor(ctx), card=ctx.source, target=c) for c in cands), ctx, op.reach))


@KERNEL.handles(ChooseDestroyed)
def _destroy_chosen(d: Draft, ask: ChooseDestroyed, decision: Decision) -> None:
    destroy_card(d, decision.target, ask.ctx, ask.reach)


@handles(v.DestroySelf)
def _destroy_self(d: Draft, op, ctx: Ctx) -> None:
    if ctx.source in PHYSICAL and is_in_play(d, ctx.source):
        destroy_card(d, ctx.source, ctx)


def is_in_play(d, card: str) -> bool:
    """Whether ``card`` is among :func:`battle_zones.cards_in_play` of both zones (asked without listing them)."""
    if any(card in z.villain_play or card in z.env_play for z in d.zones):
        return True
    return any(card in s.play for s in d.seats if s.zone in (1, 2))


@implements("CLAR.SHIELD-INDESTRUCTIBLE")
def destroy_card(d: Draft, card: str, ctx: Ctx, reach: str = "zone") -> None:
    """Destroy a non-character card: indestructible cards (the Shields among them) survive."""
    if card not in PHYSICAL or current_def(d, card).indestructible:
        d.emit("indestructible", "CLAR.SHIELD-INDESTRUCTIBLE", card=card)
        return
    zone = zone_of_target(d, card) or ctx.zone
    holder = seat_holding(d, card)
    if PHYSICAL[card].side == "mission" and card not in d.reward_side:
        DEFEATS[Defeat.OBJECTIVE](d, card)
        return
    clause = "CLAR.COMPLETED-MISSION-TRASH" if card in d.reward_side else ctx_clause(ctx)
    for under in d.under.get(card, ()):
        move(d, under, trash_place(d, under, holder), clause)
    dest = trash_place(d, card, holder)
    move(d, card, dest, clause)
    happened(
        d,
        "destroyed",
        clause,
        card,
        zone,
        holder,
        source_zone=ctx.zone,
        reach=reach,
        card=ctx.source,
        target=card,
        detail="to " + "/".join(map(str, dest)),
    )


# --- hero resources ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DrawOne(Work):
    """The hero of ``seat`` draws a card."""

    seat: int


@handles(v.Draw)
def _draw(d: Draft, op: v.Draw, ctx: Ctx) -> None:
    if ctx.seat >= 0 and d.seats[ctx.seat].characters:
        for _ in range(op.n):
            d.now(DrawOne(ctx.seat))


@KERNEL.handles(DrawOne)
def draw_one(d: Draft, work: DrawOne) -> None:
    seat = work.seat
    s = d.seats[seat]
    refill = Refill("HERO.CONTINUE", "trash shuffled into an empty deck", card=s.hero or "", zone=s.zone)
    card = take_card(d, ("seat", seat), work, refill=refill)
    if card is None:
        return
    s = d.seats[seat]
    d.seat_update(seat, hand=s.hand + (card,))
    d.emit("draw", "HERO.CONTINUE", zone=s.zone, card=card)
    moved(d, card, ("seat", seat, "deck"), ("seat", seat, "hand"), "HERO.CONTINUE")


@dataclass(frozen=True, slots=True)
class DiscardOne(Work):
    """The player of ``seat`` discards a card (of their choice)."""

    seat: int


@dataclass(frozen=True, slots=True)
class ChooseDiscard(Ask):
    """Which card the player of ``seat`` discards."""

    seat: int


@handles(v.Discard)
def _discard(d: Draft, op: v.Discard, ctx: Ctx) -> None:
    if ctx.seat < 0:
        return
    for _ in range(op.n):
        d.now(DiscardOne(ctx.seat))


@KERNEL.handles(DiscardOne)
def _discard_one(d: Draft, work: DiscardOne) -> None:
    seat = work.seat
    hand = d.seats[seat].hand
    if not hand:
        return
    d.ask(ChooseDiscard(tuple(Decision("discard", f"hero {seat + 1}", card=c) for c in distinct(hand)), seat))


@KERNEL.handles(ChooseDiscard)
def _discarded(d: Draft, ask: ChooseDiscard, decision: Decision) -> None:
    discard_from_hand(d, ask.seat, decision.card)


def discard_from_hand(d: Draft, seat: int, card: str) -> None:
    clause = "CLAR.COMPLETED-MISSION-TRASH" if PHYSICAL[card].deck == "Mission" else "HERO.CONTINUE"
    move(d, card, trash_place(d, card, seat), clause)
    d.emit("discard", clause, zone=d.seats[seat].zone, card=card)


def distinct(cards) -> list[str]:
    """One representative per card kind, so identical copies are one decision, not several."""
    seen: dict[str, str] = {}
    for c in cards:
        seen.setdefault(base_key(c), c)
    return [seen[k] for k in sorted(seen)]


@dataclass(frozen=True, slots=True)
class ChooseTempTarget(Ask):
    """Which target a temporary effect on one target covers."""

    op: v.TempReduce
    ctx: Ctx


@handles(v.TempReduce)
def _temp(d: Draft, op: v.TempReduce, ctx: Ctx) -> None:
    """A temporary effect of the controller's (none without one): its covered set is fixed now when it has one."""
    if ctx.seat < 0:
        return
    covered = None
    if op.scope == "target":
        targets, options = _pick_targets(d, op, ctx)
        if options:
            d.ask(ChooseTempTarget(options, op, ctx))
            return
        if not targets:
            return
        covered = tuple(targets)
    elif op.covers == "fixed" and op.scope == "zone":
        covered = tuple(reachable_targets(d, ctx, op.side, op.reach))
        if covered:
            picked(d, ctx, "temporary effect", v.words(v.Target(op.side, "each", op.reach)), v.NAMED_SIDES[op.side], covered, False)
    _make_temp(d, op, ctx, covered)


@KERNEL.handles(ChooseTempTarget)
def _temp_target_chosen(d: Draft, ask: ChooseTempTarget, decision: Decision) -> None:
    _make_temp(d, ask.op, ask.ctx, (decision.target,))


def _make_temp(d: Draft, op: v.TempReduce, ctx: Ctx, covered: tuple[str, ...] | None) -> None:
    made = (d.cursor.round, d.cursor.slot)
    reach = own_reach(ctx, op.reach)
    d.temps = d.temps + (Temp(op.amount, op.side, ctx.zone, ctx.seat, ctx.source, op.scope, covered, op.until, made, reach),)
    d.emit(
        "temporary-effect",
        ctx_clause(ctx),
        zone=ctx.zone,
        card=ctx.source,
        amount=op.amount,
        detail=f"reduce damage to {v.temp_words(op.side, op.scope, reach, fixed=covered is not None)} until {op.until}",
    )


# --- decks ---------------------------------------------------------------------------------


def _deck_options(d: Draft, ctx: Ctx) -> tuple[tuple[Decision, ...], tuple]:
    """The decks the effect in ``ctx`` may pick (by index), as options and as references."""
    decks = tuple(reachable_decks(d, ctx))
    return tuple(Decision("deck", actor(ctx), card=ctx.source, target=deck_label(d, r), index=i) for i, r in enumerate(decks)), decks


@dataclass(frozen=True, slots=True)
class ChooseDeckToDiscardFrom(Ask):
    """Which deck (of ``decks``, by index) loses its top card."""

    ctx: Ctx
    decks: tuple


@dataclass(frozen=True, slots=True)
class DiscardTop(Work):
    """Discard the top card of the deck ``deck_ref``."""

    deck_ref: tuple
    ctx: Ctx


@handles(v.DiscardTopOfDeck)
def _discard_top_of_deck(d: Draft, op, ctx: Ctx) -> None:
    options, decks = _deck_options(d, ctx)
    if decks:
        d.ask(ChooseDeckToDiscardFrom(options, ctx, decks))


@KERNEL.handles(ChooseDeckToDiscardFrom)
def _discard_top_chosen(d: Draft, ask: ChooseDeckToDiscardFrom, decision: Decision) -> None:
    d.now(DiscardTop(ask.decks[decision.index], ask.ctx))


@KERNEL.handles(DiscardTop)
@implements("HEROES.AKASH-THRIYA")
def discard_top(d: Draft, work: DiscardTop) -> None:
    """Discard a deck's top card; a seed discarded from an environment deck goes to that environment's trash."""
    ref, ctx = work.deck_ref, work.ctx
    card = take_card(d, ref, work)  # an empty deck has no top card to discard: no refill
    if card is None:
        return
    if ref[0] == "env":
        dest = ("env", ref[1], "trash")
    else:
        dest = trash_place(d, card, ref[1] if ref[0] == "seat" else -1)
    add_to(d, dest, card)
    d.emit("discard", ctx_clause(ctx), zone=ctx.zone, source_zone=ctx.zone, card=card, detail="from " + deck_label(d, ref))
    moved(d, card, deck_place(ref), dest, ctx_clause(ctx))


@dataclass(frozen=True, slots=True)
class ChooseTimestreamDeck(Ask):
    """Which deck (of ``decks``, by index) La Comodora looks at."""

    ctx: Ctx
    decks: tuple


@dataclass(frozen=True, slots=True)
class TimestreamLook(Work):
    """Look at the top card of the deck ``deck_ref``, to leave it or send it to the bottom."""

    deck_ref: tuple
    ctx: Ctx


@dataclass(frozen=True, slots=True)
class ChooseKeepOrBottom(Ask):
    """Whether the top card of the deck ``deck_ref`` stays on top or goes to the bottom."""

    deck_ref: tuple


@handles(v.Timestream)
def _timestream(d: Draft, op, ctx: Ctx) -> None:
    options, decks = _deck_options(d, ctx)
    if decks:
        d.ask(ChooseTimestreamDeck(options, ctx, decks))


@KERNEL.handles(ChooseTimestreamDeck)
def _timestream_deck(d: Draft, ask: ChooseTimestreamDeck, decision: Decision) -> None:
    d.now(TimestreamLook(ask.decks[decision.index], ask.ctx))


@KERNEL.handles(TimestreamLook)
@implements("HEROES.LA-COMODORA")
def timestream_look(d: Draft, work: TimestreamLook) -> None:
    """La Comodora nudges the timestream: look at a deck's top card, leave it or send it to the bottom."""
    ref, ctx = work.deck_ref, work.ctx
    deck = d.deck(ref)
    if len(deck) < 2:
        return
    if not deck.top_known():
        d.now(work)
        needs_reveal(d, ref)
        return
    top = deck.peek_top()
    d.ask(ChooseKeepOrBottom((Decision("keep-top", actor(ctx), card=top), Decision("bottom", actor(ctx), card=top)), ref))


@KERNEL.handles(ChooseKeepOrBottom)
def _timestream_done(d: Draft, ask: ChooseKeepOrBottom, decision: Decision) -> None:
    ref = ask.deck_ref
    if decision.kind == "bottom":
        card, rest = d.deck(ref).take_top()
        d.set_deck(ref, rest.put_bottom(card))
        d.emit("to-bottom", "HEROES.LA-COMODORA", card=card, detail=deck_label(d, ref))


# --- moving --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseHeroToMoveNextTo(Ask):
    """Which hero in the other battle zone a card moving itself goes next to."""

    ctx: Ctx


@handles(v.MoveSelf)
@implements("CLAR.INDESTRUCTIBLE-MOVES")
def move_self(d: Draft, op, ctx: Ctx) -> None:
    """A card moves itself to the other battle zone; being indestructible does not stop it."""
    card = ctx.source
    if not is_in_play(d, card):
        return
    to = 3 - ctx.zone
    cdef = PHYSICAL[card]
    if cdef.side == "hero":
        seats = hero_choice_targets(d, to)
        if not seats:
            return
        d.ask(
            ChooseHeroToMoveNextTo(
                tuple(Decision("target", actor(ctx), card=card, target=d.seats[i].characters[0], index=i) for i in seats), ctx
            )
        )
        return
    area = "env_play" if cdef.side == "environment" else "villain_play"
    move(d, card, ("zone", to, area), "CLAR.INDESTRUCTIBLE-MOVES")
    d.emit("card-moved", "CLAR.INDESTRUCTIBLE-MOVES", zone=to, source_zone=ctx.zone, reach="other-zone", card=card)


@KERNEL.handles(ChooseHeroToMoveNextTo)
def _moved_next_to(d: Draft, ask: ChooseHeroToMoveNextTo, decision: Decision) -> None:
    ctx = ask.ctx
    card = ctx.source
    move(d, card, ("seat", decision.index, "play"), "CLAR.INDESTRUCTIBLE-MOVES")
    d.emit(
        "card-moved", "CLAR.INDESTRUCTIBLE-MOVES", zone=d.seats[decision.index].zone, source_zone=ctx.zone, reach="other-zone", card=card
    )


@dataclass(frozen=True, slots=True)
class ChooseHeroToGoNextTo(Ask):
    """Which hero a card played next to a hero goes next to."""

    ctx: Ctx


@handles(v.PlayNextTo)
def _play_next_to(d: Draft, op, ctx: Ctx) -> None:
    seats = hero_choice_targets(d, ctx.zone)
    card = ctx.source
    if not is_in_play(d, card):
        return
    if not seats:
        move(d, card, trash_place(d, card), ctx_clause(ctx))
        happened(d, "destroyed", ctx_clause(ctx), card, ctx.zone, target=card, detail="no hero to go next to")
        return
    d.ask(
        ChooseHeroToGoNextTo(tuple(Decision("target", actor(ctx), card=card, target=d.seats[i].characters[0], index=i) for i in seats), ctx)
    )


@KERNEL.handles(ChooseHeroToGoNextTo)
def _next_to(d: Draft, ask: ChooseHeroToGoNextTo, decision: Decision) -> None:
    ctx = ask.ctx
    move(d, ctx.source, ("seat", decision.index, "play"), ctx_clause(ctx))
    d.emit(
        "next-to-hero", ctx_clause(ctx), zone=ctx.zone, source_zone=ctx.zone, card=ctx.source, target=d.seats[decision.index].characters[0]
    )


# --- The Harpy -----------------------------------------------------------------------------


@handles(v.FlipHarpyToken)
@implements("HEROES.HARPY")
def flip_harpy_token(d: Draft, op: v.FlipHarpyToken, ctx: Ctx) -> None:
    """The Harpy always has five tokens; flipping one changes the Arcana count by one, within 0..5."""
    if ctx.seat < 0 or not d.seats[ctx.seat].characters:
        return
    char = d.seats[ctx.seat].characters[0]
    arcana = d.tokens.get(char, 0)
    new = min(5, arcana + 1) if op.to == "arcana" else max(0, arcana - 1)
    if new != arcana:
        d.set_tokens(char, new)
        d.emit("harpy-token", "HEROES.HARPY", card=char, amount=new, detail=f"flipped to {op.to}")


def describe_ctx(ctx: Ctx) -> str:
    return describe(ctx.source)
