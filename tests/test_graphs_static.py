"""The static reading of model code: emits, wrappers, reactions, state reactions, overrides.

A tiny model package is written to a temporary folder so that each kind of edge can be shown to
appear, and to disappear when the code that makes it is taken away.
"""

from __future__ import annotations

import sys
import textwrap

import pytest

from oblivaeon_verify.graphs.static import read_model, static_edges

CLAUSES = {"R.HIT", "R.FALL", "R.DOOM", "R.CHECK", "CLAR.SPECIAL"}

SOURCE = """
REG = {}

def implements(*ids):
    def deco(fn):
        fn.__clauses__ = ids
        return fn
    return deco

def continuation(name):
    def deco(fn):
        REG[name] = fn
        return fn
    return deco

class Draft:
    def emit(self, kind, clause, **data):
        pass

    def end(self, kind, reason, clause):
        self.emit("game-" + kind, clause, detail=reason)

def add_doom(d, n, clause):
    d.doom += n
    d.emit("doom", clause, amount=n)

@implements("R.HIT")
def hit(d, target):
    d.emit("damage", "R.HIT", target=target)
    {after_hit}

@implements("R.FALL")
def fall(d, target):
    add_doom(d, 1, "R.FALL" if target != "team" else "CLAR.SPECIAL")
    d.push_call("check-later")

@continuation("check-later")
@implements("R.CHECK")
def check(d):
    if d.doom >= 3:
        d.end("lost", "too much doom", "R.DOOM")
"""


def _package(tmp_path, name: str, after_hit: str) -> str:
    pkg = tmp_path / name
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "rules.py").write_text(textwrap.dedent(SOURCE).replace("{after_hit}", after_hit))
    sys.path.insert(0, str(tmp_path))
    return name


@pytest.fixture
def edges(tmp_path):
    name = _package(tmp_path, "toy_rules_a", "fall(d, target)")
    try:
        code = read_model(name, lambda s: s in CLAUSES)
        yield {(e.source, e.target, e.relation) for e in static_edges(code)}, code
    finally:
        sys.path.remove(str(tmp_path))
        for m in [m for m in sys.modules if m.startswith(name)]:
            del sys.modules[m]


def test_a_literal_emit_is_an_emits_edge_from_its_clause(edges):
    e, _ = edges
    assert ("R.HIT", "event:damage", "emits") in e


def test_an_emit_wrapper_passes_the_callers_clause_and_kind(edges):
    e, code = edges
    assert ("R.FALL", "event:doom", "emits") in e
    assert ("CLAR.SPECIAL", "event:doom", "emits") in e
    # a method wrapper builds its kind from its argument: end("lost", ...) emits "game-lost"
    assert ("R.DOOM", "event:game-lost", "emits") in e
    assert code.wrappers["end"].kind == ("concat", "game-", 1)


def test_a_call_after_an_emit_is_a_reaction(edges):
    e, _ = edges
    assert ("event:damage", "R.FALL", "reacts") in e


def test_a_pushed_registered_name_reaches_the_registered_function(edges):
    e, _ = edges
    assert ("R.FALL", "R.CHECK", "invokes") in e


def test_a_field_written_by_an_emitter_and_tested_by_a_rule_is_a_state_reaction(edges):
    e, _ = edges
    assert ("event:doom", "R.CHECK", "via-state") in e


def test_a_choice_between_two_clause_ids_is_an_override(edges):
    e, _ = edges
    assert ("R.FALL", "CLAR.SPECIAL", "overrides") in e


def test_without_the_call_after_the_emit_there_is_no_reaction(tmp_path):
    name = _package(tmp_path, "toy_rules_b", "pass")
    try:
        code = read_model(name, lambda s: s in CLAUSES)
        e = {(x.source, x.target, x.relation) for x in static_edges(code)}
    finally:
        sys.path.remove(str(tmp_path))
        for m in [m for m in sys.modules if m.startswith(name)]:
            del sys.modules[m]
    assert ("R.HIT", "event:damage", "emits") in e
    assert not any(s == "event:damage" for s, _t, _r in e)


def test_the_oblivaeon_model_shows_the_devastation_rules_statically():
    from oblivaeon_verify.model.oblivaeon.clauses import CATALOGUE

    code = read_model("oblivaeon_verify.model.oblivaeon", lambda s: s in CATALOGUE)
    e = {(x.source, x.target, x.relation) for x in static_edges(code)}
    assert ("BZ.DEV.HERO-INCAP", "event:devastation", "emits") in e
    assert ("event:devastation", "ID.DEVASTATION", "via-state") in e
    assert ("BZ.DEV.HERO-INCAP", "CLAR.SENTINELS", "overrides") in e
    assert ("ENV.REMOVAL.LOSS", "event:game-lost", "emits") in e
