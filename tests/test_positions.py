"""OblivAeon positions: built on the model's own setup, resumed at a turn of the round table."""

from __future__ import annotations

import pytest
from oblivaeon_verify.model.oblivaeon.positions import Placement, Position, at_turn, place
from oblivaeon_verify.model.oblivaeon.round_order import current_turn, turns

from tests.support import first_chance, game


def test_a_position_moves_cards_and_sets_counters_and_hp_on_the_set_up_game():
    from oblivaeon_verify.model.oblivaeon.cards import PHYSICAL

    s = game()
    card = next(c for seat in s.seats for c in (*seat.hand, *seat.deck.cards()) if (PHYSICAL[c].hp or 0) >= 2)
    after = place(
        s, Position(hero_zones={1: 2}, counters={"devastation": 3}, placements=(Placement(card, ("zone", 2, "villain_play"), hp=1),))
    )
    assert after.seats[0].zone == 2 and after.devastation == 3
    assert card in after.zones[1].villain_play and card not in after.seats[0].hand and after.hp[card] == 1
    assert s.seats[0].zone != 2 or s.devastation != 3  # the setup itself is untouched


def test_a_target_placed_in_play_comes_at_its_printed_hp_unless_the_position_gives_one():
    """A played card enters at its printed HP; a placed one must too, or a scenario starts from a target without
    HP, a state no game reaches (six scenarios did)."""
    from oblivaeon_verify.model.oblivaeon.cards import PHYSICAL

    s = game()
    cards = [c for seat in s.seats for c in (*seat.hand, *seat.deck.cards())]
    target = next(c for c in cards if PHYSICAL[c].hp is not None)
    other = next(c for c in cards if PHYSICAL[c].hp is None)
    after = place(s, Position(placements=(Placement(target, ("seat", 0, "play")), Placement(other, ("seat", 0, "play")))))
    assert after.hp[target] == PHYSICAL[target].hp and other not in after.hp
    given = place(s, Position(placements=(Placement(target, ("seat", 0, "play"), hp=1),)))
    assert given.hp[target] == 1
    to_hand = place(s, Position(placements=(Placement(target, ("seat", 0, "hand")),)))
    assert target not in to_hand.hp  # out of play a card has no HP


@pytest.mark.parametrize(
    "pos, message",
    [
        (Position(hero_zones={9: 1}), "hero_zones: there is no hero 9 with 4 heroes"),
        (Position(counters={"lives": 1}), "lives: not a counter a position sets"),
        (Position(set_aside=("Nowhere",)), "set_aside: ['Nowhere'] are not among the set-aside decks"),
        (Position(hp={"char:tachyon:tachyon": 31}), "hp: char:tachyon:tachyon at 31 HP is above its maximum, 30 HP"),
        (Position(hp={"oblivaeon": 31}), "hp: oblivaeon at 31 HP is above its maximum, 30 HP"),
        (Position(hp={"scion:progeny": 18}), "hp: scion:progeny at 18 HP is above its maximum, 17 HP"),
        (Position(hp={"mission:aeon-outpost#1": 1}), "hp: mission:aeon-outpost#1 is no target in play"),
        (
            Position(placements=(Placement("mission:aeon-outpost#1", ("seat", 0, "hand"), hp=1),)),
            "hp: mission:aeon-outpost#1 is no target in play there",
        ),
    ],
)
def test_a_position_that_does_not_fit_the_game_is_refused_naming_what(pos, message):
    with pytest.raises(LookupError, match=message.replace("[", r"\[").replace("]", r"\]")):
        place(game(), pos)


def test_play_resumed_at_a_hero_turn_offers_that_turn_s_own_first_decision():
    s = game()
    slot = next(i for i, t in enumerate(turns(s.hero_count)) if t.kind == "hero" and t.seat == 1)
    after, _events = at_turn(s, slot, round_number=3)
    after, _ = first_chance(after)
    turn = current_turn(after)
    assert (turn.kind, turn.seat, after.cursor.round) == ("hero", 1, 3)
    assert after.options and all(o.actor == "hero 2" for o in after.options if not o.is_chance)
