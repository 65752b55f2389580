"""``oblivaeon-verify knockout``: turn off one clause's handler at a time, or one kind of work record's, and see which invariants catch it.

Prints the matrix target x invariant (which invariants failed at the first failing step), how
fast (games, steps and seconds to the first failure), the share of knock-outs caught, and every
clause or record kind whose knock-out nothing caught, with the reason.
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


def targets(ruleset, args) -> list[str]:
    """What to knock out, clauses first: those of --clause, or every clause with a handler when no target option is
    given; then the record kinds of --handler, or every kind with --handlers (sorted by name)."""
    clauses = kr.knockable(ruleset)
    kinds = kr.knockable_kinds(ruleset)
    if args.clause:
        clause_ids(ruleset, args.clause)
        missing = [c for c in args.clause if c not in clauses]
        if missing:
            raise UsageError(f"--clause: {missing} have no handler function to knock out (data-only or unhandled clauses)")
        clauses = list(args.clause)
    elif args.handler or args.handlers:
        clauses = []
    if args.handler:
        kinds = handler_kinds(ruleset, args.handler)
    elif not args.handlers:
        kinds = []
    return [*clauses, *kinds]


def handler_kinds(ruleset, names: list[str]) -> list[str]:
    """``--handler`` values, each a kind of work record of the ruleset (in the order given, once each), or one UsageError line."""
    kinds = kr.knockable_kinds(ruleset)
    unknown = [k for k in names if k not in kinds]
    if unknown:
        raise UsageError(
            f"--handler: {unknown} {'is not a kind' if len(unknown) == 1 else 'are not kinds'} of work record of {ruleset.name}; "
            f"its {len(kinds)} kinds: {', '.join(kinds[:8])}{', ...' if len(kinds) > 8 else ''} (--handlers knocks out each)"
        )
    return list(dict.fromkeys(names))


def tasks(ruleset, args, params) -> list:
    """One knock-out task per target (:func:`targets`), in that order."""
    todo = targets(ruleset, args)
    if args.games is None:
        games = rulesets.plugin(ruleset).knockout_games
        args.games = DEFAULT_GAMES if games is None else games
    return [Knockout(ruleset.name, params, t, args.seed, args.games) for t in todo]  # one per target, in order


def complete(ruleset, args, pairs) -> int:
    """``--save`` checked before the work (``pairs`` is lazy: nothing runs until it is read), then :func:`finish`."""
    if args.save:
        output.prepare(args.save, "knockout", "--save")
    return finish(ruleset, args, pairs)


def finish(ruleset, args, pairs) -> int:
    """The matrix of the knock-outs' rows (in target order); their replay files into --save."""
    total = len(targets(ruleset, args))
    phases = Phases(live=sys.stderr.isatty(), enabled=not args.json)
    try:
        with phases:
            phases.start("knock-outs", total, "knock-out")
            rows = kr.rows(pairs, total, lambda done, _all: phases.advance(done))
    except KeyboardInterrupt as e:  # the replay files of --save are written only at the end
        raise interrupts.stopped(e, written="nothing written") from None
    summary = kr.summary(ruleset, rows)
    if args.save:
        # Replay files are made in a scratch folder, then replace --save's folder whole.
        with tempfile.TemporaryDirectory(prefix="oblivaeon-verify-knockout-") as scratch:
            for r in rows:
                if r["replay"]:
                    replay.write(Path(scratch) / f"knockout-{r['target']}.json", r["replay"])
            output.replace(args.save, output.collect(scratch), "knockout", "--save")
    # A clause or record kind the knock-out misses fails the command unless the properties explain why.
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
    by = s["by_target_type"]
    what = [count(by[t]["knocked_out"], word) for t, word in ((kr.CLAUSE, "clause"), (kr.HANDLER, "handler kind")) if by[t]["knocked_out"]]
    t = Table(title=f"knock-outs: {', '.join(what) or 'none'}; matrix of the invariants that caught each (first failing step)")
    t.add_column("knocked out")
    t.add_column("status")
    t.add_column("games/steps/s", justify="right")
    t.add_column("called in", justify="right")
    t.add_column("caught by", overflow="fold")
    for r in rows:
        status = {
            "caught": "[green]caught[/green]",
            "crashed": "[yellow]model raised[/yellow]",
            "scenario": "[yellow]scenario only[/yellow]",
            "uncaught": "[red]UNCAUGHT[/red]",
        }[r["status"]]
        t.add_row(
            r["target"] if r["target_type"] == kr.CLAUSE else f"{r['target']} (handler)",
            status,
            f"{r['games']}/{r['steps']}/{r['seconds']}",
            str(r["reached"]),
            ", ".join(r["caught_by"]) + (f" (shares a handler with {', '.join(r['shared_with'])})" if r["shared_with"] else ""),
        )
    con.print(t)
    con.print(f"invariants that caught at least one knock-out: {len(hit)} of {len(names)}")
    con.print(
        f"caught: {s['caught_by_invariant']} by an invariant, {s['caught_by_crash']} by a model exception, "
        f"{s['caught_by_scenario']} only by a scenario; share caught {s['share_caught']:.1%} (by invariants {s['share_caught_by_invariant']:.1%})"
    )
    if by[kr.HANDLER]["knocked_out"]:
        con.print(f"handler kinds turned off one at a time: {by[kr.HANDLER]['knocked_out']}, caught: {by[kr.HANDLER]['caught']}")
    for u in s["only_by_scenario"]:
        con.print(
            f"[yellow]only a scenario[/yellow] {_named(u)} ({', '.join(u['scenarios'])}; {kr.ran_in(u)}); no invariant: {u['reason']}"
        )
    for u in s["uncaught"]:
        con.print(f"[red]unguarded[/red] {_named(u)} ({kr.ran_in(u)}): {u['reason']}")
    for u in s["not_knockable"]:
        con.print(f"[dim]not knockable[/dim] {u['clause']}: {u['reason']}")


def _named(entry: dict) -> str:
    """A summary entry's target in words: a clause id as it is, a record kind marked as one."""
    return entry["target"] if entry["target_type"] == kr.CLAUSE else f"handler kind {entry['target']}"


def register(sub) -> None:
    sp = sub.add_parser(
        "knockout", help="turn off one clause's handler, or one kind of work record's, at a time; report which invariants catch it"
    )
    add_ruleset_arguments(sp)
    sp.add_argument(
        "--clause",
        action="append",
        metavar="ID",
        choices=Names(lambda r: [c.id for c in rulesets.load(r).catalogue.clauses]),
        help="knock out only this clause, one with a handler (repeatable; default: every clause with a handler, unless "
        "--handler or --handlers is given; `oblivaeon-verify clauses` says which have one)",
    )
    kinds = sp.add_mutually_exclusive_group()
    kinds.add_argument(
        "--handler",
        action="append",
        metavar="KIND",
        choices=Names(lambda r: kr.knockable_kinds(rulesets.load(r))),
        help="knock out the one handler of this kind of work record (a class name such as a decision point or a card's "
        "timing; repeatable; after the clauses of --clause; default: none)",
    )
    kinds.add_argument(
        "--handlers",
        action="store_true",
        help="knock out the handler of every kind of work record, one at a time, in the order of their names (after the "
        "clauses of --clause)",
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
        (
            "oblivaeon-verify knockout --handler FireReaction --games 4",
            "turn off one kind of work record's handler (here: how a card answers a moment)",
        ),
    )
    sp.set_defaults(fn=cmd_knockout)
