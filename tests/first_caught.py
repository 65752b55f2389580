"""What checked play catches first: shared by the tests that break a rule by hand and expect an invariant to see it."""

from __future__ import annotations

from oblivaeon_verify.checked_play import play_checked


def first_caught(ruleset, params, players: int, only: list[str], games: int, seed: int = 2026) -> tuple[int, list[str]]:
    """The index and the violations (as text) of the first of ``games`` checked games at ``players`` that breaks one
    of ``only``; (-1, []) when no game does."""
    for index in range(games):
        found = [str(v) for v in play_checked(ruleset, params, seed, players, index, only=only).violations]
        if found:
            return index, found
    return -1, []
