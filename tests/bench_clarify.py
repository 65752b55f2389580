"""How fast the clarification checker answers, old code against new, alternately in one run.

    python -m tests.bench_clarify                         # against main and the branch before the speed work
    python -m tests.bench_clarify --old REV --rounds 5

Each old revision (``--old``, repeatable) is exported with ``git archive`` to a temporary folder;
each measurement runs the command in a fresh process that imports one tree only, and the trees
alternate round by round (old, new, old, new ...), so the machine's load falls on all alike.
Measured per ruleset: the whole ``clarify --check`` (start-up, the rulebook check, the model's
conformance) and the judgement of each proposal of :data:`PROPOSALS` (``clarify TEXT``), in
seconds of wall-clock time.  The best of the rounds of each is printed with the ratio old/new
(how many times faster the new code is).  No test reads these figures: wall-clock time is no test
oracle.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.trees import PRELUDE, export

ROOT = Path(__file__).resolve().parent.parent

BEFORE_SPEED_WORK = "f69b1b8"
"""The second-generation checker as it was before its questions were split (18-32 s for --check)."""

PROPOSALS = {
    "oblivaeon": {
        "contradicts": "no oblivaeon booklet is a villain character card.",
        "redundant": "every oblivaeon booklet is a card.",
        "consistent": "every reward in a hero deck is a hero card.",
        "vacuous": "every reward that is an objective is a hero card.",
        "per-turn count": "every hero moves between battle zones at most once per turn.",
        "zones": "some mission card in a hero play area may affect some target in the other battle zone.",
    },
    "aeons_end": {
        "redundant": "no exhausted player may gain life.",
        "contradicts": "there are at most 0 breaches.",
    },
}

WORKER = (
    PRELUDE
    + r"""
import sys, time
start = time.perf_counter()
from oblivaeon_verify.cli import main
code = main(sys.argv[2:])
print(f"{time.perf_counter() - start:.4f} {code}")
"""
)


def measure(tree: Path, argv: list[str]) -> tuple[float, int]:
    """Seconds the command took in a fresh process (from the first import), and its exit code."""
    cmd = [sys.executable, "-c", WORKER, str(tree), *argv]
    done = subprocess.run(cmd, cwd=tree, capture_output=True, text=True, check=False)
    last = done.stdout.strip().splitlines()[-1:] or [""]
    try:
        seconds, code = last[0].split()
        return float(seconds), int(code)
    except ValueError:
        raise SystemExit(f"{' '.join(argv)} in {tree} failed: {done.stderr.strip()[-800:]}") from None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", action="append", help=f"a revision to compare against (default: main and {BEFORE_SPEED_WORK})")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--ruleset", action="append", choices=tuple(PROPOSALS))
    args = ap.parse_args(argv)
    olds = args.old or ["main", BEFORE_SPEED_WORK]
    names = args.ruleset or list(PROPOSALS)
    jobs = []
    for name in names:
        jobs.append((name, "clarify --check", ["clarify", "--ruleset", name, "--check", "--json"]))
        for verdict, text in PROPOSALS[name].items():
            jobs.append((name, f"judge ({verdict})", ["clarify", "--ruleset", name, "--json", text]))
    with tempfile.TemporaryDirectory(prefix="bench-clarify-") as tmp:
        trees = {rev: export(rev, Path(tmp) / f"old-{n}") for n, rev in enumerate(olds)}
        trees["new"] = ROOT
        best: dict = {}
        codes: dict = {}
        for r in range(args.rounds):
            began = time.monotonic()
            for job in jobs:
                for label, tree in trees.items():
                    seconds, code = measure(tree, job[2])
                    best.setdefault(job[:2], {})[label] = min(seconds, best.get(job[:2], {}).get(label, float("inf")))
                    codes.setdefault(job[:2], {})[label] = code
            print(f"round {r + 1} of {args.rounds} done in {time.monotonic() - began:.0f} s", file=sys.stderr, flush=True)
    print(f"seconds, best of {args.rounds} alternating rounds; ratio = old / new (times faster); exit codes in brackets")
    header = (
        f"{'ruleset':<10} {'what':<26}"
        + "".join(f" {rev:>14}" for rev in olds)
        + f" {'new':>10}"
        + "".join(f" {'x vs ' + rev:>12}" for rev in olds)
    )
    print(header)
    for key, times in best.items():
        cells = "".join(f" {times[rev]:>9.2f} [{codes[key][rev]}]" for rev in olds)
        ratios = "".join(f" {times[rev] / times['new']:>11.1f}x" for rev in olds)
        print(f"{key[0]:<10} {key[1]:<26}{cells} {times['new']:>6.2f} [{codes[key]['new']}]{ratios}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
