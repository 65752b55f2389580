"""What the OblivAeon model decides where its rulebook is silent (``model.common.silent``): each an assumption or a reading."""

from __future__ import annotations

from oblivaeon_verify.model.common.silent import SilentChoice

CHOICES = (
    SilentChoice(
        "TIE.HIGHEST-OR-LOWEST-HP",
        "effects._pick_targets",
        "who is 'the target with the highest (lowest) HP' when several share it",
        "the players choose among the tied targets (a decision of theirs, even for a villain's effect)",
    ),
    SilentChoice(
        "TIE.ERASED",
        "oblivaeon_forms.erase",
        "which hero the third form erases when several heroes share the lowest HP",
        "the players choose among them",
        clause="CLAR.ERASED",
    ),
    SilentChoice(
        "ERASED.SENTINELS",
        "incapacitation.character_falls",
        "what the third form's erasure does to the Sentinels, one hero of four character cards, when it picks one of them",
        "it erases the hero, so the four fall together (one Devastation, no Bloodstone) and the team never returns",
        clause="CLAR.SENTINELS",
    ),
    SilentChoice(
        "OWN-TURN.HERO-GONE",
        "triggers.collect",
        "whose turn is 'your turn' for a hero card in play whose hero no player plays any more (a fallen Requital's "
        "Construct, put into play in the play area of the hero its player took next)",
        "no one's: its start- and end-of-turn text answers only the turns of the hero whose deck it is from, so it never "
        "fires; the card stays a target in that play area",
        clause="CLAR.REQUITAL-CONSTRUCTS",
    ),
    SilentChoice(
        "TIE.WASTELAND",
        "scions.unforgiving_wasteland",
        "which villain target Unforgiving Wasteland removes when several share the lowest HP",
        "the players choose among them",
        clause="CLAR.OA-NOT-REMOVABLE",
    ),
    SilentChoice(
        "SOURCE.AMONG-ITS-TARGETS",
        "effects._pick_targets",
        "whether an effect's own card is among the targets its description picks ('each villain target', 'a hero target')",
        "yes, when it fits the description (the census counts each time it happens)",
    ),
    SilentChoice(
        "SOURCE.NOT-ITS-OWN-DESTRUCTION",
        "effects.destroyable",
        "whether 'destroy an ongoing card' (or a target) can pick the card that says it",
        "no: a card never destroys itself through a description (it says 'destroy this card' when it does)",
    ),
    SilentChoice(
        "DESTROY.NO-CHARACTERS-NO-OBJECTIVES",
        "effects.destroyable",
        "what 'destroy a target' or 'destroy an ongoing card' does to character cards and to objectives",
        "neither is picked: character cards leave play by their own rules at 0 HP, objectives are completed or abandoned",
        clause="CLAR.MISSION-TARGET-KIND",
    ),
    SilentChoice(
        "DAMAGE.FLOOR-AT-ZERO",
        "effects.deal_damage",
        "what damage reduced below zero does",
        "it deals 0 (it never heals); the event still records the attempt",
    ),
    SilentChoice(
        "HEAL.CAP-AT-MAX-HP",
        "effects.heal",
        "whether healing can raise a target above its maximum HP",
        "no: HP stops at the card's maximum; a heal at full HP records nothing",
    ),
    SilentChoice(
        "REMOVAL.EACH-TARGET-IN-ITS-ZONE",
        "environments.removal_damage",
        "which targets 'OblivAeon deals each target 20 damage' covers when an environment is replaced, and whether he and his Scions are among them",
        "every target in the replaced environment's battle zone (where OblivAeon has just moved), himself and his Scions included",
        clause="ENV.REMOVAL.DAMAGE",
    ),
    SilentChoice(
        "READING.LAYER-ORDER",
        "triggers.layers",
        "in what order simultaneous effects of one layer resolve (two villain cards' end-of-turn effects), and what a "
        "change of battle zones does to a card's place in it",
        "the reading layer_order_reading decides (the layers themselves are the rulebook's)",
        clause="CLAR.SCIONS-BEFORE-AEON-MEN",
        reading="layer_order_reading",
    ),
    SilentChoice(
        "ORDER.ONE-RULE-FOR-EVERY-MOMENT",
        "triggers.collect",
        "whether the start and end of a hero's or an environment's turn follow the same order as a villain turn's",
        "yes: every start- and end-of-turn effect and every reaction is ordered by the one layer order; an environment "
        "card by a hero (a hero play area's layer) answers before those in the environment's own play area",
        clause="CLAR.SCIONS-BEFORE-AEON-MEN",
    ),
    SilentChoice(
        "MOVE.HEARD-WHERE",
        "places.owner_zone",
        "in which battle zone a card moving between places out of play (a deck, a hand, a trash) is heard",
        "in the zone of the hero or environment whose place it goes to (else the one it left); a move among the "
        "villain decks and trashes, the Mission deck, the Reserve or the box is heard in neither",
        clause="CLAR.ZONE-MEMBERSHIP",
    ),
    SilentChoice(
        "MOVE.RESHUFFLE-EACH-CARD",
        "chance.take_card",
        "whether shuffling a trash into its deck moves each card of it, and in what order",
        "each card moves, in the order of its name: a shuffled deck has no order among them",
    ),
    SilentChoice(
        "ORDER.ACROSS-ZONES",
        "reactions.listeners",
        "in what order the cards of both battle zones answer a moment that a reaction hears from the other zone",
        "the cards in the moment's zone first, then those of the other zone whose reactions reach across",
        clause="BZ.ISOLATION",
    ),
    SilentChoice(
        "ORDER.EACH-TARGET",
        "battle_zones.targets_in",
        "in what order 'each target' is dealt its damage (which matters when the first hit ends the game)",
        "heroes by their marker's seat, then OblivAeon, the Scions, the villain cards and the environment's targets",
        clause="CLAR.ZONE-MEMBERSHIP",
    ),
    SilentChoice(
        "REACTION.FROM-THE-ZONE-LEFT",
        "reactions.listeners",
        "where a card that has just left play answers its own leaving from",
        "from the battle zone it left, after the cards still there in its layer",
        clause="BZ.ISOLATION",
    ),
    SilentChoice(
        "TEMP.NEEDS-A-CONTROLLER",
        "effects._temp",
        "what a temporary effect does when no player controls the card that makes it",
        "nothing: every temporary effect of the catalogue is a hero's, and an owner is what ends it",
    ),
    SilentChoice(
        "READING.RITES",
        "incapacitation._revive",
        "how Rites of Revival works once Rainek Kel'Voss has usurped OblivAeon",
        "the reading rites_reading decides",
        clause="CLAR.RITES-OF-REVIVAL",
        reading="rites_reading",
    ),
    SilentChoice(
        "READING.REQUITAL",
        "incapacitation.cards_to_box",
        "whether Requital's Constructs stay when it is incapacitated",
        "the reading requital_reading decides",
        clause="CLAR.REQUITAL-CONSTRUCTS",
        reading="requital_reading",
    ),
    SilentChoice(
        "READING.BLOODSTONE",
        "incapacitation.hero_incapacitated",
        "whether the Sentinels' Devastation token is added when The Bloodstone revives them",
        "the reading bloodstone_reading decides",
        clause="CLAR.SENTINELS",
        reading="bloodstone_reading",
    ),
    SilentChoice(
        "READING.TEMP-ZONE",
        "durations.covered_zone",
        "which battle zone an effect on 'everything in this battle zone' covers once its owner has moved",
        "the reading temp_zone_reading decides",
        clause="BZ.ISOLATION",
        reading="temp_zone_reading",
    ),
)
