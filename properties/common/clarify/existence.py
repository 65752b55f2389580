"""The EXIST.* statements of a ruleset: what its game contains, with counts, as clarification-language text.

A ruleset's ``existence`` module reads the counts off its model's own setup (term -> fewest and most
in any situation a statement speaks of); this module writes them as statements, one a line, to be
parsed like the encoded rulebook.  Without them "every X is Y" and "no X is Y" about a single
component could both hold by X being empty.
"""

from __future__ import annotations

from oblivaeon_verify.properties.common.clarify import language


class Tally:
    """The fewest and the most of each term over the games a ruleset's ``counts`` looks at."""

    def __init__(self) -> None:
        self._range: dict[str, tuple[int, int]] = {}

    def seen(self, term: str, n: int) -> None:
        lo, hi = self._range.get(term, (n, n))
        self._range[term] = (min(lo, n), max(hi, n))

    def counts(self) -> dict[str, tuple[int, int]]:
        return dict(sorted(self._range.items()))


def statement_id(term: str) -> str:
    return "EXIST." + term.upper().replace(" ", "-")


def text(
    counts: dict[str, tuple[int, int]],
    leaves_play: frozenset[str] = frozenset(),
    most_follows: frozenset[str] = frozenset(),
    more: tuple[str, ...] = (),
) -> str:
    """The statements for ``counts``; a term in ``leaves_play`` may be gone later, so it gets its most only; one in
    ``most_follows`` gets its fewest only (its most follows from the others: stating it would be redundant);
    ``more`` is added as written."""
    lines = []
    for term, (lo, hi) in sorted(counts.items()):
        if term in leaves_play:
            lo = 0
        if term in most_follows:
            hi = lo if lo == hi else 0
        if lo:
            lines.append(f"{statement_id(term)}: there {_things(term, lo, 'exactly' if lo == hi else 'at least')}.")
        if hi and hi != lo:
            lines.append(f"{statement_id(term)}: there {_things(term, hi, 'at most')}.")
    return "\n".join([*lines, *more]) + "\n"


def _things(term: str, n: int, bound: str) -> str:
    """``is exactly 1 game``, ``are at least 3 attacks``."""
    if n == 1:
        return f"is {bound} 1 {term}"
    words = term.split()
    return f"are {bound} {n} {' '.join(words[:-1] + [language.plural(words[-1])])}"
