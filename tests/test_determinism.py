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
