"""Rules clarifications in a small readable language, checked with Z3.

``rulebook.clar`` encodes every Rules Clarification of the rulebook (each line cites its CLAR.* id)
plus the VOCAB.* facts that say what the words mean.  The harness finds this package through
``RULESET.clarify_module`` and calls the functions below (JSON-able results); the machinery is
game-independent (properties.common.clarify).
"""

from __future__ import annotations

from pathlib import Path

from properties.common.clarify.rulebook import EncodedRulebook
from properties.oblivaeon.clarify.language import LANGUAGE, ClarifyError
from properties.oblivaeon.clarify.vocabulary import TERMS

RULEBOOK = Path(__file__).with_name("rulebook.clar")
Error = ClarifyError


def _existence() -> tuple[str, str]:
    from properties.oblivaeon.clarify import existence

    return existence.text(), existence.SOURCE


_BOOK = EncodedRulebook(
    RULEBOOK, LANGUAGE, is_rule=lambda cid: cid.startswith("CLAR."), rules_word="rules clarifications", derived=_existence
)

__all__ = ["Error", "TERMS", "rulebook", "check_rulebook", "judge_text", "model_conformance", "vocabulary"]

rulebook = _BOOK.rulebook
check_rulebook = _BOOK.check_rulebook
judge_text = _BOOK.judge_text


def vocabulary() -> dict[str, str]:
    return dict(TERMS)


def model_conformance() -> dict:
    from properties.oblivaeon.clarify.model_check import check

    return check(list(rulebook()))
