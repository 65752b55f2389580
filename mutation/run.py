"""Mutation testing of a ruleset's model with Cosmic Ray: the kill rate of the scenarios and the invariant campaign.

Recipe (README, "Mutation testing")::

    nice python mutation/run.py --ruleset aeons_end            # every mutant of model/aeons_end
    nice python mutation/run.py --ruleset oblivaeon --sample 150   # a fixed random sample of them

The repository's tracked files are copied to a work folder (Cosmic Ray edits the module it mutates
in place, so it never touches the working copy), Cosmic Ray makes one mutant per operator and place
in ``model/RULESET/``, and runs ``mutation/harness.py RULESET`` (the scenarios, then the ``ci``
campaign of ``check`` and its state machine; no unit tests) against each, one at a time.
``--sample N`` keeps N mutants chosen with ``--seed`` and marks the others skipped; a run stopped
part way is resumed with ``--resume`` and reported with ``--report``.  ``--survivors-again`` runs
the survivors of a finished session again against the working copy as it is now (after the
invariants were strengthened from them), each in a fresh copy, and reports which are now killed.  The report (printed and
written as ``report.md`` in the work folder) gives the kill rate over the mutants run, the median
and slowest time to the first failure, what killed them, and every survivor with its diff.  A
survivor is either a gap in the invariants or an equivalent mutant (one no game can tell from the
original).  ``classify`` sorts out, by rules that hold by construction, the equivalent ones (type
annotations, the slots flag, ``is``/``==`` between enum members) and those of code that is no game
rule (a parameter's bounds and checks, found in the module's syntax tree, not its defaults, which are
assumptions of play; labels, error messages, the ``@implements`` decorator, not a record's ``@dataclass``
or a cache); every other survivor is reported as a gap until a person reads its diff and says otherwise.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import functools
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KILLED_AFTER = re.compile(r"KILLED after ([0-9.]+) s by (.*)")


def copy_tree(work: Path) -> None:
    files = (
        subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT, check=True, capture_output=True)
        .stdout.decode()
        .split("\0")
    )
    if work.exists():
        shutil.rmtree(work)
    for name in filter(None, files):
        src, dst = ROOT / name, work / name
        if src.is_file():
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)


def config(ruleset: str, timeout: float) -> str:
    # PYTHONDONTWRITEBYTECODE: a mutant's bytecode must never be cached and picked up by the next run
    command = f"env PYTHONDONTWRITEBYTECODE=1 {sys.executable} -m mutation.harness {ruleset}"
    return "\n".join(
        [
            "[cosmic-ray]",
            f'module-path = "model/{ruleset}"',
            f"timeout = {timeout}",
            "excluded-modules = []",
            f'test-command = "{command}"',
            "",
            "[cosmic-ray.distributor]",
            'name = "local"',
            "",
        ]
    )


def sample(session: Path, n: int, seed: int) -> None:
    """Keep ``n`` mutants chosen with ``seed``, mark the others skipped."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    with use_db(str(session), WorkDB.Mode.open) as db:
        items = list(db.pending_work_items)
        keep = chosen(items, n, seed)
        db.set_multiple_results(
            [w.job_id for w in items if w.job_id not in keep],
            WorkResult(worker_outcome=WorkerOutcome.SKIPPED, output="not in the sample"),
        )


def chosen(items, n: int, seed: int) -> set:
    """The job ids of ``n`` of the work items, drawn with ``seed`` over the mutants in a stable order (:func:`mutant_key`).
    Cosmic Ray gives each mutant a new random job id at every ``init``: a draw over the ids gave another sample at each
    run for the same seed and code."""
    jobs = [w.job_id for w in sorted(items, key=mutant_key)]
    return set(random.Random(seed).sample(jobs, min(n, len(jobs))))


def mutant_key(item) -> tuple:
    """What a mutant is, whatever its job id: where, which operator (with its arguments), which occurrence."""
    return tuple((str(m.module_path), m.operator_name, repr(sorted((m.operator_args or {}).items())), m.occurrence) for m in item.mutations)


EQUIVALENT = "equivalent"
NOT_A_RULE = "not a game rule"


def classify(item, result, source: str | None = None) -> tuple[str, str] | None:
    """A survivor that is equivalent (no game can tell it from the original) or is no game rule, by
    rules each of which holds by construction; ``None``: a gap until a person says otherwise.

    ``source``: the mutated module's original text, without which a mutant of the parameters module is
    left to a person (a default there is a game assumption; only a bound or a check is no rule)."""
    m = item.mutations[0]
    removed = [line[1:] for line in (result.diff or "").splitlines() if line.startswith("-") and not line.startswith("---")]
    minus = next(iter(removed), "")
    plus = next((line[1:] for line in (result.diff or "").splitlines() if line.startswith("+") and not line.startswith("+++")), "")
    if m.operator_name.split("/")[-1].startswith("ReplaceBinaryOperator_BitOr") and ANNOTATION.search(minus):
        return EQUIVALENT, "a type annotation: never evaluated (the model's modules postpone annotations)"
    if "slots=True" in minus and "slots=False" in plus:
        return EQUIVALENT, "the slots flag: only the memory layout of a record changes"
    if m.operator_name.endswith("ReplaceComparisonOperator_Is_Eq") and " is " in minus and ENUM_IS.search(minus):
        return EQUIVALENT, "is to == between enum members: each member is one object"
    if m.operator_name.endswith("RemoveDecorator"):
        # (the removed lines may start with blank lines and comments above the decorator)
        if next((line.strip() for line in removed if line.strip().startswith("@")), "").startswith("@implements"):
            return NOT_A_RULE, "the @implements decorator: it maps clauses to code for the catalogue, not play"
        return None  # another decorator (a record's @dataclass, a cache): a person reads it
    if m.module_path.name == "parameters.py" and source is not None and _bound_or_check(source, m.start_pos):
        return NOT_A_RULE, "a parameter's bounds or validation (the unit tests cover them)"
    if m.definition_name in ("__str__", "describe", "deck_label") or "raise " in minus:
        return NOT_A_RULE, "a label or an error message"
    return None


def _bound_or_check(source: str, at: tuple[int, int]) -> bool:
    """Whether the place ``at`` (line, column) of a parameters module lies in a bound's declaration (``Range``, ``Size``
    or ``OneOf``), or in a function (validation, loading): no rule of play.  A default value, or a table of the game's
    data, is not."""

    def holds(node) -> bool:
        end = (node.end_lineno, node.end_col_offset)
        return (node.lineno, node.col_offset) <= at < end

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and holds(node):
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in BOUNDS and holds(node):
            return True
    return False


BOUNDS = ("Range", "Size", "OneOf")
"""The declarations of what a parameter may be (``model.common.parameters``): checked when parameters are read."""
ANNOTATION = re.compile(r"(def .*\|.*\)|def .*\) -> [\w\[\], .]*\||^\s*\w+: [\w\[\], .]*\|)")
ENUM_IS = re.compile(r" is [A-Z]\w*\.[A-Z_]+")


def _original(work: Path, item) -> str | None:
    """The unmutated text of the module a mutant changed, in the session's work folder (Cosmic Ray restores it)."""
    path = work / item.mutations[0].module_path
    return path.read_text() if path.is_file() else None


def report(session: Path) -> str:
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome

    with use_db(str(session), WorkDB.Mode.open) as db:
        done = list(db.completed_work_items)
        pending = db.num_work_items - db.num_results
    run = [(item, r) for item, r in done if r.worker_outcome != WorkerOutcome.SKIPPED]
    killed = [(i, r) for i, r in run if r.test_outcome == TestOutcome.KILLED]
    survived = [(i, r) for i, r in run if r.test_outcome == TestOutcome.SURVIVED]
    other = [(i, r) for i, r in run if r.test_outcome not in (TestOutcome.KILLED, TestOutcome.SURVIVED)]
    times, by = [], Counter()
    for _, r in killed:
        m = KILLED_AFTER.search(r.output or "")
        if m:
            times.append(float(m.group(1)))
            by[m.group(2).split(":")[0].split(" (")[0]] += 1
        else:
            # a mutant that makes an import raise (the harness never starts) is killed all the same
            by["a timeout" if (r.output or "").strip() == "timeout" else "a crash before the harness ran"] += 1
    scored = len(killed) + len(survived)
    lines = [
        f"# Mutation testing: {session.parent.name}",
        "",
        f"- mutants run: {len(run)} ({pending} pending, {len(done) - len(run)} skipped)",
        f"- killed: {len(killed)}; survived: {len(survived)}; incompetent or errors: {len(other)}",
        f"- kill rate: {len(killed) / scored:.1%} of {scored}" if scored else "- kill rate: nothing run",
    ]
    if times:
        lines.append(
            f"- time to the first failure: median {statistics.median(times):.2f} s, slowest {max(times):.2f} s ({len(times)} timed)"
        )
    lines += ["", "## Killed by", ""] + [f"- {what}: {n}" for what, n in sorted(by.items(), key=lambda x: (-x[1], x[0]))]
    kinds = {item.job_id: classify(item, r, _original(session.parent, item)) for item, r in survived}
    equivalent = sum(1 for k in kinds.values() if k and k[0] == EQUIVALENT)
    not_rule = sum(1 for k in kinds.values() if k and k[0] == NOT_A_RULE)
    if scored:
        lines[5:5] = [
            f"- survivors classified by rule (``classify``): {equivalent} equivalent, {not_rule} not a game rule, "
            f"{len(survived) - equivalent - not_rule} gaps or unclassified",
            f"- kill rate of the non-equivalent: {len(killed) / max(1, scored - equivalent):.1%}; "
            f"of the mutants of game rules: {len(killed) / max(1, scored - equivalent - not_rule):.1%}",
        ]
    lines += ["", "## Survivors", ""]
    for item, r in sorted(survived, key=lambda x: (str(x[0].mutations[0].module_path), x[0].mutations[0].start_pos)):
        m = item.mutations[0]
        kind = kinds[item.job_id]
        lines += [f"### {m.module_path}:{m.start_pos[0]} {m.operator_name} ({item.job_id})", ""]
        lines += [f"{kind[0]}: {kind[1]}", ""] if kind else []
        lines += ["```diff", (r.diff or "").strip(), "```", ""]
    return "\n".join(lines)


def survivors_again(session: Path, ruleset: str, timeout: float) -> str:
    """Each survivor of ``session`` applied to a fresh copy of the working copy, the harness run again.

    Cosmic Ray names a mutant by its operator and occurrence (the n-th place the operator applies in the
    file); once the file has changed since the session, the n-th place may be another line.  So each
    survivor is applied where its recorded change (the line before and after) is found again, whatever
    its occurrence now; one whose line is gone (the code was rewritten or deleted) is reported apart,
    not run, rather than counted as some other mutant's result.
    """
    from cosmic_ray.plugins import get_operator
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome

    with use_db(str(session), WorkDB.Mode.open) as db:
        survivors = [(item, r) for item, r in db.completed_work_items if r.test_outcome == TestOutcome.SURVIVED]
    again = session.parent / "again"
    copy_tree(again)
    now_killed, still, gone = [], [], []
    for item, recorded in sorted(survivors, key=lambda p: (str(p[0].mutations[0].module_path), p[0].mutations[0].start_pos, p[0].job_id)):
        m = item.mutations[0]
        target = again / m.module_path
        name = f"{m.module_path}:{m.start_pos[0]} {m.operator_name} ({item.job_id})"
        operator = get_operator(m.operator_name)(**m.operator_args)
        mutate = functools.partial(_cosmic_ray_apply, operator=operator)
        found = _apply_where_recorded(target, ROOT / m.module_path, mutate, m.occurrence, changed_lines(recorded.diff or ""))
        if found is None:
            gone.append(f"{name}: its line is no longer in the file (rewritten or deleted since the session)")
            continue
        moved = "" if found == m.occurrence else f" (found as occurrence {found}, was {m.occurrence})"
        try:
            done = subprocess.run(
                [sys.executable, "-m", "mutation.harness", ruleset], cwd=again, capture_output=True, text=True, timeout=timeout
            )
            killed = done.returncode != 0
            said = (done.stdout.strip().splitlines() or ["(no output)"])[-1]
        except subprocess.TimeoutExpired:
            killed, said = True, "timeout"
        finally:
            shutil.copy2(ROOT / m.module_path, target)
        (now_killed if killed else still).append(f"{name}{moved}: {said}")
    lines = [
        f"# Survivors run again: {len(survivors)}; now killed {len(now_killed)}; still surviving {len(still)}; gone {len(gone)}",
        "",
        "## Now killed",
        "",
    ]
    tail = ["", "## Still surviving", ""] + [f"- {x}" for x in still] + ["", "## Gone (the mutated line no longer exists)", ""]
    return "\n".join(lines + [f"- {x}" for x in now_killed] + tail + [f"- {x}" for x in gone])


def changed_lines(diff: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The lines a unified diff removes and adds, stripped of their indentation (where they are does not matter)."""
    body = [line for line in diff.splitlines() if not line.startswith(("---", "+++", "@@"))]
    return tuple(x[1:].strip() for x in body if x.startswith("-")), tuple(x[1:].strip() for x in body if x.startswith("+"))


def _cosmic_ray_apply(path: Path, occurrence: int, *, operator):
    from cosmic_ray.mutating import apply_mutation

    return apply_mutation(path, operator, occurrence)


def _apply_where_recorded(target: Path, original: Path, mutate, occurrence: int, want) -> int | None:
    """Mutate ``target`` (a copy of ``original``) at the occurrence whose change is ``want``: the recorded occurrence
    first, then every other in order (``mutate(path, n)`` applies the n-th and returns the code before and after, after
    None when there is no n-th, as Cosmic Ray's ``apply_mutation`` does).  The occurrence used, or None (``target``
    restored)."""

    def change_at(n: int):
        shutil.copy2(original, target)
        before, after = mutate(target, n)
        if after is None:
            return None
        diff = "\n".join(difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0))
        return changed_lines(diff)

    if change_at(occurrence) == want:
        return occurrence
    n = 0
    while (got := change_at(n)) is not None:
        if got == want:
            return n
        n += 1
    shutil.copy2(original, target)
    return None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", required=True, choices=("oblivaeon", "aeons_end"))
    ap.add_argument("--sample", type=int, default=0, help="run only this many mutants, chosen with --seed (0: all)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per mutant before it counts as killed (a hang)")
    ap.add_argument("--work", type=Path, default=None, help="work folder (default: mutation-RULESET in the temporary folder)")
    ap.add_argument("--resume", action="store_true", help="go on with the work folder's session")
    ap.add_argument("--report", action="store_true", help="only report the work folder's session")
    ap.add_argument("--survivors-again", action="store_true", help="run the session's survivors against the working copy as it is now")
    args = ap.parse_args(argv)
    work = args.work or Path(tempfile.gettempdir()) / f"mutation-{args.ruleset}"
    session = work / "session.sqlite"
    if args.survivors_again:
        text = survivors_again(session, args.ruleset, args.timeout)
        (work / "survivors-again.md").write_text(text + "\n")
        print(text)
        return 0
    if not (args.resume or args.report):
        copy_tree(work)
        (work / "cosmic-ray.toml").write_text(config(args.ruleset, args.timeout))
        subprocess.run(["cosmic-ray", "init", "cosmic-ray.toml", "session.sqlite"], cwd=work, check=True)
        if args.sample:
            sample(session, args.sample, args.seed)
        # the unmutated model must pass, or every mutant would count as killed
        base = subprocess.run([sys.executable, "-m", "mutation.harness", args.ruleset], cwd=work, capture_output=True, text=True)
        if base.returncode != 0:
            print(f"the unmutated model fails the harness (exit {base.returncode}): {(base.stdout + base.stderr).strip()[-500:]}")
            return 1
    if not args.report:
        subprocess.run(["cosmic-ray", "exec", "cosmic-ray.toml", "session.sqlite"], cwd=work, check=True)
    text = report(session)
    (work / "report.md").write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
