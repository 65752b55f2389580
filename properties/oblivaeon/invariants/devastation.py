"""Devastation and the Countdown: where Devastation tokens come from and how the Countdown moves.

Devastation changes only by the three zone rules and the Booklet and never goes below none; the Countdown
moves once per OblivAeon turn, one space at a time, and stays on its track.
"""

from __future__ import annotations

from collections import Counter

from oblivaeon_verify.model.oblivaeon.cards import SENTINELS
from oblivaeon_verify.properties.oblivaeon.invariants.readers import ZoneCounts, opens_a_turn
from oblivaeon_verify.properties.oblivaeon.invariants.registry import DEV_CLAUSES, state, step

from oblivaeon_verify.words import count


@state("devastation-never-negative", "ID.DEVASTATION", "BZ.DEV.SCION-REMOVED", reads=("devastation",))
def devastation_non_negative(s):
    """There are never fewer than no Devastation tokens."""
    if s.devastation < 0:
        yield f"Devastation is {s.devastation}"


@step(
    "devastation-ledger",
    "ID.DEVASTATION",
    "BZ.DEV.SCIONS-OUTNUMBER",
    "BZ.DEV.SCION-REMOVED",
    "BZ.DEV.HERO-INCAP",
    events=("devastation",),
    changes=("devastation",),
)
def devastation_ledger(st):
    """Devastation changes by exactly the sum of the Devastation events, and only the three zone rules and the Booklet make them."""
    total = 0
    running = st.before.devastation
    for e in st.events:
        if e.kind != "devastation":
            continue
        if e.clause not in DEV_CLAUSES:
            yield f"Devastation changed by {e.amount} under {e.clause}, which is no Devastation rule"
        total += e.amount
        running += e.amount
        if running < 0:
            yield f"Devastation would go to {running} under {e.clause}"
    if st.after.devastation - st.before.devastation != total:
        yield f"Devastation went {st.before.devastation} -> {st.after.devastation} but the events add up to {total:+d}"


@step("incapacitation-adds-devastation", "BZ.DEV.HERO-INCAP", events=("hero-incapacitated", "devastation"))
def incap_adds_devastation(st):
    """Each incapacitated hero adds one Devastation in its zone (the Sentinels once, as a team)."""
    falls = [e for e in st.events if e.kind == "hero-incapacitated" and e.detail != SENTINELS]
    adds = [e for e in st.events if e.kind == "devastation" and e.clause == "BZ.DEV.HERO-INCAP"]
    if sorted(e.zone for e in falls) != sorted(e.zone for e in adds) or any(e.amount != 1 for e in adds):
        yield f"{count(len(falls), 'hero')} incapacitated but {count(len(adds), 'Devastation event')} for it ({[e.amount for e in adds]})"
    # The team falls as one hero: its one token cites CLAR.SENTINELS; The Bloodstone may add one more
    # without a fall, under the devastation-then-revive reading.
    team = Counter(e.zone for e in st.events if e.kind == "hero-incapacitated" and e.detail == SENTINELS)
    team_adds = Counter(e.zone for e in st.events if e.kind == "devastation" and e.clause == "CLAR.SENTINELS" and e.amount == 1)
    if team - team_adds:
        yield f"The Sentinels fell in battle zones {sorted((team - team_adds).elements())} without adding their Devastation token"


@step("scion-removal-removes-devastation", "BZ.DEV.SCION-REMOVED", events=("scion-removed",))
def scion_removal_devastation(st):
    """Each Scion removed from the game takes one Devastation token away (if there is one)."""
    running = st.before.devastation
    expect_next = False
    for e in st.events:
        if e.kind == "scion-removed":
            if expect_next:
                yield "a Scion left the game without taking a Devastation token"
            expect_next = True
            continue
        if e.kind == "devastation":
            if expect_next and e.clause == "BZ.DEV.SCION-REMOVED":
                if e.amount != -min(1, running):
                    yield f"a Scion left the game and Devastation moved by {e.amount} with {running} on the card"
                expect_next = False
            running += e.amount
    if expect_next:
        yield "a Scion left the game without taking a Devastation token"


@step("scions-outnumbering-heroes-add-devastation", "BZ.DEV.SCIONS-OUTNUMBER", "VILLAIN.START", events=("turn",))
def scions_outnumber(st):
    """At the start of each villain turn, a zone with more Scions than heroes gains one Devastation per Scion there, and no other zone does."""
    if not opens_a_turn(st.events, "Villain turn"):
        return
    counts = ZoneCounts(st.before, st.after)
    events = st.events
    for i, e in enumerate(events):
        if e.kind == "turn" and e.detail.endswith("Villain turn"):
            zone = e.zone
            scions = len(counts.scions[zone])
            want = scions if scions > counts.heroes_in(zone) else 0
            got = 0
            for f in events[i + 1 :]:
                if f.kind == "turn":
                    break
                if f.kind == "devastation" and f.clause == "BZ.DEV.SCIONS-OUTNUMBER":
                    got = f.amount
                    break
            if got != want:
                yield f"{e.detail}: {count(scions, 'Scion')} and {count(counts.heroes_in(zone), 'hero')} should add {want} Devastation, added {got}"
        counts.apply(e)


@state("countdown-on-its-track", "SETUP.INEVITABLE-DESTRUCTION", "ID.COUNTDOWN", reads=("countdown", "setup"))
def countdown_on_track(s):
    """The Countdown token stays on its track, between space 1 and its starting space."""
    if not 1 <= s.countdown <= s.setup.params.countdown_start:
        yield f"Countdown on space {s.countdown}, off the track 1..{s.setup.params.countdown_start}"


@step("countdown-ticks-once-per-oblivaeon-turn", "ID.COUNTDOWN", "OA-TURN.START", events=("turn", "countdown"), changes=("countdown",))
def countdown_ticks(st):
    """The Countdown moves only at the start of OblivAeon's turn, one space at a time, and starts over when it runs out."""
    p = st.before.setup.params
    c = st.before.countdown
    turns = sum(1 for e in st.events if e.kind == "turn" and e.detail == "OblivAeon's turn")
    ticks = 0
    for i, e in enumerate(st.events):
        if e.kind != "countdown":
            continue
        ticks += 1
        want = max(0, c - p.countdown_tick)
        if e.amount != want:
            yield f"Countdown went {c} -> {e.amount}, expected {want}"
        c = e.amount
        if c == 0:
            if not any(f.kind == "countdown-expired" for f in st.events[i + 1 : i + 2]):
                yield "the Countdown ran out without its Booklet effect"
            c = p.countdown_start
    if ticks != turns:
        yield f"{count(turns, 'OblivAeon turn')} began but the Countdown moved {count(ticks, 'time')}"
    if st.after.countdown != c:
        yield f"Countdown is {st.after.countdown} after the step, its events say {c}"
