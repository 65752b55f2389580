"""Scenario files are read strictly and run safely (the trust issue's findings, one test each).

A malformed file anywhere in ``scenarios/<ruleset>/`` used to stop ``report``, ``verify`` and
``pytest`` with a traceback, or to load and pass a check that could not fail; each test below was
run against the code before the fix and failed there.  Now: one ScenarioError line naming the file
and the key or line, a load error of the suite (never an exception), or a failing step.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from oblivaeon_verify.properties.oblivaeon import scenario_vocab

from oblivaeon_verify.scenario_lib.schema import MAX_DEPTH
from oblivaeon_verify.scenarios import ScenarioError, load, load_suite, run, vocabulary

ROOT = Path(__file__).resolve().parents[1]
VOCAB = vocabulary("oblivaeon")
HEAD = 'id = "strict"\ntitle = "t"\nsummary = "s"\nclauses = ["HERO.MOVE"]\n'


def _file(tmp_path: Path, body: str | bytes, name: str = "strict") -> Path:
    f = tmp_path / f"{name}.toml"
    head = HEAD.replace('"strict"', f'"{name}"')
    f.write_bytes(head.encode() + (body if isinstance(body, bytes) else body.encode()))
    return f


def _refused(tmp_path: Path, body: str | bytes, *fragments: str) -> ScenarioError:
    f = _file(tmp_path, body)
    with pytest.raises(ScenarioError) as info:
        load(f, VOCAB)
    message = str(info.value)
    assert message.startswith(str(f)) and "\n" not in message, message
    for fragment in fragments:
        assert fragment in message, message
    return info.value


# --- bytes and nesting ------------------------------------------------------------------------


def test_a_byte_that_is_not_utf8_is_one_line_naming_file_and_line(tmp_path):
    e = _refused(tmp_path, b'[[steps]]\nlook = "caf\xe9"\n', "not UTF-8 text", "save the scenario file as UTF-8")
    assert e.line == 6


def test_a_nul_character_is_refused(tmp_path):
    _refused(tmp_path, b'[[steps]]\nlook = "a\x00b"\n', "a NUL character")


def test_a_file_too_big_to_be_a_scenario_is_refused_unread(tmp_path):
    _refused(tmp_path, '[[steps]]\nlook = "x"\n' + "# padding\n" * 900_000, "a scenario file may hold at most 8,388,608")


def test_arrays_nested_hundreds_deep_are_refused_not_a_recursion_error(tmp_path):
    e = _refused(tmp_path, '[[steps]]\nlook = "x"\n[steps.expect]\ndevastation = ' + "[" * 600 + "]" * 600 + "\n", "nested too deeply")
    assert e.line == 8


def test_nesting_that_toml_reads_but_no_vocabulary_should_walk_is_refused(tmp_path):
    deep = "{ a = " * (MAX_DEPTH + 2) + "1" + " }" * (MAX_DEPTH + 2)
    _refused(tmp_path, f'[setup]\nhero_zones = {deep}\n[[steps]]\nlook = "x"\n', "setup.hero_zones.a.a", "nested too deeply")


def test_an_integer_of_thousands_of_digits_is_not_valid_toml(tmp_path):
    _refused(tmp_path, "[setup]\ndevastation = " + "9" * 5000 + '\n[[steps]]\nlook = "x"\n', "not valid TOML", "4300 digits")


def test_a_newline_in_a_quoted_key_stays_escaped_in_a_one_line_message(tmp_path):
    _refused(tmp_path, '[[steps]]\nlook = "x"\n[steps.expect]\n"hero 1\\nzone" = 1\n', "hero 1\\nzone")


# --- wrong types where names are expected -----------------------------------------------------------


def test_a_table_where_a_name_is_expected(tmp_path):
    _refused(
        tmp_path,
        '[setup]\nshield = { a = 1 }\n[[steps]]\nlook = "x"\n',
        "setup.shield",
        "expected a Shield, got a table",
        "The Arc of Unreality",
    )


def test_a_list_where_a_hero_id_is_expected(tmp_path):
    _refused(
        tmp_path,
        '[setup]\nheroes = [["char:legacy:legacy"]]\n[[steps]]\nlook = "x"\n',
        "setup.heroes: item 1: expected a hero variant, got an array",
    )


@pytest.mark.parametrize(
    ("body", "fragments"),
    [
        ('[setup]\nenvironments = [["Rook City"]]\n[[steps]]\nlook = "x"\n', ["setup.environments: item 1"]),
        ('[setup]\nscion_order = [{ a = 1 }]\n[[steps]]\nlook = "x"\n', ["setup.scion_order: item 1"]),
        ('[setup]\nhp = { "char:legacy:legacy" = [1] }\n[[steps]]\nlook = "x"\n', ['setup.hp."char:legacy:legacy"', "got an array"]),
        ('[[steps]]\ndecide = "stay"\ncard = ["x"]\n', ["steps[1].decide", "carries no card"]),
        ('[[steps]]\neffect = ["damage"]\n', ["steps[1].effect", "expected an effect, got an array"]),
        ("[[steps]]\nresolve = { a = 1 }\n", ["steps[1].resolve", "got a table"]),
        ('[[steps]]\nuntil = { turn = ["hero"] }\n', ["steps[1].until", "turn: expected a turn kind, got an array"]),
        ('[[steps]]\nlook = "x"\n[steps.expect]\n"place of char:legacy:legacy" = ["hero 1 play"]\n', ["expected a place or"]),
    ],
    ids=["environments", "scion-order", "hp", "decide-card", "effect", "resolve", "until", "fact"],
)
def test_unhashable_values_never_reach_a_test_of_names(tmp_path, body, fragments):
    _refused(tmp_path, body, *fragments)


# --- the setup's own heroes, zones and decks ------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "fragments"),
    [
        (
            '[setup]\nheroes = 3\n[[steps]]\nlook = "x"\n[steps.expect]\n"hero 5 zone" = 1\n',
            ['expect."hero 5 zone"', "this setup has 3 heroes"],
        ),
        (
            '[setup]\nheroes = 3\n[[steps]]\neffect = "draw"\nby = { hero = 4 }\n',
            ["steps[1].by.hero", "expected a whole number from 1 to 3"],
        ),
        (
            '[setup]\nheroes = 3\n[[steps]]\nuntil = { turn = "hero", hero = 5 }\n',
            ["steps[1].until", "hero: expected a whole number from 1 to 3"],
        ),
        ('[[steps]]\ndecide = "stay"\noptions = [{ kind = "stay", actor = "hero 5" }]\n', ["steps[1].options", "actor", "'hero 5'"]),
        ('[setup]\nfall = ["char:bunker:bunker"]\n[[steps]]\nlook = "x"\n', ["setup.fall", "none of this setup's heroes"]),
        (
            '[setup]\nfall = ["char:legacy:legacy", "char:legacy:legacy"]\n[[steps]]\nlook = "x"\n',
            ["setup.fall", "char:legacy:legacy is named twice in fall and erase"],
        ),
        (
            '[setup]\nfall = ["char:legacy:legacy"]\nerase = ["char:legacy:legacy"]\n[[steps]]\nlook = "x"\n',
            ["setup.erase", "char:legacy:legacy is named twice in fall and erase"],
        ),
        (
            '[setup]\nerased = ["Legacy"]\nerase = ["char:legacy:legacy"]\n[[steps]]\nlook = "x"\n',
            ["setup.erase", "char:legacy:legacy: Legacy is erased already (setup.erased): a hero is erased once"],
        ),
        (
            '[[setup.place]]\ncard = "pike-industrial-complex:hazard#1"\nto = "hero 1 hand"\n[[steps]]\nlook = "x"\n',
            ["setup.place[1].card", "belongs to Pike Industrial Complex, which this setup does not have"],
        ),
        (
            '[[steps]]\ndecide = "stay"\nno_events = [{ kind = "environment-removed", card = "Wagner Mars Base" }]\n',
            ["no_events", "none of this setup's environments"],
        ),
    ],
    ids=[
        "fact-hero-5",
        "by-hero-4",
        "until-hero-5",
        "actor-hero-5",
        "fall-absent-hero",
        "fall-twice",
        "fall-and-erase",
        "erase-the-erased",
        "card-of-absent-environment",
        "absent-environment",
    ],
)
def test_an_expectation_about_what_the_setup_does_not_have_is_refused_when_read(tmp_path, body, fragments):
    _refused(tmp_path, body, *fragments)


def test_a_fact_may_still_say_that_an_environment_not_brought_is_not_in_the_game():
    sc = next(s for s in load_suite("oblivaeon").scenarios if s.id == "setup-environments")
    assert any(f == "size of Pike Industrial Complex deck" for step in sc.steps for f, _ in step.expect)


# --- names and numbers -------------------------------------------------------------------------


def test_a_damage_type_that_is_not_a_name_of_the_models_list_is_refused(tmp_path):
    _refused(
        tmp_path,
        '[[steps]]\neffect = "damage"\nargs = { amount = 2, dtype = 3, target = { side = "villain", pick = "each" } }\n',
        "steps[1].args.dtype",
        "expected a damage type, got an integer 3",
        "infernal",
    )


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (
            '{ amount = -5, dtype = "melee", target = { side = "villain", pick = "each" } }',
            ["args.amount", "expected a whole number from 0 to 500", "-5"],
        ),
        (
            '{ amount = 2, dtype = "plasma", target = { side = "villain", pick = "each" } }',
            ["args.dtype", "unknown damage type 'plasma'", "toxic"],
        ),
        ('{ amount = 2, dtype = "melee", target = { side = "villains", pick = "each" } }', ["args.target.side", "unknown target side"]),
        (
            '{ amount = 2, dtype = "melee", target = { side = "villain", characters_only = 1 } }',
            ["args.target.characters_only", "true or false"],
        ),
    ],
    ids=["negative-amount", "unknown-dtype", "target-side", "target-bool"],
)
def test_effect_arguments_are_checked_by_type_and_domain_not_for_presence_only(tmp_path, args, fragments):
    _refused(tmp_path, f'[[steps]]\neffect = "damage"\nargs = {args}\n', *fragments)


def test_a_huge_effect_amount_is_refused_at_once_instead_of_hanging_the_run(tmp_path):
    start = time.perf_counter()
    _refused(
        tmp_path,
        '[[steps]]\neffect = "draw"\nargs = { n = 100000000 }\nby = { hero = 1 }\n',
        "steps[1].args.n",
        "expected a whole number from 0 to 60",
    )
    assert time.perf_counter() - start < 5


@pytest.mark.parametrize(
    ("body", "fragments"),
    [
        (
            '[setup]\nhero_zones = { 2 = true }\n[[steps]]\nlook = "x"\n',
            ["setup.hero_zones.2", "expected a whole number from 1 to 2, got a boolean true"],
        ),
        ('[[steps]]\neffect = "draw"\nby = { hero = true }\n', ["steps[1].by.hero", "got a boolean true"]),
        ('[[steps]]\neffect = "draw"\nby = { zone = true }\n', ["steps[1].by.zone", "got a boolean true"]),
        ('[[steps]]\nuntil = { turn = "villain", zone = true }\n', ["steps[1].until", "got a boolean true"]),
        ('[[steps]]\nlook = "x"\n[steps.expect]\n"hero 1 zone" = true\n', ['expect."hero 1 zone"', "got a boolean true"]),
        ('[[steps]]\nlook = "x"\n[steps.expect]\ndevastation = "0"\n', ['expect."devastation"', "got a string '0'"]),
        ('[[steps]]\nlook = "x"\n[steps.expect]\n"hero 1 needs new hero" = 0\n', ["expected true or false, got an integer 0"]),
    ],
    ids=["hero-zone", "by-hero", "by-zone", "until-zone", "fact-zone", "fact-string-number", "fact-number-bool"],
)
def test_booleans_are_not_numbers_and_facts_are_typed(tmp_path, body, fragments):
    _refused(tmp_path, body, *fragments)


@pytest.mark.parametrize(
    ("body", "fragments"),
    [
        ('[setup]\nstart = { round = 2 }\n[[steps]]\nlook = "x"\n', ["setup.start", "expected the turn to resume at"]),
        ('[[steps]]\nuntil = { turn = "oblivaeon", decision = "stay" }\n', ["steps[1].until", "expected one goal"]),
        ('[[steps]]\nuntil = { turn = "hero", hero = 1, zone = 2 }\n', ["steps[1].until", "a hero turn is not a battle zone's"]),
        (
            '[setup]\nheroes = ["char:legacy:legacy", "char:legacy:young-legacy", "char:ra:ra"]\n[[steps]]\nlook = "x"\n',
            ["INCAP.NO-SHARED-DECK"],
        ),
        ('[setup]\nin_play = ["Rook City", "Rook City"]\n[[steps]]\nlook = "x"\n', ["setup.in_play", "two different environments"]),
    ],
    ids=["start-without-turn", "two-goals", "hero-turn-zone", "same-deck-twice", "same-environment-twice"],
)
def test_a_turn_or_a_setup_that_cannot_be_meant_is_refused_when_read(tmp_path, body, fragments):
    _refused(tmp_path, body, *fragments)


# --- checks that could not fail ----------------------------------------------------------------------


def test_a_misspelt_event_kind_under_no_events_is_refused(tmp_path):
    _refused(
        tmp_path,
        '[[steps]]\ndecide = "stay"\nno_events = [{ kind = "hero-mooved" }]\n',
        "steps[1].no_events",
        "unknown event kind 'hero-mooved'",
        "hero-moved",
    )


def test_a_misspelt_decision_kind_under_no_options_is_refused(tmp_path):
    _refused(
        tmp_path,
        '[[steps]]\ndecide = "stay"\nno_options = ["take-objectiv"]\n',
        "steps[1].no_options",
        "unknown decision kind 'take-objectiv'",
        "take-objective",
    )


def test_a_refusal_picking_by_a_field_its_kind_never_carries_is_refused_when_read(tmp_path):
    _refused(
        tmp_path,
        '[[steps]]\ndecide = "shuffle-mission-deck"\ncard = "mission:scion-hunt#1"\nrefused = true\n',
        "steps[1].decide",
        "a shuffle-mission-deck decision carries no card (it carries nothing but its actor)",
    )


def test_a_refusal_naming_a_deck_this_game_does_not_have_proves_nothing(tmp_path):
    """Bunker's deck is a deck of OblivAeon, but not of this game: no decision could have offered it."""
    f = _file(tmp_path, '[[steps]]\ndecide = "stay"\n[[steps]]\ndecide = "deck"\ntarget = "Bunker\'s deck"\nrefused = true\n')
    result = run(load(f, VOCAB), VOCAB)
    assert not result.passed and result.divergence.index == 2
    assert 'the refusal proves nothing: "Bunker\'s deck" names nothing of this game' in result.explain()


def test_a_refusal_that_shows_a_rule_still_passes(tmp_path):
    f = _file(tmp_path, '[[steps]]\ndecide = "stay"\n[[steps]]\ndecide = "deck"\ntarget = "Legacy\'s deck"\nrefused = true\n')
    assert run(load(f, VOCAB), VOCAB).passed


# --- the suite, the runner and the plugin never show a traceback ---------------------------------------


BAD_BODIES = {
    "not-utf8": b'[[steps]]\nlook = "\xff"\n',
    "deep": ('[[steps]]\nlook = "x"\n[steps.expect]\ndevastation = ' + "[" * 600 + "]" * 600 + "\n").encode(),
    "table-name": b'[setup]\nshield = { a = 1 }\n[[steps]]\nlook = "x"\n',
    "list-hero": b'[setup]\nheroes = [["char:legacy:legacy"]]\n[[steps]]\nlook = "x"\n',
    "absent-hero": b'[setup]\nheroes = 3\n[[steps]]\nlook = "x"\n[steps.expect]\n"hero 5 zone" = 1\n',
    "dtype": b'[[steps]]\neffect = "damage"\nargs = { amount = 2, dtype = 3, target = { side = "villain", pick = "each" } }\n',
}


def test_one_bad_file_never_stops_the_suite_loading_the_others(tmp_path):
    for name, body in BAD_BODIES.items():
        _file(tmp_path, body, name)
    good = (ROOT / "scenarios" / "oblivaeon" / "clar-erased.toml").read_text()
    (tmp_path / "clar-erased.toml").write_text(good)
    suite = load_suite("oblivaeon", tmp_path)
    assert [sc.id for sc in suite.scenarios] == ["clar-erased"]
    assert sorted(Path(e.path).stem for e in suite.errors) == sorted(BAD_BODIES)
    assert all("\n" not in str(e) for e in suite.errors)


def test_an_exception_no_check_foresaw_is_a_load_error_of_that_file(tmp_path, monkeypatch):
    _file(tmp_path, '[[steps]]\nlook = "x"\n')

    def broken(*a, **kw):
        raise TypeError("unhashable type: 'list'")

    monkeypatch.setattr(scenario_vocab.OblivAeonScenarios, "check_setup", broken)
    suite = load_suite("oblivaeon", tmp_path)
    assert suite.scenarios == [] and len(suite.errors) == 1
    assert "internal error while checking the file: TypeError: unhashable type: 'list'" in str(suite.errors[0])


def test_an_exception_inside_a_step_fails_that_step_in_one_line(tmp_path, monkeypatch):
    f = _file(tmp_path, '[[steps]]\ndecide = "stay"\n[[steps]]\nlook = "x"\n')
    sc = load(f, VOCAB)
    real = scenario_vocab.OblivAeonScenarios.perform

    def perform(self, state, action, spec):
        if action == "look":
            raise AttributeError("a model bug")
        return real(self, state, action, spec)

    monkeypatch.setattr(scenario_vocab.OblivAeonScenarios, "perform", perform)
    result = run(sc, VOCAB)
    assert not result.passed and result.divergence.index == 2
    assert "the step raised AttributeError: a model bug" in result.explain()
    assert "Traceback" not in result.explain()


def test_an_exception_while_building_the_position_is_the_runs_error(tmp_path, monkeypatch):
    sc = load(_file(tmp_path, '[[steps]]\nlook = "x"\n'), VOCAB)
    monkeypatch.setattr(scenario_vocab.OblivAeonScenarios, "new_game", lambda self, setup, params: None.nothing)
    result = run(sc, VOCAB)
    assert not result.passed and result.error == "building the position raised AttributeError: 'NoneType' object has no attribute 'nothing'"


def test_playing_on_has_a_bound(tmp_path, monkeypatch):
    monkeypatch.setattr(scenario_vocab.play, "UNTIL_LIMIT", 10)
    sc = load(_file(tmp_path, "[[steps]]\nuntil = { game_over = true }\n"), VOCAB)
    result = run(sc, VOCAB)
    assert not result.passed and "not reached within 10 decisions" in result.explain()


def test_the_plugin_reports_unreadable_and_deep_files_as_one_failing_item_each(tmp_path):
    folder = tmp_path / "scenarios" / "oblivaeon"
    folder.mkdir(parents=True)
    for name in ("not-utf8", "deep", "table-name"):
        _file(folder, BAD_BODIES[name], name)
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        str(folder.parent),
        "-q",
        "-p",
        "no:randomly",
        "-p",
        "oblivaeon_verify.scenarios.pytest_plugin",
        "-p",
        "no:cacheprovider",
    ]
    out = subprocess.run(cmd, cwd=folder.parent, env=env, capture_output=True, text=True, timeout=120)
    assert "3 failed" in out.stdout, out.stdout[-3000:]
    assert "not UTF-8 text" in out.stdout and "nested too deeply" in out.stdout and "expected a Shield" in out.stdout
    assert "Traceback" not in out.stdout and "schema.py" not in out.stdout and "tomllib" not in out.stdout
