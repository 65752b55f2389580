"""Decks as values, with shuffles resolved lazily."""

import pytest
from oblivaeon_verify.model.oblivaeon.deck import Deck


def test_a_shuffled_deck_does_not_know_its_top_until_revealed():
    deck = Deck.shuffled(["b", "a", "c"])
    assert not deck.top_known()
    with pytest.raises(LookupError):
        deck.take_top()
    deck = deck.reveal_top("c")
    card, rest = deck.take_top()
    assert card == "c" and sorted(rest.cards()) == ["a", "b"]


def test_bottom_cards_stay_below_the_unknown_part():
    deck = Deck.shuffled(["a", "b"]).put_bottom("z")
    assert deck.bottom_known() and deck.peek_bottom() == "z"
    card, rest = deck.take_bottom()
    assert card == "z" and len(rest) == 2


def test_an_ordered_deck_is_fully_known_and_equal_decks_are_equal_values():
    assert Deck.ordered(["x", "y"]).peek_top() == "x"
    assert Deck.shuffled(["b", "a"]) == Deck.shuffled(["a", "b"])


def test_removing_and_shuffling_in_keep_every_card_once():
    deck = Deck(("t",), ("m1", "m2"), ("b",))
    assert sorted(deck.remove("m1").cards()) == ["b", "m2", "t"]
    assert sorted(deck.shuffle_in("n").cards()) == ["b", "m1", "m2", "n", "t"]
    assert Deck.from_json(deck.to_json()) == deck
