"""The command line of the Z3 layer: prove, ask and clarify, with JSON output, artefacts and clear errors."""

from __future__ import annotations

import json

from oblivaeon_verify.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_prove_json_lists_every_invariant_proved_and_isolation(capsys):
    code, out, _ = run(capsys, "prove", "--heroes", "3", "--json")
    data = json.loads(out)
    assert code == 0
    assert {r["status"] for r in data["invariants"]} == {"proved"} and len(data["invariants"]) == 12
    assert data["isolation"]["status"] == "proved"


def test_prove_a_broken_encoding_exits_non_zero_with_a_readable_counterexample(capsys):
    code, out, _ = run(capsys, "prove", "--heroes", "4", "--mutant", "unclamped-scion-removal")
    assert code == 1
    assert "violated" in out and "scion_removed(zone" in out and "BZ.DEV.SCION-REMOVED" in out


def test_prove_writes_smtlib2_obligations_and_itf_counterexamples(capsys, tmp_path):
    code, _out, _ = run(capsys, "prove", "--heroes", "3", "--mutant", "unclamped-scion-removal", "--smtlib", str(tmp_path), "--json")
    assert code == 1
    names = sorted(p.name for p in tmp_path.rglob("*"))
    assert any(n.endswith(".smt2") for n in names) and "BZ-ISOLATION.smt2" in names
    itf = next(tmp_path.rglob("*DEV-NONNEG.itf.json"))
    assert json.loads(itf.read_text())["vars"][0] == "round"


def test_prove_refuses_bad_arguments_by_name(capsys):
    code, _, err = run(capsys, "prove", "--heroes", "7")
    assert code == 2 and "--heroes" in err and "3, 4, 5" in err
    code, _, err = run(capsys, "prove", "--heroes", "3", "--mutant", "nope")
    assert code == 2 and "--mutant: unknown name 'nope'" in err and "unclamped-scion-removal" in err


def test_ask_countdown_before_fall_gives_a_witness_with_symbolic_booklet_values(capsys):
    code, out, _ = run(capsys, "ask", "countdown-before-fall", "--heroes", "3", "--depth", "8", "--symbolic", "countdown_start", "--json")
    data = json.loads(out)
    assert code == 0 and data["answer"] == "reached"
    assert data["parameters"]["countdown_start"] >= 1
    assert data["witness"][0]["action"] == "init" and any("ID.COUNTDOWN" in s["action"] for s in data["witness"])


def test_ask_refuses_unknown_queries_and_booklet_numbers(capsys):
    code, _, err = run(capsys, "ask", "fastest-win")
    assert code == 2 and "QUERY" in err
    code, _, err = run(capsys, "ask", "countdown-before-fall", "--set", "speed=3")
    assert code == 2 and "not a Booklet number" in err
    code, _, err = run(capsys, "ask", "countdown-before-fall", "--set", "countdown_start")
    assert code == 2 and "NAME=VALUE" in err


def test_clarify_text_gives_the_verdict_and_every_core(capsys):
    code, out, _ = run(capsys, "clarify", "every reward is a villain card.", "--json")
    data = json.loads(out)
    assert code == 1 and data["judgement"] == "contradicts" and data["verdict"] == "failed" and len(data["cores"]) == 2


def test_clarify_reads_a_file_and_reports_errors_with_position(capsys, tmp_path):
    f = tmp_path / "p.clar"
    f.write_text("CLAR.NEW: every shield card may move between battle zones.\n")
    code, out, _ = run(capsys, "clarify", "--file", str(f))
    assert code == 0 and "redundant" in out
    f.write_text("CLAR.NEW: every shield card may move between zones.\n")
    code, _, err = run(capsys, "clarify", "--file", str(f))
    assert code == 2 and f"{f}:1:" in err and "expected a term of the vocabulary" in err
    code, _, err = run(capsys, "clarify", "--file", str(tmp_path / "missing.clar"))
    assert code == 2 and "no such clarification file" in err
    code, _, err = run(capsys, "clarify")
    assert code == 2 and "TEXT or with --file" in err
