"""``bench --checked``: plain, checked and Hypothesis throughput per ruleset (figures, never a verdict)."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout

import pytest

from oblivaeon_verify.cli import main


@pytest.mark.parametrize("name", ["aeons_end", "oblivaeon"])
def test_bench_checked_gives_plain_checked_and_hypothesis_figures_per_player_count(name):
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(["bench", "--ruleset", name, "--games", "1", "--checked", "--examples", "3", "--players", "3", "--json"])
    assert code == 0
    info = json.loads(buf.getvalue())
    (row,) = info["results"]
    assert row["players"] == 3 and row["decisions"] > 0
    assert row["checked_steps"] > 0 and row["checked_steps_per_second"] > 0
    h = info["hypothesis"]
    assert h["examples"] >= 3 and h["steps"] > 0 and h["steps_per_second"] > 0 and not h["failure"]


def test_bench_without_checked_gives_plain_figures_only():
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert main(["bench", "--ruleset", "aeons_end", "--games", "1", "--players", "2", "--json"]) == 0
    info = json.loads(buf.getvalue())
    assert "hypothesis" not in info and "checked_steps" not in info["results"][0]
