"""Deliberately broken encodings: each differs from the real one in one action, and must be caught.

``FocusTurnsTwice`` turns a breach two quarters per focus (MAIN.FOCUS): a breach at three quarter
turns lands on 'destroyed' with nobody exhausted, which DESTROYED-BY-EXHAUSTION and BREACH-FORWARD
refute, and the refinement check fails on the first focus of a random game.
``DrawLeavesTheCard`` puts the drawn turn order card on the discard but also leaves it in the deck
(TURN-ORDER.DRAW): TURN-ORDER-COMPOSITION is violated on the first draw, and so is refinement.
``ExhaustionForgotten`` never exhausts a player at 0 life (EXHAUST.WHEN): EXHAUSTED-AT-ZERO is
violated and refinement fails on the first exhaustion.
"""

from __future__ import annotations

from oblivaeon_verify.properties.aeons_end.symbolic.encoding import Encoding


class FocusTurnsTwice(Encoding):
    def focus(self, s, p):
        guard, effect = super().focus(s, p)
        a, b = s["actor"], p["b"]
        return guard, {**effect, **self.set_breach(s, "b", a, b, self.breach(s, "b", a, b) + 2)}


class DrawLeavesTheCard(Encoding):
    def draw_card(self, s, p):
        guard, effect = super().draw_card(s, p)
        return guard, {**effect, "dp": s["dp"], "dn": s["dn"]}


class ExhaustionForgotten(Encoding):
    def harm_player(self, s, p):
        guard, effect = super().harm_player(s, p)
        kept = {k: v for k, v in effect.items() if k != "outcome" and not k.endswith(".ex")}
        return guard, self.settle(s, kept)


MUTANTS = {
    "focus-turns-twice": FocusTurnsTwice,
    "draw-leaves-the-card": DrawLeavesTheCard,
    "exhaustion-forgotten": ExhaustionForgotten,
}
