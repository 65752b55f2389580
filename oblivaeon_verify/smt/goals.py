"""Designer goals without code: a state of the symbolic game, in words, and the fewest rounds (or turns,
or symbolic steps: ``ask --minimise``) to reach it.

A goal is written in the counting form of the clarification language (``properties/common/clarify``)
over the quantities and conditions a ruleset's symbolic game names::

    there are at least 8 devastation tokens and both environments are in play
    the countdown has run out while there are no scions in the first battle zone
    the multiverse is destroyed

Grammar (``a``/``an``/``the`` are dropped, ``is``/``are`` are copulas, a final full stop is allowed)::

    goal     := part (("and" | "while" | ",") part)*
    part     := "not" part | "there" COPULA count QUANTITY | QUANTITY COPULA count | CONDITION
    count    := ["exactly" | "at most" | "at least" | "more than" | "fewer than"] NUMBER | "no"

A QUANTITY names a number of the state ("devastation tokens", "round"), a CONDITION a fact ("the
multiverse is destroyed", "both environments are in play"); each ruleset lists its own
(:class:`GoalVocabulary`), with what each means.  The text becomes a tree of typed records; a
malformed goal is one :class:`GoalError` line with the column and what was expected.  Nothing is
evaluated.

:func:`fewest` answers "the fewest rounds (the goal's measure) to reach the goal": a shortest witness
first (``kinduction.reach``), then the measure lowered one at a time, each search kept to paths that
stay within it (the measures only grow).  A smaller value is excluded within the search depth; the
answer is exact when an induction proof shows no reachable state meets the goal below it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import z3

from oblivaeon_verify.model.common.files import InputError
from oblivaeon_verify.smt.allowance import Allowance
from oblivaeon_verify.smt.answers import Answer
from oblivaeon_verify.smt.kinduction import PROOF_WORK, PROVED, Property, Prover, reach
from oblivaeon_verify.smt.system import TransitionSystem
from oblivaeon_verify.words import count

MAX_GOAL_CHARS = 500
"""The longest goal read: a goal is a sentence, and every word is matched against the vocabulary."""
MAX_NUMBER = 1_000


class GoalError(InputError):
    """A goal that does not parse: its column and what was expected."""

    def __init__(self, column: int, expected: str, found: str, option: str = "--goal") -> None:
        super().__init__(f"{option}: column {column}: expected {expected}, found {found}")


@dataclass(frozen=True)
class Quantity:
    """A number of the symbolic state, by name: ``term(state, params)`` is its z3 term."""

    phrase: str
    term: Callable[[dict, dict], z3.ArithRef]
    meaning: str


@dataclass(frozen=True)
class Condition:
    """A fact of the symbolic state, by name: ``holds(state, params)`` is its z3 formula."""

    phrase: str
    holds: Callable[[dict, dict], z3.BoolRef]
    meaning: str


@dataclass(frozen=True)
class Measure:
    """What a goal query minimises: a number of the state that never decreases along a path (rounds,
    turns): the state field ``name``, or ``of(state)`` when the number is derived from fields."""

    name: str
    """The name ``ask --minimise`` takes (and the state field, without ``of``)."""
    label: str
    of: Callable[[dict], z3.ArithRef] | None = None

    def term(self, state: dict) -> z3.ArithRef:
        return self.of(state) if self.of is not None else state[self.name]

    def value(self, state: dict) -> int:
        """The measure in a decoded witness state (plain values)."""
        if self.of is None:
            return state[self.name]
        env = {k: (z3.BoolVal(v) if isinstance(v, bool) else z3.IntVal(v)) for k, v in state.items()}
        return z3.simplify(self.of(env)).as_long()


STEPS = Measure("steps", "symbolic steps")
"""Every ruleset's other measure: the steps of the path itself (each one transition of the abstraction)."""
DECISIONS = Measure("decisions", "decisions")
"""The model's own decisions: not a number of the abstraction, so searched in play by a ruleset that
offers it (``properties.common.goal_play``), not by the solver."""


@dataclass(frozen=True)
class GoalVocabulary:
    quantities: tuple[Quantity, ...]
    conditions: tuple[Condition, ...]
    measures: tuple[Measure, ...]

    def measure(self, name: str, in_play: bool = False) -> Measure:
        """The measure ``ask --minimise`` names: one of the vocabulary's, ``steps``, or ``decisions`` when
        the ruleset searches its play (``in_play``)."""
        known = (*self.measures, STEPS, *((DECISIONS,) if in_play else ()))
        for m in known:
            if m.name == name.strip():
                return m
        raise GoalError(1, f"a measure to minimise: {', '.join(m.name for m in known)}", repr(name.strip()[:40]), "--minimise")

    def quantity(self, text: str) -> Quantity:
        """The quantity named ``text`` (articles and case aside): ``ask --most``'s argument."""
        words = _phrase_words(text)
        for q in self.quantities:
            if _phrase_words(q.phrase) == words:
                return q
        raise GoalError(1, "a quantity: " + ", ".join(sorted(q.phrase for q in self.quantities)), repr(text.strip()[:40]), "--most")

    def words(self) -> list[dict]:
        """Every phrase a goal may use, with its meaning (``ask --goal`` help and JSON)."""
        return [{"phrase": q.phrase, "kind": "quantity", "meaning": q.meaning} for q in self.quantities] + [
            {"phrase": c.phrase, "kind": "condition", "meaning": c.meaning} for c in self.conditions
        ]


# --- the goal's tree ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Compare:
    quantity: Quantity
    op: str
    """``==``, ``<=``, ``>=``, ``>`` or ``<``."""
    number: int


@dataclass(frozen=True)
class Holds:
    condition: Condition


@dataclass(frozen=True)
class Negated:
    part: Compare | Holds | Negated


@dataclass(frozen=True)
class Goal:
    text: str
    parts: tuple[Compare | Holds | Negated, ...]

    def formula(self, state: dict, params: dict) -> z3.BoolRef:
        return z3.And([_formula(p, state, params) for p in self.parts])


def _formula(part, state: dict, params: dict) -> z3.BoolRef:
    if isinstance(part, Negated):
        return z3.Not(_formula(part.part, state, params))
    if isinstance(part, Holds):
        return part.condition.holds(state, params)
    term = part.quantity.term(state, params)
    return {
        "==": term == part.number,
        "<=": term <= part.number,
        ">=": term >= part.number,
        ">": term > part.number,
        "<": term < part.number,
    }[part.op]


# --- the parser --------------------------------------------------------------------------------------

_ARTICLES = frozenset({"a", "an", "the"})
_COPULAS = frozenset({"is", "are"})
_JOINS = frozenset({"and", "while", ","})
_COUNTS = (("exactly", "=="), ("at most", "<="), ("at least", ">="), ("more than", ">"), ("fewer than", "<"), ("less than", "<"))
_WORD = re.compile(r"[a-z0-9']+|,")


def _tokens(text: str) -> list[tuple[str, int]]:
    out, at = [], 0
    body = text.rstrip()
    if body.endswith("."):
        body = body[:-1]
    for m in _WORD.finditer(body.lower()):
        gap = body[at : m.start()]
        if gap.strip():
            raise GoalError(at + len(gap) - len(gap.lstrip()) + 1, "words, numbers and commas", repr(gap.strip()[:20]))
        at = m.end()
        if m.group() not in _ARTICLES:
            out.append((m.group(), m.start() + 1))
    if body[at:].strip():
        raise GoalError(at + 1, "words, numbers and commas", repr(body[at:].strip()[:20]))
    return out


def _phrase_words(phrase: str) -> tuple[str, ...]:
    return tuple(w for w in _WORD.findall(phrase.lower()) if w not in _ARTICLES)


class _Parser:
    def __init__(self, text: str, vocab: GoalVocabulary) -> None:
        if len(text) > MAX_GOAL_CHARS:
            raise GoalError(MAX_GOAL_CHARS + 1, f"a goal of at most {MAX_GOAL_CHARS} characters", f"{len(text)}")
        if any(not c.isprintable() for c in text):
            raise GoalError(next(i for i, c in enumerate(text) if not c.isprintable()) + 1, "plain text", "a control character")
        self.toks = _tokens(text)
        self.i = 0
        # longest phrases first, so that "scions in the first battle zone" wins over "scions"
        self.quantities = sorted(((_phrase_words(q.phrase), q) for q in vocab.quantities), key=lambda t: -len(t[0]))
        self.conditions = sorted(((_phrase_words(c.phrase), c) for c in vocab.conditions), key=lambda t: -len(t[0]))

    def _at(self) -> tuple[str, int]:
        return self.toks[self.i] if self.i < len(self.toks) else ("the end of the goal", 0)

    def _where(self) -> int:
        return self._at()[1] or (self.toks[-1][1] + len(self.toks[-1][0]) if self.toks else 1)

    def _fail(self, expected: str):
        word = self._at()[0]
        raise GoalError(self._where(), expected, word if word == "the end of the goal" else repr(word))

    def _take(self, words: tuple[str, ...]) -> bool:
        if tuple(w for w, _c in self.toks[self.i : self.i + len(words)]) == words:
            self.i += len(words)
            return True
        return False

    def _match(self, table):
        for words, item in table:
            if words and self._take(words):
                return item
        return None

    def _count(self) -> tuple[str, int]:
        if self._take(("no",)):
            return "==", 0
        op = "=="
        for words, sym in _COUNTS:
            if self._take(tuple(words.split())):
                op = sym
                break
        word, _col = self._at()
        if not word.isdigit():
            self._fail("a number (or 'exactly', 'at most', 'at least', 'more than', 'fewer than' and a number)")
        n = int(word)
        if n > MAX_NUMBER:
            self._fail(f"a number up to {MAX_NUMBER}")
        self.i += 1
        return op, n

    def _part(self):
        if self._take(("not",)):
            return Negated(self._part())
        if self._take(("there",)):
            if self._at()[0] not in _COPULAS:
                self._fail("'is' or 'are' after 'there'")
            self.i += 1
            op, n = self._count()
            q = self._match(self.quantities)
            if q is None:
                self._fail("something to count: " + ", ".join(sorted(q.phrase for _w, q in self.quantities)))
            return Compare(q, op, n)
        c = self._match(self.conditions)
        if c is not None:
            return Holds(c)
        q = self._match(self.quantities)
        if q is None:
            self._fail("a condition or a quantity: " + ", ".join(sorted(x.phrase for _w, x in self.conditions + self.quantities)))
        if self._at()[0] not in _COPULAS:
            self._fail("'is' or 'are' and a count")
        self.i += 1
        op, n = self._count()
        return Compare(q, op, n)

    def goal(self, text: str) -> Goal:
        if not self.toks:
            self._fail("a goal")
        parts = [self._part()]
        while self.i < len(self.toks):
            if self._at()[0] not in _JOINS:
                self._fail("'and', 'while' or a comma between two parts, or the end of the goal")
            self.i += 1
            parts.append(self._part())
        return Goal(text.strip(), tuple(parts))


def parse_goal(text: str, vocab: GoalVocabulary) -> Goal:
    """The goal ``text`` as a tree over ``vocab`` (a :class:`GoalError` if it does not parse)."""
    return _Parser(text, vocab).goal(text)


# --- answering -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Space:
    """Where a ruleset answers goal questions: the system witnesses are searched in (possibly
    accelerated), the one bounds are proved on with the bookkeeping ``lemmas``, the search's depth and
    shared work (the searches'), the answer's standing notes, how a decoded path becomes witness steps, and the
    work each proof obligation may spend."""

    search: TransitionSystem
    proof: TransitionSystem
    lemmas: tuple[Property, ...]
    players: int
    depth: int
    allowance: Allowance
    notes: tuple[str, ...]
    steps_of: Callable
    proof_work: int = PROOF_WORK
    """The Z3 resource units each proof obligation may spend (k-induction's own limit, not taken from ``allowance``)."""


def fewest(
    name: str,
    goal: Goal,
    measure: Measure,
    space: Space,
) -> Answer:
    """The fewest ``measure`` (rounds, turns) in which ``goal`` can hold, with a witness.

    A shortest witness is searched first (in ``search``, possibly accelerated).  Then k-induction on
    ``proof`` (with ``lemmas``, the bookkeeping invariants, proved first) looks for the largest value
    the goal provably needs; while the witness's value is above it, a witness with a lower value is
    searched (paths that stay below: the measure never decreases).  The answer is exact when the
    proof reaches the witness's value, and says so; otherwise it says within what depth lower values
    were excluded, or that the work ran out first."""
    search, proof, lemmas, players, depth = space.search, space.proof, space.lemmas, space.players, space.depth
    allowance, steps_of, proof_work, notes = space.allowance, space.steps_of, space.proof_work, list(space.notes)
    params = search.params
    holds = lambda s: goal.formula(s, params)  # noqa: E731
    status, steps, values = reach(search, holds, depth=depth, allowance=allowance)
    notes += [f"goal: {goal.text}"]
    if status != "reached":
        if status == "unreachable-within":
            notes.append(f"no path of at most {count(depth, 'step')} reaches the goal")
        return Answer(name, status, depth, players, notes, value_label=measure.label)
    best = steps_of(steps)
    value = measure.value(best[-1]["state"])
    start = measure.value(best[0]["state"])
    prover = _prover(proof, lemmas, proof_work)
    # the largest value below the witness's that the goal provably needs (the start of the game: none)
    proved_to = next((t for t in range(value, start, -1) if _needs_more(prover, goal, measure, t)), start)
    while value > proved_to:
        # the measure never decreases, so a path reaching the goal within it stays within it throughout
        got, shorter, vals = reach(search, holds, depth=depth, allowance=allowance, along=lambda s, t=value - 1: measure.term(s) <= t)
        if got == "unknown":
            notes.append(f"undecided (the solver's work ran out) whether the goal can hold with {measure.label} below {value}")
            break
        if got == "unreachable-within":
            notes.append(f"no path of at most {count(depth, 'step')} reaches the goal with {measure.label} below {value}")
            break
        best, values = steps_of(shorter), vals
        value = measure.value(best[-1]["state"])
    if proved_to == value:
        why = (
            f"{measure.label} {value} is where the game starts"
            if value == start
            else f"proved for all reachable states (k-induction): not with {measure.label} below {value}"
        )
        notes.append(f"exact: {why}")
    elif proved_to > start:
        notes.append(f"proved for all reachable states (k-induction): not with {measure.label} below {proved_to}")
    if proved_to != value:
        notes += undecided_proofs(prover)
    return Answer(name, "reached", depth, players, notes, best, values, value, measure.label)


def most(
    name: str,
    goal: Goal | None,
    quantity: Quantity,
    space: Space,
) -> Answer:
    """The most ``quantity`` can be in a state where ``goal`` holds (any state, without one), with a witness.

    Witnesses are searched for ever larger values (each a shortest path to the goal with the quantity
    at least a target: the target gallops up by doubling steps, and after a miss halves the gap to
    it).  After each witness, k-induction on ``proof`` (over the bookkeeping ``lemmas``) is asked
    whether its value bounds every reachable state where the goal holds: then it is exact; and before
    each search, whether its target is out of reach, which spares the search.  Otherwise
    the search ends when no larger value is found within ``depth`` steps (the most found within the
    depth, said so) or when the work runs out (said so)."""
    search, proof, lemmas, players, depth = space.search, space.proof, space.lemmas, space.players, space.depth
    allowance, steps_of, proof_work, notes = space.allowance, space.steps_of, space.proof_work, list(space.notes)
    params = search.params
    base = (lambda s: goal.formula(s, params)) if goal is not None else (lambda s: z3.BoolVal(True))
    where = (lambda s, p: goal.formula(s, p)) if goal is not None else (lambda s, p: z3.BoolVal(True))
    notes += ([f"goal: {goal.text}"] if goal is not None else []) + [f"the most: {quantity.phrase}"]
    prover = None
    status, steps, values = reach(search, base, depth=depth, allowance=allowance)
    if status != "reached":
        if status == "unreachable-within":
            notes.append(f"no path of at most {count(depth, 'step')} reaches the goal")
        return Answer(name, status, depth, players, notes, value_label=quantity.phrase)
    best = steps_of(steps)
    value = _value_at(quantity, best[-1]["state"], params)
    # gallop up (each witness at least the value asked for), then halve the gap the last miss left
    step, ceiling = 1, None
    while True:
        if value > MAX_NUMBER:
            notes.append(f"more than {MAX_NUMBER} within {depth} steps: no most found")
            notes += undecided_proofs(prover)
            return Answer(name, "reached", depth, players, notes, best, values, value, quantity.phrase)
        prover = prover or _prover(proof, lemmas, proof_work)
        if _bounded_by(prover, where, quantity, value):
            notes.append(f"exact: proved for all reachable states (k-induction): never more than {value}")
            return Answer(name, "reached", depth, players, notes, best, values, value, quantity.phrase)
        if ceiling is not None and ceiling <= value + 1:
            break  # nothing above the value within the depth
        target = value + step if ceiling is None else (value + 1 + ceiling) // 2
        if _bounded_by(prover, where, quantity, target - 1):
            ceiling = target  # proved out of reach: no search needed
            continue
        status, steps, vals = reach(
            search, lambda s, t=target: z3.And(base(s), quantity.term(s, params) >= t), depth=depth, allowance=allowance
        )
        if status == "unknown":
            notes.append(f"undecided (the solver's work ran out) whether it can be {target} or more")
            notes += undecided_proofs(prover)
            return Answer(name, "reached", depth, players, notes, best, values, value, quantity.phrase)
        if status == "reached":
            best, values = steps_of(steps), vals
            value = _value_at(quantity, best[-1]["state"], params)
            step *= 2
        else:
            ceiling = target
    notes.append(f"no path of at most {count(depth, 'step')} reaches more than {value} (not proved beyond)")
    notes += undecided_proofs(prover)
    return Answer(name, "reached", depth, players, notes, best, values, value, quantity.phrase)


def undecided_proofs(prover: Prover | None) -> list[str]:
    """A note naming the proofs whose work ran out, if any: an answer short of exact may be so for that
    reason alone, and says so rather than leave it unsaid."""
    if prover is None or not prover.undecided:
        return []
    ids = sorted({r.property for r in prover.undecided})
    return [f"undecided: the solver's work per proof obligation ran out for {', '.join(ids)} ({prover.work:,} units each)"]


def _bounded_by(prover: Prover, where, quantity: Quantity, value: int) -> bool:
    """Whether k-induction (k at most 2, over the proved lemmas) shows the quantity never exceeds ``value`` where the goal holds."""
    bound = Property(
        f"GOAL-MOST-{value}",
        f"{quantity.phrase} is at most {value} where the goal holds",
        (),
        lambda s, p: z3.Implies(where(s, p), quantity.term(s, p) <= value),
        lemmas=tuple(prover.proved),
    )
    return prover.check(bound, kmax=2, bound=0).status == PROVED


def fewest_steps(name: str, goal: Goal, space: Space) -> Answer:
    """The fewest symbolic steps to ``goal``, with a witness: the shortest path, searched one length at a
    time, so the answer is exact within the depth: every shorter length was searched and none reaches
    the goal.  Steps are counted as ``--depth`` counts them, in ``search`` (where a run of one
    repeatable step may be one step: the space's notes say so)."""
    notes = [*space.notes, f"goal: {goal.text}"]
    params = space.search.params
    status, steps, values = reach(space.search, lambda s: goal.formula(s, params), depth=space.depth, allowance=space.allowance)
    if status != "reached":
        if status == "unreachable-within":
            notes.append(f"no path of at most {count(space.depth, 'step')} reaches the goal")
        return Answer(name, status, space.depth, space.players, notes, value_label=STEPS.label)
    best = space.steps_of(steps)
    value = len(best) - 1
    notes.append(f"exact: no path of fewer than {count(value, 'step')} reaches the goal (every shorter length was searched)")
    return Answer(name, "reached", space.depth, space.players, notes, best, values, value, STEPS.label)


def answer(
    vocab: GoalVocabulary,
    goal: str | None,
    most_of: str | None,
    space: Callable[[], Space],
    minimise: str | None = None,
    in_play: Callable[[Goal], Answer] | None = None,
) -> Answer:
    """``ask --goal`` / ``--most`` / ``--minimise``: the goal's fewest rounds (the vocabulary's first
    measure, or the one ``minimise`` names: ``steps`` for the path's own length, ``decisions`` answered
    by ``in_play``), or the most of the quantity named ``most_of`` where the goal holds (any state
    without a goal).  ``space()`` builds the solver's space, only for the measures that need it."""
    if goal is None and most_of is None:
        raise ValueError("--goal or --most: expected at least one")
    if minimise is not None and (goal is None or most_of is not None):
        raise ValueError("--minimise: what the fewest of a --goal counts; not with --most, and only with --goal")
    measure = vocab.measures[0] if minimise is None else vocab.measure(minimise, in_play is not None)
    parsed = parse_goal(goal, vocab) if goal is not None else None
    if measure is DECISIONS:
        return in_play(parsed)
    if most_of is None:
        return fewest_steps("goal", parsed, space()) if measure is STEPS else fewest("goal", parsed, measure, space())
    return most("goal", parsed, vocab.quantity(most_of), space())


def _value_at(quantity: Quantity, state: dict, params: dict) -> int:
    """The quantity's value in a decoded witness state."""
    env = {k: (z3.BoolVal(v) if isinstance(v, bool) else z3.IntVal(v)) for k, v in state.items()}
    return z3.simplify(quantity.term(env, params)).as_long()


def _prover(proof: TransitionSystem, lemmas, work: int) -> Prover:
    """A prover of ``proof`` (``work`` solver units per obligation) holding every lemma it could prove (each after the lemmas it assumes)."""
    prover = Prover(proof, work=work)
    for lemma in lemmas:
        if isinstance(lemma, Property) and all(x in prover.proved for x in lemma.lemmas):
            prover.check(lemma)  # (kept as a lemma only when proved)
    return prover


def _needs_more(prover: Prover, goal: Goal, measure: Measure, value: int) -> bool:
    """Whether k-induction (k at most 2, over the proved lemmas) shows the goal never holds below ``value``."""
    prop = Property(
        f"GOAL-NOT-BELOW-{value}",
        f"the goal does not hold with {measure.label} below {value}",
        (),
        lambda s, p: z3.Implies(goal.formula(s, p), measure.term(s) >= value),
        lemmas=tuple(prover.proved),
    )
    return prover.check(prop, kmax=2, bound=0).status == PROVED
