"""The serialised form: a faithful round trip, a canonical key without history, and no evaluation of input."""

import dataclasses
import enum
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
            assert not ruleset.serialise.CODEC.sharing
            options = ruleset.legal_decisions(state)
            if not options:
                break
            state, _events = ruleset.step(state, choose(rng, options, ruleset.decision_weight))


def _parts(value, into: dict) -> dict:
    """Every container object reachable from ``value`` (by id), leaving out what Python shares anyway."""
    if isinstance(value, (str, int, float, type(None), enum.Enum)) or value in ((), frozenset()):
        return into
    into[id(value)] = value
    if dataclasses.is_dataclass(value):
        items = [getattr(value, f.name) for f in dataclasses.fields(value)]
    elif isinstance(value, dict):
        items = [*value.keys(), *value.values()]
    else:
        items = list(value)
    for x in items:
        _parts(x, into)
    return into


def test_a_games_carried_encoding_writes_and_reads_what_each_state_alone_does():
    """Conformance hands each state's shared block to the next (``Carry``): the texts are those of a state
    encoded alone, the state read back equals the one read from the text alone, shares no part with the
    state, and what is carried stays one state's worth."""
    from oblivaeon_verify.model.aeons_end.ruleset import RULESET as AE
    from oblivaeon_verify.model.common.serialise import Carry
    from oblivaeon_verify.model.oblivaeon.ruleset import RULESET as OA

    from oblivaeon_verify.play import choose, game_rng

    for ruleset, players in ((OA, 4), (AE, 3)):
        rng = game_rng(7, players, 0)
        state = ruleset.new_game(ruleset.random_setup(rng, players, ruleset.default_parameters()))
        carry, sizes = Carry(), []
        for _ in range(200):
            later = ruleset.with_round(state, ruleset.rounds(state) + 7)
            alone = (ruleset.to_json(state), ruleset.canonical_key(state), ruleset.canonical_key(later))
            with ruleset.shared_encoding(carry):
                carried = (ruleset.to_json(state), ruleset.canonical_key(state), ruleset.canonical_key(later))
                back = ruleset.from_json(carried[0])
                assert ruleset.canonical_key(back) == carried[1] == alone[1]
            assert carried == alone
            assert back == state == ruleset.from_json(alone[0])
            assert not _parts(back, {}).keys() & _parts(state, {}).keys()
            sizes.append(len(carry.trees))
            options = ruleset.legal_decisions(state)
            if not options:
                break
            state, _events = ruleset.step(state, choose(rng, options, ruleset.decision_weight))
        # the first block encodes a whole state; the carry never holds more than twice that, however long the game
        assert len(sizes) > 100 and max(sizes) <= 2 * sizes[0], (ruleset.name, sizes[0], max(sizes))


def test_a_shared_block_belongs_to_its_thread():
    """A Dask worker may run two tasks in threads of one process: one thread's block ending leaves the
    other's block whole, and neither writes or reads through the other's memo."""
    import threading

    from oblivaeon_verify.model.oblivaeon.ruleset import RULESET

    state = game()
    inside, ended, texts, errors = threading.Event(), threading.Event(), [], []

    def first() -> None:
        with RULESET.shared_encoding():
            RULESET.to_json(state)
            inside.set()
            ended.wait(10)

    def second() -> None:
        try:
            inside.wait(10)
            with RULESET.shared_encoding():
                assert RULESET.serialise.CODEC.sharing
                texts.append(RULESET.to_json(state))
                ended.set()  # the first block ends while this one goes on
                one.join(10)
                assert RULESET.serialise.CODEC.sharing
                texts.append(RULESET.to_json(state))
                assert RULESET.from_json(texts[-1]) == state
        except BaseException as e:  # (re-raised in the test's thread)
            errors.append(e)
            ended.set()

    one, two = threading.Thread(target=first), threading.Thread(target=second)
    one.start(), two.start()
    two.join(20)
    assert not errors, errors
    assert texts == [to_json(state)] * 2 and not RULESET.serialise.CODEC.sharing
