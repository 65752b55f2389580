"""A hero's turn: the move, one of the six options, then start, play, power, draw and end."""

from __future__ import annotations

from dataclasses import dataclass

from oblivaeon_verify.model.common.kernel import Ask
from oblivaeon_verify.model.oblivaeon.battle_zones import seats_in
from oblivaeon_verify.model.oblivaeon.cards import CHARACTER_CARDS
from oblivaeon_verify.model.oblivaeon.clauses import implements
from oblivaeon_verify.model.oblivaeon.decisions import Decision
from oblivaeon_verify.model.oblivaeon.draft import KERNEL, Ctx, Draft
from oblivaeon_verify.model.oblivaeon.durations import owner_turn_starts
from oblivaeon_verify.model.oblivaeon.effects import DrawOne, resolve
from oblivaeon_verify.model.oblivaeon.heroes import hero_actor, move_hero, move_options, offer_play, offer_power
from oblivaeon_verify.model.oblivaeon.missions import TakeObjective, objectives_of, shuffle_mission_deck, swap_objective, trade_objectives
from oblivaeon_verify.model.oblivaeon.places import moved
from oblivaeon_verify.model.oblivaeon.triggers import push_triggers


def active(d, seat: int) -> bool:
    return bool(d.seats[seat].characters)


@dataclass(frozen=True, slots=True)
class ChooseMove(Ask):
    """Whether the hero of ``seat`` moves to the other battle zone at the start of the turn, or stays."""

    seat: int


@implements("HERO.MOVE", "CLAR.MULTIPLE-MOVES")
def move(d: Draft, seat: int) -> None:
    """At the very start of the turn the player may move the hero's marker to the other zone.

    The powers used in the last hero turn are forgotten here, at the very start, so that a turn that ends
    before its start phase (its hero struck down by a reaction to the move) carries no marks of the last one."""
    d.used_powers = ()
    if active(d, seat):
        d.ask(ChooseMove(move_options(d, seat), seat))


@KERNEL.handles(ChooseMove)
def _moved(d: Draft, ask: ChooseMove, decision: Decision) -> None:
    if decision.kind == "move":
        move_hero(d, ask.seat, decision.zone, "HERO.MOVE")


def options(d, seat: int) -> list[Decision]:
    """The six hero-turn options that are legal now, then 'none'."""
    s = d.seats[seat]
    who = hero_actor(seat)
    out: list[Decision] = []
    mine = objectives_of(d, seat)
    if not mine and d.mission_deck:
        out.append(Decision("take-objective", who))
    for o in mine:
        out.append(Decision("swap-objective", who, card=o))
        for j in seats_in(d, s.zone):
            if j != seat and d.seats[j].characters:
                for theirs in objectives_of(d, j):
                    out.append(Decision("trade-objective", who, card=o, target=theirs, index=j))
    if d.mission_deck:
        out.append(Decision("shuffle-mission-deck", who))
    for c in s.incapacitated:
        for i, _ in enumerate(CHARACTER_CARDS[c].incap):
            out.append(Decision("incap-ability", who, card=c, index=i))
    for c in s.incapacitated:
        for r in d.under.get(c, ()):
            if r in d.reward_side:
                out.append(Decision("regain-reward", who, card=c, target=r))
    out.append(Decision("no-option", who))
    return out


@dataclass(frozen=True, slots=True)
class ChooseHeroOption(Ask):
    """Which of the six hero-turn options the player of ``seat`` takes, or none."""

    seat: int


@implements("HERO.OPTION")
def option(d: Draft, seat: int) -> None:
    if active(d, seat):
        d.ask(ChooseHeroOption(tuple(options(d, seat)), seat))


@KERNEL.handles(ChooseHeroOption)
def _option_chosen(d: Draft, ask: ChooseHeroOption, decision: Decision) -> None:
    seat = ask.seat
    kind = decision.kind
    if kind == "take-objective":
        d.now(TakeObjective(seat, "HERO.OPT.TAKE"))
    elif kind == "swap-objective":
        swap_objective(d, seat, decision.card)
    elif kind == "trade-objective":
        trade_objectives(d, seat, decision.card, decision.index, decision.target)
    elif kind == "shuffle-mission-deck":
        shuffle_mission_deck(d)
    elif kind == "incap-ability":
        use_incap_ability(d, seat, decision.card, decision.index)
    elif kind == "regain-reward":
        regain_reward(d, seat, decision.card, decision.target)


@implements("HERO.OPT.INCAP-ABILITY")
def use_incap_ability(d: Draft, seat: int, card: str, index: int) -> None:
    """Activate an incapacitated ability printed on an incapacitated character card in this play area."""
    ops = CHARACTER_CARDS[card].incap[index]
    d.emit("incap-ability", "HERO.OPT.INCAP-ABILITY", zone=d.seats[seat].zone, card=card, amount=index + 1)
    resolve(d, ops, Ctx(card, "hero", seat, d.seats[seat].zone, clause="HERO.OPT.INCAP-ABILITY"))


@implements("HERO.OPT.REGAIN-REWARD")
def regain_reward(d: Draft, seat: int, card: str, reward: str) -> None:
    """Move a reward from under an incapacitated character card in this play area to the hand."""
    d.set_under(card, tuple(c for c in d.under.get(card, ()) if c != reward))
    d.seat_update(seat, hand=d.seats[seat].hand + (reward,))
    d.emit("reward-regained", "HERO.OPT.REGAIN-REWARD", zone=d.seats[seat].zone, card=reward, target=card)
    moved(d, reward, ("under", card), ("seat", seat, "hand"), "HERO.OPT.REGAIN-REWARD")


@implements("HERO.CONTINUE")
def start(d: Draft, seat: int) -> None:
    """The ordinary hero turn resumes with its start phase: this player's temporary effects end."""
    if not active(d, seat):
        return
    owner_turn_starts(d, seat)
    push_triggers(d, "start", "hero", "HERO.CONTINUE", seat=seat)


def play(d: Draft, seat: int) -> None:
    offer_play(d, seat)


def power(d: Draft, seat: int) -> None:
    offer_power(d, seat)


def draw(d: Draft, seat: int) -> None:
    if active(d, seat):
        d.now(DrawOne(seat))


def end(d: Draft, seat: int) -> None:
    if active(d, seat):
        push_triggers(d, "end", "hero", "HERO.CONTINUE", seat=seat)
