"""The Z3 layer for Aeon's End: proofs for 1 to 4 players, refinement against the model, broken
encodings caught by both, the designer queries, and the prove/ask command line with --ruleset aeons_end."""

from __future__ import annotations

import json

import pytest
import z3
from oblivaeon_verify.model.aeons_end import player_turn
from oblivaeon_verify.model.aeons_end.decisions import Decision
from oblivaeon_verify.model.aeons_end.draft import Draft
from oblivaeon_verify.model.aeons_end.ruleset import RULESET
from oblivaeon_verify.model.aeons_end.setup import SetupConfig, initial_state
from oblivaeon_verify.model.aeons_end.state import evolve
from oblivaeon_verify.properties.aeons_end.symbolic import MUTANT_NAMES, QUERY_NAMES
from oblivaeon_verify.properties.aeons_end.symbolic.abstraction import abstract, names
from oblivaeon_verify.properties.aeons_end.symbolic.encoding import Encoding, composition
from oblivaeon_verify.properties.aeons_end.symbolic.mutants import MUTANTS
from oblivaeon_verify.properties.aeons_end.symbolic.prove import prove_all
from oblivaeon_verify.properties.aeons_end.symbolic.queries import fewest_turns_to_reshuffle, reshuffle_lower_bound
from oblivaeon_verify.properties.aeons_end.symbolic.refinement import RefinementError, check_random_games, explain, init_holds, random_steps

from oblivaeon_verify.cli import main
from oblivaeon_verify.sections import proofs
from oblivaeon_verify.smt.kinduction import Prover, StepProperty

STATE_PROPERTIES = {
    "TURN-ORDER-COMPOSITION",
    "TURN-CURSOR",
    "TURN-COUNT",
    "BREACH-STATES",
    "DESTROYED-BY-EXHAUSTION",
    "FOCUS-THIS-TURN",
    "PREP-WHERE",
    "CHARGES-BOUNDED",
    "LIFE-BOUNDS",
    "EXHAUSTED-AT-ZERO",
    "END-IMMEDIATE",
}
STEP_PROPERTIES = {"BREACH-FORWARD", "PREP-ONLY-WHERE-ALLOWED", "GAME-OVER-FINAL"}


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


# --- proofs -----------------------------------------------------------------------------------


def test_every_invariant_is_proved_for_one_to_four_players_and_reported_in_the_proofs_section():
    data = proofs.collect(RULESET, seed=1, quick=True)
    rows = data["invariants"]
    assert {r["players"] for r in rows} == {1, 2, 3, 4}
    for n in (1, 2, 3, 4):
        mine = {r["property"]: r for r in rows if r["players"] == n}
        assert set(mine) == STATE_PROPERTIES | STEP_PROPERTIES
        for r in mine.values():
            assert (r["status"], r["method"], r["k"]) == ("proved", "k-induction", 1), r
            assert r["clauses"]
    assert data["extra_proofs"] == [] and "isolation" not in data
    text = proofs.markdown(data)
    assert "| TURN-ORDER-COMPOSITION | 1 | TURN-ORDER.COMPOSITION" in text and "isolation" not in text.lower()


def test_the_turn_order_deck_is_read_from_the_model():
    assert composition(1) == (3, 2)  # SOLO.TRUE-SOLO: three player cards, two nemesis cards
    assert all(composition(n) == (4, 2) for n in (2, 3, 4))


@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_a_broken_encoding_is_caught_by_the_proofs_with_a_readable_counterexample(name):
    _enc, results = prove_all(1, encoding_class=MUTANTS[name])
    bad = [r for r in results if r.status == "violated"]
    assert bad, [(r.property, r.status) for r in results]
    trace = bad[0].trace
    assert trace[0].action == "init" and all("[" in s.action for s in trace[1:])
    expected = {
        "focus-turns-twice": ("BREACH-STATES", "focus(", "MAIN.FOCUS"),
        "draw-leaves-the-card": ("TURN-ORDER-COMPOSITION", "draw_card(", "TURN-ORDER.DRAW"),
        "exhaustion-forgotten": ("EXHAUSTED-AT-ZERO", "harm_player(", "EXHAUST.WHEN"),
    }[name]
    assert bad[0].property == expected[0]
    assert expected[1] in trace[-1].action and expected[2] in trace[-1].action


def test_a_step_property_that_fails_is_violated_with_a_trace_not_proved():
    enc = Encoding(2)
    prover = Prover(enc.system())
    never_focus = StepProperty(
        "NO-FOCUS", "No breach ever turns.", ("MAIN.FOCUS",), lambda s, t, p: z3.And([t[k] == s[k] for k in s if ".b" in k])
    )
    r = prover.check_step(never_focus, bound=6)
    assert r.status == "violated" and r.trace[0].action == "init"
    assert any(a in r.trace[-1].action for a in ("focus(", "open(", "destroy_breach("))


# --- refinement -------------------------------------------------------------------------------


def test_every_step_of_random_games_refines_the_symbolic_relation():
    counts = check_random_games((1, 2, 3, 4), games=4, seed=3)
    assert set(counts) == {1, 2, 3, 4} and all(n > 100 for n in counts.values()) and sum(counts.values()) > 1500


def test_random_play_reaches_the_actions_that_matter():
    seen = set()
    for n in (1, 2, 3, 4):
        enc = Encoding(n)
        for g in range(6):
            for before, decision, after, events in random_steps(n, g, seed=3):
                seen.update(a for a, _p in explain(enc, before, decision, after, events).actions)
    assert {
        "reshuffle",
        "draw_card",
        "start_turn",
        "focus",
        "prep",
        "cast",
        "charge",
        "harm_player",
        "harm_gravehold",
        "damage_nemesis",
        "destroy_breach",
        "discard_charges",
    } <= seen


def test_the_state_after_setup_satisfies_init_and_a_tampered_one_does_not():
    state = initial_state(SetupConfig(("Adelheim", "Brama", "Jian"), "Rageborne"))
    assert init_holds(Encoding(3), state)
    assert not init_holds(Encoding(3), evolve(state, turn_discard=("turn:nemesis#1",)))
    assert tuple(abstract(state)) == names(3)


def test_a_winning_cast_ends_the_game_before_the_rest_of_the_spell():
    """Found by the refinement check: Essence Theft's heal used to resolve after the nemesis fell (END.IMMEDIATE)."""
    state = initial_state(SetupConfig(("Jian",), "Rageborne"))
    m = state.mages[0]
    breaches = (evolve(m.breaches[0], spell="essence-theft#1"),) + m.breaches[1:]
    state = evolve(state, mages=(evolve(m, life=5, breaches=breaches),), nemesis_life=1, phase="casting", actor="p0", turn=1, agenda=())
    d = Draft(state)
    player_turn.cast(d, 0, 0, 0, "nemesis")
    after = d.freeze()
    assert after.outcome.kind == "won" and after.mages[0].life == 5
    decision = Decision("cast", "player 1", card="essence-theft#1", target="nemesis", index=0)
    actions = [a for a, _p in explain(Encoding(1), state, decision, after, d.events).actions]
    assert actions == ["cast", "damage_nemesis"]


@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_a_broken_encoding_fails_the_refinement_check(name):
    with pytest.raises(RefinementError, match="but the model has"):
        check_random_games((1, 2), games=3, seed=3, encoding_class=MUTANTS[name])


def test_a_changed_model_fails_the_refinement_check(monkeypatch):
    """If the model's charge rule changes and the encoding does not, the check fails."""
    real = player_turn.gain_charge

    def two_charges(d, i, dec):
        real(d, i, dec)
        d.mage_update(i, charges=d.mages[i].charges + 1)

    monkeypatch.setattr(player_turn, "gain_charge", two_charges)
    with pytest.raises(RefinementError, match=r"p\d\.ch="):
        check_random_games((1, 2, 3, 4), games=4, seed=3)


# --- the designer query -----------------------------------------------------------------------


def test_the_fewest_turns_to_reshuffle_has_a_proved_lower_bound_and_a_bounded_search():
    enc = Encoding(1)
    assert reshuffle_lower_bound(enc) == 5  # three player cards and two nemesis cards (SOLO.TRUE-SOLO)
    assert reshuffle_lower_bound(Encoding(2, nemesis_cards=3)) == 7
    assert reshuffle_lower_bound(enc, work=1) is None  # out of work: no bound claimed
    short = fewest_turns_to_reshuffle(1, depth=10)
    assert short.status == "unreachable-within" and short.value is None and short.witness == []
    assert any("no reshuffle within 10 symbolic steps" in a for a in short.assumptions)


# --- command line -----------------------------------------------------------------------------


def test_prove_json_for_aeons_end_lists_every_invariant_proved(capsys):
    code, out, _ = run(capsys, "prove", "--ruleset", "aeons_end", "--players", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["ruleset"] == "aeons_end" and "isolation" not in data
    assert {r["property"] for r in data["invariants"]} == STATE_PROPERTIES | STEP_PROPERTIES
    assert {r["status"] for r in data["invariants"]} == {"proved"}


def test_prove_a_broken_aeons_end_encoding_exits_non_zero_and_writes_artefacts(capsys, tmp_path):
    code, out, _ = run(capsys, "prove", "--ruleset", "aeons_end", "--players", "1", "--mutant", "exhaustion-forgotten")
    assert code == 1 and "violated" in out and "harm_player(player 1" in out and "EXHAUST.WHEN" in out
    code, _, _ = run(
        capsys, "prove", "--ruleset", "aeons_end", "--players", "1", "--mutant", "draw-leaves-the-card", "--smtlib", str(tmp_path), "--json"
    )
    assert code == 1
    assert any(p.suffix == ".smt2" for p in tmp_path.rglob("*"))
    itf = json.loads(next(tmp_path.rglob("*TURN-ORDER-COMPOSITION.itf.json")).read_text())
    assert itf["vars"] == list(names(1)) and len(itf["states"]) == 2


def test_prove_refuses_bad_arguments_by_name(capsys):
    code, _, err = run(capsys, "prove", "--ruleset", "aeons_end", "--players", "5")
    assert code == 2 and "--players" in err and "1, 2, 3, 4" in err
    code, _, err = run(capsys, "prove", "--ruleset", "aeons_end", "--players", "1", "--mutant", "nope")
    assert code == 2 and "--mutant: unknown name 'nope'" in err and all(m in err for m in MUTANT_NAMES)


def test_ask_for_aeons_end_gives_the_answer_with_a_witness(capsys):
    code, out, _ = run(capsys, "ask", "--ruleset", "aeons_end", "fewest-turns-to-reshuffle", "--players", "1", "--depth", "24", "--json")
    data = json.loads(out)
    assert (
        code == 0 and data["verdict"] == "passed" and data["answer"] == "reached" and data["value"] == 5 and data["value_label"] == "turns"
    )
    assert data["witness"][-1]["where"] == "turn 5" and "TURN-ORDER.RESHUFFLE" in data["witness"][-1]["action"]
    assert any(a.startswith("exact") for a in data["assumptions"])
    code, out, _ = run(capsys, "ask", "--ruleset", "aeons_end", "fewest-turns-to-reshuffle", "--players", "1", "--depth", "10")
    assert code == 0 and "no path within 10 steps" in out and "no reshuffle before turn 5" in out


def test_ask_refuses_unknown_queries_numbers_and_options_for_aeons_end(capsys):
    code, _, err = run(capsys, "ask", "--ruleset", "aeons_end", "fewest-rounds-to-lose")
    assert code == 2 and "QUERY" in err and all(q in err for q in QUERY_NAMES)
    code, _, err = run(capsys, "ask", "--ruleset", "aeons_end", "fewest-turns-to-reshuffle", "--set", "countdown_start=3")
    assert code == 2 and "not a turn order deck number" in err and "player_cards" in err
    code, _, err = run(capsys, "ask", "--ruleset", "aeons_end", "fewest-turns-to-reshuffle", "--set", "nemesis_cards=0")
    assert code == 2 and "at least 1" in err
    code, _, err = run(capsys, "ask", "--ruleset", "aeons_end", "fewest-turns-to-reshuffle", "--option", "game-over")
    assert code == 2 and "--option game-over" in err
    code, _, err = run(capsys, "ask", "--ruleset", "aeons_end", "fewest-turns-to-reshuffle", "--depth", "0")
    assert code == 2 and "--depth" in err
