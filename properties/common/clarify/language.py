"""The clarification language: statements over a game's own vocabulary, with a hand-written parser.

A file has one statement per line (``#`` starts a comment), each after a clause id::

    CLAR.VILLAIN-CHARACTERS: every OblivAeon Booklet is a villain character card.
    EXIST.BATTLE-ZONES: there are exactly 2 battle zones.
    CLAR.MULTIPLE-MOVES: a hero may move between battle zones more than once per turn.

Grammar (articles a / an / the are read as in English and dropped; ``is``/``are`` are copulas)::

    statement  := "if" simple ("," | "then") simple | simple
    simple     := "there" COPULA [count] phrase                 in every situation, so many such things
                | quantity phrase (COPULA ["not"] phrase | VERB-PHRASE)
                | ARTICLE phrase MODAL phrase                   "an exhausted player may gain life"
    quantity   := "every" | "each" | "no" | "some" | count
    count      := ["exactly" | "at most" | "at least" | "more than" | "fewer than"] NUMBER
    phrase     := conj ("or" conj)*          conj := unary (["and"] unary | RELATIVE unary)*
    unary      := "not" unary | "(" phrase ")" | atom
    atom       := TERM | TEST | MODAL ACTION | RELATION [quantity] inner | RELATION MOMENT
                | EVENT count-adverb "per" GROUP
    inner      := unary+ without relations, but with BACK-RELATIONs to the outer thing

A TERM is a property of one thing; a TEST compares one of its attributes with named values ("in the
first battle zone", "during oblivaeon's turn"); a RELATION relates it to the things of an inner
phrase ("in the same battle zone as some hero", "before every aeon men effect"), and may carry a
quantity of its own ("in the same battle zone as at least 2 scions"); inside the inner phrase a
BACK-RELATION points back at the outer thing ("no scion may damage a hero in the other battle
zone"). MODAL is ``may`` / ``can`` (permitted), ``must`` (obliged) or ``cannot`` (not permitted),
before one of the vocabulary's actions. An EVENT is counted per turn or round ("moves between
battle zones at most once per turn"). A conditional holds in every situation where its condition
does. A top-level ``some`` statement (and an article before ``may``) says that something *can*
happen: it needs one situation; every other statement holds in every situation
(:mod:`properties.common.clarify.logic`).  Lines with the same id form one clarification; a
proposal may leave out its id.

Nothing is evaluated: text becomes a tree of typed records (:class:`Term`, :class:`Not`,
:class:`And`, :class:`Or`, :class:`Check`, :class:`Related`, :class:`Frequency`).  A malformed line
raises :class:`ClarifyError` with the file, line, column and what was expected.  Text comes from
people, so the parser is bounded: a statement may be at most :data:`MAX_STATEMENT_CHARS` long and
nest parentheses and ``not`` at most :data:`MAX_NESTING` deep (so the recursive descent never
exhausts Python's stack), a proposal may hold at most :data:`MAX_PROPOSAL_STATEMENTS` statements,
a count is at most :data:`MAX_COUNT`, words are found through an index by first word (so parsing
takes time linear in the statement), and a line must be plain text (no control or invisible
characters, which would make what a reader sees differ from what is judged).  Lines end at newlines.

The grammar stays LL(1) over the vocabulary's word index, so a hand-written recursive descent keeps
the exact ``file:line:column: expected ..., found ...`` errors, the limits and the linear time the
fuzz tests pin; a parser library would add a dependency without removing any of that code.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, fields, replace

from oblivaeon_verify.model.common.files import InputError
from oblivaeon_verify.properties.common.clarify.vocab import Event, Relation, Test, Vocabulary

MAX_NESTING = 32
"""Levels of parentheses and ``not`` one inside another: a rule that needs more is better written as several statements."""
MAX_STATEMENT_CHARS = 2_000
"""The longest statement read: ten times the longest line of either encoded rulebook."""
MAX_COUNT = 20
"""The largest number a count may name: counts are grounded on a bounded domain of things, and no rule of
either rulebook counts past five."""
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


def _hashed_once(cls):
    """A frozen record whose hash is computed once: statements and phrases are dictionary keys throughout
    grounding (every phrase of every thing), and a dataclass hashes its whole tree on every lookup.
    The remembered hash is left out of pickles (string hashes differ between processes)."""
    names = tuple(f.name for f in fields(cls))

    def __hash__(self):
        h = self.__dict__.get("_hash")
        if h is None:
            h = hash((cls.__name__, *(getattr(self, n) for n in names)))
            object.__setattr__(self, "_hash", h)
        return h

    def __getstate__(self):
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    cls.__hash__ = __hash__
    cls.__getstate__ = __getstate__
    return cls


@_hashed_once
@dataclass(frozen=True)
class Term:
    name: str


@_hashed_once
@dataclass(frozen=True)
class Not:
    arg: object


@_hashed_once
@dataclass(frozen=True)
class And:
    args: tuple
    """Two or more phrases; the empty conjunction (``TRUE``) is the predicate of a 'there is' statement."""


@_hashed_once
@dataclass(frozen=True)
class Or:
    args: tuple


TRUE = And(())


@_hashed_once
@dataclass(frozen=True)
class Quantity:
    """How many of the things a phrase picks out have the predicate: ``every``, ``no``, ``some``, or a count."""

    kind: str
    """``every``, ``no``, ``some``, ``exactly``, ``at most``, ``at least``, ``more than`` or ``fewer than``."""
    low: int = 0
    high: int | None = None
    """For a count: between ``low`` and ``high`` (None: no upper bound) things have the predicate."""

    @property
    def counted(self) -> bool:
        return self.kind not in ("every", "no", "some")

    def __str__(self) -> str:
        if not self.counted:
            return self.kind
        n = {"exactly": self.low, "at least": self.low, "more than": self.low - 1, "at most": self.high, "fewer than": (self.high or 0) + 1}
        return f"{self.kind} {n[self.kind]}"


EVERY, NO, SOME = Quantity("every"), Quantity("no"), Quantity("some", 1)


@_hashed_once
@dataclass(frozen=True)
class Check:
    """A test of the thing's attribute against named values (see :class:`~properties.common.clarify.vocab.Test`)."""

    test: Test


@_hashed_once
@dataclass(frozen=True)
class Related:
    """The thing stands in ``relation`` to ``quantity`` of the things ``phrase`` picks out; with no phrase
    (a back-relation inside an inner phrase), to the outer thing."""

    relation: Relation
    quantity: Quantity | None
    phrase: object | None


@_hashed_once
@dataclass(frozen=True)
class Frequency:
    """Happenings of ``event`` linked to the thing, counted per value of the ``per`` attribute."""

    event: Event
    quantity: Quantity
    per: str
    """The attribute that groups them (turn, round)."""
    group_word: str


@_hashed_once
@dataclass(frozen=True)
class Statement:
    quantifier: str
    """``every``, ``no``, ``some``, ``there`` (existence) or a count's kind (``exactly``, ``at most``, ...)."""
    subject: object
    predicate: object
    text: str
    quantity: Quantity = EVERY
    condition: Statement | None = None
    """``if CONDITION then ...``: the statement holds in the situations where the condition does."""
    possibility: bool = False
    """A top-level 'some' (or an article before 'may'): it can happen, in some situation."""


@dataclass(frozen=True)
class Clarification:
    id: str
    statements: tuple[Statement, ...]
    line: int


ARTICLES = {"a", "an", "the"}
QUANTIFIERS = ("every", "no", "some")
COUNT_WORDS = ("exactly", "at", "more", "fewer", "less")
STATEMENT_KINDS = ("every", "no", "some", "there", "exactly", "at most", "at least", "more than", "fewer than")
"""Every value of :attr:`Statement.quantifier`."""
COPULAS = ("is", "are")
MODALS = {"may": "may", "can": "may", "must": "must", "cannot": "cannot"}
"""Modal words before an action, and what each says: permitted, obliged, or not permitted."""
NUMBERS = {w: n for n, w in enumerate("zero one two three four five six seven eight nine ten".split())} | {"once": 1, "twice": 2}
ID_RE = re.compile(r"[A-Z][A-Z0-9]*(\.[A-Z0-9][A-Z0-9-]*)+")
WORD_RE = re.compile(r"[A-Za-z][A-Za-z'\-]*|\d+|\(|\)|\S")


@dataclass
class _Tok:
    text: str
    col: int
    after_article: bool = False


class Language:
    """The parser for one vocabulary.

    ``verbs``: first words of predicate phrases ("keeps its tokens", "belongs to"), which end a
    subject and need no 'is'.  ``modals``: modal words that, after an article-led subject, make the
    statement a possibility.  ``relatives``: words such as 'that' that let a subject take a
    predicate ("every breach that may receive a spell", "every player that is not exhausted").
    ``vocabulary``: the attributes, relations, tests, actions and events (a
    :class:`~properties.common.clarify.vocab.Vocabulary`; its terms join ``terms``).  ``example_id``
    and ``vocabulary_hint`` only word the error messages.
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
        vocabulary: Vocabulary | None = None,
    ):
        self.vocabulary = vocabulary or Vocabulary(dict(terms))
        self.terms = {**dict(terms), **self.vocabulary.all_terms()}
        self.verbs = frozenset(verbs) | self.vocabulary.verbs | (frozenset(MODALS) if self.vocabulary.actions else frozenset())
        self.modals = frozenset(modals)
        self.relatives = frozenset(relatives)
        self.example_verb = example_verb
        self.example_id = example_id
        self.vocabulary_hint = vocabulary_hint
        self.id_re = id_re
        v = self.vocabulary
        # Articles are not part of a match, in words as in text ("in a hero play area" = "in hero play area").
        # Every kind of word is indexed by its first word, longest first: a match tries only what can begin here.
        entries: list[tuple[str, str, object]] = [(t, "term", t) for t in self.terms]
        entries += [(r.name, "own" if r.own else "relation", r) for r in v.relations]
        entries += [(r.back, "back", r) for r in v.relations if r.back]
        entries += [(phrase, "test", test) for phrase, test in v.tests.items()]
        entries += [(phrase, "event", e) for phrase, e in v.events.items()]
        # Nouns have plurals; the modal terms of actions and the terms of events are no nouns.
        events = {e.term for e in v.events.values()}
        self.index = _index(entries, plurals={t for t in dict(terms) if t not in events})
        self.actions = _index([(a, "action", a) for a in v.actions])
        self.moments = _index([(m, "moment", vals) for m, vals in v.moments.items()])
        # The index of plain terms alone, for tools that list them.
        self.terms_by_first_word = {w: tuple((ws, k) for ws, kind, k in es if kind == "term") for w, es in self.index.items()}

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


def plural(word: str) -> str:
    """The English plural of a noun of the vocabulary ("zone" -> "zones", "hero" -> "heroes", "body" -> "bodies")."""
    if word.endswith(("s", "x", "ch", "sh", "o")):
        return word + "es"
    if word.endswith("y") and len(word) > 1 and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def _index(entries, plurals=frozenset()) -> dict:
    """Phrases by first word, longest first; with ``plurals``, each noun phrase also under its plural
    ("there are exactly 2 battle zones") for the terms in ``plurals``, unless that spelling is a phrase of its own."""
    index: dict[str, list] = {}
    spelled = set()
    for phrase, kind, key in entries:
        words = tuple(w for w in phrase.split() if w not in ARTICLES)
        if not words:
            raise ValueError(f"vocabulary phrase {phrase!r} has no word besides articles")
        index.setdefault(words[0], []).append((words, kind, key))
        spelled.add(words)
    if plurals:
        for phrase, kind, key in entries:
            words = tuple(w for w in phrase.split() if w not in ARTICLES)
            many = words[:-1] + (plural(words[-1]),)
            if kind == "term" and key in plurals and many not in spelled and words[-1].isalpha():
                index.setdefault(many[0], []).append((many, kind, key))
                spelled.add(many)
    return {w: tuple(sorted(es, key=lambda x: -len(x[0]))) for w, es in index.items()}


class _Parser:
    def __init__(self, lang: Language, text: str, source: str, line: int, col0: int):
        self.lang, self.source, self.line = lang, source, line
        self.toks: list[_Tok] = []
        article = False
        for m in WORD_RE.finditer(text):
            word = m.group(0)
            if word.lower() in ARTICLES:
                article = True
                continue
            self.toks.append(_Tok(word, col0 + m.start() + 1, article))
            article = False
        self.words = [t.text.lower() for t in self.toks]
        self.i = 0
        self.depth = 0
        """Parentheses and 'not's open at the current token (at most MAX_NESTING)."""
        self.inner_depth = -1
        """The depth at which the inner phrase of a relation began (-1: none): there 'and' / 'or' need parentheses."""
        self.end_col = col0 + len(text) + 1

    def peek(self, ahead: int = 0) -> str | None:
        j = self.i + ahead
        return self.words[j] if j < len(self.words) else None

    def fail(self, expected: str):
        if self.i < len(self.toks):
            t = self.toks[self.i]
            raise ClarifyError(self.source, self.line, t.col, expected, _quoted(t.text))
        raise ClarifyError(self.source, self.line, self.end_col, expected, "the end of the line")

    # --- statements ----------------------------------------------------------------------------
    def statement(self, text: str) -> Statement:
        if self.peek() == "if":
            self.i += 1
            condition = self.simple(top=False)
            if self.peek() not in (",", "then"):
                self.fail("',' or 'then' after the condition")
            self.i += 1
            if self.peek() == "then":
                self.i += 1
            main = self.simple(top=False)
            out = replace(main, condition=condition, possibility=False)
        else:
            out = self.simple(top=True)
        if self.peek() is not None:
            self.fail("'and', 'or' or the end of the statement")
        return replace(out, text=text.strip())

    def simple(self, top: bool) -> Statement:
        q = self.peek()
        lead_article = self.i < len(self.toks) and self.toks[self.i].after_article
        modal_only = False
        if q == "there":
            self.i += 1
            if self.peek() not in COPULAS:
                self.fail("'is' or 'are' after 'there'")
            self.i += 1
            quantity = self.count(required=False) or Quantity("at least", 1)
            subject = self.phrase(stop=())
            return Statement("there", subject, TRUE, "", quantity)
        quantity = self.count(required=False)
        if quantity is not None:
            pass
        elif q in QUANTIFIERS or q == "each":
            self.i += 1
            quantity = {"every": EVERY, "each": EVERY, "no": NO, "some": SOME}[q]
        elif lead_article and (self.lang.modals or not top):
            quantity, modal_only = SOME, True  # "an exhausted player may gain life": it can happen
        else:
            self.fail("'every', 'no' or 'some' to begin the statement")
        subject = self.phrase(stop=COPULAS)
        verbal = self.word_here()
        modal = self._modal_action()
        if modal is None and verbal is not None and verbal[1] == "term" and verbal[0][0] in self.lang.modals:
            modal = MODALS.get(verbal[0][0], "may")
        if modal is None and verbal is None and self.peek() in self.lang.verbs:
            # A verb the vocabulary knows, but no phrase of it: point at the words after it.
            self.fail(f"a term of the vocabulary beginning with '{self.peek()}' (see {self.lang.vocabulary_hint})")
        if modal_only and top:
            if modal is None:
                modals = " or ".join(f"'{m}'" for m in sorted(self.lang.modals))
                self.fail(f"{modals} after a subject without 'every', 'no' or 'some'")
            if modal != "may":
                quantity = EVERY  # "a hero cannot ...", "a player must ...": a rule for every one
        if self.peek() in COPULAS:
            self.i += 1
        elif modal is None and (verbal is None or verbal[0][0] not in self.lang.verbs):
            self.fail(f"'is', 'are' or a verb such as '{self.lang.example_verb}' after the subject")
        negated = False
        if self.peek() == "not":
            negated = True
            self.i += 1
        predicate = self.phrase(stop=())
        kind = quantity.kind
        return Statement(kind, subject, Not(predicate) if negated else predicate, "", quantity, possibility=top and kind == "some")

    def count(self, required: bool, adverb: bool = False) -> Quantity | None:
        """``exactly 2``, ``at most one``, ``more than once``, a bare number; None if none begins here (unless required)."""
        w, start = self.peek(), self.i
        kind = None
        if w == "exactly":
            kind, self.i = "exactly", self.i + 1
        elif w == "at" and self.peek(1) in ("most", "least"):
            kind, self.i = f"at {self.peek(1)}", self.i + 2
        elif w == "more" and self.peek(1) == "than":
            kind, self.i = "more than", self.i + 2
        elif w in ("fewer", "less") and self.peek(1) == "than":
            kind, self.i = "fewer than", self.i + 2
        n = self._number(adverb)
        if n is None:
            if kind is not None or required:
                self.fail(f"a number from 0 to {MAX_COUNT} ({'once, twice, 3 times' if adverb else 'digits or one to ten'})")
            self.i = start
            return None
        kind = kind or "exactly"
        if kind == "fewer than" and n == 0:
            self.i -= 1
            self.fail("a number above 0 after 'fewer than'")
        low, high = {"exactly": (n, n), "at most": (0, n), "at least": (n, None), "more than": (n + 1, None), "fewer than": (0, n - 1)}[
            kind
        ]
        return Quantity(kind, low, high)

    def _number(self, adverb: bool) -> int | None:
        w = self.peek()
        if w is None:
            return None
        if w.isdigit():
            n = int(w) if len(w) <= 4 else MAX_COUNT + 1
        elif w in NUMBERS and (adverb or w not in ("once", "twice")):
            n = NUMBERS[w]
        else:
            return None
        if n > MAX_COUNT:
            self.fail(f"a number from 0 to {MAX_COUNT} (a count is grounded on a bounded domain of things)")
        self.i += 1
        if adverb and w not in ("once", "twice"):
            if self.peek() != "times":
                self.fail("'times' after the number")
            self.i += 1
        return n

    # --- phrases -------------------------------------------------------------------------------
    def _bare(self, inner: bool) -> bool:
        """In a relation's inner phrase, outside parentheses: 'and' / 'or' end it (they join the outer phrase)."""
        return inner and self.depth == self.inner_depth

    def phrase(self, stop, inner: bool = False):
        parts = [self.conj(stop, inner)]
        while self.peek() == "or" and not self._bare(inner):
            self.i += 1
            parts.append(self.conj(stop, inner))
        return parts[0] if len(parts) == 1 else Or(tuple(parts))

    def conj(self, stop, inner: bool = False):
        parts = [self.unary(stop, inner)]
        while True:
            nxt = self.peek()
            if nxt == "and" and not self._bare(inner):
                self.i += 1
                parts.append(self.unary(stop, inner))
            elif stop and nxt in self.lang.relatives:
                parts.append(self.relative())
            elif nxt is not None and nxt not in stop and nxt not in ("or", ")") and self._juxtaposed(stop, inner):
                parts.append(self.unary(stop, inner))  # juxtaposed words: "reward in a hero play area"
            else:
                break
        return parts[0] if len(parts) == 1 else And(tuple(parts))

    def relative(self):
        """'that may receive a spell', 'that is not exhausted': a predicate inside a subject."""
        self.i += 1
        if self.peek() in COPULAS:
            self.i += 1
        return self.unary(stop=())

    def unary(self, stop, inner: bool = False):
        opener = self.peek()
        if opener in ("not", "("):
            # Each level costs a few Python frames: the limit keeps deep text far from the recursion limit.
            if self.depth == MAX_NESTING:
                self.fail(f"at most {MAX_NESTING} levels of parentheses and 'not' one inside another ('not not P' is P, '((P))' is P)")
            self.depth += 1
            self.i += 1
            if opener == "not":
                inner_phrase = Not(self.unary(stop, inner))
            else:
                inner_phrase = self.phrase(stop=(), inner=inner)
                if self.peek() != ")":
                    self.fail("')'")
                self.i += 1
            self.depth -= 1
            return inner_phrase
        modal = self._modal_action()
        if modal is not None:
            self.i += 1
            words, _kind, action = self._action_here()
            self.i += len(words)
            return Not(Term(f"may {action}")) if modal == "cannot" else Term(f"{modal} {action}")
        found = self.word_here()
        if found is None:
            self.fail(f"a term of the vocabulary (see {self.lang.vocabulary_hint})")
        words, kind, key = found
        if kind == "back" and not inner:
            self.fail(f"a term of the vocabulary ('{' '.join(words)}' needs what it relates to, as in '{key.name} a ...')")
        self.i += len(words)
        if kind == "term":
            return Term(key)
        if kind == "test":
            return Check(key)
        if kind in ("back", "own"):
            return Related(key, None, None)
        if kind == "event":
            return self.frequency(key)
        # a relation: to a named moment, or to the things of an inner phrase
        if inner:
            self.i -= len(words)
            self.fail("a term (a relation inside what a relation relates to is one level too deep: write two statements)")
        if key.moments:
            moment = self._moment_here()
            if moment is not None:
                mwords, _k, values = moment
                self.i += len(mwords)
                op = {"<": "<", ">": ">"}.get(key.op, "in")
                return Check(Test(key.attribute, tuple(values), op, f"{key.name} {' '.join(mwords)}"))
        quantity = self.count(required=False)
        if quantity is None and self.peek() in ("every", "each", "no", "some", "any"):
            quantity = {"every": EVERY, "each": EVERY, "no": NO, "some": SOME, "any": SOME}[self.peek()]
            self.i += 1
        if self.peek() is None:
            self.fail(f"what '{key.name}' relates to (a term of the vocabulary)")
        self.inner_depth = self.depth
        inner_phrase = self.conj(stop=COPULAS + ("and", "or"), inner=True)
        self.inner_depth = -1
        return Related(key, quantity or SOME, inner_phrase)

    def frequency(self, event: Event):
        quantity = self.count(required=True, adverb=True)
        if self.peek() != "per":
            self.fail("'per' and what the happenings are counted in (" + ", ".join(sorted(self.lang.vocabulary.groups)) + ")")
        self.i += 1
        word = self.peek()
        if word not in self.lang.vocabulary.groups:
            self.fail("what the happenings are counted in (" + ", ".join(sorted(self.lang.vocabulary.groups)) + ")")
        self.i += 1
        return Frequency(event, quantity, self.lang.vocabulary.groups[word], word)

    def _juxtaposed(self, stop, inner: bool) -> bool:
        if self.peek() == "(":
            return True
        if self._modal_action() is not None:
            return not stop
        found = self.word_here()
        if found is None:
            return False
        if inner and found[1] == "relation":
            return False
        # In a subject (stop = the copulas) a verb begins the predicate instead.
        return not (stop and found[0][0] in self.lang.verbs)

    def _modal_action(self) -> str | None:
        """The modal ('may', 'must', 'cannot') at the current token when an action of the vocabulary follows it."""
        w = self.peek()
        if w in MODALS and self.lang.actions:
            self.i += 1
            found = self._action_here()
            self.i -= 1
            if found is not None:
                return MODALS[w]
        return None

    def _action_here(self):
        return self._match(self.lang.actions)

    def _moment_here(self):
        return self._match(self.lang.moments)

    def word_here(self):
        """The longest word of the vocabulary that begins at the current token, as (its words, its kind, its record)."""
        return self._match(self.lang.index)

    def term_here(self):
        found = self.word_here()
        return None if found is None or found[1] != "term" else (found[0], found[2])

    def _match(self, index):
        i = self.i
        for words, kind, key in index.get(self.peek(), ()):
            if tuple(self.words[i : i + len(words)]) == words:
                return words, kind, key
        return None


def show(e) -> str:
    """A phrase written back in the language (for reports)."""
    if isinstance(e, Term):
        return e.name
    if isinstance(e, Not):
        return f"not {show(e.arg)}"
    if isinstance(e, Check):
        return e.test.text or f"{e.test.attribute} {e.test.op} {e.test.values}"
    if isinstance(e, Related):
        if e.phrase is None:
            return e.relation.back or e.relation.name
        return f"{e.relation.name} {e.quantity} {show(e.phrase)}"
    if isinstance(e, Frequency):
        return f"{e.event.term} {e.quantity} times per {e.group_word}"
    if isinstance(e, And):
        return " and ".join(show(a) if not isinstance(a, Or) else f"({show(a)})" for a in e.args) or "anything"
    return " or ".join(show(a) for a in e.args)


def terms_of(e) -> set[str]:
    """The vocabulary terms a phrase uses (an inner phrase's too)."""
    if isinstance(e, Term):
        return {e.name}
    if isinstance(e, Not):
        return terms_of(e.arg)
    if isinstance(e, And | Or):
        return set().union(*[terms_of(a) for a in e.args]) if e.args else set()
    if isinstance(e, Related):
        return terms_of(e.phrase) if e.phrase is not None else set()
    if isinstance(e, Frequency):
        return {e.event.term}
    return set()


def statement_terms(st: Statement) -> set[str]:
    out = terms_of(st.subject) | terms_of(st.predicate)
    return out | (statement_terms(st.condition) if st.condition is not None else set())
