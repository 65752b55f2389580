"""The Aeon's End clarification language: the shared parser (properties.common.clarify.language) over
this game's vocabulary, with modal statements and relative clauses::

    EXHAUST.NO-LIFE-GAIN: no exhausted player may gain life.
    BREACH.PREP-WHERE: every breach that may receive a spell is opened or focused this turn.
    an opened breach may receive a spell.          # a proposal: 'some' opened breach may

Clause ids are those of model/aeons_end/clauses.py, some of which have no dot (ALLY-SPELL).
"""

from __future__ import annotations

import re

from oblivaeon_verify.properties.aeons_end.clarify.vocabulary import MODALS, TERMS, VERBS
from oblivaeon_verify.properties.common.clarify.language import Language

ID_RE = re.compile(r"[A-Z][A-Z0-9-]*(\.[A-Z0-9][A-Z0-9-]*)*")

LANGUAGE = Language(
    TERMS,
    VERBS,
    example_id="EXHAUST.NO-LIFE-GAIN",
    vocabulary_hint="`oblivaeon-verify clarify --ruleset aeons_end --vocabulary`",
    modals=MODALS,
    relatives=("that", "who"),
    id_re=ID_RE,
    example_verb="may",
)
parse = LANGUAGE.parse
parse_statement = LANGUAGE.parse_statement
