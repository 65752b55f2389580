"""Aeon's End scenario files: every one passes, every clause of the rulebook is exercised by one,
malformed files get one-line errors, and a scenario catches the rule it guards being broken.

The files themselves also run as test items through the plugin (``pytest scenarios/aeons_end``);
here they are checked as a suite, against the clause catalogue and against a model with one rule
broken at a time.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from oblivaeon_verify.model.aeons_end import effects, engine, player_turn, setup
from oblivaeon_verify.model.aeons_end.card_effects import Unleash
from oblivaeon_verify.model.aeons_end.cards import nemesis_def
from oblivaeon_verify.model.aeons_end.clauses import CATALOGUE
from oblivaeon_verify.model.aeons_end.parameters import Difficulty
from oblivaeon_verify.properties.aeons_end import scenario_vocab

from oblivaeon_verify import report, rulesets
from oblivaeon_verify.scenarios import ScenarioError, load, load_suite, run, vocabulary

BAD = Path(__file__).parent / "bad_scenarios" / "aeons_end"
VOCAB = vocabulary("aeons_end")
SUITE = load_suite("aeons_end")


class _Runs(dict):
    """Each scenario's result, run when a test first asks for it (not at collection, where every worker would run all)."""

    def __missing__(self, scenario_id: str):
        result = self[scenario_id] = run(next(sc for sc in SUITE.scenarios if sc.id == scenario_id), VOCAB)
        return result


RUNS = _Runs()


# --- the suite -------------------------------------------------------------------------------


def test_the_suite_loads_without_errors():
    assert [str(e) for e in SUITE.errors] == []
    assert len(SUITE.scenarios) >= 35


@pytest.mark.parametrize("sc", SUITE.scenarios, ids=lambda s: s.id)
def test_every_aeons_end_scenario_passes(sc):
    result = RUNS[sc.id]
    assert result.passed, result.explain()


def test_every_clause_of_the_rulebook_is_exercised_by_a_passing_scenario():
    passing = {c for sc in SUITE.scenarios if RUNS[sc.id].passed for c in sc.clauses}
    missing = [c.id for c in CATALOGUE.clauses if c.id not in passing]
    assert missing == []
    assert len(CATALOGUE.clauses) == 64


def test_every_scenario_expects_something_that_could_fail():
    for sc in SUITE.scenarios:
        expects = [s.expect or s.events or s.no_events or s.options or s.no_options or s.refused for s in sc.steps]
        assert any(expects) or (sc.setup_refused and not sc.steps), sc.id


def _broken(sc):
    """The scenario with its first expectation made false (and the index of that step; 0 for the setup)."""
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
                wrong = value + ["arcane-nexus"]
            else:
                wrong = value + " (not so)"
            new = dataclasses.replace(step, expect=((fact, wrong),) + step.expect[1:])
        elif step.events:
            new = dataclasses.replace(step, events=({**step.events[0], "kind": "no-such-event"},) + step.events[1:])
        elif step.options or step.no_options:
            new = dataclasses.replace(step, options=({"kind": "cast", "card": "arcane-nexus"},))
        elif step.refused:
            new = dataclasses.replace(step, refused=False)
        else:
            continue
        return dataclasses.replace(sc, steps=tuple(new if s.index == step.index else s for s in sc.steps)), step.index
    raise AssertionError(f"{sc.id} has no expectation at all")


@pytest.mark.parametrize("sc", SUITE.scenarios, ids=lambda s: s.id)
def test_every_scenario_fails_when_its_first_expectation_is_made_false(sc):
    broken, index = _broken(sc)
    result = run(broken, VOCAB)
    assert not result.passed
    if index == 0:
        assert result.verdict == "fail at setup" and "should have been refused" in result.explain()
        return
    assert result.divergence.index == index
    assert f"at step {index}" in result.explain()


def test_a_refused_step_leaves_the_state_as_it_was():
    result = RUNS["prep-where"]
    refusals = [r for r in result.steps if any(c.what == "the model refuses the decision" for c in r.checks)]
    assert len(refusals) == 2 and all(not r.changes and not r.events for r in refusals)


def test_a_decision_after_the_game_ended_is_refused_with_no_legal_decision_left():
    sc = next(s for s in SUITE.scenarios if s.id == "end-lose-gravehold")
    wrong = dataclasses.replace(sc, steps=(sc.steps[0], dataclasses.replace(sc.steps[1], refused=False)))
    text = run(wrong, VOCAB).explain()
    assert "no legal decision play card='crystal'" in text and "(none: the game is over)" in text


# --- malformed files ------------------------------------------------------------------------

#: file -> fragments its one-line error must contain (besides the file's name).
BAD_FILES = {
    "bad-setup-key.toml": ["setup.mage", "unknown setup key", "mages"],
    "bad-mage.toml": ["setup.mages", "unknown mage 'Gandalf'", "Adelheim"],
    "bad-player-key.toml": ["setup.players.1.health", "unknown key", "life"],
    "bad-player-number.toml": ["setup.players.3", "no player 3 with 2 players"],
    "bad-breach-state.toml": ["setup.players.2.breaches[2].state", "'ajar'", "opened, closed or destroyed"],
    "bad-decision-kind.toml": ["steps[2].decide", "unknown decision kind 'shuffle-deck'", "gain-charge"],
    "bad-fact.toml": ['steps[1].expect."player 1 mana"', "'player N' facts are", "charges"],
    "bad-effect.toml": ["steps[1].effect", "unknown effect 'fireball'", "unleash"],
    "bad-card.toml": ["setup.players.1.hand", "unknown card 'lava-tendrill'", "lava-tendril"],
    "bad-until.toml": ["steps[1].until.turn", "'player 7'"],
    "bad-breach-number.toml": ["steps[1].breach", "from 1 to 4", "got 5"],
    "bad-clause.toml": ["clauses[0]", "unknown clause id 'MAIN.PREPARE'", "MAIN.PREP"],
    "bad-in-play.toml": ["setup.in_play[1].card", "minion or power", "'cryptic-strike'"],
    "bad-turn-order.toml": ["setup.turn_order[2]", "'villain'", "nemesis"],
    "bad-action-key.toml": ["steps[1].breach", "not a key of effect", "player"],
}


def test_every_bad_file_is_listed_here():
    assert sorted(p.name for p in BAD.glob("*.toml")) == sorted(BAD_FILES)


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_a_malformed_aeons_end_scenario_gets_a_one_line_error_naming_file_and_key(name):
    with pytest.raises(ScenarioError) as info:
        load(BAD / name, VOCAB)
    message = str(info.value)
    assert name in message and "\n" not in message and "Traceback" not in message
    for fragment in BAD_FILES[name]:
        assert fragment in message, message


def test_a_position_that_cannot_be_built_is_an_error_not_a_crash(tmp_path):
    f = tmp_path / "three-nemesis-cards.toml"
    f.write_text(
        'id = "three-nemesis-cards"\ntitle = "t"\nsummary = "s"\nclauses = ["TURN-ORDER.DECK"]\n'
        '[setup]\nturn_order = ["nemesis", "nemesis", "nemesis"]\n[[steps]]\nlook = "x"\n'
    )
    result = run(load(f, VOCAB), VOCAB)
    assert not result.passed and "no 'nemesis' card left" in result.error


def test_nothing_in_a_scenario_is_evaluated(tmp_path):
    f = tmp_path / "evil.toml"
    f.write_text(
        'id = "evil"\ntitle = "t"\nsummary = "s"\nclauses = ["MAIN.PREP"]\n[[steps]]\neffect = "harm"\nplayer = 1\n'
        "amount = \"__import__('os').getcwd()\"\n"
    )
    with pytest.raises(ScenarioError, match="amount: expected a whole number from 0 to 999, got a string"):
        load(f, VOCAB)


# --- a broken rule is caught -----------------------------------------------------------------


def _turn_over_shuffled(d, i, n):
    """DRAW.NEVER-SHUFFLE broken: the discard pile is put back in reverse order when the deck runs out."""
    for _ in range(n):
        m = d.mages[i]
        if not m.deck:
            if not m.discard:
                return
            d.mage_update(i, deck=tuple(reversed(m.discard)), discard=())
            m = d.mages[i]
        d.mage_update(i, hand=m.hand + (m.deck[0],), deck=m.deck[1:])


def _prep_anywhere(m):
    """BREACH.PREP-WHERE broken: any breach without a spell takes one."""
    return [b for b, br in enumerate(m.breaches) if not br.destroyed and br.spell is None]


def _lowest_counts_exhausted(d):
    """EXHAUST.LOWEST-LIFE broken: exhausted players count as the lowest."""
    low = min(m.life for m in d.mages)
    return [i for i, m in enumerate(d.mages) if m.life == low]


def _casting_may_always_end(d):
    """CAST.CLOSED-MUST broken: the casting phase may always end."""
    opts = [o for o in ORIGINAL_CASTING_OPTIONS(d) if o.kind != "end-casting"]
    return opts + [player_turn.Decision("end-casting", f"player {d.acting() + 1}")]


def _beginner_as_normal(difficulty, p):
    """DIFFICULTY.BEGINNER broken: beginner mode uses the normal life totals."""
    return (p.player_life, p.gravehold_life, p.nemesis_life) if difficulty is Difficulty.BEGINNER else ORIGINAL_LIFE_TABLE(difficulty, p)


def _heal_exhausted(d, i, n, clause):
    """EXHAUST.NO-LIFE-GAIN broken: exhausted players heal like anyone."""
    m = d.mages[i]
    d.mage_update(i, life=min(d.setup.start_life, m.life + n))
    d.emit("player-heal", clause, target=m.name, amount=n)


def _unleash_once_on_exhaustion(d, i, n, clause):
    """EXHAUST.UNLEASH-TWICE broken: the nemesis Unleashes only once."""
    ORIGINAL_HARM(d, i, n, clause)
    d.agenda[:] = [Unleash(1, w.clause) if w == Unleash(2, "EXHAUST.UNLEASH-TWICE") else w for w in d.agenda]


def _to_discard_without_end_check(d, i, dec):
    """END.IMMEDIATE broken: discarding the nemesis's last card does not end the game until later."""
    ip = d.in_play[dec.index]
    d.aether -= nemesis_def(ip.card).to_discard
    d.in_play = d.in_play[: dec.index] + d.in_play[dec.index + 1 :]
    d.nemesis_discard = d.nemesis_discard + (ip.card,)


ORIGINAL_LIFE_TABLE = setup.life_table
ORIGINAL_CASTING_OPTIONS = player_turn.casting_options
ORIGINAL_HARM = effects.harm_player

#: (module, name, broken version, scenario that must catch it, the step where it diverges).
BROKEN_RULES = [
    (player_turn, "draw_cards", _turn_over_shuffled, "draw-never-shuffle", 4),
    (player_turn, "prep_breaches", _prep_anywhere, "prep-where", 1),
    (effects, "lowest_life_players", _lowest_counts_exhausted, "lowest-life-skips-exhausted", 1),
    (player_turn, "casting_options", _casting_may_always_end, "cast-closed-must", 1),
    (setup, "life_table", _beginner_as_normal, "difficulty-beginner", 1),
    (player_turn, "heal_player", _heal_exhausted, "exhaust-still-plays", 3),
    (effects, "harm_player", _unleash_once_on_exhaustion, "exhaust-consequences", 1),
]


@pytest.mark.parametrize("module, name, broken, scenario, index", BROKEN_RULES, ids=[b[3] for b in BROKEN_RULES])
def test_a_scenario_catches_its_rule_being_broken(monkeypatch, module, name, broken, scenario, index):
    sc = next(s for s in SUITE.scenarios if s.id == scenario)
    assert RUNS[scenario].passed
    monkeypatch.setattr(module, name, broken)
    # the scenario's own steps must catch it: the check of the built position (its state invariants) may
    # catch some broken rules first, before any step, and is left out here
    monkeypatch.setattr(type(VOCAB), "position_problems", lambda self, state: [])
    result = run(sc, VOCAB)
    assert not result.passed, f"{scenario} still passes with {name} broken"
    assert result.divergence is not None and result.divergence.index == index, result.explain()


def test_the_immediate_win_by_an_empty_nemesis_is_caught_when_the_check_is_skipped(monkeypatch):
    monkeypatch.setattr(player_turn, "to_discard", _to_discard_without_end_check)
    result = run(next(s for s in SUITE.scenarios if s.id == "end-win-nemesis-exhausted"), VOCAB)
    assert not result.passed and result.divergence.index == 2
    assert "outcome: expected 'won', got 'none'" in result.explain()


# --- the vocabulary against the model ---------------------------------------------------------


def test_the_vocabulary_knows_every_decision_kind_random_play_meets():
    rs = rulesets.load("aeons_end")
    rng = random.Random(7)
    seen: set[str] = set()
    for players in (1, 2, 3, 4):
        for _ in range(3):
            state = engine.new_game(setup.random_setup(rng, players))
            for _ in range(400):
                if not state.options:
                    break
                seen.update(d.kind for d in state.options)
                weights = [d.weight if d.is_chance else rs.decision_weight(d) for d in state.options]
                state, _ = engine.step(state, rng.choices(state.options, weights)[0])
    assert seen - set(scenario_vocab.DECISION_KINDS) == set()
    assert {"cast", "prep", "gain", "reveal", "end-main"} <= seen


def test_playing_on_quietly_stops_at_the_goal_or_says_why_it_cannot():
    state = VOCAB.new_game(
        {"phase": "main", "gravehold": 2, "turn_order": ["nemesis"], "nemesis_deck": ["cryptic-strike", "mangleroot"]}, {}
    )
    over, events = VOCAB.perform(state, "until", {"until": {"game_over": True}})
    assert VOCAB.fact(over, "outcome") == "lost" and any(e.kind == "game-lost" for e in events)
    with pytest.raises(ValueError, match="the game ended \\(lost\\) before reaching"):
        VOCAB.perform(state, "until", {"until": {"turn": "player 2"}})
    start = VOCAB.new_game({"phase": "main"}, {})
    at, _ = VOCAB.perform(start, "until", {"until": {"decision": "end-main"}})
    assert at is start  # already there: nothing is played


def test_hand_facts_ignore_order_but_deck_and_discard_facts_keep_it():
    state = VOCAB.new_game({"phase": "main", "players": {"1": {"deck": ["jade", "spark"], "discard": ["crystal", "ignite"]}}}, {})
    assert VOCAB.same(VOCAB.fact(state, "player 1 hand"), ["spark", "spark", "crystal", "crystal", "crystal"])
    assert VOCAB.same(VOCAB.fact(state, "player 1 deck"), ["jade", "spark"])
    assert not VOCAB.same(VOCAB.fact(state, "player 1 deck"), ["spark", "jade"])
    assert not VOCAB.same(VOCAB.fact(state, "player 1 discard"), ["ignite", "crystal"])


def test_placed_cards_never_share_an_id_with_the_mats_cards():
    state = VOCAB.new_game({"phase": "main", "players": {"1": {"hand": ["crystal", "crystal"], "breaches": [{"spell": "spark"}]}}}, {})
    m = state.mages[0]
    ids = list(m.hand) + list(m.deck) + [b.spell for b in m.breaches if b.spell]
    assert len(ids) == len(set(ids))


# --- the report picks them up ------------------------------------------------------------------


def test_the_report_runs_the_aeons_end_scenarios():
    runs, errors = report.run_scenarios(rulesets.load("aeons_end"))
    assert errors == []
    assert len(runs) == len(SUITE.scenarios) and all(r.passed for _, r in runs)
