"""The rulebook's two charts, as data."""

from __future__ import annotations

from types import MappingProxyType

from oblivaeon_verify.model.oblivaeon.clauses import CATALOGUE

#: Complexity of the five new heroes (1 = simplest).
HERO_COMPLEXITY = MappingProxyType(
    {
        "Luminary": 1,
        "The Harpy": 3,
        "Akash'Thriya": 3,
        "La Comodora": 2,
        "Lifeline": 2,
    }
)

#: Comparative difficulty of the ten Scions (1 = least challenging).
SCION_DIFFICULTY = MappingProxyType(
    {
        "Aeon Master": 3,
        "Borr the Unstable": 2,
        "Dark Mind": 2,
        "Empyreon": 1,
        "Faultless": 1,
        "Nixious the Chosen": 2,
        "Progeny": 3,
        "Rainek Kel'Voss": 3,
        "Sanction": 1,
        "Voidsoul": 3,
    }
)

SCIONS: tuple[str, ...] = tuple(sorted(SCION_DIFFICULTY))


def easiest_first(scions: tuple[str, ...]) -> tuple[str, ...]:
    """A fixed Scion order (bottom first) with the least challenging Scions arriving first."""
    return tuple(sorted(scions, key=lambda s: (SCION_DIFFICULTY[s], s)))


CATALOGUE.declare("CHART.SCION-DIFFICULTY", "SCION_DIFFICULTY", __name__)
