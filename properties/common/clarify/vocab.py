"""What a ruleset's vocabulary declares beyond its terms: attributes, relations, tests, actions and events.

Every word of the language stands for one typed record here, never for a string looked up later:

* an :class:`Attribute` is a function from things to a small, known range of values (the battle
  zone a thing is in: 1 or 2; the moment of a round an effect resolves at; the seat of the hero a
  card belongs to), with 0 for "has none";
* a :class:`Relation` between two things compares their attributes ("in the same battle zone as":
  equal zones) or, for a relation no attribute decides ("may affect"), is a relation of its own;
* a :class:`Test` compares one attribute with named values ("in the first battle zone", "during
  OblivAeon's turn", "before the end of OblivAeon's turn");
* an action ("move between battle zones", "gain life") gives the modal terms "may A" and "must A"
  (and "cannot A" is "not may A");
* an :class:`Event` is a kind of happening that can be counted per turn or round ("moves between
  battle zones more than once per turn"), linked to what it happens to by an attribute.

Because relations compare attributes of finite, known ranges (or are decided on the bounded
domain), every statement grounds to a propositional formula over a bounded domain
(:mod:`properties.common.clarify.logic`), and the same records evaluate a statement on the things
of a concrete game state (:mod:`properties.common.clarify.play`).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Attribute:
    name: str
    values: int
    """Values 1..values; 0 means the thing has none (a deck is in no battle zone)."""
    meaning: str


@dataclass(frozen=True)
class Relation:
    """x REL y: ``attribute`` of x compared by ``op`` with ``other`` of y (both set), or, with no attribute, a relation of its own."""

    name: str
    meaning: str
    attribute: str | None = None
    op: str = "="
    """``=``, ``!=``, ``<`` or ``>``."""
    other: str | None = None
    """The attribute of y (the same as x's unless given)."""
    moments: bool = False
    """The relation may also be followed by a named moment ("before the end of OblivAeon's turn"): a :class:`Test` of ``attribute``."""
    back: str | None = None
    """How the relation is written inside the thing it relates to, without its object ("in the other battle zone")."""
    own: bool = False
    """Two attributes of one thing compared ("in the battle zone of its marker"): written like a term, with no object."""

    @property
    def y_attribute(self) -> str | None:
        return self.other or self.attribute


@dataclass(frozen=True)
class Test:
    """``attribute`` OP ``values``: ``in`` (one of them), ``<`` (before the least) or ``>`` (after the greatest)."""

    attribute: str
    values: tuple[int, ...]
    op: str = "in"
    text: str = ""


@dataclass(frozen=True)
class Event:
    term: str
    """The term every happening of this kind has."""
    link: str
    """The attribute that ties a happening to what it happens to (a hero's move to the hero: their seats)."""
    meaning: str


@dataclass(frozen=True)
class Vocabulary:
    """Everything a ruleset's language reads, by kind."""

    terms: dict[str, str]
    verbs: frozenset[str] = frozenset()
    attributes: tuple[Attribute, ...] = ()
    relations: tuple[Relation, ...] = ()
    tests: dict[str, Test] = field(default_factory=dict)
    """Phrase -> test ("in the first battle zone", "during oblivaeon's turn")."""
    moments: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Named moments that may follow a relation with ``moments`` ("the end of oblivaeon's turn"): their values of its attribute."""
    actions: dict[str, str] = field(default_factory=dict)
    """Action -> meaning: each gives the terms 'may ACTION' and 'must ACTION'."""
    events: dict[str, Event] = field(default_factory=dict)
    """Verb phrase -> event ("moves between battle zones")."""
    groups: dict[str, str] = field(default_factory=dict)
    """Word after 'per' -> attribute that groups happenings ("turn" -> the turn attribute)."""

    def attribute(self, name: str) -> Attribute:
        for a in self.attributes:
            if a.name == name:
                return a
        raise KeyError(f"no attribute {name!r}")

    def all_terms(self) -> dict[str, str]:
        """The terms, with the modal terms of every action."""
        out = dict(self.terms)
        for a, meaning in self.actions.items():
            out[f"may {a}"] = f"is allowed to: {meaning}"
            out[f"must {a}"] = f"is obliged to: {meaning}"
        for e in self.events.values():
            out.setdefault(e.term, e.meaning)
        return out
