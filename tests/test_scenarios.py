"""Scenario files: the schema's errors, the runner, the pytest plugin, and the suite's coverage.

The scenario files themselves run as test items through the plugin (``pytest scenarios/``); the
tests here check the machinery: malformed files get clear errors naming file, key and what was
expected (never a traceback), every expectation can fail, every clarification and every reading
of an ambiguous rule has a passing scenario.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import MappingProxyType

import pytest
from oblivaeon_verify.model.oblivaeon import (
    battle_zones,
    charts,
    environment_turn,
    heroes,
    incapacitation,
    oblivaeon_turn,
    parameters,
    round_order,
    setup,
    villain_turn,
)
from oblivaeon_verify.model.oblivaeon.aeon_men import CallAeonMan
from oblivaeon_verify.model.oblivaeon.cards import PHYSICAL
from oblivaeon_verify.model.oblivaeon.clauses import CATALOGUE
from oblivaeon_verify.model.oblivaeon.draft import Ctx
from oblivaeon_verify.model.oblivaeon.places import remove
from oblivaeon_verify.model.oblivaeon.triggers import push_triggers
from oblivaeon_verify.model.oblivaeon.villain_turn import PlayScionTop
from oblivaeon_verify.properties.oblivaeon import scenario_vocab

from oblivaeon_verify.scenarios import ScenarioError, load, load_suite, run, vocabulary
from oblivaeon_verify.scenarios.pytest_plugin import _ruleset_of

ROOT = Path(__file__).resolve().parents[1]
BAD = Path(__file__).parent / "bad_scenarios"
VOCAB = vocabulary("oblivaeon")

#: file -> fragments its error must contain (besides the file's name).
BAD_FILES = {
    "bad-top-key.toml": ["step", "unknown key", "expected one of"],
    "bad-step-key.toml": ["steps[1].expects", "unknown key"],
    "bad-type-clauses.toml": ["clauses", "expected a non-empty list of clause ids", "got a string"],
    "bad-type-amount.toml": ["steps[1].args.amount", "expected a whole number from 0 to 500 or 'H' or 'arcana', got an array"],
    "bad-type-fact.toml": ['expect."devastation"', "got a table"],
    "bad-unknown-card.toml": ["setup.place[1].card", "unknown card id 'mission:secure-the-relais#1'", "mission:"],
    "bad-unknown-clause.toml": ["clauses[0]", "unknown clause id 'CLAR.HERO-COUNTS'", "CLAR.HERO-COUNT"],
    "bad-unknown-fact.toml": ["hero 1 mood", "'hero N' facts are"],
    "bad-unknown-place.toml": ["setup.place[1].to", "unknown place 'zone 3 villain play'"],
    "bad-decision-kind.toml": ["steps[1].decide", "unknown decision kind 'fly'", "stay"],
    "bad-syntax.toml": ["not valid TOML", "line 4"],
    "bad-id.toml": ["id", "kebab-case", "'bad-id'"],
    "bad-reading.toml": ["reading.value", "rites_reading must be one of", "'maybe'"],
    "bad-two-actions.toml": ["steps[1]", "exactly one action", "decide", "until"],
    "bad-args-disagree.toml": ["steps[1].args", "TempReduce.reach is for an effect on a battle zone (scope zone), not scope 'hero'"],
}


# --- malformed files ---------------------------------------------------------------------------


def test_every_bad_file_is_listed_here():
    assert sorted(p.name for p in BAD.glob("*.toml")) == sorted([*BAD_FILES, "bad-illegal-decision.toml"])


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_a_malformed_scenario_gets_an_error_naming_file_key_and_expectation(name):
    with pytest.raises(ScenarioError) as info:
        load(BAD / name, VOCAB)
    message = str(info.value)
    assert name in message
    for fragment in BAD_FILES[name]:
        assert fragment in message, message
    assert "Traceback" not in message and "\n" not in message.split(": ", 1)[0]


def test_an_error_names_the_line_of_the_offending_key():
    with pytest.raises(ScenarioError) as info:
        load(BAD / "bad-step-key.toml", VOCAB)
    assert info.value.line == 8  # the line of "expects = ..."
    with pytest.raises(ScenarioError) as info:
        load(BAD / "bad-unknown-card.toml", VOCAB)
    assert info.value.line == 7


def test_an_illegal_decision_fails_the_run_naming_it_and_the_legal_ones():
    sc = load(BAD / "bad-illegal-decision.toml", VOCAB)
    result = run(sc, VOCAB)
    assert not result.passed and result.verdict == "fail at step 2"
    text = result.explain()
    assert "no legal decision swap-objective" in text
    assert "take on an objective" in text and "shuffle the Mission deck" in text  # the legal ones
    assert "Traceback" not in text


def test_nothing_in_a_scenario_is_evaluated(tmp_path):
    """A Python expression where a number belongs is refused as a wrong type, not run."""
    f = tmp_path / "evil.toml"
    f.write_text(
        'id = "evil"\ntitle = "t"\nsummary = "s"\nclauses = ["CLAR.HERO-COUNT"]\n[[steps]]\neffect = "damage"\n'
        'args = { amount = "__import__(\'os\').getcwd()", dtype = "melee", target = { side = "hero", pick = "each" } }\n'
    )
    with pytest.raises(ScenarioError, match="amount: unknown word .*; expected one of: H, arcana; or a whole number from 0 to 500"):
        load(f, VOCAB)


# --- the runner ----------------------------------------------------------------------------


SUITE = load_suite("oblivaeon")


def test_the_suite_loads_without_errors():
    assert SUITE.errors == []
    assert len(SUITE.scenarios) >= 50


def _broken(sc):
    """The scenario with its first expectation made false (and the step it sits in)."""
    if sc.setup_refused:
        return dataclasses.replace(sc, setup_refused=sc.setup_refused + " (not so)"), 0
    for step in sc.steps:
        if step.expect:
            fact, value = step.expect[0]
            if isinstance(value, bool):
                wrong = not value
            elif isinstance(value, int):
                wrong = value + 1
            elif isinstance(value, list):
                wrong = value + ["mission:scion-hunt#1"]
            else:
                wrong = value + " (not so)"
            new = dataclasses.replace(step, expect=((fact, wrong),) + step.expect[1:])
        elif step.events:
            new = dataclasses.replace(step, events=({**step.events[0], "kind": "no-such-event"},) + step.events[1:])
        elif step.no_options or step.options:
            new = dataclasses.replace(step, options=({"kind": "no-such-decision"},))
        elif step.refused:
            new = dataclasses.replace(step, refused=False)
        else:
            continue
        steps = tuple(new if s.index == step.index else s for s in sc.steps)
        return dataclasses.replace(sc, steps=steps), step.index
    raise AssertionError(f"{sc.id} has no expectation at all")


@pytest.mark.parametrize("sc", SUITE.scenarios, ids=lambda s: s.id)
def test_every_scenario_can_fail_its_first_expectation_made_false(sc):
    broken, index = _broken(sc)
    result = run(broken, VOCAB)
    assert not result.passed
    if index == 0:
        assert result.verdict == "fail at setup" and "should have been refused" in result.explain()
        return
    assert result.divergence.index == index
    assert f"at step {index}" in result.explain()


@functools.cache
def _passing_clauses() -> frozenset[str]:
    """The clauses cited by a passing scenario (the suite run once per process, for every test that asks)."""
    return frozenset(c for sc in SUITE.scenarios if run(sc, VOCAB).passed for c in sc.clauses)


def test_every_rules_clarification_has_a_passing_scenario():
    clarifications = [c.id for c in CATALOGUE.clauses if c.id.startswith("CLAR.")]
    assert len(clarifications) == 26
    assert [c for c in clarifications if c not in _passing_clauses()] == []


def test_every_reading_of_every_ambiguous_rule_has_a_scenario():
    readings = {
        f.name: type(getattr(parameters.DEFAULT, f.name))
        for f in dataclasses.fields(parameters.Parameters)
        if isinstance(getattr(parameters.DEFAULT, f.name), enum.Enum)
    }
    assert set(readings) == {"rites_reading", "requital_reading", "bloodstone_reading", "temp_zone_reading", "layer_order_reading"}
    covered = {(sc.reading.parameter, sc.reading.value) for sc in SUITE.scenarios if sc.reading}
    for name, enum_type in readings.items():
        for member in enum_type:
            assert (name, member.value) in covered, f"no scenario under {name} = {member.value}"


def test_a_reading_says_which_one_the_model_takes_by_default():
    sc = next(s for s in SUITE.scenarios if s.id == "clar-requital-box-rule-wins")
    assert sc.reading.default == "constructs-stay" and not sc.reading.is_default


def test_a_refused_step_leaves_the_state_as_it_was():
    sc = next(s for s in SUITE.scenarios if s.id == "hero-option-illegal")
    result = run(sc, VOCAB)
    assert result.passed
    refusals = [r for r in result.steps if any(c.what == "the model refuses the decision" for c in r.checks)]
    assert len(refusals) == 4 and all(not r.changes and not r.events for r in refusals)


def test_a_setup_that_cannot_be_built_is_an_error_not_a_crash(tmp_path):
    f = tmp_path / "short-reserve.toml"
    f.write_text(
        'id = "short-reserve"\ntitle = "t"\nsummary = "s"\nclauses = ["HERO.MOVE"]\n[setup]\nscion_order = ["Progeny"]\n[[steps]]\ndecide = "stay"\n'
    )
    result = run(load(f, VOCAB), VOCAB)
    assert not result.passed and "scion_order: must order exactly the Scions" in result.error


def test_a_setup_about_a_hero_it_does_not_have_is_refused_when_read(tmp_path):
    """(It was a run-time error of the position before setups were checked against their own hero count.)"""
    f = tmp_path / "five-zones.toml"
    f.write_text(
        'id = "five-zones"\ntitle = "t"\nsummary = "s"\nclauses = ["HERO.MOVE"]\n[setup]\nheroes = 3\nhero_zones = { 5 = 2 }\n[[steps]]\ndecide = "stay"\n'
    )
    with pytest.raises(
        ScenarioError, match=r"five-zones.toml:7: setup.hero_zones.5: expected a hero marker 1-3 \(this setup has 3 heroes\)"
    ):
        load(f, VOCAB)


# --- every clause of the catalogue ----------------------------------------------------------

#: The clauses no scenario can show, each with the reason; ``test_every_excuse_still_holds`` checks
#: that each reason is still true (and that no excuse outlives a scenario that shows the clause).
EXCUSED = {
    "MORE.FAQ-POINTER": "a pointer to the Rules Clarifications, with no rule of its own: what it points to is "
    "shown by the clar-* scenarios, every one of which passes",
}


def test_every_clause_is_cited_by_a_passing_scenario_or_excused():
    missing = [c.id for c in CATALOGUE.clauses if c.id not in _passing_clauses() and c.id not in EXCUSED]
    assert missing == [], f"clauses without a passing scenario: {missing}"


def test_every_excuse_still_holds():
    by_id = {c.id: c for c in CATALOGUE.clauses}
    for cid in EXCUSED:
        assert cid in by_id, f"{cid} is excused but is no clause of the catalogue"
        assert cid not in _passing_clauses(), f"{cid} now has a passing scenario: drop its excuse"
        assert not by_id[cid].handled, f"{cid} is excused as having no rule, yet the catalogue says it is handled"
    pointer = by_id["MORE.FAQ-POINTER"]
    assert pointer.kind == "pointer" and "Clarifications" in pointer.note
    clarifications = [c.id for c in CATALOGUE.clauses if c.section == "Rules Clarifications"]
    assert clarifications and [c for c in clarifications if c not in _passing_clauses()] == []


_HEAD = 'id = "new-words"\ntitle = "t"\nsummary = "s"\nclauses = ["SETUP.DECKS"]\n'


@pytest.mark.parametrize(
    ("body", "fragments"),
    [
        (
            '[[steps]]\nlook = "x"\n[steps.expect]\n"size of Gotham deck" = 3\n',
            ["size of Gotham deck", "unknown deck 'Gotham deck'", "Rook City deck"],
        ),
        (
            '[[steps]]\nlook = "x"\n[steps.expect]\n"complexity of Legacy" = 1\n',
            ["'Legacy' is not in the hero complexity chart", "Luminary"],
        ),
        ('[[steps]]\nlook = "x"\n[steps.expect]\n"difficulty of Baron Blade" = 1\n', ["Scion difficulty chart", "Voidsoul"]),
        ('[setup]\nat = "round 2"\n[[steps]]\nlook = "x"\n', ["setup.at", "expected 'setup'"]),
        ('[setup]\nat = "setup"\nstart = { turn = "oblivaeon" }\n[[steps]]\nlook = "x"\n', ["setup.at", "cannot also resume play"]),
        ("[[steps]]\nlook = 3\n", ["steps[1].look", "expected a string"]),
        ('[[steps]]\nlook = "x"\nevents = [{ kind = "turn", nth = "first" }]\n', ["steps[1].events", "nth must be an integer"]),
    ],
    ids=["deck", "hero-chart", "scion-chart", "at", "at-and-start", "look", "nth"],
)
def test_the_new_words_get_clear_errors(tmp_path, body, fragments):
    f = tmp_path / "new-words.toml"
    f.write_text(_HEAD + body)
    with pytest.raises(ScenarioError) as info:
        load(f, VOCAB)
    for fragment in fragments:
        assert fragment in str(info.value), str(info.value)


def test_a_position_at_the_end_of_setup_is_before_oblivaeons_first_turn(tmp_path):
    f = tmp_path / "new-words.toml"
    f.write_text(_HEAD + '[setup]\nat = "setup"\n[[steps]]\nlook = "x"\n[steps.expect]\nturn = "setup"\n"size of oblivaeon deck" = 15\n')
    assert run(load(f, VOCAB), VOCAB).passed
    g = tmp_path / "sub" / "new-words.toml"
    g.parent.mkdir()
    g.write_text(_HEAD + '[[steps]]\nlook = "x"\n[steps.expect]\nturn = "Hero 1\'s turn"\n"size of oblivaeon deck" = 14\n')
    assert run(load(g, VOCAB), VOCAB).passed


# --- a scenario catches the rule it guards being broken -----------------------------------------


def _villain_before_environment(mp):
    def build(n):
        heroes = tuple(round_order.Turn("hero", seat=i) for i in range(n))
        zones = tuple(round_order.Turn(kind, zone=z) for z in (1, 2) for kind in ("villain", "environment"))
        return (round_order.Turn("oblivaeon"),) + heroes + zones

    mp.setattr(round_order, "_TABLES", {})
    mp.setattr(round_order, "_build", build)


def _heroes_in_reverse(mp):
    def build(n):
        heroes = tuple(round_order.Turn("hero", seat=i) for i in reversed(range(n)))
        zones = tuple(round_order.Turn(kind, zone=z) for z in (1, 2) for kind in ("environment", "villain"))
        return (round_order.Turn("oblivaeon"),) + heroes + zones

    mp.setattr(round_order, "_TABLES", {})
    mp.setattr(round_order, "_build", build)


def _scion_card_without_scion(mp):
    mp.setattr(villain_turn, "play", lambda d, zone: d.now(PlayScionTop(zone)))


def _aeon_man_in_play_phase(mp):
    original = villain_turn.play

    def play(d, zone):
        original(d, zone)
        d.now(CallAeonMan(Ctx("oblivaeon", "villain", -1, zone)))

    mp.setattr(villain_turn, "play", play)


def _end_effects_of_every_zone(mp):
    def end(d, zone):
        for z in (1, 2):
            push_triggers(d, "end", "villain", "VILLAIN.END", zone=z)

    mp.setattr(villain_turn, "end", end)


def _environment_of_the_other_zone(mp):
    original = environment_turn.play
    mp.setattr(environment_turn, "play", lambda d, zone: original(d, 3 - zone))


def _no_booklet_or_shield_at_end(mp):
    mp.setattr(oblivaeon_turn, "oblivaeon_end", lambda d: None)


def _ongoing_stays_in_his_zone(mp):
    mp.setattr(oblivaeon_turn, "other", lambda zone: zone)


def _countdown_starts_at_5(mp):
    mp.setattr(setup, "place_inevitable_destruction", lambda cfg: dict(countdown=5, devastation=0))


def _last_marker_in_second_zone(mp):
    original = setup.lay_out_table

    def lay_out(cfg):
        table = original(cfg)
        seats = table["seats"]
        table["seats"] = seats[:-1] + (dataclasses.replace(seats[-1], zone=2),)
        return table

    mp.setattr(setup, "lay_out_table", lay_out)


def _shield_flipped_at_start(mp):
    mp.setattr(setup, "place_shield", lambda cfg: dict(shield=cfg.shield, shield_side=2, shield_tasks=0))


def _every_environment_set_aside(mp):
    original = setup.place_environments

    def place(cfg):
        out = original(cfg)
        out["set_aside"] = tuple(sorted(cfg.environments))
        return out

    mp.setattr(setup, "place_environments", place)


def _harpy_starts_with_two_arcana(mp):
    original = heroes.set_up_hero

    def set_up(d, seat, variant, hand, clause):
        original(d, seat, variant, hand, clause)
        if d.seats[seat].hero == "The Harpy":
            d.set_tokens(d.seats[seat].characters[0], 2)

    for module in (heroes, setup, incapacitation):  # each module that sets a hero up holds the rule by name
        mp.setattr(module, "set_up_hero", set_up)


def _seeds_played_like_other_cards(mp):
    def play_from_hand(d, seat, card):
        remove(d, card, place=("seat", seat, "hand"))
        heroes.play_card(d, card, heroes.hero_ctx(d, seat, card), ("seat", seat, "play"))

    mp.setattr(heroes, "play_from_hand", play_from_hand)


def _card_without_its_first_instruction(card: str):
    """A breaker: the card's text loses its first instruction (Lifeline's self-damage, Luminary's destroy)."""

    def breaker(mp):
        table = dict(PHYSICAL)
        for key in [k for k in table if k.startswith(card + "#")]:
            table[key] = dataclasses.replace(table[key], ops=table[key].ops[1:])
        # The card table is read-only; the model reads a card's face through battle_zones, a
        # scenario's ``resolve`` through the vocabulary.
        for module in (battle_zones, scenario_vocab.checks, scenario_vocab.play):
            mp.setattr(module, "PHYSICAL", MappingProxyType(table))

    return breaker


def _luminary_rated_harder(mp):
    mp.setattr(charts, "HERO_COMPLEXITY", {**charts.HERO_COMPLEXITY, "Luminary": 2})


#: (scenario, the rule broken, how): each scenario must fail against the model so broken.
BREAKERS = [
    ("round-order", "ROUND.ORDER: each zone's villain turn before its environment turn", _villain_before_environment),
    ("round-order-three-heroes", "ROUND.HERO-ORDER: heroes in reverse marker order", _heroes_in_reverse),
    ("villain-turn-no-scion", "VILLAIN.PLAY-SCION-CARD: a Scion card even in a zone without a Scion", _scion_card_without_scion),
    ("villain-turn-no-scion", "AEON-MEN.NOT-PLAYED-IN-PLAY-PHASES: an Aeon Man in each villain play phase", _aeon_man_in_play_phase),
    ("aeon-men-on-instruction", "AEON-MEN.NOT-PLAYED-IN-PLAY-PHASES: an Aeon Man in each villain play phase", _aeon_man_in_play_phase),
    ("villain-turn-per-zone", "VILLAIN.END: end-of-villain-turn effects of both zones at once", _end_effects_of_every_zone),
    ("environment-turn", "ENV.TURN: the other zone's environment deck played", _environment_of_the_other_zone),
    ("oblivaeon-turn", "OA-TURN.END: no Booklet or Shield effects at the end of his turn", _no_booklet_or_shield_at_end),
    ("oblivaeon-turn-ongoing-zone", "OA-TURN.PLAY: an ongoing card stays in his zone", _ongoing_stays_in_his_zone),
    ("setup-decks", "SETUP.INEVITABLE-DESTRUCTION: the Countdown starts on 5", _countdown_starts_at_5),
    ("setup-heroes-and-markers", "SETUP.BATTLE-ZONES: the last marker starts in the Second Battle Zone", _last_marker_in_second_zone),
    ("setup-shield-first-scion", "SETUP.SHIELD: the Shield starts on its second side", _shield_flipped_at_start),
    ("setup-environments", "SETUP.ENV-IN-PLAY: no environment put into play", _every_environment_set_aside),
    ("hero-harpy", "HEROES.HARPY: two Arcana at the start instead of three", _harpy_starts_with_two_arcana),
    ("hero-akash-thriya", "HEROES.AKASH-THRIYA: a seed enters play like any card", _seeds_played_like_other_cards),
    ("chart-hero-complexity", "CHART.HERO-COMPLEXITY: a chart entry changed", _luminary_rated_harder),
    ("hero-lifeline", "HEROES.LIFELINE: Blood Price costs him nothing", _card_without_its_first_instruction("lifeline:blood-price")),
    ("hero-luminary", "HEROES.LUMINARY: Use It Up spares the device", _card_without_its_first_instruction("luminary:use-it-up")),
]


@pytest.mark.parametrize(("sid", "rule", "breaker"), BREAKERS, ids=[f"{sid}:{rule.split(':')[0]}" for sid, rule, _ in BREAKERS])
def test_a_scenario_fails_when_the_rule_it_guards_is_broken(sid, rule, breaker, monkeypatch):
    sc = next(s for s in SUITE.scenarios if s.id == sid)
    assert run(sc, VOCAB).passed, f"{sid} must pass against the model as it is"
    breaker(monkeypatch)
    # the scenario's own steps must catch it: the check of the built position (its state invariants) may
    # catch a broken setup rule first, before any step, and is left out here
    monkeypatch.setattr(type(VOCAB), "position_problems", lambda self, state: [])
    result = run(sc, VOCAB)
    assert not result.passed and not result.error, f"{rule}: " + result.explain()


# --- the pytest plugin ------------------------------------------------------------------------


def test_only_files_in_scenarios_ruleset_folders_are_scenarios():
    assert _ruleset_of(ROOT / "scenarios" / "oblivaeon" / "clar-erased.toml") == "oblivaeon"
    assert _ruleset_of(BAD / "bad-syntax.toml") is None
    assert _ruleset_of(ROOT / "pyproject.toml") is None


def _pytest(folder: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        str(folder),
        "-q",
        "-p",
        "no:randomly",
        "-p",
        "oblivaeon_verify.scenarios.pytest_plugin",
        "-p",
        "no:cacheprovider",
    ]
    return subprocess.run(cmd, cwd=folder, env=env, capture_output=True, text=True, timeout=120)


def test_the_plugin_shows_the_step_where_reality_diverged(tmp_path):
    folder = tmp_path / "scenarios" / "oblivaeon"
    folder.mkdir(parents=True)
    text = (ROOT / "scenarios" / "oblivaeon" / "clar-multiple-moves.toml").read_text()
    (folder / "clar-multiple-moves.toml").write_text(text)
    (folder / "wrong-zone.toml").write_text(
        text.replace('id = "clar-multiple-moves"', 'id = "wrong-zone"').replace('"hero 1 zone" = 1', '"hero 1 zone" = 2')
    )
    out = _pytest(tmp_path / "scenarios")
    assert out.returncode == 1, out.stdout
    assert "1 failed, 1 passed" in out.stdout
    assert "reality diverged from the expectation at step 3" in out.stdout
    assert "FAILED: hero 1 zone: expected 2, got 1" in out.stdout
    assert "Traceback" not in out.stdout and "runner.py" not in out.stdout


def test_the_plugin_reports_malformed_files_without_tracebacks(tmp_path):
    folder = tmp_path / "scenarios" / "oblivaeon"
    folder.mkdir(parents=True)
    for name in ("bad-syntax.toml", "bad-unknown-card.toml", "bad-illegal-decision.toml"):
        shutil.copy(BAD / name, folder / name)
    out = _pytest(tmp_path / "scenarios")
    assert "3 failed" in out.stdout
    assert "not valid TOML" in out.stdout and "unknown card id" in out.stdout and "no legal decision swap-objective" in out.stdout
    assert "Traceback" not in out.stdout and "schema.py" not in out.stdout


def test_pytest_from_the_root_collects_the_scenario_files():
    """The project's own pytest settings (testpaths, the plugin in addopts) collect every scenario file."""
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:randomly", "-p", "no:cacheprovider", "scenarios"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    files = sorted((ROOT / "scenarios").glob("*/*.toml"))
    assert f"{len(files)} tests collected" in out.stdout, out.stdout[-2000:]
    assert "scenarios/oblivaeon/clar-erased.toml::clar-erased" in out.stdout
