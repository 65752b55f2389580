"""Scions: every Scion accounted for, and how they enter play.

Each is in the Reserve, in play or out of the game; they enter from the bottom of the Reserve; OblivAeon's
turn brings one forth when none is in play.
"""

from __future__ import annotations

from collections import Counter

from oblivaeon_verify.model.common.kernel import scheduled, waiting_for
from oblivaeon_verify.model.oblivaeon.cards import SCION_PANELS
from oblivaeon_verify.model.oblivaeon.chance import Reveal
from oblivaeon_verify.model.oblivaeon.scions import BringForth
from oblivaeon_verify.properties.oblivaeon.invariants.readers import ZoneCounts, opens_a_turn
from oblivaeon_verify.properties.oblivaeon.invariants.registry import state, step


@state(
    "scions-accounted-for",
    "SETUP.FIRST-SCION",
    "SETUP.SCION-RESERVE",
    "SETUP.SECOND-SCION",
    "BZ.DEV.SCION-REMOVED",
    reads=("reserve", "zones.scions", "scions_out"),
)
def scions_accounted(s):
    """Reserve plus Scions in play plus Scions out of the game is every Scion, each once."""
    seen = list(s.reserve.cards()) + [c for z in s.zones for c in z.scions] + list(s.scions_out)
    if sorted(seen) != sorted(SCION_PANELS):
        yield f"Scions in Reserve/play/out: {sorted(Counter(seen).items())[:4]}..., expected each of {len(SCION_PANELS)} once"


@step("scions-enter-from-the-bottom", "CLAR.SCIONS-FROM-BOTTOM", "SETUP.SECOND-SCION", "OPTION.SCION-ORDER", events=("scion-enters",))
def scions_from_bottom(st):
    """A Scion that enters play is the bottom card of the Scion Reserve."""
    reserve = st.before.reserve
    choice = waiting_for(st.before)
    if isinstance(choice, Reveal) and choice.deck_ref == ("reserve",) and choice.end == "bottom":
        reserve = reserve.reveal_bottom(st.decision.card)
    for e in st.events:
        if e.kind != "scion-enters":
            continue
        if not reserve.bottom_known() and len(reserve.middle) == 1:
            reserve = reserve.reveal_bottom(reserve.middle[0])  # a forced reveal: one card could be there
        try:
            want = reserve.peek_bottom()
        except LookupError:
            yield f"{e.card} entered while the bottom of the Reserve was still unknown"
            return
        if e.card != want:
            yield f"{e.card} entered play, but the bottom of the Reserve was {want}"
            return
        _, reserve = reserve.take_bottom()


@step("bring-forth-fills-an-empty-field", "OA-TURN.START", "CLAR.SCIONS-FROM-BOTTOM", events=("turn",), changes=("agenda",))
def bring_forth_when_no_scion(st):
    """While the Shield is in play, OblivAeon's turn brings forth a Scion (from the Reserve) when none is in either zone;
    and a Bring Forth, once scheduled, brings one forth or finds the Reserve empty (a step that starts with one owed
    and ends with it gone shows which)."""
    brought = ("scion-enters", "reserve-empty")
    owed = len(scheduled(st.before, BringForth))
    if st.after.outcome is not None:
        return  # the game ended within the step: what was still scheduled is moot
    if owed > len(scheduled(st.after, BringForth)) and not any(e.kind in brought for e in st.events):
        yield "a Bring Forth owed when the step began was dropped without a Scion brought forth"
    if not opens_a_turn(st.events, "OblivAeon's turn"):
        return
    counts = ZoneCounts(st.before, st.after)
    shield = st.before.shield_side
    for i, e in enumerate(st.events):
        if e.kind == "turn" and e.detail == "OblivAeon's turn":
            none_left = not any(counts.scions.values())
            end = next((j for j in range(i + 1, len(st.events)) if st.events[j].kind == "turn"), None)
            if none_left and shield and len(st.before.reserve) > 0 and not any(f.kind in brought for f in st.events[i + 1 : end]):
                if end is not None or not scheduled(st.after, BringForth):
                    yield "OblivAeon's turn began with no Scion in play and none was brought forth"
        if e.kind == "shield-removed":
            shield = 0
        counts.apply(e)
