"""The position a scenario builds must be a state of the game: one that breaks a state invariant of the ruleset
fails the scenario before its first step, naming the invariant and its clauses (a corner case shown from a
position no game reaches proves nothing about the game, and a builder that misplaces a card is caught there)."""

from __future__ import annotations

from oblivaeon_verify.model.aeons_end import positions

from oblivaeon_verify.scenarios import load, run, vocabulary

VOCAB = vocabulary("aeons_end")


def scenario(tmp_path, setup: str):
    f = tmp_path / "case.toml"
    f.write_text(
        'id = "case"\ntitle = "t"\nsummary = "s"\nclauses = ["TRACKERS"]\n[setup]\nphase = "main"\n'
        + setup
        + '\n[[steps]]\nlook = "x"\n[steps.expect]\naether = 0\n',
        encoding="utf-8",
    )
    return load(f, VOCAB)


def test_a_player_above_their_starting_life_is_no_state_of_the_game_and_fails_before_the_first_step(tmp_path):
    result = run(scenario(tmp_path, "[setup.players.1]\nlife = 11"), VOCAB)
    assert not result.passed and result.steps == []
    assert result.error == (
        "it is no state of the game, for it breaks the invariant life-within-bounds [TRACKERS, EXHAUST.WHEN]: player 1 has 11 life (start 10)"
    )
    assert run(scenario(tmp_path, "[setup.players.1]\nlife = 10"), VOCAB).passed


def test_a_builder_that_places_a_card_twice_is_caught_by_the_position_check(tmp_path, monkeypatch):
    sc = scenario(tmp_path, '[setup.players.1]\ndeck = ["crystal", "spark"]')
    assert run(sc, VOCAB).passed
    monkeypatch.setattr(positions._Cards, "keep", lambda self, ids: None)  # the mat's own cards no longer reserved
    result = run(sc, VOCAB)
    assert not result.passed
    assert "breaks the invariant player-card-in-one-place" in result.error and "is in 2 places (and 1 more)" in result.error
