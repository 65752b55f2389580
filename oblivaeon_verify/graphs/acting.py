"""Rules that show only by acting: a witness sees them when a function implementing them runs.

Most corner cases show in a state (the facts' predicate) or in a step whose events cite the clause.
Some rules leave neither: setup placing the markers, OblivAeon's turn coming first, a spell on an
opened breach being castable.  The model states them as code (the functions that declare the
clause), so their witness is the step (or the setup) in which one of those functions runs.  The
facts module lists them (``SHOWN_BY_RULE``); :class:`Watched` wraps a ruleset so that each step's
events end with a :class:`RuleActed` for each listed clause whose rule ran, and the ordinary
"an event cites the clause" goal (``witness.goal_for``) then finds it.  The wrapper's events are
for searching and showing only: invariants see the model's own events (:func:`model_events`).
"""

from __future__ import annotations

from dataclasses import dataclass

from oblivaeon_verify.graphs import facts as facts_mod
from oblivaeon_verify.handlers import Acting


@dataclass(frozen=True)
class RuleActed:
    """Not a model event: ``function``, which implements ``clause``, ran in the step (or the setup)."""

    clause: str
    function: str
    kind: str = "rule-acted"

    def __str__(self) -> str:
        return f"its rule acted: {self.function} ran"


def shown_by_rule(ruleset) -> frozenset[str]:
    """The clauses whose witnesses show their rule acting (the facts' ``SHOWN_BY_RULE``)."""
    return frozenset(facts_mod.load(ruleset).SHOWN_BY_RULE)


def model_events(events) -> tuple:
    """The model's own events of a step, without the wrapper's :class:`RuleActed`."""
    return tuple(e for e in events if not isinstance(e, RuleActed))


class Watched:
    """``ruleset``, with each step's events (and the setup's, in ``setup_events``) telling which of ``clauses``' rules ran."""

    def __init__(self, ruleset, clauses) -> None:
        self.ruleset = ruleset
        self.clauses = frozenset(clauses)
        self._acting = Acting(ruleset.package, self.clauses)
        self.setup_events: tuple = ()

    def __getattr__(self, name):
        # a wrapper: every member it does not change is the ruleset's own
        return getattr(self.ruleset, name)

    def _acted(self) -> tuple:
        return tuple(RuleActed(c, fn) for c, fn in self._acting.take().items())

    def new_game(self, setup):
        self._acting.take()
        with self._acting:
            state = self.ruleset.new_game(setup)
        self.setup_events = self._acted()
        return state

    def step(self, state, decision, policy=None):
        self._acting.take()
        with self._acting:
            nxt, events = self.ruleset.step(state, decision, policy)
        return nxt, tuple(events) + self._acted()


def watching(ruleset, clauses):
    """``ruleset`` itself when none of ``clauses`` shows by its rule; else a :class:`Watched` over those that do."""
    acting = shown_by_rule(ruleset) & set(clauses)
    return Watched(ruleset, acting) if acting else ruleset


def opening(ruleset, setup) -> tuple:
    """A new game and the events of its setup (none but a :class:`Watched` ruleset's)."""
    state = ruleset.new_game(setup)
    return state, ruleset.setup_events if isinstance(ruleset, Watched) else ()
