"""The benchmarks' workers run the code of the tree they are given, the model and the invariants included."""

from __future__ import annotations

import subprocess
import sys

from tests.trees import PRELUDE, ROOT, export

SHOW = (
    PRELUDE
    + r"""
import oblivaeon_verify.model.oblivaeon.engine as engine, oblivaeon_verify.properties.oblivaeon.invariants as invariants
print(engine.__file__)
print(invariants.__file__)
"""
)


def test_a_worker_imports_the_model_and_the_properties_from_its_own_tree(tmp_path):
    tree = export("HEAD", tmp_path / "old")
    done = subprocess.run([sys.executable, "-c", SHOW, str(tree)], cwd=tree, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    engine, invariants = done.stdout.split()
    # without the prelude, the editable install would have given the working copy's model/ and properties/
    assert engine == str(tree / "model" / "oblivaeon" / "engine.py")
    assert invariants == str(tree / "properties" / "oblivaeon" / "invariants" / "__init__.py")
    done = subprocess.run([sys.executable, "-c", SHOW, str(ROOT)], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.split()[0] == str(ROOT / "model" / "oblivaeon" / "engine.py")


def test_a_tree_without_the_packages_is_refused_in_one_line(tmp_path):
    (tmp_path / "oblivaeon_verify").mkdir()
    (tmp_path / "oblivaeon_verify" / "__init__.py").write_text("")
    done = subprocess.run([sys.executable, "-c", SHOW, str(tmp_path)], cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode != 0 and "oblivaeon_verify" in done.stderr
