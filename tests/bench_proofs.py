"""What the proofs cost in Z3's work units: the costliest single obligation of every proof the tool runs.

    python -m tests.bench_proofs                  # every proof uncapped: units of each family's costliest obligation
    python -m tests.bench_proofs --work 2000000   # the same with that many units per obligation (unknowns show)

A proof obligation is one solver call of a :class:`~oblivaeon_verify.smt.kinduction.Prover` (a base
case, an inductive step, a step property's query) or of battle-zone isolation; each may spend
``PROOF_WORK`` units by default.  This bench runs, each in a fresh process, every proof the tool runs:

* ``prove`` for every player count of both rulesets (the bookkeeping invariants, and OblivAeon's
  battle-zone isolation, ``isolation.prove``), and of every broken encoding (``prove --mutant``:
  the bounded model checking that finds its counterexample);
* every designer query (``ask QUERY``) at every player count, and with each symbolic number left open
  (``--symbolic``) at the middle count: their lower-bound proofs (``queries.lower_bound``,
  ``reshuffle_lower_bound``, the nemesis streak);
* the goal questions of the tests and the README (``ask --goal``, ``--most``): the proofs of
  ``smt.goals`` (``_prover``, ``_needs_more``, ``_bounded_by``).

Printed per run: the obligations asked, the units and seconds of the costliest one (and its name), the
units of all of them, the answer, and ``PROOF_WORK`` over the costliest (the headroom).  Units are
Z3's statistic ``rlimit count`` (``allowance.units_spent``), the same on every machine; seconds are
this machine's.  By default every obligation runs uncapped (10^12 units), so that what is measured
is what it needs, not where the default stops it.  No test reads these figures.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UNCAPPED = 10**12

WORKER = r"""
import contextlib, io, json, sys, time
sys.path.insert(0, sys.argv[1])
work = int(sys.argv[2])
from oblivaeon_verify.smt import allowance, kinduction
from oblivaeon_verify.properties.oblivaeon.symbolic import isolation
asked = []  # (obligation, units, seconds) of every proof obligation
current = [None]
check = allowance.Allowance.check
def counted(self, *a, **k):
    before, start = self.spent, time.perf_counter()
    try:
        return check(self, *a, **k)
    finally:
        if current[0] is not None:
            asked.append((current[0], self.spent - before, time.perf_counter() - start))
allowance.Allowance.check = counted
init = kinduction.Prover.__init__
def capped(self, system, **kw):
    init(self, system, **{**kw, "work": work})
kinduction.Prover.__init__ = capped
obligation = kinduction.Prover._obligation
def tagged(self, solver, name, *a, **k):
    current[0] = name
    try:
        return obligation(self, solver, name, *a, **k)
    finally:
        current[0] = None
kinduction.Prover._obligation = tagged
prove = isolation.prove
def isolated(**kw):
    current[0] = "BZ-ISOLATION"
    try:
        return prove(**{**kw, "work": work})
    finally:
        current[0] = None
isolation.prove = isolated
start = time.perf_counter()
from oblivaeon_verify.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    code = main(sys.argv[3:])
data = json.loads(out.getvalue())
if "invariants" in data:
    rows = data["invariants"] + [data[k] for k in ("isolation",) if k in data]
    answer = ", ".join(f"{sum(r['status'] == s for r in rows)} {s}" for s in sorted({r["status"] for r in rows}))
else:
    answer = f"{data.get('answer')} {data.get('value')}"
print(json.dumps({"seconds": time.perf_counter() - start, "code": code, "answer": answer, "asked": asked}))
"""


def measure(argv: list[str], work: int) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", WORKER, str(ROOT), str(work), *argv], cwd=ROOT, capture_output=True, text=True, check=False
    )
    try:
        return json.loads(done.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.strip()[-800:]}") from None


GOALS = (
    ("oblivaeon", 4, ["--goal", "the multiverse is destroyed"]),
    ("oblivaeon", 3, ["--goal", "there are at least 3 scions in play and there are at least 8 devastation tokens"]),
    ("oblivaeon", 4, ["--goal", "there are at least 8 devastation tokens and both environments are in play"]),
    ("oblivaeon", 4, ["--most", "fallen heroes"]),
    ("oblivaeon", 3, ["--most", "scions in the first battle zone"]),
    ("oblivaeon", 3, ["--most", "devastation tokens"]),
    ("aeons_end", 2, ["--goal", "there are at least 1 opened breaches"]),
    ("aeons_end", 2, ["--goal", "there are at least 1 destroyed breaches"]),
    ("aeons_end", 2, ["--goal", "the game is running", "--most", "opened breaches"]),
    ("aeons_end", 2, ["--most", "exhausted players"]),
)
"""The goal questions of tests/test_goals.py and the README (there is no fixed list: any goal in words is one)."""


def jobs() -> list[tuple[str, str, list[str]]]:
    """(family, label, command line) of every proof the tool runs."""
    from oblivaeon_verify import rulesets
    from oblivaeon_verify.commands.prove import symbolic

    out = []
    for name in ("oblivaeon", "aeons_end"):
        ruleset = rulesets.load(name)
        out += [("prove", f"{name} {n}", ["prove", "--ruleset", name, "--players", str(n), "--json"]) for n in ruleset.players]
    for name in ("oblivaeon", "aeons_end"):
        ruleset = rulesets.load(name)
        for mutant in symbolic(ruleset).MUTANT_NAMES:
            out += [
                ("mutant", f"{name} {mutant} {n}", ["prove", "--ruleset", name, "--players", str(n), "--mutant", mutant, "--json"])
                for n in ruleset.players
            ]
    for name in ("oblivaeon", "aeons_end"):
        ruleset = rulesets.load(name)
        sym = symbolic(ruleset)
        for query in sym.QUERY_NAMES:
            out += [
                ("query", f"{name} {query} {n}", ["ask", "--ruleset", name, query, "--players", str(n), "--json"]) for n in ruleset.players
            ]
            n = ruleset.players[len(ruleset.players) // 2]
            out += [
                (
                    "query",
                    f"{name} {query} {n} --symbolic {number}",
                    ["ask", "--ruleset", name, query, "--players", str(n), "--symbolic", number, "--json"],
                )
                for number in sym.SYMBOLIC_NUMBERS
            ]
    for name, n, words in GOALS:
        out.append(("goal", f"{name} {n} {' '.join(words)}", ["ask", "--ruleset", name, *words, "--players", str(n), "--json"]))
    return out


def main(argv=None) -> int:
    from oblivaeon_verify.smt.kinduction import PROOF_WORK

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--work", type=int, default=UNCAPPED, help=f"units per obligation (default {UNCAPPED:,}: uncapped)")
    args = ap.parse_args(argv)
    costliest: dict[str, tuple[int, str, str]] = {}
    lines = []
    for family, label, argv in jobs():
        got = measure(argv, args.work)
        print(f"{label}: done", file=sys.stderr, flush=True)
        # isolation is asked by every OblivAeon prove: a family of its own
        for fam, asked in (
            (family, [a for a in got["asked"] if a[0] != "BZ-ISOLATION"]),
            ("isolation", [a for a in got["asked"] if a[0] == "BZ-ISOLATION"]),
        ):
            if not asked:
                continue
            top = max(asked, key=lambda a: a[1])
            total = sum(a[1] for a in asked)
            lines.append(
                f"{fam:<9} {label if fam != 'isolation' else 'BZ-ISOLATION':<62} {len(asked):>4} {top[1]:>12,} {top[2]:6.2f} s"
                f"  {top[0]:<34} {total:>13,}  {got['seconds']:6.1f} s  {got['answer']}"
            )
            if fam not in costliest or top[1] > costliest[fam][0]:
                costliest[fam] = (top[1], top[0], label)
    print(f"units per obligation: {args.work:,}; PROOF_WORK: {PROOF_WORK:,}")
    print(f"{'family':<9} {'run':<62} {'obl.':>4} {'costliest':>12} {'':>8}  {'(obligation)':<34} {'all units':>13}  {'run':>8}  answer")
    print("\n".join(lines))
    print("the costliest obligation per family:")
    for fam, (units, name, label) in costliest.items():
        print(f"  {fam:<9} {units:>12,}  {name} ({label}); PROOF_WORK is {PROOF_WORK / max(units, 1):,.1f} times it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
