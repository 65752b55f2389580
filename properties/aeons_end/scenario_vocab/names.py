"""The names and tables an Aeon's End scenario may use: the decision kinds whose index is a breach or
a player, the effects a step may inject (``EFFECTS``, with the clause each cites and the keys each
needs), the goals ``until`` may combine, and the keys of a setup, of a player's mat and of a breach.
Nothing here checks or runs anything: the load-time checks are in ``checks``, the run-time part in
``play``.
"""

from __future__ import annotations

from oblivaeon_verify.model.aeons_end.decisions import DECISION_KINDS
from oblivaeon_verify.properties.aeons_end.scenario_words import MOST

BREACH_KINDS = tuple(k for k, d in DECISION_KINDS.items() if d.index == "breach")
"""Decisions whose index is one of the acting player's breaches (0-based in the model)."""
PLAYER_KINDS = tuple(k for k, d in DECISION_KINDS.items() if d.index == "player")
"""Decisions whose index is a player (0-based in the model)."""
EFFECTS = {
    "gravehold": "Gravehold loses AMOUNT life",
    "lowest": "the lowest-life player (not exhausted) loses AMOUNT life",
    "any": "a player of the players' choice (not exhausted) loses AMOUNT life",
    "unleash": "the nemesis Unleashes AMOUNT times",
    "corruption": "the nemesis gains AMOUNT corruption tokens",
    "heal-lowest": "the lowest-life player gains AMOUNT life",
    "harm": "player PLAYER loses AMOUNT life",
    "heal": "player PLAYER gains AMOUNT life",
    "nemesis": "the nemesis loses AMOUNT life",
    "minion": "the minion MINION in play loses AMOUNT life",
}
EFFECT_CLAUSE = {
    "gravehold": "NEMESIS.DRAW",
    "lowest": "NEMESIS.DRAW",
    "any": "NEMESIS.DRAW",
    "harm": "NEMESIS.DRAW",
    "unleash": "NEMESIS.UNLEASH",
    "corruption": "NEMESIS.UNLEASH",
    "heal-lowest": "MAT.ABILITY",
    "heal": "MAT.ABILITY",
    "nemesis": "CAST.SINGLE-TARGET",
    "minion": "CAST.SINGLE-TARGET",
}
"""The clause an injected effect's events cite unless the step names one (as if that rule caused it)."""
EFFECT_KEYS = {"harm": {"player"}, "heal": {"player"}, "minion": {"minion"}}
"""Keys an effect needs besides its amount (no other effect takes them)."""
UNTIL_GOALS = ({"game_over"}, {"decision"}, {"turn", "phase"})
"""The keys an ``until`` goal may combine: game over alone, a decision alone, or a turn and/or a phase."""


# --- the vocabulary --------------------------------------------------------------------------

SETUP_KEYS = {
    "mages": "a list of mage names, one per player, or a player count N: the first N of Adelheim, Brama, Jian, Kadir (1 is true solo)",
    "nemesis": "a nemesis name",
    "difficulty": "beginner, normal, expert or extinction",
    "turn": "'player N', 'nemesis' or 'turn order' (whose turn it is now)",
    "phase": "casting, main or draw (of a player's turn)",
    "aether": f"a whole number up to {MOST}: aether in the acting player's pool",
    "turn_order": "the known top of the turn order deck, top first (player-1..4, solo, wild, nemesis)",
    "turn_discard": "the turn order cards drawn this cycle, in order",
    "turns_taken": f"a whole number up to {MOST}: the turns begun so far, this one included (default: the turn order cards drawn this cycle)",
    "gravehold": f"a whole number up to {MOST}",
    "nemesis_life": f"a whole number up to {MOST}",
    "corruption": f"a whole number up to {MOST}",
    "nemesis_deck": "the whole nemesis deck, top first (nemesis card keys)",
    "nemesis_discard": "nemesis card keys",
    "in_play": "an array of {card, life, tokens}: minions (with life) and powers (with tokens), oldest first",
    "players": "a table N -> {life, charges, exhausted, hand, deck, discard, played, breaches}",
}
PLAYER_KEYS = {
    "life": f"a whole number up to {MOST}",
    "charges": "a whole number up to the mat's charge spaces",
    "exhausted": "true or false",
    "hand": "a list of card keys",
    "deck": "a list of card keys, top first",
    "discard": "a list of card keys, bottom first",
    "played": "a list of gem and relic keys played this turn",
    "breaches": "an array of up to 4 tables {state, focus, focused, spell}",
}
PILES = {"hand": "player-card", "deck": "player-card", "discard": "player-card", "played": "gem-or-relic"}
"""Each pile of a mat and the family of cards it may hold."""
BREACH_KEYS = {"state": "opened, closed or destroyed", "focus": "0-3", "focused": "true or false", "spell": "a spell key or ''"}
