"""Setting up a game of Aeon's End: mages, the nemesis, the supply, Gravehold and the turn order deck."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field
from types import MappingProxyType

from oblivaeon_verify.model.aeons_end.cards import BASIC_NEMESIS, MATS, NEMESES, NEMESIS_CARDS, SUPPLY_CARDS, SUPPLY_COPIES
from oblivaeon_verify.model.aeons_end.clauses import implements
from oblivaeon_verify.model.aeons_end.parameters import DEFAULT, Difficulty, Parameters
from oblivaeon_verify.model.aeons_end.state import Breach, GameState, Mage
from oblivaeon_verify.model.aeons_end.turn_order import DrawTurnOrder, turn_order_cards
from oblivaeon_verify.model.common.deck import Deck


class SetupError(ValueError):
    """A setup the rulebook does not allow, named by the offending field."""


@dataclass(frozen=True)
class SetupConfig:
    mages: tuple[str, ...]
    """Mat names, one per player (1 is true solo)."""
    nemesis: str
    difficulty: Difficulty = Difficulty.NORMAL
    params: Parameters = field(default=DEFAULT)

    @property
    def nemesis_def(self):
        return NEMESES[self.nemesis]

    @property
    def start_life(self) -> int:
        return life_table(self.difficulty, self.params)[0]

    @property
    def start_gravehold(self) -> int:
        return life_table(self.difficulty, self.params)[1]

    def validate(self) -> None:
        if not 1 <= len(self.mages) <= 4:
            raise SetupError(f"mages: Aeon's End is played by 1 to 4 players, got {len(self.mages)}")
        for m in self.mages:
            if m not in MATS:
                raise SetupError(f"mages: unknown mage {m!r}; known: {', '.join(MATS)}")
        if len(set(self.mages)) != len(self.mages):
            raise SetupError("mages: each player plays a different mage")
        if self.nemesis not in NEMESES:
            raise SetupError(f"nemesis: unknown nemesis {self.nemesis!r}; known: {', '.join(NEMESES)}")


@implements("DIFFICULTY.NORMAL", "DIFFICULTY.BEGINNER", "DIFFICULTY.EXTINCTION", "TRACKERS")
def life_table(difficulty: Difficulty, p: Parameters) -> tuple[int, int, int]:
    """(player life, Gravehold life, nemesis life) for the difficulty level."""
    if difficulty is Difficulty.BEGINNER:
        return 12, 35, max(1, p.nemesis_life - 10)
    if difficulty is Difficulty.EXTINCTION:
        return 8, 25, p.nemesis_life + 10
    return p.player_life, p.gravehold_life, p.nemesis_life


def random_setup(rng: random.Random, players: int, params: Parameters = DEFAULT) -> SetupConfig:
    """Any mages, any nemesis, any difficulty level."""
    return SetupConfig(tuple(rng.sample(sorted(MATS), players)), rng.choice(sorted(NEMESES)), rng.choice(list(Difficulty)), params)


@implements("MAT.BREACH-SETUP", "MAT.STARTING-HAND", "MAT.STARTING-DECK")
def set_up_mage(name: str, seat: int, life: int) -> Mage:
    """A mage as its mat lays it out: breaches in their starting positions, hand, and deck in order."""
    mat = MATS[name]
    counter: dict[str, int] = {}

    def phys(card: str) -> str:
        counter[card] = counter.get(card, 0) + 1
        return f"{card}#m{seat + 1}-{counter[card]}"

    hand = tuple(phys(c) for c in mat.hand)
    deck = tuple(phys(c) for c in mat.deck)
    breaches = tuple(Breach(b + 1, focus=max(0, f), opened=f < 0) for b, f in enumerate(mat.breaches))
    return Mage(name, life, hand, deck, (), (), breaches)


@functools.cache  # a nemesis's deck is built alike in every game, of immutable values
def nemesis_tiers(nemesis: str) -> tuple[Deck, ...]:
    """The nemesis deck: each tier shuffled on its own, tier 1 on top."""
    cards = [c for c in BASIC_NEMESIS] + [NEMESIS_CARDS[k] for k in NEMESES[nemesis].unique]
    return tuple(Deck.shuffled([f"{c.key}#1" for c in cards if c.tier == t]) for t in (1, 2, 3))


#: The supply as the game starts: pile key -> its physical cards, the piles in key order.
SUPPLY = MappingProxyType({k: tuple(f"{k}#{n}" for n in range(1, SUPPLY_COPIES + 1)) for k in sorted(SUPPLY_CARDS)})


def initial_state(cfg: SetupConfig) -> GameState:
    cfg.validate()
    life, gravehold, nemesis = life_table(cfg.difficulty, cfg.params)
    return GameState(
        setup=cfg,
        turn=0,
        cycles=1,
        actor="",
        phase="turn-order",
        turn_deck=Deck.shuffled(turn_order_cards(len(cfg.mages))),
        turn_discard=(),
        mages=tuple(set_up_mage(m, i, life) for i, m in enumerate(cfg.mages)),
        aether=0,
        used_while_prepped=(),
        gravehold=gravehold,
        nemesis_life=nemesis,
        nemesis_deck=nemesis_tiers(cfg.nemesis),
        nemesis_discard=(),
        in_play=(),
        supply=dict(SUPPLY),
        corruption=0,
        agenda=(DrawTurnOrder(),),
        options=(),
        outcome=None,
    )
