"""Every kind of event the OblivAeon model can emit: the one list that scenarios and tests read.

``Draft.emit`` refuses a kind that is not declared here, so a new kind of event is declared before it
can happen.  ``tests/test_scenario_contract.py`` checks the list both ways: random play and the
static scan of the model's emit sites find no kind outside it, and every kind here has an emit site
(no dead kinds).  Scenario files may name only these kinds in ``events`` / ``no_events``.
"""

from __future__ import annotations

from oblivaeon_verify.model.oblivaeon.vocabulary import REACHES

EVENT_KINDS: tuple[str, ...] = (
    # round structure
    "round",
    "turn",
    "trigger",
    # targets
    "damage",
    "damage-prevented",
    "heal",
    "temporary-effect",
    "temporary-effect-ended",
    "destroyed",
    "indestructible",
    "removed-from-game",
    "not-removable",
    # moments that cards react to (``moments.py``), and the reactions (``removed-from-game`` is one too)
    "enters-play",
    "leaves-play",
    "changes-zone",
    "moved",
    "reaction",
    # cards and decks
    "play",
    "put-into-play",
    "power",
    "draw",
    "discard",
    "reshuffle",
    "shuffle",
    "to-bottom",
    "card-moved",
    "next-to-hero",
    "to-box",
    "foreign-to-trash",
    # heroes
    "hero-set-up",
    "hero-moved",
    "hero-incapacitated",
    "hero-erased",
    "team-member-down",
    "bloodstone",
    "incap-ability",
    "harpy-token",
    "seed-planted",
    "seed-played",
    "seed-returned",
    "construct-under",
    "construct-played",
    "construct-released",
    "constructs-stay",
    "revived-to-box",
    "revived-as-written",
    "returned-to-box",
    # missions
    "objective-taken",
    "objective-traded",
    "objective-token",
    "objective-completed",
    "reward-regained",
    "reward-under",
    "to-mission-deck",
    # villains
    "scion-enters",
    "scion-removed",
    "reserve-empty",
    "rainek-usurps",
    "no-scion-card",
    "aeon-man-called",
    "oblivaeon-moves",
    "form-defeated",
    "shield-task",
    "shield-flipped",
    "shield-removed",
    # environments and Inevitable Destruction
    "game-over-token",
    "environment-game-over",
    "environment-removed",
    "environment-arrives",
    "environment-destroyed",
    "devastation",
    "countdown",
    "countdown-expired",
    # the end (``Draft.end``: "game-" + the outcome's kind)
    "game-won",
    "game-lost",
    "game-aborted",
)

EVENT_REACHES: tuple[str, ...] = (*REACHES, "move")
"""An event's ``reach``: a card's reach (``vocabulary.REACHES``), or ``move`` for OblivAeon moving to
a battle zone (ENV.REMOVAL.MOVE-OBLIVAEON)."""

KINDS = frozenset(EVENT_KINDS)
