"""The state facts an Aeon's End scenario may expect, each with the type of its value.

A fact is read from a state by its getter and compared with the file's value; the file's value is
checked when the file is read, against the fact's type and the scenario's game: ``aether = true``
is no whole number, ``"player 1 hand" = [1, 2]`` no list of cards, ``"player 3 life"`` no fact of
a two-player game, ``"life of raging-brute"`` no fact of a game against the Crooked Mask.
Hands, the shuffled decks and ``legal kinds`` compare in any order (:class:`Bag`); piles whose
order is a rule (a deck, a discard pile, the turn order discard) compare in order.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from oblivaeon_verify.model.aeons_end.clauses import CATALOGUE
from oblivaeon_verify.model.aeons_end.decisions import DECISION_KINDS
from oblivaeon_verify.model.aeons_end.families import ABOUT, BREACHES, word
from oblivaeon_verify.model.aeons_end.state import OUTCOMES, PHASES
from oblivaeon_verify.properties.aeons_end.scenario_words import MOST, Game, a, kind_of, one_of, show, whole

Getter = Callable[[Any], Any]
Check = Callable[[Any, Game], "str | None"]


class Bag(list):
    """A list whose order does not matter when compared (a hand, a shuffled deck)."""


# --- value types ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class FactType:
    what: str
    """The value's type in a message's words."""
    check: Check
    """Why a file's value is not of this type in this game (None: it is)."""


def _count(v: Any, game: Game) -> str | None:
    return whole(v, 0, MOST)  # no life, count or pile of the game reaches the cap every number of a file has


def _flag(v: Any, game: Game) -> str | None:
    return None if isinstance(v, bool) else f"expected true or false, got {kind_of(v)} {show(v)}"


COUNT = FactType(f"a whole number from 0 to {MOST}", _count)
FLAG = FactType("true or false", _flag)


def word_of(choices: Callable[[Game], Any], what: str, of_game: bool = False) -> FactType:
    """One string among ``choices(game)`` (``of_game``: the choices depend on the game's seats and mages)."""
    return FactType(a(what), lambda v, game: one_of(v, choices(game), what, f" in this game ({game.describe()})" if of_game else ""))


def card_of(family: str, *extra: str) -> FactType:
    """A card key of ``family`` in this game, or one of ``extra`` (such as ``none``)."""

    def check(v: Any, game: Game) -> str | None:
        return None if isinstance(v, str) and v in extra else game.key_problem(v, family)

    return FactType(f"a {ABOUT[family]} key" + "".join(f" or {e!r}" for e in extra), check)


def list_of(item: FactType, ordered: bool) -> FactType:
    """A list of values of ``item``'s type, compared in order or in any order."""
    what = f"a list of {item.what.removeprefix('a ').removeprefix('an ')}s ({'in order' if ordered else 'any order'})"

    def check(v: Any, game: Game) -> str | None:
        if not isinstance(v, list):
            return f"expected {what}, got {kind_of(v)} {show(v)}"
        for i, x in enumerate(v):
            problem = item.check(x, game)
            if problem:
                return f"item {i + 1}: {problem}"
        return None

    return FactType(what, check)


def count_or_none(what: str) -> FactType:
    def check(v: Any, game: Game) -> str | None:
        if (isinstance(v, str) and v == "none") or whole(v, 0, MOST) is None:
            return None
        return f"expected a whole number from 0 to {MOST} or 'none' ({what}), got {kind_of(v)} {show(v)}"

    return FactType(f"a whole number from 0 to {MOST} or 'none' ({what})", check)


CLOSED = tuple(f"closed {n}" + focused for n in range(BREACHES) for focused in ("", " focused"))
BREACH_WORDS = ("opened", "destroyed", *CLOSED)
END_CLAUSES = tuple(c for c in CATALOGUE.ids() if c.startswith("END."))
OUTCOME_CLAUSE = FactType(
    "a clause id of the END family, or '' while the game goes on",
    lambda v, game: None if v == "" else one_of(v, END_CLAUSES, "outcome clause", " (or '' while the game goes on)"),
)


# --- what a fact reads ----------------------------------------------------------------------------


def breach_word(br) -> str:
    if br.destroyed:
        return "destroyed"
    if br.opened:
        return "opened"
    return f"closed {br.focus}" + (" focused" if br.focused_this_turn else "")


def whose_turn(s) -> str:
    if s.actor == "nemesis":
        return "nemesis"
    if s.actor.startswith("p"):
        return f"player {int(s.actor[1:]) + 1}"
    return "turn order"


def outcome(s) -> str:
    return s.outcome.kind if s.outcome else "none"


def keys(cards) -> list[str]:
    return [word(c) for c in cards]


def _turn_words(game: Game) -> tuple[str, ...]:
    return (*game.seats(), "nemesis", "turn order")


def _in_play(s, card: str, field: str):
    return next((getattr(p, field) for p in s.in_play if word(p.card) == card), "none")


TURN_CARDS, NEMESIS_KEYS, PLAYER_KEYS = card_of("turn"), card_of("nemesis"), card_of("player-card")

SIMPLE_FACTS: dict[str, tuple[Getter, FactType]] = {
    "outcome": (outcome, word_of(lambda g: ("none", *OUTCOMES), "outcome")),
    "outcome clause": (lambda s: s.outcome.clause if s.outcome else "", OUTCOME_CLAUSE),
    "turn": (whose_turn, word_of(_turn_words, "turn", of_game=True)),
    "phase": (lambda s: s.phase, word_of(lambda g: PHASES, "phase")),
    "aether": (lambda s: s.aether, COUNT),
    "gravehold": (lambda s: s.gravehold, COUNT),
    "nemesis life": (lambda s: s.nemesis_life, COUNT),
    "corruption": (lambda s: s.corruption, COUNT),
    "turns taken": (lambda s: s.turn, COUNT),
    "turn order cycles": (lambda s: s.cycles, COUNT),
    "turn order deck": (lambda s: Bag(keys(s.turn_deck.cards())), list_of(TURN_CARDS, ordered=False)),
    "turn order deck size": (lambda s: len(s.turn_deck), COUNT),
    "turn order discard": (lambda s: keys(s.turn_discard), list_of(TURN_CARDS, ordered=True)),
    "in play": (lambda s: keys(p.card for p in s.in_play), list_of(card_of("minion-or-power"), ordered=True)),
    "nemesis deck": (lambda s: Bag(keys(c for t in s.nemesis_deck for c in t.cards())), list_of(NEMESIS_KEYS, ordered=False)),
    "nemesis deck size": (lambda s: sum(len(t) for t in s.nemesis_deck), COUNT),
    "nemesis discard": (lambda s: keys(s.nemesis_discard), list_of(NEMESIS_KEYS, ordered=True)),
    "legal kinds": (
        lambda s: Bag(sorted({d.kind for d in s.options})),
        list_of(word_of(lambda g: DECISION_KINDS, "decision kind"), ordered=False),
    ),
}

PLAYER_FACTS: dict[str, tuple[Getter, FactType]] = {
    "mage": (lambda m: m.name, word_of(lambda g: g.mages, "mage", of_game=True)),
    "life": (lambda m: m.life, COUNT),
    "charges": (lambda m: m.charges, COUNT),
    "exhausted": (lambda m: m.exhausted, FLAG),
    "hand": (lambda m: Bag(keys(m.hand)), list_of(PLAYER_KEYS, ordered=False)),
    "hand size": (lambda m: len(m.hand), COUNT),
    "deck": (lambda m: keys(m.deck), list_of(PLAYER_KEYS, ordered=True)),
    "deck size": (lambda m: len(m.deck), COUNT),
    "discard": (lambda m: keys(m.discard), list_of(PLAYER_KEYS, ordered=True)),
    "discard top": (lambda m: word(m.discard[-1]) if m.discard else "none", card_of("player-card", "none")),
    "played": (lambda m: Bag(keys(m.played)), list_of(card_of("gem-or-relic"), ordered=False)),
}

BREACH_FACTS: dict[str, tuple[Callable[[Any], Any], FactType]] = {
    "": (breach_word, word_of(lambda g: BREACH_WORDS, "breach state")),
    " spell": (lambda br: word(br.spell or "none"), card_of("spell", "none")),
}

CARD_FACTS: dict[str, tuple[Callable[[Any, str], Any], str, FactType]] = {
    "life of": (lambda s, c: _in_play(s, c, "life"), "minion", count_or_none("none: not in play")),
    "tokens on": (lambda s, c: _in_play(s, c, "tokens"), "power", count_or_none("none: not in play")),
    "supply": (lambda s, c: len(s.supply.get(c, ())), "supply", COUNT),
}
"""Facts about one card: (getter, the card's family, the value's type)."""

PLAYER_RE = re.compile(r"player ([1-4]) (.+)")
BREACH_RE = re.compile(r"player ([1-4]) breach ([1-4])( spell)?")


@dataclass(frozen=True)
class Fact:
    get: Getter
    type: FactType
    player: int = 0
    """The player it is about, counted from 1 (0: none)."""
    card: str = ""
    family: str = ""
    """The card it is about, and the family that card must be of."""

    def problem(self, value: Any, game: Game) -> str | None:
        """Why expecting ``value`` of this fact makes no sense in this game (None: it may)."""
        if self.player > game.players:
            return f"there is no player {self.player} with {game.players} players"
        if self.card:  # its value may be 'none' (not in play): a card of another game counts
            problem = game.key_problem(self.card, self.family, absent=True)
            if problem:
                return problem
        return self.type.check(value, game)


def _mage(s, n: int):
    if n > len(s.mages):
        raise LookupError(f"there is no player {n} with {len(s.mages)} players")
    return s.mages[n - 1]


def find_fact(name: str) -> Fact | str:
    """The fact ``name``, or an error message listing the facts there are."""
    if name in SIMPLE_FACTS:
        return Fact(*SIMPLE_FACTS[name])
    m = BREACH_RE.fullmatch(name)
    if m:
        n, b = int(m.group(1)), int(m.group(2)) - 1
        get, typ = BREACH_FACTS[m.group(3) or ""]
        return Fact(lambda s: get(_mage(s, n).breaches[b]), typ, player=n)
    m = PLAYER_RE.fullmatch(name)
    if m:
        n, what = int(m.group(1)), m.group(2)
        if what not in PLAYER_FACTS:
            return f"'player N' facts are {', '.join(PLAYER_FACTS)}, 'breach B' and 'breach B spell'; not {what!r}"
        get, typ = PLAYER_FACTS[what]
        return Fact(lambda s: get(_mage(s, n)), typ, player=n)
    for prefix, (get, family, typ) in CARD_FACTS.items():
        if name.startswith(prefix + " "):
            card = name[len(prefix) + 1 :]
            return Fact(lambda s, get=get, card=card: get(s, card), typ, card=card, family=family)
    return (
        f"unknown fact {name!r}; facts are {', '.join(SIMPLE_FACTS)}, 'player N ...' ({', '.join(PLAYER_FACTS)}, breach B, breach B spell), "
        + ", ".join(f"'{p} CARD'" for p in CARD_FACTS)
    )


def fact_getter(name: str) -> Getter | str:
    """The getter for a fact name, or an error message listing what exists."""
    fact = find_fact(name)
    return fact if isinstance(fact, str) else fact.get
