"""The explorer's position key identifies exactly what the canonical key identifies.

The canonical key (JSON text) is the reference; the position key (``model.common.identity``) is
the explorer's cheap stand-in.  Over states of random play, their copies through JSON, their
copies at a later round and their variants that differ in one number (a field or a dict entry),
the two keys must cut the states into the same classes, and exploring with either must give the
same graph.  A key that leaves out a field of the position, or keeps a clock, is caught.
"""

from __future__ import annotations

import dataclasses

import pytest
from oblivaeon_verify.model.aeons_end import serialise as ae_serialise
from oblivaeon_verify.model.aeons_end import state as ae_state
from oblivaeon_verify.model.common import identity
from oblivaeon_verify.model.oblivaeon import serialise as oa_serialise
from oblivaeon_verify.model.oblivaeon import state as oa_state

from oblivaeon_verify import rulesets
from oblivaeon_verify.explore import explore
from oblivaeon_verify.graphs import facts as facts_mod
from oblivaeon_verify.play import choose, game_rng

NAMES = ("oblivaeon", "aeons_end")


def variants(s) -> list:
    """``s`` with one number changed: each int field, and the first int entry of each dict field."""
    out = []
    for f in dataclasses.fields(s):
        v = getattr(s, f.name)
        if type(v) is int:
            out.append(dataclasses.replace(s, **{f.name: v + 1}))
        elif type(v) is dict:
            first = next((k for k in sorted(v) if type(v[k]) is int), None)
            if first is not None:
                out.append(dataclasses.replace(s, **{f.name: {**v, first: v[first] + 1}}))
    return out


def states_of(name: str, games: int = 3, decisions: int = 150) -> list:
    """Random play at every player count: each state, its copy through JSON, its copy at a later round
    and, every 10th decision, its one-number variants."""
    r = rulesets.load(name)
    params = r.default_parameters()
    out = []
    for n in r.players:
        for i in range(games):
            rng = game_rng(5, n, i)
            s = r.new_game(r.random_setup(rng, n, params))
            for d in range(decisions):
                out += [s, r.from_json(r.to_json(s)), r.with_round(s, r.rounds(s) + 3)]
                if d % 10 == 0:
                    out += variants(s)
                options = r.legal_decisions(s)
                if not options:
                    break
                s, _ = r.step(s, choose(rng, options))
    return out


def classes(states, key) -> list[list[int]]:
    groups: dict = {}
    for i, s in enumerate(states):
        groups.setdefault(key(s), []).append(i)
    return sorted(groups.values())


@pytest.fixture(scope="module", params=NAMES)
def played(request):
    return request.param, states_of(request.param)


def test_the_position_key_cuts_states_into_the_classes_of_the_canonical_key(played):
    name, states = played
    r = rulesets.load(name)
    by_canonical = classes(states, r.canonical_key)
    assert classes(states, r.position_key) == by_canonical
    # the check has teeth: copies are merged with their state and one-number variants are apart
    assert max(map(len, by_canonical)) >= 3 and len(by_canonical) > 100


@pytest.mark.parametrize(
    ("name", "broken"),
    [
        ("oblivaeon", identity.keyer(oa_state.GameState, (*oa_serialise.NOT_POSITION, "hp"), {"cursor": lambda c: (c.slot, c.phase)})),
        ("aeons_end", identity.keyer(ae_state.GameState, (*ae_serialise.NOT_POSITION, "gravehold"))),
        ("oblivaeon", identity.keyer(oa_state.GameState, oa_serialise.NOT_POSITION)),  # keeps the round in the cursor
    ],
    ids=["oblivaeon-without-hp", "aeons_end-without-gravehold", "oblivaeon-with-the-round"],
)
def test_a_key_that_drops_part_of_the_position_or_keeps_a_clock_is_caught(name, broken):
    states = states_of(name, games=2)
    assert classes(states, broken) != classes(states, rulesets.load(name).canonical_key)


@pytest.mark.parametrize("name", NAMES)
def test_exploring_with_either_key_gives_the_same_graph(name):
    r = rulesets.load(name)
    for config in facts_mod.load(r).CONFIGURATIONS:
        start = config.start()
        a = explore(r, start, depth=4, max_states=4_000, key=r.canonical_key)
        b = explore(r, start, depth=4, max_states=4_000)
        assert (a.states, a.edges, a.transitions, a.per_depth(), a.complete) == (
            b.states,
            b.edges,
            b.transitions,
            b.per_depth(),
            b.complete,
        )
        assert [d["path"] for d in a.dead_ends] == [d["path"] for d in b.dead_ends]
        assert sorted(map(str, a.graph.edges(data="decision"))) != [] and len(a.graph) > 1, config.name


def test_a_key_names_only_fields_the_state_has():
    with pytest.raises(ValueError, match="GameState: no field named turns"):
        identity.keyer(ae_state.GameState, ("setup", "turns"))


def test_dicts_are_frozen_at_any_depth_and_a_key_equals_only_a_key():
    assert identity._frozen({"a": {"b": 1}}) == frozenset({("a", frozenset({("b", 1)}))})
    one, same = identity.PositionKey((1, "x")), identity.PositionKey((1, "x"))
    assert one == same and hash(one) == hash(same) and one != (1, "x") and one != identity.PositionKey((2, "x"))
