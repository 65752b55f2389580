"""Temporary effects: what each covers, and when each ends, decided here and nowhere else.

An effect (``state.Temp``) covers by its scope: one target (it follows that target), its owner's hero (it follows the
hero), or everything in the battle zones its reach names (this one, the other one, the game: ``battle_zones.zones_reached``
decides, as for every effect); a zone-wide one covers later arrivals too unless its set was fixed when it was made.  Which zone a zone-wide effect covers once its owner has moved is the reading ``temp_zone_reading`` (the
rulebook is silent; BZ.ISOLATION says only that a zone's effects stay in it).  It ends at the end of the turn it was
made in, when its owner's next turn starts (or its owner falls), or when its card leaves play, as its ``until`` says.
"""

from __future__ import annotations

from oblivaeon_verify.model.oblivaeon.battle_zones import side_matches, target_side, zone_of_target, zones_reached
from oblivaeon_verify.model.oblivaeon.parameters import TempZoneReading
from oblivaeon_verify.model.oblivaeon.state import Temp


def covered_zone(d, t: Temp) -> int:
    """The battle zone a zone-wide effect is in now, from which its reach is counted."""
    if d.params.temp_zone_reading is TempZoneReading.FOLLOWS_OWNER and 0 <= t.owner < len(d.seats):
        return d.seats[t.owner].zone
    return t.zone


def covers(d, t: Temp, target: str) -> bool:
    """Whether the effect ``t`` covers ``target`` now (its side, then its scope and the zones its reach touches)."""
    if not side_matches(t.side, target_side(d, target)):
        return False
    if t.scope == "target":
        return target in (t.covered or ())
    if t.scope == "hero":
        return target in d.seats[t.owner].characters
    if t.covered is not None and target not in t.covered:
        return False
    return zone_of_target(d, target) in zones_reached(covered_zone(d, t), t.reach)


def reduction(d, target: str) -> int:
    """How much less damage ``target`` takes now."""
    return sum([t.amount for t in d.temps if covers(d, t, target)]) if d.temps else 0


def _end(d, ending, clause: str) -> None:
    gone = [t for t in d.temps if ending(t)]
    if not gone:
        return
    d.temps = tuple(t for t in d.temps if not ending(t))
    for t in gone:
        d.emit("temporary-effect-ended", clause, zone=t.zone, card=t.source, amount=t.amount, detail=t.until)


def owner_turn_starts(d, seat: int) -> None:
    """The effects lasting until their owner's next turn end as it starts."""
    _end(d, lambda t: t.owner == seat and t.until == "owner-next-turn", "HERO.CONTINUE")


def owner_falls(d, seat: int) -> None:
    """Every effect of a hero who falls ends with it (its cards leave play)."""
    _end(d, lambda t: t.owner == seat, "INCAP.CARDS-TO-BOX")


def turn_ends(d, turn: tuple[int, int]) -> None:
    """The effects lasting until the end of the turn ``(round, slot)`` end with it."""
    _end(d, lambda t: t.until == "end-of-turn" and t.made == turn, "ROUND.ORDER")


def source_leaves_play(d, card: str, clause: str) -> None:
    """The effects lasting while ``card`` is in play end when it leaves."""
    _end(d, lambda t: t.until == "source-leaves-play" and t.source == card, clause)
