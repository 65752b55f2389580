"""The command line: clauses, simulate (JSON, trace, determinism), bench, and clear errors for bad arguments."""

from __future__ import annotations

import json

import pytest

from oblivaeon_verify.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_clauses_json_lists_every_clause_with_its_implementations(capsys):
    code, out, _ = run(capsys, "clauses", "--json")
    assert code == 0
    data = json.loads(out)
    by_id = {c["id"]: c for c in data["clauses"]}
    assert len(by_id) >= 70
    impl = by_id["ENV.REMOVAL.LOSS"]["implemented_by"]
    assert impl and impl[0]["module"] == "oblivaeon_verify.model.oblivaeon.environments" and impl[0]["line"] > 0


def test_clauses_table_reports_nothing_unimplemented(capsys):
    code, out, _ = run(capsys, "clauses")
    assert code == 0 and "0 without an implementation" in out


def test_simulate_json_is_the_same_bytes_for_the_same_seed_and_times_only_on_request(capsys):
    _, a, _ = run(capsys, "simulate", "--heroes", "3", "--seed", "4", "--games", "3", "--json", "--workers", "1")
    _, b, _ = run(capsys, "simulate", "--heroes", "3", "--seed", "4", "--games", "3", "--json", "--workers", "2")
    assert a == b and "timing" not in a
    _, timed, _ = run(capsys, "simulate", "--heroes", "3", "--seed", "4", "--games", "3", "--json", "--timing")
    jt = json.loads(timed)
    assert jt.pop("timing")["decisions_per_second"] > 0
    ja = json.loads(a)
    assert jt == ja
    for key in ("games", "rounds", "decisions", "outcomes", "errors"):
        assert key in ja
    assert ja["games"] == 3 and sum(ja["outcomes"].values()) == 3 and ja["errors"] == []


def test_simulate_trace_prints_one_line_per_decision_or_event_with_clause_ids(capsys):
    code, out, _ = run(capsys, "simulate", "--heroes", "4", "--seed", "2", "--trace")
    assert code == 0
    lines = out.splitlines()
    assert any(line.startswith("r1 Hero 1's turn: hero 1:") for line in lines)
    assert any("[ROUND.ORDER] turn" in line for line in lines)
    assert lines[-1].startswith("# game over after")
    _, again, _ = run(capsys, "simulate", "--heroes", "4", "--seed", "2", "--trace")
    assert again == out


def test_bench_reports_throughput_figures(capsys):
    code, out, _ = run(capsys, "bench", "--games", "2", "--players", "4", "--json")
    assert code == 0
    row = json.loads(out)["results"][0]
    assert row["players"] == 4 and row["rounds_per_second"] > 0 and row["decisions_per_second"] > 0


@pytest.mark.parametrize(
    "argv, message",
    [
        (["simulate", "--heroes", "6"], "--heroes: Sentinels of the Multiverse: OblivAeon is played with 3, 4, 5 heroes, not 6"),
        (["simulate", "--games", "0"], "--games: expected an integer from 1 to 1,000,000,000, not 0"),
        (["simulate", "--ruleset", "chess"], "--ruleset: unknown name 'chess'; aeons_end, oblivaeon"),
        (["simulate", "--param", "nonsense=1"], "unknown parameter 'nonsense'"),
    ],
)
def test_bad_arguments_get_a_clear_error_and_exit_code_2(capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert message in err
    assert "Traceback" not in err


def test_verify_writes_the_reports(tmp_path, capsys):
    out = tmp_path / "reports"
    # (the quick sections: what this test checks is the writing; every section in its full setting is the
    # main job, the README's first command, run at every stop; test_determinism shows the same report
    # made in two processes under two hash seeds and worker counts byte for byte)
    # (seed 4: its 12 games reach every clause with a handler, which a passing verdict needs; seed 3's no longer
    # reach La Comodora's since the catalogue's decks grew)
    args = ["verify", "--games", "4", "--conformance-games", "1", "--seed", "4", "--out", str(out), "--workers", "1", "--quick"]
    code, said, _ = run(capsys, *args)
    assert code == 0 and said.rstrip().endswith("verdict: all checks passed"), said
    written = {str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()}
    assert {"index.md", "index.html", "summary.json"} <= written and any(n.startswith("corner-cases/") for n in written)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["seed"] == 4 and summary["totals"]["games"] == 12
