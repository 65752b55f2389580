"""``oblivaeon-verify verify``: the main job, the full campaign on a ruleset, writing reports."""

from __future__ import annotations

import sys
from pathlib import Path

from oblivaeon_verify import campaign
from oblivaeon_verify.commands.common import (
    add_ruleset_arguments,
    console,
    load_ruleset,
    parameters,
    progress,
    versions,
)


def cmd_verify(args) -> int:
    from oblivaeon_verify import report

    ruleset = load_ruleset(args)
    params = parameters(ruleset, args)
    del params  # validated here; workers load them again from the same sources
    players = ruleset.players
    total = args.games * len(players)
    prog, cb = progress(total, f"random play: {args.games} games x {len(players)} counts", sys.stderr.isatty())
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
    console().print(
        f"wrote {out}/ (index.md, summary.json): {data['totals']['games']:,} games, {errors} errors, "
        f"{len(never)} clauses never reached{': ' + ', '.join(never) if never else ''}"
    )
    return 1 if errors or never else 0


def register(sub) -> None:
    sp = sub.add_parser("verify", help="the main job: the full campaign on the default ruleset, writing reports")
    add_ruleset_arguments(sp)
    sp.add_argument("--games", type=int, default=1000, help="random games per player count (default %(default)s)")
    sp.add_argument(
        "--conformance-games", type=int, default=50, help="further games per count checked at every state (default %(default)s)"
    )
    sp.add_argument("--seed", type=int, default=2026)
    sp.add_argument("--out", default="reports")
    sp.add_argument("--workers", type=int, default=None)
    sp.set_defaults(fn=cmd_verify)
