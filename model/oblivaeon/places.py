"""Every place a physical card can be, and moving cards between places.

``containers`` is the single list of places; the conservation invariant and the incapacitation
and environment-removal sweeps all read it.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Iterator

from oblivaeon_verify.model.common.deck import Deck
from oblivaeon_verify.model.oblivaeon.battle_zones import seat_of_hero
from oblivaeon_verify.model.oblivaeon.cards import CHARACTER_CARDS, PHYSICAL, slug
from oblivaeon_verify.model.oblivaeon.clauses import implements
from oblivaeon_verify.model.oblivaeon.durations import source_leaves_play
from oblivaeon_verify.model.oblivaeon.moments import happened

VILLAIN_TRASH = {"OblivAeon": "oblivaeon_trash", "Scion": "scion_trash", "Aeon Men": "aeon_trash"}


def containers(s) -> Iterator[tuple[tuple, tuple[str, ...]]]:
    """(place, cards) for every place of the game, in a stable order."""
    for i, seat in enumerate(s.seats):
        yield ("seat", i, "characters"), seat.characters
        yield ("seat", i, "incapacitated"), seat.incapacitated
        yield ("seat", i, "deck"), seat.deck.cards()
        yield ("seat", i, "hand"), seat.hand
        yield ("seat", i, "trash"), seat.trash
        yield ("seat", i, "play"), seat.play
    for z in s.zones:
        yield ("zone", z.number, "env_play"), z.env_play
        yield ("zone", z.number, "villain_play"), z.villain_play
        yield ("zone", z.number, "scions"), z.scions
    for name in sorted(s.envs):
        yield ("env", name, "deck"), s.envs[name].deck.cards()
        yield ("env", name, "trash"), s.envs[name].trash
    yield ("oblivaeon_deck",), s.oblivaeon_deck.cards()
    yield ("oblivaeon_trash",), s.oblivaeon_trash
    yield ("scion_deck",), s.scion_deck.cards()
    yield ("scion_trash",), s.scion_trash
    yield ("aeon_deck",), s.aeon_deck.cards()
    yield ("aeon_trash",), s.aeon_trash
    yield ("shield",), (f"shield:{slug(s.shield)}",) if s.shield_side else ()
    yield ("mission_deck",), s.mission_deck.cards()
    yield ("reserve",), s.reserve.cards()
    yield ("scions_out",), s.scions_out
    yield ("box",), s.box
    yield ("out",), s.out
    for card in sorted(s.under):
        yield ("under", card), s.under[card]


def place_of(s, card: str) -> tuple | None:
    """The place holding ``card``: play areas, hands and piles first (where cards usually are), then the rest."""
    for i, seat in enumerate(s.seats):
        for name in ("play", "hand", "trash"):
            if card in getattr(seat, name):
                return ("seat", i, name)
    for z in s.zones:
        for name in ("villain_play", "env_play", "scions"):
            if card in getattr(z, name):
                return ("zone", z.number, name)
    for place, cards in containers(s):
        if card in cards:
            return place
    return None


def remove(d, card: str, keep: bool = False, place: tuple | None = None) -> tuple:
    """Take ``card`` out of whatever place holds it (or out of ``place``, when the caller knows it); returns that place.

    A card that leaves play loses its damage and tokens, unless ``keep`` (a move within play).  This and
    :func:`add_to` record nothing: rules move cards with :func:`move`, which says what the move is for play.
    """
    if place is None:
        place = place_of(d, card)
    if place is None:
        raise LookupError(f"card {card} is nowhere")
    kind = place[0]
    if kind == "seat":
        i, field = place[1], place[2]
        seat = d.seats[i]
        if field == "deck":
            d.seat_update(i, deck=seat.deck.remove(card))
        else:
            d.seat_update(i, **{field: tuple([c for c in getattr(seat, field) if c != card])})
    elif kind == "zone":
        z = d.zones[place[1] - 1]
        d.zone_update(place[1], **{place[2]: tuple([c for c in getattr(z, place[2]) if c != card])})
    elif kind == "env":
        piles = d.envs[place[1]]
        if place[2] == "deck":
            d.env_update(place[1], deck=piles.deck.remove(card))
        else:
            d.env_update(place[1], trash=tuple(c for c in piles.trash if c != card))
    elif kind == "under":
        d.set_under(place[1], tuple(c for c in d.under[place[1]] if c != card))
    elif kind.endswith("_deck") or kind == "reserve":
        setattr(d, kind, getattr(d, kind).remove(card))
    else:
        setattr(d, kind, tuple(c for c in getattr(d, kind) if c != card))
    if not keep:
        d.drop_hp(card)
        d.set_tokens(card, 0)
    return place


def add_to(d, place: tuple, card: str) -> None:
    """Put ``card`` into a play area, hand, trash or pile (a place from ``containers``)."""
    kind = place[0]
    if kind == "seat":
        i, field = place[1], place[2]
        seat = d.seats[i]
        if field == "deck":
            d.seat_update(i, deck=seat.deck.put_top(card))
        else:
            d.seat_update(i, **{field: getattr(seat, field) + (card,)})
    elif kind == "zone":
        z = d.zones[place[1] - 1]
        d.zone_update(place[1], **{place[2]: getattr(z, place[2]) + (card,)})
    elif kind == "env":
        piles = d.envs[place[1]]
        if place[2] == "deck":
            d.env_update(place[1], deck=piles.deck.put_top(card))
        else:
            d.env_update(place[1], trash=piles.trash + (card,))
    elif kind == "under":
        d.set_under(place[1], d.under.get(place[1], ()) + (card,))
    elif kind == "box":
        box = list(d.box)
        bisect.insort(box, card)  # the box is kept sorted (it has no order): one card goes in at its place
        d.box = tuple(box)
    else:
        pile = getattr(d, kind)
        # the Reserve and the Mission, OblivAeon, Scion and Aeon Men decks are decks: a card goes on top
        setattr(d, kind, pile.put_top(card) if isinstance(pile, Deck) else pile + (card,))


def play_zone(d, place: tuple) -> int:
    """The battle zone in which ``place`` is in play, or 0 for a place out of play.

    In play: the Scions, villain and environment play areas of each zone, and each hero's play area
    (in its hero's zone, CLAR.ZONE-MEMBERSHIP).  Out of play: decks, hands, trashes, the Reserve, the box,
    under a card and out of the game.  A hero's character card is set up, not put into play, and
    incapacitation flips it: it never enters or leaves play (the model's reading; the rulebook says nothing).
    """
    if place[0] == "zone":
        return place[1]
    if place[0] == "seat" and place[2] == "play":
        return d.seats[place[1]].zone
    return 0


OUT_OF_THE_GAME = frozenset({"out", "scions_out"})
"""The places of cards removed from the game (a Scion's apart: the Scions removed are counted, BZ.DEV.SCION-REMOVED)."""


def move(d, card: str, to: tuple, clause: str, place: tuple | None = None, by: str = "") -> tuple:
    """Move ``card`` from where it is (``place``, when the caller knows it) to ``to``, and record what the move
    is for play (:func:`announce`); returns where it was.  A move from play to play keeps damage and tokens.
    A move into play is the card being *put into play* (a card that is *played* comes in through
    ``heroes.play_card``, which records ``play`` instead); either way it then enters play.  A move out of the game
    is the card being removed from the game (by the card ``by``, when a card's text removes it), after it has left
    play if it was in play."""
    src = place if place is not None else place_of(d, card)
    if src is None:
        raise LookupError(f"card {card} is nowhere")
    was, now = play_zone(d, src), play_zone(d, to)
    remove(d, card, keep=bool(was and now), place=src)
    add_to(d, to, card)
    if now and not was:
        put_into_play(d, card, clause, now, _seat_of(to))
    elif was or now:
        announce(d, card, clause, was=was, now=now, holder=_seat_of(src), new_holder=_seat_of(to))
    elif to[0] not in OUT_OF_THE_GAME:
        moved(d, card, src, to, clause)
    if to[0] in OUT_OF_THE_GAME and src[0] not in OUT_OF_THE_GAME:
        removed_from_game(d, card, clause, was, _seat_of(src), by)
    return src


@functools.lru_cache(maxsize=1024)
def place_words(place: tuple) -> str:
    """A place in a move's record: its parts joined by slashes (``seat/0/hand``, ``env/Megalopolis/trash``).

    (Cached by the place's value: a game has a few dozen places, and every move out of play names two.)"""
    return "/".join(map(str, place))


def owner_zone(d, place: tuple) -> int:
    """The battle zone whose cards hear a move to or from a place out of play: a hero's deck, hand, trash or
    incapacitated cards, where its hero stands (CLAR.ZONE-MEMBERSHIP); an environment's deck or trash, where that
    environment is in play; under a card, where that card is in play; anywhere else (the villain decks and trashes,
    the Mission deck, the Reserve, the box, out of the game), none: 0."""
    kind = place[0]
    if kind == "seat":
        return d.seats[place[1]].zone
    if kind == "env":
        return next((z.number for z in d.zones if z.environment == place[1]), 0)
    if kind == "under":
        host = place_of(d, place[1])
        return play_zone(d, host) if host is not None else 0
    return 0


def moved(d, card: str, src: tuple, to: tuple, clause: str) -> None:
    """Record that ``card`` (already there) has moved between two places out of play (decks, hands, trashes, under a
    card, the box, ...): heard in the zone of the place it went to, else of the one it left."""
    zone = owner_zone(d, to) or owner_zone(d, src)
    happened(d, "moved", clause, card, zone, _seat_of(to), to=to[-1], detail=f"{place_words(src)} -> {place_words(to)}")


def deck_place(ref: tuple) -> tuple:
    """The place (of :func:`containers`) of the deck a draft's reference names (``("seat", 0)``, ``("oblivaeon",)``)."""
    if ref[0] in ("seat", "env"):
        return (*ref, "deck")
    return ("reserve",) if ref[0] == "reserve" else (f"{ref[0]}_deck",)


def trash_of_deck(ref: tuple) -> tuple:
    """The place of the trash that refills the deck ``ref``."""
    if ref[0] in ("seat", "env"):
        return (*ref, "trash")
    return (f"{ref[0]}_trash",)


def removed_from_game(d, card: str, clause: str, zone: int, holder: int = -1, by: str = "") -> None:
    """Record that ``card`` (already out) has been removed from the game, from play in ``zone`` (0: from out of play)."""
    happened(d, "removed-from-game", clause, card, zone, holder, card=by or card, target=card)


def put_into_play(d, card: str, clause: str, zone: int, holder: int = -1) -> None:
    """Record that a rule has put ``card`` (already placed) into play in ``zone``: it enters play without being played."""
    d.emit("put-into-play", clause, zone=zone, card=card)
    announce(d, card, clause, was=0, now=zone, new_holder=holder)


def _seat_of(place: tuple) -> int:
    return place[1] if place[0] == "seat" else -1


def announce(d, card: str, clause: str, *, was: int, now: int, holder: int = -1, new_holder: int = -1) -> None:
    """What a card's move from battle zone ``was`` to ``now`` (0: out of play) is: it enters play, leaves play,
    changes battle zones, or (within one zone) none of these.  A change of battle zones is never taken for
    leaving and entering play."""
    if was and not now:
        happened(d, "leaves-play", clause, card, was, holder)
        source_leaves_play(d, card, clause)
    elif now and not was:
        happened(d, "enters-play", clause, card, now, new_holder)
    elif was != now:
        happened(d, "changes-zone", clause, card, now, new_holder, source_zone=was, reach="move")


@implements("CLAR.COMPLETED-MISSION-TRASH")
def trash_place(d, card: str, holder_seat: int = -1) -> tuple:
    """Where a card goes when it is destroyed or discarded.

    Villain cards to their deck's trash, environment cards to their environment's trash, hero
    cards to their hero's trash.  A reward goes to the trash of the play area it is in
    (CLAR.COMPLETED-MISSION-TRASH); a hero card whose hero is no longer played goes to the box.
    """
    cdef = PHYSICAL[card]
    if cdef.side == "mission" or cdef.deck == "Mission":
        if holder_seat >= 0:
            return ("seat", holder_seat, "trash")
        return ("out",)
    if cdef.deck in VILLAIN_TRASH:
        return (VILLAIN_TRASH[cdef.deck],)
    if cdef.side == "environment":
        if cdef.deck in d.envs:
            return ("env", cdef.deck, "trash")
        return ("out",)
    seat = seat_of_hero(d, cdef.deck)
    return ("seat", seat, "trash") if seat >= 0 else ("box",)


def hero_cards_anywhere(s, hero: str) -> list[tuple[tuple, str]]:
    """Every non-character card of ``hero``'s deck that is not in the box or out of the game."""
    out = []
    for place, cards in containers(s):
        if place[0] in ("box", "out"):
            continue
        for c in cards:
            if c in PHYSICAL and PHYSICAL[c].deck == hero and PHYSICAL[c].side == "hero":
                out.append((place, c))
    return out


def is_character_card(card: str) -> bool:
    return card in CHARACTER_CARDS
