"""Missions: the Mission deck, objectives in play areas, their completion and their rewards."""

from __future__ import annotations

from dataclasses import dataclass

from oblivaeon_verify.model.common.kernel import Ask, Work
from oblivaeon_verify.model.oblivaeon import vocabulary as v
from oblivaeon_verify.model.oblivaeon.battle_zones import current_def, seat_holding, seats_in
from oblivaeon_verify.model.oblivaeon.cards import PHYSICAL
from oblivaeon_verify.model.oblivaeon.chance import needs_reveal, take_card
from oblivaeon_verify.model.oblivaeon.clauses import implements
from oblivaeon_verify.model.oblivaeon.decisions import Decision
from oblivaeon_verify.model.oblivaeon.draft import KERNEL, Ctx, Draft
from oblivaeon_verify.model.oblivaeon.effects import Defeat, actor, defeats, discard_from_hand, distinct, handles
from oblivaeon_verify.model.oblivaeon.places import add_to, announce, play_zone, put_into_play, remove
from oblivaeon_verify.model.oblivaeon.shield import shield_task

MISSION = ("mission",)


def is_objective(d, card: str) -> bool:
    return card in PHYSICAL and PHYSICAL[card].side == "mission" and card not in d.reward_side


def objectives_of(d, seat: int) -> list[str]:
    return [c for c in d.seats[seat].play if is_objective(d, c)]


@implements("CLAR.MISSION-ZONE")
def objectives_in_zone(d, zone: int) -> list[str]:
    """Objectives a player with a hero in ``zone`` may interact with: only those in that zone."""
    return [c for i in seats_in(d, zone) for c in objectives_of(d, i)]


@dataclass(frozen=True, slots=True)
class RevealMissionTop(Work):
    """Make the Mission deck's top card known (it lies objective side up)."""


@KERNEL.handles(RevealMissionTop)
@implements("MISSION.DECK-OBJECTIVE-UP")
def reveal_mission_top(d: Draft, work: RevealMissionTop) -> None:
    """The Mission deck lies objective side up, so its top card is always known: reveal it at once."""
    if d.mission_deck and not d.mission_deck.top_known():
        d.now(work)
        needs_reveal(d, MISSION)


def _enter_play_area(d: Draft, seat: int, card: str, clause: str) -> None:
    add_to(d, ("seat", seat, "play"), card)
    cdef = current_def(d, card)
    if cdef.hp:
        d.set_hp(card, cdef.hp)
    put_into_play(d, card, clause, d.seats[seat].zone, seat)


@dataclass(frozen=True, slots=True)
class TakeObjective(Work):
    """The player of ``seat`` takes the Mission deck's top card (under ``clause``)."""

    seat: int
    clause: str


@KERNEL.handles(TakeObjective)
@implements("HERO.OPT.TAKE")
def take_objective(d: Draft, work: TakeObjective) -> None:
    """Move the Mission deck's top card into the play area, objective side up."""
    seat, clause = work.seat, work.clause
    card = take_card(d, MISSION, work)  # the Mission deck is never refilled
    if card is None:
        return
    _enter_play_area(d, seat, card, clause)
    d.emit("objective-taken", clause, zone=d.seats[seat].zone, card=card, detail=f"hero {seat + 1}")
    d.now(RevealMissionTop())


@implements("CLAR.REWARD-NO-OBJECTIVE")
def put_under_mission_deck(d: Draft, card: str, clause: str) -> None:
    """A card entering the Mission deck goes objective side up; only this gives a reward its objective text back."""
    was = remove(d, card)
    announce(d, card, clause, was=play_zone(d, was), now=0, holder=was[1] if was[0] == "seat" else -1)
    if card in d.reward_side:
        d.flip_to_objective(card)
    d.mission_deck = d.mission_deck.put_bottom(card)
    d.emit("to-mission-deck", clause, card=card)


@implements("HERO.OPT.SWAP")
def swap_objective(d: Draft, seat: int, card: str) -> None:
    """Send the objective to the bottom of the Mission deck, then take the top card."""
    put_under_mission_deck(d, card, "HERO.OPT.SWAP")
    d.now(TakeObjective(seat, "HERO.OPT.SWAP"))


@implements("HERO.OPT.TRADE", "CLAR.TRADE-KEEPS-STATE")
def trade_objectives(d: Draft, seat: int, mine: str, other_seat: int, theirs: str) -> None:
    """Exchange two objectives between play areas in one zone; tokens and current HP travel with them."""
    a, b = d.seats[seat], d.seats[other_seat]
    d.seat_update(seat, play=tuple(theirs if c == mine else c for c in a.play))
    d.seat_update(other_seat, play=tuple(mine if c == theirs else c for c in b.play))
    d.emit("objective-traded", "HERO.OPT.TRADE", zone=a.zone, card=mine, target=theirs, detail=f"hero {seat + 1} <-> hero {other_seat + 1}")


@implements("HERO.OPT.SHUFFLE")
def shuffle_mission_deck(d: Draft) -> None:
    d.mission_deck = d.mission_deck.shuffle()
    d.emit("shuffle", "HERO.OPT.SHUFFLE", detail="the Mission deck")
    d.now(RevealMissionTop())


# --- objective costs and completion --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseDiscardToPay(Ask):
    """Which card the player of ``seat`` discards to pay for an objective."""

    seat: int


@dataclass(frozen=True, slots=True)
class AddObjectiveToken(Work):
    """A token on ``objective``, paid for by the player of ``seat``."""

    objective: str
    seat: int


def pay_objective(d: Draft, seat: int, objective: str) -> None:
    """A player in the objective's zone pays its cost: discard a card, put a token on it."""
    d.now(AddObjectiveToken(objective, seat))
    hand = d.seats[seat].hand
    d.ask(ChooseDiscardToPay(tuple(Decision("discard", f"hero {seat + 1}", card=c, target=objective) for c in distinct(hand)), seat))


@KERNEL.handles(ChooseDiscardToPay)
def _paid(d: Draft, ask: ChooseDiscardToPay, decision: Decision) -> None:
    discard_from_hand(d, ask.seat, decision.card)


@KERNEL.handles(AddObjectiveToken)
def add_objective_token(d: Draft, work: AddObjectiveToken) -> None:
    objective, seat = work.objective, work.seat
    if not is_objective(d, objective):
        return
    n = d.tokens.get(objective, 0) + 1
    d.set_tokens(objective, n)
    d.emit("objective-token", "MISSION.OBJECTIVE-COMPLETION", zone=d.seats[seat].zone, card=objective, amount=n)
    if n >= PHYSICAL[objective].tokens_needed:
        complete_objective(d, objective)


@dataclass(frozen=True, slots=True)
class ChooseTokenObjective(Ask):
    """Which objective in the zone an instruction puts a token on."""

    ctx: Ctx


@handles(v.AddToken)
def _add_token(d: Draft, op, ctx: Ctx) -> None:
    objs = [o for o in objectives_in_zone(d, ctx.zone) if PHYSICAL[o].tokens_needed]
    if not objs or ctx.seat < 0:
        return
    d.ask(ChooseTokenObjective(tuple(Decision("target", actor(ctx), card=ctx.source, target=o) for o in objs), ctx))


@KERNEL.handles(ChooseTokenObjective)
def _token_chosen(d: Draft, ask: ChooseTokenObjective, decision: Decision) -> None:
    add_objective_token(d, AddObjectiveToken(decision.target, ask.ctx.seat))


@defeats(Defeat.OBJECTIVE)
@implements("MISSION.OBJECTIVE-COMPLETION", "MISSION.DOUBLE-SIDED")
def complete_objective(d: Draft, card: str) -> None:
    """An achieved objective flips to its reward side in the same play area.

    Flipping removes every token; a reward with HP starts at its printed HP.  Completing an
    objective is a Shield task.
    """
    seat = seat_holding(d, card)
    flip_clears_tokens(d, card)
    d.flip_to_reward(card)
    flip_restores_hp(d, card)
    reward = current_def(d, card)
    d.emit(
        "objective-completed", "MISSION.OBJECTIVE-COMPLETION", zone=d.seats[seat].zone if seat >= 0 else 0, card=card, detail=reward.name
    )
    shield_task(d, "objective completed")


@implements("CLAR.FLIP-CLEARS-TOKENS")
def flip_clears_tokens(d: Draft, card: str) -> None:
    """Flipping an objective removes every token on it."""
    d.set_tokens(card, 0)


@implements("CLAR.FLIP-RESTORES-HP")
def flip_restores_hp(d: Draft, card: str) -> None:
    """A card flipped to a side with HP starts at that side's printed HP (and a side without HP has none)."""
    d.drop_hp(card)
    reward = current_def(d, card)
    if reward.hp:
        d.set_hp(card, reward.hp)


@dataclass(frozen=True, slots=True)
class ChooseReclaimed(Ask):
    """Which reward in the zone goes back under the Mission deck."""

    ctx: Ctx


@handles(v.ReclaimReward)
def _reclaim(d: Draft, op, ctx: Ctx) -> None:
    rewards = [c for i in seats_in(d, ctx.zone) for c in d.seats[i].play if c in d.reward_side]
    if not rewards:
        return
    d.ask(ChooseReclaimed(tuple(Decision("target", "players", card=ctx.source, target=c) for c in rewards), ctx))


@KERNEL.handles(ChooseReclaimed)
def _reclaimed(d: Draft, ask: ChooseReclaimed, decision: Decision) -> None:
    put_under_mission_deck(d, decision.target, "CLAR.REWARD-NO-OBJECTIVE")
    d.now(RevealMissionTop())
