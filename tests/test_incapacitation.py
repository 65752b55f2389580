"""Hero incapacitation and everything that follows from it.

Rulebook, "Hero Incapacitation": the hero's non-character cards (Mission cards aside) return to the
box; the character card stays incapacitated and is spent; rewards go under it reward side up;
objectives go under the Mission deck objective side up; other heroes', villain and environment cards
in the play area go to their trashes; after the end of the current turn the player sets up another
hero from the box with a hand of four and may then move it.  No two players share a hero deck; a
fallen hero's deck can return with another variant.  "Rules Clarifications": erased heroes, Requital's
Constructs, Rites of Revival, the Sentinels and The Bloodstone.
"""

from __future__ import annotations

import dataclasses

from oblivaeon_verify.model.oblivaeon import vocabulary as v
from oblivaeon_verify.model.oblivaeon.cards import HEROES, PHYSICAL, character_cards, hero_deck_cards, member_hp
from oblivaeon_verify.model.oblivaeon.draft import Draft
from oblivaeon_verify.model.oblivaeon.engine import step
from oblivaeon_verify.model.oblivaeon.heroes import available_characters
from oblivaeon_verify.model.oblivaeon.incapacitation import character_falls
from oblivaeon_verify.model.oblivaeon.parameters import RequitalReading, RitesReading
from oblivaeon_verify.model.oblivaeon.places import place_of, remove
from oblivaeon_verify.model.oblivaeon.positions import at_turn
from oblivaeon_verify.model.oblivaeon.round_order import current_phase, current_turn

from tests.support import assert_conserved, choose, effect, first_chance, game, in_zone, place, until

LEGACY = "char:legacy:legacy"
TACHYON = "char:tachyon:tachyon"
REQUITAL = "char:captain-cosmic:requital"
SENTINELS = "char:the-sentinels:the-sentinels"
MEMBERS = character_cards(SENTINELS)
AKASH = "char:akash-thriya:akash-thriya"
LIFELINE = "char:lifeline:lifeline"
RITES = "temple-of-zhu-long:rites-of-revival#1"
BLOODSTONE = "mission:the-bloodstone-vault#1"
CONSTRUCT = "captain-cosmic:construct#1"
TEMPLE_ENVS = ("Temple of Zhu Long", "Megalopolis", "Ruins of Atlantis", "Rook City", "Insula Primalis")
PASSIVE = ("stay", "no-option", "skip-play", "skip-power")


# --- helpers ---------------------------------------------------------------------------------


def put_under(state, card, host):
    d = Draft(state)
    remove(d, card)
    d.set_under(host, d.under.get(host, ()) + (card,))
    return d.freeze()


def fell(state, seat):
    """Knock out the (single-card) hero at ``seat`` with its own damage."""
    return effect(state, [v.Damage(200, "melee", v.Target("hero", "own-character"))], seat=seat)


def passive(state):
    for kind in PASSIVE:
        for d in state.options:
            if d.kind == kind:
                return d
    return state.options[0]


def to_replacement(state):
    return until(state, lambda s: any(d.kind == "set-up-hero" for d in s.options), policy=passive)


def richly_placed_legacy():
    """Legacy (seat 0) with cards everywhere a hero's cards can be, rewards, an objective and foreign cards."""
    s = game()
    s = place(s, "legacy:strike#1", ("seat", 0, "trash"))
    s = place(s, "legacy:signature-gear#1", ("seat", 0, "play"))
    s = place(s, "legacy:guardian-ward#1", ("seat", 1, "play"))
    s = place(s, "mission:secure-the-relay#1", ("seat", 0, "play"), reward=True)
    s = place(s, "mission:recover-the-codex#1", ("seat", 0, "hand"), reward=True)
    s = place(s, "mission:hold-the-line#1", ("seat", 0, "trash"), reward=True)
    s = place(s, "mission:decode-the-signal#1", ("seat", 0, "deck"), reward=True)
    s = place(s, "mission:aeon-outpost#1", ("seat", 0, "play"), hp=5)
    s = place(s, "tachyon:fortify#1", ("seat", 0, "play"))
    s = place(s, "oblivaeon:distortion#1", ("seat", 0, "play"))
    s = place(s, "scion:dark-pact#1", ("seat", 0, "play"))
    s = place(s, "insula-primalis:entangling-growth#1", ("seat", 0, "play"))
    return s


REWARDS = ("mission:secure-the-relay#1", "mission:recover-the-codex#1", "mission:hold-the-line#1", "mission:decode-the-signal#1")


# --- INCAP.CARDS-TO-BOX -----------------------------------------------------------------------


def test_all_the_heroes_own_cards_return_to_the_box_from_everywhere():
    """INCAP.CARDS-TO-BOX: deck, hand, trash, play area and another hero's play area are emptied of the
    fallen hero's non-character cards; every one of them is in the box."""
    s = richly_placed_legacy()
    after, events = fell(s, 0)
    legacy_cards = set(hero_deck_cards("Legacy"))
    assert legacy_cards <= set(after.box)
    assert "legacy:guardian-ward#1" not in after.seats[1].play
    seat = after.seats[0]
    assert seat.hand == () and seat.trash == () and seat.play == () and len(seat.deck) == 0
    assert {e.card for e in events if e.kind == "to-box"} == legacy_cards
    assert_conserved(s, after)


def test_mission_cards_do_not_go_to_the_box():
    """INCAP.CARDS-TO-BOX: Mission cards are the exception: none of them ends in the box."""
    s = richly_placed_legacy()
    after, _ = fell(s, 0)
    assert not [c for c in after.box if c.startswith("mission:")]


def test_akash_thriyas_seeds_in_the_environment_deck_and_trash_return_to_the_box():
    """INCAP.CARDS-TO-BOX, HEROES.AKASH-THRIYA: seeds planted in an environment deck, or in its trash,
    are the hero's cards and go to the box too."""
    s = game(heroes=(AKASH, TACHYON, "char:ra:ra", "char:haka:haka"))
    env = s.zones[0].environment
    d = Draft(s)
    remove(d, "akash-thriya:verdant-seed#1")
    d.env_update(env, deck=d.envs[env].deck.shuffle_in("akash-thriya:verdant-seed#1"))
    s = d.freeze()
    s = place(s, "akash-thriya:thorn-seed#1", ("env", env, "trash"))
    after, _ = fell(s, 0)
    assert {"akash-thriya:verdant-seed#1", "akash-thriya:thorn-seed#1"} <= set(after.box)
    assert not [c for c in after.envs[env].deck.cards() + after.envs[env].trash if PHYSICAL[c].deck == "Akash'Thriya"]
    assert_conserved(s, after)


# --- INCAP.CHARACTER-SPENT --------------------------------------------------------------------


def test_the_character_card_stays_incapacitated_in_the_play_area():
    """INCAP.CHARACTER-SPENT: the character card is kept, incapacitated, in its play area, with no HP."""
    s = game()
    after, events = fell(s, 0)
    assert after.seats[0].characters == ()
    assert after.seats[0].incapacitated == (LEGACY,)
    assert LEGACY not in after.box and LEGACY not in after.hp
    assert after.seats[0].needs_hero
    assert [e.card for e in events if e.kind == "hero-incapacitated"] == [LEGACY]


def test_the_spent_character_card_is_never_offered_again():
    """INCAP.CHARACTER-SPENT: the incapacitated variant is not offered, now or when the player is asked."""
    s = game()
    after, _ = fell(s, 1)
    assert "char:tachyon:tachyon" not in available_characters(after)
    waiting, _ = to_replacement(after)
    assert "char:tachyon:tachyon" not in [d.card for d in waiting.options]


# --- INCAP.REWARDS-UNDER / INCAP.OBJECTIVES-TO-MISSION-DECK / INCAP.FOREIGN-CARDS-TO-TRASH -----


def test_rewards_go_under_the_incapacitated_character_reward_side_up():
    """INCAP.REWARDS-UNDER: the hero's rewards, from play, hand, trash and deck, go under the character
    card, still reward side up."""
    s = richly_placed_legacy()
    after, events = fell(s, 0)
    assert set(after.under[LEGACY]) == set(REWARDS)
    assert set(REWARDS) <= after.reward_side
    assert {e.card for e in events if e.kind == "reward-under"} == set(REWARDS)


def test_objectives_go_to_the_bottom_of_the_mission_deck_objective_side_up():
    """INCAP.OBJECTIVES-TO-MISSION-DECK: the objective goes under the Mission deck, objective side up,
    and keeps no HP there."""
    s = richly_placed_legacy()
    after, _ = fell(s, 0)
    assert after.mission_deck.bottom[-1] == "mission:aeon-outpost#1"
    assert "mission:aeon-outpost#1" not in after.reward_side
    assert "mission:aeon-outpost#1" not in after.hp
    assert len(after.mission_deck) == len(s.mission_deck) + 1


def test_cards_of_others_in_the_play_area_go_to_their_own_trashes():
    """INCAP.FOREIGN-CARDS-TO-TRASH: another hero's card to that hero's trash, a villain card to its villain
    trash, a Scion card to the Scion trash, an environment card to its environment's trash."""
    s = richly_placed_legacy()
    after, _ = fell(s, 0)
    assert place_of(after, "tachyon:fortify#1") == ("seat", 1, "trash")
    assert place_of(after, "oblivaeon:distortion#1") == ("oblivaeon_trash",)
    assert place_of(after, "scion:dark-pact#1") == ("scion_trash",)
    assert place_of(after, "insula-primalis:entangling-growth#1") == ("env", "Insula Primalis", "trash")
    assert_conserved(s, after)


def test_the_incapacitated_play_area_keeps_nothing_but_its_character_card():
    """INCAP.CARDS-TO-BOX, INCAP.FOREIGN-CARDS-TO-TRASH: after the sweep the play area is empty."""
    s = richly_placed_legacy()
    after, _ = fell(s, 0)
    assert after.seats[0].play == ()
    assert after.seats[0].hero is None


# --- INCAP.REPLACEMENT / INCAP.REPLACEMENT-MOVE -----------------------------------------------


def test_the_replacement_comes_only_after_the_end_of_the_current_turn():
    """INCAP.REPLACEMENT: a hero falling in hero 1's turn is replaced after that turn's end phase, not at once."""
    s = game()
    assert current_turn(s).seat == 0
    after, _ = fell(s, 1)
    assert not [d for d in after.options if d.kind == "set-up-hero"]
    waiting, events = to_replacement(after)
    assert current_turn(waiting).kind == "hero" and current_turn(waiting).seat == 0
    assert current_phase(waiting) == "after"
    ends = [i for i, e in enumerate(events) if e.kind == "draw"]
    assert ends, "hero 1's turn ran its draw phase before the replacement"
    assert {d.actor for d in waiting.options} == {"hero 2"}


def test_a_hero_falling_in_its_own_turn_is_replaced_after_that_turn():
    """INCAP.REPLACEMENT: Lifeline's Blood Price knocks Lifeline out in its own play phase; the rest of
    the turn passes it by and the replacement comes in its 'after' phase, not before."""
    s = game(heroes=(LIFELINE, TACHYON, "char:ra:ra", "char:haka:haka"))
    s = dataclasses.replace(s, hp={**s.hp, LIFELINE: 1})
    s, _ = until(s, lambda x: any(d.kind == "play-card" for d in x.options), policy=passive)
    assert current_turn(s).seat == 0 and current_phase(s) == "play"
    price = next(d for d in s.options if d.kind == "play-card" and d.card.startswith("lifeline:blood-price#"))
    s, events = step(s, price)
    assert s.seats[0].needs_hero and not s.seats[0].characters
    assert not [d for d in s.options if d.kind == "set-up-hero"]
    waiting, more = to_replacement(s)
    assert current_turn(waiting).seat == 0 and current_phase(waiting) == "after"
    assert {d.actor for d in waiting.options} == {"hero 1"}
    assert not [e for e in more if e.kind in ("power", "draw")]


def test_the_replacement_hero_is_set_up_with_a_hand_of_four():
    """INCAP.REPLACEMENT: the new hero is set up as at the start of a game: full HP and four cards in hand."""
    s = game()
    after, _ = fell(s, 1)
    waiting, _ = to_replacement(after)
    new = "char:tachyon:team-leader-tachyon"
    ready, events = choose(waiting, "set-up-hero", card=new)
    seat = ready.seats[1]
    assert seat.characters == (new,) and seat.hero == "Tachyon"
    assert len(seat.hand) == 4
    assert ready.hp[new] == member_hp(new)
    assert not seat.needs_hero
    assert [e.clause for e in events if e.kind == "hero-set-up"] == ["INCAP.REPLACEMENT"]
    assert_conserved(s, ready)


def test_the_replacement_may_then_move_to_the_other_zone():
    """INCAP.REPLACEMENT-MOVE: after the set-up, the player may move the new hero to the other battle zone."""
    s = game()
    after, _ = fell(s, 1)
    waiting, _ = to_replacement(after)
    ready, _ = choose(waiting, "set-up-hero", card="char:tachyon:freedom-six-tachyon")
    assert {(d.kind, d.zone) for d in ready.options} == {("stay", 1), ("move", 2)}
    assert {d.actor for d in ready.options} == {"hero 2"}
    moved, events = choose(ready, "move")
    assert moved.seats[1].zone == 2
    assert [e.clause for e in events if e.kind == "hero-moved"] == ["INCAP.REPLACEMENT-MOVE"]


def test_the_replacement_may_stay():
    """INCAP.REPLACEMENT-MOVE: staying is allowed; the hero stays in its zone."""
    s = game()
    after, _ = fell(s, 1)
    waiting, _ = to_replacement(after)
    ready, _ = choose(waiting, "set-up-hero", card="char:tachyon:freedom-six-tachyon")
    stayed, events = choose(ready, "stay")
    assert stayed.seats[1].zone == 1
    assert not [e for e in events if e.kind == "hero-moved"]


# --- INCAP.NO-SHARED-DECK / CLAR.ERASED --------------------------------------------------------


def test_decks_in_use_are_not_offered_but_the_fallen_heros_other_variants_are():
    """INCAP.NO-SHARED-DECK: no variant of a hero another player uses is offered; the fallen hero's deck
    comes back with another character card."""
    s = game()
    after, _ = fell(s, 1)
    waiting, _ = to_replacement(after)
    offered = {d.card for d in waiting.options}
    for key in offered:
        assert key.split(":")[1] not in ("legacy", "ra", "haka")
    assert {"char:tachyon:team-leader-tachyon", "char:tachyon:freedom-six-tachyon"} <= offered
    assert "char:tachyon:tachyon" not in offered
    assert "char:bunker:bunker" in offered


def test_two_players_replacing_at_once_cannot_take_the_same_deck():
    """INCAP.NO-SHARED-DECK: two heroes fell in one turn; once the first player sets up Bunker, the
    second is offered no Bunker variant."""
    s = in_zone(in_zone(game(), 1, 2), 2, 2)
    after, _ = effect(s, [v.Damage(200, "melee", v.Target("hero", "each"))], side="villain", seat=-1, zone=2)
    assert after.seats[1].needs_hero and after.seats[2].needs_hero
    waiting, _ = to_replacement(after)
    assert {d.actor for d in waiting.options} == {"hero 2"}
    assert "char:bunker:bunker" in {d.card for d in waiting.options}
    ready, _ = choose(waiting, "set-up-hero", card="char:bunker:bunker")
    second, _ = until(ready, lambda x: any(d.kind == "set-up-hero" for d in x.options), policy=passive)
    assert {d.actor for d in second.options} == {"hero 3"}
    offered = {d.card for d in second.options}
    assert not [k for k in offered if k.startswith("char:bunker:")]
    assert {"char:tachyon:team-leader-tachyon", "char:ra:horus-of-two-horizons"} <= offered


def test_an_erased_hero_is_never_offered_again():
    """CLAR.ERASED: OblivAeon's third form erases the weakest hero in his zone; no variant of it is ever offered."""
    s = game()
    hp = {**s.hp, "oblivaeon": 40, LEGACY: 2}
    after, events = at_turn(dataclasses.replace(s, form=3, hp=hp), 0, round_number=2)
    assert "Legacy" in after.erased
    assert [e.card for e in events if e.kind == "hero-erased"] == [LEGACY]
    assert not [k for k in available_characters(after) if k.startswith("char:legacy:")]
    waiting, _ = until(after, lambda x: any(d.kind == "set-up-hero" and d.actor == "hero 1" for d in x.options), policy=passive)
    assert not [d for d in waiting.options if d.card.startswith("char:legacy:")]


def test_an_erased_hero_cannot_be_revived_by_rites_of_revival():
    """CLAR.ERASED: an erased hero is not among the heroes Rites of Revival may bring back."""
    s = game(envs=TEMPLE_ENVS, in_play=TEMPLE_ENVS[:2])
    s = place(s, RITES, ("zone", 1, "env_play"))
    d = Draft(s)
    character_falls(d, LEGACY, erased=True)
    s = d.freeze()
    after, events = effect(s, [v.Revive()], side="environment", seat=-1, zone=1, source=RITES)
    assert LEGACY in after.seats[0].incapacitated
    assert LEGACY not in after.box
    assert not [e for e in events if e.clause == "CLAR.RITES-OF-REVIVAL"]


def test_no_hero_left_to_set_up_loses_the_game():
    """INCAP.NO-LIMIT: a player whose hero fell with no character card left to set up: the game is lost."""
    s = dataclasses.replace(game(), erased=tuple(HEROES))
    after, _ = fell(s, 1)
    over, _ = until(after, lambda x: x.outcome is not None, policy=passive)
    assert over.outcome.kind == "lost"
    assert over.outcome.clause == "INCAP.NO-LIMIT"
    assert over.options == ()


# --- CLAR.REQUITAL-CONSTRUCTS -----------------------------------------------------------------


def requital_with_construct(reading):
    s = game(heroes=(REQUITAL, TACHYON, "char:ra:ra", "char:haka:haka"), requital_reading=reading)
    return put_under(s, CONSTRUCT, REQUITAL)


COSMICS = {"char:captain-cosmic:captain-cosmic", "char:captain-cosmic:prime-wardens"}


def test_constructs_stay_under_requital_and_block_other_captain_cosmics():
    """CLAR.REQUITAL-CONSTRUCTS (reading CONSTRUCTS_STAY): the Construct stays under the incapacitated
    Requital and no other Captain Cosmic may be set up."""
    s = requital_with_construct(RequitalReading.CONSTRUCTS_STAY)
    after, events = fell(s, 0)
    assert after.under[REQUITAL] == (CONSTRUCT,)
    assert [e.card for e in events if e.kind == "constructs-stay"] == [CONSTRUCT]
    assert not COSMICS & set(available_characters(after))
    assert_conserved(s, after)


def test_releasing_the_last_construct_lifts_the_block():
    """CLAR.REQUITAL-CONSTRUCTS (CONSTRUCTS_STAY): with no Construct under Requital or in play, other
    Captain Cosmics may be set up again (Requital itself stays spent)."""
    s = requital_with_construct(RequitalReading.CONSTRUCTS_STAY)
    after, _ = fell(s, 0)
    freed, _ = effect(after, [v.ReleaseConstruct()], seat=0, source=REQUITAL)
    assert REQUITAL not in freed.under
    assert CONSTRUCT in freed.box
    assert COSMICS <= set(available_characters(freed))
    assert REQUITAL not in available_characters(freed)


def test_a_construct_in_play_still_blocks_other_captain_cosmics():
    """CLAR.REQUITAL-CONSTRUCTS (CONSTRUCTS_STAY): a Construct put into play from under Requital keeps the block."""
    s = requital_with_construct(RequitalReading.CONSTRUCTS_STAY)
    after, _ = fell(s, 0)
    played, _ = effect(after, [v.PlayConstructFromUnder()], seat=0, source=REQUITAL)
    assert CONSTRUCT in played.seats[0].play
    assert not COSMICS & set(available_characters(played))


def test_with_the_box_rule_the_constructs_go_to_the_box_and_nothing_is_blocked():
    """CLAR.REQUITAL-CONSTRUCTS (reading BOX_RULE_WINS): Constructs are non-character cards: they go to the
    box with the rest, and other Captain Cosmics are offered."""
    s = requital_with_construct(RequitalReading.BOX_RULE_WINS)
    after, _ = fell(s, 0)
    assert REQUITAL not in after.under
    assert CONSTRUCT in after.box
    assert COSMICS <= set(available_characters(after))
    assert_conserved(s, after)


# --- CLAR.RITES-OF-REVIVAL --------------------------------------------------------------------


def temple_with_fallen_legacy(**params):
    s = game(envs=TEMPLE_ENVS, in_play=TEMPLE_ENVS[:2], **params)
    s = place(s, RITES, ("zone", 1, "env_play"))
    s = place(s, "mission:secure-the-relay#1", ("seat", 0, "play"), reward=True)
    s, _ = fell(s, 0)
    assert s.under[LEGACY] == ("mission:secure-the-relay#1",)
    return s


def revive(state):
    """Rites of Revival's instruction, then any chance (the new hand's draws) resolved as the first outcome."""
    after, events = effect(state, [v.Revive()], side="environment", seat=-1, zone=1, source=RITES)
    after, more = first_chance(after)
    return after, list(events) + more


def test_rites_of_revival_returns_the_character_card_to_the_box_and_rewards_to_hand():
    """CLAR.RITES-OF-REVIVAL: not usurped: the character card goes back to the box (usable later) and
    the rewards under it go to its player's hand; Rites of Revival is destroyed."""
    s = temple_with_fallen_legacy()
    assert not s.usurped
    after, events = revive(s)
    assert LEGACY in after.box
    assert LEGACY not in after.seats[0].incapacitated
    assert after.seats[0].hand == ("mission:secure-the-relay#1",)
    assert LEGACY not in after.under
    assert LEGACY in available_characters(after)
    assert after.seats[0].characters == ()
    assert [e.kind for e in events if e.clause == "CLAR.RITES-OF-REVIVAL"] == ["revived-to-box", "moved"]
    assert [e.detail for e in events if e.kind == "moved" and e.clause == "CLAR.RITES-OF-REVIVAL"] == [f"under/{LEGACY} -> seat/0/hand"]
    assert place_of(after, RITES) == ("env", "Temple of Zhu Long", "trash")
    assert_conserved(s, after)


def test_usurped_rites_of_revival_revive_the_hero_as_written():
    """CLAR.RITES-OF-REVIVAL (usurped, RitesReading.REVIVE_IN_PLACE): Rainek Kel'Voss has usurped
    OblivAeon, so the hero comes back in its play area, with its rewards in hand and a new hand."""
    s = dataclasses.replace(temple_with_fallen_legacy(rites_reading=RitesReading.REVIVE_IN_PLACE), usurped=True)
    after, events = revive(s)
    seat = after.seats[0]
    assert seat.characters == (LEGACY,) and seat.hero == "Legacy"
    assert LEGACY not in seat.incapacitated and LEGACY not in after.box
    assert after.hp[LEGACY] == min(member_hp(LEGACY), s.setup.params.rites_revival_hp)
    assert "mission:secure-the-relay#1" in seat.hand
    assert len(seat.hand) == 1 + s.setup.params.replacement_hand
    assert not seat.needs_hero
    assert "revived-as-written" in [e.kind for e in events]
    assert_conserved(s, after)


def test_usurped_rites_of_revival_send_a_replacement_back_to_the_box():
    """CLAR.RITES-OF-REVIVAL (usurped, REVIVE_IN_PLACE): a replacement already set up in that play area
    goes back to the box with its cards, and the revived hero takes the play area."""
    s = temple_with_fallen_legacy()
    waiting, _ = until(s, lambda x: any(d.kind == "set-up-hero" for d in x.options), policy=passive)
    ready, _ = choose(waiting, "set-up-hero", card="char:bunker:bunker")
    ready, _ = choose(ready, "stay")
    assert ready.seats[0].hero == "Bunker"
    s = dataclasses.replace(ready, usurped=True)
    after, events = revive(s)
    assert after.seats[0].characters == (LEGACY,)
    assert "char:bunker:bunker" in after.box
    assert set(hero_deck_cards("Bunker")) <= set(after.box)
    assert "char:bunker:bunker" in available_characters(after)
    assert_conserved(s, after)


def test_usurped_rites_of_revival_with_the_box_reading_still_return_to_the_box():
    """CLAR.RITES-OF-REVIVAL (usurped, RitesReading.RETURN_TO_BOX): the other reading changes nothing."""
    s = dataclasses.replace(temple_with_fallen_legacy(rites_reading=RitesReading.RETURN_TO_BOX), usurped=True)
    after, events = revive(s)
    assert LEGACY in after.box
    assert after.seats[0].characters == ()
    assert "revived-as-written" not in [e.kind for e in events]


def test_rites_of_revival_do_nothing_for_a_fallen_hero_in_the_other_zone():
    """CLAR.RITES-OF-REVIVAL, BZ.ISOLATION: the Temple in the First Battle Zone cannot reach an
    incapacitated hero whose play area is in the Second."""
    s = in_zone(temple_with_fallen_legacy(), 0, 2)
    after, events = revive(s)
    assert LEGACY in after.seats[0].incapacitated
    assert not [e for e in events if e.clause == "CLAR.RITES-OF-REVIVAL"]


# --- CLAR.SENTINELS and The Bloodstone --------------------------------------------------------


def sentinels(bloodstone=True):
    s = in_zone(game(heroes=(SENTINELS, TACHYON, "char:ra:ra", "char:haka:haka")), 0, 2)
    if bloodstone:
        s = place(s, BLOODSTONE, ("seat", 0, "play"), reward=True)
    return s


def hit_zone_two(state, amount):
    return effect(state, [v.Damage(amount, "melee", v.Target("hero", "each"))], side="villain", seat=-1, zone=2)


def test_one_sentinel_down_is_not_the_hero_incapacitated():
    """CLAR.SENTINELS: one member down leaves the hero in play: its cards stay and no replacement is due."""
    s = sentinels(bloodstone=False)
    s = dataclasses.replace(s, hp={**s.hp, MEMBERS[1]: 1})
    after, _ = effect(s, [v.Damage(1, "melee", v.Target("hero", "lowest-hp"))], side="villain", seat=-1, zone=2)
    seat = after.seats[0]
    assert MEMBERS[1] in seat.incapacitated
    assert set(seat.characters) == set(MEMBERS) - {MEMBERS[1]}
    assert seat.hero == "The Sentinels" and not seat.needs_hero
    assert seat.hand == s.seats[0].hand


def test_all_four_sentinels_down_incapacitate_the_hero():
    """CLAR.SENTINELS: with all four down (and no Bloodstone) the hero is incapacitated."""
    s = sentinels(bloodstone=False)
    after, events = hit_zone_two(s, 100)
    seat = after.seats[0]
    assert seat.characters == () and set(MEMBERS) <= set(seat.incapacitated)
    assert seat.needs_hero
    assert set(hero_deck_cards("The Sentinels")) <= set(after.box)


def test_the_bloodstone_does_nothing_while_a_sentinel_stands():
    """CLAR.SENTINELS: The Bloodstone only activates when all four are down: three down, it waits."""
    s = sentinels()
    s = dataclasses.replace(s, hp={**s.hp, **{m: 1 for m in MEMBERS[:3]}})
    after, events = hit_zone_two(s, 1)
    assert after.seats[0].characters == (MEMBERS[3],)
    assert BLOODSTONE in after.seats[0].play
    assert "bloodstone" not in [e.kind for e in events]


def test_the_bloodstone_revives_all_four_when_the_last_falls():
    """CLAR.SENTINELS: The Bloodstone (a reward, flipped, in the Sentinels' play area) revives all four
    when the fourth is incapacitated, and is spent; no replacement is due."""
    s = sentinels()
    after, events = hit_zone_two(s, 100)
    seat = after.seats[0]
    assert set(seat.characters) == set(MEMBERS)
    assert not set(MEMBERS) & set(seat.incapacitated)
    assert all(after.hp[m] == s.setup.params.bloodstone_hp for m in MEMBERS)
    assert not seat.needs_hero and seat.hero == "The Sentinels"
    assert BLOODSTONE not in seat.play and place_of(after, BLOODSTONE) == ("seat", 0, "trash")
    assert [e.kind for e in events].count("bloodstone") == 1
    assert_conserved(s, after)


def test_the_bloodstone_revives_no_member_above_its_printed_hp():
    """CLAR.SENTINELS: a Bloodstone HP above a member's printed HP (a parameter up to 999) revives that member at
    its printed HP, as Rites of Revival's does; the others at the parameter's."""
    s = in_zone(game(heroes=(SENTINELS, TACHYON, "char:ra:ra", "char:haka:haka"), bloodstone_hp=10), 0, 2)
    s = place(s, BLOODSTONE, ("seat", 0, "play"), reward=True)
    after, _ = hit_zone_two(s, 100)
    assert set(after.seats[0].characters) == set(MEMBERS)
    assert {m: after.hp[m] for m in MEMBERS} == {m: min(10, member_hp(m)) for m in MEMBERS}
    assert any(member_hp(m) < 10 for m in MEMBERS) and any(member_hp(m) > 10 for m in MEMBERS)


def test_the_bloodstone_revives_members_who_fell_earlier():
    """CLAR.SENTINELS: members down since earlier turns are revived too."""
    s = sentinels()
    s = dataclasses.replace(s, hp={**s.hp, **{m: 1 for m in MEMBERS[:3]}})
    s, _ = hit_zone_two(s, 1)
    after, _ = hit_zone_two(s, 100)
    assert set(after.seats[0].characters) == set(MEMBERS)


def test_the_bloodstone_does_nothing_for_another_hero():
    """CLAR.SENTINELS: The Bloodstone revives only the Sentinels; for another hero it is a reward that
    goes under the character card."""
    s = game()
    s = place(s, BLOODSTONE, ("seat", 0, "play"), reward=True)
    after, events = fell(s, 0)
    assert after.seats[0].characters == ()
    assert after.under[LEGACY] == (BLOODSTONE,)
    assert "bloodstone" not in [e.kind for e in events]
