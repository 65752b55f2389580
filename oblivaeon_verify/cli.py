"""The ``oblivaeon-verify`` command line."""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from pathlib import Path

from oblivaeon_verify import __version__, campaign, rulesets


class UsageError(Exception):
    """A bad command-line argument, named, with what was expected."""


def _console(stderr: bool = False):
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=True)


def _ruleset(args):
    try:
        return rulesets.load(args.ruleset)
    except rulesets.UnknownRuleset as e:
        raise UsageError(f"--ruleset: {e}") from None


def _players(ruleset, value):
    n = ruleset.default_players if value is None else value
    if n not in ruleset.players:
        raise UsageError(
            f"--{ruleset.players_word}: {ruleset.title} is played with {', '.join(map(str, ruleset.players))} {ruleset.players_word}, not {n}"
        )
    return n


def _params(ruleset, args):
    try:
        return ruleset.load_parameters(args.params, tuple(args.param or ()))
    except ValueError as e:
        raise UsageError(str(e)) from None


def _progress(total: int, label: str, enabled: bool):
    """A rich progress bar on stderr; a no-op callback when disabled."""
    if not enabled:
        return None, (lambda done, all_: None)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    prog = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=_console(stderr=True),
        transient=True,
    )
    task = prog.add_task(label, total=total)
    return prog, (lambda done, all_: prog.update(task, completed=done))


# --- clauses --------------------------------------------------------------------------------


def cmd_clauses(args) -> int:
    ruleset = _ruleset(args)
    cat = ruleset.catalogue
    rows = []
    for c in cat.clauses:
        impls = cat.implemented_by(c.id)
        rows.append(
            {
                "id": c.id,
                "kind": c.kind,
                "section": c.section,
                "paraphrase": c.paraphrase,
                "handled": c.handled,
                "note": c.note,
                "implemented_by": [{"function": i.function, "module": i.module, "line": i.line} for i in impls],
            }
        )
    if args.json:
        print(json.dumps({"ruleset": ruleset.name, "clauses": rows}, indent=2))
        return 0
    from rich.table import Table

    table = Table(title=f"{ruleset.title}: {len(rows)} clauses", show_lines=False)
    for col in ("id", "kind", "paraphrase", "implemented by"):
        table.add_column(col, overflow="fold")
    for r in rows:
        impl = ", ".join(f"{i['function']} ({i['module'].split('.')[-1]}:{i['line']})" for i in r["implemented_by"])
        if not r["handled"]:
            impl = f"[dim]no handler: {r['note']}[/dim]"
        elif not impl:
            impl = "[red]NOT IMPLEMENTED[/red]"
        table.add_row(r["id"], r["kind"], r["paraphrase"], impl)
    _console().print(table)
    missing = cat.unimplemented()
    print(
        f"{len(rows)} clauses; {sum(1 for r in rows if r['handled'])} with a rule to implement; {len(missing)} without an implementation"
        + (f": {', '.join(c.id for c in missing)}" if missing else "")
    )
    return 0


# --- simulate -------------------------------------------------------------------------------


def cmd_simulate(args) -> int:
    ruleset = _ruleset(args)
    players = _players(ruleset, args.players)
    params = _params(ruleset, args)
    if args.games < 1:
        raise UsageError(f"--games: expected a positive number of games, not {args.games}")
    if args.trace:
        from oblivaeon_verify.play import Tally, play_game

        tally = Tally()
        out = sys.stdout
        for i in range(args.first, args.first + args.games):
            play_game(ruleset, params, args.seed, players, i, conformance=args.check, trace=lambda line: print(line, file=out), tally=tally)
        result = campaign.CampaignResult(args.seed, {players: tally})
    else:
        prog, cb = _progress(args.games, f"{args.games} games, {players} {ruleset.players_word}", not args.json and sys.stderr.isatty())
        if prog:
            prog.start()
        try:
            result = campaign.run(
                ruleset.name,
                args.seed,
                [players],
                args.games,
                first=args.first,
                params_path=args.params,
                param_pairs=args.param or (),
                conformance=args.check,
                handler_counts=args.clause_coverage,
                workers=args.workers,
                progress=cb,
            )
        finally:
            if prog:
                prog.stop()
    summary = campaign.summary(ruleset, result, players)
    if args.clause_coverage:
        summary["clause_coverage"] = campaign.clause_coverage(ruleset, result)
    if args.json:
        print(json.dumps(summary, indent=2, sort_keys=False))
    elif not args.trace:
        _print_summary(ruleset, summary)
    return 1 if summary["errors"] else 0


def _print_summary(ruleset, s: dict) -> None:
    from rich.table import Table

    con = _console()
    t = Table(title=f"{s['games']} random games of {ruleset.title}, seed {s['seed']}")
    t.add_column("figure")
    t.add_column("value", justify="right")
    for k in ("games", "rounds", "decisions", "chance_decisions"):
        t.add_row(k.replace("_", " "), f"{s[k]:,}")
    for k, v in s["outcomes"].items():
        t.add_row(f"outcome: {k}", f"{v:,}")
    tp = s["throughput"]
    t.add_row("decisions / s (one core)", f"{tp['decisions_per_second']:,.0f}")
    t.add_row("rounds / s (one core)", f"{tp['rounds_per_second']:,.0f}")
    t.add_row("errors", str(len(s["errors"])))
    con.print(t)
    for e in s["errors"][:10]:
        con.print(f"[red]error[/red] game {e['game']}: {e['error']}\n  replay: {e['replay']}")
    if "clause_coverage" in s:
        never = [r["id"] for r in s["clause_coverage"] if not r["reached"]]
        con.print(f"clauses never reached: {', '.join(never) if never else 'none'}")


# --- bench ----------------------------------------------------------------------------------


def cmd_bench(args) -> int:
    ruleset = _ruleset(args)
    params = _params(ruleset, args)
    from oblivaeon_verify.play import Tally, play_game

    rows = []
    for n in args.players_list or ruleset.players:
        _players(ruleset, n)
        tally = Tally()
        for i in range(args.games):
            play_game(ruleset, params, args.seed, n, i, tally=tally)
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
    if args.json:
        print(json.dumps(info, indent=2))
        return 0
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
    _console().print(t)
    return 0


# --- verify (the main job) ------------------------------------------------------------------


def cmd_verify(args) -> int:
    from oblivaeon_verify import report

    ruleset = _ruleset(args)
    params = _params(ruleset, args)
    del params  # validated here; workers load them again from the same sources
    players = ruleset.players
    total = args.games * len(players)
    prog, cb = _progress(total, f"random play: {args.games} games x {len(players)} counts", sys.stderr.isatty())
    if prog:
        prog.start()
    try:
        result = campaign.run(
            ruleset.name,
            args.seed,
            list(players),
            args.games,
            params_path=args.params,
            param_pairs=args.param or (),
            conformance=False,
            handler_counts=True,
            workers=args.workers,
            progress=cb,
        )
        checked = campaign.run(
            ruleset.name,
            args.seed,
            list(players),
            args.conformance_games,
            first=args.games,
            params_path=args.params,
            param_pairs=args.param or (),
            conformance=True,
            workers=args.workers,
        )
    finally:
        if prog:
            prog.stop()
    data = report.simulation_report(ruleset, result, checked, versions())
    out = Path(args.out)
    report.write_atomically(out, report.render_files(ruleset, data))
    never = [r["id"] for r in data["clause_coverage"] if not r["reached"]]
    errors = data["totals"]["errors"] + data["conformance"]["errors"]
    _console().print(
        f"wrote {out}/ (index.md, summary.json): {data['totals']['games']:,} games, {errors} errors, "
        f"{len(never)} clauses never reached{': ' + ', '.join(never) if never else ''}"
    )
    return 1 if errors or never else 0


def versions() -> dict:
    import hypothesis
    import networkx
    import z3

    return {
        "oblivaeon-verify": __version__,
        "python": platform.python_version(),
        "hypothesis": hypothesis.__version__,
        "networkx": networkx.__version__,
        "z3": z3.get_version_string(),
    }


# --- wiring ---------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="oblivaeon-verify", description="Rules verification and property testing for cooperative card games.")
    p.add_argument("--version", action="version", version=f"oblivaeon-verify {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def common(sp, params=True):
        sp.add_argument("--ruleset", default=rulesets.DEFAULT, help=f"one of: {', '.join(rulesets.available())} (default %(default)s)")
        if params:
            sp.add_argument("--params", metavar="FILE", help="a TOML file overriding model parameters (assumptions)")
            sp.add_argument("--param", metavar="NAME=VALUE", action="append", help="override one model parameter (repeatable)")

    sp = sub.add_parser("clauses", help="list the clause catalogue with the model code that implements each clause")
    common(sp, params=False)
    sp.add_argument("--json", action="store_true")
    sp.set_defaults(fn=cmd_clauses)

    sp = sub.add_parser("simulate", help="play random legal games")
    common(sp)
    sp.add_argument("--heroes", "--players", dest="players", type=int, help="number of heroes (players)")
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--games", type=int, default=1)
    sp.add_argument("--first", type=int, default=0, help="index of the first game (to replay one game of a campaign)")
    sp.add_argument("--trace", action="store_true", help="print every decision and event, with clause ids")
    sp.add_argument("--json", action="store_true", help="print a JSON summary")
    sp.add_argument("--check", action="store_true", help="check conformance at every visited state")
    sp.add_argument("--clause-coverage", action="store_true", help="count handler calls per clause (slower)")
    sp.add_argument("--workers", type=int, default=None, help="worker processes (default: one per core)")
    sp.set_defaults(fn=cmd_simulate)

    sp = sub.add_parser("bench", help="measure one-core throughput (decisions and rounds per second)")
    common(sp)
    sp.add_argument("--games", type=int, default=100)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--players", dest="players_list", type=int, action="append", help="player counts (default: all)")
    sp.add_argument("--json", action="store_true")
    sp.set_defaults(fn=cmd_bench)

    sp = sub.add_parser("verify", help="the main job: the full campaign on the default ruleset, writing reports")
    common(sp)
    sp.add_argument("--games", type=int, default=1000, help="random games per player count (default %(default)s)")
    sp.add_argument(
        "--conformance-games", type=int, default=50, help="further games per count checked at every state (default %(default)s)"
    )
    sp.add_argument("--seed", type=int, default=2026)
    sp.add_argument("--out", default="reports")
    sp.add_argument("--workers", type=int, default=None)
    sp.set_defaults(fn=cmd_verify)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.fn(args)
    except UsageError as e:
        print(f"oblivaeon-verify {args.command}: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into head
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
