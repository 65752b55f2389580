"""The serialised form: a faithful round trip, a canonical key without history, and no evaluation of input."""

import dataclasses
import json

import pytest
from oblivaeon_verify.model.oblivaeon.serialise import DecodeError, canonical_key, from_json, to_json

from tests.support import game


def test_a_state_survives_a_json_round_trip_unchanged():
    state = game(scion_order=None)
    assert from_json(to_json(state)) == state


def test_the_canonical_key_ignores_the_round_number_but_not_the_position():
    state = game()
    later = dataclasses.replace(state, cursor=state.cursor._replace(round=9))
    assert canonical_key(later) == canonical_key(state)
    moved = dataclasses.replace(state, devastation=state.devastation + 1)
    assert canonical_key(moved) != canonical_key(state)


def test_unknown_types_in_the_json_are_refused_not_built():
    tree = json.loads(to_json(game()))
    tree["@"] = "os.system"
    with pytest.raises(DecodeError, match="unknown value type"):
        from_json(json.dumps(tree))


def test_a_json_that_is_not_a_state_is_refused():
    with pytest.raises(DecodeError):
        from_json(json.dumps({"@": "Deck", "top": [], "middle": [], "bottom": []}))


def test_a_shared_encoding_gives_the_same_text_and_ends_with_its_block():
    """Conformance encodes a state, its copy at another round and its round trip within one shared block
    (``Codec.shared``): the texts are those of encoding each alone, and nothing is remembered after."""
    from oblivaeon_verify.model.aeons_end.ruleset import RULESET as AE
    from oblivaeon_verify.model.oblivaeon.ruleset import RULESET as OA

    from oblivaeon_verify.play import choose, game_rng

    for ruleset, players in ((OA, 3), (AE, 2)):
        rng = game_rng(5, players, 0)
        state = ruleset.new_game(ruleset.random_setup(rng, players, ruleset.default_parameters()))
        for _ in range(150):
            later = ruleset.with_round(state, ruleset.rounds(state) + 7)
            alone = (ruleset.to_json(state), ruleset.canonical_key(state), ruleset.canonical_key(later))
            with ruleset.shared_encoding():
                shared = (ruleset.to_json(state), ruleset.canonical_key(state), ruleset.canonical_key(later))
                back = ruleset.from_json(shared[0])
                assert ruleset.canonical_key(back) == shared[1]
            assert shared == alone
            assert ruleset.serialise.CODEC._memo is None
            options = ruleset.legal_decisions(state)
            if not options:
                break
            state, _events = ruleset.step(state, choose(rng, options, ruleset.decision_weight))
