"""Issue 7's acceptance, as a test: every command of the tool runs for every ruleset, with small settings.

The commands are found the way the command line finds them (one module per command), so a new
command without a case here fails the first test.  Each case reads the command's JSON and checks
that it speaks of the ruleset asked for, not merely that it exited 0.
"""

from __future__ import annotations

import json
import pkgutil

import pytest

from oblivaeon_verify import commands, knockout_runner, rulesets
from oblivaeon_verify.cli import main


def _symbolic(name: str):
    return rulesets.plugin(name).symbolic()


def _args(command: str, name: str, tmp_path) -> list[str]:
    r = rulesets.load(name)
    few = str(r.players[0])
    return {
        "clauses": ["--json"],
        "params": ["--json"],
        "simulate": ["--games", "1", "--players", few, "--json", "--workers", "1"],
        "bench": ["--games", "2", "--json"],
        "check": ["--games", "1", "--json"],
        "census": ["--games", "2", "--players", few, "--json", "--workers", "1"],
        "knockout": ["--clause", knockout_runner.knockable(r)[0], "--games", "2", "--json"],
        "prove": ["--players", few, "--json"],
        "ask": [_symbolic(name).QUERY_NAMES[-1], "--players", few, "--depth", "4", "--json"],
        # one judgement (the rulebook check itself is test_clarify's, test_determinism's and the wheel's)
        "clarify": [
            {"oblivaeon": "every reward in a hero deck is a hero card.", "aeons_end": "no exhausted player may gain life."}[name],
            "--json",
        ],
        "graph": ["--json"],
        "explore": ["--depth", "2", "--json"],
        "witnesses": ["--clause", {"oblivaeon": "CLAR.MISSION-ZONE", "aeons_end": "NEMESIS.DRAW"}[name], "--games", "2", "--json"],
        "report": ["--games", "2", "--conformance-games", "0", "--workers", "1", "--section", "proofs", "--out", str(tmp_path / "r")],
        "verify": ["--games", "2", "--conformance-games", "0", "--workers", "1", "--section", "proofs", "--out", str(tmp_path / "v")],
        # merge reads the ruleset from its shards: here the one shard of a small simulate
        "merge": [str(tmp_path / "s"), "--json"],
    }[command]


COMMANDS = sorted(m.name for m in pkgutil.iter_modules(commands.__path__) if m.name != "common")


def test_every_command_has_a_case_here(tmp_path):
    for command in COMMANDS:
        assert _args(command, rulesets.DEFAULT, tmp_path) is not None


REPORT = ("report", "--games", "2", "--conformance-games", "0", "--workers", "1", "--section", "proofs")
"""The report case's command (its --out apart): run once for this test and test_schemas' check of its summary."""


@pytest.mark.parametrize("name", rulesets.available())
@pytest.mark.parametrize("command", COMMANDS)
def test_the_command_runs_for_the_ruleset(command, name, tmp_path, capsys, ran_once):
    written = tmp_path / ("r" if command == "report" else "v")
    if command == "merge":
        shard = ["simulate", "--ruleset", name, "--games", "1", "--workers", "1", "--shard", "1/1", "--shard-out", str(tmp_path / "s")]
        assert main(shard) == 0
        code = main([command, *_args(command, name, tmp_path)])
    elif command == "report":
        assert [command, *_args(command, name, tmp_path)] == [*REPORT, "--out", str(written)]
        ran = ran_once(*REPORT, "--ruleset", name)
        code, written = ran.code, ran.folder
    else:
        code = main([command, "--ruleset", name, *_args(command, name, tmp_path)])
    out = capsys.readouterr().out
    if command in ("report", "verify"):
        # two games reach too few clauses for a passing verdict: what is checked is that the report is
        # this ruleset's, that the section asked for ran, and that the exit code follows the verdict
        summary = json.loads((written / "summary.json").read_text())
        assert summary["ruleset"] == name
        assert [(s["name"], s["status"]) for s in summary["sections"] if s["status"] != "skipped"] == [("proofs", "ok")]
        assert code == summary["findings"]["exit_code"] == {"passed": 0, "failed": 1, "inconclusive": 4}[summary["verdict"]]
        assert summary["verdict"] != "passed"  # the other sections were left out: never "all checks passed"
        return
    assert code == 0, (command, name, out[-500:])
    data = json.loads(out)
    if isinstance(data, dict) and "ruleset" in data:
        assert data["ruleset"] == name
    elif command == "clauses":
        ids = {c["id"] for c in (data["clauses"] if isinstance(data, dict) else data)}
        assert ids == {c.id for c in rulesets.load(name).catalogue.clauses}
    else:
        assert data, (command, name)
