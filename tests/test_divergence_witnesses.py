"""Divergence witnesses (``graphs.divergence``, ``oblivaeon-verify witnesses --readings``), replayed as tests.

Every file in ``properties/<ruleset>/divergences/`` is a replay file whose ``expect`` is ``{"diverges":
{"parameter": NAME, "value": OTHER}}``: replayed under its own parameters and with ``NAME=OTHER``, with
every invariant checked on both sides, the two games must be alike until the last decision and differ
after it.  A model change that breaks one fails here with the replay's own words; regenerate with
``oblivaeon-verify witnesses --readings --ruleset R --out properties/R/divergences``.
"""

from __future__ import annotations

import dataclasses
import json
import types
from pathlib import Path

import pytest

from oblivaeon_verify import replay, rulesets
from oblivaeon_verify.cli import main
from oblivaeon_verify.graphs import divergence as dv

ROOT = Path(__file__).resolve().parent.parent
KEPT = sorted(ROOT.glob("properties/*/divergences/*.json"))
SENTINELS = ROOT / "properties/oblivaeon/divergences/READING.bloodstone_reading.revive-instead.json"
RITES = ROOT / "properties/oblivaeon/divergences/READING.rites_reading.return-to-box.json"
TEMP_ZONE = ROOT / "properties/oblivaeon/divergences/READING.temp_zone_reading.follows-its-owner.json"


def _regenerate(path: Path) -> str:
    return "python -m tests.regenerate --only divergences"


def _write(tmp_path, doc: dict, name: str = "w.json") -> Path:
    (tmp_path / name).write_text(json.dumps(doc))
    return tmp_path / name


def test_both_rulesets_keep_a_divergence_folder_written_by_the_tool():
    for name in rulesets.available():
        marker = json.loads((ROOT / "properties" / name / "divergences" / ".oblivaeon-verify").read_text())
        assert marker["command"] == "witnesses --readings"
        assert marker["paths"] == sorted(p.name for p in KEPT if p.parent.parent.name == name)


def test_every_kept_file_is_named_after_its_reading_and_value():
    for path in KEPT:
        other = json.loads(path.read_text())["expect"]["diverges"]
        assert path.name == dv.file_name(other["parameter"], other["value"])
        assert (other["parameter"], other["value"]) in {(p, v) for p, _d, v in dv.readings(rulesets.load(path.parent.parent.name))}


def test_regenerating_a_divergence_gives_the_kept_file_byte_for_byte(tmp_path, capsys):
    """temp_zone_reading's: its values part early in random play, so the search is short (The Bloodstone's needs the
    wider search of tests/regenerate.py, minutes of it)."""
    argv = ["witnesses", "--ruleset", "oblivaeon", "--reading", "temp_zone_reading", "--out", str(tmp_path), "--json"]
    assert main(argv) == 0
    assert (tmp_path / TEMP_ZONE.name).read_bytes() == TEMP_ZONE.read_bytes(), f"regenerate: {_regenerate(TEMP_ZONE)}"
    data = json.loads(capsys.readouterr().out)
    assert data["schema"] == "witnesses-readings" and data["summary"]["found"] == 1
    assert data["divergences"][0]["length"] == len(json.loads(TEMP_ZONE.read_text())["decisions"])
    assert data["divergences"][0]["differs"] == json.loads(TEMP_ZONE.read_text())["witness"]["differs"]


def test_the_kept_sentinels_divergence_is_the_devastation_token():
    """CLAR.SENTINELS: the one reading adds the team's Devastation token as The Bloodstone revives them, the other does not."""
    differs = json.loads(SENTINELS.read_text())["witness"]["differs"]
    assert differs == [
        "events only with bloodstone_reading=devastation-then-revive: [CLAR.SENTINELS] devastation",
        "state fields that differ: devastation",
    ]


def test_with_the_reading_forced_to_the_files_own_value_the_games_never_part(tmp_path):
    doc = replay.load(SENTINELS)
    doc["expect"] = {"diverges": {"parameter": "bloodstone_reading", "value": "devastation-then-revive"}}
    result = replay.replay(rulesets.load("oblivaeon"), doc)
    assert result.verdict == "hold" and result.diverged_at is None
    assert not replay.matches(result, doc["expect"])


def test_without_its_last_decision_a_divergence_no_longer_parts_at_its_end(tmp_path):
    doc = json.loads(SENTINELS.read_text())
    doc["decisions"] = doc["decisions"][:-1]
    path = _write(tmp_path, doc)
    loaded = replay.load(path)
    result = replay.replay(rulesets.load("oblivaeon"), loaded)
    assert result.verdict == "hold" and result.diverged_at is None
    assert not replay.matches(result, loaded["expect"])
    assert main(["check", "--replay", str(path)]) == 1


def test_a_divergence_that_parts_before_the_last_decision_is_not_as_expected(tmp_path):
    r = rulesets.load("oblivaeon")
    doc = json.loads(SENTINELS.read_text())
    states: list = []
    replay.replay(r, replay.load(SENTINELS), states=states)
    doc["decisions"].append([0, str(r.legal_decisions(states[-1][1])[0])])
    path = _write(tmp_path, doc)
    loaded = replay.load(path)
    result = replay.replay(r, loaded)
    assert result.verdict == "hold" and result.diverged_at == result.steps - 1
    assert not replay.matches(result, loaded["expect"])


def test_check_replay_honours_a_divergence_and_says_where_the_games_parted(capsys):
    assert main(["check", "--replay", str(SENTINELS)]) == 0
    out = capsys.readouterr().out
    n = len(json.loads(SENTINELS.read_text())["decisions"])
    assert f"with bloodstone_reading=revive-instead the game first differed after {n} decisions" in out and "as expected" in out
    assert main(["check", "--replay", str(SENTINELS), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["as_expected"] and data["diverged_at"] == n and data["other_outcome"] == "hold"


def test_with_the_model_ignoring_the_reading_the_divergence_disappears(monkeypatch):
    """The expectation can fail: the Bloodstone rule with its reading test made false for both values (no token either way)."""
    from oblivaeon_verify.model.oblivaeon import incapacitation

    monkeypatch.setattr(incapacitation, "BloodstoneReading", types.SimpleNamespace(DEVASTATION_THEN_REVIVE=object()))
    doc = replay.load(SENTINELS)
    result = replay.replay(rulesets.load("oblivaeon"), doc)
    assert result.verdict == "hold" and result.diverged_at is None
    assert not replay.matches(result, doc["expect"])


def test_with_the_rule_knocked_out_the_rites_divergence_disappears(tmp_path):
    doc = json.loads(RITES.read_text())
    doc["knockout"] = "CLAR.RITES-OF-REVIVAL"
    loaded = replay.load(_write(tmp_path, doc))
    assert not replay.matches(replay.replay(rulesets.load("oblivaeon"), loaded), loaded["expect"])


@pytest.mark.parametrize(
    ("diverges", "message"),
    [
        (
            {"parameter": "bloodstone_readin", "value": "revive-instead"},
            "'diverges' names an unknown parameter 'bloodstone_readin' (did you mean 'bloodstone_reading'?); "
            "the readings of oblivaeon: rites_reading, requital_reading, bloodstone_reading, temp_zone_reading, layer_order_reading",
        ),
        ({"parameter": "countdown_start", "value": "5"}, "'diverges' names countdown_start, which is not a reading"),
        (
            {"parameter": "bloodstone_reading", "value": "revive-later"},
            "'diverges' gives bloodstone_reading the value 'revive-later', which is not one of its values: devastation-then-revive, revive-instead",
        ),
        (
            {"parameter": "bloodstone_reading", "value": "devastation-then-revive"},
            "'diverges' gives bloodstone_reading the value 'devastation-then-revive', which the file's own parameters have",
        ),
        ({"parameter": "bloodstone_reading"}, '\'diverges\' must be {"parameter": NAME, "value": VALUE}'),
        ("bloodstone_reading", '\'diverges\' must be {"parameter": NAME, "value": VALUE}'),
    ],
    ids=["unknown", "not-a-reading", "not-a-value", "own-value", "no-value", "not-an-object"],
)
def test_a_divergence_naming_what_cannot_part_is_refused_in_one_line(diverges, message, tmp_path):
    doc = json.loads(SENTINELS.read_text())
    doc["expect"] = {"diverges": diverges}
    path = _write(tmp_path, doc, "bad.json")
    with pytest.raises(replay.ReplayError, match="key 'expect'") as e:
        replay.load(path)
    assert str(e.value).startswith(f"{path}: key 'expect' ") and message in str(e.value) and "\n" not in str(e.value)
    assert main(["check", "--replay", str(path)]) == 2


def test_the_files_own_parameters_decide_which_value_is_its_own(tmp_path):
    """With the reading overridden in ``parameters``, the default becomes the other value and may be named."""
    doc = json.loads(SENTINELS.read_text())
    doc["parameters"] = {"bloodstone_reading": "revive-instead"}
    doc["expect"] = {"diverges": {"parameter": "bloodstone_reading", "value": "revive-instead"}}
    with pytest.raises(replay.ReplayError, match="which the file's own parameters have"):
        replay.load(_write(tmp_path, doc))
    doc["expect"] = {"diverges": {"parameter": "bloodstone_reading", "value": "devastation-then-revive"}}
    loaded = replay.load(_write(tmp_path, doc))
    assert replay.matches(replay.replay(rulesets.load("oblivaeon"), loaded), loaded["expect"])


@pytest.mark.parametrize(
    ("witness", "message"),
    [
        (
            {"minimal": True, "no_shorter_than": 4, "found_after": 9, "seed": 1, "game": 0, "players": 3},
            "exactly the keys found_after, seed, game, players, steered, differs",
        ),
        (
            {"found_after": 9, "seed": 1, "game": 0, "players": 3, "steered": False, "differs": "devastation"},
            "differs must be a list of texts",
        ),
        (
            {"found_after": 9, "seed": 1, "game": -1, "players": 3, "steered": False, "differs": []},
            "game must be a whole number from 0, not -1",
        ),
        ({"found_after": 9, "seed": 1, "game": 0, "players": 3, "steered": "yes", "differs": []}, "steered must be true or false"),
    ],
    ids=["setup-witness-keys", "differs-not-a-list", "negative", "steered-not-a-boolean"],
)
def test_the_search_figures_of_a_divergence_are_checked_in_one_line(witness, message, tmp_path):
    doc = json.loads(SENTINELS.read_text())
    doc["witness"] = witness
    with pytest.raises(replay.ReplayError, match="key 'witness'") as e:
        replay.load(_write(tmp_path, doc))
    assert message in str(e.value) and "\n" not in str(e.value)


def test_a_pair_random_play_does_not_part_is_undecided_not_passed(capsys, tmp_path):
    """Aeon's End's last attack: random play rarely empties the nemesis deck on an attack with nothing in play."""
    argv = [
        "witnesses",
        "--ruleset",
        "aeons_end",
        "--readings",
        "--games",
        "1",
        "--steered-games",
        "0",
        "--out",
        str(tmp_path / "d"),
        "--json",
    ]
    assert main(argv) == 4
    data = json.loads(capsys.readouterr().out)
    w = data["divergences"][0]
    assert (w["parameter"], w["value"], w["found"]) == ("last_attack_reading", "resolves-first", False)
    assert w["reason"].startswith("random play did not part the two readings in 1 game")
    assert data["summary"] == {"pairs": 1, "readings": 1, "found": 0, "not_found": 1, "median_length": None, "longest": None}
    assert sorted(p.name for p in (tmp_path / "d").iterdir()) == [".oblivaeon-verify"]


def test_requitals_constructs_never_stay_under_it_so_its_reading_has_no_witness_in_this_model():
    """Why ``requital_reading`` has no kept file (reported as not found, never as a pass): Requital's power
    puts a Construct under it and plays one from under in the same power, and nothing else puts one there,
    so no Construct is under Requital when it falls (CLAR.REQUITAL-CONSTRUCTS against INCAP.CARDS-TO-BOX).
    A model change that lets one stay breaks this test: then search again and keep the witness."""
    from oblivaeon_verify.model.oblivaeon import vocabulary as v
    from oblivaeon_verify.model.oblivaeon.cards import CHARACTER_CARDS

    requital = {c.key: c for c in CHARACTER_CARDS.values() if c.requital}
    assert [[type(op) for op in c.power] for c in requital.values()] == [[v.PutConstructUnder, v.PlayConstructFromUnder]]
    assert not (ROOT / "properties/oblivaeon/divergences" / dv.file_name("requital_reading", "box-rule-wins")).exists()


def test_a_queued_end_check_alone_is_no_divergence():
    """Under resolves-first every attack queues an end check that does nothing until the nemesis deck is empty:
    the positions differ in the agenda (``pending_work``) but not in play, and the sides do not part there."""
    r = rulesets.load("aeons_end")
    params = r.default_parameters()
    from oblivaeon_verify.play import game_rng

    setup = r.random_setup(game_rng(2026, 2, 1), 2, params)
    other = dv.other_setup(r, setup, dv.with_value(r, params, "last_attack_reading", "resolves-first"))
    a, b = r.new_game(setup), r.new_game(other)
    queued = 0
    for _ in range(400):
        options = r.legal_decisions(a)
        if not options:
            break
        a, _ = r.step(a, options[0])
        b, _ = r.step(b, options[0])
        if r.position_key(a) != r.position_key(b):
            assert dv.fields_that_differ(r, a, b) == ["agenda"] and not dv.differ(r, a, b)
            queued += 1
    assert queued, "no attack was drawn in 400 decisions: pick another game"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--readings", "--clause", "CLAR.SENTINELS"], "give one or the other"),
        (
            ["--reading", "countdown_start"],
            "--reading countdown_start: not a reading of oblivaeon; its readings: rites_reading, requital_reading, bloodstone_reading, temp_zone_reading, layer_order_reading",
        ),
        (["--reading", "rites_reading=revive-in-place"], "rites_reading's values other than its default are return-to-box"),
    ],
)
def test_a_reading_the_command_cannot_search_is_a_usage_error(argv, message, capsys):
    assert main(["witnesses", *argv]) == 2
    assert message in capsys.readouterr().err


def test_readings_are_read_from_the_parameters_declarations():
    assert dv.readings(rulesets.load("aeons_end")) == [("last_attack_reading", "win-at-draw", "resolves-first")]
    assert [p for p, _d, _v in dv.readings(rulesets.load("oblivaeon"))] == [
        "rites_reading",
        "requital_reading",
        "bloodstone_reading",
        "temp_zone_reading",
        "layer_order_reading",
    ]


def test_a_page_tells_a_kept_divergence_replayed_under_both_readings_or_that_none_is_kept(tmp_path, monkeypatch):
    from oblivaeon_verify import report_witnesses

    r = rulesets.load("oblivaeon")
    [w] = report_witnesses.parting(r, "bloodstone_reading")
    assert w["ok"] and w["kept"] and w["differs"] and w["replay"].endswith("READING.bloodstone_reading.revive-instead.json")
    assert "char:" not in w["setup"] and w["found"].startswith("Random game ")
    [none] = report_witnesses.parting(r, "requital_reading")
    assert not none["ok"] and not none["kept"] and none["problem"].startswith("none is kept")
    doc = json.loads((ROOT / "properties/oblivaeon/divergences/READING.bloodstone_reading.revive-instead.json").read_text())
    doc["decisions"] = doc["decisions"][:-1]  # one short: the readings have not parted yet
    (tmp_path / "divergences").mkdir()
    (tmp_path / "divergences" / "READING.bloodstone_reading.revive-instead.json").write_text(json.dumps(doc))
    monkeypatch.setattr(report_witnesses, "folder", lambda ruleset: tmp_path / "witnesses")
    [broken] = report_witnesses.parting(r, "bloodstone_reading")
    assert broken["kept"] and not broken["ok"] and broken["problem"].startswith("the two readings never parted in ")


LAST_ATTACK = ("last_attack_reading", "resolves-first")


def _last_attack_game(game: int, players: int):
    from oblivaeon_verify.play import game_rng

    r = rulesets.load("aeons_end")
    params = r.default_parameters()
    rng = game_rng(2026, players, game)
    setup = r.random_setup(rng, players, params)
    return r, rng, setup, dv.other_setup(r, setup, dv.with_value(r, params, *LAST_ATTACK))


def test_the_search_steered_by_a_readings_nearness_parts_what_random_play_does_not():
    """Game 31 of seed 2026 with 2 players (the kept witness's): steered by the last attack's nearness, the
    nemesis deck runs out on an attack with nothing in play, and the attack resolves on one side only."""
    from oblivaeon_verify.checked_play import properties
    from oblivaeon_verify.graphs import facts

    r, rng, setup, other = _last_attack_game(31, 2)
    nearness = facts.load(r).READING_PROGRESS["last_attack_reading"]
    taken = dv._steered(r, rng, setup, other, nearness, properties(r), dv.DEFAULT_BEAM, dv.DEFAULT_MAX_DECISIONS)
    assert taken is not None and dv.parted_at(r, setup, other, taken) == len(taken)
    differs = dv.what_differs(r, setup, other, taken, ("last_attack_reading", "win-at-draw", "resolves-first"))
    assert "events only with last_attack_reading=resolves-first: [NEMESIS.DRAW] gravehold-damage" in differs


def test_a_game_where_the_readings_can_no_longer_part_is_dropped_from_the_steered_search():
    """A nearness that finds every game past hope (None) ends the search at its first turn, with nothing found."""
    from oblivaeon_verify.checked_play import properties
    from oblivaeon_verify.graphs import facts

    r, rng, setup, other = _last_attack_game(31, 2)
    hopeless = dataclasses.replace(facts.load(r).READING_PROGRESS["last_attack_reading"], progress=lambda _s: None)
    assert dv._steered(r, rng, setup, other, hopeless, properties(r), 4, 200, rollouts=2) is None


def test_a_readings_nearness_must_name_a_reading(monkeypatch):
    from oblivaeon_verify.graphs import facts

    r = rulesets.load("aeons_end")
    module = facts.load(r)
    monkeypatch.setattr(module, "READING_PROGRESS", {"last_atack_reading": module.READING_PROGRESS["last_attack_reading"]})
    with pytest.raises(facts.FactsError, match="READING_PROGRESS: 'last_atack_reading' is not a reading of aeons_end"):
        facts.load(r)


def test_the_last_attacks_nearness_says_when_the_readings_can_no_longer_part():
    """No attack left in the nemesis deck (or no card at all): the last card cannot be an attack, so None."""
    from oblivaeon_verify.model.common.deck import Deck

    from oblivaeon_verify.graphs import facts

    r, _rng, setup, _other = _last_attack_game(31, 2)
    progress = facts.load(r).READING_PROGRESS["last_attack_reading"].progress
    start = r.new_game(setup)
    assert progress(start) is not None
    no_attack = tuple(
        Deck.shuffled([c for c in tier.cards() if not c.startswith(("obliterate", "cryptic", "planar", "rage"))])
        for tier in start.nemesis_deck
    )
    assert progress(dataclasses.replace(start, nemesis_deck=no_attack)) is None
    assert progress(dataclasses.replace(start, nemesis_deck=(Deck(), Deck(), Deck()))) is None


def test_beam_sets_the_steered_searchs_width_and_is_refused_without_readings(capsys):
    argv = ["witnesses", "--ruleset", "aeons_end", "--readings", "--games", "1", "--steered-games", "1", "--beam", "3", "--json"]
    assert main(argv) == 4  # not parted within this budget
    [row] = json.loads(capsys.readouterr().out)["divergences"]
    assert row["reason"].endswith("steered by its nearness (beam of 3)"), row["reason"]
    assert main(["witnesses", "--clause", "CLAR.SENTINELS", "--beam", "3"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--beam" in err and "only with --readings" in err, err
