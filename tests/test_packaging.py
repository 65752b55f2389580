"""The package list in pyproject.toml is every package folder of the repository, under its installed name."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _folders() -> list[str]:
    """Every folder with an ``__init__.py`` under its installed name (model/ and properties/ inside the package)."""
    found = []
    for top, prefix in (("oblivaeon_verify", ""), ("model", "oblivaeon_verify."), ("properties", "oblivaeon_verify.")):
        for d, dirs, files in os.walk(ROOT / top):
            dirs[:] = sorted(x for x in dirs if not x.startswith((".", "__")))
            if "__init__.py" in files:
                found.append(prefix + str(Path(d).relative_to(ROOT)).replace(os.sep, "."))
    return sorted(found)


def test_pyproject_lists_every_package_folder_under_its_installed_name():
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert sorted(setuptools["packages"]) == _folders()
    assert setuptools["package-dir"] == {"oblivaeon_verify.model": "model", "oblivaeon_verify.properties": "properties"}


def test_the_generic_names_are_not_importable_where_the_tool_is_installed(tmp_path):
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    code = "import importlib.util as u; print(u.find_spec('model'), u.find_spec('properties'), u.find_spec('oblivaeon_verify.model') is not None)"
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, check=True).stdout
    assert out.split() == ["None", "None", "True"], out
