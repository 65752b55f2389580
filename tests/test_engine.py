"""The transition function: purity, legality from one source, forced points, determinism."""

from __future__ import annotations

import random

import pytest
from oblivaeon_verify.model.oblivaeon.decisions import Decision, IllegalDecision
from oblivaeon_verify.model.oblivaeon.engine import legal_decisions, new_game, step
from oblivaeon_verify.model.oblivaeon.serialise import to_json
from oblivaeon_verify.model.oblivaeon.setup import random_setup

from oblivaeon_verify.play import choose
from tests.support import config, game


def test_step_never_changes_its_input_state():
    """State is a value: step builds a new one and leaves the old one as it was."""
    rng = random.Random(3)
    state = new_game(random_setup(rng, 4))
    for _ in range(300):
        before = to_json(state)
        nxt, _ = step(state, choose(rng, state.options))
        assert to_json(state) == before
        state = nxt
        if not state.options:
            break


def test_an_illegal_decision_is_refused_naming_it_and_the_legal_ones():
    state = game()
    bogus = Decision("play-card", "hero 1", card="legacy:strike#1")
    with pytest.raises(IllegalDecision) as err:
        step(state, bogus)
    text = str(err.value)
    assert "illegal decision hero 1: play Legacy's Strike #1" in text
    assert "stay in the First Battle Zone" in text and "move to the Second Battle Zone" in text
    assert err.value.legal == state.options


def test_a_decision_from_another_decision_point_is_refused():
    state = game()
    later, _ = step(state, state.options[0])
    with pytest.raises(IllegalDecision):
        step(later, state.options[1] if state.options[1] not in later.options else Decision("no-such", "hero 9"))


def test_every_event_names_a_clause_of_the_catalogue():
    from oblivaeon_verify.model.oblivaeon.clauses import CATALOGUE

    rng = random.Random(11)
    state = new_game(random_setup(rng, 5))
    seen = 0
    while state.options:
        state, events = step(state, choose(rng, state.options))
        for e in events:
            assert e.clause in CATALOGUE, e
            seen += 1
    assert seen > 100


def test_a_point_with_one_legal_decision_is_resolved_on_the_spot():
    """Forced points never reach the caller: every offered point has at least two options."""
    rng = random.Random(5)
    state = new_game(random_setup(rng, 3))
    for _ in range(500):
        if not state.options:
            break
        assert len(state.options) >= 2
        state, _ = step(state, choose(rng, state.options))


def test_same_seed_and_decisions_give_the_same_trace():
    def run(seed):
        rng = random.Random(seed)
        state = new_game(random_setup(rng, 4))
        out = []
        while state.options:
            d = choose(rng, state.options)
            state, events = step(state, d)
            out.append(str(d))
            out.extend(str(e) for e in events)
        return out

    assert run(21) == run(21)
    assert run(21) != run(22)


def test_chance_outcomes_carry_weights_that_count_copies():
    """A shuffled deck offers one outcome per kind of card, weighted by its copies (a uniform shuffle)."""
    state = new_game(config())
    opts = legal_decisions(state)
    assert all(o.is_chance for o in opts)
    deck = state.seats[0].deck
    assert sum(o.weight for o in opts) == len(deck.middle)
    assert len({o.card.split("#")[0] for o in opts}) == len(opts)


def test_the_game_is_over_exactly_when_no_decision_is_legal():
    rng = random.Random(8)
    state = new_game(random_setup(rng, 3))
    while state.options:
        assert state.outcome is None
        state, _ = step(state, choose(rng, state.options))
    assert state.outcome is not None and state.outcome.kind in ("won", "lost")
    assert legal_decisions(state) == ()


@pytest.mark.parametrize("place", [("env", "Rook City", "deck"), ("reserve",), ("mission_deck",), ("aeon_deck",), ("scion_deck",)])
def test_a_card_added_to_a_deck_goes_on_top_of_that_deck(place):
    """places.add_to: every deck-like place takes a card on top (an environment's deck is not its trash)."""
    from oblivaeon_verify.model.oblivaeon.draft import Draft
    from oblivaeon_verify.model.oblivaeon.places import add_to, containers

    s = game()
    if place[0] == "env" and place[1] not in s.envs:
        place = ("env", sorted(s.envs)[0], "deck")
    card = s.box[0]
    d = Draft(s)
    d.box = s.box[1:]
    add_to(d, place, card)
    after = d.freeze()
    where = dict(containers(after))
    assert card in where[place]
    deck = after.envs[place[1]].deck if place[0] == "env" else getattr(after, place[0])
    assert deck.top_known() and deck.cards()[0] == card
