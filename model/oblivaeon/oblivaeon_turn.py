"""OblivAeon's turn: the first turn of every round, in the battle zone where he stands."""

from __future__ import annotations

from dataclasses import dataclass

from oblivaeon_verify.model.common.kernel import Work
from oblivaeon_verify.model.oblivaeon.battle_zones import OBLIVAEON, current_def, other
from oblivaeon_verify.model.oblivaeon.chance import Refill, take_card
from oblivaeon_verify.model.oblivaeon.clauses import implements
from oblivaeon_verify.model.oblivaeon.draft import KERNEL, Ctx, Draft
from oblivaeon_verify.model.oblivaeon.heroes import play_card
from oblivaeon_verify.model.oblivaeon.oblivaeon_forms import oblivaeon_end, oblivaeon_start
from oblivaeon_verify.model.oblivaeon.triggers import push_triggers

OBLIVAEON_DECK = ("oblivaeon",)


def start(d: Draft) -> None:
    push_triggers(d, "start", "oblivaeon", "CLAR.OA-TURN-IS-VILLAIN-TURN")
    oblivaeon_start(d)


@dataclass(frozen=True, slots=True)
class PlayOblivAeonTop(Work):
    """OblivAeon plays his deck's top card."""


@implements("OA-TURN.PLAY")
def play(d: Draft) -> None:
    """He plays his deck's top card; an ongoing card goes to the battle zone it names."""
    d.now(PlayOblivAeonTop())


@KERNEL.handles(PlayOblivAeonTop)
def _play_top(d: Draft, work: PlayOblivAeonTop) -> None:
    card = take_card(d, OBLIVAEON_DECK, work, refill=Refill("OA-TURN.PLAY", "OblivAeon's trash shuffled into his deck"))
    if card is None:
        return
    cdef = current_def(d, card)
    zone = d.oblivaeon_zone
    if cdef.type != "one-shot" and cdef.zone == "other":
        zone = other(zone)
    play_card(d, card, Ctx(card, "villain", -1, zone, clause="OA-TURN.PLAY"), ("zone", zone, "villain_play"))


def end(d: Draft) -> None:
    oblivaeon_end(d)
    push_triggers(d, "end", "oblivaeon", "CLAR.OA-TURN-IS-VILLAIN-TURN")


__all__ = ["start", "play", "end", "OBLIVAEON"]
