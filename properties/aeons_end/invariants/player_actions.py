"""What each player action must do: cast, play a gem or relic, prep, open, use the ability, pay off, While prepped.

Also two checks on what a step does beside the player's decision: a player's life changes only by the damage and
healing its events report, and each nemesis turn completed draws one card while the deck has any.
"""

from __future__ import annotations

from oblivaeon_verify.model.aeons_end.card_effects import CardText
from oblivaeon_verify.model.aeons_end.cards import MATS, card_def
from oblivaeon_verify.properties.aeons_end.invariants.readers import (
    acting,
    missed_damage,
    resting_in_phase,
    same_turn,
    spell_damage,
    turn_segments,
)
from oblivaeon_verify.properties.aeons_end.invariants.registry import state, step

PURCHASES = ("gain", "gain-charge", "focus", "open")


@state(
    "every-purchase-the-aether-pays-for-is-offered",
    "MAIN.GAIN-CARD",
    "MAIN.GAIN-CHARGE",
    "MAIN.FOCUS",
    "MAIN.OPEN",
    reads=("outcome", "phase", "actor", "agenda", "aether", "supply", "setup", "mages.charges", "mages.breaches", "mages.name"),
    offers=PURCHASES,
)
def purchases_offered(s):
    """While the main phase waits on the player, exactly what the aether pays for is on offer: the top card of each
    supply pile that costs no more than the aether, a charge while the mat is short of its ability's charges, and the
    focus and the opening of each closed breach at their costs (the money is enough, never more than enough)."""
    if not resting_in_phase(s, "main"):
        return
    i = int(s.actor[1:])
    m, p, aether = s.mages[i], s.setup.params, s.aether
    due = {("gain", pile[-1], -1) for pile in s.supply.values() if pile and card_def(pile[-1]).cost <= aether}
    if aether >= p.charge_cost and m.charges < MATS[m.name].charges:
        due.add(("gain-charge", None, -1))
    for b, br in enumerate(m.breaches):
        if not br.opened and not br.destroyed:
            due |= {(kind, None, b) for kind, cost in (("focus", p.focus_cost[b]), ("open", p.open_cost[b])) if aether >= cost}
    offered = {
        (o.kind, o.card if o.kind == "gain" else None, o.index if o.kind in ("focus", "open") else -1)
        for o in s.options
        if o.kind in PURCHASES
    }
    for kind, card, b in sorted(due - offered, key=str):
        yield f"{kind} {card or ''}{f'breach {b + 1}' if b >= 0 else ''} is paid for by {aether} aether but not offered".replace("  ", " ")
    for kind, card, b in sorted(offered - due, key=str):
        yield f"{kind} {card or ''}{f'breach {b + 1}' if b >= 0 else ''} is offered but {aether} aether does not pay for it".replace(
            "  ", " "
        )


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
    forced=True,
)
def cast_hits(st):
    """Casting deals the spell's damage, plus its opened breach's bonus, to the chosen minion or to the nemesis."""
    d = st.decision
    if d.kind != "cast":
        return
    br = st.before.mages[acting(st)].breaches[d.index]
    missed = missed_damage(st, d.card, spell_damage(st, d.card, br.opened, d.index), d.target)
    if missed:
        yield missed


@step("a-cast-spell-leaves-its-breach", "CAST.TO-DISCARD", "CAST.ORDER", decisions=("cast",), forced=True)
def cast_leaves_breach(st):
    d = st.decision
    if d.kind == "cast":
        m = st.after.mages[acting(st)]
        # the discard pile may have been turned over into the deck (or drawn) later in the same step
        if m.breaches[d.index].spell == d.card or d.card not in m.discard + m.deck + m.hand:
            yield f"{d.card} was cast but did not go to its owner's discard pile"


SPELL_HITS = ("nemesis-damage", "minion-damage", "minion-defeated")
"""The events of a spell's damage landing, which come before the rest of its Cast text."""


@step("a-cast-heals-as-its-spell-says", "CAST.TO-DISCARD", "CARDS.SPELLS", "EXHAUST.LOWEST-LIFE", "ALLY-SPELL", events=("cast",))
def cast_heals(st):
    """A cast spell heals a player only when its text says so: one whose Cast heals (Essence Theft) gives the player
    with the lowest life, the first in seat order of equals and never an exhausted one, one life up to the starting
    life once its damage is dealt, unless that damage won the game; any other spell heals no one.

    Each cast event (the player's spell, one forced later in the same step, or an ally's) owns the events up to the
    next one; the players' lives are followed through the step's damage and heal events."""
    life = {m.name: m.life for m in st.before.mages}
    exhausted = {m.name for m in st.before.mages if m.exhausted}
    seats = [m.name for m in st.before.mages]
    spell, heals, ended = None, [], False

    def verdict():
        if spell is None:
            return
        due = []
        if card_def(spell).effect is CardText.HEAL_PLAYER and not ended:
            able = [n for n in seats if n not in exhausted]
            if able:
                low = min(life_then[n] for n in able)
                target = next(n for n in able if life_then[n] == low)
                gain = min(1, st.before.setup.start_life - low)
                due = [(target, gain)] if gain > 0 else []
        if heals != due:
            yield f"{spell} was cast and healed {heals or 'no one'}; its text heals {due or 'no one'}"

    life_then, hits_only = dict(life), True
    for e in st.events:
        if e.kind == "cast":
            yield from verdict()
            spell, heals, ended, life_then, hits_only = e.card, [], False, dict(life), True
            continue
        if e.kind.startswith("game-") and hits_only:
            ended = True  # END.IMMEDIATE: the spell's own damage won, so the rest of its text never resolves
        elif e.kind == "player-heal":
            heals.append((e.target, e.amount))
            life[e.target] += e.amount
        elif e.kind == "player-damage":
            life[e.target] = max(0, life[e.target] - e.amount)
        elif e.kind == "exhausted":
            exhausted.add(e.target)
        hits_only = hits_only and e.kind in SPELL_HITS
    yield from verdict()


@step("closed-breach-spells-are-cast", "CAST.CLOSED-MUST", decisions=("end-casting",), forced=True)
def closed_must(st):
    """The casting phase never ends while a spell waits in a closed breach (nor when ending it is all it offers)."""
    if st.decision.kind != "end-casting":
        return
    for br in st.before.mages[acting(st)].breaches:
        if br.spell and not br.opened and not br.destroyed:
            yield f"casting ended with {br.spell} still in closed breach {br.number}"


@step("a-played-gem-gives-its-aether", "MAIN.PLAY-GEM-RELIC", "CARDS.GEMS", "CARDS.RELICS", "MAIN.ANY-ORDER", decisions=("play",))
def play_gives(st):
    d = st.decision
    if d.kind != "play":
        return
    if not same_turn(st) or st.after.phase != "main":
        return  # the turn moved on within the step (forced points); the draw phase has taken the card
    m = st.after.mages[acting(st)]
    if d.card not in m.played:
        yield f"{d.card} was played but is not among the played cards"
    gain = card_def(d.card).aether
    if st.after.aether < st.before.aether + gain:
        yield f"{d.card} gives {gain} aether but aether went from {st.before.aether} to {st.after.aether}"


@step("a-prepped-spell-leaves-the-hand", "MAIN.PREP", decisions=("prep",))
def prep_moves(st):
    """A prepped spell leaves the hand for the breach chosen, and stays there unless the same step casts it (the turn may
    end by itself and its player's next casting phase come within the step: a spell in a closed breach must be cast).
    The step's prep event says so: that spell into that breach, numbered from 1 (a trace that names another
    breach misreports the game although no state shows it)."""
    d = st.decision
    if d.kind == "prep":
        m = st.after.mages[acting(st)]
        cast = any(e.kind == "cast" and e.card == d.card for e in st.events)
        if d.card in m.hand or (m.breaches[d.index].spell != d.card and not cast):
            yield f"{d.card} was prepped to breach {d.index + 1} but did not move there"
        said = next(((e.card, e.amount) for e in st.events if e.kind == "prep"), None)
        if said != (d.card, d.index + 1):
            yield f"{d.card} was prepped to breach {d.index + 1} but the prep event says {said}"


@step("an-opened-breach-is-open", "MAIN.OPEN", decisions=("open",))
def opened(st):
    d = st.decision
    if d.kind == "open" and not st.after.mages[acting(st)].breaches[d.index].opened:
        yield f"breach {d.index + 1} was paid for but is not open"


@step("an-ability-uses-every-charge", "MAT.ABILITY", decisions=("ability",))
def ability_empties(st):
    d = st.decision
    if d.kind == "ability":
        i = acting(st)
        if st.before.mages[i].charges < MATS[st.before.mages[i].name].charges or st.after.mages[i].charges:
            yield f"player {i + 1} used the ability with {st.before.mages[i].charges} charges and kept {st.after.mages[i].charges}"


@step("a-charge-gem-adds-one-charge", "CARDS.GEMS", "MAIN.GAIN-CHARGE", decisions=("play",))
def charge_gem(st):
    """A gem whose text gives a charge adds exactly one to the player's mat, unless the mat is full
    (then none), and says so with a charge event naming the new count."""
    d = st.decision
    if d.kind != "play" or card_def(d.card).effect is not CardText.CHARGE:
        return
    i = acting(st)
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
