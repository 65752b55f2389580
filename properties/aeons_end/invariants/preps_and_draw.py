"""Preps and the draw phase: what must be offered.

In the main phase any spell in hand may be prepped to any empty breach that allows it; in the draw phase the player
chooses the order in which their played cards go on the discard pile.
"""

from __future__ import annotations

from oblivaeon_verify.model.aeons_end.cards import base, card_def
from oblivaeon_verify.properties.aeons_end.invariants.readers import acting, resting_in_phase, same_turn
from oblivaeon_verify.properties.aeons_end.invariants.registry import state, step


@state(
    "every-allowed-prep-is-offered",
    "MAIN.PREP",
    "BREACH.PREP-WHERE",
    reads=("outcome", "phase", "actor", "agenda", "mages.hand", "mages.breaches"),
    offers=("prep",),
)
def preps_offered(s):
    """In the main phase, any spell in hand may be prepped to any empty breach that is opened or was focused this turn."""
    if not resting_in_phase(s, "main"):
        return
    m = s.mages[int(s.actor[1:])]
    spells = {base(c) for c in m.hand if card_def(c).kind == "spell"}
    allowed = [b for b, br in enumerate(m.breaches) if not br.destroyed and br.spell is None and (br.opened or br.focused_this_turn)]
    offered = {(base(o.card), o.index) for o in s.options if o.kind == "prep"}
    missing = sorted({(c, b) for c in spells for b in allowed} - offered)
    if missing:
        yield f"player {int(s.actor[1:]) + 1} may not prep {missing[0][0]} to breach {missing[0][1] + 1} (and {len(missing) - 1} more)"


@state(
    "played-cards-are-discarded-in-the-players-order",
    "DRAW.DISCARD-PLAYED",
    reads=("outcome", "phase", "actor", "agenda", "mages.played"),
    offers=("discard-next",),
)
def discard_order_offered(s):
    """While the draw phase waits on the player, any of their played cards (by name) may go on the discard pile next."""
    if not resting_in_phase(s, "draw"):
        return
    m = s.mages[int(s.actor[1:])]
    names = {base(c) for c in m.played}
    offered = {base(o.card) for o in s.options if o.kind == "discard-next"}
    if offered != names or len(names) < 2:
        yield f"player {int(s.actor[1:]) + 1} played {sorted(names)} and may discard next {sorted(offered)}"


@step("the-player-orders-the-played-cards", "DRAW.DISCARD-PLAYED", decisions=("end-main",), forced=True)
def discard_order_asked(st):
    """A player who played two or more different gems or relics chooses the order they go on the discard pile."""
    if st.decision.kind != "end-main" or st.after.outcome is not None:
        return
    i = acting(st)
    names = {base(c) for c in st.before.mages[i].played}
    if len(names) >= 2 and not (same_turn(st) and st.after.phase == "draw"):
        yield f"player {i + 1} played {sorted(names)} and was not asked in which order to discard them"
