"""SMT-LIB 2 files of the proof obligations: the logic they are in and the answer they have.

Z3's ``to_smt2`` writes the assertions with ``(set-info :status unknown)`` and no ``set-logic``, so
another solver has to guess the logic and a benchmark runner cannot tell a wrong answer.  Every
obligation the tool writes goes through :func:`benchmark` (before the check, while the solver holds
exactly the obligation) and then :func:`answered` (after it): the logic is read from the assertions
by Z3's own probes, the status is the answer the solver gave, and ``unknown`` is kept only when it
gave none.
"""

from __future__ import annotations

import z3

SMTLIB_VERSION = "2.6"

LOGICS = (
    ("is-propositional", "QF_UF"),
    ("is-qflia", "QF_LIA"),
    ("is-qflra", "QF_LRA"),
    ("is-qflira", "QF_LIRA"),
    ("is-qfnia", "QF_NIA"),
    ("is-qfauflia", "QF_AUFLIA"),
    ("is-qfbv", "QF_BV"),
    ("is-lia", "LIA"),
    ("is-nia", "NIA"),
)
"""Z3 probes in order from the narrowest logic; the first that accepts the assertions names the logic."""

UNKNOWN = "(set-info :status unknown)"


def logic(solver: z3.Solver) -> str:
    """The narrowest SMT-LIB logic the solver's assertions are in (``ALL`` when no probe accepts them)."""
    goal = z3.Goal()
    goal.add(*solver.assertions())
    for probe, name in LOGICS:
        if z3.Probe(probe)(goal) == 1.0:
            return name
    return "ALL"


def benchmark(solver: z3.Solver, description: str) -> str:
    """The obligation the solver holds now, as an SMT-LIB 2 file whose status is still ``unknown``."""
    body = solver.to_smt2()
    lines = [line for line in body.splitlines() if line.strip() != UNKNOWN and not line.startswith("; benchmark generated")]
    head = [f"; {description}", f"(set-info :smt-lib-version {SMTLIB_VERSION})", f"(set-logic {logic(solver)})", UNKNOWN]
    return "\n".join(head + lines) + "\n"


def answered(text: str, answer: z3.CheckSatResult) -> str:
    """The file with the answer the solver gave as its ``:status`` (``unknown`` stays when it gave none)."""
    status = "sat" if answer == z3.sat else "unsat" if answer == z3.unsat else None
    return text.replace(UNKNOWN, f"(set-info :status {status})", 1) if status else text


def status(text: str) -> str:
    """The ``:status`` a file declares (for tests and tools reading the files back)."""
    for line in text.splitlines():
        if line.startswith("(set-info :status "):
            return line.removeprefix("(set-info :status ").rstrip(")")
    return ""


def logic_of_text(text: str) -> str:
    """The logic a file declares."""
    for line in text.splitlines():
        if line.startswith("(set-logic "):
            return line.removeprefix("(set-logic ").rstrip(")")
    return ""
