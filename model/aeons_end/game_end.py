"""When the game ends: checked after every change, ending play at once (END.IMMEDIATE)."""

from __future__ import annotations

from dataclasses import dataclass

from oblivaeon_verify.model.aeons_end.clauses import implements
from oblivaeon_verify.model.aeons_end.draft import KERNEL, Draft
from oblivaeon_verify.model.common.kernel import Work


@dataclass(frozen=True, slots=True)
class EndCheck(Work):
    """The end conditions, once a drawn attack has resolved (LastAttackReading.RESOLVES_FIRST)."""


def attack_resolving(s) -> bool:
    """A drawn attack is still resolving under LastAttackReading.RESOLVES_FIRST (its end check waits on
    the agenda), so running out of nemesis cards does not yet win; every other condition still ends play."""
    return EndCheck() in s.agenda


@implements(
    "END.IMMEDIATE",
    "END.WIN-NEMESIS-DEFEATED",
    "END.WIN-NEMESIS-EXHAUSTED",
    "END.LOSE-ALL-EXHAUSTED",
    "END.LOSE-GRAVEHOLD",
    "END.LOSE-NEMESIS-SPECIFIC",
)
def check_end(d: Draft) -> None:
    if d.outcome is not None:
        return
    if d.nemesis_life <= 0:
        d.end("won", "the nemesis has no life left", "END.WIN-NEMESIS-DEFEATED")
    elif d.gravehold <= 0:
        d.end("lost", "Gravehold has fallen", "END.LOSE-GRAVEHOLD")
    elif all(m.exhausted for m in d.mages):
        d.end("lost", "every player is exhausted", "END.LOSE-ALL-EXHAUSTED")
    elif d.setup.nemesis_def.loss_counter and d.corruption >= d.params.corruption_limit:
        d.end("lost", f"{d.setup.nemesis} has spread its corruption", "END.LOSE-NEMESIS-SPECIFIC")
    elif not any(d.nemesis_deck) and not d.in_play and not attack_resolving(d):
        d.end("won", "the nemesis has no cards left and nothing in play", "END.WIN-NEMESIS-EXHAUSTED")


@KERNEL.handles(EndCheck)
def _end_check(d: Draft, work: EndCheck) -> None:
    check_end(d)
