"""The wheel carries what the commands read at run time, and works installed outside the checkout.

Scenario files and the encoded rulebooks are package data (``pyproject.toml``), found through the
package wherever it is installed; without them an installed ``report`` said "scenarios 0/0 passed"
and ``clarify`` died.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _build_wheel(into: Path) -> Path:
    """The wheel, built from a copy of the source (pip builds in place and would leave build/ in the checkout)."""
    src = into / "src"
    shutil.copytree(
        ROOT,
        src,
        symlinks=True,
        ignore=shutil.ignore_patterns(".git", ".venv*", ".hypothesis", "build", "*.egg-info", "__pycache__", "reports", ".*_cache"),
    )
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(into), str(src)],
        check=True,
        capture_output=True,
        text=True,
    )
    (wheel,) = into.glob("oblivaeon_verify-*.whl")
    return wheel


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    return _build_wheel(tmp_path_factory.mktemp("wheel"))


def test_the_wheel_holds_every_scenario_file_and_encoded_rulebook(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for f in sorted((ROOT / "scenarios").glob("*/*.toml")):
        assert f"oblivaeon_verify/scenario_files/{f.parent.name}/{f.name}" in names, f
    for f in sorted((ROOT / "properties").glob("*/clarify/*.clar")):
        assert "oblivaeon_verify/" + str(f.relative_to(ROOT)) in names, f


def test_the_wheel_installs_one_top_level_package_and_no_generic_names(wheel):
    """model/ and properties/ install as oblivaeon_verify.model and .properties: nothing another project's `model` could meet."""
    tops = {n.split("/")[0] for n in zipfile.ZipFile(wheel).namelist() if not n.split("/")[0].endswith(".dist-info")}
    assert tops == {"oblivaeon_verify"}, tops


def test_the_package_finds_its_scenarios_through_itself():
    from oblivaeon_verify import scenarios

    assert scenarios.ROOT.parent.name == "oblivaeon_verify"
    assert sorted(p.name for p in scenarios.folder("oblivaeon").glob("*.toml")) == sorted(
        p.name for p in (ROOT / "scenarios" / "oblivaeon").glob("*.toml")
    )


@pytest.mark.slow
def test_an_installed_wheel_judges_a_clarification_and_writes_a_report_outside_the_checkout(wheel, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    subprocess.run([str(py), "-m", "pip", "install", "--quiet", str(wheel)], check=True, capture_output=True, text=True)
    tool = venv / "bin" / "oblivaeon-verify"
    away = tmp_path / "elsewhere"
    away.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    where = subprocess.run(
        [str(py), "-c", "import oblivaeon_verify; print(oblivaeon_verify.__file__)"], cwd=away, env=env, capture_output=True, text=True
    )
    assert str(ROOT) not in where.stdout and "site-packages" in where.stdout  # the installed copy, not the checkout
    # A judgement reads the whole encoded rulebook from the package, and these two contradict rules of
    # its files (the rulebook check itself, half a minute, is the main job's and test_determinism's).
    for ruleset, proposal in (("oblivaeon", "every reward is a villain card."), ("aeons_end", "some gem is a spell.")):
        judged = subprocess.run(
            [str(tool), "clarify", "--ruleset", ruleset, proposal, "--json"], cwd=away, env=env, capture_output=True, text=True
        )
        assert judged.returncode == 1, judged.stderr
        assert json.loads(judged.stdout)["judgement"] == "contradicts", judged.stdout
    out = away / "r"
    rep = subprocess.run(
        [str(tool), "report", "--games", "2", "--conformance-games", "1", "--section", "proofs", "--out", str(out)],
        cwd=away, env=env, capture_output=True, text=True,
    )  # fmt: skip
    assert rep.returncode in (0, 1, 4), rep.stderr  # a verdict, not a usage or internal error
    summary = json.loads((out / "summary.json").read_text())
    shipped = len(list((ROOT / "scenarios" / "oblivaeon").glob("*.toml")))
    assert summary["scenarios"]["count"] == summary["scenarios"]["passed"] == shipped and not summary["scenarios"]["load_errors"]
