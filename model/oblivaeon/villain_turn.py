"""A battle zone's villain turn: start (Devastation check first), play a Scion card if a Scion is here, end."""

from __future__ import annotations

from dataclasses import dataclass

from oblivaeon_verify.model.common.kernel import Work
from oblivaeon_verify.model.oblivaeon.chance import Refill, take_card
from oblivaeon_verify.model.oblivaeon.clauses import implements
from oblivaeon_verify.model.oblivaeon.draft import KERNEL, Ctx, Draft
from oblivaeon_verify.model.oblivaeon.heroes import play_card
from oblivaeon_verify.model.oblivaeon.inevitable_destruction import scions_outnumber
from oblivaeon_verify.model.oblivaeon.triggers import push_triggers

SCION_DECK = ("scion",)


@implements("VILLAIN.START", "VILLAIN.TURN-PER-ZONE")
def start(d: Draft, zone: int) -> None:
    """The battle zone card's Devastation rule, then this zone's start-of-villain-turn effects."""
    push_triggers(d, "start", "villain", "VILLAIN.START", zone=zone)
    scions_outnumber(d, zone)


@dataclass(frozen=True, slots=True)
class PlayScionTop(Work):
    """Battle zone ``zone`` plays the Scion deck's top card."""

    zone: int


@implements("VILLAIN.PLAY-SCION-CARD")
def play(d: Draft, zone: int) -> None:
    """Only a zone with a Scion in it plays the Scion deck's top card."""
    if d.zones[zone - 1].scions:
        d.now(PlayScionTop(zone))
    else:
        d.emit("no-scion-card", "VILLAIN.PLAY-SCION-CARD", zone=zone, detail="no Scion in this zone")


@KERNEL.handles(PlayScionTop)
def _play_top(d: Draft, work: PlayScionTop) -> None:
    card = take_card(d, SCION_DECK, work, refill=Refill("VILLAIN.PLAY-SCION-CARD", "the Scion trash shuffled into the Scion deck"))
    if card is None:
        return
    zone = work.zone
    play_card(d, card, Ctx(card, "villain", -1, zone, clause="VILLAIN.PLAY-SCION-CARD"), ("zone", zone, "villain_play"))


@implements("VILLAIN.END")
def end(d: Draft, zone: int) -> None:
    push_triggers(d, "end", "villain", "VILLAIN.END", zone=zone)
