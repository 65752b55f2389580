"""The Aeon's End clause catalogue: every paragraph of the rulebook, paraphrased, with a stable id."""

from __future__ import annotations

from oblivaeon_verify.model.common.clauses import Catalogue, Clause

S_OBJECT = "Object of the Game"
S_COMPONENTS = "Key Components"
S_ORDER = "Turn Order"
S_CAST = "Player Turn: Casting Phase"
S_MAIN = "Player Turn: Main Phase"
S_DRAW = "Player Turn: Draw Phase"
S_NEMESIS = "Nemesis Turn"
S_EXHAUST = "Exhausted Players"
S_END = "Game End"
S_DIFF = "Variable Difficulty"
S_SOLO = "Solo Play"


def _c(id: str, kind: str, section: str, text: str, handled: bool = True, note: str = "") -> Clause:
    return Clause(id, kind, section, text, handled, note)


# fmt: off
CLAUSES: tuple[Clause, ...] = (
    _c("OBJECT.GOAL", "object", S_OBJECT, "The players try to defeat the nemesis before Gravehold falls or every player is exhausted.", handled=False, note="summarised by the GAME-END clauses"),
    _c("OBJECT.TURN-SUMMARY", "object", S_OBJECT, "On a turn a player casts spells, gains cards from the supply, works their breaches and uses their ability.", handled=False, note="summary of the PLAYER-TURN clauses"),
    # --- components ------------------------------------------------------------------------
    _c("CARDS.GEMS", "component", S_COMPONENTS, "Gems are played for aether, the currency spent on cards, charges and breaches."),
    _c("CARDS.SPELLS", "component", S_COMPONENTS, "Spells deal most damage and must be prepped to a breach before they are cast."),
    _c("CARDS.RELICS", "component", S_COMPONENTS, "Relics have instant effects."),
    _c("CARDS.GAIN", "component", S_COMPONENTS, "A card is gained from the supply by paying its cost in aether; it goes to the gainer's discard pile."),
    _c("BREACH.COSTS", "component", S_COMPONENTS, "A breach has an open cost (flip it open for good) and a focus cost (turn it a quarter towards opening)."),
    _c("BREACH.PREP-WHERE", "component", S_COMPONENTS, "A spell may be prepped only to an opened breach, or to a closed breach focused this turn."),
    _c("BREACH.BONUS", "component", S_COMPONENTS, "Some opened breaches add an effect, such as extra damage, to spells cast from them."),
    _c("BREACH.ADJACENT", "component", S_COMPONENTS, "Breaches next to each other on a mat are adjacent."),
    _c("NEMESIS.CARD-KINDS", "component", S_COMPONENTS, "Nemesis cards are attacks (resolve, then discard), minions (stay with life until defeated) and powers (count down, then resolve)."),
    _c("NEMESIS.BASIC-AND-UNIQUE", "component", S_COMPONENTS, "Basic nemesis cards suit any nemesis; unique ones belong to one."),
    _c("TURN-ORDER.DECK", "component", S_COMPONENTS, "The turn order deck decides who acts next."),
    _c("TRACKERS", "component", S_COMPONENTS, "Dials track Gravehold's and the nemesis's life; tokens track players' and minions' life and charges."),
    _c("MAT.BREACH-SETUP", "component", S_COMPONENTS, "A mage's mat gives the starting position of each of their breaches."),
    _c("MAT.STARTING-HAND", "component", S_COMPONENTS, "A mage's mat gives their starting hand."),
    _c("MAT.STARTING-DECK", "component", S_COMPONENTS, "A mage's mat gives their starting deck, in order."),
    _c("MAT.ABILITY", "component", S_COMPONENTS, "When charges fill every space of a mage's ability, they may use it; then all charges are removed."),
    # --- turn order ------------------------------------------------------------------------
    _c("TURN-ORDER.DRAW", "turn order", S_ORDER, "At the start and after every turn, the top turn order card says who acts next and goes to the turn order discard."),
    _c("TURN-ORDER.RESHUFFLE", "turn order", S_ORDER, "An empty turn order deck is refilled by shuffling its discards."),
    _c("TURN-ORDER.COMPOSITION", "turn order", S_ORDER, "The standard turn order deck holds player cards and nemesis cards."),
    # --- casting ---------------------------------------------------------------------------
    _c("CAST.OPENED-MAY", "casting phase", S_CAST, "Spells prepped in opened breaches may be cast."),
    _c("CAST.CLOSED-MUST", "casting phase", S_CAST, "Spells prepped in closed breaches (focused last turn) must be cast."),
    _c("CAST.ORDER", "casting phase", S_CAST, "The player chooses the order of casting."),
    _c("CAST.TO-DISCARD", "casting phase", S_CAST, "A cast spell goes on top of its owner's discard pile, then its Cast effect resolves."),
    _c("CAST.SINGLE-TARGET", "casting phase", S_CAST, "Spell damage hits one minion or the nemesis unless the spell says otherwise."),
    _c("CAST.MINION-DAMAGE", "casting phase", S_CAST, "Damage to a minion removes life tokens; a minion at 0 is discarded."),
    _c("CAST.NEMESIS-DAMAGE", "casting phase", S_CAST, "Damage to the nemesis turns its dial down; at 0 the players win."),
    _c("CAST.BREACH-BONUS", "casting phase", S_CAST, "A breach's extra damage applies to every spell cast from it."),
    # --- main ------------------------------------------------------------------------------
    _c("MAIN.ANY-ORDER", "main phase", S_MAIN, "Main-phase actions happen in any order, any number of times."),
    _c("MAIN.PLAY-GEM-RELIC", "main phase", S_MAIN, "Play a gem or relic, doing all its text; its aether is gained even if unspent."),
    _c("MAIN.GAIN-CARD", "main phase", S_MAIN, "Gain a supply card by paying its cost; it goes to the discard pile."),
    _c("MAIN.GAIN-CHARGE", "main phase", S_MAIN, "Pay 2 aether for a charge on one's own mat, never beyond the ability's requirement."),
    _c("MAIN.FOCUS", "main phase", S_MAIN, "Pay a breach's focus cost to turn it a quarter; the fourth turn opens it."),
    _c("MAIN.OPEN", "main phase", S_MAIN, "Pay a breach's open cost to open it for the rest of the game."),
    _c("MAIN.PREP", "main phase", S_MAIN, "Put a spell from hand on an opened breach or a breach focused this turn."),
    _c("MAIN.WHILE-PREPPED", "main phase", S_MAIN, "Use a prepped spell's While-prepped effect."),
    _c("MAIN.TO-DISCARD", "main phase", S_MAIN, "Pay a nemesis card's TO DISCARD cost to discard it."),
    # --- draw ------------------------------------------------------------------------------
    _c("DRAW.DISCARD-PLAYED", "draw phase", S_DRAW, "Played gems and relics go on top of the discard pile in the order the player chooses."),
    _c("DRAW.TO-FIVE", "draw phase", S_DRAW, "Draw from the top of the deck until the hand holds five cards."),
    _c("DRAW.NEVER-SHUFFLE", "draw phase", S_DRAW, "The deck is never shuffled: an empty deck is refilled by turning the discard pile over, so discard order is draw order."),
    _c("ALLY-SPELL", "draw phase", S_DRAW, "A player casting an ally's prepped spell makes its decisions, and it goes to the ally's discard pile."),
    # --- nemesis ---------------------------------------------------------------------------
    _c("NEMESIS.MAIN", "nemesis turn", S_NEMESIS, "The nemesis's minions and powers act from oldest to newest: minion effects, power counters and powers that resolve."),
    _c("NEMESIS.DRAW", "nemesis turn", S_NEMESIS, "The nemesis draws a card: an attack resolves and is discarded; a minion or power enters play with its tokens and IMMEDIATELY effects."),
    _c("NEMESIS.UNLEASH", "nemesis turn", S_NEMESIS, "Each nemesis has its own Unleash effect, set off by various cards."),
    # --- exhausted -------------------------------------------------------------------------
    _c("EXHAUST.WHEN", "exhausted", S_EXHAUST, "A player at 0 life is exhausted."),
    _c("EXHAUST.UNLEASH-TWICE", "exhausted", S_EXHAUST, "The nemesis Unleashes twice."),
    _c("EXHAUST.DESTROY-BREACH", "exhausted", S_EXHAUST, "The player destroys one of their breaches for good, discarding any spell prepped there."),
    _c("EXHAUST.DISCARD-CHARGES", "exhausted", S_EXHAUST, "The player discards all charge tokens."),
    _c("EXHAUST.STILL-PLAYS", "exhausted", S_EXHAUST, "Exhausted players keep taking turns."),
    _c("EXHAUST.NO-LIFE-GAIN", "exhausted", S_EXHAUST, "Exhausted players cannot gain life."),
    _c("EXHAUST.LOWEST-LIFE", "exhausted", S_EXHAUST, "Effects aimed at the lowest-life player pick the lowest non-exhausted player."),
    # --- end -------------------------------------------------------------------------------
    _c("END.IMMEDIATE", "game end", S_END, "The game ends at once when an end condition is met."),
    _c("END.WIN-NEMESIS-DEFEATED", "game end", S_END, "The players win when the nemesis has 0 life."),
    _c("END.WIN-NEMESIS-EXHAUSTED", "game end", S_END, "The players win when the nemesis deck is empty and no minion or power is in play."),
    _c("END.LOSE-ALL-EXHAUSTED", "game end", S_END, "The players lose when all of them are exhausted."),
    _c("END.LOSE-GRAVEHOLD", "game end", S_END, "The players lose when Gravehold has 0 life."),
    _c("END.LOSE-NEMESIS-SPECIFIC", "game end", S_END, "The players lose when their nemesis's own loss condition is met."),
    # --- difficulty and solo ---------------------------------------------------------------
    _c("DIFFICULTY.NORMAL", "difficulty", S_DIFF, "Normal: the nemesis mat as written."),
    _c("DIFFICULTY.BEGINNER", "difficulty", S_DIFF, "Beginner: players start at 12 life, Gravehold at 35, the nemesis 10 lower."),
    _c("DIFFICULTY.EXPERT", "difficulty", S_DIFF, "Expert: the nemesis's Increased Difficulty rules apply."),
    _c("DIFFICULTY.EXTINCTION", "difficulty", S_DIFF, "Extinction: Increased Difficulty, players at 8 life, Gravehold at 25, the nemesis 10 higher."),
    _c("SOLO.MULTIPLE-MAGES", "solo", S_SOLO, "A lone player may run several mages, following the rules for that many players.", handled=False, note="the model has no notion of who controls a mage; playing 2 to 4 mages is the same game"),
    _c("SOLO.TRUE-SOLO", "solo", S_SOLO, "True solo: a turn order deck of three player and two nemesis cards; every player card is the lone mage's turn, and they are their own ally."),
)
# fmt: on

CATALOGUE = Catalogue("aeons_end", CLAUSES)
implements = CATALOGUE.implements
