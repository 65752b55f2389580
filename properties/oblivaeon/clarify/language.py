"""The OblivAeon clarification language: the shared parser (properties.common.clarify.language) over
this game's vocabulary.

    CLAR.VILLAIN-CHARACTERS: every OblivAeon Booklet is a villain character card.
    CLAR.MISSION-TARGET-KIND: some Mission card is a villain target.

See the shared module for the grammar; ``VERBS`` are the first words of this vocabulary's predicate
terms ("keeps its tokens"): they end a subject, and a statement may use them without 'is'.
"""

from __future__ import annotations

from oblivaeon_verify.properties.common.clarify.language import (
    ARTICLES,
    COPULAS,
    ID_RE,
    QUANTIFIERS,
    And,
    Clarification,
    ClarifyError,
    Language,
    Not,
    Or,
    Statement,
    Term,
    show,
)
from oblivaeon_verify.properties.common.clarify.vocab import Vocabulary
from oblivaeon_verify.properties.oblivaeon.clarify import words
from oblivaeon_verify.properties.oblivaeon.clarify.vocabulary import TERMS

VERBS = words.VERBS

VOCABULARY = Vocabulary(
    terms=TERMS,
    verbs=frozenset(VERBS),
    attributes=words.attributes(),
    relations=words.RELATIONS,
    tests=words.tests(),
    moments=words.named_moments(),
    actions=words.ACTIONS,
    events=words.EVENTS,
    groups=words.GROUPS,
)

LANGUAGE = Language(
    TERMS,
    VERBS,
    example_id="CLAR.MISSION-TYPES",
    vocabulary_hint="`oblivaeon-verify clarify --vocabulary`",
    vocabulary=VOCABULARY,
    modals=("may", "can", "must", "cannot"),
    relatives=("that", "which"),
)
parse = LANGUAGE.parse
parse_statement = LANGUAGE.parse_statement

__all__ = [
    "ARTICLES",
    "COPULAS",
    "ID_RE",
    "QUANTIFIERS",
    "VERBS",
    "VOCABULARY",
    "And",
    "Clarification",
    "ClarifyError",
    "LANGUAGE",
    "Not",
    "Or",
    "Statement",
    "Term",
    "parse",
    "parse_statement",
    "show",
]
