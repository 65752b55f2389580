"""Helpers for model tests: fixed setups, driving the engine to a point, and picking decisions by description."""

from __future__ import annotations

import dataclasses

from oblivaeon_verify.model.oblivaeon import positions
from oblivaeon_verify.model.oblivaeon.decisions import Decision
from oblivaeon_verify.model.oblivaeon.draft import Ctx
from oblivaeon_verify.model.oblivaeon.engine import inject, new_game, step
from oblivaeon_verify.model.oblivaeon.parameters import DEFAULT
from oblivaeon_verify.model.oblivaeon.setup import SetupConfig

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


# --- building exact positions ----------------------------------------------------------------


def place(state, card, where, hp=None, reward=False, tokens=0):
    """``state`` with ``card`` taken from wherever it is and put in ``where`` (a places.containers place), by the
    model's own position builder."""
    return positions.place(state, positions.Position(placements=(positions.Placement(card, where, hp, reward, tokens or None),)))


def with_seat(state, i: int, **changes):
    seats = list(state.seats)
    seats[i] = dataclasses.replace(seats[i], **changes)
    return dataclasses.replace(state, seats=tuple(seats))


def in_zone(state, seat, zone):
    return with_seat(state, seat, zone=zone)


def every_card(state):
    """How many times each card id appears across every place of the game."""
    from collections import Counter

    from oblivaeon_verify.model.oblivaeon.places import containers

    return Counter(c for _place, cards in containers(state) for c in cards)


def assert_conserved(before, after):
    """No card doubled, none appeared, none vanished."""
    a, b = every_card(before), every_card(after)
    assert max(b.values()) == 1, [c for c, n in b.items() if n > 1]
    assert set(a) == set(b), set(a) ^ set(b)


def run_from(state, slot, phase=-1, rnd=1):
    """Run the game from the phase after ``phase`` of turn ``slot`` to the next decision."""
    from oblivaeon_verify.model.oblivaeon.positions import at_turn

    after, events = at_turn(state, slot, phase=phase, round_number=rnd)
    return after, list(events)


QUIET = ("stay", "no-option", "skip-play", "skip-power")


def quiet(state):
    """Heroes stay, use no option, play no card and use no power; any other point: the first listed."""
    for kind in QUIET:
        for d in state.options:
            if d.kind == kind:
                return d
    return state.options[0]


def objective_to(state, i: int, card: str, hp: int | None = None, tokens: int = 0):
    """Move ``card`` from the Mission deck (not its known top) into seat ``i``'s play area, objective side up."""
    assert card in state.mission_deck.middle, "hand-place only cards whose place in the deck is unknown"
    state = dataclasses.replace(state, mission_deck=state.mission_deck.remove(card))
    state = with_seat(state, i, play=state.seats[i].play + (card,))
    hp_map = dict(state.hp)
    if _physical(card).hp:
        hp_map[card] = _physical(card).hp if hp is None else hp
    tok = dict(state.tokens)
    if tokens:
        tok[card] = tokens
    return dataclasses.replace(state, hp=hp_map, tokens=tok)


def _physical(card):
    from oblivaeon_verify.model.oblivaeon.cards import PHYSICAL

    return PHYSICAL[card]


#: A fixed Scion Reserve, bottom first (OPTION.SCION-ORDER), for the Arc of Unreality (whose Scion is Progeny).
SCION_ORDER = (
    "Empyreon",
    "Faultless",
    "Sanction",
    "Borr the Unstable",
    "Dark Mind",
    "Nixious the Chosen",
    "Rainek Kel'Voss",
    "Aeon Master",
    "Voidsoul",
)
