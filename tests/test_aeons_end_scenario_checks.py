"""Aeon's End scenario files are read strictly: every malformed value gets one line naming the file
and the key, nothing malformed reaches the model as a traceback or a hang, and no expectation is
accepted that could never fail (a misspelt event kind, a refusal of a decision that cannot exist,
``true`` taken for 1, a fact value of the wrong type, a player the setup does not have).

Each malformed file is written to ``tmp_path``; the table says which key its error names and what
the message says.  The first section reproduces the findings of the trust review, one test each.
"""

from __future__ import annotations

import time

import pytest

from oblivaeon_verify.scenarios import Refused, ScenarioError, load, run, vocabulary

VOCAB = vocabulary("aeons_end")
HEAD = 'title = "t"\nsummary = "s"\nclauses = ["MAIN.PREP"]\n'
LOOK = '[[steps]]\nlook = "x"\n'


def write(tmp_path, body: str, name: str = "case"):
    f = tmp_path / f"{name}.toml"
    f.write_text(f'id = "{name}"\n' + HEAD + body, encoding="utf-8")
    return f


def refused(tmp_path, body: str) -> str:
    """The one-line error of a file that must not load."""
    with pytest.raises(ScenarioError) as info:
        load(write(tmp_path, body), VOCAB)
    message = str(info.value)
    assert "\n" not in message and "case.toml" in message, message
    return message


def state(setup: dict | None = None):
    return VOCAB.new_game(setup or {"phase": "main"}, {})


# --- the findings of the review, each reproduced ------------------------------------------------


@pytest.mark.parametrize(
    "body, key",
    [
        ("[setup]\nnemesis = { a = 1 }\n" + LOOK, "setup.nemesis"),
        ('[setup]\nmages = [["Adelheim"], "Brama"]\n' + LOOK, "setup.mages[1]"),
        ('[[steps]]\neffect = ["harm"]\namount = 1\n', "steps[1].effect"),
        ('[[steps]]\neffect = "gravehold"\namount = 1\nclause = ["NEMESIS.DRAW"]\n', "steps[1].clause"),
        ('[setup.players."\u00b2"]\nlife = 3\n' + LOOK, "setup.players"),
    ],
    ids=["table-for-nemesis", "list-for-mage", "list-for-effect", "list-for-clause", "superscript-seat"],
)
def test_finding_an_unhashable_or_odd_value_where_a_name_is_expected_is_one_line_not_a_traceback(tmp_path, body, key):
    assert f": {key}" in refused(tmp_path, body)


def test_finding_an_expectation_about_a_player_the_setup_does_not_have_is_refused_when_read(tmp_path):
    message = refused(tmp_path, LOOK + '[steps.expect]\n"player 3 life" = 10\n')
    assert 'steps[1].expect."player 3 life"' in message and "no player 3 with 2 players" in message


@pytest.mark.parametrize(
    "body, key",
    [
        ('[setup]\nphase = "main"\n[[steps]]\ndecide = "focus"\nbreach = 2.0\n', "steps[1].breach"),
        ('[setup]\nphase = "main"\n[[steps]]\ndecide = "to-discard"\nindex = 0.5\n', "steps[1].index"),
        ("[setup.players.1]\nbreaches = [{}, { focus = 1.0 }]\n" + LOOK, "setup.players.1.breaches[2].focus"),
    ],
    ids=["breach", "index", "focus"],
)
def test_finding_a_number_that_is_no_whole_number_is_refused(tmp_path, body, key):
    message = refused(tmp_path, body)
    assert f": {key}: expected a whole number" in message


def test_finding_a_huge_effect_amount_is_refused_instead_of_hanging_the_run(tmp_path):
    message = refused(tmp_path, '[[steps]]\neffect = "unleash"\namount = 100000000\n')
    assert "steps[1].amount: expected a whole number from 0 to 999" in message


def test_finding_a_misspelt_event_kind_under_no_events_is_refused(tmp_path):
    message = refused(tmp_path, '[[steps]]\neffect = "gravehold"\namount = 1\nno_events = [{ kind = "gravehold-damge" }]\n')
    assert "steps[1].no_events: item 1: unknown event kind 'gravehold-damge'" in message and "gravehold-damage" in message


def test_finding_a_refusal_of_a_decision_no_kind_can_carry_is_refused_when_read(tmp_path):
    message = refused(tmp_path, '[setup]\nphase = "main"\n[[steps]]\ndecide = "focus"\ncard = "spark"\nrefused = true\n')
    assert "steps[1].card: a focus decision carries no card" in message


def test_finding_a_refusal_that_proves_nothing_is_named_at_run_time():
    # the Crooked Mask's game has no Raging Brute: refusing to cast at it proves nothing
    s = VOCAB.new_game({"nemesis": "Crooked Mask", "players": {"1": {"breaches": [{"spell": "spark"}]}}}, {})
    reason = VOCAB.refusal_problem(s, {"decide": "cast", "breach": 1, "target": "raging-brute"})
    assert reason is not None and "'raging-brute' is no damage target" in reason and "Crooked Mask" in reason
    assert VOCAB.refusal_problem(s, {"decide": "cast", "breach": 1, "target": "whispering-mask"}) is None


@pytest.mark.parametrize(
    "body, key",
    [
        ('[setup]\nphase = "main"\n[[steps]]\ndecide = "focus"\nbreach = true\n', "steps[1].breach"),
        ('[[steps]]\neffect = "harm"\nplayer = true\namount = 1\n', "steps[1].player"),
        ('[setup]\nphase = "main"\n[[steps]]\ndecide = "ally-cast"\nowner = true\n', "steps[1].owner"),
        ('[setup]\nphase = "main"\n[[steps]]\ndecide = "suffer"\nplayer = true\n', "steps[1].player"),
        ("[setup.players.1]\nbreaches = [{}, { focus = false }]\n" + LOOK, "setup.players.1.breaches[2].focus"),
    ],
    ids=["breach", "effect-player", "owner", "decide-player", "focus"],
)
def test_finding_true_and_false_are_not_numbers(tmp_path, body, key):
    message = refused(tmp_path, body)
    assert f": {key}: expected a whole number" in message and "a boolean" in message


@pytest.mark.parametrize(
    "fact, value, expected",
    [
        ("aether", "false", "a whole number"),
        ("aether", '"0"', "a whole number"),
        ('"player 1 exhausted"', "1", "true or false"),
        ('"player 1 hand"', "[1, 2]", "item 1: expected a card, got an integer 1"),
        ("outcome", '"wom"', "one of: aborted, lost, none, won"),
    ],
)
def test_finding_a_fact_value_of_the_wrong_type_is_refused(tmp_path, fact, value, expected):
    message = refused(tmp_path, LOOK + f"[steps.expect]\n{fact} = {value}\n")
    assert "steps[1].expect." in message and expected in message


# --- the vocabulary's contract ------------------------------------------------------------------


def test_the_vocabulary_exposes_the_models_event_and_decision_kinds():
    from oblivaeon_verify.model.aeons_end.decisions import DECISION_KINDS
    from oblivaeon_verify.model.aeons_end.events import EVENT_KINDS

    assert VOCAB.event_kinds == frozenset(EVENT_KINDS) and "gravehold-damage" in VOCAB.event_kinds
    assert VOCAB.decision_kinds == frozenset(DECISION_KINDS) and "reveal" in VOCAB.decision_kinds


def test_an_effect_at_the_cap_runs_in_well_under_a_second(tmp_path):
    sc = load(write(tmp_path, '[[steps]]\neffect = "unleash"\namount = 999\n[steps.expect]\noutcome = "lost"\n'), VOCAB)
    start = time.perf_counter()
    result = run(sc, VOCAB)
    assert result.passed, result.explain()
    assert time.perf_counter() - start < 1.0


# --- every check, with a malformed file it refuses ----------------------------------------------

MAIN = '[setup]\nphase = "main"\n'


def fact(name: str, value, setup: str = "") -> str:
    return setup + LOOK + f"[steps.expect]\n{name} = {value}\n"


def ev(pattern: str, key: str = "events") -> str:
    return '[[steps]]\neffect = "gravehold"\namount = 1\n' + f"{key} = [{pattern}]\n"


def op(pattern: str, key: str = "options", setup: str = MAIN) -> str:
    return setup + LOOK + f"{key} = [{pattern}]\n"


def dec(step: str, setup: str = MAIN) -> str:
    return setup + "[[steps]]\n" + step + "\n"


#: (case, file body after the head, the key its error names, what the message says)
MALFORMED = [
    # setup (how many mages and which together are the model's setup rules: tests/test_scenario_lib_setup_refused.py)
    (
        "mages-too-many-names",
        ("[setup]\nmages = [" + ", ".join(['"Adelheim"'] * 21) + "]\n" + LOOK),
        "setup.mages",
        "expected a list of at most 20 mage names, got 21",
    ),
    (
        "mages-count-bool",
        ("[setup]\nmages = true\n" + LOOK),
        "setup.mages",
        "expected a player count from 0 to 4 (that many of Adelheim, Brama, Jian, Kadir, in order) or a list of mage names, got a boolean",
    ),
    (
        "mages-count-five",
        ("[setup]\nmages = 5\n" + LOOK),
        "setup.mages",
        "expected a player count from 0 to 4 (that many of Adelheim, Brama, Jian, Kadir, in order) or a list of mage names, got an integer 5",
    ),
    (
        "nemesis-unknown",
        ('[setup]\nnemesis = "Xaxos"\n' + LOOK),
        "setup.nemesis",
        "unknown nemesis 'Xaxos'; expected one of: Crooked Mask, Rageborne",
    ),
    (
        "difficulty-list",
        ('[setup]\ndifficulty = ["expert"]\n' + LOOK),
        "setup.difficulty",
        "expected a difficulty (one of: beginner, expert, extinction, normal),",
    ),
    (
        "phase-unknown",
        ('[setup]\nphase = "upkeep"\n' + LOOK),
        "setup.phase",
        "unknown phase 'upkeep'; expected one of: casting, draw, main",
    ),
    (
        "turn-seat",
        ('[setup]\nturn = "player 3"\n' + LOOK),
        "setup.turn",
        "unknown turn 'player 3' in this game of 2 players; expected one of:",
    ),
    (
        "aether-float",
        ("[setup]\naether = 1.5\n" + LOOK),
        "setup.aether",
        "expected a whole number from 0 to 999, got a number with a fraction 1.5",
    ),
    ("gravehold-negative", ("[setup]\ngravehold = -1\n" + LOOK), "setup.gravehold", "expected a whole number from 0 to 999, got -1"),
    (
        "nemesis-life-huge",
        ("[setup]\nnemesis_life = 1000\n" + LOOK),
        "setup.nemesis_life",
        "expected a whole number from 0 to 999, got 1000",
    ),
    (
        "corruption-bool",
        ("[setup]\ncorruption = false\n" + LOOK),
        "setup.corruption",
        "expected a whole number from 0 to 999, got a boolean false",
    ),
    (
        "turn-order-table",
        ("[setup]\nturn_order = { a = 1 }\n" + LOOK),
        "setup.turn_order",
        "expected a list of at most 99 card keys, got a table {'a': 1}",
    ),
    (
        "turn-order-seat",
        ('[setup]\nturn_order = ["player-3"]\n' + LOOK),
        "setup.turn_order[1]",
        "'player-3' is no turn order card of this game (Adelheim, Brama",
    ),
    (
        "turn-discard-solo",
        ('[setup]\nturn_discard = ["solo"]\n' + LOOK),
        "setup.turn_discard[1]",
        "'solo' is no turn order card of this game (Adelheim, Brama against",
    ),
    (
        "nemesis-deck-foreign",
        ('[setup]\nnemesis_deck = ["whispering-mask"]\n' + LOOK),
        "setup.nemesis_deck[1]",
        "'whispering-mask' is no nemesis card of this game (Adelheim, Brama",
    ),
    (
        "nemesis-deck-id",
        ('[setup]\nnemesis_deck = ["mangleroot#2"]\n' + LOOK),
        "setup.nemesis_deck[1]",
        "expected a card key such as 'mangleroot', not the id 'mangleroot#2'",
    ),
    (
        "nemesis-discard-int",
        ("[setup]\nnemesis_discard = [3]\n" + LOOK),
        "setup.nemesis_discard[1]",
        "expected a nemesis card, got an integer 3",
    ),
    (
        "nemesis-deck-long",
        ("[setup]\nnemesis_deck = [" + ", ".join(['"mangleroot"'] * 100) + "]\n" + LOOK),
        "setup.nemesis_deck",
        "expected a list of at most 99 card keys, got an array ['mangleroot',",
    ),
    (
        "in-play-table",
        ('[setup]\nin_play = { card = "mangleroot" }\n' + LOOK),
        "setup.in_play",
        "expected an array of {card, life, tokens}: minions (with life) and",
    ),
    (
        "in-play-foreign",
        ('[setup]\nin_play = [{ card = "whispering-mask" }]\n' + LOOK),
        "setup.in_play[1].card",
        "'whispering-mask' is no minion or power of this game (Adelheim, Brama",
    ),
    (
        "in-play-card-list",
        ('[setup]\nin_play = [{ card = ["mangleroot"] }]\n' + LOOK),
        "setup.in_play[1].card",
        "expected a minion or power, got an array ['mangleroot']",
    ),
    (
        "in-play-power-life",
        ('[setup]\nin_play = [{ card = "night-unending", life = 3 }]\n' + LOOK),
        "setup.in_play[1].life",
        "a power has no life; give it tokens",
    ),
    (
        "in-play-minion-tokens",
        ('[setup]\nin_play = [{ card = "mangleroot", tokens = 3 }]\n' + LOOK),
        "setup.in_play[1].tokens",
        "a minion has no tokens; give it life",
    ),
    (
        "in-play-dead-minion",
        ('[setup]\nin_play = [{ card = "mangleroot", life = 0 }]\n' + LOOK),
        "setup.in_play[1].life",
        "expected a whole number from 1 to 999, got 0",
    ),
    (
        "in-play-no-tokens",
        ('[setup]\nin_play = [{ card = "night-unending", tokens = 0 }]\n' + LOOK),
        "setup.in_play[1].tokens",
        "expected a whole number from 1 to 999, got 0",
    ),
    (
        "players-list",
        ("[setup]\nplayers = [1]\n" + LOOK),
        "setup.players",
        "expected a table N -> {life, charges, exhausted, hand, deck, discard,",
    ),
    (
        "players-key-word",
        ("[setup.players.one]\nlife = 3\n" + LOOK),
        "setup.players.one",
        "expected a player number 1-4 as the key, not 'one'",
    ),
    (
        "player-not-table",
        ("[setup]\nplayers = { 1 = 3 }\n" + LOOK),
        "setup.players.1",
        "expected a table of life, charges, exhausted, hand, deck, discard,",
    ),
    (
        "player-life-bool",
        ("[setup.players.1]\nlife = true\n" + LOOK),
        "setup.players.1.life",
        "expected a whole number from 0 to 999, got a boolean true",
    ),
    (
        "player-life-huge",
        ("[setup.players.1]\nlife = 1000\n" + LOOK),
        "setup.players.1.life",
        "expected a whole number from 0 to 999, got 1000",
    ),
    (
        "player-charges-over",
        ("[setup.players.2]\ncharges = 5\n" + LOOK),
        "setup.players.2.charges",
        "expected a whole number from 0 to 4, got 5 (Brama's mat has 4 charge",
    ),
    (
        "player-exhausted-int",
        ("[setup.players.1]\nexhausted = 1\n" + LOOK),
        "setup.players.1.exhausted",
        "expected true or false, got an integer 1",
    ),
    (
        "player-hand-string",
        ('[setup.players.1]\nhand = "spark"\n' + LOOK),
        "setup.players.1.hand",
        "expected a list of at most 99 card keys, got a string 'spark'",
    ),
    (
        "player-hand-id",
        ('[setup.players.1]\nhand = ["spark#m1-1"]\n' + LOOK),
        "setup.players.1.hand[1]",
        "expected a card key such as 'spark', not the id 'spark#m1-1' (the",
    ),
    (
        "player-played-spell",
        ('[setup.players.1]\nplayed = ["spark"]\n' + LOOK),
        "setup.players.1.played[1]",
        "unknown gem or relic 'spark'; expected one of: clouded-sapphire,",
    ),
    (
        "player-deck-nemesis",
        ('[setup.players.1]\ndeck = ["mangleroot"]\n' + LOOK),
        "setup.players.1.deck[1]",
        "unknown card 'mangleroot'; expected one of: arcane-nexus,",
    ),
    (
        "breaches-five",
        ("[setup.players.1]\nbreaches = [{}, {}, {}, {}, {}]\n" + LOOK),
        "setup.players.1.breaches",
        "expected an array of up to 4 tables {state, focus, focused, spell},",
    ),
    (
        "breach-not-table",
        ('[setup.players.1]\nbreaches = ["opened"]\n' + LOOK),
        "setup.players.1.breaches[1]",
        "expected a table of state, focus, focused, spell, got a string",
    ),
    (
        "breach-unknown-key",
        ("[setup.players.1]\nbreaches = [{ open = true }]\n" + LOOK),
        "setup.players.1.breaches[1].open",
        "unknown key; expected some of state, focus, focused, spell",
    ),
    (
        "breach-state-list",
        ('[setup.players.1]\nbreaches = [{ state = ["opened"] }]\n' + LOOK),
        "setup.players.1.breaches[1].state",
        "expected opened, closed or destroyed, not ['opened']",
    ),
    (
        "breach-focus-four",
        ("[setup.players.1]\nbreaches = [{}, { focus = 4 }]\n" + LOOK),
        "setup.players.1.breaches[2].focus",
        "expected a whole number from 0 to 3, got 4 (quarter turns made)",
    ),
    (
        "breach-focused-int",
        ("[setup.players.1]\nbreaches = [{}, { focused = 1 }]\n" + LOOK),
        "setup.players.1.breaches[2].focused",
        "expected true or false, got an integer 1",
    ),
    (
        "breach-spell-gem",
        ('[setup.players.1]\nbreaches = [{ spell = "jade" }]\n' + LOOK),
        "setup.players.1.breaches[1].spell",
        "expected a spell key or '': unknown spell 'jade'; expected one of:",
    ),
    (
        "breach-spell-table",
        ("[setup.players.1]\nbreaches = [{ spell = {} }]\n" + LOOK),
        "setup.players.1.breaches[1].spell",
        "expected a spell key or '': expected a spell, got a table {}",
    ),
    (
        "breach-destroyed-spell",
        ('[setup.players.1]\nbreaches = [{}, { state = "destroyed", spell = "spark" }]\n' + LOOK),
        "setup.players.1.breaches[2].spell",
        "a destroyed breach holds no spell (EXHAUST.DESTROY-BREACH discards it)",
    ),
    # actions
    (
        "chance-list",
        dec('decide = "end-main"\nchance = ["stop"]'),
        "steps[1].chance",
        "expected a chance (one of: first, stop), got an array ['stop']",
    ),
    (
        "effect-player-on-gravehold",
        dec('effect = "gravehold"\namount = 1\nplayer = 1', ""),
        "steps[1].player",
        "not a key of effect gravehold; it takes amount, chance, clause",
    ),
    (
        "effect-minion-on-harm",
        dec('effect = "harm"\namount = 1\nplayer = 1\nminion = "mangleroot"', ""),
        "steps[1].minion",
        "not a key of effect harm; it takes amount, chance, clause, player",
    ),
    ("decide-list", dec('decide = ["end-main"]'), "steps[1].decide", "expected a decision kind, got an array ['end-main']"),
    (
        "decide-card-family",
        dec('decide = "prep"\ncard = "jade"\nbreach = 1'),
        "steps[1].card",
        "unknown spell 'jade'; expected one of: arcane-nexus, essence-theft,",
    ),
    (
        "decide-target-mage",
        dec('decide = "cast"\nbreach = 1\ntarget = "Brama"'),
        "steps[1].target",
        "unknown damage target (the nemesis or a minion) 'Brama'; expected one",
    ),
    (
        "decide-suffer-foreign-mage",
        dec('decide = "suffer"\ntarget = "Jian"'),
        "steps[1].target",
        "'Jian' is no mage of this game (Adelheim, Brama against Rageborne);",
    ),
    (
        "decide-actor-seat",
        dec('decide = "end-main"\nactor = "player 3"'),
        "steps[1].actor",
        "unknown decision actor 'player 3' in this game of 2 players; expected",
    ),
    (
        "decide-actor-unknown",
        dec('decide = "end-main"\nactor = "nobody"'),
        "steps[1].actor",
        "unknown decision actor 'nobody' in this game of 2 players; expected",
    ),
    (
        "decide-owner-seat",
        dec('decide = "ally-cast"\nowner = 3\nbreach = 1'),
        "steps[1].owner",
        "expected a whole number from 1 to 2, got 3 (this game has 2 players)",
    ),
    (
        "decide-take-turn-seat",
        dec('decide = "take-turn"\nplayer = 3'),
        "steps[1].player",
        "expected a whole number from 1 to 2, got 3 (this game has 2 players)",
    ),
    ("decide-index-range", dec('decide = "focus"\nindex = 4'), "steps[1].index", "expected a whole number from 0 to 3, got 4"),
    ("decide-index-negative", dec('decide = "to-discard"\nindex = -1'), "steps[1].index", "expected a whole number from 0 to 9, got -1"),
    (
        "decide-while-prepped-spell-without-the-effect",
        dec('decide = "while-prepped"\ncard = "spark"'),
        "steps[1].card",
        "unknown spell with a While-prepped effect 'spark'; expected one of: arcane-nexus, ignite",
    ),
    (
        "option-to-discard-card-without-the-text",
        op('{ kind = "to-discard", card = "mangleroot" }', "no_options"),
        "steps[1].no_options",
        "unknown nemesis card with a TO DISCARD cost 'mangleroot'",
    ),
    (
        "decide-owner-on-cast",
        dec('decide = "cast"\nowner = 1'),
        "steps[1].owner",
        "a cast decision carries no owner; it carries actor, card, target,",
    ),
    (
        "decide-ability-no-damage",
        dec('decide = "ability"\ntarget = "nemesis"', '[setup]\nmages = ["Adelheim", "Jian"]\nphase = "main"\n'),
        "steps[1].target",
        "no mage of this game has an ability that deals damage, so no ability",
    ),
    (
        "decide-reveal-foreign",
        dec('decide = "reveal"\ncard = "whispering-mask"'),
        "steps[1].card",
        "'whispering-mask' is no nemesis or turn order card of this game",
    ),
    (
        "effect-amount-missing",
        dec('effect = "gravehold"', ""),
        "steps[1].amount",
        "every effect needs amount = N (a whole number from 0 to 999)",
    ),
    (
        "effect-amount-float",
        dec('effect = "gravehold"\namount = 1.5', ""),
        "steps[1].amount",
        "expected a whole number from 0 to 999, got a number with a fraction 1.5",
    ),
    (
        "effect-amount-negative",
        dec('effect = "gravehold"\namount = -2', ""),
        "steps[1].amount",
        "expected a whole number from 0 to 999, got -2",
    ),
    ("effect-harm-no-player", dec('effect = "harm"\namount = 1', ""), "steps[1].player", "effect harm needs player = N (a player, from 1)"),
    (
        "effect-harm-seat",
        dec('effect = "harm"\namount = 1\nplayer = 3', ""),
        "steps[1].player",
        "expected a whole number from 1 to 2, got 3 (this game has 2 players)",
    ),
    ("effect-minion-missing", dec('effect = "minion"\namount = 1', ""), "steps[1].minion", "effect minion needs minion = a minion's key"),
    (
        "effect-minion-power",
        dec('effect = "minion"\namount = 1\nminion = "night-unending"', ""),
        "steps[1].minion",
        "unknown minion 'night-unending'; expected one of: bane-sire,",
    ),
    (
        "effect-minion-foreign",
        dec('effect = "minion"\namount = 1\nminion = "whispering-mask"', ""),
        "steps[1].minion",
        "'whispering-mask' is no minion of this game (Adelheim, Brama against",
    ),
    (
        "effect-clause-unknown",
        dec('effect = "gravehold"\namount = 1\nclause = "NEMESIS.DRAWS"', ""),
        "steps[1].clause",
        "unknown clause id 'NEMESIS.DRAWS'; ids of that family:",
    ),
    (
        "until-string",
        dec('until = "game over"', ""),
        "steps[1].until",
        "expected a table {turn, phase} or {decision} or {game_over = true}",
    ),
    ("until-empty", dec("until = {}", ""), "steps[1].until", "expected a table {turn, phase} or {decision} or {game_over = true}"),
    (
        "until-unknown-key",
        dec("until = { round = 2 }", ""),
        "steps[1].until.round",
        "unknown key; expected turn, phase, decision or game_over",
    ),
    (
        "until-mixed",
        dec('until = { game_over = true, turn = "player 2" }', ""),
        "steps[1].until",
        "game_over, turn do not go together; expected {turn, phase},",
    ),
    (
        "until-turn-seat",
        dec('until = { turn = "player 3" }', ""),
        "steps[1].until.turn",
        "unknown turn 'player 3' in this game of 2 players; expected one of:",
    ),
    (
        "until-turn-list",
        dec('until = { turn = ["player 1"] }', ""),
        "steps[1].until.turn",
        "expected a turn (one of: nemesis, player 1, player 2), got an array",
    ),
    (
        "until-phase",
        dec('until = { phase = "upkeep" }', ""),
        "steps[1].until.phase",
        "unknown phase 'upkeep'; expected one of: casting, draw, main",
    ),
    (
        "until-decision-list",
        dec('until = { decision = ["end-main"] }', ""),
        "steps[1].until.decision",
        "expected a decision kind, got an array ['end-main']",
    ),
    ("until-game-over-false", dec("until = { game_over = false }", ""), "steps[1].until.game_over", "expected true, got a boolean false"),
    ("look-int", dec("look = 3", ""), "steps[1].look", "expected a string saying what is looked at, got an integer"),
    # facts
    ("fact-count-negative", fact("gravehold", -1), 'steps[1].expect."gravehold"', "expected a whole number from 0 to 999, got -1"),
    (
        "fact-count-float",
        fact('"player 1 life"', 1.5),
        'steps[1].expect."player 1 life"',
        "expected a whole number from 0 to 999, got a number with a fraction 1.5",
    ),
    (
        "fact-flag-string",
        fact('"player 2 exhausted"', '"no"'),
        'steps[1].expect."player 2 exhausted"',
        "expected true or false, got a string 'no'",
    ),
    (
        "fact-turn-seat",
        fact("turn", '"player 3"'),
        'steps[1].expect."turn"',
        "unknown turn 'player 3' in this game (Adelheim, Brama against",
    ),
    (
        "fact-phase",
        fact("phase", '"upkeep"'),
        'steps[1].expect."phase"',
        "unknown phase 'upkeep'; expected one of: casting, draw, end, main,",
    ),
    (
        "fact-mage",
        fact('"player 1 mage"', '"Jian"'),
        'steps[1].expect."player 1 mage"',
        "unknown mage 'Jian' in this game (Adelheim, Brama against Rageborne);",
    ),
    (
        "fact-breach-word",
        fact('"player 1 breach 2"', '"closed 5"'),
        'steps[1].expect."player 1 breach 2"',
        "unknown breach state 'closed 5'; expected one of: closed 0, closed 0",
    ),
    (
        "fact-breach-spell",
        fact('"player 1 breach 1 spell"', '"jade"'),
        'steps[1].expect."player 1 breach 1 spell"',
        "unknown spell 'jade'; expected one of: arcane-nexus, essence-theft,",
    ),
    (
        "fact-discard-top",
        fact('"player 1 discard top"', '"mangleroot"'),
        'steps[1].expect."player 1 discard top"',
        "unknown card 'mangleroot'; expected one of: arcane-nexus,",
    ),
    (
        "fact-in-play-table",
        fact('"in play"', "{ a = 1 }"),
        'steps[1].expect."in play"',
        "expected a list of minion or power keys (in order), got a table {'a':",
    ),
    (
        "fact-in-play-attack",
        fact('"in play"', '["cryptic-strike"]'),
        'steps[1].expect."in play"',
        "item 1: unknown minion or power 'cryptic-strike'; expected one of:",
    ),
    (
        "fact-nemesis-deck-foreign",
        fact('"nemesis deck"', '["whispering-mask"]'),
        'steps[1].expect."nemesis deck"',
        "item 1: 'whispering-mask' is no nemesis card of this game (Adelheim,",
    ),
    (
        "fact-turn-order-seat",
        fact('"turn order discard"', '["player-3"]'),
        'steps[1].expect."turn order discard"',
        "item 1: 'player-3' is no turn order card of this game (Adelheim,",
    ),
    (
        "fact-legal-kinds",
        fact('"legal kinds"', '["end-main", "pass"]'),
        'steps[1].expect."legal kinds"',
        "item 2: unknown decision kind 'pass'; expected one of: ability,",
    ),
    (
        "fact-played-spell",
        fact('"player 1 played"', '["spark"]'),
        'steps[1].expect."player 1 played"',
        "item 1: unknown gem or relic 'spark'; expected one of:",
    ),
    (
        "fact-life-of-power",
        fact('"life of night-unending"', 3),
        'steps[1].expect."life of night-unending"',
        "unknown minion 'night-unending'; expected one of: bane-sire,",
    ),
    (
        "fact-tokens-on-minion",
        fact('"tokens on mangleroot"', 3),
        'steps[1].expect."tokens on mangleroot"',
        "unknown power 'mangleroot'; expected one of: aphotic-sun,",
    ),
    (
        "fact-life-of-id",
        fact('"life of mangleroot#1"', 3),
        'steps[1].expect."life of mangleroot#1"',
        "expected a card key such as 'mangleroot', not the id 'mangleroot#1'",
    ),
    (
        "fact-life-of-value",
        fact('"life of mangleroot"', '"dead"'),
        'steps[1].expect."life of mangleroot"',
        "expected a whole number from 0 to 999 or 'none' (none: not in play), got a string",
    ),
    (
        "fact-supply-starting",
        fact('"supply spark"', 0),
        'steps[1].expect."supply spark"',
        "unknown supply card 'spark'; expected one of: arcane-nexus,",
    ),
    (
        "fact-outcome-clause",
        fact('"outcome clause"', '"MAIN.PREP"'),
        'steps[1].expect."outcome clause"',
        "unknown outcome clause 'MAIN.PREP' (or '' while the game goes on)",
    ),
    (
        "fact-player-breach-seat",
        fact('"player 3 breach 1"', '"opened"'),
        'steps[1].expect."player 3 breach 1"',
        "there is no player 3 with 2 players",
    ),
    # events
    (
        "event-field-not-carried",
        ev('{ kind = "unleash", card = "spark" }'),
        "steps[1].events",
        "item 1: card: an unleash event carries no card; it carries kind,",
    ),
    (
        "event-card-family",
        ev('{ kind = "cast", card = "jade" }'),
        "steps[1].events",
        "item 1: card: unknown spell 'jade'; expected one of: arcane-nexus,",
    ),
    (
        "event-foreign-card",
        ev('{ kind = "minion-acts", card = "whispering-mask" }'),
        "steps[1].events",
        "item 1: card: 'whispering-mask' is no minion of this game (Adelheim,",
    ),
    (
        "event-foreign-mage-absent",
        ev('{ kind = "player-damage", target = "Jian" }', "no_events"),
        "steps[1].no_events",
        "item 1: target: 'Jian' is no mage of this game (Adelheim, Brama",
    ),
    (
        "event-turn-actor-seat",
        ev('{ kind = "turn", target = "p2" }', "no_events"),
        "steps[1].no_events",
        "item 1: target: 'p2' is no turn taker (p0 for player 1, ..., or",
    ),
    (
        "event-breach-amount",
        ev('{ kind = "open", amount = 5 }', "no_events"),
        "steps[1].no_events",
        "item 1: amount: expected a whole number from 1 to 4, got 5",
    ),
    (
        "event-amount-huge",
        ev('{ kind = "gravehold-damage", amount = 1000 }'),
        "steps[1].events",
        "item 1: amount: expected a whole number from 0 to 999, got 1000",
    ),
    (
        "event-nemesis-kind",
        ev('{ kind = "nemesis-draws", detail = "atack" }', "no_events"),
        "steps[1].no_events",
        "item 1: detail: unknown kind of nemesis card 'atack'; expected one",
    ),
    (
        "event-nemesis-name",
        ev('{ kind = "unleash", detail = "Crooked Mask" }'),
        "steps[1].events",
        "item 1: detail: 'Crooked Mask' is no nemesis of this game (Adelheim,",
    ),
    (
        "event-no-kind-together",
        ev('{ card = "spark", amount = 1, target = "Adelheim" }'),
        "steps[1].events",
        "item 1: target: unknown damage target (the nemesis or a minion)",
    ),
    # decision patterns
    ("option-kind", op('{ kind = "pass" }'), "steps[1].options", "item 1: unknown decision kind 'pass'; decision kinds: ability,"),
    (
        "option-field-not-carried",
        op('{ kind = "end-main", card = "spark" }', "no_options"),
        "steps[1].no_options",
        "item 1: card: an end-main decision carries no card; it carries actor",
    ),
    (
        "option-no-kind-together",
        op('{ player = 1, card = "spark" }'),
        "steps[1].options",
        "item 1: card: no decision carries both player and card",
    ),
    (
        "option-seat-absent",
        op('{ kind = "take-turn", player = 3 }', "no_options"),
        "steps[1].no_options",
        "item 1: player: expected a whole number from 1 to 2, got 3 (this game",
    ),
    (
        "option-actor",
        op('{ kind = "suffer", actor = "player 1" }', "no_options"),
        "steps[1].no_options",
        "item 1: actor: unknown decision actor 'player 1' in this game of 2",
    ),
    (
        "option-breach-bool",
        op('{ kind = "focus", breach = 0 }'),
        "steps[1].options",
        "item 1: breach: expected a whole number from 1 to 4, got 0",
    ),
]


@pytest.mark.parametrize("body, key, fragment", [c[1:] for c in MALFORMED], ids=[c[0] for c in MALFORMED])
def test_a_malformed_value_is_refused_in_one_line_naming_its_key(tmp_path, body, key, fragment):
    message = refused(tmp_path, body)
    assert f": {key}: " in message and fragment in message, message


def test_every_case_of_the_table_has_its_own_name():
    assert len({c[0] for c in MALFORMED}) == len(MALFORMED)


#: Files that name a card of another game only to say it does not occur: they load and pass,
#: since that absence is what NEMESIS.BASIC-AND-UNIQUE and TURN-ORDER.COMPOSITION say.
ABSENT = [
    ("no-option-of-another-nemesis", op('{ kind = "reveal", card = "whispering-mask" }', "no_options")),
    ("no-event-of-another-nemesis", ev('{ kind = "minion-acts", card = "whispering-mask" }', "no_events")),
    ("no-life-of-another-nemesis", fact('"life of whispering-mask"', '"none"')),
    ("no-turn-order-card-of-more-players", op('{ kind = "reveal", card = "player-3" }', "no_options", '[setup]\nturn = "turn order"\n')),
    ("an-option-without-a-kind", op("{ breach = 1 }")),
]


@pytest.mark.parametrize("body", [c[1] for c in ABSENT], ids=[c[0] for c in ABSENT])
def test_a_card_of_another_game_may_be_named_where_its_absence_is_expected(tmp_path, body):
    result = run(load(write(tmp_path, body), VOCAB), VOCAB)
    assert result.passed, result.explain()


# --- the refusal check at run time --------------------------------------------------------------


@pytest.mark.parametrize(
    "setup, spec, fragment",
    [
        ({"nemesis": "Crooked Mask"}, {"decide": "to-discard", "card": "night-unending#2"}, "no card of this game has the id"),
        ({}, {"decide": "reveal", "card": "solo"}, "'solo' is no nemesis or turn order card of this game"),
        ({}, {"decide": "focus", "card": "spark"}, "card: a focus decision carries no card"),
        ({}, {"decide": "take-turn", "player": 3}, "player: expected a whole number from 1 to 2, got 3"),
        ({"mages": ["Adelheim", "Brama"]}, {"decide": "ability", "target": "nemesis"}, "Adelheim's ability (gravehold 4) deals no damage"),
        (
            {"mages": ["Adelheim", "Jian"]},
            {"decide": "ability", "target": "nemesis"},
            "no mage of this game has an ability that deals damage",
        ),
    ],
)
def test_a_refusal_of_a_decision_the_game_cannot_have_is_named(setup, spec, fragment):
    reason = VOCAB.refusal_problem(state({"phase": "main", **setup}), spec)
    assert reason is not None and fragment in reason, reason


def test_a_refusal_the_rules_decide_is_not_named():
    s = state()
    assert VOCAB.refusal_problem(s, {"decide": "prep", "card": "spark", "breach": 3}) is None
    assert VOCAB.refusal_problem(s, {"decide": "ability", "actor": "player 2", "target": "nemesis"}) is None
    assert VOCAB.refusal_problem(s, {"decide": "to-discard", "card": "night-unending#1"}) is None


def test_no_refused_step_of_the_suite_proves_nothing():
    from oblivaeon_verify.scenarios import load_suite

    for sc in load_suite("aeons_end").scenarios:
        if sc.setup_refused:
            continue  # no position, no step
        s = VOCAB.new_game(sc.setup, sc.all_parameters)
        for step in sc.steps:
            if step.refused:
                assert VOCAB.refusal_problem(s, step.spec) is None, (sc.id, step.index)
            try:
                s, _ = VOCAB.perform(s, step.action, step.spec)
            except (Refused, *VOCAB.step_errors):
                pass


def test_the_effects_a_step_may_resolve_are_the_models_own():
    from oblivaeon_verify.model.aeons_end.positions import DIRECT, QUEUED
    from oblivaeon_verify.properties.aeons_end.scenario_vocab import EFFECT_CLAUSE, EFFECTS

    assert set(EFFECTS) == set(QUEUED) | set(DIRECT) == set(EFFECT_CLAUSE)


def test_an_expected_number_beyond_the_cap_of_every_number_in_a_file_is_refused(tmp_path):
    """Found by the scenario fuzz at the thorough profile: an expectation of 10**12 life loaded (it could only fail)."""
    message = refused(tmp_path, '[[steps]]\nlook = "life"\n[steps.expect]\n"player 1 life" = 1000000000000\n')
    assert 'steps[1].expect."player 1 life": expected a whole number from 0 to 999, got 1000000000000' in message
