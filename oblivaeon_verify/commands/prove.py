"""``oblivaeon-verify prove``: the Z3 proofs of a ruleset's bookkeeping invariants, and any extra proofs it declares.

A table of properties: method (k-induction or BMC), k or bound, result (proved / violated /
bounded / unknown; an unknown is never a pass) and seconds, per player count.  Each obligation (a
solver call) may spend ``--work`` of Z3's resource units (default ``kinduction.PROOF_WORK``, the same
on every machine) and, only when asked, ``--timeout`` seconds; one that runs out is unknown, and
says which limit ran out.  Exit 1 when a property is violated, else 4 when one is unknown or only
bounded (induction did not close), else 0.  ``--smtlib DIR``
writes every obligation as SMT-LIB2 and every counterexample as an ITF trace, replacing the folder
whole (:mod:`oblivaeon_verify.output`).

The ruleset's symbolic encoding (its plugin's ``symbolic``: ``properties.common.plugin.SymbolicEncoding``)
offers, all returning JSON-able data:

* ``prove_players(n, *, smtlib_dir, work, seconds, mutant) -> list[dict]`` (required): one row per
  property for ``n`` players, with ``property``, ``players``, ``clauses``, ``status``, ``method``,
  ``k``, ``bound``, ``reason``, ``seconds`` and, when violated, ``counterexample``; ``mutant``
  names one of ``MUTANT_NAMES`` (deliberately broken encodings); a bad name is a ``ValueError``;
  ``work`` (solver units) and ``seconds`` (None: no wall-clock limit) are per obligation.
* the plugin's ``extra_proofs(*, smtlib_dir, work, seconds) -> dict[str, dict]`` (optional): proofs that
  do not depend on the player count, by JSON key, each with ``property``, ``title``, ``clauses``,
  ``status``, ``method``, ``seconds``, a one-line ``summary`` and, when unknown, ``reason``.
* ``ask(query, players, *, depth, symbolic, fixed, options) -> dict`` with ``QUERY_NAMES``,
  ``SYMBOLIC_NUMBERS`` and ``ASK_OPTIONS`` (name -> help) (see ``commands.ask``; no queries: empty names).
"""

from __future__ import annotations

import contextlib
import tempfile
from pathlib import Path

from oblivaeon_verify import exits, interrupts, output, rulesets
from oblivaeon_verify.commands.common import (
    Names,
    UsageError,
    add_examples,
    add_json_arguments,
    add_ruleset_arguments,
    console,
    integer,
    load_ruleset,
    print_json,
    seconds,
)
from oblivaeon_verify.smt.allowance import more_with
from oblivaeon_verify.smt.kinduction import PROOF_WORK
from oblivaeon_verify.timing import move_seconds
from oblivaeon_verify.words import counted


def symbolic(ruleset):
    """The ruleset's symbolic encoding (by name or adapter); a usage error when it has none."""
    plugin = rulesets.plugin(ruleset)
    if plugin.symbolic is None:
        raise UsageError(f"--ruleset: {plugin.name} has no symbolic encoding (its plugin's symbolic is None)")
    return plugin.symbolic()


def extra_proofs(ruleset, *, smtlib_dir: Path | None = None, work: int = PROOF_WORK, seconds: float | None = None) -> dict[str, dict]:
    """The ruleset's extra proofs (none when its plugin declares none), ``work`` solver units (and ``seconds``) per obligation."""
    prove = rulesets.plugin(ruleset).extra_proofs
    return prove(smtlib_dir=smtlib_dir, work=work, seconds=seconds) if prove is not None else {}


def _changes(before: dict | None, after: dict) -> str:
    """The symbolic fields a counterexample step changed, so that the trace reads without the ITF file."""
    if before is None:
        return ""
    diff = [f"{k} {before[k]}->{v}" for k, v in after.items() if before.get(k) != v]
    return f"  [dim]({', '.join(diff)})[/dim]" if diff else ""


def _stopped(e: BaseException, ruleset, finished: int, counts: list, rows: list, target) -> interrupts.Interrupted:
    done = f"the proofs for {finished} of {len(counts)} counts of {ruleset.players_word} ({len(rows)} properties)"
    written = f"nothing written, {target}/ left as it was" if target else "nothing written"
    return interrupts.stopped(e, done=done, written=written)


def cmd_prove(args) -> int:
    ruleset = load_ruleset(args)
    sym = symbolic(ruleset)
    counts = args.players or list(ruleset.players)
    for n in counts:
        if n not in ruleset.players:
            raise UsageError(f"--{ruleset.players_word}: expected one of {', '.join(map(str, ruleset.players))}, not {n}")
    target = output.prepare(args.smtlib, "prove", "--smtlib") if args.smtlib else None
    rows: list[dict] = []
    finished = 0
    try:
        with tempfile.TemporaryDirectory(prefix="oblivaeon-verify-smtlib-") if target else contextlib.nullcontext() as scratch:
            # The symbolic modules write into a scratch folder; the files then replace --smtlib's folder whole.
            out_dir = Path(scratch) if scratch else None
            for n in counts:
                try:
                    rows.extend(
                        sym.prove_players(
                            n,
                            smtlib_dir=out_dir / f"{n}-{ruleset.players_word}" if out_dir else None,
                            work=args.work,
                            seconds=args.timeout,
                            mutant=args.mutant,
                        )
                    )
                except ValueError as e:
                    raise UsageError(str(e)) from None
                finished += 1
            extras = extra_proofs(ruleset, smtlib_dir=out_dir, work=args.work, seconds=args.timeout)
            if target:
                output.replace(target, output.collect(out_dir), "prove", "--smtlib")
                for r in rows + list(extras.values()):
                    if "files" in r:
                        r["files"] = [str(target / Path(f).relative_to(out_dir)) for f in r["files"]]
    except Exception as e:
        if interrupts.received() is None:
            raise
        # A solver stopped by the signal raises its own error, not a KeyboardInterrupt: part of the interrupt.
        raise _stopped(e, ruleset, finished, counts, rows, target) from None
    except KeyboardInterrupt as e:
        raise _stopped(e, ruleset, finished, counts, rows, target) from None
    code = outcome(rows + list(extras.values()))
    if args.json:
        print_json(
            {
                "ruleset": ruleset.name,
                "mutant": args.mutant,
                "invariants": [move_seconds(r) for r in rows],
                **{k: move_seconds(x) for k, x in extras.items()},
            },
            args,
            code,
        )
        return code
    from rich.table import Table

    t = Table(title=f"{ruleset.title}: Z3 proofs" + (f" of the BROKEN encoding {args.mutant!r}" if args.mutant else ""))
    for col in ("property", ruleset.players_word, "method", "k / bound", "result", "seconds"):
        t.add_column(col, justify="right" if col in ("seconds", "k / bound") else "left")
    for r in rows:
        kb = f"k={r['k']}" if r["k"] is not None and r["status"] == "proved" else (f"bound {r['bound']}" if r["bound"] is not None else "")
        colour = {"proved": "green", "bounded": "yellow"}.get(r["status"], "red")
        t.add_row(r["property"], str(r["players"]), r["method"], kb, f"[{colour}]{r['status']}[/{colour}]", f"{r['seconds']:.2f}")
    for x in extras.values():
        t.add_row(x["property"], "all", x["method"], "", x["status"], f"{x['seconds']:.2f}")
    con = console()
    con.print(t)
    for r in rows:
        if r.get("counterexample"):
            con.print(f"[red]{r['property']}[/red] ({counted(r['players'], ruleset.players_word)}): {r['reason']}")
            prev = None
            for s in r["counterexample"]:
                con.print(f"  {s['step']:>3}  {s['action']}{_changes(prev, s['state'])}")
                prev = s["state"]
    for r in rows + list(extras.values()):
        if r["status"] == "unknown" and r.get("reason"):
            who = f" ({counted(r['players'], ruleset.players_word)})" if "players" in r else ""
            more = f" (allow more with {more_with(r['reason'])})" if more_with(r["reason"]) else ""
            con.print(f"[red]{r['property']}[/red]{who} unknown: {r['reason']}{more}")
    for x in extras.values():
        con.print(f"{x.get('title', x['property'])}: {x.get('summary', x['status'])}")
    if target:
        con.print(f"SMT-LIB2 obligations and ITF counterexamples written under {args.smtlib}")
    return code


PASSING = ("proved",)
FAILING = ("violated",)


def outcome(results: list[dict]) -> exits.Exit:
    """Exit code of proof results: any violated fails; otherwise anything not proved (unknown, bounded) is inconclusive."""
    return exits.of(
        sum(1 for r in results if r["status"] in FAILING),
        sum(1 for r in results if r["status"] not in PASSING + FAILING),
    )


def register(sub) -> None:
    sp = sub.add_parser("prove", help="prove the ruleset's bookkeeping invariants (and any extra proofs it declares) with Z3")
    add_ruleset_arguments(sp, params=False)
    sp.add_argument(
        "--players", "--heroes", dest="players", type=integer(1, 99), action="append", help="a player count (repeatable; default: all)"
    )
    add_json_arguments(sp)
    sp.add_argument(
        "--smtlib",
        metavar="DIR",
        help="write each obligation as SMT-LIB2 and each counterexample as an ITF trace into DIR "
        "(new, empty, or one this command wrote; replaced whole) (default: none written)",
    )
    sp.add_argument(
        "--work",
        metavar="UNITS",
        type=integer(1, 10**12),
        default=PROOF_WORK,
        help=f"Z3 work units each proof obligation may spend, from 1 to 10^12 (default {PROOF_WORK:,}, about ten times"
        " the costliest obligation measured); the same on every machine, so a result does not depend on load; past it the"
        " property is 'unknown' (exit 4), never a pass",
    )
    sp.add_argument(
        "--timeout",
        metavar="SECONDS",
        type=seconds(86_400),
        help="also stop each proof obligation after this many seconds, above 0 and at most 86400 (default: no wall-clock limit);"
        " a result under it can depend on the machine's load; past it the property is 'unknown' (exit 4), never a pass",
    )
    sp.add_argument(
        "--mutant",
        metavar="NAME",
        choices=Names(lambda r: symbolic(r).MUTANT_NAMES),
        help="prove a deliberately broken encoding instead: each one breaks a rule that a proof states, so the proofs find its counterexample (default: the real encoding)",
    )
    add_examples(
        sp,
        ("oblivaeon-verify prove --heroes 3", "k-induction and BMC proofs of the bookkeeping invariants for 3 heroes"),
        ("oblivaeon-verify prove --ruleset aeons_end --smtlib smt/", "every obligation as SMT-LIB 2, every counterexample as ITF"),
        ("oblivaeon-verify prove --mutant incapacitation-adds-two", "a deliberately broken encoding: the counterexample it gets"),
    )
    sp.set_defaults(fn=cmd_prove)
