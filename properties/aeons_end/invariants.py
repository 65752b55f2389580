"""Aeon's End invariants: named predicates over a state or a step, each citing the clauses it protects."""

from __future__ import annotations

from collections import Counter

from oblivaeon_verify.model.aeons_end.card_effects import (
    CardText,
    Corrupt,
    DealDamage,
    GainAether,
    HarmAny,
    HarmGravehold,
    HarmLowest,
    HealSelf,
    RestoreGravehold,
    Unleash,
)
from oblivaeon_verify.model.aeons_end.cards import MATS, PLAYER_CARDS, base, card_def, nemesis_def
from oblivaeon_verify.model.aeons_end.decisions import DECISION_KINDS
from oblivaeon_verify.model.aeons_end.effects import ChooseBreachToDestroy, ChooseHarmed, DestroyBreach, DiscardCharges
from oblivaeon_verify.model.aeons_end.events import EVENT_KINDS
from oblivaeon_verify.model.aeons_end.game_end import attack_resolving
from oblivaeon_verify.model.aeons_end.nemesis_turn import NemesisActs
from oblivaeon_verify.model.aeons_end.parameters import Difficulty
from oblivaeon_verify.model.aeons_end.player_turn import PHASES
from oblivaeon_verify.model.aeons_end.state import GameState, Mage
from oblivaeon_verify.model.aeons_end.turn_order import ChooseWildTurn, turn_order_cards
from oblivaeon_verify.model.common.kernel import scheduled, waiting_for
from oblivaeon_verify.properties.common.ledger import Ledger, Ledgers
from oblivaeon_verify.properties.common.registry import Registry, state_parts

from oblivaeon_verify.words import count

INVARIANTS = Registry(parts=state_parts(GameState, {"mages": Mage}), event_kinds=EVENT_KINDS, decision_kinds=DECISION_KINDS)
state = INVARIANTS.state
step = INVARIANTS.step


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


@state("player-card-in-one-place", "CARDS.GAIN", "CAST.TO-DISCARD", "DRAW.DISCARD-PLAYED", reads=PLAYER_CARD_FIELDS)
def one_place(s):
    """Every player card is in exactly one place."""
    led = player_ledger(s)
    for card in sorted(led.twice):
        yield f"{card} is in {led.count[card]} places"


@step("player-cards-conserved", "CARDS.GAIN", "MAIN.PREP", "EXHAUST.DESTROY-BREACH", changes=(*PLAYER_CARD_FIELDS, *NEMESIS_CARD_FIELDS))
def conserved(st):
    """No player or nemesis card appears or vanishes."""
    if present(st.before) == present(st.after):
        return
    for name, cards_of in (("player", player_cards), ("nemesis", nemesis_cards)):
        before, after = set(cards_of(st.before)), set(cards_of(st.after))
        if before != after:
            yield f"{name} cards changed: gained {sorted(after - before)[:3]}, lost {sorted(before - after)[:3]}"


@state("nemesis-card-in-one-place", "NEMESIS.DRAW", "NEMESIS.MAIN", reads=NEMESIS_CARD_FIELDS)
def nemesis_one_place(s):
    led = nemesis_ledger(s)
    for card in sorted(led.twice):
        yield f"{card} is in {led.count[card]} places"


@step("breach-never-turns-back", "MAIN.FOCUS", "MAIN.OPEN", "BREACH.COSTS", changes=("mages.breaches",))
def breach_machine(st):
    """Closed breaches only turn forward; an opened breach stays opened; a destroyed one stays destroyed."""
    for i, (a, b) in enumerate(zip(st.before.mages, st.after.mages)):
        for x, y in zip(a.breaches, b.breaches):
            if x.destroyed and not y.destroyed:
                yield f"player {i + 1} breach {x.number} came back from destruction"
            elif x.opened and not y.opened and not y.destroyed:
                yield f"player {i + 1} breach {x.number} closed again"
            elif not x.opened and not y.opened and y.focus < x.focus:
                yield f"player {i + 1} breach {x.number} turned back from {x.focus} to {y.focus}"


@step("a-breach-opens-at-its-fourth-quarter-turn", "MAIN.FOCUS", "MAIN.OPEN", changes=("mages.breaches",), events=("focus",))
def opens_at_fourth_turn(st):
    """A focus turns a closed breach one quarter and the fourth quarter turn opens it, never sooner;
    otherwise only paying its open cost opens it."""
    d = st.decision
    turns = Counter((e.target, e.amount) for e in st.events if e.kind == "focus")
    for i, (a, b) in enumerate(zip(st.before.mages, st.after.mages)):
        for x, y in zip(a.breaches, b.breaches):
            if x.opened or y.destroyed:
                continue
            n = turns[(a.name, x.number)]
            paid = d.kind == "open" and d.index == x.number - 1 and d.actor == f"player {i + 1}"
            if y.opened and not paid and x.focus + n < 4:
                yield f"player {i + 1} breach {x.number} opened after {count(x.focus + n, 'quarter turn')}, not four"
            if not y.opened and y.focus != x.focus + n:
                yield f"player {i + 1} breach {x.number} was turned {count(n, 'time')} and went from {x.focus} to {y.focus} quarter turns"


@step("prepped-only-where-allowed", "MAIN.PREP", "BREACH.PREP-WHERE", changes=("mages.breaches",))
def prepped_where_allowed(st):
    """A spell newly prepped sits on an opened breach or one focused this turn."""
    for i, (a, b) in enumerate(zip(st.before.mages, st.after.mages)):
        for x, y in zip(a.breaches, b.breaches):
            # judged on the breach as it was when the spell went on it (the turn may end in the same step)
            if y.spell and y.spell != x.spell and not (x.opened or x.focused_this_turn or y.opened):
                yield f"player {i + 1} prepped {y.spell} to closed breach {y.number} not focused this turn"


@state("aether-never-negative", "MAIN.GAIN-CARD", "MAIN.GAIN-CHARGE", "MAIN.FOCUS", "MAIN.OPEN", reads=("aether",))
def aether_nonnegative(s):
    if s.aether < 0:
        yield f"aether is {s.aether}"


def _cost(st) -> int | None:
    d, p = st.decision, st.before.setup.params
    if d.kind == "gain":
        return card_def(d.card).cost
    if d.kind == "gain-charge":
        return p.charge_cost
    if d.kind == "focus":
        return p.focus_cost[d.index]
    if d.kind == "open":
        return p.open_cost[d.index]
    if d.kind == "to-discard":
        return nemesis_def(d.card).to_discard
    return None


@step(
    "aether-spent-as-paid",
    "MAIN.GAIN-CARD",
    "MAIN.GAIN-CHARGE",
    "MAIN.FOCUS",
    "MAIN.OPEN",
    "MAIN.TO-DISCARD",
    decisions=("gain", "gain-charge", "focus", "open", "to-discard"),
)
def spent_as_paid(st):
    """A paid action takes exactly its cost in aether."""
    cost = _cost(st)
    if cost is not None and st.after.aether != st.before.aether - cost and same_turn(st):
        yield f"{st.decision.kind} cost {cost} but aether went from {st.before.aether} to {st.after.aether}"


@state("charges-within-requirement", "MAIN.GAIN-CHARGE", "MAT.ABILITY", reads=("mages.charges", "mages.name"))
def charges_bounded(s):
    for i, m in enumerate(s.mages):
        if not 0 <= m.charges <= MATS[m.name].charges:
            yield f"player {i + 1} has {m.charges} charges of {MATS[m.name].charges}"


@step("hand-of-five-after-the-draw-phase", "DRAW.TO-FIVE", "DRAW.NEVER-SHUFFLE", changes=("actor", "turn"))
def hand_of_five(st):
    """When a player's turn ends, their hand holds five cards unless they have none left to draw."""
    b, a = st.before, st.after
    if not b.actor.startswith("p") or a.actor == b.actor and a.turn == b.turn:
        return
    i = int(b.actor[1:])
    m = a.mages[i]
    if len(m.hand) < a.setup.params.hand_size and (m.deck or m.discard):
        yield f"player {i + 1} ended the turn with {len(m.hand)} cards while cards were left to draw"


@state(
    "turn-order-deck-composition",
    "TURN-ORDER.COMPOSITION",
    "TURN-ORDER.RESHUFFLE",
    "SOLO.TRUE-SOLO",
    reads=("turn_deck", "turn_discard", "mages.name"),
)
def turn_deck(s):
    cards = sorted(s.turn_deck.cards() + s.turn_discard)
    if cards != sorted(turn_order_cards(len(s.mages))):
        yield f"the turn order cards are {cards}"


@step("exhausted-gain-no-life", "EXHAUST.NO-LIFE-GAIN", "EXHAUST.WHEN", changes=("mages.life", "mages.exhausted"))
def no_life_gain(st):
    for i, (x, y) in enumerate(zip(st.before.mages, st.after.mages)):
        if x.exhausted and (y.life > x.life or not y.exhausted):
            yield f"exhausted player {i + 1} went from {x.life} to {y.life} life (exhausted: {y.exhausted})"


def _waiting(s, kind: type, i: int) -> bool:
    return any(w.player == i for w in scheduled(s, kind))


@step("exhaustion-discards-charges", "EXHAUST.DISCARD-CHARGES", "EXHAUST.UNLEASH-TWICE")
def exhaustion_consequences(st):
    """Once a newly exhausted player's consequences have resolved (perhaps a step later, after the
    breach to destroy is chosen), their charges are gone; and the nemesis Unleashed twice."""
    for i, (x, y) in enumerate(zip(st.before.mages, st.after.mages)):
        newly = y.exhausted and not x.exhausted
        if (newly or _waiting(st.before, DiscardCharges, i)) and not _waiting(st.after, DiscardCharges, i) and y.charges:
            yield f"player {i + 1} was exhausted but kept {y.charges} charges"
        if not newly:
            continue
        unleashed = sum(1 for e in st.events if e.kind == "unleash" and e.clause == "EXHAUST.UNLEASH-TWICE")
        if st.after.outcome is None and Unleash(2, "EXHAUST.UNLEASH-TWICE") not in scheduled(st.after, Unleash) and unleashed < 2:
            yield f"player {i + 1} was exhausted and the nemesis Unleashed {count(unleashed, 'time')}, not twice"


@state("life-within-bounds", "TRACKERS", "EXHAUST.WHEN", reads=("mages.life", "mages.exhausted", "gravehold", "setup"))
def life_bounds(s):
    start = s.setup.start_life
    for i, m in enumerate(s.mages):
        if not 0 <= m.life <= start:
            yield f"player {i + 1} has {m.life} life (start {start})"
        if (m.life == 0) != m.exhausted:
            yield f"player {i + 1} has {m.life} life but exhausted is {m.exhausted}"
    if not 0 <= s.gravehold <= s.setup.start_gravehold:
        yield f"Gravehold has {s.gravehold} life"


@state("the-game-never-hangs", "END.IMMEDIATE", reads=("outcome",))
def never_hangs(s):
    """Every step reaches a decision within the work budget and every game ends within its turn limit:
    the safety stop is never reached (a rule that loops is a finding)."""
    if s.outcome is not None and s.outcome.kind == "aborted":
        yield f"the game ran on to the safety stop ({s.outcome.reason})"


@state(
    "game-ends-exactly-when-a-condition-holds",
    "END.IMMEDIATE",
    "END.WIN-NEMESIS-DEFEATED",
    "END.WIN-NEMESIS-EXHAUSTED",
    "END.LOSE-ALL-EXHAUSTED",
    "END.LOSE-GRAVEHOLD",
    "END.LOSE-NEMESIS-SPECIFIC",
    reads=("nemesis_life", "gravehold", "mages.exhausted", "setup", "corruption", "nemesis_deck", "in_play", "agenda", "outcome"),
)
def ends_exactly(s):
    holds = (
        s.nemesis_life <= 0
        or s.gravehold <= 0
        or all(m.exhausted for m in s.mages)
        or (s.setup.nemesis_def.loss_counter and s.corruption >= s.setup.params.corruption_limit)
        or (not any(s.nemesis_deck) and not s.in_play and not attack_resolving(s))
    )
    if s.outcome is not None and s.outcome.kind == "aborted":
        return  # the safety stop: the-game-never-hangs says so
    if holds != (s.outcome is not None):
        yield f"an end condition holds: {holds}; the game is over: {s.outcome is not None}"


@state("known-cards-only", "CARDS.GEMS", "CARDS.RELICS", "CARDS.SPELLS", reads=PLAYER_CARD_FIELDS)
def known_cards(s):
    for card in sorted(player_ledger(s).pool):
        yield f"unknown card {card}"


# --- what each player action must do -------------------------------------------------------


def _acting(st) -> int:
    return int(st.decision.actor.split()[1]) - 1


def _spell_damage(st, spell: str, opened: bool, b: int, owner: int | None = None) -> int:
    """A spell's damage plus the bonus of the opened breach ``b`` it is cast from, plus one for each
    opened breach beside ``b`` when the spell says so (BREACH.ADJACENT: a row of four, so |a - b| = 1)."""
    c = card_def(spell)
    extra = 0
    if c.effect is CardText.ADJACENT_OPENED:
        breaches = st.before.mages[_acting(st) if owner is None else owner].breaches
        extra = sum(1 for a, br in enumerate(breaches) if abs(a - b) == 1 and br.opened and not br.destroyed)
    return c.damage + (st.before.setup.params.breach_bonus[b] if opened else 0) + extra


def _missed_damage(st, what: str, damage: int, target: str):
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


@step(
    "a-cast-spell-hits-its-target",
    "CAST.SINGLE-TARGET",
    "CAST.NEMESIS-DAMAGE",
    "CAST.MINION-DAMAGE",
    "CAST.OPENED-MAY",
    "CARDS.SPELLS",
    "CAST.BREACH-BONUS",
    "BREACH.BONUS",
    "BREACH.ADJACENT",
    decisions=("cast",),
)
def cast_hits(st):
    """Casting deals the spell's damage, plus its opened breach's bonus, to the chosen minion or to the nemesis."""
    d = st.decision
    if d.kind != "cast":
        return
    br = st.before.mages[_acting(st)].breaches[d.index]
    missed = _missed_damage(st, d.card, _spell_damage(st, d.card, br.opened, d.index), d.target)
    if missed:
        yield missed


@step("a-cast-spell-leaves-its-breach", "CAST.TO-DISCARD", "CAST.ORDER", decisions=("cast",))
def cast_leaves_breach(st):
    d = st.decision
    if d.kind == "cast":
        m = st.after.mages[_acting(st)]
        # the discard pile may have been turned over into the deck (or drawn) later in the same step
        if m.breaches[d.index].spell == d.card or d.card not in m.discard + m.deck + m.hand:
            yield f"{d.card} was cast but did not go to its owner's discard pile"


@step("closed-breach-spells-are-cast", "CAST.CLOSED-MUST", decisions=("end-casting",))
def closed_must(st):
    """The casting phase never ends while a spell waits in a closed breach."""
    if st.decision.kind != "end-casting":
        return
    for br in st.before.mages[_acting(st)].breaches:
        if br.spell and not br.opened and not br.destroyed:
            yield f"casting ended with {br.spell} still in closed breach {br.number}"


@step("a-played-gem-gives-its-aether", "MAIN.PLAY-GEM-RELIC", "CARDS.GEMS", "CARDS.RELICS", "MAIN.ANY-ORDER", decisions=("play",))
def play_gives(st):
    d = st.decision
    if d.kind != "play":
        return
    if not same_turn(st) or st.after.phase != "main":
        return  # the turn moved on within the step (forced points); the draw phase has taken the card
    m = st.after.mages[_acting(st)]
    if d.card not in m.played:
        yield f"{d.card} was played but is not among the played cards"
    gain = card_def(d.card).aether
    if st.after.aether < st.before.aether + gain:
        yield f"{d.card} gives {gain} aether but aether went from {st.before.aether} to {st.after.aether}"


@step("a-prepped-spell-leaves-the-hand", "MAIN.PREP", decisions=("prep",))
def prep_moves(st):
    d = st.decision
    if d.kind == "prep":
        m = st.after.mages[_acting(st)]
        if d.card in m.hand or m.breaches[d.index].spell != d.card:
            yield f"{d.card} was prepped to breach {d.index + 1} but did not move there"


@step("an-opened-breach-is-open", "MAIN.OPEN", decisions=("open",))
def opened(st):
    d = st.decision
    if d.kind == "open" and not st.after.mages[_acting(st)].breaches[d.index].opened:
        yield f"breach {d.index + 1} was paid for but is not open"


@step("an-ability-uses-every-charge", "MAT.ABILITY", decisions=("ability",))
def ability_empties(st):
    d = st.decision
    if d.kind == "ability":
        i = _acting(st)
        if st.before.mages[i].charges < MATS[st.before.mages[i].name].charges or st.after.mages[i].charges:
            yield f"player {i + 1} used the ability with {st.before.mages[i].charges} charges and kept {st.after.mages[i].charges}"


@step("a-charge-gem-adds-one-charge", "CARDS.GEMS", "MAIN.GAIN-CHARGE", decisions=("play",))
def charge_gem(st):
    """A gem whose text gives a charge adds exactly one to the player's mat, unless the mat is full
    (then none), and says so with a charge event naming the new count."""
    d = st.decision
    if d.kind != "play" or card_def(d.card).effect is not CardText.CHARGE:
        return
    i = _acting(st)
    x, y = st.before.mages[i], st.after.mages[i]
    expected = min(x.charges + 1, MATS[x.name].charges)
    if y.charges != expected:
        yield f"player {i + 1} played {d.card} with {x.charges} charges and has {y.charges} (expected {expected})"
    said = [e.amount for e in st.events if e.kind == "charge" and e.target == x.name]
    if said != ([expected] if expected > x.charges else []):
        yield f"player {i + 1} played {d.card}: charge events {said}, expected {[expected] if expected > x.charges else []}"


@step("player-life-moves-by-its-events", "TRACKERS", "EXHAUST.WHEN", events=("player-damage", "player-heal"), changes=("mages.life",))
def life_by_events(st):
    """A player's life changes only by the damage and healing its events report, by exactly their
    amounts (damage stops at 0; a heal reports what it gave)."""
    life = {m.name: m.life for m in st.before.mages}
    for e in st.events:
        if e.kind == "player-damage":
            life[e.target] = max(0, life[e.target] - e.amount)
        elif e.kind == "player-heal":
            if e.amount <= 0:
                yield f"a heal of {e.amount} was reported for {e.target}"
            life[e.target] += e.amount
    for i, m in enumerate(st.after.mages):
        if m.life != life[m.name]:
            yield f"player {i + 1} went from {st.before.mages[i].life} to {m.life} life; its events say {life[m.name]}"


@step("a-paid-nemesis-card-is-discarded", "MAIN.TO-DISCARD", decisions=("to-discard",))
def to_discard_discards(st):
    d = st.decision
    if d.kind == "to-discard" and (d.card not in st.after.nemesis_discard or any(p.card == d.card for p in st.after.in_play)):
        yield f"{d.card} was paid off but is still in play"


@step("while-prepped-once-a-turn", "MAIN.WHILE-PREPPED", decisions=("while-prepped",))
def while_prepped_once(st):
    d = st.decision
    if d.kind != "while-prepped":
        return
    if d.index in st.before.used_while_prepped:
        yield f"the While-prepped effect of breach {d.index + 1} was used twice in one turn"
    elif st.after.aether < st.before.aether + card_def(d.card).while_prepped_aether and same_turn(st) and st.after.phase == "main":
        yield f"the While-prepped effect of {d.card} gave no aether"


@step("the-nemesis-draws-one-card-a-turn", "NEMESIS.DRAW", "NEMESIS.CARD-KINDS", "NEMESIS.BASIC-AND-UNIQUE", events=("turn",))
def nemesis_draws(st):
    """Each nemesis turn that completes within the step draws exactly one card while its deck has any.

    A step may finish one nemesis turn (begun in an earlier step) and play another whole one, so the
    events are split turn by turn."""
    if st.after.outcome is not None:
        return
    left = sum(len(t) for t in st.before.nemesis_deck)
    for turn, events, last in turn_segments(st):
        draws = sum(1 for e in events if e.kind == "nemesis-draws")
        if turn is not None and turn.target == "nemesis" and left and (not last or st.after.actor != "nemesis") and draws != 1:
            yield f"nemesis turn {turn.amount} drew {draws} cards"
        left -= draws


# --- casting: what must be offered -----------------------------------------------------------


def _prepped(m):
    return [(b, br) for b, br in enumerate(m.breaches) if br.spell and not br.destroyed]


@state(
    "every-prepped-spell-is-offered-in-the-casting-phase",
    "CAST.OPENED-MAY",
    "CAST.ORDER",
    "CAST.CLOSED-MUST",
    reads=("outcome", "phase", "actor", "agenda", "mages.breaches"),
    offers=("cast", "end-casting"),
)
def casting_offers(s):
    """While the casting phase waits on the player, each prepped spell may be cast next (so any order
    can be chosen), and ending the phase is offered exactly when no spell waits in a closed breach."""
    if not resting_in_phase(s, "casting"):
        return
    m = s.mages[int(s.actor[1:])]
    offered = {(o.kind, o.index) for o in s.options}
    for b, br in _prepped(m):
        if ("cast", b) not in offered:
            yield f"{br.spell} is prepped in breach {br.number} but may not be cast"
    must = any(not br.opened for _, br in _prepped(m))
    if ("end-casting", -1) in offered and must:
        yield "the casting phase may end while a spell waits in a closed breach"
    if ("end-casting", -1) not in offered and not must:
        yield "the casting phase may not end although every prepped spell is in an opened breach"


@step("the-casting-phase-waits-for-prepped-spells", "CAST.OPENED-MAY", "CAST.SINGLE-TARGET", events=("turn",))
def casting_waits(st):
    """A player whose turn began in this step and who holds prepped spells is asked about them: their
    casting phase cannot pass by without a decision while a spell is still prepped."""
    a = st.after
    if a.outcome is not None:
        return
    for turn, _events, last in turn_segments(st):
        if turn is None or not last or not turn.target.startswith("p"):
            continue
        if a.actor == turn.target and a.turn == turn.amount and a.phase != "casting":
            for _b, br in _prepped(a.mages[int(turn.target[1:])]):
                yield f"player {int(turn.target[1:]) + 1}'s casting phase passed without a decision while {br.spell} stayed prepped in breach {br.number}"


DAMAGE_CHOICES = ("cast", "ally-cast", "ability")


@state(
    "damage-choices-offer-the-nemesis-and-every-minion",
    "CAST.SINGLE-TARGET",
    "ALLY-SPELL",
    "MAT.ABILITY",
    reads=("in_play",),
    offers=DAMAGE_CHOICES,
)
def damage_targets_offered(s):
    """Where a spell or ability deals damage, the player may aim it at the nemesis or at any minion with life."""
    expected = {f"{p.card}@{k}" for k, p in enumerate(s.in_play) if p.life > 0} | {"nemesis"}
    groups: dict = {}
    for o in s.options:
        if o.kind in DAMAGE_CHOICES and (o.kind != "ability" or o.target):
            groups.setdefault((o.kind, o.card, o.index), set()).add(o.target)
    for (kind, card, index), targets in sorted(groups.items()):
        if targets != expected:
            what = f"{kind} {card or ''} (index {index})".replace("  ", " ")
            yield f"{what} may target {sorted(targets)}, not {sorted(expected)}"


# --- abilities ---------------------------------------------------------------------------------


@state(
    "a-full-ability-is-offered",
    "MAT.ABILITY",
    reads=("outcome", "phase", "actor", "agenda", "mages.charges", "mages.name"),
    offers=("ability",),
)
def full_ability_offered(s):
    """In the main phase, a mage whose charges fill the ability may use it."""
    if not resting_in_phase(s, "main"):
        return
    i = int(s.actor[1:])
    m = s.mages[i]
    if m.charges >= MATS[m.name].charges and not any(o.kind == "ability" for o in s.options):
        yield f"player {i + 1} has {m.charges} of {MATS[m.name].charges} charges but may not use the ability"


@step("an-ability-does-what-its-mat-says", "MAT.ABILITY", "EXHAUST.NO-LIFE-GAIN", decisions=("ability",))
def ability_effect(st):
    """A used ability does its mat's effect: Gravehold or the mage regains life (never above the start,
    and never for an exhausted mage), the chosen target takes damage, or aether is gained."""
    d = st.decision
    if d.kind != "ability" or not same_turn(st) or st.after.phase != "main":
        return  # the turn moved on within the step; later effects blur what the ability did
    i = _acting(st)
    ability = MATS[st.before.mages[i].name].ability
    n = ability.amount
    b, a = st.before, st.after
    if isinstance(ability, RestoreGravehold) and a.gravehold != min(b.setup.start_gravehold, b.gravehold + n):
        yield f"the ability should restore Gravehold from {b.gravehold} by {n}, not to {a.gravehold}"
    elif isinstance(ability, HealSelf):
        x = b.mages[i]
        want = x.life if x.exhausted else min(b.setup.start_life, x.life + n)
        if a.mages[i].life != want:
            yield f"the ability should take player {i + 1} from {x.life} to {want} life (exhausted: {x.exhausted}), not {a.mages[i].life}"
    elif isinstance(ability, GainAether) and a.aether != b.aether + n:
        yield f"the ability should give {n} aether, but aether went from {b.aether} to {a.aether}"
    elif isinstance(ability, DealDamage):
        missed = _missed_damage(st, "the ability", n, d.target)
        if missed:
            yield missed


# --- preps and the draw phase: what must be offered ------------------------------------------


@state(
    "every-allowed-prep-is-offered",
    "MAIN.PREP",
    "BREACH.PREP-WHERE",
    reads=("outcome", "phase", "actor", "agenda", "mages.hand", "mages.breaches"),
    offers=("prep",),
)
def preps_offered(s):
    """In the main phase, any spell in hand may be prepped to any empty breach that is opened or was focused this turn."""
    if not resting_in_phase(s, "main"):
        return
    m = s.mages[int(s.actor[1:])]
    spells = {base(c) for c in m.hand if card_def(c).kind == "spell"}
    allowed = [b for b, br in enumerate(m.breaches) if not br.destroyed and br.spell is None and (br.opened or br.focused_this_turn)]
    offered = {(base(o.card), o.index) for o in s.options if o.kind == "prep"}
    missing = sorted({(c, b) for c in spells for b in allowed} - offered)
    if missing:
        yield f"player {int(s.actor[1:]) + 1} may not prep {missing[0][0]} to breach {missing[0][1] + 1} (and {len(missing) - 1} more)"


@state(
    "played-cards-are-discarded-in-the-players-order",
    "DRAW.DISCARD-PLAYED",
    reads=("outcome", "phase", "actor", "agenda", "mages.played"),
    offers=("discard-next",),
)
def discard_order_offered(s):
    """While the draw phase waits on the player, any of their played cards (by name) may go on the discard pile next."""
    if not resting_in_phase(s, "draw"):
        return
    m = s.mages[int(s.actor[1:])]
    names = {base(c) for c in m.played}
    offered = {base(o.card) for o in s.options if o.kind == "discard-next"}
    if offered != names or len(names) < 2:
        yield f"player {int(s.actor[1:]) + 1} played {sorted(names)} and may discard next {sorted(offered)}"


@step("the-player-orders-the-played-cards", "DRAW.DISCARD-PLAYED", decisions=("end-main",))
def discard_order_asked(st):
    """A player who played two or more different gems or relics chooses the order they go on the discard pile."""
    if st.decision.kind != "end-main" or st.after.outcome is not None:
        return
    i = _acting(st)
    names = {base(c) for c in st.before.mages[i].played}
    if len(names) >= 2 and not (same_turn(st) and st.after.phase == "draw"):
        yield f"player {i + 1} played {sorted(names)} and was not asked in which order to discard them"


# --- harm to players ---------------------------------------------------------------------------


@step("a-suffering-player-loses-the-life", "EXHAUST.WHEN", decisions=("suffer",))
def suffering_costs_life(st):
    """The player chosen to suffer an attack loses its damage (down to 0, where they are exhausted)."""
    if st.decision.kind != "suffer":
        return
    pending = choice_waiting(st.before, ChooseHarmed)
    if pending is None:
        return
    n = pending.amount
    i = st.decision.index
    x, y = st.before.mages[i], st.after.mages[i]
    if y.life > max(0, x.life - n):
        yield f"player {i + 1} suffered {n} damage but went from {x.life} to {y.life} life"
    if not any(e.kind == "player-damage" and e.target == x.name for e in st.events):
        yield f"player {i + 1} suffered {n} damage and nothing records it"


HARM_CARDS = ("minion-acts", "power-resolves")


def _harm_triggers(st):
    """(position, card) of each nemesis card whose effect resolved in the step: minions and powers acting, attacks drawn."""
    for k, e in enumerate(st.events):
        if e.kind in HARM_CARDS or (e.kind == "nemesis-draws" and e.detail == "attack" and not nemesis_def(e.card).immediately):
            yield k, e.card


@step(
    "lowest-life-harm-lands-on-a-player-not-exhausted",
    "EXHAUST.LOWEST-LIFE",
    "EXHAUST.WHEN",
    events=("minion-acts", "power-resolves", "nemesis-draws"),
    offers=("suffer",),
)
def lowest_life_harm(st):
    """An attack on the lowest-life player (or any player) hits a player who is not exhausted, while
    the game goes on; a choice between players offers only those not exhausted."""
    exhausted = {m.name for m in st.before.mages if m.exhausted}
    for k, card in _harm_triggers(st):
        if not isinstance(nemesis_def(card).effect, (HarmLowest, HarmAny)):
            continue
        hit = next((e for e in st.events[k + 1 :] if e.kind in ("player-damage", "gravehold-damage")), None)
        if hit is None:
            if st.after.outcome is None and choice_waiting(st.after, ChooseHarmed) is None:
                yield f"{card} attacked a player and nobody was harmed"
        elif hit.kind == "gravehold-damage":
            yield f"{card} attacked the lowest-life player but Gravehold took the damage"
        elif hit.target in exhausted:
            yield f"{card} attacked exhausted {hit.target}"
    pending = choice_waiting(st.after, ChooseHarmed)
    if pending:
        for o in pending.options:
            if st.after.mages[o.index].exhausted:
                yield f"exhausted player {o.index + 1} is offered as the one to suffer an attack"


# --- exhaustion ---------------------------------------------------------------------------------


def _destroy_pending(s, i: int) -> bool:
    pending = choice_waiting(s, ChooseBreachToDestroy)
    return (pending is not None and pending.player == i) or _waiting(s, DestroyBreach, i)


@step("an-exhausted-player-destroys-a-breach", "EXHAUST.DESTROY-BREACH", decisions=("destroy-breach",), changes=("mages.exhausted",))
def exhaustion_destroys(st):
    """Exhaustion destroys one of the player's breaches for good; a spell prepped there goes to their discard pile."""
    if st.after.outcome is not None:
        return
    for i, (x, y) in enumerate(zip(st.before.mages, st.after.mages)):
        chosen = st.decision.kind == "destroy-breach" and _acting(st) == i
        if not (chosen or (y.exhausted and not x.exhausted)) or _destroy_pending(st.after, i):
            continue
        left = sum(1 for br in x.breaches if not br.destroyed)
        lost = sum(1 for a, b in zip(x.breaches, y.breaches) if b.destroyed and not a.destroyed)
        if left and lost != 1:
            yield f"player {i + 1} was exhausted and {lost} breaches were destroyed, not one"
        for a, b in zip(x.breaches, y.breaches):
            if b.destroyed and not a.destroyed and a.spell and a.spell not in y.discard + y.deck + y.hand:
                yield f"{a.spell} was prepped in destroyed breach {a.number} but is not in player {i + 1}'s discard pile"
            if b.destroyed and (b.spell or b.opened):
                yield f"destroyed breach {b.number} of player {i + 1} still holds a spell or stays opened"


# --- the nemesis --------------------------------------------------------------------------------


def _unleash_amount(s) -> tuple[type, int]:
    """The nemesis's Unleash effect; Increased Difficulty (expert and extinction) makes it stronger."""
    effect = s.setup.nemesis_def.unleash
    extra = s.setup.params.expert_unleash_extra if s.setup.difficulty in (Difficulty.EXPERT, Difficulty.EXTINCTION) else 0
    return type(effect), effect.amount + extra


def _unleashes_of(effect) -> int:
    return effect.amount if isinstance(effect, Unleash) else 0


@step(
    "cards-unleash-as-they-say",
    "NEMESIS.UNLEASH",
    "EXHAUST.UNLEASH-TWICE",
    "DIFFICULTY.EXPERT",
    events=("minion-acts", "power-resolves", "nemesis-draws", "exhausted", "unleash", "gravehold-damage", "corruption"),
    changes=("corruption",),
)
def unleash_as_said(st):
    """A card that says Unleash N makes the nemesis Unleash N times (an exhaustion twice), and each
    Unleash does the nemesis's own effect, strengthened under Increased Difficulty."""
    if st.after.outcome is not None:
        return
    expected = 0
    for e in st.events:
        if e.kind in HARM_CARDS or (e.kind == "nemesis-draws" and e.detail == "attack"):
            expected += _unleashes_of(nemesis_def(e.card).effect)
        if e.kind == "nemesis-draws":
            expected += _unleashes_of(nemesis_def(e.card).immediately)
        if e.kind == "exhausted":
            expected += 2
    unleashed = sum(1 for e in st.events if e.kind == "unleash")
    if unleashed != expected:
        yield f"the cards resolved called for {count(expected, 'Unleash')}; the nemesis Unleashed {count(unleashed, 'time')}"
    kind, n = _unleash_amount(st.before)
    done = [e for e in st.events if e.clause == "NEMESIS.UNLEASH" and e.kind in ("gravehold-damage", "corruption")]
    if len(done) != unleashed:
        yield f"the nemesis Unleashed {count(unleashed, 'time')} but its effect resolved {count(len(done), 'time')}"
    if kind is HarmGravehold:
        for e in done:
            if e.kind != "gravehold-damage" or e.amount != n:
                yield f"an Unleash of {st.before.setup.nemesis} should harm Gravehold by {n}, not: {e}"
    elif kind is Corrupt and st.after.corruption - st.before.corruption != n * len(done):
        yield f"{len(done)} Unleash(es) of {st.before.setup.nemesis} should add {n * len(done)} corruption, not {st.after.corruption - st.before.corruption}"


NEMESIS_ACTS = ("minion-acts", "power-counts-down", "power-resolves")
LEAVES_PLAY = ("minion-defeated", "to-discard", "power-resolves")


@step("minions-and-powers-act-oldest-first", "NEMESIS.MAIN", events=("turn",))
def oldest_first(st):
    """In the nemesis's main phase every minion and power in play acts once, oldest first."""
    if st.after.outcome is not None:
        return
    age = [p.card for p in st.before.in_play] + [e.card for e in st.events if e.kind == "nemesis-draws" and e.detail != "attack"]
    in_play = [p.card for p in st.before.in_play]
    for turn, events, last in turn_segments(st):
        at_start = list(in_play)
        acted = [e.card for e in events if e.kind in NEMESIS_ACTS]
        for e in events:
            if e.kind == "nemesis-draws" and e.detail != "attack":
                in_play.append(e.card)
            elif e.kind in LEAVES_PLAY and e.card in in_play:
                in_play.remove(e.card)
        if turn is None:
            continue
        order = [age.index(c) for c in acted if c in age]
        if order != sorted(order):
            yield f"the nemesis's cards acted in the order {acted}, not oldest first"
        main_over = not last or not scheduled(st.after, NemesisActs)
        if turn.target == "nemesis" and main_over:
            for c in at_start:
                if c in in_play and c not in acted:
                    yield f"{c} was in play for nemesis turn {turn.amount} and did not act"


# --- turn order ---------------------------------------------------------------------------------


def _who(actor: str) -> str:
    return "the nemesis" if actor == "nemesis" else f"player {int(actor[1:]) + 1}" if actor.startswith("p") else "nobody"


def _named(card: str) -> str:
    """The actor a turn order card names (``wild``: the players choose)."""
    kind = card.split(":")[1].split("#")[0]
    if kind in ("nemesis", "wild"):
        return kind
    if kind == "solo":
        return "p0"
    return f"p{int(kind.split('-')[1]) - 1}"


@step(
    "the-turn-order-card-names-who-acts",
    "TURN-ORDER.DRAW",
    "TURN-ORDER.DECK",
    "EXHAUST.STILL-PLAYS",
    events=("turn-order-card",),
    decisions=("take-turn",),
)
def card_names_actor(st):
    """The turn order card drawn says who takes the next turn, exhausted or not; a wild card lets the players choose."""
    if st.after.outcome is not None:
        return
    if st.decision.kind == "take-turn":
        first = next((e for e in st.events if e.kind == "turn"), None)
        if first is None or first.target != f"p{st.decision.index}":
            yield f"the players chose player {st.decision.index + 1} for the wild card but the turn went to {first and first.target}"
    for k, e in enumerate(st.events):
        if e.kind != "turn-order-card":
            continue
        named = _named(e.card)
        nxt = next((x for x in st.events[k + 1 :] if x.kind in ("turn", "turn-order-card")), None)
        if named == "wild":
            if nxt is None and choice_waiting(st.after, ChooseWildTurn) is None:
                yield f"{e.card} was drawn and the players were not asked who takes the turn"
        elif nxt is None or nxt.kind != "turn" or nxt.target != named:
            tired = named != "nemesis" and st.before.mages[int(named[1:])].exhausted
            went = _who(nxt.target) if nxt and nxt.kind == "turn" else "nobody"
            yield f"{e.card} names {_who(named)}{' (exhausted)' if tired else ''} but the next turn went to {went}"


@step(
    "the-turn-order-deck-is-drawn-through-before-a-reshuffle",
    "TURN-ORDER.DRAW",
    "TURN-ORDER.RESHUFFLE",
    events=("turn-order-reshuffle", "turn-order-card"),
    changes=("turn_deck", "turn_discard", "cycles"),
)
def drawn_through(st):
    """Each turn order card drawn goes from the deck to the discard; only an empty deck is refilled, by
    shuffling every discard back in, and each refill starts a new cycle."""
    deck, discard = len(st.before.turn_deck), len(st.before.turn_discard)
    reshuffles = 0
    for e in st.events:
        if e.kind == "turn-order-reshuffle":
            if deck:
                yield f"the turn order deck was reshuffled with {count(deck, 'card')} still in it"
            deck, discard, reshuffles = discard, 0, reshuffles + 1
        elif e.kind == "turn-order-card":
            if not deck:
                yield f"{e.card} was drawn from an empty turn order deck"
            deck, discard = max(0, deck - 1), discard + 1
    if (deck, discard) != (len(st.after.turn_deck), len(st.after.turn_discard)):
        yield f"the turn order deck and discard should hold {deck} and {discard} cards, not {len(st.after.turn_deck)} and {len(st.after.turn_discard)}"
    if st.after.cycles - st.before.cycles != reshuffles:
        yield f"{count(reshuffles, 'reshuffle')} but the cycle count went from {st.before.cycles} to {st.after.cycles}"


# --- setup --------------------------------------------------------------------------------------


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


@state(
    "starting-life-follows-the-difficulty",
    "DIFFICULTY.NORMAL",
    "DIFFICULTY.BEGINNER",
    "DIFFICULTY.EXTINCTION",
    "TRACKERS",
    reads=("setup", "turn", "mages.life", "gravehold", "nemesis_life"),
)
def starting_life(s):
    """Players, Gravehold and the nemesis start at the life the difficulty level gives, and the life
    caps (healing never goes above the start) are those same values."""
    life, gravehold, nemesis = rulebook_life(s)
    if (s.setup.start_life, s.setup.start_gravehold) != (life, gravehold):
        yield f"{s.setup.difficulty.value}: start life is {s.setup.start_life}/{s.setup.start_gravehold}, not {life}/{gravehold}"
    if s.turn == 0:
        for i, m in enumerate(s.mages):
            if m.life != life:
                yield f"{s.setup.difficulty.value}: player {i + 1} starts at {m.life} life, not {life}"
        if (s.gravehold, s.nemesis_life) != (gravehold, nemesis):
            yield f"{s.setup.difficulty.value}: Gravehold and the nemesis start at {s.gravehold}/{s.nemesis_life}, not {gravehold}/{nemesis}"


@state("mages-start-as-their-mats-say", "MAT.BREACH-SETUP", "MAT.STARTING-HAND", "MAT.STARTING-DECK", reads=("turn", "mages"))
def mats_setup(s):
    """Before the first turn every mage has the mat's hand, its deck in order, nothing else, and the
    mat's breaches (opened or turned as printed, none destroyed, nothing prepped)."""
    if s.turn:
        return
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


# --- casting an ally's spell ---------------------------------------------------------------------


@step("an-ally-spell-goes-to-its-owner", "ALLY-SPELL", "CAST.BREACH-BONUS", decisions=("ally-cast",))
def ally_spell(st):
    """A player casting an ally's prepped spell deals its damage (with the ally's breach bonus) where
    they choose, and the spell goes to the ally's discard pile, not the caster's."""
    d = st.decision
    if d.kind != "ally-cast":
        return
    owner, b = divmod(d.index, 4)
    caster = _acting(st)
    br = st.before.mages[owner].breaches[b]
    missed = _missed_damage(st, d.card, _spell_damage(st, d.card, br.opened, b, owner), d.target)
    if missed:
        yield missed
    y = st.after.mages[owner]
    if y.breaches[b].spell == d.card or d.card not in y.discard + y.deck + y.hand:
        yield f"player {caster + 1} cast {d.card} from player {owner + 1}'s breach {b + 1} but it is not in player {owner + 1}'s discard pile"
