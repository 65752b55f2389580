"""Round order: the turns follow the rulebook's round, and a fallen hero is replaced between turns.

A player whose hero fell sets up the new one before the next turn begins, and the new hero is offered the move.
"""

from __future__ import annotations

from operator import attrgetter

from oblivaeon_verify.model.common.kernel import scheduled
from oblivaeon_verify.model.oblivaeon.incapacitation import ReplacementMove
from oblivaeon_verify.properties.common.views import per_state
from oblivaeon_verify.properties.oblivaeon.invariants.readers import round_labels, seat_of_character
from oblivaeon_verify.properties.oblivaeon.invariants.registry import step

_KIND = attrgetter("kind")


@step(
    "round-order",
    "ROUND.ORDER",
    "ROUND.HERO-ORDER",
    "OA-TURN.FIRST",
    "ROUND.REPEAT",
    "VILLAIN.TURN-PER-ZONE",
    "ENV.TURN",
    events=("round", "turn"),
)
def round_order(st):
    """Turns follow the round: OblivAeon, the heroes by marker, then each zone's environment and villain turns, zone 1 first; then it repeats."""
    labels = round_labels(st.before.hero_count)
    c = st.before.cursor
    pos = c.slot if c.phase >= 0 else -1
    rnd = c.round
    for e in st.events:
        if e.kind == "round":
            if pos != len(labels) - 1:
                yield f"a new round began after {labels[pos] if pos >= 0 else 'setup'}"
            rnd += 1
            if e.amount != rnd:
                yield f"round {e.amount} follows round {rnd - 1}"
        elif e.kind == "turn":
            nxt = (pos + 1) % len(labels)
            if e.detail != labels[nxt]:
                yield f"{e.detail} came where {labels[nxt]} was due"
                return
            pos = nxt


@step("replacement-hero-before-next-turn", "INCAP.REPLACEMENT", events=("turn",))
def replacement_before_next_turn(st):
    """A player whose hero fell sets up a new one when the current turn ends, before the next turn begins."""
    waiting = {i for i, seat in enumerate(st.before.seats) if seat.needs_hero}
    for e in st.events:
        if e.kind == "hero-incapacitated":
            i = seat_of_character((st.before, st.after), e.card)
            if i >= 0:
                waiting.add(i)
        elif e.kind == "hero-set-up" and e.detail.startswith("marker #"):
            waiting.discard(int(e.detail[len("marker #") :]) - 1)
        elif e.kind == "turn" and waiting:
            yield f"{e.detail} began while markers {sorted(i + 1 for i in waiting)} still wait for a new hero"
            return


@per_state
def _replacements_waiting(s) -> frozenset[int]:
    """The seats whose replacement hero waits to be offered the move (a shared view)."""
    return frozenset(w.seat for w in scheduled(s, ReplacementMove))


@step("replacement-may-move", "INCAP.REPLACEMENT-MOVE")
def replacement_may_move(st):
    """A newly set up replacement hero is offered the move to the other zone."""
    if st.after.outcome is not None:
        return

    waiting = _replacements_waiting
    if not waiting(st.before) and "hero-set-up" not in map(_KIND, st.events):
        return  # no replacement hero was set up or waited to move (every step asks: the kinds are looked through in C)
    due = waiting(st.before) - waiting(st.after)
    due |= {
        int(e.detail[len("marker #") :]) - 1 for e in st.events if e.kind == "hero-set-up" and e.clause == "INCAP.REPLACEMENT"
    } - waiting(st.after)
    for seat in due:
        offered = any(d.kind in ("stay", "move") and d.actor == f"hero {seat + 1}" for d in st.after.options)
        moved = any(e.kind == "hero-moved" and e.clause == "INCAP.REPLACEMENT-MOVE" for e in st.events)
        stayed = st.decision.kind in ("stay", "move")
        if not (offered or moved or stayed):
            yield f"marker #{seat + 1}'s replacement hero was not offered the move"
