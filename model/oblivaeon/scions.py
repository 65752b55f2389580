"""Scions: the Reserve they come from, entering play, and leaving the game."""

from __future__ import annotations

from dataclasses import dataclass

from oblivaeon_verify.model.common.kernel import Ask, Work
from oblivaeon_verify.model.oblivaeon import vocabulary as v
from oblivaeon_verify.model.oblivaeon.battle_zones import OBLIVAEON, reachable_targets
from oblivaeon_verify.model.oblivaeon.cards import SCION_PANELS
from oblivaeon_verify.model.oblivaeon.chance import take_card
from oblivaeon_verify.model.oblivaeon.clauses import implements
from oblivaeon_verify.model.oblivaeon.decisions import Decision
from oblivaeon_verify.model.oblivaeon.draft import KERNEL, Ctx, Draft
from oblivaeon_verify.model.oblivaeon.effects import Defeat, defeats, handles, picked
from oblivaeon_verify.model.oblivaeon.inevitable_destruction import remove_devastation
from oblivaeon_verify.model.oblivaeon.places import move, put_into_play
from oblivaeon_verify.model.oblivaeon.shield import shield_task

RESERVE = ("reserve",)


@dataclass(frozen=True, slots=True)
class BringForth(Work):
    """A Scion enters battle zone ``zone`` from the Reserve (under ``clause``)."""

    zone: int
    clause: str


@KERNEL.handles(BringForth)
@implements("CLAR.SCIONS-FROM-BOTTOM", "SETUP.SECOND-SCION")
def bring_forth(d: Draft, work: BringForth) -> None:
    """A Scion enters play from the bottom of the Scion Reserve (the Reserve is no deck: nothing else draws from it)."""
    zone, clause = work.zone, work.clause
    if not d.reserve:
        d.emit("reserve-empty", "CLAR.SCIONS-FROM-BOTTOM", zone=zone)
        return
    card = take_card(d, RESERVE, work, end="bottom")  # the Reserve is never refilled
    if card is None:
        return
    d.zone_update(zone, scions=d.zones[zone - 1].scions + (card,))
    d.set_hp(card, d.params.scion_hp(SCION_PANELS[card].difficulty))
    d.emit("scion-enters", clause, zone=zone, card=card)
    put_into_play(d, card, clause, zone)


@handles(v.BringForthScion)
def _bring_forth_op(d: Draft, op: v.BringForthScion, ctx: Ctx) -> None:
    zone = ctx.zone
    if op.where == "fewest-scions":
        a, b = len(d.zones[0].scions), len(d.zones[1].scions)
        zone = ctx.zone if a == b else (1 if a < b else 2)
    bring_forth(d, BringForth(zone, "CLAR.SCIONS-FROM-BOTTOM"))


@defeats(Defeat.SCION)
@implements("BZ.DEV.SCION-REMOVED")
def scion_defeated(d: Draft, card: str) -> None:
    """A Scion at 0 HP leaves the game and takes one Devastation token with it.

    Rainek Kel'Voss flips the first time instead and usurps OblivAeon's power (ASSUMPTION, Parameters).
    """
    zone = next(z.number for z in d.zones if card in z.scions)
    if SCION_PANELS[card].rainek and not d.usurped:
        d.usurped = True
        d.set_hp(card, d.params.rainek_flipped_hp)
        d.emit("rainek-usurps", "CLAR.RITES-OF-REVIVAL", zone=zone, card=card)
        return
    remove_scion_from_game(d, card, zone)


def remove_scion_from_game(d: Draft, card: str, zone: int, by: str = "") -> None:
    """A Scion leaves the game (taken out by the card ``by``, when a card's text removes it: its record names it)."""
    move(d, card, ("scions_out",), "BZ.DEV.SCION-REMOVED", by=by)
    if SCION_PANELS[card].rainek:
        d.usurped = False
    d.emit("scion-removed", "BZ.DEV.SCION-REMOVED", zone=zone, card=card)
    remove_devastation(d, 1, "BZ.DEV.SCION-REMOVED", zone)
    shield_task(d, "Scion removed")


@handles(v.RemoveLowestVillain)
@implements("CLAR.OA-NOT-REMOVABLE")
def unforgiving_wasteland(d: Draft, op, ctx: Ctx) -> None:
    """Remove the weakest villain target here from the game; OblivAeon himself can never be removed this way."""
    cands = reachable_targets(d, ctx, "villain", "zone")
    if OBLIVAEON in cands:
        cands.remove(OBLIVAEON)
        if d.hp[OBLIVAEON] <= d.params.wasteland_max_hp:
            d.emit("not-removable", "CLAR.OA-NOT-REMOVABLE", zone=ctx.zone, card=ctx.source, target=OBLIVAEON)
    cands = [c for c in cands if d.hp[c] <= d.params.wasteland_max_hp]
    if not cands:
        return
    low = min(d.hp[c] for c in cands)
    cands = [c for c in cands if d.hp[c] == low]
    picked(
        d,
        ctx,
        "removal from the game",
        f"the villain target with the lowest HP in this battle zone, at most {d.params.wasteland_max_hp}",
        v.NAMED_SIDES["villain"],
        cands,
        True,
    )
    if len(cands) == 1:
        remove_from_game(d, cands[0], ctx)
        return
    d.ask(ChooseRemovedVillain(tuple(Decision("target", "players", card=ctx.source, target=c) for c in cands), ctx))


@dataclass(frozen=True, slots=True)
class ChooseRemovedVillain(Ask):
    """Which of the villain targets tied for the lowest HP leaves the game."""

    ctx: Ctx


@KERNEL.handles(ChooseRemovedVillain)
def _wasteland_chosen(d: Draft, ask: ChooseRemovedVillain, decision: Decision) -> None:
    remove_from_game(d, decision.target, ask.ctx)


def remove_from_game(d: Draft, card: str, ctx: Ctx) -> None:
    if card in SCION_PANELS:
        remove_scion_from_game(d, card, ctx.zone, by=ctx.source)
        return
    move(d, card, ("out",), "ENV.TURN", by=ctx.source)
