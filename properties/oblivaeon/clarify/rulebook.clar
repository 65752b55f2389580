# The Rules Clarifications of the OblivAeon rulebook, in the clarification language (our wording).
# Each line cites its clause id (model/oblivaeon/clauses.py); lines with one id form one clarification.
# VOCAB.* lines say what the words mean and that the game has such things; they take part in every check.
# EXIST.* statements (what the game contains, with counts) are not in this file: they are derived from
# the model's setup (properties/oblivaeon/clarify/existence.py) and take part in every check too.
# A line "# PARTIAL CLAR.X: ..." says which part of a clarification the language cannot state (it is
# counted by `clarify --check`); every clarification without one is encoded at full meaning.

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
# VOCAB.KINDS: the kinds of thing are apart (a card is no deck, no battle zone, no turn, ...); within a kind
# the finer words say what overlaps (VOCAB.CARD-SIDES, CLAR.OA-TURN-IS-VILLAIN-TURN).  That the Scion Reserve is no
# deck is the rulebook's own clarification (CLAR.VILLAIN-DECKS), so it is not repeated here.
VOCAB.KINDS: every scion is a card.
VOCAB.KINDS: every aeon men effect or temporary effect or scion effect is an effect.
VOCAB.KINDS: no card is a deck or a scion reserve or a battle zone or a hero play area or a player or a hero or an effect or a hero turn or an environment turn or an oblivaeon turn or a villain turn.
VOCAB.KINDS: no deck is a battle zone or a hero play area or a player or a hero or an effect or a hero turn or an environment turn or an oblivaeon turn or a villain turn.
VOCAB.KINDS: no scion reserve is a battle zone or a hero play area or a player or a hero or an effect or a hero turn or an environment turn or an oblivaeon turn or a villain turn.
VOCAB.KINDS: no battle zone is a hero play area or a player or a hero or an effect or a hero turn or an environment turn or an oblivaeon turn or a villain turn.
VOCAB.KINDS: no hero play area is a player or a hero or an effect or a hero turn or an environment turn or an oblivaeon turn or a villain turn.
VOCAB.KINDS: no player is a hero or an effect or a hero turn or an environment turn or an oblivaeon turn or a villain turn.
VOCAB.KINDS: no hero is an effect or a hero turn or an environment turn or an oblivaeon turn or a villain turn.
VOCAB.KINDS: no effect is a hero turn or an environment turn or an oblivaeon turn or a villain turn.
VOCAB.MOVES: every hero that moves between battle zones at least once per turn may move between battle zones.
VOCAB.GAME-HAS: some reward is in a hero play area.
VOCAB.GAME-HAS: some objective is in a hero play area.
VOCAB.GAME-HAS: some reward is in a hero deck.

CLAR.ZONE-MEMBERSHIP: every hero or player or hero play area is in the battle zone of its marker.
CLAR.ZONE-MEMBERSHIP: every card in a hero play area is in the battle zone of its marker.
CLAR.LOOK-AT-REWARDS: every reward under an incapacitated hero may be looked at by its player.
CLAR.VILLAIN-DECKS: every oblivaeon deck is a villain deck.
CLAR.VILLAIN-DECKS: every scion deck is a villain deck.
CLAR.VILLAIN-DECKS: every aeon men deck is a villain deck.
CLAR.VILLAIN-DECKS: no scion reserve is a deck.
# PARTIAL CLAR.VILLAIN-DECKS: "only when one of their targets shares the card's zone" needs a relation from a deck to its targets; it stays one term.
CLAR.VILLAIN-DECKS: every villain deck is reachable only from its targets' battle zone.
CLAR.OA-TURN-IS-VILLAIN-TURN: every oblivaeon turn is a villain turn.
CLAR.VILLAIN-CHARACTERS: every oblivaeon booklet is a villain character card.
CLAR.VILLAIN-CHARACTERS: every scion panel is a villain character card.
CLAR.SCIONS-FROM-BOTTOM: every entering scion is drawn from the bottom of the scion reserve.
CLAR.SCIONS-BEFORE-AEON-MEN: every scion effect resolves before every aeon men effect at the same moment.
CLAR.SHIELD-INDESTRUCTIBLE: no shield card may be destroyed.
CLAR.SHIELD-INDESTRUCTIBLE: a shield card may be removed from the game by its own text.
CLAR.MISSION-TARGET-KIND: no mission card is a villain card or an environment card.
CLAR.MISSION-TARGET-KIND: some mission card is a villain target.
CLAR.MISSION-TARGET-KIND: some mission card is an environment target.
CLAR.REWARDS-BELONG: every reward in a hero play area is a hero card and belongs to the hero of its play area.
CLAR.TRADE-KEEPS-STATE: every traded objective keeps its tokens and keeps its hp.
CLAR.MISSION-ZONE: no mission card in a hero play area may affect some (card or target) in the other battle zone.
CLAR.MISSION-ZONE: no mission card in a hero play area may be used by some player in the other battle zone.
CLAR.FLIP-RESTORES-HP: every flipped mission card with hp is restored to printed hp.
CLAR.MISSION-DECK-UNTARGETABLE: no mission deck may be targeted by deck effects.
CLAR.COMPLETED-MISSION-TRASH: every reward destroyed or discarded goes to the trash of its play area.
CLAR.COMPLETED-MISSION-TRASH: no reward (in a hero deck or in a hero trash) has objective text.
CLAR.FLIP-CLEARS-TOKENS: every flipped objective is cleared of tokens.
CLAR.MISSION-TYPES: no mission card is a character card.
# PARTIAL CLAR.MISSION-TYPES: "their keyword gives their type" speaks of printed keywords, which the vocabulary has no word for.
CLAR.MISSION-TYPES: every objective target is a villain target or an environment target.
CLAR.MISSION-TYPES: every reward target (in a hero play area or in a hero deck or in a hero trash or in a hero hand) is a hero target and a hero card.
CLAR.REWARD-NO-OBJECTIVE: no reward has objective text.
CLAR.REWARD-NO-OBJECTIVE: no mission card in the mission deck is a reward.
CLAR.INDESTRUCTIBLE-MOVES: every card that cannot be destroyed may move between battle zones.
CLAR.HERO-COUNT: every hero-count symbol is number of hero play areas at the start.
CLAR.MULTIPLE-MOVES: some hero moves between battle zones more than once per turn.
CLAR.ERASED: no erased hero may be played again.
CLAR.OA-NOT-REMOVABLE: no oblivaeon may be removed from the game by alternative means.
# PARTIAL CLAR.RITES-OF-REVIVAL: "in which case the card works as printed" names the printed text, which the vocabulary has no word for.
CLAR.RITES-OF-REVIVAL: every hero character card revived by rites of revival and not while rainek kel'voss has usurped oblivaeon is returned to the box and rewards go to its player's hand.
CLAR.REQUITAL-CONSTRUCTS: if there is an incapacitated requital with constructs then no other captain cosmic variant may be set up.
# PARTIAL CLAR.SENTINELS: "a single Devastation" would count the tokens the four add together, across turns; the language counts per turn or round only.
CLAR.SENTINELS: no single incapacitated sentinel may add devastation.
CLAR.SENTINELS: every activated bloodstone is all four sentinels incapacitated and revives all four.
