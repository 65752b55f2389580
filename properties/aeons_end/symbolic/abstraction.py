"""The abstraction function: a concrete Aeon's End ``GameState`` to the values of the symbolic state.

Kept beside the encoding (``encoding.py``) so that the two are read together; the refinement test
checks that every concrete step maps to a step the encoding allows.  The symbolic state keeps what
the bookkeeping rules talk about: per player the four breaches, the focus flags, where spells are
prepped, charges against the ability's requirement, life and exhaustion; the turn order deck as
counts of player and nemesis cards; Gravehold's and the nemesis's life; the turn cursor.  Cards in
hands, decks and the nemesis's side are left out (their effects arrive as amounts).
"""

from __future__ import annotations

import functools

from oblivaeon_verify.model.aeons_end.cards import MATS
from oblivaeon_verify.model.aeons_end.turn_order import ChooseWildTurn
from oblivaeon_verify.model.common.kernel import waiting_for

RUNNING, WON, LOST, ABORTED = 0, 1, 2, 3
OUTCOMES = {RUNNING: "running", WON: "won", LOST: "lost", ABORTED: "aborted"}

#: Breach states: 0..3 closed with that many quarter turns made, then opened, then destroyed.
OPENED, DESTROYED = 4, 5
BREACHES = 4

#: The phase cursor: between turns (the turn order deck), a player's three phases, the nemesis's turn.
TURN_ORDER, CASTING, MAIN, DRAW, NEMESIS = 0, 1, 2, 3, 4
PHASES = {"turn-order": TURN_ORDER, "casting": CASTING, "main": MAIN, "draw": DRAW, "end": DRAW, "nemesis": NEMESIS}
PHASE_NAMES = {TURN_ORDER: "turn order", CASTING: "casting", MAIN: "main", DRAW: "draw", NEMESIS: "nemesis turn"}

#: ``pend``: no turn order card waits for its turn, or a wild card waits for the table's choice.
NO_CARD, WILD = 0, 3

_GLOBAL: tuple[tuple[str, str, str], ...] = (
    ("outcome", "int", "0 running, 1 won, 2 lost, 3 aborted"),
    ("phase", "int", "0 turn order, 1 casting, 2 main, 3 draw, 4 nemesis turn"),
    ("actor", "int", "the acting player's seat during their casting, main and draw phases; -1 otherwise"),
    ("pend", "int", "a drawn turn order card waiting for its turn: 0 none, 1 player, 2 nemesis, 3 wild (the table chooses)"),
    ("turn", "int", "turns taken so far"),
    ("cycles", "int", "passes through the turn order deck (1 + its reshuffles)"),
    ("dp", "int", "player cards (solo and wild included) in the turn order deck"),
    ("dn", "int", "nemesis cards in the turn order deck"),
    ("xp", "int", "player cards in the turn order discard"),
    ("xn", "int", "nemesis cards in the turn order discard"),
    ("aether", "int", "the acting player's unspent aether"),
    ("gh", "int", "Gravehold's life"),
    ("ghmax", "int", "Gravehold's starting life (its maximum)"),
    ("nl", "int", "the nemesis's life"),
    ("nlmax", "int", "the nemesis's starting life"),
    ("plife", "int", "the players' starting life (their maximum)"),
)


def player_fields(i: int) -> tuple[tuple[str, str, str], ...]:
    p = f"p{i + 1}"
    out = [
        (f"{p}.life", "int", f"player {i + 1}'s life"),
        (f"{p}.ex", "bool", f"player {i + 1} is exhausted"),
        (f"{p}.ch", "int", f"charges on player {i + 1}'s mat"),
        (f"{p}.req", "int", f"charges player {i + 1}'s ability needs"),
    ]
    for b in range(1, BREACHES + 1):
        out += [
            (f"{p}.b{b}", "int", f"player {i + 1}'s breach {b}: 0..3 closed (quarter turns), 4 opened, 5 destroyed"),
            (f"{p}.f{b}", "bool", f"player {i + 1}'s breach {b} was focused this turn"),
            (f"{p}.s{b}", "bool", f"a spell is prepped in player {i + 1}'s breach {b}"),
        ]
    return tuple(out)


@functools.cache
def fields(players: int) -> tuple[tuple[str, str, str], ...]:
    """The symbolic state for ``players`` players, in order: (name, sort, meaning)."""
    out = list(_GLOBAL)
    for i in range(players):
        out += player_fields(i)
    return tuple(out)


@functools.cache
def names(players: int) -> tuple[str, ...]:
    return tuple(f[0] for f in fields(players))


def _outcome(state) -> int:
    o = state.outcome
    if o is None:
        return RUNNING
    return {"won": WON, "lost": LOST}.get(o.kind, ABORTED)


def _breach(br) -> int:
    if br.destroyed:
        return DESTROYED
    return OPENED if br.opened else br.focus


def wild_pending(state) -> bool:
    return type(waiting_for(state)) is ChooseWildTurn


def _is_player_card(card: str) -> bool:
    return not card.startswith("turn:nemesis")


def abstract(state) -> dict:
    """The symbolic values of ``state``."""
    phase = PHASES[state.phase]
    cfg = state.setup
    deck = state.turn_deck.cards()
    out = {
        "outcome": _outcome(state),
        "phase": phase,
        "actor": int(state.actor[1:]) if phase in (CASTING, MAIN, DRAW) else -1,
        "pend": WILD if wild_pending(state) and state.outcome is None else NO_CARD,
        "turn": state.turn,
        "cycles": state.cycles,
        "dp": sum(1 for c in deck if _is_player_card(c)),
        "dn": sum(1 for c in deck if not _is_player_card(c)),
        "xp": sum(1 for c in state.turn_discard if _is_player_card(c)),
        "xn": sum(1 for c in state.turn_discard if not _is_player_card(c)),
        "aether": state.aether,
        "gh": state.gravehold,
        "ghmax": cfg.start_gravehold,
        "nl": state.nemesis_life,
        "nlmax": _nemesis_start(cfg),
        "plife": cfg.start_life,
    }
    for i, m in enumerate(state.mages):
        p = f"p{i + 1}"
        out[f"{p}.life"] = m.life
        out[f"{p}.ex"] = m.exhausted
        out[f"{p}.ch"] = m.charges
        out[f"{p}.req"] = MATS[m.name].charges
        for b, br in enumerate(m.breaches, start=1):
            out[f"{p}.b{b}"] = _breach(br)
            out[f"{p}.f{b}"] = br.focused_this_turn
            out[f"{p}.s{b}"] = br.spell is not None
    return out


def _nemesis_start(cfg) -> int:
    from oblivaeon_verify.model.aeons_end.setup import life_table

    return life_table(cfg.difficulty, cfg.params)[2]


def requirements() -> tuple[int, ...]:
    """The charge requirements the mats print (the abstraction lets any player have any of them)."""
    return tuple(sorted({m.charges for m in MATS.values()}))
