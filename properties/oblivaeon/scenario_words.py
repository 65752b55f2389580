"""The words of OblivAeon scenario files: card, place and deck names, the numbers' ranges, and the
state facts a scenario may assert, each with the type of its value.

Everything here is read from the model (its card tables, clause catalogue, decision and event kinds,
round order, charts) and checked against what the scenario's setup has: a fact about hero 5 in a
game of four, or a card of an environment the setup did not bring, is refused when the file is
read.  ``scenario_vocab`` uses these words for its checks and its run-time reading of facts.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from oblivaeon_verify.model.oblivaeon import charts
from oblivaeon_verify.model.oblivaeon.battle_zones import OBLIVAEON, is_character, reachable_decks, target_side, targets_in
from oblivaeon_verify.model.oblivaeon.cards import CHARACTER_CARDS, CHARACTERS, ENVIRONMENTS, HEROES, PHYSICAL, SCION_PANELS, slug
from oblivaeon_verify.model.oblivaeon.clauses import CATALOGUE
from oblivaeon_verify.model.oblivaeon.decisions import ZONE_NAMES
from oblivaeon_verify.model.oblivaeon.draft import DECK_FIELDS, deck_label
from oblivaeon_verify.model.oblivaeon.heroes import available_characters, hero_ctx
from oblivaeon_verify.model.oblivaeon.incapacitation import rewards_visible_to
from oblivaeon_verify.model.oblivaeon.parameters import DEFAULT
from oblivaeon_verify.model.oblivaeon.places import place_of
from oblivaeon_verify.model.oblivaeon.round_order import AFTER_TURN, PHASES, current_phase, current_turn, turns
from oblivaeon_verify.model.oblivaeon.ruleset import RULESET
from oblivaeon_verify.model.oblivaeon.state import OUTCOMES

from oblivaeon_verify.scenario_lib.vocab_base import Boolean, Integer, ListOf, Text, Value, Words, listing, one_of, show

DEFAULT_HEROES = ("char:legacy:legacy", "char:tachyon:tachyon", "char:ra:ra", "char:haka:haka", "char:bunker:bunker")
DEFAULT_HERO_COUNT = 4
DEFAULT_SHIELD = "The Arc of Unreality"
DEFAULT_ENVS = ("Insula Primalis", "Megalopolis", "Ruins of Atlantis", "Rook City", "Temple of Zhu Long")
HERO_COUNTS = RULESET.players
ZONES = tuple(ZONE_NAMES)
SHIELDS = tuple(s.name for s in DEFAULT.shields)

# --- the ranges of numbers (a scenario's numbers are bounded, so no step can run away) -----

MAX_AMOUNT = 500
"""Damage, healing, reductions and HP a scenario may give or expect: enough to fell any target in one
blow (scenarios use 200 for that; the largest printed amount is 20, the largest HP 40)."""
MAX_CARDS = 60
"""Cards drawn, discarded or called in one effect, and the size of a pile (the largest deck holds 40)."""
MAX_TOKENS = 50
"""Tokens on a card, and a Game Over card's token limit."""
MAX_COUNTER = 100
"""Devastation, the Countdown and the Shield's tasks (the Countdown starts at 6)."""
MAX_ROUND = 400
"""Rounds, as far as the model's own safety stop (``Parameters.max_rounds``)."""
MAX_INDEX = 20
"""A decision's index (a power, an incapacitated ability, a seat, a deck among the reachable ones)."""
MAX_NTH = 1000
"""An event's rank among its step's events of its kind."""
MAX_EVENT_AMOUNT = 1000
"""An event's amount (damage dealt, a round number, Devastation added or spent: negative when spent)."""

# --- the shape of the game a setup fixes ---------------------------------------------------


@dataclass(frozen=True)
class Shape:
    """What a scenario's setup fixes for the whole game, for the checks of its steps: how many hero
    seats, the starting characters (when named) and the five environment decks."""

    heroes: int
    characters: tuple[str, ...]
    environments: tuple[str, ...]

    def seat_problem(self, n: int) -> str | None:
        if not 1 <= n <= self.heroes:
            return f"this setup has {self.heroes} heroes: there is no hero {n}"
        return None


def shape_of(setup: dict | None) -> Shape:
    """The shape of a setup that ``check_setup`` has accepted (None: the default setup)."""
    setup = setup or {}
    heroes = setup.get("heroes", DEFAULT_HERO_COUNT)
    characters = tuple(heroes) if isinstance(heroes, list) else DEFAULT_HEROES[:heroes]
    return Shape(len(characters), characters, tuple(setup.get("environments", DEFAULT_ENVS)))


# --- names ---------------------------------------------------------------------------------

SHIELD_IDS = {f"shield:{slug(s)}" for s in SHIELDS}
CARD_IDS = frozenset(PHYSICAL) | frozenset(CHARACTER_CARDS) | frozenset(CHARACTERS) | frozenset(SCION_PANELS) | {OBLIVAEON} | SHIELD_IDS


def is_card(card: str) -> bool:
    return card in CARD_IDS


def unknown_card(card: str) -> str:
    stem = card.split(":")[0]
    near = sorted(k for k in list(PHYSICAL) + list(CHARACTER_CARDS) + list(SCION_PANELS) if k.startswith(stem + ":"))[:4]
    hint = (
        f"; cards starting {stem}: are e.g. {', '.join(near)}"
        if near
        else "; ids look like mission:scion-hunt#1, char:legacy:legacy, scion:progeny"
    )
    return f"unknown card id {show(card)}{hint}"


def card_problem(card: str, shape: Shape) -> str | None:
    """Why ``card`` names no card of this game: an unknown id, or a card of an environment deck the setup did not bring."""
    if not is_card(card):
        return unknown_card(card)
    env = PHYSICAL[card].deck if card in PHYSICAL else None
    if env in ENVIRONMENTS and env not in shape.environments:
        return f"{card} belongs to {env}, which this setup does not have (its environments: {', '.join(shape.environments)})"
    return None


def env_problem(env: str, shape: Shape) -> str | None:
    if env not in shape.environments:
        known = "" if env in ENVIRONMENTS else "unknown environment; "
        return f"{known}{show(env)} is none of this setup's environments: {', '.join(shape.environments)}"
    return None


def cards(shape: Shape, what: str = "a card id") -> Words:
    return Words(what, lambda c: card_problem(c, shape))


def environments(shape: Shape) -> Words:
    return Words("an environment of the setup", lambda e: env_problem(e, shape))


def deck_labels(heroes=HEROES, envs=ENVIRONMENTS) -> frozenset[str]:
    """Every way the model labels a deck in a decision ("Legacy's deck", "the Rook City deck", ...),
    read from the model's own ``deck_label``."""
    table = SimpleNamespace(seats=[SimpleNamespace(hero=h) for h in heroes])
    refs = [("seat", i) for i in range(len(heroes))] + [("env", e) for e in envs] + [(k,) for k in DECK_FIELDS if k not in ("seat", "env")]
    labels = {deck_label(table, r) for r in refs}
    return frozenset(labels | {f"{label} (bottom)" for label in labels})


DECK_LABELS = deck_labels()


def name_problem(name: str, shape: Shape) -> str | None:
    """Why ``name`` is none of the things an event or a decision can name: a card id, a hero, an
    environment of the setup, a Shield or a deck's label."""
    if is_card(name):
        return card_problem(name, shape)
    if name in ENVIRONMENTS:
        return env_problem(name, shape)
    if name in HEROES or name in SHIELDS or name in DECK_LABELS:
        return None
    if ":" in name:
        return unknown_card(name)
    return f"{show(name)} names no card, hero, environment, Shield or deck of OblivAeon"


def names(shape: Shape) -> Words:
    return Words("a card id or a name", lambda n: name_problem(n, shape))


HERO_NAMES = one_of(HEROES, "hero name")
CHARACTER_IDS = one_of(
    CHARACTER_CARDS, "character card id", lambda c: unknown_card(c) if not is_card(c) else f"{c} is no hero character card"
)
"""Hero character cards (a team such as the Sentinels has one per member)."""
VARIANT_IDS = one_of(
    CHARACTERS, "hero variant", lambda c: unknown_card(c) if not is_card(c) and c not in CHARACTERS else f"{c} is no hero variant"
)
"""Hero variants, what a player sets up (``char:the-sentinels:the-sentinels`` for the whole team)."""
CLAUSE_IDS = one_of(CATALOGUE.ids(), "clause id")
PHASE_NAMES = one_of({name for table in PHASES.values() for name, _ in table} | {AFTER_TURN[0], "setup"}, "phase")


def turn_labels(shape: Shape) -> Value:
    return one_of({str(t) for t in turns(shape.heroes)} | {"setup"}, "turn of this game")


def actors(shape: Shape) -> Value:
    """Who takes a decision: chance, the players together, or the player holding a marker."""
    return one_of({"chance", "players"} | {f"hero {i}" for i in range(1, shape.heroes + 1)}, "decision's actor")


# --- places and decks in words ---------------------------------------------------------------

_SEAT_FIELDS = ("characters", "incapacitated", "deck", "hand", "trash", "play")
_ZONE_FIELDS = {"environment play": "env_play", "villain play": "villain_play", "scions": "scions"}
_PILES = {
    "oblivaeon deck": "oblivaeon_deck",
    "oblivaeon trash": "oblivaeon_trash",
    "scion deck": "scion_deck",
    "scion trash": "scion_trash",
    "aeon men deck": "aeon_deck",
    "aeon men trash": "aeon_trash",
    "mission deck": "mission_deck",
    "reserve": "reserve",
    "scions out": "scions_out",
    "box": "box",
    "out": "out",
    "shield": "shield",
}
_PILE_WORDS = {v_: k for k, v_ in _PILES.items()}
PLACE_HELP = (
    "a place such as 'hero 1 play' (or characters, incapacitated, deck, hand, trash), 'zone 2 environment play', "
    "'zone 1 villain play', 'zone 1 scions', 'Rook City deck' / 'Rook City trash', 'under CARD', " + ", ".join(repr(k) for k in _PILES)
)


def place_words(place: tuple | None) -> str:
    """A place of ``places.containers`` in the words scenarios use."""
    if place is None:
        return "nowhere"
    kind = place[0]
    if kind == "seat":
        return f"hero {place[1] + 1} {place[2]}"
    if kind == "zone":
        return f"zone {place[1]} " + {v_: k for k, v_ in _ZONE_FIELDS.items()}[place[2]]
    if kind == "env":
        return f"{place[1]} {place[2]}"
    if kind == "under":
        return f"under {place[1]}"
    return _PILE_WORDS.get(kind, kind)


def parse_place(words: str, shape: Shape | None = None) -> tuple | str:
    """The model place for scenario words, or an error message (with ``shape``: only places this game has)."""
    m = re.fullmatch(r"hero ([1-5]) (\w+)", words)
    if m:
        if m.group(2) not in _SEAT_FIELDS:
            return f"'hero N' takes one of {', '.join(_SEAT_FIELDS)}, not {m.group(2)!r}"
        return (shape and shape.seat_problem(int(m.group(1)))) or ("seat", int(m.group(1)) - 1, m.group(2))
    m = re.fullmatch(r"zone ([12]) (.+)", words)
    if m:
        if m.group(2) not in _ZONE_FIELDS:
            return f"'zone N' takes one of {', '.join(_ZONE_FIELDS)}, not {m.group(2)!r}"
        return ("zone", int(m.group(1)), _ZONE_FIELDS[m.group(2)])
    m = re.fullmatch(r"under (.+)", words)
    if m:
        problem = card_problem(m.group(1), shape) if shape else (None if is_card(m.group(1)) else unknown_card(m.group(1)))
        return problem or ("under", m.group(1))
    for env in ENVIRONMENTS:
        if words in (f"{env} deck", f"{env} trash"):
            return (shape and env_problem(env, shape)) or ("env", env, words.rsplit(" ", 1)[1])
    if words in _PILES and words != "shield":
        return (_PILES[words],)
    return f"unknown place {show(words)}; expected {PLACE_HELP}"


def _deck_words(ref: tuple) -> str:
    if ref[0] == "env":
        return f"{ref[1]} deck"
    if ref[0] == "seat":
        return f"hero {ref[1] + 1} deck"
    named = {"oblivaeon": "oblivaeon deck", "scion": "scion deck", "aeon": "aeon men deck", "mission": "mission deck", "reserve": "reserve"}
    return named.get(ref[0]) or _PILE_WORDS.get(ref[0], " ".join(str(x) for x in ref))


_DECK_REFS = {"oblivaeon deck": ("oblivaeon",), "scion deck": ("scion",), "aeon men deck": ("aeon",), "mission deck": ("mission",)}
_DECK_HELP = "'hero N deck', 'ENV deck' (e.g. 'Rook City deck'), " + ", ".join(repr(k) for k in _DECK_REFS) + " or 'reserve'"


def parse_deck(words: str, shape: Shape | None = None) -> tuple | str:
    """The model's reference for a deck named in scenario words, or an error message."""
    if words in _DECK_REFS:
        return _DECK_REFS[words]
    if words == "reserve":
        return ("reserve",)
    m = re.fullmatch(r"hero ([1-5]) deck", words)
    if m:
        return (shape and shape.seat_problem(int(m.group(1)))) or ("seat", int(m.group(1)) - 1)
    for env in ENVIRONMENTS:
        if words == f"{env} deck":
            return (shape and env_problem(env, shape)) or ("env", env)
    return f"unknown deck {show(words)}; expected {_DECK_HELP}"


def _words_problem(parse: Callable[[str, Shape], tuple | str], shape: Shape) -> Callable[[str], str | None]:
    def problem(words: str) -> str | None:
        p = parse(words, shape)
        return p if isinstance(p, str) else None

    return problem


def places(shape: Shape) -> Value:
    return Words("a place", _words_problem(parse_place, shape)) | one_of(("nowhere", "shield"), "place")


def decks(shape: Shape) -> Value:
    return Words("a deck", _words_problem(parse_deck, shape))


# --- facts ---------------------------------------------------------------------------------

Getter = Callable[[Any], Any]
Typer = Callable[[Shape], Value]
"""A fact's value type, given the game's shape (a turn of this game, a card of its decks)."""


@dataclass(frozen=True)
class Fact:
    """A state fact a scenario may assert: how to read it, and what type its value has."""

    get: Getter
    type: Typer


def _fixed(v: Value) -> Typer:
    return lambda shape: v


def _or_words(typer: Typer, *words: str) -> Typer:
    return lambda shape: typer(shape) | one_of(words, "word")


INT = Integer
_NAMED_OR_EMPTY = one_of(("",), "empty")


def _seat_facts(i: int) -> dict[str, Fact]:
    def seat(s):
        return s.seats[i]

    return {
        "marker": Fact(lambda s: seat(s).marker, _fixed(INT(1, max(HERO_COUNTS)))),
        "zone": Fact(lambda s: seat(s).zone, _fixed(INT(min(ZONES), max(ZONES)))),
        "hero": Fact(lambda s: seat(s).hero or "", _fixed(HERO_NAMES | _NAMED_OR_EMPTY)),
        "characters": Fact(lambda s: list(seat(s).characters), _fixed(ListOf(CHARACTER_IDS))),
        "incapacitated": Fact(lambda s: list(seat(s).incapacitated), _fixed(ListOf(CHARACTER_IDS))),
        "hand": Fact(lambda s: list(seat(s).hand), lambda shape: ListOf(cards(shape))),
        "hand size": Fact(lambda s: len(seat(s).hand), _fixed(INT(0, MAX_CARDS))),
        "play": Fact(lambda s: list(seat(s).play), lambda shape: ListOf(cards(shape))),
        "trash": Fact(lambda s: list(seat(s).trash), lambda shape: ListOf(cards(shape))),
        "deck size": Fact(lambda s: len(seat(s).deck.cards()), _fixed(INT(0, MAX_CARDS))),
        "needs new hero": Fact(lambda s: seat(s).needs_hero, _fixed(Boolean())),
        "reachable decks": Fact(
            lambda s: sorted(_deck_words(r) for r in reachable_decks(s, hero_ctx(s, i, "scenario"))), lambda shape: ListOf(decks(shape))
        ),
        "visible rewards": Fact(
            lambda s: sorted(c for cards_ in rewards_visible_to(s, i).values() for c in cards_), lambda shape: ListOf(cards(shape))
        ),
    }


def _zone_facts(z: int) -> dict[str, Fact]:
    return {
        "environment": Fact(lambda s: s.zone(z).environment or "", lambda shape: environments(shape) | _NAMED_OR_EMPTY),
        "environment play": Fact(lambda s: list(s.zone(z).env_play), lambda shape: ListOf(cards(shape))),
        "villain play": Fact(lambda s: list(s.zone(z).villain_play), lambda shape: ListOf(cards(shape))),
        "scions": Fact(lambda s: list(s.zone(z).scions), lambda shape: ListOf(cards(shape))),
        "targets": Fact(lambda s: sorted(targets_in(s, z)), lambda shape: ListOf(cards(shape))),
        "heroes": Fact(lambda s: sum(1 for x in s.seats if x.zone == z and x.characters), lambda shape: INT(0, shape.heroes)),
    }


SEAT_FACTS = tuple(_seat_facts(0))
ZONE_FACTS = tuple(_zone_facts(1))


def _deck(s, ref: tuple):
    """The deck itself, or None when it is not in the game (a removed environment, an absent seat)."""
    if ref[0] == "seat":
        return s.seats[ref[1]].deck if ref[1] < len(s.seats) else None
    if ref[0] == "env":
        return s.envs[ref[1]].deck if ref[1] in s.envs else None
    return getattr(s, DECK_FIELDS[ref[0]])


def _end_of(deck, top: bool) -> str:
    """A deck's top or bottom card: a card id, "unknown" while shuffled and unrevealed, "" when empty."""
    if deck is None or not deck:
        return ""
    if not (deck.top_known() if top else deck.bottom_known()):
        return "unknown"
    return deck.peek_top() if top else deck.peek_bottom()


_CARD_OR_UNKNOWN = _or_words(lambda shape: cards(shape), "unknown", "")

DECK_FACTS: dict[str, tuple[Callable[[Any, tuple], Any], Typer]] = {
    "size of": (
        lambda s, r: len(_deck(s, r)) if _deck(s, r) is not None else "none",
        _fixed(INT(0, MAX_CARDS) | one_of(("none",), "none")),
    ),
    "top of": (lambda s, r: _end_of(_deck(s, r), True), _CARD_OR_UNKNOWN),
    "bottom of": (lambda s, r: _end_of(_deck(s, r), False), _CARD_OR_UNKNOWN),
}
"""Facts about a deck named in words (``size of Rook City deck``, ``top of mission deck``): a size is
``none`` for a deck not in the game; an end is a card id, ``unknown`` (shuffled, not revealed) or empty."""

CHART_FACTS: dict[str, tuple[str, str]] = {
    "complexity of": ("HERO_COMPLEXITY", "the hero complexity chart (CHART.HERO-COMPLEXITY)"),
    "difficulty of": ("SCION_DIFFICULTY", "the Scion difficulty chart (CHART.SCION-DIFFICULTY)"),
}
"""Facts that read the rulebook's charts as the model holds them (``complexity of Luminary``); the
chart is looked up when the fact is read, so a scenario sees the model's chart, not a copy."""


def _chart_type(chart: str) -> Typer:
    values = getattr(charts, chart).values()
    return _fixed(INT(min(values), max(values)))


def _outcome(s) -> str:
    return s.outcome.kind if s.outcome else "none"


SIMPLE_FACTS: dict[str, Fact] = {
    "devastation": Fact(lambda s: s.devastation, _fixed(INT(0, MAX_COUNTER))),
    "countdown": Fact(lambda s: s.countdown, _fixed(INT(0, MAX_COUNTER))),
    "form": Fact(lambda s: s.form, _fixed(INT(1, len(DEFAULT.forms_hp)))),
    "oblivaeon zone": Fact(lambda s: s.oblivaeon_zone, _fixed(INT(min(ZONES), max(ZONES)))),
    "shield side": Fact(lambda s: s.shield_side, _fixed(INT(0, 2))),
    "shield tasks": Fact(lambda s: s.shield_tasks, _fixed(INT(0, MAX_COUNTER))),
    "usurped": Fact(lambda s: s.usurped, _fixed(Boolean())),
    "erased": Fact(lambda s: list(s.erased), _fixed(ListOf(HERO_NAMES))),
    "set aside": Fact(lambda s: list(s.set_aside), lambda shape: ListOf(environments(shape))),
    "outcome": Fact(_outcome, _fixed(one_of(("none", *OUTCOMES), "outcome"))),
    "outcome clause": Fact(lambda s: s.outcome.clause if s.outcome else "", _fixed(CLAUSE_IDS | _NAMED_OR_EMPTY)),
    "hero count": Fact(lambda s: s.hero_count, _fixed(INT(min(HERO_COUNTS), max(HERO_COUNTS)))),
    "shield": Fact(lambda s: s.shield if s.shield_side else "", _fixed(one_of(SHIELDS, "Shield") | _NAMED_OR_EMPTY)),
    "environments": Fact(lambda s: sorted(s.envs), lambda shape: ListOf(environments(shape))),
    "round": Fact(lambda s: s.cursor.round, _fixed(INT(0, MAX_ROUND))),
    "turn": Fact(lambda s: str(current_turn(s) or "setup"), turn_labels),
    "phase": Fact(lambda s: current_phase(s), _fixed(PHASE_NAMES)),
    "available characters": Fact(lambda s: sorted(available_characters(s)), _fixed(ListOf(VARIANT_IDS))),
    "mission deck top": Fact(lambda s: (s.mission_deck.peek_top() or "") if s.mission_deck.top_known() else "unknown", _CARD_OR_UNKNOWN),
    "mission deck bottom": Fact(lambda s: s.mission_deck.cards()[-1] if s.mission_deck.cards() else "", _CARD_OR_UNKNOWN),
}


def where_is(s, card: str):
    if card == OBLIVAEON:
        return ("zone", s.oblivaeon_zone, "villain_play")
    return place_of(s, card)


def _any_card(card: str) -> str | None:
    return None


def _a_target(card: str) -> str | None:
    if card in SHIELD_IDS:
        return f"{card} is a Shield, never a target"
    return None


def _a_variant(card: str) -> str | None:
    return None if card in CHARACTERS else f"{card} is no hero variant (a player sets up a variant: e.g. char:legacy:young-legacy)"


CARD_FACTS: dict[str, tuple[Callable[[Any, str], Any], Typer, Callable[[str], str | None]]] = {
    "place of": (lambda s, c: place_words(where_is(s, c)), places, _any_card),
    "hp of": (lambda s, c: s.hp.get(c, "none"), _fixed(INT(-MAX_AMOUNT, MAX_AMOUNT) | one_of(("none",), "none")), _any_card),
    "tokens on": (lambda s, c: s.tokens.get(c, 0), _fixed(INT(0, MAX_TOKENS)), _any_card),
    "face of": (lambda s, c: "reward" if c in s.reward_side else "objective", _fixed(one_of(("reward", "objective"), "face")), _any_card),
    "under": (lambda s, c: list(s.under.get(c, ())), lambda shape: ListOf(cards(shape)), _any_card),
    "target side of": (lambda s, c: target_side(s, c), _fixed(one_of(("hero", "villain", "environment"), "side")), _a_target),
    "is character": (lambda s, c: is_character(c), _fixed(Boolean()), _any_card),
    "can set up": (lambda s, c: c in available_characters(s), _fixed(Boolean()), _a_variant),
}
"""Facts about one card (``hp of CARD``): how to read it, its value's type, and which cards it is about."""


def resolve(name: str, shape: Shape | None = None) -> Fact | str:
    """The fact ``name`` means, or an error message listing what exists (with ``shape``: also refused
    when it is about a hero seat this game does not have).  A fact may name a deck or a card of any
    environment: that one the setup did not bring is nowhere (``size of Pike Industrial Complex
    deck = "none"``) is worth asserting."""
    if shape is not None:
        shape = dataclasses.replace(shape, environments=ENVIRONMENTS)
    if name in SIMPLE_FACTS:
        return SIMPLE_FACTS[name]
    m = re.fullmatch(r"hero ([1-5]) (.+)", name)
    if m:
        table = _seat_facts(int(m.group(1)) - 1)
        if m.group(2) not in table:
            return f"'hero N' facts are {', '.join(SEAT_FACTS)}; not {show(m.group(2))}"
        return (shape and shape.seat_problem(int(m.group(1)))) or table[m.group(2)]
    m = re.fullmatch(r"zone ([12]) (.+)", name)
    if m:
        table = _zone_facts(int(m.group(1)))
        return table.get(m.group(2)) or f"'zone N' facts are {', '.join(ZONE_FACTS)}; not {show(m.group(2))}"
    for prefix, (fn, typer) in DECK_FACTS.items():
        if name.startswith(prefix + " "):
            ref = parse_deck(name[len(prefix) + 1 :], shape)
            if isinstance(ref, str):
                return ref
            return Fact(lambda s, fn=fn, ref=ref: fn(s, ref), typer)
    for prefix, (chart, what) in CHART_FACTS.items():
        if name.startswith(prefix + " "):
            key = name[len(prefix) + 1 :]
            if key not in getattr(charts, chart):
                return f"{show(key)} is not in {what}; it lists {listing(getattr(charts, chart), most=40)}"
            return Fact(lambda s, chart=chart, key=key: getattr(charts, chart)[key], _chart_type(chart))
    for prefix, (fn, typer, about) in CARD_FACTS.items():
        if name.startswith(prefix + " "):
            card = name[len(prefix) + 1 :]
            problem = (card_problem(card, shape) if shape else (None if is_card(card) else unknown_card(card))) or about(card)
            if problem:
                return problem
            return Fact(lambda s, fn=fn, card=card: fn(s, card), typer)
    return (
        f"unknown fact {show(name)}; facts are {', '.join(SIMPLE_FACTS)}, 'hero N ...', 'zone N ...', "
        + ", ".join(f"'{p} CARD'" for p in CARD_FACTS)
        + ", "
        + ", ".join(f"'{p} DECK'" for p in DECK_FACTS)
        + ", 'complexity of HERO', 'difficulty of SCION'"
    )


def fact_getter(name: str) -> Getter | str:
    """The getter for a fact name, or an error message listing what exists."""
    f = resolve(name)
    return f if isinstance(f, str) else f.get


TEXT = Text()
"""Free text (a note, what a step looks at, an event's detail)."""
