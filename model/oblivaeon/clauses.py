"""The OblivAeon clause catalogue: every paragraph of the rulebook, paraphrased, with a stable id.

Ids are ``FAMILY.NAME``.  Kinds follow the rulebook's own structure.  Paraphrases are ours; the
rulebook is the specification and is not quoted here.
"""

from __future__ import annotations

from oblivaeon_verify.model.common.clauses import Catalogue, Clause

S_SETUP = "OblivAeon Setup"
S_ROUND = "Round Order"
S_HERO = "Hero Turns"
S_ENV = "Environment Turns"
S_VILLAIN = "Villain Turns"
S_OA = "OblivAeon Turn"
S_BZ = "Battle Zones"
S_SHIELD = "OblivAeon Shields"
S_INCAP = "Hero Incapacitation"
S_ID = "Inevitable Destruction Card"
S_AEON = "Aeon Men"
S_MISSION = "Missions"
S_OPTION = "Scion Setup Options"
S_MORE = "Additional Rules"
S_HEROES = "New Heroes"
S_CHART = "Charts"
S_CLAR = "Rules Clarifications"
S_REF = "Round Order Reference"


def _c(id: str, kind: str, section: str, text: str, handled: bool = True, note: str = "", points_to: str = "") -> Clause:
    return Clause(id, kind, section, text, handled, note, points_to)


# fmt: off
CLAUSES: tuple[Clause, ...] = (
    # --- Setup -------------------------------------------------------------------------------
    _c("SETUP.HEROES", "setup", S_SETUP, "Every player picks a hero and sets it up in their own play area."),
    _c("SETUP.MARKERS", "setup", S_SETUP, "Players take numbered markers in play order (first hero #1, and so on) and keep them in their play areas."),
    _c("SETUP.DECKS", "setup", S_SETUP, "The Mission, Scion, Aeon Men and OblivAeon decks are each shuffled and laid out, with the OblivAeon Booklet beside them."),
    _c("SETUP.BATTLE-ZONES", "setup", S_SETUP, "Two battle zones are laid out; the OblivAeon marker and every hero marker start in the First Battle Zone."),
    _c("SETUP.SHIELD", "setup", S_SETUP, "One OblivAeon Shield is chosen and placed before OblivAeon on its phase-1 side."),
    _c("SETUP.FIRST-SCION", "setup", S_SETUP, "The Scion that the Shield's first line brings forth is placed in the First Battle Zone."),
    _c("SETUP.SCION-RESERVE", "setup", S_SETUP, "The other Scions are shuffled into the Scion Reserve pile, front side up."),
    _c("SETUP.SECOND-SCION", "setup", S_SETUP, "The bottom Scion of the Reserve goes to the Second Battle Zone."),
    _c("SETUP.ENVIRONMENTS", "setup", S_SETUP, "Five different environment decks are shuffled and set aside."),
    _c("SETUP.ENV-IN-PLAY", "setup", S_SETUP, "Two of those five decks are put into play, one in each battle zone's environment play area."),
    _c("SETUP.INEVITABLE-DESTRUCTION", "setup", S_SETUP, "Inevitable Destruction goes into play with the Countdown token on space 6 and no Devastation on it."),
    # --- Options -----------------------------------------------------------------------------
    _c("OPTION.SCION-ORDER", "option", S_OPTION, "Instead of shuffling, players may order the Scion Reserve themselves; the Scions put at the bottom arrive first."),
    # --- Round order -------------------------------------------------------------------------
    _c("ROUND.ORDER", "round", S_ROUND, "A round is OblivAeon's turn, each hero's turn, then the First Battle Zone's environment and villain turns, then the Second's."),
    _c("ROUND.HERO-ORDER", "round", S_ROUND, "Heroes take their turns in marker order; turns four and five exist only with that many heroes."),
    _c("ROUND.REPEAT", "round", S_ROUND, "Rounds repeat until the game ends."),
    # --- OblivAeon turn ----------------------------------------------------------------------
    _c("OA-TURN.FIRST", "OblivAeon turn", S_OA, "OblivAeon takes the first turn of the game and of every round."),
    _c("OA-TURN.ZONE", "OblivAeon turn", S_OA, "During OblivAeon's turn, card effects happen in the battle zone where his marker stands unless a card says otherwise."),
    _c("OA-TURN.START", "OblivAeon turn", S_OA, "At the start of his turn, the Booklet's and (if in play) the Shield's start-of-turn effects resolve."),
    _c("OA-TURN.PLAY", "OblivAeon turn", S_OA, "He plays the top card of his deck; an ongoing card names the battle zone it goes to."),
    _c("OA-TURN.END", "OblivAeon turn", S_OA, "At the end of his turn, the Booklet's and (if in play) the Shield's end-of-turn effects resolve."),
    # --- Hero turns --------------------------------------------------------------------------
    _c("HERO.MOVE", "hero turn", S_HERO, "First thing in a hero's turn, the player may move the hero's marker to the other battle zone."),
    _c("HERO.OPTION", "hero turn", S_HERO, "After that the player may use one of six options, or none."),
    _c("HERO.OPT.TAKE", "hero turn", S_HERO, "Take on an objective: with no objective in the play area, move the Mission deck's top card there."),
    _c("HERO.OPT.SWAP", "hero turn", S_HERO, "Swap out an objective: put the objective in the play area on the bottom of the Mission deck and take the top card."),
    _c("HERO.OPT.TRADE", "hero turn", S_HERO, "Trade an objective with another player whose hero is in the same battle zone; both must hold an objective."),
    _c("HERO.OPT.SHUFFLE", "hero turn", S_HERO, "Shuffle the Mission deck."),
    _c("HERO.OPT.INCAP-ABILITY", "hero turn", S_HERO, "Use an incapacitated ability printed on an incapacitated character card in the player's play area."),
    _c("HERO.OPT.REGAIN-REWARD", "hero turn", S_HERO, "Move a reward from under an incapacitated character card in the play area into the player's hand."),
    _c("HERO.CONTINUE", "hero turn", S_HERO, "The turn then proceeds as usual: start, play a card, use a power, draw, end."),
    # --- Environment turns -------------------------------------------------------------------
    _c("ENV.TURN", "environment turn", S_ROUND, "An environment turn is its start, playing the top card of that zone's environment deck, and its end."),
    _c("ENV.GAME-OVER", "environment turn", S_ENV, "When an environment's Game Over condition is met, the game goes on; every card of that environment leaves the game, wherever it is."),
    _c("ENV.REMOVAL.MOVE-OBLIVAEON", "environment turn", S_ENV, "Whenever an environment deck leaves the game, OblivAeon moves to that battle zone."),
    _c("ENV.REMOVAL.REPLACE", "environment turn", S_ENV, "A set-aside environment deck then fills that zone's environment play area."),
    _c("ENV.REMOVAL.LOSS", "environment turn", S_ENV, "If no set-aside deck is left when an environment falls, the multiverse is destroyed and the game is lost."),
    _c("ENV.REMOVAL.DAMAGE", "environment turn", S_ENV, "Otherwise OblivAeon deals every target there 20 irreducible infernal damage."),
    # --- Villain turns -----------------------------------------------------------------------
    _c("VILLAIN.TURN-PER-ZONE", "villain turn", S_VILLAIN, "Every battle zone takes a villain turn of its own."),
    _c("VILLAIN.START", "villain turn", S_VILLAIN, "Start of a villain turn: that zone's start-of-this-villain-turn effects resolve."),
    _c("VILLAIN.PLAY-SCION-CARD", "villain turn", S_VILLAIN, "If one or more Scions stand in the zone, the top card of the Scion deck is played; otherwise nothing is."),
    _c("VILLAIN.END", "villain turn", S_VILLAIN, "End of a villain turn: that zone's end-of-this-villain-turn effects resolve."),
    # --- Battle zones ------------------------------------------------------------------------
    _c("BZ.TWO-ZONES", "battle zone", S_BZ, "Play happens over two battle zones, each with its own battle zone card that places play areas and carries rules."),
    _c("BZ.ISOLATION", "battle zone", S_BZ, "Nothing in one battle zone affects or is affected by anything in the other, unless card text says so."),
    _c("BZ.DEV.SCIONS-OUTNUMBER", "battle zone", S_BZ, "At the start of a villain turn, if the zone holds more Scions than heroes, one Devastation per Scion there is added."),
    _c("BZ.DEV.SCION-REMOVED", "battle zone", S_BZ, "Each time a Scion leaves the game, one Devastation is removed."),
    _c("BZ.DEV.HERO-INCAP", "battle zone", S_BZ, "Each time a hero is incapacitated, one Devastation is added."),
    # --- Shields -----------------------------------------------------------------------------
    _c("SHIELD.RANDOM-START", "shield", S_SHIELD, "The game starts with one double-sided Shield, picked at random, in play."),
    _c("SHIELD.TASKS", "shield", S_SHIELD, "Heroes weaken the Shield by its tasks and must disable it before they can really fight OblivAeon."),
    # --- Incapacitation ----------------------------------------------------------------------
    _c("INCAP.CARDS-TO-BOX", "incapacitation", S_INCAP, "At once, all of the hero's non-character cards except Mission cards go back to the box."),
    _c("INCAP.CHARACTER-SPENT", "incapacitation", S_INCAP, "The hero may come back later, but never with the character card that was incapacitated."),
    _c("INCAP.REWARDS-UNDER", "incapacitation", S_INCAP, "The hero's rewards go under the incapacitated character card, reward side up."),
    _c("INCAP.OBJECTIVES-TO-MISSION-DECK", "incapacitation", S_INCAP, "The hero's objectives go under the Mission deck, objective side up."),
    _c("INCAP.FOREIGN-CARDS-TO-TRASH", "incapacitation", S_INCAP, "Other heroes', villain and environment cards in that play area go to their own trashes."),
    _c("INCAP.REPLACEMENT", "incapacitation", S_INCAP, "When the current turn ends, that player sets up another hero from the box in the same play area, as at the start of a game, with a hand of four."),
    _c("INCAP.REPLACEMENT-MOVE", "incapacitation", S_INCAP, "After setting up the new hero, the player may move it to the other battle zone."),
    _c("INCAP.NO-LIMIT", "incapacitation", S_INCAP, "A player may go through any number of heroes; only the supply of character cards, variants included, limits it."),
    _c("INCAP.NO-SHARED-DECK", "incapacitation", S_INCAP, "No hero deck is played by two players at once, but a deck may return later through a different character variant."),
    # --- Inevitable Destruction --------------------------------------------------------------
    _c("ID.DEVASTATION", "Inevitable Destruction", S_ID, "Devastation tokens count towards OblivAeon destroying environments, as the Booklet governs."),
    _c("ID.COUNTDOWN", "Inevitable Destruction", S_ID, "The Countdown token counts rounds until something terrible happens, as the Booklet governs."),
    # --- Aeon Men ----------------------------------------------------------------------------
    _c("AEON-MEN.NOT-PLAYED-IN-PLAY-PHASES", "Aeon Men", S_AEON, "Aeon Men cards are never played in a play-a-card phase."),
    _c("AEON-MEN.ON-INSTRUCTION", "Aeon Men", S_AEON, "Aeon Men cards are played only when a Scion or the OblivAeon Booklet says to."),
    # --- Missions ----------------------------------------------------------------------------
    _c("MISSION.PURPOSE", "mission", S_MISSION, "Missions are how the heroes earn the extra power they need against OblivAeon.", handled=False, note="motivation; no rule to implement"),
    _c("MISSION.DOUBLE-SIDED", "mission", S_MISSION, "Mission cards have an objective side and a reward side; a reward is a hero card with a type keyword, or a hero target."),
    _c("MISSION.OBJECTIVE-COMPLETION", "mission", S_MISSION, "The objective side says how to achieve it and what happens then."),
    _c("MISSION.DECK-OBJECTIVE-UP", "mission", S_MISSION, "The Mission deck lies objective side up, so its next objective is known."),
    # --- Additional rules, new heroes, charts ------------------------------------------------
    _c("MORE.FAQ-POINTER", "pointer", S_MORE, "Corner cases are collected on the rulebook's additional-rules page.", handled=False, note="a pointer to the Rules Clarifications, which are clauses of their own", points_to=S_CLAR),
    _c("HEROES.LUMINARY", "new hero", S_HEROES, "Luminary fights with many devices and plots and likes to use up his resources."),
    _c("HEROES.HARPY", "new hero", S_HEROES, "The Harpy keeps five two-sided tokens (Arcana / Avian) by her character card, three Arcana and two Avian at the start; her cards read and flip them."),
    _c("HEROES.AKASH-THRIYA", "new hero", S_HEROES, "Akash'Thriya plants seeds in the environment deck; seeds discarded from it go to the environment trash, and putting the environment deck's top card into play counts as playing a seed from it."),
    _c("HEROES.LA-COMODORA", "new hero", S_HEROES, "La Comodora brings parts of her ship into battle and nudges the timestream."),
    _c("HEROES.LIFELINE", "new hero", S_HEROES, "Lifeline pays for his attacks with his own life and can draw vitality from others, foes included."),
    _c("CHART.HERO-COMPLEXITY", "chart", S_CHART, "Complexity of the five new heroes, as data.", handled=False, note="a guide for choosing heroes: no rule of play reads it; the model keeps it as HERO_COMPLEXITY in charts.py"),
    _c("CHART.SCION-DIFFICULTY", "chart", S_CHART, "Difficulty of the ten Scions, as data."),
    # --- Rules Clarifications ----------------------------------------------------------------
    _c("CLAR.ZONE-MEMBERSHIP", "clarification", S_CLAR, "A hero, its player, its play area and every card in that play area are in the battle zone of its marker."),
    _c("CLAR.LOOK-AT-REWARDS", "clarification", S_CLAR, "A player may look at the rewards under an incapacitated character card in their play area whenever they like.", handled=False, note="grants information and changes no state; exposed as incapacitation.rewards_visible_to"),
    _c("CLAR.VILLAIN-DECKS", "clarification", S_CLAR, "The OblivAeon, Scion and Aeon Men decks are villain decks and the Scion Reserve is no deck; hero and environment cards reach those decks only when one of their targets shares the card's zone."),
    _c("CLAR.OA-TURN-IS-VILLAIN-TURN", "clarification", S_CLAR, "For hero and environment card effects, OblivAeon's turn is a villain turn."),
    _c("CLAR.VILLAIN-CHARACTERS", "clarification", S_CLAR, "The Booklet and every Scion panel are villain character cards."),
    _c("CLAR.SCIONS-FROM-BOTTOM", "clarification", S_CLAR, "Scions entering play come from the bottom of the Scion Reserve."),
    _c("CLAR.SCIONS-BEFORE-AEON-MEN", "clarification", S_CLAR, "Start- and end-of-turn effects of Scion panels and Scion cards resolve before those of Aeon Men cards."),
    _c("CLAR.SHIELD-INDESTRUCTIBLE", "clarification", S_CLAR, "Shields cannot be destroyed, though their own text may take them out of the game."),
    _c("CLAR.MISSION-TARGET-KIND", "clarification", S_CLAR, "Mission cards may be villain or environment targets without being villain or environment cards."),
    _c("CLAR.REWARDS-BELONG", "clarification", S_CLAR, "A reward in a hero's play area belongs to that hero and is one of that hero's cards."),
    _c("CLAR.TRADE-KEEPS-STATE", "clarification", S_CLAR, "A traded objective keeps its tokens and its current HP."),
    _c("CLAR.MISSION-ZONE", "clarification", S_CLAR, "A Mission card in a hero play area acts only in that hero's zone; only players with a hero in that zone pay its costs or interact with it."),
    _c("CLAR.FLIP-RESTORES-HP", "clarification", S_CLAR, "A Mission card flipped to a side that has HP starts that side at its printed HP."),
    _c("CLAR.MISSION-DECK-UNTARGETABLE", "clarification", S_CLAR, "Powers and abilities that target decks cannot pick the Mission deck."),
    _c("CLAR.COMPLETED-MISSION-TRASH", "clarification", S_CLAR, "A destroyed or discarded reward goes to the trash of the play area it was in; rewards in a hero's deck or trash carry no objective text."),
    _c("CLAR.FLIP-CLEARS-TOKENS", "clarification", S_CLAR, "Flipping an objective removes every token on it."),
    _c("CLAR.MISSION-TYPES", "clarification", S_CLAR, "Mission cards are never character cards; their keyword gives their type; objective targets are villain or environment targets; reward targets with a hero (play area, deck, trash, hand) are hero targets and hero cards."),
    _c("CLAR.REWARD-NO-OBJECTIVE", "clarification", S_CLAR, "A reward has no objective text; it gets it back only by going back into the Mission deck."),
    _c("CLAR.INDESTRUCTIBLE-MOVES", "clarification", S_CLAR, "Indestructible cards can still move between battle zones."),
    _c("CLAR.HERO-COUNT", "clarification", S_CLAR, "The hero-count symbol means the number of hero play areas when the game began."),
    _c("CLAR.MULTIPLE-MOVES", "clarification", S_CLAR, "A hero may change battle zones more than once in a turn."),
    _c("CLAR.ERASED", "clarification", S_CLAR, "A hero erased by OblivAeon's third form is never played again, with any character card."),
    _c("CLAR.OA-NOT-REMOVABLE", "clarification", S_CLAR, "Nothing else (Unforgiving Wasteland, say) can take OblivAeon out of the game."),
    _c("CLAR.RITES-OF-REVIVAL", "clarification", S_CLAR, "Rites of Revival sends the revived character card back to the box (usable later) and puts the rewards under it into its player's hand, unless Rainek Kel'Voss has usurped OblivAeon's power, in which case the card works as printed."),
    _c("CLAR.REQUITAL-CONSTRUCTS", "clarification", S_CLAR, "While an incapacitated Requital Captain Cosmic has Constructs under it, or any are in play, no other Captain Cosmic may be set up."),
    _c("CLAR.SENTINELS", "clarification", S_CLAR, "The Sentinels add a single Devastation, only once all four are incapacitated; their reward The Bloodstone fires only then and revives all four."),
)
# fmt: on

CATALOGUE = Catalogue("oblivaeon", CLAUSES)
implements = CATALOGUE.implements

#: The sections of the rulebook that the Round Order Reference repeats; the reference adds no
#: rule of its own, so its paragraphs are covered by the ROUND.*, OA-TURN.*, HERO.* clauses.
REFERENCE_SECTIONS = {
    S_REF: ("ROUND.ORDER", "OA-TURN.START", "OA-TURN.PLAY", "OA-TURN.END", "HERO.MOVE", "ENV.TURN", "VILLAIN.PLAY-SCION-CARD")
}
