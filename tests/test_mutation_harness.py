"""The test command of the mutation run (``mutation/harness.py``): a healthy model survives, a broken one is killed."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.broken_models import BY_NAME, broken

ROOT = Path(__file__).resolve().parent.parent


def harness():
    spec = importlib.util.spec_from_file_location("mutation_harness", ROOT / "mutation" / "harness.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_healthy_model_survives_the_harness(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    assert harness().main("aeons_end") == 0
    assert capsys.readouterr().out.startswith("SURVIVED after ")


@pytest.mark.parametrize("bug", ["a-gain-costs-one-less", "a-turn-that-never-ends"])
def test_a_broken_model_is_killed_and_the_harness_says_by_what(bug, monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    with broken(BY_NAME[bug]):
        assert harness().main("aeons_end") == 1
    said = capsys.readouterr().out.strip().splitlines()[-1]
    assert said.startswith("KILLED after ") and " s by " in said, said


def _copy_of_the_checkout(into: Path) -> Path:
    """The tracked files, as ``mutation/run.py`` copies them into Cosmic Ray's work folder."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True).stdout.decode().split("\0")
    for name in filter(None, files):
        if (ROOT / name).is_file():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, into / name)
    return into


def test_run_as_cosmic_ray_runs_it_the_harness_tests_the_mutated_copy_not_the_installed_checkout(tmp_path):
    """Cosmic Ray mutates the model in its work folder and runs the harness there; with the project installed in
    editable mode the model would come from the checkout instead, and every mutant would survive."""
    bug = BY_NAME["a-gain-costs-one-less"]
    copy = _copy_of_the_checkout(tmp_path / "work")
    source = copy / (bug.module.removeprefix("oblivaeon_verify.").replace(".", "/") + ".py")
    text = source.read_text()
    assert text.count(bug.old) == 1
    source.write_text(text.replace(bug.old, bug.new))
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-m", "mutation.harness", "aeons_end"], cwd=copy, env=env, capture_output=True, text=True)
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout.strip().splitlines()[-1].startswith("KILLED after ")


def test_a_mutant_that_takes_more_memory_than_the_harness_allows_is_killed_by_a_memory_error(tmp_path):
    """The harness caps its address space (``MEMORY_LIMIT``): a mutant allocating more than that is killed at once
    with a MemoryError, where without the cap the allocation would be granted (untouched pages cost nothing) and a
    mutant allocating in a loop would fill the machine until the per-mutant timeout."""
    limit = harness().MEMORY_LIMIT
    copy = _copy_of_the_checkout(tmp_path / "work")
    engine = copy / "model" / "aeons_end" / "engine.py"
    text = engine.read_text()
    hook = "    if decision not in state.options:\n"
    assert text.count(hook) == 1
    engine.write_text(
        text.replace(hook, "    bytearray(2 * MEMORY)\n" + hook).replace(
            "\nfrom __future__ import annotations\n", f"\nfrom __future__ import annotations\n\nMEMORY = {limit}\n", 1
        )
    )
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-m", "mutation.harness", "aeons_end"], cwd=copy, env=env, capture_output=True, text=True)
    assert done.returncode == 1, done.stdout + done.stderr
    last = done.stdout.strip().splitlines()[-1]
    assert last.startswith("KILLED after ") and "the step raised MemoryError" in last, last


def test_the_classifier_takes_a_changed_type_annotation_for_an_equivalent_mutant_and_nothing_else():
    from types import SimpleNamespace

    spec = importlib.util.spec_from_file_location("mutation_run", ROOT / "mutation" / "run.py")
    run = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(run)

    def kind(old: str, new: str):
        m = SimpleNamespace(operator_name="core/ReplaceBinaryOperator_BitOr_BitXor", module_path=Path("places.py"), definition_name="f")
        return run.classify(SimpleNamespace(mutations=[m]), SimpleNamespace(diff=f"--- a\n+++ b\n-{old}\n+{new}\n"))

    assert kind("def place_of(s, card: str) -> tuple | None:", "def place_of(s, card: str) -> tuple ^ None:")[0] == run.EQUIVALENT
    assert kind("def f(x: int | None) -> None:", "def f(x: int ^ None) -> None:")[0] == run.EQUIVALENT
    assert kind("    flags = a | b", "    flags = a ^ b") is None


def _run_module():
    spec = importlib.util.spec_from_file_location("mutation_run", ROOT / "mutation" / "run.py")
    run = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(run)
    return run


def _nth_eq_to_gt(path: Path, n: int):
    """What Cosmic Ray's apply_mutation does for ReplaceComparisonOperator_Eq_Gt, on lines: the n-th ``==`` becomes ``>``."""
    before = path.read_text()
    parts = before.split(" == ")
    if n + 1 >= len(parts):
        return before, None
    after = " == ".join(parts[: n + 1]) + " > " + " == ".join(parts[n + 1 :])
    path.write_text(after)
    return before, after


def test_survivors_run_again_are_found_by_their_recorded_change_not_their_old_occurrence(tmp_path):
    run = _run_module()
    want = run.changed_lines("--- mutation diff ---\n--- a/m.py\n+++ b/m.py\n@@ -2 +2 @@\n-    return b == 2\n+    return b > 2\n")
    assert want == (("return b == 2",), ("return b > 2",))
    original, target = tmp_path / "m.py", tmp_path / "copy.py"
    original.write_text("def f(a, b):\n    return b == 2\n")  # as in the session: occurrence 0
    assert run._apply_where_recorded(target, original, _nth_eq_to_gt, 0, want) == 0
    assert "b > 2" in target.read_text()
    original.write_text("def f(a, b):\n    x = a == 1\n    return b == 2\n")  # a comparison added above it since
    assert run._apply_where_recorded(target, original, _nth_eq_to_gt, 0, want) == 1
    assert "a == 1" in target.read_text() and "b > 2" in target.read_text()
    original.write_text("def f(a, b):\n    x = a == 1\n    return b != 2\n")  # its line rewritten: gone, nothing mutated
    assert run._apply_where_recorded(target, original, _nth_eq_to_gt, 0, want) is None
    assert target.read_text() == original.read_text()


def test_a_sample_is_drawn_from_the_mutants_themselves_not_from_cosmic_rays_random_job_ids():
    """The same seed over the same code keeps the same mutants, whatever job ids ``cosmic-ray init`` gave them."""
    from types import SimpleNamespace

    run = _run_module()

    def items(ids):
        muts = [
            SimpleNamespace(module_path=Path(f"model/x/m{k % 3}.py"), operator_name=f"core/Op{k % 2}", operator_args={}, occurrence=k)
            for k in range(12)
        ]
        return [SimpleNamespace(job_id=j, mutations=[m]) for j, m in zip(ids, muts)]

    def kept(ids, seed=2):
        work = items(ids)
        keys = {w.job_id: run.mutant_key(w) for w in work}
        return sorted(keys[j] for j in run.chosen(work, 5, seed))

    first = kept([f"{k:032x}" for k in range(12)])
    again = kept([f"{11 - k:032x}" for k in range(12)])  # other ids, sorting the other way round
    assert first == again and len(first) == 5
    assert kept([f"{k:032x}" for k in range(12)], seed=3) != first


def test_the_classifier_calls_only_the_clause_decorator_and_a_parameters_bound_or_check_no_game_rule():
    """A removed ``@implements`` is no rule of play; a removed ``@dataclass`` or cache, or a parameter's default (a game
    assumption, such as a breach's focus cost), is left for a person to read (sample 6 found both taken for no rule)."""
    from types import SimpleNamespace

    run = _run_module()

    def kind(operator: str, module: str, removed: list[str], at=(1, 0), source=None):
        m = SimpleNamespace(operator_name=f"core/{operator}", module_path=Path(module), definition_name=None, start_pos=at)
        diff = "--- a\n+++ b\n" + "".join(f"-{line}\n" for line in removed) + "+x\n"
        found = run.classify(SimpleNamespace(mutations=[m]), SimpleNamespace(diff=diff), source)
        return found and found[0]

    assert kind("RemoveDecorator", "heroes.py", ["", "", "# --- a heading ---", "", '@implements("CLAR.ERASED")']) == run.NOT_A_RULE
    assert kind("RemoveDecorator", "turn_order.py", ["@dataclass(frozen=True, slots=True)"]) is None
    assert kind("RemoveDecorator", "cards.py", ["@functools.cache"]) is None
    source = "\n".join(
        [
            'AETHER = Range(0, 99, "aether")',
            "class Parameters:",
            "    focus_cost: Annotated[tuple[int, int], AETHER] = (2, 3)",
            '    life: Annotated[int, Range(1, 99, "life")] = 10',
            '    name: Annotated[str, Size(1, 80, "a name")] = "x"',
            "    def conflicts(self):",
            "        return self.life < 3",
        ]
    )
    line = source.splitlines()
    assert kind("NumberReplacer", "parameters.py", [line[0]], (1, 15), source) == run.NOT_A_RULE  # a module-wide bound
    assert kind("NumberReplacer", "parameters.py", [line[3]], (4, 34), source) == run.NOT_A_RULE  # a field's bound
    assert kind("NumberReplacer", "parameters.py", [line[4]], (5, 33), source) == run.NOT_A_RULE  # a length's bound
    assert kind("NumberReplacer", "parameters.py", [line[6]], (7, 27), source) == run.NOT_A_RULE  # a check
    assert kind("NumberReplacer", "parameters.py", [line[2]], (3, 57), source) is None  # a default: an assumption of play
    assert kind("NumberReplacer", "parameters.py", [line[3]], (4, 50), source) is None  # the default beside a bound
    assert kind("NumberReplacer", "parameters.py", [line[3]], (4, 34)) is None  # no source to tell by: a person reads it
