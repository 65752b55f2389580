"""The census of surprises: what each target description picked over random play, and the flags a reviewer would question."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from oblivaeon_verify.model.common import selections
from oblivaeon_verify.model.common.selections import Selection
from oblivaeon_verify.properties.aeons_end import census as ae_facts
from oblivaeon_verify.properties.common.census import Census, Resolution, merge, resolve
from oblivaeon_verify.properties.oblivaeon import census as oa_facts

from oblivaeon_verify import rulesets, schemas
from oblivaeon_verify.cli import main
from oblivaeon_verify.play import play_game
from oblivaeon_verify.report import _verdict
from oblivaeon_verify.sections import census as section
from tests.broken_models import Bug, broken

OA = rulesets.load("oblivaeon")
AE = rulesets.load("aeons_end")


def _census(ruleset, facts, games: int, players=None, seed: int = 3, strict: bool = True) -> Census:
    c = Census(facts)
    params = ruleset.default_parameters()
    for p in players or ruleset.players:
        for i in range(games):
            with c.game(p, i):
                rec = play_game(ruleset, params, seed, p, i)
                assert not (strict and rec.error), rec.error
    return c


def _flags(doc: dict, facts) -> list[tuple[str, str, str, bool]]:
    return sorted({(s["site"], f["flag"], f["kind"], f["resolution"] is None) for s in resolve(facts, doc)["sites"] for f in s["flags"]})


def test_the_watch_does_not_change_play():
    params = OA.default_parameters()
    plain, watched = [], []
    play_game(OA, params, 9, 4, 2, trace=plain.append)
    with Census(oa_facts).game(4, 2):
        play_game(OA, params, 9, 4, 2, trace=watched.append)
    assert plain == watched and len(plain) > 100
    assert not selections.watching()


def test_a_description_that_picks_what_its_words_do_not_name_is_flagged_and_unresolved():
    """Break side selection (every side passes the filter): "a hero target" then picks villains, and the census says so."""
    bug = Bug(
        "descriptions-ignore-their-side",
        "oblivaeon",
        "oblivaeon_verify.model.oblivaeon.battle_zones",
        "reachable_targets",
        "if not admits(target_side(d, t)):",
        "if False:",
        "one direction",
    )
    assert not [f for f in _flags(_census(OA, oa_facts, 3, [3]).to_json(), oa_facts) if f[3]]
    with broken(bug):
        flagged = _flags(_census(OA, oa_facts, 3, [3], strict=False).to_json(), oa_facts)
    unresolved = [f for f in flagged if f[3]]
    assert any(f[1] == "unnamed" and f[2] in ("Scion", "OblivAeon", "Aeon Man", "hero character card") for f in unresolved), unresolved
    assert any(f[1] == "own-characters" for f in unresolved)


def _selection(**kw) -> Selection:
    base = {
        "site": "Test Card: damage",
        "description": "each hero target in this battle zone",
        "clause": "HERO.CONTINUE",
        "source": "",
        "picked": (),
        "sides": frozenset({"hero"}),
        "harmful": True,
    }
    return Selection(**{**base, **kw})


def _seen(facts, d, *sels: Selection) -> dict:
    c = Census(facts)
    with c.game(3, 0):
        for s in sels:
            selections.picked(d, s)
    return c.to_json()


def test_each_flag_fires_on_what_it_names_and_only_there():
    d = SimpleNamespace(mages=(SimpleNamespace(name="Brama", exhausted=False), SimpleNamespace(name="Mist", exhausted=True)))
    doc = _seen(
        ae_facts,
        d,
        _selection(site="a", description="a player", picked=("Brama", "Mist"), sides=frozenset({"player"})),
        _selection(site="b", description="a minion or the nemesis", picked=("nemesis", "Brama"), sides=frozenset({"nemesis"})),
        _selection(site="c", description="a player", source="Brama", picked=("Brama", "Mist"), sides=frozenset({"player"})),
        _selection(site="d", description="a player", source="Brama", picked=("Mist",), sides=frozenset({"player"}), harmful=False),
    )
    got = {s["site"]: [(f["flag"], f["kind"]) for f in s["flags"]] for s in resolve(ae_facts, doc)["sites"]}
    assert got == {
        "a": [],
        "b": [("unnamed", "player")],
        "c": [("itself", "the source itself"), ("own-characters", "exhausted player")],
        "d": [],
    }
    kinds = {s["site"]: [k["kind"] for k in s["kinds"]] for s in resolve(ae_facts, doc)["sites"]}
    assert kinds["a"] == ["exhausted player", "player"] and kinds["c"] == ["exhausted player", "the source itself"]


def test_a_resolution_resolves_its_flag_kind_and_description_only():
    r = Resolution("unnamed", "objective", "objectives count by keyword", clause="X", description="each villain target")
    assert r.covers("unnamed", "objective", "each villain target")
    assert not r.covers("unnamed", "objective", "each hero target")
    assert not r.covers("unnamed", "reward", "each villain target")
    assert not r.covers("itself", "objective", "each villain target")
    with pytest.raises(ValueError, match="flag must be one of"):
        Resolution("surprising", "objective", "no such flag")


def test_every_resolution_of_oblivaeon_is_needed_and_none_is_left_unresolved():
    """Over a small campaign the census flags only what the catalogue's notes resolve, and every note resolves something."""
    out = resolve(oa_facts, _census(OA, oa_facts, 12).to_json())
    assert out["flags"] > 0 and out["unresolved"] == 0, [f for s in out["sites"] for f in s["flags"] if f["resolution"] is None]
    assert out["unused_resolutions"] == []
    kinds = {k["kind"] for s in out["sites"] for k in s["kinds"]}
    assert {
        "hero character card",
        "OblivAeon",
        "Scion",
        "Aeon Man",
        "environment target",
        "objective",
        "reward",
        "the source itself",
    } <= kinds


def test_without_its_notes_a_flag_is_a_coverage_warning_with_a_game_to_replay():
    bare = SimpleNamespace(**{k: getattr(oa_facts, k) for k in ("KINDS", "CHARACTERS", "kind", "source_side")}, RESOLUTIONS=())
    census = _census(OA, bare, 2, [3]).to_json()
    data = resolve(bare, census)
    assert data["unresolved"] == data["flags"] > 0
    site = next(s for s in data["sites"] if s["flags"])
    flag = site["flags"][0]
    command = section.replay_command("oblivaeon", 3, flag["game"])
    assert (
        command == f"oblivaeon-verify simulate --ruleset oblivaeon --players 3 --seed 3 --first {flag['game']['index']} --games 1 --trace"
    )
    data = {"available": True, "seed": 3, "games": 2, **data}
    for s in data["sites"]:
        for f in s["flags"]:
            f["replay"] = section.replay_command("oblivaeon", 3, f["game"])
    warned = section.warnings(data)
    assert len(warned) == data["unresolved"] and all(w.startswith("census: ") and "--trace" in w for w in warned)
    assert "## Unresolved flags" in section.markdown(data)
    verdict = _verdict(_report_data(warned))
    assert verdict["status"] == "passed" and verdict["warnings"] == warned


def _report_data(warnings: list[str]) -> dict:
    return {
        "scenarios": {"failed": 0, "load_errors": [], "items": []},
        "totals": {"errors": 0},
        "conformance": {"errors": 0, "error_list": []},
        "coverage_totals": {"gaps": [], "clarifications_without_passing_scenario": []},
        "random_play": {},
        "sections": [{"name": "census", "status": "ok", "failed": [], "inconclusive": [], "warnings": warnings}],
        "clause_coverage": [],
    }


def test_a_census_merges_to_the_same_whatever_the_chunks_and_their_order():
    whole = _census(AE, ae_facts, 6, [2]).to_json()
    params = AE.default_parameters()
    parts = []
    for chunk in ((0, 1, 2), (3, 4, 5)):
        c = Census(ae_facts)
        for i in chunk:
            with c.game(2, i):
                play_game(AE, params, 3, 2, i)
        parts.append(c.to_json())
    assert merge(parts) == merge(parts[::-1]) == merge([whole])
    assert json.dumps(merge(parts), sort_keys=True) == json.dumps(merge([whole]), sort_keys=True)


def test_the_census_command_is_the_same_bytes_for_any_worker_count_and_fits_its_schema(capsys):
    outs = []
    for workers in ("1", "2"):
        assert main(["census", "--games", "3", "--players", "3", "--workers", workers, "--json"]) == 0
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1]
    data = json.loads(outs[0])
    assert schemas.errors(data) == [] and data["games"] == 3 and data["flags"] > 0
    assert all(f["resolution"] is not None for s in data["sites"] for f in s["flags"])


@pytest.mark.parametrize(
    "argv, says",
    [
        (["census", "--games", "0"], "--games"),
        (["census", "--heroes", "7"], "not 7"),
        (["census", "--ruleset", "chess"], "--ruleset"),
    ],
)
def test_bad_census_arguments_get_one_line(argv, says, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert says in err and len(err.splitlines()) <= 2 and "Traceback" not in err
