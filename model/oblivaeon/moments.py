"""The moments a card can react to: it enters play, leaves play, is destroyed, changes battle zones, is removed from the
game, moves between places out of play (a deck, a hand, a trash, ...).

``happened`` is the one way such a moment is recorded.  It emits the moment's event and schedules the
moment for the reactions that answer it (``reactions.py``).  Moments recorded one after another with
nothing scheduled in between (a sweep that sends a whole play area to the trash) are one batch,
answered in the order they happened, before anything that was already waiting.  A moment no card could answer (no
card in play that reacts to its kind hears it) is recorded as an event only.
"""

from __future__ import annotations

from dataclasses import dataclass

from oblivaeon_verify.model.common.kernel import Work
from oblivaeon_verify.model.oblivaeon.cards import PHYSICAL, SCION_PANELS
from oblivaeon_verify.model.oblivaeon.vocabulary import DESTINATIONS, REACTION_EVENTS


@dataclass(frozen=True, slots=True)
class Moment:
    """``card`` had the moment ``kind`` in battle zone ``zone``, as the side ``key`` (what was face up then)."""

    kind: str
    card: str
    key: str
    zone: int
    holder: int
    """The seat whose play area held the card at that moment, or -1."""
    to: str = ""
    """For a move between places out of play: the kind of place it went to (``hand``, ``deck``, ``trash``, ...)."""
    present: tuple[str, ...] = ()
    """The cards in play when it happened (the state's ``entered`` then): another card answers it only if it was one of
    them, for a card answers only what happens while it is in play (one that enters play before the moment is answered,
    such as a card played from a deck just refilled from its trash, did not see the refill)."""


@dataclass(frozen=True, slots=True)
class ReactTo(Work):
    """Moments still to be answered by the reactions that listen for them, in the order they happened."""

    moments: tuple[Moment, ...]


def _side_key(d, card: str) -> str:
    if card in SCION_PANELS or card not in PHYSICAL:  # a Scion panel, or the Shield: one side that reacts to nothing
        return card
    cdef = PHYSICAL[card]
    return cdef.reward.key if cdef.reward is not None and card in d.reward_side else cdef.key


def _with_reactions(test) -> frozenset[str]:
    """The cards with a reaction, on either side, that ``test`` admits."""
    return frozenset(
        c for c, cdef in PHYSICAL.items() if any(side is not None and any(test(r) for r in side.reactions) for side in (cdef, cdef.reward))
    )


HEARING = {kind: _with_reactions(lambda r, k=kind: r.on == k) for kind in REACTION_EVENTS}
"""Per kind of moment, the cards with a reaction to it (most moments have nobody to answer them)."""
HEARING_OWN = {kind: _with_reactions(lambda r, k=kind: r.on == k and r.subject == "self") for kind in REACTION_EVENTS}
"""Per kind of moment, the cards with a reaction to their own moment of that kind."""
_OTHERS = {
    (kind, into): _with_reactions(lambda r, k=kind, i=into: r.on == k and r.subject != "self" and r.into in ("anywhere", i))
    for kind in REACTION_EVENTS
    for into in ("", *DESTINATIONS)
}


def others_hearing(kind: str, to: str) -> frozenset[str]:
    """The cards with a reaction to another card's moment ``kind`` that a move into a place of kind ``to`` (for
    ``moved``; else "") can concern: one listening for any destination, or for that one (``reactions.answers``)."""
    return _OTHERS[kind, to if to in DESTINATIONS else ""]


HEARING_ACROSS = {kind: _with_reactions(lambda r, k=kind: r.on == k and r.reach != "zone") for kind in REACTION_EVENTS}
"""Per kind of moment, the cards with a reaction to it that hears the other battle zone too."""


def in_play_in(d, zone: int, cards: frozenset[str]) -> bool:
    """Whether any of ``cards`` is in play in battle zone ``zone``."""
    if not cards:  # (most kinds of moment have no card that hears them from the other zone)
        return False
    z = d.zones[zone - 1]
    if not cards.isdisjoint(z.villain_play) or not cards.isdisjoint(z.env_play):
        return True
    for s in d.seats:
        if s.zone == zone and not cards.isdisjoint(s.play):
            return True
    return False


def heard(d, kind: str, subject: str, zone: int) -> bool:
    """Whether any card could answer the moment ``kind`` of ``subject`` in ``zone``: the subject itself, or a card in
    play there or, reaching across, in the other zone (``reactions.listeners`` says which, and in what order)."""
    near = HEARING[kind]
    return subject in near or in_play_in(d, zone, near) or in_play_in(d, 3 - zone, HEARING_ACROSS[kind])


def happened(
    d,
    kind: str,
    clause: str,
    subject: str,
    zone: int,
    holder: int = -1,
    *,
    to: str = "",
    source_zone: int = 0,
    reach: str = "zone",
    card: str | None = None,
    target: str = "",
    detail: str = "",
) -> None:
    """Record the moment ``kind`` of ``subject`` in ``zone`` (0: out of play): its event (whose ``card`` is the subject
    unless another is named, the destroyer of a destroyed card), and the reactions' turn to answer it.  Nothing
    answers a moment out of play: no card there is in play to hear it, and the subject itself was not in play.

    (The event's fields are spelled out, not passed on as ``**event``: every card that moves records a moment.)"""
    assert kind in REACTION_EVENTS, kind
    d.emit(kind, clause, zone, source_zone, reach, subject if card is None else card, target, 0, detail)
    if kind == "enters-play":
        d.entered = d.entered + (subject,)
    elif kind == "leaves-play":
        d.entered = tuple([c for c in d.entered if c != subject])
    if not zone or not heard(d, kind, subject, zone):
        return
    moment = Moment(kind, subject, _side_key(d, subject), zone, holder, to, d.entered)
    d.now_or_join(ReactTo((moment,)), lambda waiting: ReactTo(waiting.moments + (moment,)))
