"""The working copy that one ``step`` builds, and OblivAeon's kernel of work records.

A :class:`Draft` is a ``BaseDraft`` (``model.common.draft``): the state's fields, copied once.  Rules
change it only through its methods, which replace tuples and copy dicts before their first write, so
the state the draft came from is never touched.  ``freeze`` turns the draft back into a
:class:`GameState`.

Work inside a phase is the state's ``agenda`` of typed records (``model.common.kernel``), next last.
Each kind of work is a frozen dataclass defined beside the rule that handles it, registered with
:data:`KERNEL` by its type (``@KERNEL.handles(DrawOne)``); a decision point is an ``Ask`` that carries
its options.  Rules schedule work only with ``d.now(...)`` and ``d.ask(...)``; card instructions still
to resolve are one record too (``effects.Resolve``).  Records are plain values, so a state with work
pending serialises to JSON like any other.
"""

from __future__ import annotations

import inspect
from typing import NamedTuple

from oblivaeon_verify.model.common.draft import BaseDraft
from oblivaeon_verify.model.common.events import Event as CommonEvent
from oblivaeon_verify.model.common.kernel import Kernel
from oblivaeon_verify.model.oblivaeon.cards import card_words
from oblivaeon_verify.model.oblivaeon.deck import Deck
from oblivaeon_verify.model.oblivaeon.events import KINDS as EVENT_KINDS
from oblivaeon_verify.model.oblivaeon.state import OUTCOMES, GameState, Outcome, Seat, Zone, evolve

KERNEL = Kernel("oblivaeon", "oblivaeon_verify.model.oblivaeon", "ROUND.REPEAT")
"""OblivAeon's handlers, one per record type; ``engine`` seals it once every rule module is imported."""


class Event(CommonEvent):
    """An event of the OblivAeon model (fields in ``model.common.events``); printed with card names."""

    __slots__ = ()

    def __str__(self) -> str:
        return self.describe(card_words)


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


class Draft(BaseDraft):
    """A state's fields, its agenda as a list while the step runs, and the events so far."""

    __slots__ = ()

    def freeze(self) -> GameState:
        return self.build(GameState)

    # --- parameters and setup ------------------------------------------------------------
    @property
    def params(self):
        return self.setup.params

    # --- events --------------------------------------------------------------------------
    def emit(
        self,
        kind: str,
        clause: str,
        zone: int = 0,
        source_zone: int = 0,
        reach: str = "zone",
        card: str = "",
        target: str = "",
        amount: int = 0,
        detail: str = "",
    ) -> None:
        """Record an event (its fields and their defaults are ``Event``'s, in its order: checked below, at import).

        Spelled out, not passed on as ``**data``: random play emits some five events a decision, and building the
        tuple directly makes each several times cheaper."""
        if kind not in EVENT_KINDS:
            raise ValueError(f"event kind {kind!r} is not declared in model/oblivaeon/events.py")
        self.events.append(_new_tuple(Event, (kind, clause, zone, source_zone, reach, card, target, amount, detail)))

    def end(self, kind: str, reason: str, clause: str) -> None:
        if kind not in OUTCOMES:
            raise ValueError(f"outcome {kind!r} is none of {', '.join(OUTCOMES)}")
        if self.outcome is None:
            self.outcome = Outcome(kind, reason, clause)
            self.emit("game-" + kind, clause, detail=reason)

    # --- copy-on-write dicts -------------------------------------------------------------
    def set_hp(self, card: str, value: int) -> None:
        self.own("hp")[card] = value

    def drop_hp(self, card: str) -> None:
        if card in self.hp:
            del self.own("hp")[card]

    def set_tokens(self, card: str, value: int) -> None:
        if value:
            self.own("tokens")[card] = value
        elif card in self.tokens:
            del self.own("tokens")[card]

    def set_under(self, card: str, cards: tuple[str, ...]) -> None:
        if cards:
            self.own("under")[card] = tuple(cards)
        elif card in self.under:
            del self.own("under")[card]

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
        envs = self.own("envs")
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

    def trash(self, ref: tuple) -> tuple[str, ...]:
        """The trash that refills the deck ``ref`` (a deck without one: the Mission deck, the Reserve: none)."""
        kind = ref[0]
        if kind == "seat":
            return self.seats[ref[1]].trash
        if kind == "env":
            return self.envs[ref[1]].trash
        return getattr(self, TRASH_FIELDS[kind]) if kind in TRASH_FIELDS else ()

    def set_trash(self, ref: tuple, cards: tuple[str, ...]) -> None:
        kind = ref[0]
        if kind == "seat":
            self.seat_update(ref[1], trash=cards)
        elif kind == "env":
            self.env_update(ref[1], trash=cards)
        else:
            setattr(self, TRASH_FIELDS[kind], cards)


_new_tuple = tuple.__new__


def _emit_matches_event() -> None:
    """``Draft.emit`` takes exactly ``Event``'s fields, in order, with the same defaults (it builds the tuple itself)."""
    params = list(inspect.signature(Draft.emit).parameters.values())[1:]
    if tuple(p.name for p in params) != Event._fields or any(
        p.default != Event._field_defaults[p.name] for p in params if p.name in Event._field_defaults
    ):
        raise TypeError(f"Draft.emit's parameters {[p.name for p in params]} are not Event's fields {list(Event._fields)}")


_emit_matches_event()

TRASH_FIELDS = {"oblivaeon": "oblivaeon_trash", "scion": "scion_trash", "aeon": "aeon_trash"}
"""The decks that a trash of their own refills (a hero's and an environment's are in their records)."""

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
