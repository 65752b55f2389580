"""Every concrete trace can be written as ITF (simulate, replays, ask's witnesses, scenario runs), read back by an independent ITF reader."""

from __future__ import annotations

import json
from pathlib import Path

import itf_py
import pytest

from oblivaeon_verify import rulesets
from oblivaeon_verify.cli import main
from oblivaeon_verify.smt import itf

ROOT = Path(__file__).resolve().parents[1]
REPLAY = ROOT / "properties" / "oblivaeon" / "replays" / "aeon-men-all-in-play-at-the-booklet-call.json"


def _ints_are_bigints(v, where="") -> list[str]:
    """Every place a bare JSON number sits where ITF wants ``#bigint`` (ITF has no plain numbers)."""
    if isinstance(v, bool) or isinstance(v, str):
        return []
    if isinstance(v, (int, float)):
        return [where]
    if isinstance(v, list):
        return [p for i, x in enumerate(v) for p in _ints_are_bigints(x, f"{where}/{i}")]
    if isinstance(v, dict):
        return [p for k, x in v.items() if k != "#meta" for p in _ints_are_bigints(x, f"{where}/{k}")]
    return [where]


def _read(path: Path) -> tuple[dict, itf_py.Trace]:
    doc = json.loads(path.read_text())
    assert doc["#meta"]["format"] == "ITF" and doc["#meta"]["generator"] == itf.GENERATOR
    assert [s["#meta"]["index"] for s in doc["states"]] == list(range(len(doc["states"])))
    for s in doc["states"]:
        assert set(s) - {"#meta"} == set(doc["vars"])
    assert _ints_are_bigints(doc["states"]) == []
    return doc, itf_py.trace_from_json(doc)


def test_a_simulated_game_is_written_as_itf_with_every_state_and_the_decision_before_it(tmp_path, capsys):
    out = tmp_path / "game.itf.json"
    assert main(["simulate", "--ruleset", "aeons_end", "--players", "2", "--seed", "4", "--itf", str(out), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    doc, trace = _read(out)
    assert len(trace.states) == summary["decisions"] + 1 and doc["states"][0]["#meta"]["action"] == "init"
    ruleset = rulesets.load("aeons_end")
    first = json.loads(
        ruleset.to_json(ruleset.new_game(ruleset.random_setup(__import__("random").Random(0), 2, ruleset.load_parameters())))
    )
    assert doc["vars"] == [k for k in first if k != "@"]


def test_itf_needs_one_game_and_never_overwrites_a_file_the_tool_did_not_write(tmp_path, capsys):
    assert main(["simulate", "--ruleset", "aeons_end", "--games", "2", "--itf", str(tmp_path / "t.json")]) == 2
    assert "--games 1" in capsys.readouterr().err
    mine = tmp_path / "notes.json"
    mine.write_text('{"#meta": {"generator": "someone else"}}')
    assert main(["simulate", "--ruleset", "aeons_end", "--itf", str(mine)]) == 2
    assert "not written by oblivaeon-verify" in capsys.readouterr().err and "someone else" in mine.read_text()
    ours = tmp_path / "t.itf.json"
    for seed in ("1", "2"):  # the second run replaces the file the first one wrote
        assert main(["simulate", "--ruleset", "aeons_end", "--seed", seed, "--itf", str(ours)]) == 0
    assert f"seed {2}" in json.loads(ours.read_text())["#meta"]["description"]
    assert main(["simulate", "--ruleset", "aeons_end", "--itf", str(tmp_path)]) == 2
    assert not [p for p in tmp_path.iterdir() if "oblivaeon-verify-new" in p.name]


def test_a_replay_is_written_as_itf(tmp_path, capsys):
    out = tmp_path / "replay.itf.json"
    assert main(["check", "--replay", str(REPLAY), "--itf", str(out), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    _doc, trace = _read(out)
    assert data["itf"] == str(out) and len(trace.states) == data["steps"] + 1
    assert main(["check", "--itf", str(out)]) == 2  # only a replay has a trace to write


def test_a_witness_of_ask_is_written_as_itf(tmp_path, capsys):
    out = tmp_path / "witness.itf.json"
    argv = ["ask", "--ruleset", "aeons_end", "fewest-turns-to-reshuffle", "--players", "1", "--itf", str(out), "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    doc, trace = _read(out)
    assert len(trace.states) == len(data["witness"]) and [s["#meta"]["action"] for s in doc["states"]] == [
        w["action"] for w in data["witness"]
    ]
    assert trace.states[-1].values["turn"] == data["witness"][-1]["state"]["turn"]


def test_a_scenario_run_is_written_as_itf_beside_its_corner_case_page(tmp_path):
    from oblivaeon_verify import report
    from oblivaeon_verify.scenario_lib import runner

    ruleset = rulesets.load("aeons_end")
    runs, errors = report.run_scenarios(ruleset, None)
    assert not errors
    sc, run = next((sc, r) for sc, r in runs if r.steps and any(s.changes for s in r.steps))
    doc = runner.itf(run)
    path = tmp_path / "s.itf.json"
    itf.write(path, doc)
    _doc, trace = _read(path)
    assert len(trace.states) == len(run.steps) + 1
    fact, _before, after = next(c for s in run.steps for c in s.changes)
    changed_at = next(i for i, s in enumerate(run.steps, 1) if any(c[0] == fact for c in s.changes))
    assert doc["states"][changed_at][fact] == itf.value(after) and doc["states"][changed_at - 1][fact] != itf.value(after)


@pytest.mark.parametrize(
    "python, encoded",
    [
        (3, {"#bigint": "3"}),
        (-(2**70), {"#bigint": str(-(2**70))}),
        (True, True),
        ((1, "a"), {"#tup": [{"#bigint": "1"}, "a"]}),
        (frozenset({2, 1}), {"#set": [{"#bigint": "1"}, {"#bigint": "2"}]}),
        ({"@set": [1]}, {"#set": [{"#bigint": "1"}]}),
        ({"@dict": [[1, "x"]]}, {"#map": [[{"#bigint": "1"}, "x"]]}),
        ({"@": "Mage", "life": 10}, {"life": {"#bigint": "10"}}),
        ({"@enum": "Phase", "value": "casting"}, "casting"),
        (None, {"#unserializable": "None"}),
        ({1: "a"}, {"#map": [[{"#bigint": "1"}, "a"]]}),
    ],
)
def test_values_use_itfs_encodings(python, encoded):
    assert itf.value(python) == encoded
    if not isinstance(python, dict) or not any(k in python for k in ("@", "@enum")):
        assert itf_py.value_from_json(encoded) == itf_py.value_from_json(itf.value(python))


def test_a_trace_missing_a_variable_in_a_state_is_refused():
    with pytest.raises(ValueError, match="lacks variables"):
        itf.trace(["a", "b"], [{"a": 1, "b": 2}, {"a": 1}], source="t", description="t")
