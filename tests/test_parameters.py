"""Parameters: documented assumptions, overridable from a file or the command line, with clear errors."""

import pytest

from model.oblivaeon.parameters import DEFAULT, ParameterError, RitesReading, assumptions, load


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


@pytest.mark.parametrize(
    "pairs, message",
    [
        (["no_such=1"], "unknown parameter 'no_such'"),
        (["countdown_start=six"], "countdown_start must be an integer"),
        (["countdown_start"], "expected NAME=VALUE"),
        (["rites_reading=maybe"], "rites_reading must be one of"),
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
    with pytest.raises(ParameterError, match="no such parameter file"):
        load(tmp_path / "missing.toml")
    wrong = tmp_path / "wrong.toml"
    wrong.write_text("forms_hp = [1, 2]")
    with pytest.raises(ParameterError, match="wrong.toml: forms_hp must be a list of 3 integers"):
        load(wrong)


def test_every_parameter_is_documented():
    for name, _default, doc in assumptions():
        assert doc or name in ("scion_hp_per_difficulty", "shields"), name
