"""Deliberately broken encodings: each differs from the real one in one action, and must be caught.

``UnclampedScionRemoval`` forgets that Devastation never goes below zero when a Scion leaves
(BZ.DEV.SCION-REMOVED): the proof of DEV-NONNEG finds a counterexample and the refinement check
fails on the first Scion removed with no Devastation on the card.
``IncapacitationAddsTwo`` adds two Devastation tokens per fallen hero (BZ.DEV.HERO-INCAP): the proof
of DEV-ONE-PER-FALL finds a one-step counterexample, and the refinement check fails on the first
incapacitation (the model adds one).
``OutnumberCountsHeroes`` adds Devastation when Scions merely equal the heroes: the proof of
DEV-FROM-OUTNUMBERING finds a counterexample (a hero moved to the Scions' zone), and refinement fails.
"""

from __future__ import annotations

import z3
from oblivaeon_verify.properties.oblivaeon.symbolic.encoding import Encoding, _set_zone, _zone


class UnclampedScionRemoval(Encoding):
    def scion_removed(self, s, p):
        z = p["z"]
        return _zone(s, "sc", z) >= 1, {
            **_set_zone(s, "sc", z, _zone(s, "sc", z) - 1),
            "sout": s["sout"] + 1,
            "dev": s["dev"] - 1,
            "ledger": s["ledger"] - 1,
        }


class IncapacitationAddsTwo(Encoding):
    def hero_incapacitated(self, s, p):
        guard, effect = super().hero_incapacitated(s, p)
        return guard, {**effect, "dev": s["dev"] + 2, "ledger": s["ledger"] + 2}


class OutnumberCountsHeroes(Encoding):
    def advance(self, s, p):
        guard, effect = super().advance(s, p)
        lay, q = self.layout, p["q"]
        extra = z3.If(z3.And(q == lay.villain_start(1), s["sc1"] == s["a1"], s["sc1"] > 0), s["sc1"], 0) + z3.If(
            z3.And(q == lay.villain_start(2), s["sc2"] == s["a2"], s["sc2"] > 0), s["sc2"], 0
        )
        return guard, {**effect, "dev": effect["dev"] + extra, "ledger": effect["ledger"] + extra}


MUTANTS = {
    "unclamped-scion-removal": UnclampedScionRemoval,
    "incapacitation-adds-two": IncapacitationAddsTwo,
    "outnumber-counts-ties": OutnumberCountsHeroes,
}
