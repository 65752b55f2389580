"""A small language for rules statements, over a game's own vocabulary, with a hand-written parser.

A file has one statement per line (``#`` starts a comment), each after a clause id::

    CLAR.VILLAIN-CHARACTERS: every OblivAeon Booklet is a villain character card.

A statement is ``every P is Q``, ``no P is Q`` or ``some P is Q``, where P and Q are phrases: terms
of the vocabulary (longest match first) joined by ``and`` (or simply written one after another:
"reward in a hero play area"), ``or``, ``not`` and parentheses.  The articles a / an / the and the
words ``is``/``are`` are read as in English; ``is not`` negates the predicate.  A term that begins
with one of the language's verbs is a predicate that needs no ``is``.  A language may name modal
verbs (``may``, ``can``): then "an exhausted player may gain life" (an article, no quantifier, a
modal predicate) says that it can happen, which is ``some``; and relative words (``that``) let a
subject carry a predicate ("every breach that may receive a spell is opened").  Lines with the same id form one
clarification.  A proposal may leave out its id.

Nothing is evaluated: text becomes a tree of :class:`Term`, :class:`Not`, :class:`And`, :class:`Or`.
A malformed line raises :class:`ClarifyError` with the file, line, column and what was expected.
Text comes from people, so the parser is bounded: a statement may be at most
:data:`MAX_STATEMENT_CHARS` long and nest parentheses and ``not`` at most :data:`MAX_NESTING` deep
(so the recursive descent never exhausts Python's stack), a proposal may hold at most
:data:`MAX_PROPOSAL_STATEMENTS` statements, terms are found through an index by first word (so
parsing takes time linear in the statement), and a line must be plain text (no control or invisible
characters, which would make what a reader sees differ from what is judged).  Lines end at newlines.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from model.common.files import InputError

MAX_NESTING = 32
"""Levels of parentheses and ``not`` one inside another: a rule that needs more is better written as several statements."""
MAX_STATEMENT_CHARS = 2_000
"""The longest statement read: ten times the longest line of either encoded rulebook."""
MAX_PROPOSAL_STATEMENTS = 50
"""The most statements a proposal may have (a clarification of either rulebook has at most 8): each
costs the judgement a search for the minimal sets that imply it, and an existential one enlarges
the domain every other statement is encoded on."""


class ClarifyError(InputError):
    def __init__(self, source: str, line: int, column: int, expected: str, found: str):
        self.source, self.line, self.column, self.expected, self.found = source, line, column, expected, found
        super().__init__(f"{source}:{line}:{column}: expected {expected}, found {found}")


def _quoted(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message, cut short so that the message stays one readable line."""
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


_NOT_PLAIN = {
    "Cc": "a control character",
    "Cf": "an invisible formatting character",
    "Zl": "a line or paragraph separator",
    "Zp": "a line or paragraph separator",
}


def _check_plain(text: str, source: str, line: int, col0: int = 0) -> None:
    """Refuse control and invisible characters: they would make the text a reader sees differ from what is parsed."""
    if text.isprintable():  # the common case, at C speed
        return
    for n, ch in enumerate(text):
        category = unicodedata.category(ch)
        if ch.isprintable() or ch == "\t" or category == "Zs":
            continue
        kind = _NOT_PLAIN.get(category, "a private-use, surrogate or unassigned code point")
        name = unicodedata.name(ch, "")
        found = f"U+{ord(ch):04X}, {kind}" + (f" ({name})" if name else "")
        raise ClarifyError(source, line, col0 + n + 1, "plain text (letters, digits, spaces, tabs and punctuation)", found)


@dataclass(frozen=True)
class Term:
    name: str


@dataclass(frozen=True)
class Not:
    arg: object


@dataclass(frozen=True)
class And:
    args: tuple


@dataclass(frozen=True)
class Or:
    args: tuple


@dataclass(frozen=True)
class Statement:
    quantifier: str
    """``every``, ``no`` or ``some``."""
    subject: object
    predicate: object
    text: str


@dataclass(frozen=True)
class Clarification:
    id: str
    statements: tuple[Statement, ...]
    line: int


ARTICLES = {"a", "an", "the"}
QUANTIFIERS = ("every", "no", "some")
COPULAS = ("is", "are")
ID_RE = re.compile(r"[A-Z][A-Z0-9]*(\.[A-Z0-9][A-Z0-9-]*)+")
WORD_RE = re.compile(r"[A-Za-z][A-Za-z'\-]*|\(|\)|\S")


@dataclass
class _Tok:
    text: str
    col: int


class Language:
    """The parser for one vocabulary.

    ``verbs``: first words of predicate terms ("keeps its tokens"), which end a subject and need no
    'is'.  ``modals``: verbs that, after an article-led subject, make the statement existential.
    ``relatives``: words such as 'that' that let a subject take a predicate term ("every breach that
    may receive a spell", "every player that is not exhausted").  ``example_id`` and
    ``vocabulary_hint`` only word the error messages.
    """

    def __init__(
        self,
        terms,
        verbs,
        example_id: str,
        vocabulary_hint: str,
        modals=(),
        relatives=(),
        id_re: re.Pattern = ID_RE,
        example_verb: str = "keeps",
    ):
        self.terms = dict(terms)
        self.verbs = frozenset(verbs)
        self.modals = frozenset(modals)
        self.relatives = frozenset(relatives)
        self.example_verb = example_verb
        self.example_id = example_id
        self.vocabulary_hint = vocabulary_hint
        self.id_re = id_re
        # Articles are not part of a match, in terms as in text ("in a hero play area" = "in hero play area").
        # Terms are indexed by their first word, longest first: a match tries only the terms that can begin here.
        index: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        for t in self.terms:
            words = tuple(w for w in t.split() if w not in ARTICLES)
            if not words:
                raise ValueError(f"vocabulary term {t!r} has no word besides articles")
            index.setdefault(words[0], []).append((words, t))
        self.terms_by_first_word = {w: tuple(sorted(ts, key=lambda x: -len(x[0]))) for w, ts in index.items()}

    def parse_statement(
        self, text: str, source: str = "<text>", line: int = 1, col0: int = 0, max_chars: int | None = MAX_STATEMENT_CHARS
    ) -> Statement:
        """One statement (without its id); ``max_chars``: the longest statement read (None: any length)."""
        _check_plain(text, source, line, col0)
        body = text.rstrip()
        if body.endswith("."):
            body = body[:-1]
        if not body.strip():
            raise ClarifyError(source, line, col0 + 1, "a statement ('every ... is ...')", "nothing")
        size = len(body.strip())
        if max_chars is not None and size > max_chars:
            col = col0 + len(body) - len(body.lstrip()) + 1
            raise ClarifyError(
                source,
                line,
                col,
                f"a statement of at most {max_chars:,} characters (write it as several shorter statements under the same id)",
                f"{size:,} characters",
            )
        return _Parser(self, body, source, line, col0).statement(body)

    def parse(
        self, text: str, source: str = "<text>", default_id: str | None = None, max_statements: int | None = None
    ) -> list[Clarification]:
        """Clarifications in ``text``: one statement per line, ``ID:`` first unless ``default_id`` is given
        (``max_statements``: the most statements read; None: any number)."""
        grouped: dict[str, list] = {}
        first_line: dict[str, int] = {}
        count = 0
        # Lines end at a newline only (str.splitlines would also break at form feeds, U+2028 and others,
        # which editors do not show as line ends, so the line numbers of messages would be wrong).
        for n, raw in enumerate(text.split("\n"), start=1):
            raw = raw.removesuffix("\r")
            _check_plain(raw, source, n)
            line = raw.split("#", 1)[0]
            if not line.strip():
                continue
            m = re.match(r"\s*([^:\s]+)\s*:", line)
            if m and self.id_re.fullmatch(m.group(1)):
                cid, col0, body = m.group(1), m.end(), line[m.end() :]
            elif m:
                raise ClarifyError(
                    source, n, m.start(1) + 1, f"a clause id such as {self.example_id} (capitals, dots, hyphens)", _quoted(m.group(1))
                )
            elif self.id_re.fullmatch(line.strip()):
                raise ClarifyError(source, n, len(line.rstrip()) + 1, "':' and a statement after the clause id", "the end of the line")
            elif default_id is not None:
                cid, col0, body = default_id, 0, line
            else:
                col = len(line) - len(line.lstrip()) + 1
                raise ClarifyError(source, n, col, "a clause id and ':' before the statement", _quoted(line.strip(), 20))
            count += 1
            if max_statements is not None and count > max_statements:
                col = col0 + len(body) - len(body.lstrip()) + 1
                raise ClarifyError(
                    source, n, col, f"at most {max_statements} statements (judge a longer proposal in parts)", f"statement {count}"
                )
            grouped.setdefault(cid, []).append(self.parse_statement(body, source, n, col0))
            first_line.setdefault(cid, n)
        if not grouped:
            raise ClarifyError(
                source, 1, 1, "at least one statement ('every ... is ...'; blank lines and comments hold none)", "no statement"
            )
        return [Clarification(cid, tuple(sts), first_line[cid]) for cid, sts in grouped.items()]


class _Parser:
    def __init__(self, lang: Language, text: str, source: str, line: int, col0: int):
        self.lang, self.source, self.line = lang, source, line
        toks = [_Tok(m.group(0), col0 + m.start() + 1) for m in WORD_RE.finditer(text)]
        self.lead_article = bool(toks) and toks[0].text.lower() in ARTICLES
        self.toks = [t for t in toks if t.text.lower() not in ARTICLES]
        self.words = [t.text.lower() for t in self.toks]
        self.i = 0
        self.depth = 0
        """Parentheses and 'not's open at the current token (at most MAX_NESTING)."""
        self.end_col = col0 + len(text) + 1

    def peek(self) -> str | None:
        return self.words[self.i] if self.i < len(self.words) else None

    def fail(self, expected: str):
        if self.i < len(self.toks):
            t = self.toks[self.i]
            raise ClarifyError(self.source, self.line, t.col, expected, _quoted(t.text))
        raise ClarifyError(self.source, self.line, self.end_col, expected, "the end of the line")

    def statement(self, text: str) -> Statement:
        q = self.peek()
        modal_only = False
        if q in QUANTIFIERS:
            self.i += 1
        elif self.lead_article and self.lang.modals:
            q, modal_only = "some", True  # "an exhausted player may gain life": it can happen
        else:
            self.fail("'every', 'no' or 'some' to begin the statement")
        subject = self.phrase(stop=COPULAS)
        verbal = self.term_here()
        if verbal is None and self.peek() in self.lang.verbs:
            # A verb the vocabulary knows, but no predicate term of it: point at the words after it.
            self.fail(f"a term of the vocabulary beginning with '{self.peek()}' (see {self.lang.vocabulary_hint})")
        if modal_only:
            if verbal is None or verbal[0][0] not in self.lang.modals:
                modals = " or ".join(f"'{m}'" for m in sorted(self.lang.modals))
                self.fail(f"{modals} after a subject without 'every', 'no' or 'some'")
        elif self.peek() in COPULAS:
            self.i += 1
        elif verbal is None or verbal[0][0] not in self.lang.verbs:
            self.fail(f"'is', 'are' or a verb such as '{self.lang.example_verb}' after the subject")
        negated = False
        if self.peek() == "not":
            negated = True
            self.i += 1
        predicate = self.phrase(stop=())
        if self.peek() is not None:
            self.fail("'and', 'or' or the end of the statement")
        return Statement(q, subject, Not(predicate) if negated else predicate, text.strip())

    def phrase(self, stop):
        parts = [self.conj(stop)]
        while self.peek() == "or":
            self.i += 1
            parts.append(self.conj(stop))
        return parts[0] if len(parts) == 1 else Or(tuple(parts))

    def conj(self, stop):
        parts = [self.unary(stop)]
        while True:
            nxt = self.peek()
            if nxt == "and":
                self.i += 1
                parts.append(self.unary(stop))
            elif stop and nxt in self.lang.relatives:
                parts.append(self.relative())
            elif nxt is not None and nxt not in stop and nxt not in ("or", ")") and self._juxtaposed(stop):
                parts.append(self.unary(stop))  # juxtaposed terms: "reward in a hero play area"
            else:
                break
        return parts[0] if len(parts) == 1 else And(tuple(parts))

    def relative(self):
        """'that may receive a spell', 'that is not exhausted': a predicate term inside a subject."""
        self.i += 1
        if self.peek() in COPULAS:
            self.i += 1
        return self.unary(stop=())

    def unary(self, stop):
        opener = self.peek()
        if opener in ("not", "("):
            # Each level costs a few Python frames: the limit keeps deep text far from the recursion limit.
            if self.depth == MAX_NESTING:
                self.fail(f"at most {MAX_NESTING} levels of parentheses and 'not' one inside another ('not not P' is P, '((P))' is P)")
            self.depth += 1
            self.i += 1
            if opener == "not":
                inner = Not(self.unary(stop))
            else:
                inner = self.phrase(stop=())
                if self.peek() != ")":
                    self.fail("')'")
                self.i += 1
            self.depth -= 1
            return inner
        found = self.term_here()
        if found is None:
            self.fail(f"a term of the vocabulary (see {self.lang.vocabulary_hint})")
        words, term = found
        self.i += len(words)
        return Term(term)

    def _juxtaposed(self, stop) -> bool:
        if self.peek() == "(":
            return True
        found = self.term_here()
        # In a subject (stop = the copulas) a verb begins the predicate instead.
        return found is not None and not (stop and found[0][0] in self.lang.verbs)

    def term_here(self):
        """The longest term of the vocabulary that begins at the current token, as (its words, the term)."""
        i = self.i
        for words, term in self.lang.terms_by_first_word.get(self.peek(), ()):
            if tuple(self.words[i : i + len(words)]) == words:
                return words, term
        return None


def show(e) -> str:
    """A phrase written back in the language (for reports)."""
    if isinstance(e, Term):
        return e.name
    if isinstance(e, Not):
        return f"not {show(e.arg)}"
    if isinstance(e, And):
        return " and ".join(show(a) if not isinstance(a, Or) else f"({show(a)})" for a in e.args)
    return " or ".join(show(a) for a in e.args)


def terms_of(e) -> set[str]:
    """The vocabulary terms a phrase uses."""
    if isinstance(e, Term):
        return {e.name}
    if isinstance(e, Not):
        return terms_of(e.arg)
    if isinstance(e, And | Or):
        return set().union(*[terms_of(a) for a in e.args])
    return set()
