"""The decisions the kernel makes itself within a step, seen from outside the step.

A decision point with one option is decided by the kernel at once (``model.common.kernel``): nobody could
choose otherwise, so the step goes on and no state is built there.  A check of the game still wants to see
those points, since a rule broken only where its choice is forced is a broken rule.  While a
:class:`ForcedDecisions` block runs, the kernel tells it of each (``watch_forced``) and it keeps a
snapshot of the state waiting at the point, the decision and where in the step's events it came;
:meth:`ForcedDecisions.taken` hands them out as :class:`Forced` records once the step is over.

Chance outcomes with one option are left out: what chance does is nobody's choice, and a snapshot costs
a copy.
"""

from __future__ import annotations

from typing import NamedTuple

from oblivaeon_verify.model.common.kernel import watch_forced


class Forced(NamedTuple):
    """A player's decision the kernel made inside a step because its point had one option: the state as it stood at the
    point (waiting at it), the decision, and the events from it to the end of the step."""

    before: object
    decision: object
    events: tuple


class ForcedDecisions:
    """Within the block, the players' decisions the kernel makes itself are marked, with a snapshot of the state there;
    :meth:`taken` gives those of the step just run, and forgets them."""

    def __init__(self) -> None:
        self._marks: list[tuple[object, object, int]] = []
        self._watch = None

    def _seen(self, d, point, decision) -> None:
        if not decision.is_chance:
            self._marks.append((d.snapshot(point.options), decision, len(d.events)))

    def __enter__(self):
        self._marks.clear()
        self._watch = watch_forced(self._seen)
        self._watch.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        self._watch.__exit__(*exc)
        self._watch = None

    def taken(self, events: tuple) -> tuple[Forced, ...]:
        """The forced decisions marked since the last call, given the events of the step they were made in."""
        out = tuple(Forced(state, made, tuple(events[k:])) for state, made, k in self._marks)
        self._marks.clear()
        return out


__all__ = ["Forced", "ForcedDecisions"]
