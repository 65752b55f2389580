"""Every invariant holds on real play, and every invariant fails when its rule is broken.

Each entry of BREAKERS builds a state or a step that breaks exactly the rule one invariant
guards (from a real game position, edited), and the test checks that this invariant reports it.
A new invariant without a breaker makes ``test_every_invariant_has_a_breaker`` fail.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from oblivaeon_verify.model.common.forced import Forced
from oblivaeon_verify.model.common.kernel import pending, waiting_for
from oblivaeon_verify.model.oblivaeon import effects, heroes, places, triggers
from oblivaeon_verify.model.oblivaeon.battle_zones import card_side, cards_in_play, reach_zones
from oblivaeon_verify.model.oblivaeon.cards import CHARACTER_CARDS, CHARACTERS, PHYSICAL, SCION_PANELS, SENTINELS, character_cards
from oblivaeon_verify.model.oblivaeon.chance import Reveal, take_card
from oblivaeon_verify.model.oblivaeon.decisions import Decision
from oblivaeon_verify.model.oblivaeon.deck import Deck
from oblivaeon_verify.model.oblivaeon.draft import Ctx, Event, deck_label
from oblivaeon_verify.model.oblivaeon.effects import (
    ChooseDamageTarget,
    ChooseDeckToDiscardFrom,
    ChooseKeepOrBottom,
    ChooseTimestreamDeck,
    DiscardTop,
    DrawOne,
)
from oblivaeon_verify.model.oblivaeon.missions import AddObjectiveToken, ChooseDiscardToPay
from oblivaeon_verify.model.oblivaeon.moments import happened
from oblivaeon_verify.model.oblivaeon.parameters import DEFAULT
from oblivaeon_verify.model.oblivaeon.round_order import Turn, phases
from oblivaeon_verify.model.oblivaeon.ruleset import RULESET
from oblivaeon_verify.model.oblivaeon.scions import BringForth, ChooseRemovedVillain
from oblivaeon_verify.model.oblivaeon.state import Outcome, Temp
from oblivaeon_verify.model.oblivaeon.triggers import _card_ctx
from oblivaeon_verify.properties.oblivaeon import INVARIANTS, Step

from oblivaeon_verify import knockout
from oblivaeon_verify.checked_play import CheckTally, play_checked
from tests.first_caught import first_caught
from tests.support import game

HARPY = "char:the-harpy:the-harpy"
OBJECTIVE = "mission:secure-the-relay#1"  # needs 2 tokens
OBJECTIVE_2 = "mission:recover-the-codex#1"
HP_REWARD = "mission:rogue-construct#1"  # its reward side has HP
AEON_MAN = "aeon-men:aeon-warrior#1"
SCION_CARD = "scion:scion-onslaught#1"
COUNTDOWN_CARD = "wagner-mars-base:launch-countdown#1"
NOTHING = Decision("no-option", "hero 1")
RIFT = "mission:unstable-rift#1"  # an environment objective with 6 HP
OUTPOST = "mission:aeon-outpost#1"  # a villain objective with 8 HP
NEXUS = "mission:stabilize-the-nexus#1"  # its reward heals 'your hero'
THORN_SEED = "akash-thriya:thorn-seed#1"  # hits each villain target
OVERWHELM = "scion:overwhelm#1"  # hits each hero target
ANOMALY = "realm-of-discord:drifting-anomaly#1"  # indestructible; moves itself at the end of its environment turn
REQUITAL = "char:captain-cosmic:requital"
PRIME_COSMIC = "char:captain-cosmic:prime-wardens"
CONSTRUCT = "captain-cosmic:construct#1"
USE_IT_UP = "luminary:use-it-up#1"
DEVICE = "luminary:doomsday-device#1"
BLOOD_PRICE = "lifeline:blood-price#1"
VITAE_SIPHON = "lifeline:vitae-siphon#1"
PROGENY = "scion:progeny"  # difficulty 3 on the chart


@pytest.fixture(scope="module")
def start():
    """Four heroes at the first player decision (Hero 1 about to move)."""
    return game()


def replace(value, **changes):
    return dataclasses.replace(value, **changes)


def seat(s, i, **changes):
    seats = list(s.seats)
    seats[i] = replace(seats[i], **changes)
    return replace(s, seats=tuple(seats))


def zone(s, n, **changes):
    zones = list(s.zones)
    zones[n - 1] = replace(zones[n - 1], **changes)
    return replace(s, zones=tuple(zones))


def waiting_at(s, ask):
    """``s`` waiting at ``ask`` instead of its own decision point (the work scheduled after that kept)."""
    return replace(s, agenda=(*reversed(pending(s)[1:]), ask))


def ev(kind, clause="HERO.CONTINUE", **data):
    return Event(kind, clause, **data)


def step(before, events=(), after=None, decision=NOTHING):
    return Step(before, decision, tuple(events), before if after is None else after)


RITES = "temple-of-zhu-long:rites-of-revival#1"


def rites_fired(s, zone=1):
    """A step in which Rites of Revival's end-of-turn text resolved in ``zone`` and nothing else happened."""
    return step(s, [ev("trigger", "ENV.TURN", card=RITES, zone=zone, detail="end of turn")])


WASTELAND = "the-final-wasteland:unforgiving-wasteland#1"


def weak_scion(s):
    """The Scion in the First Battle Zone down to 5 HP, within Unforgiving Wasteland's limit."""
    return replace(s, hp={**s.hp, s.zones[0].scions[0]: 5})


def wasteland_fired(s, *after):
    """A step in which Unforgiving Wasteland's end-of-turn text resolved in the First Battle Zone, then ``after`` happened."""
    return step(s, [ev("trigger", "ENV.TURN", card=WASTELAND, zone=1, detail="end of turn"), *after])


def revealing(s, outcome=lambda kind, first, n: (first, n)):
    """``s`` waiting for chance to turn up the OblivAeon deck's top card, each kind of its unknown part offered as
    ``outcome(kind, its first copy, its copies)`` says: (the card offered, its weight)."""
    middle = s.oblivaeon_deck.middle
    kinds = Counter(c.rsplit("#", 1)[0] for c in middle)
    label = deck_label(s, ("oblivaeon",))
    options = []
    for kind, n in sorted(kinds.items()):
        card, weight = outcome(kind, next(c for c in middle if c.startswith(kind + "#")), n)
        options.append(Decision("reveal", "chance", card=card, target=label, weight=weight))
    return replace(waiting_at(s, Reveal(tuple(options), ("oblivaeon",), "top")), options=tuple(options))


SABOTAGE = "luminary:sabotage#1"


def sabotage_played(s, *after, later=None):
    """A step in which Sabotage was played in the First Battle Zone, then ``after`` happened, ending at ``later``."""
    return step(s, [ev("play", "HERO.PLAY", card=SABOTAGE, zone=1), *after], later)


def without_card(s, card):
    """The same state with one card moved from the box into the first play area's hand (keeps the card set)."""
    return seat(replace(s, box=tuple(c for c in s.box if c != card)), 0, hand=s.seats[0].hand + (card,))


def char(s, i=0):
    return s.seats[i].characters[0]


def _destroys_environment(card: str) -> int:
    """The index of ``card``'s incapacitated ability that destroys an environment card."""
    return next(i for i, ops in enumerate(CHARACTER_CARDS[card].incap) if any(getattr(o, "what", "") == "environment" for o in ops))


def with_objective(s, i, card, reward=False):
    out = seat(
        replace(s, mission_deck=s.mission_deck.remove(card) if card in s.mission_deck.cards() else s.mission_deck),
        i,
        play=s.seats[i].play + (card,),
    )
    return replace(out, reward_side=out.reward_side | {card}) if reward else out


def with_target(s, i, card, hp, reward=False):
    """``card`` in play area ``i`` (objective side unless ``reward``) with ``hp`` HP."""
    out = with_objective(s, i, card, reward)
    return replace(out, hp={**out.hp, card: hp})


def luminary_lifeline_game():
    """Luminary (hero 1), Lifeline (hero 2) and Ra."""
    return game(heroes=("char:luminary:luminary", "char:lifeline:lifeline", "char:ra:ra"))


def requital_fallen(s, under=(CONSTRUCT,), offer=PRIME_COSMIC):
    """Requital incapacitated in play area 1 with ``under`` beneath it, and ``offer`` offered to set up."""
    out = replace(seat(s, 0, incapacitated=(REQUITAL,)), under={**s.under, REQUITAL: tuple(under)})
    return replace(out, options=(Decision("set-up-hero", "hero 1", card=offer), NOTHING))


def harpy_game():
    return game(heroes=(HARPY, "char:tachyon:tachyon", "char:ra:ra"))


def fallen(s, i=0):
    """Play area ``i`` right after its hero fell (character incapacitated, waiting for a new hero)."""
    c = s.seats[i].characters
    hp = dict(s.hp)
    for x in c:
        hp.pop(x, None)
    return replace(seat(s, i, characters=(), incapacitated=c, hero=None, needs_hero=True), hp=hp)


REACTING = {side: min(c for c, d in PHYSICAL.items() if d.side == side and d.reactions) for side in ("environment", "villain")}
"""A card with a reaction, of each side that has any."""


def refilled(s, i, named=None, cards=1, zone=None):
    """The events of hero ``i``'s trash (here: the first ``cards`` of its deck) shuffled into its empty deck, the
    reshuffle's record naming ``named`` (by default the hero the seat plays) in ``zone`` (by default the hero's)."""
    hero = s.seats[i].hero if named is None else named
    moves = [ev("moved", card=c, detail=f"seat/{i}/trash -> seat/{i}/deck") for c in s.seats[i].deck.cards()[:cards]]
    where = s.seats[i].zone if zone is None else zone
    return [ev("reshuffle", card=hero, zone=where, detail="trash shuffled into an empty deck"), *moves]


BREAKERS = {
    "card-in-one-place": lambda s: seat(s, 0, hand=s.seats[0].hand + s.seats[0].hand[:1]),
    "card-set-fixed": lambda s: replace(s, box=s.box[1:]),
    "markers-in-battle-zones": lambda s: seat(s, 1, zone=3),
    "hero-count-fixed": lambda s: replace(s, hero_count=5),
    "play-area-in-marker-zone": lambda s: step(s, [ev("damage", target=char(s), zone=2, source_zone=2, amount=1)]),
    "battle-zone-isolation": lambda s: step(s, [ev("damage", target=char(s), zone=1, source_zone=2, reach="zone", amount=1)]),
    "mission-cards-act-in-their-zone": lambda s: step(
        s, [ev("damage", card=OBJECTIVE, target=char(s), zone=1, source_zone=2, reach="game")]
    ),
    "devastation-never-negative": lambda s: replace(s, devastation=-1),
    "devastation-ledger": lambda s: step(s, [], replace(s, devastation=s.devastation + 1)),
    "incapacitation-adds-devastation": lambda s: step(
        s, [ev("hero-incapacitated", "INCAP.CHARACTER-SPENT", card=char(s), zone=1, detail=s.seats[0].hero)]
    ),
    "scion-removal-removes-devastation": lambda s: step(
        replace(s, devastation=3),
        [ev("scion-removed", "BZ.DEV.SCION-REMOVED", card=s.zones[0].scions[0], zone=1)],
        replace(s, devastation=3),
    ),
    "scions-outnumbering-heroes-add-devastation": lambda s: step(
        zone(s, 1, scions=tuple(SCION_PANELS)[:5]), [ev("turn", "ROUND.ORDER", zone=1, detail="Battle Zone 1: Villain turn")]
    ),
    "countdown-on-its-track": lambda s: replace(s, countdown=7),
    "countdown-ticks-once-per-oblivaeon-turn": lambda s: step(s, [ev("turn", "ROUND.ORDER", detail="OblivAeon's turn")]),
    "one-environment-per-zone": lambda s: zone(s, 2, environment=s.zones[0].environment),
    "set-aside-shrinks-one-per-removal": lambda s: step(s, [ev("environment-arrives", "ENV.REMOVAL.REPLACE", zone=1, card=s.set_aside[0])]),
    "oblivaeon-stands-at-last-removal": lambda s: step(s, [], replace(s, oblivaeon_zone=2)),
    "lost-exactly-when-no-set-aside": lambda s: step(
        replace(s, set_aside=()), [ev("environment-removed", "ID.DEVASTATION", zone=1, card=s.zones[0].environment)]
    ),
    "removal-strikes-the-zone": lambda s: step(s, [ev("environment-arrives", "ENV.REMOVAL.REPLACE", zone=1, card=s.set_aside[0])]),
    "removed-environments-out-of-game": lambda s: replace(s, envs={k: v for k, v in s.envs.items() if k != s.set_aside[0]}),
    "game-over-token-limit-ends-the-environment": lambda s: step(s, [ev("game-over-token", "ENV.TURN", card=COUNTDOWN_CARD, amount=9)]),
    "scions-accounted-for": lambda s: replace(s, reserve=Deck.shuffled(s.reserve.cards()[1:])),
    "scions-enter-from-the-bottom": lambda s: step(
        replace(s, reserve=Deck.ordered(s.reserve.cards())),
        [ev("scion-enters", "CLAR.SCIONS-FROM-BOTTOM", zone=2, card=s.reserve.cards()[0])],
    ),
    "bring-forth-fills-an-empty-field": lambda s: step(
        zone(zone(s, 1, scions=()), 2, scions=()),
        [ev("turn", "ROUND.ORDER", detail="OblivAeon's turn"), ev("turn", "ROUND.ORDER", amount=1, detail="Hero 1's turn")],
    ),
    "round-order": lambda s: step(s, [ev("turn", "ROUND.ORDER", amount=3, detail="Hero 3's turn")]),
    "replacement-hero-before-next-turn": lambda s: step(
        seat(s, 0, needs_hero=True), [ev("turn", "ROUND.ORDER", amount=2, detail="Hero 2's turn")]
    ),
    "replacement-may-move": lambda s: step(
        s,
        [ev("hero-set-up", "INCAP.REPLACEMENT", card="char:ra:ra", detail="marker #3")],
        replace(s, options=(NOTHING, Decision("skip-play", "hero 1"))),
    ),
    "hero-decks-unique": lambda s: seat(s, 1, hero=s.seats[0].hero),
    "spent-characters-stay-down": lambda s: seat(s, 0, incapacitated=s.seats[0].characters),
    "incapacitated-card-never-returns": lambda s: step(seat(s, 0, incapacitated=s.seats[0].characters), [], s),
    "erased-heroes-never-return": lambda s: replace(s, erased=(s.seats[0].hero,)),
    "erasure-is-permanent": lambda s: step(replace(s, erased=("Luminary",)), [], s),
    "erase-strikes-in-third-form": lambda s: step(
        replace(s, form=3),
        [ev("turn", "ROUND.ORDER", detail="OblivAeon's turn"), ev("turn", "ROUND.ORDER", amount=1, detail="Hero 1's turn")],
    ),
    "erasure-ties-go-to-the-players": lambda s: step(
        replace(s, hp={**s.hp, char(s): 5, char(s, 1): 5}),
        [
            ev("hero-incapacitated", "INCAP.CHARACTER-SPENT", card=char(s), zone=1),
            ev("hero-erased", "CLAR.ERASED", card=char(s), zone=1, detail=s.seats[0].hero),
        ],
    ),
    "fallen-hero-cards-boxed": lambda s: seat(s, 0, hero=None),
    "fallen-rewards-go-under": lambda s: step(
        with_objective(s, 0, OBJECTIVE, reward=True),
        [ev("hero-incapacitated", "INCAP.CHARACTER-SPENT", card=char(s), zone=1)],
        fallen(with_objective(s, 0, OBJECTIVE, reward=True)),
    ),
    "fallen-objectives-to-mission-deck": lambda s: step(
        with_objective(s, 0, OBJECTIVE),
        [ev("hero-incapacitated", "INCAP.CHARACTER-SPENT", card=char(s), zone=1)],
        fallen(with_objective(s, 0, OBJECTIVE)),
    ),
    "fallen-play-area-cleared": lambda s: fallen(with_objective(s, 0, OBJECTIVE)),
    "no-limit-loss-only-when-supply-runs-out": lambda s: step(
        s, [], replace(s, outcome=Outcome("lost", "no hero", "INCAP.NO-LIMIT"), options=())
    ),
    "used-powers-belong-to-this-turn": lambda s: replace(
        s, cursor=type(s.cursor)(s.cursor.round, s.cursor.slot, 4), used_powers=((char(s, 1), 0),)
    ),
    "harpy-tokens-in-range": lambda s: (lambda h: replace(h, tokens={**h.tokens, HARPY: 6}))(harpy_game()),
    "harpy-starts-with-three-arcana": lambda s: (
        lambda h: step(h, [ev("hero-set-up", "SETUP.HEROES", card=HARPY, detail="marker #1")], replace(h, tokens={**h.tokens, HARPY: 1}))
    )(harpy_game()),
    "hero-turn-opens-with-the-move": lambda s: step(
        s, [ev("turn", "ROUND.ORDER", amount=1, detail="Hero 1's turn")], replace(s, options=(NOTHING, Decision("skip-play", "hero 1")))
    ),
    # Legacy's Redeploy moves him to the Second Battle Zone, then deals its damage from the First
    "a-hero-s-card-acts-from-its-hero-s-zone": lambda s: step(
        s,
        [
            ev("hero-moved", "CLAR.MULTIPLE-MOVES", zone=2, card="legacy:redeploy#1", target=char(s)),
            ev("damage", zone=1, source_zone=1, card=char(s), target=s.zones[0].scions[0], amount=2),
        ],
    ),
    # Hero 1's turn ends and Hero 2's begins, and Hero 1 drew nothing though its deck is full
    "hero-draws-in-the-draw-phase": lambda s: step(s, [], replace(s, cursor=type(s.cursor)(s.cursor.round, s.cursor.slot + 1, 0))),
    # Hero 1 pays for its objective with the one card kind in hand, discarded on the spot, and the objective gets no token
    "paying-for-an-objective-puts-a-token-on-it": lambda s: (
        lambda b: step(b, [ev("discard", card=b.seats[0].hand[0])], b, decision=Decision("pay-objective", "hero 1", target=OBJECTIVE))
    )(with_objective(s, 0, OBJECTIVE)),
    "hero-options-offered": lambda s: step(
        s, [], replace(s, options=(Decision("play-card", "hero 1", card="x"), Decision("skip-play", "hero 1"))), decision=s.options[0]
    ),
    "at-most-one-objective": lambda s: with_objective(with_objective(s, 0, OBJECTIVE), 0, OBJECTIVE_2),
    "take-an-objective": lambda s: step(s, [], s, decision=Decision("take-objective", "hero 1")),
    "swap-an-objective": lambda s: step(
        with_objective(s, 0, OBJECTIVE), [], with_objective(s, 0, OBJECTIVE), decision=Decision("swap-objective", "hero 1", card=OBJECTIVE)
    ),
    "trade-an-objective": lambda s: (
        lambda b: step(b, [], b, decision=Decision("trade-objective", "hero 1", card=OBJECTIVE, target=OBJECTIVE_2, index=1))
    )(with_objective(with_objective(s, 0, OBJECTIVE), 1, OBJECTIVE_2)),
    "shuffle-the-mission-deck": lambda s: step(s, [], s, decision=Decision("shuffle-mission-deck", "hero 1")),
    "incapacitated-ability-used": lambda s: step(s, [], s, decision=Decision("incap-ability", "hero 1", card=char(s))),
    # the fallen first hero's ability to destroy an environment card, with Unforgiving Wasteland in its zone, destroys nothing
    "an-incapacitated-ability-destroys-an-environment-card-in-its-zone": lambda s: (
        lambda b: step(b, [], b, decision=Decision("incap-ability", "hero 1", card=char(s), index=_destroys_environment(char(s))))
    )(zone(fallen(s), s.seats[0].zone, env_play=(WASTELAND,))),
    "reward-regained": lambda s: (lambda b: step(b, [], b, decision=Decision("regain-reward", "hero 1", card=char(s), target=OBJECTIVE)))(
        replace(s, under={char(s): (OBJECTIVE,)}, reward_side=frozenset({OBJECTIVE}))
    ),
    "mission-deck-objective-up": lambda s: replace(s, mission_deck=Deck.shuffled(s.mission_deck.cards()), agenda=(waiting_for(s),)),
    "objective-completes-at-its-tokens": lambda s: step(
        s, [ev("objective-token", "MISSION.OBJECTIVE-COMPLETION", card=OBJECTIVE, amount=2)]
    ),
    "flip-clears-tokens": lambda s: step(
        s,
        [ev("objective-completed", "MISSION.OBJECTIVE-COMPLETION", card=OBJECTIVE)],
        replace(s, tokens={OBJECTIVE: 2}, reward_side=frozenset({OBJECTIVE})),
    ),
    "flip-restores-printed-hp": lambda s: step(
        s,
        [ev("objective-completed", "MISSION.OBJECTIVE-COMPLETION", card=HP_REWARD)],
        replace(s, hp={**s.hp, HP_REWARD: -2}, reward_side=frozenset({HP_REWARD})),
    ),
    "aeon-men-only-on-instruction": lambda s: step(s, [ev("play", "VILLAIN.PLAY-SCION-CARD", card=AEON_MAN, zone=1)]),
    "booklet-calls-aeon-men": lambda s: step(
        replace(s, form=2),
        [ev("turn", "ROUND.ORDER", detail="OblivAeon's turn"), ev("turn", "ROUND.ORDER", amount=1, detail="Hero 1's turn")],
    ),
    "shield-never-destroyed": lambda s: step(s, [ev("destroyed", target="shield:the-arc-of-unreality")]),
    "shield-follows-its-tasks": lambda s: replace(s, shield_side=2),
    "shield-tasks-counted": lambda s: step(s, [ev("scion-removed", "BZ.DEV.SCION-REMOVED", card=s.zones[0].scions[0])]),
    "oblivaeon-never-removed": lambda s: replace(s, hp={k: v for k, v in s.hp.items() if k != "oblivaeon"}),
    "oblivaeon-not-removed-by-effects": lambda s: step(s, [ev("removed-from-game", "ENV.TURN", card="x", target="oblivaeon")]),
    "the-game-never-hangs": lambda s: replace(
        s, outcome=Outcome("aborted", "no decision within 20,000 units of work", "ROUND.REPEAT"), options=()
    ),
    "over-exactly-when-no-decision": lambda s: replace(s, options=()),
    "outcome-by-the-rules": lambda s: step(s, [], replace(s, outcome=Outcome("won", "pretend", "ENV.TURN"), options=())),
    "villain-turn-plays-a-scion-card-only-with-a-scion": lambda s: step(
        s,
        [
            ev("turn", "ROUND.ORDER", zone=1, detail="Battle Zone 1: Villain turn"),
            ev("turn", "ROUND.ORDER", zone=2, detail="Battle Zone 2: Environment turn"),
        ],
    ),
    "scions-before-aeon-men": lambda s: step(
        s,
        [
            ev("trigger", "VILLAIN.START", card=AEON_MAN, detail="start of turn"),
            ev("trigger", "VILLAIN.START", card=SCION_CARD, detail="start of turn"),
        ],
    ),
    "villain-triggers-answer-their-turn": lambda s: step(
        zone(s, 1, scions=("scion:aeon-master",)),
        [
            ev("turn", "ROUND.ORDER", zone=1, detail="Battle Zone 1: Villain turn"),
            ev("turn", "ROUND.ORDER", zone=2, detail="Battle Zone 2: Environment turn"),
        ],
    ),
    "every-play-area-has-a-hero": lambda s: seat(s, 2, hero=None, characters=()),
    "targets-at-zero-hp-leave-play": lambda s: replace(s, hp={**s.hp, s.zones[0].scions[0]: 0}),
    "oblivaeon-plays-a-card": lambda s: step(
        s, [ev("turn", "ROUND.ORDER", detail="OblivAeon's turn"), ev("turn", "ROUND.ORDER", amount=1, detail="Hero 1's turn")]
    ),
    "environment-turn-plays-a-card": lambda s: step(
        s,
        [
            ev("turn", "ROUND.ORDER", zone=1, detail="Battle Zone 1: Environment turn"),
            ev("turn", "ROUND.ORDER", zone=1, detail="Battle Zone 1: Villain turn"),
        ],
    ),
    "shield-strikes-heroes-in-his-zone": lambda s: step(
        s, [ev("turn", "ROUND.ORDER", detail="OblivAeon's turn"), ev("turn", "ROUND.ORDER", amount=1, detail="Hero 1's turn")]
    ),
    "devastation-spent-at-the-booklet-threshold": lambda s: step(
        replace(s, devastation=9),
        [ev("turn", "ROUND.ORDER", detail="OblivAeon's turn"), ev("turn", "ROUND.ORDER", amount=1, detail="Hero 1's turn")],
        replace(s, devastation=9),
    ),
    "rites-of-revival-revives": lambda s: rites_fired(seat(s, 0, characters=(), incapacitated=(char(s),))),
    "unforgiving-wasteland-removes-the-weakest": lambda s: wasteland_fired(weak_scion(s)),
    "a-deck-in-reach-loses-its-top-card": lambda s: sabotage_played(s),
    "reveals-weigh-each-kind-by-its-copies": lambda s: revealing(s, lambda kind, first, n: (first, n + 1)),
    "timestream-offers-keep-or-bottom": lambda s: (
        lambda b: step(b, [], replace(s, options=(NOTHING, Decision("skip-play", "hero 1"))), decision=Decision("deck", "hero 1", index=0))
    )(waiting_at(s, ChooseTimestreamDeck(waiting_for(s).options, None, (("seat", 0),)))),
    "deck-choices-respect-the-villain-and-mission-decks": lambda s: replace(
        s, options=(Decision("deck", "hero 1", target="the Mission deck"), NOTHING)
    ),
    "character-cards-never-destroyed": lambda s: step(s, [ev("destroyed", card="x", target=char(s))]),
    "markers-follow-moves": lambda s: step(s, [], seat(s, 0, zone=2)),
    "targets-counted-by-their-side": lambda s: step(
        with_target(s, 0, RIFT, 6), [ev("damage", card=THORN_SEED, target=RIFT, zone=1, source_zone=1, amount=2)]
    ),
    "rewards-serve-the-hero-who-holds-them": lambda s: replace(
        with_objective(s, 0, NEXUS, reward=True), options=(Decision("use-power", "hero 2", card=NEXUS), NOTHING)
    ),
    "rewards-heal-their-own-hero": lambda s: step(
        with_objective(s, 0, NEXUS, reward=True), [ev("heal", card=NEXUS, target=char(s, 1), zone=1, source_zone=1, amount=1)]
    ),
    "indestructible-cards-still-move": lambda s: step(
        zone(s, 1, env_play=(ANOMALY,)),
        [ev("trigger", "ENV.TURN", card=ANOMALY, zone=1, detail="end of turn")],
        zone(s, 1, env_play=(ANOMALY,)),
    ),
    "no-other-captain-cosmic-while-constructs-remain": lambda s: requital_fallen(s),
    "scions-enter-at-their-chart-hp": lambda s: step(
        s, [ev("scion-enters", "SETUP.SECOND-SCION", zone=1, card=PROGENY)], replace(s, hp={**s.hp, PROGENY: 99})
    ),
    "luminary-devices-and-plots": lambda s: step(
        replace(zone(s, 1, villain_play=(AEON_MAN,)), hp={**s.hp, AEON_MAN: 4}), [ev("destroyed", card=USE_IT_UP, target=AEON_MAN, zone=1)]
    ),
    "lifeline-pays-in-blood": lambda s: step(
        s, [ev("play", card=BLOOD_PRICE, zone=1), ev("damage", card=BLOOD_PRICE, target=s.zones[0].scions[0], zone=1, amount=5)]
    ),
    # a Scion carried to the other battle zone, recorded as leaving play and entering it again
    "moves-are-the-moments-they-are": lambda s: step(
        s,
        [ev("leaves-play", zone=1, card=s.zones[0].scions[0]), ev("enters-play", zone=2, card=s.zones[0].scions[0])],
        zone(zone(s, 1, scions=s.zones[0].scions[1:]), 2, scions=s.zones[1].scions + s.zones[0].scions[:1]),
    ),
    # a card put into play that never enters it
    "entering-play-is-played-or-put-into-play": lambda s: step(s, [ev("put-into-play", zone=1, card=AEON_MAN)]),
    "temporary-effects-end-on-time": lambda s: replace(
        s, temps=(Temp(1, "hero", 1, 0, "legacy:cover#1", "zone", None, "end-of-turn", (0, 0)),)
    ),
    # in hero 1's turn, hero 2's effect lasting to his next turn ends, though no turn of his began
    "temporary-effects-end-only-at-their-expiry": lambda s: step(replace(s, temps=(Temp(1, "hero", 1, 1, "tachyon:cover#1"),)), [], s),
    "temporary-effects-reach-their-scope": lambda s: (lambda t: step(t, [ev("damage", target=char(t), zone=1, amount=2, detail="melee")]))(
        replace(s, temps=(Temp(1, "hero", 1, 0, "legacy:cover#1"),))
    ),
    "reactions-answer-their-moments": lambda s: step(
        s, [ev("reaction", card=AEON_MAN, target=AEON_MAN, zone=1, detail="destroyed")], zone(s, 1, villain_play=(AEON_MAN,))
    ),
    # a card enters play, but the record of the order of entering play forgets it
    "entry-order-follows-the-moments": lambda s: step(
        s, [ev("enters-play", zone=1, card=AEON_MAN)], zone(s, 1, villain_play=s.zones[0].villain_play + (AEON_MAN,))
    ),
    # two cards standing in the First Battle Zone answer the end of a villain turn: the Aeon Man before the Scion card
    "simultaneous-effects-in-declared-order": lambda s: (
        lambda t: step(
            t, [ev("trigger", zone=1, card=AEON_MAN, detail="end of turn"), ev("trigger", zone=1, card=SCION_CARD, detail="end of turn")]
        )
    )(replace(zone(s, 1, villain_play=(SCION_CARD, AEON_MAN)), entered=s.entered + (SCION_CARD, AEON_MAN))),
    # the players choose the Scion as the damage's target, and the step deals it nothing
    "players-choices-take-effect": lambda s: (
        lambda d: step(
            waiting_at(s, ChooseDamageTarget((d,), 3, "melee", False, "zone", Ctx("legacy:strike#1", "hero", 0, 1))),
            [],
            decision=d,
        )
    )(Decision("target", "hero 1", card="legacy:strike#1", target=s.zones[0].scions[0])),
    # a card goes from the first hero's hand to its trash and nothing records the move
    "moves-out-of-play-are-recorded": lambda s: step(
        s, [], seat(s, 0, hand=s.seats[0].hand[1:], trash=s.seats[0].trash + s.seats[0].hand[:1])
    ),
    # a Scion beaten (taken out by the rule, not by a card's text) whose removal's record names nothing as its remover
    "removals-name-their-remover": lambda s: step(
        s,
        [
            ev("leaves-play", "BZ.DEV.SCION-REMOVED", zone=1, card=s.zones[0].scions[0]),
            ev("removed-from-game", "BZ.DEV.SCION-REMOVED", zone=1, card="", target=s.zones[0].scions[0]),
        ],
    ),
    # the first hero's trash shuffled into its empty deck, the reshuffle's record naming no hero
    "reshuffles-name-the-refilled-deck": lambda s: step(s, refilled(s, 0, named="")),
    # an environment card's reaction recorded under a Mission card's clause
    "reactions-are-recorded-under-their-cards-side": lambda s: step(
        s, [ev("reaction", "MISSION.OBJECTIVE-COMPLETION", zone=1, card=REACTING["environment"], target=REACTING["environment"])]
    ),
    # a Scion leaves the game and nothing records its removal
    "removals-are-recorded": lambda s: step(
        s,
        [ev("leaves-play", zone=1, card=s.zones[0].scions[0])],
        replace(zone(s, 1, scions=s.zones[0].scions[1:]), scions_out=s.scions_out + s.zones[0].scions[:1]),
    ),
}


def test_there_are_at_least_25_invariants_each_citing_known_clauses():
    assert len(INVARIANTS) >= 25
    for inv in INVARIANTS:
        RULESET.catalogue.validate_citations(inv.clauses, f"invariant {inv.name}")
        assert inv.doc, f"{inv.name} says nothing about what it checks"


def test_every_invariant_has_a_breaker():
    assert set(BREAKERS) == set(INVARIANTS.names())


@pytest.mark.parametrize("name", list(BREAKERS))
def test_the_invariant_holds_on_the_unbroken_position(start, name):
    inv = INVARIANTS[name]
    after, events = RULESET.step(start, start.options[0])
    subject = start if inv.over != "step" else Step(start, start.options[0], events, after)
    assert inv.violations(subject) == []


@pytest.mark.parametrize("name", list(BREAKERS))
def test_the_invariant_fails_when_its_rule_is_broken(start, name):
    broken = BREAKERS[name](start)
    inv = INVARIANTS[name]
    assert isinstance(broken, Step) == (inv.over == "step"), f"breaker of {name} built the wrong kind of subject"
    assert inv.violations(broken), f"{name} did not notice its rule broken"


def test_every_invariant_holds_over_whole_random_games():
    tally = CheckTally()
    for players in (3, 4, 5):
        g = play_checked(RULESET, DEFAULT, 7, players, 0, tally=tally)
        assert not g.failed, [str(v) for v in g.violations] or g.error
    assert tally.steps > 1000
    assert all(tally.checked[n] > 1000 for n in INVARIANTS.names())


def test_a_violation_names_its_invariant_and_clauses(start):
    v = INVARIANTS.check_state(replace(start, devastation=-1))
    assert [x.invariant for x in v] == ["devastation-never-negative"]
    assert "ID.DEVASTATION" in str(v[0]) and "-1" in str(v[0])


def test_guarding_lists_the_invariants_that_cite_a_clause():
    assert "devastation-ledger" in INVARIANTS.guarding("ID.DEVASTATION")
    assert INVARIANTS.guarding("MISSION.PURPOSE") == ()


def test_unknown_invariant_names_are_refused_with_the_known_ones():
    with pytest.raises(KeyError, match="known"):
        INVARIANTS["no-such-invariant"]


def test_the_harpy_and_objective_fixtures_exist():
    assert HARPY in CHARACTERS and character_cards(HARPY) == (HARPY,)
    assert PHYSICAL[OBJECTIVE].tokens_needed == 2 and PHYSICAL[HP_REWARD].reward.hp


def test_the_sentinels_falling_without_their_devastation_is_caught(start):
    """The team adds one token as a team (CLAR.SENTINELS); a fall with no token breaks BZ.DEV.HERO-INCAP."""
    s = start
    fall = ev("hero-incapacitated", "INCAP.CHARACTER-SPENT", card=char(s), zone=1, detail=SENTINELS)
    assert INVARIANTS.check_step(step(s, [fall]), only=("incapacitation-adds-devastation",))
    token = ev("devastation", "CLAR.SENTINELS", zone=1, amount=1)
    assert not INVARIANTS.check_step(step(s, [fall, token]), only=("incapacitation-adds-devastation",))


def test_damage_reduced_by_more_than_its_amount_deals_none_and_never_heals(start):
    """Cover reduces the damage to Legacy by 1: 1 damage to him deals 0; a step that deals -1 (and so heals him)
    breaks the rule that a reduction stops at nothing (BZ.ISOLATION's temporary-effects-reach-their-scope)."""
    s = replace(start, temps=(Temp(1, "hero", 1, 0, "legacy:cover#1"),))
    legacy = char(s)

    def dealt(amount):
        e = ev("damage", target=legacy, zone=1, amount=amount, detail="melee, reduced by 1")
        return step(s, [e], replace(s, hp={**s.hp, legacy: s.hp[legacy] - amount}))

    only = ("temporary-effects-reach-their-scope",)
    assert not INVARIANTS.check_step(dealt(0), only=only)
    broken = INVARIANTS.check_step(dealt(-1), only=only)
    assert broken and "below nothing" in str(broken[0])


# --- the Mission-card, new-hero, chart and Requital invariants, both ways ----------------------


def test_objectives_count_as_the_targets_their_keyword_names(start):
    """CLAR.MISSION-TARGET-KIND: 'each villain target' may hit a villain objective, never an environment one."""
    only = ("targets-counted-by-their-side",)
    hit = ev("damage", card=THORN_SEED, target=OUTPOST, zone=1, source_zone=1, amount=2)
    assert not INVARIANTS.check_step(step(with_target(start, 0, OUTPOST, 8), [hit]), only=only)
    hit = ev("damage", card=THORN_SEED, target=RIFT, zone=1, source_zone=1, amount=2)
    assert INVARIANTS.check_step(step(with_target(start, 0, RIFT, 6), [hit]), only=only)


def test_a_reward_is_a_hero_target_from_the_moment_it_flips(start):
    """CLAR.MISSION-TYPES: 'each hero target' hits a reward, even one flipped earlier in the same step, not an objective."""
    only = ("targets-counted-by-their-side",)
    hit = ev("damage", card=OVERWHELM, target=OUTPOST, zone=1, source_zone=1, amount=1)
    flip = ev("objective-completed", "MISSION.OBJECTIVE-COMPLETION", card=OUTPOST)
    before = with_target(start, 0, OUTPOST, 8)
    assert INVARIANTS.check_step(step(before, [hit]), only=only)
    assert not INVARIANTS.check_step(step(before, [flip, hit]), only=only)
    assert not INVARIANTS.check_step(step(with_target(start, 0, OUTPOST, 6, reward=True), [hit]), only=only)


def test_a_reward_serves_the_hero_holding_it(start):
    """CLAR.REWARDS-BELONG: its power goes to its holder, its 'your hero' healing to its holder's hero."""
    held = with_objective(start, 0, NEXUS, reward=True)
    assert not INVARIANTS.check_state(replace(held, options=(Decision("use-power", "hero 1", card=NEXUS), NOTHING)))
    heal = ev("heal", card=NEXUS, target=char(start, 0), zone=1, source_zone=1, amount=1)
    assert not INVARIANTS.check_step(step(held, [heal]), only=("rewards-heal-their-own-hero",))


def test_an_indestructible_card_that_moves_is_checked_where_it_lands(start):
    """CLAR.INDESTRUCTIBLE-MOVES: moved and found in the other zone passes; a move that leaves it behind fails."""
    only = ("indestructible-cards-still-move",)
    trig = ev("trigger", "ENV.TURN", card=ANOMALY, zone=1, detail="end of turn")
    moved = ev("card-moved", "CLAR.INDESTRUCTIBLE-MOVES", card=ANOMALY, zone=2, source_zone=1, reach="other-zone")
    there = zone(start, 2, env_play=(ANOMALY,))
    assert not INVARIANTS.check_step(step(zone(start, 1, env_play=(ANOMALY,)), [trig, moved], there), only=only)
    left_behind = zone(start, 1, env_play=(ANOMALY,))
    assert INVARIANTS.check_step(step(left_behind, [trig, moved], left_behind), only=only)


def test_captain_cosmic_returns_once_the_constructs_are_gone(start):
    """CLAR.REQUITAL-CONSTRUCTS: Constructs in play bar him too; with none left he may be set up again."""
    only = ("no-other-captain-cosmic-while-constructs-remain",)
    assert not INVARIANTS.check_state(requital_fallen(start, under=()), only=only)
    in_play = seat(requital_fallen(start, under=()), 1, play=start.seats[1].play + (CONSTRUCT,))
    assert INVARIANTS.check_state(in_play, only=only)
    assert not INVARIANTS.check_state(requital_fallen(start, offer="char:ra:ra"), only=only)


def test_a_scion_enters_at_the_hp_of_its_chart_difficulty(start):
    """CHART.SCION-DIFFICULTY: Progeny (3) enters at base 8 + 3 x 3 = 17 by the default parameters; Empyreon (1) at 11."""
    only = ("scions-enter-at-their-chart-hp",)
    enter = ev("scion-enters", "SETUP.SECOND-SCION", zone=1, card=PROGENY)
    assert not INVARIANTS.check_step(step(start, [enter], replace(start, hp={**start.hp, PROGENY: 17})), only=only)
    assert INVARIANTS.check_step(step(start, [enter], replace(start, hp={**start.hp, PROGENY: 11})), only=only)
    over = replace(start, hp={**start.hp, start.zones[0].scions[0]: 40})
    assert INVARIANTS.check_step(step(start, [], over), only=only)


def test_doomsday_devices_go_off_only_on_luminary_s_turn():
    """HEROES.LUMINARY: a device in Luminary's play area may strike at the end of his turn, not another hero's."""
    s = luminary_lifeline_game()
    s = seat(s, 0, play=s.seats[0].play + (DEVICE,))
    only = ("luminary-devices-and-plots",)
    trig = ev("trigger", "HERO.CONTINUE", card=DEVICE, zone=1, detail="end of turn")
    assert not INVARIANTS.check_step(step(s, [ev("turn", "ROUND.ORDER", amount=1, detail="Hero 1's turn"), trig]), only=only)
    assert INVARIANTS.check_step(step(s, [ev("turn", "ROUND.ORDER", amount=2, detail="Hero 2's turn"), trig]), only=only)


def test_use_it_up_spends_a_small_hero_target_and_may_finish_off_what_it_strikes(start):
    """HEROES.LUMINARY: a hero's 5-HP target may be spent; a villain it struck to 0 HP is destroyed by the damage."""
    only = ("luminary-devices-and-plots",)
    ally = with_target(start, 0, NEXUS, 5, reward=True)
    assert not INVARIANTS.check_step(step(ally, [ev("destroyed", card=USE_IT_UP, target=NEXUS, zone=1)]), only=only)
    foe = replace(zone(start, 1, villain_play=(AEON_MAN,)), hp={**start.hp, AEON_MAN: 4})
    strike = ev("damage", card=USE_IT_UP, target=AEON_MAN, zone=1, amount=4)
    assert not INVARIANTS.check_step(step(foe, [strike, ev("destroyed", card=USE_IT_UP, target=AEON_MAN, zone=1)]), only=only)


def test_lifeline_pays_first_and_siphons_for_himself():
    """HEROES.LIFELINE: Blood Price wounds Lifeline, then the foe; Vitae Siphon heals Lifeline and nobody else."""
    s = luminary_lifeline_game()
    only = ("lifeline-pays-in-blood",)
    lifeline, foe = char(s, 1), s.zones[0].scions[0]
    play = ev("play", card=BLOOD_PRICE, zone=1)
    pay = ev("damage", card=BLOOD_PRICE, target=lifeline, zone=1, amount=2)
    strike = ev("damage", card=BLOOD_PRICE, target=foe, zone=1, amount=5)
    assert not INVARIANTS.check_step(step(s, [play, pay, strike]), only=only)
    assert INVARIANTS.check_step(step(s, [play, strike, pay]), only=only)
    assert not INVARIANTS.check_step(step(s, [ev("heal", card=VITAE_SIPHON, target=lifeline, zone=1, amount=2)]), only=only)
    assert INVARIANTS.check_step(step(s, [ev("heal", card=VITAE_SIPHON, target=char(s, 2), zone=1, amount=2)]), only=only)


def test_a_hero_who_left_oblivaeon_s_zone_before_his_turn_is_not_owed_an_erasure(start):
    """CLAR.ERASED: the markers are read when his turn begins, after any move earlier in the same step."""
    s = replace(start, form=3, oblivaeon_zone=2)
    s = seat(s, 3, zone=2)
    away = ev("hero-moved", "INCAP.REPLACEMENT-MOVE", target=char(s, 3), zone=1, source_zone=2, reach="move")
    turns = [ev("turn", "ROUND.ORDER", detail="OblivAeon's turn"), ev("turn", "ROUND.ORDER", amount=1, detail="Hero 1's turn")]
    only = ("erase-strikes-in-third-form",)
    assert INVARIANTS.check_step(step(s, turns), only=only)
    assert not INVARIANTS.check_step(step(s, [away, *turns], seat(s, 3, zone=1)), only=only)


def test_a_usurped_revival_keeps_a_reward_shuffled_into_the_displaced_hero_s_deck():
    """Regression (found by card-set-fixed in random play): reviving in place over a replacement hero lost a
    reward from the replacement's deck when the revived hero's new deck replaced it; the player keeps it."""
    from tests.support import choose, place, until
    from tests.test_incapacitation import passive, revive, temple_with_fallen_legacy

    waiting, _ = until(temple_with_fallen_legacy(), lambda x: any(d.kind == "set-up-hero" for d in x.options), policy=passive)
    ready, _ = choose(waiting, "set-up-hero", card="char:bunker:bunker")
    ready, _ = choose(ready, "stay")
    ready = replace(place(ready, OBJECTIVE_2, ("seat", 0, "deck"), reward=True), usurped=True)
    after, _ = revive(ready)
    assert OBJECTIVE_2 in after.seats[0].hand
    assert not INVARIANTS.check_state(after, only=("card-set-fixed", "card-in-one-place"))


def test_no_erase_is_expected_of_a_hero_the_countdown_has_just_incapacitated_clar_erased():
    """Found by the parameter fuzz: with the Countdown running out at once for 14 damage and erasing from
    the first form, every hero in his zone falls before the erase resolves; nobody stands to be erased."""
    from oblivaeon_verify.model.oblivaeon.parameters import load

    from oblivaeon_verify.checked_play import play_checked

    params = load(None, ("countdown_expiry_damage=14", "countdown_start=1", "erase_in_form=1"))
    game = play_checked(RULESET, params, 0, 3, 0, only=("erase-strikes-in-third-form",), max_steps=400)
    assert not game.violations, game.violations


def test_devastation_destroys_the_environment_of_oblivaeon_s_zone_and_no_other_id_devastation(start):
    """ID.DEVASTATION: the spent tokens destroy the environment where he stands; one in the other zone is a violation."""
    only = ("devastation-spent-at-the-booklet-threshold",)
    here = start.oblivaeon_zone
    for zone, caught in ((here, False), (3 - here, True)):
        env = start.zones[zone - 1].environment
        destroyed = ev("environment-destroyed", "ID.DEVASTATION", zone=zone, card=env)
        assert bool(INVARIANTS.check_step(step(start, [destroyed]), only=only)) == caught


def test_a_move_out_of_play_is_read_as_the_kind_of_place_it_went_to_as_the_model_names_it():
    """Into a seat's or an environment's pile, or into a place of one word (the box, a global trash): the kind the
    reactions listen for is the destination's last part, never the source's."""
    from oblivaeon_verify.model.oblivaeon.draft import Event
    from oblivaeon_verify.properties.oblivaeon.invariants.moments import _moment

    def moved(detail):
        return _moment(Event("moved", "HERO.CONTINUE", card="x", detail=detail))

    assert moved("seat/0/hand -> env/Megalopolis/trash") == "moved into trash"
    assert moved("seat/0/hand -> box") == "moved into box"
    assert moved("seat/1/play -> oblivaeon_trash") == "moved into oblivaeon_trash"


def test_an_effect_ends_only_at_its_expiry_each_expiry_in_both_directions_hero_continue(start):
    inv = INVARIANTS["temporary-effects-end-only-at-their-expiry"]
    here = zone(start, 1, villain_play=(AEON_MAN,))
    now = (start.cursor.round, start.cursor.slot)
    while_in_play = Temp(1, "hero", 1, -1, AEON_MAN, "zone", None, "source-leaves-play")
    this_turn = Temp(1, "hero", 1, 0, "legacy:cover#1", "zone", None, "end-of-turn", now)
    earlier_turn = replace(this_turn, made=(now[0] - 1, now[1]))
    # its card still in play, or its turn still going on: it must not have ended
    assert inv.violations(step(replace(here, temps=(while_in_play,)), [], here))
    assert inv.violations(step(replace(here, temps=(this_turn,)), [], here))
    # its card gone, or its turn over: it may
    assert not inv.violations(step(replace(here, temps=(while_in_play,)), [], start))
    assert not inv.violations(step(replace(here, temps=(earlier_turn,)), [], here))
    # its owner falls: every effect of his ends with him
    fell = ev("hero-incapacitated", "INCAP.CHARACTER-SPENT", zone=1, card=char(start, 1))
    assert not inv.violations(step(replace(start, temps=(Temp(1, "hero", 1, 1, "tachyon:cover#1"),)), [fell], start))


# --- the draw phase, paying for an objective, a deck's top card discarded, a fallen hero's objective (from knock-outs) ---

DRAW_PHASE = [name for name, _ in phases(Turn("hero", seat=0))].index("draw")


def test_a_draw_owed_when_the_step_starts_in_the_draw_phase_must_be_made_and_one_made_is_not_owed_again_hero_continue(start):
    """Chance has just said which card Hero 1's deck gives: with the draw still scheduled the step must make it; with it
    made already (a later decision of the same phase), nothing more is owed; an empty deck and trash owe nothing."""
    inv = INVARIANTS["hero-draws-in-the-draw-phase"]
    c = start.cursor
    at = replace(start, cursor=type(c)(c.round, 1, DRAW_PHASE))
    past = replace(start, cursor=type(c)(c.round, 2, 0))
    owed = replace(at, agenda=(DrawOne(0), waiting_for(start)))
    held = len(start.seats[0].deck) + len(start.seats[0].trash)
    assert held > 1
    assert inv.violations(step(owed, [], past)) == [
        f"hero 1 drew no card in its draw phase of round 1, with {held} cards in its deck and trash"
    ]
    card = start.seats[0].deck.cards()[0]
    drew = [ev("draw", card=card), ev("moved", card=card, detail="seat/0/deck -> seat/0/hand")]
    assert inv.violations(step(owed, drew, past)) == []
    assert inv.violations(step(at, [], past)) == []  # drawn before this step
    assert inv.violations(step(seat(start, 0, deck=Deck.shuffled(()), trash=()), [], past)) == []
    assert inv.violations(step(start, [], replace(start, cursor=type(c)(c.round, 1, DRAW_PHASE)))) == []  # not past it yet


def test_paying_for_an_objective_is_checked_when_the_discard_is_asked_answered_or_the_token_still_owed_mission_objective_completion(start):
    inv = INVARIANTS["paying-for-an-objective-puts-a-token-on-it"]
    b = with_objective(start, 0, OBJECTIVE)
    hand = b.seats[0].hand
    pay = Decision("pay-objective", "hero 1", target=OBJECTIVE)
    paid = Decision("discard", "hero 1", card=hand[0], target=OBJECTIVE)
    asked = waiting_at(b, ChooseDiscardToPay((paid,), 0))
    assert inv.violations(step(b, [], asked, decision=pay)) == []  # the player chooses the card next
    assert inv.violations(step(asked, [ev("discard", card=hand[0])], b, decision=paid)) == [
        f"hero 1 paid for {OBJECTIVE} and it got no token"
    ]
    token = ev("objective-token", "MISSION.OBJECTIVE-COMPLETION", card=OBJECTIVE, amount=1)
    assert inv.violations(step(asked, [ev("discard", card=hand[0]), token], b, decision=paid)) == []
    owed = replace(b, agenda=(AddObjectiveToken(OBJECTIVE, 0), waiting_for(b)))
    assert inv.violations(step(asked, [ev("discard", card=hand[0])], owed, decision=paid)) == []
    assert inv.violations(step(b, [token], b, decision=pay)) == [f"hero 1 paid for {OBJECTIVE} and discarded nothing from hand"]


def test_a_deck_chosen_to_lose_its_top_card_loses_it_unless_empty_or_its_card_is_still_to_be_revealed_heroes_akash_thriya(start):
    inv = INVARIANTS["players-choices-take-effect"]
    ref = ("seat", 1)
    d = Decision("deck", "hero 1", card="akash-thriya:natural-born-vigor#1", target="Hero 2's deck", index=0)
    ask = ChooseDeckToDiscardFrom((d,), Ctx(d.card, "hero", 0, 1), (ref,))
    before = waiting_at(start, ask)
    assert inv.violations(step(before, [], start, decision=d)) == [
        "the top card of Hero 2's deck was chosen to be discarded (ChooseDeckToDiscardFrom), and nothing shows it was"
    ]
    top = start.seats[1].deck.cards()[0]
    assert inv.violations(step(before, [ev("discard", card=top, detail="from Hero 2's deck")], start, decision=d)) == []
    revealing = replace(start, agenda=(DiscardTop(ref, ask.ctx), waiting_for(start)))
    assert inv.violations(step(before, [], revealing, decision=d)) == []
    empty = waiting_at(seat(start, 1, deck=Deck.shuffled(())), ask)
    assert inv.violations(step(empty, [], start, decision=d)) == []


def test_a_choice_the_kernel_made_itself_is_held_to_its_effect_too_hero_continue(start):
    """A point with one option is decided inside the step, out of sight of the step's own decision: the step carries
    it (``Step.forced``, with the state where it was made and the events from there on), and it must take effect."""
    inv = INVARIANTS["players-choices-take-effect"]
    d = Decision("target", "hero 1", card="legacy:strike#1", target=start.zones[0].scions[0])
    there = waiting_at(start, ChooseDamageTarget((d,), 3, "melee", False, "zone", Ctx("legacy:strike#1", "hero", 0, 1)))
    missed = step(start)._replace(forced=(Forced(there, d, ()),))
    said = f"at a forced decision ({d}): {d.card} was chosen to be dealt damage (ChooseDamageTarget), and nothing shows it was"
    assert inv.violations(missed) == [said] and [v.message for v in INVARIANTS.check_step(missed, only=[inv.name])] == [said]
    assert list(inv.check(missed)) == []  # the step's own decision chose nothing: only the forced one is held to its effect
    hit = ev("damage", card="legacy:strike#1", target=d.target, amount=3)
    assert inv.violations(missed._replace(forced=(Forced(there, d, (hit,)),))) == []


def test_a_state_broken_only_where_the_kernel_decided_alone_is_caught(start):
    """A point with one option is a decision point like any other: the state invariants hold there too, in the checker
    (incremental or full) and in the full check, though the step ends in a state that holds."""
    broken = BREAKERS["devastation-never-negative"](start)
    d = start.options[0]
    quiet = step(start, decision=d)
    through = quiet._replace(forced=(Forced(broken, d, ()),))
    said = f"at a forced decision ({d}): Devastation is -1"
    only = ["devastation-never-negative"]
    assert INVARIANTS.check_step(quiet, only) == [] and INVARIANTS.checker(only).step(quiet) == []
    for found in (
        INVARIANTS.check_step(through, only),
        INVARIANTS.checker(only).step(through),
        INVARIANTS.checker(only, incremental=False).step(through),
    ):
        assert [(v.invariant, v.message) for v in found] == [(only[0], said)], found


def test_a_card_kept_on_top_does_not_go_to_the_bottom_heroes_la_comodora(start):
    """La Comodora looks at a deck's top card and keeps it there: nothing of the step may send that card to the bottom
    (sample 12 of OblivAeon: a keep read as a bottom changed play with no invariant failing)."""
    inv = INVARIANTS["players-choices-take-effect"]
    top = start.seats[1].deck.cards()[0]
    keep, bottom = (Decision(kind, "hero 1", card=top) for kind in ("keep-top", "bottom"))
    before = waiting_at(start, ChooseKeepOrBottom((keep, bottom), ("seat", 1)))
    sent = ev("to-bottom", "HEROES.LA-COMODORA", card=top, detail="Hero 2's deck")
    assert inv.violations(step(before, [sent], decision=keep)) == [
        f"{top} was kept on top of its deck (ChooseKeepOrBottom), and went to the bottom"
    ]
    assert inv.violations(step(before, [], decision=keep)) == [] and inv.violations(step(before, [sent], decision=bottom)) == []


def _bottoms_whatever_is_chosen(d, ask, decision):
    """La Comodora's look with its keep read as a bottom (its code replaces the real handler's: the model's names)."""
    ref = ask.deck_ref
    card, rest = d.deck(ref).take_top()
    d.set_deck(ref, rest.put_bottom(card))
    d.emit("to-bottom", "HEROES.LA-COMODORA", card=card, detail=deck_label(d, ref))  # noqa: F821


def test_checked_play_catches_a_keep_read_as_a_bottom(monkeypatch):
    monkeypatch.setattr(effects._timestream_done, "__code__", _bottoms_whatever_is_chosen.__code__)
    _, caught = first_caught(RULESET, DEFAULT, 5, ["players-choices-take-effect"], games=4)
    assert caught and "was kept on top of its deck (ChooseKeepOrBottom), and went to the bottom" in caught[0], caught


def test_an_incapacitated_ability_destroys_an_environment_card_of_its_zone_or_asks_which_hero_opt_incap_ability(start):
    inv = INVARIANTS["an-incapacitated-ability-destroys-an-environment-card-in-its-zone"]
    c = char(start)
    use = Decision("incap-ability", "hero 1", card=c, index=_destroys_environment(c))
    b = zone(fallen(start), start.seats[0].zone, env_play=(WASTELAND,))
    destroyed = ev("destroyed", "HERO.OPT.INCAP-ABILITY", card=c, target=WASTELAND, zone=start.seats[0].zone)
    assert inv.violations(step(b, [destroyed], b, decision=use)) == []
    assert inv.violations(step(fallen(start), [], fallen(start), decision=use)) == []  # nothing there to destroy
    other = zone(fallen(start), 3 - start.seats[0].zone, env_play=(WASTELAND,))
    assert inv.violations(step(other, [], other, decision=use)) == []  # the other zone's card is out of its reach
    assert len(inv.violations(step(b, [], b, decision=use))) == 1


def test_checked_play_catches_a_search_for_an_environment_card_that_stops_at_a_hero_card(monkeypatch):
    """Sample 12 of OblivAeon (effects.py:357, continue read as break): the third incapacitated ability destroyed
    nothing whenever a hero's card came first in the zone's order, in every game, and no invariant failed."""
    real = effects.destroyable

    def stops_at_a_hero_card(d, op, ctx):
        if op.what != "environment":
            return real(d, op, ctx)
        out = []
        for card, _zone in cards_in_play(d, reach_zones(ctx, op.reach)):
            if card_side(d, card) != "environment":
                break
            out.append(card)
        return out

    monkeypatch.setattr(effects, "destroyable", stops_at_a_hero_card)
    game = play_checked(RULESET, DEFAULT, 2026, 3, 0, only=["an-incapacitated-ability-destroys-an-environment-card-in-its-zone"])
    assert game.violations and "destroyed none of" in str(game.violations[0]), game.violations


def _moves_only_when_chosen(d, ask, decision):
    """A ChooseHeroToMove handler that moves the hero when the players chose among several, and never when forced
    (its code replaces the real handler's, so ``move_hero`` is the model's)."""
    if len(ask.options) > 1:
        move_hero(d, decision.index, 3 - d.seats[decision.index].zone, "CLAR.MULTIPLE-MOVES", by=ask.ctx.source)  # noqa: F821


def test_checked_play_catches_a_rule_broken_only_where_the_choice_is_forced(monkeypatch):
    """Before the kernel told checked play of the decisions it made itself, a rule broken only at one-option points
    (about 1% of steps) changed play with no invariant failing."""
    monkeypatch.setattr(heroes._moved, "__code__", _moves_only_when_chosen.__code__)
    _, caught = first_caught(RULESET, DEFAULT, 4, ["players-choices-take-effect"], games=12)
    assert caught and "at a forced decision" in caught[0] and "(ChooseHeroToMove), and did not" in caught[0], caught


def test_a_fallen_hero_s_objective_swept_out_of_the_game_by_the_fall_is_caught_incap_objectives_to_mission_deck(start):
    """Only a move before the fall excuses an objective from going under the Mission deck: the fall's own sweep of
    the play area (what a knocked-out objectives rule leaves to happen) is no excuse."""
    inv = INVARIANTS["fallen-objectives-to-mission-deck"]
    b = with_objective(start, 0, OBJECTIVE)
    fell = ev("hero-incapacitated", "INCAP.CHARACTER-SPENT", card=char(start), zone=1)
    swept = ev("removed-from-game", "INCAP.FOREIGN-CARDS-TO-TRASH", card=OBJECTIVE, target=OBJECTIVE, zone=1)
    assert inv.violations(step(b, [fell, swept], fallen(b))) == [
        f"objective {OBJECTIVE} of the fallen hero did not go under the Mission deck"
    ]
    assert inv.violations(step(b, [swept, fell], fallen(b))) == []  # it left play before the fall


def test_a_card_that_came_into_play_during_the_step_answers_no_moment_from_before_its_entry_bz_isolation(start):
    """Insula Primalis's Brute, played in the First Battle Zone just after the other Brute moved into the deck, does not
    answer that move; a move after its entry it may answer (the old model let a card played from a refilled deck answer
    the refill's moves, found reading mutation sample 8)."""
    inv = INVARIANTS["reactions-answer-their-moments"]
    brute, other = "insula-primalis:insula-primalis-brute#1", "insula-primalis:insula-primalis-brute#2"
    moved = ev("moved", "ENV.TURN", zone=1, card=other, detail="env/Insula Primalis/trash -> env/Insula Primalis/deck")
    entry = [ev("play", "ENV.TURN", zone=1, card=brute), ev("enters-play", "ENV.TURN", zone=1, card=brute)]
    answer = ev("reaction", "ENV.TURN", zone=1, card=brute, target=other, detail="moved into deck")
    after = replace(zone(start, 1, env_play=(brute,)), entered=start.entered + (brute,))
    late = f"{brute} answered {other} moved into deck in zone 1, a moment that happened before it came into play"
    assert late in inv.violations(step(start, [moved, *entry, answer], after))
    assert late not in inv.violations(step(start, [*entry, moved, answer], after))


def test_a_bring_forth_owed_when_a_step_begins_brings_a_scion_forth_or_finds_the_reserve_empty_clar_scions_from_bottom(start):
    """The setup's second Scion, or OblivAeon's turn's, waits on the agenda across a chance step: a step that ends with it
    gone must show a Scion brought forth (the knock-out of BringForth was caught only by a scenario once play changed)."""
    inv = INVARIANTS["bring-forth-fills-an-empty-field"]
    owed = replace(start, agenda=(BringForth(2, "OA-TURN.START"), waiting_for(start)))
    dropped = "a Bring Forth owed when the step began was dropped without a Scion brought forth"
    assert dropped in inv.violations(step(owed, [], start))
    came = ev("scion-enters", "OA-TURN.START", zone=2, card=start.reserve.cards()[0])
    assert dropped not in inv.violations(step(owed, [came], start))
    assert dropped not in inv.violations(step(owed, [], owed))  # still owed


def _timestream_step(start, reveal_of: str):
    """Hero 1 chose its own deck for the timestream, and the next decision point is chance turning up the top card
    of the deck labelled ``reveal_of``."""
    before = waiting_at(start, ChooseTimestreamDeck(waiting_for(start).options, None, (("seat", 0),)))
    reveal = Decision("reveal", "chance", card=start.seats[0].hand[0], target=reveal_of, weight=1)
    return step(before, [], replace(start, options=(reveal, reveal)), decision=Decision("deck", "hero 1", index=0))


def test_the_timestream_look_waits_for_the_chosen_decks_top_card_and_no_other(start):
    """HEROES.LA-COMODORA: after the deck is chosen, the next decision is keep-or-bottom, or chance turning up that
    deck's top card.  A reveal of another deck is the look skipped (the knock-outs of ChooseTimestreamDeck and
    TimestreamLook showed it passing before: any chance outcome was taken for the look's)."""
    inv = INVARIANTS["timestream-offers-keep-or-bottom"]
    own = deck_label(start, ("seat", 0))
    other = deck_label(start, ("seat", 1))
    assert len(start.seats[0].deck) >= 2 and own != other
    assert inv.violations(_timestream_step(start, own)) == []
    assert inv.violations(_timestream_step(start, other))


def test_sabotage_owes_a_discard_only_while_a_deck_in_reach_stood_unchanged(start):
    """CLAR.VILLAIN-DECKS, the converse: Sabotage resolving beside a hero's deck or the environment deck of its zone
    must take a deck's top card.  Nothing is owed once a card was discarded, while its deck choice or its reveal waits,
    or when every deck in reach was empty or changed in the step (then it may have been empty when Sabotage resolved)."""
    inv = INVARIANTS["a-deck-in-reach-loses-its-top-card"]
    assert inv.violations(sabotage_played(start))
    top = "luminary:sabotage#1"
    assert inv.violations(sabotage_played(start, ev("discard", card=top, zone=1, detail="from Hero 1's deck"))) == []
    ctx = Ctx(SABOTAGE, "hero", 0, 1)
    asking = waiting_at(start, ChooseDeckToDiscardFrom(waiting_for(start).options, ctx, (("seat", 0),)))
    assert inv.violations(sabotage_played(start, later=asking)) == []
    revealing = replace(start, agenda=(DiscardTop(("seat", 0), ctx), *reversed(pending(start))))
    assert inv.violations(sabotage_played(start, later=revealing)) == []
    zone_1 = [i for i, st in enumerate(start.seats) if st.zone == 1]
    env = start.zones[0].environment
    bare = start
    for i in zone_1:
        bare = seat(bare, i, deck=Deck())
    bare = replace(bare, envs={**start.envs, env: replace(start.envs[env], deck=Deck())})
    assert inv.violations(sabotage_played(bare)) == []
    drawn = replace(start, seats=tuple(replace(st, deck=st.deck.remove(st.deck.cards()[0])) if st.deck else st for st in start.seats))
    drawn = replace(drawn, envs={**start.envs, env: replace(start.envs[env], deck=start.envs[env].deck.shuffle_in(SABOTAGE))})
    assert inv.violations(sabotage_played(start, later=drawn)) == []  # every deck in reach changed: its size then unknown


def test_a_reveal_offers_each_unknown_kind_once_weighted_by_its_copies(start):
    """SETUP.DECKS: a shuffled deck's top card is any of its unknown cards alike, so each kind weighs its copies; the
    breaker weighs one more, and a kind offered twice, or a card the unknown part does not hold, fails too."""
    inv = INVARIANTS["reveals-weigh-each-kind-by-its-copies"]
    assert len(start.oblivaeon_deck.middle) > len({c.rsplit("#", 1)[0] for c in start.oblivaeon_deck.middle}) > 1
    assert inv.violations(revealing(start)) == []
    assert inv.violations(revealing(start, lambda kind, first, n: (first, 2 * n - 1)))  # sample 11's chance.py:39
    assert inv.violations(revealing(start, lambda kind, first, n: (first, 1)))
    twice = revealing(start)
    assert inv.violations(replace(twice, options=twice.options + twice.options[:1]))
    outside = revealing(start, lambda kind, first, n: (first.replace("#", "#9"), n))
    assert inv.violations(outside)


def test_weights_off_by_copies_are_caught_in_random_play(monkeypatch):
    """The mutant of sample 11 (a kind of ``n`` copies weighed ``2n - 1``), once a scenario's catch, is caught in checked play."""
    from oblivaeon_verify.model.oblivaeon import chance

    real = chance._outcome
    monkeypatch.setattr(chance, "_outcome", lambda card, label, copies: real(card, label, 2 * copies - 1))
    game = play_checked(RULESET, DEFAULT, 2026, 3, 0)
    assert "reveals-weigh-each-kind-by-its-copies" in {v.invariant for v in game.violations}


def test_knocking_out_the_decks_in_reach_is_caught_in_random_play():
    """The knock-out of ``reachable_decks`` (no deck offered to any effect) is caught in the knock-out budget's third game."""
    with knockout.target_knocked_out(RULESET, "CLAR.VILLAIN-DECKS"):
        game = play_checked(RULESET, DEFAULT, 2026, 5, 2)
    assert [v.invariant for v in game.violations] == ["a-deck-in-reach-loses-its-top-card"]


def test_knocking_out_the_timestream_look_is_caught_in_random_play():
    with knockout.target_knocked_out(RULESET, "TimestreamLook"):
        game = play_checked(RULESET, DEFAULT, 2026, 4, 4)  # the fifth game of the knock-out budget, where it comes up
    assert [v.invariant for v in game.violations] == ["timestream-offers-keep-or-bottom"]


def test_rites_of_revival_is_owed_only_a_hero_it_could_bring_back(start):
    """CLAR.RITES-OF-REVIVAL: no revival is owed for a hero in the other zone, an erased hero, or the Sentinels while
    any of the four still stands; one is owed for a hero down in its zone (the breaker) and for all four Sentinels."""
    inv = INVARIANTS["rites-of-revival-revives"]
    down = seat(start, 0, characters=(), incapacitated=(char(start),))
    assert inv.violations(rites_fired(down, zone=2)) == []  # Hero 1 stands in zone 1
    assert inv.violations(rites_fired(replace(down, erased=(down.seats[0].hero,)))) == []
    team = character_cards("char:the-sentinels:the-sentinels")
    some = seat(start, 0, hero=SENTINELS, characters=team[1:], incapacitated=team[:1])
    assert inv.violations(rites_fired(some)) == []
    every = seat(start, 0, hero=SENTINELS, characters=(), incapacitated=team)
    assert inv.violations(rites_fired(every))


def test_unforgiving_wasteland_owes_a_removal_only_of_a_target_weak_when_it_resolved(start):
    """CLAR.OA-NOT-REMOVABLE (Unforgiving Wasteland's text): a removal after the trigger, a target hurt or healed in
    the step (its HP then unknown), one above the limit, or OblivAeon himself owes nothing."""
    inv = INVARIANTS["unforgiving-wasteland-removes-the-weakest"]
    weak = weak_scion(start)
    scion = start.zones[0].scions[0]
    assert inv.violations(wasteland_fired(weak))
    assert inv.violations(wasteland_fired(weak, ev("removed-from-game", "ENV.TURN", card=scion, target=scion))) == []
    assert inv.violations(wasteland_fired(weak, ev("damage", card=WASTELAND, target=scion, zone=1, amount=1))) == []
    assert inv.violations(wasteland_fired(replace(start, hp={**start.hp, scion: 9}))) == []


def _erasing(s, hp, decision=NOTHING, before=()):
    """A step of ``s`` (every hero in the First Battle Zone, with OblivAeon) in which hero 1 is erased, the heroes' HP
    set to ``hp`` (by seat) first and the events ``before`` coming ahead of the erasure."""
    s = replace(s, hp={**s.hp, **{char(s, i): v for i, v in enumerate(hp)}})
    erased = [
        ev("hero-incapacitated", "INCAP.CHARACTER-SPENT", card=char(s), zone=1),
        ev("hero-erased", "CLAR.ERASED", card=char(s), zone=1, detail=s.seats[0].hero),
    ]
    return step(s, [*before, *erased], decision=decision)


@pytest.mark.parametrize(
    "case",
    [
        "alone-at-the-lowest",
        "the-players-chose",
        "a-tie-broken-by-damage-earlier-in-the-step",
        "the-other-hero-in-the-other-zone",
        "a-hero-set-up-earlier-in-the-step",
    ],
)
def test_an_erasure_with_no_tie_or_chosen_by_the_players_does_not_fire_erasure_ties_go_to_the_players(case):
    """CLAR.ERASED: the invariant speaks only of an erasure the players did not choose that found a tie in his zone."""
    s = game()
    inv = INVARIANTS["erasure-ties-go-to-the-players"]
    if case == "alone-at-the-lowest":
        st = _erasing(s, (4, 5, 9))
    elif case == "the-players-chose":
        st = _erasing(s, (5, 5, 9), decision=Decision("target", "players", card="oblivaeon", target=char(s)))
    elif case == "a-tie-broken-by-damage-earlier-in-the-step":
        st = _erasing(s, (5, 5, 9), before=[ev("damage", "ID.COUNTDOWN", card="oblivaeon", target=char(s), zone=1, amount=1)])
    elif case == "the-other-hero-in-the-other-zone":
        st = _erasing(seat(s, 1, zone=2), (5, 5, 9))
    else:
        st = _erasing(s, (5, 5, 9), before=[ev("hero-set-up", "INCAP.REPLACEMENT", card=char(s, 1), zone=1)])
    assert inv.violations(st) == []
    assert inv.violations(_erasing(s, (5, 5, 9)))  # the same position with the tie and no choice does fire


def test_an_incapacitated_ability_reported_as_another_is_caught():
    """HERO.OPT.INCAP-ABILITY: the step's event names the ability chosen, numbered from 1 (sample 13 of OblivAeon:
    ``hero_turn.py``'s event recorded the second ability as the first, and no check read it)."""
    s = game()
    inv = INVARIANTS["incapacitated-ability-used"]
    chose = Decision("incap-ability", "hero 1", card=char(s), index=1)

    def said(n):
        return step(s, [ev("incap-ability", "HERO.OPT.INCAP-ABILITY", card=char(s), zone=1, amount=n)], decision=chose)

    assert inv.violations(said(2)) == []
    assert any("its event says ability 1" in str(v) for v in inv.violations(said(1)))
    assert any("did nothing" in str(v) for v in inv.violations(step(s, [], decision=chose)))


def test_a_reshuffle_names_whose_deck_it_refilled(start):
    """A deck that runs out is made again from its own trash (HERO.CONTINUE's draw, and the plays of OA-TURN.PLAY,
    VILLAIN.PLAY-SCION-CARD, ENV.TURN, AEON-MEN.ON-INSTRUCTION), and the reshuffle's record names whose deck it was:
    read from the moves that follow it and from who plays the seat (sample 13 of OblivAeon: ``effects.py``'s record of
    a hero's refill named no hero, and no check read it)."""
    s = start
    inv = INVARIANTS["reshuffles-name-the-refilled-deck"]
    assert inv.violations(step(s, refilled(s, 1, cards=3))) == []
    assert inv.violations(step(s, refilled(s, 1, named=""))) == [
        f"the reshuffle of seat/1/trash into seat/1/deck names no card, not {s.seats[1].hero}"
    ]
    assert inv.violations(step(s, refilled(s, 1, named=s.seats[0].hero))) == [
        f"the reshuffle of seat/1/trash into seat/1/deck names {s.seats[0].hero}, not {s.seats[1].hero}"
    ]
    # recorded where the hero stands, as its draws are, not out of play
    assert inv.violations(step(s, refilled(s, 1, zone=0))) == [
        f"the reshuffle of seat/1/trash into seat/1/deck is recorded in zone 0, not in [{s.seats[1].zone}]"
    ]
    # a reshuffle that moves nothing, and a refill with no reshuffle recorded
    assert inv.violations(step(s, refilled(s, 1)[:1]))
    assert inv.violations(step(s, refilled(s, 1)[1:])) == [
        f"{s.seats[1].deck.cards()[0]} was shuffled from seat/1/trash into seat/1/deck with no reshuffle recorded"
    ]
    # an environment's deck, refilled in the battle zone where it stands, and named in the other
    env = s.zones[0].environment
    card = s.envs[env].deck.cards()[0]
    moved = ev("moved", card=card, detail=f"env/{env}/trash -> env/{env}/deck")
    assert inv.violations(step(s, [ev("reshuffle", "ENV.TURN", zone=1, detail="shuffled"), moved])) == []
    assert inv.violations(step(s, [ev("reshuffle", "ENV.TURN", zone=2, detail="shuffled"), moved])) == [
        f"the reshuffle of env/{env}/trash into env/{env}/deck is recorded in zone 2, not in [1]"
    ]
    # a villain deck names no card
    scion = ev("moved", card=SCION_CARD, detail="scion_trash -> scion_deck")
    assert inv.violations(step(s, [ev("reshuffle", "VILLAIN.PLAY-SCION-CARD", detail="shuffled"), scion])) == []
    assert inv.violations(step(s, [ev("reshuffle", "VILLAIN.PLAY-SCION-CARD", card=s.seats[0].hero), scion]))


def test_a_removal_names_its_remover(start):
    """A card taken out of the game by a card's text (Unforgiving Wasteland: CLAR.OA-NOT-REMOVABLE) is recorded as removed
    by that card, a Scion too; one taken out by a rule (a beaten Scion, BZ.DEV.SCION-REMOVED) or by its own text (a
    Shield, CLAR.SHIELD-INDESTRUCTIBLE) by itself (sample 13 of OblivAeon: ``places.py``'s record named nothing, and no
    check read it)."""
    s = weak_scion(start)
    scion = s.zones[0].scions[0]
    inv = INVARIANTS["removals-name-their-remover"]

    def removed(by):
        return [ev("leaves-play", zone=1, card=scion), ev("removed-from-game", "ENV.TURN", zone=1, card=by, target=scion)]

    assert inv.violations(wasteland_fired(s, *removed(WASTELAND))) == []
    assert inv.violations(wasteland_fired(s, *removed(scion))) == [
        f"{scion} was removed from the game by {WASTELAND}'s text, but its record names {scion} as its remover"
    ]
    assert inv.violations(step(s, removed(scion))) == []
    assert inv.violations(step(s, removed(""))) == [
        f"{scion} was removed from the game by a rule (or its own text), but its record names nothing as its remover"
    ]
    assert inv.violations(step(s, removed(WASTELAND)))  # no Wasteland text resolved in the step
    # the players choose which of two tied villain targets the Wasteland removes: the card that asked removed it
    chosen = Decision("target", "players", card=WASTELAND, target=scion)
    tie = waiting_at(s, ChooseRemovedVillain((chosen,), Ctx(WASTELAND, "environment", -1, 1)))
    assert inv.violations(step(tie, removed(WASTELAND), decision=chosen)) == []
    assert inv.violations(step(tie, removed(scion), decision=chosen))


def _refill_naming_no_one(d, ref, retry, *, end="top", refill=None):
    """``take_card`` with a refill that names no card (sample 13's ``effects.py:451``, ``hero and ""``)."""
    return take_card(d, ref, retry, end=end, refill=refill._replace(card="") if refill else None)


def _removal_naming(d, card, clause, zone, holder=-1, by=""):
    """``removed_from_game`` naming ``by and card`` (sample 13's ``places.py:231``): nothing, or the card itself."""
    happened(d, "removed-from-game", clause, card, zone, holder, card=by and card, target=card)


def test_checked_play_catches_a_refill_that_names_no_hero(monkeypatch):
    monkeypatch.setattr(effects, "take_card", _refill_naming_no_one)
    index, caught = first_caught(RULESET, DEFAULT, 3, ["reshuffles-name-the-refilled-deck"], games=2)
    assert index == 0 and "names no card, not" in caught[0], caught


def test_checked_play_catches_a_removal_that_names_no_remover(monkeypatch):
    monkeypatch.setattr(places, "removed_from_game", _removal_naming)
    index, caught = first_caught(RULESET, DEFAULT, 3, ["removals-name-their-remover"], games=2)
    assert index == 0 and "names nothing as its remover" in caught[0], caught


def test_a_reaction_is_recorded_under_the_clause_of_its_cards_side(start):
    """An environment card's reaction is recorded under ENV.TURN and a villain card's under VILLAIN.PLAY-SCION-CARD,
    read from the card table (sample 14 of OblivAeon: ``triggers.py:24`` gave environment cards the Mission cards'
    context, and every trace recorded their reactions under MISSION.OBJECTIVE-COMPLETION unseen)."""
    inv = INVARIANTS["reactions-are-recorded-under-their-cards-side"]
    env, villain = REACTING["environment"], REACTING["villain"]

    def reacting(card, clause):
        return step(start, [ev("reaction", clause, zone=1, card=card, target=card, detail="enters-play")])

    assert inv.violations(reacting(env, "ENV.TURN")) == []
    assert inv.violations(reacting(villain, "VILLAIN.PLAY-SCION-CARD")) == []
    assert inv.violations(reacting(env, "MISSION.OBJECTIVE-COMPLETION")) == [
        f"{env}'s reaction to {env} enters-play is recorded under MISSION.OBJECTIVE-COMPLETION, not ENV.TURN"
    ]
    assert inv.violations(reacting(villain, "ENV.TURN")) == [
        f"{villain}'s reaction to {villain} enters-play is recorded under ENV.TURN, not VILLAIN.PLAY-SCION-CARD"
    ]


def _context_with_mission_side(d, card, zone, holder, side_default):
    """``triggers._card_ctx`` with sample 14's ``cdef.side <= "mission"``: an environment card acts as a Mission card."""
    ctx = _card_ctx(d, card, zone, holder, side_default)
    return ctx._replace(side="mission") if ctx.side == "environment" else ctx


def test_checked_play_catches_environment_reactions_recorded_as_a_mission_cards(monkeypatch):
    monkeypatch.setattr(triggers, "_card_ctx", _context_with_mission_side)
    index, caught = first_caught(RULESET, DEFAULT, 3, ["reactions-are-recorded-under-their-cards-side"], games=3)
    assert index == 0 and "recorded under MISSION.OBJECTIVE-COMPLETION, not ENV.TURN" in caught[0], caught
