"""The hero turn and the missions: the move, the hero-turn options, and objectives completing.

The move opens the turn; then the options (take, swap or trade an objective, shuffle the Mission deck, an
incapacitated ability, regain a reward), with at most one objective per play area; the Mission deck lies
objective side up; an objective with its tokens flips to its reward side, losing its tokens and taking that
side's printed HP.
"""

from __future__ import annotations

from oblivaeon_verify.model.common.kernel import scheduled, waiting_for
from oblivaeon_verify.model.oblivaeon.cards import CHARACTER_CARDS, PHYSICAL
from oblivaeon_verify.model.oblivaeon.chance import Reveal
from oblivaeon_verify.model.oblivaeon.effects import ChooseDestroyed, DrawOne
from oblivaeon_verify.model.oblivaeon.hero_turn import ChooseMove
from oblivaeon_verify.model.oblivaeon.missions import AddObjectiveToken, ChooseDiscardToPay, RevealMissionTop, TakeObjective
from oblivaeon_verify.model.oblivaeon.places import place_words
from oblivaeon_verify.model.oblivaeon.round_order import Turn, current_phase, phases
from oblivaeon_verify.model.oblivaeon.vocabulary import Destroy
from oblivaeon_verify.properties.oblivaeon.invariants.readers import is_objective, mentioned, objectives
from oblivaeon_verify.properties.oblivaeon.invariants.registry import state, step

from oblivaeon_verify.words import count


@step("hero-turn-opens-with-the-move", "HERO.MOVE", events=("turn",))
def turn_opens_with_move(st):
    """At the very start of a hero's turn, its player is offered the move to the other zone."""
    turns = [e for e in st.events if e.kind == "turn"]
    if not turns or not turns[-1].detail.startswith("Hero ") or st.after.outcome is not None:
        return
    last = turns[-1]
    if st.events[-1] is not last:
        return
    who = f"hero {last.amount}"
    if not any(d.kind in ("stay", "move") and d.actor == who for d in st.after.options):
        yield f"{last.detail} began without the offer to move"


_DRAW_PHASE = [name for name, _ in phases(Turn("hero", seat=0))].index("draw")
"""Where the draw comes among a hero turn's phases (HERO.CONTINUE: start, play, power, draw, end)."""


@step("hero-draws-in-the-draw-phase", "HERO.CONTINUE", changes=("cursor",))
def draws_in_the_draw_phase(st):
    """A hero whose turn passes its draw phase draws a card then, if its deck or trash holds one.

    The draw phase of the hero of marker ``i + 1`` is slot ``i + 1`` of a round (OblivAeon's turn comes first,
    ROUND.ORDER).  A step that starts before it and ends past it ran the whole phase; one that starts in it (chance
    has just said which card the deck gives) owes the draw only while the draw is still scheduled.  What the deck and
    trash hold when the phase comes is bounded below by what they held before the step, less every card of theirs the
    step's events name (every move is recorded, which other invariants check)."""
    b, a = st.before.cursor, st.after.cursor
    if b.round == a.round and b.slot == a.slot and not b.phase <= _DRAW_PHASE < a.phase:
        return  # the step stayed within one turn and did not pass a draw phase (most steps)
    for rnd in range(b.round, a.round + 1):
        for i, seat in enumerate(st.before.seats):
            at = (rnd, i + 1, _DRAW_PHASE)
            if not (b <= at < a):
                continue
            if b == at:
                if not any(w.seat == i for w in scheduled(st.before, DrawOne)):
                    continue  # drawn (or nothing to draw) already, before a later decision of the same phase
            elif not seat.characters or any(e.kind == "hero-incapacitated" and e.card in seat.characters for e in st.events):
                continue  # no active hero, no draw
            named = {e.card for e in st.events} | {e.target for e in st.events}
            held = [c for c in (*seat.deck.cards(), *seat.trash) if c not in named]
            drew = f"{place_words(('seat', i, 'deck'))} -> {place_words(('seat', i, 'hand'))}"
            if held and not any(e.kind == "moved" and e.detail == drew for e in st.events):
                yield f"hero {i + 1} drew no card in its draw phase of round {rnd}, with {count(len(held), 'card')} in its deck and trash"


@step("paying-for-an-objective-puts-a-token-on-it", "MISSION.OBJECTIVE-COMPLETION", decisions=("pay-objective", "discard"))
def paying_puts_a_token(st):
    """Paying for an objective discards a card from the payer's hand and puts a token on the objective.

    With one kind of card in hand the discard is made on the spot; with more, the player is asked which next.  The token
    may still be owed at the end of the step (a reaction to the discard asks first), and a card no longer an objective
    side up takes none."""
    d = st.decision
    if d.kind == "pay-objective":
        if isinstance(waiting_for(st.after), ChooseDiscardToPay):
            return  # the player chooses the card to discard next
        payer = int(d.actor.split()[1]) - 1
        hand = st.before.seats[payer].hand
        if not any(e.kind == "discard" and e.card in hand for e in st.events):
            yield f"{d.actor} paid for {d.target} and discarded nothing from hand"
    elif not isinstance(waiting_for(st.before), ChooseDiscardToPay):
        return
    if scheduled(st.after, AddObjectiveToken) or not is_objective(st.after, d.target):
        return
    if not any(e.kind == "objective-token" and e.card == d.target for e in st.events):
        yield f"{d.actor} paid for {d.target} and it got no token"


@step("hero-options-offered", "HERO.OPTION", decisions=("stay", "move"))
def options_offered(st):
    """After the move, the player is offered the six options (those legal now) or none."""
    choice = waiting_for(st.before)
    if not isinstance(choice, ChooseMove) or st.after.outcome is not None:
        return
    who = st.decision.actor
    if not st.before.mission_deck:
        return  # with nothing to take or shuffle, 'none' may be the only option, taken on the spot
    if any(e.kind == "hero-incapacitated" for e in st.events):
        return  # a reaction to the move struck the hero down: an incapacitated hero has no options to take
    if current_phase(st.after) == "move" and any(e.kind == "reaction" for e in st.events):
        return  # a reaction to the move (a card carried to the other zone) asks first; the options phase follows
    kinds = {d.kind for d in st.after.options if d.actor == who}
    if "no-option" not in kinds:
        yield f"{who} moved or stayed and was not offered the hero-turn options"


@state("at-most-one-objective", "HERO.OPT.TAKE", "HERO.OPT.SWAP", "HERO.OPT.TRADE", reads=("seats.play", "reward_side"))
def one_objective(s):
    """No play area holds more than one objective."""
    for i in range(len(s.seats)):
        mine = objectives(s, i)
        if len(mine) > 1:
            yield f"play area {i + 1} holds {len(mine)} objectives"


@step("take-an-objective", "HERO.OPT.TAKE", decisions=("take-objective",))
def take_objective(st):
    """Taking on an objective moves the Mission deck's top card into the play area of a player who had none."""
    d = st.decision
    if d.kind != "take-objective":
        return
    i = int(d.actor.split()[1]) - 1
    if objectives(st.before, i):
        yield f"hero {i + 1} took an objective while holding one"
    if not any(e.kind == "objective-taken" and e.clause == "HERO.OPT.TAKE" for e in st.events) and not (
        st.after.options and st.after.options[0].is_chance and "Mission" in st.after.options[0].target
    ):
        yield f"hero {i + 1} chose to take an objective and none came"


@step("swap-an-objective", "HERO.OPT.SWAP", "CLAR.REWARD-NO-OBJECTIVE", decisions=("swap-objective",))
def swap_objective(st):
    """Swapping puts the objective on the bottom of the Mission deck, objective side up, and takes the top card."""
    d = st.decision
    if d.kind != "swap-objective":
        return
    sent = [n for n, e in enumerate(st.events) if e.kind == "to-mission-deck" and e.card == d.card and e.clause == "HERO.OPT.SWAP"]
    if not sent:
        yield f"{d.card} was swapped out but did not go under the Mission deck"
    elif d.card not in st.after.mission_deck.cards() and not mentioned(st.events, d.card, sent[0]):
        yield f"{d.card} was swapped out and is not in the Mission deck"


@step("trade-an-objective", "HERO.OPT.TRADE", "CLAR.TRADE-KEEPS-STATE", decisions=("trade-objective",))
def trade_objective(st):
    """A trade exchanges the two objectives between play areas in one zone; each keeps its tokens and HP."""
    d = st.decision
    if d.kind != "trade-objective":
        return
    i, j = int(d.actor.split()[1]) - 1, d.index
    b, a = st.before, st.after
    if b.seats[i].zone != b.seats[j].zone:
        yield f"hero {i + 1} traded with hero {j + 1} across zones"
    if d.target not in a.seats[i].play or d.card not in a.seats[j].play:
        yield f"trade of {d.card} for {d.target}: the objectives did not change hands"
        return
    for c in (d.card, d.target):
        if len([e for e in st.events if e.card == c or e.target == c]) > 1:
            continue
        if b.tokens.get(c, 0) != a.tokens.get(c, 0) or b.hp.get(c) != a.hp.get(c):
            yield f"{c} changed from {b.tokens.get(c, 0)} tokens/{b.hp.get(c)} HP to {a.tokens.get(c, 0)}/{a.hp.get(c)} in a trade"


@step("shuffle-the-mission-deck", "HERO.OPT.SHUFFLE", decisions=("shuffle-mission-deck",))
def shuffle_mission(st):
    """Shuffling the Mission deck keeps its cards and forgets their order."""
    if st.decision.kind != "shuffle-mission-deck":
        return
    if not any(e.kind == "shuffle" and e.clause == "HERO.OPT.SHUFFLE" for e in st.events):
        yield "the Mission deck was not shuffled"


@step("incapacitated-ability-used", "HERO.OPT.INCAP-ABILITY", decisions=("incap-ability",))
def incap_ability(st):
    """Choosing an incapacitated ability activates it, and the step's event of it names that card and that ability,
    numbered from 1 (a trace naming another ability misreports the game although no state shows it)."""
    d = st.decision
    if d.kind != "incap-ability":
        return
    said = [e.amount for e in st.events if e.kind == "incap-ability" and e.card == d.card]
    if not said:
        yield f"incapacitated ability {d.index + 1} of {d.card} was chosen and did nothing"
    elif said[0] != d.index + 1:
        yield f"incapacitated ability {d.index + 1} of {d.card} was chosen but its event says ability {said[0]}"


@step(
    "an-incapacitated-ability-destroys-an-environment-card-in-its-zone",
    "HERO.OPT.INCAP-ABILITY",
    "CLAR.ZONE-MEMBERSHIP",
    decisions=("incap-ability",),
    forced=True,
)
def incap_destroys_environment(st):
    """An incapacitated ability that destroys an environment card destroys one when its hero's battle zone holds one
    that can be destroyed (in the environment's play area or a hero's there), or asks which; read here from the state,
    not from the model's list of what an instruction may destroy (sample 12 of OblivAeon: a search that stopped at the
    first hero card destroyed nothing, in every game, with no check failing)."""
    d = st.decision
    if d.kind != "incap-ability":
        return
    ops = CHARACTER_CARDS[d.card].incap[d.index]
    if not (len(ops) == 1 and isinstance(ops[0], Destroy) and ops[0].what == "environment" and ops[0].reach == "zone"):
        return
    zone = next((s.zone for s in st.before.seats if d.card in s.incapacitated), 0)
    z = st.before.zones[zone - 1] if zone else None
    held = [c for s in st.before.seats if s.zone == zone for c in s.play]
    there = [c for c in (*(z.env_play if z else ()), *held) if c in PHYSICAL and PHYSICAL[c].side == "environment"]
    there = [c for c in there if not PHYSICAL[c].indestructible]
    if not there or isinstance(waiting_for(st.after), ChooseDestroyed):
        return
    if not any(e.kind == "destroyed" and e.target in there for e in st.events):
        yield f"incapacitated ability {d.index + 1} of {d.card} destroyed none of {', '.join(sorted(there))} in battle zone {zone}"


@step("reward-regained", "HERO.OPT.REGAIN-REWARD", decisions=("regain-reward",))
def regain(st):
    """Regaining a reward moves it from under the incapacitated card into its player's hand."""
    d = st.decision
    if d.kind != "regain-reward":
        return
    i = int(d.actor.split()[1]) - 1
    if d.target in st.after.under.get(d.card, ()):
        yield f"{d.target} is still under {d.card}"
    elif d.target not in st.after.seats[i].hand and len([e for e in st.events if e.card == d.target]) < 2:
        yield f"{d.target} did not reach hero {i + 1}'s hand"


@state(
    "mission-deck-objective-up",
    "MISSION.DECK-OBJECTIVE-UP",
    "CLAR.REWARD-NO-OBJECTIVE",
    reads=("mission_deck", "reward_side", "agenda", "outcome"),
)
def mission_deck_objective_up(s):
    """The Mission deck lies objective side up, so its next objective is known (except while it is being revealed)."""
    rewards, flipped = s.reward_side, []
    if rewards and not rewards.isdisjoint(cards := s.mission_deck.cards()):  # asked after every step: looked through in C
        flipped = [c for c in cards if c in rewards]
    if flipped:
        yield f"{flipped[:3]} are in the Mission deck reward side up"
    if not s.mission_deck or s.mission_deck.top_known() or s.outcome is not None:
        return  # its next objective is known (or there is none, or no game left): nothing is waited for
    choice = waiting_for(s)
    revealing = isinstance(choice, Reveal) and choice.deck_ref == ("mission",)
    # Setup and a swap reveal the new top as soon as the work scheduled before it is done.
    queued = bool(scheduled(s, RevealMissionTop, TakeObjective))
    if not (revealing or queued):
        yield "the Mission deck's next objective is not known"


@step(
    "objective-completes-at-its-tokens",
    "MISSION.OBJECTIVE-COMPLETION",
    "MISSION.DOUBLE-SIDED",
    events=("objective-token", "objective-completed"),
)
def objective_completes(st):
    """An objective that gets the tokens it needs is achieved: it flips to its reward side."""
    for n, e in enumerate(st.events):
        if e.kind == "objective-token" and e.card in PHYSICAL and e.amount >= PHYSICAL[e.card].tokens_needed > 0:
            if not any(f.kind == "objective-completed" and f.card == e.card for f in st.events[n + 1 :]):
                yield f"{e.card} got {e.amount} tokens of {PHYSICAL[e.card].tokens_needed} and was not completed"
        if e.kind == "objective-completed" and e.card not in st.after.reward_side and not mentioned(st.events, e.card, n):
            yield f"{e.card} was completed but is not reward side up"


@step("flip-clears-tokens", "CLAR.FLIP-CLEARS-TOKENS", events=("objective-completed",))
def flip_clears_tokens(st):
    """Flipping an objective removes every token on it."""
    for n, e in enumerate(st.events):
        if e.kind == "objective-completed" and not mentioned(st.events, e.card, n) and st.after.tokens.get(e.card, 0):
            yield f"{e.card} flipped with {count(st.after.tokens[e.card], 'token')} still on it"


@step("flip-restores-printed-hp", "CLAR.FLIP-RESTORES-HP", events=("objective-completed",))
def flip_restores_hp(st):
    """A Mission card flipped to a side with HP starts at that side's printed HP; a side without HP has none."""
    for n, e in enumerate(st.events):
        if e.kind != "objective-completed" or mentioned(st.events, e.card, n) or e.card not in st.after.reward_side:
            continue
        printed = PHYSICAL[e.card].reward.hp
        have = st.after.hp.get(e.card)
        if (printed or None) != have:
            yield f"{e.card} flipped to a side with {printed or 'no'} HP and has {have}"
