"""``oblivaeon-verify knockout``: turn off one clause's handler at a time and see which invariants catch it.

Prints the matrix clause x invariant (which invariants failed at the first failing step), how
fast (games, steps and seconds to the first failure), the share of knock-outs caught, and every
clause whose knock-out nothing caught, with the reason.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from oblivaeon_verify import exits, interrupts, output, plans, replay, rulesets, shards
from oblivaeon_verify import knockout_runner as kr
from oblivaeon_verify.checked_play import properties
from oblivaeon_verify.commands.common import (
    Names,
    UsageError,
    add_examples,
    add_json_arguments,
    add_ruleset_arguments,
    add_seed_argument,
    add_workers_argument,
    clause_ids,
    console,
    integer,
    load_ruleset,
    parameters,
    print_json,
)
from oblivaeon_verify.progress import Phases
from oblivaeon_verify.tasks import Knockout
from oblivaeon_verify.words import count

DEFAULT_GAMES = 20
"""Checked games per knock-out for a ruleset that names no budget of its own (its plugin's ``knockout_games``)."""


def cmd_knockout(args) -> int:
    ruleset = load_ruleset(args)
    params = parameters(ruleset, args)
    todo = tasks(ruleset, args, params)
    if args.shard is not None:
        shards.prepare(args)
        return plans.shard("knockout", args, ruleset, todo, jobs=len(todo))
    workers = 1 if len(todo) == 1 else args.workers
    return complete(ruleset, args, plans.pairs(todo, scheduler=args.scheduler, workers=workers, jobs=len(todo)))


def tasks(ruleset, args, params) -> list:
    """One knock-out task per clause asked for (default: every clause with a handler), in catalogue order."""
    clauses = kr.knockable(ruleset)
    if args.clause:
        clause_ids(ruleset, args.clause)
        missing = [c for c in args.clause if c not in clauses]
        if missing:
            raise UsageError(f"--clause: {missing} have no handler function to knock out (data-only or unhandled clauses)")
        clauses = list(args.clause)
    if args.games is None:
        games = rulesets.plugin(ruleset).knockout_games
        args.games = DEFAULT_GAMES if games is None else games
    return [Knockout(ruleset.name, params, c, args.seed, args.games) for c in clauses]  # one per clause, in order


def complete(ruleset, args, pairs) -> int:
    """``--save`` checked before the work (``pairs`` is lazy: nothing runs until it is read), then :func:`finish`."""
    if args.save:
        output.prepare(args.save, "knockout", "--save")
    return finish(ruleset, args, pairs)


def finish(ruleset, args, pairs) -> int:
    """The matrix of the knock-outs' rows (in clause order); their replay files into --save."""
    total = len(args.clause) if args.clause else len(kr.knockable(ruleset))
    phases = Phases(live=sys.stderr.isatty(), enabled=not args.json)
    try:
        with phases:
            phases.start("knock-outs", total, "clause")
            rows = kr.rows(pairs, total, lambda done, _all: phases.advance(done))
    except KeyboardInterrupt as e:  # the replay files of --save are written only at the end
        raise interrupts.stopped(e, written="nothing written") from None
    summary = kr.summary(ruleset, rows)
    if args.save:
        # Replay files are made in a scratch folder, then replace --save's folder whole.
        with tempfile.TemporaryDirectory(prefix="oblivaeon-verify-knockout-") as scratch:
            for r in rows:
                if r["replay"]:
                    replay.write(Path(scratch) / f"knockout-{r['clause']}.json", r["replay"])
            output.replace(args.save, output.collect(scratch), "knockout", "--save")
    # A clause the knock-out misses fails the command unless the properties explain why.
    unexplained = [u for u in summary["uncaught"] if u["reason"] == kr.NO_REASON]
    code = exits.of(bool(unexplained))
    if args.json:
        print_json(
            {
                "ruleset": ruleset.name,
                "seed": args.seed,
                "games_budget": args.games,
                "summary": summary,
                "knockouts": [_public(r) for r in rows],
            },
            args,
            code,
        )
    else:
        _print(ruleset, rows, summary)
    return code


def _public(r: dict) -> dict:
    out = {k: v for k, v in r.items() if k != "replay"}
    out["timing"] = {"seconds_to_first_failure": out.pop("seconds")}
    return out


def _print(ruleset, rows: list[dict], s: dict) -> None:
    from rich.table import Table

    props = properties(ruleset)
    names = list(props.INVARIANTS.names())
    hit = sorted({n for r in rows for n in r["caught_by"] if n in names}, key=names.index)
    con = console()
    t = Table(
        title=f"clause knock-outs: {count(s['knocked_out'], 'clause')}; matrix of the invariants that caught each (first failing step)"
    )
    t.add_column("clause")
    t.add_column("status")
    t.add_column("games/steps/s", justify="right")
    t.add_column("caught by", overflow="fold")
    for r in rows:
        status = {
            "caught": "[green]caught[/green]",
            "crashed": "[yellow]model raised[/yellow]",
            "scenario": "[yellow]scenario only[/yellow]",
            "uncaught": "[red]UNCAUGHT[/red]",
        }[r["status"]]
        t.add_row(
            r["clause"],
            status,
            f"{r['games']}/{r['steps']}/{r['seconds']}",
            ", ".join(r["caught_by"]) + (f" (shares a handler with {', '.join(r['shared_with'])})" if r["shared_with"] else ""),
        )
    con.print(t)
    con.print(f"invariants that caught at least one knock-out: {len(hit)} of {len(names)}")
    con.print(
        f"caught: {s['caught_by_invariant']} by an invariant, {s['caught_by_crash']} by a model exception, "
        f"{s['caught_by_scenario']} only by a scenario; share caught {s['share_caught']:.1%} (by invariants {s['share_caught_by_invariant']:.1%})"
    )
    for u in s["only_by_scenario"]:
        con.print(f"[yellow]only a scenario[/yellow] {u['clause']} ({', '.join(u['scenarios'])}); no invariant: {u['reason']}")
    for u in s["uncaught"]:
        con.print(f"[red]unguarded[/red] {u['clause']}: {u['reason']}")
    for u in s["not_knockable"]:
        con.print(f"[dim]not knockable[/dim] {u['clause']}: {u['reason']}")


def register(sub) -> None:
    sp = sub.add_parser("knockout", help="turn off one clause's handler at a time; report which invariants catch it")
    add_ruleset_arguments(sp)
    sp.add_argument(
        "--clause",
        action="append",
        metavar="ID",
        choices=Names(lambda r: [c.id for c in rulesets.load(r).catalogue.clauses]),
        help="knock out only this clause, one with a handler (repeatable; default: every clause with a handler; "
        "`oblivaeon-verify clauses` says which have one)",
    )
    sp.add_argument(
        "--games",
        type=integer(1, 1_000_000),
        default=None,
        help=f"checked random games per knock-out before giving up (default: the ruleset's own budget, else {DEFAULT_GAMES})",
    )
    add_seed_argument(sp)
    add_workers_argument(sp)
    sp.add_argument(
        "--save",
        metavar="DIR",
        help="write a replay file of each caught knock-out into DIR (new, empty, or one this command wrote; replaced whole) "
        "(default: none written)",
    )
    shards.add_arguments(sp)
    add_json_arguments(sp)
    add_examples(
        sp,
        (
            "oblivaeon-verify knockout --clause INCAP.CARDS-TO-BOX --games 4",
            "turn off one clause's handler: which invariants catch it, and how fast",
        ),
        (
            "oblivaeon-verify knockout --ruleset aeons_end --save knockouts/",
            "every clause of Aeon's End, a replay file of each caught knock-out",
        ),
    )
    sp.set_defaults(fn=cmd_knockout)
