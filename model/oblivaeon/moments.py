"""The moments a card can react to: it enters play, leaves play, is destroyed, changes battle zones, is removed from the game.

``happened`` is the one way such a moment is recorded.  It emits the moment's event and schedules the
moment for the reactions that answer it (``reactions.py``).  Moments recorded one after another with
nothing scheduled in between (a sweep that sends a whole play area to the trash) are one batch,
answered in the order they happened, before anything that was already waiting.
"""

from __future__ import annotations

from dataclasses import dataclass

from oblivaeon_verify.model.common.kernel import Work
from oblivaeon_verify.model.oblivaeon.cards import PHYSICAL, SCION_PANELS
from oblivaeon_verify.model.oblivaeon.vocabulary import REACTION_EVENTS


@dataclass(frozen=True, slots=True)
class Moment:
    """``card`` had the moment ``kind`` in battle zone ``zone``, as the side ``key`` (what was face up then)."""

    kind: str
    card: str
    key: str
    zone: int
    holder: int
    """The seat whose play area held the card at that moment, or -1."""


@dataclass(frozen=True, slots=True)
class ReactTo(Work):
    """Moments still to be answered by the reactions that listen for them, in the order they happened."""

    moments: tuple[Moment, ...]


def _side_key(d, card: str) -> str:
    if card in SCION_PANELS or card not in PHYSICAL:  # a Scion panel, or the Shield: one side that reacts to nothing
        return card
    cdef = PHYSICAL[card]
    return cdef.reward.key if cdef.reward is not None and card in d.reward_side else cdef.key


def happened(d, kind: str, clause: str, subject: str, zone: int, holder: int = -1, **event) -> None:
    """Record the moment ``kind`` of ``subject`` in ``zone`` (0: out of play): its event (whose ``card`` is the subject
    unless ``event`` names another, the destroyer of a destroyed card), and the reactions' turn to answer it.  Nothing
    answers a moment out of play: no card there is in play to hear it, and the subject itself was not in play."""
    assert kind in REACTION_EVENTS, kind
    d.emit(kind, clause, zone=zone, **({"card": subject} | event))
    if kind == "enters-play":
        d.entered = d.entered + (subject,)
    elif kind == "leaves-play":
        d.entered = tuple(c for c in d.entered if c != subject)
    if not zone:
        return
    moment = Moment(kind, subject, _side_key(d, subject), zone, holder)
    d.now_or_join(ReactTo((moment,)), lambda waiting: ReactTo(waiting.moments + (moment,)))
