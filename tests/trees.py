"""Running one tree's code in a worker process, for the benchmarks that compare two revisions side by side.

With the project installed in editable mode, ``sys.path.insert(0, TREE)`` is not enough: ``oblivaeon_verify``
itself comes from TREE, but its subpackages ``oblivaeon_verify.model`` and ``oblivaeon_verify.properties`` live
in the top-level folders ``model/`` and ``properties/`` (pyproject's package-dir), which Python finds through
the editable install's finder, that is in the working copy, whatever the tree.  A comparison of a change to
the model or the invariants then measured the new code twice.  :data:`PRELUDE`, the first lines of every
worker, takes the editable finder out and maps the two subpackages to TREE's folders, then checks that all
three come from TREE (the worker fails with one line otherwise).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PRELUDE = r"""
import importlib.util, os, sys
_TREE = os.path.abspath(sys.argv[1])
sys.meta_path[:] = [f for f in sys.meta_path if "__editable__" not in str(getattr(f, "__module__", ""))]


class _TreeFinder:
    # pyproject's package-dir: these two subpackages are top-level folders of the tree
    FOLDERS = {"oblivaeon_verify.model": "model", "oblivaeon_verify.properties": "properties"}

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name not in cls.FOLDERS:
            return None
        folder = os.path.join(_TREE, cls.FOLDERS[name])
        if not os.path.isfile(os.path.join(folder, "__init__.py")):
            return None
        return importlib.util.spec_from_file_location(name, os.path.join(folder, "__init__.py"), submodule_search_locations=[folder])


sys.meta_path.insert(0, _TreeFinder)
sys.path.insert(0, _TREE)
try:
    import oblivaeon_verify, oblivaeon_verify.model, oblivaeon_verify.properties
except ImportError as e:
    raise SystemExit(f"the tree {_TREE} has no package {e.name}") from None
for _m in (oblivaeon_verify, oblivaeon_verify.model, oblivaeon_verify.properties):
    if not os.path.abspath(_m.__file__).startswith(_TREE + os.sep):
        raise SystemExit(f"{_m.__name__} came from {_m.__file__}, not from the tree {_TREE}")
"""


def export(rev: str, into: Path) -> Path:
    """The files of revision ``rev`` in the folder ``into`` (made if missing)."""
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, capture_output=True, check=True).stdout
    into.mkdir(parents=True, exist_ok=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into
