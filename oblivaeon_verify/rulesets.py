"""Finding a ruleset by name: ``model.<name>.ruleset.RULESET``, with a small interface.

The harness never names a game: it asks the ruleset for everything game-specific.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Hashable
from typing import Any, Protocol

from oblivaeon_verify import model


class Ruleset(Protocol):
    name: str
    title: str
    players_word: str
    players: tuple[int, ...]
    default_players: int
    catalogue: Any

    def load_parameters(self, path: Any = None, pairs: Any = ()) -> Any: ...
    def random_setup(self, rng: Any, players: int, params: Any) -> Any: ...
    def new_game(self, setup: Any) -> Any: ...
    def legal_decisions(self, state: Any) -> tuple: ...
    def step(self, state: Any, decision: Any) -> tuple[Any, tuple]: ...
    def outcome(self, state: Any) -> tuple[str, str, str] | None: ...
    def rounds(self, state: Any) -> int: ...
    def where(self, state: Any) -> str: ...
    def to_json(self, state: Any) -> str: ...
    def from_json(self, text: str) -> Any: ...
    def canonical_key(self, state: Any) -> str: ...
    def position_key(self, state: Any) -> Hashable: ...


DEFAULT = "oblivaeon"


def available() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(model.__path__) if m.ispkg and m.name != "common")


class UnknownRuleset(LookupError):
    pass


def load(name: str = DEFAULT) -> Ruleset:
    if name not in available():
        raise UnknownRuleset(f"unknown ruleset {name!r}; available: {', '.join(available())}")
    module = importlib.import_module(f"oblivaeon_verify.model.{name}.ruleset")
    return module.RULESET
