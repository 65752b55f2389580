"""The reports: deterministic, atomic, honest about missing sections, and readable in a browser."""

from __future__ import annotations

import json
import subprocess
import sys
import types
from pathlib import Path

import pytest

from oblivaeon_verify import output, report, report_pages, rulesets
from oblivaeon_verify import sections as sections_pkg
from oblivaeon_verify.commands.common import versions
from oblivaeon_verify.graphs import draw
from oblivaeon_verify.scenarios import load_suite
from oblivaeon_verify.timing import without_timing

RULESET = rulesets.load("oblivaeon")
ROOT = Path(__file__).resolve().parents[1]


def build(seed=7, sections=(), **kw):
    """A small report: one game per hero count, no conformance games, the given sections only."""
    return report.build(
        RULESET,
        seed=seed,
        games=1,
        conformance_games=0,
        quick=True,
        versions=versions(),
        workers=1,
        sections=None if sections is None else list(sections),
        **kw,
    )


@pytest.fixture(scope="module")
def small():
    data, _ = build()
    return data, report.render(data)


# --- determinism and atomic writing ----------------------------------------------------------


def _same_bytes(a: Path, b: Path) -> None:
    files_a = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    files_b = sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    assert files_a == files_b
    for rel in files_a:
        assert (a / rel).read_bytes() == (b / rel).read_bytes(), rel


def test_two_runs_with_the_same_seed_give_byte_identical_reports(small, tmp_path):
    # the module's report is the first run; a second run with the same settings here
    data, _timings = build()
    a, b = output.replace(tmp_path / "a", small[1], "report"), output.replace(tmp_path / "b", report.render(data), "report")
    _same_bytes(a, b)
    assert (a / "index.html").exists() and (a / "index.md").exists() and (a / "summary.json").exists()
    assert len(list((a / "corner-cases").glob("*.html"))) == len(list((ROOT / "scenarios" / "oblivaeon").glob("*.toml")))


def test_a_different_seed_gives_a_different_report(small):
    two, _ = build(seed=8)  # the module's report is seed 7's
    assert small[1]["index.md"] != report.render(two)["index.md"]


def test_no_timing_reaches_the_files():
    raw = {"a": 1, "timing": {"s": 2.5}, "nested": [{"timing": 3, "b": 2}]}
    assert without_timing(raw) == {"a": 1, "nested": [{"b": 2}]}


def test_a_failed_write_leaves_the_previous_report_whole(tmp_path):
    out = tmp_path / "reports"
    output.replace(out, {"index.md": "old\n", "corner-cases/x.md": "old page\n"}, "report")
    with pytest.raises(TypeError):
        output.replace(out, {"index.md": "new\n", "summary.json": None}, "report")  # a broken file mid-way
    assert (out / "index.md").read_text() == "old\n"
    assert (out / "corner-cases" / "x.md").read_text() == "old page\n"
    assert not (out / "summary.json").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["reports"]  # no temporary folder left behind


def test_writing_keeps_a_readme_a_person_added_to_the_report_folder(tmp_path):
    out = tmp_path / "reports"
    output.replace(out, {"index.md": "x\n"}, "report")
    (out / "README.md").write_text("kept\n")
    output.replace(out, {"index.md": "y\n"}, "report")
    assert (out / "README.md").read_text() == "kept\n" and (out / "index.md").read_text() == "y\n"


# --- contents ------------------------------------------------------------------------------


def test_the_index_counts_the_clarifications_with_a_passing_scenario(small):
    data, files = small
    t = data["coverage_totals"]
    assert t["clarifications"] == 26 and t["clarifications_passing"] == 26
    assert "Every Rules Clarification with a passing scenario: **26 of 26**" in files["clauses.md"]
    assert "<b>26 of 26</b>" in files["clauses.html"]
    assert "26 of 26 shown in play by a passing scenario" in files["index.html"]


def test_each_clause_row_says_what_implements_guards_and_exercises_it(small):
    data, _ = small
    row = next(r for r in data["clause_coverage"] if r["id"] == "CLAR.ERASED")
    assert row["implemented_by"] and row["reached"] in (True, False)
    citing = sorted(sc.id for sc in load_suite("oblivaeon").scenarios if "CLAR.ERASED" in sc.clauses)
    assert "clar-erased" in citing and sorted(s["id"] for s in row["scenarios"] if s["passed"]) == citing
    assert row["invariants"] is None or isinstance(row["invariants"], list)


def test_absent_sections_are_named_as_missing_never_faked(monkeypatch):
    monkeypatch.setattr(sections_pkg, "available", lambda: [])
    secs, _ = report.collect_sections(RULESET, seed=1, quick=True)
    assert {s["name"]: s["status"] for s in secs} == {"graphs": "missing", "invariants": "missing", "proofs": "missing"}
    assert all("has not landed" in s["message"] for s in secs)
    data, _ = build(sections=None)
    row = next(r for r in data["clause_coverage"] if r["id"] == "CLAR.ERASED")
    assert row["invariants"] is None and row["proofs"] is None
    page = next(p for p in data["corner_cases"] if p["id"] == "clar-erased")
    assert any("graph" in p["note"] and "no picture" in p["note"] for p in page["interaction"])
    assert "not landed" in report.render(data)["index.md"]


def section(name, title, collect, markdown):
    """A stand-in section module following the contract of oblivaeon_verify.sections."""
    mod = types.ModuleType(f"oblivaeon_verify.sections.{name}")
    mod.TITLE, mod.ORDER, mod.collect, mod.markdown = title, 10, collect, markdown
    return mod


def test_a_section_that_fails_is_reported_and_fails_the_verdict(monkeypatch):
    def collect(ruleset, *, seed, quick):
        raise RuntimeError("solver exploded")

    Broken = section("proofs", "Proofs", collect, lambda data: "")
    monkeypatch.setattr(sections_pkg, "available", lambda: [Broken])
    data, _ = build(sections=None)
    s = next(s for s in data["sections"] if s["name"] == "proofs")
    assert s["status"] == "error" and "solver exploded" in s["message"]
    assert not data["verdict"]["ok"]


def test_section_citations_become_the_guarded_by_column(monkeypatch):
    def collect(ruleset, *, seed, quick):
        return {"invariants": [{"name": "zone isolation", "clauses": ["BZ.ISOLATION"], "violations": 0}], "timing": {"s": 1}}

    Invariants = section("invariants", "Invariants", collect, lambda data: "| invariant |\n| --- |\n| zone isolation |\n")
    monkeypatch.setattr(sections_pkg, "available", lambda: [Invariants])
    data, _ = build(sections=None)
    row = next(r for r in data["clause_coverage"] if r["id"] == "BZ.ISOLATION")
    assert row["invariants"] == ["zone isolation"] and row["proofs"] is None
    assert data["coverage_totals"]["with_invariant"] == 1
    html = report.render(data)["clauses.html"]
    assert "<td>zone isolation</td>" in html and '"timing"' not in report.render(data)["summary.json"]


def test_a_failing_scenario_gets_a_fail_page_and_fails_the_verdict(monkeypatch, tmp_path):
    folder = tmp_path / "oblivaeon"
    folder.mkdir()
    text = (
        (ROOT / "scenarios" / "oblivaeon" / "clar-hero-count.toml")
        .read_text()
        .replace("amount = 3 }]\n[steps.expect]", "amount = 4 }]\n[steps.expect]")
    )
    (folder / "clar-hero-count.toml").write_text(text)
    from oblivaeon_verify import scenarios

    monkeypatch.setattr(scenarios, "ROOT", tmp_path)
    data, _ = build()
    page = data["corner_cases"][0]
    assert page["verdict"] == "fail at step 1" and "diverged" in page["verdict_text"]
    assert not data["verdict"]["ok"]
    assert data["coverage_totals"]["clarifications_passing"] == 0
    assert "FAILED" in report.render(data)["corner-cases/clar-hero-count.md"]


def test_a_corner_case_page_has_every_part(small):
    _, files = small
    md = files["corner-cases/clar-rites-of-revival-usurped-return-to-box.md"]
    for part in (
        "## The corner case, in our words",
        "## How the rules interact to reach it",
        "## Minimal witness from setup",
        "## Step by step",
        "## Verdict",
    ):
        assert part in md
    assert "the model's default is `revive-in-place`" in md
    assert "```mermaid" in md and "| state | before | after |" in md
    assert "## Where the readings part, from a legal setup" in md and "**rites\\_reading: revive-in-place against return-to-box**" in md
    assert "--replay properties/oblivaeon/divergences/READING.rites_reading.return-to-box.json`" in md
    html = files["corner-cases/clar-rites-of-revival-usurped-return-to-box.html"]
    assert "<h2>Where the readings part, from a legal setup</h2>" in html
    requital = files["corner-cases/clar-requital-box-rule-wins.md"]
    assert "_No divergence witness from a legal setup: none is kept" in requital


def test_html_pages_are_self_contained(small):
    _, files = small
    for name, text in files.items():
        if name.endswith(".html"):
            assert (
                "<script" not in text and "http://" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "") and "https://" not in text
            )
    assert "<svg" in files["corner-cases/id-devastation-destroys-environment.html"]


def test_the_summary_is_json_for_machines(small):
    _, files = small
    data = json.loads(files["summary.json"])
    assert data["scenarios"]["count"] == len(data["corner_cases"]) and data["seed"] == 7


# --- pictures ------------------------------------------------------------------------------


def test_mermaid_pictures_in_the_graph_package_format_are_drawn_as_svg_by_the_built_in_layout(monkeypatch):
    text = 'flowchart LR\n  n_A["ENV.GAME-OVER"]\n  n_e(["event: environment-removed"])\n  n_C{{"CLAR.OA-NOT-REMOVABLE"}}\n  n_A --> n_e\n  n_e -.-> n_C\n'
    nodes, edges = report_pages.parse_mermaid(text)
    assert nodes == {
        "n_A": ("ENV.GAME-OVER", "box"),
        "n_e": ("event: environment-removed", "stadium"),
        "n_C": ("CLAR.OA-NOT-REMOVABLE", "hexagon"),
    }
    assert edges == [("n_A", "n_e", False), ("n_e", "n_C", True)]
    monkeypatch.setattr(draw, "graphviz_version", lambda: None)
    svg = report_pages.mermaid_svg(text)
    assert 'data-layout="own"' in svg and svg.count("<line") == 2 and "stroke-dasharray" in svg and "<polygon" in svg
    assert svg.count('<g class="node">') == 3


def test_section_markdown_is_rendered_with_its_tables_and_pictures():
    html = report_pages.markdown_html("| a | b |\n| --- | --- |\n| 1 | <b>2</b> |\n\n```mermaid\nflowchart LR\n  x --> y\n```\n")
    assert "<table>" in html and "&lt;b&gt;" in html and "<svg" in html


def test_the_cli_refuses_a_bad_games_count():
    out = subprocess.run(
        [sys.executable, "-m", "oblivaeon_verify", "report", "--games", "0", "--out", "/nonexistent/x"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 2 and "--games" in out.stderr and "Traceback" not in out.stderr


def test_coverage_gaps_name_what_each_clause_lacks(small):
    data, files = small
    t = data["coverage_totals"]
    gaps = {g["id"]: g["missing"] for g in t["gaps"]}
    assert t["complete"] == t["clauses"] - len(gaps)
    for row in data["clause_coverage"]:
        passing = any(s["passed"] and s["reached"] is not False for s in row["scenarios"])
        through = row["shown_through"]  # a pointer: shown by every clause of the section it points to
        passing = passing or bool(through and through["shown"] == through["clauses"] > 0)
        assert ("passing scenario" in gaps.get(row["id"], [])) == (not passing), row["id"]
    assert "CLAR.ERASED" not in gaps or gaps["CLAR.ERASED"] == ["invariant or proof"]
    lacking = [i for i, m in gaps.items() if "passing scenario" in m]
    if lacking:
        assert any(lacking[0] in w for w in data["verdict"]["warnings"])
        assert "Coverage still to write" in files["index.md"]


def test_a_clause_without_a_guard_is_a_gap_and_not_a_failure():
    row = {
        "handled": True,
        "implemented_by": ["f"],
        "reached": True,
        "invariants": [],
        "proofs": [],
        "scenarios": [{"passed": True, "reached": True}],
    }
    assert report._gaps(row) == ["invariant or proof"]
    assert report._gaps(dict(row, invariants=["x"])) == []
    assert report._gaps(dict(row, invariants=None, proofs=None)) == []  # no section landed: nothing to hold against the clause
    assert report._gaps({"handled": False, "scenarios": []}) == ["passing scenario"]


def test_a_pointer_is_shown_only_when_every_clause_it_points_to_is():
    """MORE.FAQ-POINTER has no rule of its own: the Rules Clarifications it points to show it, all of them or it is a gap."""
    pointer = {"handled": False, "scenarios": []}
    assert report._gaps(dict(pointer, shown_through={"section": "Rules Clarifications", "clauses": 26, "shown": 26})) == []
    assert report._gaps(dict(pointer, shown_through={"section": "Rules Clarifications", "clauses": 26, "shown": 25})) == [
        "passing scenario"
    ]
    assert report._gaps(dict(pointer, shown_through={"section": "Nowhere", "clauses": 0, "shown": 0})) == ["passing scenario"]
    assert rulesets.load("oblivaeon").catalogue["MORE.FAQ-POINTER"].points_to == "Rules Clarifications"


def test_a_scenario_exercises_a_clause_only_if_its_run_reached_a_rule_of_it():
    """A scenario's list of clauses is a claim: the report counts a scenario for a clause only when a function
    implementing the clause ran in its run (or an event cited it); one whose run reached none is marked, not counted."""
    reached: dict = {}
    runs, errors = report.run_scenarios(rulesets.load("oblivaeon"), None, reached)
    assert not errors and len(reached) == len(runs)
    # the refusals of hero-option-illegal reach no rule of the options they refuse; hero-option-swap takes one
    assert "HERO.OPT.SWAP" not in reached["hero-option-illegal"]
    assert "HERO.OPT.SWAP" in reached["hero-option-swap"]
    row = {"handled": True, "implemented_by": ["f"], "reached": True, "invariants": ["x"], "proofs": []}
    assert report._gaps(dict(row, scenarios=[{"passed": True, "reached": False}])) == ["passing scenario"]
    assert report._gaps(dict(row, scenarios=[{"passed": True, "reached": False}, {"passed": True, "reached": True}])) == []
    assert report._gaps(dict(row, scenarios=[{"passed": True, "reached": None}])) == []  # nothing to run: the claim stands


def test_the_clause_table_marks_a_scenario_whose_run_reached_no_rule_of_the_clause(small):
    data, files = small
    row = next(r for r in data["clause_coverage"] if r["id"] == "HERO.OPT.SWAP")
    marks = {s["id"]: s["reached"] for s in row["scenarios"]}
    assert marks["hero-option-illegal"] is False and marks["hero-option-swap"] is True
    assert "hero-option-illegal: HERO.OPT.SWAP" in data["coverage_totals"]["named_not_reached"]
    assert "[hero-option-illegal](corner-cases/hero-option-illegal.md) (named; its run reached no rule of it)" in files["clauses.md"]
    no_rule = next(r for r in data["clause_coverage"] if not r["handled"] and r["scenarios"])
    assert all(s["reached"] is None for s in no_rule["scenarios"])


def _coverage_data(counted: int) -> dict:
    """The least of a report's data that ``report_story.findings`` reads: one clause with a handler never reached."""
    return {
        "scenarios": {"failed": 0, "load_errors": [], "items": []},
        "totals": {"errors": 0},
        "conformance": {"errors": 0},
        "clause_coverage": [{"id": "MAIN.OPEN", "reached": False}, {"id": "MAIN.CAST", "reached": True}],
        "coverage_totals": {"clarifications_without_passing_scenario": []},
        "sections": [],
        "settings": {"handler_counted_games": counted, "handler_counted_games_full": 150},
    }


def test_a_clause_never_reached_fails_a_full_run_but_leaves_a_short_one_undecided():
    """Every clause with a handler must be reached in a full run's counted games; 20 games may just not meet a rare one."""
    from oblivaeon_verify import report_story

    full = report_story.findings(_coverage_data(150))
    assert [f.text for f in full.failed] == ["clauses with a handler never reached in play: MAIN.OPEN"] and not full.inconclusive
    short = report_story.findings(_coverage_data(20))
    assert not short.failed
    assert [f.text for f in short.inconclusive] == [
        "clauses with a handler never reached in play (in the first 20 games of each count; a full run counts 150: too few to tell): MAIN.OPEN"
    ]
