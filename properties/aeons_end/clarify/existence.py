"""What an Aeon's End game contains, with counts, read off the model's own setup (the EXIST.* statements).

A statement speaks of the game at one moment of play, and these things are there at every moment:
the players and their breaches (a destroyed breach is still one of the four), the nemesis, Gravehold,
the game itself, and the nemesis's cards (in its deck, in play or discarded; attacks, minions and
powers among them).  The turn order cards are left to the rulebook's own rule (TURN-ORDER.COMPOSITION
says the deck holds both kinds): a count of them would repeat it.  Each count is taken from a new
game of every player count and nemesis (``setup.initial_state``), never written by hand; a card
kind is the model's (``cards.nemesis_def``), and ``tests/test_clarify_second_generation.py`` checks
the counts against the model.
"""

from __future__ import annotations

import functools

from oblivaeon_verify.model.aeons_end.cards import MATS, NEMESES, nemesis_def
from oblivaeon_verify.model.aeons_end.engine import new_game
from oblivaeon_verify.model.aeons_end.parameters import DEFAULT
from oblivaeon_verify.model.aeons_end.ruleset import RULESET
from oblivaeon_verify.model.aeons_end.setup import SetupConfig
from oblivaeon_verify.properties.aeons_end.clarify.model_check import NEMESIS_KINDS
from oblivaeon_verify.properties.common.clarify import existence

SOURCE = "existence.py (the model's setup)"


@functools.cache
def counts() -> dict[str, tuple[int, int]]:
    """Term -> (fewest, most) in any game the setup allows, from the model."""
    tally = existence.Tally()
    seen = tally.seen
    for players in RULESET.players:
        for nemesis in sorted(NEMESES):
            state = new_game(SetupConfig(tuple(sorted(MATS))[:players], nemesis, params=DEFAULT))
            seen("player", len(state.mages))
            seen("breach", sum(len(m.breaches) for m in state.mages))
            seen("nemesis", 1)  # its life dial and deck are one nemesis's: the state has no room for a second
            seen("gravehold", 1)
            seen("game", 1)
            cards = [c for tier in state.nemesis_deck for c in tier.cards()] + [p.card for p in state.in_play] + list(state.nemesis_discard)
            seen("nemesis card", len(cards))
            for kind in NEMESIS_KINDS:
                seen(kind, sum(nemesis_def(c).kind == kind for c in cards))
    return tally.counts()


MOST_FOLLOWS = frozenset({"attack", "power"})
"""Twelve nemesis cards, five of them minions and at least three of each other kind: at most four of each."""


def text() -> str:
    """The EXIST.* statements, one a line, as a ``.clar`` text."""
    return existence.text(counts(), most_follows=MOST_FOLLOWS)
