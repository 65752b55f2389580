"""Setup: the starting life follows the difficulty level, and every mage starts as their mat says."""

from __future__ import annotations

from oblivaeon_verify.model.aeons_end.cards import MATS, base
from oblivaeon_verify.model.aeons_end.parameters import Difficulty
from oblivaeon_verify.properties.aeons_end.invariants.registry import opening

from oblivaeon_verify.words import count


def rulebook_life(s) -> tuple[int, int, int]:
    """(player, Gravehold, nemesis) starting life by difficulty, from the rulebook: beginner 12 / 35 /
    nemesis 10 lower; extinction 8 / 25 / nemesis 10 higher; normal and expert as the mats say
    (parameters here).  A nemesis cannot start beaten, hence at least 1."""
    p, diff = s.setup.params, s.setup.difficulty
    if diff is Difficulty.BEGINNER:
        return 12, 35, max(1, p.nemesis_life - 10)
    if diff is Difficulty.EXTINCTION:
        return 8, 25, p.nemesis_life + 10
    return p.player_life, p.gravehold_life, p.nemesis_life


# Both are opening invariants, checked on the state the setup made and on no other: they once recognised it by the
# turn counter being 0, and a counter started at 1 made them check nothing.


@opening("starting-life-follows-the-difficulty", "DIFFICULTY.NORMAL", "DIFFICULTY.BEGINNER", "DIFFICULTY.EXTINCTION", "TRACKERS")
def starting_life(s):
    """Players, Gravehold and the nemesis start at the life the difficulty level gives, the life caps (healing
    never goes above the start) are those same values, and no turn has been taken."""
    life, gravehold, nemesis = rulebook_life(s)
    if (s.setup.start_life, s.setup.start_gravehold) != (life, gravehold):
        yield f"{s.setup.difficulty.value}: start life is {s.setup.start_life}/{s.setup.start_gravehold}, not {life}/{gravehold}"
    for i, m in enumerate(s.mages):
        if m.life != life:
            yield f"{s.setup.difficulty.value}: player {i + 1} starts at {m.life} life, not {life}"
    if (s.gravehold, s.nemesis_life) != (gravehold, nemesis):
        yield f"{s.setup.difficulty.value}: Gravehold and the nemesis start at {s.gravehold}/{s.nemesis_life}, not {gravehold}/{nemesis}"
    if s.turn:
        yield f"the game starts with {count(s.turn, 'turn')} taken"


@opening("mages-start-as-their-mats-say", "MAT.BREACH-SETUP", "MAT.STARTING-HAND", "MAT.STARTING-DECK")
def mats_setup(s):
    """Before the first turn every mage has the mat's hand, its deck in order, nothing else, and the
    mat's breaches (opened or turned as printed, none destroyed, nothing prepped)."""
    for i, m in enumerate(s.mages):
        mat = MATS[m.name]
        if tuple(base(c) for c in m.hand) != mat.hand:
            yield f"player {i + 1} ({m.name}) starts with {[base(c) for c in m.hand]}, not the mat's hand {list(mat.hand)}"
        if tuple(base(c) for c in m.deck) != mat.deck:
            yield f"player {i + 1} ({m.name}) starts with the deck {[base(c) for c in m.deck]}, not the mat's {list(mat.deck)}"
        if m.discard or m.played or m.charges:
            yield f"player {i + 1} ({m.name}) starts with discards, played cards or charges"
        for br, f in zip(m.breaches, mat.breaches):
            if br.opened != (f < 0) or br.focus != max(0, f) or br.destroyed or br.spell:
                yield f"player {i + 1} ({m.name}) breach {br.number} starts as {br}, the mat says {'opened' if f < 0 else f'{f} quarter turns'}"
        if len(m.breaches) != len(mat.breaches):
            yield f"player {i + 1} ({m.name}) has {len(m.breaches)} breaches, the mat {len(mat.breaches)}"
