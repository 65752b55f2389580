"""What every ruleset adapter does the same way: forward the harness's calls to the model's modules.

A ruleset's adapter subclasses :class:`ModelRuleset`, names its modules (``engine``, ``parameters``,
``serialise``, ``random_setup``, ``describe``) and adds only what is its own (rounds, labels, setups).
The ruleset contract (its ``Game`` Protocol) lists every member the harness reads; the optional ones
have their default here, so that the harness reads each of them plainly.
"""

from __future__ import annotations

from oblivaeon_verify.model.common import parameters as common_parameters


class ModelRuleset:
    engine = None
    """The module with ``new_game``, ``legal_decisions``, ``step`` and ``where``."""
    parameters = None
    """The module with ``load`` and ``DEFAULT`` (a dataclass declared as ``model.common.parameters`` reads)."""
    serialise = None
    """The module with ``to_json``, ``from_json``, ``canonical_key`` and ``position_key``."""
    kernel = None
    """The model's run loop (a ``model.common.kernel.Kernel``): its kinds of work record, each with its one handler
    (knock-out by record kind reads them here); None for a model that is not run by the shared kernel."""
    pending_work: tuple[str, ...] = ()
    """State fields holding work still to do within a step (a queue of effects, a stack of frames)."""
    not_position: tuple[str, ...] = ()
    """State fields a position leaves out (configuration and clocks: ``position_key`` ignores them)."""
    decision_weight = None
    """Random play's weight of a player decision (a function of it), or None to choose uniformly."""
    silent_choices: tuple = ()
    """What the model decides where its rulebook is silent (``model.common.silent.SilentChoice``), in the order a reviewer reads them."""

    @property
    def package(self) -> str:
        """The model's package, whose functions declare the clauses they implement (what knock-outs and the graphs scan)."""
        return type(self).__module__.rpartition(".")[0]

    def load_parameters(self, path=None, pairs=()):
        return self.parameters.load(path, pairs)

    def default_parameters(self):
        return self.parameters.DEFAULT

    def assumptions(self) -> list[dict]:
        """Every parameter: name, type, bounds and their reason, default, documentation (``oblivaeon-verify params``)."""
        return common_parameters.describe(self.parameters.DEFAULT)

    def new_game(self, setup):
        return self.engine.new_game(setup)

    def legal_decisions(self, state):
        return self.engine.legal_decisions(state)

    def step(self, state, decision, policy=None):
        return self.engine.step(state, decision, policy)

    def where(self, state) -> str:
        return self.engine.where(state)

    def outcome(self, state):
        o = state.outcome
        return None if o is None else (o.kind, o.reason, o.clause)

    def turn_label(self, state) -> str:
        """Whose turn it is, in words (a trace line's prefix); empty when the ruleset has no such word."""
        return ""

    def describe_card(self, card: str) -> str:
        """A card id in the ruleset's words (the id itself when it has none)."""
        return card

    def describe_event(self, event) -> str:
        """An event in words (``simulate --trace``)."""
        return str(event)

    def with_round(self, state, round_number: int):
        """The same position at another round number, for checking that keys leave out history; None when it cannot be made."""
        return None

    def to_json(self, state) -> str:
        return self.serialise.to_json(state)

    def from_json(self, text: str):
        return self.serialise.from_json(text)

    def canonical_key(self, state) -> str:
        return self.serialise.canonical_key(state)

    def shared_encoding(self, carry=None):
        """A block within which the states encoded (``to_json``, ``canonical_key``) share the encoding of their
        common parts: for checks that encode one state several ways and change none.  ``carry`` (a
        ``model.common.serialise.Carry``) hands what one block met to the next: the states of one game."""
        return self.serialise.CODEC.shared(carry)

    def position_key(self, state):
        return self.serialise.position_key(state)
