"""Battle zones: isolation, what belongs to a zone, which decks can be reached, and the Shield.

Rulebook, "Battle Zones": nothing in one zone affects or is affected by anything in the other unless
card text says so.  "Rules Clarifications": heroes and everything in their play areas share their
marker's zone; the OblivAeon, Scion and Aeon Men decks are villain decks, reachable by hero and
environment cards only with one of their targets in the zone; the Mission deck cannot be targeted;
OblivAeon's turn counts as a villain turn; indestructible cards may move between zones; Shields are
indestructible but can remove themselves.  "OblivAeon Shields": the heroes must do the Shield's tasks
before they can truly fight OblivAeon.
"""

from __future__ import annotations

import dataclasses

import pytest
from oblivaeon_verify.model.oblivaeon import vocabulary as v
from oblivaeon_verify.model.oblivaeon.battle_zones import OBLIVAEON, reachable_decks, reachable_targets, targets_in, zone_of_target
from oblivaeon_verify.model.oblivaeon.draft import Ctx, Draft
from oblivaeon_verify.model.oblivaeon.effects import destroy_card
from oblivaeon_verify.model.oblivaeon.places import place_of
from oblivaeon_verify.model.oblivaeon.positions import at_turn
from oblivaeon_verify.model.oblivaeon.shield import shield_card, shield_task
from oblivaeon_verify.model.oblivaeon.triggers import collect

from tests.support import SCION_ORDER, effect, first_chance, game, in_zone, place, run_from, until

DISCORD_ENVS = ("Realm of Discord", "Megalopolis", "Ruins of Atlantis", "Rook City", "Insula Primalis")
ANOMALY = "realm-of-discord:drifting-anomaly#1"
WARD = "legacy:guardian-ward#1"
DRONE = "mission:rogue-construct#1"  # reward side: Salvaged Drone, a hero target with 5 HP


# --- helpers ---------------------------------------------------------------------------------


def split_table():
    """Legacy and Haka with OblivAeon, Progeny and an Aeon Thrall in zone 1; Tachyon and Ra with Aeon
    Master, a Megalopolis Brute and an Aeon Vassal in zone 2."""
    s = in_zone(in_zone(game(), 1, 2), 2, 2)
    s = place(s, "aeon-men:aeon-thrall#1", ("zone", 1, "villain_play"), hp=3)
    s = place(s, "aeon-men:aeon-vassal#1", ("zone", 2, "villain_play"), hp=6)
    s = place(s, "megalopolis:megalopolis-brute#1", ("zone", 2, "env_play"), hp=6)
    return s


# --- BZ.ISOLATION -----------------------------------------------------------------------------


@pytest.mark.parametrize("zone", [1, 2])
def test_zone_reach_returns_only_targets_of_the_sources_zone(zone):
    """BZ.ISOLATION: an effect without cross-zone text may pick only targets in its own zone."""
    s = split_table()
    ctx = Ctx("test", "hero", -1, zone)
    got = reachable_targets(s, ctx, "any", "zone")
    assert got == targets_in(s, zone)
    assert got and all(zone_of_target(s, t) == zone for t in got)


def test_game_reach_returns_the_targets_of_both_zones():
    """BZ.ISOLATION: text that reaches the whole game picks from both zones."""
    s = split_table()
    got = reachable_targets(s, Ctx("test", "hero", -1, 1), "any", "game")
    assert set(got) == set(targets_in(s, 1)) | set(targets_in(s, 2))


def test_other_zone_reach_returns_only_the_other_zones_targets():
    """BZ.ISOLATION: text that reaches the other zone picks only from it."""
    s = split_table()
    got = reachable_targets(s, Ctx("test", "hero", -1, 1), "any", "other-zone")
    assert got == targets_in(s, 2)
    assert not set(got) & set(targets_in(s, 1))


def test_the_zones_share_no_target():
    """BZ.ISOLATION: every target stands in exactly one zone."""
    s = split_table()
    assert not set(targets_in(s, 1)) & set(targets_in(s, 2))
    assert set(s.hp) == set(targets_in(s, 1)) | set(targets_in(s, 2))


@pytest.mark.parametrize("side", ["hero", "villain", "environment", "non-hero"])
def test_each_side_filter_stays_in_the_zone(side):
    """BZ.ISOLATION: whatever side a zone-reach effect looks for, it finds it only in its own zone."""
    s = split_table()
    for zone in (1, 2):
        got = reachable_targets(s, Ctx("test", "hero", -1, zone), side, "zone")
        assert all(zone_of_target(s, t) == zone for t in got)


def test_a_zone_reach_damage_event_is_always_in_the_sources_zone():
    """BZ.ISOLATION: 'each target' from zone 1 hits every target there and nothing in zone 2."""
    s = split_table()
    after, events = effect(s, [v.Damage(1, "fire", v.Target("any", "each"))], side="environment", seat=-1, zone=1)
    hits = [e for e in events if e.kind in ("damage", "damage-prevented")]
    assert {e.target for e in hits} == set(targets_in(s, 1))
    assert all(e.zone == e.source_zone == 1 and e.reach == "zone" for e in hits)
    for t in targets_in(s, 2):
        assert after.hp[t] == s.hp[t]


def test_a_game_reach_damage_event_records_its_reach():
    """BZ.ISOLATION: damage crossing zones is allowed only by text that says so, and is marked as such."""
    s = split_table()
    after, events = effect(s, [v.Damage(1, "psychic", v.Target("hero", "each", "game"))], side="villain", seat=-1, zone=1)
    hits = [e for e in events if e.kind == "damage"]
    assert {e.zone for e in hits} == {1, 2}
    assert all(e.reach == "game" and e.source_zone == 1 for e in hits)


def test_an_other_zone_damage_event_lands_only_in_the_other_zone():
    """BZ.ISOLATION: 'other-zone' text from zone 1 hits zone 2 and nothing in zone 1."""
    s = split_table()
    _, events = effect(s, [v.Damage(1, "psychic", v.Target("hero", "each", "other-zone"))], side="villain", seat=-1, zone=1)
    hits = [e for e in events if e.kind == "damage"]
    assert hits and all(e.zone == 2 and e.source_zone == 1 and e.reach == "other-zone" for e in hits)


def test_in_two_rounds_of_play_no_zone_reach_damage_crosses_zones():
    """BZ.ISOLATION: driving the game with heroes split between the zones, every damage event from a
    zone-reach effect has zone == source_zone."""
    s = split_table()
    _, events = until(s, lambda x: x.cursor.round >= 3 or x.outcome is not None)
    damage = [e for e in events if e.kind in ("damage", "damage-prevented")]
    assert damage
    for e in damage:
        if e.reach == "zone":
            assert e.zone == e.source_zone, str(e)


def test_destroy_from_one_zone_cannot_pick_cards_of_the_other():
    """BZ.ISOLATION: a zone-1 'destroy an environment card' has nothing to pick when the only one is in zone 2."""
    s = split_table()
    after, events = effect(s, [v.Destroy("environment")], seat=0)
    assert "megalopolis:megalopolis-brute#1" in after.zones[1].env_play
    assert not [e for e in events if e.kind == "destroyed"]


# --- CLAR.ZONE-MEMBERSHIP ---------------------------------------------------------------------


def test_a_heros_play_area_and_everything_in_it_move_with_its_marker():
    """CLAR.ZONE-MEMBERSHIP: Legacy moves to zone 2; the reward target in its play area and the villain
    card next to it are now in zone 2 too."""
    s = place(game(), DRONE, ("seat", 0, "play"), hp=5, reward=True)
    s = place(s, "oblivaeon:distortion#1", ("seat", 0, "play"))
    assert zone_of_target(s, DRONE) == 1
    after, events = effect(s, [v.MoveHero("self")], seat=0, source="legacy:redeploy#1")
    assert after.seats[0].zone == 2
    assert zone_of_target(after, DRONE) == 2
    assert zone_of_target(after, "char:legacy:legacy") == 2
    assert {DRONE, "char:legacy:legacy"} <= set(targets_in(after, 2))
    assert not {DRONE, "char:legacy:legacy"} & set(targets_in(after, 1))
    assert [e.zone for e in events if e.kind == "hero-moved"] == [2]


def test_a_card_next_to_a_hero_acts_in_that_heros_zone():
    """CLAR.ZONE-MEMBERSHIP: the villain card next to Legacy answers zone 2's villain turn once Legacy is there."""
    s = place(game(), "oblivaeon:distortion#1", ("seat", 0, "play"))
    assert "oblivaeon:distortion#1" in [c for c, _, _ in collect(s, "end", "villain", zone=1)]
    moved = in_zone(s, 0, 2)
    assert "oblivaeon:distortion#1" in [c for c, _, _ in collect(moved, "end", "villain", zone=2)]
    assert "oblivaeon:distortion#1" not in [c for c, _, _ in collect(moved, "end", "villain", zone=1)]


def test_effects_in_the_old_zone_no_longer_reach_a_moved_hero():
    """CLAR.ZONE-MEMBERSHIP, BZ.ISOLATION: after the move a zone-1 'each hero' misses Legacy."""
    s = in_zone(game(), 0, 2)
    _, events = effect(s, [v.Damage(1, "melee", v.Target("hero", "each"))], side="villain", seat=-1, zone=1)
    assert "char:legacy:legacy" not in {e.target for e in events if e.kind == "damage"}


# --- CLAR.VILLAIN-DECKS / CLAR.MISSION-DECK-UNTARGETABLE --------------------------------------


def test_villain_decks_are_reachable_only_with_one_of_their_targets_in_the_zone():
    """CLAR.VILLAIN-DECKS: zone 1 has OblivAeon and a Scion but no Aeon Man: the OblivAeon and Scion decks,
    not the Aeon Men deck; zone 2 has a Scion only."""
    s = game()
    z1 = reachable_decks(s, Ctx("test", "hero", 0, 1))
    z2 = reachable_decks(s, Ctx("test", "hero", -1, 2))
    assert ("oblivaeon",) in z1 and ("scion",) in z1 and ("aeon",) not in z1
    assert ("oblivaeon",) not in z2 and ("scion",) in z2 and ("aeon",) not in z2


def test_an_aeon_man_in_the_zone_opens_the_aeon_men_deck():
    """CLAR.VILLAIN-DECKS: with an Aeon Man standing in zone 2, the Aeon Men deck is reachable there only."""
    s = place(game(), "aeon-men:aeon-vassal#1", ("zone", 2, "villain_play"), hp=6)
    assert ("aeon",) in reachable_decks(s, Ctx("test", "hero", -1, 2))
    assert ("aeon",) not in reachable_decks(s, Ctx("test", "hero", -1, 1))


def test_no_scion_in_the_zone_closes_the_scion_deck():
    """CLAR.VILLAIN-DECKS: once zone 2's Scion is gone, the Scion deck cannot be reached from zone 2."""
    s, _ = effect(game(), [v.Damage(40, "melee", v.Target("villain", "each"))], side="hero", seat=-1, zone=2)
    assert s.zones[1].scions == ()
    assert ("scion",) not in reachable_decks(s, Ctx("test", "hero", -1, 2))


def test_oblivaeon_moving_takes_his_deck_with_him():
    """CLAR.VILLAIN-DECKS: with OblivAeon in zone 2, his deck is reachable there and not in zone 1."""
    s = dataclasses.replace(game(), oblivaeon_zone=2)
    assert ("oblivaeon",) in reachable_decks(s, Ctx("test", "hero", -1, 2))
    assert ("oblivaeon",) not in reachable_decks(s, Ctx("test", "hero", 0, 1))


@pytest.mark.parametrize("zone", [1, 2])
def test_the_mission_deck_and_the_scion_reserve_are_never_reachable(zone):
    """CLAR.MISSION-DECK-UNTARGETABLE, CLAR.VILLAIN-DECKS: powers that target decks never get the Mission
    deck; the Scion Reserve is no deck at all."""
    s = place(game(), "aeon-men:aeon-vassal#1", ("zone", zone, "villain_play"), hp=6)
    decks = reachable_decks(s, Ctx("test", "hero", -1, zone))
    assert ("mission",) not in decks and ("reserve",) not in decks


def test_a_deck_choice_offers_neither_the_mission_deck_nor_the_reserve():
    """CLAR.MISSION-DECK-UNTARGETABLE: a hero's 'discard the top card of a deck' lists the reachable decks
    only: its zone's hero decks, environment deck and villain decks with a target there."""
    s = in_zone(game(), 1, 2)
    after, _ = effect(s, [v.DiscardTopOfDeck()], seat=1, source="tachyon:sabotage#1")
    labels = {d.target for d in after.options if d.kind == "deck"}
    assert labels == {"Tachyon's deck", "the Megalopolis deck", "the Scion deck"}


def test_hero_decks_of_the_other_zone_are_not_reachable():
    """CLAR.VILLAIN-DECKS, BZ.ISOLATION: only the decks of heroes in the zone are offered."""
    s = in_zone(game(), 1, 2)
    decks = reachable_decks(s, Ctx("test", "hero", 1, 2))
    assert ("seat", 1) in decks
    assert not [r for r in decks if r[0] == "seat" and r[1] != 1]


# --- CLAR.OA-TURN-IS-VILLAIN-TURN -------------------------------------------------------------


def ward_next_to_tachyon(state):
    s = place(state, WARD, ("seat", 1, "play"))
    return dataclasses.replace(s, hp={**s.hp, "char:tachyon:tachyon": 20})


def test_a_hero_cards_villain_turn_trigger_fires_in_oblivaeons_turn():
    """CLAR.OA-TURN-IS-VILLAIN-TURN: Guardian Ward ('start of a villain turn: heal the hero it is next to')
    fires at the start of OblivAeon's turn in his zone."""
    s = ward_next_to_tachyon(game())
    after, events = run_from(s, 0, rnd=2)
    fired = [e for e in events if e.kind == "trigger" and e.card == WARD]
    assert len(fired) == 1 and fired[0].clause == "CLAR.OA-TURN-IS-VILLAIN-TURN"
    heals = [e for e in events if e.kind == "heal" and e.card == WARD]
    assert [(e.target, e.amount) for e in heals] == [("char:tachyon:tachyon", 1)]


def test_oblivaeons_turn_is_no_villain_turn_for_the_other_zone():
    """CLAR.OA-TURN-IS-VILLAIN-TURN, OA-TURN.ZONE: the Ward next to a hero in the other zone stays silent."""
    s = in_zone(ward_next_to_tachyon(game()), 1, 2)
    after, events = run_from(s, 0, rnd=2)
    assert not [e for e in events if e.card == WARD]
    assert WARD in [c for c, _, _ in collect(s, "start", "villain", zone=2)]


def test_the_same_trigger_fires_in_the_zones_own_villain_turn():
    """CLAR.OA-TURN-IS-VILLAIN-TURN: the Ward also answers the First Battle Zone's villain turn."""
    s = ward_next_to_tachyon(game())
    after, events = run_from(s, 6)
    assert [e.clause for e in events if e.kind == "trigger" and e.card == WARD] == ["VILLAIN.START"]


# --- CLAR.INDESTRUCTIBLE-MOVES ----------------------------------------------------------------


def discord_game():
    s = game(envs=DISCORD_ENVS, in_play=DISCORD_ENVS[:2])
    return place(s, ANOMALY, ("zone", 1, "env_play"))


def test_an_indestructible_card_moves_itself_to_the_other_zone():
    """CLAR.INDESTRUCTIBLE-MOVES: Drifting Anomaly (indestructible) moves from zone 1 to zone 2."""
    s = discord_game()
    after, events = effect(s, [v.MoveSelf()], side="environment", seat=-1, zone=1, source=ANOMALY)
    assert ANOMALY not in after.zones[0].env_play
    assert ANOMALY in after.zones[1].env_play
    moved = [e for e in events if e.kind == "card-moved"]
    assert [(e.zone, e.source_zone, e.reach) for e in moved] == [(2, 1, "other-zone")]


def test_an_indestructible_card_moves_back_again():
    """CLAR.INDESTRUCTIBLE-MOVES: from zone 2 it moves back to zone 1."""
    s = discord_game()
    s, _ = effect(s, [v.MoveSelf()], side="environment", seat=-1, zone=1, source=ANOMALY)
    after, _ = effect(s, [v.MoveSelf()], side="environment", seat=-1, zone=2, source=ANOMALY)
    assert ANOMALY in after.zones[0].env_play and ANOMALY not in after.zones[1].env_play


def test_drifting_anomaly_moves_at_the_end_of_its_environment_turn():
    """CLAR.INDESTRUCTIBLE-MOVES: its own end-of-turn text moves it, through the engine."""
    after, events = at_turn(discord_game(), 5, phase=1, round_number=1)
    assert ANOMALY in after.zones[1].env_play
    kinds = [e.kind for e in events]
    assert kinds.index("trigger") < kinds.index("card-moved")


# --- CLAR.SHIELD-INDESTRUCTIBLE ---------------------------------------------------------------


def test_destroy_card_does_not_destroy_an_indestructible_card():
    """CLAR.SHIELD-INDESTRUCTIBLE: destroying an indestructible card leaves it in play."""
    d = Draft(discord_game())
    destroy_card(d, ANOMALY, Ctx("test", "hero", 0, 1))
    after = d.freeze()
    assert ANOMALY in after.zones[0].env_play
    assert [e.kind for e in d.events] == ["indestructible"]


def test_destroy_effects_do_not_offer_indestructible_cards():
    """CLAR.SHIELD-INDESTRUCTIBLE: 'destroy an ongoing card' cannot pick the indestructible Anomaly."""
    s = discord_game()
    after, events = effect(s, [v.Destroy("ongoing", "any", reach="game")], seat=0)
    assert ANOMALY in after.zones[0].env_play
    assert not [e for e in events if e.kind == "destroyed"]


def test_no_destroy_effect_touches_the_shield():
    """CLAR.SHIELD-INDESTRUCTIBLE: destroy effects across the whole game leave the Shield in play."""
    s = game()
    after, _ = effect(s, [v.Destroy("ongoing", "any", reach="game"), v.Destroy("target", "any", reach="game")], seat=0)
    after, _ = first_chance(after)
    assert after.shield_side == 1
    assert shield_card(s.shield) not in after.out


def test_destroy_card_on_the_shield_leaves_it_in_play():
    """CLAR.SHIELD-INDESTRUCTIBLE: the Shield is indestructible: destroy_card leaves it in play."""
    s = game()
    d = Draft(s)
    destroy_card(d, shield_card(s.shield), Ctx("test", "hero", 0, 1))
    assert d.shield_side == 1
    assert "indestructible" in [e.kind for e in d.events]


def test_the_shield_flips_after_its_tasks_and_then_removes_itself():
    """CLAR.SHIELD-INDESTRUCTIBLE, SHIELD.TASKS: the Shield leaves only by its own task count: flipped after
    ``flip_after_tasks`` tasks, out of the game after ``remove_after_tasks``."""
    s = game()
    spec = s.setup.params.shield(s.shield)
    d = Draft(s)
    sides = []
    for _ in range(spec.remove_after_tasks):
        shield_task(d, "test")
        sides.append(d.shield_side)
    assert sides[spec.flip_after_tasks - 2] == 1
    assert sides[spec.flip_after_tasks - 1] == 2
    assert sides[-2] == 2 and sides[-1] == 0
    assert shield_card(s.shield) in d.out
    assert [e.clause for e in d.events if e.kind == "shield-removed"] == ["CLAR.SHIELD-INDESTRUCTIBLE"]


def test_scions_removed_are_the_shields_tasks():
    """SHIELD.TASKS: removing both Scions in play (two tasks) flips the Shield."""
    s = game()
    s, _ = effect(s, [v.Damage(40, "melee", v.Target("villain", "each"))], side="hero", seat=-1, zone=2)
    after, events = effect(s, [v.Damage(40, "melee", v.Target("villain", "each"))], side="hero", seat=0, zone=1)
    assert after.shield_tasks == 2
    assert after.shield_side == 2
    assert "shield-flipped" in [e.kind for e in events]


def test_no_more_tasks_once_the_shield_is_gone():
    """SHIELD.TASKS: once it has removed itself, further tasks change nothing."""
    d = Draft(dataclasses.replace(game(), shield_side=0, shield_tasks=4))
    shield_task(d, "test")
    assert d.shield_side == 0 and d.shield_tasks == 4
    assert d.events == []


# --- SHIELD.TASKS -----------------------------------------------------------------------------


@pytest.mark.parametrize("side", [1, 2])
def test_oblivaeon_takes_no_damage_while_the_shield_is_in_play(side):
    """SHIELD.TASKS: with the Shield in play (either side) damage to OblivAeon is prevented."""
    s = dataclasses.replace(game(), shield_side=side)
    after, events = effect(s, [v.Damage(5, "melee", v.Target("villain", "each"))], seat=0)
    assert after.hp[OBLIVAEON] == s.hp[OBLIVAEON]
    assert [e.target for e in events if e.kind == "damage-prevented"] == [OBLIVAEON]
    assert after.hp["scion:progeny"] == s.hp["scion:progeny"] - 5


def test_even_irreducible_damage_does_not_reach_oblivaeon_behind_the_shield():
    """SHIELD.TASKS: irreducible damage is prevented too."""
    s = game()
    after, _ = effect(s, [v.Damage(5, "melee", v.Target("villain", "each"), irreducible=True)], seat=0)
    assert after.hp[OBLIVAEON] == s.hp[OBLIVAEON]


def test_oblivaeon_takes_damage_once_the_shield_is_gone():
    """SHIELD.TASKS: with the Shield out of the game, OblivAeon is an ordinary target."""
    s = dataclasses.replace(game(), shield_side=0)
    after, events = effect(s, [v.Damage(5, "melee", v.Target("villain", "each"))], seat=0)
    assert after.hp[OBLIVAEON] == s.hp[OBLIVAEON] - 5
    assert not [e for e in events if e.kind == "damage-prevented"]


@pytest.mark.parametrize("side,hit", [(1, 1), (2, 2)])
def test_the_shield_hits_each_hero_in_oblivaeons_zone_at_the_end_of_his_turn(side, hit):
    """SHIELD.TASKS, OA-TURN.END: the Shield's end-of-turn damage (parameter: phase 1, one more on phase 2)
    reaches each hero in his zone and none in the other."""
    s = in_zone(dataclasses.replace(game(), shield_side=side), 3, 2)
    after, events = run_from(s, 0, phase=1, rnd=2)
    hits = [e for e in events if e.kind == "damage" and e.card == shield_card(s.shield)]
    assert sorted(e.target for e in hits) == sorted(c for x in s.seats[:3] for c in x.characters)
    assert all(e.amount == hit and e.zone == 1 for e in hits)


def test_no_shield_no_end_of_turn_shield_damage():
    """SHIELD.TASKS: a Shield that has removed itself deals nothing."""
    s = dataclasses.replace(game(), shield_side=0)
    after, events = run_from(s, 0, phase=1, rnd=2)
    assert not [e for e in events if e.card.startswith("shield:")]


def test_with_no_scion_in_play_the_shield_brings_one_forth():
    """OA-TURN.START, SHIELD.TASKS: at the start of OblivAeon's turn, with the Shield in play and no Scion
    in either zone, a Scion is brought forth from the Reserve into his zone."""
    s, _ = effect(game(scion_order=_order()), [v.Damage(40, "melee", v.Target("villain", "each"))], side="hero", seat=-1, zone=2)
    s, _ = effect(s, [v.Damage(40, "melee", v.Target("villain", "each"))], side="hero", seat=0, zone=1)
    assert s.zones[0].scions == () and s.zones[1].scions == ()
    assert s.shield_side == 2
    after, events = run_from(s, 0, rnd=2)
    assert [(e.zone, e.clause) for e in events if e.kind == "scion-enters"] == [(1, "OA-TURN.START")]
    assert len(after.zones[0].scions) == 1
    assert place_of(after, after.zones[0].scions[0]) == ("zone", 1, "scions")


def _order():
    return SCION_ORDER
