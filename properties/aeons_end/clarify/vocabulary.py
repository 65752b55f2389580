"""The words of the Aeon's End clarification language: each term is a property a game object may have.

A game object is anything the rulebook talks about, at one moment of play: a player, a breach, a
card (player cards in hands and breaches, nemesis cards drawn or in play, turn order cards), the
nemesis, Gravehold, one exhaustion of a player, or the game itself.  Terms are lower case; the parser
matches the longest term first.  Terms that say what may or must happen ("may receive a spell")
describe the moment named in their description; at other moments they are left open.  The
descriptions are ours.
"""

from __future__ import annotations

TERMS: dict[str, str] = {
    # players
    "player": "a player (a breach mage), at one moment of the game",
    "exhausted": "a player whose life was reduced to 0",
    "at 0 life": "has no life left",
    "may gain life": "an effect that gives them life raises their life (judged while below their starting life)",
    "keeps taking turns": "the turn order deck still holds a card that gives them a turn",
    "picked by lowest-life effects": "an effect on 'the lowest-life player' may pick them",
    "of lowest life among non-exhausted players": "not exhausted, and no non-exhausted player has less life",
    "fully charged": "charge tokens fill every space of their ability",
    "short of charges": "has fewer charge tokens than their ability needs",
    "has more charges than their ability needs": "holds more charge tokens than their ability has spaces",
    "may use their ability": "in their main phase, they may use their mat's ability",
    "outside their turn": "a player while someone else (a player or the nemesis) takes the turn, or before the first turn",
    "holds five cards": "has exactly five cards in hand",
    "has no cards left to draw": "has neither a deck nor a discard pile to draw from",
    "exhaustion": "a player becoming exhausted, with what follows from it",
    "unleashes the nemesis twice": "the nemesis's Unleash resolves twice because of it",
    "destroys one of the player's breaches": "the exhausted player destroys exactly one of their breaches",
    "discards all of the player's charges": "the exhausted player is left with no charge tokens",
    # breaches
    "breach": "one of a player's four breaches",
    "opened": "a breach flipped to its opened side",
    "closed": "a breach not yet opened (and not destroyed)",
    "destroyed": "a breach destroyed when its player was exhausted, gone for good",
    "focused this turn": "a breach its player focused during the current turn",
    "empty": "a breach with no spell prepped to it",
    "may receive a spell": "in its player's main phase, with a spell in hand, a spell may be prepped to it",
    "may be focused": "in its player's main phase, its player may focus it",
    "may be opened": "in its player's main phase, its player may open it",
    # player cards
    "player card": "a gem, relic or spell of a player",
    "gem": "a gem card: played for aether",
    "relic": "a relic card: an instant effect",
    "spell": "a spell card: prepped to a breach, later cast for damage",
    "in hand": "in its player's hand during their turn",
    "may be played": "in its player's main phase, it may be played from hand",
    "may be prepped": "in its player's main phase, it may be prepped from hand to a breach",
    "played": "a gem or relic just played",
    "gives aether": "playing it gave its player aether",
    "gained": "a card just gained from the supply",
    "paid for with its cost in aether": "its cost in aether was paid when it was gained",
    "prepped": "a spell prepped to a breach, in its player's casting phase",
    "in an opened breach": "prepped to a breach that is opened",
    "in a closed breach": "prepped to a breach that is still closed",
    "may be cast": "in its player's casting phase, it may be cast",
    "must be cast": "in its player's casting phase, the phase cannot end while it stays prepped",
    "cast by its owner": "a spell just cast by the player whose breach held it",
    "cast by an ally": "a spell just cast by a player other than the one whose breach held it",
    "cast from a breach with a damage bonus": "a spell just cast from an opened breach that adds damage",
    "deals extra damage": "dealt more damage than the spell's own",
    "cast at the nemesis": "a spell just cast with the nemesis as its target",
    "lowers the nemesis's life by its damage": "the nemesis's life dial went down by the damage dealt (to no lower than 0)",
    "goes to its owner's discard pile": "ends on the discard pile of the player it belongs to",
    "lets its player cast an ally's prepped spell": "its effect lets the player who plays it cast a spell prepped to an ally's breach",
    # the nemesis, its cards and Gravehold
    "nemesis": "the nemesis itself",
    "gravehold": "Gravehold, the players' home",
    "nemesis card": "an attack, minion or power of the nemesis deck",
    "attack": "a nemesis attack card",
    "minion": "a nemesis minion card",
    "power": "a nemesis power card",
    "in play": "a nemesis card in play",
    "has life tokens": "has life left on it",
    "has power tokens": "has power tokens left on it",
    "drawn": "a card just drawn (from the nemesis deck or the turn order deck)",
    "discarded": "goes to the nemesis discard pile",
    "enters play": "stays in play after being drawn",
    "spell target": "in a player's casting phase, a spell's damage may be dealt to it",
    "lets a player discard it by paying aether": "has a TO DISCARD cost",
    # turn order
    "turn order card": "a card of the turn order deck",
    "player turn order card": "a turn order card that gives a player a turn",
    "nemesis turn order card": "a turn order card that gives the nemesis a turn",
    "goes to the turn order discard": "lies on the turn order discard pile after it is drawn",
    # the game
    "game": "the game at one moment",
    "won": "the players have won",
    "lost": "the players have lost",
    "ended": "the game is over (won, lost or stopped)",
    "offers decisions": "some player or chance decision is still to be made",
    "with the nemesis at 0 life": "the nemesis has no life left",
    "with gravehold at 0 life": "Gravehold has no life left",
    "with all players exhausted": "every player is exhausted",
    "with the nemesis out of cards": "the nemesis deck is empty and no minion or power is in play",
    "with the nemesis's loss condition met": "the nemesis's own loss condition is met",
}

#: First words of predicate terms: they end a subject and need no 'is' ("no exhausted player may gain life").
VERBS = {
    "may",
    "must",
    "keeps",
    "unleashes",
    "destroys",
    "discards",
    "has",
    "gives",
    "goes",
    "deals",
    "lets",
    "enters",
    "offers",
    "holds",
    "lowers",
}
#: After an article and no quantifier, these make a statement existential: "an exhausted player may gain life".
MODALS = {"may"}
