"""Rulebook statements checked in play: a broken model rule shows up as a replayable witness."""

from __future__ import annotations

import json

from oblivaeon_verify.model.aeons_end.ruleset import RULESET as AE_RULESET
from oblivaeon_verify.model.oblivaeon.ruleset import RULESET
from oblivaeon_verify.properties.aeons_end import clarify as ae_clarify
from oblivaeon_verify.properties.aeons_end.clarify.play import situation as ae_situation
from oblivaeon_verify.properties.common.clarify import in_play
from oblivaeon_verify.properties.common.clarify.evaluate import holds
from oblivaeon_verify.properties.oblivaeon import clarify
from oblivaeon_verify.properties.oblivaeon.clarify.play import situation

from oblivaeon_verify import knockout, replay

BUDGET = in_play.Budget(games=1, examples=2, machine_steps=5)
"""One random game, its explorations and two short examples of the state machine: every source, in seconds."""
OBJECTIVE_TARGETS = "every objective target is a villain target or an environment target"


def replayed(ruleset, doc: dict, situation, caught_by: str = ""):
    """The situation a witness replays to: its decisions from its setup (under its knock-out, if any),
    checked against their labels by :func:`oblivaeon_verify.replay.replay` first (where invariants
    citing ``caught_by`` may also see the broken rule)."""
    from contextlib import nullcontext

    result = replay.replay(ruleset, doc)
    seen = [v for v in result.violations if caught_by not in v.clauses]
    if result.error or seen or result.steps != len(doc["decisions"]):
        raise AssertionError(f"the witness does not replay: {result.error or result.violations or result.steps}")
    _params, setup, clause = replay._inputs(ruleset, doc, "witness")
    pkg = type(ruleset).__module__.rsplit(".", 1)[0]
    with knockout.knocked_out(pkg, clause) if clause else nullcontext():
        state = ruleset.new_game(setup)
        for index, _label in doc["decisions"]:
            state, _events = ruleset.step(state, ruleset.legal_decisions(state)[index])
        return situation(state, (), ruleset.where(state))


def _statement(text: str, book=clarify):
    for c in book.rulebook():
        for n, st in enumerate(c.statements):
            if st.text == text:
                return c.id, n, st
    raise LookupError(text)


def test_the_model_conforms_to_the_rulebook_in_play_and_says_over_how_much():
    r = clarify.in_play(BUDGET)
    assert r["complete"] and r["states"] > 100 and r["steps"] == r["states"] - 1
    by = {(x["clause"], x["statement"]): x for x in r["results"]}
    assert [x for x in r["results"] if x["result"] == "violated"] == []
    # Decided on every state: the zones of heroes and play areas, the Booklet's and the battle zones' counts.
    for key in [("CLAR.ZONE-MEMBERSHIP", 1), ("EXIST.BATTLE-ZONE", 1), ("EXIST.OBLIVAEON-BOOKLET", 1), ("CLAR.MISSION-TYPES", 2)]:
        assert (
            by[key]["result"] == "conforms" and by[key]["decided_states"] == r["states"] + r["explored"]["states"] + r["machine"]["states"]
        )
    # A possibility only play can show: a hero changing battle zones twice in one turn.
    assert by[("CLAR.MULTIPLE-MOVES", 1)]["result"] == "witnessed"
    # Statements about what the state does not hold (what may be done) are open, never passed.
    assert by[("CLAR.ERASED", 1)]["result"] == "open" and by[("CLAR.ERASED", 1)]["decided_states"] == 0


def test_a_broken_model_rule_fails_a_rulebook_statement_in_play_with_a_replayable_witness(tmp_path):
    # The deliberately broken rule: target_side (CLAR.MISSION-TARGET-KIND) knocked out, so an objective
    # counts as no kind of target at all.
    cid, n, st = _statement(OBJECTIVE_TARGETS)
    with knockout.knocked_out("oblivaeon_verify.model.oblivaeon", "CLAR.MISSION-TARGET-KIND"):
        r = clarify.in_play(BUDGET, statements=[(cid, n, st)], knockout="CLAR.MISSION-TARGET-KIND")
    (result,) = r["results"]
    assert result["result"] == "violated" and result["things"], result
    written = in_play.write_witnesses(r, tmp_path / "witnesses")
    (path,) = written.values()
    doc = json.loads(path.read_text(encoding="utf-8"))
    # From the rulebook setup: the objectives of the Mission deck are already no targets of either kind.
    assert doc["knockout"] == "CLAR.MISSION-TARGET-KIND" and doc["expect"] == "hold" and doc["setup"]["heroes"]
    # The witness replays (labels checked) to a state where the statement fails under the broken rule...
    assert holds(st, replayed(RULESET, doc, situation)) is False
    # ...and the same decisions without the knock-out reach a state where it holds: the rule to change.
    fixed = {k: v for k, v in doc.items() if k != "knockout"}
    assert holds(st, replayed(RULESET, fixed, situation)) is True


def test_a_witness_folder_is_the_tools_own(tmp_path):
    cid, n, st = _statement(OBJECTIVE_TARGETS)
    with knockout.knocked_out("oblivaeon_verify.model.oblivaeon", "CLAR.MISSION-TARGET-KIND"):
        r = clarify.in_play(BUDGET, statements=[(cid, n, st)], knockout="CLAR.MISSION-TARGET-KIND")
    folder = tmp_path / "w"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    import pytest

    from oblivaeon_verify.output import OutputError

    with pytest.raises(OutputError):
        in_play.write_witnesses(r, folder)


def test_the_command_checks_a_proposal_in_play(tmp_path, capsys):
    from oblivaeon_verify.cli import main

    rc = main(
        ["clarify", "--in-play", "--games", "1", "--witnesses", str(tmp_path / "w"), "every hero is in the battle zone of its marker."]
    )
    out = capsys.readouterr().out
    assert rc == 0 and "in play (1 random game of" in out and "conforms: every hero is in the battle zone of its marker" in out


# --- Aeon's End ----------------------------------------------------------------------------------

FIVE_CARDS = "every player outside their turn holds five cards or has no cards left to draw"


def test_the_aeons_end_model_conforms_to_its_rulebook_in_play_with_every_count_decided():
    r = ae_clarify.in_play(BUDGET)
    assert r["complete"] and r["states"] > 100
    assert [x for x in r["results"] if x["result"] == "violated"] == []
    by = {(x["clause"], x["statement"]): x for x in r["results"]}
    # the EXIST counts are decided on every state (the nemesis deck's cards, the nemesis and Gravehold are always things)
    for key in [("EXIST.MINION", 1), ("EXIST.NEMESIS-CARD", 1), ("EXIST.GRAVEHOLD", 1), ("EXIST.BREACH", 2)]:
        assert (
            by[key]["result"] == "conforms" and by[key]["decided_states"] == r["states"] + r["explored"]["states"] + r["machine"]["states"]
        ), by[key]
    assert by[(_statement(FIVE_CARDS, ae_clarify)[0], _statement(FIVE_CARDS, ae_clarify)[1] + 1)]["result"] == "conforms"


def test_a_broken_aeons_end_rule_fails_its_statement_in_play_with_a_replayable_witness(tmp_path):
    cid, n, st = _statement(FIVE_CARDS, ae_clarify)
    with knockout.knocked_out("oblivaeon_verify.model.aeons_end", "DRAW.TO-FIVE"):
        r = ae_clarify.in_play(BUDGET, statements=[(cid, n, st)], knockout="DRAW.TO-FIVE")
    (result,) = r["results"]
    assert result["result"] == "violated" and result["things"], result
    (path,) = in_play.write_witnesses(r, tmp_path / "witnesses").values()
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["knockout"] == "DRAW.TO-FIVE" and doc["ruleset"] == "aeons_end"
    # (the invariant hand-of-five-after-the-draw-phase sees the same broken rule as it replays)
    assert holds(st, replayed(AE_RULESET, doc, ae_situation, caught_by="DRAW.TO-FIVE")) is False
    fixed = {k: v for k, v in doc.items() if k != "knockout"}
    assert holds(st, replayed(AE_RULESET, fixed, ae_situation)) is True


def test_the_command_checks_an_aeons_end_proposal_in_play(capsys):
    from oblivaeon_verify.cli import main

    code = main(["clarify", "--ruleset", "aeons_end", "every breach is a breach.", "--in-play", "--games", "1", "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code in (0, 1) and doc["in_play"]["results"][0]["result"] == "conforms"


def test_exploration_finds_a_broken_rule_random_play_stops_short_of_with_a_shortest_replayable_witness(tmp_path):
    """With no random decisions at all, only the exploration from the setup's first state can reach the end
    of the first turn; breadth-first, its witness is the shortest path there."""
    cid, n, st = _statement(FIVE_CARDS, ae_clarify)
    with knockout.knocked_out("oblivaeon_verify.model.aeons_end", "DRAW.TO-FIVE"):
        r = ae_clarify.in_play(in_play.Budget(games=1, decisions=0, examples=0), statements=[(cid, n, st)], knockout="DRAW.TO-FIVE")
    assert (r["states"], r["steps"]) == (1, 0) and r["explored"]["starts"] == 1 and r["explored"]["states"] == 300
    (result,) = r["results"]
    assert result["result"] == "violated" and result["found_by"] == "exploration", result
    (path,) = in_play.write_witnesses(r, tmp_path / "witnesses").values()
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert [label for _i, label in doc["decisions"]][-1] == "player 1: end main" and len(doc["decisions"]) == 3
    assert holds(st, replayed(AE_RULESET, doc, ae_situation, caught_by="DRAW.TO-FIVE")) is False
    fixed = {k: v for k, v in doc.items() if k != "knockout"}
    assert holds(st, replayed(AE_RULESET, fixed, ae_situation)) is True
    # Without the exploration the same budget sees the first state only, and finds nothing.
    with knockout.knocked_out("oblivaeon_verify.model.aeons_end", "DRAW.TO-FIVE"):
        alone = ae_clarify.in_play(
            in_play.Budget(games=1, decisions=0, explored=0, examples=0), statements=[(cid, n, st)], knockout="DRAW.TO-FIVE"
        )
    assert alone["results"][0]["result"] != "violated" and alone["explored"]["starts"] == 0


def test_an_exploration_starts_at_each_games_first_state_and_every_so_many_decisions():
    r = ae_clarify.in_play(in_play.Budget(games=2, decisions=120, explored=20, explore_every=50, examples=0))
    # decisions 0, 50 and 100 of each game (both games run the full 120: an Aeon's End game is longer)
    assert r["explored"]["starts"] == 6 and r["explored"]["states"] == 6 * 20
    assert "explored breadth-first from every 50th decision" in r["budget"] and "2 random games" in r["budget"]


def test_the_command_says_how_much_was_explored_and_examined(capsys):
    from oblivaeon_verify.cli import main

    main(
        [
            "clarify",
            "--ruleset",
            "aeons_end",
            "every breach is a breach.",
            "--in-play",
            "--games",
            "1",
            "--explore",
            "40",
            "--examples",
            "2",
        ]
    )
    out = capsys.readouterr().out
    assert "of random play; 40 states explored from " in out and " in 1 run of the Hypothesis machine" in out, out
    assert "2 examples of the Hypothesis machine of at most 10 rules each" in out, out
    main(
        ["clarify", "--ruleset", "aeons_end", "every breach is a breach.", "--in-play", "--games", "1", "--explore", "0", "--examples", "0"]
    )
    out = capsys.readouterr().out
    assert "of random play" in out and "explored" not in out and "Hypothesis" not in out, out


def test_the_state_machine_finds_a_broken_rule_and_its_shrunk_example_is_the_replayable_witness(tmp_path):
    cid, n, st = _statement(FIVE_CARDS, ae_clarify)
    budget = in_play.Budget(games=1, decisions=0, explored=0)
    with knockout.knocked_out("oblivaeon_verify.model.aeons_end", "DRAW.TO-FIVE"):
        r = ae_clarify.in_play(budget, statements=[(cid, n, st)], knockout="DRAW.TO-FIVE")
        again = ae_clarify.in_play(budget, statements=[(cid, n, st)], knockout="DRAW.TO-FIVE")
    assert r == again  # derandomised, no example database: the same examples every run
    (result,) = r["results"]
    assert result["result"] == "violated" and result["found_by"] == "the Hypothesis machine" and r["machine"]["runs"] == 1, result
    (path,) = in_play.write_witnesses(r, tmp_path / "witnesses").values()
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert holds(st, replayed(AE_RULESET, doc, ae_situation, caught_by="DRAW.TO-FIVE")) is False
    fixed = {k: v for k, v in doc.items() if k != "knockout"}
    assert holds(st, replayed(AE_RULESET, fixed, ae_situation)) is True
    # Shrunk: without its last decision the example no longer reaches a hand of fewer than five.
    shorter = dict(doc, decisions=doc["decisions"][:-1])
    with knockout.knocked_out("oblivaeon_verify.model.aeons_end", "DRAW.TO-FIVE"):
        assert holds(st, replayed(AE_RULESET, shorter, ae_situation, caught_by="DRAW.TO-FIVE")) is not False
