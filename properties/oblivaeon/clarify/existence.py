"""What an OblivAeon game contains, with counts, read off the model's own setup (the EXIST.* statements).

The encoded rulebook (``rulebook.clar``) says what things are; these statements say that they exist
and how many there are, so that "every X is Y" and "no X is Y" about a single component (the
Booklet, the Scion Reserve, OblivAeon's turn) can no longer both hold by X being empty.  A statement
speaks of one situation of play (the things of the game during one round,
:mod:`properties.common.clarify.logic`), so the counts are those of every round: each is computed
from a new game's state (every hero count the setup allows) and the round table
(``round_order.turns``), never written by hand, and ``tests/test_clarify_existence.py`` checks them
against the same model.  Statement text is generated in the clarification language and parsed like
``rulebook.clar``.
"""

from __future__ import annotations

import functools
import random

from oblivaeon_verify.model.oblivaeon import round_order
from oblivaeon_verify.model.oblivaeon.engine import new_game
from oblivaeon_verify.model.oblivaeon.parameters import DEFAULT
from oblivaeon_verify.model.oblivaeon.ruleset import RULESET
from oblivaeon_verify.model.oblivaeon.setup import random_setup
from oblivaeon_verify.properties.common.clarify import existence

SOURCE = "existence.py (the model's setup)"


@functools.cache
def counts() -> dict[str, tuple[int, int]]:
    """Term -> (fewest, most) in any round of any legal setup, from the model."""
    tally = existence.Tally()
    seen = tally.seen
    for heroes in RULESET.players:
        state = new_game(random_setup(random.Random(heroes), heroes, DEFAULT))
        seen("battle zone", len(state.zones))
        # SETUP: one environment in play in each battle zone.
        seen("environment", sum(1 for z in state.zones if z.environment is not None))
        seen("hero", state.hero_count)
        seen("player", len(state.seats))
        seen("hero play area", len(state.seats))
        # Each is one field of the state: the model has one of each (the Reserve is a pile, CLAR.VILLAIN-DECKS).
        for term, pile in (
            ("oblivaeon deck", state.oblivaeon_deck),
            ("scion deck", state.scion_deck),
            ("aeon men deck", state.aeon_deck),
            ("mission deck", state.mission_deck),
            ("scion reserve", state.reserve),
        ):
            seen(term, 1 if pile is not None else 0)
        seen("oblivaeon booklet", 1 if state.form else 0)
        seen("oblivaeon", 1 if state.form else 0)
        kinds = [t.kind for t in round_order.turns(heroes)]
        for kind, term in (("oblivaeon", "oblivaeon turn"), ("hero", "hero turn"), ("environment", "environment turn")):
            seen(term, kinds.count(kind))
        # villain turns: the two battle zones' own, and OblivAeon's (CLAR.OA-TURN-IS-VILLAIN-TURN).
    return tally.counts()


LEAVES_PLAY = frozenset({"environment"})
"""Things set up at the start that can be gone at a later decision: an environment removed from a
battle zone leaves it without one until the next arrives (ENV.REMOVAL), which checking in play found
(a state of round 5 with one environment, so "exactly 2" was wrong); the setup gives only their most."""


def text() -> str:
    """The EXIST.* statements, one a line, as a ``.clar`` text."""
    # The Shield: one is set up; its own text may take it out of the game (CLAR.SHIELD-INDESTRUCTIBLE).
    return existence.text(counts(), LEAVES_PLAY, more=("EXIST.SHIELD-CARD: there is at most 1 shield card.",))
