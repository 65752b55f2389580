"""Entering and leaving play, destruction and changing battle zones as moments, and the reactions that answer them.

The model records each moment once, in ``places.announce`` and ``moments.happened``; the invariants of
``properties/oblivaeon/invariants/moments.py`` recompute from the state what each step's moments must be.
"""

from __future__ import annotations

from collections import Counter

import pytest
from oblivaeon_verify.model.oblivaeon import engine
from oblivaeon_verify.model.oblivaeon.cards import CARD_DEFS, PHYSICAL
from oblivaeon_verify.model.oblivaeon.draft import KERNEL, Ctx, Draft
from oblivaeon_verify.model.oblivaeon.moments import HEARING, HEARING_ACROSS
from oblivaeon_verify.model.oblivaeon.places import move
from oblivaeon_verify.model.oblivaeon.vocabulary import REACTION_EVENTS, Damage, Reaction, Target

from oblivaeon_verify import rulesets
from oblivaeon_verify.play import choose, game_rng
from tests.broken_models import BY_NAME, broken
from tests.support import game, place
from tests.test_incremental_checking import defaults, lockstep

RULESET = rulesets.load("oblivaeon")
GAMES = 8
VILLAIN_PLAY = ("zone", 1, "villain_play")


def _random_events(games: int = GAMES):
    params = defaults(RULESET)
    for players in RULESET.players:
        for index in range(games):
            rng = game_rng(11, players, index)
            state = RULESET.new_game(RULESET.random_setup(rng, players, params))
            while RULESET.legal_decisions(state):
                state, events = RULESET.step(state, choose(rng, RULESET.legal_decisions(state)))
                yield from events


def test_random_play_reaches_every_kind_of_reaction_on_at_least_two_cards():
    answered: dict[str, set[str]] = {k: set() for k in REACTION_EVENTS}
    moments = Counter()
    for e in _random_events():
        if e.kind in REACTION_EVENTS:
            moments[e.kind] += 1
        if e.kind == "reaction":
            answered[e.detail.partition(" into ")[0]].add(e.card.split("#")[0])  # a move out of play says where to
    assert all(moments[k] > 50 for k in REACTION_EVENTS), moments
    assert all(len(cards) >= 2 for cards in answered.values()), answered
    # the catalogue's reactions are the ones answered: none is dead text
    written = {(d.key, r.on) for d in CARD_DEFS.values() for r in d.reactions}
    assert written == {(c, k) for k, cards in answered.items() for c in cards}


def test_only_the_cards_that_react_to_a_kind_of_moment_are_asked_about_it():
    """A card is asked about a moment only if one of its reactions (either side) listens for that kind, and asked
    about one in the other zone only if such a reaction reaches across; every such card is asked."""
    for kind in REACTION_EVENTS:
        listening = {c for c, d in PHYSICAL.items() for side in (d, d.reward) if side is not None for r in side.reactions if r.on == kind}
        across = {
            c
            for c, d in PHYSICAL.items()
            for side in (d, d.reward)
            if side is not None
            for r in side.reactions
            if r.on == kind and r.reach != "zone"
        }
        assert HEARING[kind] == listening and HEARING_ACROSS[kind] == across, kind
    assert HEARING["moved"] and HEARING_ACROSS["enters-play"] and not HEARING_ACROSS["moved"]


def test_a_reaction_names_where_a_move_went_only_for_a_move_out_of_play():
    assert Reaction("moved", "hero", into="hand").into == "hand"
    with pytest.raises(ValueError, match="Reaction.into is for a reaction to moved, not to destroyed"):
        Reaction("destroyed", "hero", into="hand")
    with pytest.raises(ValueError, match="Reaction.into must be one of anywhere, deck, hand, trash"):
        Reaction("moved", "hero", into="sideways")


def test_a_reaction_listens_for_one_kind_of_moment_only():
    with pytest.raises(
        ValueError, match="Reaction.on must be one of enters-play, leaves-play, destroyed, changes-zone, removed-from-game, moved"
    ):
        Reaction("enters", "self")
    with pytest.raises(ValueError, match="Reaction.subject must be one of"):
        Reaction("destroyed", "hero target")


def test_a_destroyed_card_answers_its_own_destruction_from_where_it_was():
    s = place(game(), "aeon-men:aeon-thrall#1", VILLAIN_PLAY, hp=3)
    after, events = engine.inject(s, (Damage(99, "melee", Target("villain", "each", "zone")),), Ctx("test", "hero", 0, 1))
    kinds = [(e.kind, e.card) for e in events if e.kind in ("leaves-play", "destroyed", "reaction")]
    assert ("leaves-play", "aeon-men:aeon-thrall#1") in kinds
    assert ("reaction", "aeon-men:aeon-thrall#1") in kinds
    reaction = next(i for i, e in enumerate(events) if e.kind == "reaction" and e.card == "aeon-men:aeon-thrall#1")
    assert events[reaction].zone == 1 and events[reaction].detail == "destroyed"
    # its damage follows its answer, in the zone it left (a hero target there)
    hit = next(e for e in events[reaction:] if e.kind == "damage")
    assert hit.card == "aeon-men:aeon-thrall#1" and hit.zone == 1


def _moved(state, card, to, hp=None):
    """``card`` moved to ``to`` by a rule (its moment recorded), and the game run on to the next decision."""
    d = Draft(state)
    move(d, card, to, "AEON-MEN.ON-INSTRUCTION")
    if hp is not None:
        d.set_hp(card, hp)
    KERNEL.run(d)
    return d.freeze(), tuple(d.events)


def test_answers_to_one_moment_resolve_in_the_layer_order():
    # Dark Pact (a Scion card) answers a villain target entering play; the Aeon Warrior answers its own entering.
    # Scion cards come before Aeon Men (CLAR.SCIONS-BEFORE-AEON-MEN), whatever the order they are listed in.
    s = place(game(), "scion:dark-pact#1", VILLAIN_PLAY)
    after, events = _moved(s, "aeon-men:aeon-warrior#1", VILLAIN_PLAY, hp=5)
    answers = [(e.card, e.target) for e in events if e.kind == "reaction"]
    assert answers == [("scion:dark-pact#1", "aeon-men:aeon-warrior#1"), ("aeon-men:aeon-warrior#1", "aeon-men:aeon-warrior#1")]
    warrior = [e for e in events if e.card == "aeon-men:aeon-warrior#1" and e.kind == "damage"]
    assert len(warrior) == 1 and warrior[0].amount == 1  # its text: 1 melee to the hero target with the lowest HP


def test_moments_of_one_sweep_are_answered_in_the_order_they_happened():
    # Two Aeon Thralls fall to one sweep: each answers its own destruction, and the Aeon Vassal (still in play,
    # so before the card that left, in their shared layer) answers each, moment by moment.
    s = game()
    for card, hp in (("aeon-men:aeon-vassal#1", 6), ("aeon-men:aeon-thrall#1", 1), ("aeon-men:aeon-thrall#2", 1)):
        s = place(s, card, VILLAIN_PLAY, hp=hp)
    after, events = engine.inject(s, (Damage(1, "melee", Target("villain", "each", "zone")),), Ctx("test", "hero", 0, 1))
    answers = [(e.card, e.target) for e in events if e.kind == "reaction"]
    assert answers == [
        ("aeon-men:aeon-vassal#1", "aeon-men:aeon-thrall#1"),
        ("aeon-men:aeon-thrall#1", "aeon-men:aeon-thrall#1"),
        ("aeon-men:aeon-vassal#1", "aeon-men:aeon-thrall#2"),
        ("aeon-men:aeon-thrall#2", "aeon-men:aeon-thrall#2"),
    ]


def test_a_hero_moving_carries_its_play_area_to_the_other_zone_as_changes_of_battle_zones():
    s = place(game(), "oblivaeon:distortion#1", ("seat", 0, "play"))
    move = next(d for d in s.options if d.kind == "move")
    after, events = engine.step(s, move)
    moved = [e for e in events if e.kind == "changes-zone"]
    assert [e.card for e in moved] == list(s.seats[0].play)
    assert all(e.source_zone == 1 and e.zone == 2 for e in moved)
    assert not any(e.kind in ("enters-play", "leaves-play") for e in events)
    assert any(e.kind == "reaction" and e.card == "oblivaeon:distortion#1" and e.detail == "changes-zone" for e in events)


@pytest.mark.parametrize(
    "bug,invariant",
    [
        ("zone-change-taken-for-leaving-and-entering", "moves-are-the-moments-they-are"),
        ("a-card-put-into-play-goes-unrecorded", "entering-play-is-played-or-put-into-play"),
        ("reactions-heard-in-the-other-zone", "reactions-answer-their-moments"),
        ("reactions-never-fire", "reactions-answer-their-moments"),
        ("a-reaction-hears-beyond-its-reach", "reactions-answer-their-moments"),
        ("a-scion-removal-goes-unrecorded", "removals-are-recorded"),
        ("a-layer-resolves-last-come-first", "simultaneous-effects-in-declared-order"),
        ("a-zone-change-counts-as-entering", "entry-order-follows-the-moments"),
        ("a-draw-goes-unrecorded", "moves-out-of-play-are-recorded"),
    ],
)
def test_a_broken_timing_rule_is_caught_by_its_invariant(bug, invariant):
    with broken(BY_NAME[bug]):
        assert invariant in first_violations(), bug


def first_violations(games: int = 6) -> set[str]:
    """The invariants broken in the first of ``games`` checked games that breaks any (none: an empty set)."""
    params = defaults(RULESET)
    for index in range(games):
        g = lockstep(RULESET, params, 0, RULESET.players[index % 3], index)
        assert not g.error, g.error  # a broken rule must be a violation, never a crash
        if g.violations:
            return {v.invariant for v in g.violations}
    return set()


def test_the_catalogue_cards_with_reactions_are_in_the_decks():
    with_reactions = {d.key for d in CARD_DEFS.values() if d.reactions}
    assert len(with_reactions) >= 8
    assert with_reactions <= {c.split("#")[0] for c in PHYSICAL}


@pytest.mark.parametrize(
    "bug,scenario",
    [
        ("zone-change-taken-for-leaving-and-entering", "moment-changes-zone"),
        ("a-card-put-into-play-goes-unrecorded", "moment-put-into-play"),
        ("reactions-heard-in-the-other-zone", "moment-enters-play"),
        ("reactions-never-fire", "moment-leaves-play"),
        ("a-reaction-hears-beyond-its-reach", "moment-heard-across"),
        ("a-scion-removal-goes-unrecorded", "moment-removed-from-game"),
        ("a-layer-resolves-last-come-first", "order-within-a-layer-arrival"),
        ("a-zone-change-counts-as-entering", "order-within-a-layer-entered-play"),
        ("a-draw-goes-unrecorded", "moment-moved"),
    ],
)
def test_a_broken_timing_rule_fails_its_scenario(bug, scenario):
    from oblivaeon_verify import api

    ruleset = api.load("oblivaeon")
    assert ruleset.run_scenario(scenario).passed
    with broken(BY_NAME[bug]):
        assert not ruleset.run_scenario(scenario).passed
