"""Rules clarifications in a small readable language, checked with Z3.

``rulebook.clar`` encodes every Rules Clarification of the rulebook (each line cites its CLAR.* id)
plus the VOCAB.* facts that say what the words mean.  The harness finds this package through
``RULESET.clarify_module`` and calls the functions below (JSON-able results).
"""

from __future__ import annotations

import functools
from pathlib import Path

from properties.oblivaeon.clarify.language import ClarifyError, parse
from properties.oblivaeon.clarify.vocabulary import TERMS

RULEBOOK = Path(__file__).with_name("rulebook.clar")
Error = ClarifyError

__all__ = ["Error", "TERMS", "rulebook", "check_rulebook", "judge_text", "model_conformance", "vocabulary"]


@functools.cache
def rulebook():
    return tuple(parse(RULEBOOK.read_text(encoding="utf-8"), str(RULEBOOK.name)))


def vocabulary() -> dict[str, str]:
    return dict(TERMS)


def check_rulebook() -> dict:
    """Is the whole set consistent, and which clarifications (or single statements) follow from the others?"""
    from properties.oblivaeon.clarify.logic import Theory

    cs = list(rulebook())
    theory = Theory(cs)
    consistent = theory.consistent()
    return {
        "clarifications": sorted(c.id for c in cs if c.id.startswith("CLAR.")),
        "vocabulary_facts": sorted(c.id for c in cs if not c.id.startswith("CLAR.")),
        "consistent": consistent,
        "conflicts": [] if consistent else theory.cores(),
        "redundant": [c for c in theory.clarifications if theory.implied_by_others(c)] if consistent else [],
        "redundant_statements": [{"clause": i, "statement": n, "text": t} for i, n, t in theory.statements_implied_by_others()]
        if consistent
        else [],
    }


def judge_text(text: str, source: str = "<proposal>") -> dict:
    """The verdict on a proposed clarification (``ID: statement`` lines, or bare statements)."""
    from properties.oblivaeon.clarify.logic import judge

    proposals = parse(text, source, default_id="PROPOSED")
    if len(proposals) != 1:
        raise ClarifyError(source, proposals[1].line, 1, "statements of one clarification (a single id)", f"a second id {proposals[1].id}")
    return judge(list(rulebook()), proposals[0])


def model_conformance() -> dict:
    from properties.oblivaeon.clarify.model_check import check

    return check(list(rulebook()))
