"""Two invariants and the clarifications that make exceptions to them, found when every state a scenario reaches was
checked: Rites of Revival hands a revived hero's rewards to its player while the play area waits for a new hero
(CLAR.RITES-OF-REVIVAL), and a Construct an incapacitated Requital puts into play stays there under the reading that
its Constructs stay (CLAR.REQUITAL-CONSTRUCTS).  Each exception is as narrow as its clarification: the rule still
fails on anything else."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from oblivaeon_verify.model.common.deck import Deck
from oblivaeon_verify.model.oblivaeon.parameters import RequitalReading
from oblivaeon_verify.properties.oblivaeon import INVARIANTS

from oblivaeon_verify.scenario_lib import runner
from oblivaeon_verify.scenarios import load, vocabulary
from tests.support import game
from tests.test_invariants import OBJECTIVE, fallen, replace, seat

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "oblivaeon"
CLEARED = INVARIANTS["fallen-play-area-cleared"]
BOXED = INVARIANTS["fallen-hero-cards-boxed"]


def test_a_play_area_waiting_for_its_new_hero_may_hold_rewards_in_hand_and_nothing_else():
    fell = fallen(game())  # four heroes at the first decision; hero 1 has just fallen and its cards have gone
    waiting = seat(fell, 0, hand=(), play=(), trash=(), deck=Deck.ordered(()))
    assert CLEARED.violations(waiting) == []
    with_card = seat(waiting, 0, hand=(OBJECTIVE,))
    assert CLEARED.violations(replace(with_card, reward_side=with_card.reward_side | {OBJECTIVE})) == []
    assert CLEARED.violations(with_card) != []  # the same card objective side up is no reward: the rule fails
    assert CLEARED.violations(seat(waiting, 0, play=(OBJECTIVE,))) != []


def _constructs_in_play():
    """The end of clar-requital-constructs-stay: Requital down, its Construct in Luminary's play area."""
    vocab = vocabulary("oblivaeon")
    sc = load(SCENARIOS / "clar-requital-constructs-stay.toml", vocab)
    state = vocab.new_game(sc.setup, sc.all_parameters)
    for step in sc.steps:
        rec, state = runner._take(step, state, vocab)
        assert rec.ok, rec.failure or [str(c) for c in rec.checks if not c.ok]
    return state


def test_a_construct_requital_put_into_play_may_stay_there_under_the_constructs_stay_reading_only():
    s = _constructs_in_play()
    assert "captain-cosmic:construct#1" in s.seats[0].play
    assert BOXED.violations(s) == []
    params = dataclasses.replace(s.setup.params, requital_reading=RequitalReading.BOX_RULE_WINS)
    other_reading = replace(s, setup=replace(s.setup, params=params))
    assert BOXED.violations(other_reading) == ["captain-cosmic:construct#1 of Captain Cosmic, whom nobody plays, is in ('seat', 0, 'play')"]
    # any other card of Captain Cosmic in play is still out of place
    other_card = next(c for c in s.box if c.startswith("captain-cosmic:") and "construct" not in c)
    stray = seat(s, 0, play=s.seats[0].play + (other_card,))
    assert BOXED.violations(replace(stray, box=tuple(c for c in s.box if c != other_card))) != []
