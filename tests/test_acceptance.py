"""The model's acceptance campaign, in the suite's size: random games for each of 3, 4 and 5 heroes run
to an end, and with handler counting they reach every clause that has a handler.

The full campaign (1,000 games per count, the first 150 with handler counting) is the main job,
``oblivaeon-verify verify``, which fails on any game that errs and on any clause with a handler that
play never reached; here a quarter of it keeps CI within its time (the seeds are fixed, so a change of
the model that leaves a clause unreached fails the same way every run).
"""

from __future__ import annotations

import pytest
from oblivaeon_verify.model.oblivaeon.ruleset import RULESET

from oblivaeon_verify import campaign

SEED = 2026
GAMES = 250
"""Games per count (the main job plays 1,000)."""
COUNTED = 40
"""Games per count with handler counting (the main job counts in 150; 20 reach every clause today)."""


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_end_without_error(players):
    result = campaign.run("oblivaeon", SEED, [players], GAMES, workers=1)
    tally = result.tallies[players]
    assert tally.games == GAMES
    assert tally.errors == [], tally.errors[:3]
    assert set(tally.outcomes) <= {"won", "lost"}
    assert tally.outcomes["won"] > 0 and tally.outcomes["lost"] > 0


@pytest.mark.slow
def test_random_play_reaches_every_clause_that_has_a_handler():
    result = campaign.run("oblivaeon", SEED, [3, 4, 5], COUNTED, handler_counts=True, workers=1)
    rows = campaign.clause_coverage(RULESET, result)
    never = [r["id"] for r in rows if not r["reached"]]
    assert never == []
    # Data-only clauses (the charts, card-data notes) are the only ones reached without running code.
    assert {r["id"] for r in rows if r["data"]} <= {"CHART.SCION-DIFFICULTY", "HEROES.LUMINARY", "HEROES.LIFELINE"}
