"""How fast plain random play runs, old code against new, alternately in one run (issue 12's measure).

    python -m tests.bench_play                                  # against main, 5 rounds, both rulesets
    python -m tests.bench_play --old 05911ad --players 4 --rounds 9

The old revision (``--old``, default ``main``) is exported with ``git archive`` to a temporary folder; each
measurement is one ``oblivaeon-verify bench --json`` run in a fresh process importing the code of one tree
only (``tests.trees.use_tree``), and the two alternate within every round, the one to go first changing from
round to round, so the machine's load falls on both alike.  Per ruleset and player count it prints the median
rounds and decisions per second of each side and their ratio new / old, with the rounds and decisions played
(equal on both sides when the change left play alone).  No test reads these figures: wall-clock time is no
test oracle.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.trees import PRELUDE, export

ROOT = Path(__file__).resolve().parent.parent

WORKER = (
    PRELUDE
    + r"""
import runpy
sys.argv = ["oblivaeon-verify", "bench", *sys.argv[2:]]
runpy.run_module("oblivaeon_verify", run_name="__main__")
"""
)


def measure(tree: Path, ruleset: str, players: int, games: int, seed: int) -> dict:
    """One ``bench --json`` row of ``tree``: rounds, decisions and their rates for one player count."""
    argv = ["--ruleset", ruleset, "--players", str(players), "--games", str(games), "--seed", str(seed), "--json"]
    done = subprocess.run([sys.executable, "-c", WORKER, str(tree), *argv], cwd=tree, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"bench {ruleset} ({players} players) in {tree} failed: {done.stderr.strip()[-800:]}")
    (row,) = json.loads(done.stdout)["results"]
    return row


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", default="main", help="the revision to compare against (default %(default)s)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", type=int, default=40, help="games per player count in one measurement (default %(default)s)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--ruleset", action="append", choices=("oblivaeon", "aeons_end"))
    ap.add_argument("--players", type=int, action="append", help="player counts (default: 4 for OblivAeon, 2 for Aeon's End)")
    args = ap.parse_args(argv)
    names = args.ruleset or ["oblivaeon", "aeons_end"]
    default_counts = {"oblivaeon": [4], "aeons_end": [2]}
    rows: dict[tuple[str, int], dict[str, list[dict]]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-old-") as tmp:
        trees = {"old": export(args.old, Path(tmp)), "new": ROOT}
        for r in range(args.rounds):
            order = ("old", "new") if r % 2 == 0 else ("new", "old")
            for name in names:
                for n in args.players or default_counts[name]:
                    for side in order:
                        got = measure(trees[side], name, n, args.games, args.seed)
                        rows.setdefault((name, n), {"old": [], "new": []})[side].append(got)
            print(f"round {r + 1} of {args.rounds} done", file=sys.stderr, flush=True)
    print(f"plain random play, median of {args.rounds} alternating rounds of {args.games} games (old = {args.old}); ratio = new / old")
    print(f"{'ruleset':<10} {'players':>7} {'rounds':>13} {'decisions':>17} {'old r/s':>8} {'new r/s':>8} {'ratio':>6} {'d/s ratio':>9}")
    for (name, n), sides in rows.items():
        old_r, new_r = (statistics.median(row["rounds_per_second"] for row in sides[s]) for s in ("old", "new"))
        old_d, new_d = (statistics.median(row["decisions_per_second"] for row in sides[s]) for s in ("old", "new"))
        played = f"{sides['old'][0]['rounds']}/{sides['new'][0]['rounds']}"
        decided = f"{sides['old'][0]['decisions']}/{sides['new'][0]['decisions']}"
        print(f"{name:<10} {n:>7} {played:>13} {decided:>17} {old_r:>8,.0f} {new_r:>8,.0f} {new_r / old_r:>5.2f}x {new_d / old_d:>8.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
