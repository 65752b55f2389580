"""Setting up a game of OblivAeon for 3, 4 or 5 heroes, step by step as the rulebook lays it out."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from oblivaeon_verify.model.oblivaeon.battle_zones import OBLIVAEON
from oblivaeon_verify.model.oblivaeon.cards import (
    AEON_MEN_DECK,
    ALL_HERO_CARDS,
    CHARACTERS,
    ENVIRONMENTS,
    MISSION_DECK,
    OBLIVAEON_DECK,
    SCION_DECK,
    SCION_PANELS,
    SCIONS,
    character_cards,
    env_deck_cards,
)
from oblivaeon_verify.model.oblivaeon.charts import easiest_first
from oblivaeon_verify.model.oblivaeon.clauses import implements
from oblivaeon_verify.model.oblivaeon.deck import Deck
from oblivaeon_verify.model.oblivaeon.draft import Draft
from oblivaeon_verify.model.oblivaeon.heroes import set_up_hero
from oblivaeon_verify.model.oblivaeon.missions import RevealMissionTop
from oblivaeon_verify.model.oblivaeon.parameters import DEFAULT, Parameters
from oblivaeon_verify.model.oblivaeon.scions import BringForth
from oblivaeon_verify.model.oblivaeon.state import Cursor, EnvPiles, GameState, Seat, Zone


class SetupError(ValueError):
    """A setup that the rulebook does not allow, named by the offending field."""


@dataclass(frozen=True, slots=True)
class SetupConfig:
    heroes: tuple[str, ...]
    """Character variant keys, one per player in marker order (3 to 5)."""
    shield: str
    environments: tuple[str, ...]
    """Five different environment decks."""
    in_play: tuple[str, str]
    """The environments that start in the First and Second Battle Zones."""
    scion_order: tuple[str, ...] | None = None
    """OPTION.SCION-ORDER: the Reserve from the bottom up (Scion names), or None to shuffle it."""
    params: Parameters = field(default=DEFAULT)

    def validate(self) -> None:
        n = len(self.heroes)
        if not 3 <= n <= 5:
            raise SetupError(f"heroes: OblivAeon is set up for 3 to 5 heroes, got {n}")
        for h in self.heroes:
            if h not in CHARACTERS:
                raise SetupError(f"heroes: unknown character {h!r}; e.g. {', '.join(sorted(CHARACTERS)[:4])}, ...")
        decks = [CHARACTERS[h].hero for h in self.heroes]
        if len(set(decks)) != n:
            raise SetupError("heroes: two players cannot play the same hero deck (INCAP.NO-SHARED-DECK)")
        try:
            spec = self.params.shield(self.shield)
        except KeyError as e:
            raise SetupError(f"shield: {e.args[0]}") from None
        if len(self.environments) != 5 or len(set(self.environments)) != 5:
            raise SetupError(f"environments: need 5 different environment decks, got {list(self.environments)}")
        for e in self.environments:
            if e not in ENVIRONMENTS:
                raise SetupError(f"environments: unknown environment {e!r}; known: {', '.join(ENVIRONMENTS)}")
        if len(self.in_play) != 2 or self.in_play[0] == self.in_play[1] or not set(self.in_play) <= set(self.environments):
            raise SetupError("in_play: two different environments from the five, one per battle zone")
        if self.scion_order is not None:
            rest = sorted(s for s in SCIONS if s != spec.scion)
            if sorted(self.scion_order) != rest:
                raise SetupError(f"scion_order: must order exactly the Scions other than {spec.scion!r}: {rest}")
        if spec.scion not in SCIONS:
            raise SetupError(f"shield: {self.shield!r} brings forth an unknown Scion {spec.scion!r}")


def random_setup(rng: random.Random, n_heroes: int, params: Parameters = DEFAULT, fixed_order: bool | None = None) -> SetupConfig:
    """A legal setup drawn at random (any heroes and variants, Shield, environments, Scion order)."""
    heroes = rng.sample(sorted({c.hero for c in CHARACTERS.values()}), n_heroes)
    variants = tuple(rng.choice(sorted(k for k, c in CHARACTERS.items() if c.hero == h)) for h in heroes)
    shield = rng.choice(params.shields).name
    envs = tuple(rng.sample(ENVIRONMENTS, 5))
    in_play = tuple(rng.sample(envs, 2))
    if fixed_order is None:
        fixed_order = rng.random() < 0.25
    order = None
    if fixed_order:
        scion = params.shield(shield).scion
        order = easiest_first(tuple(s for s in SCIONS if s != scion))
    return SetupConfig(variants, shield, envs, in_play, order, params)


# --- the setup steps ---------------------------------------------------------------------------


@implements("SETUP.MARKERS", "SETUP.BATTLE-ZONES", "BZ.TWO-ZONES", "CLAR.HERO-COUNT")
def lay_out_table(cfg: SetupConfig) -> dict:
    """Numbered markers in play order; two battle zones; every marker and OblivAeon in the First.

    The hero-count symbol is fixed here, as the number of hero play areas at the start.
    """
    return dict(
        seats=tuple(Seat(marker=i + 1, zone=1, hero=None) for i in range(len(cfg.heroes))),
        zones=(Zone(1, None), Zone(2, None)),
        oblivaeon_zone=1,
        hero_count=len(cfg.heroes),
    )


@implements("SETUP.DECKS")
def shuffle_villain_and_mission_decks() -> dict:
    return dict(
        oblivaeon_deck=Deck.shuffled(OBLIVAEON_DECK),
        scion_deck=Deck.shuffled(SCION_DECK),
        aeon_deck=Deck.shuffled(AEON_MEN_DECK),
        mission_deck=Deck.shuffled(MISSION_DECK),
    )


@implements("SETUP.SHIELD", "SHIELD.RANDOM-START")
def place_shield(cfg: SetupConfig) -> dict:
    """The chosen Shield goes in front of OblivAeon, phase 1 side up."""
    return dict(shield=cfg.shield, shield_side=1, shield_tasks=0)


@implements("SETUP.FIRST-SCION", "SETUP.SCION-RESERVE", "OPTION.SCION-ORDER")
def place_scions(cfg: SetupConfig) -> dict:
    """The Shield's Scion into the First Battle Zone; the rest into the Reserve, shuffled or in a chosen order."""
    first = SCIONS[cfg.params.shield(cfg.shield).scion].key
    rest = [s.key for s in SCIONS.values() if s.key != first]
    if cfg.scion_order is None:
        reserve = Deck.shuffled(rest)
    else:
        reserve = Deck.ordered(tuple(SCIONS[name].key for name in reversed(cfg.scion_order)))
    return dict(first_scion=first, reserve=reserve)


@implements("SETUP.ENVIRONMENTS", "SETUP.ENV-IN-PLAY")
def place_environments(cfg: SetupConfig) -> dict:
    """Five environment decks shuffled; two in play, one per zone; three set aside."""
    envs = {e: EnvPiles(Deck.shuffled(env_deck_cards(e))) for e in cfg.environments}
    aside = tuple(sorted(e for e in cfg.environments if e not in cfg.in_play))
    return dict(envs=envs, set_aside=aside)


@implements("SETUP.INEVITABLE-DESTRUCTION")
def place_inevitable_destruction(cfg: SetupConfig) -> dict:
    return dict(countdown=cfg.params.countdown_start, devastation=0)


def initial_state(cfg: SetupConfig) -> GameState:
    """The state right after setup's fixed steps; chance steps (hands, the Second Scion, the Mission
    deck's visible top) are left as decision points for the engine to run."""
    cfg.validate()
    table = lay_out_table(cfg)
    decks = shuffle_villain_and_mission_decks()
    scions = place_scions(cfg)
    first = scions.pop("first_scion")
    envs = place_environments(cfg)
    box = tuple(sorted([c for k in CHARACTERS for c in character_cards(k)] + list(ALL_HERO_CARDS)))
    zones = (Zone(1, cfg.in_play[0], scions=(first,)), Zone(2, cfg.in_play[1]))
    hp = {OBLIVAEON: cfg.params.forms_hp[0], first: cfg.params.scion_hp(_difficulty(first))}
    state = GameState(
        setup=cfg,
        cursor=Cursor(1, 0, -1),
        agenda=(),
        options=(),
        outcome=None,
        hero_count=table["hero_count"],
        seats=table["seats"],
        zones=zones,
        envs=envs["envs"],
        set_aside=envs["set_aside"],
        oblivaeon_zone=table["oblivaeon_zone"],
        form=1,
        **place_shield(cfg),
        oblivaeon_trash=(),
        scion_trash=(),
        aeon_trash=(),
        scions_out=(),
        **decks,
        reserve=scions["reserve"],
        box=box,
        out=(),
        hp=hp,
        tokens={},
        reward_side=frozenset(),
        under={},
        erased=(),
        usurped=False,
        temps=(),
        used_powers=(),
        entered=(first,),
        **place_inevitable_destruction(cfg),
    )
    d = Draft(state)
    # Each ``now`` goes before the work scheduled earlier: the heroes draw (hero 1 first), then the
    # Second Scion enters, then the Mission deck's top is revealed.
    d.now(RevealMissionTop())
    d.now(BringForth(2, "SETUP.SECOND-SCION"))
    for i in range(len(cfg.heroes) - 1, -1, -1):
        set_up_hero(d, i, cfg.heroes[i], cfg.params.starting_hand, "SETUP.HEROES")
    return d.freeze()


def _difficulty(scion_key: str) -> int:
    return SCION_PANELS[scion_key].difficulty
