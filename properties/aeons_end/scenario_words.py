"""The words of an Aeon's End scenario, checked against the game its setup describes.

A scenario's setup fixes the game: its mages (by seat), its nemesis, hence its nemesis cards, its
turn order cards and its damage targets.  :class:`Game` holds those words (``model.aeons_end.families``);
the checks here say why a value is no word of the right family in that game, or no whole number in
its range, and why a decision or event pattern can never match (a field its kind never fills, a
card of another nemesis, a player the game does not have).  Each check returns the reason (a
string) or None, so that load-time checks and the run-time refusal check share them.

Numbers are bounded (:data:`MOST`) so that no amount given in a file can stall a run: no total
of the game comes near it (Gravehold starts at 35 at most, a mage at 12, the nemesis at 25 with
the default parameters), and an Unleash repeated that often still resolves in milliseconds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from oblivaeon_verify.model.aeons_end.card_effects import DealDamage
from oblivaeon_verify.model.aeons_end.cards import MATS
from oblivaeon_verify.model.aeons_end.clauses import CATALOGUE
from oblivaeon_verify.model.aeons_end.decisions import DECISION_KINDS, DecisionKind
from oblivaeon_verify.model.aeons_end.events import EVENT_KINDS
from oblivaeon_verify.model.aeons_end.families import ABOUT, BREACHES, FAMILIES, in_game, index_range, word

from oblivaeon_verify.scenario_lib.vocab_base import Integer, a, kind_of, show

MOST = 999
"""The largest number a scenario may give: an amount, life, charges, aether, tokens, corruption."""
MOST_CARDS = 99
"""The longest list of cards a scenario may place in one pile (the game has 65 player cards per mage at most)."""
SEATS = frozenset({"mage", "turn-actor", "player"})
"""Families of words that name a seat of the game: never valid beyond the setup's players."""
DEFAULT_MAGES = ("Adelheim", "Brama", "Jian", "Kadir")
DEFAULT_NEMESIS = "Rageborne"


def whole(value: Any, lo: int, hi: int) -> str | None:
    """Why ``value`` is not a whole number from ``lo`` to ``hi`` (None: it is); true and false are not numbers."""
    return Integer(lo, hi).problem(value)


def one_of(value: Any, choices, what: str, where: str = "") -> str | None:
    """Why ``value`` is not one of the strings ``choices`` (never hashing a non-string); ``where``
    says whose list it is (" in this game of 2 players")."""
    if not isinstance(value, str):
        listed = f" (one of: {', '.join(sorted(choices))})" if len(choices) <= 8 else ""
        return f"expected {a(what)}{listed}, got {kind_of(value)} {show(value)}"
    if value not in choices:
        return f"unknown {what} {show(value)}{where}; expected one of: {', '.join(sorted(choices))}"
    return None


def clause_problem(value: Any) -> str | None:
    """Why ``value`` is no clause id of the catalogue (naming the ids of its family)."""
    if not isinstance(value, str):
        return f"expected a clause id, got {kind_of(value)} {show(value)}"
    if value not in CATALOGUE:
        near = [k for k in CATALOGUE.ids() if k.split(".")[0] == value.split(".")[0]][:8]
        return f"unknown clause id {show(value)}; ids of that family: {', '.join(near) or 'none'}"
    return None


@dataclass(frozen=True)
class Game:
    """What a scenario's game has: its mages by seat and its nemesis, and so its words."""

    mages: tuple[str, ...]
    nemesis: str

    @classmethod
    def of_setup(cls, setup: Mapping | None) -> Game:
        """The game of a setup table that ``check_setup`` accepted (defaults for what it leaves out)."""
        setup = setup or {}
        mages = setup.get("mages", 2)
        mages = DEFAULT_MAGES[:mages] if isinstance(mages, int) else tuple(mages)
        return cls(mages, setup.get("nemesis", DEFAULT_NEMESIS))

    @classmethod
    def of_state(cls, state) -> Game:
        return cls(tuple(state.setup.mages), state.setup.nemesis)

    @property
    def players(self) -> int:
        return len(self.mages)

    @property
    def words(self) -> Mapping[str, frozenset[str]]:
        return in_game(self.mages, self.nemesis)

    @property
    def where(self) -> str:
        """How a message says whose list a seat is from."""
        return f" in this game of {self.players} players"

    def seats(self) -> tuple[str, ...]:
        """``player 1`` .. ``player N``."""
        return tuple(f"player {i}" for i in range(1, self.players + 1))

    def word_problem(self, value: Any, *families: str, absent: bool = False) -> str | None:
        """Why ``value`` (a key, or a physical id whose key counts) is no word of these families in this game.

        ``absent``: the value is named to say it does not occur (``no_options``, ``no_events``, a fact
        that may be ``none``).  Then a card of another game counts, since its absence is what the
        composition rules say (NEMESIS.BASIC-AND-UNIQUE, TURN-ORDER.COMPOSITION); a seat or mage the
        setup does not have never does (the game cannot invent one)."""
        what = " or ".join(ABOUT[f] for f in families)
        if not isinstance(value, str):
            return f"expected {a(what)}, got {kind_of(value)} {show(value)}"
        here = frozenset().union(*(FAMILIES[f] if absent and f not in SEATS else self.words[f] for f in families))
        if word(value) in here:
            return None
        anywhere = frozenset().union(*(FAMILIES[f] for f in families))
        if word(value) in anywhere:
            return f"{show(value)} is no {what} of this game ({self.describe()}); expected one of: {', '.join(sorted(here)) or 'none'}"
        return f"unknown {what} {show(value)}; expected one of: {', '.join(sorted(here)) or 'none'}"

    def key_problem(self, value: Any, *families: str, absent: bool = False) -> str | None:
        """As :meth:`word_problem`, for a setup or a fact that names cards by key only (the model gives each its id)."""
        if isinstance(value, str) and word(value) != value:
            return f"expected a card key such as {word(value)!r}, not the id {show(value)} (the model gives each card its id)"
        return self.word_problem(value, *families, absent=absent)

    def seat_problem(self, value: Any) -> str | None:
        """Why ``value`` is no player of this game, counted from 1."""
        problem = whole(value, 1, self.players)
        return None if problem is None else problem + f" (this game has {self.players} players)"

    def describe(self) -> str:
        return f"{', '.join(self.mages)} against {self.nemesis}"


# --- decision patterns --------------------------------------------------------------------------

DECISION_FIELDS = ("kind", "actor", "card", "target", "breach", "owner", "player", "index")
"""Fields of a decision pattern: ``breach``, ``owner`` and ``player`` counted from 1, ``index`` the model's own."""


def _carries(k: DecisionKind, field: str) -> bool:
    return {
        "actor": True,
        "card": bool(k.card),
        "target": bool(k.target),
        "breach": k.index in ("breach", "ally-breach"),
        "owner": k.index == "ally-breach",
        "player": k.index == "player",
        "index": bool(k.index),
    }[field]


def carried_by(k: DecisionKind) -> list[str]:
    return [f for f in DECISION_FIELDS[1:] if _carries(k, f)]


def damage_mages(game: Game) -> list[str]:
    """The mages of this game whose ability deals damage (the only ones whose ability takes a target)."""
    return [m for m in game.mages if isinstance(MATS[m].ability, DealDamage)]


def decision_problem(pattern: Mapping[str, Any], game: Game, absent: bool = False) -> tuple[str, str] | None:
    """(field, why) when a decision pattern can match no decision of this game; None when it can
    (``absent``: the pattern says what must not be offered, see :meth:`Game.word_problem`)."""
    kind = pattern.get("kind")
    if kind is not None and (problem := one_of(kind, DECISION_KINDS, "decision kind")):
        return "kind", problem
    kinds = [DECISION_KINDS[kind]] if kind is not None else list(DECISION_KINDS.values())
    named: list[str] = []
    for field, value in pattern.items():
        if field == "kind":
            continue
        if field not in DECISION_FIELDS:
            return field, f"no decision has a field {field!r}; fields: {', '.join(DECISION_FIELDS)}"
        carriers = [k for k in kinds if _carries(k, field)]
        if not carriers and kind is not None:
            return field, f"{a(kind)} decision carries no {field}; it carries {', '.join(carried_by(kinds[0]))}"
        if not carriers:
            return field, f"no decision carries both {' and '.join(named)} and {field}"
        if problem := _field_problem(field, value, carriers, game, absent):
            return field, problem
        kinds, named = carriers, named + [field]
    if kind == "ability" and "target" in pattern and not damage_mages(game):
        abilities = "; ".join(f"{m}: {MATS[m].ability}" for m in game.mages)
        return "target", f"no mage of this game has an ability that deals damage, so no ability takes a target ({abilities})"
    return None


def _field_problem(field: str, value: Any, carriers: list[DecisionKind], game: Game, absent: bool) -> str | None:
    if field in ("card", "target"):
        return game.word_problem(value, *dict.fromkeys(getattr(k, field) for k in carriers), absent=absent)
    if field == "actor":
        return one_of(value, frozenset().union(*(game.words[k.actor] for k in carriers)), "decision actor", game.where)
    if field == "breach":
        return whole(value, 1, BREACHES)
    if field in ("owner", "player"):
        return game.seat_problem(value)
    ranges = [index_range(k.index, game.players) for k in carriers]
    return whole(value, 0, max(r.stop for r in ranges) - 1)


# --- event patterns -----------------------------------------------------------------------------

EVENT_FIELDS = ("kind", "clause", "card", "target", "amount", "detail")


def event_problem(pattern: Mapping[str, Any], game: Game, absent: bool = False) -> tuple[str, str] | None:
    """(field, why) when an event pattern can match no event of this game; None when it can
    (``absent``: the pattern says what must not happen, see :meth:`Game.word_problem`)."""
    kind = pattern.get("kind")
    if kind is not None and (problem := one_of(kind, EVENT_KINDS, "event kind")):
        return "kind", problem
    kinds = [EVENT_KINDS[kind]] if kind is not None else list(EVENT_KINDS.values())
    named: list[str] = []
    for field, value in pattern.items():
        if field == "kind":
            continue
        if field not in EVENT_FIELDS:
            return field, f"no event has a field {field!r}; fields: {', '.join(EVENT_FIELDS)}"
        if field == "clause":
            if problem := clause_problem(value):
                return field, problem
            continue
        carriers = [k for k in kinds if k.carries(field)]
        if not carriers and kind is not None:
            carried = [f for f in EVENT_FIELDS[2:] if kinds[0].carries(f)]
            return field, f"{a(kind)} event carries no {field}; it carries kind, clause{''.join(', ' + f for f in carried)}"
        if not carriers:
            return field, f"no event carries both {' and '.join(named)} and {field}"
        families = list(dict.fromkeys(k.carries(field) for k in carriers))
        if field == "amount":
            breach = families == ["breach"]
            problem = whole(value, 1 if breach else 0, BREACHES if breach else MOST)
        elif "text" in families:
            problem = None if isinstance(value, str) else f"expected a string, got {kind_of(value)} {show(value)}"
        else:
            problem = game.word_problem(value, *families, absent=absent)
        if problem:
            return field, problem
        kinds, named = carriers, named + [field]
    return None
