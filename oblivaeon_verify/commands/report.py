"""``oblivaeon-verify report``: write the reviewer reports (HTML, Markdown, JSON), atomically.

Runs the same pipeline as ``verify`` (random play, conformance, scenarios, every report section
found) and writes ``index.html``/``index.md``, one page per corner case and ``summary.json``.
Smaller default settings than ``verify``; exits non-zero only when the report cannot be written.
"""

from __future__ import annotations

import argparse

from oblivaeon_verify.commands.common import add_ruleset_arguments, console, load_ruleset, parameters
from oblivaeon_verify.commands.verify import produce


def cmd_report(args) -> int:
    ruleset = load_ruleset(args)
    parameters(ruleset, args)  # validated here; workers load them again from the same sources
    data = produce(ruleset, args)
    v = data["verdict"]
    for w in v["warnings"]:
        console().print(f"[yellow]coverage[/yellow]: {w}")
    console().print("verdict: " + ("all checks passed" if v["ok"] else "; ".join(v["problems"])))
    return 0


def add_report_arguments(sp, games: int, conformance_games: int, quick: bool) -> None:
    add_ruleset_arguments(sp)
    sp.add_argument("--games", type=int, default=games, help="random games per player count (default %(default)s)")
    sp.add_argument(
        "--conformance-games",
        type=int,
        default=conformance_games,
        help="further games per count checked at every state (default %(default)s)",
    )
    sp.add_argument("--seed", type=int, default=2026)
    sp.add_argument("--out", default="reports", help="the report folder (default %(default)s/); replaced atomically")
    sp.add_argument("--workers", type=int, default=None, help="worker processes for random play (default: one per core)")
    sp.add_argument(
        "--quick",
        action=argparse.BooleanOptionalAction,
        default=quick,
        help="run the report sections in their quick setting (default %(default)s)",
    )
    sp.add_argument(
        "--section",
        dest="sections",
        action="append",
        metavar="NAME",
        help="run only these report sections (repeatable; default: all found)",
    )


def register(sub) -> None:
    sp = sub.add_parser("report", help="write the reviewer reports (HTML, Markdown, JSON) for a seed")
    add_report_arguments(sp, games=100, conformance_games=10, quick=True)
    sp.set_defaults(fn=cmd_report)
