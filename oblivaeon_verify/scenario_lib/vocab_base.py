"""What every ruleset's scenario vocabulary does alike (game-independent).

A vocabulary subclasses :class:`VocabularyBase` and names its ruleset's default parameters and the
function that applies overrides to them; the readings (parameters that are enums: the rulebook read
two ways), the parameter check and the legal options then come from here.

The value types below (:class:`Integer`, :class:`Boolean`, :class:`Text`, :class:`OneOf`,
:class:`Words`, :class:`Table`, :class:`ListOf`, :class:`AnyOf`) say what a scenario may write for a fact, a setup
key or an argument, so that a vocabulary checks every value the same strict way: a boolean is no
number, a table or an array never reaches an ``in`` test of names, every number has a range and
every name is one of the model's own.  ``problem(value)`` gives the one-line reason a value is
refused, or None.
"""

from __future__ import annotations

import abc
import contextlib
import dataclasses
import datetime
import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from oblivaeon_verify.model.common.forced import ForcedDecisions


def kind_of(x: Any) -> str:
    """A TOML value's kind in an error message's words."""
    if isinstance(x, datetime.datetime | datetime.date | datetime.time):
        return "a date or time"
    return {
        dict: "a table",
        list: "an array",
        str: "a string",
        bool: "a boolean",
        int: "an integer",
        float: "a number with a fraction",
    }.get(type(x), type(x).__name__)


def is_int(x: Any) -> bool:
    """An integer that is not a boolean (TOML's ``true`` is no 1)."""
    return isinstance(x, int) and not isinstance(x, bool)


SHOWN = 60
"""How many characters of a value an error message shows (a message stays one short line)."""


def show(x: Any) -> str:
    """A value as a message shows it: TOML's words for booleans, escaped and cut short."""
    if isinstance(x, bool):
        return "true" if x else "false"
    text = repr(x)
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."


def got(x: Any) -> str:
    """``a string 'x'``, ``an array [...]``: what a message says was found."""
    return f"{kind_of(x)} {show(x)}"


def a(noun: str) -> str:
    """``noun`` with its indefinite article."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def listing(values: Iterable[str], most: int = 30) -> str:
    """Values for a message, sorted, the first ``most`` of them (and how many more)."""
    vs = sorted(values)
    head = ", ".join(vs[:most])
    return head + (f", ... ({len(vs) - most} more)" if len(vs) > most else "")


class Value(abc.ABC):
    """A type of scenario value: ``what`` it is in words (an attribute of each kind), and the problem with a given value."""

    @abc.abstractmethod
    def fits(self, x: Any) -> bool:
        """Is ``x`` of this type's TOML kind (whatever its content)?"""

    @abc.abstractmethod
    def problem(self, x: Any) -> str | None:
        """Why ``x`` is not a value of this type (None: it is)."""

    def __or__(self, other: Value) -> AnyOf:
        return AnyOf((self, other))


@dataclass(frozen=True)
class Integer(Value):
    lo: int
    hi: int

    @property
    def what(self) -> str:
        return f"a whole number from {self.lo} to {self.hi}" if self.lo != self.hi else f"the whole number {self.lo}"

    def fits(self, x: Any) -> bool:
        return is_int(x)

    def problem(self, x: Any) -> str | None:
        if not is_int(x):
            return f"expected {self.what}, got {got(x)}"
        if not self.lo <= x <= self.hi:
            return f"expected {self.what}, got {show(x)}"
        return None


@dataclass(frozen=True)
class Boolean(Value):
    what: str = "true or false"

    def fits(self, x: Any) -> bool:
        return isinstance(x, bool)

    def problem(self, x: Any) -> str | None:
        return None if isinstance(x, bool) else f"expected true or false, got {got(x)}"


@dataclass(frozen=True)
class Text(Value):
    """Free text for people (a note, a title): any string up to ``longest`` characters."""

    what: str = "a string"
    longest: int = 2000

    def fits(self, x: Any) -> bool:
        return isinstance(x, str)

    def problem(self, x: Any) -> str | None:
        if not isinstance(x, str):
            return f"expected {self.what}, got {got(x)}"
        if len(x) > self.longest:
            return f"expected {self.what} of at most {self.longest} characters, got {len(x)}"
        return None


@dataclass(frozen=True)
class OneOf(Value):
    """A name from a closed list (the model's own): ``noun`` names the list in messages."""

    values: frozenset[str]
    noun: str
    hint: Callable[[str], str] | None = None
    """The message for an unknown name (the default lists the valid ones)."""

    @property
    def what(self) -> str:
        return a(self.noun) if len(self.values) > 3 else " or ".join(repr(v) for v in sorted(self.values))

    def fits(self, x: Any) -> bool:
        return isinstance(x, str)

    def problem(self, x: Any) -> str | None:
        if not isinstance(x, str):
            return f"expected {self.what}, got {got(x)}" + (f"; one of: {listing(self.values)}" if len(self.values) > 3 else "")
        if x not in self.values:
            return self.hint(x) if self.hint else f"unknown {self.noun} {show(x)}; expected one of: {listing(self.values)}"
        return None


def one_of(values: Iterable[str], noun: str, hint: Callable[[str], str] | None = None) -> OneOf:
    return OneOf(frozenset(values), noun, hint)


@dataclass(frozen=True)
class Words(Value):
    """A string read by a parser of the vocabulary (a place, a deck in words): ``parse`` returns the
    problem, or None when the words are understood."""

    what: str
    parse: Callable[[str], str | None]

    def fits(self, x: Any) -> bool:
        return isinstance(x, str)

    def problem(self, x: Any) -> str | None:
        if not isinstance(x, str):
            return f"expected {self.what}, got {got(x)}"
        return self.parse(x)


@dataclass(frozen=True)
class Table(Value):
    """A table whose keys and values the caller checks (this type only says it is a table)."""

    what: str = "a table"

    def fits(self, x: Any) -> bool:
        return isinstance(x, dict)

    def problem(self, x: Any) -> str | None:
        return None if isinstance(x, dict) else f"expected {self.what}, got {got(x)}"


@dataclass(frozen=True)
class ListOf(Value):
    item: Value
    longest: int = 200

    @property
    def what(self) -> str:
        return f"a list of {self.item.what.removeprefix('a ').removeprefix('an ')}s"

    def fits(self, x: Any) -> bool:
        return isinstance(x, list)

    def problem(self, x: Any) -> str | None:
        if not isinstance(x, list):
            return f"expected {self.what}, got {got(x)}"
        if len(x) > self.longest:
            return f"expected at most {self.longest} items, got {len(x)}"
        for i, item in enumerate(x):
            p = self.item.problem(item)
            if p:
                return f"item {i + 1}: {p}"
        return None


@dataclass(frozen=True)
class AnyOf(Value):
    """One of several types (an integer or ``none``): a value of one option's kind gets that option's message."""

    options: tuple[Value, ...]

    @property
    def what(self) -> str:
        return " or ".join(o.what for o in self.options)

    def fits(self, x: Any) -> bool:
        return any(o.fits(x) for o in self.options)

    def problem(self, x: Any) -> str | None:
        problems = [o.problem(x) for o in self.options]
        if any(p is None for p in problems):
            return None
        kin = [p for o, p in zip(self.options, problems) if o.fits(x)]
        if len(kin) == 1:
            others = [o.what for o in self.options if not o.fits(x)]
            return kin[0] + (f"; or {' or '.join(others)}" if others else "")
        return f"expected {self.what}, got {got(x)}"

    def __or__(self, other: Value) -> AnyOf:
        return AnyOf((*self.options, other))


def check(value: Any, typ: Value, fail: Callable[[str], None]) -> Any:
    """``fail`` with the problem of ``value``, if any; else the value."""
    p = typ.problem(value)
    if p:
        fail(p)
    return value


class VocabularyBase:
    default_parameters: Any = None
    """The ruleset's default parameters (a dataclass)."""
    apply_overrides = None
    """``apply_overrides(default, overrides, where)``: the parameters with overrides applied, or an error naming ``where``."""
    quiet_kinds: tuple[str, ...] = ()
    """Decision kinds a quiet player picks when a scenario plays on, in order of preference."""
    fact_getter = None
    """``fact_getter(name)``: the function reading fact ``name`` from a state."""

    def readings(self) -> dict[str, tuple[list[str], str]]:
        """Every parameter that is a reading of the rulebook (an enum): its values and its default."""
        out = {}
        for f in dataclasses.fields(self.default_parameters):
            val = getattr(self.default_parameters, f.name)
            if isinstance(val, enum.Enum):
                out[f.name] = ([m.value for m in type(val)], val.value)
        return out

    def check_parameters(self, params: dict) -> None:
        type(self).apply_overrides(self.default_parameters, params, "parameters")

    def options(self, state) -> tuple:
        return state.options

    invariants: frozenset[str] = frozenset()
    """The names of the ruleset's invariants, which a step's ``breaks`` may name (none by default)."""
    model_step: Callable | None = None
    """``model_step(state, decision) -> (state, events)``: the ruleset's transition, which every decision a scenario
    takes goes through (:meth:`take`), so that the runner can check each against the step invariants."""
    _taken: list | None = None

    def position_problems(self, state) -> list[tuple[str, str]]:
        """Why a state is no state of the game: (invariant name, what it says) for each state invariant of the
        ruleset it breaks.  The runner asks it of the position built (a scenario about a position no game reaches
        proves nothing about the game, and one that breaks an invariant where the file asked for none is the
        builder's error) and of the state after every step.  No problem by default; a ruleset with state
        invariants lists the ones broken."""
        return []

    def step_problems(self, before, decision, events: tuple, after) -> list[tuple[str, str]]:
        """(invariant name, what it says) for each invariant one decision of the model breaks: the step invariants
        over it and the state invariants over the state after.  None by default."""
        return []

    def read_back(self, state):
        """``state`` written to its JSON text and read back: equal to it, sharing no object with it.  Every step of a
        scenario is taken from such a copy, so that a rule comparing the game's strings by identity (``is`` where
        ``==`` is meant) fails in the scenario that exercises it, as it would from a replay.  The state itself by
        default."""
        return state

    def take(self, state, decision):
        """One decision of the model (``model_step``), remembered while :meth:`watching` (the runner's view of the
        real transitions inside a scenario's step, which may take many)."""
        forced = ForcedDecisions()  # the decisions the kernel makes itself are checked like the others
        with forced:
            after, events = type(self).model_step(state, decision)
        if self._taken is not None:
            self._taken.append((state, decision, tuple(events), after, forced.taken(events)))
        return after, events

    @contextlib.contextmanager
    def watching(self):
        """Within the block, every decision :meth:`take` makes is added to the list it gives (one scenario runs at a
        time on a vocabulary: the runner watches one step's action at a time)."""
        self._taken = taken = []
        try:
            yield taken
        finally:
            self._taken = None

    def fact(self, state, name: str):
        return type(self).fact_getter(name)(state)

    def matches(self, obj, pattern: dict) -> bool:
        """Every field of the pattern equals the object's own (a ruleset whose files name cards by other
        words than its model's ids, or count from 1 where the model counts from 0, says otherwise)."""
        return all(getattr(obj, k, None) == v for k, v in pattern.items())

    def quiet(self, state):
        """What a quiet player does: the first preferred kind on offer, else the first option."""
        for kind in self.quiet_kinds:
            for d in state.options:
                if d.kind == kind:
                    return d
        return state.options[0]
