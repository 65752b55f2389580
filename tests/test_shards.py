"""Shards and merge: every campaign command's shards merge into the unsharded output, byte for byte;
merge refuses, in one line each, shards that are not one campaign's complete set."""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from oblivaeon_verify import exits, shards
from oblivaeon_verify.cli import main

ROOT = Path(__file__).resolve().parents[1]


def _json_of(argv: list[str], capsys) -> tuple[int, str]:
    code = main(argv)
    return code, capsys.readouterr().out


def _shard_all(argv: list[str], n: int, out: Path, capsys, workers: str = "1") -> None:
    for k in range(1, n + 1):
        assert main([*argv, "--workers", workers, "--shard", f"{k}/{n}", "--shard-out", str(out)]) == 0
        err = capsys.readouterr().err
        assert f"shard {k}/{n}: " in err and "written to" in err
    assert sorted(p.name for p in out.glob("*.json")) == sorted(f"shard-{k}-of-{n}.json" for k in range(1, n + 1))


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--games", "45", "--seed", "3", "--heroes", "4"],
        ["simulate", "--ruleset", "aeons_end", "--games", "41", "--seed", "8", "--check"],
        ["check", "--games", "2", "--seed", "5"],
        ["knockout", "--clause", "INCAP.CARDS-TO-BOX", "--clause", "BZ.DEV.HERO-INCAP", "--clause", "HERO.OPT.TAKE", "--games", "2"],
        ["knockout", "--clause", "HERO.OPT.TAKE", "--handler", "FireReaction", "--handler", "ChooseEnvironment", "--games", "2"],
    ],
    ids=["simulate", "simulate-aeons-end-checked", "check", "knockout", "knockout-handlers"],
)
def test_shards_merged_give_the_unsharded_json_byte_for_byte(argv, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    extra = ["--hypothesis-db", "none"] if argv[0] == "check" else []
    code, whole = _json_of([*argv, *extra, "--json", "--workers", "2"], capsys)
    _shard_all([*argv, *extra], 3, tmp_path / "s", capsys)
    merged_code, merged = _json_of(["merge", str(tmp_path / "s"), "--json"], capsys)
    assert merged == whole and merged_code == code
    assert json.loads(whole)  # (a JSON document, not an empty line)


REPORT = ["report", "--games", "3", "--conformance-games", "1", "--seed", "11", "--section", "proofs", "--section", "invariants"]
"""A small report with two sections; test_dask compares the same report made on a Dask cluster with this one."""


def test_a_sharded_report_merges_into_the_unsharded_report_byte_for_byte(tmp_path, capsys, ran_once):
    whole_run = ran_once(*REPORT, "--workers", "2")  # (the unsharded report, made once for this test and test_dask's)
    code = whole_run.code
    _shard_all(REPORT, 2, tmp_path / "s", capsys)
    assert (
        main(["merge", str(tmp_path / "s" / "shard-2-of-2.json"), str(tmp_path / "s" / "shard-1-of-2.json"), "--out", str(tmp_path / "m")])
        == code
    )
    whole, merged = _files(whole_run.folder), _files(tmp_path / "m")
    assert sorted(whole) == sorted(merged) and "summary.json" in whole
    assert [n for n in whole if whole[n] != merged[n]] == []


def test_shards_made_in_processes_with_other_hash_seeds_merge_into_the_same_bytes(tmp_path):
    """Each shard in its own process with its own hash seed (as on the machines of a CI matrix)."""
    argv = ["simulate", "--ruleset", "aeons_end", "--games", "40", "--seed", "4", "--clause-coverage"]

    def run(args, seed):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        return subprocess.run(
            [sys.executable, "-m", "oblivaeon_verify", *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
        )

    whole = run([*argv, "--json"], "1")
    assert whole.returncode == 0, whole.stderr
    for k, seed in ((1, "2"), (2, "3")):
        done = run([*argv, "--shard", f"{k}/2", "--shard-out", "s"], seed)
        assert done.returncode == 0, done.stderr
    merged = run(["merge", "s", "--json"], "4")
    assert merged.returncode == 0 and merged.stdout == whole.stdout


# --- refusals ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def made_shards(tmp_path_factory) -> Path:
    """One campaign's complete set of two shards, played once for the module (``_shard_all``'s own checks of
    what a shard run says are the byte-for-byte tests' above)."""
    out = tmp_path_factory.mktemp("shards") / "s"
    for k in (1, 2):
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            assert main(["simulate", "--games", "41", "--seed", "3", "--workers", "1", "--shard", f"{k}/2", "--shard-out", str(out)]) == 0
    return out


@pytest.fixture
def two_shards(made_shards, tmp_path) -> Path:
    """A copy of the module's two shards that the test may edit."""
    return Path(shutil.copytree(made_shards, tmp_path / "s"))


def _edit(path: Path, change) -> None:
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc))


def _refused(argv: list[str], capsys) -> str:
    assert main(argv) == exits.Exit.USAGE
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert captured.out == "" and len(lines) == 1, captured.err
    return lines[0]


def test_merge_refuses_a_missing_shard(two_shards, capsys):
    line = _refused(["merge", str(two_shards / "shard-1-of-2.json")], capsys)
    assert line.endswith("merge: shard 2/2 missing (given: 1/2)")


def test_merge_refuses_a_shard_given_twice(two_shards, capsys):
    one = str(two_shards / "shard-1-of-2.json")
    line = _refused(["merge", one, str(two_shards / "shard-2-of-2.json"), one], capsys)
    assert "shard 1/2 is given twice" in line


@pytest.mark.parametrize(
    "key, value, says",
    [
        ("seed", 4, "shards of different seeds"),
        ("ruleset", "aeons_end", "shards of different rulesets"),
        ("arguments", ["--seed", "3", "--games", "40"], "shards of different settings"),
        ("versions", {"python": "2.7"}, "shards of different versions"),
        ("command", "check", "shards of different commands"),
    ],
)
def test_merge_refuses_shards_of_different_campaigns(two_shards, capsys, key, value, says):
    def change(doc):
        doc[key] = {**doc[key], **value} if isinstance(value, dict) else value

    _edit(two_shards / "shard-2-of-2.json", change)
    line = _refused(["merge", str(two_shards)], capsys)
    assert says in line and "shard-2-of-2.json" in line


def test_merge_refuses_shards_of_another_count(two_shards, tmp_path, capsys):
    main(["simulate", "--games", "41", "--seed", "3", "--workers", "1", "--shard", "1/3", "--shard-out", str(tmp_path / "t")])
    capsys.readouterr()
    line = _refused(["merge", str(two_shards / "shard-1-of-2.json"), str(tmp_path / "t" / "shard-1-of-3.json")], capsys)
    assert "is a shard of 3" in line and "not one campaign's shards" in line


def test_merge_refuses_shards_made_by_other_versions_than_its_own(two_shards, capsys):
    for p in two_shards.glob("*.json"):
        _edit(p, lambda doc: doc["versions"].update({"oblivaeon-verify": "0.0.1"}))
    assert "made with other versions than this tool's" in _refused(["merge", str(two_shards)], capsys)


def test_merge_refuses_shards_whose_settings_give_other_tasks_here(two_shards, capsys):
    for p in two_shards.glob("*.json"):
        _edit(p, lambda doc: doc["plan"].update({"digest": "0" * 64}))
    assert "the shards' settings give other tasks here" in _refused(["merge", str(two_shards)], capsys)


def test_merge_refuses_a_result_that_breaks_its_schema_naming_the_key(two_shards, capsys):
    _edit(two_shards / "shard-1-of-2.json", lambda doc: doc["results"][0]["result"]["tally"].update({"games": -1}))
    line = _refused(["merge", str(two_shards)], capsys)
    assert "shard-1-of-2.json: results[0].result.tally.games: -1 is less than the minimum of 0" in line


def test_merge_refuses_a_census_count_that_is_not_a_count_and_its_first_game(two_shards, capsys):
    site = {"site": "s", "description": "d", "clause": "C", "sides": [], "harmful": False, "kinds": {}, "flags": {}}
    census = {"sites": {"s": {**site, "selections": [3, 4]}}}
    _edit(two_shards / "shard-1-of-2.json", lambda doc: doc["results"][0]["result"].update({"census": census}))
    line = _refused(["merge", str(two_shards)], capsys)
    assert "shard-1-of-2.json: results[0].result.census.sites.s.selections:" in line and "too short" in line


def test_merge_refuses_a_task_that_is_another_shards(two_shards, capsys):
    _edit(two_shards / "shard-1-of-2.json", lambda doc: doc["results"][0].update({"task": 1}))
    assert "task 1 is not shard 1/2's" in _refused(["merge", str(two_shards)], capsys)


def test_merge_refuses_settings_the_command_would_refuse(two_shards, capsys):
    for p in two_shards.glob("*.json"):
        _edit(p, lambda doc: doc.update({"arguments": ["--seed", "3", "--games", "-4"]}))
    line = _refused(["merge", str(two_shards)], capsys)
    assert "arguments: argument --games: expected an integer from 1" in line


def test_merge_refuses_a_file_that_is_no_shard(tmp_path, capsys):
    (tmp_path / "x.json").write_text('{"format": "oblivaeon-verify replay"}')
    assert "not a shard file" in _refused(["merge", str(tmp_path / "x.json")], capsys)
    (tmp_path / "empty").mkdir()
    assert "no shard files" in _refused(["merge", str(tmp_path / "empty")], capsys)


@pytest.mark.parametrize("text", ["0/3", "4/3", "a/b", "1/0", "3", "1/2/3", "1/99999"])
def test_a_bad_shard_argument_is_one_line(text, capsys):
    assert main(["simulate", "--shard", text]) == exits.Exit.USAGE
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--shard: expected K/N" in err[0]


def test_a_shard_folder_holding_a_persons_file_is_refused_before_the_work(tmp_path, capsys):
    (tmp_path / "s").mkdir()
    (tmp_path / "s" / "notes.txt").write_text("mine\n")
    line = _refused(["simulate", "--games", "5", "--shard", "1/2", "--shard-out", str(tmp_path / "s")], capsys)
    assert "--shard-out" in line and "notes.txt" in line


def test_a_shard_file_records_what_merge_needs_and_no_more(two_shards):
    doc = shards.load(two_shards / "shard-1-of-2.json")
    assert doc["command"] == "simulate" and doc["arguments"] == ["--seed", "3", "--games", "41"]
    assert doc["plan"]["tasks"] == 3 and doc["shard"] == {"index": 1, "count": 2}
    assert [r["task"] for r in doc["results"]] == [0, 2], "shard 1 of 2 takes the tasks at even positions"
    assert "--workers" not in doc["arguments"] and "--shard" not in doc["arguments"]


@pytest.mark.parametrize("where", ["shard", "count"])
def test_merge_refuses_a_float_where_a_whole_number_is_wanted(two_shards, capsys, where):
    """JSON Schema would take 1.0 for an integer (the fuzz test found a shard index 1.0 accepted)."""

    def change(doc):
        if where == "shard":
            doc["shard"]["index"] = 1.0
        else:
            doc["results"][0]["result"]["tally"]["games"] = float(doc["results"][0]["result"]["tally"]["games"])

    _edit(two_shards / "shard-1-of-2.json", change)
    line = _refused(["merge", str(two_shards)], capsys)
    assert "shard-1-of-2.json" in line and "is not of type 'integer'" in line
