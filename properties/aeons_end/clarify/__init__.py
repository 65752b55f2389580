"""The Aeon's End rulebook as statements of the clarification language, checked with Z3.

The rulebook has no Rules Clarifications section, so ``rulebook.clar`` encodes its rules themselves
(each line cites its clause id from model/aeons_end/clauses.py) plus the VOCAB.* facts that say what
the words mean; a proposed clarification is judged against all of them.  The harness finds this
package through the ruleset's plugin (its ``clarify`` part: ``properties.common.plugin.ClarifyLanguage``)
and calls the functions below (JSON-able results); the machinery is game-independent
(properties.common.clarify).
"""

from __future__ import annotations

from pathlib import Path

from oblivaeon_verify.properties.aeons_end.clarify.language import LANGUAGE
from oblivaeon_verify.properties.aeons_end.clarify.vocabulary import TERMS
from oblivaeon_verify.properties.common.clarify.language import ClarifyError
from oblivaeon_verify.properties.common.clarify.rulebook import EncodedRulebook

RULEBOOK = Path(__file__).with_name("rulebook.clar")
Error = ClarifyError


def _existence() -> tuple[str, str]:
    from oblivaeon_verify.properties.aeons_end.clarify import existence

    return existence.text(), existence.SOURCE


_BOOK = EncodedRulebook(
    RULEBOOK, LANGUAGE, is_rule=lambda cid: not cid.startswith(("VOCAB.", "EXIST.")), rules_word="rulebook rules", derived=_existence
)

__all__ = ["Error", "TERMS", "rulebook", "check_rulebook", "judge_text", "batch", "judge", "model_conformance", "in_play", "vocabulary"]

rulebook = _BOOK.rulebook
check_rulebook = _BOOK.check_rulebook
judge_text = _BOOK.judge_text
batch = _BOOK.batch
judge = _BOOK.judge


def vocabulary() -> dict[str, str]:
    return dict(TERMS)


def model_conformance() -> dict:
    from oblivaeon_verify.properties.aeons_end.clarify.model_check import check

    return check(list(rulebook()))


def in_play(budget=None, statements=None, knockout: str | None = None) -> dict:
    """Every rulebook statement (or the given (clause, index, statement) triples) checked in random play,
    explorations and the state machine (:func:`properties.common.clarify.in_play.search`), on the
    situations of ``play.situation``."""
    from oblivaeon_verify.model.aeons_end.ruleset import RULESET as ruleset
    from oblivaeon_verify.properties.aeons_end.clarify.play import situation
    from oblivaeon_verify.properties.aeons_end.machine import MACHINE
    from oblivaeon_verify.properties.common.clarify import in_play as search

    if statements is None:
        statements = [(c.id, n, st) for c in rulebook() for n, st in enumerate(c.statements)]
    return search.search(ruleset, statements, situation, budget or search.Budget(), knockout, machine=MACHINE)
