"""The places where a model decides something its rulebook does not say: each a documented assumption or a reading.

A rulebook leaves open who is "the lowest" among equals, whether an effect's source is among its own
targets, what a rule does to a kind of card it does not mention, in what order two things that
happen "at the start of" one turn resolve.  A model must decide each; it says so here, once, so that
a reviewer reads every such decision in one list (the report's section "Silent choices") instead of
finding it in the code.  Where the choice is a documented reading parameter, ``reading`` names it and
its values are played by the scenarios and parted by the divergence witnesses.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SilentChoice:
    """One decision the rulebook leaves to the model."""

    id: str
    """A short name (``TIE.LOWEST-HP``)."""
    where: str
    """The model function that makes it, as ``module.function`` inside the model's package."""
    question: str
    """What the rulebook leaves open, in words."""
    answer: str
    """What the model does, in words."""
    clause: str = ""
    """The clause nearest to it ("" when none is)."""
    reading: str = ""
    """The reading parameter that makes it a switch ("" when it is an assumption)."""
