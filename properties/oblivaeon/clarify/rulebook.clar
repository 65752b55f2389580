# The Rules Clarifications of the OblivAeon rulebook, in the clarification language (our wording).
# Each line cites its clause id (model/oblivaeon/clauses.py); lines with one id form one clarification.
# VOCAB.* lines say what the words mean and that the game has such things; they take part in every check.

VOCAB.MISSION-SIDES: every objective is a mission card.
VOCAB.MISSION-SIDES: every reward is a mission card.
VOCAB.MISSION-SIDES: no objective is a reward.
VOCAB.TARGET-KINDS: every hero target is a target.
VOCAB.TARGET-KINDS: every villain target is a target.
VOCAB.TARGET-KINDS: every environment target is a target.
VOCAB.TARGET-KINDS: no hero target is a villain target or an environment target.
VOCAB.TARGET-KINDS: no villain target is an environment target.
VOCAB.CARD-SIDES: no hero card is a villain card or an environment card.
VOCAB.CARD-SIDES: no villain card is an environment card.
VOCAB.CHARACTERS: every hero character card is a character card and a hero card.
VOCAB.CHARACTERS: every villain character card is a character card and a villain card.
VOCAB.DECKS: every villain deck is a deck.
VOCAB.CARDS: every mission card is a card.
VOCAB.CARDS: every hero card or villain card or environment card is a card.
VOCAB.CARDS: every character card or scion panel or oblivaeon booklet or shield card is a card.
VOCAB.CARDS: every aeon men card or oblivaeon card is a villain card.
VOCAB.GAME-HAS: some reward is in a hero play area.
VOCAB.GAME-HAS: some objective is in a hero play area.
VOCAB.GAME-HAS: some reward is in a hero deck.

CLAR.ZONE-MEMBERSHIP: every card in a hero play area is in its marker's battle zone.
CLAR.ZONE-MEMBERSHIP: every hero is in its marker's battle zone.
CLAR.LOOK-AT-REWARDS: every reward under an incapacitated hero is visible to its player.
CLAR.VILLAIN-DECKS: every oblivaeon deck is a villain deck.
CLAR.VILLAIN-DECKS: every scion deck is a villain deck.
CLAR.VILLAIN-DECKS: every aeon men deck is a villain deck.
CLAR.VILLAIN-DECKS: no scion reserve is a deck.
CLAR.VILLAIN-DECKS: every villain deck is reachable only from its targets' battle zone.
CLAR.OA-TURN-IS-VILLAIN-TURN: every oblivaeon turn is a villain turn.
CLAR.VILLAIN-CHARACTERS: every oblivaeon booklet is a villain character card.
CLAR.VILLAIN-CHARACTERS: every scion panel is a villain character card.
CLAR.SCIONS-FROM-BOTTOM: every entering scion is drawn from the bottom of the scion reserve.
CLAR.SCIONS-BEFORE-AEON-MEN: every scion effect resolves before aeon men effects.
CLAR.SHIELD-INDESTRUCTIBLE: every shield card is indestructible.
CLAR.SHIELD-INDESTRUCTIBLE: some shield card is removable from the game by its own text.
CLAR.MISSION-TARGET-KIND: no mission card is a villain card or an environment card.
CLAR.MISSION-TARGET-KIND: some mission card is a villain target.
CLAR.MISSION-TARGET-KIND: some mission card is an environment target.
CLAR.REWARDS-BELONG: every reward in a hero play area is a hero card and belongs to that hero.
CLAR.TRADE-KEEPS-STATE: every traded objective keeps its tokens and keeps its hp.
CLAR.MISSION-ZONE: every mission card in a hero play area is usable only by heroes in its battle zone and affects only its hero's battle zone.
CLAR.FLIP-RESTORES-HP: every flipped mission card with hp is restored to printed hp.
CLAR.MISSION-DECK-UNTARGETABLE: no mission deck is targetable by deck effects.
CLAR.COMPLETED-MISSION-TRASH: every reward destroyed or discarded goes to the trash of its play area.
CLAR.COMPLETED-MISSION-TRASH: no reward (in a hero deck or in a hero trash) has objective text.
CLAR.FLIP-CLEARS-TOKENS: every flipped objective is cleared of tokens.
CLAR.MISSION-TYPES: no mission card is a character card.
CLAR.MISSION-TYPES: every objective target is a villain target or an environment target.
CLAR.MISSION-TYPES: every reward target (in a hero play area or in a hero deck or in a hero trash) is a hero target and a hero card.
CLAR.REWARD-NO-OBJECTIVE: no reward has objective text.
CLAR.REWARD-NO-OBJECTIVE: no mission card in the mission deck is a reward.
CLAR.INDESTRUCTIBLE-MOVES: every indestructible card is movable between battle zones.
CLAR.HERO-COUNT: every hero-count symbol is number of hero play areas at the start.
CLAR.MULTIPLE-MOVES: every hero is movable more than once per turn.
CLAR.ERASED: no erased hero is playable again.
CLAR.OA-NOT-REMOVABLE: no oblivaeon is removable from the game by alternative means.
CLAR.RITES-OF-REVIVAL: every hero character card revived by rites of revival and not while rainek kel'voss has usurped oblivaeon is returned to the box and rewards go to its player's hand.
CLAR.REQUITAL-CONSTRUCTS: every incapacitated requital with constructs blocks other captain cosmic variants.
CLAR.SENTINELS: no single incapacitated sentinel adds devastation.
CLAR.SENTINELS: every activated bloodstone is all four sentinels incapacitated and revives all four.
