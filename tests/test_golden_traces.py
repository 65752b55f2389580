"""What a seed plays is fixed: the traces of 70 games (10 per player count, both rulesets) keep their recorded digests.

A change that alters play on purpose (a rule fixed) re-records them with ``python -m tests.golden.traces
--write`` and says so in its commit; ``--dump DIR`` on both revisions shows what changed.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from tests.golden import traces


@pytest.mark.parametrize("ruleset,players", [(r, n) for r, counts in traces.PLAYER_COUNTS.items() for n in counts])
def test_a_seed_plays_what_it_played(ruleset: str, players: int) -> None:
    recorded = json.loads(traces.DIGESTS.read_text())
    text = traces.trace(ruleset, players)
    assert text.count(b"\n") > 100 * traces.GAMES, "the trace is too short to be ten whole games"
    assert hashlib.sha256(text).hexdigest() == recorded[traces.key(ruleset, players)], (
        f"{ruleset} with {players} players no longer plays as recorded: diff `python -m tests.golden.traces --dump DIR` "
        "against the last revision"
    )


def test_the_digests_cover_every_player_count() -> None:
    assert set(json.loads(traces.DIGESTS.read_text())) == {traces.key(r, n) for r, c in traces.PLAYER_COUNTS.items() for n in c}
