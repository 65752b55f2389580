"""``oblivaeon-verify bench``: one-core throughput figures.

Plain random play in decisions and rounds per second; with ``--checked`` also checked play (every
invariant after every step, incrementally, as ``check`` runs it) in steps per second per player
count, and the ruleset's Hypothesis state machine (a fixed derandomised run of ``--examples``
examples of 25 steps; it draws its own player counts) in steps per second.  The figures are for
comparing commits on one machine; ``tests/bench_checking.py`` compares two revisions alternately.
"""

from __future__ import annotations

import platform
import time

from oblivaeon_verify import campaign, exits, interrupts, rulesets
from oblivaeon_verify.commands.common import (
    add_examples,
    add_ruleset_arguments,
    add_seed_argument,
    console,
    integer,
    load_ruleset,
    parameters,
    players,
    print_json,
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
        row = {
            "players": n,
            "games": tally.games,
            "rounds": tally.rounds,
            "decisions": tally.decisions,
            "errors": len(tally.errors),
            **{k: tp[k] for k in ("seconds_in_games", "decisions_per_second", "rounds_per_second")},
        }
        if args.checked:
            row.update(_checked(ruleset, params, args, n))
            row["errors"] += row.pop("failed")
        rows.append(row)
    info = {"ruleset": ruleset.name, "python": platform.python_version(), "machine": platform.machine(), "seed": args.seed, "results": rows}
    if args.checked:
        info["hypothesis"] = _machine(ruleset, args.examples)
    failed = exits.of(sum(r["errors"] for r in rows) + bool(info.get("hypothesis", {}).get("failure")))
    if args.json:
        print_json(info, args, failed)
        return failed
    from rich.table import Table

    t = Table(title=f"one-core throughput, {args.games} games per row, seed {args.seed} (Python {info['python']})")
    cols = ["players", "games", "rounds", "decisions", "seconds", "decisions/s", "rounds/s"]
    if args.checked:
        cols += ["checked", "checked/s"]
    for col in cols:
        t.add_column(col, justify="right")
    for r in rows:
        cells = [
            str(r["players"]),
            str(r["games"]),
            f"{r['rounds']:,}",
            f"{r['decisions']:,}",
            f"{r['seconds_in_games']:.1f}",
            f"{r['decisions_per_second']:,.0f}",
            f"{r['rounds_per_second']:,.0f}",
        ]
        if args.checked:
            cells += [f"{r['checked_steps']:,}", f"{r['checked_steps_per_second']:,.0f}"]
        t.add_row(*cells)
    con = console()
    con.print(t)
    if args.checked:
        h = info["hypothesis"]
        con.print(
            f"Hypothesis state machine: {h['examples']} examples, {h['steps']:,} steps, {h['steps_per_second']:,.0f} steps/s"
            + (f"; FAILED: {h['failure'].splitlines()[0]}" if h["failure"] else "")
        )
    return failed


def _checked(ruleset, params, args, n: int) -> dict:
    """Checked play of the same games (every invariant after every step), in steps per second."""
    from oblivaeon_verify.checked_play import CheckTally, play_checked

    tally = CheckTally()
    start = time.perf_counter()
    try:
        for i in range(args.games):
            play_checked(ruleset, params, args.seed, n, i, tally=tally)
    except KeyboardInterrupt as e:
        raise interrupts.stopped(e, done=f"{tally.games:,} checked games", written="nothing written") from None
    seconds = time.perf_counter() - start
    return {
        "checked_steps": tally.steps,
        "checked_seconds": round(seconds, 3),
        "checked_steps_per_second": round(tally.steps / seconds, 1) if seconds else 0.0,
        "failed": len(tally.failures),
    }


def _machine(ruleset, examples: int) -> dict:
    """The Hypothesis state machine, ``examples`` derandomised examples of 25 steps, in steps per second."""
    from hypothesis import HealthCheck, settings
    from hypothesis.stateful import run_state_machine_as_test

    machine = rulesets.plugin(ruleset).machine()
    machine.STATS.reset()
    cfg = settings(
        max_examples=examples,
        stateful_step_count=25,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
        print_blob=False,
    )
    failure = ""
    start = time.perf_counter()
    try:
        run_state_machine_as_test(machine.MACHINE, settings=cfg)
    except KeyboardInterrupt as e:
        raise interrupts.stopped(e, during="the Hypothesis state machine", written="nothing written") from None
    except AssertionError as e:  # an invariant failed: a bench run reports it, it is no figure
        failure = str(e) or repr(e)
    seconds = time.perf_counter() - start
    steps = machine.STATS.steps
    return {
        "examples": machine.STATS.examples,
        "steps": steps,
        "seconds": round(seconds, 3),
        "steps_per_second": round(steps / seconds, 1) if seconds else 0.0,
        "failure": failure,
    }


def register(sub) -> None:
    sp = sub.add_parser("bench", help="measure one-core throughput (decisions and rounds per second)")
    add_ruleset_arguments(sp)
    sp.add_argument("--games", type=integer(1, 1_000_000), default=100, help="games per player count (default %(default)s)")
    add_seed_argument(sp)
    sp.add_argument(
        "--players", "--heroes", dest="players_list", type=integer(1, 99), action="append", help="player counts (repeatable; default: all)"
    )
    sp.add_argument(
        "--checked", action="store_true", help="also checked play (steps/s per player count) and the Hypothesis state machine (steps/s)"
    )
    sp.add_argument("--examples", type=integer(1, 100_000), default=50, help="with --checked: Hypothesis examples (default %(default)s)")
    sp.add_argument(
        "--json", action="store_true", help="print the figures as JSON (measured times: they differ from run to run) (default: off)"
    )
    add_examples(
        sp,
        ("oblivaeon-verify bench --games 20", "decisions and rounds per second on one core, for each player count"),
        (
            "oblivaeon-verify bench --ruleset aeons_end --checked --examples 20",
            "also checked play and the Hypothesis state machine, in steps per second",
        ),
    )
    sp.set_defaults(fn=cmd_bench)
