"""An OblivAeon scenario's position must be a state of the game: one that breaks a state invariant fails the
scenario before its first step, naming the invariant and its clauses, and no scenario of the suite builds one.

The position builder (``model.oblivaeon.positions``) brings with a position what the rules would have brought
with it: environment decks no longer set aside are out of the game, a Shield at side 0 is out of the game, and
the Mission deck's next objective is known once a placement has taken its top.
"""

from __future__ import annotations

import pytest
from oblivaeon_verify.model.oblivaeon import positions
from oblivaeon_verify.model.oblivaeon.cards import env_deck_cards
from oblivaeon_verify.model.oblivaeon.positions import Placement, Position, place
from oblivaeon_verify.model.oblivaeon.shield import shield_card
from oblivaeon_verify.properties.oblivaeon.invariants import INVARIANTS

from oblivaeon_verify.scenarios import load, load_suite, run, vocabulary
from tests.support import game

VOCAB = vocabulary("oblivaeon")
SUITE = load_suite("oblivaeon")


def scenario(tmp_path, setup: str, params: str = ""):
    f = tmp_path / "case.toml"
    f.write_text(
        'id = "case"\ntitle = "t"\nsummary = "s"\nclauses = ["SHIELD.TASKS"]\n'
        + params
        + "[setup]\n"
        + setup
        + '\n[[steps]]\nlook = "x"\n[steps.expect]\nform = 1\n',
        encoding="utf-8",
    )
    return load(f, VOCAB)


# --- the check, both ways ------------------------------------------------------------------------


def test_a_shield_flipped_without_its_tasks_is_no_state_of_the_game_and_fails_before_the_first_step_SHIELD_TASKS(tmp_path):
    result = run(scenario(tmp_path, "shield_side = 2"), VOCAB)
    assert not result.passed and result.steps == []
    assert result.error == (
        "it is no state of the game, for it breaks the invariant shield-follows-its-tasks [SHIELD.TASKS, SETUP.SHIELD, "
        "SHIELD.RANDOM-START]: the Shield shows side 2 after 0 tasks; expected 1"
    )
    assert run(scenario(tmp_path, "shield_side = 2\nshield_tasks = 2"), VOCAB).passed


def test_a_hero_in_play_that_is_erased_is_no_state_of_the_game_CLAR_ERASED(tmp_path):
    result = run(scenario(tmp_path, 'erased = ["Legacy"]'), VOCAB)
    assert not result.passed and result.steps == []
    assert result.error.startswith("it is no state of the game, for it breaks the invariant erased-heroes-never-return [CLAR.ERASED]")
    assert "play area 1 plays the erased hero Legacy" in result.error
    assert run(scenario(tmp_path, 'erased = ["Wraith"]'), VOCAB).passed


def test_more_than_one_broken_invariant_is_counted_in_the_failure(tmp_path):
    result = run(scenario(tmp_path, 'shield_side = 2\nerased = ["Legacy", "Ra"]'), VOCAB)
    assert not result.passed and result.error.endswith("(and 2 more)")


@pytest.mark.parametrize("sc", [s for s in SUITE.scenarios if not s.setup_refused], ids=lambda s: s.id)
def test_every_scenario_of_the_suite_builds_a_position_that_breaks_no_state_invariant(sc):
    state = VOCAB.new_game(sc.setup, sc.all_parameters)
    assert [str(v) for v in INVARIANTS.check_state(state)] == []


def test_a_builder_that_leaves_a_fallen_deck_in_the_game_is_caught_by_the_position_check(monkeypatch):
    sc = next(s for s in SUITE.scenarios if s.id == "env-removal-loss")
    assert run(sc, VOCAB).passed
    monkeypatch.setattr(positions, "_fallen_environment", lambda d, env: None)
    result = run(sc, VOCAB)
    assert not result.passed and result.steps == []
    assert "breaks the invariant one-environment-per-zone" in result.error


def test_the_suite_is_read_whole():
    assert SUITE.errors == [] and len(SUITE.scenarios) >= 125


# --- what the builder brings with a position --------------------------------------------------------


def test_set_aside_decks_left_out_have_come_and_fallen_all_their_cards_out_of_the_game_ENV_REMOVAL_REPLACE():
    s = game()
    kept, *gone = s.set_aside
    after = place(s, Position(set_aside=(kept,)))
    assert after.set_aside == (kept,)
    for env in gone:
        assert env not in after.envs
        assert set(env_deck_cards(env)) <= set(after.out)
    assert sorted(after.envs) == sorted([kept, *(z.environment for z in after.zones)])
    assert INVARIANTS.check_state(after) == []


def test_a_shield_at_side_0_has_removed_itself_from_the_game_CLAR_SHIELD_INDESTRUCTIBLE():
    s = game()
    after = place(s, Position(counters={"shield_side": 0, "shield_tasks": 4}))
    assert shield_card(s.shield) in after.out
    assert INVARIANTS.check_state(after) == []


def test_a_placement_that_takes_the_mission_deck_s_top_reveals_the_next_MISSION_DECK_OBJECTIVE_UP():
    s = game()
    top = s.mission_deck.peek_top()
    after = place(s, Position(placements=(Placement(top, ("seat", 0, "play")),)))
    assert after.mission_deck.top_known() and after.mission_deck.peek_top() != top
    assert INVARIANTS.check_state(after) == []
    # a placement below the top leaves the top as it was
    other = s.mission_deck.middle[0]
    assert place(s, Position(placements=(Placement(other, ("seat", 0, "play")),))).mission_deck.peek_top() == top
