"""Witnesses from a legal setup (``graphs.setup_witness``, ``oblivaeon-verify witnesses``), replayed as tests.

Every file in ``properties/<ruleset>/witnesses/`` is a replay file whose ``expect`` is ``{"shows":
CLAUSE}``: replayed with every invariant checked, the corner case must first show at its last
decision.  A model change that breaks a witness fails here with the replay's own words; regenerate
with ``oblivaeon-verify witnesses --ruleset R --out properties/R/witnesses``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oblivaeon_verify import replay, rulesets
from oblivaeon_verify.cli import main
from oblivaeon_verify.graphs import facts as facts_mod
from oblivaeon_verify.graphs import setup_witness as sw
from oblivaeon_verify.graphs.witness import goal_for

ROOT = Path(__file__).resolve().parent.parent
KEPT = sorted(ROOT.glob("properties/*/witnesses/*.json"))


def test_both_rulesets_keep_witnesses():
    assert {p.parent.parent.name for p in KEPT} == set(rulesets.available())


@pytest.mark.parametrize("path", KEPT, ids=[f"{p.parent.parent.name}/{p.stem}" for p in KEPT])
def test_a_kept_witness_still_shows_its_corner_case_at_its_last_decision(path):
    doc = replay.load(path)
    result = replay.replay(rulesets.load(doc["ruleset"]), doc)
    assert replay.matches(result, doc["expect"]), (
        f"{path.name}: verdict {result.verdict}, {doc['expect']['shows']} first showed after {result.shown_at} of "
        f"{result.steps} decisions; regenerate: oblivaeon-verify witnesses --ruleset {doc['ruleset']} --out {path.parent.relative_to(ROOT)}"
    )
    assert result.steps == len(doc["decisions"])


@pytest.mark.parametrize(("name", "clause"), [("oblivaeon", "CLAR.MISSION-ZONE"), ("aeons_end", "NEMESIS.DRAW")])
def test_regenerating_a_witness_gives_the_kept_file_byte_for_byte(name, clause, tmp_path, capsys):
    assert main(["witnesses", "--ruleset", name, "--clause", clause, "--out", str(tmp_path), "--json"]) == 0
    kept = ROOT / "properties" / name / "witnesses" / f"{clause}.json"
    assert (tmp_path / f"{clause}.json").read_bytes() == kept.read_bytes()
    data = json.loads(capsys.readouterr().out)
    assert data["summary"]["found"] == 1 and data["witnesses"][0]["length"] == len(json.loads(kept.read_text())["decisions"])


@pytest.mark.parametrize("clause", ["CLAR.SENTINELS", "CLAR.MISSION-DECK-UNTARGETABLE", "CLAR.FLIP-RESTORES-HP"])
def test_with_the_rule_knocked_out_the_witness_no_longer_shows(clause, tmp_path):
    doc = json.loads((ROOT / f"properties/oblivaeon/witnesses/{clause}.json").read_text())
    doc["knockout"] = clause
    (tmp_path / "w.json").write_text(json.dumps(doc))
    loaded = replay.load(tmp_path / "w.json")
    result = replay.replay(rulesets.load("oblivaeon"), loaded)
    assert not replay.matches(result, loaded["expect"])


def test_a_corner_case_that_shows_before_the_last_decision_is_not_as_expected(tmp_path):
    path = ROOT / "properties/oblivaeon/witnesses/CLAR.MISSION-ZONE.json"
    doc = json.loads(path.read_text())
    r = rulesets.load("oblivaeon")
    states: list = []
    replay.replay(r, replay.load(path), states=states)
    doc["decisions"].append([0, str(r.legal_decisions(states[-1][1])[0])])
    (tmp_path / "longer.json").write_text(json.dumps(doc))
    loaded = replay.load(tmp_path / "longer.json")
    result = replay.replay(r, loaded)
    assert result.verdict == "hold" and result.shown_at == result.steps - 1
    assert not replay.matches(result, loaded["expect"])
    assert main(["check", "--replay", str(tmp_path / "longer.json")]) == 1


@pytest.mark.parametrize(
    ("shows", "message"),
    [
        ("CLAR.SENTINEL", "'shows' must name a clause id of oblivaeon, not \"CLAR.SENTINEL\"; did you mean CLAR.SENTINELS"),
        ("CLAR.LOOK-AT-REWARDS", "describes rather than prescribes"),
        (3, "'shows' must name a clause id of oblivaeon, not 3"),
    ],
)
def test_a_witness_naming_a_clause_that_cannot_show_is_refused_in_one_line(shows, message, tmp_path):
    doc = json.loads((ROOT / "properties/oblivaeon/witnesses/CLAR.MISSION-ZONE.json").read_text())
    doc["expect"] = {"shows": shows}
    (tmp_path / "bad.json").write_text(json.dumps(doc))
    with pytest.raises(replay.ReplayError, match="key 'expect'") as e:
        replay.load(tmp_path / "bad.json")
    assert message in str(e.value) and "\n" not in str(e.value)


def test_a_witness_found_by_the_bound_search_is_minimal():
    r = rulesets.load("aeons_end")
    w = sw.find(r, ["NEMESIS.DRAW"], games=2)["NEMESIS.DRAW"]
    assert w.found and w.minimal and w.bound == len(w.decisions)
    goal = goal_for(facts_mod.load(r), "NEMESIS.DRAW")
    assert sw.reached_at(r, w.setup, w.decisions, goal) == len(w.decisions)
    assert sw.reached_at(r, w.setup, w.decisions[:-1], goal) is None


def test_a_clause_random_play_never_shows_is_undecided_not_passed(capsys):
    assert main(["witnesses", "--ruleset", "aeons_end", "--clause", "DIFFICULTY.EXTINCTION", "--games", "1", "--json"]) == 4
    w = json.loads(capsys.readouterr().out)["witnesses"][0]
    assert not w["found"] and w["reason"].startswith("random play did not show it in 1 game")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"expect": "hold"}, 'belongs only to a witness, whose expect is {"shows": "CLAUSE.ID"}'),
        (
            {"witness": {"minimal": 1, "no_shorter_than": 4, "found_after": 9, "seed": 1, "game": 0, "players": 3}},
            "minimal must be true or false, not 1",
        ),
        (
            {"witness": {"minimal": True}},
            "must be an object with exactly the keys minimal, no_shorter_than, found_after, seed, game, players",
        ),
        (
            {"witness": {"minimal": True, "no_shorter_than": -1, "found_after": 9, "seed": 1, "game": 0, "players": 3}},
            "no_shorter_than must be a whole number from 0, not -1",
        ),
    ],
    ids=["witness-without-shows", "boolean-as-number", "keys-missing", "negative"],
)
def test_the_search_figures_of_a_witness_are_checked_in_one_line(change, message, tmp_path):
    doc = json.loads((ROOT / "properties/oblivaeon/witnesses/CLAR.MISSION-ZONE.json").read_text())
    doc.update(change)
    (tmp_path / "bad.json").write_text(json.dumps(doc))
    with pytest.raises(replay.ReplayError, match="key 'witness'") as e:
        replay.load(tmp_path / "bad.json")
    assert message in str(e.value)


def test_a_corner_case_page_tells_the_kept_witness_in_words_with_the_decisive_step():
    from oblivaeon_verify import report_witnesses

    w = report_witnesses.about(rulesets.load("oblivaeon"), "CLAR.SENTINELS")
    assert w["ok"] and w["replay"].endswith("--replay properties/oblivaeon/witnesses/CLAR.SENTINELS.json")
    assert w["events"] and all("CLAR.SENTINELS" in e for e in w["events"])
    assert w["fact"] == "some of the Sentinels are down while others still stand: false before this decision, true after it"
    assert len(w["decisions"]) == min(report_witnesses.SHOWN, len(json.loads((ROOT / w["file"]).read_text())["decisions"]))
    assert report_witnesses.about(rulesets.load("oblivaeon"), "CLAR.LOOK-AT-REWARDS") is None


def test_a_kept_witness_that_no_longer_shows_is_told_on_its_page_with_the_command_that_regenerates_it(tmp_path, monkeypatch):
    from oblivaeon_verify import report_witnesses

    r = rulesets.load("oblivaeon")
    doc = json.loads((ROOT / "properties/oblivaeon/witnesses/CLAR.MISSION-ZONE.json").read_text())
    doc["decisions"] = doc["decisions"][:-1]  # one decision short: the corner case never shows
    (tmp_path / "CLAR.MISSION-ZONE.json").write_text(json.dumps(doc))
    monkeypatch.setattr(report_witnesses, "folder", lambda ruleset: tmp_path)
    w = report_witnesses.about(r, "CLAR.MISSION-ZONE")
    assert not w["ok"] and w["problem"] == f"verdict hold; the corner case never showed in {len(doc['decisions'])} decisions"
    assert (
        w["regenerate"] == "oblivaeon-verify witnesses --ruleset oblivaeon --clause CLAR.MISSION-ZONE --out properties/oblivaeon/witnesses"
    )
