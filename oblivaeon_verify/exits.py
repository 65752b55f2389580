"""What an exit code means: the same in every command, in the spirit of pytest's and TLC's.

====  ===============  ==========================================================================
code  name             meaning
====  ===============  ==========================================================================
0     PASSED           every check that ran passed (a command that checks nothing exits 0 when it
                       did its work)
1     FAILED           a check failed: a violated invariant or proof, a failing scenario, a game
                       that raised, a contradiction, a dead end
2     USAGE            the command line or an input file is malformed, or the output location is
                       unusable; nothing was checked (or the result could not be written)
3     INTERNAL         the tool itself failed (a bug): a one-line message, the traceback on request
4     INCONCLUSIVE     nothing failed, but something could not be decided: a solver ``unknown``
                       (its work or time ran out), a search that hit its budget, a property only bounded
130   INTERRUPTED      stopped by Ctrl-C (SIGINT): queued work cancelled, workers ended, what was
                       done summarised in one line on stderr, nothing half-written left; a second
                       Ctrl-C ends the process at once, as quietly
143   TERMINATED       stopped by SIGTERM (kill's default signal, 128 + 15): cleaned up and
                       summarised as for Ctrl-C
====  ===============  ==========================================================================

A failure outranks an unknown: a run with both exits 1.
"""

from __future__ import annotations

import enum


class Exit(enum.IntEnum):
    PASSED = 0
    FAILED = 1
    USAGE = 2
    INTERNAL = 3
    INCONCLUSIVE = 4
    INTERRUPTED = 130
    TERMINATED = 143


def of(failed: int | bool, inconclusive: int | bool = 0) -> Exit:
    """The exit code of a run with ``failed`` failures and ``inconclusive`` undecided checks."""
    if failed:
        return Exit.FAILED
    if inconclusive:
        return Exit.INCONCLUSIVE
    return Exit.PASSED


VERDICTS = {Exit.PASSED: "passed", Exit.FAILED: "failed", Exit.INCONCLUSIVE: "inconclusive"}
"""The ``verdict`` of every JSON output and of ``summary.json``: the exit code of the run, in one word."""


def verdict(code: int) -> str:
    """The verdict word of a finished run's exit code (0, 1 or 4)."""
    return VERDICTS[Exit(code)]


def table() -> list[tuple[int, str, str]]:
    """(code, name, meaning) for ``--help`` and the README, read from this module's docstring."""
    rows, current = [], None
    for line in (__doc__ or "").splitlines():
        parts = line.split(None, 2)
        if len(parts) == 3 and parts[0].isdigit():
            current = [int(parts[0]), parts[1], parts[2].strip()]
            rows.append(current)
        elif current is not None and line.startswith(" " * 23) and line.strip() and not line.startswith("="):
            current[2] += " " + line.strip()
    return [tuple(r) for r in rows]


EPILOG = "exit codes: " + "; ".join(f"{code} {name.lower()}" for code, name, _ in table())
