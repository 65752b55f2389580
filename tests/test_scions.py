"""Scions: the Reserve they come from, leaving the game, Rainek Kel'Voss, Unforgiving Wasteland, Aeon Men.

Rulebook: "Setup" (the Shield's Scion in the First Battle Zone, the Reserve's bottom card in the
Second), "Scion Setup Options" (a chosen order, bottom first), "Battle Zones" (a Scion removed takes a
Devastation token away), "Aeon Men" (played only on a Scion's or the Booklet's instruction) and the
"Rules Clarifications" (Scions from the bottom, the Booklet and Scion panels are villain character
cards, Scions act before Aeon Men, OblivAeon cannot be removed by Unforgiving Wasteland).
"""

from __future__ import annotations

import dataclasses

import pytest
from oblivaeon_verify.model.oblivaeon import aeon_men
from oblivaeon_verify.model.oblivaeon import vocabulary as v
from oblivaeon_verify.model.oblivaeon.battle_zones import OBLIVAEON, is_character, reachable_targets, target_side
from oblivaeon_verify.model.oblivaeon.cards import SCION_PANELS, SCIONS, validate
from oblivaeon_verify.model.oblivaeon.draft import Ctx
from oblivaeon_verify.model.oblivaeon.engine import new_game, step
from oblivaeon_verify.model.oblivaeon.places import place_of
from oblivaeon_verify.model.oblivaeon.positions import at_turn
from oblivaeon_verify.model.oblivaeon.triggers import collect

from tests.support import SCION_ORDER, config, effect, first_chance, game, place

#: The Reserve from the bottom up (OPTION.SCION-ORDER); Progeny is the Arc of Unreality's Scion.
ORDER = SCION_ORDER
RAINEK_FIRST = ("Rainek Kel'Voss",) + tuple(n for n in ORDER if n != "Rainek Kel'Voss")
DARK_MIND_FIRST = ("Dark Mind",) + tuple(n for n in ORDER if n != "Dark Mind")
WASTELAND_ENVS = ("The Final Wasteland", "Megalopolis", "Ruins of Atlantis", "Rook City", "Insula Primalis")


def key(name):
    return SCIONS[name].key


# --- helpers ---------------------------------------------------------------------------------


def set_hp(state, changes):
    return dataclasses.replace(state, hp={**state.hp, **changes})


def villain_effect(state, ops, zone, source="test"):
    return effect(state, ops, side="villain", seat=-1, zone=zone, source=source)


def kill_villains(state, zone):
    """A hero effect dealing 40 to each villain target in ``zone``."""
    return effect(state, [v.Damage(40, "melee", v.Target("villain", "each"))], side="hero", seat=-1, zone=zone)


# --- CLAR.SCIONS-FROM-BOTTOM / SETUP.SECOND-SCION ----------------------------------------------


def test_setup_puts_the_shields_scion_in_the_first_zone_and_the_reserves_bottom_in_the_second():
    """SETUP.SECOND-SCION, SETUP.FIRST-SCION: Progeny (the Arc of Unreality's) in zone 1, the Reserve's
    bottom Scion (first of the chosen order) in zone 2, the other eight left in the Reserve."""
    s, events = first_chance(new_game(config(scion_order=ORDER)))
    assert s.zones[0].scions == (key("Progeny"),)
    assert s.zones[1].scions == (key(ORDER[0]),)
    assert sorted(s.reserve.cards()) == sorted(key(n) for n in ORDER[1:])
    entered = [e for e in events if e.kind == "scion-enters"]
    assert [(e.card, e.zone, e.clause) for e in entered] == [(key(ORDER[0]), 2, "SETUP.SECOND-SCION")]


def test_a_shuffled_reserve_reveals_its_bottom_card_for_the_second_scion():
    """SETUP.SECOND-SCION, CLAR.SCIONS-FROM-BOTTOM: with a shuffled Reserve the second Scion is a chance
    on the Reserve's bottom card."""
    s = new_game(config())
    while s.options and not any("Reserve" in d.target for d in s.options):
        s, _ = step(s, s.options[0])
    reveal = [d for d in s.options if "Reserve" in d.target]
    assert reveal and all(d.kind == "reveal" and d.target == "the Scion Reserve (bottom)" for d in reveal)
    assert len(reveal) == 9


def test_bring_forth_takes_the_reserves_bottom_card():
    """CLAR.SCIONS-FROM-BOTTOM: the next Scion is the bottom one (the second of the chosen order), never the top."""
    s = game(scion_order=ORDER)
    top = s.reserve.peek_top()
    after, events = villain_effect(s, [v.BringForthScion("this-zone")], zone=1)
    assert after.zones[0].scions == (key("Progeny"), key(ORDER[1]))
    assert key(ORDER[1]) not in after.reserve.cards()
    assert after.reserve.peek_top() == top == key(ORDER[-1])
    assert len(after.reserve) == len(s.reserve) - 1
    assert [(e.card, e.zone) for e in events if e.kind == "scion-enters"] == [(key(ORDER[1]), 1)]


def test_a_scion_enters_at_its_full_hp():
    """CLAR.SCIONS-FROM-BOTTOM: the Scion that enters is a target at the HP its difficulty gives (a parameter)."""
    s = game(scion_order=ORDER)
    after, _ = villain_effect(s, [v.BringForthScion("this-zone")], zone=1)
    panel = SCION_PANELS[key(ORDER[1])]
    assert after.hp[panel.key] == s.setup.params.scion_hp(panel.difficulty)


def test_scions_keep_coming_from_the_bottom_in_the_chosen_order():
    """CLAR.SCIONS-FROM-BOTTOM, OPTION.SCION-ORDER: three Scions brought forth arrive in the chosen order."""
    s = game(scion_order=ORDER)
    for _ in range(3):
        s, _ = villain_effect(s, [v.BringForthScion("this-zone")], zone=2)
    assert s.zones[1].scions == tuple(key(n) for n in ORDER[:4])


def test_a_shuffled_reserve_reveals_the_bottom_not_the_top():
    """CLAR.SCIONS-FROM-BOTTOM: with the Reserve's order unknown, the chance point is on its bottom card."""
    s = game()
    after, _ = villain_effect(s, [v.BringForthScion("this-zone")], zone=1)
    assert after.options and all(d.kind == "reveal" and d.target == "the Scion Reserve (bottom)" for d in after.options)


def test_fewest_scions_brings_the_scion_to_the_emptier_zone():
    """CLAR.SCIONS-FROM-BOTTOM: 'the zone with fewest Scions': zone 2 after zone 1 got a second Scion."""
    s = game(scion_order=ORDER)
    s, _ = villain_effect(s, [v.BringForthScion("this-zone")], zone=1)
    after, _ = villain_effect(s, [v.BringForthScion("fewest-scions")], zone=1)
    assert after.zones[1].scions == (key(ORDER[0]), key(ORDER[2]))


def test_an_empty_reserve_brings_forth_nothing():
    """CLAR.SCIONS-FROM-BOTTOM: no Scion is left: nothing enters and nothing else is drawn from."""
    s = game(scion_order=ORDER)
    for _ in range(len(ORDER) - 1):
        s, _ = villain_effect(s, [v.BringForthScion("this-zone")], zone=2)
    assert len(s.reserve) == 0
    after, events = villain_effect(s, [v.BringForthScion("this-zone")], zone=2)
    assert after.zones == s.zones
    assert "reserve-empty" in [e.kind for e in events]


# --- Scion removal ----------------------------------------------------------------------------


def test_a_scion_at_zero_hp_leaves_the_game():
    """BZ.DEV.SCION-REMOVED: a defeated Scion goes out of the game (scions_out), takes one Devastation
    away and counts as a Shield task."""
    s = dataclasses.replace(game(scion_order=ORDER), devastation=2)
    after, events = kill_villains(s, 2)
    scion = key(ORDER[0])
    assert after.zones[1].scions == ()
    assert after.scions_out == (scion,)
    assert scion not in after.hp
    assert after.devastation == 1
    assert [e.card for e in events if e.kind == "scion-removed"] == [scion]
    assert [e.amount for e in events if e.kind == "shield-task"] == [1]
    assert place_of(after, scion) == ("scions_out",)


def test_a_removed_scion_is_not_replaced_from_the_reserve():
    """BZ.DEV.SCION-REMOVED: removal takes the Scion out; nothing comes from the Reserve by itself."""
    s = game(scion_order=ORDER)
    after, _ = kill_villains(s, 2)
    assert after.reserve == s.reserve


def test_a_scion_with_hp_left_stays():
    """BZ.DEV.SCION-REMOVED: damage short of its HP leaves the Scion in its zone."""
    s = game(scion_order=ORDER)
    scion = key(ORDER[0])
    after, events = effect(s, [v.Damage(2, "melee", v.Target("villain", "each"))], side="hero", seat=-1, zone=2)
    assert after.zones[1].scions == (scion,)
    assert after.hp[scion] == s.hp[scion] - 2
    assert not [e for e in events if e.kind == "scion-removed"]


# --- Rainek Kel'Voss --------------------------------------------------------------------------


def test_rainek_kel_voss_flips_instead_of_leaving_and_usurps_oblivaeon():
    """CLAR.RITES-OF-REVIVAL (Rainek Kel'Voss): at 0 HP the first time he flips, stays in his zone with
    his flipped HP and has usurped OblivAeon's power; no Devastation leaves."""
    s = dataclasses.replace(game(scion_order=RAINEK_FIRST), devastation=2)
    rainek = key("Rainek Kel'Voss")
    assert s.zones[1].scions == (rainek,)
    after, events = kill_villains(s, 2)
    assert after.usurped
    assert after.zones[1].scions == (rainek,)
    assert after.hp[rainek] == s.setup.params.rainek_flipped_hp
    assert rainek not in after.scions_out
    assert after.devastation == 2
    assert "rainek-usurps" in [e.kind for e in events]


def test_flipped_rainek_kel_voss_at_zero_hp_leaves_and_the_usurping_ends():
    """BZ.DEV.SCION-REMOVED: the flipped Rainek at 0 HP leaves the game like any Scion."""
    s = dataclasses.replace(game(scion_order=RAINEK_FIRST), devastation=2)
    rainek = key("Rainek Kel'Voss")
    flipped, _ = kill_villains(s, 2)
    after, events = kill_villains(flipped, 2)
    assert rainek in after.scions_out
    assert not after.usurped
    assert after.devastation == 1


def test_other_scions_never_usurp():
    """CLAR.RITES-OF-REVIVAL: only Rainek Kel'Voss usurps OblivAeon."""
    s = game(scion_order=ORDER)
    after, _ = kill_villains(s, 2)
    assert not after.usurped


# --- CLAR.OA-NOT-REMOVABLE (Unforgiving Wasteland) --------------------------------------------


def wasteland(state, zone=1):
    return effect(
        state, [v.RemoveLowestVillain()], side="environment", seat=-1, zone=zone, source="the-final-wasteland:unforgiving-wasteland#1"
    )


def test_unforgiving_wasteland_never_removes_oblivaeon_even_when_he_qualifies():
    """CLAR.OA-NOT-REMOVABLE: OblivAeon at low HP, the only qualifying villain target: nothing is removed."""
    s = set_hp(game(), {OBLIVAEON: 2})
    assert s.hp[key("Progeny")] > s.setup.params.wasteland_max_hp
    after, events = wasteland(s)
    assert after.hp[OBLIVAEON] == 2
    assert OBLIVAEON not in after.out
    assert after.oblivaeon_zone == 1
    assert [e.target for e in events if e.kind == "not-removable"] == [OBLIVAEON]
    assert not [e for e in events if e.kind in ("removed-from-game", "scion-removed")]


def test_unforgiving_wasteland_removes_the_lowest_other_villain_target_instead_of_oblivaeon():
    """CLAR.OA-NOT-REMOVABLE: OblivAeon has the lowest HP, but the lowest villain target that may be
    removed goes: here the Scion."""
    s = set_hp(game(), {OBLIVAEON: 1, key("Progeny"): 5})
    after, events = wasteland(s)
    assert key("Progeny") in after.scions_out
    assert after.hp[OBLIVAEON] == 1
    assert [e.card for e in events if e.kind == "scion-removed"] == [key("Progeny")]


def test_unforgiving_wasteland_removes_a_low_aeon_man_from_the_game():
    """CLAR.OA-NOT-REMOVABLE: an ordinary villain target with HP at most the limit is removed from the game."""
    s = place(game(), "aeon-men:aeon-thrall#1", ("zone", 1, "villain_play"), hp=3)
    s = set_hp(s, {OBLIVAEON: 2})
    after, _ = wasteland(s)
    assert "aeon-men:aeon-thrall#1" in after.out
    assert "aeon-men:aeon-thrall#1" not in after.zones[0].villain_play
    assert OBLIVAEON not in after.out and after.hp[OBLIVAEON] == 2


def test_unforgiving_wasteland_ignores_targets_above_the_limit():
    """CLAR.OA-NOT-REMOVABLE: villain targets above parameters.wasteland_max_hp stay."""
    limit = game().setup.params.wasteland_max_hp
    s = set_hp(game(), {key("Progeny"): limit + 1})
    after, events = wasteland(s)
    assert after.zones[0].scions == (key("Progeny"),)
    assert not [e for e in events if e.kind in ("removed-from-game", "scion-removed")]


def test_unforgiving_wasteland_offers_a_tie_without_oblivaeon():
    """CLAR.OA-NOT-REMOVABLE: two villain targets tied for lowest: the choice never includes OblivAeon."""
    s = place(game(), "aeon-men:aeon-thrall#1", ("zone", 1, "villain_play"), hp=3)
    s = place(s, "aeon-men:aeon-thrall#2", ("zone", 1, "villain_play"), hp=3)
    s = set_hp(s, {OBLIVAEON: 3})
    after, _ = wasteland(s)
    assert {d.target for d in after.options} == {"aeon-men:aeon-thrall#1", "aeon-men:aeon-thrall#2"}


def test_unforgiving_wasteland_at_the_end_of_the_environment_turn_spares_oblivaeon():
    """CLAR.OA-NOT-REMOVABLE: the card itself, in play in the First Battle Zone, at its environment turn's end."""
    s = game(envs=WASTELAND_ENVS, in_play=WASTELAND_ENVS[:2])
    s = place(s, "the-final-wasteland:unforgiving-wasteland#1", ("zone", 1, "env_play"))
    s = set_hp(s, {OBLIVAEON: 1})
    after, events = at_turn(s, 5, phase=1, round_number=1)
    assert "trigger" in [e.kind for e in events]
    assert after.hp.get(OBLIVAEON) == 1 and OBLIVAEON not in after.out
    assert [e.target for e in events if e.kind == "not-removable"] == [OBLIVAEON]


# --- CLAR.SCIONS-BEFORE-AEON-MEN --------------------------------------------------------------


def test_scion_effects_come_before_aeon_men_at_the_end_of_a_villain_turn():
    """CLAR.SCIONS-BEFORE-AEON-MEN: the Scion panel and Scion cards are collected before the Aeon Men,
    whatever order the cards came into play."""
    s = game(scion_order=("Aeon Master",) + tuple(n for n in ORDER if n != "Aeon Master"))
    s = place(s, "aeon-men:aeon-warrior#1", ("zone", 2, "villain_play"), hp=5)
    s = place(s, "scion:dark-pact#1", ("zone", 2, "villain_play"))
    order = [card for card, _, _ in collect(s, "end", "villain", zone=2)]
    assert order == [key("Aeon Master"), "scion:dark-pact#1", "aeon-men:aeon-warrior#1"]


def test_scion_effects_come_before_aeon_men_at_the_start_of_a_villain_turn():
    """CLAR.SCIONS-BEFORE-AEON-MEN: start of turn too: Dark Mind, then Overwhelm, then the Aeon Localizer."""
    s = game(scion_order=DARK_MIND_FIRST)
    s = place(s, "aeon-men:aeon-localizer#1", ("zone", 2, "villain_play"), hp=4)
    s = place(s, "scion:overwhelm#1", ("zone", 2, "villain_play"))
    order = [card for card, _, _ in collect(s, "start", "villain", zone=2)]
    assert order == [key("Dark Mind"), "scion:overwhelm#1", "aeon-men:aeon-localizer#1"]


def test_scion_triggers_fire_before_aeon_men_triggers_in_play():
    """CLAR.SCIONS-BEFORE-AEON-MEN: driven through the start of the Second Battle Zone's villain turn, the
    trigger events come Scions first."""
    s = game(scion_order=DARK_MIND_FIRST)
    s = place(s, "aeon-men:aeon-localizer#1", ("zone", 2, "villain_play"), hp=4)
    s = place(s, "scion:overwhelm#1", ("zone", 2, "villain_play"))
    after, events = at_turn(s, 8, round_number=1)
    after, more = first_chance(after)
    fired = [e.card for e in list(events) + more if e.kind == "trigger"]
    assert fired[:3] == [key("Dark Mind"), "scion:overwhelm#1", "aeon-men:aeon-localizer#1"]


# --- AEON-MEN.ON-INSTRUCTION ------------------------------------------------------------------


@pytest.mark.parametrize("source", [OBLIVAEON, "scion:progeny", "scion:aeon-master", "scion:aeon-call#1"])
def test_scions_scion_cards_and_the_booklet_may_call_aeon_men(source):
    """AEON-MEN.ON-INSTRUCTION: the Booklet, a Scion panel or a Scion card may instruct an Aeon Man's play."""
    assert aeon_men.may_instruct(source)


@pytest.mark.parametrize(
    "source",
    ["legacy:strike#1", "insula-primalis:hazard#1", "oblivaeon:annihilating-surge#1", "aeon-men:aeon-warrior#1", "mission:scion-hunt#1"],
)
def test_no_other_card_may_call_aeon_men(source):
    """AEON-MEN.ON-INSTRUCTION: hero, environment, OblivAeon-deck, Aeon Men and Mission cards may not."""
    assert not aeon_men.may_instruct(source)


def test_a_hero_card_trying_to_play_aeon_men_is_refused():
    """AEON-MEN.ON-INSTRUCTION: a hero card with the instruction is refused outright."""
    s = game()
    with pytest.raises(ValueError, match="AEON-MEN.ON-INSTRUCTION"):
        effect(s, [v.PlayAeonMen(1)], side="hero", seat=0, source="legacy:strike#1")


def test_a_scion_calls_an_aeon_man_into_its_own_zone():
    """AEON-MEN.ON-INSTRUCTION: a Scion's instruction plays the Aeon Men deck's top card in its zone."""
    s = game()
    after, events = villain_effect(s, [v.PlayAeonMen(1)], zone=2, source="scion:aeon-master")
    after, more = first_chance(after)
    called = [e for e in list(events) + more if e.kind == "aeon-man-called"]
    assert len(called) == 1 and called[0].zone == 2 and called[0].card == "scion:aeon-master"
    assert called[0].target in after.zones[1].villain_play
    assert len(after.aeon_deck) == len(s.aeon_deck) - 1


def test_only_scion_cards_in_the_catalogue_call_aeon_men():
    """AEON-MEN.ON-INSTRUCTION: no card outside the Scion deck carries the instruction."""
    assert validate() == []


# --- CLAR.VILLAIN-CHARACTERS ------------------------------------------------------------------


def test_the_booklet_and_scion_panels_are_villain_character_cards():
    """CLAR.VILLAIN-CHARACTERS: OblivAeon and every Scion panel are villain character cards; Scion deck and
    Aeon Men cards are not character cards."""
    s = game()
    for card in (OBLIVAEON,) + tuple(SCION_PANELS):
        assert is_character(card)
        assert target_side(s, card) == "villain"
    assert not is_character("scion:dark-pact#1")
    assert not is_character("aeon-men:aeon-warrior#1")


def test_villain_character_targets_are_oblivaeon_and_the_scions():
    """CLAR.VILLAIN-CHARACTERS: 'villain character' picks OblivAeon and the Scion, never an Aeon Man."""
    s = place(game(), "aeon-men:aeon-warrior#1", ("zone", 1, "villain_play"), hp=5)
    ctx = Ctx("test", "hero", 0, 1)
    assert reachable_targets(s, ctx, "villain", "zone", characters_only=True) == [OBLIVAEON, key("Progeny")]
    assert "aeon-men:aeon-warrior#1" in reachable_targets(s, ctx, "villain", "zone")


def test_destroying_a_villain_target_never_destroys_a_villain_character():
    """CLAR.VILLAIN-CHARACTERS: a 'destroy a villain target' effect can take an Aeon Man but never the
    Scion panel or the Booklet (character cards are not destroyed, they are defeated)."""
    s = place(game(), "aeon-men:aeon-thrall#1", ("zone", 1, "villain_play"), hp=3)
    after, _ = effect(s, [v.Destroy("target", "villain")], seat=0)
    assert place_of(after, "aeon-men:aeon-thrall#1") == ("aeon_trash",)
    assert after.zones[0].scions == (key("Progeny"),)
    assert OBLIVAEON in after.hp
