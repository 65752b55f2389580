"""Counting clause-handler calls (``handlers.counting``): the counts a trace hook gives, at the cost of the handlers only.

The handlers count through an entry swapped into their code (as a knock-out swaps in a stub), so these
tests pin what the trace hook counted: every call of a declaring function, by any route; in this thread
only; in every block open; the code put back when the last block ends, however it ends; and nothing
counted for a function knocked out.
"""

from __future__ import annotations

import threading
from collections import Counter

import pytest
from oblivaeon_verify.model.oblivaeon import round_order
from oblivaeon_verify.model.oblivaeon.ruleset import RULESET

from oblivaeon_verify import handlers, knockout
from oblivaeon_verify.play import play_game

PACKAGE = "oblivaeon_verify.model.oblivaeon"


def _traced(play) -> Counter:
    """The counts of the trace hook ``counting`` used before: the reference the entries are held to."""
    fired: Counter = Counter()

    def seen(_code, clauses):
        for c in clauses:
            fired[c] += 1

    with handlers.on_calls(handlers.declared_codes(PACKAGE), seen):
        play()
    return fired


def _game(index: int = 0):
    return lambda: play_game(RULESET, RULESET.default_parameters(), 11, 4, index)


def test_the_counts_are_those_of_a_trace_hook_over_whole_games():
    fired: Counter = Counter()
    with handlers.counting(PACKAGE, fired):
        for i in range(3):
            _game(i)()
    traced: Counter = Counter()
    for i in range(3):
        traced += _traced(_game(i))
    assert fired == traced and sum(fired.values()) > 10_000


def test_the_code_is_put_back_when_the_block_ends_even_by_an_exception():
    own = round_order.turns.__code__
    with pytest.raises(RuntimeError, match="inside"), handlers.counting(PACKAGE, Counter()):
        assert round_order.turns.__code__ is not own
        raise RuntimeError("inside")
    assert round_order.turns.__code__ is own
    assert not handlers._ENTRIES.called and not handlers._ENTRIES.own_code


def test_nested_blocks_each_count_and_the_entries_stay_until_the_outer_ends():
    outer, inner, own = Counter(), Counter(), round_order.turns.__code__
    with handlers.counting(PACKAGE, outer):
        _game()()
        with handlers.counting(PACKAGE, inner):
            _game(1)()
        assert round_order.turns.__code__ is not own and handlers._ENTRIES.called
    assert inner == _traced(_game(1)) and outer == _traced(_game()) + inner
    assert round_order.turns.__code__ is own and not handlers._ENTRIES.called


def test_another_threads_calls_are_not_this_blocks():
    fired: Counter = Counter()
    inside, done = threading.Event(), threading.Event()

    def elsewhere() -> None:
        inside.wait(10)
        _game(2)()
        done.set()

    other = threading.Thread(target=elsewhere)
    other.start()
    with handlers.counting(PACKAGE, fired):
        inside.set()
        done.wait(60)
    other.join()
    assert not fired


def test_a_knocked_out_handler_counts_nothing_and_gets_its_own_code_back():
    clause = "ROUND.ORDER"
    fired: Counter = Counter()
    own = round_order.turns.__code__
    with handlers.counting(PACKAGE, fired):
        assert round_order.turns(3)
    assert fired == {c: 1 for c in ("ROUND.ORDER", "ROUND.HERO-ORDER", "OA-TURN.FIRST")}
    fired.clear()
    with handlers.counting(PACKAGE, fired), knockout.knocked_out(PACKAGE, clause):
        assert round_order.turns(3) == ()  # (the stub)
    assert fired[clause] == 0 and round_order.turns.__code__ is own
    with knockout.knocked_out(PACKAGE, clause), handlers.counting(PACKAGE, fired):
        assert clause not in {c for cs in handlers.declared_codes(PACKAGE).values() for c in cs}
    assert round_order.turns.__code__ is own


def test_the_rules_that_ran_are_still_seen_inside_a_counting_block():
    """``Acting`` (a witness's "this rule ran") finds a handler by its own code, which an entry hides."""
    acting = handlers.Acting(PACKAGE, ["ROUND.ORDER"])
    with handlers.counting(PACKAGE, Counter()):
        inner = handlers.Acting(PACKAGE, ["ROUND.ORDER"])
        with inner:
            _game()()
        assert "ROUND.ORDER" in inner.take()
    assert acting._codes == inner._codes
