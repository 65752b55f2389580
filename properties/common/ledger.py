"""A card ledger: how many times each card is in a game, kept up to date from one state to the next.

Counting every card of every place after every step is what made card conservation the dearest
check of all.  A :class:`Ledger` keeps the count of each card and the cards counted twice, missing
or unexpected; :meth:`Ledger.sync` brings it to any state by recounting only what differs from the
state it counted last (states are values that share what a step left alone): either by walking the
new state against the values it counted (a field, then a group, then a place whose value is the
very object counted last is skipped whole), or, when the ruleset shares one, by applying the step's
:func:`changed_places`, which the checks of the same step read too (:func:`shared_changes`).  The
answer for a state is the same whatever state the ledger was synced to before: it is a cache, not
a memory of the game.  A ruleset says what its places are: ``fields`` lists, per state field that
holds cards, a function ``groups(state, value)`` yielding ``(key, value, places)`` for each group of
places in it (a seat, a zone, a pile), and ``places(key, value)`` yields ``(key, value, cards_of)``
for each place in a group.  A place may depend on two fields (it is listed under both); it is
counted once.  The ledger knows no game.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Iterable
from operator import attrgetter, is_

Changes = Callable[[object, object], Iterable[tuple[object, tuple[str, ...], tuple[str, ...]]]]


class Ledger:
    """Counts of the cards in the places a ruleset's ``fields`` list.

    ``summary(cards)``, when given, is kept per place (for checks that ask which places hold what; it
    is read as a function of the cards a place holds, not of their order);
    places whose key ``pooled(key)`` accepts also add their summary's members to ``pool``, a count of
    the places holding each member.
    """

    def __init__(
        self,
        want: frozenset[str] | None,
        fields: tuple,
        summary: Callable | None = None,
        pooled: Callable | None = None,
        changes: Changes | None = None,
    ) -> None:
        self.want = want
        """The cards the game should hold (``None``: not known; ``missing`` and ``extra`` stay empty)."""
        self._fields = fields
        self._changes = changes
        """``changes(before, after)``: :func:`changed_places` of ``fields``, shared with the checks that read the same
        step (:func:`shared_changes`); without it the ledger walks the new state against what it counted last, which
        is cheaper than a diff of two states that nobody else reads."""
        self._field_values: dict[str, tuple[object, tuple]] = {}
        self._groups: dict[object, tuple[object, tuple]] = {}
        self._seen: dict[object, tuple[object, tuple[str, ...]]] = {}
        self._summary = summary
        self._pooled = pooled
        self.summaries: dict[object, frozenset] = {}
        """Per place: ``summary(cards)`` of its cards."""
        self.pool: Counter = Counter()
        """Per member of a summary: how many pooled places have it."""
        self.count: dict[str, int] = {}
        self.twice: set[str] = set()
        """Cards counted more than once."""
        self.missing: set[str] = set(want or ())
        """Cards the game should hold and no place holds."""
        self.extra: set[str] = set()
        """Cards some place holds and the game should not."""
        self._state = None

    def sync(self, state) -> Ledger:
        if state is self._state:
            return self
        if self._changes is None:
            self._walk(state)
        else:
            changes = self._changes(self._state, state) if self._state is not None else None
            if changes is None:
                changes = [(key, (), cards) for key, cards in every_place(self._fields, state)]
            summary = self._summary
            for key, then, now in changes:
                if self._replace(then, now) and summary is not None:
                    self._summarise(key, summary(now))
        self._state = state
        return self

    def _walk(self, state) -> None:
        """Recount the places whose value is not the very object counted last (a field, then a group, skipped whole)."""
        values = vars(state)
        known = self._field_values
        groups = self._groups
        for name, groups_of in self._fields:
            value = values[name]
            old_field = known.get(name)
            if old_field is not None and old_field[0] is value:
                continue
            gkeys = []
            for gkey, gvalue, places in groups_of(state, value):
                gkeys.append(gkey)
                old = groups.get(gkey)
                if old is not None and old[0] is gvalue:
                    continue
                keys = tuple([self._count_place(key, v, cards_of) for key, v, cards_of in places(gkey, gvalue)])
                if old is not None and old[1] != keys:
                    for key in set(old[1]) - set(keys):
                        self._drop(key)
                groups[gkey] = (gvalue, keys)
            if old_field is not None:
                for gkey in set(old_field[1]) - set(gkeys):
                    for key in groups.pop(gkey)[1]:
                        self._drop(key)
            known[name] = (value, tuple(gkeys))

    def _count_place(self, key, value, cards_of):
        seen = self._seen
        old = seen.get(key)
        if old is not None and old[0] is value:
            return key
        cards = tuple(cards_of(value))
        if old is not None:
            if old[1] == cards:
                seen[key] = (value, cards)
                return key
            self._replace(old[1], cards)
        else:
            self._move(cards, 1)
        seen[key] = (value, cards)
        if self._summary is not None:
            self._summarise(key, self._summary(cards))
        return key

    def _drop(self, key) -> None:
        self._move(self._seen.pop(key)[1], -1)
        if self._summary is not None:
            self._summarise(key, frozenset())

    def _summarise(self, key, summary: frozenset) -> None:
        old = self.summaries.get(key, frozenset())
        if summary:
            self.summaries[key] = summary
        else:
            self.summaries.pop(key, None)
        if self._pooled is not None and old != summary and self._pooled(key):
            pool = self.pool
            for member in old - summary:
                if pool.get(member, 0) > 1:
                    pool[member] -= 1
                else:
                    pool.pop(member, None)  # a count never kept below one
            for member in summary - old:
                pool[member] += 1

    def _replace(self, old: tuple[str, ...], new: tuple[str, ...]) -> bool:
        """Count ``new`` instead of ``old`` in one place: only the cards that differ when neither repeats a card.
        Whether the place holds other cards now (not the same ones in another order, as after a shuffle)."""
        # Most steps take cards off one end of a place or put them on one (a card drawn off the top of a deck, one put
        # on a hand or a pile): the cards that differ are then a slice, found without making sets of the whole place.
        n, m = len(old), len(new)
        if m < n:
            if old[n - m :] == new:
                self._move(old[: n - m], -1)
                return True
            if old[:m] == new:
                self._move(old[m:], -1)
                return True
        elif m > n:
            if new[m - n :] == old:
                self._move(new[: m - n], 1)
                return True
            if new[:n] == old:
                self._move(new[n:], 1)
                return True
        was, now = set(old), set(new)
        if len(was) == len(old) and len(now) == len(new):
            if was == now:
                return False
            self._move(was - now, -1)
            self._move(now - was, 1)
        else:
            self._move(old, -1)
            self._move(new, 1)
        return True

    def _move(self, cards: Iterable[str], sign: int) -> None:
        count, want = self.count, self.want
        for c in cards:
            n = count.get(c, 0) + sign
            if n:
                count[c] = n
            else:
                del count[c]
            if n > 1:
                self.twice.add(c)
            else:
                self.twice.discard(c)
            if want is None:
                continue
            if c in want:
                if n:
                    self.missing.discard(c)
                else:
                    self.missing.add(c)
            elif n:
                self.extra.add(c)
            else:
                self.extra.discard(c)


class Ledgers:
    """One ledger per kind of game (the key of its expected card set), the most recent few kept, per thread.

    A ledger is brought to a state in many small updates; two threads checking games of the same kind side by side
    (a Dask worker's threads, say) would interleave their updates in one ledger and count neither game right, so
    each thread keeps its own (the views of :mod:`.views` are shared instead: each is worked out whole, then stored).
    """

    def __init__(
        self,
        fields: tuple,
        summary: Callable | None = None,
        pooled: Callable | None = None,
        limit: int = 8,
        changes: Changes | None = None,
    ) -> None:
        self._args = (fields, summary, pooled, changes)
        self._limit = limit
        self._mine = threading.local()

    def of(self, key, want: Callable[[], frozenset[str] | None] = lambda: None) -> Ledger:
        try:
            by_key: dict[object, Ledger] = self._mine.by_key
        except AttributeError:
            by_key = self._mine.by_key = {}
        led = by_key.get(key)
        if led is None:
            if len(by_key) >= self._limit:
                by_key.pop(next(iter(by_key)))
            led = by_key[key] = Ledger(want(), *self._args)
        return led


def changed_places(fields: tuple, before, after) -> tuple[tuple[object, tuple[str, ...], tuple[str, ...]], ...]:
    """(key, cards before, cards after) of each place (of the places ``fields`` lists, as a :class:`Ledger`
    reads them) whose cards differ between two states, once each, in the order of ``fields``.

    A field, a group or a place whose value is the very same object in both states is skipped unread (states are
    values that share what a step left alone); a place only one state has holds no cards in the other.
    """
    out: list = []
    old_values, new_values = vars(before), vars(after)
    for name, groups_of in fields:
        x, y = old_values[name], new_values[name]
        if x is y:
            continue
        old_groups = {gkey: (gvalue, places) for gkey, gvalue, places in groups_of(before, x)}
        for gkey, gvalue, places in groups_of(after, y):
            old = old_groups.pop(gkey, None)
            if old is not None and old[0] is gvalue:
                continue
            old_places = {} if old is None else {key: (v, cards_of) for key, v, cards_of in old[1](gkey, old[0])}
            for key, v, cards_of in places(gkey, gvalue):
                was = old_places.pop(key, None)
                if was is not None and was[0] is v:
                    continue
                then, now = (() if was is None else tuple(was[1](was[0]))), tuple(cards_of(v))
                if then != now:
                    out.append((key, then, now))
            out += _emptied(old_places.items())
        for gkey, (gvalue, places) in old_groups.items():
            out += _emptied((key, (v, cards_of)) for key, v, cards_of in places(gkey, gvalue))
    if len({key for key, _then, _now in out}) < len(out):  # a place listed under two fields that both changed
        listed: set = set()
        out = [change for change in out if not (change[0] in listed or listed.add(change[0]))]
    return tuple(out)


def _emptied(places) -> list:
    """The changes of places that only the state before has: their cards, and none after."""
    return [(key, cards, ()) for key, (v, cards_of) in places if (cards := tuple(cards_of(v)))]


def shared_changes(fields: tuple) -> Changes:
    """:func:`changed_places` of ``fields``, remembered for the last two pairs of states asked about, by the values of
    the fields it reads: a ledger synced to an earlier state whose card fields a step before left alone asks about
    the same places as a check of this step, and is given the same answer."""
    values = attrgetter(*(name for name, _groups in fields))
    if len(fields) == 1:
        values = (lambda one: lambda state: (one(state),))(values)
    last: list = [()]

    def changes(before, after):
        then, now = values(before), values(after)
        held = last[0]
        for b, a, answer in held:
            if all(map(is_, b, then)) and all(map(is_, a, now)):
                return answer
        answer = changed_places(fields, before, after)
        last[0] = (*held[-1:], (then, now, answer))  # holding the values keeps their identities from being reused
        return answer

    return changes


def every_place(fields: tuple, state) -> list[tuple[object, tuple[str, ...]]]:
    """(key, cards) of every place ``fields`` lists in ``state``, once each, in their order."""
    out = {}
    for name, groups_of in fields:
        for gkey, gvalue, places in groups_of(state, vars(state)[name]):
            for key, v, cards_of in places(gkey, gvalue):
                out.setdefault(key, tuple(cards_of(v)))
    return list(out.items())
