"""The silent choices: every place a model decides what its rulebook does not say is listed, names real code, and each reading is played and parted."""

from __future__ import annotations

import importlib
import inspect

import pytest

from oblivaeon_verify import rulesets
from oblivaeon_verify.graphs import divergence
from oblivaeon_verify.sections import silent_choices as section


@pytest.mark.parametrize("name", rulesets.available())
def test_each_silent_choice_names_the_model_function_that_makes_it(name):
    ruleset = rulesets.load(name)
    ids = [c.id for c in ruleset.silent_choices]
    assert ids and len(ids) == len(set(ids))
    for c in ruleset.silent_choices:
        module, function = c.where.rsplit(".", 1)
        fn = getattr(importlib.import_module(f"{ruleset.package}.{module}"), function, None)
        assert callable(fn), f"{c.id}: {c.where} is no function of the model"
        if c.reading:
            assert c.reading in inspect.getsource(fn), f"{c.id}: {c.where} does not read {c.reading}"
        if c.clause:
            assert c.clause in ruleset.catalogue.ids(), f"{c.id}: no clause {c.clause}"


@pytest.mark.parametrize("name", rulesets.available())
def test_every_reading_is_a_silent_choice(name):
    ruleset = rulesets.load(name)
    readings = {p for p, _d, _v in divergence.readings(ruleset)}
    assert readings and readings == {c.reading for c in ruleset.silent_choices if c.reading}


def test_a_reading_left_out_of_the_catalogue_is_a_warning():
    base = rulesets.load("aeons_end")
    ruleset = type("WithoutItsReading", (type(base),), {"silent_choices": tuple(c for c in base.silent_choices if not c.reading)})()
    data = section.collect(ruleset, seed=1, quick=True)
    assert data["undeclared_readings"] == ["last_attack_reading"]
    assert section.warnings(data) == ["silent choices: the reading last_attack_reading is no silent choice of the catalogue"]


def test_aeons_end_reading_is_played_and_parted_and_so_warns_of_nothing():
    data = section.collect(rulesets.load("aeons_end"), seed=1, quick=True)
    (row,) = [r for r in data["choices"] if r["reading"]]
    assert [v["value"] for v in row["values"]] == ["win-at-draw", "resolves-first"] and all(v["scenarios"] for v in row["values"])
    assert [w["ok"] for w in row["parting"]] == [True]
    assert section.warnings(data) == []
    assert "last_attack_reading" in section.markdown(data) and "8 silent choices" in section.headline(data)


def test_a_value_without_a_scenario_or_a_witness_is_a_warning():
    data = {
        "undeclared_readings": [],
        "choices": [
            {
                "id": "R",
                "reading": "r",
                "values": [{"value": "a", "default": True, "scenarios": ["s"]}, {"value": "b", "default": False, "scenarios": []}],
                "parting": [{"value": "b", "ok": False, "problem": "none is kept"}],
            }
        ],
    }
    assert section.warnings(data) == [
        "silent choices: no scenario plays r = b",
        "silent choices: neither a divergence witness nor a scenario parts r = b from its default: none is kept",
    ]
