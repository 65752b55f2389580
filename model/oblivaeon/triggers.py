"""Start- and end-of-turn effects: which cards answer which turn, and in what order."""

from __future__ import annotations

import enum
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from oblivaeon_verify.model.common.kernel import Work
from oblivaeon_verify.model.oblivaeon.battle_zones import current_def, seat_of_hero
from oblivaeon_verify.model.oblivaeon.cards import PHYSICAL, SCION_PANELS
from oblivaeon_verify.model.oblivaeon.clauses import implements
from oblivaeon_verify.model.oblivaeon.draft import KERNEL, Ctx, Draft
from oblivaeon_verify.model.oblivaeon.effects import resolve
from oblivaeon_verify.model.oblivaeon.parameters import LayerOrderReading
from oblivaeon_verify.model.oblivaeon.vocabulary import WHENS


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


class Layer(enum.IntEnum):
    """Where a card in play stands in the order that effects answering one moment resolve in."""

    SCION_PANEL = 1
    VILLAIN_CARD = 2
    """Scion and OblivAeon cards in the villain play area."""
    VILLAIN_CARD_BY_HERO = 3
    """Villain cards and objectives in a hero play area."""
    AEON_MAN = 4
    HERO_AREA = 5
    """Hero cards, rewards and environment cards in a hero play area."""
    ENVIRONMENT = 6


def layer_of(d, card: str, holder: int) -> Layer:
    """The layer of ``card`` (held in the play area of seat ``holder``, or -1 for a villain or environment play area)."""
    if holder >= 0 and card not in SCION_PANELS:
        villain = current_def(d, card).side in ("villain", "mission") and card not in d.reward_side
        return Layer.VILLAIN_CARD_BY_HERO if villain else Layer.HERO_AREA
    return _AREA_LAYER[card]


def _area_layer(card: str) -> Layer:
    """The layer of ``card`` outside the heroes' play areas: it is fixed by the card alone."""
    if card in SCION_PANELS:
        return Layer.SCION_PANEL
    cdef = PHYSICAL[card]
    if cdef.deck == "Aeon Men":
        return Layer.AEON_MAN
    return Layer.ENVIRONMENT if cdef.side == "environment" else Layer.VILLAIN_CARD


_AREA_LAYER = {card: _area_layer(card) for card in (*SCION_PANELS, *PHYSICAL)}
""":func:`layer_of` a card in a villain or environment play area, worked out once per card."""


TURN_WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "hero": ((), ("own",)),
    "environment": ((), ("environment",)),
    "oblivaeon": ((), ("oblivaeon", "villain")),
    "villain": (("this-villain",), ("villain",)),
}
"""Per kind of turn, the turns named in a trigger's words (``vocabulary.Trigger.turn``) that answer it: those of the
villain cards (and, on their zone's villain turns, the Scion panels'), then those of every other card."""


def _answering(when: str, kind: str) -> frozenset[str]:
    """The cards with an effect at the ``when`` of a turn of ``kind``, on either side (a Scion panel: on villain turns)."""
    villains, others = TURN_WORDS[kind]
    words = villains + others
    panels = (c for c, p in SCION_PANELS.items() if villains and any(t.when == when for t in p.triggers))
    cards = (
        c
        for c, cdef in PHYSICAL.items()
        if any(side is not None and any(t.when == when and t.turn in words for t in side.triggers) for side in (cdef, cdef.reward))
    )
    return frozenset((*panels, *cards))


ANSWERING = {(when, kind): _answering(when, kind) for when in WHENS for kind in TURN_WORDS}
"""Per ``start`` / ``end`` and kind of turn: the cards that may answer it; :func:`collect` leaves the others out of
:func:`layers` (which keeps the order of the rest), as they answer nothing."""


def context(d, card: str, zone: int, holder: int, layer: Layer) -> Ctx:
    """The context ``card`` acts in from ``zone`` (held by seat ``holder``, or -1)."""
    if layer is Layer.SCION_PANEL:
        return Ctx(card, "villain", -1, zone)
    default = "environment" if layer is Layer.ENVIRONMENT else "hero" if layer is Layer.HERO_AREA else "villain"
    return _card_ctx(d, card, zone, holder, default)


@implements("CLAR.SCIONS-BEFORE-AEON-MEN")
def layers(d, zone: int, only: AbstractSet[str] | None = None) -> list[tuple[str, int, Layer]]:
    """(card, holding seat or -1, layer) for every card in play in ``zone`` (or those of them in ``only``), in
    the one order that simultaneous effects resolve in; :func:`context` gives the context each acts in.  Every
    start- and end-of-turn effect and every reaction is ordered here and nowhere else.

    Scions (panels, then their cards and OblivAeon's) always before Aeon Men; the players' cards and the
    environment's after the villains'.  Within a layer, as ``layer_order_reading`` says: the order the cards came
    into the play areas they are in (the areas of lower seats first), or the order they entered play.
    """
    z = d.zones[zone - 1]
    areas = [(-1, z.scions), (-1, z.villain_play)]
    areas += [(si, s.play) for si, s in enumerate(d.seats) if s.zone == zone]
    areas.append((-1, z.env_play))
    if only is None:
        held = [(c, h) for h, cards in areas for c in cards]
    else:  # (most areas hold none of ``only``: a set test passes them over without a look at each card)
        held = [(c, h) for h, cards in areas if not only.isdisjoint(cards) for c in cards if c in only]
    if len(held) < 2:  # (the usual case, with ``only``: nothing to order)
        return [(c, h, layer_of(d, c, h)) for c, h in held]
    if d.setup.params.layer_order_reading is LayerOrderReading.ENTERED_PLAY:
        entered = {c: i for i, c in enumerate(d.entered)}
        ranked = sorted([(layer_of(d, c, h), entered[c], c, h) for c, h in held])
    else:
        ranked = sorted((layer_of(d, c, h), i, c, h) for i, (c, h) in enumerate(held))
    return [(c, h, layer) for layer, _, c, h in ranked]


_VILLAIN_LAYERS = (Layer.VILLAIN_CARD, Layer.VILLAIN_CARD_BY_HERO, Layer.AEON_MAN)


@implements("CLAR.OA-TURN-IS-VILLAIN-TURN")
def collect(d, when: str, kind: str, zone: int = 0, seat: int = -1) -> list[tuple[str, int, Ctx]]:
    """The (card, trigger index, context) list for the start or end of a turn, in resolution order.

    Villain turns: the cards in play in their zone in :func:`layers` order, each answering its own
    kind of turn: villain cards this villain turn, the players' and the environment's any villain turn.
    OblivAeon's turn counts as a villain turn for hero and environment cards in his zone.
    """
    out: list[tuple[str, int, Ctx]] = []
    answering = ANSWERING[when, kind]
    villains, others = TURN_WORDS[kind]
    if kind == "hero":
        s = d.seats[seat]
        mine = [c for c in s.play if c in answering and (current_def(d, c).deck == s.hero or c in d.reward_side)]
        if not mine:
            return out
        for c, h, _layer in layers(d, s.zone, only=frozenset(mine)):
            out += [(c, i, _card_ctx(d, c, s.zone, h, "hero")) for i in _matching(d, c, when, others)]
        return out
    if kind == "environment":
        z = d.zones[zone - 1]
        env = [c for c in z.env_play if c in answering]
        env += [
            c for s in d.seats if s.zone == zone for c in s.play if c in answering and current_def(d, c).side in ("environment", "mission")
        ]
        for c, h, _layer in layers(d, zone, only=frozenset(env)):
            out += [(c, i, _card_ctx(d, c, zone, h, "environment")) for i in _matching(d, c, when, others)]
        return out
    if kind == "oblivaeon":
        zone = d.oblivaeon_zone
    for c, h, layer in layers(d, zone, only=answering):
        if layer is Layer.SCION_PANEL:
            found = [i for i, t in enumerate(SCION_PANELS[c].triggers) if t.when == when] if villains else []
        else:
            found = list(_matching(d, c, when, villains if layer in _VILLAIN_LAYERS else others))
        if found:
            ctx = context(d, c, zone, h, layer)
            out += [(c, i, ctx) for i in found]
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
    resolve(d, trig.ops, Ctx(ctx.source, ctx.side, ctx.seat, ctx.zone, ctx.host, clause))  # (``_replace`` costs thrice as much)
