"""Aeon's End on the same harness: conformance at every state, and the acceptance campaign."""

from __future__ import annotations

import json

import pytest
from oblivaeon_verify.model.aeons_end.ruleset import RULESET

from oblivaeon_verify import campaign
from oblivaeon_verify.cli import main
from oblivaeon_verify.play import Tally, play_game


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_conform_at_every_visited_state(players):
    tally = Tally()
    for i in range(3):
        rec = play_game(RULESET, RULESET.default_parameters(), 5, players, i, conformance=True, tally=tally)
        assert rec.error == "", rec.error
    assert tally.games == 3 and tally.decisions > 100


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_thousand_random_games_end_without_error(players):
    result = campaign.run("aeons_end", 2026, [players], 1000, workers=1)
    tally = result.tallies[players]
    assert tally.games == 1000 and tally.errors == [], tally.errors[:3]
    assert set(tally.outcomes) <= {"won", "lost"}


@pytest.mark.slow
def test_random_play_reaches_every_clause_that_has_a_handler():
    result = campaign.run("aeons_end", 2026, [1, 2, 3, 4], 60, handler_counts=True, workers=1)
    never = [r["id"] for r in campaign.clause_coverage(RULESET, result) if not r["reached"]]
    assert never == []


def test_the_commands_take_the_ruleset_by_name(capsys):
    assert main(["simulate", "--ruleset", "aeons_end", "--players", "1", "--games", "2", "--json", "--workers", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ruleset"] == "aeons_end" and out["games"] == 2
    assert main(["clauses", "--ruleset", "aeons_end", "--json"]) == 0
    clauses = json.loads(capsys.readouterr().out)["clauses"]
    assert any(c["id"] == "SOLO.TRUE-SOLO" for c in clauses)
    assert main(["simulate", "--ruleset", "aeons_end", "--players", "5"]) == 2
    assert "played with 1, 2, 3, 4 players, not 5" in capsys.readouterr().err
