"""Fuzzing the clarification language of both rulesets with texts made of its own words.

A text is lines of statements built from the language's quantifiers, articles, copulas, 'and' /
'or' / 'not', parentheses, vocabulary terms, verbs, modals and relative words, then damaged: junk
tokens, words dropped or repeated, deep nesting, long conjunctions, clause ids good and bad,
comments, odd Unicode and control characters, other line ends.  The oracle: ``parse`` gives
clarifications over the vocabulary's own terms, or raises ``ClarifyError`` whose line and column lie
within the text, in one line; never another exception.  One text in five that parses is also judged
(``judge_text``, with a short time limit): the verdict is one of the four, never an exception.
Inputs that once broke the parser are kept in ``corpus/clarifications/`` (see its README) and replayed.
"""

from __future__ import annotations

import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oblivaeon_verify.properties.aeons_end import clarify as aeons_end_clarify
from oblivaeon_verify.properties.common.clarify.language import (
    ARTICLES,
    COPULAS,
    MAX_COUNT,
    QUANTIFIERS,
    STATEMENT_KINDS,
    TRUE,
    And,
    Check,
    ClarifyError,
    Frequency,
    Not,
    Or,
    Related,
    Term,
)
from oblivaeon_verify.properties.oblivaeon import clarify as oblivaeon_clarify

from tests.fuzz.budget import CORPUS, Tally, examples

RULESETS = {"oblivaeon": oblivaeon_clarify, "aeons_end": aeons_end_clarify}
VERDICTS = {"consistent", "redundant", "contradicts", "vacuous", "unknown"}
JUDGE_WORK = 5_000_000
"""Each judged text's allowance of Z3 work units (a second or two here): a fuzz run must not wait for a
hard one, and, counted in units rather than seconds, its tally is the same however busy the machine."""

tally = Tally("clarifications")


def _language(module):
    return module._BOOK.language


ODD = [
    "\x00",
    "\x07",
    "\x0b",
    "\x0c",
    "\x1b",
    "\x1c",
    "\x1e",
    "\x7f",
    "\x85",
    "\xa0",
    "\xad",
    "\u200b",
    "\u200d",
    "\u202e",
    "\u2028",
    "\u2029",
    "\u3000",
    "\ufeff",
    "\ue000",
    "\U0001f600",
    "\U000e0001",
    "é",
    "ß",
    "İ",
    "ﬁ",
    "Ω",
    "\ud800",
]
"""Characters a parser of English words might mishandle: controls, invisible formatting, other spaces,
line separators, private use, emoji, letters whose case mapping changes their length, a lone surrogate."""
PUNCTUATION = [".", ",", ":", ";", "'", "-", "#", "(", ")", "((", "))", "...", '"', "__import__('os')", "{", "}"]


COUNT_OPENINGS = ["there are", "there is exactly one", "exactly 2", "at most 21", "at least 99999", "fewer than 0", "each", "if some"]
"""Openings of the second-generation statements (counts, existence, conditionals), some past the limits."""


def _words(lang) -> list[tuple[str, ...]]:
    """Every phrase the language indexes beyond its plain terms, as word tuples (sorted: draws are reproducible)."""
    out = {ws for entries in lang.index.values() for ws, kind, _ in entries if kind != "term"}
    out |= {("may",) + ws for entries in lang.actions.values() for ws, _k, _a in entries}
    out |= {("before",) + ws for entries in lang.moments.values() for ws, _k, _m in entries}
    return sorted(out) or [("not",)]


@st.composite
def phrases(draw, lang, depth: int = 0):
    """A phrase over the vocabulary, as the grammar allows it (mostly)."""
    terms = sorted(lang.terms)
    kinds = ["term"] * 4 + ["word", "word", "and", "or", "juxtaposed", "not", "paren"] + (["deep"] if depth == 0 else [])
    kind = draw(st.sampled_from(kinds if depth < 4 else ["term"]))
    if kind == "term":
        return draw(st.sampled_from(terms))
    if kind == "word":
        # The second-generation words: relations (with a quantity and what they relate to), tests, events
        # (with a count per turn), modal actions, named moments.
        word = " ".join(draw(st.sampled_from(_words(lang))))
        tail = draw(
            st.sampled_from(["", "", "some ", "every ", "at least 2 ", "exactly 21 ", "once per turn", "more than twice per round"])
        )
        return f"{word} {tail}{draw(st.sampled_from(terms)) if draw(st.booleans()) else ''}".strip()
    if kind == "deep":
        # Nesting below, at and far above the parser's limit, around a phrase that is otherwise sound.
        k = draw(st.sampled_from([16, 32, 33, 100, 700]))
        inner = draw(phrases(lang, 3))
        return "(" * k + inner + ")" * k if draw(st.booleans()) else "not " * k + inner
    if kind == "not":
        return f"not {draw(phrases(lang, depth + 1))}"
    if kind == "paren":
        return f"({draw(phrases(lang, depth + 1))})"
    sep = {"and": " and ", "or": " or ", "juxtaposed": " "}[kind]
    return sep.join(draw(st.lists(phrases(lang, depth + 1), min_size=2, max_size=4)))


@st.composite
def statements(draw, lang):
    """One statement: quantifier (or an article before a modal), subject, copula or verb, predicate; often damaged."""
    subject = draw(phrases(lang))
    if lang.relatives and draw(st.booleans()):
        subject += f" {draw(st.sampled_from(sorted(lang.relatives)))} {draw(st.sampled_from(['', 'is ', 'is not ']))}{draw(phrases(lang))}"
    opening = draw(st.sampled_from([*QUANTIFIERS * 3, *sorted(ARTICLES), *COUNT_OPENINGS]))
    link = draw(st.sampled_from([*COPULAS * 2, "is not", "are not", ""]))
    words = [opening, subject, link, draw(phrases(lang))]
    text = " ".join(w for w in words if w)
    for _ in range(draw(st.sampled_from([0, 0, 0, 0, 1, 1, 2, 3]))):
        text = draw(_damaged(lang, text))
    return text + draw(st.sampled_from(["", ".", " .", "..", " "]))


@st.composite
def _damaged(draw, lang, text: str):
    tokens = text.split(" ")
    where = draw(st.integers(0, len(tokens)))
    kind = draw(st.sampled_from(["junk", "word", "drop", "repeat", "odd", "odd", "nest", "nest", "not", "not", "long", "swap"]))
    if kind == "junk":
        tokens.insert(where, draw(st.text(min_size=1, max_size=6)))
    elif kind == "word":
        vocabulary = [*QUANTIFIERS, *ARTICLES, *COPULAS, "and", "or", "not", "(", ")", *sorted(lang.verbs), *sorted(lang.modals)]
        vocabulary += [*sorted(lang.relatives), *sorted(lang.terms), *PUNCTUATION]
        tokens.insert(where, draw(st.sampled_from(vocabulary)))
    elif kind == "drop" and len(tokens) > 1:
        del tokens[min(where, len(tokens) - 1)]
    elif kind == "repeat" and tokens:
        tokens.insert(where, tokens[min(where, len(tokens) - 1)])
    elif kind == "odd":
        word = tokens[min(where, len(tokens) - 1)] if tokens else ""
        cut = draw(st.integers(0, len(word)))
        tokens[min(where, len(tokens) - 1)] = word[:cut] + draw(st.sampled_from(ODD)) + word[cut:]
    elif kind in ("nest", "not"):
        # Deep nesting around one term: below, at and far above the parser's limit.
        k = draw(st.sampled_from([1, 2, 31, 32, 33, 64, 400, 1_000]))
        term = draw(st.sampled_from(sorted(lang.terms)))
        tokens.insert(where, "(" * k + term + ")" * k if kind == "nest" else "not " * k + term)
    elif kind == "long":
        n = draw(st.sampled_from([10, 100, 150, 400]))
        sep = draw(st.sampled_from([" and ", " or ", " "]))
        tokens.insert(where, sep.join(draw(st.lists(st.sampled_from(sorted(lang.terms)), min_size=n, max_size=n))))
    elif kind == "swap" and len(tokens) > 1:
        i = min(where, len(tokens) - 2)
        tokens[i], tokens[i + 1] = tokens[i + 1], tokens[i]
    return " ".join(tokens)


@st.composite
def texts(draw, lang):
    """Lines of statements, each with an id (good or bad) or none, comments and blank lines."""
    good_id = st.from_regex(lang.id_re, fullmatch=True).filter(lambda s: len(s) < 40)
    bad_id = st.sampled_from(["clar.x", "CLAR", "CLAR.", ".X", "CLAR..X", "X:Y", "1.A", "CLAR.X Y", "A.B\u200b"])
    lines = []
    for _ in range(draw(st.sampled_from([0, 1, 1, 1, 2, 2, 3, 5]))):
        kind = draw(st.sampled_from(["statement"] * 12 + ["blank", "comment", "id only", "id and colon"]))
        if kind == "blank":
            lines.append(draw(st.sampled_from(["", " ", "\t", "   "])))
            continue
        if kind == "comment":
            lines.append("#" + draw(st.text(max_size=20)))
            continue
        which = draw(st.sampled_from(["none", "good", "good", "good", "bad"]))
        ident = None if which == "none" else draw(good_id if which == "good" else bad_id)
        if kind == "id only":
            lines.append(ident or draw(good_id))
            continue
        body = "" if kind == "id and colon" else draw(statements(lang))
        line = f"{ident}:{draw(st.sampled_from([' ', '', '  ', chr(9)]))}{body}" if ident else body
        if draw(st.integers(0, 4)) == 0:
            line += " # " + draw(st.text(max_size=15))
        lines.append(line)
    return draw(st.sampled_from(["\n", "\n", "\r\n"])).join(lines) + draw(st.sampled_from(["", "\n", "\n\n", "\r\n"]))


def _phrase_terms(e, terms) -> None:
    """The tree holds only the vocabulary's terms (and typed tests, relations, counted events) under Not / And / Or."""
    if isinstance(e, Term):
        assert e.name in terms, e
    elif isinstance(e, Not):
        _phrase_terms(e.arg, terms)
    elif isinstance(e, Check | Frequency):
        assert e.quantity.low <= MAX_COUNT + 1 if isinstance(e, Frequency) else e.test.values, e
    elif isinstance(e, Related):
        if e.phrase is not None:
            assert e.quantity is not None and (e.quantity.high is None or e.quantity.high <= MAX_COUNT), e
            _phrase_terms(e.phrase, terms)
    else:
        assert isinstance(e, And | Or) and len(e.args) >= 2, e
        for a in e.args:
            _phrase_terms(a, terms)


def check_text(module, text: str, judge: bool) -> str:
    """The oracle on one text: what became of it (for the tally)."""
    lang = _language(module)
    try:
        clarifications = lang.parse(text, "fuzz.clar", default_id="PROPOSED")
    except ClarifyError as e:
        lines = text.split("\n")
        assert 1 <= e.line <= len(lines), (e.line, len(lines))
        assert 1 <= e.column <= len(lines[e.line - 1].removesuffix("\r")) + 1, (e.column, lines[e.line - 1])
        assert "\n" not in str(e) and "\r" not in str(e) and str(e).startswith(f"fuzz.clar:{e.line}:{e.column}: expected ")
        return "refused"
    assert clarifications
    for c in clarifications:
        assert c.statements and lang.id_re.fullmatch(c.id) or c.id == "PROPOSED"
        for s in c.statements:
            while s is not None:
                assert s.quantifier in STATEMENT_KINDS and s.quantity.low <= MAX_COUNT + 1
                _phrase_terms(s.subject, lang.terms)
                if s.predicate != TRUE or s.quantifier != "there":
                    _phrase_terms(s.predicate, lang.terms)
                s = s.condition
    if not judge:
        return "parsed"
    try:
        verdict = module.judge_text(text, "fuzz.clar", work=JUDGE_WORK)
    except ClarifyError as e:  # a second id, or more statements than a proposal may have
        assert "\n" not in str(e)
        return "parsed, refused as a proposal"
    assert verdict["verdict"] in VERDICTS, verdict
    assert verdict["verdict"] != "unknown" or verdict["reason"]
    return f"judged {verdict['verdict']}"


# 0.6 of the budget for each of the two rulesets: Hypothesis ends a run early once its draws repeat,
# and the thorough profile must still reach the 5,000 texts it promises.
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
@settings(max_examples=examples("clarifications", 0.6), suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_fuzzed_proposals_parse_or_are_refused_at_a_position_in_the_text(ruleset, data):
    module = RULESETS[ruleset]
    text = data.draw(texts(_language(module)), label="text")
    # One text in five, chosen by its content (a drawn choice would shrink towards judging every text).
    judge = zlib.crc32(text.encode("utf-8", "surrogatepass")) % 5 == 0
    tally(check_text(module, text, judge))
    tally.flush()


def _corpus() -> list[tuple[str, Path]]:
    """(ruleset, file) for every text of the corpus, named ``<ruleset>--<what broke>.clar``."""
    return [(path.name.split("--", 1)[0], path) for path in sorted((CORPUS / "clarifications").glob("*.clar"))]


def test_the_corpus_of_clarification_texts_is_not_empty_and_names_its_rulesets():
    corpus = _corpus()
    assert len(corpus) >= 5 and {r for r, _ in corpus} == set(RULESETS)


@pytest.mark.parametrize("ruleset, path", _corpus(), ids=[path.stem for _, path in _corpus()])
def test_texts_that_once_broke_the_parser_are_refused_or_parsed(ruleset, path):
    check_text(RULESETS[ruleset], path.read_bytes().decode("utf-8"), judge=True)


def test_the_oracle_accepts_every_second_generation_statement_of_the_encoded_rulebook():
    # The rulebook uses counts, existence, relations, modal actions, per-turn counts and a conditional:
    # the oracle's tree check must know every record the parser builds.
    for c in oblivaeon_clarify.rulebook():
        text = "\n".join(f"{c.id}: {s.text}." for s in c.statements)
        assert check_text(oblivaeon_clarify, text, judge=False) == "parsed"


@pytest.mark.parametrize("n", [10, 100, 1_000])
def test_long_chains_of_relations_are_parsed_or_refused_by_the_size_limit(n):
    text = "every hero is " + " and ".join(["in the same battle zone as some hero"] * n) + "."
    assert check_text(oblivaeon_clarify, text, judge=False) == ("parsed" if len(text) <= 2_001 else "refused")
