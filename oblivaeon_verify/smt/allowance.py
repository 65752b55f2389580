"""What a set of solver calls may spend together: Z3's own work units, and wall time only when asked.

Z3 counts the work of a call in *resource units* (its ``rlimit``).  The same question, asked in the
same order, costs the same units on every machine, under any load and at any hash seed, so a limit in
units gives the same answer every time: a verdict or a report does not turn from decided to
undecided because the machine was busy.  A limit in seconds is kept for a user who asks for one
(``--timeout``); an answer under it can depend on the machine, and the message says which limit ran
out.

One :class:`Allowance` is shared by every call of one question set (a judgement, a rulebook check,
a core enumeration): :meth:`check` makes a call with what is left and counts what it spent.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import z3

from oblivaeon_verify import interrupts

NO_TIMEOUT_MS = 4_294_967_295
"""Z3's own 'no timeout' (the largest unsigned int): a shared solver may carry another question's limit."""


class Exhausted(RuntimeError):
    """The work or the time allowed ran out before the question was answered."""


def units_spent(solver: z3.Solver) -> int:
    """The resource units ``solver`` has counted since it was made (Z3's statistic ``rlimit count``)."""
    stats = solver.statistics()
    return next((int(stats.get_key_value(k)) for k in stats.keys() if k == "rlimit count"), 0)


@dataclass
class Allowance:
    """``units``: the Z3 resource units all calls together may spend (None: no limit); ``deadline``: a
    :func:`time.monotonic` time past which no call starts (None: none)."""

    units: int | None
    deadline: float | None = None
    spent: int = 0
    out_of_work: bool = False
    """Whether the last call stopped because its units ran out."""

    @classmethod
    def of(cls, units: int | None, seconds: float | None = None) -> Allowance:
        return cls(units, None if seconds is None else time.monotonic() + seconds)

    def left(self) -> None:
        """Raise :class:`Exhausted` if nothing is left (work that is not a solver call checks this too)."""
        if self.units is not None and self.spent >= self.units:
            raise Exhausted(f"the work allowed ran out ({self.units:,} solver units)")
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise Exhausted("the time allowed ran out")

    def deadline_left(self) -> bool:
        """No deadline, or it has not passed."""
        return self.deadline is None or time.monotonic() < self.deadline

    def check(self, solver: z3.Solver, *assumptions, at_most: int | None = None):
        """One call of ``solver`` within what is left (and within ``at_most`` units, a first short try):
        its answer, ``unknown`` when a limit ran out (:attr:`out_of_work` then says whether it was the
        units); what it spent is counted."""
        self.left()
        units = None if self.units is None else self.units - self.spent
        if at_most is not None:
            units = at_most if units is None else min(units, at_most)
        solver.set("rlimit", 0 if units is None else units)
        solver.set("timeout", NO_TIMEOUT_MS if self.deadline is None else max(1, int((self.deadline - time.monotonic()) * 1000)))
        before = units_spent(solver)
        try:
            answer = solver.check(*assumptions)
        finally:
            spent = units_spent(solver) - before
            self.spent += spent
            # Z3 names the cause differently per solver ("max. resource limit exceeded", "sat.canceled"),
            # so the units are compared instead.
            self.out_of_work = units is not None and spent >= units
        # After Ctrl-C the context was interrupted, maybe mid-way through building this question, and what
        # it answers then is no answer (a solver whose push was cut short says sat to a contradiction).
        interrupts.raise_if_received()
        return answer

    def why_unknown(self, solver: z3.Solver) -> str:
        """Why the last :meth:`check` of ``solver`` answered ``unknown``, in words: which limit ran out, or the solver's own reason."""
        if self.out_of_work and self.units is not None:
            return f"the work allowed ran out ({self.units:,} solver units)"
        reason = solver.reason_unknown()
        # Z3's timeout is set in whole milliseconds, so it may stop a moment before the deadline itself.
        if self.deadline is not None and (not self.deadline_left() or reason in ("timeout", "canceled")):
            return "the time allowed ran out"
        return f"the solver answered unknown ({reason})"

    def answer(self, solver: z3.Solver) -> tuple[z3.CheckSatResult, str]:
        """One :meth:`check` of ``solver`` that does not raise: its answer and, when it is ``unknown``, why
        (:meth:`why_unknown`, or that nothing was left before the call)."""
        try:
            result = self.check(solver)
        except Exhausted as e:
            return z3.unknown, str(e)
        return result, self.why_unknown(solver) if result == z3.unknown else ""


LIMITS = (("work allowed ran out", "--work UNITS"), ("time allowed ran out", "--timeout SECONDS"))
"""What a reason says when a limit ran out (:meth:`Allowance.why_unknown`), and the option that allows more."""


def more_with(reason: str) -> str:
    """The command-line option that allows more of the limit ``reason`` says ran out ("" when none did: the
    solver's own unknown, which more work may not change)."""
    return next((option for words, option in LIMITS if words in reason), "")
