"""The game as a whole: it never hangs, it is over exactly when an end condition holds, and it holds only cards of the catalogue."""

from __future__ import annotations

from oblivaeon_verify.model.aeons_end.game_end import attack_resolving
from oblivaeon_verify.properties.aeons_end.invariants.readers import PLAYER_CARD_FIELDS, player_ledger
from oblivaeon_verify.properties.aeons_end.invariants.registry import state


@state("the-game-never-hangs", "END.IMMEDIATE", reads=("outcome",))
def never_hangs(s):
    """Every step reaches a decision within the work budget and every game ends within its turn limit:
    the safety stop is never reached (a rule that loops is a finding)."""
    if s.outcome is not None and s.outcome.kind == "aborted":
        yield f"the game ran on to the safety stop ({s.outcome.reason})"


@state(
    "game-ends-exactly-when-a-condition-holds",
    "END.IMMEDIATE",
    "END.WIN-NEMESIS-DEFEATED",
    "END.WIN-NEMESIS-EXHAUSTED",
    "END.LOSE-ALL-EXHAUSTED",
    "END.LOSE-GRAVEHOLD",
    "END.LOSE-NEMESIS-SPECIFIC",
    reads=("nemesis_life", "gravehold", "mages.exhausted", "setup", "corruption", "nemesis_deck", "in_play", "agenda", "outcome"),
)
def ends_exactly(s):
    holds = (
        s.nemesis_life <= 0
        or s.gravehold <= 0
        or all(m.exhausted for m in s.mages)
        or (s.setup.nemesis_def.loss_counter and s.corruption >= s.setup.params.corruption_limit)
        or (not any(s.nemesis_deck) and not s.in_play and not attack_resolving(s))
    )
    if s.outcome is not None and s.outcome.kind == "aborted":
        return  # the safety stop: the-game-never-hangs says so
    if holds != (s.outcome is not None):
        yield f"an end condition holds: {holds}; the game is over: {s.outcome is not None}"


@state("known-cards-only", "CARDS.GEMS", "CARDS.RELICS", "CARDS.SPELLS", reads=PLAYER_CARD_FIELDS)
def known_cards(s):
    for card in sorted(player_ledger(s).pool):
        yield f"unknown card {card}"
