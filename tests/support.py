"""Helpers for model tests: fixed setups, driving the engine to a point, and picking decisions by description."""

from __future__ import annotations

import dataclasses

from model.oblivaeon.decisions import Decision
from model.oblivaeon.draft import Ctx
from model.oblivaeon.engine import inject, new_game, step
from model.oblivaeon.parameters import DEFAULT
from model.oblivaeon.setup import SetupConfig

HEROES4 = ("char:legacy:legacy", "char:tachyon:tachyon", "char:ra:ra", "char:haka:haka")
ENVS = ("Insula Primalis", "Megalopolis", "Ruins of Atlantis", "Rook City", "Temple of Zhu Long")


def config(heroes=HEROES4, shield="The Arc of Unreality", envs=ENVS, in_play=None, scion_order=None, **params) -> SetupConfig:
    p = dataclasses.replace(DEFAULT, **params) if params else DEFAULT
    return SetupConfig(tuple(heroes), shield, tuple(envs), tuple(in_play or envs[:2]), scion_order, p)


def first_chance(state):
    """Resolve chance points with the first listed outcome until a player decision (or the end)."""
    events = []
    while state.options and state.options[0].is_chance:
        state, ev = step(state, state.options[0])
        events.extend(ev)
    return state, events


def game(**kw):
    """A fresh game with every chance outcome taken as the first listed, stopped at the first player decision."""
    state, _ = first_chance(new_game(config(**kw)))
    return state


def find(state, kind: str, **fields) -> Decision:
    for d in state.options:
        if d.kind == kind and all(getattr(d, k) == v for k, v in fields.items()):
            return d
    raise AssertionError(f"no legal decision {kind} {fields}; legal: {[str(d) for d in state.options]}")


def choose(state, kind: str, **fields):
    """Take the legal decision of ``kind`` matching ``fields``, then resolve chance as first_chance does."""
    state, events = step(state, find(state, kind, **fields))
    state, more = first_chance(state)
    return state, list(events) + more


def until(state, predicate, policy=None, limit=5000):
    """Drive the game (first option, or ``policy(state)``) until ``predicate(state)`` holds."""
    events = []
    for _ in range(limit):
        if predicate(state) or not state.options:
            return state, events
        d = policy(state) if policy else state.options[0]
        state, ev = step(state, d)
        events.extend(ev)
    raise AssertionError("predicate never held")


def effect(state, ops, side="hero", seat=0, zone=None, source="test", clause=""):
    """Resolve ``ops`` as a card of ``side`` controlled by ``seat`` in ``zone`` would."""
    if zone is None:
        zone = state.seats[seat].zone if seat >= 0 else 1
    return inject(state, tuple(ops), Ctx(source, side, seat, zone, clause=clause))


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def clauses(events) -> set[str]:
    return {e.clause for e in events}
