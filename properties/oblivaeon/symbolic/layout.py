"""The round as the symbolic model sees it: every phase of every turn, numbered, read from the model's own table.

A position is the index of (turn slot, phase) in ``round_order.turns`` x ``round_order.phases``;
-1 is the setup, before OblivAeon's first turn.  Three positions have an effect on entry (the
start of OblivAeon's turn ticks the Countdown, ID.COUNTDOWN; the start of each villain turn applies
BZ.DEV.SCIONS-OUTNUMBER); the end of OblivAeon's turn is where the Booklet spends Devastation.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from oblivaeon_verify.model.oblivaeon import round_order

SETUP = -1


@dataclass(frozen=True)
class Layout:
    hero_count: int
    slots: tuple[tuple[str, int, int], ...]
    """(kind, seat, zone) per turn slot."""
    starts: tuple[int, ...]
    """Position of phase 0 of each slot."""
    names: tuple[tuple[int, str], ...]
    """(slot, phase name) per position."""

    @property
    def size(self) -> int:
        return len(self.names)

    def pos(self, slot: int, phase: int) -> int:
        return SETUP if phase < 0 else self.starts[slot] + phase

    def position_of(self, kind: str, name: str, zone: int = 0) -> int:
        for p, (slot, ph) in enumerate(self.names):
            k, _seat, z = self.slots[slot]
            if k == kind and ph == name and (zone == 0 or z == zone):
                return p
        raise KeyError(f"no phase {name!r} of a {kind} turn (zone {zone}) in the round table")

    @property
    def oblivaeon_start(self) -> int:
        return self.position_of("oblivaeon", "start")

    @property
    def oblivaeon_end(self) -> int:
        return self.position_of("oblivaeon", "end")

    def villain_start(self, zone: int) -> int:
        return self.position_of("villain", "start", zone)

    @property
    def after(self) -> tuple[int, ...]:
        """Positions of the 'after the turn' phase, where fallen heroes are replaced (INCAP.REPLACEMENT)."""
        return tuple(p for p, (_s, name) in enumerate(self.names) if name == "after")

    def after_of(self, pos: int) -> int:
        slot = self.names[pos][0]
        return self.starts[slot] + len(round_order.phases(round_order.turns(self.hero_count)[slot])) - 1

    @property
    def entry_effects(self) -> tuple[int, ...]:
        return tuple(sorted((self.oblivaeon_start, self.villain_start(1), self.villain_start(2))))

    def slot_start(self, kind: str, seat: int = -1, zone: int = 0) -> int:
        for i, (k, s, z) in enumerate(self.slots):
            if k == kind and (kind != "hero" or s == seat) and (kind not in ("environment", "villain") or z == zone):
                return self.starts[i]
        raise KeyError(f"no {kind} turn (seat {seat}, zone {zone})")

    def label(self, pos: int) -> str:
        if pos == SETUP:
            return "setup"
        if not 0 <= pos < self.size:
            return f"position {pos} (outside the round)"
        slot, name = self.names[pos]
        return f"{round_order.turns(self.hero_count)[slot]}, {name} phase"


@functools.cache
def layout(hero_count: int) -> Layout:
    turns = round_order.turns(hero_count)
    slots, starts, names = [], [], []
    for i, t in enumerate(turns):
        slots.append((t.kind, t.seat, t.zone))
        starts.append(len(names))
        names.extend((i, name) for name, _fn in round_order.phases(t))
    return Layout(hero_count, tuple(slots), tuple(starts), tuple(names))
