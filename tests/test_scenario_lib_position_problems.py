"""The position a scenario builds must be a state of the game: one that breaks a state invariant of the ruleset
fails the scenario before its first step, naming the invariant and its clauses (a corner case shown from a
position no game reaches proves nothing about the game, and a builder that misplaces a card is caught there)."""

from __future__ import annotations

from pathlib import Path

import pytest
from oblivaeon_verify.model.aeons_end import positions

from oblivaeon_verify.scenarios import ScenarioError, load, run, vocabulary

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


# --- every state a scenario reaches -----------------------------------------------------------------

SAFETY_STOP = Path(__file__).resolve().parents[1] / "scenarios" / "aeons_end" / "safety-stop-at-the-turn-limit.toml"


def _variant(tmp_path, old: str, new: str):
    text = SAFETY_STOP.read_text(encoding="utf-8")
    assert old in text
    f = tmp_path / SAFETY_STOP.name
    f.write_text(text.replace(old, new), encoding="utf-8")
    return load(f, VOCAB)


def test_a_step_whose_state_breaks_an_invariant_fails_unless_the_step_names_it_in_breaks(tmp_path):
    """The safety stop's state breaks the-game-never-hangs: the scenario names it; without the name, the step fails."""
    assert run(load(SAFETY_STOP, VOCAB), VOCAB).passed
    result = run(_variant(tmp_path, 'breaks = ["the-game-never-hangs"]\n', ""), VOCAB)
    assert not result.passed and result.divergence.index == 2
    failed = [c for c in result.divergence.checks if not c.ok]
    assert [c.what for c in failed] == ["the step is one a game can take (no invariant broken)"]
    assert failed[0].actual.startswith("the-game-never-hangs [END.IMMEDIATE]: the game ran on to the safety stop")


def test_a_step_that_names_an_invariant_its_state_does_not_break_fails(tmp_path):
    sc = _variant(
        tmp_path,
        'no_events = [{ kind = "game-aborted" }]\n',
        'no_events = [{ kind = "game-aborted" }]\nbreaks = ["the-game-never-hangs"]\n',
    )
    result = run(sc, VOCAB)
    assert not result.passed and result.divergence.index == 1
    failed = [c for c in result.divergence.checks if not c.ok]
    assert [(c.what, c.actual) for c in failed] == [("the step breaks the invariant the-game-never-hangs", "it holds")]


@pytest.mark.parametrize(
    "breaks, fragments",
    [
        ('breaks = ["no-such-invariant"]', ["breaks", "unknown invariant 'no-such-invariant'", "life-within-bounds"]),
        ('breaks = "the-game-never-hangs"', ["breaks", "expected an array of invariant names, got a string"]),
        ('breaks = ["the-game-never-hangs", "the-game-never-hangs"]', ["breaks", "named twice"]),
    ],
)
def test_a_bad_breaks_is_refused_when_the_file_is_read_in_one_line(tmp_path, breaks, fragments):
    with pytest.raises(ScenarioError) as info:
        _variant(tmp_path, 'breaks = ["the-game-never-hangs"]', breaks)
    message = str(info.value)
    assert "\n" not in message and SAFETY_STOP.name in message
    for fragment in fragments:
        assert fragment in message, message


def test_every_decision_the_model_takes_in_a_step_is_checked_against_the_invariants(monkeypatch):
    """An ``until`` step takes many decisions; each goes through the vocabulary's ``take`` and is checked: a step
    invariant broken by any one of them (here, a stand-in breaking at the last decision of Tachyon's turn, played
    quietly by clar-requital-constructs-stay's second step) fails the step that took it."""
    vocab = vocabulary("oblivaeon")
    sc = load(Path(__file__).resolve().parents[1] / "scenarios" / "oblivaeon" / "clar-requital-constructs-stay.toml", vocab)
    seen: list = []

    def counting(self, before, decision, events, after, forced=()):
        seen.append(decision)
        return []

    monkeypatch.setattr(type(vocab), "step_problems", counting)
    assert run(sc, vocab).passed
    last_of_the_turn = next(d for d in reversed(seen) if d.kind == "set-up-hero")
    taken = seen.index(last_of_the_turn)
    assert taken >= 3  # the until step took several decisions (the set-up-hero one is the next step's)
    seen.clear()

    def one_breaks(self, before, decision, events, after, forced=()):
        seen.append(decision)
        return [("a-step-invariant", f"a-step-invariant [X]: broken by {decision}")] if len(seen) == taken else []

    monkeypatch.setattr(type(vocab), "step_problems", one_breaks)
    result = run(sc, vocab)
    assert not result.passed and result.divergence.index == 2
    failed = [c for c in result.divergence.checks if not c.ok]
    assert [c.what for c in failed] == ["the step is one a game can take (no invariant broken)"]
    assert failed[0].actual == f"a-step-invariant [X]: broken by {seen[taken - 1]}"


def test_the_healthy_model_takes_no_decision_in_any_scenario_that_breaks_an_invariant():
    for ruleset in ("aeons_end", "oblivaeon"):
        vocab = vocabulary(ruleset)
        folder = Path(__file__).resolve().parents[1] / "scenarios" / ruleset
        for f in sorted(folder.glob("*.toml")):
            result = run(load(f, vocab), vocab)
            assert result.passed, result.explain()
