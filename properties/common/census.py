"""The census of surprises: what each description that picks targets actually picked, over many games.

Every rule or card effect that picks its targets by a description reports what it picked out
(``model.common.selections``).  A :class:`Census` watches random play, sorts each pick into the kinds
of thing a reviewer thinks in (hero character cards, Scions, Aeon Men, objectives, rewards, the
source itself, ...; each ruleset says which: :class:`CensusFacts`), and flags the picks a reviewer
would question:

``itself``
    the source is among what its own description picked out;
``own-characters``
    a harmful description picked character cards of the source's own side;
``unnamed``
    it picked a kind that the description's words do not name (a "villain target" that is an objective).

Each flag is resolved by a :class:`Resolution` of the ruleset's (the behaviour is intended, with the
clause or convention that says so, or it is what a documented reading decides) or left unresolved:
the report lists those as coverage warnings.  Every count keeps the first game (player count, index)
that showed it, so that a flag links a seeded game.  A census is plain JSON and merges by addition,
so chunks of games played anywhere give the same census.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol

from oblivaeon_verify.model.common import selections
from oblivaeon_verify.model.common.selections import Selection

FLAGS = {
    "itself": "the source is among what its own description picked out",
    "own-characters": "a harmful description picked character cards of its source's own side",
    "unnamed": "a kind the description's words do not name",
}
"""Each kind of flag, in words."""

ITSELF = "the source itself"
"""The kind a source has in its own selection."""


@dataclass(frozen=True, slots=True)
class Resolution:
    """Why a flag is no surprise: the behaviour is intended (``reading`` empty) or a reading decides it.

    It resolves every flag of kind ``flag`` on things of kind ``kind`` ("" for an ``itself`` flag), at
    the sites whose description is ``description`` ("" for every description).
    """

    flag: str
    kind: str
    why: str
    """The reason, in words, citing the clause or the convention."""
    clause: str = ""
    """The clause that makes it intended ("" when it is a convention of the game's card language)."""
    reading: str = ""
    """The reading parameter that decides it ("" when it is intended)."""
    description: str = ""

    def __post_init__(self) -> None:
        if self.flag not in FLAGS:
            raise ValueError(f"a resolution's flag must be one of {', '.join(FLAGS)}, not {self.flag!r}")

    def covers(self, flag: str, kind: str, description: str) -> bool:
        return self.flag == flag and self.kind == kind and self.description in ("", description)


class CensusFacts(Protocol):
    """What a ruleset tells the census (``properties/<name>/census.py``)."""

    KINDS: Mapping[str, str | None]
    """Every kind a pick can be sorted into -> the side its name says it is on (None: no side names it)."""
    CHARACTERS: Mapping[str, frozenset[str]]
    """Side -> the kinds that are that side's character cards."""
    RESOLUTIONS: tuple[Resolution, ...]
    """Why each expected flag is no surprise."""

    def kind(self, d: Any, card: str) -> str:
        """The kind of a picked thing, in the working state ``d`` (one of ``KINDS``)."""

    def source_side(self, d: Any, source: str) -> str | None:
        """The side of a selection's source (None for a rule of the game itself)."""


class _Site:
    """One description's counts while a census is taken: each count is ``[n, first game]``."""

    __slots__ = ("head", "selections", "kinds", "flags")

    def __init__(self, sel: Selection, at: tuple[int, int]) -> None:
        self.head = {
            "site": sel.site,
            "description": sel.description,
            "clause": sel.clause,
            "sides": sorted(sel.sides),
            "harmful": sel.harmful,
        }
        self.selections = [0, at]
        self.kinds: dict[str, list] = {}
        self.flags: dict[str, list] = {}

    def to_json(self) -> dict:
        def plain(counts: dict) -> dict:
            return {k: [n, *first] for k, (n, first) in counts.items()}

        n, first = self.selections
        return {**self.head, "selections": [n, *first], "kinds": plain(self.kinds), "flags": plain(self.flags)}


def _count(counts: dict, key: str, at: tuple[int, int]) -> None:
    """One more of ``key``, first seen in the earlier of the game it was first seen in and ``at``."""
    counted = counts.get(key)
    if counted is None:
        counts[key] = [1, at]
    else:
        counted[0] += 1
        if at < counted[1]:
            counted[1] = at


class Census:
    """A census being taken: watch games with :meth:`game`, read it with :meth:`to_json`.

    (Random play reports some six picks a decision: the counts are kept in plain lists, made JSON once at the end.)"""

    def __init__(self, facts: CensusFacts) -> None:
        self.facts = facts
        self._sites: dict[tuple[str, str, str], _Site] = {}
        self.at = (0, 0)

    @contextmanager
    def game(self, players: int, index: int) -> Iterator[None]:
        """Count what the descriptions pick during one game (``players``, ``index`` name it in the links)."""
        self.at = (players, index)
        with selections.watch(self._see):
            yield

    def _see(self, d: Any, sel: Selection) -> None:
        at = self.at
        key = (sel.site, sel.description, sel.clause)
        site = self._sites.get(key)
        if site is None:
            site = self._sites[key] = _Site(sel, at)
        counted = site.selections
        counted[0] += 1
        if at < counted[1]:
            counted[1] = at
        facts = self.facts
        source = sel.source
        own = facts.source_side(d, source) if source else None
        kinds, flags = site.kinds, site.flags
        for card in sel.picked:
            if card == source:
                kind = ITSELF
                _count(flags, "itself:", at)
            else:
                kind = facts.kind(d, card)
                if facts.KINDS[kind] not in sel.sides:
                    _count(flags, "unnamed:" + kind, at)
                if sel.harmful and own is not None and kind in facts.CHARACTERS.get(own, ()):
                    _count(flags, "own-characters:" + kind, at)
            _count(kinds, kind, at)

    @property
    def sites(self) -> dict[str, dict]:
        """Each description's counts, as :meth:`to_json` gives them."""
        return {"\x1f".join(key): site.to_json() for key, site in self._sites.items()}

    def to_json(self) -> dict:
        return {"sites": self.sites}


def merge(docs) -> dict:
    """One census from several (each ``Census.to_json()``), the same whatever the order."""
    sites: dict[str, dict] = {}
    for doc in docs:
        for key, s in doc["sites"].items():
            mine = sites.get(key)
            if mine is None:
                sites[key] = {**s, "selections": list(s["selections"]), "kinds": {}, "flags": {}}
                mine = sites[key]
            else:
                _add(mine["selections"], s["selections"])
            for part in ("kinds", "flags"):
                for k, counted in s[part].items():
                    if k in mine[part]:
                        _add(mine[part][k], counted)
                    else:
                        mine[part][k] = list(counted)
    return {"sites": sites}


def _add(into: list, counted: list) -> None:
    into[0] += counted[0]
    if tuple(counted[1:]) < tuple(into[1:]):
        into[1:] = counted[1:]


def resolve(facts: CensusFacts, doc: dict) -> dict:
    """The census for reading: its sites in order, each kind and flag with its count and first game, each
    flag with its resolution (or none), and the resolutions no flag needed (stale notes, listed)."""
    rows, used = [], set()
    for key in sorted(doc["sites"], key=lambda k: k.split("\x1f")):
        s = doc["sites"][key]
        flags = []
        for fk in sorted(s["flags"]):
            flag, kind = fk.split(":", 1)
            count, players, index = s["flags"][fk]
            found = next((r for r in facts.RESOLUTIONS if r.covers(flag, kind, s["description"])), None)
            if found is not None:
                used.add(found)
            flags.append(
                {
                    "flag": flag,
                    "kind": kind or ITSELF,
                    "count": count,
                    "game": {"players": players, "index": index},
                    "resolution": None
                    if found is None
                    else {
                        "why": found.why,
                        "clause": found.clause,
                        "reading": found.reading,
                        "by": "reading" if found.reading else "intended",
                    },
                }
            )
        rows.append(
            {
                "site": s["site"],
                "description": s["description"],
                "clause": s["clause"],
                "sides": s["sides"],
                "harmful": s["harmful"],
                "selections": s["selections"][0],
                "kinds": [{"kind": k, "count": c[0], "game": {"players": c[1], "index": c[2]}} for k, c in sorted(s["kinds"].items())],
                "flags": flags,
            }
        )
    unused = [r for r in facts.RESOLUTIONS if r not in used]
    return {
        "sites": rows,
        "flags": sum(len(r["flags"]) for r in rows),
        "unresolved": sum(1 for r in rows for f in r["flags"] if f["resolution"] is None),
        "unused_resolutions": [{"flag": r.flag, "kind": r.kind or ITSELF, "description": r.description, "why": r.why} for r in unused],
    }
