"""The functions the harness calls on a ruleset's clarify package, for any game.

A ruleset builds one :class:`EncodedRulebook` from its language and ``rulebook.clar`` and exposes
its methods as module functions (``rulebook``, ``check_rulebook``, ``judge_text``).  Every id of
the file is either a *rule* (the clarifications or rulebook rules the game's checker judges
against) or a vocabulary fact (``VOCAB.*``: what the words mean); both take part in every check.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path

from oblivaeon_verify.model.common.files import read_text
from oblivaeon_verify.properties.common.clarify.language import MAX_PROPOSAL_STATEMENTS, ClarifyError, Language

PARTIAL_RE = re.compile(r"#\s*PARTIAL\s+([^:\s]+)\s*:\s*(.+)")
"""A comment ``# PARTIAL ID: what the language cannot state`` marks a rule encoded short of its full meaning."""

MAX_BATCH = 100
"""The most proposals one ``clarify --file`` batch may hold (each is a judgement of its own)."""


class EncodedRulebook:
    """``derived``: statements read off the model rather than written by hand (the EXIST.* counts), as
    (text, source name), parsed by the same language; they take part in every check like VOCAB.* facts."""

    def __init__(
        self,
        path: Path,
        language: Language,
        is_rule: Callable[[str], bool],
        rules_word: str,
        derived: Callable[[], tuple[str, str]] | None = None,
    ):
        self.path, self.language, self.is_rule = path, language, is_rule
        self.rules_word = rules_word
        """What the rule statements are called in reports ("rules clarifications", "rulebook rules")."""
        self.derived = derived

    @functools.cached_property
    def _text(self) -> str:
        return read_text(self.path, "encoded rulebook")

    @functools.cached_property
    def statements(self) -> tuple:
        written = self.language.parse(self._text, str(self.path.name))
        if self.derived is None:
            return tuple(written)
        text, source = self.derived()
        return tuple(self.language.parse(text, source)) + tuple(written)

    def encoding(self) -> dict:
        """How many rules are encoded at full meaning, and for the others what the file says is missing."""
        rules = sorted({c.id for c in self.statements if self.is_rule(c.id)})
        partial: dict[str, list[str]] = {}
        for line in self._text.split("\n"):
            m = PARTIAL_RE.match(line.strip())
            if m:
                partial.setdefault(m.group(1), []).append(m.group(2).strip())
        unknown = sorted(set(partial) - set(rules))
        if unknown:
            raise ValueError(f"{self.path.name}: PARTIAL names ids that are no rule of the file: {', '.join(unknown)}")
        return {
            "rules": len(rules),
            "full_meaning": len(rules) - len(partial),
            "partial": [{"clause": cid, "missing": "; ".join(why)} for cid, why in sorted(partial.items())],
        }

    def rulebook(self) -> tuple:
        return self.statements

    def check_rulebook(self, seconds: float | None = None, work: int | None = None) -> dict:
        """Is the whole set consistent, and which ids (or single statements) follow from the others?

        A question the solver cannot decide (within ``work`` Z3 work units for all questions together,
        default :data:`~properties.common.clarify.logic.JUDGE_WORK`, and within ``seconds`` if given) is
        listed in ``undecided`` and counted neither way: ``consistent`` is then None, and an id whose
        redundancy is undecided is not in ``redundant``.
        """
        from oblivaeon_verify.properties.common.clarify.logic import JUDGE_WORK, Theory, UndecidedError

        from oblivaeon_verify.smt.allowance import Allowance

        cs = list(self.statements)
        allowance = Allowance.of(JUDGE_WORK if work is None else work, seconds)
        theory = Theory(cs, allowance, vocab=self.language.vocabulary, kept=len(cs))
        undecided: list[str] = []

        def decided_into(messages: list[str], question: str, ask, first: bool = False):
            try:
                return ask()
            except UndecidedError as e:
                messages.insert(0 if first else len(messages), f"{question}: {e}")
                return None

        def decided(question: str, ask):
            return decided_into(undecided, question, ask)

        consistent = decided("whether the set is consistent", theory.consistent)
        conflicts = (decided("the minimal conflicting sets", theory.cores) or []) if consistent is False else []
        redundant, redundant_statements = [], []
        if consistent:
            for cid, c in theory.clarifications.items():
                # Statement n of cid against everything else (its own other statements too) first: the
                # id's question leaves those out, so it can follow only if every statement does (and
                # with one statement the two are the same question).
                id_question = f"whether {cid} follows from the others"
                asked: list[str] = []
                each = []
                for n, st in enumerate(c.statements):
                    question = f"whether statement {n + 1} of {cid} follows from the others"
                    each.append(decided_into(asked, question, lambda cid=cid, n=n: theory.statement_implied_by_others(cid, n)))
                    if each[-1]:
                        redundant_statements.append({"clause": cid, "statement": n + 1, "text": st.text})
                if len(c.statements) == 1:
                    whole = each[0]
                    if whole is None:
                        asked.insert(0, asked[0].replace(f"statement 1 of {cid}", cid, 1))
                elif False in each:
                    whole = False
                else:
                    whole = decided_into(asked, id_question, lambda cid=cid: theory.implied_by_others(cid), first=True)
                undecided.extend(asked)
                if whole:
                    redundant.append(cid)
        return {
            "clarifications": sorted(i for i in theory.clarifications if self.is_rule(i)),
            "vocabulary_facts": sorted(c.id for c in cs if not self.is_rule(c.id)),
            "rules_word": self.rules_word,
            "consistent": consistent,
            "conflicts": conflicts,
            "redundant": redundant,
            "redundant_statements": redundant_statements,
            "undecided": undecided,
            "encoding": self.encoding(),
        }

    def judge_text(self, text: str, source: str = "<proposal>", seconds: float | None = None, work: int | None = None) -> dict:
        """The verdict on a proposed clarification (``ID: statement`` lines, or bare statements), decided
        within ``work`` Z3 work units (default :data:`~properties.common.clarify.logic.JUDGE_WORK`) and
        ``seconds`` if given, else ``unknown``."""
        proposals = self.language.parse(text, source, default_id="PROPOSED", max_statements=MAX_PROPOSAL_STATEMENTS)
        if len(proposals) != 1:
            raise ClarifyError(
                source, proposals[1].line, 1, "statements of one clarification (a single id)", f"a second id {proposals[1].id}"
            )
        return self.judge(proposals[0], seconds, work)

    def batch(self, text: str, source: str = "<proposals>") -> list:
        """The proposals of a batch file: each ``ID:`` is one proposal (its lines need not be together),
        bare statements together the proposal PROPOSED; at most :data:`MAX_BATCH` of them."""
        proposals = self.language.parse(text, source, default_id="PROPOSED", max_statements=MAX_PROPOSAL_STATEMENTS * MAX_BATCH)
        if len(proposals) > MAX_BATCH:
            raise ClarifyError(
                source, proposals[MAX_BATCH].line, 1, f"at most {MAX_BATCH} proposals in one file", f"proposal {MAX_BATCH + 1}"
            )
        for p in proposals:
            if len(p.statements) > MAX_PROPOSAL_STATEMENTS:
                raise ClarifyError(
                    source, p.line, 1, f"at most {MAX_PROPOSAL_STATEMENTS} statements in one proposal", f"{len(p.statements)} in {p.id}"
                )
        return proposals

    def judge(self, proposal, seconds: float | None = None, work: int | None = None) -> dict:
        """The verdict on one parsed proposal, against the encoded rulebook alone (a batch's other proposals are not assumed)."""
        from oblivaeon_verify.properties.common.clarify.logic import JUDGE_WORK, judge

        work = JUDGE_WORK if work is None else work
        return judge(list(self.statements), proposal, work=work, seconds=seconds, vocab=self.language.vocabulary)
