"""A battle zone's environment turn: start, play the top environment card, end."""

from __future__ import annotations

from oblivaeon_verify.model.oblivaeon.clauses import implements
from oblivaeon_verify.model.oblivaeon.draft import Ctx, Draft
from oblivaeon_verify.model.oblivaeon.environments import PlayEnvironmentTop
from oblivaeon_verify.model.oblivaeon.triggers import push_triggers


def start(d: Draft, zone: int) -> None:
    push_triggers(d, "start", "environment", "ENV.TURN", zone=zone)


@implements("ENV.TURN")
def play(d: Draft, zone: int) -> None:
    """Play the top card of the zone's environment deck."""
    d.now(PlayEnvironmentTop(zone, Ctx("", "environment", -1, zone, clause="ENV.TURN")))


def end(d: Draft, zone: int) -> None:
    push_triggers(d, "end", "environment", "ENV.TURN", zone=zone)
