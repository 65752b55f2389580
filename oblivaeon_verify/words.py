"""Values in words for the pages and lines a person reads: counts with the right plural, settings as phrases.

Reports and the text output of commands show decisions, effects, setups and verdicts.  A Python
repr there (``{'amount': 200, 'dtype': 'melee'}``, ``[('a', 1)]``) is noise to a reader; these
helpers say the same thing as a phrase.  Game-independent: rulesets pass their own names in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: Plurals that do not just add an "s" (the nouns our pages count).
IRREGULAR = {
    "child": "children",
    "hero": "heroes",
    "person": "people",
    "family": "families",
    "body": "bodies",
    "copy": "copies",
    "entry": "entries",
    "query": "queries",
    "property": "properties",
}


def plural(noun: str) -> str:
    """The plural of an English noun (the last word of ``noun`` is made plural: "hero count" -> "hero counts")."""
    head, _, last = noun.rpartition(" ")
    if last in IRREGULAR:
        word = IRREGULAR[last]
    elif last.endswith(("s", "x", "z", "ch", "sh")):
        word = last + "es"
    elif last.endswith("y") and last[-2:-1] not in tuple("aeiou"):
        word = last[:-1] + "ies"
    else:
        word = last + "s"
    return f"{head} {word}" if head else word


def singular(nouns: str) -> str:
    """The singular of a plural that :func:`plural` makes: ``singular("heroes")`` is "hero"."""
    head, _, last = nouns.rpartition(" ")
    word = next((one for one, many in IRREGULAR.items() if many == last), None)
    for ending, back in (("ies", "y"), ("ches", "ch"), ("shes", "sh"), ("xes", "x"), ("zes", "z"), ("s", "")):
        if word is None and last.endswith(ending):
            word = last[: -len(ending)] + back
    word = word or last
    return f"{head} {word}" if head else word


def count(n: int, noun: str, many: str | None = None) -> str:
    """``n`` and the noun, singular for exactly one: ``count(1, "event")`` is "1 event", ``count(3000, "game")`` "3,000 games"."""
    return f"{n:,} {noun if n == 1 else (many or plural(noun))}"


def counted(n: int, nouns: str) -> str:
    """``n`` and a noun given in the plural, singular for exactly one: ``counted(1, "players")`` is "1 player"
    (a ruleset names its players in the plural: ``players_word``)."""
    return count(n, singular(nouns), nouns)


def listing(items, conjunction: str = "and") -> str:
    """Items joined as a sentence does: "a", "a and b", "a, b and c"."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def phrase(value: Any, names: Mapping[str, str] | None = None) -> str:
    """Any value a rule or a setup holds, in words: a mapping as "key value" pairs, a sequence as a list, yes/no for booleans.

    ``{"amount": 200, "dtype": "melee"}`` becomes "amount 200, dtype melee" (or "damage type melee"
    with ``names={"dtype": "damage type"}``); nested values are bracketed in parentheses; keys are
    sorted, so the phrase is the same whatever the order given.
    """
    names = names or {}
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, int):
        return f"{value:,}" if abs(value) >= 10_000 else str(value)
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        if not value:
            return "nothing"
        pairs = sorted(value.items(), key=lambda kv: str(kv[0]))
        return ", ".join(f"{names.get(str(k), str(k).replace('_', ' '))} {_nested(v, names)}" for k, v in pairs)
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value, key=str) if isinstance(value, (set, frozenset)) else list(value)
        if not items:
            return "none"
        return ", ".join(_nested(v, names) for v in items)
    return str(value)


def _nested(value: Any, names: Mapping[str, str]) -> str:
    text = phrase(value, names)
    return f"({text})" if isinstance(value, (Mapping, list, tuple, set, frozenset)) and "," in text else text
