"""How fast checked play and the Hypothesis machine run, old code against new, alternately in one run.

    python -m tests.bench_checking                  # against main, 3 rounds
    python -m tests.bench_checking --old REV --rounds 5 --games 4

The old revision (``--old``, default ``main``) is exported with ``git archive`` to a temporary
folder; each measurement runs in a fresh process importing the code of one tree only (old or new),
and the two alternate round by round (old, new, old, new ...), so the machine's load falls on both
alike.  Measured per ruleset: checked play (``play_checked``: every invariant after every step) per
player count, in steps per second, with the new code both incremental and with the full check
(``incremental=False``); and the Hypothesis state machine (a fixed, derandomised run), in steps per
second.  The best of the rounds of each is printed with the ratio new/old.  No test reads these
figures: wall-clock time is no test oracle.
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
import json, sys, time
kind, name, games, extra = sys.argv[2], sys.argv[3], int(sys.argv[4]), json.loads(sys.argv[5])
from oblivaeon_verify import rulesets
ruleset = rulesets.load(name)
params = ruleset.load_parameters(None, ())
out = {}
if kind == "checked":
    from oblivaeon_verify.checked_play import play_checked
    for n in ruleset.players:
        play_checked(ruleset, params, 99, n, 0, **extra)  # warm the caches and imports
        start, steps = time.perf_counter(), 0
        for i in range(games):
            steps += play_checked(ruleset, params, 0, n, i, **extra).steps + 1
        out[str(n)] = steps / (time.perf_counter() - start)
elif kind == "machine":
    import importlib
    from hypothesis import HealthCheck, settings
    from hypothesis.stateful import run_state_machine_as_test
    from oblivaeon_verify.checked_play import properties
    machine = importlib.import_module(properties(ruleset).__name__ + ".machine")
    cfg = settings(max_examples=games, stateful_step_count=25, deadline=None, database=None, derandomize=True,
                   suppress_health_check=list(HealthCheck), print_blob=False)
    machine.STATS.reset()
    start = time.perf_counter()
    run_state_machine_as_test(machine.MACHINE, settings=cfg)
    out["all"] = machine.STATS.steps / (time.perf_counter() - start)
print(json.dumps(out))
"""
)


def measure(tree: Path, kind: str, ruleset: str, games: int, extra: dict | None = None) -> dict[str, float]:
    cmd = [sys.executable, "-c", WORKER, str(tree), kind, ruleset, str(games), json.dumps(extra or {})]
    done = subprocess.run(cmd, cwd=tree, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{kind} {ruleset} in {tree} failed: {done.stderr.strip()[-800:]}")
    return json.loads(done.stdout)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", default="main", help="the revision to compare against (default %(default)s)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--games", type=int, default=3, help="checked games per player count in one measurement")
    ap.add_argument("--examples", type=int, default=25, help="Hypothesis examples (of 25 steps) in one measurement")
    ap.add_argument("--ruleset", action="append", choices=("oblivaeon", "aeons_end"))
    args = ap.parse_args(argv)
    names = args.ruleset or ["oblivaeon", "aeons_end"]
    with tempfile.TemporaryDirectory(prefix="bench-old-") as tmp:
        old = export(args.old, Path(tmp))
        variants = {
            "old": (old, {}),
            "new": (ROOT, {}),
            "new, full check": (ROOT, {"incremental": False}),
        }
        best: dict = {}
        for r in range(args.rounds):
            for name in names:
                for label, (tree, extra) in variants.items():
                    for kind, n, kw in (("checked", args.games, extra), ("machine", args.examples, {})):
                        if kind == "machine" and extra:
                            continue  # the machine has no full-check switch: it always checks incrementally
                        got = measure(tree, kind, name, n, kw)
                        for count, rate in got.items():
                            key = (name, kind, count)
                            best.setdefault(key, {})[label] = max(rate, best.get(key, {}).get(label, 0.0))
            print(f"round {r + 1} of {args.rounds} done", file=sys.stderr, flush=True)
    print(f"steps per second, best of {args.rounds} alternating rounds (old = {args.old}); ratio = new / old")
    print(f"{'ruleset':<10} {'what':<8} {'players':>7} {'old':>8} {'new':>8} {'new full':>9} {'ratio':>6}")
    for (name, kind, count), rates in best.items():
        full = rates.get("new, full check")
        print(
            f"{name:<10} {kind:<8} {count:>7} {rates['old']:>8,.0f} {rates['new']:>8,.0f} "
            f"{(f'{full:,.0f}' if full else '-'):>9} {rates['new'] / rates['old']:>5.1f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
