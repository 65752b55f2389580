"""Every replay file in properties/oblivaeon/replays replays to its expected verdict; bad files get clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from oblivaeon_verify.model.oblivaeon.ruleset import RULESET

from oblivaeon_verify import replay
from oblivaeon_verify.cli import main

REPLAYS = sorted(Path(__file__).resolve().parent.parent.joinpath("properties", "oblivaeon", "replays").glob("*.json"))


def test_there_are_replay_files():
    assert len(REPLAYS) >= 3


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.stem)
def test_the_replay_file_replays_to_its_expected_verdict(path):
    doc = replay.load(path)
    result = replay.replay(RULESET, doc)
    assert replay.matches(result, doc["expect"]), (result.verdict, doc["expect"])
    assert result.steps == len(doc["decisions"])


def test_the_knockout_replay_holds_without_its_knockout():
    path = next(p for p in REPLAYS if p.stem.startswith("knockout-"))
    doc = replay.load(path)
    doc.pop("knockout")
    assert replay.replay(RULESET, doc).verdict == "hold"


def test_check_replay_exits_zero_when_as_expected(capsys):
    assert main(["check", "--replay", str(REPLAYS[0])]) == 0
    assert "as expected" in capsys.readouterr().out


def _write(tmp_path, doc) -> str:
    p = tmp_path / "r.json"
    p.write_text(json.dumps(doc))
    return str(p)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(format="something else"), "key 'format'"),
        (lambda d: d.update(decisions="all of them"), "key 'decisions'"),
        (lambda d: d["decisions"].__setitem__(0, [0]), r"decisions\[0\] must be \[index, label\]"),
        (lambda d: d.update(expect="maybe"), "key 'expect'"),
        (lambda d: d.update(knockout="NO.SUCH-CLAUSE"), "unknown clause id"),
        (lambda d: d["setup"].update(shield="No Such Shield"), "setup.shield: unknown Shield 'No Such Shield'"),
        (lambda d: d["decisions"].__setitem__(3, [0, "hero 9: dance"]), r"decisions\[3\] = 'hero 9: dance'"),
    ],
)
def test_a_bad_replay_file_is_refused_naming_the_key_or_step(tmp_path, capsys, change, message):
    doc = json.loads(REPLAYS[0].read_text())
    change(doc)
    path = _write(tmp_path, doc)
    with pytest.raises(replay.ReplayError, match=message):
        replay.replay(RULESET, replay.load(path))
    assert main(["check", "--replay", path]) == 2
    assert "--replay" in capsys.readouterr().err


def test_a_missing_or_broken_file_is_named(tmp_path):
    with pytest.raises(replay.ReplayError, match="no such replay file"):
        replay.load(tmp_path / "nope.json")
    (tmp_path / "bad.json").write_text("{not json")
    with pytest.raises(replay.ReplayError, match="not valid JSON"):
        replay.load(tmp_path / "bad.json")


def test_a_decision_that_moved_in_the_list_is_found_by_its_label():
    """A model change that adds an option before a recorded one shifts its index, not the game."""
    doc = json.loads(REPLAYS[0].read_text())
    moved = next(n for n, (i, _label) in enumerate(doc["decisions"]) if i > 0)
    doc["decisions"][moved][0] = 0  # the label still names the decision actually taken
    result = replay.replay(RULESET, doc)
    assert replay.matches(result, doc["expect"]) and result.steps == len(doc["decisions"])
