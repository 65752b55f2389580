"""Decks as values, with shuffles resolved lazily."""

import pytest
from oblivaeon_verify.model.common.deck import Deck, take


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


def test_the_deck_rule_refills_an_empty_deck_from_its_trash_and_says_so():
    taken = take(Deck(), ("b", "a"))
    assert taken.reshuffled and taken.unknown and taken.card is None
    assert taken.deck == Deck.shuffled(["a", "b"]) and taken.trash == ()
    taken = take(taken.deck.reveal_top("b"), taken.trash)
    assert (taken.card, taken.deck.cards(), taken.reshuffled, taken.unknown) == ("b", ("a",), False, False)


def test_the_deck_rule_takes_what_is_known_and_leaves_the_trash_while_cards_remain():
    taken = take(Deck(("t",), ("m",), ("z",)), ("x",), end="bottom")
    assert (taken.card, taken.deck, taken.trash, taken.reshuffled) == ("z", Deck(("t",), ("m",), ()), ("x",), False)
    assert take(Deck(), ()).card is None and not take(Deck(), ()).unknown
