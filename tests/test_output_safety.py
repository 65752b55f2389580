"""Output folders: nothing a person put there is lost, nothing is half-written, refusals come before the work.

End-to-end runs (the report command, the other writing commands) are kept few; the replacement
sequence itself is tested on ``oblivaeon_verify.output`` with small file sets.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from oblivaeon_verify import report
from oblivaeon_verify.cli import main

ROOT = Path(__file__).resolve().parents[1]
QUICK_REPORT = ["report", "--games", "2", "--conformance-games", "0", "--workers", "1", "--section", "proofs"]


def umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@pytest.fixture
def no_work(monkeypatch):
    """Fail the test if the report's long work starts (what is refused must be refused before it)."""

    def build(*args, **kwargs):
        raise AssertionError("report.build ran: the output location was not checked before the work")

    monkeypatch.setattr(report, "build", build)


# --- the findings, end to end ------------------------------------------------------------------


def test_a_report_into_a_folder_holding_a_persons_file_is_refused_before_any_work_and_the_file_kept(tmp_path, capsys, no_work):
    d = tmp_path / "userdir"
    d.mkdir()
    (d / "notes.txt").write_text("x\n")
    code = main([*QUICK_REPORT, "--out", str(d)])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "notes.txt" in err and str(d) in err and len(err.strip().splitlines()) == 1
    assert (d / "notes.txt").read_text() == "x\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["userdir"]
    assert sorted(p.name for p in d.iterdir()) == ["notes.txt"]


def test_a_report_leaves_a_sibling_dir_old_folder_alone_and_gets_ordinary_permissions(tmp_path, capsys):
    d = tmp_path / "r"
    old = tmp_path / ".r-old"
    old.mkdir()
    (old / "keep.txt").write_text("mine\n")
    assert main([*QUICK_REPORT, "--out", str(d)]) in (0, 1, 4)
    assert main([*QUICK_REPORT, "--out", str(d)]) in (0, 1, 4)  # a replacement, too, leaves it alone
    capsys.readouterr()
    assert (old / "keep.txt").read_text() == "mine\n"
    assert (d / "index.html").is_file()
    assert (d.stat().st_mode & 0o777) == 0o777 & ~umask() != 0o700


def test_out_naming_a_file_is_refused_before_any_work_with_the_file_intact(tmp_path, capsys, no_work):
    f = tmp_path / "afile"
    f.write_text("hi\n")
    code = main([*QUICK_REPORT, "--out", str(f)])
    err = capsys.readouterr().err
    assert code == 2 and "is a file" in err and len(err.strip().splitlines()) == 1
    assert f.read_text() == "hi\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


def test_out_dot_in_a_non_empty_folder_the_tool_did_not_write_is_refused_fast(tmp_path):
    (tmp_path / "mine.txt").write_text("x\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "oblivaeon_verify", *QUICK_REPORT, "--out", "."], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    seconds = time.perf_counter() - started
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert seconds < 5, f"refused after {seconds:.1f}s: the work ran first"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.txt"]
