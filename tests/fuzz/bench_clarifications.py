"""How long parsing a long conjunction takes, with the old term matcher and the indexed one.

    python -m tests.fuzz.bench_clarifications            # n = 500, 1,000, 2,000, 4,000 terms

The old matcher (kept here only to measure against) rebuilt the lower-cased rest of the token list
at every term-match attempt and tried every term of the vocabulary in turn, so a statement of n
terms cost O(n^2).  Old and new parse the same text alternately, several rounds, and the best time of
each is printed with their ratio; no test reads these figures (wall-clock time is no test oracle).
"""

from __future__ import annotations

import sys
import time

from oblivaeon_verify.properties.common.clarify.language import _Parser
from oblivaeon_verify.properties.oblivaeon.clarify.language import LANGUAGE

_ALL_TERMS = sorted(((w, t) for ts in LANGUAGE.terms_by_first_word.values() for w, t in ts), key=lambda x: -len(x[0]))
"""Every term, longest first: the old ``Language.term_words``."""


class _OldParser(_Parser):
    def term_here(self):
        rest = [t.text.lower() for t in self.toks[self.i :]]
        for words, term in _ALL_TERMS:
            if tuple(rest[: len(words)]) == words:
                return words, term
        return None


def conjunction(n: int) -> str:
    terms = ["hero card", "reward", "target in a hero play area", "villain character card"]
    return "every " + " and ".join(terms[k % len(terms)] for k in range(n)) + " is a card"


def _best(parser, text: str, rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        st = parser(LANGUAGE, text, "<bench>", 1, 0).statement(text)
        best = min(best, time.perf_counter() - start)
    assert st.quantifier == "every"
    return best


def main(sizes=(500, 1_000, 2_000, 4_000), rounds: int = 3) -> None:
    print(f"{'terms':>6} {'chars':>7} {'old s':>8} {'new s':>8} {'old/new':>8}")
    for n in sizes:
        text = conjunction(n)
        old = new = float("inf")
        for _ in range(rounds):  # alternate, so that load on the machine falls on both alike
            old = min(old, _best(_OldParser, text, 1))
            new = min(new, _best(_Parser, text, 1))
        print(f"{n:>6,} {len(text):>7,} {old:>8.4f} {new:>8.4f} {old / new:>8.1f}")


if __name__ == "__main__":
    main(tuple(int(a) for a in sys.argv[1:]) or (500, 1_000, 2_000, 4_000))
