"""The OblivAeon ruleset as the harness sees it: the model adapter and the properties, one part each."""

from __future__ import annotations

from pathlib import Path

from oblivaeon_verify.model.oblivaeon.ruleset import RULESET
from oblivaeon_verify.properties.common.plugin import (
    ClarifyLanguage,
    GraphFacts,
    Plugin,
    Properties,
    ScenarioVocabulary,
    StateMachine,
    SymbolicEncoding,
)

# Each part is imported when first asked for: a command that does not prove anything never loads Z3's encoding.


def _properties() -> Properties:
    from oblivaeon_verify.properties import oblivaeon

    return oblivaeon


def _machine() -> StateMachine:
    from oblivaeon_verify.properties.oblivaeon import machine

    return machine


def _graph_facts() -> GraphFacts:
    from oblivaeon_verify.properties.oblivaeon import graph_facts

    return graph_facts


def _symbolic() -> SymbolicEncoding:
    from oblivaeon_verify.properties.oblivaeon import symbolic

    return symbolic


def _extra_proofs(*, smtlib_dir: Path | None = None, **limits) -> dict[str, dict]:
    """Battle-zone isolation (BZ.ISOLATION), over every card instruction; ``limits``: ``work`` and ``seconds`` per obligation."""
    from oblivaeon_verify.properties.oblivaeon import symbolic

    return symbolic.extra_proofs(smtlib_dir=smtlib_dir, **limits)


def _clarify() -> ClarifyLanguage:
    from oblivaeon_verify.properties.oblivaeon import clarify

    return clarify


def _clarify_in_play(budget, statements) -> dict:
    from oblivaeon_verify.properties.oblivaeon import clarify

    return clarify.in_play(budget, statements)


def _census():
    from oblivaeon_verify.properties.oblivaeon import census

    return census


def _scenario_vocab() -> ScenarioVocabulary:
    from oblivaeon_verify.properties.oblivaeon.scenario_vocab import VOCAB

    return VOCAB


PLUGIN = Plugin(
    game=RULESET,
    properties=_properties,
    machine=_machine,
    witnesses=Path(__file__).with_name("witnesses"),
    graph_facts=_graph_facts,
    symbolic=_symbolic,
    extra_proofs=_extra_proofs,
    clarify=_clarify,
    clarify_in_play=_clarify_in_play,
    scenario_vocab=_scenario_vocab,
    census=_census,
)
