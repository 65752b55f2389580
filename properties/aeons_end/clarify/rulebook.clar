# The rules of the Aeon's End rulebook, in the clarification language (our wording).  The rulebook
# has no Rules Clarifications section, so its rules themselves are the set a proposal is judged
# against.  Each line cites its clause id (model/aeons_end/clauses.py); lines with one id form one
# rule.  VOCAB.* lines say what the words mean and that the game has such things; they take part in
# every check.

VOCAB.PLAYER-CARDS: every gem or relic or spell is a player card.
VOCAB.PLAYER-CARDS: no gem is a relic or a spell.
VOCAB.PLAYER-CARDS: no relic is a spell.
VOCAB.NEMESIS-CARDS: every attack or minion or power is a nemesis card.
VOCAB.NEMESIS-CARDS: no attack is a minion or a power.
VOCAB.NEMESIS-CARDS: no minion is a power.
VOCAB.TURN-ORDER-CARDS: every player turn order card or nemesis turn order card is a turn order card.
VOCAB.TURN-ORDER-CARDS: no player turn order card is a nemesis turn order card.
VOCAB.THINGS: no player card is a nemesis card or a turn order card or a breach or a player.
VOCAB.THINGS: no nemesis card is a turn order card or a breach or a player.
VOCAB.THINGS: no player is a breach or a turn order card or a game.
VOCAB.THINGS: no nemesis or gravehold is a player or a nemesis card or a player card or a game.
VOCAB.BREACH-SIDES: every breach is opened or closed or destroyed.
VOCAB.BREACH-SIDES: no opened breach is closed or destroyed.
VOCAB.BREACH-SIDES: no closed breach is destroyed.
VOCAB.CHARGES: every player is fully charged or short of charges.
VOCAB.CAST: no spell cast by its owner is cast by an ally.
VOCAB.GAME-ENDS: no won game is lost.
VOCAB.GAME-HAS: some player is exhausted.
VOCAB.GAME-HAS: some breach is empty and opened.
VOCAB.GAME-HAS: some prepped spell is in an opened breach.
VOCAB.GAME-HAS: some prepped spell is in a closed breach.
VOCAB.GAME-HAS: some drawn nemesis card is an attack.
VOCAB.GAME-HAS: some drawn nemesis card is a minion.
VOCAB.GAME-HAS: some drawn nemesis card is a power.
VOCAB.GAME-HAS: some relic is in hand.

CARDS.GEMS: every played gem gives aether.
CARDS.SPELLS: no gem or relic may be prepped.
CARDS.SPELLS: no spell in hand may be cast.
CARDS.RELICS: every relic in hand may be played.
CARDS.GAIN: every gained player card goes to its owner's discard pile.
MAIN.GAIN-CARD: every gained player card is paid for with its cost in aether.
BREACH.COSTS: no destroyed breach may be focused or opened.
MAIN.FOCUS: no opened breach may be focused.
MAIN.OPEN: no opened breach may be opened.
BREACH.PREP-WHERE: every breach that may receive a spell is opened or focused this turn.
BREACH.PREP-WHERE: no destroyed breach may receive a spell.
MAIN.PREP: every empty opened breach may receive a spell.
MAIN.PREP: every empty closed breach focused this turn may receive a spell.
MAIN.PLAY-GEM-RELIC: every gem in hand may be played.
MAIN.PLAY-GEM-RELIC: no spell may be played.
MAIN.GAIN-CHARGE: no player has more charges than their ability needs.
MAT.ABILITY: every fully charged player may use their ability.
MAT.ABILITY: no player short of charges may use their ability.
CAST.OPENED-MAY: every prepped spell in an opened breach may be cast.
CAST.OPENED-MAY: no prepped spell in an opened breach must be cast.
CAST.CLOSED-MUST: every prepped spell in a closed breach must be cast.
CAST.TO-DISCARD: every spell cast by its owner goes to its owner's discard pile.
ALLY-SPELL: every spell cast by an ally goes to its owner's discard pile.
CAST.SINGLE-TARGET: every spell target is a minion or the nemesis.
CAST.SINGLE-TARGET: every minion in play is a spell target.
CAST.BREACH-BONUS: every spell cast from a breach with a damage bonus deals extra damage.
CAST.MINION-DAMAGE: no minion in play is at 0 life.
CAST.NEMESIS-DAMAGE: every spell cast at the nemesis lowers the nemesis's life by its damage.
DRAW.TO-FIVE: every player outside their turn holds five cards or has no cards left to draw.
NEMESIS.CARD-KINDS: every minion in play has life tokens.
NEMESIS.CARD-KINDS: every power in play has power tokens.
NEMESIS.CARD-KINDS: no attack is in play.
NEMESIS.DRAW: every drawn attack is discarded.
NEMESIS.DRAW: every drawn minion enters play.
NEMESIS.DRAW: every drawn power enters play.
TURN-ORDER.COMPOSITION: every turn order card is a player turn order card or a nemesis turn order card.
TURN-ORDER.COMPOSITION: some turn order card is a nemesis turn order card.
TURN-ORDER.COMPOSITION: some turn order card is a player turn order card.
TURN-ORDER.DRAW: every drawn turn order card goes to the turn order discard.
EXHAUST.WHEN: every player at 0 life is exhausted.
EXHAUST.NO-LIFE-GAIN: no exhausted player may gain life.
EXHAUST.STILL-PLAYS: every exhausted player keeps taking turns.
EXHAUST.LOWEST-LIFE: no exhausted player is picked by lowest-life effects.
EXHAUST.LOWEST-LIFE: every player picked by lowest-life effects is of lowest life among non-exhausted players.
EXHAUST.LOWEST-LIFE: every player of lowest life among non-exhausted players is picked by lowest-life effects.
EXHAUST.UNLEASH-TWICE: every exhaustion unleashes the nemesis twice.
EXHAUST.DESTROY-BREACH: every exhaustion destroys one of the player's breaches.
EXHAUST.DESTROY-BREACH: every destroyed breach is empty.
EXHAUST.DISCARD-CHARGES: every exhaustion discards all of the player's charges.
END.IMMEDIATE: every game (won or lost) is ended.
END.IMMEDIATE: no ended game offers decisions.
END.WIN-NEMESIS-DEFEATED: every game with the nemesis at 0 life is won.
END.WIN-NEMESIS-EXHAUSTED: every game with the nemesis out of cards is won.
END.LOSE-GRAVEHOLD: every game with gravehold at 0 life is lost.
END.LOSE-ALL-EXHAUSTED: every game with all players exhausted is lost.
END.LOSE-NEMESIS-SPECIFIC: every game with the nemesis's loss condition met is lost.
