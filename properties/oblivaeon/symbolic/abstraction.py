"""The abstraction function: a concrete ``GameState`` to the values of the symbolic state.

Kept beside the encoding (``encoding.py``) so that the two are read together; the refinement test
checks that every concrete step maps to a step the encoding allows.  Each field names where it
comes from in the concrete state.  ``ledger`` is not in the state: it is the running sum of the
Devastation events of the trace, which the caller keeps.
"""

from __future__ import annotations

from oblivaeon_verify.model.common.kernel import scheduled
from oblivaeon_verify.model.oblivaeon.cards import SCION_PANELS
from oblivaeon_verify.model.oblivaeon.inevitable_destruction import DevastationCheck
from oblivaeon_verify.properties.oblivaeon.symbolic.layout import SETUP, layout

RUNNING, WON, LOST_ENV, LOST_HEROES, ABORTED = 0, 1, 2, 3, 4
OUTCOMES = {
    RUNNING: "running",
    WON: "won",
    LOST_ENV: "lost: the multiverse is destroyed",
    LOST_HEROES: "lost: no hero left",
    ABORTED: "aborted",
}

#: The symbolic state, in order: (name, sort, meaning).
FIELDS: tuple[tuple[str, str, str], ...] = (
    ("round", "int", "cursor.round"),
    ("pos", "int", "cursor (turn slot, phase) as a position of the round table; -1 during setup"),
    ("outcome", "int", "0 running, 1 won, 2 lost (environment fell, none set aside), 3 lost (no hero), 4 aborted"),
    ("ozone", "int", "the battle zone of the OblivAeon marker"),
    ("dev", "int", "Devastation tokens on Inevitable Destruction"),
    ("ledger", "int", "sum of the amounts of every Devastation event so far"),
    ("countdown", "int", "the Countdown token's space"),
    ("checked", "bool", "in the end phase of OblivAeon's turn, the Booklet's Devastation check has run"),
    ("set_aside", "int", "environment decks set aside"),
    ("env1", "bool", "an environment is in play in the First Battle Zone"),
    ("env2", "bool", "an environment is in play in the Second Battle Zone"),
    ("removed", "int", "environment decks removed from the game"),
    ("reserve", "int", "Scions in the Scion Reserve"),
    ("sc1", "int", "Scions in the First Battle Zone"),
    ("sc2", "int", "Scions in the Second Battle Zone"),
    ("sout", "int", "Scions removed from the game"),
    ("a1", "int", "hero markers in the First Battle Zone with an active hero"),
    ("a2", "int", "hero markers in the Second Battle Zone with an active hero"),
    ("e1", "int", "hero markers in the First Battle Zone whose hero fell (awaiting a replacement)"),
    ("e2", "int", "hero markers in the Second Battle Zone whose hero fell"),
)

NAMES = tuple(f[0] for f in FIELDS)


def _outcome(state) -> int:
    o = state.outcome
    if o is None:
        return RUNNING
    if o.kind == "won":
        return WON
    if o.kind == "lost":
        return LOST_ENV if o.clause == "ENV.REMOVAL.LOSS" else LOST_HEROES
    return ABORTED


def _check_pending(state) -> bool:
    return bool(scheduled(state, DevastationCheck))


def abstract(state, ledger: int) -> dict:
    """The symbolic values of ``state``; ``ledger`` is the running sum of Devastation events."""
    lay = layout(state.hero_count)
    c = state.cursor
    pos = lay.pos(c.slot, c.phase)
    z1, z2 = state.zones
    seats = state.seats
    return {
        "round": c.round,
        "pos": pos,
        "outcome": _outcome(state),
        "ozone": state.oblivaeon_zone,
        "dev": state.devastation,
        "ledger": ledger,
        "countdown": state.countdown,
        "checked": pos != SETUP and pos == lay.oblivaeon_end and not _check_pending(state),
        "set_aside": len(state.set_aside),
        "env1": z1.environment is not None,
        "env2": z2.environment is not None,
        # state.envs holds the piles of every environment still in the game (set aside or in play).
        "removed": len(state.setup.environments) - len(state.envs),
        "reserve": len(state.reserve),
        "sc1": len(z1.scions),
        "sc2": len(z2.scions),
        "sout": len(state.scions_out),
        "a1": sum(1 for s in seats if s.zone == 1 and s.characters),
        "a2": sum(1 for s in seats if s.zone == 2 and s.characters),
        "e1": sum(1 for s in seats if s.zone == 1 and not s.characters),
        "e2": sum(1 for s in seats if s.zone == 2 and not s.characters),
    }


def scion_count() -> int:
    return len(SCION_PANELS)
