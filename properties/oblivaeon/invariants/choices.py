"""Choices: what the players (or a hero's player) choose at a decision point happens to what they chose.

A decision point offers its options and the step that takes one must carry it out: the target chosen is dealt
its damage or healed, the card chosen is destroyed, discarded, played, removed; the hero chosen moves, is erased;
the card that goes next to a hero goes to that hero.  Each kind of choice names, below, the records that show
its effect; a step that takes the choice and shows none of them broke the rule the choice belongs to (a handler
that does nothing, a choice applied to another card).  The decision point is read through the kernel's public
``waiting_for``; nothing here calls the rule it checks.
"""

from __future__ import annotations

from collections.abc import Callable

from oblivaeon_verify.model.common.kernel import scheduled, waiting_for
from oblivaeon_verify.model.oblivaeon.battle_zones import max_hp
from oblivaeon_verify.model.oblivaeon.cards import CHARACTER_CARDS
from oblivaeon_verify.model.oblivaeon.effects import DiscardTop
from oblivaeon_verify.model.oblivaeon.places import containers, deck_place
from oblivaeon_verify.properties.oblivaeon.invariants.registry import step


def _hit(e, d) -> bool:
    return e.kind in ("damage", "damage-prevented") and e.target == d.target


def _healed(e, d) -> bool:
    return e.kind == "heal" and e.target == d.target


def _destroyed(e, d) -> bool:
    return (e.kind == "destroyed" and e.target == d.target) or (e.kind in ("indestructible", "objective-completed") and e.card == d.target)


def _discarded(e, d) -> bool:
    return e.kind == "discard" and e.card == d.card


def _erased(e, d) -> bool:
    """The hero of the chosen character card is erased: all of it, so a team's event names its first card (choosing one
    of the Sentinels erases the four: CLAR.ERASED, CLAR.SENTINELS)."""
    return e.kind == "hero-erased" and (e.card == d.target or (d.target in CHARACTER_CARDS and e.detail == CHARACTER_CARDS[d.target].hero))


def _removed(e, d) -> bool:
    return e.kind == "removed-from-game" and e.target == d.target


def _power(e, d) -> bool:
    return e.kind == "power" and e.card == d.card


def _played(e, d) -> bool:
    """Played, or, for Akash'Thriya's seeds, planted in the environment deck instead (HEROES.AKASH-THRIYA)."""
    return e.kind in ("play", "seed-planted") and e.card == d.card


def _arrived(e, d) -> bool:
    return e.kind == "environment-arrives" and e.card == d.target and e.zone == d.zone


def _reclaimed(e, d) -> bool:
    return e.kind == "to-mission-deck" and e.card == d.target


def _token(e, d) -> bool:
    return e.kind == "objective-token" and e.card == d.target


def _moved_there(e, d) -> bool:
    return e.kind == "hero-moved" and e.zone == d.zone


def _bottomed(e, d) -> bool:
    return e.kind == "to-bottom" and e.card == d.card


def _revived(e, d) -> bool:
    return e.kind in ("revived-to-box", "revived-as-written") and (e.card == d.target or e.target == d.target)


EFFECT_OF: dict[str, tuple[Callable, str]] = {
    "ChooseDamageTarget": (_hit, "dealt damage"),
    "ChooseHealTarget": (_healed, "healed"),
    "ChooseDestroyed": (_destroyed, "destroyed"),
    "ChooseDiscard": (_discarded, "discarded"),
    "ChooseDiscardToPay": (_discarded, "discarded to pay"),
    "ChooseErased": (_erased, "erased"),
    "ChooseRemovedVillain": (_removed, "removed from the game"),
    "ChooseEnvironment": (_arrived, "brought into its battle zone"),
    "ChooseReclaimed": (_reclaimed, "put back in the Mission deck"),
    "ChooseTokenObjective": (_token, "given a token"),
    "ChooseRevived": (_revived, "revived"),
}
"""A choice whose effect one event shows: the kind of decision point -> (the event that shows it, in words)."""

PLAYER_CHOICES: dict[tuple[str, str], tuple[Callable, str]] = {
    ("ChoosePlay", "play-card"): (_played, "played"),
    ("ChoosePower", "use-power"): (_power, "used"),
    ("ChooseMove", "move"): (_moved_there, "moved to that battle zone"),
    ("ChooseReplacementMove", "move"): (_moved_there, "moved to that battle zone"),
    ("ChooseKeepOrBottom", "bottom"): (_bottomed, "put on the bottom of its deck"),
}
"""A hero's choice among kinds of option (one of them to pass): (decision point, the decision's kind) -> its effect."""


def _seat_of(s, card: str) -> int:
    return next((i for i, seat in enumerate(s.seats) if card in seat.play), -1)


def _deck_cards(s, ref: tuple) -> tuple[str, ...]:
    """The cards of the deck a decision point names by reference (``("seat", 0)``, ``("env", name)``, ``("scion",)``)."""
    return dict(containers(s))[deck_place(ref)]


@step(
    "players-choices-take-effect",
    "HERO.CONTINUE",
    "CLAR.ERASED",
    "CLAR.OA-NOT-REMOVABLE",
    "CLAR.MULTIPLE-MOVES",
    "MISSION.OBJECTIVE-COMPLETION",
    "ENV.REMOVAL.REPLACE",
    "HEROES.AKASH-THRIYA",
    forced=True,
)
def players_choices_take_effect(st):
    """The choice a step takes is carried out on what was chosen: a chosen target is dealt its damage or healed
    (unless it is at its full HP already), a chosen card is destroyed, discarded, played, removed, put back, put on
    the bottom of its deck (or kept on top, not sent there) or given its token, a chosen power is used, a hero that
    chooses to move moves, a chosen hero moves to the other zone, is erased or revived, a chosen environment
    arrives, a card that goes by a chosen hero lands in that hero's play area, a temporary effect on a chosen target
    is made for it, a deck chosen to lose its top card loses it (unless it is empty, or chance has first to say what
    that card is). A choice with one option, which the kernel makes itself within the step, is held to the same,
    from the state where it was made (``forced``)."""
    before, d, events, after = st.before, st.decision, st.events, st.after
    if d.is_chance:
        return  # a third of the steps: what chance does is no one's choice
    ask = waiting_for(before)
    if ask is None:
        return
    kind = type(ask).__name__
    what = EFFECT_OF.get(kind) or PLAYER_CHOICES.get((kind, d.kind))
    if what is not None:
        shows, words = what
        if kind == "ChooseHealTarget" and before.hp.get(d.target) == max_hp(before, d.target):
            return  # healing a target at its full HP changes nothing and records nothing
        if not any(shows(e, d) for e in events):
            yield f"{d.card or d.target} was chosen to be {words} ({kind}), and nothing shows it was"
    elif kind in ("ChooseHeroToMove", "ChooseHeroToGoNextTo", "ChooseHeroToMoveNextTo"):
        chosen = before.seats[d.index]
        if kind == "ChooseHeroToMove":
            moved = any(e.kind == "hero-moved" and e.source_zone == chosen.zone and e.target in chosen.characters for e in events)
            if not moved and chosen.characters:
                yield f"hero {d.index + 1} was chosen to move to the other battle zone ({kind}), and did not"
        else:
            card = ask.ctx.source
            landed = any(e.kind in ("next-to-hero", "card-moved") and e.card == card for e in events)
            if not landed or (_seat_of(after, card) != d.index and card in {c for s in after.seats for c in s.play}):
                yield f"{card} was to go by hero {d.index + 1}'s side ({kind}), and did not"
    elif kind == "ChooseDeckToDiscardFrom":
        discarded = any(e.kind == "discard" and e.detail == f"from {d.target}" for e in events)
        if not discarded and not scheduled(after, DiscardTop) and _deck_cards(before, ask.decks[d.index]):
            yield f"the top card of {d.target} was chosen to be discarded ({kind}), and nothing shows it was"
    elif kind == "ChooseKeepOrBottom" and d.kind == "keep-top":
        if any(_bottomed(e, d) for e in events):
            yield f"{d.card} was kept on top of its deck ({kind}), and went to the bottom"
    elif kind == "ChooseTempTarget":
        made = any(e.kind == "temporary-effect" and e.card == ask.ctx.source for e in events)
        if not made:
            yield f"a temporary effect of {ask.ctx.source} on {d.target} was chosen ({kind}), and none was made"
