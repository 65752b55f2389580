"""``oblivaeon-verify simulate``: random legal games, with a trace, a JSON summary, conformance checks."""

from __future__ import annotations

import sys

from oblivaeon_verify import campaign, exits, interrupts, plans, shards
from oblivaeon_verify.commands.common import (
    MAX_GAMES,
    MAX_SEED,
    UsageError,
    add_json_arguments,
    add_ruleset_arguments,
    add_seed_argument,
    add_workers_argument,
    console,
    integer,
    load_ruleset,
    parameters,
    players,
    print_json,
)
from oblivaeon_verify.progress import Phases


def cmd_simulate(args) -> int:
    ruleset = load_ruleset(args)
    n_players = players(ruleset, args.players)
    params = parameters(ruleset, args)
    if args.trace:
        if args.shard is not None or args.scheduler:
            raise UsageError("--trace prints the games' steps as they are played here: not with --shard or --scheduler")
        from oblivaeon_verify.play import Tally, play_game

        tally = Tally()
        out = sys.stdout
        try:
            for i in range(args.first, args.first + args.games):
                play_game(
                    ruleset, params, args.seed, n_players, i, conformance=args.check, trace=lambda line: print(line, file=out), tally=tally
                )
        except KeyboardInterrupt as e:  # the trace so far is on stdout
            raise interrupts.stopped(e, done=campaign.games_done(tally.games, args.games, len(tally.errors))) from None
        result = campaign.CampaignResult(args.seed, {n_players: tally})
        return _finish(ruleset, args, n_players, result)
    if args.shard is not None:
        shards.prepare(args)
        return plans.shard("simulate", args, ruleset, tasks(ruleset, args, params), jobs=_jobs(args))
    done = plans.pairs(tasks(ruleset, args, params), scheduler=args.scheduler, workers=args.workers, jobs=_jobs(args))
    return complete(ruleset, args, done)


def tasks(ruleset, args, params):
    """The campaign's chunks of games (:func:`campaign.tasks`)."""
    n_players = players(ruleset, args.players)
    return campaign.tasks(
        ruleset.name,
        params,
        args.seed,
        [n_players],
        args.games,
        first=args.first,
        conformance=args.check,
        handler_counts=args.clause_coverage,
    )


def _jobs(args) -> int:
    return -(-args.games // campaign.CHUNK)


def complete(ruleset, args, pairs) -> int:
    """The summary of the campaign's results (merged in task order as they come), with a progress bar."""
    n_players = players(ruleset, args.players)
    phases = Phases(live=sys.stderr.isatty(), enabled=not args.json and not args.trace)
    try:
        with phases:
            phases.start(f"random play, {n_players} {ruleset.players_word}", args.games, "game")
            result = campaign.merged(args.seed, [n_players], pairs, total=args.games, progress=lambda done, _all: phases.advance(done))
    except KeyboardInterrupt as e:
        raise interrupts.stopped(e, written="nothing written") from None
    return _finish(ruleset, args, n_players, result)


def _finish(ruleset, args, n_players: int, result) -> int:
    summary = campaign.summary(ruleset, result, n_players)
    if args.clause_coverage:
        summary["clause_coverage"] = campaign.clause_coverage(ruleset, result)
    if args.json:
        print_json(summary, args)
    elif not args.trace:
        _print_summary(ruleset, summary)
    return exits.of(summary["errors"])


def _print_summary(ruleset, s: dict) -> None:
    from rich.table import Table

    con = console()
    t = Table(title=f"{s['games']} random games of {ruleset.title}, seed {s['seed']}")
    t.add_column("figure")
    t.add_column("value", justify="right")
    for k in ("games", "rounds", "decisions", "chance_decisions"):
        t.add_row(k.replace("_", " "), f"{s[k]:,}")
    for k, v in s["outcomes"].items():
        t.add_row(f"outcome: {k}", f"{v:,}")
    tp = s["timing"]
    t.add_row("decisions / s (one core)", f"{tp['decisions_per_second']:,.0f}")
    t.add_row("rounds / s (one core)", f"{tp['rounds_per_second']:,.0f}")
    t.add_row("errors", str(len(s["errors"])))
    con.print(t)
    for e in s["errors"][:10]:
        con.print(f"[red]error[/red] game {e['game']}: {e['error']}\n  replay: {e['replay']}")
    if "clause_coverage" in s:
        never = [r["id"] for r in s["clause_coverage"] if not r["reached"]]
        con.print(f"clauses never reached: {', '.join(never) if never else 'none'}")


def register(sub) -> None:
    sp = sub.add_parser("simulate", help="play random legal games")
    add_ruleset_arguments(sp)
    sp.add_argument(
        "--players",
        "--heroes",
        dest="players",
        type=integer(1, 99),
        help="how many players (heroes, in OblivAeon's words); default: the ruleset's",
    )
    add_seed_argument(sp)
    sp.add_argument("--games", type=integer(1, MAX_GAMES), default=1, help="games to play (default %(default)s)")
    sp.add_argument(
        "--first",
        type=integer(0, MAX_SEED),
        default=0,
        help="index of the first game (to replay one game of a campaign; default %(default)s)",
    )
    sp.add_argument("--trace", action="store_true", help="print every decision and event, with clause ids")
    add_json_arguments(sp, "print a JSON summary")
    sp.add_argument("--check", action="store_true", help="check conformance at every visited state")
    sp.add_argument("--clause-coverage", action="store_true", help="count handler calls per clause (slower)")
    add_workers_argument(sp)
    shards.add_arguments(sp)
    sp.set_defaults(fn=cmd_simulate)
