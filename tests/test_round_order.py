"""Round Order: OblivAeon, the heroes by marker, then each battle zone's environment and villain turns, repeated.

The order is read from the state's cursor at every decision point (``round_order.current_turn``)
and from the events the turns emit.  Heroes are driven by a quiet policy (stay, no option, no
card, no power); chance and every other choice take the first listed outcome, or the one a test
names.
"""

from __future__ import annotations

import dataclasses

import pytest
from oblivaeon_verify.model.oblivaeon import round_order
from oblivaeon_verify.model.oblivaeon.cards import OBLIVAEON_DECK, PHYSICAL, SCION_DECK, SCIONS, env_deck_cards
from oblivaeon_verify.model.oblivaeon.engine import new_game, step
from oblivaeon_verify.model.oblivaeon.round_order import Turn, current_phase, current_turn, turns

from tests.support import HEROES4, config, find, quiet

HEROES3 = HEROES4[:3]
HEROES5 = HEROES4 + ("char:bunker:bunker",)

QUIET = ("stay", "no-option", "skip-play", "skip-power")


def drive(state, stop, policy=quiet, limit=3000):
    """Step with ``policy`` until ``stop(state)``; record (round, turn, phase) at each decision point."""
    seen, events = [], []
    for _ in range(limit):
        if stop(state) or not state.options:
            return state, seen, events
        seen.append((state.cursor.round, current_turn(state), current_phase(state)))
        state, ev = step(state, policy(state))
        events.extend(ev)
    raise AssertionError("stop condition never reached")


def at(rnd: int, kind: str, zone: int = 0, phase: str | None = None, seat: int = -1):
    """A stop condition: the cursor is in round ``rnd`` at a turn of ``kind`` (and zone, seat, phase)."""

    def stop(state):
        t = current_turn(state)
        return (
            state.cursor.round == rnd
            and t is not None
            and t.kind == kind
            and (not zone or t.zone == zone)
            and (seat < 0 or t.seat == seat)
            and (phase is None or current_phase(state) == phase)
        )

    return stop


def turn_sequence(seen):
    """Consecutive distinct (round, turn) pairs from a decision-point trace."""
    out = []
    for rnd, turn, _phase in seen:
        if turn is not None and (not out or out[-1] != (rnd, turn)):
            out.append((rnd, turn))
    return out


def expected_round(n: int) -> list[Turn]:
    return (
        [Turn("oblivaeon")]
        + [Turn("hero", seat=i) for i in range(n)]
        + [Turn("environment", zone=1), Turn("villain", zone=1), Turn("environment", zone=2), Turn("villain", zone=2)]
    )


def plays(events, deck_cards):
    return [e for e in events if e.kind == "play" and e.card in deck_cards]


# --- ROUND.ORDER, ROUND.HERO-ORDER ---------------------------------------------------------


@pytest.mark.parametrize("n", [3, 4, 5])
def test_the_round_table_is_oblivaeon_heroes_then_each_zones_environment_and_villain_ROUND_ORDER(n):
    """ROUND.ORDER, ROUND.HERO-ORDER: the turn table for n heroes; turns 4 and 5 exist only with that many heroes."""
    table = turns(n)
    assert list(table) == expected_round(n)
    assert [str(t) for t in table[-4:]] == [
        "Battle Zone 1: Environment turn",
        "Battle Zone 1: Villain turn",
        "Battle Zone 2: Environment turn",
        "Battle Zone 2: Villain turn",
    ]
    assert sum(t.kind == "hero" for t in table) == n


@pytest.mark.parametrize("heroes", [HEROES3, HEROES4, HEROES5], ids=["3-heroes", "4-heroes", "5-heroes"])
def test_a_driven_round_visits_every_turn_in_rulebook_order_then_round_2_starts_ROUND_ORDER(heroes):
    """ROUND.ORDER, ROUND.REPEAT: the cursor goes OblivAeon, heroes by marker, zone 1 env, zone 1 villain,
    zone 2 env, zone 2 villain, then round 2 opens with OblivAeon."""
    state = new_game(config(heroes=heroes))
    state, seen, _ = drive(state, at(2, "hero", seat=0))
    n = len(heroes)
    assert turn_sequence(seen) == [(1, t) for t in expected_round(n)] + [(2, Turn("oblivaeon"))]
    assert state.cursor.round == 2 and state.cursor.slot == 1


def test_heroes_act_in_marker_order_whatever_zone_they_are_in_ROUND_HERO_ORDER():
    """ROUND.HERO-ORDER: marker #1 moved to the Second Battle Zone still takes its turn before marker #2."""
    state = new_game(config())

    def policy(state):
        if current_turn(state) == Turn("hero", seat=0) and current_phase(state) == "move":
            return find(state, "move", zone=2)
        return quiet(state)

    state, seen, _ = drive(state, at(1, "hero", seat=1), policy)
    assert state.seats[0].zone == 2 and state.seats[1].zone == 1  # #1 now stands apart, in zone 2
    state, more, _ = drive(state, at(2, "oblivaeon"), policy)
    heroes = [t for _r, t in turn_sequence(seen + more) if t.kind == "hero"]
    assert heroes == [Turn("hero", seat=i) for i in range(4)]


def test_the_first_move_decision_of_each_hero_turn_belongs_to_that_heros_player_ROUND_HERO_ORDER():
    """ROUND.HERO-ORDER: the players are asked in marker order, #1 first."""
    state = new_game(config())
    actors = []

    def policy(state):
        if current_phase(state) == "move":
            actors.append(state.options[0].actor)
        return quiet(state)

    drive(state, at(1, "environment"), policy)
    assert actors == ["hero 1", "hero 2", "hero 3", "hero 4"]


def test_a_hero_turn_runs_move_option_start_play_power_draw_end_HERO_CONTINUE():
    """HERO.MOVE, HERO.OPTION, HERO.CONTINUE: the phases of a hero turn, in order."""
    names = [name for name, _fn in round_order.phases(Turn("hero", seat=0))]
    assert names == ["move", "option", "start", "play", "power", "draw", "end", "after"]
    state = new_game(config())
    _, seen, _ = drive(state, at(1, "hero", seat=1))
    asked = [p for _r, t, p in seen if t == Turn("hero", seat=0)]
    assert asked == ["move", "option", "play", "power", "draw"]


# --- ROUND.REPEAT --------------------------------------------------------------------------


def test_a_new_round_begins_after_the_second_zones_villain_turn_ROUND_REPEAT():
    """ROUND.REPEAT: after Battle Zone 2's villain turn a 'round' event opens round 2, and OblivAeon plays again."""
    state = new_game(config())
    state, _, events = drive(state, at(2, "hero", seat=0))
    rounds = [e for e in events if e.kind == "round"]
    assert [(e.clause, e.amount) for e in rounds] == [("ROUND.REPEAT", 2)]
    i = events.index(rounds[0])
    before = plays(events[:i], SCION_DECK)
    assert before and before[-1].zone == 2  # the last Scion card of round 1 was zone 2's
    after = plays(events[i:], OBLIVAEON_DECK)
    assert after and after[0].clause == "OA-TURN.PLAY"


def test_rounds_keep_repeating_ROUND_REPEAT():
    """ROUND.REPEAT: the round comes round again: the third round also starts with OblivAeon's turn."""
    state = new_game(config())
    state, seen, events = drive(state, at(3, "hero", seat=0))
    assert [e.amount for e in events if e.kind == "round"] == [2, 3]
    seq = turn_sequence(seen)
    assert [(r, t) for r, t in seq if t.kind == "oblivaeon"] == [(1, Turn("oblivaeon")), (2, Turn("oblivaeon")), (3, Turn("oblivaeon"))]
    assert [t for r, t in seq if r == 2] == expected_round(4)


def test_the_safety_stop_ends_runaway_play_as_an_abort_not_a_result_ROUND_REPEAT():
    """ROUND.REPEAT: rounds repeat until the game ends; the model's safety stop reports an abort, never a win or loss."""
    state = new_game(config(max_rounds=1))
    state, _, events = drive(state, lambda s: False)
    assert state.over and state.options == ()
    assert state.outcome.kind == "aborted"
    assert [e.kind for e in events if e.kind.startswith("game-")] == ["game-aborted"]


# --- OA-TURN.* -----------------------------------------------------------------------------


def oa_play_point(**kw):
    """The first point of the game inside OblivAeon's play phase: the chance of his deck's top card."""
    state = new_game(config(**kw))
    state, _, events = drive(state, at(1, "oblivaeon", phase="play"))
    return state, events


def test_oblivaeon_takes_the_first_turn_of_the_game_OA_TURN_FIRST():
    """OA-TURN.FIRST: the first turn after setup is OblivAeon's (slot 0 of round 1)."""
    state, events = oa_play_point()
    assert state.cursor.round == 1 and state.cursor.slot == 0
    assert current_turn(state) == Turn("oblivaeon")
    assert turns(state.hero_count)[0] == Turn("oblivaeon")
    assert not any(e.kind == "play" for e in events)  # nothing has been played before his turn


def test_oblivaeon_starts_his_turn_before_playing_his_top_card_OA_TURN_START():
    """OA-TURN.START: the Booklet's start-of-turn effect (the Countdown) resolves in the start phase, before the play."""
    state, events = oa_play_point()
    assert [(e.kind, e.clause, e.amount) for e in events if e.kind == "countdown"] == [("countdown", "ID.COUNTDOWN", 5)]
    assert current_phase(state) == "play"
    assert all(d.is_chance and d.target == "the OblivAeon deck" for d in state.options)


def test_oblivaeon_plays_the_top_card_of_his_deck_OA_TURN_PLAY():
    """OA-TURN.PLAY: the top card of OblivAeon's deck is played; a one-shot then goes to his trash."""
    state, _ = oa_play_point()
    surge = "oblivaeon:annihilating-surge#1"
    state, events = step(state, find(state, "reveal", card=surge))
    played = [e for e in events if e.kind == "play"]
    assert [(e.clause, e.card, e.zone) for e in played][0] == ("OA-TURN.PLAY", surge, 1)
    assert surge not in state.oblivaeon_deck.cards()
    assert state.oblivaeon_trash == (surge,)
    assert len(state.oblivaeon_deck) == len(OBLIVAEON_DECK) - 1


def test_an_ongoing_marked_other_goes_to_the_other_battle_zone_OA_TURN_PLAY():
    """OA-TURN.PLAY: an ongoing card says where it goes; Reality Tear ("other") goes to the zone OblivAeon is not in."""
    state, _ = oa_play_point()
    tear = "oblivaeon:reality-tear#1"
    assert PHYSICAL[tear].type == "ongoing" and PHYSICAL[tear].zone == "other"
    after, events = step(state, find(state, "reveal", card=tear))
    assert after.zones[1].villain_play == (tear,)
    assert tear not in after.zones[0].villain_play
    assert [(e.clause, e.zone) for e in events if e.kind == "play" and e.card == tear] == [("OA-TURN.PLAY", 2)]


def test_an_ongoing_marked_other_goes_to_the_first_zone_when_oblivaeon_is_in_the_second_OA_TURN_PLAY():
    """OA-TURN.PLAY: with OblivAeon in the Second Battle Zone, an "other" ongoing goes to the First."""
    state, _ = oa_play_point()
    state = dataclasses.replace(state, oblivaeon_zone=2)
    tear = "oblivaeon:reality-tear#1"
    after, events = step(state, find(state, "reveal", card=tear))
    assert after.zones[0].villain_play == (tear,)
    assert after.zones[1].villain_play == ()
    assert [e.zone for e in events if e.kind == "play" and e.card == tear] == [1]


def test_oblivaeons_cards_take_effect_in_his_battle_zone_OA_TURN_ZONE():
    """OA-TURN.ZONE: with OblivAeon in zone 2, Annihilating Surge ("each hero") hits only the hero in zone 2."""
    state, _ = oa_play_point()
    seats = list(state.seats)
    seats[3] = dataclasses.replace(seats[3], zone=2)
    state = dataclasses.replace(state, seats=tuple(seats), oblivaeon_zone=2)
    after, events = step(state, find(state, "reveal", card="oblivaeon:annihilating-surge#1"))
    surge_hits = [e for e in events if e.kind == "damage" and e.card == "oblivaeon:annihilating-surge#1"]
    assert [(e.target, e.zone) for e in surge_hits] == [("char:haka:haka", 2)]
    for seat in state.seats[:3]:
        c = seat.characters[0]
        assert after.hp[c] == state.hp[c]  # untouched by the Surge and by the Shield: he is not in zone 1


def test_oblivaeons_turn_ends_after_his_card_with_the_end_of_turn_effects_in_his_zone_OA_TURN_END():
    """OA-TURN.END: after the play, end-of-turn effects (the Shield's hit) resolve on the heroes in his zone."""
    state, _ = oa_play_point()
    state, events = step(state, find(state, "reveal", card="oblivaeon:annihilating-surge#1"))
    kinds = [(e.kind, e.clause) for e in events]
    play_at = kinds.index(("play", "OA-TURN.PLAY"))
    end_hits = [i for i, e in enumerate(events) if e.kind == "damage" and e.clause == "OA-TURN.END"]
    assert len(end_hits) == 4  # each of the four heroes in zone 1
    assert min(end_hits) > play_at
    assert {events[i].zone for i in end_hits} == {1}
    assert current_turn(state).kind == "hero" and state.cursor.slot == 1


# --- ENV.TURN ------------------------------------------------------------------------------


def test_the_first_zones_environment_plays_the_top_card_of_its_own_deck_ENV_TURN():
    """ENV.TURN: zone 1's environment turn plays the top card of zone 1's environment deck into zone 1."""
    state = new_game(config())
    state, _, _ = drive(state, at(1, "environment", zone=1, phase="play"))
    assert {d.target for d in state.options} == {"the Insula Primalis deck"}
    hazard = "insula-primalis:hazard#1"
    before = len(state.envs["Insula Primalis"].deck)
    after, events = step(state, find(state, "reveal", card=hazard))
    assert after.zones[0].env_play == (hazard,)
    assert len(after.envs["Insula Primalis"].deck) == before - 1
    assert [(e.clause, e.zone) for e in events if e.kind == "play" and e.card == hazard] == [("ENV.TURN", 1)]


def test_an_environment_turn_resolves_its_end_of_turn_effects_after_the_play_ENV_TURN():
    """ENV.TURN: start, play the top card, end: Hazard, just played, fires at the end of that same turn, in zone 1 only."""
    state = new_game(config())
    state, _, _ = drive(state, at(1, "environment", zone=1, phase="play"))
    hazard = "insula-primalis:hazard#1"
    after, events = step(state, find(state, "reveal", card=hazard))
    i_play = next(i for i, e in enumerate(events) if e.kind == "play" and e.card == hazard)
    trig = [i for i, e in enumerate(events) if e.kind == "trigger" and e.card == hazard]
    assert len(trig) == 1 and trig[0] > i_play
    assert events[trig[0]].clause == "ENV.TURN"
    assert {e.zone for e in events if e.kind == "damage" and e.card == hazard} == {1}


def test_the_second_zones_environment_plays_from_its_own_deck_ENV_TURN():
    """ENV.TURN: zone 2's environment turn reveals and plays from zone 2's environment deck."""
    state = new_game(config())
    state, _, _ = drive(state, at(1, "environment", zone=2, phase="play"))
    assert {d.target for d in state.options} == {"the Megalopolis deck"}
    shelter = "megalopolis:shelter#1"
    after, events = step(state, find(state, "reveal", card=shelter))
    assert shelter in after.zones[1].env_play
    assert not any(c in env_deck_cards("Megalopolis") for c in after.zones[0].env_play)
    assert [e.zone for e in events if e.kind == "play" and e.card == shelter] == [2]


# --- VILLAIN.* -----------------------------------------------------------------------------


def without_scion_in(state, zone: int):
    """Move the Scion of ``zone`` back to the bottom of the Reserve (cards conserved, its HP dropped)."""
    (scion,) = state.zones[zone - 1].scions
    zones = list(state.zones)
    zones[zone - 1] = dataclasses.replace(zones[zone - 1], scions=())
    hp = dict(state.hp)
    del hp[scion]
    reserve = state.reserve.put_bottom(scion)
    return dataclasses.replace(state, zones=tuple(zones), hp=hp, reserve=reserve)


@pytest.mark.parametrize("empty, busy", [(2, 1), (1, 2)])
def test_a_villain_turn_plays_a_scion_card_only_where_a_scion_stands_VILLAIN_PLAY_SCION_CARD(empty, busy):
    """VILLAIN.PLAY-SCION-CARD: the zone with no Scion plays nothing ('no-scion-card'); the other plays the Scion deck's top."""
    state = new_game(config())
    state, _, _ = drive(state, at(1, "hero", seat=0))
    state = without_scion_in(state, empty)
    state, _, events = drive(state, at(2, "oblivaeon"))
    none = [e for e in events if e.kind == "no-scion-card"]
    assert [(e.clause, e.zone) for e in none] == [("VILLAIN.PLAY-SCION-CARD", empty)]
    scion_plays = plays(events, SCION_DECK)
    assert [(e.clause, e.zone) for e in scion_plays] == [("VILLAIN.PLAY-SCION-CARD", busy)]


def test_a_zone_with_a_scion_and_no_hero_still_plays_a_scion_card_VILLAIN_PLAY_SCION_CARD():
    """VILLAIN.PLAY-SCION-CARD: a Scion in the zone is enough; zone 2 has no hero at the start yet plays a card."""
    state, _ = oa_play_point()
    assert all(s.zone == 1 for s in state.seats) and state.zones[1].scions
    state, _, events = drive(state, at(1, "villain", zone=2))
    assert not any(s.zone == 2 for s in state.seats)
    state, _, events = drive(state, at(2, "oblivaeon"))
    assert not any(e.kind == "no-scion-card" for e in events)
    assert [(e.clause, e.zone) for e in plays(events, SCION_DECK)] == [("VILLAIN.PLAY-SCION-CARD", 2)]


def test_each_battle_zone_has_its_own_villain_turn_VILLAIN_TURN_PER_ZONE():
    """VILLAIN.TURN-PER-ZONE: zone 1's villain turn resolves only zone 1's Scions; zone 2's turn only zone 2's."""
    order = ("Dark Mind",) + tuple(n for n in SCIONS if n not in ("Dark Mind", "Progeny"))
    state = new_game(config(scion_order=order))
    state, _, _ = drive(state, at(1, "villain", zone=1))
    state, _, events = drive(state, at(2, "oblivaeon"))
    triggers = [
        (e.card, e.clause, e.zone) for e in events if e.kind == "trigger" and e.card in (SCIONS["Progeny"].key, SCIONS["Dark Mind"].key)
    ]
    assert triggers == [
        (SCIONS["Progeny"].key, "VILLAIN.END", 1),
        (SCIONS["Dark Mind"].key, "VILLAIN.START", 2),
    ]
    # Progeny's end comes before zone 2's environment card; Dark Mind's start after it
    idx = {e.card: i for i, e in enumerate(events) if e.kind == "trigger"}
    env2 = next(i for i, e in enumerate(events) if e.kind == "play" and e.clause == "ENV.TURN" and e.zone == 2)
    assert idx[SCIONS["Progeny"].key] < env2 < idx[SCIONS["Dark Mind"].key]


def test_a_villain_turn_is_start_then_scion_card_then_end_VILLAIN_START_VILLAIN_END():
    """VILLAIN.START, VILLAIN.END: a Scion's start effect resolves before the Scion card, its end effect after it."""
    order = ("Faultless",) + tuple(n for n in SCIONS if n not in ("Faultless", "Progeny"))
    state = new_game(config(scion_order=order))
    state, _, _ = drive(state, at(1, "villain", zone=1))
    state, _, events = drive(state, at(2, "oblivaeon"))
    faultless = SCIONS["Faultless"].key
    zone2 = [
        e for e in events if e.zone == 2 and (e.card == faultless and e.kind == "trigger" or e.kind == "play" and e.card in SCION_DECK)
    ]
    assert [(e.kind, e.clause) for e in zone2] == [
        ("trigger", "VILLAIN.START"),
        ("play", "VILLAIN.PLAY-SCION-CARD"),
        ("trigger", "VILLAIN.END"),
    ]


def test_the_count_of_a_clause_s_handler_calls_does_not_depend_on_the_tables_a_process_built_before():
    """The round's tables are built once per hero count and process; building them must not count as the round order's
    rule running, or a campaign's clause census differs between a fresh worker and a process that played before."""
    from collections import Counter

    from oblivaeon_verify import handlers, rulesets
    from oblivaeon_verify.play import play_game

    ruleset = rulesets.load("oblivaeon")

    def counted() -> Counter:
        fired: Counter = Counter()
        with handlers.counting("oblivaeon_verify.model.oblivaeon", fired):
            play_game(ruleset, ruleset.default_parameters(), 3, 4, 0)
        return fired

    round_order._PHASES_BY_SLOT.clear()
    cold = counted()
    assert cold["ROUND.ORDER"] > 0 and counted() == cold
