"""Fixed seeds give byte-identical reports across processes, hash seeds and worker counts."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(argv: list[str], hash_seed: str, cwd: Path) -> subprocess.Popen:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    return subprocess.Popen(
        [sys.executable, "-m", "oblivaeon_verify", *argv], cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", ["oblivaeon", "aeons_end"])
def test_the_report_is_byte_identical_across_processes_hash_seeds_and_worker_counts(ruleset, tmp_path):
    base = ["report", "--ruleset", ruleset, "--games", "3", "--conformance-games", "1", "--seed", "11"]
    runs = [
        _run([*base, "--workers", "1", "--out", str(tmp_path / "a")], "1", tmp_path),
        _run([*base, "--workers", "2", "--out", str(tmp_path / "b")], "2", tmp_path),
    ]
    for p in runs:
        _out, err = p.communicate(timeout=900)
        assert p.returncode in (0, 1, 4), err[-2000:]
    a, b = _files(tmp_path / "a"), _files(tmp_path / "b")
    assert sorted(a) == sorted(b)
    differ = [name for name in a if a[name] != b[name]]
    assert not differ, f"differ between hash seeds 1 and 2: {differ[:10]}"
    assert "index.html" in a and "summary.json" in a and any(n.startswith("corner-cases/") for n in a)


JSON_COMMANDS = {
    "clauses": ["clauses", "--json"],
    "params": ["params", "--json"],
    "simulate": ["simulate", "--games", "3", "--seed", "5", "--json"],
    "check": ["check", "--games", "1", "--seed", "5", "--json"],
    "census": ["census", "--games", "3", "--seed", "5", "--json"],
    "knockout": [
        "knockout",
        "--clause",
        "INCAP.CARDS-TO-BOX",
        "--handler",
        "FireTrigger",
        "--handler",
        "ChoosePlay",
        "--games",
        "2",
        "--json",
    ],
    "prove": ["prove", "--heroes", "3", "--json"],
    "ask": ["ask", "--ruleset", "aeons_end", "fewest-turns-to-reshuffle", "--players", "1", "--json"],
    "ask --minimise decisions": [
        "ask",
        "--goal",
        "there are at least 2 scions in play",
        "--heroes",
        "3",
        "--minimise",
        "decisions",
        "--games",
        "5",
        "--explore",
        "2000",
        "--json",
    ],
    "clarify": ["clarify", "every reward is a villain card.", "--json"],
    "clarify --check": ["clarify", "--check", "--json"],
    "clarify --in-play": [
        "clarify",
        "every hero is in the battle zone of its marker.",
        "--in-play",
        "--games",
        "1",
        "--examples",
        "3",
        "--json",
    ],
    "graph": ["graph", "--games", "1", "--hypothesis", "2", "--json"],
    "explore": ["explore", "--depth", "2", "--max-states", "300", "--json"],
    "witnesses": ["witnesses", "--clause", "CLAR.SENTINELS", "--clause", "CLAR.MISSION-ZONE", "--json"],
    "witnesses --readings": [
        "witnesses",
        "--ruleset",
        "aeons_end",
        "--readings",
        "--games",
        "3",
        "--steered-games",
        "1",
        "--beam",
        "24",
        "--json",
    ],
}
"""Every command with --json (bench measures time: its figures are its result)."""

ELSEWHERE = {
    "bench": "measures time: its figures are its result",
    "merge": "its input is shard files: tests/test_shards.py merges shards made under other hash seeds to the same bytes",
}


def test_every_json_command_is_listed_here():
    from oblivaeon_verify import cli

    with_json = set()
    for name in cli.command_modules():
        parser = cli.build_parser()._subparsers._group_actions[0].choices[name]
        if any("--json" in a.option_strings for a in parser._actions):
            with_json.add(name)
    assert with_json - set(ELSEWHERE) == {argv[0] for argv in JSON_COMMANDS.values()}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(JSON_COMMANDS))
def test_json_output_is_byte_identical_across_processes_hash_seeds_and_worker_counts(name, tmp_path):
    argv = JSON_COMMANDS[name]
    workers = (["--workers", "1"], ["--workers", "2"]) if name in ("simulate", "knockout", "census") else ([], [])
    runs = []
    for seed, extra in zip(("3", "4"), workers):  # the two processes side by side (as the report's test runs its two)
        (tmp_path / seed).mkdir()
        runs.append(_run([*argv, *extra] if name != "check" else [*argv, "--out", str(tmp_path / seed / "c")], seed, tmp_path / seed))
    outs = []
    for p in runs:
        out, err = p.communicate(timeout=600)
        assert p.returncode in (0, 1, 4), err[-2000:]
        outs.append(out)
    assert outs[0] == outs[1] and outs[0].strip().startswith(("{", "["))
    assert '"timing"' not in outs[0]
