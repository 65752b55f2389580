"""``oblivaeon-verify bench``: one-core throughput figures."""

from __future__ import annotations

import json
import platform

from oblivaeon_verify import campaign, exits, interrupts
from oblivaeon_verify.commands.common import (
    add_ruleset_arguments,
    add_seed_argument,
    console,
    integer,
    load_ruleset,
    parameters,
    players,
)


def cmd_bench(args) -> int:
    ruleset = load_ruleset(args)
    params = parameters(ruleset, args)
    from oblivaeon_verify.play import Tally, play_game

    rows = []
    counts = args.players_list or ruleset.players
    for n in counts:
        players(ruleset, n)
    for n in counts:
        tally = Tally()
        try:
            for i in range(args.games):
                play_game(ruleset, params, args.seed, n, i, tally=tally)
        except KeyboardInterrupt as e:
            played = len(rows) * args.games + tally.games
            raise interrupts.stopped(e, done=f"{played:,} of {len(counts) * args.games:,} games", written="nothing written") from None
        tp = campaign.throughput(tally)
        rows.append(
            {
                "players": n,
                "games": tally.games,
                "rounds": tally.rounds,
                "decisions": tally.decisions,
                "errors": len(tally.errors),
                **{k: tp[k] for k in ("seconds_in_games", "decisions_per_second", "rounds_per_second")},
            }
        )
    info = {"ruleset": ruleset.name, "python": platform.python_version(), "machine": platform.machine(), "seed": args.seed, "results": rows}
    failed = exits.of(sum(r["errors"] for r in rows))
    if args.json:
        print(json.dumps(info, indent=2))
        return failed
    from rich.table import Table

    t = Table(title=f"one-core throughput, {args.games} games per row, seed {args.seed} (Python {info['python']})")
    for col in ("players", "games", "rounds", "decisions", "seconds", "decisions/s", "rounds/s"):
        t.add_column(col, justify="right")
    for r in rows:
        t.add_row(
            str(r["players"]),
            str(r["games"]),
            f"{r['rounds']:,}",
            f"{r['decisions']:,}",
            f"{r['seconds_in_games']:.1f}",
            f"{r['decisions_per_second']:,.0f}",
            f"{r['rounds_per_second']:,.0f}",
        )
    console().print(t)
    return failed


def register(sub) -> None:
    sp = sub.add_parser("bench", help="measure one-core throughput (decisions and rounds per second)")
    add_ruleset_arguments(sp)
    sp.add_argument("--games", type=integer(1, 1_000_000), default=100, help="games per player count (default %(default)s)")
    add_seed_argument(sp)
    sp.add_argument(
        "--players", "--heroes", dest="players_list", type=integer(1, 99), action="append", help="player counts (repeatable; default: all)"
    )
    sp.add_argument("--json", action="store_true")
    sp.set_defaults(fn=cmd_bench)
