"""Devastation tokens and the Countdown on the Inevitable Destruction card.

Rulebook, "Battle Zones": at the start of a villain turn, more Scions than heroes in that zone adds one
Devastation per Scion there; a Scion removed from the game takes one away; each hero incapacitated adds
one.  "Rules Clarifications": the Sentinels add one only when all four are incapacitated.
"Inevitable Destruction Card" and "Setup": the Countdown starts on 6; the Booklet governs both counts.
Every test also checks the ledger: the Devastation events add up to the change of ``state.devastation``.
"""

from __future__ import annotations

import dataclasses

import pytest
from oblivaeon_verify.model.oblivaeon import vocabulary as v
from oblivaeon_verify.model.oblivaeon.draft import Draft
from oblivaeon_verify.model.oblivaeon.engine import new_game
from oblivaeon_verify.model.oblivaeon.inevitable_destruction import remove_devastation
from oblivaeon_verify.model.oblivaeon.places import remove
from oblivaeon_verify.model.oblivaeon.round_order import current_turn

from tests.support import config, effect, first_chance, game, in_zone, run_from, until

SENTINELS = "char:the-sentinels:the-sentinels"
MEMBERS = tuple(f"{SENTINELS}/{m}" for m in ("dr-medico", "mainstay", "the-idealist", "writhe"))
HEROES_WITH_SENTINELS = (SENTINELS, "char:tachyon:tachyon", "char:ra:ra", "char:haka:haka")

# Turn slots of a four-hero round: OblivAeon, heroes 1-4, zone 1 environment and villain, zone 2's.
OA, VILLAIN_1, VILLAIN_2 = 0, 6, 8


# --- helpers ---------------------------------------------------------------------------------


def ledger(events) -> int:
    return sum(e.amount for e in events if e.kind == "devastation")


def assert_ledger(before, after, events):
    assert ledger(events) == after.devastation - before.devastation
    assert after.devastation >= 0


def with_scion(state, scion, zone, hp=17):
    """``state`` with the Scion ``scion`` (from the Reserve) standing in ``zone``."""
    d = Draft(state)
    remove(d, scion)
    d.zone_update(zone, scions=d.zones[zone - 1].scions + (scion,))
    d.set_hp(scion, hp)
    return d.freeze()


def villain_start(state, zone):
    """Events of the start of ``zone``'s villain turn (up to its first decision)."""
    after, events = run_from(state, VILLAIN_1 if zone == 1 else VILLAIN_2)
    assert current_turn(after).kind == "villain" and current_turn(after).zone == zone
    return after, events


# --- BZ.DEV.SCIONS-OUTNUMBER ------------------------------------------------------------------


def test_a_scion_outnumbering_no_heroes_adds_one_devastation():
    """BZ.DEV.SCIONS-OUTNUMBER: one Scion and no hero in the Second Battle Zone: one token."""
    s = game()
    assert len(s.zones[1].scions) == 1 and all(x.zone == 1 for x in s.seats)
    after, events = villain_start(s, 2)
    added = [e for e in events if e.kind == "devastation" and e.clause == "BZ.DEV.SCIONS-OUTNUMBER"]
    assert [e.amount for e in added] == [1]
    assert added[0].zone == 2
    assert after.devastation == s.devastation + 1
    assert_ledger(s, after, events)


def test_more_scions_than_heroes_adds_one_devastation_per_scion():
    """BZ.DEV.SCIONS-OUTNUMBER: two Scions against one hero add two tokens, one per Scion."""
    base = game()
    scion = _reserve_scion(base)
    s = with_scion(in_zone(base, 3, 2), scion, 2)
    assert len(s.zones[1].scions) == 2
    after, events = villain_start(s, 2)
    added = [e for e in events if e.clause == "BZ.DEV.SCIONS-OUTNUMBER"]
    assert [e.amount for e in added] == [2]
    assert_ledger(s, after, events)


def test_as_many_heroes_as_scions_adds_nothing():
    """BZ.DEV.SCIONS-OUTNUMBER: equal numbers are no outnumbering: no token."""
    base = game()
    s = with_scion(in_zone(in_zone(base, 2, 2), 3, 2), _reserve_scion(base), 2)
    assert len(s.zones[1].scions) == 2
    after, events = villain_start(s, 2)
    assert not [e for e in events if e.clause == "BZ.DEV.SCIONS-OUTNUMBER"]
    assert after.devastation == s.devastation
    assert_ledger(s, after, events)


def test_heroes_outnumbering_the_scions_adds_nothing():
    """BZ.DEV.SCIONS-OUTNUMBER: one Scion against four heroes in the First Battle Zone: no token."""
    s = game()
    after, events = villain_start(s, 1)
    assert not [e for e in events if e.clause == "BZ.DEV.SCIONS-OUTNUMBER"]
    assert after.devastation == s.devastation


def test_only_the_zone_of_the_villain_turn_is_counted():
    """BZ.DEV.SCIONS-OUTNUMBER: the First Battle Zone's villain turn ignores the Scions of the Second."""
    base = game()
    s = with_scion(base, _reserve_scion(base), 2)
    after, events = villain_start(s, 1)
    assert not [e for e in events if e.clause == "BZ.DEV.SCIONS-OUTNUMBER"]


def test_the_count_is_made_at_the_start_of_the_villain_turn_not_before():
    """BZ.DEV.SCIONS-OUTNUMBER: the zone's environment turn adds no token; its villain turn's start does."""
    s = game()
    env_turn, events = run_from(s, VILLAIN_2 - 1)
    assert current_turn(env_turn).kind == "environment"
    assert not [e for e in events if e.kind == "devastation"]
    villain, more = until(env_turn, lambda x: current_turn(x).kind == "villain")
    assert current_turn(villain).zone == 2
    assert [e.amount for e in more if e.clause == "BZ.DEV.SCIONS-OUTNUMBER"] == [1]


def _reserve_scion(state):
    return sorted(state.reserve.cards())[0]


# --- BZ.DEV.SCION-REMOVED ---------------------------------------------------------------------


def test_a_scion_removed_from_the_game_removes_one_devastation():
    """BZ.DEV.SCION-REMOVED: a Scion leaving the game takes one token off the card."""
    s = dataclasses.replace(game(), devastation=3)
    after, events = effect(s, [v.Damage(40, "melee", v.Target("villain", "each"))], side="hero", seat=-1, zone=2)
    assert "scion:aeon-master" in after.scions_out
    removed = [e for e in events if e.kind == "devastation" and e.clause == "BZ.DEV.SCION-REMOVED"]
    assert [e.amount for e in removed] == [-1]
    assert after.devastation == 2
    assert_ledger(s, after, events)


def test_a_scion_removed_with_no_devastation_leaves_none():
    """BZ.DEV.SCION-REMOVED: there are never fewer than no tokens."""
    s = dataclasses.replace(game(), devastation=0)
    after, events = effect(s, [v.Damage(40, "melee", v.Target("villain", "each"))], side="hero", seat=-1, zone=2)
    assert "scion:aeon-master" in after.scions_out
    assert after.devastation == 0
    assert_ledger(s, after, events)


def test_removing_devastation_never_goes_below_zero():
    """BZ.DEV.SCION-REMOVED: asking for more tokens than there are takes only what is there."""
    d = Draft(dataclasses.replace(game(), devastation=1))
    remove_devastation(d, 3, "BZ.DEV.SCION-REMOVED")
    assert d.devastation == 0
    assert ledger(d.events) == -1


# --- BZ.DEV.HERO-INCAP ------------------------------------------------------------------------


def test_a_hero_incapacitated_adds_one_devastation():
    """BZ.DEV.HERO-INCAP: one incapacitation, one token."""
    s = game()
    after, events = effect(s, [v.Damage(100, "melee", v.Target("hero", "own-character"))], seat=1)
    assert after.seats[1].characters == () and after.seats[1].needs_hero
    added = [e for e in events if e.kind == "devastation" and e.clause == "BZ.DEV.HERO-INCAP"]
    assert [e.amount for e in added] == [1]
    assert after.devastation == s.devastation + 1
    assert_ledger(s, after, events)


def test_each_hero_incapacitated_adds_its_own_devastation():
    """BZ.DEV.HERO-INCAP: two heroes down together add two tokens."""
    s = in_zone(in_zone(game(), 2, 2), 3, 2)
    after, events = effect(s, [v.Damage(100, "melee", v.Target("hero", "each"))], side="villain", seat=-1, zone=2)
    assert not after.seats[2].characters and not after.seats[3].characters
    assert after.seats[0].characters and after.seats[1].characters
    assert [e.amount for e in events if e.clause == "BZ.DEV.HERO-INCAP"] == [1, 1]
    assert after.devastation == s.devastation + 2
    assert_ledger(s, after, events)


# --- CLAR.SENTINELS ---------------------------------------------------------------------------


def sentinels_alone_in_zone_two():
    return in_zone(game(heroes=HEROES_WITH_SENTINELS), 0, 2)


def test_one_sentinel_down_adds_no_devastation():
    """CLAR.SENTINELS: a single Sentinel incapacitated adds nothing."""
    s = sentinels_alone_in_zone_two()
    assert s.seats[0].characters == MEMBERS
    hp = {**s.hp, MEMBERS[0]: 1}
    s = dataclasses.replace(s, hp=hp)
    after, events = effect(s, [v.Damage(1, "melee", v.Target("hero", "lowest-hp"))], side="villain", seat=-1, zone=2)
    assert MEMBERS[0] in after.seats[0].incapacitated
    assert after.devastation == s.devastation
    assert not [e for e in events if e.kind == "devastation"]


def test_three_sentinels_down_add_no_devastation():
    """CLAR.SENTINELS: three of four down is still no token."""
    s = sentinels_alone_in_zone_two()
    hp = {**s.hp, **{m: 1 for m in MEMBERS[:3]}}
    s = dataclasses.replace(s, hp=hp)
    after, events = effect(s, [v.Damage(1, "melee", v.Target("hero", "each"))], side="villain", seat=-1, zone=2)
    assert after.seats[0].characters == (MEMBERS[3],)
    assert after.devastation == s.devastation
    assert_ledger(s, after, events)


def test_all_four_sentinels_down_add_exactly_one_devastation():
    """CLAR.SENTINELS: the team adds a single token, when the last of the four falls."""
    s = sentinels_alone_in_zone_two()
    after, events = effect(s, [v.Damage(100, "melee", v.Target("hero", "each"))], side="villain", seat=-1, zone=2)
    assert after.seats[0].characters == ()
    assert set(MEMBERS) <= set(after.seats[0].incapacitated)
    devs = [e for e in events if e.kind == "devastation"]
    assert [e.amount for e in devs] == [1]
    assert after.devastation == s.devastation + 1
    assert_ledger(s, after, events)


def test_the_last_sentinel_falling_later_adds_the_one_token():
    """CLAR.SENTINELS: three down earlier, the fourth falling now adds one token then."""
    s = sentinels_alone_in_zone_two()
    s, _ = effect(
        dataclasses.replace(s, hp={**s.hp, **{m: 1 for m in MEMBERS[:3]}}),
        [v.Damage(1, "melee", v.Target("hero", "each"))],
        side="villain",
        seat=-1,
        zone=2,
    )
    assert s.devastation == 0
    after, events = effect(s, [v.Damage(100, "melee", v.Target("hero", "each"))], side="villain", seat=-1, zone=2)
    assert after.devastation == 1
    assert_ledger(s, after, events)


# --- ID.COUNTDOWN -----------------------------------------------------------------------------


def test_the_countdown_starts_on_six():
    """ID.COUNTDOWN, SETUP.INEVITABLE-DESTRUCTION: the Countdown token is on space 6 after setup."""
    s = new_game(config())
    assert s.cursor.phase < 0
    assert s.countdown == 6
    assert s.devastation == 0


def test_the_first_oblivaeon_turn_takes_one_countdown_token():
    """ID.COUNTDOWN: the start of OblivAeon's first turn moves the Countdown from 6 to 5."""
    s, events = first_chance(new_game(config()))
    ticks = [e for e in events if e.kind == "countdown"]
    assert [e.amount for e in ticks] == [5]
    assert s.countdown == 5


def test_each_start_of_oblivaeons_turn_takes_one_countdown_token():
    """ID.COUNTDOWN: at the start of the next OblivAeon turn the Countdown goes 5 -> 4."""
    s = game()
    assert s.countdown == 5
    after, events = run_from(s, OA, rnd=2)
    assert after.countdown == 4
    assert [e.amount for e in events if e.kind == "countdown"] == [4]


def test_no_other_turn_touches_the_countdown():
    """ID.COUNTDOWN: a villain turn leaves the Countdown alone."""
    s = game()
    after, _ = villain_start(s, 2)
    assert after.countdown == s.countdown


def test_an_expiring_countdown_adds_devastation_and_starts_over():
    """ID.COUNTDOWN: at zero the Booklet's terrible thing happens (parameters: Devastation added, Countdown reset)."""
    s = dataclasses.replace(game(countdown_expiry_devastation=3, countdown_expiry_damage=0), countdown=1)
    after, events = run_from(s, OA, rnd=2)
    assert "countdown-expired" in [e.kind for e in events]
    assert [e.amount for e in events if e.kind == "devastation" and e.clause == "ID.COUNTDOWN"] == [3]
    assert after.devastation == s.devastation + 3
    assert after.countdown == s.setup.params.countdown_start
    assert not [e for e in events if e.kind == "damage" and e.clause == "ID.COUNTDOWN"]
    assert_ledger(s, after, events)


def test_an_expiring_countdown_hits_each_hero_in_oblivaeons_zone():
    """ID.COUNTDOWN: the expiry damage (a parameter) reaches each hero in his zone and none in the other."""
    s = dataclasses.replace(in_zone(game(), 3, 2), countdown=1)
    after, events = run_from(s, OA, rnd=2)
    hits = [e for e in events if e.kind == "damage" and e.clause == "ID.COUNTDOWN"]
    assert sorted(e.target for e in hits) == sorted(c for x in s.seats[:3] for c in x.characters)
    assert all(e.amount == s.setup.params.countdown_expiry_damage and e.zone == 1 for e in hits)
    assert after.hp[s.seats[3].characters[0]] == s.hp[s.seats[3].characters[0]]


def test_a_countdown_above_one_does_not_expire():
    """ID.COUNTDOWN: from 2 to 1 nothing terrible happens yet."""
    s = dataclasses.replace(game(), countdown=2)
    after, events = run_from(s, OA, rnd=2)
    assert after.countdown == 1
    assert "countdown-expired" not in [e.kind for e in events]
    assert after.devastation == s.devastation


# --- ID.DEVASTATION ---------------------------------------------------------------------------


def end_of_oblivaeons_turn(state):
    return run_from(state, OA, phase=1, rnd=2)


def test_reaching_the_threshold_spends_it_and_destroys_the_environment_in_his_zone():
    """ID.DEVASTATION: at the end of OblivAeon's turn the threshold is spent and the environment in his
    zone is destroyed (then replaced: the players choose among the set-aside decks)."""
    s = dataclasses.replace(game(), devastation=11)
    threshold = s.setup.params.devastation_threshold
    after, events = end_of_oblivaeons_turn(s)
    spent = [e for e in events if e.kind == "devastation" and e.clause == "ID.DEVASTATION"]
    assert [e.amount for e in spent] == [-threshold]
    assert after.devastation == 11 - threshold
    destroyed = [e for e in events if e.kind == "environment-destroyed"]
    assert [(e.card, e.zone) for e in destroyed] == [("Insula Primalis", 1)]
    assert "Insula Primalis" not in after.envs
    assert {d.kind for d in after.options} == {"environment"}
    assert_ledger(s, after, events)


def test_the_environment_destroyed_is_the_one_in_oblivaeons_zone():
    """ID.DEVASTATION: with OblivAeon in the Second Battle Zone, its environment is the one destroyed."""
    s = dataclasses.replace(game(), devastation=8, oblivaeon_zone=2)
    after, events = end_of_oblivaeons_turn(s)
    assert [e.card for e in events if e.kind == "environment-destroyed"] == ["Megalopolis"]
    assert after.zones[0].environment == "Insula Primalis"
    assert after.devastation == 0
    assert_ledger(s, after, events)


def test_below_the_threshold_nothing_is_spent():
    """ID.DEVASTATION: one token short, the environment stays and the tokens stay."""
    s = dataclasses.replace(game(), devastation=7)
    after, events = end_of_oblivaeons_turn(s)
    assert after.devastation == 7
    assert after.zones[0].environment == "Insula Primalis"
    assert not [e for e in events if e.kind == "environment-destroyed"]
    assert_ledger(s, after, events)


@pytest.mark.parametrize("threshold", [3, 5])
def test_the_threshold_is_a_parameter(threshold):
    """ID.DEVASTATION: the Booklet's number comes from parameters.devastation_threshold."""
    s = dataclasses.replace(game(devastation_threshold=threshold), devastation=threshold)
    after, events = end_of_oblivaeons_turn(s)
    assert after.devastation == 0
    assert [e.card for e in events if e.kind == "environment-destroyed"] == ["Insula Primalis"]
    assert_ledger(s, after, events)


def test_devastation_with_none_set_aside_loses_the_game():
    """ID.DEVASTATION, ENV.REMOVAL.LOSS: the environment destroyed with nothing set aside ends the game."""
    s = dataclasses.replace(game(), devastation=8, set_aside=())
    after, events = end_of_oblivaeons_turn(s)
    assert after.outcome is not None and after.outcome.kind == "lost"
    assert after.options == ()
    assert_ledger(s, after, events)
