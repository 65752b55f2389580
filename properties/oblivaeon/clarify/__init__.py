"""Rules clarifications in a small readable language, checked with Z3.

``rulebook.clar`` encodes every Rules Clarification of the rulebook (each line cites its CLAR.* id)
plus the VOCAB.* facts that say what the words mean.  The harness finds this package through the
ruleset's plugin (its ``clarify`` part: ``properties.common.plugin.ClarifyLanguage``, and
``in_play`` as the plugin's ``clarify_in_play``) and calls the functions below (JSON-able results);
the machinery is game-independent (properties.common.clarify).
"""

from __future__ import annotations

from pathlib import Path

from oblivaeon_verify.properties.common.clarify.rulebook import EncodedRulebook
from oblivaeon_verify.properties.oblivaeon.clarify.language import LANGUAGE, ClarifyError
from oblivaeon_verify.properties.oblivaeon.clarify.vocabulary import TERMS

RULEBOOK = Path(__file__).with_name("rulebook.clar")
Error = ClarifyError


def _existence() -> tuple[str, str]:
    from oblivaeon_verify.properties.oblivaeon.clarify import existence

    return existence.text(), existence.SOURCE


_BOOK = EncodedRulebook(
    RULEBOOK, LANGUAGE, is_rule=lambda cid: cid.startswith("CLAR."), rules_word="rules clarifications", derived=_existence
)

__all__ = [
    "Error",
    "TERMS",
    "rulebook",
    "check_rulebook",
    "judge_text",
    "batch",
    "judge",
    "model_conformance",
    "in_play",
    "vocabulary",
    "encoding",
]

rulebook = _BOOK.rulebook
check_rulebook = _BOOK.check_rulebook
judge_text = _BOOK.judge_text
batch = _BOOK.batch
judge = _BOOK.judge
encoding = _BOOK.encoding


def vocabulary() -> dict[str, str]:
    return dict(TERMS)


def in_play(budget=None, statements=None, knockout: str | None = None) -> dict:
    """Every rulebook statement (or the given (clause, index, statement) triples) checked in random play,
    explorations and the state machine (:func:`properties.common.clarify.in_play.search`)."""
    from oblivaeon_verify.model.oblivaeon.ruleset import RULESET as ruleset
    from oblivaeon_verify.properties.common.clarify import in_play as search
    from oblivaeon_verify.properties.oblivaeon.clarify.play import moved_seats, situation
    from oblivaeon_verify.properties.oblivaeon.machine import MACHINE

    if statements is None:
        statements = [(c.id, n, st) for c in rulebook() for n, st in enumerate(c.statements)]
    return search.search(ruleset, statements, situation, budget or search.Budget(), knockout, moved_seats, MACHINE)


def model_conformance() -> dict:
    from oblivaeon_verify.properties.oblivaeon.clarify.model_check import check

    return check(list(rulebook()))
