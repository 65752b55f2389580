"""The library API: play a game, list its legal decisions, step it, check the invariants, run a scenario.

Everything here is what the commands use, behind one small typed surface, so that a script or a
notebook never reaches into the harness::

    from oblivaeon_verify import api

    game = api.load("aeons_end")                  # a ruleset with its parameters
    state = game.new_game(players=2, seed=7)      # the position after setup (a frozen value)
    decision = game.legal_decisions(state)[0]     # the only source of what is allowed
    state, events = game.step(state, decision)    # a new state; the input is left as it was
    game.violations(state)                        # every invariant that fails here ([] when none)
    game.run_scenario("ally-spell").passed        # a corner-case file, by id or path

States and decisions are the model's own values (``model.<ruleset>``); events name the clause that
produced them (``event.clause``).  Seeds are those of the commands: ``new_game(seed=S, game=I)``
is game ``I`` of ``simulate --seed S`` (the same setup, the same chance draws when played with
:meth:`Ruleset.play_random`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from oblivaeon_verify import play, rulesets
from oblivaeon_verify.commands.common import DEFAULT_SEED

__all__ = ["DEFAULT_SEED", "Ruleset", "available", "load"]


def available() -> list[str]:
    """The rulesets that can be loaded, by name."""
    return rulesets.available()


def load(name: str = rulesets.DEFAULT, params: Mapping[str, Any] | None = None) -> Ruleset:
    """A ruleset by name, with model parameters overridden as ``--param NAME=VALUE`` would (lists as lists).

    An unknown name is a ``LookupError``; a parameter out of its bounds a ``ParameterError`` naming it.
    """
    model = rulesets.load(name)
    pairs = tuple(f"{k}={','.join(map(str, v)) if isinstance(v, (list, tuple)) else v}" for k, v in (params or {}).items())
    return Ruleset(model, model.load_parameters(None, pairs))


@dataclass(frozen=True)
class Ruleset:
    """One ruleset and its parameters; every method is a function of its arguments (states are values)."""

    model: Any
    """The ruleset's model adapter (:class:`oblivaeon_verify.rulesets.Ruleset`)."""
    parameters: Any

    @property
    def name(self) -> str:
        return self.model.name

    @property
    def players(self) -> tuple[int, ...]:
        """The player counts the game is played with."""
        return tuple(self.model.players)

    def new_game(self, players: int | None = None, seed: int = DEFAULT_SEED, game: int = 0):
        """The state after setup of game ``game`` of seed ``seed`` (a random legal setup, as ``simulate`` makes it)."""
        n = self.model.default_players if players is None else players
        if n not in self.model.players:
            raise ValueError(
                f"{self.model.title} is played with {', '.join(map(str, self.model.players))} {self.model.players_word}, not {n}"
            )
        return self.model.new_game(self.model.random_setup(play.game_rng(seed, n, game), n, self.parameters))

    def legal_decisions(self, state) -> tuple:
        """Every decision allowed now (player choices and chance outcomes alike); empty when the game is over."""
        return tuple(self.model.legal_decisions(state))

    def step(self, state, decision) -> tuple[Any, tuple]:
        """The next state and the events the decision caused; a decision that is not legal is a ``ValueError``."""
        legal = self.legal_decisions(state)
        if decision not in legal:
            raise ValueError(f"not a legal decision at {self.model.where(state)}: {decision}; legal: {'; '.join(map(str, legal[:8]))}")
        return self.model.step(state, decision)

    def decide(self, state, label: str) -> tuple[Any, tuple]:
        """:meth:`step` with the legal decision whose words are ``label`` (as a replay file names it)."""
        for d in self.legal_decisions(state):
            if str(d) == label:
                return self.model.step(state, d)
        legal = "; ".join(str(d) for d in self.legal_decisions(state)[:8])
        raise ValueError(f"no legal decision {label!r} at {self.model.where(state)}; legal: {legal}")

    def outcome(self, state) -> tuple[str, str, str] | None:
        """``(kind, reason, clause)`` once the game is over (``won``, ``lost``, ...), else ``None``."""
        return self.model.outcome(state) if not self.legal_decisions(state) else None

    def where(self, state) -> str:
        """The decision point, in words."""
        return self.model.where(state)

    def violations(self, state, before=None, decision=None, events: tuple = ()) -> list:
        """Every invariant broken by ``state`` (each a ``Violation``: the invariant, its clauses, a message).

        Given the state ``before`` and the ``decision`` that led here (with its ``events``), the step
        invariants are checked too.
        """
        from oblivaeon_verify.checked_play import properties

        props = properties(self.model)
        if before is None:
            return list(props.INVARIANTS.check_state(state))
        return list(props.INVARIANTS.check_step(props.Step(before, decision, tuple(events), state)))

    def play_random(self, players: int | None = None, seed: int = DEFAULT_SEED, game: int = 0, max_steps: int = 1_000_000):
        """Game ``game`` of ``simulate --seed seed`` played to its end: its last state and the decisions taken (in words)."""
        n = self.model.default_players if players is None else players
        rng = play.game_rng(seed, n, game)
        state = self.model.new_game(self.model.random_setup(rng, n, self.parameters))
        taken: list[str] = []
        while len(taken) < max_steps:
            options = self.legal_decisions(state)
            if not options:
                break
            d = play.choose(rng, options, self.model.decision_weight)
            state, _events = self.model.step(state, d)
            taken.append(str(d))
        return state, taken

    def scenarios(self) -> list[str]:
        """The ids of the ruleset's corner-case scenario files."""
        from oblivaeon_verify import scenarios

        return [sc.id for sc in scenarios.load_suite(self.name).scenarios]

    def run_scenario(self, scenario: str | Path):
        """Run one scenario file, by id (one of :meth:`scenarios`) or path: its ``Run`` (``passed``, ``verdict``,
        ``explain()``, and :func:`oblivaeon_verify.scenario_lib.runner.itf` for its ITF trace).  A malformed file is
        a ``ScenarioError`` naming the file and key."""
        from oblivaeon_verify import scenarios

        vocab = scenarios.vocabulary(self.name)
        path = Path(scenario)
        if not path.suffix:
            path = scenarios.folder(self.name) / f"{scenario}.toml"
            if not path.is_file():
                raise ValueError(f"no scenario {scenario!r} in {self.name}; scenarios: {', '.join(self.scenarios())}")
        return scenarios.run(scenarios.load_one(path, vocab), vocab)
