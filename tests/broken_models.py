"""Deliberately broken models: realistic rule bugs, one line each, put in and taken out by a ``with`` block.

Knock-out (``oblivaeon_verify.knockout``) stubs a whole handler; these bugs are the kind a person
writes: an off-by-one, the wrong battle zone, the wrong end of a deck, a step in the wrong order, a
condition checked in one direction only, a rule that loops.  Each names the model function, the text
to replace in its source and the replacement.  Inside the block the function's code is the edited
one (the function object stays, so every table that holds it sees the bug); on leaving, the code
is put back.  Used by the differential test of incremental checking and by the hang tests.
"""

from __future__ import annotations

import importlib
import inspect
import textwrap
from contextlib import contextmanager
from dataclasses import dataclass


@dataclass(frozen=True)
class Bug:
    name: str
    ruleset: str
    module: str
    function: str
    old: str
    new: str
    kind: str
    """What sort of mistake it is (off-by-one, wrong zone, wrong end, order, one direction, loop)."""


BUGS = (
    Bug(
        "end-of-turn-effects-outlive-their-turn",
        "oblivaeon",
        "oblivaeon_verify.model.oblivaeon.round_order",
        "advance",
        "turn_ends(d, (rnd, slot))",
        "turn_ends(d, (rnd, slot + 1))",
        "off-by-one",
    ),
    Bug(
        "zone-effects-reach-the-other-zone",
        "oblivaeon",
        "oblivaeon_verify.model.oblivaeon.durations",
        "covers",
        "return zone_of_target(d, target) in zones_reached(covered_zone(d, t), t.reach)",
        "return True",
        "wrong battle zone",
    ),
    Bug(
        "owner-effects-end-at-any-earlier-hero-s-turn",
        "oblivaeon",
        "oblivaeon_verify.model.oblivaeon.durations",
        "owner_turn_starts",
        "t.owner == seat and",
        "t.owner >= seat and",
        "one direction",
    ),
    Bug(
        "zone-effects-forget-their-reach",
        "oblivaeon",
        "oblivaeon_verify.model.oblivaeon.durations",
        "covers",
        "zones_reached(covered_zone(d, t), t.reach)",
        'zones_reached(covered_zone(d, t), "zone")',
        "wrong battle zone",
    ),
    Bug(
        "a-card-put-into-play-goes-unrecorded",
        "oblivaeon",
        "oblivaeon_verify.model.oblivaeon.places",
        "put_into_play",
        'd.emit("put-into-play", clause, zone=zone, card=card)',
        "pass",
        "missing event",
    ),
    Bug(
        "zone-change-taken-for-leaving-and-entering",
        "oblivaeon",
        "oblivaeon_verify.model.oblivaeon.places",
        "announce",
        'happened(d, "changes-zone", clause, card, now, new_holder, source_zone=was, reach="move")',
        '(happened(d, "leaves-play", clause, card, was, holder), happened(d, "enters-play", clause, card, now, new_holder))',
        "wrong kind of event",
    ),
    Bug(
        "a-scion-removal-goes-unrecorded",
        "oblivaeon",
        "oblivaeon_verify.model.oblivaeon.places",
        "move",
        "if to[0] in OUT_OF_THE_GAME and src[0] not in OUT_OF_THE_GAME:",
        'if to[0] == "out" and src[0] not in OUT_OF_THE_GAME:',
        "one direction only",
    ),
    Bug(
        "a-layer-resolves-last-come-first",
        "oblivaeon",
        "oblivaeon_verify.model.oblivaeon.triggers",
        "layers",
        "ranked = sorted((layer_of(d, c, h), i, c, h) for i, (c, h) in enumerate(held))",
        "ranked = sorted((layer_of(d, c, h), -i, c, h) for i, (c, h) in enumerate(held))",
        "order",
    ),
    Bug(
        "a-zone-change-counts-as-entering",
        "oblivaeon",
        "oblivaeon_verify.model.oblivaeon.moments",
        "happened",
        'if kind == "enters-play":',
        'if kind in ("enters-play", "changes-zone"):',
        "wrong kind of event",
    ),
    Bug(
        "a-draw-goes-unrecorded",
        "oblivaeon",
        "oblivaeon_verify.model.oblivaeon.effects",
        "draw_one",
        'moved(d, card, ("seat", seat, "deck"), ("seat", seat, "hand"), "HERO.CONTINUE")',
        "None",
        "wrong kind of event",
    ),
    Bug(
        "reactions-heard-in-the-other-zone",
        "oblivaeon",
        "oblivaeon_verify.model.oblivaeon.reactions",
        "listeners",
        "here, there = m.zone, other(m.zone)",
        "here, there = other(m.zone), m.zone",
        "wrong battle zone",
    ),
    Bug(
        "a-reaction-hears-beyond-its-reach",
        "oblivaeon",
        "oblivaeon_verify.model.oblivaeon.reactions",
        "answers",
        "m.zone not in zones_reached(at, r.reach)",
        "False",
        "wrong battle zone",
    ),
    Bug(
        "reactions-never-fire",
        "oblivaeon",
        "oblivaeon_verify.model.oblivaeon.reactions",
        "react_to",
        "if fired:",
        "if False:",
        "a step left out",
    ),
    Bug(
        "scions-outnumber-at-a-tie",
        "oblivaeon",
        "oblivaeon_verify.model.oblivaeon.inevitable_destruction",
        "scions_outnumber",
        "if scions > heroes_in(d, zone):",
        "if scions >= heroes_in(d, zone):",
        "off-by-one",
    ),
    Bug(
        "scion-from-the-top",
        "oblivaeon",
        "oblivaeon_verify.model.oblivaeon.scions",
        "bring_forth",
        'card = take_card(d, RESERVE, work, end="bottom")',
        'card = take_card(d, RESERVE, work, end="top")',
        "wrong end of a deck",
    ),
    Bug(
        "devastation-strikes-the-other-zone",
        "oblivaeon",
        "oblivaeon_verify.model.oblivaeon.inevitable_destruction",
        "devastation_check",
        "zone = d.oblivaeon_zone",
        "zone = 3 - d.oblivaeon_zone",
        "wrong battle zone",
    ),
    Bug(
        "devastation-taken-below-none",
        "oblivaeon",
        "oblivaeon_verify.model.oblivaeon.inevitable_destruction",
        "remove_devastation",
        "taken = min(n, d.devastation)",
        "taken = n",
        "one direction only",
    ),
    Bug(
        "countdown-resets-before-it-strikes",
        "oblivaeon",
        "oblivaeon_verify.model.oblivaeon.inevitable_destruction",
        "countdown_tick",
        "d.countdown = max(0, d.countdown - d.params.countdown_tick)",
        "d.countdown = max(1, d.countdown - d.params.countdown_tick)",
        "order",
    ),
    Bug(
        "devastation-check-calls-itself",
        "oblivaeon",
        "oblivaeon_verify.model.oblivaeon.inevitable_destruction",
        "devastation_check",
        "threshold = d.params.devastation_threshold",
        "d.now(DevastationCheck())\n    threshold = d.params.devastation_threshold",
        "loop",
    ),
    Bug(
        "a-gain-costs-one-less",
        "aeons_end",
        "oblivaeon_verify.model.aeons_end.player_turn",
        "gain_card",
        "d.aether -= card_def(card).cost",
        "d.aether -= card_def(card).cost - 1",
        "off-by-one",
    ),
    Bug(
        "a-breach-opens-at-the-third-turn",
        "aeons_end",
        "oblivaeon_verify.model.aeons_end.player_turn",
        "_turn_breach",
        "opened=n >= 4",
        "opened=n >= 3",
        "off-by-one",
    ),
    Bug(
        "the-draw-phase-fills-to-four",
        "aeons_end",
        "oblivaeon_verify.model.aeons_end.player_turn",
        "finish_draw_phase",
        "draw_cards(d, i, d.params.hand_size - len(m.hand))",
        "draw_cards(d, i, d.params.hand_size - 1 - len(m.hand))",
        "off-by-one",
    ),
    Bug(
        "turn-order-reshuffled-with-a-card-left",
        "aeons_end",
        "oblivaeon_verify.model.common.deck",
        "take",
        "if not deck and trash:",
        "if len(deck) <= 1 and trash:",
        "one direction only",
    ),
    Bug(
        "an-ability-keeps-a-charge",
        "aeons_end",
        "oblivaeon_verify.model.aeons_end.player_turn",
        "use_ability",
        "d.mage_update(i, charges=0)",
        "d.mage_update(i, charges=1)",
        "amount",
    ),
    Bug(
        "a-turn-that-never-ends",
        "aeons_end",
        "oblivaeon_verify.model.aeons_end.turn_order",
        "_end_turn",
        "d.later(DrawTurnOrder())",
        "d.later(EndTurn())",
        "loop",
    ),
)

BY_NAME = {b.name: b for b in BUGS}
LOOPS = {r: next(b for b in BUGS if b.ruleset == r and b.kind == "loop") for r in ("oblivaeon", "aeons_end")}


def _edited(fn, old: str, new: str):
    """``fn`` compiled again from its source with ``old`` replaced by ``new`` (decorators left off)."""
    source = textwrap.dedent(inspect.getsource(fn))
    source = source[source.index("def ") :]
    if source.count(old) != 1:
        raise ValueError(f"{fn.__qualname__}: the text to replace is not in its source exactly once: {old!r}")
    namespace: dict = {}
    exec(compile(source.replace(old, new), inspect.getsourcefile(fn), "exec"), fn.__globals__, namespace)
    return namespace[fn.__name__]


@contextmanager
def broken(bug: Bug):
    """Within the block the model has ``bug``."""
    fn = getattr(importlib.import_module(bug.module), bug.function)
    fn = getattr(fn, "__wrapped__", fn)
    code = fn.__code__
    fn.__code__ = _edited(fn, bug.old, bug.new).__code__
    try:
        yield bug
    finally:
        fn.__code__ = code
