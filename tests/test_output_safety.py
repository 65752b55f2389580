"""Output folders: nothing a person put there is lost, nothing is half-written, refusals come before the work.

End-to-end runs (the report command, the other writing commands) are kept few; the replacement
sequence itself is tested on ``oblivaeon_verify.output`` with small file sets.
"""

from __future__ import annotations

import errno
import json
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from oblivaeon_verify import output, replay, report
from oblivaeon_verify.cli import main

ROOT = Path(__file__).resolve().parents[1]
QUICK_REPORT = ["report", "--ruleset", "aeons_end", "--games", "2", "--conformance-games", "0", "--workers", "1", "--section", "proofs"]
"""A whole report, as small as one gets: where it may write is decided before either ruleset's work, alike for both, and
Aeon's End's report takes a third of the time of OblivAeon's (test_cli writes the main job's ruleset's)."""


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


# --- the marker and what is refused -------------------------------------------------------------

OLD = {"index.html": "<html>old</html>\n", "corner-cases/a.md": "old a\n", "corner-cases/b.md": "old b\n"}
NEW = {"index.html": "<html>new</html>\n", "corner-cases/a.md": "new a\n", "summary.json": "{}\n"}


def marker(folder: Path) -> dict:
    return json.loads((folder / output.MARKER).read_text())


def listing(folder: Path) -> list[str]:
    """Every path under ``folder`` but folders, relative and sorted."""
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if not p.is_dir() or p.is_symlink())


def which(folder: Path, *, person: dict[str, str] | None = None) -> str:
    """ "old" or "new": the complete version the folder holds (with the person's files), else the test fails."""
    m = marker(folder)
    assert m["complete"] is True
    for name, files in (("old", OLD), ("new", NEW)):
        if m["paths"] == sorted(files):
            assert {rel: (folder / rel).read_text() for rel in files} == files
            assert listing(folder) == sorted([*files, output.MARKER, *(person or {})])
            for rel, text in (person or {}).items():
                assert (folder / rel).read_text() == text
            return name
    raise AssertionError(f"neither the old nor the new version: {m['paths']}")


def test_the_marker_names_the_format_the_command_and_the_sorted_paths_written(tmp_path):
    d = output.replace(tmp_path / "r", {"b.txt": "b", "a/c.txt": "c"}, "report")
    assert marker(d) == {"format": output.FORMAT, "version": 1, "command": "report", "complete": True, "paths": ["a/c.txt", "b.txt"]}
    assert listing(tmp_path) == ["r/.oblivaeon-verify", "r/a/c.txt", "r/b.txt"]  # nothing beside it


def test_a_folder_the_tool_wrote_is_accepted_and_replaced_its_old_files_gone(tmp_path):
    d = tmp_path / "r"
    output.replace(d, OLD, "report")
    assert output.prepare(d, "verify") == d  # report and verify share their folders
    output.replace(d, NEW, "verify")
    assert which(d) == "new" and not (d / "corner-cases" / "b.md").exists()


@pytest.mark.parametrize(
    "make, expected",
    [
        (lambda d: d.write_text("x"), "is a file"),
        (lambda d: (d.mkdir(), (d / "mine.txt").write_text("x")), "did not write (mine.txt)"),
        (lambda d: output.replace(d, {"a.mmd": "x"}, "graph"), "`oblivaeon-verify graph`"),
        (lambda d: (d.mkdir(), (d / output.MARKER).write_text("{not json")), "not a marker oblivaeon-verify can read"),
    ],
    ids=["a-file", "a-persons-folder", "another-commands-folder", "a-broken-marker"],
)
def test_a_location_the_tool_may_not_write_is_refused_in_one_line_and_left_as_it_was(tmp_path, make, expected):
    d = tmp_path / "r"
    make(d)
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    for attempt in (lambda: output.prepare(d, "report"), lambda: output.replace(d, NEW, "report")):
        with pytest.raises(output.OutputError, match=re.escape(expected)) as info:
            attempt()
        assert "\n" not in str(info.value) and str(d) in str(info.value)
    assert {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == before


def test_a_manifest_naming_paths_outside_its_folder_is_refused_and_nothing_outside_is_touched(tmp_path):
    d = tmp_path / "r"
    output.replace(d, OLD, "report")
    (tmp_path / "victim.txt").write_text("keep\n")
    doc = marker(d)
    doc["paths"].append("../victim.txt")
    (d / output.MARKER).write_text(json.dumps(doc))
    with pytest.raises(output.OutputError, match="not a plain relative path"):
        output.replace(d, NEW, "report")
    assert (tmp_path / "victim.txt").read_text() == "keep\n"


def test_a_symlink_to_a_folder_is_followed_and_a_symlink_to_a_file_is_refused(tmp_path):
    real = tmp_path / "real"
    (tmp_path / "link").symlink_to(real)
    output.replace(tmp_path / "link", OLD, "report")
    assert which(real) == "old" and (tmp_path / "link").is_symlink()
    (tmp_path / "f").write_text("x")
    (tmp_path / "flink").symlink_to(tmp_path / "f")
    with pytest.raises(output.OutputError, match="is a file"):
        output.prepare(tmp_path / "flink", "report")


def test_the_current_folder_is_never_replaced(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for given in (".", str(tmp_path), str(tmp_path.parent)):
        with pytest.raises(output.OutputError, match="current folder"):
            output.prepare(given, "report")
    assert output.prepare("reports", "report") == tmp_path / "reports"


def test_a_folder_inside_the_checkout_source_is_refused(capsys, no_work):
    before = sorted(p.name for p in (ROOT / "model").iterdir())
    assert main([*QUICK_REPORT, "--out", str(ROOT / "model")]) == 2
    assert "did not write" in capsys.readouterr().err
    assert sorted(p.name for p in (ROOT / "model").iterdir()) == before


# --- a person's files ---------------------------------------------------------------------------


def test_a_persons_files_in_a_marked_folder_are_kept_across_replacements_as_the_same_files(tmp_path):
    d = tmp_path / "r"
    output.replace(d, OLD, "report")
    (d / "README.md").write_text("my notes\n")
    (d / "corner-cases" / "mine.txt").write_text("mine\n")
    (d / "drafts").mkdir()
    (d / "link").symlink_to("index.html")
    inode = (d / "README.md").stat().st_ino
    output.replace(d, NEW, "report")
    person = {"README.md": "my notes\n", "corner-cases/mine.txt": "mine\n"}
    assert which(d, person={**person, "link": "<html>new</html>\n"}) == "new"
    assert (d / "README.md").stat().st_ino == inode  # the same file, not a copy
    assert (d / "drafts").is_dir() and os.readlink(d / "link") == "index.html"
    assert listing(tmp_path) == [f"r/{p}" for p in listing(d)]  # the old folder is gone


def test_a_new_file_where_a_persons_file_is_refuses_the_replacement(tmp_path):
    d = tmp_path / "r"
    output.replace(d, OLD, "report")
    (d / "summary.json").write_text("mine\n")
    with pytest.raises(output.OutputError, match="summary.json there was not written by oblivaeon-verify"):
        output.replace(d, NEW, "report")
    assert which(d, person={"summary.json": "mine\n"}) == "old"
    assert listing(tmp_path) == [f"r/{p}" for p in listing(d)]


def test_a_replacement_keeps_the_folders_permissions_and_a_new_folder_gets_the_umasks(tmp_path):
    d = output.replace(tmp_path / "new" / "r", OLD, "report")
    assert d.stat().st_mode & 0o777 == 0o777 & ~umask()
    assert (d / "index.html").stat().st_mode & 0o777 == 0o666 & ~umask()
    d.chmod(0o750)
    output.replace(d, NEW, "report")
    assert d.stat().st_mode & 0o777 == 0o750


# --- adding (counterexamples) -------------------------------------------------------------------


def test_replay_files_accumulate_a_same_named_one_is_replaced_and_a_persons_file_never_is(tmp_path):
    doc = {"format": replay.FORMAT, "version": replay.VERSION, "ruleset": "oblivaeon", "setup": {}, "decisions": []}
    d = tmp_path / "cx"
    assert replay.write(d / "a.json", doc) == d / "a.json"
    replay.write(d / "b.json", doc)
    replay.write(d / "a.json", {**doc, "decisions": [[0, "x"]]})
    assert marker(d)["paths"] == ["a.json", "b.json"] and marker(d)["command"] == "check"
    assert json.loads((d / "a.json").read_text())["decisions"] == [[0, "x"]]
    (d / "c.json").write_text("mine\n")
    assert replay.write(d / "c.json", doc) == d / "c-2.json"
    assert (d / "c.json").read_text() == "mine\n" and listing(d) == [output.MARKER, "a.json", "b.json", "c-2.json", "c.json"]


def test_two_writers_adding_at_once_lose_nothing(tmp_path):
    d = tmp_path / "cx"

    def writer(k: int) -> None:
        for i in range(8):
            output.add(d, {f"{k}-{i}.json": "{}\n"}, "check")

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert marker(d)["paths"] == sorted(f"{k}-{i}.json" for k in range(2) for i in range(8))
    assert listing(tmp_path) == [f"cx/{p}" for p in listing(d)]


# --- stopped at every point of a replacement ---------------------------------------------------

PERSON = {"README.md": "my notes\n"}
MODES = ["exchange", "two-renames"]


def exchange_works(folder: Path) -> bool:
    a, b = folder / ".probe-a", folder / ".probe-b"
    a.mkdir()
    b.mkdir()
    try:
        return output._renameat2(a, b, output._RENAME_EXCHANGE)
    finally:
        a.rmdir()
        b.rmdir()


def old_report(tmp_path: Path, mode: str, monkeypatch) -> Path:
    if mode == "exchange" and not exchange_works(tmp_path):
        pytest.skip(f"renameat2(RENAME_EXCHANGE) is not available on {tmp_path}'s file system")
    if mode == "two-renames":
        monkeypatch.setattr(output, "_renameat2", lambda a, b, flags: False)
    d = output.replace(tmp_path / "r", OLD, "report")
    (d / "README.md").write_text(PERSON["README.md"])
    return d


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("step", output.STEPS)
def test_a_failure_at_any_step_leaves_the_old_or_the_new_report_whole_and_the_next_run_cleans_up(tmp_path, monkeypatch, mode, step):
    d = old_report(tmp_path, mode, monkeypatch)

    def fail(at: str) -> None:
        if at == step:
            raise KeyboardInterrupt(step)

    monkeypatch.setattr(output, "_at", fail)
    try:
        output.replace(d, NEW, "report")
    except KeyboardInterrupt:
        pass
    expected = (
        "new" if output.STEPS.index(step) >= output.STEPS.index("swapped") or (step == "moved-aside" and mode == "exchange") else "old"
    )
    assert which(d, person=PERSON) == expected
    monkeypatch.setattr(output, "_at", lambda at: None)
    output.prepare(d, "report")  # the next run: nothing of this one is left beside the report
    assert listing(tmp_path) == [f"r/{p}" for p in listing(d)]
    output.replace(d, NEW, "report")
    assert which(d, person=PERSON) == "new"


KILL = """
import json, os, sys
from oblivaeon_verify import output
step, mode, target, files = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
if mode == "two-renames":
    output._renameat2 = lambda a, b, flags: False
written = []
real_write = output._write
def write(path, data):
    real_write(path, data)
    written.append(path)
    if step == "file-2" and len(written) == 2:
        os._exit(9)
output._write = write
output._at = lambda at: os._exit(9) if at == step else None
output.replace(target, files, "report")
"""


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("step", ["file-2", *output.STEPS])
def test_a_run_killed_at_any_step_leaves_a_whole_report_and_the_next_run_cleans_its_leftovers(tmp_path, monkeypatch, mode, step):
    d = old_report(tmp_path, mode, monkeypatch)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", KILL, step, mode, str(d), json.dumps(NEW)], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode in (0, 9), done.stderr
    if mode == "two-renames" and step == "moved-aside":
        assert not d.exists()  # killed between the two renames: the next run puts the old report back
    else:
        assert which(d, person=PERSON) in ("old", "new")
    output.prepare(d, "report")
    assert which(d, person=PERSON) in ("old", "new")
    assert listing(tmp_path) == [f"r/{p}" for p in listing(d)], "a leftover of the killed run is still there"


def test_a_leftover_holding_a_persons_file_is_left_with_a_warning(tmp_path, capsys):
    d = output.replace(tmp_path / "r", OLD, "report")
    stray = tmp_path / ".r.oblivaeon-verify-new-0123abcd"
    output.replace(stray, NEW, "report")  # what a killed run would leave, sealed
    (stray / "precious.txt").write_text("mine\n")
    output.prepare(d, "report")
    err = capsys.readouterr().err
    assert "left in place" in err and "precious.txt" in err and len(err.strip().splitlines()) == 1
    assert listing(stray) == ["precious.txt"]  # the tool's files went; the person's stayed
    assert which(d) == "old"


def test_a_reader_polling_the_report_during_fifty_replacements_never_finds_it_absent_or_half_written(tmp_path):
    if not exchange_works(tmp_path):
        pytest.skip(f"renameat2(RENAME_EXCHANGE) is not available on {tmp_path}'s file system")
    d = output.replace(tmp_path / "r", {"index.html": "<html>0" + "x" * 50_000 + "</html>\n"}, "report")
    seen, bad, stop = [], [], threading.Event()

    def read() -> None:
        while not stop.is_set():
            try:
                text = (d / "index.html").read_text()
            except OSError as e:
                bad.append(f"absent: {e}")
                continue
            if not (text.startswith("<html>") and text.endswith("</html>\n") and len(text) > 50_000):
                bad.append(f"half-written: {len(text)} characters")
            seen.append(text[6:9])

    reader = threading.Thread(target=read)
    reader.start()
    try:
        for i in range(1, 51):
            output.replace(d, {"index.html": f"<html>{i:03d}" + "x" * 50_000 + "</html>\n", "summary.json": "{}\n"}, "report")
    finally:
        stop.set()
        reader.join()
    assert not bad, bad[:5]
    assert len(seen) > 50 and len(set(seen)) > 5  # the reader did read all along, old and new versions
    assert (d / "index.html").read_text().startswith("<html>050")


# --- full, read-only and unwritable locations ---------------------------------------------------


def enospc_on_the_third_file(monkeypatch) -> None:
    real, calls = output._write, []

    def write(path, data):
        calls.append(path)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        real(path, data)

    monkeypatch.setattr(output, "_write", write)


def test_a_disk_filling_up_while_writing_leaves_the_previous_report_and_removes_the_partial_one(tmp_path, monkeypatch):
    d = output.replace(tmp_path / "r", OLD, "report")
    (d / "README.md").write_text(PERSON["README.md"])
    enospc_on_the_third_file(monkeypatch)
    with pytest.raises(output.OutputError, match="No space left on device.*ENOSPC.*previous output there is unchanged") as info:
        output.replace(d, NEW, "report")
    assert str(d) in str(info.value) and "\n" not in str(info.value)
    assert which(d, person=PERSON) == "old"
    assert listing(tmp_path) == [f"r/{p}" for p in listing(d)]


def test_the_report_command_on_a_full_disk_exits_2_in_one_line_with_the_previous_report_intact(tmp_path, monkeypatch, capsys):
    d = output.replace(tmp_path / "r", OLD, "report")
    enospc_on_the_third_file(monkeypatch)
    code = main([*QUICK_REPORT, "--out", str(d)])
    err = capsys.readouterr().err
    told = [line for line in err.splitlines() if line.startswith("oblivaeon-verify")]  # the others are progress lines
    assert code == 2 and len(told) == 1 and "No space left on device" in told[0] and "Traceback" not in err
    assert which(d) == "old"
    assert listing(tmp_path) == [f"r/{p}" for p in listing(d)]


def test_an_unwritable_location_is_refused_before_the_work(tmp_path, monkeypatch, capsys, no_work):
    monkeypatch.setattr(output.os, "access", lambda path, mode: False)  # as a user without write permission would find it
    assert main([*QUICK_REPORT, "--out", str(tmp_path / "r")]) == 2
    assert "not writable by this user" in capsys.readouterr().err
    assert not (tmp_path / "r").exists()


@pytest.fixture
def tiny_fs(tmp_path):
    """A 256 KiB tmpfs: a full disk for a report, and, remounted read-only, a read-only one (root ignores permission bits)."""
    mnt = tmp_path / "mnt"
    mnt.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mnt)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({done.stderr.strip() or 'mount failed'}): needs root and mount permission")
    try:
        yield mnt
    finally:
        if subprocess.run(["umount", str(mnt)], capture_output=True).returncode != 0:
            subprocess.run(["umount", "-l", str(mnt)], capture_output=True)


def test_a_read_only_file_system_is_refused_before_the_work_with_the_report_intact(tiny_fs, capsys, no_work):
    d = output.replace(tiny_fs / "r", OLD, "report")
    subprocess.run(["mount", "-o", "remount,ro", str(tiny_fs)], check=True)
    for attempt in (lambda: output.prepare(d, "report"), lambda: output.replace(d, NEW, "report")):
        with pytest.raises(output.OutputError, match="read-only file system"):
            attempt()
    assert main([*QUICK_REPORT, "--out", str(d)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "read-only file system" in err[0]
    assert which(d) == "old"


def test_a_full_file_system_is_refused_before_the_work_and_a_real_enospc_while_writing_leaves_the_old_report(
    tiny_fs, monkeypatch, capsys, no_work
):
    d = output.replace(tiny_fs / "r", OLD, "report")
    assert main([*QUICK_REPORT, "--out", str(d)]) == 2
    assert "KiB free" in capsys.readouterr().err
    monkeypatch.setattr(output, "_needed", lambda files: 0)  # get past the estimate to the file system's own ENOSPC
    big = {f"page-{i}.html": "x" * 20_000 for i in range(20)}
    with pytest.raises(output.OutputError, match="No space left on device"):
        output.replace(d, big, "report")
    assert which(d) == "old"
    assert listing(tiny_fs) == [f"r/{p}" for p in listing(d)]


# --- the other commands that write --------------------------------------------------------------


def _stop(what: str):
    def stop(*args, **kwargs):
        raise AssertionError(f"{what} ran: the output location was not checked before the work")

    return stop


def _other_commands(monkeypatch) -> dict[str, list[str]]:
    """Each writing command's arguments but the folder, with its long work made to fail if it starts."""
    import oblivaeon_verify.properties.oblivaeon.symbolic as symbolic

    from oblivaeon_verify import checked_play, knockout_runner
    from oblivaeon_verify.graphs import summary

    monkeypatch.setattr(summary, "interaction_graph", _stop("the graph's games"))
    monkeypatch.setattr(symbolic, "prove_players", _stop("the proofs"))
    # (the tasks look these up when they run, here or in a worker forked after the patch)
    monkeypatch.setattr(knockout_runner, "run_one", _stop("the knock-outs"))
    monkeypatch.setattr(checked_play, "play_checked", _stop("checked play"))
    return {
        "graph": ["graph", "--out"],
        "prove": ["prove", "--smtlib"],
        "knockout": ["knockout", "--save"],
        "check": ["check", "--out"],
    }


@pytest.mark.parametrize("command", ["graph", "prove", "knockout", "check"])
def test_every_writing_command_refuses_a_folder_it_did_not_write_before_the_work(tmp_path, monkeypatch, capsys, command):
    argv = _other_commands(monkeypatch)[command]
    d = tmp_path / "mine"
    d.mkdir()
    (d / "notes.txt").write_text("x\n")
    assert main([*argv, str(d)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"{argv[-1]} {d}" in err[0] and "notes.txt" in err[0]
    assert listing(d) == ["notes.txt"]
    f = tmp_path / "afile"
    f.write_text("x\n")
    assert main([*argv, str(f)]) == 2 and "is a file" in capsys.readouterr().err


def test_prove_replaces_its_smtlib_folder_keeping_a_persons_note_and_names_the_files_where_they_are(tmp_path, capsys):
    d = tmp_path / "smt"
    argv = ["prove", "--ruleset", "aeons_end", "--players", "1", "--json", "--smtlib", str(d)]
    assert main(argv) == 0
    (d / "NOTES.md").write_text("mine\n")
    first = marker(d)["paths"]
    capsys.readouterr()
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert (d / "NOTES.md").read_text() == "mine\n" and marker(d)["paths"] == first and marker(d)["command"] == "prove"
    named = [f for r in data["invariants"] for f in r.get("files", [])]
    assert named and all(Path(f).is_file() and Path(f).parent.parent == d for f in named)
    assert listing(tmp_path) == [f"smt/{p}" for p in listing(d)]


def test_graph_and_knockout_replace_a_folder_they_wrote_keeping_a_persons_note(tmp_path, capsys):
    from oblivaeon_verify import knockout_runner, rulesets

    for command, argv in (
        ("graph", ["graph", "--games", "1", "--hypothesis", "1", "--out"]),
        ("knockout", ["knockout", "--clause", knockout_runner.knockable(rulesets.load("oblivaeon"))[0], "--games", "2", "--save"]),
    ):
        d = output.replace(tmp_path / command, {"stale.txt": "old\n"}, command)
        (d / "NOTES.md").write_text("mine\n")
        assert main([*argv, str(d)]) == 0
        capsys.readouterr()
        m = marker(d)
        assert m["command"] == command and m["paths"] and "stale.txt" not in m["paths"]
        assert listing(d) == sorted([output.MARKER, "NOTES.md", *m["paths"]]) and (d / "NOTES.md").read_text() == "mine\n"


def test_the_default_report_folder_is_not_in_git_so_a_fresh_clone_may_write_it():
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    tracked = subprocess.run(["git", "ls-files", "reports"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert tracked == "", f"files under reports/ in git would make the default `verify` refuse the folder: {tracked}"
    ignored = subprocess.run(["git", "check-ignore", "-q", "reports/index.html"], cwd=ROOT)
    assert ignored.returncode == 0, "reports/ is not ignored by .gitignore"


def test_a_mount_point_is_refused_since_its_replacement_would_cross_file_systems(tiny_fs):
    with pytest.raises(output.OutputError, match="is a mount point"):
        output.prepare(tiny_fs, "report")
    assert output.replace(tiny_fs / "reports", OLD, "report") == tiny_fs / "reports"  # a folder inside it is fine
