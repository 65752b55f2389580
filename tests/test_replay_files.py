"""Replay files are versioned and strict: every malformed file is refused in one line naming the file and key.

The kept replay files of every ruleset load; each finding of the trust issue (an empty ``violated``
list matching anything, a string read as a list of characters, ``version: true``, unknown invariant
names, boolean or negative indices, unreadable bytes, a directory) is refused at load time, and
``check --replay`` turns each refusal into one line and exit code 2.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oblivaeon_verify import replay
from oblivaeon_verify.cli import main

ROOT = Path(__file__).resolve().parent.parent
KEPT = sorted(ROOT.glob("properties/*/replays/*.json"))
OA = next(p for p in KEPT if p.parent.parent.name == "oblivaeon" and not p.stem.startswith("knockout-"))


def test_every_kept_replay_file_loads():
    assert {p.parent.parent.name for p in KEPT} == {"oblivaeon", "aeons_end"}
    for p in KEPT:
        doc = replay.load(p)
        assert doc["_path"] == str(p)


def _refused(tmp_path, capsys, text: str, message: str, *, ruleset: str = "oblivaeon") -> str:
    p = tmp_path / "r.json"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(replay.ReplayError, match=message) as info:
        replay.load(p)
    line = str(info.value)
    assert line.startswith(str(p)) and "\n" not in line
    assert main(["check", "--ruleset", ruleset, "--replay", str(p)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--replay" in err and str(p) in err
    return line


def _doc(path: Path = OA) -> dict:
    return json.loads(path.read_text())


@pytest.mark.parametrize(
    "change, message",
    [
        # the findings
        (lambda d: d.update(expect={"violated": []}), r"key 'expect' must be \{\"violated\": \[\.\.\.\]\} with a non-empty list"),
        (lambda d: d.update(expect={"violated": "abc"}), r"key 'expect' must be \{\"violated\": \[\.\.\.\]\}"),
        (lambda d: d.update(version=True), "key 'version' must be 1, not true"),
        (lambda d: d.update(expect={"violated": ["no-such-invariant"]}), "names an unknown invariant 'no-such-invariant'"),
        (lambda d: d.update(expect={"violated": ["countdown-on-its-trak"]}), "did you mean countdown-on-its-track"),
        (lambda d: d["decisions"].__setitem__(0, [True, d["decisions"][0][1]]), r"decisions\[0\] must be \[index, label\]"),
        (lambda d: d["decisions"].__setitem__(0, [-1, d["decisions"][0][1]]), r"decisions\[0\] must be \[index, label\]"),
        (lambda d: d["decisions"].__setitem__(0, [0.0, d["decisions"][0][1]]), r"decisions\[0\] must be \[index, label\]"),
        (lambda d: d["decisions"].__setitem__(0, [0, 7]), r"decisions\[0\] must be \[index, label\]"),
        # the rest of the format
        (lambda d: d.update(version=1.0), "key 'version' must be 1, not 1.0"),
        (lambda d: d.update(version=2), "key 'version' must be 1, not 2"),
        (lambda d: d.update(format=["oblivaeon-verify replay"]), "key 'format' must be 'oblivaeon-verify replay'"),
        (lambda d: d.update(ruleset="chess"), r"key 'ruleset' must be one of \['aeons_end', 'oblivaeon'\], not \"chess\""),
        (lambda d: d.update(ruleset=None), "key 'ruleset' must be one of"),
        (lambda d: d.update(colour="red"), "key 'colour' is not a replay file's; its keys: format, version"),
        (lambda d: d.pop("expect"), "key 'expect' is missing"),
        (lambda d: d.pop("setup"), "key 'setup' is missing"),
        (lambda d: d.update(expect="holds"), "key 'expect' must be \"hold\""),
        (lambda d: d.update(expect={"violated": ["countdown-on-its-track"], "error": "x"}), "key 'expect' must be \"hold\""),
        (lambda d: d.update(expect={"Violated": ["countdown-on-its-track"]}), "key 'expect' must be \"hold\""),
        (lambda d: d.update(expect={"error": ""}), r"key 'expect' must be \{\"error\": \"text\"\}"),
        (lambda d: d.update(expect={"error": 3}), r"key 'expect' must be \{\"error\": \"text\"\}"),
        (lambda d: d.update(expect={"violated": ["countdown-on-its-track"] * 2}), "names an invariant twice"),
        (lambda d: d.update(knockout="NO.SUCH-CLAUSE"), "key 'knockout': unknown clause id 'NO.SUCH-CLAUSE'"),
        (lambda d: d.update(knockout="MORE.FAQ-POINTER"), "clause MORE.FAQ-POINTER has no handler in the model to knock out"),
        (lambda d: d.update(knockout=3), "key 'knockout' must be a clause id or a kind of work record"),
        (lambda d: d.update(knockout="FireReactoin"), "key 'knockout': 'FireReactoin' is neither a clause id .* did you mean FireReaction"),
        (lambda d: d.update(knockout=""), "key 'knockout': '' is neither a clause id"),
        (lambda d: d.update(parameters=[]), "key 'parameters' must be an object, not a list"),
        (lambda d: d.update(parameters={"starting_hand": 1000000000}), r"r.json: parameters.starting_hand must be an integer from 0 to 20"),
        (lambda d: d.update(parameters={"starting_hand": True}), r"parameters.starting_hand must be an integer .* not true"),
        (lambda d: d.update(parameters={"no_such": 1}), "unknown parameter 'no_such'"),
        (lambda d: d.update(setup=[]), "key 'setup' must be an object, not a list"),
        (lambda d: d["setup"].update(heroes=5), "setup.heroes: must be a list of strings, not an integer"),
        (lambda d: d["setup"].update(heroes=[1, 2, 3]), "setup.heroes: must be a list of strings, not a list holding an integer"),
        (lambda d: d["setup"].update(heroes=["char:legacy:legacy"]), "setup.heroes: OblivAeon is set up for 3 to 5 heroes, got 1"),
        (lambda d: d["setup"].update(shield=None), "setup.shield: must be a string, not null"),
        (lambda d: d["setup"].update(scion_order="Progeny"), "setup.scion_order: must be a list of strings or null"),
        (lambda d: d["setup"].pop("in_play"), "setup.in_play: missing; a setup has the keys heroes, shield"),
        (lambda d: d["setup"].update(weather="rain"), "setup.weather: unknown key"),
    ],
)
def test_a_malformed_replay_file_is_refused_in_one_line_naming_the_key(tmp_path, capsys, change, message):
    doc = _doc()
    change(doc)
    _refused(tmp_path, capsys, json.dumps(doc), message)


@pytest.mark.parametrize(
    "change, message",
    [
        (
            lambda d: d["setup"].update(difficulty="impossible"),
            r"setup.difficulty: must be one of \['beginner', 'normal', 'expert', 'extinction'\]",
        ),
        (lambda d: d["setup"].update(mages="Adelheim"), "setup.mages: must be a list of strings"),
        (lambda d: d["setup"].update(nemesis="Nobody"), "setup.nemesis: unknown nemesis 'Nobody'"),
        (lambda d: d.update(parameters={"player_life": 0}), "parameters.player_life must be an integer from 1 to 99"),
        (lambda d: d.update(expect={"violated": ["countdown-on-its-track"]}), "unknown invariant 'countdown-on-its-track'"),
        (lambda d: d.update(knockout="FireReaction"), "key 'knockout': 'FireReaction' is neither a clause id .* of aeons_end"),
    ],
)
def test_an_aeons_end_replay_file_is_checked_through_its_own_ruleset(tmp_path, capsys, change, message):
    doc = _doc(next(p for p in KEPT if p.parent.parent.name == "aeons_end"))
    change(doc)
    _refused(tmp_path, capsys, json.dumps(doc), message, ruleset="aeons_end")


@pytest.mark.parametrize(
    "text, message",
    [
        ("[" * 100_000 + "]" * 100_000, "not readable JSON"),
        ('{"version": ' + "9" * 5000 + "}", "not readable JSON"),
        ('{"format": NaN}', "NaN is not a JSON value"),
        ('{"format": "a", "format": "b"}', "key 'format' is given twice"),
        ("[1, 2]", "expected a JSON object at the top level, not a list"),
        ('{"format": ', "r.json:1: not valid JSON"),
    ],
)
def test_json_that_is_not_a_replay_file_is_refused_without_a_traceback(tmp_path, capsys, text, message):
    _refused(tmp_path, capsys, text, message)


def test_unreadable_bytes_and_a_directory_are_named(tmp_path, capsys):
    p = tmp_path / "r.json"
    p.write_bytes(b'{"format": "\xff"}')
    with pytest.raises(replay.ReplayError, match="r.json:1: not UTF-8 text"):
        replay.load(p)
    assert main(["check", "--replay", str(p)]) == 2
    assert "r.json:1: not UTF-8 text" in capsys.readouterr().err
    assert main(["check", "--replay", str(tmp_path)]) == 2
    assert capsys.readouterr().err.strip().endswith(f"{tmp_path}: is a directory; expected a replay file")


def test_a_replay_file_written_from_a_game_loads_back(tmp_path):
    """What the writers produce (from_game, the state machine) passes the strict loader unchanged."""
    from oblivaeon_verify.model.oblivaeon.ruleset import RULESET

    from oblivaeon_verify.checked_play import play_checked

    params = RULESET.load_parameters(None, ["starting_hand=2", "forms_hp=5,6,7"])
    game = play_checked(RULESET, params, 3, 3, 0, max_steps=60)
    doc = replay.from_game(RULESET, params, game)
    p = replay.write(tmp_path / "g.json", doc)
    back = replay.load(p)
    assert back["parameters"] == {"starting_hand": 2, "forms_hp": [5, 6, 7]}
    result = replay.replay(RULESET, back)
    assert replay.matches(result, back["expect"]) and result.steps == len(doc["decisions"])
