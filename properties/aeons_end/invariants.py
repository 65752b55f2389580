"""Aeon's End invariants: named predicates over a state or a step, each citing the clauses it protects."""

from __future__ import annotations

from collections import Counter

from model.aeons_end.cards import MATS, PLAYER_CARDS, card_def, nemesis_def
from model.aeons_end.turn_order import turn_order_cards
from properties.common.registry import Registry

INVARIANTS = Registry()
state = INVARIANTS.state
step = INVARIANTS.step


def player_cards(s) -> Counter:
    """Every player card, wherever it is: hands, decks, discards, played, breaches, the supply."""
    out: Counter = Counter()
    for m in s.mages:
        out.update(m.hand + m.deck + m.discard + m.played)
        out.update(b.spell for b in m.breaches if b.spell)
    for cards in s.supply.values():
        out.update(cards)
    return out


def nemesis_cards(s) -> Counter:
    out: Counter = Counter()
    for tier in s.nemesis_deck:
        out.update(tier.cards())
    out.update(p.card for p in s.in_play)
    out.update(s.nemesis_discard)
    return out


@state("player-card-in-one-place", "CARDS.GAIN", "CAST.TO-DISCARD", "DRAW.DISCARD-PLAYED")
def one_place(s):
    """Every player card is in exactly one place."""
    for card, n in player_cards(s).items():
        if n > 1:
            yield f"{card} is in {n} places"


@step("player-cards-conserved", "CARDS.GAIN", "MAIN.PREP", "EXHAUST.DESTROY-BREACH")
def conserved(st):
    """No player or nemesis card appears or vanishes."""
    for name, count in (("player", player_cards), ("nemesis", nemesis_cards)):
        before, after = set(count(st.before)), set(count(st.after))
        if before != after:
            yield f"{name} cards changed: gained {sorted(after - before)[:3]}, lost {sorted(before - after)[:3]}"


@state("nemesis-card-in-one-place", "NEMESIS.DRAW", "NEMESIS.MAIN")
def nemesis_one_place(s):
    for card, n in nemesis_cards(s).items():
        if n > 1:
            yield f"{card} is in {n} places"


@step("breach-never-turns-back", "MAIN.FOCUS", "MAIN.OPEN", "BREACH.COSTS")
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


@step("prepped-only-where-allowed", "MAIN.PREP", "BREACH.PREP-WHERE")
def prepped_where_allowed(st):
    """A spell newly prepped sits on an opened breach or one focused this turn."""
    for i, (a, b) in enumerate(zip(st.before.mages, st.after.mages)):
        for x, y in zip(a.breaches, b.breaches):
            # judged on the breach as it was when the spell went on it (the turn may end in the same step)
            if y.spell and y.spell != x.spell and not (x.opened or x.focused_this_turn or y.opened):
                yield f"player {i + 1} prepped {y.spell} to closed breach {y.number} not focused this turn"


@state("aether-never-negative", "MAIN.GAIN-CARD", "MAIN.GAIN-CHARGE", "MAIN.FOCUS", "MAIN.OPEN")
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


@step("aether-spent-as-paid", "MAIN.GAIN-CARD", "MAIN.GAIN-CHARGE", "MAIN.FOCUS", "MAIN.OPEN", "MAIN.TO-DISCARD")
def spent_as_paid(st):
    """A paid action takes exactly its cost in aether."""
    cost = _cost(st)
    if cost is not None and st.after.aether != st.before.aether - cost and st.after.actor == st.before.actor:
        yield f"{st.decision.kind} cost {cost} but aether went from {st.before.aether} to {st.after.aether}"


@state("charges-within-requirement", "MAIN.GAIN-CHARGE", "MAT.ABILITY")
def charges_bounded(s):
    for i, m in enumerate(s.mages):
        if not 0 <= m.charges <= MATS[m.name].charges:
            yield f"player {i + 1} has {m.charges} charges of {MATS[m.name].charges}"


@step("hand-of-five-after-the-draw-phase", "DRAW.TO-FIVE", "DRAW.NEVER-SHUFFLE")
def hand_of_five(st):
    """When a player's turn ends, their hand holds five cards unless they have none left to draw."""
    b, a = st.before, st.after
    if not b.actor.startswith("p") or a.actor == b.actor and a.turn == b.turn:
        return
    i = int(b.actor[1:])
    m = a.mages[i]
    if len(m.hand) < a.setup.params.hand_size and (m.deck or m.discard):
        yield f"player {i + 1} ended the turn with {len(m.hand)} cards while cards were left to draw"


@state("turn-order-deck-composition", "TURN-ORDER.COMPOSITION", "TURN-ORDER.RESHUFFLE", "SOLO.TRUE-SOLO")
def turn_deck(s):
    cards = sorted(s.turn_deck.cards() + s.turn_discard)
    if cards != sorted(turn_order_cards(len(s.mages))):
        yield f"the turn order cards are {cards}"


@step("exhausted-gain-no-life", "EXHAUST.NO-LIFE-GAIN", "EXHAUST.WHEN")
def no_life_gain(st):
    for i, (x, y) in enumerate(zip(st.before.mages, st.after.mages)):
        if x.exhausted and (y.life > x.life or not y.exhausted):
            yield f"exhausted player {i + 1} went from {x.life} to {y.life} life (exhausted: {y.exhausted})"


@step("exhaustion-discards-charges", "EXHAUST.DISCARD-CHARGES", "EXHAUST.UNLEASH-TWICE")
def exhaustion_consequences(st):
    """Once a newly exhausted player's consequences have resolved, their charges are gone and the nemesis Unleashed twice."""
    queue = st.after.queue
    for i, (x, y) in enumerate(zip(st.before.mages, st.after.mages)):
        if not y.exhausted or x.exhausted:
            continue
        if not any(q[0] == "discard-charges" and q[1] == i for q in queue) and y.charges:
            yield f"player {i + 1} was exhausted but kept {y.charges} charges"
        unleashed = sum(1 for e in st.events if e.kind == "unleash" and e.clause == "EXHAUST.UNLEASH-TWICE")
        if st.after.outcome is None and not any(q[:3] == ("unleash", 2, "EXHAUST.UNLEASH-TWICE") for q in queue) and unleashed < 2:
            yield f"player {i + 1} was exhausted and the nemesis Unleashed {unleashed} time(s), not twice"


@state("life-within-bounds", "TRACKERS", "EXHAUST.WHEN")
def life_bounds(s):
    start = s.setup.start_life
    for i, m in enumerate(s.mages):
        if not 0 <= m.life <= start:
            yield f"player {i + 1} has {m.life} life (start {start})"
        if (m.life == 0) != m.exhausted:
            yield f"player {i + 1} has {m.life} life but exhausted is {m.exhausted}"
    if not 0 <= s.gravehold <= s.setup.start_gravehold:
        yield f"Gravehold has {s.gravehold} life"


@state(
    "game-ends-exactly-when-a-condition-holds",
    "END.IMMEDIATE",
    "END.WIN-NEMESIS-DEFEATED",
    "END.WIN-NEMESIS-EXHAUSTED",
    "END.LOSE-ALL-EXHAUSTED",
    "END.LOSE-GRAVEHOLD",
    "END.LOSE-NEMESIS-SPECIFIC",
)
def ends_exactly(s):
    holds = (
        s.nemesis_life <= 0
        or s.gravehold <= 0
        or all(m.exhausted for m in s.mages)
        or (s.setup.nemesis_def.loss_counter and s.corruption >= s.setup.params.corruption_limit)
        or (not any(s.nemesis_deck) and not s.in_play)
    )
    if holds != (s.outcome is not None):
        yield f"an end condition holds: {holds}; the game is over: {s.outcome is not None}"


@state("known-cards-only", "CARDS.GEMS", "CARDS.RELICS", "CARDS.SPELLS")
def known_cards(s):
    for card in player_cards(s):
        if card.split("#")[0] not in PLAYER_CARDS:
            yield f"unknown card {card}"


# --- what each player action must do -------------------------------------------------------


def _acting(st) -> int:
    return int(st.decision.actor.split()[1]) - 1


@step("a-cast-spell-hits-its-target", "CAST.SINGLE-TARGET", "CAST.NEMESIS-DAMAGE", "CAST.MINION-DAMAGE", "CAST.OPENED-MAY", "CARDS.SPELLS")
def cast_hits(st):
    """Casting deals the spell's damage (with its breach's bonus) to the chosen minion or to the nemesis."""
    d = st.decision
    if d.kind != "cast":
        return
    br = st.before.mages[_acting(st)].breaches[d.index]
    damage = card_def(d.card).damage + (st.before.setup.params.breach_bonus[d.index] if br.opened else 0)
    if d.target == "nemesis":
        if st.after.nemesis_life > max(0, st.before.nemesis_life - damage):
            yield f"{d.card} should have taken the nemesis from {st.before.nemesis_life} to at most {st.before.nemesis_life - damage}"
        return
    card = d.target.rsplit("@", 1)[0]
    before = next((p.life for p in st.before.in_play if p.card == card), 0)
    after = next((p.life for p in st.after.in_play if p.card == card), 0)
    if after > max(0, before - damage):
        yield f"{d.card} should have taken {card} from {before} to at most {before - damage} life"


@step("a-cast-spell-leaves-its-breach", "CAST.TO-DISCARD", "CAST.ORDER")
def cast_leaves_breach(st):
    d = st.decision
    if d.kind == "cast":
        m = st.after.mages[_acting(st)]
        # the discard pile may have been turned over into the deck (or drawn) later in the same step
        if m.breaches[d.index].spell == d.card or d.card not in m.discard + m.deck + m.hand:
            yield f"{d.card} was cast but did not go to its owner's discard pile"


@step("closed-breach-spells-are-cast", "CAST.CLOSED-MUST")
def closed_must(st):
    """The casting phase never ends while a spell waits in a closed breach."""
    if st.decision.kind != "end-casting":
        return
    for br in st.before.mages[_acting(st)].breaches:
        if br.spell and not br.opened and not br.destroyed:
            yield f"casting ended with {br.spell} still in closed breach {br.number}"


@step("a-played-gem-gives-its-aether", "MAIN.PLAY-GEM-RELIC", "CARDS.GEMS", "CARDS.RELICS", "MAIN.ANY-ORDER")
def play_gives(st):
    d = st.decision
    if d.kind != "play":
        return
    if st.after.actor != st.before.actor or st.after.phase != "main":
        return  # the turn moved on within the step (forced points); the draw phase has taken the card
    m = st.after.mages[_acting(st)]
    if d.card not in m.played:
        yield f"{d.card} was played but is not among the played cards"
    gain = card_def(d.card).aether
    if st.after.aether < st.before.aether + gain:
        yield f"{d.card} gives {gain} aether but aether went from {st.before.aether} to {st.after.aether}"


@step("a-prepped-spell-leaves-the-hand", "MAIN.PREP")
def prep_moves(st):
    d = st.decision
    if d.kind == "prep":
        m = st.after.mages[_acting(st)]
        if d.card in m.hand or m.breaches[d.index].spell != d.card:
            yield f"{d.card} was prepped to breach {d.index + 1} but did not move there"


@step("an-opened-breach-is-open", "MAIN.OPEN")
def opened(st):
    d = st.decision
    if d.kind == "open" and not st.after.mages[_acting(st)].breaches[d.index].opened:
        yield f"breach {d.index + 1} was paid for but is not open"


@step("an-ability-uses-every-charge", "MAT.ABILITY")
def ability_empties(st):
    d = st.decision
    if d.kind == "ability":
        i = _acting(st)
        if st.before.mages[i].charges < MATS[st.before.mages[i].name].charges or st.after.mages[i].charges:
            yield f"player {i + 1} used the ability with {st.before.mages[i].charges} charges and kept {st.after.mages[i].charges}"


@step("a-paid-nemesis-card-is-discarded", "MAIN.TO-DISCARD")
def to_discard_discards(st):
    d = st.decision
    if d.kind == "to-discard" and (d.card not in st.after.nemesis_discard or any(p.card == d.card for p in st.after.in_play)):
        yield f"{d.card} was paid off but is still in play"


@step("while-prepped-once-a-turn", "MAIN.WHILE-PREPPED")
def while_prepped_once(st):
    d = st.decision
    if d.kind != "while-prepped":
        return
    if d.index in st.before.used_while_prepped:
        yield f"the While-prepped effect of breach {d.index + 1} was used twice in one turn"
    elif st.after.aether < st.before.aether + card_def(d.card).while_prepped_aether and st.after.phase == "main":
        yield f"the While-prepped effect of {d.card} gave no aether"


@step("the-nemesis-draws-one-card-a-turn", "NEMESIS.DRAW", "NEMESIS.CARD-KINDS", "NEMESIS.BASIC-AND-UNIQUE")
def nemesis_draws(st):
    """A nemesis turn that completes within the step draws exactly one card while its deck has any."""
    turns = [e for e in st.events if e.kind == "turn" and e.target == "nemesis"]
    draws = sum(1 for e in st.events if e.kind == "nemesis-draws")
    finished = sum(1 for e in st.events if e.kind == "turn") > len(turns) or st.after.actor != "nemesis"
    if len(turns) == 1 and finished and any(st.before.nemesis_deck) and st.after.outcome is None and draws != 1:
        yield f"a nemesis turn drew {draws} cards"
