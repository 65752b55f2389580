"""Every machine-readable output is versioned and has a JSON Schema that ships with the package; real output fits it."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from oblivaeon_verify import exits, schemas
from oblivaeon_verify.cli import main

ROOT = Path(__file__).resolve().parents[1]
REPLAY = ROOT / "properties" / "oblivaeon" / "replays" / "aeon-men-all-in-play-at-the-booklet-call.json"

COMMANDS = {
    "clauses": ["clauses", "--json"],
    "params": ["params", "--ruleset", "aeons_end", "--json"],
    "simulate": ["simulate", "--games", "2", "--seed", "5", "--json", "--clause-coverage"],
    "check": ["check", "--ruleset", "aeons_end", "--games", "1", "--json", "--out", "{tmp}/cx"],
    "check-replay": ["check", "--replay", str(REPLAY), "--json"],
    "knockout": ["knockout", "--clause", "INCAP.CARDS-TO-BOX", "--handler", "FireReaction", "--games", "2", "--json"],
    "prove": ["prove", "--heroes", "3", "--json"],
    "ask": ["ask", "--ruleset", "aeons_end", "fewest-turns-to-reshuffle", "--players", "1", "--json"],
    "clarify": ["clarify", "every reward is a villain card.", "--json"],
    "clarify-batch": ["clarify", "--file", str(ROOT / "tests" / "proposals" / "batch.clar"), "--json"],
    "clarify-check": ["clarify", "--ruleset", "aeons_end", "--check", "--json"],
    "clarify-vocabulary": ["clarify", "--vocabulary", "--json"],
    "graph": ["graph", "--ruleset", "aeons_end", "--games", "1", "--hypothesis", "2", "--json"],
    "explore": ["explore", "--depth", "2", "--max-states", "300", "--json"],
    "bench": ["bench", "--ruleset", "aeons_end", "--games", "1", "--json"],
    "witnesses": ["witnesses", "--clause", "CLAR.MISSION-ZONE", "--clause", "CLAR.LOOK-AT-REWARDS", "--json"],
    "census": ["census", "--ruleset", "aeons_end", "--games", "3", "--json"],
    "witnesses-readings": ["witnesses", "--ruleset", "aeons_end", "--readings", "--games", "2", "--steered-games", "0", "--json"],
}
"""One real run per schema of a command's --json (summary.json, merge and the trace lines below)."""


def _run(capsys, argv: list[str], tmp_path) -> tuple[int, str]:
    code = main([a.replace("{tmp}", str(tmp_path)) for a in argv])
    return code, capsys.readouterr().out


def test_every_schema_is_a_valid_draft_2020_12_schema_and_each_is_tested_here():
    for name in schemas.names():
        jsonschema.Draft202012Validator.check_schema(schemas.load(name))
    assert set(schemas.names()) == set(COMMANDS) | {"envelope", "summary", "trace-line"}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_the_json_of_every_command_fits_its_schema_and_its_verdict_is_its_exit_code(name, capsys, tmp_path):
    code, out = _run(capsys, COMMANDS[name], tmp_path)
    data = json.loads(out)
    assert data["schema"] == name and data["schema_version"] == schemas.VERSION
    assert schemas.errors(data) == []
    assert data["verdict"] == exits.verdict(code)
    assert list(data)[:4] == ["schema_version", "schema", "ruleset", "verdict"]


def test_merged_shards_print_json_that_fits_the_command_schema(capsys, tmp_path):
    argv = ["simulate", "--games", "40", "--seed", "3", "--shard-out", str(tmp_path / "s")]
    for k in (1, 2):
        assert main([*argv, "--shard", f"{k}/2"]) == 0
    capsys.readouterr()
    code = main(["merge", str(tmp_path / "s"), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["schema"] == "simulate" and schemas.errors(data) == []


def test_a_reports_summary_json_fits_its_schema(ran_once):
    from tests.test_every_command_for_every_ruleset import REPORT

    ran = ran_once(*REPORT, "--ruleset", "aeons_end")  # (the report test_every_command_for_every_ruleset runs too)
    code = ran.code
    data = json.loads((ran.folder / "summary.json").read_text())
    assert data["schema"] == "summary" and schemas.errors(data) == []
    assert data["verdict"] == exits.verdict(code) and data["findings"]["exit_code"] == code


def test_every_line_of_a_json_trace_fits_the_trace_line_schema_and_the_last_is_the_summary(capsys):
    code = main(["simulate", "--ruleset", "aeons_end", "--players", "1", "--seed", "2", "--trace", "--json"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 0 and len(lines) > 10
    docs = [json.loads(line) for line in lines]
    for d in docs[:-1]:
        assert schemas.errors(d, "trace-line") == [], d
    kinds = [d["kind"] for d in docs[:-1]]
    assert kinds[0] == "game" and kinds[-1] == "game-over" and "decision" in kinds and "event" in kinds
    assert docs[-1]["schema"] == "simulate" and schemas.errors(docs[-1]) == [] and docs[-1]["verdict"] == "passed"
    broken = dict(docs[1], kind="decision")
    broken.pop("decision", None)
    assert any("'decision' is a required property" in e for e in schemas.errors(broken, "trace-line"))


def _clauses(capsys) -> dict:
    main(["clauses", "--ruleset", "aeons_end", "--json"])
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(
    "break_it, where",
    [
        (lambda d: d.pop("verdict"), "'verdict' is a required property"),
        (lambda d: d.update(verdict="ok"), "verdict: 'ok' is not one of"),
        (lambda d: d.update(schema_version=2), "schema_version: 1 was expected"),
        (lambda d: d.update(status="passed"), "Unevaluated properties are not allowed ('status'"),
        (lambda d: d["clauses"][0].pop("paraphrase"), "clauses/0: 'paraphrase' is a required property"),
        (lambda d: d["clauses"][0].update(handled="yes"), "clauses/0/handled: 'yes' is not of type 'boolean'"),
    ],
)
def test_a_schema_rejects_a_broken_output_naming_the_key(capsys, break_it, where):
    data = _clauses(capsys)
    assert schemas.errors(data) == []
    break_it(data)
    found = schemas.errors(data, "clauses")
    assert any(where in e for e in found), found


def test_an_integer_in_a_schema_is_never_a_boolean(capsys):
    data = _clauses(capsys)
    data["clauses"][0]["implemented_by"] = [{"function": "f", "module": "m", "line": True}]
    assert any("True is not of type 'integer'" in e for e in schemas.errors(data))
