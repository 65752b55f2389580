"""The run loop every ruleset shares: an agenda of typed work records, one handler for each type.

A rule never calls the rule that follows it.  It schedules a record on the draft, in one of three
ways: ``now`` (before everything already waiting), ``later`` (after it), or ``ask`` (a decision
point, resolved next, by the decision made at it).  The agenda is a tuple in the state, next last,
so a state says exactly what is still to happen within the step.

Each kind of work is a frozen dataclass deriving from :class:`Work`; a decision point derives from
:class:`Ask` and carries its options.  A ruleset has one :class:`Kernel`, and each record type has
exactly one handler in it, registered by type: registering a type twice is an error at once, and
``seal`` (called when the ruleset's engine is imported) refuses a record type nobody handles.  So
from a record a reader finds its rule by the type's name alone.

When the agenda is empty the kernel asks the ruleset's ``idle`` rule (the round or phase structure)
to schedule what comes next.  Every pass of the loop is a unit of work; a step that has not reached a
decision within ``max_work_per_step`` units ends the game as the safety stop (``aborted``), so a rule
that loops is found at the same place on any machine (a hang is a finding, not a timeout).
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@dataclasses.dataclass(frozen=True, slots=True)
class Work:
    """Something a rule has scheduled; its kind's handler is called as ``handler(draft, record)``."""


@dataclasses.dataclass(frozen=True, slots=True)
class Ask(Work):
    """A decision point: the options open at it (in a stable order).

    Its kind's handler is called as ``handler(draft, record, decision)`` with the decision made; with
    one option the kernel makes it at once (it is forced), with none the point is dropped.
    """

    options: tuple


_FAMILIES: set[type] = {Work, Ask}


def family(cls: type) -> type:
    """Mark a record type as a family of kinds (its subclasses are the kinds; it has no handler of its own).

    Put it above ``@dataclass``, which replaces the class it decorates."""
    _FAMILIES.add(cls)
    return cls


class KernelError(Exception):
    """A ruleset's work records and handlers do not match (a programming error, found at import)."""


class Kernel:
    """One ruleset's handlers, by record type, and the loop that runs its agenda."""

    def __init__(self, ruleset: str, package: str, safety_clause: str) -> None:
        self.ruleset = ruleset
        self.package = package
        """The model package whose record types this kernel must handle (``seal`` checks them all)."""
        self.safety_clause = safety_clause
        self._handlers: dict[type, Callable] = {}
        self._idle: Callable | None = None

    def handles(self, record_type: type) -> Callable:
        """Register the one handler of ``record_type`` (a :class:`Work` subclass)."""
        if not (isinstance(record_type, type) and issubclass(record_type, Work)) or record_type in _FAMILIES:
            raise KernelError(f"{self.ruleset}: {record_type!r} is not a kind of work (a subclass of Work or Ask, not a family)")

        def register(fn: Callable) -> Callable:
            if record_type in self._handlers:
                had = self._handlers[record_type]
                raise KernelError(
                    f"{self.ruleset}: {record_type.__name__} has two handlers, {had.__module__}.{had.__qualname__} "
                    f"and {fn.__module__}.{fn.__qualname__}"
                )
            self._handlers[record_type] = fn
            return fn

        return register

    def seal(self, idle: Callable) -> None:
        """Name the rule that schedules work when the agenda is empty, and check every record type is handled."""
        self._idle = idle
        missing = sorted(t.__module__ + "." + t.__qualname__ for t in record_types(self.package) if t not in self._handlers)
        if missing:
            raise KernelError(f"{self.ruleset}: no handler for the work record(s) {', '.join(missing)}")
        names: dict[str, type] = {}
        for t in self.record_types():
            if names.setdefault(t.__name__, t) is not t:
                raise KernelError(f"{self.ruleset}: two work records are named {t.__name__} (a serialised state names them)")

    def record_types(self) -> tuple[type, ...]:
        """Every handled record type, by name (the serialiser reads records of these types back)."""
        return tuple(sorted(self._handlers, key=lambda t: t.__name__))

    def handler(self, record_type: type) -> Callable:
        """The rule that handles records of ``record_type``."""
        return self._handlers[record_type]

    def run(self, d, policy: Callable | None = None) -> None:
        """Run the draft's agenda until a decision point with two or more options, or the end of the game.

        With a ``policy`` (random play's), no decision point is a place to stop: ``policy(d, options)``
        makes the decision and the run goes on, to the end of the game.  The safety stop still counts
        the work between two decisions, as if each stretch were a step of its own.
        """
        agenda = d.agenda
        handlers = self._handlers
        idle = self._idle
        budget = d.params.max_work_per_step
        work = 0
        while d.outcome is None:
            work += 1
            if work > budget:
                d.end("aborted", f"no decision within {budget:,} units of work: a rule runs on forever", self.safety_clause)
                break
            if not agenda:
                idle(d)
                continue
            record = agenda[-1]
            if isinstance(record, Ask):
                options = record.options
                if len(options) > 1:
                    if policy is None:
                        d.options = options
                        return
                    picked = policy(d, options)
                    agenda.pop()
                    handlers[type(record)](d, record, picked)
                    work = 0
                    continue
                if options and _forced_watchers:  # (told before the point leaves the agenda: a snapshot shows it waiting)
                    for w in _forced_watchers:
                        w(d, record, options[0])
                agenda.pop()
                if options:
                    handlers[type(record)](d, record, options[0])
                continue
            agenda.pop()
            handlers[type(record)](d, record)
        d.options = ()

    def decide(self, d, decision, policy: Callable | None = None) -> None:
        """Resolve the decision point the draft waits at with ``decision`` (already checked legal), then run on
        (with a ``policy``, to the end of the game: see :meth:`run`)."""
        record = d.agenda.pop()
        self._handlers[type(record)](d, record, decision)
        self.run(d, policy)


_forced_watchers: list[Callable] = []


@contextmanager
def watch_forced(fn: Callable) -> Iterator[None]:
    """Call ``fn(draft, point, decision)`` for every decision made at a point with one option (a forced one) while the
    block runs, before the kernel makes it: nothing outside the step sees those decisions otherwise, and a check that
    a choice took effect must (``properties.common.registry.Forced``).  With no watcher the kernel pays one truth test."""
    _forced_watchers.append(fn)
    try:
        yield
    finally:
        _forced_watchers.remove(fn)


def record_types(package: str) -> tuple[type, ...]:
    """The concrete work record types defined in the imported modules of ``package``."""
    found = []
    stack = list(Work.__subclasses__())
    while stack:
        t = stack.pop()
        stack.extend(t.__subclasses__())
        if t not in _FAMILIES and (t.__module__ == package or t.__module__.startswith(package + ".")) and _bound(t):
            found.append(t)
    return tuple(sorted(set(found), key=lambda t: (t.__module__, t.__qualname__)))


def _bound(t: type) -> bool:
    """Whether ``t`` is the class its module names (``dataclass(slots=True)`` leaves the class it replaced behind)."""
    value = sys.modules.get(t.__module__)
    for part in t.__qualname__.split("."):
        value = getattr(value, part, None)
    return value is t


# --- the public read interface: what a state has still to do -------------------------------------


def pending(state) -> tuple[Work, ...]:
    """The work a state has scheduled within the current step, next first."""
    return tuple(reversed(state.agenda))


def waiting_for(state) -> Ask | None:
    """The decision point a state waits at, or None (the game is over, or the wait is the ruleset's phase)."""
    if state.outcome is None and state.agenda and isinstance(state.agenda[-1], Ask):
        return state.agenda[-1]
    return None


def scheduled(state, *record_types: type) -> tuple[Work, ...]:
    """The records of the given types a state has scheduled, next first."""
    return tuple(r for r in reversed(state.agenda) if isinstance(r, record_types))


class Agenda:
    """The scheduling half of a draft: ``now`` (or ``now_or_join``), ``later`` and ``ask`` are the only ways rules schedule work."""

    __slots__ = ()

    def now(self, *records: Work) -> None:
        """Work to do before everything already waiting, in the order given."""
        if len(records) == 1:  # the usual case, and the hot one
            self.agenda.append(records[0])
        else:
            self.agenda.extend(reversed(records))

    def now_or_join(self, record: Work, join: Callable[[Work], Work]) -> None:
        """``record`` to do before everything already waiting; or, when the next thing waiting is of its type
        (nothing was scheduled since it), that record replaced by ``join(it)``."""
        agenda = self.agenda
        if agenda and type(agenda[-1]) is type(record):
            agenda[-1] = join(agenda[-1])
        else:
            agenda.append(record)

    def later(self, *records: Work) -> None:
        """Work to do after everything already waiting, in the order given."""
        self.agenda[0:0] = reversed(records)

    def ask(self, record: Ask) -> None:
        """A decision point, resolved before anything else waiting."""
        self.agenda.append(record)


__all__ = [
    "Work",
    "Ask",
    "family",
    "Kernel",
    "KernelError",
    "Agenda",
    "pending",
    "waiting_for",
    "scheduled",
    "record_types",
    "watch_forced",
]
