"""Reactions: the card effects that answer a moment (a card enters play, leaves play, is destroyed, changes battle zones).

A reaction listens for one kind of moment (``vocabulary.Reaction``) and fires on that kind only.  The
cards that answer a moment are those in play where their reaction's reach hears it (``battle_zones.zones_reached``,
BZ.ISOLATION: the battle zone where it happened, unless the words reach across), in the one layer order of
``triggers.layers``; a card that has left play answers its own leaving, from the zone it left, in its layer's place
after the cards still there.  Each answer is one record, so a
reaction that causes moments of its own has them answered before the next answer to the first.
"""

from __future__ import annotations

from dataclasses import dataclass

from oblivaeon_verify.model.common.kernel import Work
from oblivaeon_verify.model.oblivaeon.battle_zones import card_side, current_def, other, side_matches, target_side, zones_reached
from oblivaeon_verify.model.oblivaeon.cards import PHYSICAL, SCION_PANELS
from oblivaeon_verify.model.oblivaeon.clauses import implements
from oblivaeon_verify.model.oblivaeon.draft import KERNEL, Ctx, Draft
from oblivaeon_verify.model.oblivaeon.effects import ctx_clause, resolve
from oblivaeon_verify.model.oblivaeon.moments import HEARING_ACROSS, HEARING_OWN, Moment, ReactTo, in_play_in, others_hearing
from oblivaeon_verify.model.oblivaeon.triggers import context, layer_of, layers
from oblivaeon_verify.model.oblivaeon.vocabulary import CardDef


def _def_as(d, card: str, key: str) -> CardDef | None:
    """The definition of the side ``key`` of ``card`` (None for a Scion panel, which has no reactions)."""
    if card in SCION_PANELS:
        return None
    cdef = PHYSICAL[card]
    return cdef.reward if cdef.reward is not None and cdef.reward.key == key else cdef


def _is_target(d, m: Moment) -> bool:
    """Whether the subject of ``m`` was a target (by its side at the moment: a destroyed card has no HP left)."""
    return m.card in SCION_PANELS or m.card in d.hp or _def_as(d, m.card, m.key).hp is not None


@implements("CLAR.MISSION-TARGET-KIND")
def _subject_matches(d, r, m: Moment) -> bool:
    """Another card's moment counts when that card is of the reaction's side: as a target (an objective is the
    kind of target its keyword names) for a reaction to targets, else as a card (an objective is no villain card)."""
    if r.targets_only:
        return _is_target(d, m) and side_matches(r.subject, target_side(d, m.card))
    return side_matches(r.subject, card_side(d, m.card))


def answers(d, cdef: CardDef, listener: str, m: Moment, at: int) -> list[int]:
    """The indices of ``cdef``'s reactions (the card ``listener``, in battle zone ``at``) that answer moment ``m``:
    of its kind, where the reaction's reach hears, of a subject its words name."""
    out = []
    for i, r in enumerate(cdef.reactions):
        if r.on != m.kind or m.zone not in zones_reached(at, r.reach) or r.into not in ("anywhere", m.to):
            continue
        if r.subject == "self":
            if listener == m.card:
                out.append(i)
        elif listener != m.card and _subject_matches(d, r, m):
            out.append(i)
    return out


def listeners(d, m: Moment) -> list[tuple[str, str, int, Ctx]]:
    """(card, side key, reaction index, context) for every reaction answering ``m``, in resolution order: the cards in
    play in the moment's zone in :func:`layers` order (a card that has left play answers its own moment as it was, after
    the cards still there in its layer), then those in the other zone whose reactions reach across, in their order."""
    here, there = m.zone, other(m.zone)
    own, others, across = HEARING_OWN[m.kind], others_hearing(m.kind, m.to), HEARING_ACROSS[m.kind]
    # the moment's own card may answer it; another card, only by a reaction to others' moments (see ``answers``)
    near = m.card in own or in_play_in(d, here, others)
    far = in_play_in(d, there, across)
    if not (near or far):
        return []
    found: list[tuple[int, int, int, str, str, int, Ctx]] = []
    seen = False
    # the cards here that may answer: by a reaction to others' moments (if in play when it happened), or the moment's
    # own card by one to itself
    present = frozenset(m.present)
    hears = (others & present) | {m.card} if m.card in own else others & present
    across &= present
    for n, (card, holder, layer) in enumerate(layers(d, here, only=hears) if near else ()):
        seen |= card == m.card
        cdef = current_def(d, card)
        found += [(0, layer, n, card, cdef.key, i, context(d, card, here, holder, layer)) for i in answers(d, cdef, card, m, here)]
    if not seen and m.card in own:  # it has left play (or left this zone): it answers as it was
        cdef = _def_as(d, m.card, m.key)
        layer = layer_of(d, m.card, m.holder)
        ctx = context(d, m.card, here, m.holder, layer)
        own = [i for i in answers(d, cdef, m.card, m, here) if cdef.reactions[i].subject == "self"]
        found += [(0, layer, 1 << 30, m.card, cdef.key, i, ctx) for i in own]
    for n, (card, holder, layer) in enumerate(layers(d, there, only=across) if far else ()):
        cdef = current_def(d, card)
        found += [(1, layer, n, card, cdef.key, i, context(d, card, there, holder, layer)) for i in answers(d, cdef, card, m, there)]
    found.sort(key=lambda f: f[:3])
    return [(card, key, i, ctx) for _, _, _, card, key, i, ctx in found]


@dataclass(frozen=True, slots=True)
class FireReaction(Work):
    """Reaction ``index`` of ``card`` (on its side ``key``) answering ``moment``."""

    card: str
    key: str
    index: int
    moment: Moment
    ctx: Ctx


@KERNEL.handles(ReactTo)
def react_to(d: Draft, work: ReactTo) -> None:
    """Schedule the answers to each moment, in the order the moments happened."""
    fired = [FireReaction(card, key, i, m, ctx) for m in work.moments for card, key, i, ctx in listeners(d, m)]
    if fired:
        d.now(*fired)


def _still_listening(d, work: FireReaction) -> bool:
    """A card answering another's moment must still be in play in that zone, on the same side; a card
    answering its own moment answers even from outside play."""
    if work.card == work.moment.card:
        return True
    # still in play where it heard from (a card with a reaction is never a Scion panel, which in_play_in leaves out)
    still = in_play_in(d, work.ctx.zone, frozenset((work.card,)))
    return still and current_def(d, work.card).key == work.key


@KERNEL.handles(FireReaction)
def fire_reaction(d: Draft, work: FireReaction) -> None:
    """Resolve one reaction, if its card can still answer."""
    if not _still_listening(d, work):
        return
    m = work.moment
    reaction = _def_as(d, work.card, work.key).reactions[work.index]
    # The reaction is its card's own text, not part of the rule that caused the moment: it resolves under the
    # clause of its card's side, as any card effect that no rule scheduled.
    # recorded in the moment's zone; a reaction heard from the other zone says so with its reach
    across = {"source_zone": work.ctx.zone, "reach": reaction.reach} if work.ctx.zone != m.zone else {}
    what = f"moved into {m.to}" if m.kind == "moved" else m.kind
    d.emit("reaction", ctx_clause(work.ctx), zone=m.zone, card=work.card, target=m.card, detail=what, **across)
    resolve(d, reaction.ops, work.ctx)
