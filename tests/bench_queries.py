"""How fast the designer queries (``ask``) answer, for every query of both rulesets at every player count.

    python -m tests.bench_queries                      # this tree: seconds, solver units, answer
    python -m tests.bench_queries --old main --rounds 2

Each query runs in a fresh process (``ask QUERY --players N --json``).  Printed per query and player
count: the best wall-clock seconds of the rounds, the answer and its value, and (for this tree) the
Z3 resource units the search spent, which are the same on every machine.  With ``--old REV`` that
revision is exported and measured alternately with this tree (old, new, old, new, ...), and the
ratio old/new is printed.  The target is every default query under 10 s on this 2-core machine.  No
test reads these figures: wall-clock time is no test oracle.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.trees import PRELUDE, export

ROOT = Path(__file__).resolve().parent.parent

WORKER = (
    PRELUDE
    + r"""
import contextlib, io, json, sys, time
from oblivaeon_verify.smt import allowance
spent = [0]
check = allowance.Allowance.check
def counted(self, *a, **k):
    before = self.spent
    try:
        return check(self, *a, **k)
    finally:
        spent[0] += self.spent - before
allowance.Allowance.check = counted
start = time.perf_counter()
from oblivaeon_verify.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    code = main(sys.argv[2:])
answer = json.loads(out.getvalue())
print(json.dumps({"seconds": time.perf_counter() - start, "code": code, "answer": answer.get("answer"),
                  "value": answer.get("value"), "units": spent[0]}))
"""
)


def measure(tree: Path, argv: list[str]) -> dict:
    done = subprocess.run([sys.executable, "-c", WORKER, str(tree), *argv], cwd=tree, capture_output=True, text=True, check=False)
    try:
        return json.loads(done.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        raise SystemExit(f"{' '.join(argv)} in {tree} failed: {done.stderr.strip()[-800:]}") from None


def jobs() -> list[tuple[str, str, int]]:
    from oblivaeon_verify import rulesets
    from oblivaeon_verify.commands.prove import symbolic

    out = []
    for name in ("oblivaeon", "aeons_end"):
        ruleset = rulesets.load(name)
        for query in symbolic(ruleset).QUERY_NAMES:
            out += [(name, query, n) for n in ruleset.players]
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", help="a revision to compare against (default: none)")
    ap.add_argument("--rounds", type=int, default=1)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-queries-") as tmp:
        trees = {"new": ROOT}
        if args.old:
            trees = {"old": export(args.old, Path(tmp) / "old"), "new": ROOT}
        best: dict = {}
        for _ in range(args.rounds):
            for name, query, n in jobs():
                argv = ["ask", "--ruleset", name, query, "--players", str(n), "--json"]
                for label, tree in trees.items():
                    got = measure(tree, argv)
                    had = best.setdefault((name, query, n), {}).get(label)
                    if had is None or got["seconds"] < had["seconds"]:
                        best[(name, query, n)][label] = got
                print(f"{name} {query} {n}: done", file=sys.stderr, flush=True)
    print(f"seconds (best of {args.rounds}), answer, value, solver units" + ("; ratio = old / new" if args.old else ""))
    for (name, query, n), runs in best.items():
        new = runs["new"]
        line = f"{name:<10} {query:<28} {n:>2}  {new['seconds']:6.1f} s  {new['answer']:<18} {new['value']!s:>5}  {new['units']:>12,}"
        if "old" in runs:
            old = runs["old"]
            line += f"   old {old['seconds']:6.1f} s {old['answer']:<18} {old['seconds'] / new['seconds']:5.1f}x"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
