"""The report section on rule interactions and the state graph: deterministic, and readable."""

from __future__ import annotations

import json

import pytest

from oblivaeon_verify import rulesets
from oblivaeon_verify.sections import graphs as section


@pytest.fixture(scope="module")
def data():
    mp = pytest.MonkeyPatch()
    mp.setattr(section, "QUICK", {"games": 1, "hypothesis": 2, "depth": 2, "max_states": 300})
    try:
        r = rulesets.load("oblivaeon")
        yield section.collect(r, seed=3, quick=True), section.collect(r, seed=3, quick=True)
    finally:
        mp.undo()


def test_the_section_is_identical_for_a_seed_apart_from_timing(data):
    a, b = (json.loads(json.dumps(x)) for x in data)
    assert a.pop("timing") and b.pop("timing")
    assert a == b


def test_the_section_shows_paths_cycles_and_the_state_graph(data):
    a, _ = data
    md = section.markdown(a)
    assert "```mermaid" in md and "### Paths from ordinary rules into each clarification" in md
    assert "`CLAR.SENTINELS`" in md and "Bounded by:" in md
    assert "| pressure:" in md and "timing" not in md
    assert set(a["pictures"]) >= {"overview", "CLAR.SENTINELS"}
