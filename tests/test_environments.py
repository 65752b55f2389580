"""Environments leaving the game: Game Over, OblivAeon moving, the replacement deck, the 20 damage, the loss.

Rulebook, "Environment Turns": a Game Over condition removes all of that environment's cards from the
game wherever they are; whenever an environment deck is removed, OblivAeon moves to that battle zone,
a set-aside deck takes its place and OblivAeon deals each target 20 irreducible infernal damage; with
no set-aside deck left the multiverse is destroyed.
"""

from __future__ import annotations

import dataclasses

import pytest
from oblivaeon_verify.model.oblivaeon import vocabulary as v
from oblivaeon_verify.model.oblivaeon.battle_zones import OBLIVAEON, targets_in
from oblivaeon_verify.model.oblivaeon.cards import PHYSICAL, env_deck_cards
from oblivaeon_verify.model.oblivaeon.draft import Draft
from oblivaeon_verify.model.oblivaeon.environments import environment_game_over, remove_environment
from oblivaeon_verify.model.oblivaeon.places import containers, place_of, remove
from oblivaeon_verify.model.oblivaeon.state import Temp

from tests.support import assert_conserved, choose, effect, game, in_zone, place

ENVS = ("Insula Primalis", "Wagner Mars Base", "Ruins of Atlantis", "Rook City", "Temple of Zhu Long")
WAGNER = "Wagner Mars Base"
COUNTDOWN = "wagner-mars-base:launch-countdown#1"


# --- helpers ---------------------------------------------------------------------------------


def wagner_game(**kw):
    """Wagner Mars Base in the Second Battle Zone, OblivAeon in the First."""
    return game(envs=ENVS, in_play=("Insula Primalis", WAGNER), **kw)


def run_removal(state, zone=2, env=WAGNER, clause="ENV.GAME-OVER"):
    """Remove ``env`` from the game as a rule of ``zone`` would, then run on to the next decision."""
    d = Draft(state)
    remove_environment(d, env, zone, clause)
    after, more = effect(d.freeze(), [], side="environment", seat=-1, zone=zone)
    return after, list(d.events) + list(more)


def wagner_everywhere(state):
    """Wagner cards in its play area, its trash, next to a hero in zone 1 and moved to the other zone."""
    s = place(state, COUNTDOWN, ("zone", 2, "env_play"))
    s = place(s, "wagner-mars-base:wagner-mars-base-brute#1", ("zone", 2, "env_play"), hp=6)
    s = place(s, "wagner-mars-base:hazard#1", ("env", WAGNER, "trash"))
    s = place(s, "wagner-mars-base:entangling-growth#1", ("seat", 0, "play"))
    s = place(s, "wagner-mars-base:wagner-mars-base-brute#2", ("zone", 1, "env_play"), hp=6)
    return s


# --- ENV.GAME-OVER ---------------------------------------------------------------------------


def test_game_over_removes_every_card_of_that_environment_wherever_it_is():
    """ENV.GAME-OVER: the Game Over condition takes every card of the environment out of the game:
    its deck, trash and play area, a card next to a hero and a card moved to the other zone."""
    s = wagner_everywhere(wagner_game())
    s = dataclasses.replace(s, tokens={**s.tokens, COUNTDOWN: 2})
    wagner = set(env_deck_cards(WAGNER))
    after, events = effect(s, [v.AddGameOverToken(3)], side="environment", seat=-1, zone=2, source=COUNTDOWN)
    assert "environment-game-over" in [e.kind for e in events]
    assert wagner <= set(after.out)
    for where, cards in containers(after):
        if where != ("out",):
            assert not wagner & set(cards), (where, wagner & set(cards))
    assert WAGNER not in after.envs
    assert not any(c in after.hp for c in wagner)
    assert_conserved(s, after)


def test_game_over_does_not_end_the_game():
    """ENV.GAME-OVER: an environment's Game Over is not the game's: play goes on with a decision to make."""
    s = wagner_everywhere(wagner_game())
    s = dataclasses.replace(s, tokens={**s.tokens, COUNTDOWN: 2})
    after, _ = effect(s, [v.AddGameOverToken(3)], side="environment", seat=-1, zone=2, source=COUNTDOWN)
    assert after.outcome is None
    assert after.options


def test_game_over_token_below_the_limit_changes_nothing_else():
    """ENV.GAME-OVER: one token short of the limit the environment stays in play."""
    s = place(wagner_game(), COUNTDOWN, ("zone", 2, "env_play"))
    after, events = effect(s, [v.AddGameOverToken(3)], side="environment", seat=-1, zone=2, source=COUNTDOWN)
    assert after.tokens[COUNTDOWN] == 1
    assert after.zones[1].environment == WAGNER
    assert "environment-game-over" not in [e.kind for e in events]


def test_other_environments_cards_stay_when_one_environment_is_removed():
    """ENV.GAME-OVER: only that environment's cards leave; the other zone's environment card stays."""
    s = wagner_game()
    s = place(s, "insula-primalis:hazard#1", ("zone", 1, "env_play"))
    d = Draft(s)
    environment_game_over(d, WAGNER, 2)
    after = d.freeze()
    assert "insula-primalis:hazard#1" in after.zones[0].env_play
    assert "Insula Primalis" in after.envs
    assert after.zones[0].environment == "Insula Primalis"


# --- ENV.REMOVAL.MOVE-OBLIVAEON ---------------------------------------------------------------


def test_oblivaeon_moves_to_the_zone_whose_environment_left():
    """ENV.REMOVAL.MOVE-OBLIVAEON: OblivAeon's marker goes to the battle zone of the removed environment."""
    s = wagner_game()
    assert s.oblivaeon_zone == 1
    after, events = run_removal(s)
    assert after.oblivaeon_zone == 2
    moves = [e for e in events if e.kind == "oblivaeon-moves"]
    assert len(moves) == 1 and moves[0].zone == 2 and moves[0].source_zone == 1


def test_oblivaeon_moves_before_the_new_environment_deals_its_damage():
    """ENV.REMOVAL.MOVE-OBLIVAEON, ENV.REMOVAL.DAMAGE: OblivAeon is in the zone when the 20 damage comes,
    so he is among the targets there (and his Shield stops it)."""
    s = wagner_game()
    waiting, events = run_removal(s)
    assert {d.kind for d in waiting.options} == {"environment"}
    after, more = _choose_env(waiting, "Rook City")
    events += more
    kinds = [e.kind for e in events]
    assert kinds.index("oblivaeon-moves") < kinds.index("environment-arrives")
    prevented = [e for e in events if e.kind == "damage-prevented" and e.target == OBLIVAEON]
    assert len(prevented) == 1 and prevented[0].zone == 2


def test_oblivaeon_stays_put_when_the_removed_environment_is_in_his_zone():
    """ENV.REMOVAL.MOVE-OBLIVAEON: removing the environment of his own zone leaves him there."""
    s = wagner_game()
    after, _ = run_removal(s, zone=1, env="Insula Primalis")
    assert after.oblivaeon_zone == 1


# --- ENV.REMOVAL.REPLACE ----------------------------------------------------------------------


def _choose_env(state, env):
    return choose(state, "environment", target=env)


def test_with_several_set_aside_decks_the_players_choose_the_new_environment():
    """ENV.REMOVAL.REPLACE: with two or more set-aside decks the players choose which comes in."""
    s = wagner_game()
    assert len(s.set_aside) == 3
    after, _ = run_removal(s)
    assert {d.kind for d in after.options} == {"environment"}
    assert sorted(d.target for d in after.options) == sorted(s.set_aside)
    assert all(d.actor == "players" and d.zone == 2 for d in after.options)
    chosen, events = _choose_env(after, "Rook City")
    assert chosen.zones[1].environment == "Rook City"
    assert "Rook City" not in chosen.set_aside
    assert sorted(chosen.set_aside) == sorted(set(s.set_aside) - {"Rook City"})
    assert [e.card for e in events if e.kind == "environment-arrives"] == ["Rook City"]


def test_with_one_set_aside_deck_it_comes_in_without_a_choice():
    """ENV.REMOVAL.REPLACE: the last set-aside deck comes in by itself."""
    s = dataclasses.replace(wagner_game(), set_aside=("Rook City",))
    after, events = run_removal(s)
    assert after.zones[1].environment == "Rook City"
    assert after.set_aside == ()
    assert all(d.kind != "environment" for d in after.options)
    assert after.outcome is None
    arrived = [e for e in events if e.kind == "environment-arrives"]
    assert len(arrived) == 1 and arrived[0].zone == 2


def test_the_other_zone_keeps_its_environment_when_one_is_replaced():
    """ENV.REMOVAL.REPLACE: the replacement fills only the removed environment's play area."""
    s = dataclasses.replace(wagner_game(), set_aside=("Rook City",))
    after, _ = run_removal(s)
    assert after.zones[0].environment == "Insula Primalis"


# --- ENV.REMOVAL.DAMAGE -----------------------------------------------------------------------


def _crowded_zone_two():
    """Seats 2 and 3 in zone 2 with a villain target, an objective with HP and an environment target there."""
    s = wagner_game()
    s = in_zone(in_zone(s, 1, 2), 2, 2)
    s = place(s, "aeon-men:aeon-vassal#1", ("zone", 2, "villain_play"), hp=6)
    s = place(s, "mission:rogue-construct#1", ("seat", 1, "play"), hp=7)
    s = place(s, "insula-primalis:insula-primalis-brute#1", ("zone", 2, "env_play"), hp=6)
    s = place(s, "aeon-men:aeon-thrall#1", ("zone", 1, "villain_play"), hp=3)
    hp = dict(s.hp)
    for c in s.seats[1].characters + s.seats[2].characters:
        hp[c] = 25
    return dataclasses.replace(s, hp=hp, set_aside=("Rook City",))


def test_every_target_in_the_zone_takes_20_irreducible_infernal_damage():
    """ENV.REMOVAL.DAMAGE: heroes, Scions, villain and environment targets and objectives in the zone all
    take 20 irreducible infernal damage from OblivAeon."""
    s = _crowded_zone_two()
    expected = [t for t in targets_in(s, 2) if t != OBLIVAEON]
    assert "mission:rogue-construct#1" in expected and "scion:aeon-master" in expected
    assert "insula-primalis:insula-primalis-brute#1" in expected and "aeon-men:aeon-vassal#1" in expected
    assert len([t for t in expected if t.startswith("char:")]) == 2
    after, events = run_removal(s)
    hits = {e.target: e for e in events if e.kind == "damage" and e.clause == "ENV.REMOVAL.DAMAGE"}
    assert set(expected) <= set(hits)
    for t in expected:
        e = hits[t]
        assert e.amount == 20 and e.card == OBLIVAEON
        assert e.detail == "infernal irreducible"
        assert e.zone == 2 and e.source_zone == 2
    for c in s.seats[1].characters + s.seats[2].characters:
        assert after.hp[c] == 5


def test_the_damage_is_irreducible():
    """ENV.REMOVAL.DAMAGE: damage reduction on heroes in the zone does not lessen the 20."""
    s = _crowded_zone_two()
    s = dataclasses.replace(s, temps=(Temp(3, "hero", 2, 3),))
    after, events = run_removal(s)
    for c in s.seats[1].characters:
        assert after.hp[c] == 5
    assert all(e.amount == 20 for e in events if e.kind == "damage" and e.clause == "ENV.REMOVAL.DAMAGE")


def test_nothing_in_the_other_zone_is_damaged():
    """ENV.REMOVAL.DAMAGE, BZ.ISOLATION: no target in the other battle zone is touched."""
    s = _crowded_zone_two()
    zone1 = [t for t in targets_in(s, 1) if t != OBLIVAEON]
    after, events = run_removal(s)
    assert not [e for e in events if e.kind == "damage" and e.zone == 1]
    for t in zone1:
        assert after.hp[t] == s.hp[t]


def test_targets_reduced_to_zero_leave_play_their_own_way():
    """ENV.REMOVAL.DAMAGE: the Scion is removed, the objective completed, the villain and environment
    targets destroyed to their trashes."""
    s = _crowded_zone_two()
    after, events = run_removal(s)
    assert "scion:aeon-master" in after.scions_out
    assert "mission:rogue-construct#1" in after.reward_side
    assert place_of(after, "aeon-men:aeon-vassal#1") == ("aeon_trash",)
    assert place_of(after, "insula-primalis:insula-primalis-brute#1") == ("env", "Insula Primalis", "trash")
    assert_conserved(s, after)


def test_the_damage_follows_the_replacement_not_before_it():
    """ENV.REMOVAL.REPLACE, ENV.REMOVAL.DAMAGE: with a choice to make, no damage is dealt until the
    players have brought in the new environment."""
    s = dataclasses.replace(_crowded_zone_two(), set_aside=("Rook City", "Ruins of Atlantis"))
    waiting, events = run_removal(s)
    assert not [e for e in events if e.kind == "damage"]
    after, events = _choose_env(waiting, "Ruins of Atlantis")
    assert [e for e in events if e.kind == "damage" and e.clause == "ENV.REMOVAL.DAMAGE"]
    kinds = [e.kind for e in events]
    assert kinds.index("environment-arrives") < kinds.index("damage")


# --- ENV.REMOVAL.LOSS -------------------------------------------------------------------------


def test_an_environment_falling_with_none_set_aside_loses_the_game():
    """ENV.REMOVAL.LOSS: with no set-aside deck the multiverse is destroyed: the game is lost and no
    decision is left."""
    s = dataclasses.replace(wagner_game(), set_aside=())
    after, events = run_removal(s)
    assert after.outcome is not None and after.outcome.kind == "lost"
    assert after.outcome.clause == "ENV.REMOVAL.LOSS"
    assert after.options == ()
    assert not [e for e in events if e.kind == "damage"]


def test_a_game_over_with_none_set_aside_loses_the_game():
    """ENV.GAME-OVER, ENV.REMOVAL.LOSS: the Game Over route also loses when nothing is left to replace it."""
    s = place(wagner_game(), COUNTDOWN, ("zone", 2, "env_play"))
    s = dataclasses.replace(s, set_aside=(), tokens={**s.tokens, COUNTDOWN: 2})
    after, _ = effect(s, [v.AddGameOverToken(3)], side="environment", seat=-1, zone=2, source=COUNTDOWN)
    assert after.outcome is not None and after.outcome.kind == "lost"
    assert after.options == ()


def test_the_game_goes_on_while_a_set_aside_deck_remains():
    """ENV.REMOVAL.LOSS: one set-aside deck left is enough; the game is not lost."""
    s = dataclasses.replace(wagner_game(), set_aside=("Rook City",))
    after, _ = run_removal(s)
    assert after.outcome is None


@pytest.mark.parametrize("env", ["Insula Primalis", WAGNER])
def test_a_removed_environment_is_never_set_aside_again(env):
    """ENV.REMOVAL.REPLACE: a removed deck is out of the game, not back among the set-aside decks."""
    zone = 1 if env == "Insula Primalis" else 2
    s = dataclasses.replace(wagner_game(), set_aside=("Rook City",))
    after, _ = run_removal(s, zone=zone, env=env)
    assert env not in after.set_aside and env not in after.envs
    assert all(PHYSICAL[c].deck != env for z in after.zones for c in z.env_play)


def test_seeds_in_a_removed_environment_deck_are_not_lost():
    """ENV.GAME-OVER, HEROES.AKASH-THRIYA: a seed planted in an environment deck is no card of that
    environment; when the environment leaves the game the seed must still be somewhere (out of the game,
    or back with its hero): no card may vanish."""
    s = game(
        heroes=("char:akash-thriya:akash-thriya", "char:tachyon:tachyon", "char:ra:ra", "char:haka:haka"),
        envs=ENVS,
        in_play=("Insula Primalis", WAGNER),
    )
    d = Draft(s)
    remove(d, "akash-thriya:verdant-seed#1")
    d.env_update(WAGNER, deck=d.envs[WAGNER].deck.shuffle_in("akash-thriya:verdant-seed#1"))
    s = place(d.freeze(), "akash-thriya:thorn-seed#1", ("env", WAGNER, "trash"))
    after, _ = run_removal(s)
    assert place_of(after, "akash-thriya:verdant-seed#1") is not None
    assert place_of(after, "akash-thriya:thorn-seed#1") is not None
    assert_conserved(s, after)
