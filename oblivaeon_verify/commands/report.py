"""``oblivaeon-verify report``: write the reviewer reports (HTML, Markdown, JSON), atomically.

Runs the same pipeline as ``verify`` (random play, conformance, scenarios, every report section
found) and writes ``index.html``/``index.md``, one page per corner case and ``summary.json``.
Smaller default settings than ``verify``.  Exit codes as for every command (:mod:`oblivaeon_verify.exits`):
0 when every check passed, 1 when one failed, 4 when nothing failed but something was not decided
(an unknown proof, a section left out), 2 when the output location is unusable (checked before the
work: :mod:`oblivaeon_verify.output`).
"""

from __future__ import annotations

from oblivaeon_verify.commands.common import add_examples
from oblivaeon_verify.commands.verify import add_report_arguments, cmd_verify, complete, tasks

__all__ = ["cmd_report", "complete", "tasks"]
"""``report`` is ``verify`` with smaller defaults: the same tasks, the same finish (``merge`` finds them here)."""


def cmd_report(args) -> int:
    return cmd_verify(args)


def register(sub) -> None:
    sp = sub.add_parser("report", help="write the reviewer reports (HTML, Markdown, JSON) for a seed")
    add_report_arguments(sp, games=100, conformance_games=10, quick=True)
    add_examples(
        sp,
        ("oblivaeon-verify report --out reports/", "a quick report: fewer games, the quick setting of each section"),
        ("oblivaeon-verify report --ruleset aeons_end --section proofs --out reports-aeons-end/", "only the proofs section"),
    )
    sp.set_defaults(fn=cmd_report)
