"""Why a clause's knock-out may go uncaught: the reasons the knock-out report gives, clause by clause.

A knock-out replaces the clause's handler with a stub that does nothing and returns an empty
value.  For the clauses below that stub either has no effect that breaks a rule (it removes an
option or a choice, and the rules allow an effect with nothing to act on to do nothing), or the
rule is reached too rarely for the bounded campaign, or (said so plainly) play reaches the rule and
no invariant checks it, and scenarios do.  The report puts beside each reason how many of the
budget's games called the rule and how many went otherwise with it knocked out, which tells the
three apart.
"""

from __future__ import annotations

UNGUARDED_REASONS: dict[str, str] = {
    "BZ.ISOLATION": "the stub returns no reachable targets at all, so effects hit nothing, which no rule forbids; "
    "crossing into the other zone (the broken direction) is what battle-zone-isolation checks on every event",
    "CLAR.REQUITAL-CONSTRUCTS": "its case never comes up in random play (its handler is called at every hero's fall, and "
    "finds no Construct under a fallen Requital): Requital's power puts a Construct under the card and plays "
    "it at once, so Requital never falls with one under it, and its Constructs in play go to the box when it falls; "
    "no-other-captain-cosmic-while-constructs-remain guards the rule when a position has them (uncaught in 400 games)",
}


#: Kind of work record -> why the knock-out of its handler may go uncaught by the invariants in random play
#: (``knockout --handlers`` and the full report fail on an uncaught kind without one; the report shows it beside a kind
#: only a scenario caught).  Only true reasons belong here: the kind is out of the random games' reach, or its stub
#: breaks no rule; a kind that random play reaches and no invariant checks is a gap, not a reason.
UNGUARDED_KIND_REASONS: dict[str, str] = {
    "DiscardOne": "no stand-in card prints a discard from hand, so random play never schedules one; the scenario "
    "hero-discard-and-objective-token plays the instruction, and players-choices-take-effect checks the discard it asks for",
    "ChooseDiscard": "asked only by a discard from hand, which no stand-in card prints (see DiscardOne); "
    "players-choices-take-effect checks that the card chosen is discarded",
    "ChooseTokenObjective": "asked only by an instruction to put a token on an objective, which no stand-in card prints; "
    "the scenario hero-discard-and-objective-token plays it, and players-choices-take-effect checks the token goes on the objective chosen",
    "ChooseHeroToMoveNextTo": "rare: asked only when La Comodora's Phased Hull Plating moves itself to the other zone "
    "(the card's own power); players-choices-take-effect checks that it lands by the hero chosen",
    "ChooseKeepOrBottom": "asked only when La Comodora uses Temporal Glimpse, and its stub changes nothing unless the "
    "card is sent to the bottom: random play keeps it on top in the budget's games; players-choices-take-effect checks "
    "that a card sent to the bottom goes there",
}


#: Knock-outs a quick report runs (each must be caught; tests/test_knockout.py holds the full list): four clauses,
#: then two kinds of work record whose handlers no clause names, the card timing of reactions and of start- and
#: end-of-turn effects (each caught in the first game at every seed tried).
QUICK_KNOCKOUTS: tuple[str, ...] = (
    "INCAP.CARDS-TO-BOX",
    "BZ.DEV.HERO-INCAP",
    "ENV.REMOVAL.MOVE-OBLIVAEON",
    "HERO.OPT.TAKE",
    "FireReaction",
    "FireTrigger",
)
