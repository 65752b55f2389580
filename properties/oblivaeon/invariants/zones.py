"""Markers and battle zones: where the markers stand and what may act across the two zones.

Two battle zones with every marker in one of them, a hero count fixed for the whole game, a hero's targets hit in
its marker's zone, and nothing (a Mission card included) acting in the other zone unless its text reaches there.
"""

from __future__ import annotations

from oblivaeon_verify.model.oblivaeon.cards import PHYSICAL
from oblivaeon_verify.properties.oblivaeon.invariants.registry import state, step


@state(
    "markers-in-battle-zones",
    "SETUP.MARKERS",
    "SETUP.BATTLE-ZONES",
    "BZ.TWO-ZONES",
    "CLAR.ZONE-MEMBERSHIP",
    reads=("zones.number", "seats.marker", "seats.zone", "oblivaeon_zone"),
)
def markers_in_battle_zones(s):
    """Two battle zones; every hero marker (numbered in play order) and the OblivAeon marker stand in exactly one of them."""
    if tuple(z.number for z in s.zones) != (1, 2):
        yield f"battle zones are {[z.number for z in s.zones]}, not [1, 2]"
    for i, seat in enumerate(s.seats):
        if seat.marker != i + 1:
            yield f"play area {i + 1} holds marker #{seat.marker}"
        if seat.zone not in (1, 2):
            yield f"marker #{seat.marker} is in zone {seat.zone}"
    if s.oblivaeon_zone not in (1, 2):
        yield f"the OblivAeon marker is in zone {s.oblivaeon_zone}"


@state("hero-count-fixed", "CLAR.HERO-COUNT", "SETUP.HEROES", reads=("hero_count", "seats", "setup"))
def hero_count_fixed(s):
    """The hero count is the number of hero play areas at the start, for the whole game."""
    if not (s.hero_count == len(s.seats) == len(s.setup.heroes)):
        yield f"hero count {s.hero_count}, {len(s.seats)} play areas, {len(s.setup.heroes)} heroes at setup"


@step("play-area-in-marker-zone", "CLAR.ZONE-MEMBERSHIP", events=("damage", "heal"))
def play_area_in_marker_zone(st):
    """A hero and every target in its play area are hit in its marker's zone (checked on damage and healing of heroes that did not move)."""
    moved = any(e.kind == "hero-moved" for e in st.events)
    if moved:
        return
    for e in st.events:
        if e.kind not in ("damage", "heal") or not e.target:
            continue
        for seat in st.after.seats:
            if e.target in seat.characters or e.target in seat.play:
                if e.zone != seat.zone:
                    yield f"{e.kind} to {e.target} recorded in zone {e.zone}, but its hero's marker is in zone {seat.zone}"


@step("a-hero-s-card-acts-from-its-hero-s-zone", "CLAR.ZONE-MEMBERSHIP", "BZ.ISOLATION", events=("damage",))
def hero_card_acts_from_hero_zone(st):
    """A card in a hero's play area (or a character card) deals its damage from the battle zone of that hero's marker,
    where the marker stands at that moment: a card that moved its hero resolves the rest of its text there.  (A card
    in another hero's play area, such as Phased Hull Plating after it moved itself next to one, is left out: which
    zone it acts from then is a question the rulebook leaves open.)"""
    zone_of = [s.zone for s in st.before.seats]
    holder: dict[str, int] = {}
    for s in (st.before, st.after):
        for i, seat in enumerate(s.seats):
            for c in seat.characters:
                holder.setdefault(c, i)
            for c in seat.play:
                if c in PHYSICAL and PHYSICAL[c].deck == seat.hero:
                    holder.setdefault(c, i)
    for e in st.events:
        if e.kind == "hero-moved" and e.target in holder:
            zone_of[holder[e.target]] = e.zone
        elif e.kind == "card-moved":
            holder.pop(e.card, None)
        elif e.kind == "damage" and e.source_zone and e.card in holder and e.source_zone != zone_of[holder[e.card]]:
            i = holder[e.card]
            yield f"{e.card} dealt damage from zone {e.source_zone} while hero {i + 1}'s marker stood in zone {zone_of[i]}"


@step("battle-zone-isolation", "BZ.ISOLATION")
def battle_zone_isolation(st):
    """Nothing in one zone affects the other unless its card reaches across."""
    reach_of_damage: dict[str, str] = {}
    for e in st.events:
        if e.kind == "damage":
            reach_of_damage[e.target] = e.reach
        # A card destroyed by damage is recorded without the damage's reach: it inherits it.
        if e.kind == "destroyed" and reach_of_damage.get(e.target, "zone") != "zone":
            continue
        if e.zone and e.source_zone and e.zone != e.source_zone and e.reach == "zone":
            yield f"[{e.clause}] {e.kind} by {e.card} from zone {e.source_zone} reached zone {e.zone} without text saying so"


_MISSION_CARDS = frozenset(card for card, cdef in PHYSICAL.items() if cdef.deck == "Mission")
"""The Mission cards (looked up for every event of every step)."""


@step("mission-cards-act-in-their-zone", "CLAR.MISSION-ZONE")
def mission_cards_in_zone(st):
    """A Mission card acts only in its hero's zone, and only players there pay or interact with objectives."""
    for e in st.events:
        if e.reach == "move":
            continue  # carried to the other zone with its hero's play area: moved, not acting
        if e.card in _MISSION_CARDS and e.zone and e.source_zone and e.zone != e.source_zone:
            yield f"Mission card {e.card} acted in zone {e.zone} from zone {e.source_zone}"
    d = st.decision
    if d.kind == "pay-objective":
        payer = int(d.actor.split()[1]) - 1
        zone = st.before.seats[payer].zone
        holder = next((i for i, seat in enumerate(st.before.seats) if d.target in seat.play), -1)
        if holder >= 0 and st.before.seats[holder].zone != zone:
            yield f"hero {payer + 1} in zone {zone} interacted with {d.target} in zone {st.before.seats[holder].zone}"
