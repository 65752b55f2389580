"""A player's turn: the casting phase, the main phase and the draw phase.

Each phase is a row of :data:`PHASES`: the rule that lists its decisions and the decision point that
offers them.  With nothing else scheduled, the kernel asks :func:`player_phase` for what comes next.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from oblivaeon_verify.model.aeons_end.card_effects import CardText, DealDamage, GainAether, HealSelf, RestoreGravehold
from oblivaeon_verify.model.aeons_end.cards import CHEAPEST_SUPPLY, CHEAPEST_TO_DISCARD, MATS, base, card_def, nemesis_def
from oblivaeon_verify.model.aeons_end.clauses import implements
from oblivaeon_verify.model.aeons_end.decisions import Decision
from oblivaeon_verify.model.aeons_end.draft import KERNEL, Draft
from oblivaeon_verify.model.aeons_end.effects import NEMESIS_SIDE, damage_targets, deal, heal_lowest, heal_player, picked
from oblivaeon_verify.model.aeons_end.game_end import check_end
from oblivaeon_verify.model.aeons_end.state import evolve
from oblivaeon_verify.model.aeons_end.turn_order import EndTurn
from oblivaeon_verify.model.common import selections
from oblivaeon_verify.model.common.kernel import Ask, Work


@dataclass(frozen=True, slots=True)
class CastingPhase(Ask):
    """The casting phase: a prepped spell to cast, or the end of casting."""


@dataclass(frozen=True, slots=True)
class MainPhase(Ask):
    """The main phase: an action, or the end of the main phase."""


@dataclass(frozen=True, slots=True)
class DrawPhase(Ask):
    """The draw phase: which played gem or relic goes to the discard pile next."""


@dataclass(frozen=True, slots=True)
class ChooseFocusFree(Ask):
    """Focusing Orb: which closed breach of the player's gets a free quarter turn."""

    player: int


@dataclass(frozen=True, slots=True)
class ChooseAllyCast(Ask):
    """Vim Dynamo: which ally's prepped spell the player casts, and at what (or none)."""

    player: int


@dataclass(frozen=True, slots=True)
class FinishDrawPhase(Work):
    """The player draws up to a full hand and their breaches forget this turn's focus."""

    player: int


#: How a decision names the player at each seat (``player 1`` for seat 0).
_WHO = tuple(f"player {i + 1}" for i in range(4))


@dataclass(frozen=True, slots=True)
class _SeatDecisions:
    """A seat's decisions that name no card and no target.  Decisions are immutable values, so each is
    built once here rather than at every decision point that offers it."""

    end_casting: Decision
    end_main: Decision
    gain_charge: Decision
    ability: Decision
    focus: tuple[Decision, ...]
    """By breach."""
    open: tuple[Decision, ...]
    """By breach."""


_SEAT_DECISIONS = tuple(
    _SeatDecisions(
        Decision("end-casting", who),
        Decision("end-main", who),
        Decision("gain-charge", who),
        Decision("ability", who),
        tuple(Decision("focus", who, index=b) for b in range(4)),
        tuple(Decision("open", who, index=b) for b in range(4)),
    )
    for who in _WHO
)


# Hands and rows of played cards come back again and again (decks are never shuffled), and a row of
# card ids is an immutable value, so what is derived from one is kept.
@functools.lru_cache(maxsize=1 << 14)
def distinct(cards: tuple[str, ...]) -> tuple[str, ...]:
    """One physical card of each kind in ``cards`` (the first), in the order of the kinds' keys."""
    seen: dict[str, str] = {}
    for c in cards:
        seen.setdefault(base(c), c)
    return tuple(seen[k] for k in sorted(seen))


@functools.lru_cache(maxsize=1 << 14)
def _hand_options(hand: tuple[str, ...], who: str) -> tuple[tuple[Decision, ...], tuple[tuple[Decision, ...], ...]]:
    """A hand's 'play' decisions (its gems and relics), and for each of its spells its 'prep' decision at each
    breach (by breach): one of each kind of card, in :func:`distinct`'s order."""
    rows = [_card_options(c, who) for c in distinct(hand)]
    return tuple(r[0] for r in rows if r[0].kind == "play"), tuple(r for r in rows if r[0].kind == "prep")


@functools.cache  # physical cards and seats are few, so each card's decisions are built once
def _card_options(card: str, who: str) -> tuple[Decision, ...]:
    """What a card in the hand offers: a gem or relic its 'play', a spell its 'prep' at each breach (by breach)."""
    if card_def(card).kind == "spell":
        return tuple(Decision("prep", who, card=card, index=b) for b in range(4))
    return (Decision("play", who, card=card),)


# --- casting --------------------------------------------------------------------------------


@implements("CAST.OPENED-MAY", "CAST.CLOSED-MUST", "CAST.ORDER")
def casting_options(d) -> list[Decision]:
    """Every prepped spell may be cast, in any order; 'end casting' only once no spell waits in a closed breach."""
    i = d.acting()
    m = d.mages[i]
    opts: list[Decision] = []
    must = False
    targets = None
    for b, br in enumerate(m.breaches):
        if br.spell and not br.destroyed:
            must = must or not br.opened
            targets = targets or damage_targets(d)
            opts += [Decision("cast", _WHO[i], card=br.spell, target=t, index=b) for t in targets]
    if not must:
        opts.append(_SEAT_DECISIONS[i].end_casting)
    return opts


@implements("BREACH.ADJACENT")
def adjacent_breaches(b: int) -> tuple[int, ...]:
    """The breaches next to breach ``b`` on its mat: the ones either side of it, in a row of four."""
    return tuple(a for a in (b - 1, b + 1) if 0 <= a < 4)


@implements("CAST.TO-DISCARD", "CAST.BREACH-BONUS", "BREACH.BONUS", "CARDS.SPELLS", "ALLY-SPELL")
def cast(d: Draft, caster: int, owner: int, b: int, target: str) -> None:
    """The spell goes on top of its owner's discard pile, then its Cast effect resolves; an opened
    breach's bonus adds to its damage.  The caster makes the spell's decisions."""
    br = d.mages[owner].breaches[b]
    spell = br.spell
    d.mage_update(owner, breaches=d.breaches_with(owner, b, spell=None), discard=d.mages[owner].discard + (spell,))
    c = card_def(spell)
    bonus = d.params.breach_bonus[b] if br.opened else 0
    if c.effect is CardText.ADJACENT_OPENED:
        bonus += sum(1 for a in adjacent_breaches(b) if d.mages[owner].breaches[a].opened and not d.mages[owner].breaches[a].destroyed)
    d.emit("cast", "CAST.TO-DISCARD" if caster == owner else "ALLY-SPELL", card=spell, target=target, amount=c.damage + bonus)
    if selections.watching():  # every cast would otherwise build its words and targets for nobody
        picked(
            d,
            f"{c.name}: damage",
            "a minion or the nemesis, of the caster's choice",
            "CAST.SINGLE-TARGET",
            spell,
            damage_targets(d),
            NEMESIS_SIDE,
            True,
        )
    deal(d, target, c.damage + bonus, "CAST.BREACH-BONUS" if bonus else "CAST.SINGLE-TARGET")
    if d.outcome is not None:  # END.IMMEDIATE: a winning hit ends the game before the rest of the spell
        return
    if c.effect is CardText.DRAW:
        draw_cards(d, caster, 1)
    elif c.effect is CardText.HEAL_PLAYER:
        heal_lowest(d, 1, "CAST.TO-DISCARD", spell)


# --- main -----------------------------------------------------------------------------------


def main_options(d) -> list[Decision]:
    """Every main-phase action the aether pays for, in a fixed order: play, gain, charge, focus and open,
    prep, While prepped, TO DISCARD and the ability, then 'end main'."""
    i = d.acting()
    m = d.mages[i]
    mat = MATS[m.name]
    who = _WHO[i]
    seat = _SEAT_DECISIONS[i]
    p = d.params
    aether = d.aether
    plays, preps = _hand_options(m.hand, who)
    opts: list[Decision] = list(plays)
    if aether >= CHEAPEST_SUPPLY:  # below it no pile's top card is affordable
        supply = d.supply
        for pile in sorted(supply):
            cards = supply[pile]
            if cards and aether >= card_def(cards[-1]).cost:
                opts.append(Decision("gain", who, card=cards[-1]))
    if aether >= p.charge_cost and m.charges < mat.charges:
        opts.append(seat.gain_charge)
    for b, br in enumerate(m.breaches):
        if br.destroyed or br.opened:
            continue
        if aether >= p.focus_cost[b]:
            opts.append(seat.focus[b])
        if aether >= p.open_cost[b]:
            opts.append(seat.open[b])
    if preps:
        breaches = prep_breaches(m)
        opts += [spell[b] for spell in preps for b in breaches]
    used = d.used_while_prepped
    for b, br in enumerate(m.breaches):
        if br.spell and b not in used and card_def(br.spell).while_prepped_aether:
            opts.append(Decision("while-prepped", who, card=br.spell, index=b))
    if aether >= CHEAPEST_TO_DISCARD:  # below it no card in play can be paid off
        for k, ip in enumerate(d.in_play):
            cost = nemesis_def(ip.card).to_discard
            if cost and aether >= cost:
                opts.append(Decision("to-discard", who, card=ip.card, index=k))
    if m.charges >= mat.charges:
        if isinstance(mat.ability, DealDamage):
            opts += [Decision("ability", who, target=t) for t in damage_targets(d)]
        else:
            opts.append(seat.ability)
    opts.append(seat.end_main)
    return opts


@implements("BREACH.PREP-WHERE")
def prep_breaches(m) -> list[int]:
    """Breaches a spell may be prepped to: empty ones that are opened or were focused this turn."""
    return [b for b, br in enumerate(m.breaches) if not br.destroyed and br.spell is None and (br.opened or br.focused_this_turn)]


@implements("MAIN.ANY-ORDER")
def apply_main(d: Draft, dec: Decision) -> None:
    """Main-phase actions come in any order, as often as the aether allows; 'end main' moves on."""
    i = d.acting()
    match dec.kind:  # each rule is looked up when it is used, so that a test may replace it
        case "play":
            play_card(d, i, dec)
        case "gain":
            gain_card(d, i, dec)
        case "gain-charge":
            gain_charge(d, i, dec)
        case "focus":
            focus(d, i, dec)
        case "open":
            open_breach(d, i, dec)
        case "prep":
            prep(d, i, dec)
        case "while-prepped":
            while_prepped(d, i, dec)
        case "to-discard":
            to_discard(d, i, dec)
        case "ability":
            use_ability(d, i, dec)
        case _:
            raise KeyError(dec.kind)


@implements("MAIN.PLAY-GEM-RELIC", "CARDS.GEMS", "CARDS.RELICS")
def play_card(d: Draft, i: int, dec: Decision) -> None:
    """A gem or relic is played: all its text resolves; its aether counts even if never spent."""
    m = d.mages[i]
    card = dec.card
    d.mage_update(i, hand=tuple([c for c in m.hand if c != card]), played=m.played + (card,))
    c = card_def(card)
    d.aether += c.aether
    d.emit("play", "MAIN.PLAY-GEM-RELIC", card=card, amount=c.aether)
    if c.effect is CardText.CHARGE:
        mat = MATS[m.name]
        if d.mages[i].charges < mat.charges:
            d.mage_update(i, charges=d.mages[i].charges + 1)
            d.emit("charge", "MAIN.GAIN-CHARGE", target=m.name, amount=d.mages[i].charges)
    elif c.effect is CardText.FOCUS_FREE:
        closed = [b for b, br in enumerate(d.mages[i].breaches) if not br.destroyed and not br.opened]
        if closed:
            d.ask(ChooseFocusFree(tuple(Decision("focus-free", _WHO[i], index=b) for b in closed), i))
    elif c.effect is CardText.ALLY_CAST:
        spells = [(o, b) for o, mm in enumerate(d.mages) for b, br in enumerate(mm.breaches) if br.spell and (o != i or len(d.mages) == 1)]
        if spells:
            opts = [
                Decision("ally-cast", _WHO[i], card=d.mages[o].breaches[b].spell, target=t, index=o * 4 + b)
                for o, b in spells
                for t in damage_targets(d)
            ]
            opts.append(Decision("decline", _WHO[i]))
            d.ask(ChooseAllyCast(tuple(opts), i))


@KERNEL.handles(ChooseFocusFree)
def _focus_free(d: Draft, ask: ChooseFocusFree, dec: Decision) -> None:
    _turn_breach(d, ask.player, dec.index)


@KERNEL.handles(ChooseAllyCast)
def _ally_cast(d: Draft, ask: ChooseAllyCast, dec: Decision) -> None:
    if dec.kind == "ally-cast":
        cast(d, ask.player, dec.index // 4, dec.index % 4, dec.target)


@implements("MAIN.GAIN-CARD", "CARDS.GAIN")
def gain_card(d: Draft, i: int, dec: Decision) -> None:
    """Pay the card's cost in aether; it goes to the discard pile."""
    card = dec.card
    pile = card.split("#")[0]
    d.aether -= card_def(card).cost
    supply = d.own("supply")
    supply[pile] = tuple(c for c in supply[pile] if c != card)
    d.mage_update(i, discard=d.mages[i].discard + (card,))
    d.emit("gain", "MAIN.GAIN-CARD", card=card, amount=card_def(card).cost)


@implements("MAIN.GAIN-CHARGE")
def gain_charge(d: Draft, i: int, dec: Decision) -> None:
    """2 aether for a charge on one's own mat, never beyond the ability's requirement."""
    d.aether -= d.params.charge_cost
    d.mage_update(i, charges=d.mages[i].charges + 1)
    d.emit("charge", "MAIN.GAIN-CHARGE", target=d.mages[i].name, amount=d.mages[i].charges)


@implements("MAIN.FOCUS", "BREACH.COSTS")
def focus(d: Draft, i: int, dec: Decision) -> None:
    d.aether -= d.params.focus_cost[dec.index]
    _turn_breach(d, i, dec.index)


def _turn_breach(d: Draft, i: int, b: int) -> None:
    """A quarter turn; the fourth opens the breach for good."""
    br = d.mages[i].breaches[b]
    n = br.focus + 1
    d.breach_update(i, b, focus=min(n, 3), opened=n >= 4, focused_this_turn=True)
    d.emit("focus", "MAIN.FOCUS", target=d.mages[i].name, amount=b + 1, detail="opened" if n >= 4 else f"{n} quarter turns")


@implements("MAIN.OPEN")
def open_breach(d: Draft, i: int, dec: Decision) -> None:
    d.aether -= d.params.open_cost[dec.index]
    d.breach_update(i, dec.index, opened=True)
    d.emit("open", "MAIN.OPEN", target=d.mages[i].name, amount=dec.index + 1)


@implements("MAIN.PREP")
def prep(d: Draft, i: int, dec: Decision) -> None:
    m = d.mages[i]
    d.mage_update(i, hand=tuple([c for c in m.hand if c != dec.card]), breaches=d.breaches_with(i, dec.index, spell=dec.card))
    d.emit("prep", "MAIN.PREP", card=dec.card, amount=dec.index + 1)


@implements("MAIN.WHILE-PREPPED")
def while_prepped(d: Draft, i: int, dec: Decision) -> None:
    d.aether += card_def(dec.card).while_prepped_aether
    d.used_while_prepped = d.used_while_prepped + (dec.index,)
    d.emit("while-prepped", "MAIN.WHILE-PREPPED", card=dec.card)


@implements("MAIN.TO-DISCARD")
def to_discard(d: Draft, i: int, dec: Decision) -> None:
    ip = d.in_play[dec.index]
    d.aether -= nemesis_def(ip.card).to_discard
    d.in_play = d.in_play[: dec.index] + d.in_play[dec.index + 1 :]
    d.nemesis_discard = d.nemesis_discard + (ip.card,)
    d.emit("to-discard", "MAIN.TO-DISCARD", card=ip.card)
    check_end(d)  # discarding the last card in play may leave the nemesis with nothing (END.WIN-NEMESIS-EXHAUSTED)


@implements("MAT.ABILITY")
def use_ability(d: Draft, i: int, dec: Decision) -> None:
    """With every charge space full, the ability fires and all charges are removed."""
    m = d.mages[i]
    ability = MATS[m.name].ability
    d.mage_update(i, charges=0)
    d.emit("ability", "MAT.ABILITY", target=m.name, detail=str(ability))
    match ability:
        case RestoreGravehold(n):
            d.gravehold = min(d.setup.start_gravehold, d.gravehold + n)
        case DealDamage(n):
            picked(
                d,
                f"{m.name}'s ability: damage",
                "a minion or the nemesis, of the player's choice",
                "MAT.ABILITY",
                m.name,
                damage_targets(d),
                NEMESIS_SIDE,
                True,
            )
            deal(d, dec.target, n, "MAT.ABILITY")
        case HealSelf(n):
            heal_player(d, i, n, "MAT.ABILITY")
        case GainAether(n):
            d.aether += n


# --- draw -----------------------------------------------------------------------------------


@implements("DRAW.DISCARD-PLAYED")
def draw_options(d) -> list[Decision]:
    """The played gems and relics go to the discard pile one at a time, in the player's order."""
    i = d.acting()
    return [Decision("discard-next", _WHO[i], card=c) for c in distinct(d.mages[i].played)]


def discard_next(d: Draft, i: int, card: str) -> None:
    m = d.mages[i]
    d.mage_update(i, played=tuple(c for c in m.played if c != card), discard=m.discard + (card,))


@implements("DRAW.TO-FIVE", "DRAW.NEVER-SHUFFLE")
def draw_cards(d: Draft, i: int, n: int) -> None:
    """Draw from the top of the deck; an empty deck is the discard pile turned over, never shuffled."""
    m = d.mages[i]
    hand, deck, discard = m.hand, m.deck, m.discard
    while n > 0 and (deck or discard):
        if not deck:
            deck, discard = discard, ()
            d.emit("discard-turned-over", "DRAW.NEVER-SHUFFLE", target=m.name)
        k = min(n, len(deck))
        hand, deck, n = hand + deck[:k], deck[k:], n - k
    d.mage_update(i, hand=hand, deck=deck, discard=discard)


@KERNEL.handles(FinishDrawPhase)
def finish_draw_phase(d: Draft, work: FinishDrawPhase) -> None:
    i = work.player
    m = d.mages[i]
    if len(m.hand) < d.params.hand_size:
        draw_cards(d, i, d.params.hand_size - len(m.hand))
    breaches = d.mages[i].breaches
    if any(b.focused_this_turn for b in breaches):
        d.mage_update(i, breaches=tuple(b if not b.focused_this_turn else evolve(b, focused_this_turn=False) for b in breaches))
    d.later(EndTurn())


# --- the phases -----------------------------------------------------------------------------


@KERNEL.handles(CastingPhase)
def _casting(d: Draft, ask: CastingPhase, dec: Decision) -> None:
    if dec.kind == "cast":
        i = d.acting()
        cast(d, i, i, dec.index, dec.target)
    else:
        d.phase = "main"


@KERNEL.handles(MainPhase)
def _main(d: Draft, ask: MainPhase, dec: Decision) -> None:
    if dec.kind == "end-main":
        d.phase = "draw"
    else:
        apply_main(d, dec)


@KERNEL.handles(DrawPhase)
def _draw(d: Draft, ask: DrawPhase, dec: Decision) -> None:
    discard_next(d, d.acting(), dec.card)


@dataclass(frozen=True, slots=True)
class Phase:
    """A phase of a player's turn: the rule that lists its decisions, and the decision point offering them."""

    options: Callable[[Draft], list[Decision]]
    ask: type[Ask]


#: The player phases, in the order a turn goes through them.  The rows call their rules by name, as
#: OblivAeon's round table does, so that a test replacing a rule in this module replaces it here too.
PHASES = {
    "casting": Phase(lambda d: casting_options(d), CastingPhase),
    "main": Phase(lambda d: main_options(d), MainPhase),
    "draw": Phase(lambda d: draw_options(d), DrawPhase),
}


def player_phase(d: Draft) -> None:
    """With nothing scheduled, the acting player's phase offers its decisions.

    A draw phase with at most one played card left has nothing to order: it discards them and ends;
    a casting phase with nothing to cast moves on to the main phase.
    """
    phase = PHASES.get(d.phase)
    options = phase.options(d) if phase is not None else ()
    if d.phase == "draw" and len(options) <= 1:
        i = d.acting()
        m = d.mages[i]
        if m.played:
            d.mage_update(i, played=(), discard=m.discard + m.played)  # in the order they were played
        d.phase = "end"
        d.later(FinishDrawPhase(i))
        return
    if options:
        d.ask(phase.ask(tuple(options)))
    elif d.phase == "casting":
        d.phase = "main"
    else:
        raise AssertionError(f"no way forward in phase {d.phase!r} for {d.actor!r}")
