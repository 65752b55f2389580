"""Refinement: every step of the executable model is a sequence of steps of the symbolic relation.

Random games (the campaign's own generator and chooser) and Hypothesis-chosen decisions drive the
model; for every step, (abstract(before), abstract(after)) must be explained by the encoding.  A
changed model (monkeypatched rule) and deliberately broken encodings must make the check fail.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oblivaeon_verify.model.oblivaeon import engine
from oblivaeon_verify.model.oblivaeon import vocabulary as v
from oblivaeon_verify.model.oblivaeon.battle_zones import targets_in, zone_of_target
from oblivaeon_verify.model.oblivaeon.draft import Ctx
from oblivaeon_verify.model.oblivaeon.parameters import DEFAULT
from oblivaeon_verify.model.oblivaeon.ruleset import RULESET
from oblivaeon_verify.model.oblivaeon.setup import initial_state
from oblivaeon_verify.properties.oblivaeon.symbolic.abstraction import NAMES, abstract
from oblivaeon_verify.properties.oblivaeon.symbolic.encoding import Encoding
from oblivaeon_verify.properties.oblivaeon.symbolic.isolation import event_violations
from oblivaeon_verify.properties.oblivaeon.symbolic.mutants import MUTANTS
from oblivaeon_verify.properties.oblivaeon.symbolic.refinement import RefinementError, check_step, explain, ledger_delta

from oblivaeon_verify.play import choose, game_rng
from oblivaeon_verify.smt.evaluate import compile_expr, run
from tests.support import config, effect, game


def setup_step(cfg):
    """The setup's chance steps, from the state after the fixed setup to the first decision (public API: inject nothing)."""
    s0 = initial_state(cfg)
    s1, events = engine.inject(s0, (), Ctx("setup", "oblivaeon", -1, 1))
    return s0, s1, events


def random_steps(players: int, index: int, seed: int = 5):
    """(before, decision, after, events) for every step of one random game, as the campaign plays it."""
    rng = game_rng(seed, players, index)
    cfg = RULESET.random_setup(rng, players, DEFAULT)
    s0, state, events = setup_step(cfg)
    yield s0, "setup", state, events
    while state.options:
        decision = choose(rng, state.options)
        nxt, events = engine.step(state, decision)
        yield state, decision, nxt, events
        state = nxt


def check_game(enc, steps, where):
    ledger, n = 0, 0
    for before, decision, after, events in steps:
        ledger = check_step(enc, before, after, events, ledger, f"{where} step {n} ({decision})")
        n += 1
    return n


def init_holds(enc, state) -> bool:
    import z3

    s = {k: (z3.Int(k) if isinstance(val, int) and not isinstance(val, bool) else z3.Bool(k)) for k, val in abstract(state, 0).items()}
    return run(compile_expr(enc.init(s)), abstract(state, 0))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_state_after_setup_satisfies_init(players):
    cfg = RULESET.random_setup(game_rng(1, players, 0), players, DEFAULT)
    assert init_holds(Encoding(players), initial_state(cfg))


def test_init_refuses_a_state_that_setup_cannot_produce():
    state = initial_state(config())
    from oblivaeon_verify.model.oblivaeon.state import evolve

    assert not init_holds(Encoding(4), evolve(state, devastation=1))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_step_of_random_games_refines_the_symbolic_relation(players):
    enc = Encoding(players)
    steps = sum(check_game(enc, random_steps(players, i), f"{players} heroes, game {i}") for i in range(4))
    assert steps > 1000


def test_random_play_reaches_the_actions_that_matter():
    """The refinement check is only as good as the steps it sees: each kind of step occurs."""
    enc = Encoding(4)
    seen = set()
    for i in range(6):
        ledger = 0
        for before, _d, after, events in random_steps(4, i):
            new = ledger + ledger_delta(events)
            ex = explain(enc, abstract(before, ledger), abstract(after, new), events)
            seen.update(name for name, _p in ex.actions)
            ledger = new
    assert {
        "advance",
        "devastation_check",
        "hero_incapacitated",
        "hero_replaced",
        "hero_moved",
        "scion_enters",
        "scion_removed",
        "environment_arrives",
    } <= seen


@settings(max_examples=15, deadline=None)
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 10_000), data=st.data())
def test_hypothesis_chosen_decisions_refine_the_symbolic_relation(players, seed, data):
    enc = Encoding(players)
    cfg = RULESET.random_setup(game_rng(seed, players, 0), players, DEFAULT)
    s0, state, events = setup_step(cfg)
    ledger = check_step(enc, s0, state, events, 0, "setup")
    for n in range(400):
        if not state.options:
            break
        decision = data.draw(st.sampled_from(state.options), label=f"decision {n}")
        nxt, events = engine.step(state, decision)
        ledger = check_step(enc, state, nxt, events, ledger, f"step {n} ({decision})")
        assert event_violations(events) == []
        state = nxt


@pytest.mark.parametrize("players", [3, 5])
def test_effects_stay_in_their_zone_and_targets_are_where_the_model_says(players):
    """BZ.ISOLATION on the model's events, and CLAR.ZONE-MEMBERSHIP: targets_in(z) lists only targets in z."""
    for i in range(3):
        for before, _d, _after, events in random_steps(players, i, seed=11):
            assert event_violations(events) == []
            for z in (1, 2):
                assert all(zone_of_target(before, t) == z for t in targets_in(before, z))


def test_the_isolation_event_check_catches_an_effect_in_the_other_zone():
    from oblivaeon_verify.model.oblivaeon.draft import Event

    bad = Event("damage", "HERO.CONTINUE", zone=2, source_zone=1, reach="zone", card="x", target="y", amount=1)
    fine = Event("damage", "HERO.CONTINUE", zone=2, source_zone=1, reach="game", card="x", target="y", amount=1)
    assert event_violations([bad]) and not event_violations([fine])


# --- the check fails when the model and the encoding disagree ------------------------------------


def first_refinement_failure(enc, players=4, games=6):
    for i in range(games):
        try:
            check_game(enc, random_steps(players, i), f"game {i}")
        except RefinementError as e:
            return str(e)
    return None


@pytest.mark.parametrize("name", ["incapacitation-adds-two", "outnumber-counts-ties", "unclamped-scion-removal"])
def test_a_broken_encoding_fails_the_refinement_check(name):
    message = first_refinement_failure(MUTANTS[name](4), games=10)
    assert message is not None and "dev=" in message


def test_the_unclamped_removal_is_caught_on_the_step_that_removes_a_scion_with_no_devastation():
    state = game()
    assert state.devastation == 0 and state.zones[0].scions
    after, events = effect(state, [v.Damage(99, "melee", v.Target("villain", "each"))], side="hero", seat=0, zone=1)
    assert any(e.kind == "scion-removed" for e in events) and after.devastation == 0
    check_step(Encoding(4), state, after, events, 0, "scion removed")
    with pytest.raises(RefinementError, match="dev=-1 but the model has 0"):
        check_step(MUTANTS["unclamped-scion-removal"](4), state, after, events, 0, "scion removed")


def test_a_changed_model_fails_the_refinement_check(monkeypatch):
    """If the model's rule changes and the encoding does not, the check fails: Scions that merely tie add Devastation."""
    from oblivaeon_verify.model.oblivaeon import inevitable_destruction, villain_turn
    from oblivaeon_verify.model.oblivaeon.battle_zones import heroes_in

    def ties_count(d, zone):
        scions = len(d.zones[zone - 1].scions)
        if scions and scions >= heroes_in(d, zone):
            inevitable_destruction.add_devastation(d, scions, "BZ.DEV.SCIONS-OUTNUMBER", zone)

    monkeypatch.setattr(villain_turn, "scions_outnumber", ties_count)
    message = first_refinement_failure(Encoding(4), games=10)
    assert message is not None and "dev=" in message


def test_a_model_event_the_encoding_does_not_know_fails_the_check(monkeypatch):
    from oblivaeon_verify.model.oblivaeon import incapacitation

    real = incapacitation.add_devastation
    monkeypatch.setattr(incapacitation, "add_devastation", lambda d, n, clause, zone=0: real(d, n, "NEW.CLAUSE", zone))
    message = first_refinement_failure(Encoding(4), games=10)
    assert message is not None and "NEW.CLAUSE" in message


def test_abstract_names_every_field_of_the_encoding():
    assert tuple(abstract(game(), 0)) == NAMES
