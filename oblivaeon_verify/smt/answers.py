"""A designer query's answer, the same shape for every ruleset (what ``ask`` prints and ``--json`` writes)."""

from __future__ import annotations

from dataclasses import dataclass, field


class QueryError(ValueError):
    """A query that cannot be asked as given (an unknown number, a bad value)."""


@dataclass
class Answer:
    query: str
    status: str
    """``reached`` (with a witness), ``unreachable-within`` (bounded) or ``unknown``."""
    depth: int
    players: int
    assumptions: list[str]
    witness: list[dict] = field(default_factory=list)
    parameters: dict = field(default_factory=dict)
    """Values Z3 chose for the numbers left symbolic."""
    value: int | None = None
    value_label: str = ""
    """What ``value`` counts (rounds, turns, ...)."""
    seconds: float = 0.0
    replay: dict | None = None
    """The witness as a replay file's document, when it is a game of the model (``--minimise decisions``)."""

    def as_dict(self) -> dict:
        keys = ("query", "status", "depth", "players", "assumptions", "witness", "parameters", "value", "value_label")
        return {k: getattr(self, k) for k in keys} | ({"replay": self.replay} if self.replay is not None else {})
