"""What the rule-interaction and state graphs need to know about Aeon's End that its code cannot say.

The Aeon's End rulebook has no Rules Clarifications section, so no clause is a clarification and
nothing refines anything; the graphs still show how the rules feed each other (exhaustion feeding
Unleash, Unleash harming players) and explore small games exhaustively.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from oblivaeon_verify.model.aeons_end.cards import card_def, nemesis_def
from oblivaeon_verify.model.aeons_end.clauses import CATALOGUE
from oblivaeon_verify.model.aeons_end.engine import new_game
from oblivaeon_verify.model.aeons_end.parameters import DEFAULT, Difficulty
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


@dataclass(frozen=True)
class Predicate:
    description: str
    holds: Callable


def _spells_offered(s) -> list[tuple[int, object]]:
    """(breach number, breach) of every prepped spell a cast decision now offers."""
    return [
        (b, br)
        for m in s.mages
        for b, br in enumerate(m.breaches)
        if br.spell and not br.destroyed and any(o.kind == "cast" and o.card == br.spell and o.index == b for o in s.options)
    ]


def _may_end_casting(s) -> bool:
    return any(o.kind == "end-casting" for o in s.options)


def _played(kind: str):
    """A step in which a card of this kind was played (a gem or relic played, a spell prepped)."""
    return lambda s, events: any(e.kind in ("play", "prep") and card_def(e.card).kind == kind for e in events)


def _difficulty(level: Difficulty):
    return lambda s: s.setup.difficulty is level


#: Body rules that show in one state: a setup choice, or what a decision point offers.
PREDICATES: dict[str, Predicate] = {
    "CAST.OPENED-MAY": Predicate(
        "a spell in an opened breach is offered, and so is ending the casting without it",
        lambda s: _may_end_casting(s) and any(br.opened for _b, br in _spells_offered(s)),
    ),
    "CAST.CLOSED-MUST": Predicate(
        "a spell waits in a closed breach, and ending the casting is not offered",
        lambda s: not _may_end_casting(s) and any(not br.opened for _b, br in _spells_offered(s)),
    ),
    "CAST.ORDER": Predicate(
        "spells in two breaches are offered at once (the player picks the order)", lambda s: len({b for b, _br in _spells_offered(s)}) >= 2
    ),
    "BREACH.BONUS": Predicate(
        "a spell in an opened breach with a damage bonus is offered",
        lambda s: any(br.opened and s.setup.params.breach_bonus[b] > 0 for b, br in _spells_offered(s)),
    ),
    "SOLO.TRUE-SOLO": Predicate("one mage plays alone", lambda s: len(s.mages) == 1),
    "END.IMMEDIATE": Predicate("the game has ended", lambda s: s.outcome is not None),
    "DIFFICULTY.BEGINNER": Predicate("the game is played at Beginner", _difficulty(Difficulty.BEGINNER)),
    "DIFFICULTY.NORMAL": Predicate("the game is played at Normal", _difficulty(Difficulty.NORMAL)),
    "DIFFICULTY.EXTINCTION": Predicate("the game is played at Extinction", _difficulty(Difficulty.EXTINCTION)),
}

#: Body rules that show in one step: the state it led to and its events.
STEP_PREDICATES: dict[str, Predicate] = {
    "CARDS.GEMS": Predicate("a gem is played", _played("gem")),
    "CARDS.RELICS": Predicate("a relic is played", _played("relic")),
    "CARDS.SPELLS": Predicate("a spell is prepped", _played("spell")),
    "DIFFICULTY.EXPERT": Predicate(
        "the nemesis Unleashes in a game at Expert",
        lambda s, events: s.setup.difficulty is Difficulty.EXPERT and any(e.kind == "unleash" for e in events),
    ),
}
NOT_IN_STATE: dict[str, str] = {}

#: Rules that leave no state fact and no event citing them: a witness shows them by a function that
#: implements them running (``graphs.acting``).  Setup's own rules show at setup, before any decision.
SHOWN_BY_RULE: tuple[str, ...] = (
    "CARDS.GAIN",
    "BREACH.COSTS",
    "BREACH.PREP-WHERE",
    "BREACH.ADJACENT",
    "NEMESIS.CARD-KINDS",
    "NEMESIS.BASIC-AND-UNIQUE",
    "TURN-ORDER.DECK",
    "TRACKERS",
    "MAT.BREACH-SETUP",
    "MAT.STARTING-HAND",
    "MAT.STARTING-DECK",
    "TURN-ORDER.COMPOSITION",
    "CAST.NEMESIS-DAMAGE",
    "MAIN.ANY-ORDER",
    "DRAW.DISCARD-PLAYED",
    "DRAW.TO-FIVE",
    "EXHAUST.STILL-PLAYS",
    "EXHAUST.NO-LIFE-GAIN",
    "EXHAUST.LOWEST-LIFE",
)


def _last_attack_progress(s) -> float | None:
    """How near a game is to the nemesis deck running out on an attack with nothing in play
    (``last_attack_reading``, END.WIN-NEMESIS-EXHAUSTED against NEMESIS.DRAW); None once it cannot.

    The corner needs the last nemesis card to be an attack (so one must stay in the deck), every
    minion defeated and every power resolved or paid off when it is drawn (so cards in play count
    against, minions by their life, more as the deck runs low), the nemesis still alive and the
    players still standing.  A power in play near the end goes in time only by TO DISCARD, so the
    aether in the richest hand counts then; a mage's five best gems are the most a hand can bring.
    """
    left = _nemesis_cards_left(s)
    if not left or not any(nemesis_def(c).kind == "attack" for tier in s.nemesis_deck for c in tier.cards()):
        return None
    urgency = 1 + 4 / left
    in_play = sum(urgency * (8 + (4 + 2 * p.life if nemesis_def(p.card).kind == "minion" else 0)) for p in s.in_play)
    powers = any(nemesis_def(p.card).kind == "power" for p in s.in_play)
    hand = max(sum(card_def(c).aether for c in m.hand) for m in s.mages) if powers and left <= 2 else 0
    standing = s.gravehold + sum(m.life for m in s.mages if not m.exhausted) + 2 * (s.setup.params.corruption_limit - s.corruption)
    best_gems = max(sum(sorted((card_def(c).aether for c in m.hand + m.deck + m.discard + m.played), reverse=True)[:5]) for m in s.mages)
    return 3 * hand - in_play - left + 2 * min(s.nemesis_life, 5) + standing / 3 + best_gems


def _turn(s) -> tuple[int, int]:
    return s.cycles, s.turn


def _nemesis_cards_left(s) -> int:
    return sum(len(tier) for tier in s.nemesis_deck)


def _turn_order_and_deck(s) -> tuple[int, int, int]:
    """What the players cannot steer: the turn order cards left (all, and the nemesis's) and the nemesis cards left."""
    turn_cards = s.turn_deck.cards()
    return len(turn_cards), sum(c.startswith("turn:nemesis") for c in turn_cards), _nemesis_cards_left(s)


@dataclass(frozen=True)
class Nearness:
    """How a steered search for where a reading's values part ranks the games it keeps."""

    progress: Callable[[object], float | None]
    """Higher is nearer; None: the values can no longer part in this game."""
    clock: Callable[[object], object]
    """What the search counts time by: it compares games that have seen as many of its ticks (here,
    turns: counting the nemesis's draws instead compares games at its draws, where every player
    turn between two of them must go right at once, and finds nothing)."""
    alike: Callable[[object], object]
    """Games alike in what the players cannot steer: the search keeps few of each, so that it does
    not bet every game on one turn order (greedy ranking favours turn orders that put the nemesis
    off, then finds two nemesis turns in a row at the end of the cycle)."""


#: Reading -> what the divergence search steers by when random play misses it (``graphs.divergence``).
#: A reading random play parts needs none.
READING_PROGRESS: dict[str, Nearness] = {"last_attack_reading": Nearness(_last_attack_progress, _turn, _turn_order_and_deck)}


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
