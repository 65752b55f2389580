"""A scenario position may be late in a long game: ``turns_taken`` sets the turns begun so far (the safety stop's
scenario needs turn 99 of a 100-turn limit), and a count the position contradicts is an error, never a crash."""

from __future__ import annotations

import pytest

from oblivaeon_verify.scenarios import ScenarioError, load, run, vocabulary

VOCAB = vocabulary("aeons_end")


def scenario(tmp_path, setup: str, name: str = "case"):
    f = tmp_path / f"{name}.toml"
    f.write_text(
        f'id = "{name}"\ntitle = "t"\nsummary = "s"\nclauses = ["TURN-ORDER.DRAW"]\n[setup]\n{setup}\n'
        '[[steps]]\nlook = "x"\n[steps.expect]\n"turns taken" = 41\n',
        encoding="utf-8",
    )
    return load(f, VOCAB)


def test_a_position_late_in_the_game_counts_the_turns_it_was_given_and_the_next_turn_follows_on(tmp_path):
    state = VOCAB.new_game({"turns_taken": 41, "turn_order": ["player-2"]}, {})
    assert VOCAB.fact(state, "turns taken") == 41
    after, events = VOCAB.perform(state, "until", {"until": {"turn": "player 2"}})
    assert [e.amount for e in events if e.kind == "turn"] == [42]
    assert run(scenario(tmp_path, "turns_taken = 41"), VOCAB).passed


def test_fewer_turns_than_the_turn_order_cards_drawn_this_cycle_is_an_error_naming_the_key(tmp_path):
    result = run(scenario(tmp_path, 'turns_taken = 1\nturn_discard = ["player-1", "nemesis", "player-2"]\nturn = "player 2"'), VOCAB)
    assert not result.passed
    assert result.error == "turns_taken: 1 is fewer than the turn order cards drawn this cycle (3), one per turn begun"


@pytest.mark.parametrize("value, words", [("true", "got a boolean true"), ("-1", "got -1"), ("1000", "got 1000")])
def test_a_turn_count_that_is_no_whole_number_in_range_is_refused_when_read(tmp_path, value, words):
    with pytest.raises(ScenarioError) as info:
        scenario(tmp_path, f"turns_taken = {value}")
    assert "setup.turns_taken: expected a whole number from 0 to 999" in str(info.value) and words in str(info.value)
