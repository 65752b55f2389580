"""The load-time checks of an OblivAeon scenario: everything that refuses a file when it is read
(the setup, each step's action, each fact and each event or decision pattern), with no state.  The
names and domains they check against are in ``names``; the words (places, decks, facts) in
``scenario_words``.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from oblivaeon_verify.model.oblivaeon.cards import CHARACTER_CARDS, CHARACTERS, ENVIRONMENTS, PHYSICAL, SCIONS
from oblivaeon_verify.model.oblivaeon.decisions import FIELDS, LABELS
from oblivaeon_verify.model.oblivaeon.events import EVENT_KINDS, EVENT_REACHES
from oblivaeon_verify.properties.oblivaeon.scenario_vocab.names import (
    ARG_TYPES,
    COUNTERS,
    DECK_LABEL_EXAMPLES,
    EVENT_ZONE,
    OPS,
    SETUP_KEYS,
    SHIELD_CARDS,
    SIDES_BY,
    TARGET_TYPES,
    TURN_KINDS,
    ZONE,
    op_of,
)
from oblivaeon_verify.properties.oblivaeon.scenario_words import (
    CHARACTER_IDS,
    CLAUSE_IDS,
    DECK_LABELS,
    DEFAULT_ENVS,
    HERO_COUNTS,
    HERO_NAMES,
    MAX_AMOUNT,
    MAX_CARDS,
    MAX_EVENT_AMOUNT,
    MAX_INDEX,
    MAX_NTH,
    MAX_ROUND,
    MAX_TOKENS,
    PLACE_HELP,
    SHIELDS,
    TEXT,
    VARIANT_IDS,
    Shape,
    actors,
    card_problem,
    cards,
    environments,
    names,
    parse_place,
    resolve,
    shape_of,
)

from oblivaeon_verify.scenario_lib.vocab_base import Boolean, Integer, ListOf, Table, Text, Value, check, got, listing, one_of, show

_TABLE = Table()


def carried_problem(kind: str, pattern: dict) -> str | None:
    """Why a decision pattern can never match a decision of ``kind``: it picks by a field that no
    decision of that kind carries (``decisions.FIELDS``)."""
    carried = FIELDS.get(kind, ())
    extra = [k for k in ("card", "target", "zone", "index") if k in pattern and k not in carried]
    if extra:
        has = ", ".join(carried) if carried else "nothing but its actor"
        return f"a {kind} decision carries no {' or '.join(extra)} (it carries {has})"
    return None


class Checks:
    """The load-time checks of ``OblivAeonScenarios`` (a mixin: every method refuses a file when it is read)."""

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
        erased = want("erased", setup["erased"], ListOf(HERO_NAMES)) if "erased" in setup else []
        falling: list[str] = []
        for k in ("fall", "erase"):
            if k in setup:
                chars = want(k, setup[k], ListOf(CHARACTER_IDS))
                absent = [c for c in chars if CHARACTER_CARDS[c].key not in shape.characters]
                if absent:
                    fail(k, f"{absent[0]} is none of this setup's heroes ({', '.join(shape.characters)})")
                again = [c for c in chars if c in falling or chars.count(c) > 1]
                if again:
                    fail(k, f"{again[0]} is named twice in fall and erase: a character falls once")
                falling += chars
                if k == "erase":
                    again = [c for c in chars if CHARACTER_CARDS[c].hero in erased]
                    if again:
                        fail(k, f"{again[0]}: {CHARACTER_CARDS[again[0]].hero} is erased already (setup.erased): a hero is erased once")
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
        try:
            op_of(op, args)
        except (ValueError, AssertionError) as e:  # fields that each fit their domain but not each other
            fail("", str(e))

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
            "weight": Integer(1, MAX_CARDS),  # a chance outcome's weight: a reveal's copies of its kind
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
