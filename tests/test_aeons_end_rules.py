"""Aeon's End: the rules of each clause family, on exact positions built from a fixed setup."""

from __future__ import annotations

import dataclasses
import random

import pytest
from oblivaeon_verify.model.aeons_end.card_effects import HarmGravehold, Unleash
from oblivaeon_verify.model.aeons_end.cards import MATS
from oblivaeon_verify.model.aeons_end.clauses import CATALOGUE
from oblivaeon_verify.model.aeons_end.decisions import Decision, IllegalDecision
from oblivaeon_verify.model.aeons_end.draft import Draft
from oblivaeon_verify.model.aeons_end.effects import DestroyBreach, DiscardCharges, harm_player, lowest_life_players, unleash
from oblivaeon_verify.model.aeons_end.engine import new_game, step
from oblivaeon_verify.model.aeons_end.game_end import check_end
from oblivaeon_verify.model.aeons_end.parameters import DEFAULT, Difficulty
from oblivaeon_verify.model.aeons_end.player_turn import draw_cards, prep_breaches
from oblivaeon_verify.model.aeons_end.positions import inject, play_on
from oblivaeon_verify.model.aeons_end.ruleset import RULESET
from oblivaeon_verify.model.aeons_end.setup import SetupConfig, SetupError, life_table
from oblivaeon_verify.model.aeons_end.state import InPlay
from oblivaeon_verify.model.aeons_end.turn_order import DrawTurnOrder, turn_order_cards
from oblivaeon_verify.model.common.kernel import pending


def cfg(mages=("Adelheim", "Brama"), nemesis="Rageborne", difficulty=Difficulty.NORMAL):
    return SetupConfig(tuple(mages), nemesis, difficulty, DEFAULT)


def to_player_turn(state, player=0):
    """Resolve chance until it is ``player``'s casting or main phase (the turn order deck picks them)."""
    for _ in range(200):
        if state.actor == f"p{player}" and state.phase in ("casting", "main"):
            return state
        opts = state.options
        want = [o for o in opts if o.is_chance and f"player-{player + 1}" in o.card or "solo" in o.card]
        state, _ = step(state, want[0] if want else opts[0])
    raise AssertionError("never reached the player's turn")


def resolve(state):
    return play_on(state)


def with_mage(state, i, **changes):
    mages = list(state.mages)
    mages[i] = dataclasses.replace(mages[i], **changes)
    return dataclasses.replace(state, mages=tuple(mages))


def test_the_turn_order_deck_for_each_player_count_TURN_ORDER_COMPOSITION():
    """TURN-ORDER.COMPOSITION, SOLO.TRUE-SOLO: true solo has three player and two nemesis cards."""
    solo = turn_order_cards(1)
    assert sum("solo" in c for c in solo) == 3 and sum("nemesis" in c for c in solo) == 2
    for n in (2, 3, 4):
        cards = turn_order_cards(n)
        assert len(cards) == 6 and sum("nemesis" in c for c in cards) == 2


def test_the_first_turn_is_drawn_from_the_turn_order_deck_TURN_ORDER_DRAW():
    """TURN-ORDER.DRAW: before anyone acts, a chance point draws the turn order deck."""
    s = new_game(cfg())
    assert all(o.is_chance for o in s.options)
    assert sum(o.weight for o in s.options) == 6


def test_an_empty_turn_order_deck_is_reshuffled_from_its_discards_TURN_ORDER_RESHUFFLE():
    """TURN-ORDER.RESHUFFLE"""
    s = new_game(cfg())
    s = dataclasses.replace(
        s, turn_deck=dataclasses.replace(s.turn_deck, middle=()), turn_discard=turn_order_cards(2), agenda=(DrawTurnOrder(),)
    )
    after, events = resolve(s)
    assert any(e.kind == "turn-order-reshuffle" and e.clause == "TURN-ORDER.RESHUFFLE" for e in events)
    assert after.cycles == s.cycles + 1 and not after.turn_discard


def test_difficulty_levels_set_life_totals_DIFFICULTY():
    """DIFFICULTY.BEGINNER, DIFFICULTY.EXTINCTION, DIFFICULTY.NORMAL"""
    assert life_table(Difficulty.BEGINNER, DEFAULT) == (12, 35, DEFAULT.nemesis_life - 10 if DEFAULT.nemesis_life > 10 else 1)
    assert life_table(Difficulty.EXTINCTION, DEFAULT) == (8, 25, DEFAULT.nemesis_life + 10)
    assert life_table(Difficulty.NORMAL, DEFAULT) == (DEFAULT.player_life, DEFAULT.gravehold_life, DEFAULT.nemesis_life)


def test_a_mage_starts_as_its_mat_says_MAT():
    """MAT.BREACH-SETUP, MAT.STARTING-HAND, MAT.STARTING-DECK"""
    s = new_game(cfg())
    m = s.mages[0]
    mat = MATS["Adelheim"]
    assert [c.split("#")[0] for c in m.hand] == list(mat.hand)
    assert [c.split("#")[0] for c in m.deck] == list(mat.deck)
    assert m.breaches[0].opened and not m.breaches[1].opened


def test_main_phase_offers_focus_open_prep_charge_by_aether_MAIN():
    """MAIN.FOCUS, MAIN.OPEN, MAIN.GAIN-CHARGE, BREACH.PREP-WHERE"""
    s = to_player_turn(new_game(cfg()))
    s, _ = resolve(dataclasses.replace(s, phase="main", aether=7))
    kinds = {o.kind for o in s.options}
    assert {"focus", "open", "gain-charge", "gain", "end-main"} <= kinds
    s, _ = resolve(dataclasses.replace(s, phase="main", aether=1))
    assert not {"focus", "open", "gain-charge"} & {o.kind for o in s.options}


def test_the_fourth_focus_opens_a_breach_MAIN_FOCUS():
    """MAIN.FOCUS: each focus is a quarter turn; the fourth opens the breach and allows prepping."""
    s = to_player_turn(new_game(cfg()))
    s = dataclasses.replace(s, phase="main", aether=20)
    s, _ = resolve(s)
    for _ in range(4 - s.mages[0].breaches[1].focus):
        s, ev = step(s, Decision("focus", "player 1", index=1))
    assert s.mages[0].breaches[1].opened


def test_a_spell_may_be_prepped_only_to_an_opened_or_just_focused_breach_BREACH_PREP_WHERE():
    """BREACH.PREP-WHERE"""
    s = to_player_turn(new_game(cfg()))
    m = s.mages[0]
    assert prep_breaches(m) == [0]
    s = dataclasses.replace(s, phase="main", aether=3)
    s, _ = resolve(s)
    s, _ = step(s, Decision("focus", "player 1", index=1))
    assert 1 in prep_breaches(s.mages[0])
    spark = next(c for c in s.mages[0].hand if c.startswith("spark"))
    assert Decision("prep", "player 1", card=spark, index=2) not in s.options


def test_a_spell_in_a_closed_breach_must_be_cast_CAST_CLOSED_MUST():
    """CAST.CLOSED-MUST, CAST.OPENED-MAY"""
    s = to_player_turn(new_game(cfg()))
    m = s.mages[0]
    spark = next(c for c in m.hand if c.startswith("spark"))
    br = list(m.breaches)
    br[1] = dataclasses.replace(br[1], spell=spark)
    s = with_mage(s, 0, hand=tuple(c for c in m.hand if c != spark), breaches=tuple(br))
    # a minion in play gives the spell two possible targets, so the point is a real choice
    s = dataclasses.replace(s, phase="casting", in_play=(InPlay("mangleroot#1", life=3),))
    s, _ = resolve(s)
    assert s.options and all(o.kind == "cast" for o in s.options)
    br[1] = dataclasses.replace(br[1], opened=True)
    s = with_mage(s, 0, breaches=tuple(br))
    s, _ = resolve(dataclasses.replace(s, options=()))
    assert any(o.kind == "end-casting" for o in s.options)


def test_a_cast_spell_goes_to_the_discard_top_and_hits_its_target_CAST():
    """CAST.TO-DISCARD, CAST.NEMESIS-DAMAGE, CAST.BREACH-BONUS"""
    s = to_player_turn(new_game(cfg()))
    m = s.mages[0]
    spark = next(c for c in m.hand if c.startswith("spark"))
    br = list(m.breaches)
    br[2] = dataclasses.replace(br[2], opened=True, spell=spark)
    s = with_mage(s, 0, breaches=tuple(br))
    s = dataclasses.replace(s, phase="casting")
    s, _ = resolve(s)
    life = s.nemesis_life
    s, ev = step(s, Decision("cast", "player 1", card=spark, target="nemesis", index=2))
    assert s.mages[0].discard[-1] == spark
    assert s.nemesis_life == life - 1 - DEFAULT.breach_bonus[2]
    assert any(e.clause == "CAST.BREACH-BONUS" for e in ev)


def test_a_minion_at_zero_life_is_discarded_CAST_MINION_DAMAGE():
    """CAST.MINION-DAMAGE"""
    s = new_game(cfg())
    s = dataclasses.replace(
        s,
        in_play=(InPlay("mangleroot#1", life=1),),
        nemesis_deck=tuple(dataclasses.replace(t, middle=tuple(c for c in t.middle if c != "mangleroot#1")) for t in s.nemesis_deck),
    )
    d = Draft(s)
    from oblivaeon_verify.model.aeons_end.effects import damage_minion

    damage_minion(d, 0, 3, "CAST.SINGLE-TARGET")
    assert d.in_play == () and d.nemesis_discard[-1] == "mangleroot#1"


def test_drawing_from_an_empty_deck_turns_the_discard_over_without_shuffling_DRAW_NEVER_SHUFFLE():
    """DRAW.NEVER-SHUFFLE, DRAW.TO-FIVE"""
    s = new_game(cfg())
    s = with_mage(s, 0, hand=(), deck=(), discard=("a#1", "b#1", "c#1"))
    d = Draft(s)
    draw_cards(d, 0, 2)
    assert d.mages[0].hand == ("a#1", "b#1") and d.mages[0].deck == ("c#1",)
    assert any(e.clause == "DRAW.NEVER-SHUFFLE" for e in d.events)


def test_exhaustion_unleashes_twice_destroys_a_breach_and_discards_charges_EXHAUST():
    """EXHAUST.WHEN, EXHAUST.UNLEASH-TWICE, EXHAUST.DESTROY-BREACH, EXHAUST.DISCARD-CHARGES"""
    s = new_game(cfg())
    s = with_mage(s, 0, life=2, charges=3)
    d = Draft(s)
    harm_player(d, 0, 5, "NEMESIS.DRAW")
    assert d.mages[0].exhausted and d.mages[0].life == 0
    assert [type(w) for w in pending(d)[:3]] == [Unleash, DestroyBreach, DiscardCharges]
    s, ev = resolve(d.freeze())
    while s.options and s.options[0].kind == "destroy-breach":
        s, more = step(s, s.options[0])
        ev = list(ev) + list(more)
    assert sum(1 for e in ev if e.kind == "unleash") == 2
    assert s.mages[0].charges == 0
    assert sum(b.destroyed for b in s.mages[0].breaches) == 1


def test_lowest_life_skips_exhausted_players_and_they_gain_no_life_EXHAUST():
    """EXHAUST.LOWEST-LIFE, EXHAUST.NO-LIFE-GAIN"""
    s = new_game(cfg())
    s = with_mage(s, 0, life=0, exhausted=True)
    s = with_mage(s, 1, life=7)
    assert lowest_life_players(s) == [1]
    from oblivaeon_verify.model.aeons_end.effects import heal_player

    d = Draft(s)
    heal_player(d, 0, 3, "MAT.ABILITY")
    assert d.mages[0].life == 0 and d.events[-1].clause == "EXHAUST.NO-LIFE-GAIN"


@pytest.mark.parametrize(
    "change, kind, clause",
    [
        (dict(nemesis_life=0), "won", "END.WIN-NEMESIS-DEFEATED"),
        (dict(gravehold=0), "lost", "END.LOSE-GRAVEHOLD"),
        (dict(corruption=99), "lost", "END.LOSE-NEMESIS-SPECIFIC"),
    ],
)
def test_the_game_ends_at_once_when_a_condition_holds_END(change, kind, clause):
    """END.IMMEDIATE and the end conditions"""
    s = new_game(cfg(nemesis="Crooked Mask"))
    d = Draft(dataclasses.replace(s, **change))
    check_end(d)
    s, _ = resolve(d.freeze())
    assert s.outcome.kind == kind and s.outcome.clause == clause and s.options == ()


def test_no_nemesis_cards_and_nothing_in_play_is_a_win_END_WIN_NEMESIS_EXHAUSTED():
    """END.WIN-NEMESIS-EXHAUSTED, END.LOSE-ALL-EXHAUSTED"""
    s = new_game(cfg())
    empty = tuple(dataclasses.replace(t, middle=()) for t in s.nemesis_deck)
    d = Draft(dataclasses.replace(s, nemesis_deck=empty, in_play=()))
    check_end(d)
    assert d.outcome.clause == "END.WIN-NEMESIS-EXHAUSTED"
    d = Draft(with_mage(with_mage(s, 0, exhausted=True, life=0), 1, exhausted=True, life=0))
    check_end(d)
    assert d.outcome.clause == "END.LOSE-ALL-EXHAUSTED"


def test_expert_unleash_is_stronger_DIFFICULTY_EXPERT():
    """DIFFICULTY.EXPERT, NEMESIS.UNLEASH"""
    for difficulty, expected in ((Difficulty.NORMAL, 1), (Difficulty.EXPERT, 1 + DEFAULT.expert_unleash_extra)):
        s = new_game(cfg(difficulty=difficulty))
        d = Draft(s)
        unleash(d, Unleash(1, "NEMESIS.UNLEASH"))
        assert pending(d)[0] == HarmGravehold(expected, "NEMESIS.UNLEASH")


def test_illegal_decisions_are_refused_naming_the_legal_ones():
    s = new_game(cfg())
    with pytest.raises(IllegalDecision, match="illegal decision player 1: end main"):
        step(s, Decision("end-main", "player 1"))


def test_setup_errors_name_the_field():
    with pytest.raises(SetupError, match="mages: Aeon's End is played by 1 to 4 players"):
        new_game(cfg(mages=()))
    with pytest.raises(SetupError, match="nemesis: unknown nemesis"):
        new_game(cfg(nemesis="Nobody"))


def test_every_clause_with_a_rule_is_implemented():
    assert RULESET.catalogue is CATALOGUE
    assert CATALOGUE.unimplemented() == ()


def test_step_never_changes_its_input_and_games_end():
    from oblivaeon_verify.play import choose

    rng = random.Random(4)
    s = new_game(cfg())
    while s.options:
        before = RULESET.to_json(s)
        nxt, _ = step(s, choose(rng, s.options, RULESET.decision_weight))
        assert RULESET.to_json(s) == before
        s = nxt
    assert s.outcome.kind in ("won", "lost")


def test_a_scenario_effect_waits_for_a_pending_choice_but_not_for_a_phases_own_decisions():
    """The scenario builder resolves an effect, as a card would, only where no choice is pending: the game's first
    point, the turn order draw, is chance's to decide; a player's main phase offers its decisions again after it."""
    start = new_game(cfg())
    assert start.options and all(o.is_chance for o in start.options)
    with pytest.raises(ValueError, match="a decision is pending; decide it before an effect can resolve"):
        inject(start, "gravehold", 2, "TRACKERS")
    main = to_player_turn(start)
    after, events = inject(main, "gravehold", 2, "TRACKERS")
    assert after.gravehold == main.gravehold - 2 and any(e.kind == "gravehold-damage" for e in events)
    assert (after.actor, after.phase) == (main.actor, main.phase)
