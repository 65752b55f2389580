"""``oblivaeon-verify simulate``: random legal games, with a trace, a JSON summary, conformance checks."""

from __future__ import annotations

import json
import sys

from oblivaeon_verify import campaign, exits, interrupts, plans, shards
from oblivaeon_verify.commands.common import (
    MAX_GAMES,
    MAX_SEED,
    UsageError,
    add_examples,
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
from oblivaeon_verify.words import counted


def cmd_simulate(args) -> int:
    ruleset = load_ruleset(args)
    n_players = players(ruleset, args.players)
    params = parameters(ruleset, args)
    if args.trace or args.itf:
        return _played_here(ruleset, args, n_players, params)
    if args.shard is not None:
        shards.prepare(args)
        return plans.shard("simulate", args, ruleset, tasks(ruleset, args, params), jobs=_jobs(args))
    done = plans.pairs(tasks(ruleset, args, params), scheduler=args.scheduler, workers=args.workers, jobs=_jobs(args))
    return complete(ruleset, args, done)


def _played_here(ruleset, args, n_players: int, params) -> int:
    """The games played in this process, their trace printed as they go (words, or JSON Lines with --json); --itf FILE."""
    if args.shard is not None or args.scheduler:
        raise UsageError("--trace and --itf play the games here, step by step: not with --shard or --scheduler")
    if args.itf and args.games != 1:
        raise UsageError(f"--itf: an ITF file holds one trace; give --games 1 (and --first N for game N), not --games {args.games}")
    from oblivaeon_verify import schemas
    from oblivaeon_verify.play import Tally, play_game, trace_text

    def show(record: dict) -> None:
        if args.json:
            print(json.dumps(schemas.envelope_line(record, "trace-line", ruleset.name)), flush=False)
        else:
            for line in trace_text(record):
                print(line)

    tally = Tally()
    states: list | None = [] if args.itf else None
    try:
        for i in range(args.first, args.first + args.games):
            play_game(
                ruleset,
                params,
                args.seed,
                n_players,
                i,
                conformance=args.check,
                trace=show if args.trace else None,
                tally=tally,
                states=states,
            )
    except KeyboardInterrupt as e:  # the trace so far is on stdout
        raise interrupts.stopped(e, done=campaign.games_done(tally.games, args.games, len(tally.errors))) from None
    if args.itf:
        from oblivaeon_verify import replay
        from oblivaeon_verify.smt import itf

        doc = replay.itf(
            ruleset,
            states,
            source=f"oblivaeon-verify simulate --ruleset {ruleset.name} --players {n_players} --seed {args.seed} --first {args.first} --games 1",
            description=f"random game {args.first} of {ruleset.title}, {counted(n_players, ruleset.players_word)}, seed {args.seed}",
        )
        itf.write(args.itf, doc)
    result = campaign.CampaignResult(args.seed, {n_players: tally})
    return _finish(ruleset, args, n_players, result)


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
            phases.start(f"random play, {counted(n_players, ruleset.players_word)}", args.games, "game")
            result = campaign.merged(args.seed, [n_players], pairs, total=args.games, progress=lambda done, _all: phases.advance(done))
    except KeyboardInterrupt as e:
        raise interrupts.stopped(e, written="nothing written") from None
    return _finish(ruleset, args, n_players, result)


def _finish(ruleset, args, n_players: int, result) -> int:
    summary = campaign.summary(ruleset, result, n_players)
    if args.clause_coverage:
        summary["clause_coverage"] = campaign.clause_coverage(ruleset, result)
    code = exits.of(summary["errors"])
    if args.json and args.trace:  # the last line of the JSON Lines: the summary, with the verdict
        from oblivaeon_verify import schemas
        from oblivaeon_verify.timing import without_timing

        body = summary if args.timing else without_timing(summary)
        print(json.dumps(schemas.envelope(body, "simulate", ruleset.name, code)))
    elif args.json:
        print_json(summary, args, code)
    elif not args.trace:
        _print_summary(ruleset, summary)
    return code


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
    sp.add_argument(
        "--trace",
        action="store_true",
        help="print every decision and event, with clause ids (with --json: JSON Lines, one record a line, the summary last) (default off)",
    )
    sp.add_argument(
        "--itf",
        metavar="FILE",
        help="write the game (--games 1) as an ITF trace, every state, for Apalache and Quint tooling: a new file or one this tool "
        "wrote (default: none)",
    )
    add_json_arguments(sp, "print a JSON summary")
    sp.add_argument("--check", action="store_true", help="check conformance at every visited state (default: off)")
    sp.add_argument("--clause-coverage", action="store_true", help="count handler calls per clause (slower) (default: off)")
    add_workers_argument(sp)
    shards.add_arguments(sp)
    add_examples(
        sp,
        ("oblivaeon-verify simulate --players 4 --seed 7 --games 100", "100 random games with 4 heroes, summed up in a table"),
        (
            "oblivaeon-verify simulate --ruleset aeons_end --players 2 --trace",
            "one game of Aeon's End, every decision and event with its clause id",
        ),
        (
            "oblivaeon-verify simulate --players 3 --first 12 --itf game.itf.json",
            "game 12 of the campaign as an ITF trace for Apalache or Quint tools",
        ),
    )
    sp.set_defaults(fn=cmd_simulate)
