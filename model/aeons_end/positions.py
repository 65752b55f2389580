"""Exact positions of Aeon's End: a game set up by the rules, then placed as a scenario or a test says.

``setup.initial_state`` lays out the mats, the nemesis deck, Gravehold and the turn order deck as
the rulebook does.  A :class:`Position` names only what differs (a mage's piles, life, charges and
breaches; Gravehold; the nemesis deck and what it has in play; the turn order deck) and whose turn
and phase it is; :func:`place` applies it and resumes play at that point, so the first decision
offered is the model's own.  :func:`inject` resolves one effect as if a card had caused it.

Cards are named by key (``spark``, ``lava-tendril``, ``mangleroot``) or by physical id
(``spark#m1-2``).  A key of a supply card takes the lowest-numbered copy left in the supply; a
starting card (crystal, spark) gets a fresh id of its mage, so no two cards ever share an id.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from oblivaeon_verify.model.aeons_end import effects
from oblivaeon_verify.model.aeons_end.card_effects import Corrupt, HarmAny, HarmGravehold, HarmLowest, HealLowest, Unleash
from oblivaeon_verify.model.aeons_end.cards import NEMESIS_CARDS, PLAYER_CARDS, SUPPLY_CARDS, base
from oblivaeon_verify.model.aeons_end.draft import Draft
from oblivaeon_verify.model.aeons_end.engine import run_to_decision
from oblivaeon_verify.model.aeons_end.player_turn import PHASES as PHASE_TABLE
from oblivaeon_verify.model.aeons_end.setup import SetupConfig, initial_state
from oblivaeon_verify.model.aeons_end.state import GameState, InPlay
from oblivaeon_verify.model.aeons_end.turn_order import DrawTurnOrder, NemesisTurn, turn_order_cards
from oblivaeon_verify.model.common.deck import Deck
from oblivaeon_verify.model.common.kernel import waiting_for

PHASES = ("casting", "main", "draw")
BREACH_STATES = ("opened", "closed", "destroyed")
PILES = ("hand", "deck", "discard", "played")


@dataclass(frozen=True)
class BreachPlacement:
    state: str | None = None
    """``opened``, ``closed`` or ``destroyed``; None keeps the mat's."""
    focus: int | None = None
    """Quarter turns made while closed (0..3)."""
    focused: bool | None = None
    """Focused this turn (a spell may be prepped to it although closed)."""
    spell: str | None = None
    """The prepped spell; ``""`` empties the breach."""


@dataclass(frozen=True)
class MagePlacement:
    life: int | None = None
    charges: int | None = None
    exhausted: bool | None = None
    hand: tuple[str, ...] | None = None
    deck: tuple[str, ...] | None = None
    """Top first."""
    discard: tuple[str, ...] | None = None
    """Bottom first: the last card is the top of the pile."""
    played: tuple[str, ...] | None = None
    breaches: tuple[BreachPlacement, ...] = ()


@dataclass(frozen=True)
class Position:
    turn: str = "player 1"
    """``player N``, ``nemesis``, or ``turn order`` (the next turn order card is about to be drawn)."""
    phase: str = "casting"
    """For a player's turn: ``casting``, ``main`` or ``draw``."""
    aether: int = 0
    turn_order: tuple[str, ...] = ()
    """Known top of the turn order deck, top first, by kind (``player-1``, ``nemesis``, ``solo``, ``wild``); the rest stays shuffled."""
    turn_discard: tuple[str, ...] | None = None
    """Turn order cards drawn this cycle, in order; None: just the card that started this turn."""
    turns_taken: int | None = None
    """Turns begun so far in the game, the current one included (a position late in a long game); None:
    one per turn order card drawn this cycle.  The turn order deck's cycle count stays as set up."""
    mages: dict[int, MagePlacement] = field(default_factory=dict)
    """Seat (0-based) -> what differs from the mat."""
    gravehold: int | None = None
    nemesis_life: int | None = None
    corruption: int | None = None
    nemesis_deck: tuple[str, ...] | None = None
    """The whole nemesis deck, top first (as one known pile); None keeps the shuffled tiers."""
    nemesis_discard: tuple[str, ...] = ()
    in_play: tuple[tuple[str, int, int], ...] = ()
    """(card, life, tokens) of minions and powers, oldest first."""


def _turn_cards(kinds, pool: list[str], what: str) -> tuple[str, ...]:
    out = []
    for k in kinds:
        card = next((c for c in pool if c.split(":")[1].split("#")[0] == k), None)
        if card is None:
            left = sorted({c.split(":")[1].split("#")[0] for c in pool}) or ["none"]
            raise LookupError(f"{what}: no {k!r} card left in this turn order deck (left: {', '.join(left)})")
        pool.remove(card)
        out.append(card)
    return tuple(out)


def _own_turn_card(turn: str, players: int) -> str:
    if turn == "nemesis":
        return "nemesis"
    if players == 1:
        return "solo"
    return f"player-{turn.split()[1]}"


class _Cards:
    """Hands out physical ids for card keys, never twice."""

    def __init__(self, d: Draft) -> None:
        self.d = d
        self.taken: set[str] = set()

    def keep(self, ids) -> None:
        self.taken.update(ids)

    def player_card(self, seat: int, name: str) -> str:
        key = base(name)
        if key not in PLAYER_CARDS:
            raise LookupError(f"unknown player card {name!r}; cards: {', '.join(sorted(PLAYER_CARDS))}")
        if key in SUPPLY_CARDS:
            pile = self.d.own("supply")[key]
            card = name if "#" in name else next(iter(pile), None)
            if card is None or card not in pile:
                raise LookupError(f"no {name!r} left in the supply to place")
            self.d.own("supply")[key] = tuple(c for c in pile if c != card)
        elif "#" in name:
            card = name
        else:
            n = 1
            while f"{key}#m{seat + 1}-{n}" in self.taken:
                n += 1
            card = f"{key}#m{seat + 1}-{n}"
        if card in self.taken:
            raise LookupError(f"card {card!r} is placed twice")
        self.taken.add(card)
        return card


def _place_mage(d: Draft, cards: _Cards, seat: int, p: MagePlacement) -> None:
    if seat >= len(d.mages):
        raise LookupError(f"players: there is no player {seat + 1} with {len(d.mages)} players")
    m = d.mages[seat]
    kept = [c for pile in PILES if getattr(p, pile) is None for c in getattr(m, pile)]
    kept += [b.spell for i, b in enumerate(m.breaches) if b.spell and (i >= len(p.breaches) or p.breaches[i].spell is None)]
    cards.keep(kept)
    changes: dict = {k: getattr(p, k) for k in ("life", "charges", "exhausted") if getattr(p, k) is not None}
    for pile in PILES:
        names = getattr(p, pile)
        if names is not None:
            changes[pile] = tuple(cards.player_card(seat, n) for n in names)
    d.mage_update(seat, **changes)
    if len(p.breaches) > 4:
        raise LookupError(f"players: a mage has 4 breaches, not {len(p.breaches)}")
    for b, bp in enumerate(p.breaches):
        br: dict = {}
        if bp.state is not None:
            if bp.state not in BREACH_STATES:
                raise LookupError(f"breach state must be one of {', '.join(BREACH_STATES)}, not {bp.state!r}")
            br.update(opened=bp.state == "opened", destroyed=bp.state == "destroyed")
        if bp.focus is not None:
            br["focus"] = bp.focus
        if bp.focused is not None:
            br["focused_this_turn"] = bp.focused
        if bp.spell is not None:
            spell = cards.player_card(seat, bp.spell) if bp.spell else None
            if spell and PLAYER_CARDS[base(spell)].kind != "spell":
                raise LookupError(f"only a spell may be prepped, not {bp.spell!r}")
            br["spell"] = spell
        d.breach_update(seat, b, **br)


def _nemesis_card(name: str) -> str:
    if base(name) not in NEMESIS_CARDS:
        raise LookupError(f"unknown nemesis card {name!r}; cards: {', '.join(sorted(NEMESIS_CARDS))}")
    return name if "#" in name else f"{name}#1"


def _place_nemesis(d: Draft, pos: Position) -> None:
    in_play = tuple(InPlay(_nemesis_card(c), life, tokens) for c, life, tokens in pos.in_play)
    discard = tuple(_nemesis_card(c) for c in pos.nemesis_discard)
    placed = [p.card for p in in_play] + list(discard)
    if pos.nemesis_deck is not None:
        deck = tuple(_nemesis_card(c) for c in pos.nemesis_deck)
        placed += deck
        d.nemesis_deck = (Deck.ordered(deck), Deck(), Deck())
    else:
        tiers = list(d.nemesis_deck)
        for c in placed:
            tiers = [t.remove(c) if c in t.cards() else t for t in tiers]
        d.nemesis_deck = tuple(tiers)
    if len(set(placed)) != len(placed):
        raise LookupError(f"a nemesis card is placed twice among {placed}")
    d.in_play, d.nemesis_discard = in_play, discard


def _place_turn(d: Draft, pos: Position) -> None:
    players = len(d.mages)
    if pos.turn not in ("nemesis", "turn order") and not (
        pos.turn.startswith("player ") and pos.turn[7:].isdigit() and 1 <= int(pos.turn[7:]) <= players
    ):
        raise LookupError(f"turn must be 'player 1'..'player {players}', 'nemesis' or 'turn order', not {pos.turn!r}")
    if pos.phase not in PHASES:
        raise LookupError(f"phase must be one of {', '.join(PHASES)}, not {pos.phase!r}")
    pool = sorted(turn_order_cards(players))
    if pos.turn_discard is not None:
        drawn = pos.turn_discard
    else:
        drawn = () if pos.turn == "turn order" else (_own_turn_card(pos.turn, players),)
    d.turn_discard = _turn_cards(drawn, pool, "turn_discard")
    top = _turn_cards(pos.turn_order, pool, "turn_order")
    d.turn_deck = Deck(top, tuple(pool), ())
    d.turn = len(drawn) if pos.turns_taken is None else pos.turns_taken
    if d.turn < len(drawn):
        raise LookupError(f"turns_taken: {d.turn} is fewer than the turn order cards drawn this cycle ({len(drawn)}), one per turn begun")
    d.aether = pos.aether
    d.agenda = []
    if pos.turn == "turn order":
        d.actor, d.phase = "", "turn-order"
        d.later(DrawTurnOrder())
    elif pos.turn == "nemesis":
        d.actor, d.phase = "nemesis", "nemesis"
        d.now(NemesisTurn())
    else:
        d.actor, d.phase = f"p{int(pos.turn[7:]) - 1}", pos.phase


def place(cfg: SetupConfig, pos: Position) -> tuple[GameState, tuple]:
    """The game of ``cfg`` in position ``pos``, run on to its first decision: (state, events on the way)."""
    d = Draft(initial_state(cfg))
    cards = _Cards(d)
    for seat in range(len(d.mages)):
        if seat not in pos.mages:
            m = d.mages[seat]
            cards.keep([c for pile in PILES for c in getattr(m, pile)])
    for seat, p in sorted(pos.mages.items()):
        _place_mage(d, cards, seat, p)
    for name, value in (("gravehold", pos.gravehold), ("nemesis_life", pos.nemesis_life), ("corruption", pos.corruption)):
        if value is not None:
            setattr(d, name, value)
    _place_nemesis(d, pos)
    _place_turn(d, pos)
    run_to_decision(d)
    return d.freeze(), tuple(d.events)


#: Effects a scenario names by word, scheduled as the model's own card effects (run by their handlers).
QUEUED = {
    "gravehold": HarmGravehold,
    "lowest": HarmLowest,
    "any": HarmAny,
    "unleash": Unleash,
    "corruption": Corrupt,
    "heal-lowest": HealLowest,
}
#: Effects on one named player or thing: kind -> the model's function in ``effects`` (looked up when
#: used, so a test that replaces a rule there replaces it here too).
DIRECT = {"harm": "harm_player", "heal": "heal_player", "nemesis": "damage_nemesis", "minion": "damage_minion"}


PHASE_ASKS = frozenset(p.ask for p in PHASE_TABLE.values())


def play_on(state: GameState) -> tuple[GameState, tuple]:
    """Run ``state`` on to its next decision, its phase offering its decisions afresh.

    For a position changed by hand (a test that sets a phase or the aether): a phase's decision point
    lists what was open when it was made, so it is made again; any other decision point stays.
    """
    d = Draft(state)
    if type(waiting_for(state)) in PHASE_ASKS:
        d.agenda.pop()
    d.options = ()
    run_to_decision(d)
    return d.freeze(), tuple(d.events)


def inject(state: GameState, kind: str, amount: int, clause: str, who: int = 0) -> tuple[GameState, tuple]:
    """Resolve one effect now, as a card would (``who``: the player for harm/heal, the in-play index
    for minion), then run on to the next decision.  Refused while a choice is pending or the game is over."""
    if state.outcome is not None:
        raise ValueError(f"the game is over ({state.outcome.kind}); no effect can resolve")
    pending = waiting_for(state)
    at_phase = pending is not None and type(pending) in PHASE_ASKS
    if pending is not None and not at_phase:
        raise ValueError("a decision is pending; decide it before an effect can resolve")
    d = Draft(state)
    if at_phase:  # the phase offers its decisions again once the effect has resolved
        d.agenda.pop()
    if kind in QUEUED:
        d.now(QUEUED[kind](amount, clause))
    elif kind == "nemesis":
        effects.damage_nemesis(d, amount, clause)
    elif kind in DIRECT:
        limit = len(d.in_play) if kind == "minion" else len(d.mages)
        if not 0 <= who < limit:
            raise LookupError(f"{kind}: no such {'minion in play' if kind == 'minion' else 'player'} ({who + 1})")
        getattr(effects, DIRECT[kind])(d, who, amount, clause)
    else:
        raise LookupError(f"unknown effect {kind!r}; effects: {', '.join((*QUEUED, *DIRECT))}")
    run_to_decision(d)
    return d.freeze(), tuple(d.events)


__all__ = ["BreachPlacement", "MagePlacement", "Position", "inject", "place", "play_on"]
