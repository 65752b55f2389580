"""The round, as one table: which turns, in which order, and the phases of each kind of turn.

Read this file to see a round of OblivAeon.  Each phase is a function of the turn module named
after its kind; the engine walks the table and never decides the order itself.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from oblivaeon_verify.model.oblivaeon import environment_turn, hero_turn, oblivaeon_turn, villain_turn
from oblivaeon_verify.model.oblivaeon.clauses import implements
from oblivaeon_verify.model.oblivaeon.draft import Draft
from oblivaeon_verify.model.oblivaeon.durations import turn_ends
from oblivaeon_verify.model.oblivaeon.incapacitation import ReplaceHeroes
from oblivaeon_verify.model.oblivaeon.state import Cursor


@dataclass(frozen=True, slots=True)
class Turn:
    kind: str
    """``oblivaeon``, ``hero``, ``environment`` or ``villain``."""
    seat: int = -1
    zone: int = 0

    def __str__(self) -> str:
        if self.kind == "hero":
            return f"Hero {self.seat + 1}'s turn"
        if self.kind == "oblivaeon":
            return "OblivAeon's turn"
        return f"Battle Zone {self.zone}: {self.kind.capitalize()} turn"


PHASES: dict[str, tuple[tuple[str, Callable], ...]] = {
    "oblivaeon": (
        ("start", lambda d, t: oblivaeon_turn.start(d)),
        ("play", lambda d, t: oblivaeon_turn.play(d)),
        ("end", lambda d, t: oblivaeon_turn.end(d)),
    ),
    "hero": (
        ("move", lambda d, t: hero_turn.move(d, t.seat)),
        ("option", lambda d, t: hero_turn.option(d, t.seat)),
        ("start", lambda d, t: hero_turn.start(d, t.seat)),
        ("play", lambda d, t: hero_turn.play(d, t.seat)),
        ("power", lambda d, t: hero_turn.power(d, t.seat)),
        ("draw", lambda d, t: hero_turn.draw(d, t.seat)),
        ("end", lambda d, t: hero_turn.end(d, t.seat)),
    ),
    "environment": (
        ("start", lambda d, t: environment_turn.start(d, t.zone)),
        ("play", lambda d, t: environment_turn.play(d, t.zone)),
        ("end", lambda d, t: environment_turn.end(d, t.zone)),
    ),
    "villain": (
        ("start", lambda d, t: villain_turn.start(d, t.zone)),
        ("play", lambda d, t: villain_turn.play(d, t.zone)),
        ("end", lambda d, t: villain_turn.end(d, t.zone)),
    ),
}

#: After every turn's end phase: heroes that fell during the turn are replaced (INCAP.REPLACEMENT).
AFTER_TURN = ("after", lambda d, t: d.now(ReplaceHeroes()))


@implements("ROUND.ORDER", "ROUND.HERO-ORDER", "OA-TURN.FIRST")
def turns(hero_count: int) -> tuple[Turn, ...]:
    """OblivAeon first (the first turn of the game and of every round), the heroes by marker,
    then each battle zone's environment and villain turns."""
    return _table(hero_count)


_TABLES: dict[int, tuple[Turn, ...]] = {}


def _table(hero_count: int) -> tuple[Turn, ...]:
    """:func:`turns`, built once per hero count; the tables here read it so, not through ``turns``, whose calls the
    clause census counts (a count must not depend on which tables a process happened to build before)."""
    table = _TABLES.get(hero_count)
    if table is None:
        table = _TABLES[hero_count] = _build(hero_count)
    return table


def _build(hero_count: int) -> tuple[Turn, ...]:
    return (
        (Turn("oblivaeon"),)
        + tuple(Turn("hero", seat=i) for i in range(hero_count))
        + (Turn("environment", zone=1), Turn("villain", zone=1), Turn("environment", zone=2), Turn("villain", zone=2))
    )


@functools.cache
def phases(turn: Turn) -> tuple[tuple[str, Callable], ...]:
    return PHASES[turn.kind] + (AFTER_TURN,)


def current_turn(state) -> Turn | None:
    if state.cursor.phase < 0:
        return None
    return turns(state.hero_count)[state.cursor.slot]


def current_phase(state) -> str:
    turn = current_turn(state)
    if turn is None:
        return "setup"
    return phases(turn)[state.cursor.phase][0]


class _PhasesBySlot(dict):
    """Per hero count, the :func:`phases` of each turn of the round, by its slot (worked out once per count)."""

    def __missing__(self, hero_count: int) -> tuple[tuple[tuple[str, Callable], ...], ...]:
        table = self[hero_count] = tuple(phases(turn) for turn in _table(hero_count))
        return table


_PHASES_BY_SLOT = _PhasesBySlot()


@implements("ROUND.REPEAT")
def advance(d: Draft) -> None:
    """Start the next phase; after the last turn of a round, a new round begins."""
    order = turns(d.hero_count)
    c = d.cursor
    rnd, slot, phase = c.round, c.slot, c.phase + 1
    if phase >= len(_PHASES_BY_SLOT[d.hero_count][slot]):
        turn_ends(d, (rnd, slot))
        slot, phase = slot + 1, 0
        if slot >= len(order):
            rnd, slot = rnd + 1, 0
            d.emit("round", "ROUND.REPEAT", amount=rnd)
            if rnd > d.params.max_rounds:
                d.end("aborted", f"safety stop after {d.params.max_rounds} rounds", "ROUND.REPEAT")
                return
    d.cursor = Cursor(rnd, slot, phase)
    turn = order[slot]
    if phase == 0:
        d.emit("turn", "ROUND.ORDER", zone=turn.zone, amount=turn.seat + 1 if turn.kind == "hero" else 0, detail=str(turn))
    name, fn = _PHASES_BY_SLOT[d.hero_count][slot][phase]
    fn(d, turn)
