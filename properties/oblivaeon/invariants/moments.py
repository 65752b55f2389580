"""Moments and reactions: a card entering play, leaving play, being destroyed, changing battle zones or being removed
from the game, and the card effects that answer those moments.

Which places are in play is recomputed here from the rulebook's terms (the Scions, villain and environment play
areas of each zone, and each hero's play area, in its hero's zone: CLAR.ZONE-MEMBERSHIP); the model's reading that
a hero's character card never enters or leaves play is the same here.
"""

from __future__ import annotations

from collections import Counter
from types import MappingProxyType

from oblivaeon_verify.model.common.kernel import scheduled, waiting_for
from oblivaeon_verify.model.oblivaeon.cards import PHYSICAL, SCION_PANELS
from oblivaeon_verify.model.oblivaeon.moments import ReactTo
from oblivaeon_verify.model.oblivaeon.parameters import LayerOrderReading
from oblivaeon_verify.model.oblivaeon.places import containers
from oblivaeon_verify.model.oblivaeon.reactions import FireReaction
from oblivaeon_verify.model.oblivaeon.scions import ChooseRemovedVillain
from oblivaeon_verify.model.oblivaeon.vocabulary import RemoveLowestVillain
from oblivaeon_verify.properties.common.views import per_state
from oblivaeon_verify.properties.oblivaeon.invariants.readers import card_place_changes, rule_side
from oblivaeon_verify.properties.oblivaeon.invariants.registry import step

MOVES = ("enters-play", "leaves-play", "changes-zone")
MOMENTS = (*MOVES, "destroyed", "removed-from-game", "moved")
_MOVE_KINDS, _MOMENT_KINDS = frozenset(MOVES), frozenset(MOMENTS)
OF_A_TARGET = ("destroyed", "removed-from-game")
"""The moments whose event names what they happen to as its target (its card is what caused them)."""


@per_state
def in_play(s) -> MappingProxyType:
    """Each card in play and the battle zone it is in play in (a shared view: read-only)."""
    where = dict(_in_play_in_zones(s.zones))
    for seat in s.seats:
        where.update(dict.fromkeys(seat.play, seat.zone))
    return MappingProxyType(where)


@per_state
def _in_play_in_zones(zones) -> dict[str, int]:
    """The cards in the zones' own play areas (Scions, villain, environment) and their zone: the zones are a value of
    their own, which most steps leave as they were (a shared view: read-only)."""
    where: dict[str, int] = {}
    for z in zones:
        where.update(dict.fromkeys(z.scions + z.villain_play + z.env_play, z.number))
    return where


def _moved_in_play(before, after) -> set[str]:
    """The cards whose battle zone in play (0: out of play) differs between two views of ``in_play``."""
    # a card whose zone differs has a pair in one view that the other lacks: only those are compared
    return {c for c, _ in before.items() ^ after.items() if before.get(c, 0) != after.get(c, 0)}


def _mentions(e, card: str) -> bool:
    return e.card == card or e.target == card


def _zone(z: int) -> str:
    return f"in play in zone {z}" if z else "out of play"


@step("moves-are-the-moments-they-are", "CLAR.ZONE-MEMBERSHIP", events=MOVES, changes=("zones", "seats.play", "seats.zone"))
def moves_are_moments(st):
    """A card that enters play, leaves play or changes battle zones in a step has that moment recorded, in an
    order its places allow, and ends where its moments leave it; a move from play in one battle zone to play in
    the other is a change of battle zones, never a leaving and an entering."""
    before, after = in_play(st.before), in_play(st.after)
    moments: dict[str, list[int]] = {}
    for i, e in enumerate(st.events):
        if e.kind in MOVES:
            moments.setdefault(e.card, []).append(i)
    moved = _moved_in_play(before, after)
    for card in sorted(moved | moments.keys()):
        where = before.get(card, 0)
        for i in moments.get(card, ()):
            e = st.events[i]
            if e.kind == "enters-play" and where:
                yield f"{card} entered play in zone {e.zone} while {_zone(where)}"
            elif e.kind == "leaves-play" and where != e.zone:
                yield f"{card} left play in zone {e.zone} while {_zone(where)}"
            elif e.kind == "changes-zone" and (not where or where != e.source_zone or e.zone == e.source_zone):
                yield f"{card} changed battle zones from zone {e.source_zone} to zone {e.zone} while {_zone(where)}"
            where = 0 if e.kind == "leaves-play" else e.zone
        if where != after.get(card, 0):
            yield f"{card} is {_zone(after.get(card, 0))} after the step, but its recorded moments leave it {_zone(where)}"
        for a, b in zip(moments.get(card, ()), moments.get(card, ())[1:]):
            if st.events[a].kind == "leaves-play" and st.events[b].kind == "enters-play":
                if not any(_mentions(st.events[k], card) for k in range(a + 1, b)):
                    yield f"{card} left play and entered it again with nothing between: a move within play taken for leaving and entering"


ENTERING = ("play", "put-into-play")
"""How a card comes into play: a player or a rule plays it, or a rule puts it into play without playing it."""


@step("entering-play-is-played-or-put-into-play", "CLAR.ZONE-MEMBERSHIP", events=("enters-play", *ENTERING))
def entering_play_is_played_or_put(st):
    """A card enters play right after it is played or put into play there, and a card put into play does enter it
    (a card played may be a one-shot, which resolves and never stays)."""
    ev = st.events
    for i, e in enumerate(ev):
        if e.kind == "enters-play":
            came = ev[i - 1] if i else None
            if came is None or came.kind not in ENTERING or came.card != e.card:
                yield f"{e.card} entered play in zone {e.zone} without being played or put into play just before"
            elif came.kind == "put-into-play" and came.zone != e.zone:
                yield f"{e.card} was put into play in zone {came.zone} but entered play in zone {e.zone}"
        elif e.kind == "put-into-play":
            nxt = ev[i + 1] if i + 1 < len(ev) else None
            if nxt is None or nxt.kind != "enters-play" or nxt.card != e.card:
                yield f"{e.card} was put into play in zone {e.zone} but did not enter play"


def _subject(e) -> str:
    return e.target if e.kind in OF_A_TARGET else e.card


def _out_of_the_game(s) -> Counter:
    """Each card out of the game (a Scion removed counts as one: BZ.DEV.SCION-REMOVED), with how often it is there."""
    return Counter(s.out + s.scions_out)


@step(
    "removals-are-recorded",
    "ENV.GAME-OVER",
    "BZ.DEV.SCION-REMOVED",
    "CLAR.SHIELD-INDESTRUCTIBLE",
    events=("removed-from-game",),
    changes=("out", "scions_out"),
)
def removals_are_recorded(st):
    """Every card that leaves the game in a step has its removal recorded once, after it left play if it was in play
    (from the battle zone it was in), and nothing that stays in the game is recorded as removed."""
    gone = _out_of_the_game(st.after) - _out_of_the_game(st.before)
    recorded = Counter(e.target for e in st.events if e.kind == "removed-from-game")
    for card in sorted(gone.keys() | recorded.keys()):
        if gone[card] != recorded[card]:
            yield f"{card} left the game {gone[card]} time(s) in the step, but {recorded[card]} removal(s) were recorded"
    # where each card is in play as the step's moments go, and the zone each last left play from (a removal is
    # recorded from there when it is the move that took the card out of play, else from out of play)
    where = dict(in_play(st.before))
    left: dict[str, int] = {}
    for e in st.events:
        if e.kind in ("enters-play", "changes-zone"):
            where[e.card] = e.zone
        elif e.kind == "leaves-play":
            where.pop(e.card, None)
            left[e.card] = e.zone
        elif e.kind == "removed-from-game":
            if e.target in where:
                yield f"{e.target} was removed from the game while in play in zone {where[e.target]}, without leaving play"
            elif e.zone not in (0, left.get(e.target, 0)):
                yield f"{e.target}'s removal from the game is recorded in zone {e.zone}, where it had not just left play"


def _removes_from_the_game(cdef) -> bool:
    """Whether a card's printed text (either side) takes cards out of the game, read off the card table."""
    sides = (cdef, cdef.reward) if cdef.reward is not None else (cdef,)
    ops = [op for side in sides for op in (*side.ops, *(op for t in side.triggers for op in t.ops))]
    ops += [op for side in sides for r in side.reactions for op in r.ops]
    ops += [op for side in sides for power in side.powers for op in power]
    return any(isinstance(op, RemoveLowestVillain) for op in ops)


REMOVERS = frozenset(c for c, cdef in PHYSICAL.items() if _removes_from_the_game(cdef))
"""The cards whose own text removes other cards from the game (Unforgiving Wasteland: CLAR.OA-NOT-REMOVABLE)."""


def _removed_by_text(st) -> dict[int, str]:
    """The removals from the game (by their index among the step's events) that a card's text made, with that card:
    the one the players chose for it, when the step takes their choice among the villain targets tied for its removal
    (the card that asked is the choice's source, in the state before); else the first removal from play in a remover's
    battle zone after its text resolved at the end of its environment turn, before anything else resolves there (its
    text removes one card, if any is within its limit)."""
    found: dict[int, str] = {}
    ask = waiting_for(st.before)
    if isinstance(ask, ChooseRemovedVillain):
        k = next((k for k, e in enumerate(st.events) if e.kind == "removed-from-game" and e.target == st.decision.target), None)
        if k is not None:
            found[k] = ask.ctx.source
    remover = None
    for k, e in enumerate(st.events):
        if e.kind in ("trigger", "turn", "reaction"):
            remover = e if e.kind == "trigger" and e.card in REMOVERS else None
        elif e.kind == "removed-from-game" and remover is not None and e.zone == remover.zone:
            found.setdefault(k, remover.card)
            remover = None
    return found


@step(
    "removals-name-their-remover",
    "CLAR.OA-NOT-REMOVABLE",
    "CLAR.SHIELD-INDESTRUCTIBLE",
    "ENV.GAME-OVER",
    "BZ.DEV.SCION-REMOVED",
    events=("removed-from-game",),
)
def removals_name_their_remover(st):
    """The record of a card's removal from the game names what removed it: the card whose text took it out (Unforgiving
    Wasteland, an alternative means of removal, CLAR.OA-NOT-REMOVABLE), when that text did, whatever it removed (a
    Scion too); else the card itself (a rule took it out: a beaten Scion, an environment's Game Over, a Shield's own
    text), never nothing and never another card.  Which text made a removal is read from outside its record: the
    players' choice the step takes (and the card that asked for it, in the state before), and the remover's text
    resolving in the battle zone the card left play from."""
    by_text = _removed_by_text(st)
    for k, e in enumerate(st.events):
        if e.kind != "removed-from-game":
            continue
        remover = by_text.get(k, e.target)
        if e.card != remover:
            how = f"{remover}'s text" if remover != e.target else "a rule (or its own text)"
            yield f"{e.target} was removed from the game by {how}, but its record names {e.card or 'nothing'} as its remover"


def _pile(words: str) -> str:
    """The pile a trash or deck belongs to, from a place's words (``seat/0/trash`` -> ``seat/0/``, ``scion_deck`` -> ``scion_``)."""
    return words[: -len("trash")] if words.endswith("trash") else words[: -len("deck")] if words.endswith("deck") else ""


def _places_moved(e) -> tuple[str, str]:
    """The places a ``moved`` record names, from and to, in ``places.place_words`` (its detail: ``FROM -> TO``)."""
    frm, _, to = e.detail.partition(" -> ")
    return frm, to


def _refill_move(e) -> str | None:
    """The pile whose trash a ``moved`` record takes a card from into that pile's own deck, or None for any other move."""
    frm, to = _places_moved(e)
    if frm.endswith("trash") and to.endswith("deck") and _pile(frm) == _pile(to):
        return _pile(frm)
    return None


def _owner(st, pile: str) -> tuple[set[str], set[int]]:
    """What a record of refilling ``pile``'s deck may name: (the cards, the battle zones).  A hero's deck names the hero
    its seat plays (before or after the step: one that falls in it is replaced), in the zone of its hero, as its draws; an
    environment's deck names no card, in the battle zone where that environment is; a villain deck (OblivAeon's, the
    Scions', the Aeon Men's) names neither."""
    parts = pile.rstrip("/").split("/")
    if parts[0] == "seat":
        seats = [s.seats[int(parts[1])] for s in (st.before, st.after) if int(parts[1]) < len(s.seats)]
        return {s.hero for s in seats if s.hero}, {s.zone for s in seats}
    if parts[0] == "env":
        return {""}, {z.number for s in (st.before, st.after) for z in s.zones if z.environment == parts[1]}
    return {""}, {0}


@step(
    "reshuffles-name-the-refilled-deck",
    "HERO.CONTINUE",
    "OA-TURN.PLAY",
    "VILLAIN.PLAY-SCION-CARD",
    "ENV.TURN",
    "AEON-MEN.ON-INSTRUCTION",
    events=("reshuffle", "moved"),
)
def reshuffles_name_the_refilled_deck(st):
    """A deck that runs out when a card is drawn or played from it is made again by shuffling its own trash into it:
    the record of the reshuffle is followed by the moves of the trash's cards into that same pile's deck (at least one),
    and names whose deck it was: the hero its seat plays, for a hero's deck; for an environment's, the battle zone
    where that environment stands; for a villain deck, nothing.  Every such run of moves from a trash into its own deck
    follows a record of a reshuffle.  Which pile was refilled is read from the moves (which moves-out-of-play-are-recorded
    holds to the states), and its owner from the state: who plays the seat, where the environment is."""
    ev = st.events
    for k, e in enumerate(ev):
        if e.kind == "moved":
            pile = _refill_move(e)
            came = ev[k - 1] if k else None
            announced = came is not None and (came.kind == "reshuffle" or (came.kind == "moved" and _refill_move(came) == pile))
            if pile is not None and not announced:
                yield f"{e.card} was shuffled from {pile}trash into {pile}deck with no reshuffle recorded"
            continue
        if e.kind != "reshuffle":
            continue
        run = []
        for f in ev[k + 1 :]:
            if f.kind != "moved" or _refill_move(f) is None:
                break
            run.append(_refill_move(f))
        piles = set(run)
        if len(piles) != 1:
            yield f"a reshuffle ({e.detail}) moved {'no card' if not piles else 'cards of ' + ', '.join(sorted(piles))} from a trash into its own deck"
            continue
        (pile,) = piles
        cards, zones = _owner(st, pile)
        if e.card not in cards:
            want = " or ".join(sorted(cards)) if cards != {""} else "no card"
            yield f"the reshuffle of {pile}trash into {pile}deck names {e.card or 'no card'}, not {want}"
        if e.zone not in zones:
            yield f"the reshuffle of {pile}trash into {pile}deck is recorded in zone {e.zone}, not in {sorted(zones)}"


_REACTING_SIDE_CLAUSE = MappingProxyType({"environment": "ENV.TURN", "villain": "VILLAIN.PLAY-SCION-CARD"})
"""The clause a card's own text acts under, by the side of the cards that have reactions: an environment card's as
the environment's (ENV.TURN), a villain card's as the villain's (VILLAIN.PLAY-SCION-CARD); no other side has any."""


@step("reactions-are-recorded-under-their-cards-side", "ENV.TURN", "VILLAIN.PLAY-SCION-CARD", events=("reaction",))
def reactions_are_recorded_under_their_cards_side(st):
    """A reaction is its card's own text acting, and its record says so: an environment card's under the environment's
    clause, a villain card's under the villain's, wherever the card stands (read here from the card table, not from
    the context the model gave the reaction: sample 14 of OblivAeon recorded an environment card's reactions under a
    Mission card's clause in every game, with no check failing)."""
    for e in st.events:
        if e.kind != "reaction":
            continue
        want = _REACTING_SIDE_CLAUSE.get(PHYSICAL[e.card].side) if e.card in PHYSICAL else None
        if e.clause != want:
            yield f"{e.card}'s reaction to {e.target} {e.detail} is recorded under {e.clause}, not {want or 'any clause'}"


def _reactions(s, card: str) -> tuple:
    if card not in PHYSICAL:
        return ()
    cdef = PHYSICAL[card]
    return (cdef.reward if cdef.reward is not None and card in s.reward_side else cdef).reactions


_REACTIONS_BY_CARD = {
    card: [r for side in (cdef, cdef.reward) if side is not None for r in side.reactions] for card, cdef in PHYSICAL.items()
}
_LISTENERS: dict[str, frozenset[str]] = {}
_LISTENING: dict[frozenset[str], frozenset[str]] = {}
_HEARD: dict[tuple[str, bool], frozenset[str]] = {}
_HEARING: dict[tuple, tuple] = {}


def _listeners(moment: str) -> frozenset[str]:
    """The cards with a reaction, on either side, that listens for ``moment`` (a kind as ``_moment`` names it), read
    off the card texts: only they can owe such a moment an answer."""
    got = _LISTENERS.get(moment)
    if got is None:
        got = _LISTENERS[moment] = frozenset(c for c, rs in _REACTIONS_BY_CARD.items() if any(_listens(r, moment) for r in rs))
    return got


def _listening(moments: frozenset[str]) -> frozenset[str]:
    """The cards with a reaction, on either side, that listens for one of ``moments`` (kept per set of kinds)."""
    got = _LISTENING.get(moments)
    if got is None:
        got = _LISTENING[moments] = frozenset().union(*map(_listeners, moments))
    return got


def _heard(s, card: str) -> frozenset[str]:
    """The kinds of moment (``on``) the reactions of the side ``card`` shows in ``s`` listen for (kept per side)."""
    key = (card, card in s.reward_side)
    got = _HEARD.get(key)
    if got is None:
        got = _HEARD[key] = frozenset(r.on for r in _reactions(s, card))
    return got


def _card_side(s, card: str) -> str:
    """The side a card counts as for 'X card' (an objective is no villain or environment card: CLAR.MISSION-TYPES)."""
    if card in SCION_PANELS:
        return "villain"
    cdef = PHYSICAL[card]
    if cdef.side == "mission":
        return "hero" if card in s.reward_side else "mission"
    return cdef.side


def _is_target(s, card: str) -> bool:
    if card in SCION_PANELS:
        return True
    cdef = PHYSICAL[card]
    return (cdef.reward.hp if cdef.reward is not None and card in s.reward_side else cdef.hp) is not None


def _matches(s, reaction, listener: str, subject: str) -> bool:
    """Whether ``reaction`` of ``listener`` answers a moment of ``subject``, by the reaction's own words."""
    if reaction.subject == "self":
        return listener == subject
    if listener == subject:
        return False
    side = rule_side(s, subject) if reaction.targets_only else _card_side(s, subject)
    if reaction.targets_only and not _is_target(s, subject):
        return False
    return reaction.subject == "any" or side == reaction.subject


def _hears(reach: str, at: int, zone: int) -> bool:
    """Whether a reaction of a card in battle zone ``at`` with ``reach`` hears a moment in ``zone`` (BZ.ISOLATION: only
    its own zone, unless its words reach the other one or the game)."""
    return reach == "game" or (zone == at) == (reach == "zone")


def _moment(e) -> str:
    """A moment's kind as a reaction's record names it: a move out of play with the kind of place it went to."""
    # the detail is "FROM -> TO", each a place's words (``seat/0/hand``, ``box``): the kind is TO's last part, as the model's
    if e.kind != "moved":
        return e.kind
    return f"moved into {e.detail.rsplit(' -> ', 1)[-1].rsplit('/', 1)[-1]}"


def _listens(r, moment: str) -> bool:
    kind, _, into = moment.partition(" into ")
    return r.on == kind and r.into in ("anywhere", into or "anywhere")


def _owed(s, listener: str, moment: str, subject: str, at: int, zone: int) -> int:
    """How many reactions of ``listener``, in play in zone ``at``, answer ``moment`` of ``subject`` in ``zone``."""
    # which of its reactions listen for the moment and hear its zone depends on the side it shows, not on the subject:
    # kept per side (the texts are fixed), so that only their words about the subject are read each time
    key = (listener, listener in s.reward_side, moment, at, zone)
    hearing = _HEARING.get(key)
    if hearing is None:
        hearing = _HEARING[key] = tuple(r for r in _reactions(s, listener) if _listens(r, moment) and _hears(r.reach, at, zone))
    return sum(1 for r in hearing if _matches(s, r, listener, subject)) if hearing else 0


@per_state
def _waiting(s) -> MappingProxyType:
    """(kind, subject, zone) of the moments a state has still to answer (a count; a shared view: read-only)."""

    def kind(m) -> str:
        return f"moved into {m.to}" if m.kind == "moved" else m.kind

    found: dict[tuple, int] = {}
    for w in scheduled(s, ReactTo, FireReaction):
        for m in w.moments if isinstance(w, ReactTo) else (w.moment,):
            key = (kind(m), m.card, m.zone)
            found[key] = found.get(key, 0) + 1
    return MappingProxyType(found)


@step("reactions-answer-their-moments", "BZ.ISOLATION", events=(*MOMENTS, "reaction"))
def reactions_answer_moments(st):
    """A reaction fires only on the kind of moment it listens for, of a subject its words name, in a battle zone its
    reach hears (its own, unless its words reach across), at most once for each such moment, and only to a moment that
    happened while it was in play (a card that came into play during the step answers no other card's moment from
    before its entry); and every card in play that listens for it there (and the subject itself, for its own moment)
    answers it."""
    # counts kept in plain dictionaries (a Counter costs more to make than these few events take to count)
    moments: dict[tuple, int] = {}
    for key in [(_moment(e), _subject(e), e.zone) for e in st.events if e.kind in _MOMENT_KINDS]:
        moments[key] = moments.get(key, 0) + 1
    reactions = [e for e in st.events if e.kind == "reaction"]
    answered: dict[tuple, int] = {}
    if reactions:
        open_before = _waiting(st.before)
        for e in reactions:
            key = (e.detail, e.target, e.zone)
            answered[(e.card, *key)] = times = answered.get((e.card, *key), 0) + 1
            happened, waited = moments.get(key, 0), open_before.get(key, 0)
            if not happened and not waited:
                yield f"{e.card} answered {e.target} {e.detail} in zone {e.zone}, a moment that did not happen there"
                continue
            at = e.source_zone or e.zone
            owed = max(_owed(s, e.card, e.detail, e.target, at, e.zone) for s in (st.before, st.after))
            if times > owed * (happened + waited):
                yield f"{e.card} answered {e.target} {e.detail} in zone {e.zone} more often than its reactions to that moment allow"
            if e.card != e.target and e.card not in in_play(st.before):
                entry = next((n for n, f in enumerate(st.events) if f.kind == "enters-play" and f.card == e.card), None)
                if entry is not None and not any(
                    f.kind in _MOMENT_KINDS and (_moment(f), _subject(f), f.zone) == key for f in st.events[entry + 1 :]
                ):
                    yield f"{e.card} answered {e.target} {e.detail} in zone {e.zone}, a moment that happened before it came into play"
    if st.after.outcome is not None or not moments:
        return
    # a card owes nothing for a kind of moment none of its reactions listens for: only the others are asked
    listeners = _listening(frozenset([kind for kind, _subject, _zone in moments]))
    if not listeners:
        return
    # only those of them in play before (a handful at most) and the subjects among them can owe an answer
    before = in_play(st.before)
    present = [c for c in listeners if c in before]
    subjects = {subject for _kind, subject, _zone in moments if subject in listeners}
    if not (present or subjects):
        return
    after = in_play(st.after)
    quiet = {c for c in present if after.get(c) == before[c]}
    if quiet:
        quiet -= {e.card for e in st.events if e.kind in _MOVE_KINDS}
    listens_for: dict[str, frozenset] = {}
    for c in quiet | subjects:
        kinds = _heard(st.before, c)
        if kinds:
            listens_for[c] = kinds
    reacting = sorted((c, before[c]) for c in quiet if c in listens_for)
    heard = set().union(*(listens_for[c] for c, _ in reacting))
    for (kind, subject, zone), n in sorted(moments.items()):
        base = kind.partition(" into ")[0]
        if base not in heard and base not in listens_for.get(subject, ()):
            continue  # no card in play listens for this kind of moment: none owes it an answer
        # a card none of whose reactions listens for this very moment (a move into another kind of place) owes nothing
        owing = _listeners(kind)
        listening = [(c, at) for c, at in reacting if c != subject and base in listens_for[c] and c in owing]
        if base in listens_for.get(subject, ()) and subject in owing:
            listening.append((subject, zone))
        if not listening or _waiting(st.after).get((kind, subject, zone)):
            continue  # nobody owes it an answer, or not yet (it waits for its answers)
        for card, at in listening:
            owed = _owed(st.before, card, kind, subject, at, zone) * n
            if answered.get((card, kind, subject, zone), 0) < owed:
                yield f"{card} did not answer {subject} {kind} in zone {zone}, though its reaction listens for it"


@step("entry-order-follows-the-moments", "CLAR.ZONE-MEMBERSHIP", events=("enters-play", "leaves-play"), changes=("entered",))
def entry_order_follows_moments(st):
    """The record of the order cards entered play holds every card in play, once: a card that enters play joins its
    end, one that leaves play leaves it, and a change of battle zones keeps a card's place."""
    order = list(st.before.entered)
    for e in st.events:
        if e.kind in ("enters-play", "leaves-play") and e.card in order:
            order.remove(e.card)
        if e.kind == "enters-play":
            order.append(e.card)
    if tuple(order) != st.after.entered:
        yield f"the order of entering play is {list(st.after.entered)}, but the step's moments make it {order}"
    playing, recorded = in_play(st.after).keys(), set(st.after.entered)
    if playing != recorded or len(recorded) != len(st.after.entered):
        extra, missing = sorted(recorded - playing), sorted(playing - recorded)
        yield f"the order of entering play does not hold the cards in play once each (not in play: {extra}; left out: {missing})"


def _layer(s, card: str, holder: int) -> int:
    """Where a card stands among simultaneous effects (CLAR.SCIONS-BEFORE-AEON-MEN orders Scions before Aeon Men; the
    rest is the model's declared order): Scion panels, villain cards, villain cards and objectives by a hero, Aeon
    Men, the players' cards (and what sits by them), the environment's."""
    if card in SCION_PANELS:
        return 1
    cdef = PHYSICAL[card]
    if holder >= 0:
        return 3 if cdef.side in ("villain", "mission") and card not in s.reward_side else 5
    if cdef.deck == "Aeon Men":
        return 4
    return 6 if cdef.side == "environment" else 2


def _declared_order(s, cards: set[str]) -> dict[str, tuple[int, int, int]]:
    """Each of ``cards`` in play -> (zone, layer, place in its layer) by ``layer_order_reading``: the order the cards came
    into their areas (the areas of lower seats first), or the order they entered play."""
    # only the cards asked about are given their layer (the rest only count towards the places of the others)
    by_entry = s.setup.params.layer_order_reading is LayerOrderReading.ENTERED_PLAY
    entered = {c: i for i, c in enumerate(s.entered)} if by_entry else {}
    out = {}
    for z in s.zones:
        held = [(c, -1) for c in z.scions + z.villain_play]
        held += [(c, i) for i, seat in enumerate(s.seats) if seat.zone == z.number for c in seat.play]
        held += [(c, -1) for c in z.env_play]
        for n, (c, h) in enumerate(held):
            if c in cards:
                out[c] = (z.number, _layer(s, c, h), entered.get(c, -1) if by_entry else n)
    return out


@per_state
def _areas(s) -> MappingProxyType:
    """Each card in play -> the play area holding it (a zone's Scions, villain or environment area, or a seat's)."""
    out: dict[str, tuple] = {}
    for z in s.zones:
        for area in ("scions", "villain_play", "env_play"):
            out.update(dict.fromkeys(getattr(z, area), (z.number, area)))
    for i, seat in enumerate(s.seats):
        out.update(dict.fromkeys(seat.play, (seat.zone, i)))
    return MappingProxyType(out)


def _batches(events):
    """The start- and end-of-turn effects that answered one moment together: (the turn's index, when, zone) -> cards."""
    turn, found = 0, {}
    for e in events:
        if e.kind == "turn":
            turn += 1
        elif e.kind == "trigger":
            found.setdefault((turn, e.detail, e.zone), []).append(e.card)
        elif e.kind == "reaction" and e.source_zone in (0, e.zone):
            found.setdefault((turn, e.detail, e.target, e.zone), []).append(e.card)
    return found


@step("simultaneous-effects-in-declared-order", "CLAR.SCIONS-BEFORE-AEON-MEN", events=("trigger", "reaction"))
def simultaneous_effects_in_order(st):
    """The effects that answer one moment together (the start or end of a turn, a card's moment) resolve in the one
    declared order: by layer, then within a layer as ``layer_order_reading`` says.  Only cards that stood still in
    play through the step, on one side, are compared (their relative place cannot have changed)."""
    # only batches of two cards or more have an order to keep
    batches = [(key, cards) for key, cards in _batches(st.events).items() if len(set(cards)) > 1]
    if not batches:
        return
    moved = {e.card for e in st.events if e.kind in MOMENTS} | {e.target for e in st.events if e.kind in MOMENTS}
    before, after = _areas(st.before), _areas(st.after)
    moved |= {c for c, area in before.items() if after.get(c) != area}  # moves within play have no moment
    moved |= st.before.reward_side ^ st.after.reward_side  # a Mission card flipped changes its layer
    order = _declared_order(st.before, {c for _key, cards in batches for c in cards})
    for key, cards in sorted(batches, key=lambda kv: str(kv[0])):
        still = [c for c in dict.fromkeys(cards) if c in order and c not in moved and order[c][0] == key[-1]]
        for a, b in zip(still, still[1:]):
            if order[a][1:] > order[b][1:]:
                yield f"{a} answered {key[1]} before {b}, though the declared order puts it after"


_IN_PLAY_OR_NOT_A_PLACE = frozenset({"play", "env_play", "villain_play", "scions", "characters", "incapacitated"})
_OUT_OF_THE_GAME = frozenset({"out", "scions_out", "shield"})


def _is_pile(place: tuple) -> bool:
    """Whether a place (of ``containers``) is out of play and still in the game: a deck, a hand, a trash, under a card,
    the box, the Reserve, ..."""
    return place[-1] not in _IN_PLAY_OR_NOT_A_PLACE and place[0] not in _OUT_OF_THE_GAME


@per_state
def _piles_of(s) -> MappingProxyType:
    """Each place out of play and still in the game -> the cards it holds (a shared view: read-only)."""
    return MappingProxyType({place: cards for place, cards in containers(s) if _is_pile(place)})


def _words(place: tuple) -> str:
    """A place as a move's record writes it (its parts joined by slashes)."""
    return "/".join(map(str, place))


_PILE_WORDS: dict[tuple, str | None] = {}


def _pile_words(place: tuple) -> str | None:
    """The words of a place out of play and still in the game, or None for any other place (kept per place: a game
    has a few dozen)."""
    try:
        return _PILE_WORDS[place]
    except KeyError:
        got = _PILE_WORDS[place] = _words(place) if _is_pile(place) else None
        return got


class _PlacesOfAStep:
    """Where the cards out of play were before and after a step.  Only the piles the step changed are looked through
    (a step moves a few cards among hundreds; ``card_place_changes`` skips what the two states share); a card asked
    about that is in none of them, which a correct model never records moving, is looked up in every pile, so the
    answers are those of a full look.  A card in two changed piles (a fault card-in-one-place names) is taken where
    the first of them, in ``containers``' order, has it."""

    def __init__(self, before, after) -> None:
        self.states = before, after
        self.changes = [
            (words, then, now) for place, then, now in card_place_changes(before, after) if (words := _pile_words(place)) is not None
        ]

    def _changed(self, side: int, card: str) -> str | None:
        """The first pile the step changed that holds ``card`` before (side 0) or after (side 1) it."""
        for change in self.changes:
            if card in change[1 + side]:
                return change[0]
        return None

    def moved_between(self, besides: set[str]) -> set[str]:
        """The cards in a changed pile both before and after the step, but not in the same one (of those not in
        ``besides``, which the caller looks at anyway)."""
        # such a card left the first changed pile holding it before, or came into the first holding it after
        came_or_went: set[str] = set()
        for _words, then, now in self.changes:
            came_or_went |= set(then).symmetric_difference(now)
        came_or_went -= besides
        return {c for c in came_or_went if None is not self._changed(0, c) != self._changed(1, c) is not None}

    def of(self, side: int, card: str) -> str | None:
        """Where ``card`` was before (side 0) or after (side 1) the step, if out of play; else None."""
        got = self._changed(side, card)
        if got is None:
            got = next((_words(place) for place, cards in _piles_of(self.states[side]).items() if card in cards), None)
        return got


PLAY_MOVES = ("enters-play", "put-into-play", "leaves-play", "changes-zone")
"""The moments that take a card into, out of or within play (its record of moves out of play then starts again)."""


@step(
    "moves-out-of-play-are-recorded",
    "CLAR.ZONE-MEMBERSHIP",
    "INCAP.CARDS-TO-BOX",
    changes=("seats.deck", "seats.hand", "seats.trash", "envs", "box", "under", "mission_deck", "reserve")
    + ("oblivaeon_deck", "oblivaeon_trash", "scion_deck", "scion_trash", "aeon_deck", "aeon_trash"),
    events=("moved",),
)
def moves_out_of_play_are_recorded(st):
    """Every card that goes from one place out of play to another (a deck, a hand, a trash, under a card, the box)
    has each move recorded once, from where it was to where it went, and ends where its records leave it."""
    places = _PlacesOfAStep(st.before, st.after)
    seen: dict[str, list] = {}
    recorded = set()
    for e in st.events:
        if e.kind == "moved":
            recorded.add(e.card)
            seen.setdefault(e.card, []).append(e)
        elif e.kind in PLAY_MOVES:
            seen.setdefault(e.card, []).append(e)
    for card in sorted(recorded | places.moved_between(recorded)):
        where: str | None = places.of(0, card)
        after = places.of(1, card)
        walked = seen.get(card, ())
        if not (where or after):
            walked = [e for e in walked if e.kind == "moved"]  # a moment of play counts only for a card out of play
        for e in walked:
            if e.kind != "moved":
                where = None  # in play, or gone from play to where its rule's record says
                continue
            frm, to = _places_moved(e)
            if where is not None and frm != where:
                yield f"{card} recorded moving from {frm}, but it was in {where}"
            where = to
        if where is not None and after is not None and where != after:
            yield f"{card} is in {after} after the step, but its recorded moves leave it in {where}"
