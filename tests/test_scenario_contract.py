"""The OblivAeon side of the scenario contract: what the model declares is what it does.

The scenario checks read declarations of the model (event kinds, what each decision kind carries,
the effect vocabulary's domains) and the vocabulary's fact types.  A declaration that drifted from
the code would refuse good files or let bad ones through, so each is checked against the code
itself: the static scan of its emit sites and ``Decision(...)`` calls, and random play.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import random
from collections import Counter
from pathlib import Path

import pytest
from oblivaeon_verify.model.oblivaeon import engine, setup
from oblivaeon_verify.model.oblivaeon import vocabulary as v
from oblivaeon_verify.model.oblivaeon.clauses import CATALOGUE
from oblivaeon_verify.model.oblivaeon.decisions import FIELDS, LABELS, Decision
from oblivaeon_verify.model.oblivaeon.draft import Draft
from oblivaeon_verify.model.oblivaeon.events import EVENT_KINDS
from oblivaeon_verify.model.oblivaeon.ruleset import RULESET
from oblivaeon_verify.properties.oblivaeon import scenario_vocab, scenario_words

from oblivaeon_verify.graphs.static import read_model
from oblivaeon_verify.scenarios import vocabulary

VOCAB = vocabulary("oblivaeon")
MODEL = Path(__file__).resolve().parents[1] / "model" / "oblivaeon"
GAMES = 100
"""Random games for the play-based checks (80 per hero count; the suite's other campaigns play more)."""


@functools.cache
def random_play():
    """(event kinds, decisions) seen in GAMES random games, with the states met every 40 decisions.

    Played when a test first asks, not at import: every collecting process would play them otherwise."""
    kinds: Counter = Counter()
    decisions: list[Decision] = []
    states = []
    rng = random.Random(20240611)
    for g in range(GAMES):
        state = engine.new_game(setup.random_setup(rng, RULESET.players[g % 3]))
        n = 0
        while state.options:
            decisions.extend(state.options)
            d = rng.choices(state.options, [o.weight if o.is_chance else 1 for o in state.options])[0]
            state, events = engine.step(state, d)
            kinds.update(e.kind for e in events)
            n += 1
            if n % 40 == 0 and len(states) < 300:
                states.append(state)
    return kinds, decisions, states


def _static_kinds() -> set[str]:
    code = read_model("oblivaeon_verify.model.oblivaeon", lambda s: s in CATALOGUE)
    return {e.kind for f in code.functions.values() for e in f.emits}


# --- event kinds ---------------------------------------------------------------------------------


def test_the_vocabulary_offers_the_models_declared_event_kinds():
    assert VOCAB.event_kinds == frozenset(EVENT_KINDS) and len(EVENT_KINDS) == len(set(EVENT_KINDS))


def test_random_play_emits_no_event_kind_the_model_does_not_declare():
    kinds, _, _ = random_play()
    assert set(kinds) - set(EVENT_KINDS) == set()
    assert len(kinds) > 50  # the games reach most rules


def test_every_emit_site_uses_a_declared_kind_and_every_declared_kind_has_one():
    static = _static_kinds()
    assert static - set(EVENT_KINDS) == set(), "emitted but not declared"
    assert set(EVENT_KINDS) - static == set(), "declared but never emitted (a dead kind)"


def test_the_model_refuses_to_emit_an_undeclared_kind():
    d = Draft(engine.new_game(setup.random_setup(random.Random(1), 3)))
    with pytest.raises(ValueError, match="not declared in model/oblivaeon/events.py"):
        d.emit("hero-mooved", "HERO.MOVE")


# --- decision kinds and what they carry -----------------------------------------------------------


def _decision_calls() -> list[tuple[str, set[str], str]]:
    """(kind, fields given, where) of every ``Decision("kind", ...)`` call in the model's source."""
    names = list(Decision._fields)
    out = []
    for path in sorted(MODEL.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Decision":
                kind = node.args[0]
                assert isinstance(kind, ast.Constant), f"{path.name}:{node.lineno}: a decision kind that is not a literal"
                given = {kw.arg for kw in node.keywords} | {names[i] for i in range(2, len(node.args))}
                out.append((kind.value, given - {"weight"}, f"{path.name}:{node.lineno}"))
    return out


def test_every_decision_kind_has_a_label_and_a_declaration_of_what_it_carries():
    assert set(LABELS) == set(FIELDS) and VOCAB.decision_kinds == frozenset(LABELS)


def test_every_decision_the_model_builds_carries_only_declared_fields_and_every_declaration_is_used():
    calls = _decision_calls()
    for kind, given, where in calls:
        assert kind in FIELDS, f"{where}: decision kind {kind!r} is not declared in decisions.FIELDS"
        assert given <= set(FIELDS[kind]), f"{where}: {kind} carries {given - set(FIELDS[kind])}, not declared"
    built: dict[str, set[str]] = {}
    for kind, given, _ in calls:
        built.setdefault(kind, set()).update(given)
    assert {k: set(f) for k, f in FIELDS.items()} == built, "a declared kind or field that no Decision(...) call gives"


def test_random_play_offers_only_declared_kinds_with_only_declared_fields():
    _, decisions, _ = random_play()
    defaults = Decision("x", "y")
    for d in decisions:
        assert d.kind in FIELDS
        carried = {f for f in ("card", "target", "zone", "index") if getattr(d, f) != getattr(defaults, f)}
        assert carried <= set(FIELDS[d.kind]), d


# --- fact types and effect domains --------------------------------------------------------------


def _every_fact(state) -> list[str]:
    shape = scenario_words.Shape(len(state.seats), (), tuple(state.envs))
    names = list(scenario_words.SIMPLE_FACTS)
    names += [f"hero {i} {f}" for i in range(1, shape.heroes + 1) for f in scenario_words.SEAT_FACTS]
    names += [f"zone {z} {f}" for z in (1, 2) for f in scenario_words.ZONE_FACTS]
    names += [
        f"{p} {d}"
        for p in scenario_words.DECK_FACTS
        for d in ("oblivaeon deck", "mission deck", "hero 1 deck", f"{sorted(state.envs)[0]} deck")
    ]
    held = [c for s in state.seats for c in s.characters + s.play + s.hand] + [
        c for z in state.zones for c in z.env_play + z.villain_play + z.scions
    ]
    names += [f"{p} {c}" for p in scenario_words.CARD_FACTS for c in held[:12] if not isinstance(scenario_words.resolve(f"{p} {c}"), str)]
    return names


def test_the_declared_fact_types_describe_what_the_model_gives():
    _, _, states = random_play()
    assert len(states) >= 100
    for state in states:
        shape = scenario_words.Shape(len(state.seats), (), tuple(state.envs))
        for name in _every_fact(state):
            fact = scenario_words.resolve(name, shape)
            assert not isinstance(fact, str), fact
            value = fact.get(state)
            assert fact.type(shape).problem(value) is None, f"{name} = {value!r}: {fact.type(shape).problem(value)}"


def test_every_field_of_every_instruction_has_a_scenario_type_from_the_models_domains():
    for op, cls in scenario_vocab.OPS.items():
        assert set(scenario_vocab.ARG_TYPES[op]) == {f.name for f in dataclasses.fields(cls)}
    assert scenario_vocab.ARG_TYPES["damage"]["dtype"].values == frozenset(v.DAMAGE_TYPES)
    assert scenario_vocab.ARG_TYPES["destroy"]["reach"].values == frozenset(v.REACHES)


def test_the_model_refuses_an_instruction_outside_its_domain():
    with pytest.raises(ValueError, match="Damage.dtype must be one of"):
        v.Damage(1, "plasma", v.ANY_CHOICE)
    with pytest.raises(ValueError, match="FlipHarpyToken.to must be one of arcana, avian"):
        v.FlipHarpyToken("eagle")
