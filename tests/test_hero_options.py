"""Hero Turns: the move at the very start, then one of the six options (or none), then the usual turn.

Situations are built on the state at Hero 1's move decision (``tests.support.game()``): the six
options are computed when the option point is reached, so a situation placed before choosing to
stay or move is what the options see.  Cards placed by hand are taken from where they were.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from oblivaeon_verify.model.oblivaeon.battle_zones import targets_in, zone_of_target
from oblivaeon_verify.model.oblivaeon.cards import CHARACTER_CARDS, MISSION_DECK, PHYSICAL
from oblivaeon_verify.model.oblivaeon.decisions import Decision, IllegalDecision
from oblivaeon_verify.model.oblivaeon.engine import step
from oblivaeon_verify.model.oblivaeon.round_order import Turn, current_phase, current_turn
from oblivaeon_verify.model.oblivaeon.vocabulary import Damage, MoveHero, Target

from tests.support import choose, effect, every_card, find, game, objective_to, quiet, until, with_seat

SIX = ("take-objective", "swap-objective", "trade-objective", "shuffle-mission-deck", "incap-ability", "regain-reward")

RELAY = "mission:secure-the-relay#1"  # token objective, no HP
CODEX = "mission:recover-the-codex#1"  # token objective, no HP
CONSTRUCT = "mission:rogue-construct#1"  # villain objective target, 7 HP
RIFT = "mission:unstable-rift#1"  # environment objective target, 6 HP
HUNT = "mission:scion-hunt#1"  # villain objective target, reward is equipment
OUTPOST = "mission:aeon-outpost#1"  # the Mission deck's top card in the default game
FALLEN = "char:bunker:bunker"  # a character card from the box, used as an earlier, incapacitated hero


# --- building situations -------------------------------------------------------------------


def reward_to(state, i: int, card: str):
    """Move ``card`` from the Mission deck into seat ``i``'s play area, reward side up (a completed mission)."""
    state = dataclasses.replace(state, mission_deck=state.mission_deck.remove(card), reward_side=state.reward_side | {card})
    state = with_seat(state, i, play=state.seats[i].play + (card,))
    reward = PHYSICAL[card].reward
    if reward.hp:
        state = dataclasses.replace(state, hp={**state.hp, card: reward.hp})
    return state


def incapacitated_in(state, i: int, char: str = FALLEN, rewards: tuple[str, ...] = ()):
    """Seat ``i``'s play area keeps an incapacitated character card from the box, with rewards under it."""
    state = dataclasses.replace(state, box=tuple(c for c in state.box if c != char))
    state = with_seat(state, i, incapacitated=state.seats[i].incapacitated + (char,))
    if rewards:
        deck = state.mission_deck
        for r in rewards:
            deck = deck.remove(r)
        state = dataclasses.replace(
            state,
            mission_deck=deck,
            under={**state.under, char: rewards},
            reward_side=state.reward_side | set(rewards),
        )
    return state


def stay(state):
    """Hero 1 stays: the option point is reached with the situation built so far."""
    state, _ = choose(state, "stay")
    assert current_turn(state) == Turn("hero", seat=0) and current_phase(state) == "option"
    return state


def kinds_of(state) -> set[str]:
    return {d.kind for d in state.options}


# --- HERO.MOVE -----------------------------------------------------------------------------


def test_a_hero_turn_opens_with_the_choice_to_stay_or_move_HERO_MOVE():
    """HERO.MOVE: at the very start of the turn the player may move the hero to the other battle zone, or not."""
    state = game()
    assert current_turn(state) == Turn("hero", seat=0) and current_phase(state) == "move"
    assert set(state.options) == {Decision("stay", "hero 1", zone=1), Decision("move", "hero 1", zone=2)}


def test_staying_leaves_the_hero_where_it_is_HERO_MOVE():
    """HERO.MOVE: the move is optional; staying moves nothing and leads on to the option."""
    state = game()
    after, events = choose(state, "stay")
    assert after.seats[0].zone == 1
    assert not any(e.kind == "hero-moved" for e in events)
    assert current_phase(after) == "option"


def test_moving_puts_the_heros_marker_in_the_other_battle_zone_HERO_MOVE():
    """HERO.MOVE: moving the marker moves the hero from the First to the Second Battle Zone."""
    state = game()
    after, events = choose(state, "move", zone=2)
    assert after.seats[0].zone == 2
    assert [s.zone for s in after.seats[1:]] == [1, 1, 1]
    moved = [e for e in events if e.kind == "hero-moved"]
    assert [(e.clause, e.source_zone, e.zone, e.target) for e in moved] == [("HERO.MOVE", 1, 2, "char:legacy:legacy")]
    assert current_phase(after) == "option"


def test_the_heros_play_area_and_its_cards_move_with_the_marker_HERO_MOVE():
    """HERO.MOVE with CLAR.ZONE-MEMBERSHIP: a target in the hero's play area is in the hero's zone after the move."""
    state = objective_to(game(), 0, CONSTRUCT)
    assert zone_of_target(state, CONSTRUCT) == 1
    after, _ = choose(state, "move", zone=2)
    assert zone_of_target(after, CONSTRUCT) == 2
    assert {"char:legacy:legacy", CONSTRUCT} <= set(targets_in(after, 2))
    assert CONSTRUCT not in targets_in(after, 1) and "char:legacy:legacy" not in targets_in(after, 1)
    # a zone 1 effect hitting every target there no longer reaches the objective
    _, events = effect(after, [Damage(1, "fire", Target("any", "each"))], side="villain", seat=-1, zone=1)
    hit = {e.target for e in events if e.kind == "damage"}
    assert "char:tachyon:tachyon" in hit and CONSTRUCT not in hit and "char:legacy:legacy" not in hit


def test_a_hero_in_the_second_zone_may_move_back_to_the_first_HERO_MOVE():
    """HERO.MOVE: from the other battle zone, the move goes back to the First."""
    state = with_seat(game(), 1, zone=2)
    state, _ = until(state, lambda s: current_turn(s) == Turn("hero", seat=1), policy=quiet)
    assert set(state.options) == {Decision("stay", "hero 2", zone=2), Decision("move", "hero 2", zone=1)}
    after, events = choose(state, "move", zone=1)
    assert after.seats[1].zone == 1
    assert [(e.source_zone, e.zone) for e in events if e.kind == "hero-moved"] == [(2, 1)]


# --- HERO.OPTION: which options are legal ----------------------------------------------------


def test_after_the_move_the_player_picks_one_of_the_six_options_or_none_HERO_OPTION():
    """HERO.OPTION: the option point comes after the move, belongs to the player, and always allows none."""
    state = stay(game())
    assert all(d.actor == "hero 1" for d in state.options)
    assert state.options[-1] == Decision("no-option", "hero 1")
    assert kinds_of(state) <= set(SIX) | {"no-option"}


def test_with_no_objective_the_player_may_take_one_but_not_swap_or_trade_HERO_OPT_TAKE():
    """HERO.OPT.TAKE: with no objective in the play area, taking one is legal; swapping and trading are not."""
    state = stay(game())
    assert "take-objective" in kinds_of(state)
    assert "swap-objective" not in kinds_of(state)
    assert "trade-objective" not in kinds_of(state)


def test_with_an_objective_the_player_may_swap_it_but_not_take_another_HERO_OPT_SWAP():
    """HERO.OPT.TAKE, HERO.OPT.SWAP: holding an objective rules out taking one and allows swapping it out."""
    state = stay(objective_to(game(), 0, RELAY))
    assert "take-objective" not in kinds_of(state)
    assert [d.card for d in state.options if d.kind == "swap-objective"] == [RELAY]


def test_a_reward_in_the_play_area_is_no_objective_so_taking_stays_legal_HERO_OPT_TAKE():
    """HERO.OPT.TAKE with CLAR.REWARD-NO-OBJECTIVE: a completed mission (reward) does not count as an objective."""
    state = stay(reward_to(game(), 0, HUNT))
    assert "take-objective" in kinds_of(state)
    assert "swap-objective" not in kinds_of(state)


def test_nothing_can_be_taken_from_an_empty_mission_deck_HERO_OPT_TAKE():
    """HERO.OPT.TAKE: the option moves the Mission deck's top card; with no card there it is not offered."""
    state = game()
    cards = state.mission_deck.cards()
    state = dataclasses.replace(
        state, mission_deck=dataclasses.replace(state.mission_deck, top=(), middle=(), bottom=()), out=state.out + cards
    )
    state = stay(incapacitated_in(state, 0))  # an incapacitated card keeps the option point open
    assert "take-objective" not in kinds_of(state)
    assert {"incap-ability", "no-option"} <= kinds_of(state)


def test_trading_needs_another_player_in_the_same_zone_with_an_objective_HERO_OPT_TRADE():
    """HERO.OPT.TRADE: both players must have an objective; the trade is offered with each such player."""
    state = objective_to(objective_to(objective_to(game(), 0, RELAY), 1, CODEX), 3, CONSTRUCT)
    state = stay(state)
    trades = [(d.card, d.index, d.target) for d in state.options if d.kind == "trade-objective"]
    assert trades == [(RELAY, 1, CODEX), (RELAY, 3, CONSTRUCT)]  # not with hero 3, who holds none


def test_no_trade_without_an_objective_of_ones_own_HERO_OPT_TRADE():
    """HERO.OPT.TRADE: another player's objective alone does not allow a trade."""
    state = stay(objective_to(game(), 1, CODEX))
    assert "trade-objective" not in kinds_of(state)
    assert "take-objective" in kinds_of(state)


def test_no_trade_with_a_player_in_the_other_battle_zone_HERO_OPT_TRADE():
    """HERO.OPT.TRADE, CLAR.MISSION-ZONE: the other player's hero must be in the same battle zone."""
    state = objective_to(objective_to(game(), 0, RELAY), 1, CODEX)
    state = with_seat(state, 1, zone=2)
    state = stay(state)
    assert "trade-objective" not in kinds_of(state)


def test_after_moving_the_trade_partners_are_those_of_the_new_zone_HERO_OPT_TRADE():
    """HERO.OPT.TRADE: the same-zone test uses the zone the hero moved to this turn."""
    state = objective_to(objective_to(objective_to(game(), 0, RELAY), 1, CODEX), 2, CONSTRUCT)
    state = with_seat(state, 2, zone=2)
    state, _ = choose(state, "move", zone=2)
    trades = [(d.index, d.target) for d in state.options if d.kind == "trade-objective"]
    assert trades == [(2, CONSTRUCT)]


def test_the_mission_deck_may_be_shuffled_HERO_OPT_SHUFFLE():
    """HERO.OPT.SHUFFLE: shuffling the Mission deck is one of the options, with or without an objective."""
    assert "shuffle-mission-deck" in kinds_of(stay(game()))
    assert "shuffle-mission-deck" in kinds_of(stay(objective_to(game(), 0, RELAY)))


def test_incapacitated_abilities_need_an_incapacitated_card_in_ones_own_play_area_HERO_OPT_INCAP_ABILITY():
    """HERO.OPT.INCAP-ABILITY: each ability printed on an incapacitated card in the play area is an option; none without one."""
    assert "incap-ability" not in kinds_of(stay(game()))
    state = stay(incapacitated_in(game(), 0))
    offered = [(d.card, d.index) for d in state.options if d.kind == "incap-ability"]
    assert offered == [(FALLEN, i) for i in range(len(CHARACTER_CARDS[FALLEN].incap))]
    assert len(offered) == 3


def test_another_players_incapacitated_card_gives_no_ability_HERO_OPT_INCAP_ABILITY():
    """HERO.OPT.INCAP-ABILITY: only incapacitated cards in *their* play area."""
    state = stay(incapacitated_in(game(), 1))
    assert "incap-ability" not in kinds_of(state)


def test_a_reward_under_an_incapacitated_card_may_be_regained_HERO_OPT_REGAIN_REWARD():
    """HERO.OPT.REGAIN-REWARD: a reward under an incapacitated character card in the play area is an option."""
    state = stay(incapacitated_in(game(), 0, rewards=(HUNT,)))
    assert [(d.card, d.target) for d in state.options if d.kind == "regain-reward"] == [(FALLEN, HUNT)]


def test_no_regain_without_a_reward_under_an_incapacitated_card_HERO_OPT_REGAIN_REWARD():
    """HERO.OPT.REGAIN-REWARD: an incapacitated card with nothing under it, or another player's, offers no reward."""
    assert "regain-reward" not in kinds_of(stay(incapacitated_in(game(), 0)))
    assert "regain-reward" not in kinds_of(stay(incapacitated_in(game(), 1, rewards=(HUNT,))))


# --- HERO.OPT.*: what each option does -------------------------------------------------------


def test_taking_moves_the_mission_decks_top_card_into_the_play_area_HERO_OPT_TAKE():
    """HERO.OPT.TAKE: the top card of the Mission deck enters the play area, objective side up, at full HP."""
    state = stay(game())
    top = state.mission_deck.peek_top()
    assert top == OUTPOST
    after, events = choose(state, "take-objective")
    assert after.seats[0].play == (OUTPOST,)
    assert OUTPOST not in after.reward_side and OUTPOST not in after.mission_deck.cards()
    assert after.hp[OUTPOST] == PHYSICAL[OUTPOST].hp
    taken = [e for e in events if e.kind == "objective-taken"]
    assert [(e.clause, e.card, e.zone) for e in taken] == [("HERO.OPT.TAKE", OUTPOST, 1)]
    assert every_card(after) == every_card(state)


def test_swapping_puts_the_objective_under_the_mission_deck_and_takes_the_top_HERO_OPT_SWAP():
    """HERO.OPT.SWAP: the objective goes to the bottom of the Mission deck; the top card comes into the play area."""
    state = stay(objective_to(game(), 0, RELAY))
    after, events = choose(state, "swap-objective", card=RELAY)
    assert after.seats[0].play == (OUTPOST,)
    assert after.mission_deck.bottom[-1] == RELAY
    assert [(e.kind, e.clause) for e in events if e.kind in ("to-mission-deck", "objective-taken")] == [
        ("to-mission-deck", "HERO.OPT.SWAP"),
        ("objective-taken", "HERO.OPT.SWAP"),
    ]
    assert every_card(after) == every_card(state)


def test_trading_exchanges_the_two_objectives_HERO_OPT_TRADE():
    """HERO.OPT.TRADE: my objective goes to the other player's play area and theirs comes to mine."""
    state = stay(objective_to(objective_to(game(), 0, RELAY), 2, CODEX))
    after, events = choose(state, "trade-objective", card=RELAY, index=2)
    assert after.seats[0].play == (CODEX,)
    assert after.seats[2].play == (RELAY,)
    traded = [e for e in events if e.kind == "objective-traded"]
    assert [(e.clause, e.card, e.target) for e in traded] == [("HERO.OPT.TRADE", RELAY, CODEX)]
    assert every_card(after) == every_card(state)


def test_shuffling_makes_the_mission_decks_order_unknown_again_HERO_OPT_SHUFFLE():
    """HERO.OPT.SHUFFLE: after the shuffle any card, the old top included, may be on top (a chance point follows)."""
    state = stay(game())
    before = Counter(state.mission_deck.cards())
    after, events = step(state, find(state, "shuffle-mission-deck"))
    assert [(e.kind, e.clause) for e in events if e.kind == "shuffle"] == [("shuffle", "HERO.OPT.SHUFFLE")]
    assert all(d.is_chance and d.target == "the Mission deck" for d in after.options)
    assert sum(d.weight for d in after.options) == len(MISSION_DECK)
    assert OUTPOST in {d.card for d in after.options}
    assert Counter(after.mission_deck.cards()) == before
    settled, _ = step(after, find(after, "reveal", card=RELAY))
    assert settled.mission_deck.peek_top() == RELAY


def test_an_incapacitated_ability_resolves_for_the_player_HERO_OPT_INCAP_ABILITY():
    """HERO.OPT.INCAP-ABILITY: the chosen ability of the incapacitated card resolves (the standard second one: draw a card)."""
    state = stay(incapacitated_in(game(), 0))
    hand = len(state.seats[0].hand)
    after, events = choose(state, "incap-ability", card=FALLEN, index=1)
    used = [e for e in events if e.kind == "incap-ability"]
    assert [(e.clause, e.card, e.amount) for e in used] == [("HERO.OPT.INCAP-ABILITY", FALLEN, 2)]
    assert len(after.seats[0].hand) == hand + 1
    assert after.seats[0].incapacitated == (FALLEN,)


def test_regaining_moves_the_reward_from_under_the_card_to_the_hand_HERO_OPT_REGAIN_REWARD():
    """HERO.OPT.REGAIN-REWARD: the reward leaves the incapacitated card and joins the player's hand, still a reward."""
    state = stay(incapacitated_in(game(), 0, rewards=(HUNT,)))
    after, events = choose(state, "regain-reward", card=FALLEN, target=HUNT)
    assert HUNT in after.seats[0].hand
    assert after.under.get(FALLEN, ()) == ()
    assert HUNT in after.reward_side
    assert [(e.clause, e.card, e.target) for e in events if e.kind == "reward-regained"] == [("HERO.OPT.REGAIN-REWARD", HUNT, FALLEN)]
    assert every_card(after) == every_card(state)


def test_using_no_option_changes_nothing_and_the_turn_goes_on_HERO_OPTION():
    """HERO.OPTION, HERO.CONTINUE: the player may do none of the six; the turn continues with its start and play phases."""
    state = stay(objective_to(game(), 0, RELAY))
    after, events = choose(state, "no-option")
    assert after.seats == state.seats
    assert after.mission_deck == state.mission_deck
    assert not any(e.clause.startswith("HERO.OPT") for e in events)
    assert current_phase(after) == "play"


@pytest.mark.parametrize("kind", ["take-objective", "shuffle-mission-deck", "no-option"])
def test_only_one_option_is_used_per_turn_HERO_OPTION(kind):
    """HERO.OPTION: one of the six things, then the turn continues: no second option is offered."""
    state = stay(game())
    after, _ = choose(state, kind)
    assert current_turn(after) == Turn("hero", seat=0)
    assert current_phase(after) == "play"
    assert not kinds_of(after) & set(SIX)


# --- illegal decisions ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "build, bad",
    [
        (lambda s: s, Decision("swap-objective", "hero 1", card=RELAY)),
        (lambda s: objective_to(s, 0, RELAY), Decision("take-objective", "hero 1")),
        (
            lambda s: with_seat(objective_to(objective_to(s, 0, RELAY), 1, CODEX), 1, zone=2),
            Decision("trade-objective", "hero 1", card=RELAY, target=CODEX, index=1),
        ),
        (lambda s: s, Decision("incap-ability", "hero 1", card=FALLEN, index=0)),
        (lambda s: incapacitated_in(s, 0), Decision("regain-reward", "hero 1", card=FALLEN, target=HUNT)),
        (lambda s: s, Decision("take-objective", "hero 2")),
    ],
    ids=["swap-without-objective", "take-with-objective", "trade-across-zones", "incap-without-card", "regain-nothing", "wrong-player"],
)
def test_an_illegal_option_is_refused_naming_the_legal_ones_HERO_OPTION(build, bad):
    """HERO.OPTION: step() refuses a decision that is not legal, listing the legal ones, and leaves the state as it was."""
    state = stay(build(game()))
    snapshot = every_card(state), state.seats, state.mission_deck
    with pytest.raises(IllegalDecision) as info:
        step(state, bad)
    assert info.value.legal == state.options
    message = str(info.value)
    assert "illegal decision" in message and "Hero 1's turn, option phase" in message
    for legal in state.options:
        assert str(legal) in message
    assert (every_card(state), state.seats, state.mission_deck) == snapshot


def test_an_illegal_move_is_refused_HERO_MOVE():
    """HERO.MOVE: the only move is to the other battle zone; 'moving' to the zone the hero is in is refused."""
    state = game()
    with pytest.raises(IllegalDecision) as info:
        step(state, Decision("move", "hero 1", zone=1))
    assert "move to the Second Battle Zone" in str(info.value)


# --- CLAR.MULTIPLE-MOVES -------------------------------------------------------------------


def test_a_hero_may_move_twice_in_one_turn_CLAR_MULTIPLE_MOVES():
    """CLAR.MULTIPLE-MOVES: after the turn's move, a card effect may move the hero again in the same turn."""
    state, first = choose(game(), "move", zone=2)
    assert state.seats[0].zone == 2
    after, second = effect(state, [MoveHero("self")], seat=0, source="legacy:redeploy#1")
    assert after.seats[0].zone == 1
    assert current_turn(after) == Turn("hero", seat=0)
    moves = [e for e in list(first) + list(second) if e.kind == "hero-moved"]
    assert [(e.clause, e.source_zone, e.zone) for e in moves] == [("HERO.MOVE", 1, 2), ("CLAR.MULTIPLE-MOVES", 2, 1)]


def test_a_card_played_after_the_move_moves_the_hero_again_CLAR_MULTIPLE_MOVES():
    """CLAR.MULTIPLE-MOVES: Redeploy, played in the play phase after the turn's move, moves the hero a second time."""
    state = game()
    redeploy = "legacy:redeploy#1"
    seat = state.seats[0]
    state = with_seat(state, 0, deck=seat.deck.remove(redeploy), hand=seat.hand + (redeploy,))
    state, _ = choose(state, "move", zone=2)
    state, _ = choose(state, "no-option")
    assert current_phase(state) == "play" and state.seats[0].zone == 2
    after, events = choose(state, "play-card", card=redeploy)
    assert after.seats[0].zone == 1
    assert [(e.clause, e.card, e.zone) for e in events if e.kind == "hero-moved"] == [("CLAR.MULTIPLE-MOVES", redeploy, 1)]
    assert current_turn(after) == Turn("hero", seat=0)


def test_three_moves_in_a_turn_are_allowed_too_CLAR_MULTIPLE_MOVES():
    """CLAR.MULTIPLE-MOVES: there is no limit of one move per turn: two effects after the turn's move both move the hero."""
    state, _ = choose(game(), "move", zone=2)
    state, e1 = effect(state, [MoveHero("self")], seat=0)
    state, e2 = effect(state, [MoveHero("self")], seat=0)
    assert state.seats[0].zone == 2
    assert [e.zone for e in list(e1) + list(e2) if e.kind == "hero-moved"] == [1, 2]
