"""``clarify --file`` with several proposals (a batch, each judged on its own) and ``clarify --report DIR`` (a page per proposal)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oblivaeon_verify.cli import main

ROOT = Path(__file__).resolve().parents[1]
BATCH = ROOT / "tests" / "proposals" / "batch.clar"


def test_a_batch_file_judges_each_proposal_on_its_own_and_fails_if_one_contradicts(capsys):
    assert main(["clarify", "--file", str(BATCH), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [(p["proposal"], p["judgement"]) for p in data["proposals"]] == [
        ("NEW.A", "contradicts"),
        ("NEW.B", "consistent"),
        ("NEW.C", "consistent"),
    ]
    assert data["summary"] == {"proposals": 3, "contradicts": 1, "unknown": 0, "vacuous": 0, "redundant": 0, "consistent": 2}
    # each alone: the batch's other proposals are not assumed (NEW.B judged alone gives the same)
    assert main(["clarify", "every shield card is a villain card.", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["judgement"] == "consistent"


def test_a_batch_without_a_contradiction_passes_and_says_how_many_of_each(tmp_path, capsys):
    f = tmp_path / "ok.clar"
    f.write_text(BATCH.read_text().replace("NEW.A: every reward is a villain card.\n", ""))
    assert main(["clarify", "--file", str(f)]) == 0
    out = capsys.readouterr().out
    assert "NEW.B: consistent" in out and f"2 consistent of 2 proposals in {f}" in out


def test_a_file_with_one_proposal_prints_what_text_prints(tmp_path, capsys):
    f = tmp_path / "one.clar"
    f.write_text("every reward is a villain card.\n")
    assert main(["clarify", "--file", str(f), "--json"]) == 1
    from_file = json.loads(capsys.readouterr().out)
    assert main(["clarify", "every reward is a villain card.", "--json"]) == 1
    assert json.loads(capsys.readouterr().out) == from_file


def test_the_report_has_a_page_per_proposal_in_html_and_markdown_and_an_index(tmp_path, capsys):
    out = tmp_path / "r"
    assert main(["clarify", "--file", str(BATCH), "--report", str(out)]) == 1
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == [
        "NEW.A.html",
        "NEW.A.md",
        "NEW.B.html",
        "NEW.B.md",
        "NEW.C.html",
        "NEW.C.md",
        "index.html",
        "index.md",
    ]
    page = (out / "NEW.A.md").read_text()
    assert "# NEW.A: contradicts" in page and "- every reward is a villain card" in page
    assert "- conflicts with: CLAR.MISSION-TARGET-KIND, VOCAB.GAME-HAS, VOCAB.MISSION-SIDES" in page
    assert f"Judge it again: `oblivaeon-verify clarify --ruleset oblivaeon --file {BATCH}`" in page
    assert "| [NEW.B](NEW.B.md) | consistent | every shield card is a villain card |" in (out / "index.md").read_text()
    html = (out / "NEW.C.html").read_text()
    assert "<h1>NEW.C: consistent</h1>" in html and "<li>some reward is a hero target</li>" in html and "<script" not in html


def test_the_report_never_overwrites_a_folder_the_tool_did_not_write(tmp_path, capsys):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("my own")
    assert main(["clarify", "every reward is a villain card.", "--report", str(mine)]) == 2
    assert "--report" in capsys.readouterr().err and (mine / "notes.txt").read_text() == "my own"
    assert sorted(p.name for p in mine.iterdir()) == ["notes.txt"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("NEW.A: every reward is a villain card.\nNEW.B: every reward\n", "batch.clar:2:"),
        ("".join(f"NEW.P{i}: every reward is a hero card.\n" for i in range(101)), "at most 100 proposals in one file"),
    ],
    ids=["bad-statement", "too-many"],
)
def test_a_bad_batch_is_refused_in_one_line_naming_the_file_and_line(text, message, tmp_path, capsys):
    f = tmp_path / "batch.clar"
    f.write_text(text)
    assert main(["clarify", "--file", str(f)]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err and "Traceback" not in err


def test_on_the_command_line_two_ids_are_still_one_proposal_too_many(capsys):
    assert main(["clarify", "NEW.A: every reward is a villain card.\nNEW.B: every hero is a villain card."]) == 2
    assert "a second id NEW.B" in capsys.readouterr().err


def test_a_batch_checked_in_play_gives_each_proposal_its_in_play_result_on_its_page(tmp_path, capsys):
    f = tmp_path / "two.clar"
    f.write_text("NEW.X: every hero is in the battle zone of its marker.\nNEW.Y: some reward is a hero target.\n")
    out = tmp_path / "r"
    code = main(["clarify", "--file", str(f), "--in-play", "--games", "1", "--budget-seconds", "5", "--report", str(out), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code in (0, 4) and all("in_play" in p for p in data["proposals"])
    page = (out / "NEW.X.md").read_text()
    assert "## In play" in page and "Not checked in play" not in page and "--in-play`" in page


def test_a_page_of_a_question_out_of_work_names_the_option_that_allows_more(tmp_path, capsys):
    out = tmp_path / "r"
    assert main(["clarify", "some reward is in a hero hand.", "--work", "1", "--report", str(out)]) == 4
    capsys.readouterr()
    for name in ("PROPOSED.md", "PROPOSED.html"):
        page = (out / name).read_text()
        assert "the work allowed ran out (1 solver units)" in page and "--work UNITS" in page and "--timeout" not in page
