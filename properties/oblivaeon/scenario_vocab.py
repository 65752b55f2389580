"""What is OblivAeon-specific about scenarios: completing a partial setup, the actions a step may
take, the state facts a scenario may assert, and which card, clause and place names are valid.

The generic machinery (``oblivaeon_verify.scenarios``) calls the ``VOCAB`` object below.  Every
check here reads data (card tables, the clause catalogue, the decision kinds); nothing in a
scenario file is evaluated.

Completing a setup (``new_game``): unnamed parts take the defaults of the model's own tests
(Legacy, Tachyon, Ra and Haka; The Arc of Unreality; Insula Primalis and Megalopolis in play with
Ruins of Atlantis, Rook City and the Temple of Zhu Long set aside; a shuffled Scion Reserve).  The
game is set up by the model and run to the first player decision with every chance point taking
its first listed outcome; then the scenario's placements, counters and HP are applied, as the
model's tests build exact positions; then, if ``start`` names a turn, play resumes at its start.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from model.oblivaeon import charts
from model.oblivaeon import vocabulary as v
from model.oblivaeon.battle_zones import is_character, reachable_decks, target_side, targets_in
from model.oblivaeon.cards import CHARACTER_CARDS, CHARACTERS, ENVIRONMENTS, HEROES, PHYSICAL, SCION_PANELS, SCIONS, describe, slug
from model.oblivaeon.clauses import CATALOGUE
from model.oblivaeon.decisions import LABELS, IllegalDecision
from model.oblivaeon.draft import DECK_FIELDS, Ctx, Draft
from model.oblivaeon.engine import inject, new_game, step
from model.oblivaeon.heroes import available_characters, hero_ctx
from model.oblivaeon.incapacitation import character_falls, rewards_visible_to
from model.oblivaeon.parameters import DEFAULT, ParameterError, with_overrides
from model.oblivaeon.places import add_to, containers, place_of, remove
from model.oblivaeon.round_order import Turn, current_phase, current_turn, turns
from model.oblivaeon.setup import SetupConfig, SetupError
from model.oblivaeon.state import Cursor
from oblivaeon_verify.scenarios.runner import Refused
from oblivaeon_verify.scenarios.vocab_base import VocabularyBase, kind_of

DEFAULT_HEROES = ("char:legacy:legacy", "char:tachyon:tachyon", "char:ra:ra", "char:haka:haka", "char:bunker:bunker")
DEFAULT_SHIELD = "The Arc of Unreality"
DEFAULT_ENVS = ("Insula Primalis", "Megalopolis", "Ruins of Atlantis", "Rook City", "Temple of Zhu Long")
QUIET = ("stay", "no-option", "skip-play", "skip-power")
"""What a quiet player does when a scenario plays on (``until``): stay, no option, no card, no power."""
UNTIL_LIMIT = 5000
SIDES_BY = ("hero", "villain", "environment", "oblivaeon", "mission")
TURN_KINDS = ("oblivaeon", "hero", "environment", "villain")

# --- names ---------------------------------------------------------------------------------

SHIELD_IDS = {f"shield:{slug(s.name)}" for s in DEFAULT.shields}


def is_card(card: str) -> bool:
    return card in PHYSICAL or card in CHARACTER_CARDS or card in SCION_PANELS or card == "oblivaeon" or card in SHIELD_IDS


def unknown_card(card: str) -> str:
    stem = card.split(":")[0]
    near = sorted(k for k in list(PHYSICAL) + list(CHARACTER_CARDS) + list(SCION_PANELS) if k.startswith(stem + ":"))[:4]
    hint = (
        f"; cards starting {stem}: are e.g. {', '.join(near)}"
        if near
        else "; ids look like mission:scion-hunt#1, char:legacy:legacy, scion:progeny"
    )
    return f"unknown card id {card!r}{hint}"


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


def parse_place(words: str) -> tuple | str:
    """The model place for scenario words, or an error message."""
    m = re.fullmatch(r"hero ([1-5]) (\w+)", words)
    if m:
        if m.group(2) not in _SEAT_FIELDS:
            return f"'hero N' takes one of {', '.join(_SEAT_FIELDS)}, not {m.group(2)!r}"
        return ("seat", int(m.group(1)) - 1, m.group(2))
    m = re.fullmatch(r"zone ([12]) (.+)", words)
    if m:
        if m.group(2) not in _ZONE_FIELDS:
            return f"'zone N' takes one of {', '.join(_ZONE_FIELDS)}, not {m.group(2)!r}"
        return ("zone", int(m.group(1)), _ZONE_FIELDS[m.group(2)])
    m = re.fullmatch(r"under (.+)", words)
    if m:
        return ("under", m.group(1)) if is_card(m.group(1)) else unknown_card(m.group(1))
    for env in ENVIRONMENTS:
        if words in (f"{env} deck", f"{env} trash"):
            return ("env", env, words.rsplit(" ", 1)[1])
    if words in _PILES and words != "shield":
        return (_PILES[words],)
    return f"unknown place {words!r}; expected {PLACE_HELP}"


# --- facts ---------------------------------------------------------------------------------

Getter = Callable[[Any], Any]


def _seat_fact(i: int, what: str) -> Getter | None:
    def seat(s):
        return s.seats[i] if i < len(s.seats) else None

    table: dict[str, Getter] = {
        "marker": lambda s: seat(s).marker,
        "zone": lambda s: seat(s).zone,
        "hero": lambda s: seat(s).hero or "",
        "characters": lambda s: list(seat(s).characters),
        "incapacitated": lambda s: list(seat(s).incapacitated),
        "hand": lambda s: list(seat(s).hand),
        "hand size": lambda s: len(seat(s).hand),
        "play": lambda s: list(seat(s).play),
        "trash": lambda s: list(seat(s).trash),
        "deck size": lambda s: len(seat(s).deck.cards()),
        "needs new hero": lambda s: seat(s).needs_hero,
        "reachable decks": lambda s: sorted(_deck_words(r) for r in reachable_decks(s, hero_ctx(s, i, "scenario"))),
        "visible rewards": lambda s: sorted(c for cards in rewards_visible_to(s, i).values() for c in cards),
    }
    return table.get(what)


def _deck_words(ref: tuple) -> str:
    if ref[0] == "env":
        return f"{ref[1]} deck"
    if ref[0] == "seat":
        return f"hero {ref[1] + 1} deck"
    named = {"oblivaeon": "oblivaeon deck", "scion": "scion deck", "aeon": "aeon men deck", "mission": "mission deck", "reserve": "reserve"}
    return named.get(ref[0]) or _PILE_WORDS.get(ref[0], " ".join(str(x) for x in ref))


_DECK_REFS = {"oblivaeon deck": ("oblivaeon",), "scion deck": ("scion",), "aeon men deck": ("aeon",), "mission deck": ("mission",)}
_DECK_HELP = "'hero N deck', 'ENV deck' (e.g. 'Rook City deck'), " + ", ".join(repr(k) for k in _DECK_REFS) + " or 'reserve'"


def parse_deck(words: str) -> tuple | str:
    """The model's reference for a deck named in scenario words, or an error message."""
    if words in _DECK_REFS:
        return _DECK_REFS[words]
    if words == "reserve":
        return ("reserve",)
    m = re.fullmatch(r"hero ([1-5]) deck", words)
    if m:
        return ("seat", int(m.group(1)) - 1)
    for env in ENVIRONMENTS:
        if words == f"{env} deck":
            return ("env", env)
    return f"unknown deck {words!r}; expected {_DECK_HELP}"


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


DECK_FACTS: dict[str, tuple[Callable[[Any, tuple], Any], str]] = {
    "size of": (lambda s, r: len(_deck(s, r)) if _deck(s, r) is not None else "none", "an integer, or none for a deck not in the game"),
    "top of": (lambda s, r: _end_of(_deck(s, r), True), "a card id, unknown (shuffled, not revealed) or empty"),
    "bottom of": (lambda s, r: _end_of(_deck(s, r), False), "a card id, unknown (shuffled, not revealed) or empty"),
}
"""Facts about a deck named in words (``size of Rook City deck``, ``top of mission deck``)."""

CHART_FACTS: dict[str, tuple[str, str]] = {
    "complexity of": ("HERO_COMPLEXITY", "the hero complexity chart (CHART.HERO-COMPLEXITY)"),
    "difficulty of": ("SCION_DIFFICULTY", "the Scion difficulty chart (CHART.SCION-DIFFICULTY)"),
}
"""Facts that read the rulebook's charts as the model holds them (``complexity of Luminary``); the
chart is looked up when the fact is read, so a scenario sees the model's chart, not a copy."""


def _zone_fact(z: int, what: str) -> Getter | None:
    table: dict[str, Getter] = {
        "environment": lambda s: s.zone(z).environment or "",
        "environment play": lambda s: list(s.zone(z).env_play),
        "villain play": lambda s: list(s.zone(z).villain_play),
        "scions": lambda s: list(s.zone(z).scions),
        "targets": lambda s: sorted(targets_in(s, z)),
        "heroes": lambda s: sum(1 for x in s.seats if x.zone == z and x.characters),
    }
    return table.get(what)


def _outcome(s) -> str:
    return s.outcome.kind if s.outcome else "none"


SIMPLE_FACTS: dict[str, tuple[Getter, str]] = {
    "devastation": (lambda s: s.devastation, "an integer"),
    "countdown": (lambda s: s.countdown, "an integer"),
    "form": (lambda s: s.form, "an integer 1-3"),
    "oblivaeon zone": (lambda s: s.oblivaeon_zone, "1 or 2"),
    "shield side": (lambda s: s.shield_side, "0 (gone), 1 or 2"),
    "shield tasks": (lambda s: s.shield_tasks, "an integer"),
    "usurped": (lambda s: s.usurped, "true or false"),
    "erased": (lambda s: list(s.erased), "a list of hero names"),
    "set aside": (lambda s: list(s.set_aside), "a list of environment names"),
    "outcome": (_outcome, "none, won or lost"),
    "outcome clause": (lambda s: s.outcome.clause if s.outcome else "", "a clause id"),
    "hero count": (lambda s: s.hero_count, "an integer"),
    "shield": (lambda s: s.shield if s.shield_side else "", "the Shield's name, or empty once it is gone"),
    "environments": (lambda s: sorted(s.envs), "the environment decks in the game (in play or set aside)"),
    "round": (lambda s: s.cursor.round, "an integer"),
    "turn": (lambda s: str(current_turn(s) or "setup"), 'a turn, e.g. "Hero 1\'s turn"'),
    "phase": (lambda s: current_phase(s), "a phase name"),
    "available characters": (lambda s: sorted(available_characters(s)), "a list of character ids"),
    "mission deck top": (lambda s: (s.mission_deck.peek_top() or "") if s.mission_deck.top_known() else "unknown", "a card id or unknown"),
    "mission deck bottom": (lambda s: s.mission_deck.cards()[-1] if s.mission_deck.cards() else "", "a card id"),
}

CARD_FACTS: dict[str, tuple[Callable[[Any, str], Any], str]] = {
    "place of": (lambda s, c: place_words(_place(s, c)), "a place"),
    "hp of": (lambda s, c: s.hp.get(c, "none"), "an integer or none"),
    "tokens on": (lambda s, c: s.tokens.get(c, 0), "an integer"),
    "face of": (lambda s, c: "reward" if c in s.reward_side else "objective", "reward or objective"),
    "under": (lambda s, c: list(s.under.get(c, ())), "a list of card ids"),
    "target side of": (lambda s, c: target_side(s, c), "hero, villain or environment"),
    "is character": (lambda s, c: is_character(c), "true or false"),
    "can set up": (lambda s, c: c in available_characters(s), "true or false"),
}


def _place(s, card: str):
    if card == "oblivaeon":
        return ("zone", s.oblivaeon_zone, "villain_play")
    return place_of(s, card)


def fact_getter(name: str) -> Getter | str:
    """The getter for a fact name, or an error message listing what exists."""
    if name in SIMPLE_FACTS:
        return SIMPLE_FACTS[name][0]
    m = re.fullmatch(r"hero ([1-5]) (.+)", name)
    if m:
        g = _seat_fact(int(m.group(1)) - 1, m.group(2))
        return (
            g
            or f"'hero N' facts are marker, zone, hero, characters, incapacitated, hand, hand size, play, trash, deck size, needs new hero, reachable decks, visible rewards; not {m.group(2)!r}"
        )
    m = re.fullmatch(r"zone ([12]) (.+)", name)
    if m:
        g = _zone_fact(int(m.group(1)), m.group(2))
        return g or f"'zone N' facts are environment, environment play, villain play, scions, targets, heroes; not {m.group(2)!r}"
    for prefix, (fn, _what) in DECK_FACTS.items():
        if name.startswith(prefix + " "):
            ref = parse_deck(name[len(prefix) + 1 :])
            if isinstance(ref, str):
                return ref
            return lambda s, fn=fn, ref=ref: fn(s, ref)
    for prefix, (chart, what) in CHART_FACTS.items():
        if name.startswith(prefix + " "):
            key = name[len(prefix) + 1 :]
            if key not in getattr(charts, chart):
                return f"{key!r} is not in {what}; it lists {', '.join(getattr(charts, chart))}"
            return lambda s, chart=chart, key=key: getattr(charts, chart)[key]
    for prefix, (fn, _what) in CARD_FACTS.items():
        if name.startswith(prefix + " "):
            card = name[len(prefix) + 1 :]
            if not is_card(card):
                return unknown_card(card)
            return lambda s, fn=fn, card=card: fn(s, card)
    return (
        f"unknown fact {name!r}; facts are {', '.join(SIMPLE_FACTS)}, 'hero N ...', 'zone N ...', "
        + ", ".join(f"'{p} CARD'" for p in CARD_FACTS)
        + ", "
        + ", ".join(f"'{p} DECK'" for p in DECK_FACTS)
        + ", 'complexity of HERO', 'difficulty of SCION'"
    )


# --- the vocabulary --------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class Ranked:
    """A model event with its rank among the step's events of the same kind, so that a scenario can
    expect an order (the turns of a round) with patterns that match one event at a time."""

    event: Any
    nth: int

    def __getattr__(self, name: str) -> Any:
        return getattr(self.event, name)

    def __str__(self) -> str:
        return str(self.event)


def ranked(events) -> tuple[Ranked, ...]:
    seen: dict[str, int] = {}
    out = []
    for e in events:
        seen[e.kind] = seen.get(e.kind, 0) + 1
        out.append(Ranked(e, seen[e.kind]))
    return tuple(out)


OPS = {
    re.sub(r"(?<!^)(?=[A-Z])", "-", cls.__name__).lower(): cls
    for cls in vars(v).values()
    if isinstance(cls, type) and issubclass(cls, v.Op) and cls is not v.Op
}
TARGET_FIELDS = {f.name: f.default for f in dataclasses.fields(v.Target)}
TARGET_CHOICES = {"side": v.SIDES, "pick": v.PICKS, "reach": v.REACHES}


class OblivAeonScenarios(VocabularyBase):
    default_parameters = DEFAULT
    apply_overrides = staticmethod(with_overrides)
    quiet_kinds = QUIET
    fact_getter = staticmethod(fact_getter)
    ruleset = "oblivaeon"
    catalogue = CATALOGUE
    actions = {
        "decide": "take a legal decision: decide = KIND, with card/target/zone/index/actor to pick among several",
        "effect": "resolve one effect of the vocabulary: effect = OP, args = {...}, by = {side, hero, zone, source}",
        "resolve": "resolve a card's own text: resolve = CARD, part = 'play' | 'trigger N' | 'power N', by = {...}",
        "until": "play on quietly (stay, no option, no card, no power; chance: first outcome) until = {turn, zone, hero} or {decision} or {game_over}",
        "look": "change nothing: look = 'what is checked' (for expectations about the position itself)",
    }
    action_keys = {"card", "target", "zone", "index", "actor", "chance", "args", "by", "part"}
    event_fields = {
        "kind": str,
        "clause": str,
        "zone": int,
        "source_zone": int,
        "reach": str,
        "card": str,
        "target": str,
        "amount": int,
        "detail": str,
        "nth": int,
    }
    """``nth`` is an event's rank among the step's events of its kind (1 = the first): the order of
    turns across a round is the ``turn`` events with nth 1, 2, 3, ..."""
    decision_fields = {"kind": str, "actor": str, "card": str, "target": str, "zone": int, "index": int}
    setup_errors = (SetupError, ParameterError, LookupError, ValueError)
    step_errors = (LookupError, ValueError)

    # --- load-time checks (no state) ---

    def check_setup(self, setup: dict, fail) -> None:
        keys = {
            "heroes": "a list of 3-5 character ids, or a hero count",
            "shield": "a Shield name",
            "environments": "a list of five environment names",
            "in_play": "the two environments in play (First, Second)",
            "scion_order": "the Scion Reserve from the bottom up (Scion names)",
            "hero_zones": "a table marker -> zone, e.g. {1 = 2}",
            "place": "an array of {card, to, hp, reward, tokens}",
            "hp": "a table card id -> HP",
            "fall": "a list of character ids incapacitated through the model's own rule",
            "erase": "a list of character ids erased (CLAR.ERASED) through the model's own rule",
            "start": "a table {turn, zone, hero, round}: play resumes at the start of that turn",
            "at": "'setup': the position is the end of setup, before OblivAeon's first turn",
            "devastation": "an integer",
            "countdown": "an integer",
            "form": "1, 2 or 3",
            "oblivaeon_zone": "1 or 2",
            "shield_side": "0, 1 or 2",
            "shield_tasks": "an integer",
            "usurped": "true or false",
            "erased": "a list of hero names",
            "set_aside": "the environments still set aside (a subset of the five minus those in play)",
            "tokens": "a table card id -> tokens on it",
        }
        for k in setup:
            if k not in keys:
                fail(k, f"unknown setup key; expected one of: {', '.join(keys)}")
        h = setup.get("heroes")
        if h is not None:
            if isinstance(h, int) and not isinstance(h, bool):
                if h not in (3, 4, 5):
                    fail("heroes", f"OblivAeon is played with 3, 4 or 5 heroes, not {h}")
            elif isinstance(h, list):
                for x in h:
                    if x not in CHARACTERS:
                        fail("heroes", f"unknown character {x!r}; e.g. {', '.join(DEFAULT_HEROES[:3])}")
            else:
                fail("heroes", f"expected {keys['heroes']}, got {kind_of(h)}")
        if "shield" in setup and setup["shield"] not in {s.name for s in DEFAULT.shields}:
            fail("shield", f"unknown Shield {setup['shield']!r}; known: {', '.join(s.name for s in DEFAULT.shields)}")
        for k in ("environments", "in_play"):
            for e in self._list(setup, k, str, fail):
                if e not in ENVIRONMENTS:
                    fail(k, f"unknown environment {e!r}; known: {', '.join(ENVIRONMENTS)}")
        for name in self._list(setup, "scion_order", str, fail):
            if name not in SCIONS:
                fail("scion_order", f"unknown Scion {name!r}; known: {', '.join(SCIONS)}")
        for k in ("devastation", "countdown", "form", "oblivaeon_zone", "shield_side", "shield_tasks"):
            if k in setup and (not isinstance(setup[k], int) or isinstance(setup[k], bool) or setup[k] < 0):
                fail(k, f"expected {keys[k]}, got {setup[k]!r}")
        if "usurped" in setup and not isinstance(setup["usurped"], bool):
            fail("usurped", f"expected true or false, got {kind_of(setup['usurped'])}")
        for e in self._list(setup, "set_aside", str, fail):
            if e not in ENVIRONMENTS:
                fail("set_aside", f"unknown environment {e!r}; known: {', '.join(ENVIRONMENTS)}")
        tokens = setup.get("tokens", {})
        if not isinstance(tokens, dict):
            fail("tokens", f"expected {keys['tokens']}")
        for c, n in tokens.items():
            if not is_card(c):
                fail(f'tokens."{c}"', unknown_card(c))
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                fail(f'tokens."{c}"', f"expected a non-negative integer, got {n!r}")
        for name in self._list(setup, "erased", str, fail):
            if name not in HEROES:
                fail("erased", f"unknown hero {name!r}; heroes are e.g. {', '.join(HEROES[:4])}")
        for k in ("fall", "erase"):
            for c in self._list(setup, k, str, fail):
                if c not in CHARACTER_CARDS:
                    fail(k, f"expected character card ids, got {c!r}")
        zones = setup.get("hero_zones", {})
        if not isinstance(zones, dict):
            fail("hero_zones", f"expected {keys['hero_zones']}")
        for m, z in zones.items():
            if m not in ("1", "2", "3", "4", "5") or z not in (1, 2):
                fail(f"hero_zones.{m}", "expected a hero marker 1-5 set to zone 1 or 2")
        hp = setup.get("hp", {})
        if not isinstance(hp, dict):
            fail("hp", f"expected {keys['hp']}")
        for c, n in hp.items():
            if not is_card(c):
                fail(f'hp."{c}"', unknown_card(c))
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                fail(f'hp."{c}"', f"expected a non-negative integer, got {n!r}")
        places = setup.get("place", [])
        if not isinstance(places, list):
            fail("place", f"expected {keys['place']}")
        for i, p in enumerate(places):
            where = f"place[{i + 1}]"
            if not isinstance(p, dict):
                fail(where, "expected a table {card, to, hp, reward, tokens}")
            for k in p:
                if k not in ("card", "to", "hp", "reward", "tokens"):
                    fail(f"{where}.{k}", "unknown key; expected card, to, hp, reward, tokens")
            if not isinstance(p.get("card"), str) or not is_card(p["card"]):
                fail(f"{where}.card", unknown_card(str(p.get("card"))) if isinstance(p.get("card"), str) else "expected a card id")
            if not isinstance(p.get("to"), str):
                fail(f"{where}.to", f"expected {PLACE_HELP}")
            parsed = parse_place(p["to"])
            if isinstance(parsed, str):
                fail(f"{where}.to", parsed)
            for k in ("hp", "tokens"):
                if k in p and (not isinstance(p[k], int) or isinstance(p[k], bool) or p[k] < 0):
                    fail(f"{where}.{k}", f"expected a non-negative integer, got {p[k]!r}")
            if "reward" in p and not isinstance(p["reward"], bool):
                fail(f"{where}.reward", "expected true or false")
            if p.get("reward") and PHYSICAL.get(p["card"]) is not None and PHYSICAL[p["card"]].reward is None:
                fail(f"{where}.reward", f"{p['card']} is no Mission card: it has no reward side")
        if "start" in setup:
            self._check_turn(setup["start"], lambda m: fail("start", m), allow=("turn", "zone", "hero", "round"))
        if "at" in setup:
            if setup["at"] != "setup":
                fail("at", f"expected 'setup' (the end of setup, before OblivAeon's first turn), not {setup['at']!r}")
            if "start" in setup:
                fail("at", "a position at the end of setup cannot also resume play at a turn (start)")

    def _list(self, table: dict, key: str, typ: type, fail) -> list:
        val = table.get(key, [])
        if not isinstance(val, list) or not all(isinstance(x, typ) for x in val):
            fail(key, f"expected a list of {kind_of(typ())}s")
        return val

    def _check_turn(self, spec: Any, fail, allow: tuple[str, ...]) -> None:
        if not isinstance(spec, dict):
            fail(f"expected a table with some of {', '.join(allow)}")
        for k, val in spec.items():
            if k not in allow:
                fail(f"unknown key {k!r}; expected some of {', '.join(allow)}")
            if k == "turn" and val not in TURN_KINDS:
                fail(f"turn must be one of {', '.join(TURN_KINDS)}, not {val!r}")
            if k == "zone" and val not in (1, 2):
                fail(f"zone must be 1 or 2, not {val!r}")
            if k in ("hero", "round") and (not isinstance(val, int) or isinstance(val, bool) or val < 1):
                fail(f"{k} must be a positive integer, not {val!r}")
            if k == "decision" and val not in LABELS:
                fail(f"unknown decision kind {val!r}; kinds: {', '.join(LABELS)}")
            if k == "game_over" and val is not True:
                fail("game_over must be true")
        if "turn" in allow and "turn" in spec:
            t = spec["turn"]
            if t in ("environment", "villain") and "zone" not in spec:
                fail(f"a {t} turn needs its zone")
            if t == "hero" and "hero" not in spec:
                fail("a hero turn needs its hero marker (hero = N)")

    def check_action(self, action: str, spec: dict, fail, setup: dict | None = None) -> None:
        allowed = {
            "decide": {"decide", "card", "target", "zone", "index", "actor", "chance"},
            "effect": {"effect", "args", "by", "chance"},
            "resolve": {"resolve", "part", "by", "chance"},
            "until": {"until"},
            "look": {"look"},
        }[action]
        for k in spec:
            if k not in allowed:
                fail(k, f"not a key of a {action} step; expected some of {', '.join(sorted(allowed))}")
        if spec.get("chance", "first") not in ("first", "stop"):
            fail("chance", "expected 'first' (resolve chance points with their first outcome) or 'stop'")
        if action == "decide":
            for k in ("card", "target", "actor", "zone", "index"):
                want = int if k in ("zone", "index") else str
                if k in spec and (not isinstance(spec[k], want) or isinstance(spec[k], bool)):
                    fail(k, f"expected {kind_of(want())}, got {kind_of(spec[k])} {spec[k]!r}")
            if not isinstance(spec["decide"], str) or spec["decide"] not in LABELS:
                fail("decide", f"unknown decision kind {spec['decide']!r}; kinds: {', '.join(LABELS)}")
            self.check_pattern(
                "decide", {k: spec[k] for k in ("card", "target", "zone", "index", "actor") if k in spec}, lambda m: fail("decide", m)
            )
        elif action == "effect":
            op = spec["effect"]
            if op not in OPS:
                fail("effect", f"unknown effect {op!r}; effects: {', '.join(sorted(OPS))}")
            self._check_args(OPS[op], spec.get("args", {}), lambda k, m: fail(f"args.{k}" if k else "args", m))
            self._check_by(spec.get("by", {}), fail)
        elif action == "look":
            if not isinstance(spec["look"], str):
                fail("look", "expected a string saying what is looked at")
        elif action == "resolve":
            card = spec["resolve"]
            if not isinstance(card, str) or card not in PHYSICAL:
                fail("resolve", unknown_card(str(card)) if isinstance(card, str) else "expected a card id")
            part = spec.get("part", "play")
            cdef = PHYSICAL[card]
            m = re.fullmatch(r"(trigger|power) ([1-9])", part) if isinstance(part, str) else None
            if part != "play" and not m:
                fail("part", f"expected 'play', 'trigger N' or 'power N', not {part!r}")
            if m and int(m.group(2)) > len(cdef.triggers if m.group(1) == "trigger" else cdef.powers):
                fail("part", f"{card} has no {part}")
            self._check_by(spec.get("by", {}), fail)
        else:
            self._check_turn(spec["until"], lambda m: fail("until", m), allow=("turn", "zone", "hero", "round", "decision", "game_over"))

    def _check_by(self, by: Any, fail) -> None:
        if not isinstance(by, dict):
            fail("by", "expected a table {side, hero, zone, source}")
        for k, val in by.items():
            if k == "side" and val not in SIDES_BY:
                fail("by.side", f"expected one of {', '.join(SIDES_BY)}, not {val!r}")
            elif k == "hero" and val not in (1, 2, 3, 4, 5):
                fail("by.hero", f"expected a hero marker 1-5, not {val!r}")
            elif k == "zone" and val not in (1, 2):
                fail("by.zone", f"expected 1 or 2, not {val!r}")
            elif k == "source" and (not isinstance(val, str) or not is_card(val)):
                fail("by.source", unknown_card(str(val)))
            elif k not in ("side", "hero", "zone", "source"):
                fail(f"by.{k}", "unknown key; expected side, hero, zone, source")

    def _check_args(self, cls: type, args: Any, fail) -> None:
        if not isinstance(args, dict):
            fail("", "expected a table of the effect's fields")
        fields = {f.name: f for f in dataclasses.fields(cls)}
        for k, val in args.items():
            if k not in fields:
                fail(k, f"{cls.__name__} has no field {k!r}; fields: {', '.join(fields) or 'none'}")
            if k == "target":
                if not isinstance(val, dict):
                    fail(k, "expected a table {side, pick, reach, characters_only, non_characters_only}")
                for tk, tv in val.items():
                    if tk not in TARGET_FIELDS:
                        fail(f"target.{tk}", f"unknown; expected some of {', '.join(TARGET_FIELDS)}")
                    if tk in TARGET_CHOICES and tv not in TARGET_CHOICES[tk]:
                        fail(f"target.{tk}", f"expected one of {', '.join(TARGET_CHOICES[tk])}, not {tv!r}")
                    if tk not in TARGET_CHOICES and not isinstance(tv, bool):
                        fail(f"target.{tk}", "expected true or false")
                continue
            default = fields[k].default
            if isinstance(default, bool):
                ok = isinstance(val, bool)
            elif k == "amount":
                ok = (isinstance(val, int) and not isinstance(val, bool)) or val in ("H", "arcana")
            elif k == "max_hp":
                ok = isinstance(val, int) and not isinstance(val, bool)
            elif isinstance(default, int) and not isinstance(default, bool):
                ok = isinstance(val, int) and not isinstance(val, bool)
            else:
                ok = isinstance(val, (str, int)) and not isinstance(val, bool)
            if not ok:
                fail(k, f"wrong type {kind_of(val)} {val!r}")
        missing = [
            n for n, f in fields.items() if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING and n not in args
        ]
        if missing:
            fail("", f"{cls.__name__} needs {', '.join(missing)}")

    def check_fact(self, name: str, value: Any, fail, setup: dict | None = None) -> None:
        g = fact_getter(name)
        if isinstance(g, str):
            fail(g)
        if isinstance(value, (dict, float)):
            fail(f"expected a string, integer, boolean or list, got {kind_of(value)}")
        for c in value if isinstance(value, list) else [value]:
            if isinstance(c, str) and re.fullmatch(r"[a-z0-9-]+:[^ ]+", c) and not is_card(c):
                fail(unknown_card(c))
        if name.startswith("place of ") and isinstance(value, str) and value != "nowhere":
            p = parse_place(value)
            if isinstance(p, str) and value != "shield":
                fail(p)

    def check_pattern(self, key: str, item: dict, fail, setup: dict | None = None) -> None:
        if "clause" in item and item["clause"] not in CATALOGUE:
            fail(f"unknown clause id {item['clause']!r}")
        if key in ("options", "no_options", "decide") and "kind" in item and item["kind"] not in LABELS:
            fail(f"unknown decision kind {item['kind']!r}; kinds: {', '.join(LABELS)}")
        for f in ("card", "target"):
            val = item.get(f)
            if isinstance(val, str) and ":" in val and not is_card(val):
                fail(unknown_card(val))

    # --- run time ---

    def new_game(self, setup: dict, params: dict):
        p = with_overrides(DEFAULT, params, "parameters") if params else DEFAULT
        heroes = setup.get("heroes", 4)
        if isinstance(heroes, int):
            heroes = DEFAULT_HEROES[:heroes]
        envs = tuple(setup.get("environments", DEFAULT_ENVS))
        in_play = tuple(setup.get("in_play", envs[:2]))
        order = setup.get("scion_order")
        cfg = SetupConfig(tuple(heroes), setup.get("shield", DEFAULT_SHIELD), envs, in_play, tuple(order) if order else None, p)
        state, _ = self._chance(new_game(cfg), setup_only=setup.get("at") == "setup")
        d = Draft(state)
        for marker, zone in setup.get("hero_zones", {}).items():
            if int(marker) > len(d.seats):
                raise LookupError(f"hero_zones: there is no hero {marker} with {len(d.seats)} heroes")
            d.seat_update(int(marker) - 1, zone=zone)
        for k in ("devastation", "countdown", "form", "oblivaeon_zone", "shield_side", "shield_tasks", "usurped"):
            if k in setup:
                setattr(d, k, setup[k])
        if "erased" in setup:
            d.erased = tuple(setup["erased"])
        if "set_aside" in setup:
            extra = set(setup["set_aside"]) - set(d.set_aside)
            if extra:
                raise LookupError(f"set_aside: {sorted(extra)} are not among the set-aside decks {list(d.set_aside)}")
            d.set_aside = tuple(e for e in d.set_aside if e in setup["set_aside"])
        for p_ in setup.get("place", []):
            remove(d, p_["card"])
            add_to(d, parse_place(p_["to"]), p_["card"])  # a deck takes it on top
            if "hp" in p_:
                d.set_hp(p_["card"], p_["hp"])
            if p_.get("reward"):
                d.flip_to_reward(p_["card"])
            if "tokens" in p_:
                d.set_tokens(p_["card"], p_["tokens"])
        for card, hp in setup.get("hp", {}).items():
            d.set_hp(card, hp)
        for card, n in setup.get("tokens", {}).items():
            d.set_tokens(card, n)
        for card in setup.get("fall", []):
            character_falls(d, card)
        for card in setup.get("erase", []):
            character_falls(d, card, erased=True)
        state = d.freeze()
        if "start" in setup:
            st = setup["start"]
            slot = self._slot(state, st)
            state = dataclasses.replace(state, stack=(), options=(), cursor=Cursor(st.get("round", state.cursor.round), slot, -1))
            state, _ = inject(state, (), Ctx("scenario", "villain", -1, 1))
            state, _ = self._chance(state)
        return state

    def _slot(self, state, spec: dict) -> int:
        order = turns(state.hero_count)
        for i, t in enumerate(order):
            if t.kind == spec["turn"] and (t.kind != "hero" or t.seat == spec.get("hero", 0) - 1) and (t.zone == spec.get("zone", t.zone)):
                return i
        raise LookupError(f"no turn {spec} in a {state.hero_count}-hero round")

    def _chance(self, state, setup_only: bool = False):
        """Take every chance point's first outcome; with ``setup_only``, stop before the one that
        would begin round 1 (it is left for the scenario's first step)."""
        events = []
        while state.options and state.options[0].is_chance:
            after, ev = step(state, state.options[0])
            if setup_only and current_turn(after) is not None:
                break
            state = after
            events.extend(ev)
        return state, events

    def _ctx(self, state, by: dict, source: str, side: str) -> Ctx:
        side = by.get("side", side)
        hero = by.get("hero", 1 if side == "hero" else 0)
        if hero > len(state.seats):
            raise LookupError(f"by.hero: there is no hero {hero} with {len(state.seats)} heroes")
        seat = hero - 1
        zone = by.get("zone", state.seats[seat].zone if seat >= 0 else 1)
        return Ctx(by.get("source", source), side, seat, zone)

    def perform(self, state, action: str, spec: dict):
        state, events = self._perform(state, action, spec)
        return state, ranked(events)

    def _perform(self, state, action: str, spec: dict):
        events: list = []
        if action == "look":
            return state, ()
        if action == "decide":
            if spec["decide"] != "reveal":
                state, events = self._chance(state)
            pattern = {k: spec[k] for k in ("card", "target", "zone", "index", "actor") if k in spec}
            pick = next(
                (d for d in state.options if d.kind == spec["decide"] and all(getattr(d, k) == x for k, x in pattern.items())), None
            )
            if pick is None:
                wanted = " ".join([spec["decide"]] + [f"{k}={x!r}" for k, x in pattern.items()])
                raise Refused(f"no legal decision {wanted}", [str(d) for d in state.options])
            try:
                state, ev = step(state, pick)
            except IllegalDecision as e:  # pragma: no cover - the options are the legal ones
                raise Refused(str(e).splitlines()[0], [str(d) for d in e.legal]) from None
            events += ev
        elif action == "effect":
            cls = OPS[spec["effect"]]
            args = dict(spec.get("args", {}))
            if "target" in args:
                args["target"] = v.Target(**args["target"])
            ctx = self._ctx(state, spec.get("by", {}), "scenario", "hero")
            state, ev = inject(state, (cls(**args),), ctx)
            events += ev
        elif action == "resolve":
            card = spec["resolve"]
            cdef = PHYSICAL[card]
            part = spec.get("part", "play")
            if part == "play":
                ops = cdef.ops
            else:
                kind, n = part.split()
                ops = cdef.triggers[int(n) - 1].ops if kind == "trigger" else cdef.powers[int(n) - 1]
            side = cdef.side if cdef.side in SIDES_BY else "villain"
            by = dict(spec.get("by", {}))
            if "zone" not in by and side != "hero":
                place = place_of(state, card)
                by["zone"] = place[1] if place and place[0] == "zone" else 1
            state, ev = inject(state, tuple(ops), self._ctx(state, by, card, side))
            events += ev
        else:
            return self._until(state, spec["until"])
        if spec.get("chance", "first") == "first":
            state, ev = self._chance(state)
            events += ev
        return state, tuple(events)

    def _until(self, state, goal: dict):
        """Play on quietly.  A turn goal is reached once that turn has begun (its ``turn`` event), at
        the first decision point from then on; turns without decisions are passed through, their
        events kept."""
        events: list = []
        label = str(Turn(goal["turn"], goal.get("hero", 0) - 1, goal.get("zone", 0))) if "turn" in goal else ""
        if "round" in goal and "turn" not in goal:
            label = "round"

        def reached(s, new_events) -> bool:
            if goal.get("game_over"):
                return s.outcome is not None
            if "decision" in goal:
                return any(d.kind == goal["decision"] for d in s.options)
            for e in new_events:
                if e.kind == "turn" and (label == "round" or e.detail == label) and s.cursor.round >= goal.get("round", 0):
                    return True
            return False

        if not label and reached(state, ()):
            return state, ()
        for _ in range(UNTIL_LIMIT):
            if not state.options:
                raise ValueError(f"the game ended ({_outcome(state)}) before reaching {goal}")
            state, ev = step(state, self.quiet(state))
            events.extend(ev)
            if reached(state, events):
                return state, tuple(events)
        raise ValueError(f"{goal} not reached within {UNTIL_LIMIT} decisions")

    def same(self, got: Any, want: Any) -> bool:
        if isinstance(got, list) and isinstance(want, list):
            return sorted(map(str, got)) == sorted(map(str, want))
        return got == want

    def event_text(self, e) -> str:
        return str(e)

    def headline(self, state) -> dict:
        """The facts whose changes a trace shows: counters, zones, heroes, HP of targets, and where cards moved."""
        out: dict[str, Any] = {
            "turn": f"round {state.cursor.round}, {current_turn(state) or 'setup'}, {current_phase(state)} phase",
            "outcome": _outcome(state),
            "devastation": state.devastation,
            "countdown": state.countdown,
            "form": state.form,
            "oblivaeon zone": state.oblivaeon_zone,
            "shield side": state.shield_side,
            "usurped": state.usurped,
            "set aside": ", ".join(state.set_aside),
            "erased": ", ".join(state.erased),
        }
        for z in state.zones:
            out[f"zone {z.number} environment"] = z.environment or ""
            out[f"zone {z.number} scions"] = ", ".join(describe(c) for c in z.scions)
        for i, s in enumerate(state.seats):
            out[f"hero {i + 1}"] = f"{s.hero or '(none)'} in zone {s.zone}" + (", needs a new hero" if s.needs_hero else "")
            out[f"hero {i + 1} characters"] = ", ".join(describe(c) for c in s.characters)
            out[f"hero {i + 1} incapacitated"] = ", ".join(describe(c) for c in s.incapacitated)
            out[f"hero {i + 1} hand size"] = len(s.hand)
        for card in sorted(state.hp):
            out[f"hp of {describe(card)}"] = state.hp[card]
        for card in sorted(state.tokens):
            out[f"tokens on {card}"] = state.tokens[card]
        for card in sorted(state.reward_side):
            out[f"face of {card}"] = "reward"
        for place, cards in containers(state):
            if place[0] == "box" or (place[0] == "seat" and place[2] == "deck") or (place[0] == "env" and place[2] == "deck"):
                continue
            if place[0] in ("oblivaeon_deck", "scion_deck", "aeon_deck", "mission_deck", "reserve"):
                continue
            for c in cards:
                out[f"place of {c}"] = place_words(place)
        return out

    def describe_action(self, action: str, spec: dict) -> str:
        if action == "decide":
            bits = [spec["decide"]] + [f"{k} {spec[k]}" for k in ("actor", "card", "target", "zone", "index") if k in spec]
            return "decide: " + ", ".join(str(b) for b in bits)
        if action == "effect":
            by = spec.get("by", {})
            return f"effect {spec['effect']} {spec.get('args', {})}" + (f" by {by}" if by else "")
        if action == "resolve":
            return f"resolve {describe(spec['resolve'])} ({spec.get('part', 'play')})"
        if action == "look":
            return f"look: {spec['look']}"
        return f"play on quietly until {spec['until']}"


VOCAB = OblivAeonScenarios()
