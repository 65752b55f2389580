"""Aeon Men: minions played only on a Scion's or the Booklet's instruction, never in a play phase."""

from __future__ import annotations

from dataclasses import dataclass

from oblivaeon_verify.model.common.kernel import Work
from oblivaeon_verify.model.oblivaeon import vocabulary as v
from oblivaeon_verify.model.oblivaeon.battle_zones import OBLIVAEON
from oblivaeon_verify.model.oblivaeon.cards import PHYSICAL, SCION_PANELS
from oblivaeon_verify.model.oblivaeon.chance import Refill, take_card
from oblivaeon_verify.model.oblivaeon.clauses import implements
from oblivaeon_verify.model.oblivaeon.draft import KERNEL, Ctx, Draft
from oblivaeon_verify.model.oblivaeon.effects import handles
from oblivaeon_verify.model.oblivaeon.heroes import play_card

AEON_DECK = ("aeon",)


@implements("AEON-MEN.ON-INSTRUCTION")
def may_instruct(source: str) -> bool:
    """Only a Scion (its panel or a Scion card) or the OblivAeon Booklet may put Aeon Men into play."""
    return source == OBLIVAEON or source in SCION_PANELS or (source in PHYSICAL and PHYSICAL[source].deck == "Scion")


@dataclass(frozen=True, slots=True)
class CallAeonMan(Work):
    """The Aeon Men deck's top card enters play on the instruction of the card in ``ctx``."""

    ctx: Ctx


@handles(v.PlayAeonMen)
def _play_aeon_men(d: Draft, op: v.PlayAeonMen, ctx: Ctx) -> None:
    if not may_instruct(ctx.source):
        raise ValueError(f"{ctx.source} may not play Aeon Men (AEON-MEN.ON-INSTRUCTION)")
    for _ in range(op.n):
        d.now(CallAeonMan(ctx))


@KERNEL.handles(CallAeonMan)
@implements("AEON-MEN.NOT-PLAYED-IN-PLAY-PHASES")
def play_aeon_man(d: Draft, work: CallAeonMan) -> None:
    """The Aeon Men deck's top card enters the instructing card's zone (this is the only way it is played)."""
    ctx = work.ctx
    card = take_card(d, AEON_DECK, work, refill=Refill("AEON-MEN.ON-INSTRUCTION", "the Aeon Men trash shuffled into their deck"))
    if card is None:
        return
    d.emit("aeon-man-called", "AEON-MEN.ON-INSTRUCTION", zone=ctx.zone, card=ctx.source, target=card)
    play_card(d, card, Ctx(card, "villain", -1, ctx.zone, clause="AEON-MEN.ON-INSTRUCTION"), ("zone", ctx.zone, "villain_play"))
