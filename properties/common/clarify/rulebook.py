"""The functions the harness calls on a ruleset's clarify package, for any game.

A ruleset builds one :class:`EncodedRulebook` from its language and ``rulebook.clar`` and exposes
its methods as module functions (``rulebook``, ``check_rulebook``, ``judge_text``).  Every id of
the file is either a *rule* (the clarifications or rulebook rules the game's checker judges
against) or a vocabulary fact (``VOCAB.*``: what the words mean); both take part in every check.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

from model.common.files import read_text
from properties.common.clarify.language import MAX_PROPOSAL_STATEMENTS, ClarifyError, Language


class EncodedRulebook:
    def __init__(self, path: Path, language: Language, is_rule: Callable[[str], bool], rules_word: str):
        self.path, self.language, self.is_rule = path, language, is_rule
        self.rules_word = rules_word
        """What the rule statements are called in reports ("rules clarifications", "rulebook rules")."""

    @functools.cached_property
    def statements(self) -> tuple:
        return tuple(self.language.parse(read_text(self.path, "encoded rulebook"), str(self.path.name)))

    def rulebook(self) -> tuple:
        return self.statements

    def check_rulebook(self) -> dict:
        """Is the whole set consistent, and which ids (or single statements) follow from the others?"""
        from properties.common.clarify.logic import Theory

        cs = list(self.statements)
        theory = Theory(cs)
        consistent = theory.consistent()
        rules = [i for i in theory.clarifications if self.is_rule(i)]
        return {
            "clarifications": sorted(rules),
            "vocabulary_facts": sorted(c.id for c in cs if not self.is_rule(c.id)),
            "rules_word": self.rules_word,
            "consistent": consistent,
            "conflicts": [] if consistent else theory.cores(),
            "redundant": [c for c in theory.clarifications if theory.implied_by_others(c)] if consistent else [],
            "redundant_statements": [{"clause": i, "statement": n, "text": t} for i, n, t in theory.statements_implied_by_others()]
            if consistent
            else [],
        }

    def judge_text(self, text: str, source: str = "<proposal>") -> dict:
        """The verdict on a proposed clarification (``ID: statement`` lines, or bare statements)."""
        from properties.common.clarify.logic import judge

        proposals = self.language.parse(text, source, default_id="PROPOSED", max_statements=MAX_PROPOSAL_STATEMENTS)
        if len(proposals) != 1:
            raise ClarifyError(
                source, proposals[1].line, 1, "statements of one clarification (a single id)", f"a second id {proposals[1].id}"
            )
        return judge(list(self.statements), proposals[0])
