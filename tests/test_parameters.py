"""Parameters: documented assumptions with declared types and bounds, overridable from a file or the command line, with clear errors."""

import json

import pytest
from oblivaeon_verify.model.aeons_end import parameters as ae
from oblivaeon_verify.model.common import parameters as common
from oblivaeon_verify.model.common.files import InputError
from oblivaeon_verify.model.oblivaeon import parameters as oa
from oblivaeon_verify.model.oblivaeon.parameters import DEFAULT, ParameterError, RitesReading, load

from oblivaeon_verify import rulesets
from oblivaeon_verify.checked_play import play_checked
from oblivaeon_verify.cli import main

MODULES = {"oblivaeon": oa, "aeons_end": ae}


def test_known_facts_are_the_defaults():
    assert DEFAULT.countdown_start == 6 and DEFAULT.countdown_tick == 1
    assert len(DEFAULT.forms_hp) == 3 and DEFAULT.environment_damage == 20 and DEFAULT.replacement_hand == 4
    named = {s.name: s.scion for s in DEFAULT.shields}
    assert named["The Arc of Unreality"] == "Progeny"
    assert named["The Ceaseless Ruin"] == "Nixious the Chosen"
    assert named["The Source of Foes"] == "Aeon Master"
    assert named["The Primary Objective"] == "Voidsoul"
    assert len(DEFAULT.shields) == 5


def test_command_line_and_file_overrides(tmp_path):
    f = tmp_path / "p.toml"
    f.write_text('[parameters]\ndevastation_threshold = 3\nrites_reading = "return-to-box"\nforms_hp = [1, 2, 3]\n')
    p = load(f, ["countdown_start=9"])
    assert p.devastation_threshold == 3 and p.countdown_start == 9 and p.forms_hp == (1, 2, 3)
    assert p.rites_reading is RitesReading.RETURN_TO_BOX


def test_lists_and_shields_are_read_from_their_written_forms(tmp_path):
    assert load(None, ["forms_hp=10, 20,30"]).forms_hp == (10, 20, 30)
    assert load(None, ["forms_hp=[10,20,30]"]).forms_hp == (10, 20, 30)
    f = tmp_path / "s.toml"
    f.write_text('[[shields]]\nname = "Test Shield"\nscion = "Faultless"\nflip_after_tasks = 1\n')
    (shield,) = load(f).shields
    assert (shield.name, shield.scion, shield.flip_after_tasks, shield.remove_after_tasks) == ("Test Shield", "Faultless", 1, 4)


@pytest.mark.parametrize(
    "pairs, message",
    [
        (["no_such=1"], "unknown parameter 'no_such'"),
        (["countdown_strat=1"], "did you mean 'countdown_start'"),
        (["countdown_start=six"], "countdown_start must be an integer"),
        (["countdown_start"], "expected NAME=VALUE"),
        (["rites_reading=maybe"], "rites_reading must be one of"),
        (["countdown_start=3", "countdown_start=4"], "given twice"),
    ],
)
def test_bad_overrides_are_named(pairs, message):
    with pytest.raises(ParameterError, match=message):
        load(None, pairs)


def test_bad_parameter_files_are_named(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("devastation_threshold = [")
    with pytest.raises(ParameterError, match="bad.toml: not valid TOML"):
        load(bad)
    with pytest.raises(InputError, match="no such parameter file"):
        load(tmp_path / "missing.toml")
    wrong = tmp_path / "wrong.toml"
    wrong.write_text("forms_hp = [1, 2]")
    with pytest.raises(ParameterError, match="wrong.toml: forms_hp must be a list of 3 integers"):
        load(wrong)


# --- the findings of the trust issue: each was accepted, crashed or hung before ---------------------


@pytest.mark.parametrize("ruleset, name", [("oblivaeon", "countdown_start"), ("aeons_end", "player_life")])
@pytest.mark.parametrize("text", ["+5", "٣", "5_0", "1e1", "0x5", "5.0", "", "--5"])
def test_a_command_line_integer_is_ascii_digits_only(ruleset, name, text):
    """'+5', Arabic-Indic digits, underscores, exponents: int() takes some of them, the checker none."""
    with pytest.raises(ParameterError, match=rf"^--param: {name} must be an integer from \d+ to \d+ \("):
        MODULES[ruleset].load(None, [f"{name}={text}"])


@pytest.mark.parametrize("ruleset, name", [("oblivaeon", "countdown_start"), ("aeons_end", "player_life")])
@pytest.mark.parametrize(
    "toml, kind",
    [
        ("true", "a boolean"),
        ("2.5", "a fraction"),
        ("2.0", "a fraction"),
        ("inf", "inf"),
        ("nan", "nan"),
        ('"5"', "'5'"),
        ("[5]", "a list"),
    ],
)
def test_a_file_integer_is_an_integer_not_a_boolean_float_or_string(tmp_path, ruleset, name, toml, kind):
    f = tmp_path / "p.toml"
    f.write_text(f"{name} = {toml}\n")
    with pytest.raises(ParameterError, match=rf"p.toml: {name} must be an integer .*not .*{kind}"):
        MODULES[ruleset].load(f)


@pytest.mark.parametrize(
    "ruleset, pair",
    [
        ("oblivaeon", "starting_hand=1000000000"),
        ("oblivaeon", "replacement_hand=21"),
        ("aeons_end", "hand_size=1000000000"),
        ("oblivaeon", "starting_hand=" + "9" * 5000),
        ("oblivaeon", "countdown_start=100"),
        ("oblivaeon", "starting_hand=-1"),
    ],
)
def test_a_huge_or_negative_number_is_out_of_bounds(ruleset, pair):
    """A starting hand of a billion cards once hung setup; 5,000 digits once met int()'s own limit."""
    with pytest.raises(ParameterError, match=rf"^--param: {pair.split('=')[0]} must be an integer from \d+ to \d+ .*not "):
        MODULES[ruleset].load(None, [pair])


@pytest.mark.parametrize(
    "ruleset, pair, why",
    [
        ("aeons_end", "player_life=0", "exhausted at once"),
        ("aeons_end", "gravehold_life=0", "players have lost"),
        ("aeons_end", "nemesis_life=0", "players have won"),
        ("aeons_end", "corruption_limit=0", "Crooked Mask"),
        ("oblivaeon", "forms_hp=0,35,40", "destroyed at once"),
        ("oblivaeon", "rites_revival_hp=0", "destroyed at once"),
        ("oblivaeon", "bloodstone_hp=0", "destroyed at once"),
        ("oblivaeon", "rainek_flipped_hp=0", "destroyed at once"),
        ("oblivaeon", "countdown_start=0", "run out before the first turn"),
        ("oblivaeon", "countdown_tick=0", "never runs out"),
        ("oblivaeon", "max_rounds=1", "safety stop"),
        ("aeons_end", "max_turns=1", "safety stop"),
    ],
)
def test_a_value_the_model_cannot_start_from_is_an_input_error_with_its_reason(ruleset, pair, why):
    """Zero life or HP used to be accepted, then reported by random play as a model bug."""
    with pytest.raises(ParameterError, match=why):
        MODULES[ruleset].load(None, [pair])


def test_zero_life_is_refused_by_the_command_line_in_one_line(capsys):
    assert main(["check", "--ruleset", "aeons_end", "--games", "1", "--param", "player_life=0"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--param: player_life must be an integer from 1 to 99" in err


@pytest.mark.parametrize("content, message", [(b"\xff\xfe countdown_start = 3", "not UTF-8"), (b"a = 1\x00", "a NUL character")])
def test_an_unreadable_parameter_file_is_named(tmp_path, capsys, content, message):
    f = tmp_path / "p.toml"
    f.write_bytes(content)
    with pytest.raises(InputError, match=rf"p.toml:1: {message}"):
        load(f)
    assert main(["simulate", "--games", "1", "--params", str(f)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "p.toml" in err and "Traceback" not in err


def test_a_directory_given_as_the_parameter_file_is_named(tmp_path, capsys):
    assert main(["simulate", "--games", "1", "--params", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith(f"{tmp_path}: is a directory; expected a parameter file")


@pytest.mark.parametrize(
    "toml, message",
    [
        ("x = " + "[" * 3000 + "]" * 3000, "not readable TOML"),
        ("x = " + "9" * 5000, "not readable TOML"),
        ("countdown_start = 3\n[parameters]\ndevastation_threshold = 3\n", "countdown_start is outside the \\[parameters\\] table"),
        ("parameters = 3", "parameters must be a \\[parameters\\] table"),
        ("[parameters]\nshields = 3", "parameters.shields must be a list of 1 to 20 tables"),
        ("shields = []", "shields must be a list of 1 to 20 tables .*, not \\[\\] \\(a list\\)"),
        (
            "shields = [" + ", ".join(f'{{name = "S{i}", scion = "Progeny"}}' for i in range(21)) + "]",
            "shields must be a list of 1 to 20 tables",
        ),
        ('[[shields]]\nname = "X"\n', "shields\\[0\\] misses scion"),
        ('[[shields]]\nname = "X"\nscion = "Progeny"\nhue = 3\n', "shields\\[0\\].hue is not a key of a ShieldSpec"),
        ('[[shields]]\nname = "X"\nscion = "Progen"\n', "did you mean 'Progeny'"),
        ('[[shields]]\nname = "X\\n"\nscion = "Progeny"\n', "shields\\[0\\].name must be a string of 1 to 80 printable characters"),
        ('[[shields]]\nname = "X"\nscion = "Progeny"\nflip_after_tasks = 0\n', "shields\\[0\\].flip_after_tasks must be an integer from 1"),
        (
            '[[shields]]\nname = "X"\nscion = "Progeny"\nflip_after_tasks = 3\nremove_after_tasks = 2\n',
            "shields\\[0\\].remove_after_tasks must be at least flip_after_tasks \\(3\\)",
        ),
        (
            '[[shields]]\nname = "X"\nscion = "Progeny"\n[[shields]]\nname = "X"\nscion = "Voidsoul"\n',
            "shields\\[1\\].name 'X' names an earlier Shield",
        ),
        ("scion_hp_base = 0\nscion_hp_per_difficulty = 0\n", "scion_hp_base plus scion_hp_per_difficulty \\(0\\)"),
        ("rites_reading = 1", "rites_reading must be one of \\['revive-in-place', 'return-to-box'\\], not 1"),
    ],
)
def test_a_malformed_parameter_file_is_one_line_naming_the_key(tmp_path, toml, message):
    f = tmp_path / "p.toml"
    f.write_text(toml)
    with pytest.raises(ParameterError, match=message) as info:
        load(f)
    assert str(info.value).startswith(str(f)) and "\n" not in str(info.value)


def test_a_rule_between_fields_is_judged_on_every_source_together(tmp_path):
    """The file alone breaks the Scion HP rule; the command line mends it, so the whole loads."""
    f = tmp_path / "p.toml"
    f.write_text("scion_hp_base = 0\nscion_hp_per_difficulty = 0\n")
    assert load(f, ["scion_hp_per_difficulty=2"]).scion_hp(1) == 2
    with pytest.raises(ParameterError, match=r"p.toml with --param: scion_hp_base"):
        load(f, ["countdown_start=3"])


def test_shields_cannot_be_given_on_the_command_line():
    with pytest.raises(ParameterError, match="shields is a list of tables and cannot be given as --param"):
        load(None, ["shields=x"])


# --- declarations -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", rulesets.available())
def test_every_parameter_declares_its_type_bounds_and_documentation(name):
    rows = rulesets.load(name).assumptions()
    defaults = rulesets.load(name).default_parameters()
    assert {r["name"] for r in rows if "[]" not in r["name"]} == {d.name for d in common.declarations(type(defaults))}
    for r in rows:
        assert r["doc"] and r["type"] and r["bounds"], r
    assert json.loads(json.dumps(rows)) == rows


@pytest.mark.parametrize("name", rulesets.available())
def test_the_defaults_are_within_their_own_bounds(name):
    defaults = rulesets.load(name).default_parameters()
    plain = common.plain(defaults)
    assert common.with_overrides(defaults, plain, "defaults") == defaults


def test_a_declaration_the_checker_cannot_read_is_refused_when_declared():
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Unbounded:
        n: int = 3

    with pytest.raises(TypeError, match="Unbounded.n: declare int with Range"):
        common.declarations(Unbounded)


@pytest.mark.parametrize("name", rulesets.available())
def test_every_integer_parameter_plays_at_both_of_its_bounds(name):
    """Bounds are chosen from what the model can play: a short checked game at each end of each range breaks nothing."""
    ruleset = rulesets.load(name)
    defaults = ruleset.default_parameters()
    for d in common.declarations(type(defaults)):
        if d.range is None:
            continue
        for value in (d.range.low, d.range.high):
            params = common.with_overrides(defaults, {d.name: [value] * d.length if d.length else value}, "bounds")
            game = play_checked(ruleset, params, 0, ruleset.players[-1], 0, max_steps=150, limit_seconds=20)
            assert not game.failed, (d.name, value, game.error, [str(v) for v in game.violations][:2])


# --- the params command ---------------------------------------------------------------------


@pytest.mark.parametrize("name", rulesets.available())
def test_the_params_command_lists_every_parameter(name, capsys):
    assert main(["params", "--ruleset", name, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ruleset"] == name and data["parameters"] == rulesets.load(name).assumptions()
    assert main(["params", "--ruleset", name]) == 0
    out = capsys.readouterr().out
    for r in data["parameters"]:
        assert f"\n{r['name']} = " in out


def test_the_readings_are_listed_with_each_value_documented(capsys):
    main(["params", "--json"])
    rows = {r["name"]: r for r in json.loads(capsys.readouterr().out)["parameters"]}
    assert set(rows["rites_reading"]["values"]) == {"revive-in-place", "return-to-box"}
    assert all(rows["rites_reading"]["values"].values())


def test_the_param_help_points_at_the_params_command(capsys):
    assert main(["simulate", "--help"]) == 0
    help_text = " ".join(capsys.readouterr().out.split())
    assert help_text.count("oblivaeon-verify params") >= 2


@pytest.mark.parametrize("name", ["aeons_end", "oblivaeon"])
def test_a_default_outside_its_own_bounds_is_refused_at_import_in_one_line(name):
    """The model's parameters modules build DEFAULT through ``checked_defaults``: a default below its range (an aether
    cost of -1, say, which would pay the player) fails the import with the field named, not a user's first override."""
    import dataclasses
    import importlib
    import inspect

    module = importlib.import_module(f"oblivaeon_verify.model.{name}.parameters")
    assert "DEFAULT = common.checked_defaults(Parameters())" in inspect.getsource(module)
    defaults = rulesets.load(name).default_parameters()
    assert common.checked_defaults(defaults) is defaults
    field = next(d.name for d in common.declarations(type(defaults)) if d.kind is int)
    with pytest.raises(common.ParameterError, match=rf"defaults: {field} must be"):
        common.checked_defaults(dataclasses.replace(defaults, **{field: -(10**9)}))
