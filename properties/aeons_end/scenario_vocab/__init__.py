"""What is Aeon's End-specific about scenarios: completing a partial setup, the actions a step may
take, the state facts a scenario may assert, and which card, mage and decision names are valid.

The generic machinery (``oblivaeon_verify.scenarios``) calls the ``VOCAB`` object below.  Every
check reads data (the card tables, the clause catalogue, the model's declared decision and event
kinds, ``model.aeons_end.families``); nothing in a scenario file is evaluated.  Checks are strict:
true and false are no numbers, a value of the wrong type never reaches a lookup, every number is
bounded (``scenario_words.MOST``), and every name is checked against the game the setup describes
(its seats, its mages, its nemesis's cards), so that an expectation that could never fail (about a
player the game does not have, a card of another nemesis, a field a decision never carries) is
refused when the file is read.  A ``refused = true`` step whose decision cannot exist in the game
at all is named by :meth:`AeonsEndScenarios.refusal_problem` at run time.

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

from typing import Any

from oblivaeon_verify.model.aeons_end.cards import MATS, NEMESES, NEMESIS_CARDS, base, describe
from oblivaeon_verify.model.aeons_end.clauses import CATALOGUE
from oblivaeon_verify.model.aeons_end.decisions import DECISION_KINDS
from oblivaeon_verify.model.aeons_end.engine import step
from oblivaeon_verify.model.aeons_end.events import EVENT_KINDS
from oblivaeon_verify.model.aeons_end.families import BREACHES, MAX_PLAYERS, word
from oblivaeon_verify.model.aeons_end.parameters import DEFAULT, Difficulty, ParameterError, with_overrides
from oblivaeon_verify.model.aeons_end.positions import BREACH_STATES, PHASES, BreachPlacement, MagePlacement, Position, inject, place
from oblivaeon_verify.model.aeons_end.setup import SetupConfig, SetupError
from oblivaeon_verify.properties.aeons_end.scenario_facts import Bag, breach_word, fact_getter, find_fact, keys, outcome, whose_turn
from oblivaeon_verify.properties.aeons_end.scenario_words import (
    MOST,
    MOST_CARDS,
    Game,
    clause_problem,
    damage_mages,
    decision_problem,
    event_problem,
    kind_of,
    one_of,
    show,
    whole,
)

from oblivaeon_verify.scenario_lib.runner import Refused
from oblivaeon_verify.scenario_lib.vocab_base import VocabularyBase
from oblivaeon_verify.words import phrase

BREACH_KINDS = tuple(k for k, d in DECISION_KINDS.items() if d.index == "breach")
"""Decisions whose index is one of the acting player's breaches (0-based in the model)."""
PLAYER_KINDS = tuple(k for k, d in DECISION_KINDS.items() if d.index == "player")
"""Decisions whose index is a player (0-based in the model)."""
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
EFFECT_KEYS = {"harm": {"player"}, "heal": {"player"}, "minion": {"minion"}}
"""Keys an effect needs besides its amount (no other effect takes them)."""
UNTIL_GOALS = ({"game_over"}, {"decision"}, {"turn", "phase"})
"""The keys an ``until`` goal may combine: game over alone, a decision alone, or a turn and/or a phase."""


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


def ids_in(state) -> set[str]:
    """Every physical card id of a game: piles, breaches, the supply, the nemesis's cards, the turn order deck."""
    out: set[str] = set()
    for m in state.mages:
        out.update(m.hand, m.deck, m.discard, m.played, (b.spell for b in m.breaches if b.spell))
    for pile in state.supply.values():
        out.update(pile)
    for tier in state.nemesis_deck:
        out.update(tier.cards())
    out.update(state.nemesis_discard, (p.card for p in state.in_play), state.turn_deck.cards(), state.turn_discard)
    return out


# --- the vocabulary --------------------------------------------------------------------------

SETUP_KEYS = {
    "mages": "a list of 1-4 different mage names, or a player count (1 is true solo)",
    "nemesis": "a nemesis name",
    "difficulty": "beginner, normal, expert or extinction",
    "turn": "'player N', 'nemesis' or 'turn order' (whose turn it is now)",
    "phase": "casting, main or draw (of a player's turn)",
    "aether": f"a whole number up to {MOST}: aether in the acting player's pool",
    "turn_order": "the known top of the turn order deck, top first (player-1..4, solo, wild, nemesis)",
    "turn_discard": "the turn order cards drawn this cycle, in order",
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


class AeonsEndScenarios(VocabularyBase):
    default_parameters = DEFAULT
    apply_overrides = staticmethod(with_overrides)
    quiet_kinds = QUIET
    fact_getter = staticmethod(fact_getter)
    ruleset = "aeons_end"
    catalogue = CATALOGUE
    event_kinds = frozenset(EVENT_KINDS)
    decision_kinds = frozenset(DECISION_KINDS)
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
        self._check_mages(setup.get("mages", 2), fail)
        for key, choices, what in (
            ("nemesis", NEMESES, "nemesis"),
            ("difficulty", [d.value for d in Difficulty], "difficulty"),
            ("phase", PHASES, "phase"),
        ):
            if key in setup and (problem := one_of(setup[key], choices, what)):
                fail(key, problem)
        game = Game.of_setup(setup)
        turns = (*game.seats(), "nemesis", "turn order")
        if "turn" in setup and (problem := one_of(setup["turn"], turns, "turn", game.where)):
            fail("turn", problem)
        for k in ("aether", "gravehold", "nemesis_life", "corruption"):
            if k in setup and (problem := whole(setup[k], 0, MOST)):
                fail(k, problem)
        for k, family in (("turn_order", "turn"), ("turn_discard", "turn"), ("nemesis_deck", "nemesis"), ("nemesis_discard", "nemesis")):
            self._cards(setup, k, family, game, fail)
        self._check_in_play(setup.get("in_play", []), game, fail)
        players = setup.get("players", {})
        if not isinstance(players, dict):
            fail("players", f"expected {SETUP_KEYS['players']}, got {kind_of(players)}")
        for n, p in players.items():
            if n not in [str(i) for i in range(1, MAX_PLAYERS + 1)]:
                fail(f"players.{n}", f"expected a player number 1-{MAX_PLAYERS} as the key, not {show(n)}")
            if int(n) > game.players:
                fail(f"players.{n}", f"there is no player {n} with {game.players} players")
            self._check_player(game.mages[int(n) - 1], p, game, lambda k, m, n=n: fail(f"players.{n}{'.' + k if k else ''}", m))

    @staticmethod
    def _check_mages(mages: Any, fail) -> None:
        if isinstance(mages, list):
            if not 1 <= len(mages) <= MAX_PLAYERS:
                fail("mages", f"expected 1 to {MAX_PLAYERS} mages, got {len(mages)}")
            for i, m in enumerate(mages):
                if problem := one_of(m, MATS, "mage"):
                    fail(f"mages[{i + 1}]", problem)
            if len(set(mages)) != len(mages):
                fail("mages", "each player plays a different mage; a mage is named twice")
        elif whole(mages, 1, MAX_PLAYERS):
            fail(
                "mages",
                f"expected a player count from 1 to {MAX_PLAYERS} or a list of 1-{MAX_PLAYERS} different mage names, got {kind_of(mages)} {show(mages)}",
            )

    @staticmethod
    def _cards(table: dict, key: str, family: str, game: Game, fail) -> list:
        """The list of card keys ``table[key]`` (each of ``family`` in this game), or a failure."""
        value = table.get(key, [])
        if not isinstance(value, list) or len(value) > MOST_CARDS:
            fail(key, f"expected a list of at most {MOST_CARDS} card keys, got {kind_of(value)} {show(value)}")
        for i, c in enumerate(value):
            if problem := game.key_problem(c, family):
                fail(f"{key}[{i + 1}]", problem)
        return value

    @staticmethod
    def _check_in_play(in_play: Any, game: Game, fail) -> None:
        if not isinstance(in_play, list) or len(in_play) > MOST_CARDS:
            fail("in_play", f"expected {SETUP_KEYS['in_play']}, got {kind_of(in_play)} {show(in_play)}")
        for i, p in enumerate(in_play):
            where = f"in_play[{i + 1}]"
            if not isinstance(p, dict) or "card" not in p or set(p) - {"card", "life", "tokens"}:
                fail(where, "expected a table {card, life, tokens} with at least card")
            if problem := game.key_problem(p["card"], "minion-or-power"):
                fail(f"{where}.card", problem)
            kind = NEMESIS_CARDS[p["card"]].kind
            # a minion with no life left is discarded, and a power resolves at its last token (NEMESIS.CARD-KINDS)
            wanted = "life" if kind == "minion" else "tokens"
            for k in ("life", "tokens"):
                if k in p and k != wanted:
                    fail(f"{where}.{k}", f"a {kind} has no {k}; give it {wanted}")
                if k in p and (problem := whole(p[k], 1, MOST)):
                    fail(f"{where}.{k}", problem)

    def _check_player(self, mage: str, p: Any, game: Game, fail) -> None:
        if not isinstance(p, dict):
            fail("", f"expected a table of {', '.join(PLAYER_KEYS)}, got {kind_of(p)}")
        for k, val in p.items():
            if k not in PLAYER_KEYS:
                fail(k, f"unknown key; expected some of {', '.join(PLAYER_KEYS)}")
            if k == "life" and (problem := whole(val, 0, MOST)):
                fail(k, problem)
            # a mat holds no more charges than its ability needs (MAIN.GAIN-CHARGE)
            if k == "charges" and (problem := whole(val, 0, MATS[mage].charges)):
                fail(k, f"{problem} ({mage}'s mat has {MATS[mage].charges} charge spaces)")
            if k == "exhausted" and not isinstance(val, bool):
                fail(k, f"expected true or false, got {kind_of(val)} {show(val)}")
            if k in PILES:
                self._cards(p, k, PILES[k], game, fail)
        breaches = p.get("breaches", [])
        if not isinstance(breaches, list) or len(breaches) > BREACHES:
            fail("breaches", f"expected {PLAYER_KEYS['breaches']}, got {kind_of(breaches)} {show(breaches)}")
        for b, br in enumerate(breaches):
            self._check_breach(br, game, lambda k, m, b=b: fail(f"breaches[{b + 1}]{'.' + k if k else ''}", m))

    @staticmethod
    def _check_breach(br: Any, game: Game, fail) -> None:
        if not isinstance(br, dict):
            fail("", f"expected a table of {', '.join(BREACH_KEYS)}, got {kind_of(br)}")
        for k in br:
            if k not in BREACH_KEYS:
                fail(k, f"unknown key; expected some of {', '.join(BREACH_KEYS)}")
        if "state" in br and one_of(br["state"], BREACH_STATES, "breach state"):
            fail("state", f"expected {BREACH_KEYS['state']}, not {show(br['state'])}")
        if "focus" in br and (problem := whole(br["focus"], 0, 3)):
            fail("focus", f"{problem} (quarter turns made)")
        if "focused" in br and not isinstance(br["focused"], bool):
            fail("focused", f"expected true or false, got {kind_of(br['focused'])} {show(br['focused'])}")
        spell = br.get("spell", "")
        if spell != "" and (problem := game.key_problem(spell, "spell")):
            fail("spell", f"expected a spell key or '': {problem}")
        if spell and br.get("state") == "destroyed":
            fail("spell", "a destroyed breach holds no spell (EXHAUST.DESTROY-BREACH discards it)")

    def check_action(self, action: str, spec: dict, fail, setup: dict | None = None) -> None:
        game = Game.of_setup(setup)
        if "chance" in spec and (problem := one_of(spec["chance"], ("first", "stop"), "chance")):
            fail("chance", problem)
        allowed = {
            "decide": {"card", "target", "breach", "player", "owner", "actor", "index", "chance"},
            "effect": {"amount", "clause", "chance"}
            | EFFECT_KEYS.get(spec.get("effect") if isinstance(spec.get("effect"), str) else "", set()),
            "until": set(),
            "look": set(),
        }[action]
        for k in spec:
            if k != action and k not in allowed:
                fail(
                    k,
                    f"not a key of {action}"
                    + (f" {spec[action]}" if action == "effect" else "")
                    + f"; it takes {', '.join(sorted(allowed)) or 'nothing more'}",
                )
        if action == "decide":
            pattern = {"kind": spec["decide"], **{k: v for k, v in spec.items() if k not in ("decide", "chance")}}
            if problem := decision_problem(pattern, game):
                field, message = problem
                fail("decide" if field == "kind" else field, message)
        elif action == "effect":
            self._check_effect(spec, game, fail)
        elif action == "until":
            self._check_until(spec["until"], game, fail)
        elif not isinstance(spec["look"], str):
            fail("look", f"expected a string saying what is looked at, got {kind_of(spec['look'])}")

    @staticmethod
    def _check_effect(spec: dict, game: Game, fail) -> None:
        if problem := one_of(spec["effect"], EFFECTS, "effect"):
            fail("effect", problem)
        kind = spec["effect"]
        if "amount" not in spec:
            fail("amount", f"every effect needs amount = N (a whole number from 0 to {MOST})")
        if problem := whole(spec["amount"], 0, MOST):
            fail("amount", problem)
        for k in sorted(EFFECT_KEYS.get(kind, ())):
            if k not in spec:
                fail(k, f"effect {kind} needs {k} = " + ("N (a player, from 1)" if k == "player" else "a minion's key"))
        if "player" in spec and (problem := game.seat_problem(spec["player"])):
            fail("player", problem)
        if "minion" in spec and (problem := game.key_problem(spec["minion"], "minion")):
            fail("minion", problem)
        if "clause" in spec and (problem := clause_problem(spec["clause"])):
            fail("clause", problem)

    @staticmethod
    def _check_until(goal: Any, game: Game, fail) -> None:
        if not isinstance(goal, dict) or not goal:
            fail("until", "expected a table {turn, phase} or {decision} or {game_over = true}")
        for k in goal:
            if k not in ("turn", "phase", "decision", "game_over"):
                fail(f"until.{k}", "unknown key; expected turn, phase, decision or game_over")
        if not any(set(goal) <= keys for keys in UNTIL_GOALS):
            fail("until", f"{', '.join(sorted(goal))} do not go together; expected {{turn, phase}}, {{decision}} or {{game_over = true}}")
        turns = (*game.seats(), "nemesis")
        for k, choices, what, where in (
            ("turn", turns, "turn", game.where),
            ("phase", PHASES, "phase", ""),
            ("decision", DECISION_KINDS, "decision kind", ""),
        ):
            if k in goal and (problem := one_of(goal[k], choices, what, where)):
                fail(f"until.{k}", problem)
        if "game_over" in goal and goal["game_over"] is not True:
            fail("until.game_over", f"expected true, got {kind_of(goal['game_over'])} {show(goal['game_over'])}")

    def check_fact(self, name: str, value: Any, fail, setup: dict | None = None) -> None:
        fact = find_fact(name)
        if isinstance(fact, str):
            fail(fact)
        if problem := fact.problem(value, Game.of_setup(setup)):
            fail(problem)

    def check_pattern(self, key: str, item: dict, fail, setup: dict | None = None) -> None:
        game = Game.of_setup(setup)
        check = event_problem if key in ("events", "no_events") else decision_problem
        if problem := check(item, game, absent=key.startswith("no_")):
            field, message = problem
            fail(f"{field}: {message}")

    def refusal_problem(self, state, spec: dict) -> str | None:
        """Why a refusal of this decision proves nothing in this game (None: it may prove something).

        A decision that no state of the game can offer is refused whatever the rules say: one naming
        a card, target, player or breach the game does not have, a field its kind never carries, or
        a card by an id no card of the game has."""
        game = Game.of_state(state)
        pattern = {"kind": spec["decide"], **{k: v for k, v in spec.items() if k not in ("decide", "chance")}}
        problem = decision_problem(pattern, game)
        if problem:
            field, message = problem
            return f"{field}: {message}"
        ids = ids_in(state)
        for field in ("card", "target"):
            value = pattern.get(field, "")
            if "#" in value and value.split("@", 1)[0] not in ids:
                return f"{field}: no card of this game has the id {value!r}"
        if pattern["kind"] == "ability" and "target" in pattern:
            # the ability is the acting player's (or the named actor's): only a damage ability takes a target
            actor = pattern.get("actor") or whose_turn(state)
            if actor.startswith("player "):
                mage = state.mages[int(actor.split()[1]) - 1].name
                if mage not in damage_mages(game):
                    return f"target: {mage}'s ability ({MATS[mage].ability}) deals no damage and takes no target"
        return None

    # --- run time ---

    def config(self, setup: dict, params: dict) -> SetupConfig:
        p = with_overrides(DEFAULT, params, "parameters") if params else DEFAULT
        game = Game.of_setup(setup)
        return SetupConfig(game.mages, game.nemesis, Difficulty(setup.get("difficulty", "normal")), p)

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
                raise ValueError(f"the game ended ({outcome(state)}) before reaching {goal}")
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
            "outcome": outcome(state),
            "aether": state.aether,
            "gravehold": state.gravehold,
            "nemesis life": state.nemesis_life,
            "corruption": state.corruption,
            "turn order discard": ", ".join(keys(state.turn_discard)),
            "turn order cycles": state.cycles,
            "nemesis deck size": sum(len(t) for t in state.nemesis_deck),
            "nemesis discard": ", ".join(keys(state.nemesis_discard)),
        }
        for p in state.in_play:
            out[f"in play {word(p.card)}"] = f"life {p.life}, tokens {p.tokens}"
        for i, m in enumerate(state.mages):
            who = f"player {i + 1}"
            out[f"{who} ({m.name})"] = f"life {m.life}, charges {m.charges}" + (", exhausted" if m.exhausted else "")
            out[f"{who} hand"] = ", ".join(sorted(keys(m.hand)))
            out[f"{who} deck"] = ", ".join(keys(m.deck))
            out[f"{who} discard"] = ", ".join(keys(m.discard))
            out[f"{who} played"] = ", ".join(keys(m.played))
            for b, br in enumerate(m.breaches):
                out[f"{who} breach {b + 1}"] = breach_word(br) + (f", {word(br.spell)} prepped" if br.spell else "")
        return out

    def describe_action(self, action: str, spec: dict) -> str:
        if action == "decide":
            keys = ("actor", "card", "target", "breach", "owner", "player", "index")
            return "decide: " + ", ".join([spec["decide"]] + [f"{k} {phrase(spec[k])}" for k in keys if k in spec])
        if action == "effect":
            who = f" (player {spec['player']})" if "player" in spec else (f" ({spec['minion']})" if "minion" in spec else "")
            return f"effect {spec['effect']} {spec['amount']}{who}: {EFFECTS[spec['effect']].replace('AMOUNT', str(spec['amount']))}"
        if action == "look":
            return f"look: {spec['look']}"
        return f"play on quietly until {phrase(spec['until'])}"


VOCAB = AeonsEndScenarios()
