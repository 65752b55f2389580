"""What is OblivAeon-specific about scenarios: completing a partial setup, the actions a step may
take, and the checks of every value a scenario file gives.

The generic machinery (``oblivaeon_verify.scenarios``) calls the ``VOCAB`` object below.  Every
check here reads data (card tables, the clause catalogue, the decision and event kinds, the effect
vocabulary's fields and domains); nothing in a scenario file is evaluated.  The words themselves
(places, decks, facts and their value types) are in ``scenario_words``.  Every value is checked by
type and domain: a boolean is no number, every number has a range, every name is one of the
model's, and a name of something the setup does not have (hero 5 of four, a card of an environment
not brought) is refused when the file is read.

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
from typing import Any

from oblivaeon_verify.model.oblivaeon import positions
from oblivaeon_verify.model.oblivaeon import vocabulary as v
from oblivaeon_verify.model.oblivaeon.cards import CHARACTER_CARDS, CHARACTERS, ENVIRONMENTS, PHYSICAL, SCIONS, describe
from oblivaeon_verify.model.oblivaeon.clauses import CATALOGUE
from oblivaeon_verify.model.oblivaeon.decisions import FIELDS, LABELS, IllegalDecision
from oblivaeon_verify.model.oblivaeon.draft import Ctx
from oblivaeon_verify.model.oblivaeon.engine import inject, new_game, step
from oblivaeon_verify.model.oblivaeon.events import EVENT_KINDS, EVENT_REACHES
from oblivaeon_verify.model.oblivaeon.parameters import DEFAULT, ParameterError, with_overrides
from oblivaeon_verify.model.oblivaeon.places import containers, place_of
from oblivaeon_verify.model.oblivaeon.positions import Placement, Position
from oblivaeon_verify.model.oblivaeon.round_order import Turn, current_phase, current_turn, turns
from oblivaeon_verify.model.oblivaeon.setup import SetupConfig, SetupError
from oblivaeon_verify.properties.oblivaeon.scenario_words import (
    CHARACTER_IDS,
    CLAUSE_IDS,
    DECK_LABELS,
    DEFAULT_ENVS,
    DEFAULT_HEROES,
    DEFAULT_SHIELD,
    HERO_COUNTS,
    HERO_NAMES,
    MAX_AMOUNT,
    MAX_CARDS,
    MAX_COUNTER,
    MAX_EVENT_AMOUNT,
    MAX_INDEX,
    MAX_NTH,
    MAX_ROUND,
    MAX_TOKENS,
    PLACE_HELP,
    SHIELD_IDS,
    SHIELDS,
    TEXT,
    VARIANT_IDS,
    ZONES,
    Shape,
    _outcome,
    actors,
    card_problem,
    cards,
    deck_labels,
    environments,
    fact_getter,
    is_card,
    names,
    parse_place,
    place_words,
    resolve,
    shape_of,
    where_is,
)

from oblivaeon_verify.scenario_lib.runner import Refused
from oblivaeon_verify.scenario_lib.vocab_base import (
    Boolean,
    Integer,
    ListOf,
    Table,
    Text,
    Value,
    VocabularyBase,
    check,
    got,
    listing,
    one_of,
    show,
)
from oblivaeon_verify.words import phrase

QUIET = ("stay", "no-option", "skip-play", "skip-power")
"""What a quiet player does when a scenario plays on (``until``): stay, no option, no card, no power."""
UNTIL_LIMIT = 5000
"""Decisions a step that plays on may take before it gives up (a whole game takes about 1,000)."""
SIDES_BY = ("hero", "villain", "environment", "oblivaeon", "mission")
TURN_KINDS = ("oblivaeon", "hero", "environment", "villain")
ZONE = Integer(min(ZONES), max(ZONES))
DECK_LABEL_EXAMPLES = "'Legacy's deck', 'the Rook City deck', 'the Mission deck' (a revealed bottom card: '... (bottom)')"
EVENT_ZONE = Integer(0, max(ZONES))
"""An event's zone: 0 when it happened nowhere in particular."""

SHIELD_CARDS = SHIELD_IDS
_TABLE = Table()


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
TARGET_TYPES: dict[str, Value] = {
    "side": one_of(v.SIDES, "target side"),
    "pick": one_of(v.PICKS, "pick"),
    "reach": one_of(v.REACHES, "reach"),
    "characters_only": Boolean(),
    "non_characters_only": Boolean(),
}
"""The fields of ``vocabulary.Target`` (a table in a scenario's ``args``), each with its domain."""
assert set(TARGET_TYPES) == {f.name for f in dataclasses.fields(v.Target)}, "a field of Target has no type here"

ARG_RANGES: dict[str, tuple[int, int]] = {
    "amount": (0, MAX_AMOUNT),
    "max_hp": (0, MAX_AMOUNT),
    "n": (0, MAX_CARDS),
    "limit": (1, MAX_TOKENS),
}
"""The range of each number an instruction takes (by field name): what a scenario may give."""


def _arg_type(cls: type, f: dataclasses.Field) -> Value:
    """The type of one field of an instruction: its domain from the model (field metadata), its range from ``ARG_RANGES``."""
    ann = str(f.type)
    if ann == "Target":
        return Boolean()  # never used: a target is a table, checked field by field
    if ann == "bool":
        return Boolean()
    if "int" in ann:
        lo, hi = ARG_RANGES[f.name]
        number: Value = Integer(lo, hi)
        words = f.metadata.get("words")
        return number | one_of(words, "word") if words else number
    if ann == "str" and "domain" in f.metadata:
        return one_of(f.metadata["domain"], f.metadata["noun"])
    raise TypeError(f"{cls.__name__}.{f.name}: no scenario type for a field of type {ann}")


ARG_TYPES: dict[str, dict[str, Value]] = {op: {f.name: _arg_type(cls, f) for f in dataclasses.fields(cls)} for op, cls in OPS.items()}
"""Every field of every instruction with its type: building this table at import fails for a new
field that has neither a domain nor a range, so nothing reaches the model unchecked."""


def carried_problem(kind: str, pattern: dict) -> str | None:
    """Why a decision pattern can never match a decision of ``kind``: it picks by a field that no
    decision of that kind carries (``decisions.FIELDS``)."""
    carried = FIELDS.get(kind, ())
    extra = [k for k in ("card", "target", "zone", "index") if k in pattern and k not in carried]
    if extra:
        has = ", ".join(carried) if carried else "nothing but its actor"
        return f"a {kind} decision carries no {' or '.join(extra)} (it carries {has})"
    return None


SETUP_KEYS = {
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

COUNTERS: dict[str, Value] = {
    "devastation": Integer(0, MAX_COUNTER),
    "countdown": Integer(0, MAX_COUNTER),
    "form": Integer(1, len(DEFAULT.forms_hp)),
    "oblivaeon_zone": ZONE,
    "shield_side": Integer(0, 2),
    "shield_tasks": Integer(0, MAX_COUNTER),
    "usurped": Boolean(),
}
"""Setup keys that set one counter of the state (the field of the same name)."""


class OblivAeonScenarios(VocabularyBase):
    default_parameters = DEFAULT
    apply_overrides = staticmethod(with_overrides)
    quiet_kinds = QUIET
    fact_getter = staticmethod(fact_getter)
    ruleset = "oblivaeon"
    catalogue = CATALOGUE
    event_kinds = frozenset(EVENT_KINDS)
    decision_kinds = frozenset(LABELS)
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
        for k in setup:
            if k not in SETUP_KEYS:
                fail(k, f"unknown setup key; expected one of: {', '.join(SETUP_KEYS)}")

        def want(key: str, value: Any, typ: Value) -> Any:
            return check(value, typ, lambda m: fail(key, m))

        h = setup.get("heroes")
        if h is not None:
            if isinstance(h, list):
                want("heroes", h, ListOf(VARIANT_IDS))
                if not min(HERO_COUNTS) <= len(h) <= max(HERO_COUNTS):
                    fail("heroes", f"OblivAeon is played with {listing(map(str, HERO_COUNTS))} heroes, not {len(h)}")
                decks = [CHARACTERS[c].hero for c in h]
                if len(set(decks)) != len(decks):
                    fail("heroes", "two players cannot play the same hero deck (INCAP.NO-SHARED-DECK)")
            else:
                want("heroes", h, Integer(min(HERO_COUNTS), max(HERO_COUNTS)))
        if "shield" in setup:
            want("shield", setup["shield"], one_of(SHIELDS, "Shield"))
        envs = want("environments", setup.get("environments", list(DEFAULT_ENVS)), ListOf(one_of(ENVIRONMENTS, "environment")))
        if len(envs) != 5 or len(set(envs)) != 5:
            fail("environments", f"expected five different environment decks, got {len(envs)} ({len(set(envs))} different)")
        shape = shape_of(setup)
        in_play = want("in_play", setup.get("in_play", envs[:2]), ListOf(environments(shape)))
        if len(in_play) != 2 or len(set(in_play)) != 2:
            fail("in_play", "expected two different environments of the five, one per battle zone")
        if "scion_order" in setup:
            order = want("scion_order", setup["scion_order"], ListOf(one_of(SCIONS, "Scion")))
            if len(set(order)) != len(order):
                fail("scion_order", "a Scion is named twice")
        if "set_aside" in setup:
            aside = want("set_aside", setup["set_aside"], ListOf(environments(shape)))
            both = sorted(set(aside) & set(in_play))
            if both:
                fail("set_aside", f"{', '.join(both)} is in play, not set aside")
        for k, typ in COUNTERS.items():
            if k in setup:
                want(k, setup[k], typ)
        if "erased" in setup:
            want("erased", setup["erased"], ListOf(HERO_NAMES))
        for k in ("fall", "erase"):
            if k in setup:
                chars = want(k, setup[k], ListOf(CHARACTER_IDS))
                absent = [c for c in chars if CHARACTER_CARDS[c].key not in shape.characters]
                if absent:
                    fail(k, f"{absent[0]} is none of this setup's heroes ({', '.join(shape.characters)})")
        zones = want("hero_zones", setup.get("hero_zones", {}), _TABLE)
        for m, z in zones.items():
            if not re.fullmatch(r"[1-9]", m) or shape.seat_problem(int(m)):
                fail(f"hero_zones.{m}", f"expected a hero marker 1-{shape.heroes} (this setup has {shape.heroes} heroes), not {show(m)}")
            want(f"hero_zones.{m}", z, ZONE)
        for key, typ in (("hp", Integer(0, MAX_AMOUNT)), ("tokens", Integer(0, MAX_TOKENS))):
            table = want(key, setup.get(key, {}), _TABLE)
            for c, n in table.items():
                problem = card_problem(c, shape)
                if problem:
                    fail(f'{key}."{c}"', problem)
                want(f'{key}."{c}"', n, typ)
        places = want("place", setup.get("place", []), ListOf(_TABLE))
        for i, p in enumerate(places):
            self._check_placement(f"place[{i + 1}]", p, shape, fail)
        if "start" in setup:
            self._check_turn(setup["start"], lambda m: fail("start", m), ("turn", "zone", "hero", "round"), shape)
        if "at" in setup:
            if setup["at"] != "setup":
                fail("at", f"expected 'setup' (the end of setup, before OblivAeon's first turn), not {got(setup['at'])}")
            if "start" in setup:
                fail("at", "a position at the end of setup cannot also resume play at a turn (start)")

    def _check_placement(self, where: str, p: dict, shape: Shape, fail) -> None:
        for k in p:
            if k not in ("card", "to", "hp", "reward", "tokens"):
                fail(f"{where}.{k}", "unknown key; expected card, to, hp, reward, tokens")
        if "card" not in p or "to" not in p:
            fail(where, "expected a table {card, to, hp, reward, tokens} with at least card and to")
        check(p["card"], cards(shape), lambda m: fail(f"{where}.card", m))
        if p["card"] in SHIELD_CARDS:
            fail(f"{where}.card", "the Shield is not placed: set shield_side instead")
        check(p["to"], Text(f"{PLACE_HELP}"), lambda m: fail(f"{where}.to", m))
        parsed = parse_place(p["to"], shape)
        if isinstance(parsed, str):
            fail(f"{where}.to", parsed)
        for k, typ in (("hp", Integer(0, MAX_AMOUNT)), ("tokens", Integer(0, MAX_TOKENS)), ("reward", Boolean())):
            if k in p:
                check(p[k], typ, lambda m, k=k: fail(f"{where}.{k}", m))
        if p.get("reward") and (PHYSICAL.get(p["card"]) is None or PHYSICAL[p["card"]].reward is None):
            fail(f"{where}.reward", f"{p['card']} is no Mission card: it has no reward side")

    def _check_turn(self, spec: Any, fail, allow: tuple[str, ...], shape: Shape) -> None:
        types: dict[str, Value] = {
            "turn": one_of(TURN_KINDS, "turn kind"),
            "zone": ZONE,
            "hero": Integer(1, shape.heroes),
            "round": Integer(1, MAX_ROUND),
            "decision": one_of(LABELS, "decision kind"),
            "game_over": Boolean(),
        }
        if not isinstance(spec, dict):
            fail(f"expected a table with some of {', '.join(allow)}, got {got(spec)}")
        for k, val in spec.items():
            if k not in allow:
                fail(f"unknown key {show(k)}; expected some of {', '.join(allow)}")
            check(val, types[k], lambda m, k=k: fail(f"{k}: {m}"))
            if k == "game_over" and val is not True:
                fail("game_over must be true")
        goals = [k for k in ("turn", "decision", "game_over") if k in spec]
        if "decision" not in allow and "turn" not in spec:
            fail("expected the turn to resume at (turn = oblivaeon, hero, environment or villain)")
        if "decision" in allow and (len(goals) > 1 or not (goals or "round" in spec)):
            fail(f"expected one goal: a turn (with its round), a round, a decision or game_over; got {', '.join(goals) or 'none'}")
        if "turn" in spec:
            t = spec["turn"]
            if t in ("environment", "villain") and "zone" not in spec:
                fail(f"a {t} turn needs its zone")
            if t == "hero" and "hero" not in spec:
                fail("a hero turn needs its hero marker (hero = N)")
            if t != "hero" and "hero" in spec:
                fail(f"a {t} turn has no hero marker")
            if t in ("hero", "oblivaeon") and "zone" in spec:
                fail(f"a {t} turn is not a battle zone's: give no zone")
        elif "zone" in spec or "hero" in spec:
            fail("zone and hero say which turn: give them with turn")

    def check_action(self, action: str, spec: dict, fail, setup: dict | None = None) -> None:
        shape = shape_of(setup)
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
        if "chance" in spec:
            check(spec["chance"], one_of(("first", "stop"), "chance"), lambda m: fail("chance", m))
        if action == "decide":
            check(spec["decide"], one_of(LABELS, "decision kind"), lambda m: fail("decide", m))
            pattern = {k: spec[k] for k in ("card", "target", "zone", "index", "actor") if k in spec}
            problem = carried_problem(spec["decide"], pattern)
            if problem:
                fail("decide", problem)
            types = self._decision_types(shape, spec["decide"])
            for k, val in pattern.items():
                check(val, types[k], lambda m, k=k: fail(k, m))
        elif action == "effect":
            op = check(spec["effect"], one_of(OPS, "effect"), lambda m: fail("effect", m))
            self._check_args(op, spec.get("args", {}), lambda k, m: fail(f"args.{k}" if k else "args", m))
            self._check_by(spec.get("by", {}), fail, shape)
        elif action == "look":
            check(spec["look"], TEXT, lambda m: fail("look", m))
        elif action == "resolve":
            card = check(spec["resolve"], cards(shape, "a card id"), lambda m: fail("resolve", m))
            if card not in PHYSICAL:
                fail("resolve", f"{card} has no text of its own to resolve (it is no deck's card)")
            part = check(spec.get("part", "play"), Text("'play', 'trigger N' or 'power N'"), lambda m: fail("part", m))
            cdef = PHYSICAL[card]
            m = re.fullmatch(r"(trigger|power) ([1-9])", part)
            if part != "play" and not m:
                fail("part", f"expected 'play', 'trigger N' or 'power N', not {show(part)}")
            if m and int(m.group(2)) > len(cdef.triggers if m.group(1) == "trigger" else cdef.powers):
                fail("part", f"{card} has no {part}")
            self._check_by(spec.get("by", {}), fail, shape)
        else:
            self._check_turn(spec["until"], lambda m: fail("until", m), ("turn", "zone", "hero", "round", "decision", "game_over"), shape)

    def _check_by(self, by: Any, fail, shape: Shape) -> None:
        check(by, _TABLE, lambda m: fail("by", m))
        types: dict[str, Value] = {
            "side": one_of(SIDES_BY, "side"),
            "hero": Integer(1, shape.heroes),
            "zone": ZONE,
            "source": cards(shape),
        }
        for k, val in by.items():
            if k not in types:
                fail(f"by.{k}", f"unknown key; expected some of {', '.join(types)}")
            check(val, types[k], lambda m, k=k: fail(f"by.{k}", m))

    def _check_args(self, op: str, args: Any, fail) -> None:
        cls = OPS[op]
        check(args, _TABLE, lambda m: fail("", m))
        types = ARG_TYPES[op]
        for k, val in args.items():
            if k not in types:
                fail(k, f"{cls.__name__} has no field {show(k)}; fields: {', '.join(types) or 'none'}")
            if k == "target":
                check(val, _TABLE, lambda m: fail("target", m))
                for tk, tv in val.items():
                    if tk not in TARGET_TYPES:
                        fail(f"target.{tk}", f"unknown; expected some of {', '.join(TARGET_TYPES)}")
                    check(tv, TARGET_TYPES[tk], lambda m, tk=tk: fail(f"target.{tk}", m))
                continue
            check(val, types[k], lambda m, k=k: fail(k, m))
        fields = dataclasses.fields(cls)
        missing = [
            f.name for f in fields if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING and f.name not in args
        ]
        if missing:
            fail("", f"{cls.__name__} needs {', '.join(missing)}")

    def check_fact(self, name: str, value: Any, fail, setup: dict | None = None) -> None:
        fact = resolve(name, shape_of(setup))
        if isinstance(fact, str):
            fail(fact)
        check(value, fact.type(shape_of(setup)), fail)

    def _event_types(self, shape: Shape) -> dict[str, Value]:
        return {
            "kind": one_of(EVENT_KINDS, "event kind"),
            "clause": CLAUSE_IDS,
            "zone": EVENT_ZONE,
            "source_zone": EVENT_ZONE,
            "reach": one_of(EVENT_REACHES, "reach"),
            "card": names(shape),
            "target": names(shape),
            "amount": Integer(-MAX_EVENT_AMOUNT, MAX_EVENT_AMOUNT),
            "detail": TEXT,
            "nth": Integer(1, MAX_NTH),
        }

    def _decision_types(self, shape: Shape, kind: str | None = None) -> dict[str, Value]:
        """The type of each field of a decision pattern; with the decision's kind, each field names
        the sort of thing that kind carries there (``decisions.FIELDS``)."""
        types: dict[str, Value] = {
            "kind": one_of(LABELS, "decision kind"),
            "actor": actors(shape),
            "card": cards(shape),
            "target": names(shape),
            "zone": ZONE,
            "index": Integer(0, MAX_INDEX),
        }
        sorts: dict[str, Value] = {
            "card": cards(shape),
            "environment": environments(shape),
            "deck": one_of(
                DECK_LABELS, "deck's label", lambda x: f"{show(x)} is no deck's label; decks are named as in {DECK_LABEL_EXAMPLES}"
            ),
            "zone": ZONE,
            "seat": Integer(0, shape.heroes - 1),
        }
        for field, sort in FIELDS.get(kind, {}).items():
            types[field] = sorts.get(sort, types[field])
        return types

    def check_pattern(self, key: str, item: dict, fail, setup: dict | None = None) -> None:
        shape = shape_of(setup)
        events = key in ("events", "no_events")
        types = self._event_types(shape) if events else self._decision_types(shape)
        if "kind" in item:
            check(item["kind"], types["kind"], lambda m: fail(f"kind: {m}"))
        if not events and "kind" in item:
            problem = carried_problem(item["kind"], item)
            if problem:
                fail(problem)
            types = self._decision_types(shape, item["kind"])
        for k, val in item.items():
            check(val, types[k], lambda m, k=k: fail(f"{k}: {m}"))

    # --- the run-time check of a refusal ---

    def refusal_problem(self, state, spec: dict) -> str | None:
        """Why a refused ``decide`` step proves nothing in this game: its pattern picks by a field
        the kind never carries, or names a hero seat, card, environment or deck this game does not
        have, so no decision could have matched it whatever the rules."""
        kind = spec["decide"]
        pattern = {k: spec[k] for k in ("card", "target", "zone", "index", "actor") if k in spec}
        problem = carried_problem(kind, pattern)
        if problem:
            return problem
        actor = pattern.get("actor", "")
        m = re.fullmatch(r"hero (\d+)", actor)
        if m and int(m.group(1)) > len(state.seats):
            return f"there is no hero {m.group(1)} in this game of {len(state.seats)} heroes"
        if FIELDS[kind].get("index") == "seat" and pattern.get("index", 0) >= len(state.seats):
            return f"there is no seat {pattern['index']} (counted from 0) in this game of {len(state.seats)} heroes"
        labels = deck_labels(tuple(s.hero or "" for s in state.seats), tuple(state.envs))
        for k in ("card", "target"):
            name = pattern.get(k)
            if name is None:
                continue
            if is_card(name):
                if where_is(state, name) is None:
                    return f"{name} is in no place of this game"
            elif name in ENVIRONMENTS:
                if name not in state.envs:
                    return f"{name} is not in this game (its environments: {', '.join(sorted(state.envs))})"
            elif name in labels:
                continue
            else:
                return f"{show(name)} names nothing of this game"
        return None

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
        placements = tuple(
            Placement(p_["card"], parse_place(p_["to"]), p_.get("hp"), bool(p_.get("reward")), p_.get("tokens"))
            for p_ in setup.get("place", [])
        )
        state = positions.place(
            state,
            Position(
                hero_zones={int(marker): zone for marker, zone in setup.get("hero_zones", {}).items()},
                counters={k: setup[k] for k in positions.COUNTERS if k in setup},
                erased=tuple(setup["erased"]) if "erased" in setup else None,
                set_aside=tuple(setup["set_aside"]) if "set_aside" in setup else None,
                placements=placements,
                hp=setup.get("hp", {}),
                tokens=setup.get("tokens", {}),
                fallen=tuple(setup.get("fall", [])),
                erased_heroes=tuple(setup.get("erase", [])),
            ),
        )
        if "start" in setup:
            st = setup["start"]
            state, _ = positions.at_turn(state, self._slot(state, st), round_number=st.get("round", state.cursor.round))
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
        for place, held in containers(state):
            if place[0] == "box" or (place[0] == "seat" and place[2] == "deck") or (place[0] == "env" and place[2] == "deck"):
                continue
            if place[0] in ("oblivaeon_deck", "scion_deck", "aeon_deck", "mission_deck", "reserve"):
                continue
            for c in held:
                out[f"place of {c}"] = place_words(place)
        return out

    def describe_action(self, action: str, spec: dict) -> str:
        """A step in words (a step's heading on a corner-case page), its settings as phrases rather than TOML tables."""
        if action == "decide":
            bits = [spec["decide"]] + [f"{k} {spec[k]}" for k in ("actor", "card", "target", "zone", "index") if k in spec]
            return "decide: " + ", ".join(phrase(b, SPEC_WORDS) for b in bits)
        if action == "effect":
            by = spec.get("by", {})
            args = spec.get("args", {})
            return (
                f"effect {spec['effect']}"
                + (f": {phrase(args, SPEC_WORDS)}" if args else "")
                + (f"; by {phrase(by, SPEC_WORDS)}" if by else "")
            )
        if action == "resolve":
            return f"resolve {describe(spec['resolve'])} ({spec.get('part', 'play')})"
        if action == "look":
            return f"look: {spec['look']}"
        return f"play on quietly until {phrase(spec['until'], SPEC_WORDS)}"


#: How a scenario's keys read in a step's heading (the rest read as written, underscores as spaces).
SPEC_WORDS = {"dtype": "damage type"}

VOCAB = OblivAeonScenarios()
