"""The working copy that one ``step`` builds, and the frames of work it runs.

A :class:`Draft` starts as a shallow copy of a state.  Rules change it only through its methods,
which replace tuples and copy dicts before their first write, so the state the draft came from is
never touched.  ``freeze`` turns the draft back into a :class:`GameState`.

Work inside a phase is a stack of frames (top last):

* ``("ops", ops, ctx)``: card instructions still to resolve;
* ``("call", name, args)``: a named continuation, run when it reaches the top;
* ``("choice", Choice)``: a decision point; the run loop stops here when it has 2+ options.

Continuations are registered by name so that frames stay plain data that serialises to JSON.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import NamedTuple

from oblivaeon_verify.model.common.events import Event as CommonEvent
from oblivaeon_verify.model.oblivaeon.decisions import Decision
from oblivaeon_verify.model.oblivaeon.deck import Deck
from oblivaeon_verify.model.oblivaeon.events import KINDS as EVENT_KINDS
from oblivaeon_verify.model.oblivaeon.state import OUTCOMES, GameState, Outcome, Seat, Zone, evolve

_STATE_FIELDS = tuple(f.name for f in fields(GameState))


class Event(CommonEvent):
    """An event of the OblivAeon model (fields in ``model.common.events``); printed with card names."""

    __slots__ = ()

    def __str__(self) -> str:
        from oblivaeon_verify.model.oblivaeon.cards import describe

        return self.describe(describe)


class Ctx(NamedTuple):
    """Who is doing something, from where: the context an instruction resolves in."""

    source: str
    side: str
    """``hero``, ``villain``, ``environment``, ``oblivaeon`` (the Booklet and Shield) or ``mission``."""
    seat: int
    """The controlling seat's index, or -1 when no player controls the effect."""
    zone: int
    host: int = -1
    """For a card next to a hero: that hero's seat index."""
    clause: str = ""
    """The clause under which the effect resolves (the phase that played or triggered it)."""


class Choice(NamedTuple):
    resume: str
    options: tuple[Decision, ...]
    payload: tuple = ()


CONTINUATIONS: dict[str, Callable] = {}


def continuation(name: str) -> Callable:
    """Register a function as a named continuation (called as ``fn(draft, *args)``)."""

    def reg(fn: Callable) -> Callable:
        if name in CONTINUATIONS:
            raise ValueError(f"continuation {name!r} registered twice")
        CONTINUATIONS[name] = fn
        return fn

    return reg


RESUMES: dict[str, Callable] = {}


def resume(name: str) -> Callable:
    """Register what happens when a decision point of kind ``name`` gets its decision."""

    def reg(fn: Callable) -> Callable:
        if name in RESUMES:
            raise ValueError(f"resume {name!r} registered twice")
        RESUMES[name] = fn
        return fn

    return reg


class Draft:
    """A state's fields in ``__dict__`` (one dictionary copy in, one out), plus the events so far."""

    __slots__ = ("events", "_copied", "__dict__")

    def __init__(self, state: GameState) -> None:
        fields_ = self.__dict__
        fields_.update(state.__dict__)
        fields_["stack"] = list(state.stack)
        self.events: list[Event] = []
        self._copied: set[str] = set()

    def freeze(self) -> GameState:
        new = object.__new__(GameState)
        values = new.__dict__
        values.update(self.__dict__)
        values["stack"] = tuple(self.stack)
        return new

    # --- parameters and setup ------------------------------------------------------------
    @property
    def params(self):
        return self.setup.params

    # --- events --------------------------------------------------------------------------
    def emit(self, kind: str, clause: str, **data) -> None:
        if kind not in EVENT_KINDS:
            raise ValueError(f"event kind {kind!r} is not declared in model/oblivaeon/events.py")
        self.events.append(Event(kind, clause, **data))

    def end(self, kind: str, reason: str, clause: str) -> None:
        if kind not in OUTCOMES:
            raise ValueError(f"outcome {kind!r} is none of {', '.join(OUTCOMES)}")
        if self.outcome is None:
            self.outcome = Outcome(kind, reason, clause)
            self.emit("game-" + kind, clause, detail=reason)

    # --- frames --------------------------------------------------------------------------
    def push_call(self, name: str, *args) -> None:
        self.stack.append(("call", name, args))

    def push_ops(self, ops: tuple, ctx: Ctx) -> None:
        if ops:
            self.stack.append(("ops", tuple(ops), ctx))

    def push_choice(self, resume_name: str, options, payload: tuple = ()) -> None:
        self.stack.append(("choice", Choice(resume_name, tuple(options), payload)))

    # --- copy-on-write dicts -------------------------------------------------------------
    def _own(self, name: str) -> dict:
        if name not in self._copied:
            setattr(self, name, dict(getattr(self, name)))
            self._copied.add(name)
        return getattr(self, name)

    def set_hp(self, card: str, value: int) -> None:
        self._own("hp")[card] = value

    def drop_hp(self, card: str) -> None:
        if card in self.hp:
            del self._own("hp")[card]

    def set_tokens(self, card: str, value: int) -> None:
        if value:
            self._own("tokens")[card] = value
        elif card in self.tokens:
            del self._own("tokens")[card]

    def set_under(self, card: str, cards: tuple[str, ...]) -> None:
        if cards:
            self._own("under")[card] = tuple(cards)
        elif card in self.under:
            del self._own("under")[card]

    def flip_to_reward(self, card: str) -> None:
        self.reward_side = self.reward_side | {card}

    def flip_to_objective(self, card: str) -> None:
        self.reward_side = self.reward_side - {card}

    # --- seats and zones -----------------------------------------------------------------
    def seat_update(self, i: int, **changes) -> Seat:
        seat = evolve(self.seats[i], **changes)
        self.seats = self.seats[:i] + (seat,) + self.seats[i + 1 :]
        return seat

    def zone_update(self, number: int, **changes) -> Zone:
        z = evolve(self.zones[number - 1], **changes)
        self.zones = (z, self.zones[1]) if number == 1 else (self.zones[0], z)
        return z

    def env_update(self, name: str, **changes) -> None:
        envs = self._own("envs")
        envs[name] = evolve(envs[name], **changes)

    # --- decks by reference --------------------------------------------------------------
    def deck(self, ref: tuple) -> Deck:
        kind = ref[0]
        if kind == "seat":
            return self.seats[ref[1]].deck
        if kind == "env":
            return self.envs[ref[1]].deck
        return getattr(self, DECK_FIELDS[kind])

    def set_deck(self, ref: tuple, deck: Deck) -> None:
        kind = ref[0]
        if kind == "seat":
            self.seat_update(ref[1], deck=deck)
        elif kind == "env":
            self.env_update(ref[1], deck=deck)
        else:
            setattr(self, DECK_FIELDS[kind], deck)


DECK_FIELDS = {
    "oblivaeon": "oblivaeon_deck",
    "scion": "scion_deck",
    "aeon": "aeon_deck",
    "mission": "mission_deck",
    "reserve": "reserve",
}


def deck_label(d: Draft | GameState, ref: tuple) -> str:
    kind = ref[0]
    if kind == "seat":
        return f"{d.seats[ref[1]].hero}'s deck"
    if kind == "env":
        return f"the {ref[1]} deck"
    return {
        "oblivaeon": "the OblivAeon deck",
        "scion": "the Scion deck",
        "aeon": "the Aeon Men deck",
        "mission": "the Mission deck",
        "reserve": "the Scion Reserve",
    }[kind]
