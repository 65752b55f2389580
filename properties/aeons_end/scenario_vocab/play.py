"""The run-time part of an Aeon's End scenario: matching decisions and events against scenario words,
completing a partial setup (``new_game``), performing a step's action, playing on quietly
(``until``), why a refused decision proves nothing in a game, and the words of a trace
(``headline``, ``describe_action``).
"""

from __future__ import annotations

from typing import Any

from oblivaeon_verify.model.aeons_end.cards import MATS, NEMESIS_CARDS, base, describe
from oblivaeon_verify.model.aeons_end.engine import step
from oblivaeon_verify.model.aeons_end.families import word
from oblivaeon_verify.model.aeons_end.parameters import DEFAULT, Difficulty, with_overrides
from oblivaeon_verify.model.aeons_end.positions import BreachPlacement, MagePlacement, Position, inject, place
from oblivaeon_verify.model.aeons_end.serialise import from_json, to_json
from oblivaeon_verify.model.aeons_end.setup import SetupConfig
from oblivaeon_verify.properties.aeons_end.invariants import INVARIANTS
from oblivaeon_verify.properties.aeons_end.scenario_facts import Bag, breach_word, keys, outcome, whose_turn
from oblivaeon_verify.properties.aeons_end.scenario_vocab.names import BREACH_KINDS, EFFECT_CLAUSE, EFFECTS, PLAYER_KINDS
from oblivaeon_verify.properties.aeons_end.scenario_words import Game, damage_mages, decision_problem
from oblivaeon_verify.properties.common.scenario_checks import CheckedByInvariants

from oblivaeon_verify.scenario_lib.runner import Refused
from oblivaeon_verify.words import phrase

QUIET = ("end-casting", "decline", "end-main")
"""What a quiet player does when a scenario plays on (``until``): cast nothing it may keep, play nothing."""
UNTIL_LIMIT = 2000


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


class Play(CheckedByInvariants):
    """The run-time part of ``AeonsEndScenarios`` (a mixin: ``quiet`` comes from ``VocabularyBase``)."""

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
            turns_taken=setup.get("turns_taken"),
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

    # checked by the ruleset's invariants, each step taken from a JSON copy (properties.common.scenario_checks)
    registry = INVARIANTS
    model_step = staticmethod(step)
    to_json = staticmethod(to_json)
    from_json = staticmethod(from_json)

    def new_game(self, setup: dict, params: dict):
        state, _ = place(self.config(setup, params), self.position(setup))
        state, _ = self._chance(state)
        return state

    def _chance(self, state):
        events: list = []
        while state.options and state.options[0].is_chance:
            state, ev = self.take(state, state.options[0])
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
            state, ev = self.take(state, pick)
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
            state, ev = self.take(state, self.quiet(state))
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
