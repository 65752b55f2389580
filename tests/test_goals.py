"""Designer goals in words (``ask --goal``): the parser, its one-line errors, and the answers of both rulesets."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout

import pytest
from oblivaeon_verify.properties.aeons_end import symbolic as ae_symbolic
from oblivaeon_verify.properties.aeons_end.symbolic.goals import vocabulary as ae_vocabulary
from oblivaeon_verify.properties.aeons_end.symbolic.queries import encoding as ae_encoding
from oblivaeon_verify.properties.oblivaeon import symbolic as oa_symbolic
from oblivaeon_verify.properties.oblivaeon.symbolic.encoding import Booklet, Encoding
from oblivaeon_verify.properties.oblivaeon.symbolic.goals import vocabulary

from oblivaeon_verify.cli import main
from oblivaeon_verify.smt.goals import MAX_GOAL_CHARS, Compare, GoalError, Holds, Negated, parse_goal

OA = vocabulary(Encoding(4, Booklet()))


def test_a_goal_reads_as_parts_joined_by_and_while_and_commas():
    goal = parse_goal("There are at least 8 Devastation tokens, both environments are in play while the round is at most 3.", OA)
    dev, both, rnd = goal.parts
    assert isinstance(dev, Compare) and (dev.quantity.phrase, dev.op, dev.number) == ("devastation tokens", ">=", 8)
    assert isinstance(both, Holds) and both.condition.phrase == "both environments are in play"
    assert isinstance(rnd, Compare) and (rnd.quantity.phrase, rnd.op, rnd.number) == ("round", "<=", 3)


def test_the_longest_phrase_wins_and_no_means_zero_and_not_negates():
    goal = parse_goal("there are no scions in the first battle zone and not the countdown has run out", OA)
    scions, ran_out = goal.parts
    assert scions.quantity.phrase == "scions in the first battle zone" and (scions.op, scions.number) == ("==", 0)
    assert isinstance(ran_out, Negated) and ran_out.part.condition.phrase == "the countdown has run out"
    assert parse_goal("there are 2 scions in play", OA).parts[0].op == "=="


@pytest.mark.parametrize(
    "text, column, expected",
    [
        ("the multiverse is destoyed", 5, "a condition or a quantity"),
        ("there are 3", 12, "something to count"),
        ("the round is at least x", 23, "a number"),
        ("the round is 3 or the countdown is 2", 16, "'and', 'while' or a comma"),
        ("there were 3 scions in play", 7, "'is' or 'are' after 'there'"),
        ("the round is 3; drop table", 15, "words, numbers and commas"),
        ("", 1, "a goal"),
        ("the round is 30000", 14, "a number up to"),
    ],
)
def test_a_goal_that_does_not_parse_is_one_line_with_its_column_and_what_was_expected(text, column, expected):
    with pytest.raises(GoalError) as e:
        parse_goal(text, OA)
    message = str(e.value)
    assert message.startswith(f"--goal: column {column}: expected {expected}") and "\n" not in message


def test_a_goal_too_long_or_not_plain_text_is_refused():
    with pytest.raises(GoalError, match="at most"):
        parse_goal("the round is 3 and " * (MAX_GOAL_CHARS // 10), OA)
    with pytest.raises(GoalError, match="plain text"):
        parse_goal("the round is 3\x00", OA)


def test_a_goal_at_the_start_of_the_game_is_exact_and_its_witness_meets_it():
    ans = oa_symbolic.ask_goal("there are at least 3 scions in play and there are at least 8 devastation tokens", 3)
    assert ans["status"] == "reached" and ans["value"] == 1
    last = ans["witness"][-1]["state"]
    assert last["sc1"] + last["sc2"] >= 3 and last["dev"] >= 8
    assert ans["assumptions"][-1] == "exact: round 1 is where the game starts"


def test_a_goal_beyond_the_depth_is_unreachable_within_it_never_reached():
    ans = oa_symbolic.ask_goal("there are at least 3 scions in play", 3, depth=1)
    assert ans["status"] == "reached"
    ans = oa_symbolic.ask_goal("the round is at least 2", 3, depth=1)
    assert ans["status"] == "unreachable-within" and ans["witness"] == [] and ans["value"] is None


def test_the_multiverse_destroyed_in_words_is_the_fewest_rounds_query_proved_exact():
    ans = oa_symbolic.ask_goal("the multiverse is destroyed", 4)
    assert ans["status"] == "reached" and ans["value"] == 4
    assert ans["assumptions"][-1] == "exact: proved for all reachable states (k-induction): not with round below 4"


def test_aeons_end_goals_count_turns():
    words = {w["phrase"] for w in ae_vocabulary(ae_encoding(2)).words()}
    assert {"gravehold's life", "exhausted players", "the players have lost"} <= words
    ans = ae_symbolic.ask_goal("there are at least 1 opened breaches", 2)
    assert ans["status"] == "reached" and ans["value_label"] == "turns" and ans["value"] is not None
    opened = [k for k, v in ans["witness"][-1]["state"].items() if k.endswith((".b1", ".b2", ".b3", ".b4")) and v == 4]
    assert opened


def run(*argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_ask_goal_on_the_command_line():
    code, out, _ = run("ask", "--goal", "there are at least 3 scions in play", "--heroes", "3", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["verdict"] == "passed" and doc["answer"] == "reached" and doc["value"] == 1
    code, _, err = run("ask", "--goal", "the multiverse is destoyed")
    assert code == 2 and err.strip().splitlines()[-1].startswith("oblivaeon-verify ask: --goal: column 5: expected")
    for argv in (("ask",), ("ask", "fewest-rounds-to-lose", "--goal", "the round is 2")):
        code, _, err = run(*argv)
        assert code == 2 and "expected a QUERY or --goal TEXT / --most QUANTITY" in err
    code, _, err = run("ask", "--goal", "the round is 2", "--symbolic", "countdown_start")
    assert code == 2 and "--symbolic and --set go with a QUERY" in err


def test_the_most_a_quantity_can_be_is_exact_when_proved():
    ans = oa_symbolic.ask_goal(None, 4, most="fallen heroes")
    assert ans["status"] == "reached" and ans["value"] == 4 and ans["value_label"] == "fallen heroes"
    assert ans["assumptions"][-1] == "exact: proved for all reachable states (k-induction): never more than 4"
    last = ans["witness"][-1]["state"]
    assert last["e1"] + last["e2"] == 4
    ans = ae_symbolic.ask_goal("the game is running", 2, most="opened breaches")
    assert ans["value"] == 8 and ans["assumptions"][-1].startswith("exact:")


def test_a_quantity_without_a_most_says_so_and_claims_nothing():
    # the Sentinels add Devastation as often as they like: no most within the search
    ans = oa_symbolic.ask_goal(None, 3, most="devastation tokens")
    assert ans["status"] == "reached" and ans["value"] > 1000
    assert ans["assumptions"][-1] == "more than 1000 within 40 steps: no most found"
    assert not any(a.startswith("exact") for a in ans["assumptions"])


def test_ask_most_on_the_command_line():
    code, out, _ = run("ask", "--most", "scions in the first battle zone", "--heroes", "3", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["value"] == 10 and doc["assumptions"][-1].startswith("exact:")
    code, _, err = run("ask", "--most", "dragons")
    assert code == 2 and err.strip().splitlines()[-1].startswith("oblivaeon-verify ask: --most: column 1: expected a quantity: ")
    code, _, err = run("ask", "fewest-rounds-to-lose", "--most", "round")
    assert code == 2 and "expected a QUERY or --goal TEXT / --most QUANTITY" in err


def test_minimise_steps_is_the_shortest_path_exact_within_the_depth():
    ans = ae_symbolic.ask_goal("there are at least 1 destroyed breaches", 2, minimise="steps")
    assert ans["status"] == "reached" and ans["value"] == len(ans["witness"]) - 1 == 2, ans["assumptions"]
    assert ans["value_label"] == "symbolic steps" and ans["assumptions"][-1].startswith("exact: no path of fewer than 2 steps")
    # one step short of it, the search says no path reaches it (and claims no value)
    short = ae_symbolic.ask_goal("there are at least 1 destroyed breaches", 2, minimise="steps", depth=1)
    assert short["status"] == "unreachable-within" and short.get("value") is None
    # the fewest turns of the same goal is a measure of its own, proved separately
    turns = ae_symbolic.ask_goal("there are at least 1 destroyed breaches", 2)
    assert turns["value_label"] == "turns" and len(turns["witness"]) - 1 >= ans["value"]


def test_minimise_names_a_measure_and_goes_with_a_goal_only():
    with pytest.raises(GoalError) as e:
        ae_symbolic.ask_goal("there are at least 1 destroyed breaches", 2, minimise="moves")
    assert str(e.value) == "--minimise: column 1: expected a measure to minimise: turn, steps, decisions, found 'moves'"
    code, _, err = run("ask", "--most", "round", "--minimise", "steps")
    assert code == 2 and err.count("\n") == 1 and "--minimise: what the fewest of a --goal counts" in err, err
    code, out, _ = run(
        "ask", "--ruleset", "aeons_end", "--goal", "there are at least 1 destroyed breaches", "--players", "2", "--minimise", "steps"
    )
    assert code == 0 and "exact: no path of fewer than 2 steps" in out, out


# --- OblivAeon's turns --------------------------------------------------------------------------------


def test_oblivaeon_counts_every_turn_of_the_round_and_the_count_never_goes_back():
    """ROUND.ORDER, ROUND.REPEAT: turn 1 is OblivAeon's first; each slot of the round table is a turn."""
    import z3
    from oblivaeon_verify.properties.oblivaeon.symbolic.goals import turns_taken
    from oblivaeon_verify.properties.oblivaeon.symbolic.layout import SETUP, layout

    lay = layout(3)
    turn = turns_taken(lay)

    def at(rnd: int, pos: int) -> int:
        return z3.simplify(turn({"round": z3.IntVal(rnd), "pos": z3.IntVal(pos)})).as_long()

    assert at(1, SETUP) == 0 and at(1, lay.oblivaeon_start) == 1 and at(2, lay.oblivaeon_start) == 9
    walk = [at(r, p) for r in (1, 2, 3) for p in range(lay.size)]
    assert walk == sorted(walk) and sorted(set(walk)) == list(range(1, 25))
    # each turn slot's phases share one number, the next slot's first phase is the next number
    assert [at(1, start) for start in lay.starts] == list(range(1, 9))


def test_the_fewest_turns_to_a_loss_is_exact_and_agrees_with_the_fewest_rounds():
    ans = oa_symbolic.ask_goal("the multiverse is destroyed", 3, minimise="turn")
    assert ans["status"] == "reached" and ans["value_label"] == "turn" and ans["value"] == 25
    assert ans["assumptions"][-1] == "exact: proved for all reachable states (k-induction): not with turn below 25"
    # round 4's first turn, OblivAeon's: three whole rounds of eight turns before it
    rounds = oa_symbolic.ask_goal("the multiverse is destroyed", 3)
    assert ans["value"] == (rounds["value"] - 1) * 8 + 1
    turns = [int(s["where"].split("turn ")[1].split(":")[0]) for s in ans["witness"]]
    assert turns == sorted(turns) and turns[-1] == 25


# --- decisions, in the model's own play -----------------------------------------------------------------


def _replayed_to(ruleset_name: str, doc: dict):
    """The last state of a replay document, played again by the replay reader."""
    from oblivaeon_verify import replay, rulesets

    states: list = []
    result = replay.replay(rulesets.load(ruleset_name), doc, states=states)
    assert result.verdict == "hold", result
    return states[-1][1] if isinstance(states[-1], tuple) else states[-1]


def test_fewest_decisions_found_breadth_first_is_exact_and_no_shorter_path_exists():
    from oblivaeon_verify.model.aeons_end.ruleset import RULESET
    from oblivaeon_verify.properties.aeons_end.symbolic.abstraction import abstract
    from oblivaeon_verify.properties.common.goal_play import PlayBudget

    from oblivaeon_verify.play import game_rng

    ans = ae_symbolic.ask_goal("there are at least 1 charges", 1, minimise="decisions", play=PlayBudget(games=5, explored=3000))
    assert ans["status"] == "reached" and ans["value_label"] == "decisions" and ans["value"] == 4
    assert ans["assumptions"][-1].startswith("exact: the breadth-first search found it")
    assert len(ans["witness"]) == 5 and ans["witness"][-1]["state"]["p1.ch"] >= 1
    assert abstract(_replayed_to("aeons_end", ans["replay"]))["p1.ch"] >= 1
    # every path of at most 3 decisions from the same setup, enumerated apart from the search: none meets the goal
    start = RULESET.new_game(RULESET.random_setup(game_rng(0, 1, 0), 1, RULESET.default_parameters()))
    frontier, seen = [start], 0
    for _ in range(3):
        frontier = [RULESET.step(s, d)[0] for s in frontier for d in RULESET.legal_decisions(s)]
        seen += len(frontier)
        assert not any(abstract(s)["p1.ch"] >= 1 for s in frontier)
    assert seen > 3


def test_fewest_decisions_out_of_reach_of_the_breadth_first_search_is_between_stated_bounds():
    from oblivaeon_verify.properties.common.goal_play import PlayBudget
    from oblivaeon_verify.properties.oblivaeon.symbolic.abstraction import abstract

    budget = PlayBudget(games=5, explored=3000)
    ans = oa_symbolic.ask_goal("there are at least 2 scions in play", 3, minimise="decisions", play=budget)
    assert ans["status"] == "reached" and ans["value"] == len(ans["witness"]) - 1
    last = ans["assumptions"][-1]
    low = int(last.split("at least ")[1].split(" ")[0])
    assert low < ans["value"] and last.endswith(f"at most {ans['value']}, by the witness (the fewest of the random games)")
    end = abstract(_replayed_to("oblivaeon", ans["replay"]), 0)
    assert end["sc1"] + end["sc2"] >= 2
    # the witness's first state that meets the goal is its last: a shorter prefix would have been the answer
    assert all(s["state"]["sc1"] + s["state"]["sc2"] < 2 for s in ans["witness"][:-1])
    again = oa_symbolic.ask_goal("there are at least 2 scions in play", 3, minimise="decisions", play=budget)
    assert again["replay"] == ans["replay"] and again["assumptions"] == ans["assumptions"]


def test_fewest_decisions_at_the_start_is_zero():
    ans = ae_symbolic.ask_goal("the game is running", 2, minimise="decisions")
    assert ans["status"] == "reached" and ans["value"] == 0 and ans["assumptions"][-1] == "exact: the goal holds when the game starts"


def test_fewest_decisions_never_found_is_unknown_not_a_pass(tmp_path):
    code, out, _ = run(
        "ask",
        "--goal",
        "the round is at least 99",
        "--heroes",
        "3",
        "--minimise",
        "decisions",
        "--games",
        "2",
        "--explore",
        "200",
        "--json",
    )
    doc = json.loads(out)
    assert code == 4 and doc["answer"] == "unknown" and doc["value"] is None and doc["verdict"] != "passed"
    assert doc["assumptions"][-1].startswith("not found: no random game reached the goal; at least ")


def test_ask_decisions_on_the_command_line_writes_a_replay_that_replays(tmp_path):
    path = tmp_path / "witness.json"
    argv = ("ask", "--ruleset", "aeons_end", "--goal", "there are at least 1 charges", "--players", "1", "--minimise", "decisions")
    code, out, _ = run(*argv, "--games", "3", "--explore", "500", "--replay", str(path))
    assert code == 0 and "decisions: 4" in out and f"the witness as a replay file: {path}" in out
    code, out, _ = run("check", "--ruleset", "aeons_end", "--replay", str(path))
    assert code == 0 and "4 steps replayed" in out, out
    # a person's file is kept; the options of the search in play go with --minimise decisions only
    person = tmp_path / "mine.json"
    person.write_text("mine\n")
    code, _, err = run(*argv, "--replay", str(person))
    assert code == 2 and person.read_text() == "mine\n" and "not written by oblivaeon-verify" in err
    for extra in (("--games", "3"), ("--explore", "9"), ("--seed", "1"), ("--replay", str(tmp_path / "x.json"))):
        code, _, err = run("ask", "--goal", "the round is 2", *extra)
        assert code == 2 and err.count("\n") == 1 and f"{extra[0]}: goes with --minimise decisions" in err, err
    code, _, err = run("ask", "--goal", "the round is 2", "--minimise", "decisions", "--option", "game-over")
    assert code == 2 and "--option game-over: the model's own play needs no options" in err


def test_a_proof_out_of_work_is_said_in_the_answer_not_left_unsaid():
    from oblivaeon_verify.properties.aeons_end.symbolic.invariants import properties as ae_properties
    from oblivaeon_verify.properties.aeons_end.symbolic.queries import _steps, fewest_turns_to_reshuffle

    from oblivaeon_verify.smt import goals
    from oblivaeon_verify.smt.allowance import Allowance
    from oblivaeon_verify.smt.kinduction import QUERY_WORK

    enc = ae_encoding(2)

    def space(proof_work: int) -> goals.Space:
        return goals.Space(
            search=enc.system(),
            proof=enc.system(),
            lemmas=ae_properties(enc),
            players=2,
            depth=30,
            allowance=Allowance.of(QUERY_WORK),
            notes=(),
            steps_of=_steps,
            proof_work=proof_work,
        )

    exact = goals.answer(ae_vocabulary(enc), None, "exhausted players", lambda: space(10**8))
    assert exact.value == 2 and exact.assumptions[-1] == "exact: proved for all reachable states (k-induction): never more than 2"
    short = goals.answer(ae_vocabulary(enc), None, "exhausted players", lambda: space(1))
    assert short.value == 2 and not any(a.startswith("exact") for a in short.assumptions)
    assert short.assumptions[-1].startswith("undecided: the solver's work per proof obligation ran out for BREACH-STATES, ")
    assert short.assumptions[-1].endswith("(1 units each)")
    query = fewest_turns_to_reshuffle(2, proof_work=1)
    assert any(a.startswith("undecided: the solver's work per proof obligation ran out for TURN-") for a in query.assumptions)
    assert not any(a.startswith("exact") for a in query.assumptions)


def test_ask_decisions_json_fits_the_ask_schema():
    from oblivaeon_verify import schemas

    code, out, _ = run(
        "ask", "--goal", "there are at least 2 scions in play", "--heroes", "3", "--minimise", "decisions", "--games", "3", "--json"
    )
    doc = json.loads(out)
    assert code == 0 and doc["schema"] == "ask" and schemas.errors(doc) == [] and doc["replay"]["format"] == "oblivaeon-verify replay"


def test_the_search_in_play_has_every_command_s_default_seed():
    from oblivaeon_verify.properties.common.goal_play import PlayBudget

    from oblivaeon_verify.commands.common import DEFAULT_SEED

    assert PlayBudget().seed == DEFAULT_SEED
