"""The small readers several chapters share; they only read a state or a step's events and register nothing.

Where each player and nemesis card is counted, a step's events cut turn by turn, whether a step ended in the turn
it began in, what the state waits on and what is scheduled, who took a decision, the damage a spell deals and
whether a target lost it, and which events are a nemesis card's effect resolving.
"""

from __future__ import annotations

from collections import Counter

from oblivaeon_verify.model.aeons_end.card_effects import CardText
from oblivaeon_verify.model.aeons_end.cards import PLAYER_CARDS, card_def
from oblivaeon_verify.model.aeons_end.player_turn import PHASES
from oblivaeon_verify.model.common.kernel import scheduled, waiting_for
from oblivaeon_verify.properties.common.ledger import Ledger, Ledgers


def _same(cards) -> tuple[str, ...]:
    return cards


def _spells(breaches) -> tuple[str, ...]:
    return tuple(b.spell for b in breaches if b.spell)


def _mage_places(gkey, m):
    return (
        ((gkey, "hand"), m.hand, _same),
        ((gkey, "deck"), m.deck, _same),
        ((gkey, "discard"), m.discard, _same),
        ((gkey, "played"), m.played, _same),
        ((gkey, "breaches"), m.breaches, _spells),
    )


def _one(gkey, cards):
    return ((gkey, cards, _same),)


def _tiers(gkey, tiers):
    return (((gkey, n), tier, lambda deck: deck.cards()) for n, tier in enumerate(tiers))


def _in_play(gkey, in_play):
    return ((gkey, in_play, lambda ps: tuple(p.card for p in ps)),)


#: Where player cards are: hands, decks, discards, played, breaches, the supply (per state field).
PLAYER_FIELDS = (
    ("mages", lambda s, mages: ((("mage", i), m, _mage_places) for i, m in enumerate(mages))),
    ("supply", lambda s, supply: ((("supply", key), cards, _one) for key, cards in supply.items())),
)
#: Where nemesis cards are: its deck (by tier), in play, its discard pile.
NEMESIS_FIELDS = (
    ("nemesis_deck", lambda s, tiers: ((("nemesis-deck",), tiers, _tiers),)),
    ("in_play", lambda s, in_play: ((("in-play",), in_play, _in_play),)),
    ("nemesis_discard", lambda s, cards: ((("nemesis-discard",), cards, _one),)),
)
PLAYER_CARD_FIELDS = ("mages.hand", "mages.deck", "mages.discard", "mages.played", "mages.breaches", "supply")
NEMESIS_CARD_FIELDS = ("nemesis_deck", "in_play", "nemesis_discard")


def _unknown(cards) -> frozenset[str]:
    """The cards among ``cards`` that are no player card of the catalogue."""
    return frozenset(c for c in cards if c.split("#")[0] not in PLAYER_CARDS)


_PLAYER_LEDGERS = Ledgers(PLAYER_FIELDS, _unknown, lambda key: True)
_NEMESIS_LEDGERS = Ledgers(NEMESIS_FIELDS)


def player_ledger(s) -> Ledger:
    """Where every player card of ``s`` is counted (recounting only the places a step changed)."""
    return _PLAYER_LEDGERS.of(len(s.mages)).sync(s)


def nemesis_ledger(s) -> Ledger:
    return _NEMESIS_LEDGERS.of(len(s.mages)).sync(s)


def player_cards(s) -> Counter:
    """Every player card, wherever it is: hands, decks, discards, played, breaches, the supply."""
    return Counter(player_ledger(s).count)


def nemesis_cards(s) -> Counter:
    return Counter(nemesis_ledger(s).count)


_PRESENT: dict[int, tuple[object, frozenset]] = {}


def present(s) -> frozenset[str]:
    """Every player and nemesis card ``s`` holds (the last few states' kept: a step's state before was the last one's after)."""
    hit = _PRESENT.get(id(s))
    if hit is not None and hit[0] is s:
        return hit[1]
    cards = frozenset(player_ledger(s).count) | frozenset(nemesis_ledger(s).count)
    if len(_PRESENT) > 4:
        _PRESENT.clear()
    _PRESENT[id(s)] = (s, cards)
    return cards


def turn_segments(st):
    """The step's events cut at each ``turn`` event: (that event, or None for what came before the
    first, the events up to the next turn, whether this is the last segment)."""
    segments: list = [(None, [])]
    for e in st.events:
        if e.kind == "turn":
            segments.append((e, []))
        else:
            segments[-1][1].append(e)
    if len(segments) > 1 and not segments[0][1]:
        segments.pop(0)
    return [(head, tuple(events), k == len(segments) - 1) for k, (head, events) in enumerate(segments)]


def same_turn(st) -> bool:
    """The step ended within the turn it began in (a player may take two turns in a row, each with fresh aether)."""
    return st.after.actor == st.before.actor and st.after.turn == st.before.turn


def choice_waiting(s, kind: type):
    """The decision point the state waits at if it is of ``kind``, else None."""
    pending = waiting_for(s)
    return pending if type(pending) is kind else None


def resting_in_phase(s, phase: str) -> bool:
    """The state waits on a decision of the acting player's phase itself (no effect's choice in front)."""
    return s.outcome is None and s.phase == phase and s.actor.startswith("p") and type(waiting_for(s)) is PHASES[phase].ask


def waiting(s, kind: type, i: int) -> bool:
    return any(w.player == i for w in scheduled(s, kind))


def acting(st) -> int:
    return int(st.decision.actor.split()[1]) - 1


def spell_damage(st, spell: str, opened: bool, b: int, owner: int | None = None) -> int:
    """A spell's damage plus the bonus of the opened breach ``b`` it is cast from, plus one for each
    opened breach beside ``b`` when the spell says so (BREACH.ADJACENT: a row of four, so |a - b| = 1)."""
    c = card_def(spell)
    extra = 0
    if c.effect is CardText.ADJACENT_OPENED:
        breaches = st.before.mages[acting(st) if owner is None else owner].breaches
        extra = sum(1 for a, br in enumerate(breaches) if abs(a - b) == 1 and br.opened and not br.destroyed)
    return c.damage + (st.before.setup.params.breach_bonus[b] if opened else 0) + extra


def missed_damage(st, what: str, damage: int, target: str):
    """A message if ``target`` (the nemesis or ``minion@k``) did not lose ``damage`` life in the step."""
    if target == "nemesis":
        if st.after.nemesis_life > max(0, st.before.nemesis_life - damage):
            return f"{what} should have taken the nemesis from {st.before.nemesis_life} to at most {st.before.nemesis_life - damage}"
        return None
    card = target.rsplit("@", 1)[0]
    before = next((p.life for p in st.before.in_play if p.card == card), 0)
    after = next((p.life for p in st.after.in_play if p.card == card), 0)
    if after > max(0, before - damage):
        return f"{what} should have taken {card} from {before} to at most {before - damage} life"
    return None


HARM_CARDS = ("minion-acts", "power-resolves")
