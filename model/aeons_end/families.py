"""The families of words that fields of decisions and events hold, and which of them a given game has.

A decision's ``card`` is a spell, a gem or relic, a supply card, ...; an event's ``target`` is a
mage, a damage target (the nemesis or a minion) or who takes a turn.  :data:`FAMILIES` holds every
word of each family, in any game; :func:`in_game` only those a game of these mages against this
nemesis can ever show (its nemesis's unique cards, its player count's turn order cards, its mages).
Words are card keys (``spark``, ``mangleroot``, turn order kinds such as ``player-1``), not physical
ids; ``word`` turns an id into its key.  The declarations that name the families are
``model.aeons_end.decisions.DECISION_KINDS`` and ``model.aeons_end.events.EVENT_KINDS``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from oblivaeon_verify.model.aeons_end.cards import BASIC_NEMESIS, MATS, NEMESES, NEMESIS_CARDS, PLAYER_CARDS, SUPPLY_CARDS, base
from oblivaeon_verify.model.aeons_end.decisions import TURN_ORDER_DECK, nemesis_deck
from oblivaeon_verify.model.aeons_end.turn_order import turn_order_cards

MAX_PLAYERS = 4
BREACHES = 4
"""Every mat has breaches I to IV."""
TIERS = tuple(sorted({c.tier for c in NEMESIS_CARDS.values()}))


def word(card: str) -> str:
    """A card id as a word: its key (``spark#m1-2`` -> ``spark``, ``turn:nemesis#2`` -> ``nemesis``,
    ``mangleroot#1@0`` -> ``mangleroot``)."""
    return base(card.split("@", 1)[0]).removeprefix("turn:")


def _turn_kinds(players: int) -> tuple[str, ...]:
    return tuple(dict.fromkeys(word(c) for c in turn_order_cards(players)))


def _players(n: int) -> frozenset[str]:
    return frozenset(f"player {i}" for i in range(1, n + 1))


def _families(players: int, mages: tuple[str, ...], nemesis_cards: tuple, nemeses: tuple[str, ...], turn_kinds: tuple[str, ...]) -> dict:
    nemesis_keys = frozenset(c.key for c in nemesis_cards)

    def player_cards(test) -> frozenset[str]:
        return frozenset(k for k, c in PLAYER_CARDS.items() if test(c))

    def nemesis(test) -> frozenset[str]:
        return frozenset(c.key for c in nemesis_cards if test(c))

    return {
        "player-card": frozenset(PLAYER_CARDS),
        "spell": player_cards(lambda c: c.kind == "spell"),
        "gem-or-relic": player_cards(lambda c: c.kind in ("gem", "relic")),
        "supply": frozenset(SUPPLY_CARDS),
        "while-prepped": player_cards(lambda c: c.kind == "spell" and c.while_prepped_aether > 0),
        "nemesis": nemesis_keys,
        "minion": nemesis(lambda c: c.kind == "minion"),
        "power": nemesis(lambda c: c.kind == "power"),
        "minion-or-power": nemesis(lambda c: c.kind != "attack"),
        "to-discard": nemesis(lambda c: c.to_discard > 0),
        "turn": frozenset(turn_kinds),
        "revealed": nemesis_keys | frozenset(turn_kinds),
        "mage": frozenset(mages),
        "damage": frozenset({"nemesis"}) | nemesis(lambda c: c.kind == "minion"),
        "turn-actor": frozenset({"nemesis"} | {f"p{i}" for i in range(players)}),
        "deck": frozenset({TURN_ORDER_DECK} | {nemesis_deck(t) for t in TIERS}),
        "nemesis-name": frozenset(nemeses),
        "nemesis-kind": frozenset(c.kind for c in nemesis_cards),
        "player": _players(players),
        "players": frozenset({"players"}),
        "chance": frozenset({"chance"}),
    }


FAMILIES: Mapping[str, frozenset[str]] = MappingProxyType(
    _families(
        MAX_PLAYERS,
        tuple(MATS),
        tuple(NEMESIS_CARDS.values()),
        tuple(NEMESES),
        tuple(dict.fromkeys(k for n in range(1, MAX_PLAYERS + 1) for k in _turn_kinds(n))),
    )
)
"""Family -> every word of it, in any game (``turn-actor`` and ``player``: seats of up to four players).
``text`` (free text) is no family: nothing lists its words."""


def index_range(family: str, players: int) -> range:
    """The model's 0-based numbers a decision's ``index`` of this family takes (see ``DecisionKind``)."""
    return {
        "breach": range(BREACHES),
        "ally-breach": range(BREACHES * players),
        "in-play": range(len(FAMILIES["minion-or-power"])),
        "player": range(players),
    }[family]


ABOUT: Mapping[str, str] = MappingProxyType(
    {
        "player-card": "card",
        "spell": "spell",
        "gem-or-relic": "gem or relic",
        "supply": "supply card",
        "while-prepped": "spell with a While-prepped effect",
        "nemesis": "nemesis card",
        "minion": "minion",
        "power": "power",
        "minion-or-power": "minion or power",
        "to-discard": "nemesis card with a TO DISCARD cost",
        "turn": "turn order card",
        "revealed": "nemesis or turn order card",
        "mage": "mage",
        "damage": "damage target (the nemesis or a minion)",
        "turn-actor": "turn taker (p0 for player 1, ..., or nemesis)",
        "deck": "deck",
        "nemesis-name": "nemesis",
        "nemesis-kind": "kind of nemesis card",
        "player": "player",
        "players": "table's choice",
        "chance": "chance",
    }
)
"""A family in a message's words ("no minion of this game")."""


@cache
def in_game(mages: tuple[str, ...], nemesis: str) -> Mapping[str, frozenset[str]]:
    """Family -> the words a game of ``mages`` (by seat) against ``nemesis`` can show."""
    cards = BASIC_NEMESIS + tuple(NEMESIS_CARDS[k] for k in NEMESES[nemesis].unique)
    return MappingProxyType(_families(len(mages), tuple(mages), cards, (nemesis,), _turn_kinds(len(mages))))


__all__ = ["BREACHES", "FAMILIES", "MAX_PLAYERS", "TIERS", "in_game", "index_range", "word"]
