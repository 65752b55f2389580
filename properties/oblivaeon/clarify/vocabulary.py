"""The words of the clarification language: each term is a property a game object may have.

Terms are written in lower case; the parser matches the longest term first.  A game object is any
card, deck, pile, turn or hero the rulebook talks about.  The descriptions are ours.
"""

from __future__ import annotations

TERMS: dict[str, str] = {
    # what a card is
    "card": "a physical card (or oversized card)",
    "hero card": "a card that counts as a hero card",
    "villain card": "a card that counts as a villain card",
    "environment card": "a card that counts as an environment card",
    "mission card": "a card from the Mission deck",
    "objective": "a Mission card objective side up",
    "reward": "a Mission card reward side up",
    "character card": "a hero or villain character card",
    "hero character card": "a hero's character card",
    "villain character card": "a villain character card",
    "oblivaeon booklet": "the OblivAeon Booklet",
    "scion panel": "an oversized Scion card",
    "shield card": "an OblivAeon Shield",
    "aeon men card": "a card of the Aeon Men deck",
    "oblivaeon card": "a card of the OblivAeon deck",
    # targets
    "target": "has HP (a target)",
    "hero target": "counts as a hero target",
    "villain target": "counts as a villain target",
    "environment target": "counts as an environment target",
    # decks and piles
    "deck": "a deck",
    "villain deck": "a villain deck",
    "oblivaeon deck": "OblivAeon's deck",
    "scion deck": "the Scion deck",
    "aeon men deck": "the Aeon Men deck",
    "mission deck": "the Mission deck",
    "scion reserve": "the Scion Reserve pile",
    "reachable only from its targets' battle zone": "hero and environment cards reach it only when one of its targets shares their zone",
    # the things of the game (EXIST.* counts them, from the model's setup: properties/oblivaeon/clarify/existence.py)
    "battle zone": "one of the two battle zones",
    "hero play area": "a hero's play area",
    "player": "a player (who plays one hero)",
    "scion": "a Scion in play (its panel or Scion card)",
    "environment": "an environment deck in play (one per battle zone)",
    "effect": "what a card's text does when it resolves",
    "aeon men effect": "a start- or end-of-turn effect on an Aeon Men card",
    "temporary effect": "an effect that lasts until a named moment",
    "hero turn": "a hero's turn",
    "environment turn": "a battle zone's environment turn",
    "other captain cosmic variant": "a Captain Cosmic character card other than Requital",
    "sentinels": "the Sentinels hero (four character cards)",
    # where things are
    "in a hero hand": "lies in a hero's hand",
    "in a hero play area": "lies in a hero play area",
    "in a hero deck": "lies in a hero's deck",
    "in a hero trash": "lies in a hero's trash",
    "in the box": "lies in the box",
    "under an incapacitated hero": "lies under an incapacitated hero character card",
    # Mission card state
    "traded": "an objective that has just been traded",
    "flipped": "a Mission card that has just been flipped",
    "with hp": "the side now up has printed HP",
    "keeps its tokens": "keeps the tokens it had",
    "keeps its hp": "keeps its current HP",
    "cleared of tokens": "loses every token",
    "restored to printed hp": "its HP is set to the printed value",
    "destroyed or discarded": "has just been destroyed or discarded",
    "goes to the trash of its play area": "goes to the trash of the play area it was in",
    "has objective text": "has objective text",
    "in the mission deck": "lies in the Mission deck",
    # turns and timing
    "oblivaeon turn": "OblivAeon's turn",
    "villain turn": "a villain turn (for hero and environment card effects)",
    "scion effect": "a start- or end-of-turn effect on a Scion panel or Scion card",
    "entering scion": "a Scion coming into play",
    "drawn from the bottom of the scion reserve": "taken from the bottom of the Scion Reserve",
    # heroes
    "hero": "a hero (its deck and character card in a play area)",
    "hero-count symbol": "the circled number printed on cards",
    "number of hero play areas at the start": "equals the number of hero play areas when the game began",
    "erased": "erased by OblivAeon's third form",
    "oblivaeon": "OblivAeon himself",
    "revived by rites of revival": "resurrected by Rites of Revival from the Temple of Zhu Long",
    "while rainek kel'voss has usurped oblivaeon": "Rainek Kel'Voss has flipped and usurped OblivAeon's power",
    "returned to the box": "goes back to the box, available later",
    "rewards go to its player's hand": "the rewards under it go to its player's hand",
    "incapacitated requital with constructs": "an incapacitated Requital Captain Cosmic with Constructs under it or in play",
    "single incapacitated sentinel": "one of the Sentinels incapacitated while others stand",
    "all four sentinels incapacitated": "every one of the Sentinels is incapacitated",
    "the bloodstone": "the reward The Bloodstone",
    "activated": "its effect fires",
    "revives all four": "revives all four Sentinels",
}
