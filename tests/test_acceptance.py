"""The model's acceptance campaign: 1,000 random games for each of 3, 4 and 5 heroes run to an end,
and together with handler counting they reach every clause that has a handler."""

from __future__ import annotations

import pytest
from oblivaeon_verify.model.oblivaeon.ruleset import RULESET

from oblivaeon_verify import campaign

SEED = 2026


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_thousand_random_games_end_without_error(players):
    result = campaign.run("oblivaeon", SEED, [players], 1000, workers=1)
    tally = result.tallies[players]
    assert tally.games == 1000
    assert tally.errors == [], tally.errors[:3]
    assert set(tally.outcomes) <= {"won", "lost"}
    assert tally.outcomes["won"] > 0 and tally.outcomes["lost"] > 0


@pytest.mark.slow
def test_random_play_reaches_every_clause_that_has_a_handler():
    result = campaign.run("oblivaeon", SEED, [3, 4, 5], 120, handler_counts=True, workers=1)
    rows = campaign.clause_coverage(RULESET, result)
    never = [r["id"] for r in rows if not r["reached"]]
    assert never == []
    # Data-only clauses (the charts, card-data notes) are the only ones reached without running code.
    assert {r["id"] for r in rows if r["data"]} <= {"CHART.SCION-DIFFICULTY", "HEROES.LUMINARY", "HEROES.LIFELINE"}
