"""Start- and end-of-turn effects: which cards answer which turn, and in what order."""

from __future__ import annotations

from dataclasses import dataclass

from oblivaeon_verify.model.common.kernel import Work
from oblivaeon_verify.model.oblivaeon.battle_zones import current_def, seat_of_hero
from oblivaeon_verify.model.oblivaeon.cards import PHYSICAL, SCION_PANELS
from oblivaeon_verify.model.oblivaeon.clauses import implements
from oblivaeon_verify.model.oblivaeon.draft import KERNEL, Ctx, Draft
from oblivaeon_verify.model.oblivaeon.effects import resolve


def _card_ctx(d, card: str, zone: int, holder: int, side_default: str) -> Ctx:
    cdef = current_def(d, card)
    if cdef.side == "hero" or card in d.reward_side:
        owner = holder if (card in d.reward_side or cdef.deck == "Mission") else seat_of_hero(d, cdef.deck)
        return Ctx(card, "hero", owner, zone, host=holder)
    if cdef.side == "mission":
        return Ctx(card, "mission", -1, zone, host=holder)
    return Ctx(card, cdef.side if cdef.side != "mission" else side_default, -1, zone, host=holder)


def _matching(d, card: str, when: str, turns: tuple[str, ...]):
    cdef = current_def(d, card)
    for i, t in enumerate(cdef.triggers):
        if t.when == when and t.turn in turns:
            yield i


@implements("CLAR.SCIONS-BEFORE-AEON-MEN", "CLAR.OA-TURN-IS-VILLAIN-TURN")
def collect(d, when: str, kind: str, zone: int = 0, seat: int = -1) -> list[tuple[str, int, Ctx]]:
    """The (card, trigger index, context) list for the start or end of a turn, in resolution order.

    Villain turns: Scion panels, then Scion and OblivAeon cards, then objectives and cards next to
    heroes, then Aeon Men (Scions first, always); then hero and environment cards that answer any
    villain turn.  OblivAeon's turn counts as a villain turn for hero and environment cards in his zone.
    """
    out: list[tuple[str, int, Ctx]] = []
    if kind == "hero":
        s = d.seats[seat]
        for c in s.play:
            cdef = current_def(d, c)
            mine = cdef.deck == s.hero or c in d.reward_side
            if mine:
                out += [(c, i, _card_ctx(d, c, s.zone, seat, "hero")) for i in _matching(d, c, when, ("own",))]
        return out
    if kind == "oblivaeon":
        zone = d.oblivaeon_zone
        out += _answering_villain_turn(d, when, zone, ("oblivaeon", "villain"))
        return out
    z = d.zones[zone - 1]
    if kind == "environment":
        for c in z.env_play:
            out += [(c, i, _card_ctx(d, c, zone, -1, "environment")) for i in _matching(d, c, when, ("environment",))]
        for si, s in enumerate(d.seats):
            if s.zone != zone:
                continue
            for c in s.play:
                if current_def(d, c).side in ("environment", "mission"):
                    out += [(c, i, _card_ctx(d, c, zone, si, "environment")) for i in _matching(d, c, when, ("environment",))]
        return out
    # villain turn of ``zone``
    for c in z.scions:
        out += [(c, i, Ctx(c, "villain", -1, zone)) for i, t in enumerate(SCION_PANELS[c].triggers) if t.when == when]
    aeon = [c for c in z.villain_play if PHYSICAL[c].deck == "Aeon Men"]
    for c in z.villain_play:
        if c not in aeon:
            out += [(c, i, _card_ctx(d, c, zone, -1, "villain")) for i in _matching(d, c, when, ("this-villain",))]
    for si, s in enumerate(d.seats):
        if s.zone != zone:
            continue
        for c in s.play:
            if current_def(d, c).side in ("villain", "mission"):
                out += [(c, i, _card_ctx(d, c, zone, si, "villain")) for i in _matching(d, c, when, ("this-villain",))]
    for c in aeon:
        out += [(c, i, _card_ctx(d, c, zone, -1, "villain")) for i in _matching(d, c, when, ("this-villain",))]
    out += _answering_villain_turn(d, when, zone, ("villain",))
    return out


def _answering_villain_turn(d, when: str, zone: int, turns: tuple[str, ...]) -> list[tuple[str, int, Ctx]]:
    out = []
    for si, s in enumerate(d.seats):
        if s.zone != zone:
            continue
        for c in s.play:
            if current_def(d, c).side in ("hero", "environment") or c in d.reward_side:
                out += [(c, i, _card_ctx(d, c, zone, si, "hero")) for i in _matching(d, c, when, turns)]
    for c in d.zones[zone - 1].env_play:
        out += [(c, i, _card_ctx(d, c, zone, -1, "environment")) for i in _matching(d, c, when, turns)]
    return out


@dataclass(frozen=True, slots=True)
class FireTrigger(Work):
    """Trigger ``index`` of ``card`` (on its side ``key``) at the ``when`` of a turn, under ``clause``."""

    card: str
    key: str
    index: int
    when: str
    ctx: Ctx
    clause: str


def push_triggers(d: Draft, when: str, kind: str, clause: str, zone: int = 0, seat: int = -1) -> None:
    """Schedule the effects answering the ``when`` of a turn, in resolution order, before anything waiting."""
    fired = []
    for card, idx, ctx in collect(d, when, kind, zone, seat):
        key = card if card in SCION_PANELS else current_def(d, card).key  # the side it is on now (it may flip before it fires)
        fired.append(FireTrigger(card, key, idx, when, ctx, clause))
    d.now(*fired)


def _still_there(d, card: str, ctx: Ctx) -> bool:
    if card in SCION_PANELS:
        return card in d.zones[ctx.zone - 1].scions
    if ctx.host >= 0:
        return card in d.seats[ctx.host].play and d.seats[ctx.host].zone == ctx.zone
    z = d.zones[ctx.zone - 1]
    return card in z.villain_play or card in z.env_play


@KERNEL.handles(FireTrigger)
def fire_trigger(d: Draft, work: FireTrigger) -> None:
    """Resolve one start/end-of-turn effect, if its card is still where (and as) it was when the turn began."""
    card, key, idx, when, ctx, clause = work.card, work.key, work.index, work.when, work.ctx, work.clause
    if not _still_there(d, card, ctx):
        return
    if card not in SCION_PANELS and current_def(d, card).key != key:
        return  # flipped to its other side since
    trig = SCION_PANELS[card].triggers[idx] if card in SCION_PANELS else current_def(d, card).triggers[idx]
    d.emit("trigger", clause, zone=ctx.zone, card=card, detail=f"{when} of turn")
    resolve(d, trig.ops, ctx._replace(clause=clause))
