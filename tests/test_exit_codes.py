"""Exit codes mean the same in every command: 0 passed, 1 failed, 2 usage or input, 3 internal, 4 inconclusive, 130 interrupted.

Each test drives a command into one outcome and checks its code; a timeout or an ``unknown`` is never a pass.
"""

from __future__ import annotations

import json

import pytest

from oblivaeon_verify import cli, exits, report
from oblivaeon_verify.cli import main
from oblivaeon_verify.commands import prove as prove_cmd


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_exit_codes_are_documented_once_and_shown_in_every_commands_help(capsys):
    assert [(c, n) for c, n, _ in exits.table()] == [
        (0, "PASSED"),
        (1, "FAILED"),
        (2, "USAGE"),
        (3, "INTERNAL"),
        (4, "INCONCLUSIVE"),
        (130, "INTERRUPTED"),
        (143, "TERMINATED"),
    ]
    assert {int(e) for e in exits.Exit} == {c for c, _, _ in exits.table()}
    for name in cli.command_modules():
        code, out, _ = run(capsys, name, "--help")
        assert (
            code == 0
            and "exit codes: 0 passed; 1 failed; 2 usage; 3 internal; 4 inconclusive; 130 interrupted; 143 terminated"
            in " ".join(out.split())
        ), name


def test_a_failure_outranks_an_unknown():
    assert exits.of(0, 0) == 0 and exits.of(2, 0) == 1 and exits.of(0, 3) == 4 and exits.of(1, 1) == 1


@pytest.mark.parametrize(
    "statuses, code",
    [(["proved", "proved"], 0), (["proved", "unknown"], 4), (["bounded"], 4), (["unknown", "violated"], 1), (["violated"], 1)],
)
def test_prove_exits_by_the_worst_result_and_never_passes_an_unknown(monkeypatch, capsys, statuses, code):
    rows = [
        {
            "property": f"P{i}",
            "players": 4,
            "clauses": [],
            "status": s,
            "method": "k-induction",
            "k": 1,
            "bound": 3,
            "reason": "",
            "seconds": 0.0,
        }
        for i, s in enumerate(statuses)
    ]
    sym = prove_cmd.symbolic(__import__("oblivaeon_verify").rulesets.load("oblivaeon"))
    monkeypatch.setattr(sym, "prove_players", lambda n, **kw: rows)
    monkeypatch.setattr(prove_cmd, "extra_proofs", lambda sym, **kw: {})
    got, out, _ = run(capsys, "prove", "--heroes", "4", "--json")
    assert got == code
    assert [r["status"] for r in json.loads(out)["invariants"]] == statuses


def test_prove_of_a_broken_encoding_fails_with_exit_1(capsys):
    code, out, _ = run(capsys, "prove", "--heroes", "3", "--mutant", "unclamped-scion-removal", "--json")
    assert code == 1 and any(r["status"] == "violated" for r in json.loads(out)["invariants"])


def test_prove_out_of_work_is_inconclusive_with_exit_4_and_names_the_limit(capsys):
    """One solver unit per obligation: nothing proved, every property unknown (never a pass), exit 4."""
    code, out, _ = run(capsys, "prove", "--ruleset", "aeons_end", "--players", "1", "--work", "1", "--json")
    rows = json.loads(out)["invariants"]
    assert code == 4 and json.loads(out)["verdict"] == "inconclusive" and {r["status"] for r in rows} == {"unknown"}
    assert any(r["reason"].endswith("the work allowed ran out (1 solver units)") for r in rows)
    code, out, _ = run(capsys, "prove", "--ruleset", "aeons_end", "--players", "1", "--work", "1")
    assert code == 4 and "the work allowed ran out (1 solver units) (allow more with --work UNITS)" in " ".join(out.split())


def test_ask_with_a_solver_unknown_is_inconclusive(monkeypatch, capsys):
    from oblivaeon_verify.properties.oblivaeon import symbolic

    answer = {
        "query": "fewest-rounds-to-lose", "status": "unknown", "depth": 3, "players": 4, "assumptions": [], "witness": [],
        "parameters": {}, "value": None, "value_label": "", "seconds": 0.0,
    }  # fmt: skip
    monkeypatch.setattr(symbolic, "ask", lambda *a, **kw: answer)
    code, out, _ = run(capsys, "ask", "fewest-rounds-to-lose", "--json")
    assert code == 4 and json.loads(out)["answer"] == "unknown" and json.loads(out)["verdict"] == "inconclusive"
    code, out, _ = run(capsys, "ask", "fewest-rounds-to-lose")
    assert code == 4 and "unknown (the solver's work ran out: allow more with --work UNITS)" in out


def test_explore_that_hits_its_state_budget_is_inconclusive(capsys):
    code, out, _ = run(capsys, "explore", "--depth", "6", "--max-states", "20", "--json")
    data = json.loads(out)
    assert not all(r["complete"] for r in data["configurations"])
    assert code == 4


def test_an_unknown_section_is_a_usage_error_before_any_work(capsys, tmp_path):
    import time

    start = time.perf_counter()
    code, _, err = run(capsys, "report", "--section", "proofz", "--out", str(tmp_path / "r"))
    assert code == 2 and "--section: unknown name 'proofz'; invariants, graphs, proofs" in err
    assert time.perf_counter() - start < 5 and not (tmp_path / "r").exists()


def test_a_bug_in_a_command_is_one_line_and_exit_3(monkeypatch, capsys):
    from oblivaeon_verify.commands import clauses

    def broken(args):
        raise KeyError("something the tool did not expect\nsecond line")

    monkeypatch.setattr(clauses, "cmd_clauses", broken)
    monkeypatch.delenv(cli.TRACEBACK_VARIABLE, raising=False)
    code, _, err = run(capsys, "clauses")
    assert code == 3
    assert err.count("\n") == 1 and "internal error: KeyError" in err and "Traceback" not in err and cli.TRACEBACK_VARIABLE in err
    monkeypatch.setenv(cli.TRACEBACK_VARIABLE, "1")
    code, _, err = run(capsys, "clauses")
    assert code == 3 and "Traceback" in err


def test_ctrl_c_in_a_command_is_exit_130_without_a_traceback(monkeypatch, capsys):
    from oblivaeon_verify.commands import clauses

    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setattr(clauses, "cmd_clauses", interrupted)
    code, _, err = run(capsys, "clauses")
    assert code == 130 and "interrupted" in err and "Traceback" not in err


def test_a_bad_argument_is_one_line_and_exit_2(capsys):
    for argv in (["simulate", "--games", "-5"], ["simulate", "--games", "10**12"], ["simulate", "--workers", "100000"],
                 ["prove", "--timeout", "inf"], ["prove", "--work", "0"], ["prove", "--work", "1e9"], ["explore", "--max-states", "99999999999"], ["ask", "fewest-rounds-to-lose", "--depth", "100000"],
                 ["simulate", "--seed", "٣"], ["simulate", "--games", "+5"], ["check", "--profile", "nope"],
                 ["simulate", "--seed", "9" * 5000]):  # fmt: skip
        code, out, err = run(capsys, *argv)
        assert code == 2, argv
        assert err.count("\n") == 1 and "Traceback" not in err and "usage:" not in err and len(err) < 300, (argv, err)


def _data(**over) -> dict:
    """The least report data ``_verdict`` reads: everything passed, unless ``over`` says otherwise."""
    d = {
        "totals": {"errors": 0},
        "conformance": {"errors": 0},
        "clause_coverage": [{"id": "A.B", "reached": True}],
        "scenarios": {"failed": 0, "load_errors": []},
        "coverage_totals": {"clarifications_without_passing_scenario": [], "gaps": []},
        "sections": [{"name": "proofs", "status": "ok", "failed": [], "inconclusive": []}],
    }
    d.update(over)
    return d


@pytest.mark.parametrize(
    "over, status, code",
    [
        ({}, "passed", 0),
        (
            {"sections": [{"name": "proofs", "status": "ok", "failed": [], "inconclusive": ["proof P (4 players) unknown"]}]},
            "inconclusive",
            4,
        ),
        ({"sections": [{"name": "proofs", "status": "ok", "failed": ["proof P (4 players) violated"], "inconclusive": []}]}, "failed", 1),
        ({"sections": [{"name": "proofs", "status": "skipped", "message": "left out"}]}, "inconclusive", 4),
        ({"sections": [{"name": "proofs", "status": "missing", "message": "not landed"}]}, "inconclusive", 4),
        ({"sections": [{"name": "proofs", "status": "error", "message": "the section failed"}]}, "failed", 1),
        ({"scenarios": {"failed": 1, "load_errors": []}}, "failed", 1),
        ({"scenarios": {"failed": 0, "load_errors": ["x.toml: bad"]}}, "failed", 1),
        ({"totals": {"errors": 2}}, "failed", 1),
    ],
)
def test_the_report_verdict_names_failures_and_unknowns_and_never_calls_them_a_pass(over, status, code):
    v = report._verdict(_data(**over))
    assert (v["status"], v["exit_code"], v["ok"]) == (status, code, status == "passed")
    line = report.verdict_line(v)
    assert ("all checks passed" in line) == (status == "passed")
    for p in v["problems"] + v["inconclusive"]:
        assert p in line


def test_the_proofs_section_fails_a_violated_proof_and_leaves_an_unknown_undecided():
    from oblivaeon_verify.sections import proofs

    data = {
        "available": True,
        "invariants": [
            {"property": "A", "players": 3, "status": "proved"},
            {"property": "B", "players": 3, "status": "unknown", "reason": "timeout"},
            {"property": "C", "players": 4, "status": "violated"},
            {"property": "D", "players": 5, "status": "bounded"},
        ],
        "extra_proofs": ["iso"],
        "iso": {"property": "ISO", "status": "unknown"},
    }
    f = proofs.findings(data)
    assert f["failed"] == ["proof C (4 players) violated"]
    assert f["inconclusive"] == ["proof B (3 players) unknown: timeout", "proof D (5 players) bounded", "proof ISO unknown"]


def test_report_with_an_unknown_proof_does_not_pass(monkeypatch, capsys, tmp_path):
    sym = prove_cmd.symbolic(__import__("oblivaeon_verify").rulesets.load("aeons_end"))
    real = sym.prove_players

    def one_unknown(n, **kw):
        rows = real(n, **kw)
        rows[0] = dict(rows[0], status="unknown", reason="timeout")
        return rows

    monkeypatch.setattr(sym, "prove_players", one_unknown)
    code, out, _ = run(
        capsys,
        "report",
        "--ruleset",
        "aeons_end",
        "--games",
        "2",
        "--conformance-games",
        "1",
        "--section",
        "proofs",
        "--out",
        str(tmp_path / "r"),
    )
    summary = json.loads((tmp_path / "r" / "summary.json").read_text())
    v = summary["findings"]
    assert code == v["exit_code"] != 0 and summary["verdict"] == {1: "failed", 4: "inconclusive"}[code]
    assert any("proofs: proof" in p and "unknown: timeout" in p for p in v["inconclusive"])
    assert "all checks passed" not in out


def test_the_readme_lists_the_same_exit_codes_as_the_tool():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    rows = [line.split("|")[1].strip() for line in text.splitlines() if line.startswith("| ") and line.split("|")[1].strip()[:1].isdigit()]
    listed = {int(c) for row in rows for c in row.split("/")}
    assert listed == {c for c, _, _ in exits.table()}
