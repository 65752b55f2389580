"""The Inevitable Destruction card: Devastation tokens and the Countdown.

Devastation changes only through the three battle-zone rules and the Booklet; every change is an
event carrying the amount actually moved, so the ledger invariant can add them up.
"""

from __future__ import annotations

from dataclasses import dataclass

from oblivaeon_verify.model.common.kernel import Work
from oblivaeon_verify.model.oblivaeon import vocabulary as v
from oblivaeon_verify.model.oblivaeon.battle_zones import heroes_in
from oblivaeon_verify.model.oblivaeon.clauses import implements
from oblivaeon_verify.model.oblivaeon.draft import KERNEL, Ctx, Draft
from oblivaeon_verify.model.oblivaeon.effects import resolve
from oblivaeon_verify.model.oblivaeon.environments import remove_environment


def add_devastation(d: Draft, n: int, clause: str, zone: int = 0) -> None:
    if n <= 0:
        return
    d.devastation += n
    d.emit("devastation", clause, zone=zone, amount=n, detail=f"now {d.devastation}")


def remove_devastation(d: Draft, n: int, clause: str, zone: int = 0) -> None:
    """Tokens leave the card; there are never fewer than none (the event records what actually left)."""
    taken = min(n, d.devastation)
    d.devastation -= taken
    d.emit("devastation", clause, zone=zone, amount=-taken, detail=f"now {d.devastation}")


@implements("BZ.DEV.SCIONS-OUTNUMBER")
def scions_outnumber(d: Draft, zone: int) -> None:
    """Start of a villain turn: more Scions than heroes in the zone adds one Devastation per Scion there."""
    scions = len(d.zones[zone - 1].scions)
    if scions > heroes_in(d, zone):
        add_devastation(d, scions, "BZ.DEV.SCIONS-OUTNUMBER", zone)


@implements("ID.COUNTDOWN")
def countdown_tick(d: Draft) -> None:
    """Start of OblivAeon's turn: one Countdown token goes; at zero the Booklet's terrible thing happens.

    ASSUMPTION (Parameters): the terrible thing adds Devastation, OblivAeon hits each hero target
    in his zone, and the Countdown starts over.
    """
    d.countdown = max(0, d.countdown - d.params.countdown_tick)
    d.emit("countdown", "ID.COUNTDOWN", amount=d.countdown)
    if d.countdown == 0:
        d.emit("countdown-expired", "ID.COUNTDOWN", zone=d.oblivaeon_zone)
        add_devastation(d, d.params.countdown_expiry_devastation, "ID.COUNTDOWN", d.oblivaeon_zone)
        d.countdown = d.params.countdown_start
        if d.params.countdown_expiry_damage:
            resolve(
                d,
                (v.Damage(d.params.countdown_expiry_damage, "infernal", v.Target("hero", "each")),),
                Ctx("oblivaeon", "oblivaeon", -1, d.oblivaeon_zone, clause="ID.COUNTDOWN"),
            )


@dataclass(frozen=True, slots=True)
class DevastationCheck(Work):
    """The Booklet's Devastation check at the end of OblivAeon's turn."""


@KERNEL.handles(DevastationCheck)
@implements("ID.DEVASTATION")
def devastation_check(d: Draft, work: DevastationCheck) -> None:
    """End of OblivAeon's turn: enough Devastation is spent to destroy the environment in his zone.

    ASSUMPTION (Parameters.devastation_threshold): the Booklet's number and which zone it strikes.
    """
    threshold = d.params.devastation_threshold
    if threshold and d.devastation >= threshold:
        remove_devastation(d, threshold, "ID.DEVASTATION", d.oblivaeon_zone)
        zone = d.oblivaeon_zone
        env = d.zones[zone - 1].environment
        if env is not None:
            d.emit("environment-destroyed", "ID.DEVASTATION", zone=zone, card=env)
            remove_environment(d, env, zone, "ID.DEVASTATION")
