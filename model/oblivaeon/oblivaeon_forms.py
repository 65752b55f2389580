"""OblivAeon himself: the Booklet's forms and turn effects, and the Shield.

ASSUMPTION (Parameters): the Booklet's and the Shield sides' texts are not in the rulebook; the
stand-ins are documented on each parameter.
"""

from __future__ import annotations

from dataclasses import dataclass

from oblivaeon_verify.model.common.kernel import Ask, Work
from oblivaeon_verify.model.oblivaeon import vocabulary as v
from oblivaeon_verify.model.oblivaeon.battle_zones import OBLIVAEON, heroes_in, reachable_targets
from oblivaeon_verify.model.oblivaeon.clauses import implements
from oblivaeon_verify.model.oblivaeon.decisions import Decision
from oblivaeon_verify.model.oblivaeon.draft import KERNEL, Ctx, Draft
from oblivaeon_verify.model.oblivaeon.effects import Defeat, defeats, picked, resolve
from oblivaeon_verify.model.oblivaeon.incapacitation import character_falls
from oblivaeon_verify.model.oblivaeon.inevitable_destruction import DevastationCheck, countdown_tick
from oblivaeon_verify.model.oblivaeon.scions import BringForth
from oblivaeon_verify.model.oblivaeon.shield import shield_card


@implements("OA-TURN.ZONE")
def booklet_ctx(d: Draft, clause: str = "OA-TURN.START") -> Ctx:
    """The Booklet acts in OblivAeon's zone unless it says otherwise (OA-TURN.ZONE)."""
    return Ctx(OBLIVAEON, "oblivaeon", -1, d.oblivaeon_zone, clause=clause)


@defeats(Defeat.OBLIVAEON)
def _oblivaeon_falls(d: Draft, target: str) -> None:
    form_defeated(d)


def form_defeated(d: Draft) -> None:
    """OblivAeon at 0 HP: the Booklet moves to his next form; beating the third wins the game."""
    zone = d.oblivaeon_zone
    d.emit("form-defeated", "SHIELD.TASKS", zone=zone, amount=d.form)
    if d.form >= len(d.params.forms_hp):
        d.drop_hp(OBLIVAEON)
        d.end("won", "OblivAeon's last form is defeated", "SHIELD.TASKS")
        return
    d.form += 1
    d.set_hp(OBLIVAEON, d.params.forms_hp[d.form - 1])


@implements("OA-TURN.START")
def oblivaeon_start(d: Draft) -> None:
    """Start of OblivAeon's turn: the Booklet (Countdown, form effects), then the Shield if in play."""
    ctx = booklet_ctx(d)
    # Each ``now`` goes before the work scheduled earlier, so the Booklet's effects resolve first, then the Shield's.
    if d.shield_side and not (d.zones[0].scions or d.zones[1].scions):
        d.now(BringForth(d.oblivaeon_zone, "OA-TURN.START"))
    if d.form >= d.params.erase_in_form:
        d.now(Erase(d.oblivaeon_zone))
    if d.form == 2 and d.params.form2_damage:
        resolve(d, (v.Damage(d.params.form2_damage, "infernal", v.Target("hero", "highest-hp")),), ctx)
    countdown_tick(d)


@implements("OA-TURN.END", "AEON-MEN.ON-INSTRUCTION")
def oblivaeon_end(d: Draft) -> None:
    """End of OblivAeon's turn: the Shield hits the heroes in his zone; the Booklet may call Aeon Men
    and spends Devastation to destroy an environment."""
    ctx = booklet_ctx(d, "OA-TURN.END")
    d.now(DevastationCheck())
    if d.form >= d.params.aeon_men_from_form:
        resolve(d, (v.PlayAeonMen(1),), ctx)
    if d.shield_side:
        spec = d.params.shield(d.shield)
        hit = spec.start_damage + (1 if d.shield_side == 2 else 0)
        if hit and heroes_in(d, d.oblivaeon_zone):
            resolve(
                d,
                (v.Damage(hit, "infernal", v.Target("hero", "each")),),
                Ctx(shield_card(d.shield), "oblivaeon", -1, d.oblivaeon_zone, clause="OA-TURN.END"),
            )


@dataclass(frozen=True, slots=True)
class Erase(Work):
    """The third form erases the lowest-HP hero in battle zone ``zone``."""

    zone: int


@dataclass(frozen=True, slots=True)
class ChooseErased(Ask):
    """Which of the heroes tied for the lowest HP is erased."""


@KERNEL.handles(Erase)
@implements("CLAR.ERASED")
def erase(d: Draft, work: Erase) -> None:
    """The third form erases the hero with the lowest HP in his zone: incapacitated, never to return."""
    ctx = booklet_ctx(d)
    chars = reachable_targets(d, ctx, "hero", "zone", characters_only=True)
    if not chars:
        return
    low = min(d.hp[c] for c in chars)
    chars = [c for c in chars if d.hp[c] == low]
    picked(d, ctx, "erasure", "the hero character card with the lowest HP in his battle zone", v.NAMED_SIDES["hero"], chars, True)
    if len(chars) == 1:
        _erase(d, chars[0])
        return
    d.ask(ChooseErased(tuple(Decision("target", "players", card=OBLIVAEON, target=c) for c in chars)))


@KERNEL.handles(ChooseErased)
def _erase_chosen(d: Draft, ask: ChooseErased, decision: Decision) -> None:
    _erase(d, decision.target)


def _erase(d: Draft, card: str) -> None:
    character_falls(d, card, erased=True)
