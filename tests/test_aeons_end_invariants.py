"""Aeon's End invariants: each one holds in play and catches a state or step that breaks its rule."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from model.aeons_end.decisions import Decision
from model.aeons_end.engine import new_game, step
from model.aeons_end.parameters import DEFAULT
from model.aeons_end.ruleset import RULESET
from model.aeons_end.setup import SetupConfig
from model.aeons_end.state import InPlay
from model.common.events import Event
from oblivaeon_verify.checked_play import CheckTally, play_checked
from properties.aeons_end import INVARIANTS, Step


def game(nemesis="Rageborne"):
    return new_game(SetupConfig(("Adelheim", "Brama"), nemesis, params=DEFAULT))


def mage(s, i, **changes):
    mages = list(s.mages)
    mages[i] = dataclasses.replace(mages[i], **changes)
    return dataclasses.replace(s, mages=tuple(mages))


def breach(s, i, b, **changes):
    br = list(s.mages[i].breaches)
    br[b] = dataclasses.replace(br[b], **changes)
    return mage(s, i, breaches=tuple(br))


def broken(name, subject):
    return (
        [v for v in INVARIANTS.check_step(subject, only=[name])]
        if isinstance(subject, Step)
        else INVARIANTS.check_state(subject, only=[name])
    )


def test_every_invariant_cites_known_clauses_and_holds_in_checked_play():
    for inv in INVARIANTS:
        for c in inv.clauses:
            assert c in RULESET.catalogue, (inv.name, c)
    tally = CheckTally()
    for players in (1, 2, 3, 4):
        for i in range(4):
            g = play_checked(RULESET, DEFAULT, 11, players, i, tally=tally)
            assert not g.error and not g.violations, (players, i, g.error, [str(v) for v in g.violations][:3])


S = game()
CARD = S.mages[0].hand[0]
SPARK = next(c for c in S.mages[0].hand if c.startswith("spark"))
NOOP = Decision("end-main", "player 1")
P1 = dataclasses.replace(S, actor="p0", phase="main")
PREPPED = breach(dataclasses.replace(P1, phase="casting"), 0, 0, spell=SPARK)
MINION = S.nemesis_deck[0].cards()[0]


def same(before, decision):
    """A step that took ``decision`` and changed nothing: every action invariant should object."""
    return Step(before, decision, (), before)


CASES = {
    "player-card-in-one-place": lambda: mage(S, 1, hand=S.mages[1].hand + (CARD,)),
    "player-cards-conserved": lambda: Step(S, NOOP, (), mage(S, 0, hand=S.mages[0].hand[1:])),
    "nemesis-card-in-one-place": lambda: dataclasses.replace(S, nemesis_discard=(S.nemesis_deck[0].cards()[0],)),
    "breach-never-turns-back": lambda: Step(breach(S, 0, 2, focus=2), NOOP, (), breach(S, 0, 2, focus=1)),
    "prepped-only-where-allowed": lambda: Step(S, NOOP, (), breach(S, 0, 2, spell=CARD)),
    "aether-never-negative": lambda: dataclasses.replace(S, aether=-1),
    "aether-spent-as-paid": lambda: Step(
        dataclasses.replace(S, aether=5, actor="p0"),
        Decision("focus", "player 1", index=1),
        (),
        dataclasses.replace(S, aether=5, actor="p0"),
    ),
    "charges-within-requirement": lambda: mage(S, 0, charges=99),
    "hand-of-five-after-the-draw-phase": lambda: Step(
        dataclasses.replace(S, actor="p0", turn=3),
        NOOP,
        (),
        mage(dataclasses.replace(S, actor="nemesis", turn=4), 0, hand=S.mages[0].hand[:2]),
    ),
    "turn-order-deck-composition": lambda: dataclasses.replace(S, turn_discard=("turn:nemesis#9",)),
    "exhausted-gain-no-life": lambda: Step(mage(S, 0, life=0, exhausted=True), NOOP, (), mage(S, 0, life=3, exhausted=True)),
    "exhaustion-discards-charges": lambda: Step(mage(S, 0, charges=2), NOOP, (), mage(S, 0, life=0, exhausted=True, charges=2)),
    "life-within-bounds": lambda: mage(S, 0, life=S.setup.start_life + 5),
    "game-ends-exactly-when-a-condition-holds": lambda: dataclasses.replace(S, gravehold=0),
    "known-cards-only": lambda: mage(S, 0, hand=S.mages[0].hand + ("forged-card#1",)),
    "a-cast-spell-hits-its-target": lambda: same(PREPPED, Decision("cast", "player 1", card=SPARK, target="nemesis", index=0)),
    "a-cast-spell-leaves-its-breach": lambda: same(PREPPED, Decision("cast", "player 1", card=SPARK, target="nemesis", index=0)),
    "closed-breach-spells-are-cast": lambda: same(breach(P1, 0, 1, spell=SPARK), Decision("end-casting", "player 1")),
    "a-played-gem-gives-its-aether": lambda: same(P1, Decision("play", "player 1", card=CARD)),
    "a-prepped-spell-leaves-the-hand": lambda: same(P1, Decision("prep", "player 1", card=SPARK, index=0)),
    "an-opened-breach-is-open": lambda: same(P1, Decision("open", "player 1", index=1)),
    "an-ability-uses-every-charge": lambda: same(mage(P1, 0, charges=5), Decision("ability", "player 1")),
    "a-paid-nemesis-card-is-discarded": lambda: same(
        dataclasses.replace(P1, in_play=(InPlay(MINION, life=3),)), Decision("to-discard", "player 1", card=MINION, index=0)
    ),
    "while-prepped-once-a-turn": lambda: same(
        dataclasses.replace(P1, used_while_prepped=(0,)), Decision("while-prepped", "player 1", card=SPARK, index=0)
    ),
    "the-nemesis-draws-one-card-a-turn": lambda: Step(
        dataclasses.replace(S, actor=""),
        Decision("reveal", "chance"),
        (Event("turn", "TURN-ORDER.DRAW", target="nemesis"),),
        dataclasses.replace(S, actor=""),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_invariant_catches_a_break_of_its_rule(name):
    assert broken(name, CASES[name]()), f"{name} missed a break of its rule"


def test_the_starting_state_and_a_real_step_break_nothing():
    assert INVARIANTS.check_state(S) == []
    nxt, events = step(S, S.options[0])
    assert INVARIANTS.check_step(Step(S, S.options[0], events, nxt)) == []


def test_every_invariant_has_a_breaking_case():
    assert set(CASES) == set(INVARIANTS.names()), set(INVARIANTS.names()) ^ set(CASES)
    assert all(inspect.isfunction(inv.check) for inv in INVARIANTS)


def test_a_minion_in_play_and_in_the_discard_is_caught():
    card = S.nemesis_deck[0].cards()[0]
    s = dataclasses.replace(S, in_play=(InPlay(card, life=2),))
    assert broken("nemesis-card-in-one-place", s)


def test_every_documented_uncaught_knockout_names_a_clause():
    from properties.aeons_end import UNGUARDED_REASONS

    assert UNGUARDED_REASONS
    for clause, reason in UNGUARDED_REASONS.items():
        assert clause in RULESET.catalogue and reason, clause
