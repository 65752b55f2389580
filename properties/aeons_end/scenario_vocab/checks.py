"""The load-time checks of an Aeon's End scenario: everything that refuses a file when it is read
(the setup, each step's action, each fact and each event or decision pattern), against the game the
setup describes.  The names and tables they check against are in ``names``; the words in
``scenario_words``.
"""

from __future__ import annotations

from typing import Any

from oblivaeon_verify.model.aeons_end.cards import MATS, NEMESES, NEMESIS_CARDS
from oblivaeon_verify.model.aeons_end.decisions import DECISION_KINDS
from oblivaeon_verify.model.aeons_end.families import BREACHES, MAX_PLAYERS
from oblivaeon_verify.model.aeons_end.parameters import Difficulty
from oblivaeon_verify.model.aeons_end.positions import BREACH_STATES, PHASES
from oblivaeon_verify.properties.aeons_end.scenario_facts import find_fact
from oblivaeon_verify.properties.aeons_end.scenario_vocab.names import (
    BREACH_KEYS,
    EFFECT_KEYS,
    EFFECTS,
    PILES,
    PLAYER_KEYS,
    SETUP_KEYS,
    UNTIL_GOALS,
)
from oblivaeon_verify.properties.aeons_end.scenario_words import (
    DEFAULT_MAGES,
    MOST,
    MOST_CARDS,
    Game,
    clause_problem,
    decision_problem,
    event_problem,
    kind_of,
    one_of,
    show,
    whole,
)

MOST_MAGES = 20
"""A bound on the size of a list of mage names (the input's, not a rule: the model's setup says how many may play)."""


class Checks:
    """The load-time checks of ``AeonsEndScenarios`` (a mixin: every method refuses a file when it is read)."""

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
        for k in ("aether", "gravehold", "nemesis_life", "corruption", "turns_taken"):
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
        """The words of ``mages`` only: a list of mat names, or a count of the default mages.  How many
        players may play and whether two may be the same mage are rules of setting up, left to the model's
        setup (``SetupConfig.validate``), the one source of them: a scenario may show it refusing a setup
        (``setup_refused``), and any other scenario with such a setup fails when its position is built."""
        if isinstance(mages, list):
            if len(mages) > MOST_MAGES:
                fail("mages", f"expected a list of at most {MOST_MAGES} mage names, got {len(mages)}")
            for i, m in enumerate(mages):
                if problem := one_of(m, MATS, "mage"):
                    fail(f"mages[{i + 1}]", problem)
        elif whole(mages, 0, len(DEFAULT_MAGES)):
            fail(
                "mages",
                f"expected a player count from 0 to {len(DEFAULT_MAGES)} (that many of {', '.join(DEFAULT_MAGES)}, in order) "
                f"or a list of mage names, got {kind_of(mages)} {show(mages)}",
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
