"""OblivAeon himself: the Booklet's forms and turn effects, and the Shield.

ASSUMPTION (Parameters): the Booklet's and the Shield sides' texts are not in the rulebook; the
stand-ins are documented on each parameter.
"""

from __future__ import annotations

from oblivaeon_verify.model.oblivaeon import vocabulary as v
from oblivaeon_verify.model.oblivaeon.battle_zones import OBLIVAEON, heroes_in
from oblivaeon_verify.model.oblivaeon.clauses import implements
from oblivaeon_verify.model.oblivaeon.decisions import Decision
from oblivaeon_verify.model.oblivaeon.draft import Ctx, Draft, continuation, resume


@implements("OA-TURN.ZONE")
def booklet_ctx(d: Draft, clause: str = "OA-TURN.START") -> Ctx:
    """The Booklet acts in OblivAeon's zone unless it says otherwise (OA-TURN.ZONE)."""
    return Ctx(OBLIVAEON, "oblivaeon", -1, d.oblivaeon_zone, clause=clause)


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


@implements("SHIELD.TASKS")
def shield_task(d: Draft, what: str) -> None:
    """A task done for the Shield: enough flip it, then enough more and it removes itself from the game."""
    if not d.shield_side:
        return
    d.shield_tasks += 1
    spec = d.params.shield(d.shield)
    d.emit("shield-task", "SHIELD.TASKS", amount=d.shield_tasks, detail=what)
    if d.shield_side == 1 and d.shield_tasks >= spec.flip_after_tasks:
        d.shield_side = 2
        d.emit("shield-flipped", "SHIELD.TASKS", card=d.shield)
    if d.shield_side == 2 and d.shield_tasks >= spec.remove_after_tasks:
        d.shield_side = 0
        d.out = d.out + (shield_card(d.shield),)
        d.emit("shield-removed", "CLAR.SHIELD-INDESTRUCTIBLE", card=d.shield, detail="removed itself from the game")


def shield_card(name: str) -> str:
    from oblivaeon_verify.model.oblivaeon.cards import slug

    return f"shield:{slug(name)}"


@implements("OA-TURN.START")
def oblivaeon_start(d: Draft) -> None:
    """Start of OblivAeon's turn: the Booklet (Countdown, form effects), then the Shield if in play."""
    from oblivaeon_verify.model.oblivaeon.inevitable_destruction import countdown_tick

    ctx = booklet_ctx(d)
    # Pushed in reverse: the Booklet's effects resolve first, then the Shield's.
    if d.shield_side and not (d.zones[0].scions or d.zones[1].scions):
        d.push_call("bring-forth", d.oblivaeon_zone, "OA-TURN.START")
    if d.form >= d.params.erase_in_form:
        d.push_call("erase", d.oblivaeon_zone)
    if d.form == 2 and d.params.form2_damage:
        d.push_ops((v.Damage(d.params.form2_damage, "infernal", v.Target("hero", "highest-hp")),), ctx)
    countdown_tick(d)


@implements("OA-TURN.END", "AEON-MEN.ON-INSTRUCTION")
def oblivaeon_end(d: Draft) -> None:
    """End of OblivAeon's turn: the Shield hits the heroes in his zone; the Booklet may call Aeon Men
    and spends Devastation to destroy an environment."""
    ctx = booklet_ctx(d, "OA-TURN.END")
    d.push_call("devastation-check")
    if d.form >= d.params.aeon_men_from_form:
        d.push_ops((v.PlayAeonMen(1),), ctx)
    if d.shield_side:
        spec = d.params.shield(d.shield)
        hit = spec.start_damage + (1 if d.shield_side == 2 else 0)
        if hit and heroes_in(d, d.oblivaeon_zone):
            d.push_ops(
                (v.Damage(hit, "infernal", v.Target("hero", "each")),),
                Ctx(shield_card(d.shield), "oblivaeon", -1, d.oblivaeon_zone, clause="OA-TURN.END"),
            )


@continuation("erase")
@implements("CLAR.ERASED")
def erase(d: Draft, zone: int) -> None:
    """The third form erases the hero with the lowest HP in his zone: incapacitated, never to return."""
    from oblivaeon_verify.model.oblivaeon.battle_zones import reachable_targets

    chars = reachable_targets(d, booklet_ctx(d), "hero", "zone", characters_only=True)
    if not chars:
        return
    low = min(d.hp[c] for c in chars)
    chars = [c for c in chars if d.hp[c] == low]
    if len(chars) == 1:
        _erase(d, chars[0])
        return
    d.push_choice("erase", [Decision("target", "players", card=OBLIVAEON, target=c) for c in chars], ())


@resume("erase")
def _erase_chosen(d: Draft, decision: Decision, payload: tuple) -> None:
    _erase(d, decision.target)


def _erase(d: Draft, card: str) -> None:
    from oblivaeon_verify.model.oblivaeon.incapacitation import character_falls

    character_falls(d, card, erased=True)
