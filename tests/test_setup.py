"""OblivAeon Setup: every setup clause, for 3, 4 and 5 heroes, and the setups the rulebook forbids.

The state right after setup is reached by resolving setup's chance points (hands, the Second Scion,
the Mission deck's visible top) and stopping at the first point inside OblivAeon's first turn.
``initial_state`` is the state before any chance point, used where setup's own numbers (the
Countdown on 6) must be seen before OblivAeon's turn changes them.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from oblivaeon_verify.model.oblivaeon.cards import (
    AEON_MEN_DECK,
    ALL_HERO_CARDS,
    CHARACTERS,
    MISSION_DECK,
    OBLIVAEON_DECK,
    PHYSICAL,
    SCION_DECK,
    SCION_PANELS,
    SCIONS,
    character_cards,
    env_deck_cards,
    hero_deck_cards,
    slug,
)
from oblivaeon_verify.model.oblivaeon.charts import SCION_DIFFICULTY, easiest_first
from oblivaeon_verify.model.oblivaeon.deck import Deck
from oblivaeon_verify.model.oblivaeon.engine import new_game, step
from oblivaeon_verify.model.oblivaeon.parameters import DEFAULT, KNOWN_SHIELDS
from oblivaeon_verify.model.oblivaeon.round_order import current_phase, current_turn
from oblivaeon_verify.model.oblivaeon.setup import SetupError, initial_state, random_setup
from oblivaeon_verify.model.oblivaeon.vocabulary import BringForthScion, Damage, Target

from tests.support import ENVS, HEROES4, config, effect, every_card, find

HEROES3 = HEROES4[:3]
HEROES5 = HEROES4 + ("char:bunker:bunker",)
HERO_LINEUPS = pytest.mark.parametrize("heroes", [HEROES3, HEROES4, HEROES5], ids=["3-heroes", "4-heroes", "5-heroes"])


def set_up(**kw):
    """Resolve setup's chance points (first listed outcome, unless ``pick`` says otherwise).

    Returns the first state in OblivAeon's first turn and every event on the way.
    ``pick(state)`` may return a decision to take instead of the first listed one.
    """
    pick = kw.pop("pick", None)
    state = new_game(config(**kw))
    events = []
    while state.cursor.phase < 0:
        decision = (pick(state) if pick else None) or state.options[0]
        state, ev = step(state, decision)
        events.extend(ev)
    return state, events


def scion_key(name: str) -> str:
    return SCIONS[name].key


# --- SETUP.HEROES, SETUP.MARKERS, SETUP.BATTLE-ZONES, CLAR.HERO-COUNT -------------------------


@HERO_LINEUPS
def test_each_player_sets_up_their_hero_at_full_hp_with_a_hand_of_four_SETUP_HEROES(heroes):
    """SETUP.HEROES: each player's hero is set up in their own play area, with a hand of four."""
    state, _ = set_up(heroes=heroes)
    assert len(state.seats) == len(heroes)
    for seat, variant in zip(state.seats, heroes, strict=True):
        ch = CHARACTERS[variant]
        assert seat.hero == ch.hero
        assert seat.characters == (variant,)
        assert state.hp[variant] == ch.hp
        assert len(seat.hand) == 4
        assert all(PHYSICAL[c].deck == ch.hero for c in seat.hand)
        assert Counter(seat.hand + seat.deck.cards()) == Counter(hero_deck_cards(ch.hero))
        assert seat.play == () and seat.trash == () and seat.incapacitated == ()


@HERO_LINEUPS
def test_markers_are_numbered_in_play_order_SETUP_MARKERS(heroes):
    """SETUP.MARKERS: the first hero takes marker #1, the second #2, and so on."""
    state, _ = set_up(heroes=heroes)
    assert [s.marker for s in state.seats] == list(range(1, len(heroes) + 1))
    for marker, variant in enumerate(heroes, start=1):
        assert state.seat_of_marker(marker).characters == (variant,)


@HERO_LINEUPS
def test_every_hero_marker_and_oblivaeon_start_in_the_first_battle_zone_SETUP_BATTLE_ZONES(heroes):
    """SETUP.BATTLE-ZONES: two battle zones; OblivAeon and every hero marker start in the First."""
    state, _ = set_up(heroes=heroes)
    assert [z.number for z in state.zones] == [1, 2]
    assert state.oblivaeon_zone == 1
    assert [s.zone for s in state.seats] == [1] * len(heroes)


@HERO_LINEUPS
def test_hero_count_is_the_number_of_play_areas_at_the_start_CLAR_HERO_COUNT(heroes):
    """CLAR.HERO-COUNT: the hero-count symbol H is the number of hero play areas at the start of the game."""
    state, _ = set_up(heroes=heroes)
    assert state.hero_count == len(heroes)
    legacy = state.seats[0].characters[0]
    after, events = effect(state, [Damage("H", "infernal", Target("hero", "own-character"))], seat=0)
    hits = [e for e in events if e.kind == "damage" and e.target == legacy]
    assert [e.amount for e in hits] == [len(heroes)]
    assert after.hp[legacy] == state.hp[legacy] - len(heroes)


def test_hero_count_stays_the_starting_count_when_a_play_area_has_no_active_hero_CLAR_HERO_COUNT():
    """CLAR.HERO-COUNT: H counts the play areas at the start, not the heroes active now."""
    state, _ = set_up(heroes=HEROES4)
    fallen = state.seats[1].characters[0]
    seats = list(state.seats)
    seats[1] = dataclasses.replace(seats[1], characters=(), incapacitated=(fallen,))
    hp = dict(state.hp)
    del hp[fallen]
    state = dataclasses.replace(state, seats=tuple(seats), hp=hp)
    legacy = state.seats[0].characters[0]
    _, events = effect(state, [Damage("H", "infernal", Target("hero", "own-character"))], seat=0)
    assert [e.amount for e in events if e.kind == "damage" and e.target == legacy] == [4]


# --- SETUP.DECKS -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "field, cards",
    [
        ("oblivaeon_deck", OBLIVAEON_DECK),
        ("scion_deck", SCION_DECK),
        ("aeon_deck", AEON_MEN_DECK),
        ("mission_deck", MISSION_DECK),
    ],
)
def test_the_four_decks_are_shuffled_so_their_order_is_unknown_SETUP_DECKS(field, cards):
    """SETUP.DECKS: the Mission, Scion, Aeon Men and OblivAeon decks are each shuffled: no card's place is known."""
    deck = getattr(initial_state(config()), field)
    assert deck.top == () and deck.bottom == ()
    assert Counter(deck.middle) == Counter(cards)
    assert len(deck) == len(cards) > 1


def test_the_villain_decks_are_still_unknown_once_setup_is_over_SETUP_DECKS():
    """SETUP.DECKS: setup deals no villain card, so the three villain decks stay whole and shuffled."""
    state, _ = set_up()
    assert state.oblivaeon_deck == Deck.shuffled(OBLIVAEON_DECK)
    assert state.scion_deck == Deck.shuffled(SCION_DECK)
    assert state.aeon_deck == Deck.shuffled(AEON_MEN_DECK)


def test_the_first_oblivaeon_card_is_a_uniform_draw_from_the_shuffled_deck_SETUP_DECKS():
    """SETUP.DECKS: OblivAeon's shuffled deck offers every distinct card, weighted by its copies."""
    state, _ = set_up()
    assert current_turn(state).kind == "oblivaeon" and current_phase(state) == "play"
    reveals = state.options
    assert all(d.is_chance and d.kind == "reveal" and d.target == "the OblivAeon deck" for d in reveals)
    assert sum(d.weight for d in reveals) == len(OBLIVAEON_DECK)
    by_kind = Counter(PHYSICAL[c].key for c in OBLIVAEON_DECK)
    assert {PHYSICAL[d.card].key: d.weight for d in reveals} == dict(by_kind)


def test_the_mission_deck_shows_its_top_objective_once_setup_is_over_SETUP_DECKS():
    """SETUP.DECKS with MISSION.DECK-OBJECTIVE-UP: shuffled, then its top card is known (objective side up)."""
    state, _ = set_up()
    deck = state.mission_deck
    assert deck.top_known()
    top = deck.peek_top()
    assert PHYSICAL[top].side == "mission" and top not in state.reward_side
    assert len(deck.top) == 1 and len(deck.middle) == len(MISSION_DECK) - 1
    assert Counter(deck.cards()) == Counter(MISSION_DECK)


# --- SETUP.SHIELD, SHIELD.RANDOM-START, SETUP.FIRST-SCION ---------------------------------------


@pytest.mark.parametrize("spec", KNOWN_SHIELDS, ids=lambda s: s.name)
def test_the_chosen_shield_is_in_play_phase_1_side_up_SETUP_SHIELD(spec):
    """SETUP.SHIELD: the selected Shield goes in front of OblivAeon, "Phase 1" side up, no task done yet."""
    state, _ = set_up(shield=spec.name)
    assert state.shield == spec.name
    assert state.shield_side == 1
    assert state.shield_tasks == 0


@pytest.mark.parametrize("spec", KNOWN_SHIELDS, ids=lambda s: s.name)
def test_the_scion_the_shield_brings_forth_starts_in_the_first_battle_zone_SETUP_FIRST_SCION(spec):
    """SETUP.FIRST-SCION: the Scion named after "Bring Forth" on the Shield is put in the First Battle Zone."""
    state, _ = set_up(shield=spec.name)
    first = scion_key(spec.scion)
    assert state.zones[0].scions == (first,)
    assert first not in state.reserve.cards() and first not in state.zones[1].scions
    assert state.hp[first] == DEFAULT.scion_hp(SCION_DIFFICULTY[spec.scion])


def test_a_random_setup_picks_its_shield_at_random_among_all_shields_SHIELD_RANDOM_START():
    """SHIELD.RANDOM-START: the starting Shield is selected at random; over many seeds every Shield turns up."""
    seen = Counter(random_setup(random.Random(seed), 4).shield for seed in range(300))
    assert set(seen) == {s.name for s in DEFAULT.shields}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_game_from_a_random_setup_starts_with_its_shield_in_play_SHIELD_RANDOM_START(seed):
    """SHIELD.RANDOM-START: whatever Shield was drawn starts the game in play, Phase 1 side up."""
    cfg = random_setup(random.Random(seed), 3)
    state = new_game(cfg)
    assert state.shield == cfg.shield and state.shield_side == 1
    assert state.zones[0].scions == (scion_key(DEFAULT.shield(cfg.shield).scion),)


# --- SETUP.SCION-RESERVE, SETUP.SECOND-SCION, OPTION.SCION-ORDER --------------------------------


def test_the_other_scions_are_shuffled_into_the_reserve_SETUP_SCION_RESERVE():
    """SETUP.SCION-RESERVE: the nine other Scions go into the Reserve in unknown order; zone 2 is empty until the Second Scion."""
    state = initial_state(config())  # The Arc of Unreality brings forth Progeny
    others = sorted(s.key for s in SCIONS.values() if s.name != "Progeny")
    assert state.reserve.top == () and state.reserve.bottom == ()
    assert sorted(state.reserve.middle) == others
    assert state.zones[1].scions == ()


def test_the_second_scion_is_the_bottom_card_of_the_shuffled_reserve_SETUP_SECOND_SCION():
    """SETUP.SECOND-SCION: the bottom Scion of the shuffled Reserve, any of the nine equally likely, goes to zone 2."""
    seen = []

    def pick(state):
        if state.options[0].target == "the Scion Reserve (bottom)":
            seen.append(state.options)
            return find(state, "reveal", card=scion_key("Sanction"))
        return None

    state, events = set_up(pick=pick)
    assert len(seen) == 1
    offered = seen[0]
    assert sorted(d.card for d in offered) == sorted(s.key for s in SCIONS.values() if s.name != "Progeny")
    assert {d.weight for d in offered} == {1}
    assert state.zones[1].scions == (scion_key("Sanction"),)
    assert len(state.reserve) == 8 and state.reserve.middle == tuple(sorted(state.reserve.cards()))
    assert scion_key("Sanction") not in state.reserve.cards()
    entered = [e for e in events if e.kind == "scion-enters"]
    assert [(e.clause, e.zone, e.card) for e in entered] == [("SETUP.SECOND-SCION", 2, scion_key("Sanction"))]


ORDER = (
    "Voidsoul",
    "Empyreon",
    "Dark Mind",
    "Sanction",
    "Faultless",
    "Borr the Unstable",
    "Aeon Master",
    "Rainek Kel'Voss",
    "Nixious the Chosen",
)


def test_a_chosen_scion_order_puts_the_first_named_scion_in_the_second_zone_OPTION_SCION_ORDER():
    """OPTION.SCION-ORDER: with a set order (bottom first), the Second Battle Zone gets the first Scion named, by no chance."""
    state, events = set_up(scion_order=ORDER)
    assert state.zones[0].scions == (scion_key("Progeny"),)
    assert state.zones[1].scions == (scion_key("Voidsoul"),)
    reserve_reveals = [e for e in events if e.kind == "scion-enters"]
    assert [(e.clause, e.card) for e in reserve_reveals] == [("SETUP.SECOND-SCION", scion_key("Voidsoul"))]


def test_the_reserve_keeps_the_chosen_order_for_the_other_eight_OPTION_SCION_ORDER():
    """OPTION.SCION-ORDER: the other eight stay in the Reserve in the chosen order, the next to arrive at the bottom."""
    state, _ = set_up(scion_order=ORDER)
    assert len(state.reserve) == 8
    assert state.reserve.middle == ()
    bottom_up = tuple(reversed(state.reserve.cards()))
    assert bottom_up == tuple(scion_key(n) for n in ORDER[1:])
    assert state.reserve.peek_bottom() == scion_key("Empyreon")


def test_with_a_chosen_order_no_chance_point_decides_the_second_scion_OPTION_SCION_ORDER():
    """OPTION.SCION-ORDER: no shuffle, so setup never asks which Scion is at the bottom of the Reserve."""
    asked = []

    def pick(state):
        asked.extend(d.target for d in state.options)
        return None

    set_up(scion_order=ORDER, pick=pick)
    assert "the Scion Reserve (bottom)" not in asked
    assert "the Mission deck" in asked  # the probe does see setup's chance points


def test_later_scions_arrive_in_the_chosen_order_OPTION_SCION_ORDER():
    """OPTION.SCION-ORDER: the Scions put at the bottom of the Reserve enter the battle first."""
    state, _ = set_up(scion_order=ORDER)
    arrived = []
    for _ in range(3):
        state, events = effect(state, [BringForthScion("this-zone")], side="villain", seat=-1, zone=2)
        arrived += [e.card for e in events if e.kind == "scion-enters"]
    assert arrived == [scion_key(n) for n in ORDER[1:4]]
    assert state.zones[1].scions == tuple(scion_key(n) for n in ORDER[:4])


def test_the_easiest_first_order_brings_the_least_challenging_scion_second_OPTION_SCION_ORDER():
    """OPTION.SCION-ORDER: ordering by the difficulty chart lets a difficulty-1 Scion arrive first."""
    order = easiest_first(tuple(n for n in SCIONS if n != "Progeny"))
    state, _ = set_up(scion_order=order)
    (second,) = state.zones[1].scions
    assert SCION_PANELS[second].difficulty == 1
    assert second == scion_key(order[0])


# --- SETUP.ENVIRONMENTS, SETUP.ENV-IN-PLAY -----------------------------------------------------


def test_five_environment_decks_are_shuffled_SETUP_ENVIRONMENTS():
    """SETUP.ENVIRONMENTS: five different environment decks are shuffled separately."""
    state, _ = set_up(in_play=(ENVS[3], ENVS[1]))
    assert set(state.envs) == set(ENVS)
    for name, piles in state.envs.items():
        assert piles.deck.top == () and piles.deck.bottom == ()
        assert Counter(piles.deck.middle) == Counter(env_deck_cards(name))
        assert piles.trash == ()


def test_two_environments_are_in_play_one_per_zone_and_three_set_aside_SETUP_ENV_IN_PLAY():
    """SETUP.ENV-IN-PLAY: two of the five go into play, one in each battle zone; the other three are set aside."""
    state, _ = set_up(in_play=(ENVS[3], ENVS[1]))
    assert state.zones[0].environment == ENVS[3]
    assert state.zones[1].environment == ENVS[1]
    assert sorted(state.set_aside) == sorted(set(ENVS) - {ENVS[3], ENVS[1]})
    assert len(state.set_aside) == 3
    assert state.zones[0].env_play == () and state.zones[1].env_play == ()


# --- SETUP.INEVITABLE-DESTRUCTION --------------------------------------------------------------


def test_inevitable_destruction_starts_with_the_countdown_on_6_and_no_devastation_SETUP_INEVITABLE_DESTRUCTION():
    """SETUP.INEVITABLE-DESTRUCTION: the Countdown token is on space 6; no Devastation token is on the card."""
    state = initial_state(config())
    assert state.countdown == 6
    assert state.devastation == 0


def test_the_first_countdown_tick_counts_down_from_6_SETUP_INEVITABLE_DESTRUCTION():
    """SETUP.INEVITABLE-DESTRUCTION: setup leaves the Countdown on 6, so OblivAeon's first turn takes it to 5."""
    state, events = set_up()
    ticks = [e for e in events if e.kind == "countdown"]
    assert [(e.clause, e.amount) for e in ticks] == [("ID.COUNTDOWN", 5)]
    assert state.devastation == 0


# --- the box and card conservation ---------------------------------------------------------------


@HERO_LINEUPS
def test_the_box_holds_every_other_character_card_and_hero_deck_SETUP_HEROES(heroes):
    """SETUP.HEROES: heroes not chosen, and the other variants of chosen heroes, wait in the box with their decks."""
    state, _ = set_up(heroes=heroes)
    chosen_decks = {CHARACTERS[h].hero for h in heroes}
    expected_chars = [c for k in CHARACTERS if k not in heroes for c in character_cards(k)]
    expected_cards = [c for c in ALL_HERO_CARDS if PHYSICAL[c].deck not in chosen_decks]
    assert Counter(state.box) == Counter(expected_chars + expected_cards)
    assert "char:legacy:young-legacy" in state.box  # another variant of a hero in play stays in the box
    assert not any(c in state.box for h in chosen_decks for c in hero_deck_cards(h))


@HERO_LINEUPS
def test_setup_puts_every_card_in_exactly_one_place_SETUP_HEROES(heroes):
    """SETUP.HEROES, SETUP.DECKS, SETUP.ENVIRONMENTS: no card is lost or doubled by setup."""
    state, _ = set_up(heroes=heroes)
    expected = Counter(
        list(ALL_HERO_CARDS)
        + [c for k in CHARACTERS for c in character_cards(k)]
        + list(OBLIVAEON_DECK + SCION_DECK + AEON_MEN_DECK + MISSION_DECK)
        + [c for e in ENVS for c in env_deck_cards(e)]
        + list(SCION_PANELS)
        + [f"shield:{slug(state.shield)}"]  # the Shield in play in front of OblivAeon
    )
    assert every_card(state) == expected


# --- setups the rulebook forbids -------------------------------------------------------------


@pytest.mark.parametrize(
    "heroes",
    [
        HEROES4[:2],
        HEROES5 + ("char:tempest:tempest",),
    ],
    ids=["2-heroes", "6-heroes"],
)
def test_only_3_to_5_heroes_may_be_set_up_SETUP_HEROES(heroes):
    """SETUP.HEROES, ROUND.HERO-ORDER: OblivAeon is played by 3 to 5 heroes; 2 or 6 is refused, naming the field."""
    with pytest.raises(SetupError, match=r"^heroes: .*3 to 5.*got " + str(len(heroes))):
        new_game(config(heroes=heroes))


def test_two_players_may_not_play_the_same_hero_deck_SETUP_HEROES():
    """SETUP.HEROES with INCAP.NO-SHARED-DECK: two variants of one hero deck in one setup are refused."""
    heroes = ("char:legacy:legacy", "char:legacy:young-legacy", "char:ra:ra")
    with pytest.raises(SetupError, match=r"^heroes: .*same hero deck"):
        new_game(config(heroes=heroes))


def test_an_unknown_character_is_refused_SETUP_HEROES():
    """SETUP.HEROES: a character that is not in the game is refused, naming the field."""
    with pytest.raises(SetupError, match=r"^heroes: unknown character 'char:nobody:nobody'"):
        new_game(config(heroes=HEROES4[:3] + ("char:nobody:nobody",)))


def test_an_unknown_shield_is_refused_SETUP_SHIELD():
    """SETUP.SHIELD: the Shield must be one of the OblivAeon Shields."""
    with pytest.raises(SetupError, match=r"^shield: unknown Shield 'The Paper Shield'"):
        new_game(config(shield="The Paper Shield"))


def test_an_unknown_environment_is_refused_SETUP_ENVIRONMENTS():
    """SETUP.ENVIRONMENTS: every one of the five decks must be a known environment."""
    envs = ENVS[:4] + ("Atlantis Mall",)
    with pytest.raises(SetupError, match=r"^environments: unknown environment 'Atlantis Mall'"):
        new_game(config(envs=envs, in_play=ENVS[:2]))


@pytest.mark.parametrize(
    "envs",
    [ENVS[:4], ENVS + ("Pike Industrial Complex",), ENVS[:4] + (ENVS[0],)],
    ids=["four", "six", "repeated"],
)
def test_exactly_five_different_environments_are_required_SETUP_ENVIRONMENTS(envs):
    """SETUP.ENVIRONMENTS: five *different* environment decks; four, six or a repeat are refused."""
    with pytest.raises(SetupError, match=r"^environments: need 5 different"):
        new_game(config(envs=envs, in_play=ENVS[:2]))


@pytest.mark.parametrize(
    "in_play",
    [(ENVS[0], ENVS[0]), (ENVS[0], "Pike Industrial Complex")],
    ids=["same-twice", "not-among-the-five"],
)
def test_the_two_environments_in_play_are_two_different_ones_of_the_five_SETUP_ENV_IN_PLAY(in_play):
    """SETUP.ENV-IN-PLAY: two of those five decks, each in a different battle zone."""
    with pytest.raises(SetupError, match=r"^in_play: "):
        new_game(config(in_play=in_play))


@pytest.mark.parametrize(
    "order",
    [
        ORDER[:-1],
        ORDER + ("Progeny",),
        ORDER[:-1] + ("Progeny",),
        ORDER[:-1] + ("Voidsoul",),
        ORDER[:-1] + ("Nobody",),
    ],
    ids=["missing-one", "includes-the-shields-scion", "shields-scion-instead", "duplicate", "unknown-name"],
)
def test_a_scion_order_must_name_exactly_the_other_nine_scions_OPTION_SCION_ORDER(order):
    """OPTION.SCION-ORDER: the chosen order must order exactly the Scions other than the Shield's."""
    with pytest.raises(SetupError, match=r"^scion_order: .*'Progeny'"):
        new_game(config(scion_order=order))


def test_setup_errors_are_value_errors_raised_before_any_state_exists_SETUP_HEROES():
    """SETUP.HEROES: a refused setup fails in validation itself (SetupError is a ValueError), not part-way through."""
    cfg = config(heroes=HEROES4[:2])
    with pytest.raises(ValueError):
        cfg.validate()
    with pytest.raises(SetupError):
        initial_state(cfg)
