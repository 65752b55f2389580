"""Card ledgers are kept per thread: two threads checking games side by side never update one ledger together."""

from __future__ import annotations

import threading
from collections import Counter

from oblivaeon_verify.properties.common.ledger import Ledger, every_place
from oblivaeon_verify.properties.oblivaeon.invariants import readers

from oblivaeon_verify import rulesets
from oblivaeon_verify.play import play_game


def _states() -> list:
    ruleset = rulesets.load("oblivaeon")
    kept: list = []
    play_game(ruleset, ruleset.load_parameters(None, ()), 2026, 3, 0, states=kept)
    return [s for _decision, s in kept]


def _truth(state) -> dict[str, int]:
    return dict(Counter(c for _key, cards in every_place(readers._FIELDS, state) for c in cards))


def test_a_thread_paused_inside_an_update_does_not_spoil_another_threads_count(monkeypatch):
    states = _states()
    a_state, b_state = states[len(states) // 2], states[-1]
    assert states[0] is not b_state and a_state is not b_state
    paused, go_on = threading.Event(), threading.Event()
    original = Ledger._replace

    def pausing(self, old, new):  # thread A stops half way through its first update, until B has counted
        if threading.current_thread().name == "A" and not paused.is_set():
            paused.set()
            assert go_on.wait(30)
        return original(self, old, new)

    monkeypatch.setattr(Ledger, "_replace", pausing)
    got: dict[str, dict] = {}

    def count(name: str, state) -> None:
        led = readers.ledger(state)
        got[name] = dict(led.count)
        got[name + " twice"] = set(led.twice)
        got[name + " summaries"] = dict(led.summaries)

    a = threading.Thread(target=count, args=("A", a_state), name="A")
    b = threading.Thread(target=count, args=("B", b_state), name="B")
    a.start()
    assert paused.wait(30)
    b.start()
    b.join(30)
    go_on.set()
    a.join(30)
    for name, state in (("B", b_state), ("A", a_state)):
        fresh = Ledger(None, *readers._LEDGERS._args).sync(state)
        assert got[name] == _truth(state) == fresh.count and not got[name + " twice"]
        assert got[name + " summaries"] == fresh.summaries
