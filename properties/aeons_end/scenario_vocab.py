"""What is Aeon's End-specific about scenarios: completing a partial setup, the actions a step may
take, the state facts a scenario may assert, and which card, mage and decision names are valid.

The generic machinery (``oblivaeon_verify.scenarios``) calls the ``VOCAB`` object below.  Every
check reads data (the card tables, the clause catalogue, the decision kinds); nothing in a
scenario file is evaluated.

Completing a setup (``new_game``): unnamed parts take these defaults: two players, Adelheim and
Brama (``mages = N`` takes the first N of Adelheim, Brama, Jian, Kadir; ``mages = 1`` is true solo);
the nemesis Rageborne; normal difficulty; player 1's turn, casting phase, no aether; every mat, the
supply, Gravehold and the nemesis deck as the model's setup lays them out.  The scenario's
position (piles, life, charges, breaches, Gravehold, nemesis deck and cards in play, turn order
deck) is placed through ``model.aeons_end.positions``, and play resumes there.  Chance points
(the turn order deck, the nemesis deck) take their first listed outcome unless a step decides
``reveal`` itself or says ``chance = "stop"``; state the deck's top (``turn_order``,
``nemesis_deck``) to make a scenario independent of that order.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from model.aeons_end.cards import MATS, NEMESES, NEMESIS_CARDS, PLAYER_CARDS, base, describe
from model.aeons_end.clauses import CATALOGUE
from model.aeons_end.engine import step
from model.aeons_end.parameters import DEFAULT, Difficulty, ParameterError, with_overrides
from model.aeons_end.positions import BREACH_STATES, PHASES, BreachPlacement, MagePlacement, Position, inject, place
from model.aeons_end.setup import SetupConfig, SetupError
from oblivaeon_verify.graphs.static import read_model
from oblivaeon_verify.scenarios.runner import Refused
from oblivaeon_verify.scenarios.vocab_base import VocabularyBase, kind_of

DEFAULT_MAGES = ("Adelheim", "Brama", "Jian", "Kadir")
DEFAULT_NEMESIS = "Rageborne"
DECISION_KINDS = (
    "cast",
    "end-casting",
    "play",
    "gain",
    "gain-charge",
    "focus",
    "open",
    "prep",
    "while-prepped",
    "to-discard",
    "ability",
    "end-main",
    "discard-next",
    "focus-free",
    "ally-cast",
    "decline",
    "suffer",
    "destroy-breach",
    "take-turn",
    "reveal",
)
"""Every kind of decision the model offers (a test plays random games and checks none is missing)."""
BREACH_KINDS = ("cast", "focus", "open", "prep", "while-prepped", "destroy-breach", "focus-free")
"""Decisions whose index is one of the acting player's breaches (0-based in the model)."""
PLAYER_KINDS = ("suffer", "take-turn")
"""Decisions whose index is a player (0-based in the model)."""
TURN_KINDS = ("player-1", "player-2", "player-3", "player-4", "solo", "wild", "nemesis")
QUIET = ("end-casting", "decline", "end-main")
"""What a quiet player does when a scenario plays on (``until``): cast nothing it may keep, play nothing."""
UNTIL_LIMIT = 2000
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


class Bag(list):
    """A list whose order does not matter when compared (a hand, a shuffled deck)."""


# --- names ---------------------------------------------------------------------------------


def word(card: str) -> str:
    """A card id in scenario words: its key (``spark#m1-2`` -> ``spark``, ``turn:nemesis#2`` -> ``nemesis``,
    ``mangleroot#1@0`` -> ``mangleroot``)."""
    return base(card.split("@", 1)[0]).removeprefix("turn:")


def is_card(name: str) -> bool:
    b = base(name)
    return b in PLAYER_CARDS or b in NEMESIS_CARDS or name.removeprefix("turn:").split("#")[0] in TURN_KINDS


def unknown_card(name: str) -> str:
    near = sorted(k for k in list(PLAYER_CARDS) + list(NEMESIS_CARDS) if k[:2] == name[:2])[:5]
    return f"unknown card {name!r}; " + (f"cards like it: {', '.join(near)}" if near else "cards are keys such as spark, jade, mangleroot")


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


# --- facts ---------------------------------------------------------------------------------

Getter = Callable[[Any], Any]


def breach_word(br) -> str:
    if br.destroyed:
        return "destroyed"
    if br.opened:
        return "opened"
    return f"closed {br.focus}" + (" focused" if br.focused_this_turn else "")


def whose_turn(s) -> str:
    if s.actor == "nemesis":
        return "nemesis"
    if s.actor.startswith("p"):
        return f"player {int(s.actor[1:]) + 1}"
    return "turn order"


def _outcome(s) -> str:
    return s.outcome.kind if s.outcome else "none"


def _keys(cards) -> list[str]:
    return [word(c) for c in cards]


SIMPLE_FACTS: dict[str, tuple[Getter, str]] = {
    "outcome": (_outcome, "none, won or lost"),
    "outcome clause": (lambda s: s.outcome.clause if s.outcome else "", "a clause id"),
    "turn": (whose_turn, "'player N', 'nemesis' or 'turn order'"),
    "phase": (lambda s: s.phase, "casting, main, draw, end, nemesis or turn-order"),
    "aether": (lambda s: s.aether, "an integer"),
    "gravehold": (lambda s: s.gravehold, "an integer"),
    "nemesis life": (lambda s: s.nemesis_life, "an integer"),
    "corruption": (lambda s: s.corruption, "an integer"),
    "turns taken": (lambda s: s.turn, "an integer"),
    "turn order cycles": (lambda s: s.cycles, "an integer (1 before the first reshuffle)"),
    "turn order deck": (lambda s: Bag(_keys(s.turn_deck.cards())), "a list of turn order kinds (any order)"),
    "turn order deck size": (lambda s: len(s.turn_deck), "an integer"),
    "turn order discard": (lambda s: _keys(s.turn_discard), "a list of turn order kinds, first drawn first"),
    "in play": (lambda s: _keys(p.card for p in s.in_play), "a list of nemesis card keys, oldest first"),
    "nemesis deck": (lambda s: Bag(_keys(c for t in s.nemesis_deck for c in t.cards())), "a list of nemesis card keys (any order)"),
    "nemesis deck size": (lambda s: sum(len(t) for t in s.nemesis_deck), "an integer"),
    "nemesis discard": (lambda s: _keys(s.nemesis_discard), "a list of nemesis card keys, bottom first"),
    "legal kinds": (lambda s: Bag(sorted({d.kind for d in s.options})), "a list of decision kinds (any order)"),
}

PLAYER_FACTS: dict[str, tuple[Callable[[Any], Any], str]] = {
    "mage": (lambda m: m.name, "a mage's name"),
    "life": (lambda m: m.life, "an integer"),
    "charges": (lambda m: m.charges, "an integer"),
    "exhausted": (lambda m: m.exhausted, "true or false"),
    "hand": (lambda m: Bag(_keys(m.hand)), "a list of card keys (any order)"),
    "hand size": (lambda m: len(m.hand), "an integer"),
    "deck": (lambda m: _keys(m.deck), "a list of card keys, top first"),
    "deck size": (lambda m: len(m.deck), "an integer"),
    "discard": (lambda m: _keys(m.discard), "a list of card keys, bottom first (the last is the top)"),
    "discard top": (lambda m: word(m.discard[-1]) if m.discard else "none", "a card key or none"),
    "played": (lambda m: Bag(_keys(m.played)), "a list of card keys (any order)"),
}

CARD_FACTS: dict[str, tuple[Callable[[Any, str], Any], str]] = {
    "life of": (lambda s, c: next((p.life for p in s.in_play if word(p.card) == c), "none"), "an integer or none (not in play)"),
    "tokens on": (lambda s, c: next((p.tokens for p in s.in_play if word(p.card) == c), "none"), "an integer or none (not in play)"),
    "supply": (lambda s, c: len(s.supply.get(c, ())), "an integer: copies left in the supply"),
}

PLAYER_RE = re.compile(r"player ([1-4]) (.+)")
BREACH_RE = re.compile(r"player ([1-4]) breach ([1-4])( spell)?")


def _mage(s, n: int):
    if n > len(s.mages):
        raise LookupError(f"there is no player {n} with {len(s.mages)} players")
    return s.mages[n - 1]


def fact_getter(name: str) -> Getter | str:
    """The getter for a fact name, or an error message listing what exists."""
    if name in SIMPLE_FACTS:
        return SIMPLE_FACTS[name][0]
    m = BREACH_RE.fullmatch(name)
    if m:
        n, b, spell = int(m.group(1)), int(m.group(2)) - 1, bool(m.group(3))
        if spell:
            return lambda s: word(_mage(s, n).breaches[b].spell or "none")
        return lambda s: breach_word(_mage(s, n).breaches[b])
    m = PLAYER_RE.fullmatch(name)
    if m:
        n, what = int(m.group(1)), m.group(2)
        if what not in PLAYER_FACTS:
            return f"'player N' facts are {', '.join(PLAYER_FACTS)}, 'breach B' and 'breach B spell'; not {what!r}"
        fn = PLAYER_FACTS[what][0]
        return lambda s: fn(_mage(s, n))
    for prefix, (fn, _what) in CARD_FACTS.items():
        if name.startswith(prefix + " "):
            card = name[len(prefix) + 1 :]
            if not is_card(card):
                return unknown_card(card)
            return lambda s, fn=fn, card=card: fn(s, card)
    return (
        f"unknown fact {name!r}; facts are {', '.join(SIMPLE_FACTS)}, 'player N ...' ({', '.join(PLAYER_FACTS)}, breach B, breach B spell), "
        + ", ".join(f"'{p} CARD'" for p in CARD_FACTS)
    )


# --- matching decisions and events ----------------------------------------------------------


def decision_matches(d, pattern: dict) -> bool:
    """A decision against scenario words: cards and targets by key, breaches and players counted from 1."""
    for k, want in pattern.items():
        if k == "kind" and d.kind != want:
            return False
        if k == "actor" and d.actor != want:
            return False
        if k in ("card", "target") and want not in (getattr(d, k), word(getattr(d, k))):
            return False
        if k == "breach" and not ((d.kind in BREACH_KINDS and d.index == want - 1) or (d.kind == "ally-cast" and d.index % 4 == want - 1)):
            return False
        if k == "owner" and not (d.kind == "ally-cast" and d.index // 4 == want - 1):
            return False
        if k == "player" and not (d.kind in PLAYER_KINDS and d.index == want - 1):
            return False
        if k == "index" and d.index != want:
            return False
    return True


def event_matches(e, pattern: dict) -> bool:
    for k, want in pattern.items():
        got = getattr(e, k, None)
        if k in ("card", "target"):
            if want not in (got, word(got or "")):
                return False
        elif got != want:
            return False
    return True


# --- the vocabulary --------------------------------------------------------------------------

SETUP_KEYS = {
    "mages": "a list of 1-4 mage names, or a player count (1 is true solo)",
    "nemesis": "a nemesis name",
    "difficulty": "beginner, normal, expert or extinction",
    "turn": "'player N', 'nemesis' or 'turn order' (whose turn it is now)",
    "phase": "casting, main or draw (of a player's turn)",
    "aether": "an integer: aether in the acting player's pool",
    "turn_order": "the known top of the turn order deck, top first (player-1..4, solo, wild, nemesis)",
    "turn_discard": "the turn order cards drawn this cycle, in order",
    "gravehold": "an integer",
    "nemesis_life": "an integer",
    "corruption": "an integer",
    "nemesis_deck": "the whole nemesis deck, top first (nemesis card keys)",
    "nemesis_discard": "nemesis card keys",
    "in_play": "an array of {card, life, tokens}: minions and powers, oldest first",
    "players": "a table N -> {life, charges, exhausted, hand, deck, discard, played, breaches}",
}
PLAYER_KEYS = {
    "life": "an integer",
    "charges": "an integer",
    "exhausted": "true or false",
    "hand": "a list of card keys",
    "deck": "a list of card keys, top first",
    "discard": "a list of card keys, bottom first",
    "played": "a list of gem and relic keys played this turn",
    "breaches": "an array of up to 4 tables {state, focus, focused, spell}",
}
BREACH_KEYS = {"state": "opened, closed or destroyed", "focus": "0-3", "focused": "true or false", "spell": "a spell key or ''"}


class _InterimContract:
    """INTERIM (branch scen-oa): the scenario contract's names until the Aeon's End side lands (branch
    scen-ae); its own attributes override these, and the lead deletes this class when both are merged.
    ``refusal_problem`` here checks nothing (``interim``), so tests/fuzz skips this ruleset meanwhile."""

    decision_kinds = frozenset(DECISION_KINDS)
    event_kinds = frozenset(e.kind for f in read_model("model.aeons_end", bool).functions.values() for e in f.emits)

    def refusal_problem(self, state, spec: dict) -> str | None:
        return None

    refusal_problem.interim = True


class AeonsEndScenarios(_InterimContract, VocabularyBase):
    default_parameters = DEFAULT
    apply_overrides = staticmethod(with_overrides)
    quiet_kinds = QUIET
    fact_getter = staticmethod(fact_getter)
    ruleset = "aeons_end"
    catalogue = CATALOGUE
    actions = {
        "decide": "take a legal decision: decide = KIND, with card, target, breach, player, owner, actor to pick among several",
        "effect": "resolve one effect now, as a card would: effect = KIND, amount = N (player = N, minion = CARD, clause = ID)",
        "until": "play on quietly (cast only what must be cast, play nothing; chance: first outcome) until = {turn, phase} or {decision} or {game_over}",
        "look": "change nothing: look = 'what is checked' (for expectations about the position itself)",
    }
    action_keys = {"card", "target", "breach", "player", "owner", "actor", "index", "amount", "minion", "clause", "chance"}
    event_fields = {"kind": str, "clause": str, "card": str, "target": str, "amount": int, "detail": str}
    decision_fields = {"kind": str, "actor": str, "card": str, "target": str, "breach": int, "owner": int, "player": int, "index": int}
    setup_errors = (SetupError, ParameterError, LookupError, ValueError)
    step_errors = (LookupError, ValueError)

    # --- load-time checks (no state) ---

    def check_setup(self, setup: dict, fail) -> None:
        for k in setup:
            if k not in SETUP_KEYS:
                fail(k, f"unknown setup key; expected one of: {', '.join(SETUP_KEYS)}")
        mages = setup.get("mages", 2)
        if _is_int(mages):
            if not 1 <= mages <= 4:
                fail("mages", f"expected 1 to 4 players, got {mages}")
        elif isinstance(mages, list):
            for m in mages:
                if m not in MATS:
                    fail("mages", f"unknown mage {m!r}; mages: {', '.join(MATS)}")
        else:
            fail("mages", f"expected {SETUP_KEYS['mages']}, got {kind_of(mages)}")
        if setup.get("nemesis", DEFAULT_NEMESIS) not in NEMESES:
            fail("nemesis", f"unknown nemesis {setup['nemesis']!r}; nemeses: {', '.join(NEMESES)}")
        if setup.get("difficulty", "normal") not in [d.value for d in Difficulty]:
            fail("difficulty", f"expected one of {', '.join(d.value for d in Difficulty)}, not {setup['difficulty']!r}")
        count = mages if _is_int(mages) else len(mages)
        seats = "|".join(str(n) for n in range(1, count + 1))
        turn = setup.get("turn", "player 1")
        if not isinstance(turn, str) or not re.fullmatch(rf"player ({seats})|nemesis|turn order", turn):
            fail("turn", f"expected 'player 1'..'player {count}', 'nemesis' or 'turn order' with {count} players, not {turn!r}")
        if setup.get("phase", "casting") not in PHASES:
            fail("phase", f"expected one of {', '.join(PHASES)}, not {setup['phase']!r}")
        for k in ("aether", "gravehold", "nemesis_life", "corruption"):
            if k in setup and (not _is_int(setup[k]) or setup[k] < 0):
                fail(k, f"expected a non-negative integer, got {kind_of(setup[k])} {setup[k]!r}")
        for k in ("turn_order", "turn_discard"):
            for i, t in enumerate(self._list(setup, k, fail)):
                if t not in TURN_KINDS:
                    fail(f"{k}[{i + 1}]", f"unknown turn order card {t!r}; kinds: {', '.join(TURN_KINDS)}")
        for k in ("nemesis_deck", "nemesis_discard"):
            for i, c in enumerate(self._list(setup, k, fail)):
                if base(c) not in NEMESIS_CARDS:
                    fail(f"{k}[{i + 1}]", f"unknown nemesis card {c!r}; cards: {', '.join(sorted(NEMESIS_CARDS))}")
        in_play = setup.get("in_play", [])
        if not isinstance(in_play, list):
            fail("in_play", f"expected {SETUP_KEYS['in_play']}, got {kind_of(in_play)}")
        for i, p in enumerate(in_play):
            where = f"in_play[{i + 1}]"
            if not isinstance(p, dict) or "card" not in p or set(p) - {"card", "life", "tokens"}:
                fail(where, "expected a table {card, life, tokens} with at least card")
            if base(str(p["card"])) not in NEMESIS_CARDS or NEMESIS_CARDS[base(p["card"])].kind == "attack":
                fail(f"{where}.card", f"expected a minion or power key, not {p['card']!r}")
            for k in ("life", "tokens"):
                if k in p and (not _is_int(p[k]) or p[k] < 0):
                    fail(f"{where}.{k}", f"expected a non-negative integer, got {p[k]!r}")
        players = setup.get("players", {})
        if not isinstance(players, dict):
            fail("players", f"expected {SETUP_KEYS['players']}, got {kind_of(players)}")
        for n, p in players.items():
            if n.isdigit() and int(n) > count:
                fail(f"players.{n}", f"there is no player {n} with {count} players")
            self._check_player(n, p, lambda k, m, n=n: fail(f"players.{n}{'.' + k if k else ''}", m))

    def _list(self, table: dict, key: str, fail) -> list:
        value = table.get(key, [])
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            fail(key, f"expected a list of strings, got {kind_of(value)} {value!r}")
        return value

    def _check_player(self, n: str, p: Any, fail) -> None:
        if n not in ("1", "2", "3", "4"):
            fail("", "expected a player number 1-4 as the key")
        if not isinstance(p, dict):
            fail("", f"expected a table of {', '.join(PLAYER_KEYS)}, got {kind_of(p)}")
        for k, val in p.items():
            if k not in PLAYER_KEYS:
                fail(k, f"unknown key; expected some of {', '.join(PLAYER_KEYS)}")
            if k in ("life", "charges") and (not _is_int(val) or val < 0):
                fail(k, f"expected a non-negative integer, got {kind_of(val)} {val!r}")
            if k == "exhausted" and not isinstance(val, bool):
                fail(k, f"expected true or false, got {kind_of(val)} {val!r}")
            if k in ("hand", "deck", "discard", "played"):
                for c in self._list(p, k, fail):
                    if base(c) not in PLAYER_CARDS:
                        fail(k, unknown_card(c))
        breaches = p.get("breaches", [])
        if not isinstance(breaches, list) or len(breaches) > 4:
            fail("breaches", f"expected {PLAYER_KEYS['breaches']}")
        for b, br in enumerate(breaches):
            where = f"breaches[{b + 1}]"
            if not isinstance(br, dict):
                fail(where, f"expected a table of {', '.join(BREACH_KEYS)}, got {kind_of(br)}")
            for k in br:
                if k not in BREACH_KEYS:
                    fail(f"{where}.{k}", f"unknown key; expected some of {', '.join(BREACH_KEYS)}")
            if "state" in br and br["state"] not in BREACH_STATES:
                fail(f"{where}.state", f"expected {BREACH_KEYS['state']}, not {br['state']!r}")
            if "focus" in br and br["focus"] not in (0, 1, 2, 3):
                fail(f"{where}.focus", f"expected 0-3 quarter turns, not {br['focus']!r}")
            if "focused" in br and not isinstance(br["focused"], bool):
                fail(f"{where}.focused", "expected true or false")
            spell = br.get("spell", "")
            if not isinstance(spell, str) or (spell and (base(spell) not in PLAYER_CARDS or PLAYER_CARDS[base(spell)].kind != "spell")):
                fail(f"{where}.spell", f"expected a spell key or '', not {spell!r}")

    def check_action(self, action: str, spec: dict, fail, setup: dict | None = None) -> None:
        for k in ("breach", "player", "owner"):
            if k in spec and spec[k] not in (1, 2, 3, 4):
                fail(k, f"expected 1-4 (counted from 1), not {spec[k]!r}")
        if "chance" in spec and spec["chance"] not in ("first", "stop"):
            fail("chance", f"expected first or stop, not {spec['chance']!r}")
        allowed = {
            "decide": {"card", "target", "breach", "player", "owner", "actor", "index", "chance"},
            "effect": {"amount", "player", "minion", "clause", "chance"},
            "until": set(),
            "look": set(),
        }[action]
        for k in spec:
            if k != action and k not in allowed:
                fail(k, f"not a key of {action}; {action} takes {', '.join(sorted(allowed)) or 'nothing more'}")
        if action == "decide":
            if spec["decide"] not in DECISION_KINDS:
                fail("decide", f"unknown decision kind {spec['decide']!r}; kinds: {', '.join(DECISION_KINDS)}")
            self.check_pattern("decide", {k: spec[k] for k in ("card", "target") if k in spec}, lambda m: fail("decide", m))
        elif action == "effect":
            if spec["effect"] not in EFFECTS:
                fail("effect", f"unknown effect {spec['effect']!r}; effects: {', '.join(EFFECTS)}")
            if not _is_int(spec.get("amount")) or spec["amount"] < 0:
                fail("amount", "expected a non-negative integer (every effect needs an amount)")
            if spec["effect"] in ("harm", "heal") and "player" not in spec:
                fail("player", f"effect {spec['effect']} needs player = N")
            if spec["effect"] == "minion" and (not isinstance(spec.get("minion"), str) or base(spec["minion"]) not in NEMESIS_CARDS):
                fail("minion", "effect minion needs minion = a nemesis card key in play")
            if "clause" in spec and spec["clause"] not in CATALOGUE:
                fail("clause", f"unknown clause id {spec['clause']!r}")
        elif action == "until":
            goal = spec["until"]
            if not isinstance(goal, dict) or not goal:
                fail("until", "expected a table {turn, phase} or {decision} or {game_over = true}")
            for k, val in goal.items():
                if k == "turn" and not (isinstance(val, str) and re.fullmatch(r"player [1-4]|nemesis", val)):
                    fail("until.turn", f"expected 'player N' or 'nemesis', not {val!r}")
                elif k == "phase" and val not in PHASES:
                    fail("until.phase", f"expected one of {', '.join(PHASES)}, not {val!r}")
                elif k == "decision" and val not in DECISION_KINDS:
                    fail("until.decision", f"unknown decision kind {val!r}")
                elif k == "game_over" and val is not True:
                    fail("until.game_over", "expected true")
                elif k not in ("turn", "phase", "decision", "game_over"):
                    fail(f"until.{k}", "unknown key; expected turn, phase, decision or game_over")
        elif not isinstance(spec["look"], str):
            fail("look", "expected a string saying what is looked at")

    def check_fact(self, name: str, value: Any, fail, setup: dict | None = None) -> None:
        g = fact_getter(name)
        if isinstance(g, str):
            fail(g)
        if isinstance(value, (dict, float)):
            fail(f"expected a string, integer, boolean or list, got {kind_of(value)}")

    def check_pattern(self, key: str, item: dict, fail, setup: dict | None = None) -> None:
        if "clause" in item and item["clause"] not in CATALOGUE:
            fail(f"unknown clause id {item['clause']!r}")
        if key in ("options", "no_options") and "kind" in item and item["kind"] not in DECISION_KINDS:
            fail(f"unknown decision kind {item['kind']!r}; kinds: {', '.join(DECISION_KINDS)}")
        card = item.get("card")
        if isinstance(card, str) and not is_card(card):
            fail(unknown_card(card))
        for k in ("breach", "owner", "player"):
            if k in item and item[k] not in (1, 2, 3, 4):
                fail(f"{k} must be 1-4, not {item[k]!r}")

    # --- run time ---

    def config(self, setup: dict, params: dict) -> SetupConfig:
        p = with_overrides(DEFAULT, params, "parameters") if params else DEFAULT
        mages = setup.get("mages", 2)
        if _is_int(mages):
            mages = DEFAULT_MAGES[:mages]
        return SetupConfig(tuple(mages), setup.get("nemesis", DEFAULT_NEMESIS), Difficulty(setup.get("difficulty", "normal")), p)

    def position(self, setup: dict) -> Position:
        mages = {}
        for n, p in setup.get("players", {}).items():
            breaches = tuple(
                BreachPlacement(br.get("state"), br.get("focus"), br.get("focused"), br.get("spell")) for br in p.get("breaches", [])
            )
            piles = {k: tuple(p[k]) for k in ("hand", "deck", "discard", "played") if k in p}
            mages[int(n) - 1] = MagePlacement(p.get("life"), p.get("charges"), p.get("exhausted"), breaches=breaches, **piles)
        deck = setup.get("nemesis_deck")
        return Position(
            turn=setup.get("turn", "player 1"),
            phase=setup.get("phase", "casting"),
            aether=setup.get("aether", 0),
            turn_order=tuple(setup.get("turn_order", ())),
            turn_discard=tuple(setup["turn_discard"]) if "turn_discard" in setup else None,
            mages=mages,
            gravehold=setup.get("gravehold"),
            nemesis_life=setup.get("nemesis_life"),
            corruption=setup.get("corruption"),
            nemesis_deck=None if deck is None else tuple(deck),
            nemesis_discard=tuple(setup.get("nemesis_discard", ())),
            in_play=tuple(
                (p["card"], p.get("life", NEMESIS_CARDS[base(p["card"])].life), p.get("tokens", NEMESIS_CARDS[base(p["card"])].tokens))
                for p in setup.get("in_play", [])
            ),
        )

    def new_game(self, setup: dict, params: dict):
        state, _ = place(self.config(setup, params), self.position(setup))
        state, _ = self._chance(state)
        return state

    def _chance(self, state):
        events: list = []
        while state.options and state.options[0].is_chance:
            state, ev = step(state, state.options[0])
            events.extend(ev)
        return state, events

    def perform(self, state, action: str, spec: dict):
        events: list = []
        if action == "look":
            return state, ()
        if action == "until":
            return self._until(state, spec["until"])
        if action == "decide":
            if spec["decide"] != "reveal":
                state, events = self._chance(state)
            pattern = {k: spec[k] for k in ("card", "target", "breach", "player", "owner", "actor", "index") if k in spec}
            pattern["kind"] = spec["decide"]
            pick = next((d for d in state.options if decision_matches(d, pattern)), None)
            if pick is None:
                wanted = " ".join([spec["decide"]] + [f"{k}={x!r}" for k, x in pattern.items() if k != "kind"])
                raise Refused(f"no legal decision {wanted}", [str(d) for d in state.options])
            state, ev = step(state, pick)
            events += ev
        else:
            kind = spec["effect"]
            who = spec.get("player", 1) - 1
            if kind == "minion":
                who = next((k for k, p in enumerate(state.in_play) if word(p.card) == base(spec["minion"])), None)
                if who is None:
                    raise LookupError(f"minion: {spec['minion']!r} is not in play")
            state, ev = inject(state, kind, spec["amount"], spec.get("clause", EFFECT_CLAUSE[kind]), who)
            events += ev
        if spec.get("chance", "first") == "first":
            state, ev = self._chance(state)
            events += ev
        return state, tuple(events)

    def _until(self, state, goal: dict):
        """Play on quietly until the goal holds at a decision point (a turn goal: once that turn has begun)."""
        events: list = []

        def reached(s, begun: bool) -> bool:
            if goal.get("game_over"):
                return s.outcome is not None
            if "decision" in goal:
                return any(d.kind == goal["decision"] for d in s.options)
            return begun and whose_turn(s) == goal.get("turn", whose_turn(s)) and s.phase == goal.get("phase", s.phase)

        begun = "turn" not in goal
        for _ in range(UNTIL_LIMIT):
            if reached(state, begun) and (events or "turn" not in goal):
                return state, tuple(events)
            if not state.options:
                raise ValueError(f"the game ended ({_outcome(state)}) before reaching {goal}")
            state, ev = step(state, self.quiet(state))
            events.extend(ev)
            begun = begun or any(e.kind == "turn" and e.target == self._actor(goal["turn"]) for e in ev)
        raise ValueError(f"{goal} not reached within {UNTIL_LIMIT} decisions")

    @staticmethod
    def _actor(turn: str) -> str:
        return "nemesis" if turn == "nemesis" else f"p{int(turn.split()[1]) - 1}"

    def same(self, got: Any, want: Any) -> bool:
        if isinstance(got, Bag) and isinstance(want, list):
            return sorted(map(str, got)) == sorted(map(str, want))
        return got == want

    def matches(self, obj, pattern: dict) -> bool:
        """Decisions and events against scenario words (keys, not physical ids; breaches from 1)."""
        if hasattr(obj, "is_chance"):
            return decision_matches(obj, pattern)
        return event_matches(obj, pattern)

    def event_text(self, e) -> str:
        return e.describe(describe)

    def headline(self, state) -> dict:
        """The facts whose changes a trace shows."""
        out: dict[str, Any] = {
            "turn": f"turn {state.turn}, {whose_turn(state)}, {state.phase} phase",
            "outcome": _outcome(state),
            "aether": state.aether,
            "gravehold": state.gravehold,
            "nemesis life": state.nemesis_life,
            "corruption": state.corruption,
            "turn order discard": ", ".join(_keys(state.turn_discard)),
            "turn order cycles": state.cycles,
            "nemesis deck size": sum(len(t) for t in state.nemesis_deck),
            "nemesis discard": ", ".join(_keys(state.nemesis_discard)),
        }
        for p in state.in_play:
            out[f"in play {word(p.card)}"] = f"life {p.life}, tokens {p.tokens}"
        for i, m in enumerate(state.mages):
            who = f"player {i + 1}"
            out[f"{who} ({m.name})"] = f"life {m.life}, charges {m.charges}" + (", exhausted" if m.exhausted else "")
            out[f"{who} hand"] = ", ".join(sorted(_keys(m.hand)))
            out[f"{who} deck"] = ", ".join(_keys(m.deck))
            out[f"{who} discard"] = ", ".join(_keys(m.discard))
            out[f"{who} played"] = ", ".join(_keys(m.played))
            for b, br in enumerate(m.breaches):
                out[f"{who} breach {b + 1}"] = breach_word(br) + (f", {word(br.spell)} prepped" if br.spell else "")
        return out

    def describe_action(self, action: str, spec: dict) -> str:
        if action == "decide":
            keys = ("actor", "card", "target", "breach", "owner", "player", "index")
            return "decide: " + ", ".join([spec["decide"]] + [f"{k} {spec[k]}" for k in keys if k in spec])
        if action == "effect":
            who = f" (player {spec['player']})" if "player" in spec else (f" ({spec['minion']})" if "minion" in spec else "")
            return f"effect {spec['effect']} {spec['amount']}{who}: {EFFECTS[spec['effect']].replace('AMOUNT', str(spec['amount']))}"
        if action == "look":
            return f"look: {spec['look']}"
        return f"play on quietly until {spec['until']}"


VOCAB = AeonsEndScenarios()
