"""Missions: the objective-side-up Mission deck, taking, swapping and trading objectives, completing them,
and the Rules Clarifications about Mission cards.

Situations are built on the state at Hero 1's move decision (``tests.support.game()``), where the
Mission deck's known top card is Aeon Outpost; cards placed by hand are taken from the Mission deck.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from oblivaeon_verify.model.oblivaeon import missions
from oblivaeon_verify.model.oblivaeon.battle_zones import OBLIVAEON, card_side, current_def, is_character, target_side
from oblivaeon_verify.model.oblivaeon.cards import MISSION_CARDS, MISSION_DECK, PHYSICAL, SCIONS
from oblivaeon_verify.model.oblivaeon.decisions import Decision, IllegalDecision
from oblivaeon_verify.model.oblivaeon.draft import Draft
from oblivaeon_verify.model.oblivaeon.engine import step
from oblivaeon_verify.model.oblivaeon.round_order import Turn, current_phase, current_turn
from oblivaeon_verify.model.oblivaeon.vocabulary import AddToken, Damage, Destroy, ReclaimReward, Target

from tests.support import choose, effect, every_card, find, game, objective_to, until, with_seat

OUTPOST = "mission:aeon-outpost#1"  # the Mission deck's known top card in the default game; 8 HP -> Outpost Defender, 6 HP
RELAY = "mission:secure-the-relay#1"  # 2 tokens -> Relay Uplink (equipment)
CODEX = "mission:recover-the-codex#1"  # 2 tokens -> Codex of Ages (ongoing)
NEXUS = "mission:stabilize-the-nexus#1"  # 2 tokens -> Nexus Anchor (ongoing)
SIGNAL = "mission:decode-the-signal#1"  # 1 token -> Signal Jammer (power: damage, then destroy this card)
CONSTRUCT = "mission:rogue-construct#1"  # villain objective, 7 HP -> Salvaged Drone, a 5 HP hero target
RIFT = "mission:unstable-rift#1"  # environment objective, 6 HP -> Rift Shard (equipment)
HUNT = "mission:scion-hunt#1"  # villain objective, 5 HP -> Trophy of the Hunt (equipment, no HP)
SIEGE = "mission:hold-the-line#1"  # villain objective, an ongoing with no HP -> Bulwark

LEGACY, TACHYON, RA = "char:legacy:legacy", "char:tachyon:tachyon", "char:ra:ra"


# --- building situations -------------------------------------------------------------------


def reward_to(state, i: int, card: str, hp: int | None = None, where: str = "play"):
    """Move ``card`` from the Mission deck to seat ``i``'s play area (or hand), reward side up."""
    state = dataclasses.replace(state, mission_deck=state.mission_deck.remove(card), reward_side=state.reward_side | {card})
    seat = state.seats[i]
    state = with_seat(state, i, **{where: getattr(seat, where) + (card,)})
    reward = PHYSICAL[card].reward
    if reward.hp and where == "play":
        state = dataclasses.replace(state, hp={**state.hp, card: reward.hp if hp is None else hp})
    return state


def stay(state):
    state, _ = choose(state, "stay")
    assert current_turn(state) == Turn("hero", seat=0) and current_phase(state) == "option"
    return state


def to_play_phase(state):
    """Hero 1 stays and uses no option: the play phase, where objective costs may be paid."""
    state, _ = choose(stay(state), "no-option")
    assert current_phase(state) == "play"
    return state


def completed(state, card):
    """Run missions.complete_objective on ``card`` directly; return the new state and its events."""
    d = Draft(state)
    missions.complete_objective(d, card)
    return d.freeze(), list(d.events)


def mission_top_is_known(state) -> bool:
    deck = state.mission_deck
    return deck.top_known() and deck.peek_top() is not None and deck.peek_top() not in state.reward_side


def quiet(state):
    """Heroes stay and do nothing; environment decks turn up their Shelter (harmless) when they can."""
    for kind in ("stay", "no-option", "skip-play", "skip-power"):
        for d in state.options:
            if d.kind == kind:
                return d
    for d in state.options:
        if d.is_chance and ":shelter#" in d.card:
            return d
    return state.options[0]


# --- MISSION.DECK-OBJECTIVE-UP -------------------------------------------------------------


def test_the_mission_decks_top_objective_is_known_after_setup_MISSION_DECK_OBJECTIVE_UP():
    """MISSION.DECK-OBJECTIVE-UP: the deck is objective side up, so the next objective is known from the start."""
    state = game()
    assert mission_top_is_known(state)
    assert state.mission_deck.peek_top() == OUTPOST
    assert PHYSICAL[OUTPOST].side == "mission" and OUTPOST not in state.reward_side


def test_the_next_objective_is_revealed_as_soon_as_one_is_taken_MISSION_DECK_OBJECTIVE_UP():
    """MISSION.DECK-OBJECTIVE-UP: taking the top card at once exposes the next one, before the turn goes on."""
    state = stay(game())
    after, _ = step(state, find(state, "take-objective"))
    assert current_phase(after) == "option"  # still in the option phase: the reveal comes first
    assert after.options and all(d.is_chance and d.target == "the Mission deck" for d in after.options)
    assert sum(d.weight for d in after.options) == len(MISSION_DECK) - 1
    settled, _ = step(after, find(after, "reveal", card=RELAY))
    assert mission_top_is_known(settled) and settled.mission_deck.peek_top() == RELAY
    assert current_phase(settled) == "play"


def test_the_next_objective_is_known_after_a_swap_MISSION_DECK_OBJECTIVE_UP():
    """MISSION.DECK-OBJECTIVE-UP: after a swap the new top card is revealed too."""
    state = stay(objective_to(game(), 0, CODEX))
    after, _ = step(state, find(state, "swap-objective", card=CODEX))
    assert all(d.is_chance and d.target == "the Mission deck" for d in after.options)
    settled, _ = step(after, find(after, "reveal", card=RIFT))
    assert mission_top_is_known(settled) and settled.mission_deck.peek_top() == RIFT


def test_the_new_top_objective_is_known_after_a_shuffle_MISSION_DECK_OBJECTIVE_UP():
    """MISSION.DECK-OBJECTIVE-UP: a shuffle makes the order unknown, and the new top objective is revealed at once."""
    state = stay(game())
    after, _ = choose(state, "shuffle-mission-deck")
    assert mission_top_is_known(after)
    assert Counter(after.mission_deck.cards()) == Counter(state.mission_deck.cards())


def test_the_top_objective_stays_known_when_a_card_goes_under_the_deck_MISSION_DECK_OBJECTIVE_UP():
    """MISSION.DECK-OBJECTIVE-UP: a card put under the deck does not hide the top one."""
    state = reward_to(game(), 0, CONSTRUCT)
    after, _ = effect(state, [ReclaimReward()], side="villain", seat=-1, zone=1, source="oblivaeon:reclamation#1")
    assert after.mission_deck.peek_top() == OUTPOST
    assert after.mission_deck.peek_bottom() == CONSTRUCT


# --- HERO.OPT.TAKE / SWAP / TRADE effects on Mission cards -----------------------------------------


def test_a_taken_objective_is_objective_side_up_at_its_printed_hp_HERO_OPT_TAKE():
    """HERO.OPT.TAKE: the taken card comes into the play area objective side up, a target at its printed HP."""
    state = stay(game())
    after, events = choose(state, "take-objective")
    assert after.seats[0].play == (OUTPOST,)
    assert missions.objectives_of(after, 0) == [OUTPOST]
    assert after.hp[OUTPOST] == PHYSICAL[OUTPOST].hp == 8
    assert [(e.kind, e.clause, e.card) for e in events if e.kind == "objective-taken"] == [("objective-taken", "HERO.OPT.TAKE", OUTPOST)]


def test_a_swapped_out_objective_loses_its_tokens_and_damage_in_the_deck_HERO_OPT_SWAP():
    """HERO.OPT.SWAP: the objective goes under the Mission deck; the old top comes out fresh."""
    state = stay(objective_to(game(), 0, CONSTRUCT, hp=2, tokens=1))
    after, _ = choose(state, "swap-objective", card=CONSTRUCT)
    assert after.mission_deck.bottom[-1] == CONSTRUCT
    assert CONSTRUCT not in after.hp and CONSTRUCT not in after.tokens
    assert after.seats[0].play == (OUTPOST,)
    assert after.hp[OUTPOST] == 8
    assert every_card(after) == every_card(state)


def test_a_trade_keeps_each_objectives_tokens_CLAR_TRADE_KEEPS_STATE():
    """CLAR.TRADE-KEEPS-STATE: a traded objective keeps the tokens it has accumulated."""
    state = objective_to(objective_to(game(), 0, RELAY, tokens=1), 1, CODEX)
    after, _ = choose(stay(state), "trade-objective", card=RELAY, index=1)
    assert after.seats[1].play == (RELAY,) and after.seats[0].play == (CODEX,)
    assert after.tokens.get(RELAY) == 1
    assert after.tokens.get(CODEX, 0) == 0


def test_a_trade_keeps_each_objectives_damaged_hp_CLAR_TRADE_KEEPS_STATE():
    """CLAR.TRADE-KEEPS-STATE: an objective with HP keeps its current (damaged) HP when traded, both ways."""
    state = objective_to(objective_to(game(), 0, CONSTRUCT, hp=3), 2, RIFT, hp=4)
    after, events = choose(stay(state), "trade-objective", card=CONSTRUCT, index=2)
    assert after.seats[2].play == (CONSTRUCT,) and after.seats[0].play == (RIFT,)
    assert after.hp[CONSTRUCT] == 3
    assert after.hp[RIFT] == 4
    assert not any(e.kind in ("heal", "damage") and e.target in (CONSTRUCT, RIFT) for e in events)


def test_a_traded_objective_stays_objective_side_up_HERO_OPT_TRADE():
    """HERO.OPT.TRADE: trading moves objectives between play areas without completing or flipping them."""
    state = objective_to(objective_to(game(), 0, RELAY, tokens=1), 1, CODEX)
    after, _ = choose(stay(state), "trade-objective", card=RELAY, index=1)
    assert missions.objectives_of(after, 0) == [CODEX]
    assert missions.objectives_of(after, 1) == [RELAY]
    assert after.reward_side == state.reward_side


# --- MISSION.OBJECTIVE-COMPLETION, MISSION.DOUBLE-SIDED --------------------------------------------


@pytest.mark.parametrize("mission", MISSION_CARDS, ids=lambda m: m.key)
def test_every_mission_card_has_an_objective_side_and_a_hero_reward_side_MISSION_DOUBLE_SIDED(mission):
    """MISSION.DOUBLE-SIDED: an objective side, and a reward side that is a hero card with a type keyword, or a hero target."""
    assert mission.side == "mission" and mission.deck == "Mission"
    assert mission.keywords[0] in ("villain objective", "environment objective")
    assert mission.tokens_needed or mission.hp, "the objective side says how it is achieved"
    reward = mission.reward
    assert reward is not None and reward.side == "hero"
    assert reward.hp or reward.keywords, "a reward is a hero target or a hero card with a type keyword"


def test_paying_the_last_token_completes_the_objective_in_the_same_play_area_MISSION_OBJECTIVE_COMPLETION():
    """MISSION.OBJECTIVE-COMPLETION: when its cost is paid in full, the objective flips to its reward where it is."""
    state = to_play_phase(objective_to(game(), 0, RELAY, tokens=1))
    state, _ = choose(state, "pay-objective", target=RELAY)
    discard = state.options[0].card
    after, events = choose(state, "discard", card=discard)
    assert RELAY in after.reward_side and after.seats[0].play == (RELAY,)
    assert current_def(after, RELAY).name == "Relay Uplink"
    assert discard in after.seats[0].trash and discard not in after.seats[0].hand
    seq = [(e.kind, e.clause, e.amount) for e in events if e.kind in ("objective-token", "objective-completed")]
    assert seq == [("objective-token", "MISSION.OBJECTIVE-COMPLETION", 2), ("objective-completed", "MISSION.OBJECTIVE-COMPLETION", 0)]
    assert after.shield_tasks == state.shield_tasks + 1


def test_a_token_short_of_the_cost_leaves_the_objective_uncompleted_MISSION_OBJECTIVE_COMPLETION():
    """MISSION.OBJECTIVE-COMPLETION: one token of two is progress, not completion."""
    state = to_play_phase(objective_to(game(), 0, RELAY))
    state, _ = choose(state, "pay-objective", target=RELAY)
    after, events = choose(state, "discard", card=state.options[0].card)
    assert after.tokens[RELAY] == 1
    assert RELAY not in after.reward_side
    assert not any(e.kind == "objective-completed" for e in events)


def test_an_objective_target_destroyed_by_damage_flips_to_its_reward_MISSION_OBJECTIVE_COMPLETION():
    """MISSION.OBJECTIVE-COMPLETION: a target objective reduced to 0 HP is achieved: it flips, it is not trashed."""
    state = objective_to(game(), 0, CONSTRUCT)
    state, _ = effect(state, [Damage(20, "melee", Target("villain", "choose"))], seat=0)
    after, events = step(state, find(state, "target", target=CONSTRUCT))
    assert CONSTRUCT in after.reward_side
    assert CONSTRUCT in after.seats[0].play and CONSTRUCT not in after.seats[0].trash
    assert [e.card for e in events if e.kind == "objective-completed"] == [CONSTRUCT]


# --- CLAR.FLIP-CLEARS-TOKENS, CLAR.FLIP-RESTORES-HP ----------------------------------------------


def test_completing_an_objective_removes_every_token_from_it_CLAR_FLIP_CLEARS_TOKENS():
    """CLAR.FLIP-CLEARS-TOKENS: whenever an objective is flipped, all its tokens are removed."""
    state = objective_to(game(), 0, CONSTRUCT, hp=4, tokens=3)
    after, events = completed(state, CONSTRUCT)
    assert CONSTRUCT in after.reward_side
    assert CONSTRUCT not in after.tokens
    assert [(e.kind, e.clause) for e in events if e.kind == "objective-completed"] == [
        ("objective-completed", "MISSION.OBJECTIVE-COMPLETION")
    ]


def test_paid_tokens_do_not_stay_on_the_reward_CLAR_FLIP_CLEARS_TOKENS():
    """CLAR.FLIP-CLEARS-TOKENS: the tokens that completed a token objective are gone once it is a reward."""
    state = to_play_phase(objective_to(game(), 0, SIGNAL))
    state, _ = choose(state, "pay-objective", target=SIGNAL)
    after, _ = choose(state, "discard", card=state.options[0].card)
    assert SIGNAL in after.reward_side
    assert after.tokens.get(SIGNAL, 0) == 0


def test_a_flip_to_a_side_with_hp_restores_the_printed_hp_CLAR_FLIP_RESTORES_HP():
    """CLAR.FLIP-RESTORES-HP: a damaged Rogue Construct (3 of 7 HP) flips to Salvaged Drone at its printed 5 HP."""
    state = objective_to(game(), 0, CONSTRUCT, hp=3)
    after, _ = completed(state, CONSTRUCT)
    assert after.hp[CONSTRUCT] == PHYSICAL[CONSTRUCT].reward.hp == 5


def test_a_reward_with_more_hp_than_was_left_starts_full_CLAR_FLIP_RESTORES_HP():
    """CLAR.FLIP-RESTORES-HP: Aeon Outpost at 1 HP flips to Outpost Defender at its printed 6 HP."""
    state = game()
    state = dataclasses.replace(state, mission_deck=state.mission_deck.remove(OUTPOST))
    state = with_seat(state, 1, play=(OUTPOST,))
    state = dataclasses.replace(state, hp={**state.hp, OUTPOST: 1})
    after, _ = completed(state, OUTPOST)
    assert after.hp[OUTPOST] == 6


def test_a_reward_without_hp_is_no_target_after_the_flip_CLAR_FLIP_RESTORES_HP():
    """CLAR.FLIP-RESTORES-HP: Scion Hunt (5 HP) flips to Trophy of the Hunt, which has no HP: it keeps none."""
    state = objective_to(game(), 0, HUNT, hp=2)
    after, _ = completed(state, HUNT)
    assert HUNT not in after.hp
    assert current_def(after, HUNT).hp is None


def test_a_destroyed_target_objective_flips_to_full_reward_hp_through_the_engine_CLAR_FLIP_RESTORES_HP():
    """CLAR.FLIP-RESTORES-HP: overkill damage on the objective does not carry over to the reward."""
    state = objective_to(game(), 0, CONSTRUCT)
    state, _ = effect(state, [Damage(20, "melee", Target("villain", "choose"))], seat=0)
    after, _ = step(state, find(state, "target", target=CONSTRUCT))
    assert after.hp[CONSTRUCT] == 5


def test_an_objective_taken_again_after_reclaiming_starts_at_its_printed_hp_CLAR_FLIP_RESTORES_HP():
    """CLAR.FLIP-RESTORES-HP, CLAR.REWARD-NO-OBJECTIVE: a damaged reward sent back to the deck comes out as a full-HP objective."""
    state = reward_to(game(), 0, CONSTRUCT, hp=1)
    cards = state.mission_deck.cards()
    # leave the reclaimed card as the only one in the deck, so it is the next one taken
    state = dataclasses.replace(
        state, mission_deck=dataclasses.replace(state.mission_deck, top=(), middle=(), bottom=()), out=state.out + tuple(cards)
    )
    state, _ = effect(state, [ReclaimReward()], side="villain", seat=-1, zone=1, source="oblivaeon:reclamation#1")
    assert state.mission_deck.cards() == (CONSTRUCT,) and state.seats[0].play == ()
    after, _ = choose(stay(state), "take-objective")
    assert after.seats[0].play == (CONSTRUCT,)
    assert CONSTRUCT not in after.reward_side
    assert after.hp[CONSTRUCT] == 7


# --- CLAR.MISSION-ZONE -----------------------------------------------------------------------


def test_objective_costs_may_be_paid_only_in_the_heros_own_zone_CLAR_MISSION_ZONE():
    """CLAR.MISSION-ZONE: only players with a hero in that battle zone pay objective costs."""
    state = objective_to(objective_to(objective_to(game(), 0, RELAY), 1, CODEX), 2, NEXUS)
    state = with_seat(state, 1, zone=2)
    state = to_play_phase(state)
    payable = {d.target for d in state.options if d.kind == "pay-objective"}
    assert payable == {RELAY, NEXUS}  # own, and hero 3's in zone 1; not hero 2's in zone 2
    assert missions.objectives_in_zone(state, 1) == [RELAY, NEXUS]
    assert missions.objectives_in_zone(state, 2) == [CODEX]


def test_after_moving_the_payable_objectives_are_those_of_the_new_zone_CLAR_MISSION_ZONE():
    """CLAR.MISSION-ZONE: a hero that moved to the other zone may pay for objectives there, and no longer for its old zone's."""
    state = objective_to(objective_to(game(), 1, CODEX), 2, NEXUS)
    state = with_seat(state, 1, zone=2)
    state, _ = choose(state, "move", zone=2)
    state, _ = choose(state, "no-option")
    assert {d.target for d in state.options if d.kind == "pay-objective"} == {CODEX}


def test_an_objective_in_the_other_zone_cannot_be_paid_even_with_a_forged_decision_CLAR_MISSION_ZONE():
    """CLAR.MISSION-ZONE: paying for an objective in the other zone is refused by step()."""
    state = with_seat(objective_to(game(), 1, CODEX), 1, zone=2)
    state = to_play_phase(state)
    with pytest.raises(IllegalDecision):
        step(state, Decision("pay-objective", "hero 1", target=CODEX))


def test_a_token_effect_reaches_only_objectives_in_its_zone_CLAR_MISSION_ZONE():
    """CLAR.MISSION-ZONE: an effect that adds a token to an objective offers only objectives in its own zone."""
    state = objective_to(objective_to(objective_to(game(), 0, RELAY), 1, CODEX), 2, NEXUS)
    state = with_seat(state, 1, zone=2)
    after, _ = effect(state, [AddToken()], seat=0)
    assert {d.target for d in after.options} == {RELAY, NEXUS}
    settled, events = step(after, find(after, "target", target=NEXUS))
    assert settled.tokens.get(NEXUS) == 1 and CODEX not in settled.tokens
    assert [(e.kind, e.zone) for e in events if e.kind == "objective-token"] == [("objective-token", 1)]


@pytest.mark.parametrize("zone", [1, 2])
def test_an_objectives_own_effects_happen_in_its_holders_zone_CLAR_MISSION_ZONE(zone):
    """CLAR.MISSION-ZONE: Rogue Construct's end-of-villain-turn hit fires in the villain turn of the zone its holder is in."""
    state = objective_to(game(), 0, CONSTRUCT)
    state, _ = choose(state, "stay" if zone == 1 else "move", zone=zone)
    state, events = until(state, lambda s: s.cursor.round == 2, policy=quiet)
    assert state.seats[0].zone == zone
    fired = [e for e in events if e.kind == "trigger" and e.card == CONSTRUCT]
    assert [(e.clause, e.zone) for e in fired] == [("VILLAIN.END", zone)]
    hits = [e for e in events if e.kind == "damage" and e.card == CONSTRUCT]
    assert [(e.target, e.zone) for e in hits] == [(LEGACY, zone)]


def test_a_rewards_power_reaches_only_its_holders_zone_CLAR_MISSION_ZONE():
    """CLAR.MISSION-ZONE: Mission cards in a hero play area (rewards included) affect only that hero's battle zone."""
    state = to_play_phase(reward_to(game(), 0, RIFT))
    state, _ = choose(state, "skip-play")
    state, _ = step(state, find(state, "use-power", card=RIFT))
    targets = {d.target for d in state.options if d.kind == "target"}
    assert targets, "the power offers targets"
    assert SCIONS["Aeon Master"].key not in targets  # Aeon Master stands in the Second Battle Zone


# --- CLAR.COMPLETED-MISSION-TRASH -------------------------------------------------------------


def test_a_destroyed_reward_goes_to_the_trash_of_the_play_area_it_is_in_CLAR_COMPLETED_MISSION_TRASH():
    """CLAR.COMPLETED-MISSION-TRASH: a reward destroyed in hero 3's play area goes to hero 3's trash."""
    state = reward_to(game(), 2, RELAY)
    after, events = effect(state, [Destroy("equipment", "hero")], side="villain", seat=-1, zone=1, source="oblivaeon:unmaking#1")
    assert after.seats[2].trash == (RELAY,)
    assert RELAY not in after.seats[2].play
    assert all(RELAY not in s.trash for i, s in enumerate(after.seats) if i != 2)
    assert [(e.clause, e.target) for e in events if e.kind == "destroyed"] == [("CLAR.COMPLETED-MISSION-TRASH", RELAY)]
    assert every_card(after) == every_card(state)


def test_a_reward_target_destroyed_by_damage_goes_to_that_play_areas_trash_CLAR_COMPLETED_MISSION_TRASH():
    """CLAR.COMPLETED-MISSION-TRASH: Salvaged Drone at 0 HP in hero 2's play area goes to hero 2's trash, still a reward."""
    state = reward_to(game(), 1, CONSTRUCT, hp=1)
    after, events = effect(state, [Damage(3, "melee", Target("hero", "each"))], side="villain", seat=-1, zone=1)
    assert after.seats[1].trash == (CONSTRUCT,)
    assert CONSTRUCT in after.reward_side and CONSTRUCT not in after.hp
    assert CONSTRUCT not in after.mission_deck.cards()
    assert [e.clause for e in events if e.kind == "destroyed" and e.target == CONSTRUCT] == ["CLAR.COMPLETED-MISSION-TRASH"]


def test_a_reward_that_destroys_itself_goes_to_its_holders_trash_CLAR_COMPLETED_MISSION_TRASH():
    """CLAR.COMPLETED-MISSION-TRASH: Signal Jammer's power destroys it; it goes to the trash of the play area it was in."""
    state = to_play_phase(reward_to(game(), 0, SIGNAL))
    state, _ = choose(state, "skip-play")
    state, _ = choose(state, "use-power", card=SIGNAL)
    after, _ = choose(state, "target", target=SCIONS["Progeny"].key)
    assert SIGNAL in after.seats[0].trash and SIGNAL not in after.seats[0].play
    assert SIGNAL in after.reward_side  # a reward in a trash has no objective text


def test_a_discarded_reward_goes_to_the_players_trash_CLAR_COMPLETED_MISSION_TRASH():
    """CLAR.COMPLETED-MISSION-TRASH: a reward discarded from hand goes to that player's trash, still reward side up."""
    # pay an objective cost by discarding the reward from hand
    state = to_play_phase(objective_to(reward_to(game(), 0, HUNT, where="hand"), 0, RELAY))
    state, _ = choose(state, "pay-objective", target=RELAY)
    after, events = choose(state, "discard", card=HUNT)
    assert HUNT in after.seats[0].trash and HUNT not in after.seats[0].hand
    assert HUNT in after.reward_side and not missions.is_objective(after, HUNT)
    assert [e.clause for e in events if e.kind == "discard" and e.card == HUNT] == ["CLAR.COMPLETED-MISSION-TRASH"]


# --- CLAR.REWARD-NO-OBJECTIVE --------------------------------------------------------------


def test_a_reclaimed_reward_goes_under_the_mission_deck_objective_side_up_CLAR_REWARD_NO_OBJECTIVE():
    """CLAR.REWARD-NO-OBJECTIVE: only re-entering the Mission deck gives a reward its objective text back."""
    state = reward_to(game(), 0, CONSTRUCT, hp=2)
    after, events = effect(state, [ReclaimReward()], side="villain", seat=-1, zone=1, source="oblivaeon:reclamation#1")
    assert after.mission_deck.bottom[-1] == CONSTRUCT
    assert CONSTRUCT not in after.reward_side
    assert missions.is_objective(after, CONSTRUCT)
    assert CONSTRUCT not in after.seats[0].play and CONSTRUCT not in after.hp
    assert [(e.kind, e.clause) for e in events if e.kind == "to-mission-deck"] == [("to-mission-deck", "CLAR.REWARD-NO-OBJECTIVE")]
    assert every_card(after) == every_card(state)


def test_a_reclaim_reaches_only_rewards_in_its_zone_CLAR_REWARD_NO_OBJECTIVE():
    """CLAR.REWARD-NO-OBJECTIVE, CLAR.MISSION-ZONE: a reward in the other zone is not taken back by a zone 1 effect."""
    state = with_seat(reward_to(game(), 1, CONSTRUCT), 1, zone=2)
    after, events = effect(state, [ReclaimReward()], side="villain", seat=-1, zone=1, source="oblivaeon:reclamation#1")
    assert CONSTRUCT in after.reward_side and after.seats[1].play == (CONSTRUCT,)
    assert not any(e.kind == "to-mission-deck" for e in events)


def test_when_several_rewards_could_be_reclaimed_the_players_choose_CLAR_REWARD_NO_OBJECTIVE():
    """CLAR.REWARD-NO-OBJECTIVE: the reclaim picks one reward in the zone; the other stays a reward."""
    state = reward_to(reward_to(game(), 0, CONSTRUCT), 2, HUNT)
    after, _ = effect(state, [ReclaimReward()], side="villain", seat=-1, zone=1, source="oblivaeon:reclamation#1")
    assert {d.target for d in after.options} == {CONSTRUCT, HUNT}
    settled, _ = step(after, find(after, "target", target=HUNT))
    assert settled.mission_deck.bottom[-1] == HUNT and HUNT not in settled.reward_side
    assert CONSTRUCT in settled.reward_side and settled.seats[0].play == (CONSTRUCT,)


def test_a_reward_in_play_has_no_objective_text_CLAR_REWARD_NO_OBJECTIVE():
    """CLAR.REWARD-NO-OBJECTIVE: a reward is not an objective: it cannot be swapped, traded or paid for."""
    state = reward_to(reward_to(game(), 0, RELAY), 1, CODEX)
    assert missions.objectives_of(state, 0) == [] and missions.objectives_in_zone(state, 1) == []
    opts = stay(state)
    assert not {d.kind for d in opts.options} & {"swap-objective", "trade-objective"}
    play = to_play_phase(state)
    assert not any(d.kind == "pay-objective" for d in play.options)


# --- CLAR.MISSION-TYPES, CLAR.MISSION-TARGET-KIND ----------------------------------------------


@pytest.mark.parametrize("mission", MISSION_CARDS, ids=lambda m: m.key)
def test_an_objective_is_a_villain_or_environment_target_by_its_keyword_but_no_such_card_CLAR_MISSION_TARGET_KIND(mission):
    """CLAR.MISSION-TARGET-KIND, CLAR.MISSION-TYPES: its keyword makes an objective a villain or environment target;
    it is a Mission card, not a villain or environment card, and not a character card."""
    card = f"{mission.key}#1"
    state = game()
    kind = mission.keywords[0].split()[0]
    assert target_side(state, card) == kind
    assert card_side(state, card) == "mission"
    assert not is_character(card)


@pytest.mark.parametrize("mission", MISSION_CARDS, ids=lambda m: m.key)
def test_a_reward_is_a_hero_target_and_a_hero_card_CLAR_MISSION_TYPES(mission):
    """CLAR.MISSION-TYPES: flipped to its reward side, a Mission card counts as a hero card (and a hero target)."""
    card = f"{mission.key}#1"
    state = dataclasses.replace(game(), reward_side=frozenset({card}))
    assert target_side(state, card) == "hero"
    assert card_side(state, card) == "hero"
    assert not is_character(card)
    assert current_def(state, card) is mission.reward


def test_villain_targeting_reaches_villain_objectives_but_not_environment_ones_CLAR_MISSION_TARGET_KIND():
    """CLAR.MISSION-TARGET-KIND: "each villain target" hits Rogue Construct, not Unstable Rift; "each environment target" the reverse."""
    state = objective_to(objective_to(game(), 0, CONSTRUCT), 1, RIFT)
    _, villain_hits = effect(state, [Damage(1, "fire", Target("villain", "each"))], seat=0)
    _, env_hits = effect(state, [Damage(1, "fire", Target("environment", "each"))], seat=0)
    v = {e.target for e in villain_hits if e.kind == "damage"}
    e = {e.target for e in env_hits if e.kind == "damage"}
    assert CONSTRUCT in v and RIFT not in v
    assert RIFT in e and CONSTRUCT not in e
    assert OBLIVAEON not in e


def test_a_reward_target_is_hit_by_effects_on_hero_targets_CLAR_MISSION_TYPES():
    """CLAR.MISSION-TYPES: Salvaged Drone in a hero play area is a hero target: "each hero target" damage hits it."""
    state = reward_to(game(), 0, CONSTRUCT)
    after, events = effect(state, [Damage(1, "fire", Target("hero", "each"))], side="villain", seat=-1, zone=1)
    assert CONSTRUCT in {e.target for e in events if e.kind == "damage"}
    assert after.hp[CONSTRUCT] == 4


def test_destroying_villain_ongoing_cards_spares_an_ongoing_objective_CLAR_MISSION_TYPES():
    """CLAR.MISSION-TYPES: Hold the Line is a villain objective but not a villain (ongoing) card: "destroy a villain ongoing" skips it."""
    assert PHYSICAL[SIEGE].type == "ongoing"
    state = objective_to(game(), 0, SIEGE)
    after, events = effect(state, [Destroy("ongoing", "villain")], seat=0)
    assert after.seats[0].play == (SIEGE,)
    assert not any(e.kind == "destroyed" for e in events)
