"""The game as a whole: it never hangs, ends only by the rules, and each turn of the round does its part.

The game is over exactly when no decision is legal.  The turns' parts: the villain, OblivAeon and environment
plays, the Scion panels answering their villain turn (before the Aeon Men), the Shield's strike and Devastation
spent.  Also rules that span the chapters: every play area has a hero, targets at 0 HP leave play, La Comodora's
timestream and which decks an effect may pick, character cards are never destroyed, markers follow the move events.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from oblivaeon_verify.model.common.kernel import scheduled, waiting_for
from oblivaeon_verify.model.oblivaeon.cards import CHARACTER_CARDS, PHYSICAL, SCION_PANELS
from oblivaeon_verify.model.oblivaeon.chance import Reveal
from oblivaeon_verify.model.oblivaeon.draft import Draft, deck_label
from oblivaeon_verify.model.oblivaeon.effects import ChooseDeckToDiscardFrom, ChooseTimestreamDeck, DiscardTop, Resolve
from oblivaeon_verify.model.oblivaeon.vocabulary import DiscardTopOfDeck
from oblivaeon_verify.properties.oblivaeon.invariants.readers import ZoneCounts, opens_a_turn, seat_of_character, segments, shield_card
from oblivaeon_verify.properties.oblivaeon.invariants.registry import OBLIVAEON, state, step

from oblivaeon_verify.words import count


@state("the-game-never-hangs", "ROUND.REPEAT", reads=("outcome",))
def never_hangs(s):
    """Every step reaches a decision within the work budget and every game ends within its round limit: the safety stop is never reached (a rule that loops is a finding)."""
    if s.outcome is not None and s.outcome.kind == "aborted":
        yield f"the game ran on to the safety stop ({s.outcome.reason})"


@state("over-exactly-when-no-decision", "ROUND.REPEAT", reads=("outcome", "options"))
def over_iff_no_decision(s):
    """The game is over exactly when no decision is legal; legal decisions are distinct."""
    over = s.outcome is not None
    if over != (len(s.options) == 0):
        yield f"game over is {over} with {count(len(s.options), 'legal decision')}"
    if len(set(s.options)) != len(s.options):
        yield "the same decision is offered twice"
    if s.options and s.options[0].is_chance and any(d.weight < 1 for d in s.options):
        yield "a chance outcome has no weight"


@state(
    "reveals-weigh-each-kind-by-its-copies",
    "SETUP.DECKS",
    "SETUP.SCION-RESERVE",
    "SETUP.ENVIRONMENTS",
    "HERO.OPT.SHUFFLE",
    reads=("agenda", "seats.hero", "seats.deck", "envs", "oblivaeon_deck", "scion_deck", "aeon_deck", "mission_deck", "reserve"),
    offers=("reveal",),
)
def reveal_weights(s):
    """A shuffled deck lies in no known order, each as likely as any other: chance turning up the card at one end of
    its unknown part offers each kind of card there once, from there, weighted by its copies there (a card's kind is
    its name without the copy number)."""
    ask = waiting_for(s)
    if not isinstance(ask, Reveal):
        return
    middle = Draft(s).deck(ask.deck_ref).middle
    copies = Counter(_kind(c) for c in middle)
    kinds = [_kind(d.card) for d in s.options]
    offered = {_kind(d.card): d.weight for d in s.options}
    label = deck_label(s, ask.deck_ref)
    if len(set(kinds)) != len(kinds) or any(d.card not in middle for d in s.options):
        yield f"chance offers a kind twice, or a card not in the unknown part of {label}: {sorted(d.card for d in s.options)}"
    elif offered != dict(copies):
        wrong = sorted(k for k in copies.keys() | offered.keys() if offered.get(k) != copies.get(k))
        yield f"a reveal of {label} weighs {wrong[0]} {offered.get(wrong[0], 0)} with {copies.get(wrong[0], 0)} copies unknown"


def _kind(card: str) -> str:
    return card.rsplit("#", 1)[0]


@step("outcome-by-the-rules", "ENV.REMOVAL.LOSS", "INCAP.NO-LIMIT", "SHIELD.TASKS", changes=("outcome",))
def outcome_by_rules(st):
    """A game ends won only when the last form falls, lost only to the multiverse or the hero supply."""
    o = st.after.outcome
    if o is None or st.before.outcome is not None:
        return
    if o.kind == "won" and (o.clause != "SHIELD.TASKS" or st.after.form != len(st.after.setup.params.forms_hp)):
        yield f"won under {o.clause} in form {st.after.form}"
    if o.kind == "lost" and o.clause not in ("ENV.REMOVAL.LOSS", "INCAP.NO-LIMIT"):
        yield f"lost under {o.clause}"


@step("villain-turn-plays-a-scion-card-only-with-a-scion", "VILLAIN.PLAY-SCION-CARD", events=("turn",))
def scion_card_play(st):
    """A zone's villain turn plays the Scion deck's top card if and only if a Scion stands in that zone."""
    if not opens_a_turn(st.events, "Villain turn"):
        return
    counts = ZoneCounts(st.before, st.after)
    events = st.events
    for i, e in enumerate(events):
        if e.kind == "turn" and e.detail.endswith("Villain turn"):
            end = next((j for j in range(i + 1, len(events)) if events[j].kind == "turn"), None)
            if end is not None:
                body = events[i + 1 : end]
                played = any(
                    f.kind == "play" and f.card in PHYSICAL and PHYSICAL[f.card].deck == "Scion" and f.clause == "VILLAIN.PLAY-SCION-CARD"
                    for f in body
                )
                none = any(f.kind == "no-scion-card" for f in body)
                had = bool(counts.scions[e.zone])
                ended = any(f.kind.startswith("game-") for f in body)
                if not ended and not (played or none):
                    yield f"{e.detail}: neither a Scion card nor the 'no Scion here' rule"
                if none and had:
                    yield f"{e.detail}: a Scion stood there and no Scion card was played"
        counts.apply(e)


@step("scions-before-aeon-men", "CLAR.SCIONS-BEFORE-AEON-MEN", "VILLAIN.START", "VILLAIN.END", events=("trigger",))
def scions_before_aeon_men(st):
    """Start and end of turn effects of Scion panels and Scion cards resolve before those of Aeon Men."""
    aeon_seen = None
    for e in st.events:
        if e.kind == "turn":
            aeon_seen = None
            continue
        if e.kind != "trigger":
            continue
        when = e.detail
        is_aeon = e.card in PHYSICAL and PHYSICAL[e.card].deck == "Aeon Men"
        is_scion = e.card in SCION_PANELS or (e.card in PHYSICAL and PHYSICAL[e.card].deck == "Scion")
        if is_aeon:
            aeon_seen = when
        elif is_scion and aeon_seen == when:
            yield f"{e.card}'s {when} effect resolved after an Aeon Men card's"


@step(
    "villain-triggers-answer-their-turn", "CLAR.OA-TURN-IS-VILLAIN-TURN", "VILLAIN.START", "VILLAIN.END", "OA-TURN.START", events=("turn",)
)
def triggers_answer(st):
    """Every Scion panel in a zone answers the start or end of that zone's villain turn."""
    if not opens_a_turn(st.events, "Villain turn"):
        return
    counts = ZoneCounts(st.before, st.after)
    events = st.events
    for i, e in enumerate(events):
        if e.kind == "turn" and e.detail.endswith("Villain turn"):
            end = next((j for j in range(i + 1, len(events)) if events[j].kind == "turn"), None)
            if end is not None:
                for scion in sorted(counts.scions[e.zone]):  # a set: sorted, so the messages come in one order
                    if SCION_PANELS[scion].triggers and not any(f.kind == "trigger" and f.card == scion for f in events[i:end]):
                        if not any(f.card == scion or f.target == scion for f in events[i:end]):
                            yield f"{scion} stood in zone {e.zone} and its villain-turn effect never resolved"
        counts.apply(e)


@state("every-play-area-has-a-hero", "SETUP.HEROES", "INCAP.REPLACEMENT", reads=("outcome", "seats.hero", "seats.needs_hero"))
def every_play_area_has_a_hero(s):
    """Every play area has a hero set up in it, except one waiting for its replacement after a fall."""
    if s.outcome is not None:
        return
    for i, seat in enumerate(s.seats):
        if seat.hero is None and not seat.needs_hero:
            yield f"play area {i + 1} has no hero and waits for none"


@state(
    "targets-at-zero-hp-leave-play",
    "BZ.DEV.SCION-REMOVED",
    "CLAR.SHIELD-INDESTRUCTIBLE",
    "CLAR.SENTINELS",
    "INCAP.CHARACTER-SPENT",
    reads=("hp", "outcome"),
)
def zero_hp_targets(s):
    """At a decision point no target in play has 0 HP or less: it was destroyed, incapacitated, removed or flipped."""
    for card, hp in s.hp.items():
        if hp <= 0 and s.outcome is None:
            yield f"{card} stands with {hp} HP"
            return


def _complete_turns(st, label: str):
    """(turn event index, end index) of each turn with this label that both starts and ends in the step."""
    for i, end in segments(st.events, label):
        if end is not None:
            yield i, end


@step("oblivaeon-plays-a-card", "OA-TURN.PLAY", events=("turn",))
def oblivaeon_plays(st):
    """Each OblivAeon turn plays the top card of his deck (while his deck or trash has one)."""
    if len(st.before.oblivaeon_deck) + len(st.before.oblivaeon_trash) == 0:
        return
    for i, end in _complete_turns(st, "OblivAeon's turn"):
        body = st.events[i:end]
        if any(f.kind.startswith("game-") for f in body):
            continue
        if not any(
            f.kind == "play" and f.clause == "OA-TURN.PLAY" and f.card in PHYSICAL and PHYSICAL[f.card].deck == "OblivAeon" for f in body
        ):
            yield "OblivAeon's turn played no card from his deck"


@step("environment-turn-plays-a-card", "ENV.TURN", "HEROES.AKASH-THRIYA", events=("turn",))
def environment_plays(st):
    """Each environment turn plays the top card of its zone's environment deck (a seed there counts)."""
    for i, end in _complete_turns(st, "Battle Zone"):
        e = st.events[i]
        if not e.detail.endswith("Environment turn"):
            continue
        env = st.before.zones[e.zone - 1].environment
        body = st.events[i:end]
        if env is None or env not in st.before.envs or any(f.kind.startswith("game-") or f.kind.startswith("environment-") for f in body):
            continue
        piles = st.before.envs[env]
        if not (piles.deck or piles.trash):
            continue
        if not any(
            (f.kind == "play" and f.card in PHYSICAL and PHYSICAL[f.card].side == "environment") or f.kind == "seed-played" for f in body
        ):
            yield f"{e.detail} played no card from {env}"


@step("shield-strikes-heroes-in-his-zone", "OA-TURN.END", "BZ.ISOLATION", "CLAR.ZONE-MEMBERSHIP", events=("turn",))
def shield_strikes(st):
    """At the end of OblivAeon's turn the Shield in play hits each hero in his zone."""
    card = shield_card(st.before.shield)
    spec = st.before.setup.params.shield(st.before.shield)
    if not spec.start_damage or not opens_a_turn(st.events, "OblivAeon's turn"):
        return
    counts = ZoneCounts(st.before, st.after)
    side = st.before.shield_side
    for n, e in enumerate(st.events):
        counts.apply(e)
        if e.kind == "shield-removed":
            side = 0
        if e.kind != "turn" or e.detail != "OblivAeon's turn":
            continue
        end = next((j for j in range(n + 1, len(st.events)) if st.events[j].kind == "turn"), None)
        if end is None or not side:
            continue
        body = st.events[n:end]
        for f in body:
            counts.apply(f)
        if any(f.kind in ("shield-removed", "environment-removed", "hero-moved") or f.kind.startswith("game-") for f in body):
            continue
        if counts.heroes_in(st.before.oblivaeon_zone) and not any(f.card == card for f in body):
            yield "the Shield was in play and struck no hero in OblivAeon's zone"
        return


@step("devastation-spent-at-the-booklet-threshold", "ID.DEVASTATION", events=("turn", "environment-destroyed"))
def devastation_spent(st):
    """By the end of OblivAeon's turn, Devastation at the Booklet's threshold has been spent to destroy the environment in his zone, and in no other zone."""
    oa_zone = st.before.oblivaeon_zone
    for e in st.events:
        if e.kind == "oblivaeon-moves" and e.zone:
            oa_zone = e.zone
        if e.kind == "environment-destroyed" and e.clause == "ID.DEVASTATION" and e.zone != oa_zone:
            yield f"Devastation destroyed {e.card} in zone {e.zone}; OblivAeon stands in zone {oa_zone}"
    threshold = st.before.setup.params.devastation_threshold
    if not threshold:
        return
    running = st.before.devastation
    in_oa_turn = False
    for e in st.events:
        if e.kind == "devastation":
            running += e.amount
        if e.kind == "turn":
            if in_oa_turn and running >= threshold:
                yield f"OblivAeon's turn ended with {running} Devastation, at or above the threshold {threshold}"
            in_oa_turn = e.detail == "OblivAeon's turn"
        if e.kind.startswith("environment-") or e.kind.startswith("game-"):
            in_oa_turn = False


@step("timestream-offers-keep-or-bottom", "HEROES.LA-COMODORA", decisions=("deck",))
def timestream(st):
    """Nudging the timestream shows the chosen deck's top card and offers to leave it or send it to the bottom."""
    choice = waiting_for(st.before)
    if not isinstance(choice, ChooseTimestreamDeck) or st.after.outcome is not None:
        return
    ref = choice.decks[st.decision.index]
    if len(Draft(st.before).deck(ref)) < 2:
        return
    options = st.after.options
    if {d.kind for d in options} & {"keep-top", "bottom"}:
        return
    # else the look waits for chance to turn up that deck's top card, and for nothing else
    label = deck_label(st.before, ref)
    if not options or any(d.kind != "reveal" or d.target != label for d in options):
        yield f"{label} was chosen for the timestream and its top card was never offered (next: {options[0] if options else 'nothing'})"


@state(
    "deck-choices-respect-the-villain-and-mission-decks",
    "CLAR.VILLAIN-DECKS",
    "CLAR.MISSION-DECK-UNTARGETABLE",
    reads=("seats.zone", "oblivaeon_zone"),
    offers=("deck",),
)
def deck_choices(s):
    """An effect that picks a deck never picks the Mission deck or the Scion Reserve (no deck), and reaches the OblivAeon deck only where he stands."""
    for d in s.options:
        if d.kind != "deck":
            continue
        if d.target in ("the Mission deck", "the Scion Reserve"):
            yield f"{d.target} offered to an effect that targets decks"
        if d.target == "the OblivAeon deck" and d.actor.startswith("hero "):
            i = int(d.actor.split()[1]) - 1
            if s.seats[i].zone != s.oblivaeon_zone:
                yield f"hero {i + 1} in zone {s.seats[i].zone} offered the OblivAeon deck while he stands in zone {s.oblivaeon_zone}"


@step("a-deck-in-reach-loses-its-top-card", "CLAR.VILLAIN-DECKS", events=("play",))
def deck_in_reach_loses_top(st):
    """A card that discards the top card of a deck (Sabotage), resolving in a zone where some deck it may pick holds
    cards, discards one, asks which, or waits for chance to turn one up: the converse of the check above, that no deck
    out of reach is offered.  Read here on its own, not through the model's list: the decks of the active heroes
    standing in the zone and the zone's environment deck are always in reach (the villain decks, only sometimes, are
    left out).  A deck counts when it held cards and was the same before and after the step, with its hero in the
    zone throughout: so in reach when the card resolved."""
    plays = [(k, e) for k, e in enumerate(st.events) if e.kind == "play" and _discards_a_top_card(e.card)]
    if not plays or st.after.outcome is not None or isinstance(waiting_for(st.after), ChooseDeckToDiscardFrom):
        return
    unresolved = {r.ctx.source for r in scheduled(st.after, DiscardTop)}
    unresolved |= {r.ctx.source for r in scheduled(st.after, Resolve) if isinstance(r.ops[0], DiscardTopOfDeck)}
    for k, e in plays:
        if e.card in unresolved or any(f.kind == "discard" and f.detail.startswith("from ") for f in st.events[k + 1 :]):
            continue
        later = _decks_always_in_reach(st.after, e.zone)
        stood = [label for label, deck in _decks_always_in_reach(st.before, e.zone).items() if later.get(label) == deck]
        if stood:
            yield f"{e.card} resolved in zone {e.zone} beside {', '.join(stood)} and discarded no deck's top card"


def _decks_always_in_reach(s, zone: int) -> dict:
    """The non-empty decks of the active heroes in ``zone`` and its environment's deck: name -> the deck."""
    out = {f"hero {i + 1}'s deck": seat.deck for i, seat in enumerate(s.seats) if seat.zone == zone and seat.characters and seat.deck}
    env = s.zones[zone - 1].environment
    if env is not None and s.envs[env].deck:
        out[f"the {env} deck"] = s.envs[env].deck
    return out


@cache
def _discards_a_top_card(card: str) -> bool:
    return card in PHYSICAL and any(isinstance(op, DiscardTopOfDeck) for op in PHYSICAL[card].ops)


@step("character-cards-never-destroyed", "CLAR.VILLAIN-CHARACTERS", events=("destroyed",))
def characters_not_destroyed(st):
    """Character cards (heroes', the Booklet, the Scion panels) are never destroyed by card text: they fall, flip or leave by their own rules."""
    for e in st.events:
        if e.kind == "destroyed" and (e.target == OBLIVAEON or e.target in SCION_PANELS or e.target in CHARACTER_CARDS):
            yield f"{e.card} destroyed the character card {e.target}"


@step("markers-follow-moves", "HERO.MOVE", "CLAR.MULTIPLE-MOVES", "INCAP.REPLACEMENT-MOVE", events=("hero-moved",), changes=("seats.zone",))
def markers_follow_moves(st):
    """A hero's marker changes zone exactly as its move events say (any number of times in a turn)."""
    zones = {i: seat.zone for i, seat in enumerate(st.before.seats)}
    for e in st.events:
        if e.kind == "hero-moved" and e.target:
            i = seat_of_character((st.before, st.after), e.target)
            if i >= 0:
                if zones[i] != e.source_zone:
                    yield f"marker #{i + 1} moved from zone {e.source_zone} but stood in zone {zones[i]}"
                zones[i] = e.zone
    for i, seat in enumerate(st.after.seats):
        if seat.zone != zones[i]:
            yield f"marker #{i + 1} is in zone {seat.zone}; its move events put it in zone {zones[i]}"
