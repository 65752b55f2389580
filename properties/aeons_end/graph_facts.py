"""What the rule-interaction and state graphs need to know about Aeon's End that its code cannot say.

The Aeon's End rulebook has no Rules Clarifications section, so no clause is a clarification and
nothing refines anything; the graphs still show how the rules feed each other (exhaustion feeding
Unleash, Unleash harming players) and explore small games exhaustively.
"""

from __future__ import annotations

from dataclasses import dataclass

from oblivaeon_verify.model.aeons_end.clauses import CATALOGUE
from oblivaeon_verify.model.aeons_end.engine import new_game
from oblivaeon_verify.model.aeons_end.parameters import DEFAULT
from oblivaeon_verify.model.aeons_end.setup import SetupConfig


def is_clarification(clause_id: str) -> bool:
    """The rulebook has no clarifications."""
    return False


def is_ordinary(clause_id: str) -> bool:
    return clause_id in CATALOGUE and CATALOGUE[clause_id].handled


#: (clarification, the rule it refines, how): none in this rulebook.
REFINES: tuple[tuple[str, str, str], ...] = ()

#: Clauses that bound any feedback loop running through them, and why.
BOUNDS: dict[str, str] = {
    "EXHAUST.WHEN": "a player is exhausted once: life cannot be regained afterwards (EXHAUST.NO-LIFE-GAIN)",
    "EXHAUST.DESTROY-BREACH": "a mage has four breaches, and a destroyed one is gone for good",
    "END.IMMEDIATE": "the game ends",
    "END.LOSE-GRAVEHOLD": "the game ends",
    "END.LOSE-ALL-EXHAUSTED": "the game ends",
    "END.LOSE-NEMESIS-SPECIFIC": "the game ends",
    "NEMESIS.DRAW": "the nemesis deck is finite and never refilled",
}

#: Exhaustion makes the nemesis Unleash twice, and an Unleash can harm a player into exhaustion.
KNOWN_CYCLES: tuple[tuple[str, ...], ...] = (("EXHAUST.WHEN", "NEMESIS.UNLEASH"),)

#: Clauses that fire because a turn began, not as a reaction to the event before them.
SCHEDULE: tuple[str, ...] = ("TURN-ORDER.DRAW",)

#: Corner-case predicates: none (they exist for clarifications, and there are none).
PREDICATES: dict = {}
NOT_IN_STATE: dict[str, str] = {}


@dataclass(frozen=True)
class Configuration:
    name: str
    description: str
    mages: tuple[str, ...]
    nemesis: str

    def setup(self) -> SetupConfig:
        return SetupConfig(self.mages, self.nemesis, params=DEFAULT)

    def start(self):
        return new_game(self.setup())

    def describe(self) -> dict:
        return {"name": self.name, "description": self.description, "mages": list(self.mages), "nemesis": self.nemesis}


#: A small, real game: true solo against the Crooked Mask (the nemesis with its own loss condition).
CONFIGURATIONS: tuple[Configuration, ...] = (
    Configuration("solo", "one mage, true solo turn order deck, normal difficulty", ("Adelheim",), "Crooked Mask"),
)


def configuration(name: str) -> Configuration:
    for c in CONFIGURATIONS:
        if c.name == name:
            return c
    raise KeyError(f"unknown configuration {name!r}; known: {', '.join(c.name for c in CONFIGURATIONS)}")
