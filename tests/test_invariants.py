"""Every invariant holds on real play, and every invariant fails when its rule is broken.

Each entry of BREAKERS builds a state or a step that breaks exactly the rule one invariant
guards (from a real game position, edited), and the test checks that this invariant reports it.
A new invariant without a breaker makes ``test_every_invariant_has_a_breaker`` fail.
"""

from __future__ import annotations

import dataclasses

import pytest

from model.oblivaeon.cards import CHARACTERS, PHYSICAL, SCION_PANELS, SENTINELS, character_cards
from model.oblivaeon.decisions import Decision
from model.oblivaeon.deck import Deck
from model.oblivaeon.draft import Event
from model.oblivaeon.parameters import DEFAULT
from model.oblivaeon.ruleset import RULESET
from model.oblivaeon.state import Outcome
from oblivaeon_verify.checked_play import CheckTally, play_checked
from properties.oblivaeon import INVARIANTS, Step
from tests.support import game

HARPY = "char:the-harpy:the-harpy"
OBJECTIVE = "mission:secure-the-relay#1"  # needs 2 tokens
OBJECTIVE_2 = "mission:recover-the-codex#1"
HP_REWARD = "mission:rogue-construct#1"  # its reward side has HP
AEON_MAN = "aeon-men:aeon-warrior#1"
SCION_CARD = "scion:scion-onslaught#1"
COUNTDOWN_CARD = "wagner-mars-base:launch-countdown#1"
NOTHING = Decision("no-option", "hero 1")


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


def ev(kind, clause="HERO.CONTINUE", **data):
    return Event(kind, clause, **data)


def step(before, events=(), after=None, decision=NOTHING):
    return Step(before, decision, tuple(events), before if after is None else after)


def without_card(s, card):
    """The same state with one card moved from the box into the first play area's hand (keeps the card set)."""
    return seat(replace(s, box=tuple(c for c in s.box if c != card)), 0, hand=s.seats[0].hand + (card,))


def char(s, i=0):
    return s.seats[i].characters[0]


def with_objective(s, i, card, reward=False):
    out = seat(
        replace(s, mission_deck=s.mission_deck.remove(card) if card in s.mission_deck.cards() else s.mission_deck),
        i,
        play=s.seats[i].play + (card,),
    )
    return replace(out, reward_side=out.reward_side | {card}) if reward else out


def harpy_game():
    return game(heroes=(HARPY, "char:tachyon:tachyon", "char:ra:ra"))


def fallen(s, i=0):
    """Play area ``i`` right after its hero fell (character incapacitated, waiting for a new hero)."""
    c = s.seats[i].characters
    hp = dict(s.hp)
    for x in c:
        hp.pop(x, None)
    return replace(seat(s, i, characters=(), incapacitated=c, hero=None, needs_hero=True), hp=hp)


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
    "reward-regained": lambda s: (lambda b: step(b, [], b, decision=Decision("regain-reward", "hero 1", card=char(s), target=OBJECTIVE)))(
        replace(s, under={char(s): (OBJECTIVE,)}, reward_side=frozenset({OBJECTIVE}))
    ),
    "mission-deck-objective-up": lambda s: replace(s, mission_deck=Deck.shuffled(s.mission_deck.cards()), stack=s.stack[-1:]),
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
    "timestream-offers-keep-or-bottom": lambda s: (
        lambda b: step(b, [], replace(s, options=(NOTHING, Decision("skip-play", "hero 1"))), decision=Decision("deck", "hero 1", index=0))
    )(
        replace(
            s, stack=s.stack[:-1] + (("choice", type(s.stack[-1][1])("timestream-deck", s.stack[-1][1].options, (None, (("seat", 0),)))),)
        )
    ),
    "deck-choices-respect-the-villain-and-mission-decks": lambda s: replace(
        s, options=(Decision("deck", "hero 1", target="the Mission deck"), NOTHING)
    ),
    "character-cards-never-destroyed": lambda s: step(s, [ev("destroyed", card="x", target=char(s))]),
    "markers-follow-moves": lambda s: step(s, [], seat(s, 0, zone=2)),
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
    subject = start if inv.over == "state" else Step(start, start.options[0], events, after)
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
