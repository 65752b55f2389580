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
