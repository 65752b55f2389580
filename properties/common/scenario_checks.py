"""What a ruleset's scenario vocabulary checks with the ruleset's own invariants and serialiser (game-independent).

The scenario runner (``oblivaeon_verify.scenario_lib.runner``) asks a vocabulary for the invariants a state or a
decision of the model breaks, and for a state's JSON copy to take each step from; a vocabulary gets all of it from
this mixin by naming its ruleset's invariant registry, transition and serialiser.
"""

from __future__ import annotations

from collections.abc import Callable

from oblivaeon_verify.properties.common.registry import Registry, Step


class CheckedByInvariants:
    """A scenario vocabulary whose states and decisions are checked by ``registry`` (put before ``VocabularyBase``)."""

    registry: Registry
    model_step: Callable
    to_json: Callable
    from_json: Callable

    @property
    def invariants(self) -> frozenset[str]:
        return frozenset(self.registry.names())

    def read_back(self, state):
        return type(self).from_json(type(self).to_json(state))

    def position_problems(self, state) -> list[tuple[str, str]]:
        """The state invariants a state breaks: (name, the violation in words)."""
        return [(v.invariant, str(v)) for v in self.registry.check_state(state)]

    def step_problems(self, before, decision, events: tuple, after, forced: tuple = ()) -> list[tuple[str, str]]:
        """Every invariant over one decision of the model (the full check: state invariants at each point where the
        kernel decided alone, ``forced``, and on the state after, step invariants on the step): (name, the violation in
        words)."""
        return [(v.invariant, str(v)) for v in self.registry.check_step(Step(before, decision, events, after, forced))]
