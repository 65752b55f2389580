"""Casting: what the casting phase must offer.

Every prepped spell may be cast next, and ending the phase is offered exactly when no spell waits in a closed
breach; a casting phase never passes by without a decision while a spell is prepped; a spell, an ally's spell or an
ability that deals damage may aim at the nemesis or at any minion with life.
"""

from __future__ import annotations

from oblivaeon_verify.properties.aeons_end.invariants.readers import resting_in_phase, turn_segments
from oblivaeon_verify.properties.aeons_end.invariants.registry import state, step


def _prepped(m):
    return [(b, br) for b, br in enumerate(m.breaches) if br.spell and not br.destroyed]


@state(
    "every-prepped-spell-is-offered-in-the-casting-phase",
    "CAST.OPENED-MAY",
    "CAST.ORDER",
    "CAST.CLOSED-MUST",
    reads=("outcome", "phase", "actor", "agenda", "mages.breaches"),
    offers=("cast", "end-casting"),
)
def casting_offers(s):
    """While the casting phase waits on the player, each prepped spell may be cast next (so any order
    can be chosen), and ending the phase is offered exactly when no spell waits in a closed breach."""
    if not resting_in_phase(s, "casting"):
        return
    m = s.mages[int(s.actor[1:])]
    offered = {(o.kind, o.index) for o in s.options}
    for b, br in _prepped(m):
        if ("cast", b) not in offered:
            yield f"{br.spell} is prepped in breach {br.number} but may not be cast"
    must = any(not br.opened for _, br in _prepped(m))
    if ("end-casting", -1) in offered and must:
        yield "the casting phase may end while a spell waits in a closed breach"
    if ("end-casting", -1) not in offered and not must:
        yield "the casting phase may not end although every prepped spell is in an opened breach"


@step("the-casting-phase-waits-for-prepped-spells", "CAST.OPENED-MAY", "CAST.SINGLE-TARGET", events=("turn",))
def casting_waits(st):
    """A player whose turn began in this step and who holds prepped spells is asked about them: their
    casting phase cannot pass by without a decision while a spell is still prepped."""
    a = st.after
    if a.outcome is not None:
        return
    for turn, _events, last in turn_segments(st):
        if turn is None or not last or not turn.target.startswith("p"):
            continue
        if a.actor == turn.target and a.turn == turn.amount and a.phase != "casting":
            for _b, br in _prepped(a.mages[int(turn.target[1:])]):
                yield f"player {int(turn.target[1:]) + 1}'s casting phase passed without a decision while {br.spell} stayed prepped in breach {br.number}"


DAMAGE_CHOICES = ("cast", "ally-cast", "ability")


@state(
    "damage-choices-offer-the-nemesis-and-every-minion",
    "CAST.SINGLE-TARGET",
    "ALLY-SPELL",
    "MAT.ABILITY",
    reads=("in_play",),
    offers=DAMAGE_CHOICES,
)
def damage_targets_offered(s):
    """Where a spell or ability deals damage, the player may aim it at the nemesis or at any minion with life."""
    expected = {f"{p.card}@{k}" for k, p in enumerate(s.in_play) if p.life > 0} | {"nemesis"}
    groups: dict = {}
    for o in s.options:
        if o.kind in DAMAGE_CHOICES and (o.kind != "ability" or o.target):
            groups.setdefault((o.kind, o.card, o.index), set()).add(o.target)
    for (kind, card, index), targets in sorted(groups.items()):
        if targets != expected:
            what = f"{kind} {card or ''} (index {index})".replace("  ", " ")
            yield f"{what} may target {sorted(targets)}, not {sorted(expected)}"
