"""The Aeon's End ruleset as the harness sees it: the model adapter and the properties, one part each."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from oblivaeon_verify.model.aeons_end.ruleset import RULESET
from oblivaeon_verify.properties.aeons_end.knockout import KNOCKOUT_GAMES
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
    from oblivaeon_verify.properties import aeons_end

    return aeons_end


def _machine() -> StateMachine:
    from oblivaeon_verify.properties.aeons_end import machine

    return machine


def _graph_facts() -> GraphFacts:
    from oblivaeon_verify.properties.aeons_end import graph_facts

    return graph_facts


def _reading_progress() -> Mapping:
    from oblivaeon_verify.properties.aeons_end import graph_facts

    return graph_facts.READING_PROGRESS


def _symbolic() -> SymbolicEncoding:
    from oblivaeon_verify.properties.aeons_end import symbolic

    return symbolic


def _clarify() -> ClarifyLanguage:
    from oblivaeon_verify.properties.aeons_end import clarify

    return clarify


def _clarify_in_play(budget, statements) -> dict:
    from oblivaeon_verify.properties.aeons_end import clarify

    return clarify.in_play(budget, statements)


def _census():
    from oblivaeon_verify.properties.aeons_end import census

    return census


def _scenario_vocab() -> ScenarioVocabulary:
    from oblivaeon_verify.properties.aeons_end.scenario_vocab import VOCAB

    return VOCAB


PLUGIN = Plugin(
    game=RULESET,
    properties=_properties,
    machine=_machine,
    witnesses=Path(__file__).with_name("witnesses"),
    graph_facts=_graph_facts,
    reading_progress=_reading_progress,
    symbolic=_symbolic,
    clarify=_clarify,
    clarify_in_play=_clarify_in_play,
    scenario_vocab=_scenario_vocab,
    census=_census,
    knockout_games=KNOCKOUT_GAMES,
)
