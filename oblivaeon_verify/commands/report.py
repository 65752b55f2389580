"""``oblivaeon-verify report``: write the reviewer reports (HTML, Markdown, JSON), atomically.

Runs the same pipeline as ``verify`` (random play, conformance, scenarios, every report section
found) and writes ``index.html``/``index.md``, one page per corner case and ``summary.json``.
Smaller default settings than ``verify``.  Exit codes as for every command (:mod:`oblivaeon_verify.exits`):
0 when every check passed, 1 when one failed, 4 when nothing failed but something was not decided
(an unknown proof, a section left out), 2 when the output location is unusable (checked before the
work: :mod:`oblivaeon_verify.output`).
"""

from __future__ import annotations

import argparse

from oblivaeon_verify import shards
from oblivaeon_verify.commands.common import (
    MAX_GAMES,
    Names,
    add_examples,
    add_ruleset_arguments,
    add_seed_argument,
    add_workers_argument,
    integer,
)
from oblivaeon_verify.commands.verify import cmd_verify, complete, tasks

__all__ = ["cmd_report", "complete", "tasks"]
"""``report`` is ``verify`` with smaller defaults: the same tasks, the same finish (``merge`` finds them here)."""


def cmd_report(args) -> int:
    return cmd_verify(args)


def add_report_arguments(sp, games: int, conformance_games: int, quick: bool) -> None:
    add_ruleset_arguments(sp)
    sp.add_argument("--games", type=integer(1, MAX_GAMES), default=games, help="random games per player count (default %(default)s)")
    sp.add_argument(
        "--conformance-games",
        type=integer(0, MAX_GAMES),
        default=conformance_games,
        help="further games per count checked at every state (default %(default)s)",
    )
    add_seed_argument(sp)
    sp.add_argument(
        "--out",
        default="reports",
        help="the report folder (default %(default)s/): new, empty, or one this tool wrote (it holds a .oblivaeon-verify "
        "marker); replaced whole and atomically, keeping files you added",
    )
    add_workers_argument(sp, what="worker processes for random play")
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
        choices=Names(lambda _r: section_names(), per_ruleset=False),
        help="run only these report sections (repeatable; default: all of them); the verdict counts the others as not run (inconclusive)",
    )
    shards.add_arguments(sp)


def section_names() -> list[str]:
    from oblivaeon_verify import sections

    return [m.__name__.rsplit(".", 1)[1] for m in sections.available()]


def register(sub) -> None:
    sp = sub.add_parser("report", help="write the reviewer reports (HTML, Markdown, JSON) for a seed")
    add_report_arguments(sp, games=100, conformance_games=10, quick=True)
    add_examples(
        sp,
        ("oblivaeon-verify report --out reports/", "a quick report: fewer games, the quick setting of each section"),
        ("oblivaeon-verify report --ruleset aeons_end --section proofs --out reports-aeons-end/", "only the proofs section"),
    )
    sp.set_defaults(fn=cmd_report)
