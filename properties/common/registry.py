"""The invariant registry: named predicates with the clause ids they protect, and what each one reads.

An invariant is checked either over one state (``over="state"``) or over one step: the state
before, the decision taken, the events it caused and the state after (``over="step"``), or once
over a game's first state as its setup made it (``over="opening"``: how the game starts, which a
later state cannot be asked, for nothing in a state says reliably that it is the first; a counter
that should say so is what such an invariant must not trust).  Its check yields one message per
violation; an empty result means it holds.  The same registry serves
random play, the Hypothesis state machine, the knock-out matrix and the reports.

Each invariant also declares what it depends on, so that a :class:`Checker` can skip it after a
step that cannot have changed its verdict:

* a state invariant names the state fields it ``reads``: after a step that left every one of them
  the very same object, it holds because it held before (states are values: the model copies a
  field before it writes it, so an unchanged field is shared, which is quick to see; an equal
  copy of a whole field counts as a change, and only costs an evaluation that finds what it found
  before).  A
  field of records may be named by one attribute of its records (``seats.hero``: the hero of
  every seat), so that a step that only moved cards in a hand does not wake a check of who plays;
* a step invariant names what ``triggers`` it: the event kinds (``events``), the decision kinds
  (``decisions``) and the state fields whose change between before and after (``changes``) it
  looks for.  Declaring them says: on a step with none of them, the invariant has nothing to say.

An invariant that declares nothing runs after every step.  The declarations are checked against
the ruleset's own lists (state fields, event kinds, decision kinds) when the invariant is
registered, and by ``tests/test_incremental_checking.py``: every field a state invariant touches is
declared, no step invariant reads an event of a kind it does not name, every breaker of an invariant
triggers it, and full and incremental checking give identical violations over the same games, the
knock-out set and deliberately broken models.  ``Registry.check_state`` and ``check_step`` (and a
``Checker(..., incremental=False)``) stay the full check.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import compress
from operator import attrgetter, is_not
from typing import NamedTuple

from oblivaeon_verify.model.common.forced import Forced, ForcedDecisions

_KIND = attrgetter("kind")
_BITS = tuple(tuple(n for n in range(8) if byte >> n & 1) for byte in range(256))
"""Per byte value, the positions of its set bits, lowest first."""


class Step(NamedTuple):
    before: object
    decision: object
    events: tuple
    after: object
    forced: tuple[Forced, ...] = ()
    """The players' forced decisions within the step, in order (seen when it ran under :class:`ForcedChoices`)."""

    def of_forced(self, forced: Forced) -> Step:
        """A forced decision of this step as a step of its own: from the state where it was made to this step's end."""
        return Step(forced.before, forced.decision, forced.events, self.after)


class ForcedChoices(ForcedDecisions):
    """:class:`~oblivaeon_verify.model.common.forced.ForcedDecisions` that makes the :class:`Step` of the step just run,
    with the forced decisions marked in it."""

    def step(self, before, decision, events: tuple, after) -> Step:
        return Step(before, decision, events, after, self.taken(events))


@dataclass(frozen=True)
class Invariant:
    name: str
    over: str
    """``state``, ``step`` or ``opening``."""
    clauses: tuple[str, ...]
    check: Callable[..., Iterable[str]]
    doc: str
    reads: frozenset[str] | None = None
    """State invariants: the state fields the predicate reads (``None``: it runs after every step)."""
    events: frozenset[str] = frozenset()
    """Step invariants: event kinds that make the step worth checking."""
    decisions: frozenset[str] = frozenset()
    """Step invariants: decision kinds that make the step worth checking."""
    changes: frozenset[str] = frozenset()
    """Step invariants: state fields whose change (before to after) makes the step worth checking."""
    offers: frozenset[str] = frozenset()
    """Decision kinds whose offer (among the legal decisions before or after the step) makes it worth
    checking: the only offered decisions whose contents the predicate reads."""
    forced: bool = False
    """Step invariants: also checked over each forced decision of the step (``Step.forced``), as a step of its own
    from the state where it was made to the end of the step (:meth:`Step.of_forced`)."""

    @property
    def always(self) -> bool:
        """Whether it runs after every step (it declared nothing to skip on; an opening invariant runs after none)."""
        if self.over == "opening":
            return False
        if self.over == "state":
            return self.reads is None
        return not (self.events or self.decisions or self.changes or self.offers)

    def violations(self, subject) -> list[str]:
        return list(self.messages(subject))

    def messages(self, subject) -> Iterator[str]:
        """What it says of ``subject``: of a step, and (if it asks for them) of each forced decision in it."""
        yield from self.check(subject)
        if self.forced and self.over == "step":
            for forced in subject.forced:
                for message in self.check(subject.of_forced(forced)):
                    yield f"at a forced decision ({forced.decision}): {message}"


@dataclass(frozen=True)
class Violation:
    invariant: str
    clauses: tuple[str, ...]
    message: str

    def __str__(self) -> str:
        return f"{self.invariant} [{', '.join(self.clauses)}]: {self.message}"


class Registry:
    """The invariants of one ruleset, in registration order (the order of every report and violation list).

    ``parts``, ``event_kinds`` and ``decision_kinds`` are the ruleset's own vocabulary: a declaration
    naming anything else is refused when the invariant is registered.
    """

    def __init__(self, parts: Iterable[str] = (), event_kinds: Iterable[str] = (), decision_kinds: Iterable[str] = ()) -> None:
        self._items: dict[str, Invariant] = {}
        self.parts: tuple[str, ...] = tuple(parts)
        self.event_kinds = frozenset(event_kinds)
        self.decision_kinds = frozenset(decision_kinds)

    def _add(self, name: str, over: str, clauses: tuple[str, ...], forced: bool = False, **declared) -> Callable:
        def register(fn: Callable) -> Callable:
            if name in self._items:
                raise ValueError(f"invariant {name!r} registered twice")
            if not clauses:
                raise ValueError(f"invariant {name!r} cites no clause")
            doc = " ".join((fn.__doc__ or "").split())
            inv = Invariant(name, over, clauses, fn, doc, **self._validated(name, declared), forced=forced)
            self._items[name] = inv
            return fn

        return register

    def _validated(self, name: str, declared: dict) -> dict:
        out = {}
        for key, known in (
            ("reads", self.parts),
            ("changes", self.parts),
            ("events", self.event_kinds),
            ("decisions", self.decision_kinds),
            ("offers", self.decision_kinds),
        ):
            if key not in declared or declared[key] is None:
                continue
            values = frozenset(declared[key])
            unknown = sorted(values - frozenset(known)) if known else []
            if unknown:
                raise ValueError(f"invariant {name!r} declares {key} {unknown}, which the ruleset does not have")
            out[key] = values
        return out

    def state(self, name: str, *clauses: str, reads: Iterable[str] | None = None, offers: Iterable[str] = ()) -> Callable:
        """Register a predicate over one state, reading the state fields ``reads`` (``None``: any).

        A predicate that reads the legal decisions only to look at some kinds of them names those
        kinds in ``offers`` instead of reading ``options``: it runs when such a decision is offered
        before or after a step (or another field it reads changed)."""
        return self._add(name, "state", clauses, reads=reads, offers=offers)

    def opening(self, name: str, *clauses: str) -> Callable:
        """Register a predicate over a game's first state, as its setup made it: checked once per game, when it
        starts (:meth:`Checker.start`, ``check_state(..., opening=True)``), never on a later state or a built position."""
        return self._add(name, "opening", clauses)

    def step(
        self,
        name: str,
        *clauses: str,
        events: Iterable[str] = (),
        decisions: Iterable[str] = (),
        changes: Iterable[str] = (),
        offers: Iterable[str] = (),
        forced: bool = False,
    ) -> Callable:
        """Register a predicate over (before, decision, events, after), triggered by ``events``,
        ``decisions``, ``changes`` or ``offers`` (nothing declared: every step).

        ``forced``: a predicate about the decision taken is also held over each decision the kernel made itself within
        the step (a point with one option), as a step from there (``Step.of_forced``); a forced decision of a kind in
        ``decisions`` triggers it like a chosen one."""
        return self._add(name, "step", clauses, forced, events=events, decisions=decisions, changes=changes, offers=offers)

    def __iter__(self):
        return iter(self._items.values())

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, name: str) -> Invariant:
        try:
            return self._items[name]
        except KeyError:
            raise KeyError(f"unknown invariant {name!r}; known: {', '.join(sorted(self._items))}") from None

    def names(self) -> tuple[str, ...]:
        return tuple(self._items)

    def guarding(self, clause: str) -> tuple[str, ...]:
        """Names of the invariants that cite ``clause``."""
        return tuple(i.name for i in self if clause in i.clauses)

    def check_state(self, state, only: Iterable[str] | None = None, *, opening: bool = False) -> list[Violation]:
        """Every state invariant on ``state`` (the full check); with ``opening`` (``state`` is a game's first, as its
        setup made it) the opening invariants too.  An opening invariant named in ``only`` runs on any state asked."""
        out = []
        for inv in self._select(only):
            if inv.over == "state" or (inv.over == "opening" and (opening or only is not None)):
                out.extend(Violation(inv.name, inv.clauses, m) for m in inv.check(state))
        return out

    def check_step(self, step: Step, only: Iterable[str] | None = None) -> list[Violation]:
        """Every state invariant on the state after, and every step invariant on the step (the full check); first, every
        state invariant at each point in the step where the kernel decided alone (``Step.forced``)."""
        for forced in step.forced:
            found = self.check_state(forced.before, only)
            if found:
                return [Violation(v.invariant, v.clauses, f"at a forced decision ({forced.decision}): {v.message}") for v in found]
        out = []
        for inv in self._select(only):
            if inv.over == "opening":
                continue
            subject = step.after if inv.over == "state" else step
            out.extend(Violation(inv.name, inv.clauses, m) for m in inv.messages(subject))
        return out

    def checker(self, only: Iterable[str] | None = None, *, incremental: bool = True) -> Checker:
        return Checker(self, only, incremental=incremental)

    def _select(self, only):
        if only is None:
            return list(self)
        return [self[n] for n in only]


def state_parts(state_type, records: dict[str, type] | None = None) -> tuple[str, ...]:
    """A ruleset's vocabulary of parts: every field of ``state_type``, and ``field.attribute`` for
    each attribute of the records a tuple field holds (``records``: field -> record type)."""
    from dataclasses import fields

    out = [f.name for f in fields(state_type)]
    for name, record in (records or {}).items():
        out += [f"{name}.{f.name}" for f in fields(record)]
    return tuple(out)


def changed(before, after, part: str) -> bool:
    """Whether ``part`` (a field, or ``field.attribute`` of a field of records) differs between two states."""
    name, _, attr = part.partition(".")
    x, y = getattr(before, name), getattr(after, name)
    if x is y:
        return False
    if not attr:
        return x != y
    if len(x) != len(y):
        return True
    return any(a is not b and getattr(a, attr) != getattr(b, attr) for a, b in zip(x, y))


class Checker:
    """Checks one game after another step by step, evaluating only what a step may have changed.

    ``start`` checks every state and opening invariant on a game's first state; ``step`` checks a step.  With
    ``incremental=False`` every selected invariant runs every time (the full check).  Violations
    come in registration order either way, so the two modes can be compared list for list.
    ``evaluated`` counts, per invariant, how many times its predicate actually ran.
    """

    def __init__(self, registry: Registry, only: Iterable[str] | None = None, *, incremental: bool = True) -> None:
        self.registry = registry
        self.selected: tuple[Invariant, ...] = tuple(registry._select(only))
        self.incremental = incremental
        self._runs = [0] * len(self.selected)
        self._subjects = tuple(inv.over != "step" for inv in self.selected)
        self._checks = tuple(
            (inv.messages if inv.forced else inv.check, on_state, inv) for inv, on_state in zip(self.selected, self._subjects)
        )
        """Per selected invariant: its predicate, whether it reads a state (else a step), the invariant."""
        self._always = 0
        by_part: dict[str, int] = {}
        by_event: dict[str, int] = {}
        by_decision: dict[str, int] = {}
        by_offer: dict[str, int] = {}
        self._step_mask = 0
        """The invariants a step may wake: all but the opening ones."""
        for n, inv in enumerate(self.selected):
            b = 1 << n
            if inv.over == "opening":
                continue
            self._step_mask |= b
            if inv.always or not registry.parts:
                self._always |= b
                continue
            for f in (inv.reads if inv.over == "state" else inv.changes) or ():
                by_part[f] = by_part.get(f, 0) | b
            for table, kinds in ((by_event, inv.events), (by_decision, inv.decisions), (by_offer, inv.offers)):
                for k in kinds:
                    table[k] = table.get(k, 0) | b
        # field -> (mask of the invariants reading it whole, {attribute: mask} for those reading one attribute of its records)
        watched: dict[str, tuple[int, dict[str, int]]] = {}
        for part, m in by_part.items():
            name, _, attr = part.partition(".")
            whole, attrs = watched.get(name, (0, {}))
            if attr:
                attrs[attr] = attrs.get(attr, 0) | m
            else:
                whole |= m
            watched[name] = (whole, attrs)
        self._watched = tuple((name, whole, attrs, sum(attrs.values())) for name, (whole, attrs) in watched.items())
        self._watched_names = tuple(watched)
        self._by_event = by_event
        self._by_decision = by_decision
        self._by_offer = by_offer
        self._state_mask = sum(1 << n for n, over_state in enumerate(self._subjects) if over_state)
        self._width = (len(self.selected) + 7) // 8 or 1
        self._kinds_of: tuple = (None, frozenset())

    @property
    def evaluated(self) -> Counter:
        return Counter({inv.name: n for inv, n in zip(self.selected, self._runs) if n})

    def start(self, state) -> list[Violation]:
        """Every selected state invariant on a game's first state."""
        return self._run(self._state_mask, None, state)

    def step(self, step: Step) -> list[Violation]:
        if step.forced:
            return self._through(step)
        if not self.incremental:
            return self._run(self._step_mask, step, step.after)
        return self._run(self.triggered(step), step, step.after)

    def _through(self, step: Step) -> list[Violation]:
        """A step in which the kernel made decisions itself: each point it decided at is a decision point like any
        other, so the state invariants hold there too, then the step is checked.  Incrementally, each state is
        checked against the one before it in the step (the first against the step's state before)."""
        states = self._state_mask & self._step_mask
        last = step.before
        for forced in step.forced:
            here = forced.before
            found = self._run(states if not self.incremental else self._between(last, here) & states, None, here)
            if found:
                return [Violation(v.invariant, v.clauses, f"at a forced decision ({forced.decision}): {v.message}") for v in found]
            last = here
        if not self.incremental:
            return self._run(self._step_mask, step, step.after)
        return self._run((self.triggered(step) & ~states) | (self._between(last, step.after) & states), step, step.after)

    def triggered(self, step: Step) -> int:
        """The selected invariants this step may have changed the verdict of, as a bit set (bit n: the n-th selected)."""
        mask = self._between(step.before, step.after)
        if self._by_event:
            by_event = self._by_event
            for kind in set(map(_KIND, step.events)):
                mask |= by_event.get(kind, 0)
        decision = step.decision
        if decision is not None and self._by_decision:
            mask |= self._by_decision.get(decision.kind, 0)
            for forced in step.forced:
                mask |= self._by_decision.get(forced.decision.kind, 0)
        return mask

    def _between(self, first, second) -> int:
        """What two states alone say may have changed a verdict: the invariants always run, those reading a field
        that differs, and those looking at a kind of decision offered in either."""
        mask = self._always
        before, after = vars(first), vars(second)
        # A field is taken as changed when it is not the very same object: the model copies what it writes, so what a
        # step left alone is shared, and telling a copy from an equal value (a tuple of records compared record by
        # record) cost more than the rare evaluation it would save.  Running an invariant whose inputs are only equal
        # copies gives the verdict it gave before.  A record's attribute, cheap to compare, is compared.
        names = self._watched_names
        changed = map(is_not, map(before.__getitem__, names), map(after.__getitem__, names))
        for name, whole, attrs, every in compress(self._watched, changed):
            x, y = before[name], after[name]
            mask |= whole
            if every and mask & every != every:
                if len(x) != len(y):
                    mask |= every
                    continue
                for a, b in zip(x, y):
                    if a is not b:
                        da, db = vars(a), vars(b)
                        for attr, m in attrs.items():
                            if da[attr] is not db[attr] and da[attr] != db[attr]:
                                mask |= m
        if self._by_offer:
            offered_before, offered_after = self._offered(first), self._offered(second)
            for kind, m in self._by_offer.items():
                if kind in offered_before or kind in offered_after:
                    mask |= m
        return mask

    def _offered(self, state) -> frozenset[str]:
        """The kinds of the decisions ``state`` offers (the last state's are kept: it is the next step's state before)."""
        options = state.options
        if self._kinds_of[0] is not options:
            self._kinds_of = (options, frozenset(map(_KIND, options)))
        return self._kinds_of[1]

    def _run(self, mask: int, step, state) -> list[Violation]:
        out: list[Violation] = []
        checks, runs = self._checks, self._runs
        # the set bits found a byte at a time (a table per byte), lowest first: no arithmetic on the wide mask per bit
        for base, byte in enumerate(mask.to_bytes(self._width, "little")):
            if not byte:
                continue
            base <<= 3
            for bit in _BITS[byte]:
                n = base + bit
                runs[n] += 1
                check, on_state, inv = checks[n]
                for message in check(state if on_state else step):
                    out.append(Violation(inv.name, inv.clauses, message))
        return out
