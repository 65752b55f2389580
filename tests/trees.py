"""Running one tree's code in a worker process, for the benchmarks that compare two revisions side by side.

With the project installed in editable mode, ``sys.path.insert(0, TREE)`` is not enough: ``oblivaeon_verify``
itself comes from TREE, but its subpackages ``oblivaeon_verify.model`` and ``oblivaeon_verify.properties`` live
in the top-level folders ``model/`` and ``properties/`` (pyproject's package-dir), which Python finds through
the editable install's finder, that is in the working copy, whatever the tree.  A comparison of a change to
the model or the invariants then measured the new code twice.  :data:`PRELUDE`, the first lines of every
worker, calls :func:`use_tree`: it takes the editable finder out and maps the two subpackages to TREE's folders,
then checks that all three come from TREE (the worker fails with one line otherwise).  The mutation harness
(``mutation/harness.py``) calls it too, for the work folder whose model Cosmic Ray has mutated.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FOLDERS = {"oblivaeon_verify.model": "model", "oblivaeon_verify.properties": "properties"}
"""pyproject's package-dir: these two subpackages are top-level folders of a tree."""


def use_tree(tree: str) -> None:
    """Import ``oblivaeon_verify``, its model and its properties from ``tree`` in this process (before anything
    imported them): the editable install's finder is taken out and the two subpackages mapped to the tree's
    folders.  Exits with one line when a package is missing or comes from elsewhere."""
    import importlib.util
    import os
    import sys

    tree = os.path.abspath(tree)
    sys.meta_path[:] = [f for f in sys.meta_path if "__editable__" not in str(getattr(f, "__module__", ""))]

    class TreeFinder:
        @classmethod
        def find_spec(cls, name, path=None, target=None):
            if name not in FOLDERS:
                return None
            folder = os.path.join(tree, FOLDERS[name])
            if not os.path.isfile(os.path.join(folder, "__init__.py")):
                return None
            return importlib.util.spec_from_file_location(name, os.path.join(folder, "__init__.py"), submodule_search_locations=[folder])

    sys.meta_path.insert(0, TreeFinder)
    sys.path.insert(0, tree)
    try:
        import oblivaeon_verify.model
        import oblivaeon_verify.properties

        import oblivaeon_verify
    except ImportError as e:
        raise SystemExit(f"the tree {tree} has no package {e.name}") from None
    for m in (oblivaeon_verify, oblivaeon_verify.model, oblivaeon_verify.properties):
        if not os.path.abspath(m.__file__).startswith(tree + os.sep):
            raise SystemExit(f"{m.__name__} came from {m.__file__}, not from the tree {tree}")


PRELUDE = f"""
import sys
sys.path.insert(0, {str(ROOT)!r})
from tests.trees import use_tree
del sys.path[0]
use_tree(sys.argv[1])
"""
"""The first lines of a benchmark's worker (``python -c WORKER TREE ...``): the tree's code, and this checkout's
:func:`use_tree` to load it."""


def export(rev: str, into: Path) -> Path:
    """The files of revision ``rev`` in the folder ``into`` (made if missing)."""
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, capture_output=True, check=True).stdout
    into.mkdir(parents=True, exist_ok=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into
