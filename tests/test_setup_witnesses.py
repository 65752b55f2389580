"""Witnesses from a legal setup (``graphs.setup_witness``, ``oblivaeon-verify witnesses``), replayed as tests.

Every file in ``properties/<ruleset>/witnesses/`` is a replay file whose ``expect`` is ``{"shows":
CLAUSE}``: replayed with every invariant checked, the corner case must first show at its last
decision.  pytest collects each as a test item of its own (the plugin in
``oblivaeon_verify.scenarios.pytest_plugin``, ``properties`` in testpaths): a model change that breaks
one fails with what happened instead and the command that regenerates it.  These tests check the
search, the format and that collection.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
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


def test_pytest_collects_every_kept_witness_as_a_test_of_its_own():
    """The kept witnesses are test items (the plugin, testpaths): a model change that breaks one fails CI."""
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:randomly", "-p", "no:cacheprovider", "properties"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    every = KEPT + sorted(ROOT.glob("properties/*/divergences/*.json"))
    assert f"{len(every)} tests collected" in out.stdout, out.stdout[-2000:]
    assert "properties/oblivaeon/witnesses/CLAR.ERASED.json::CLAR.ERASED" in out.stdout


def test_a_broken_witness_fails_in_one_line_with_what_happened_and_how_to_regenerate(tmp_path):
    folder = tmp_path / "properties" / "oblivaeon" / "witnesses"
    folder.mkdir(parents=True)
    doc = json.loads((ROOT / "properties/oblivaeon/witnesses/CLAR.MISSION-ZONE.json").read_text())
    (folder / "CLAR.MISSION-ZONE.json").write_text(json.dumps(doc))
    doc["decisions"] = doc["decisions"][:-1]
    (folder / "SHORT.json").write_text(json.dumps(doc))
    doc["expect"] = {"shows": "CLAR.MISSION-ZONES"}
    (folder / "MISSPELT.json").write_text(json.dumps(doc))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    cmd = [sys.executable, "-m", "pytest", str(tmp_path / "properties"), "-q", "-p", "no:randomly", "-p", "no:cacheprovider"]
    cmd += ["-p", "oblivaeon_verify.scenarios.pytest_plugin"]
    out = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 1 and "2 failed, 1 passed" in out.stdout, out.stdout[-2000:]
    assert f"SHORT.json: verdict hold; CLAR.MISSION-ZONE never showed in {len(doc['decisions'])} decisions" in out.stdout
    assert (
        "regenerate: oblivaeon-verify witnesses --ruleset oblivaeon --clause CLAR.MISSION-ZONE --out properties/oblivaeon/witnesses"
        in out.stdout
    )
    assert "did you mean CLAR.MISSION-ZONE" in out.stdout and "Traceback" not in out.stdout


@pytest.mark.parametrize(("name", "clause"), [("oblivaeon", "CLAR.MISSION-ZONE"), ("aeons_end", "NEMESIS.DRAW")])
def test_regenerating_a_witness_gives_the_kept_file_byte_for_byte(name, clause, tmp_path, capsys):
    assert main(["witnesses", "--ruleset", name, "--clause", clause, "--out", str(tmp_path), "--json"]) == 0
    kept = ROOT / "properties" / name / "witnesses" / f"{clause}.json"
    assert (tmp_path / f"{clause}.json").read_bytes() == kept.read_bytes()
    data = json.loads(capsys.readouterr().out)
    assert data["summary"]["found"] == 1 and data["witnesses"][0]["length"] == len(json.loads(kept.read_text())["decisions"])


@pytest.mark.parametrize(
    ("name", "clause"),
    [
        ("oblivaeon", "CLAR.SENTINELS"),
        ("oblivaeon", "CLAR.MISSION-DECK-UNTARGETABLE"),
        ("oblivaeon", "CLAR.FLIP-RESTORES-HP"),
        ("oblivaeon", "BZ.ISOLATION"),  # shown by its rule acting
        ("oblivaeon", "SETUP.INEVITABLE-DESTRUCTION"),  # by its rule acting, at setup
        ("aeons_end", "DRAW.TO-FIVE"),  # by its rule acting
        ("aeons_end", "CAST.CLOSED-MUST"),  # by what the decision point offers
    ],
)
def test_with_the_rule_knocked_out_the_witness_no_longer_shows(name, clause, tmp_path):
    doc = json.loads((ROOT / f"properties/{name}/witnesses/{clause}.json").read_text())
    doc["knockout"] = clause
    (tmp_path / "w.json").write_text(json.dumps(doc))
    loaded = replay.load(tmp_path / "w.json")
    result = replay.replay(rulesets.load(name), loaded)
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
    argv = ["witnesses", "--ruleset", "aeons_end", "--clause", "EXHAUST.NO-LIFE-GAIN", "--games", "1", "--steered-games", "0", "--json"]
    assert main(argv) == 4
    w = json.loads(capsys.readouterr().out)["witnesses"][0]
    assert not w["found"] and w["reason"].startswith("random play did not show it in 1 game")


FIGURES = {"by": "state", "steered": "", "minimal": True, "no_shorter_than": 4, "found_after": 9, "seed": 1, "game": 0, "players": 3}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"expect": "hold"}, 'belongs only to a witness, whose expect is {"shows": "CLAUSE.ID"}'),
        (
            {"witness": FIGURES | {"minimal": 1}},
            "minimal must be true or false, not 1",
        ),
        (
            {"witness": {"minimal": True}},
            "must be an object with exactly the keys by, steered, minimal, no_shorter_than, found_after, seed, game, players",
        ),
        (
            {"witness": FIGURES | {"no_shorter_than": -1}},
            "no_shorter_than must be a whole number from 0, not -1",
        ),
        ({"witness": FIGURES | {"steered": None}}, "steered must be a text, not null"),
    ],
    ids=["witness-without-shows", "boolean-as-number", "keys-missing", "negative", "text-as-null"],
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


@pytest.mark.parametrize("name", ["oblivaeon", "aeons_end"])
def test_every_prescriptive_corner_case_has_a_kept_witness(name):
    from oblivaeon_verify.commands.witnesses import corner_cases

    r = rulesets.load(name)
    kept = {p.stem for p in KEPT if p.parent.parent.name == name}
    assert [c for c in corner_cases(r) if r.catalogue[c].handled and c not in kept] == []


@pytest.mark.parametrize("name", ["oblivaeon", "aeons_end"])
def test_a_rule_shown_by_acting_has_no_predicate_a_function_of_its_own_and_no_event_citing_it(name):
    from oblivaeon_verify.graphs import acting
    from oblivaeon_verify.handlers import declared_codes
    from oblivaeon_verify.play import choose, game_rng

    r = rulesets.load(name)
    facts = facts_mod.load(r)
    by_rule = acting.shown_by_rule(r)
    assert by_rule and not by_rule & (set(facts.PREDICATES) | set(getattr(facts, "STEP_PREDICATES", {})))
    declared = {c for cs in declared_codes(f"oblivaeon_verify.model.{name}").values() for c in cs}
    assert sorted(by_rule - declared) == [] and all(r.catalogue[c].handled for c in by_rule)
    cited = set()
    for n in r.players:  # an event citing one would show it better: it belongs with the events, not here
        rng = game_rng(5, n, 0)
        state = r.new_game(r.random_setup(rng, n, r.default_parameters()))
        for _ in range(400):
            options = r.legal_decisions(state)
            if not options:
                break
            state, events = r.step(state, choose(rng, options))
            cited |= {e.clause for e in events}
    assert sorted(by_rule & cited) == []


def test_watching_a_rule_reports_it_only_in_the_steps_where_its_function_runs():
    from oblivaeon_verify.graphs import acting

    r = rulesets.load("aeons_end")
    game = acting.Watched(r, ["DRAW.TO-FIVE", "MAT.STARTING-HAND"])
    from oblivaeon_verify.play import game_rng

    state = game.new_game(r.random_setup(game_rng(1, 1, 0), 1, r.default_parameters()))
    assert [e.clause for e in game.setup_events] == ["MAT.STARTING-HAND"]
    seen = []
    for _ in range(12):
        options = game.legal_decisions(state)
        state, events = game.step(state, options[0])
        assert acting.model_events(events) == tuple(e for e in events if not isinstance(e, acting.RuleActed))
        seen.append(sorted(e.clause for e in events if isinstance(e, acting.RuleActed)))
    assert ["DRAW.TO-FIVE"] in seen and [] in seen and ["MAT.STARTING-HAND"] not in seen


def test_a_knocked_out_rule_does_not_count_as_acting():
    from oblivaeon_verify import knockout
    from oblivaeon_verify.handlers import declared_codes

    package = "oblivaeon_verify.model.aeons_end"
    with knockout.knocked_out(package, "DRAW.TO-FIVE"):
        inside = {c for cs in declared_codes(package).values() for c in cs}
    assert "DRAW.TO-FIVE" not in inside and "DRAW.TO-FIVE" in {c for cs in declared_codes(package).values() for c in cs}


def test_play_steered_by_the_rule_interaction_graph_finds_what_blind_play_misses():
    r = rulesets.load("aeons_end")
    blind = sw.find(r, ["MAIN.OPEN"], games=30, steered_games=0)["MAIN.OPEN"]
    steered = sw.find(r, ["MAIN.OPEN"], games=30, steered_games=3)["MAIN.OPEN"]
    assert not blind.found and blind.reason.startswith("random play did not show it")
    assert steered.found and steered.steered == "MAIN.OPEN" and steered.game >= 30


def test_the_main_job_searches_within_its_budget_for_a_clause_with_no_working_kept_witness(tmp_path, monkeypatch):
    from oblivaeon_verify import report_witnesses

    r = rulesets.load("aeons_end")
    monkeypatch.setattr(report_witnesses, "folder", lambda ruleset: tmp_path)
    assert report_witnesses.kept(r, ["NEMESIS.DRAW"], search=False) == {}
    w = report_witnesses.kept(r, ["NEMESIS.DRAW", "OBJECT.GOAL"])  # the second describes: nothing to search for
    assert list(w) == ["NEMESIS.DRAW"] and w["NEMESIS.DRAW"]["ok"] and not w["NEMESIS.DRAW"]["kept"] and w["NEMESIS.DRAW"]["was"] is None
    assert w["NEMESIS.DRAW"]["decisions"] and w["NEMESIS.DRAW"]["events"]
    doc = json.loads((ROOT / "properties/aeons_end/witnesses/NEMESIS.DRAW.json").read_text())
    doc["decisions"] = doc["decisions"][:-1]
    (tmp_path / "NEMESIS.DRAW.json").write_text(json.dumps(doc))
    again = report_witnesses.kept(r, ["NEMESIS.DRAW"])["NEMESIS.DRAW"]
    assert again["ok"] and not again["kept"] and "never showed" in again["was"]["problem"]


def test_a_page_names_the_heroes_of_the_setup_not_their_card_ids():
    from oblivaeon_verify import report_witnesses

    w = report_witnesses.about(rulesets.load("oblivaeon"), "CLAR.ERASED")
    assert "char:" not in w["setup"] and "The Sentinels" in w["setup"]


def test_a_witness_of_no_decisions_is_told_as_the_setup_showing_it():
    from oblivaeon_verify import report_witnesses

    w = report_witnesses.about(rulesets.load("oblivaeon"), "SETUP.MARKERS")
    assert w["ok"] and w["decisions"] == [] and w["events"] == ["its rule acted: lay_out_table ran"]
    assert w["found"].startswith("The setup of random game 0 of seed 2026 with 3 heroes shows it, by its rule acting")
