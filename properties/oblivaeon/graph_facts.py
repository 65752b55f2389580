"""What the rule-interaction and state graphs need to know about OblivAeon that its code cannot say.

The harness (``oblivaeon_verify.graphs``) reads the model's code for the edges; this module adds
the game's own facts, each with a reason:

* which clauses are ordinary rules and which are clarifications (the catalogue's kinds);
* refinements: a clarification that narrows or replaces an ordinary rule in a special case;
* what bounds a feedback loop: clauses that use up something finite or end the game;
* clauses that fire because the clock moved (a new turn or round), not because of the event
  before them, so a sequence observed in play is not read as a reaction to it;
* for each clarification whose corner case the state can show, a predicate that recognises it,
  and for the others the reason it cannot be recognised in a state;
* reduced configurations for exhaustive exploration (small, documented, and real games of the
  model: only documented parameters change).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from oblivaeon_verify.model.oblivaeon.cards import CHARACTER_CARDS, PHYSICAL, SCIONS, SENTINELS
from oblivaeon_verify.model.oblivaeon.charts import easiest_first
from oblivaeon_verify.model.oblivaeon.clauses import CATALOGUE
from oblivaeon_verify.model.oblivaeon.engine import new_game
from oblivaeon_verify.model.oblivaeon.parameters import DEFAULT
from oblivaeon_verify.model.oblivaeon.setup import SetupConfig

# --- kinds of clause ---------------------------------------------------------------------------


def is_clarification(clause_id: str) -> bool:
    """A clause from the rulebook's Rules Clarifications page (the corner cases)."""
    return clause_id in CATALOGUE and CATALOGUE[clause_id].section == "Rules Clarifications"


def is_ordinary(clause_id: str) -> bool:
    """An ordinary rule: prescribes play (has a handler) and is not a clarification or a chart."""
    if clause_id not in CATALOGUE:
        return False
    c = CATALOGUE[clause_id]
    return c.handled and c.kind not in ("clarification", "chart")


#: (clarification, the rule it refines or overrides, how).  Checked against the catalogue by a test.
REFINES: tuple[tuple[str, str, str], ...] = (
    ("CLAR.SENTINELS", "BZ.DEV.HERO-INCAP", "a Sentinel going down adds no Devastation; the team adds one only when all four are down"),
    ("CLAR.SENTINELS", "INCAP.CHARACTER-SPENT", "a single Sentinel down is not an incapacitated hero; The Bloodstone may revive the team"),
    ("CLAR.RITES-OF-REVIVAL", "INCAP.CHARACTER-SPENT", "the revived character card returns to the box instead of staying spent"),
    ("CLAR.ERASED", "INCAP.NO-LIMIT", "an erased hero is never set up again, with any character card"),
    ("CLAR.REQUITAL-CONSTRUCTS", "INCAP.CARDS-TO-BOX", "Constructs under an incapacitated Requital stay, and block other Captain Cosmics"),
    ("CLAR.SHIELD-INDESTRUCTIBLE", "SHIELD.TASKS", "no card destroys the Shield; only its own text takes it out of the game"),
    ("CLAR.OA-NOT-REMOVABLE", "BZ.DEV.SCION-REMOVED", "a removal effect that would take OblivAeon out of the game does nothing"),
    ("CLAR.MULTIPLE-MOVES", "HERO.MOVE", "a hero may change zones again in the same turn, by card text"),
    ("CLAR.REWARD-NO-OBJECTIVE", "HERO.OPT.SWAP", "a reward regains objective text only by going back into the Mission deck"),
    ("CLAR.TRADE-KEEPS-STATE", "HERO.OPT.TRADE", "a traded objective keeps its tokens and HP"),
    ("CLAR.FLIP-CLEARS-TOKENS", "MISSION.OBJECTIVE-COMPLETION", "completing an objective clears its tokens"),
    ("CLAR.FLIP-RESTORES-HP", "MISSION.OBJECTIVE-COMPLETION", "the flipped side starts at its printed HP"),
    ("CLAR.OA-TURN-IS-VILLAIN-TURN", "OA-TURN.START", "hero and environment cards treat OblivAeon's turn as a villain turn"),
    ("CLAR.SCIONS-BEFORE-AEON-MEN", "VILLAIN.START", "at the start and end of a villain turn, Scions resolve before Aeon Men"),
)

#: Clauses that bound any feedback loop running through them, and why.
BOUNDS: dict[str, str] = {
    "ENV.REMOVAL.REPLACE": "each replacement uses up one of the three set-aside environment decks",
    "ENV.REMOVAL.LOSS": "the game is lost when an environment falls with none set aside",
    "ID.DEVASTATION": "spends its threshold of Devastation tokens, and fires at most once per OblivAeon turn",
    "INCAP.CHARACTER-SPENT": "each incapacitation uses up a character card for good",
    "INCAP.NO-LIMIT": "the supply of character cards is finite; the game is lost when it runs out",
    "CLAR.ERASED": "an erased hero never returns",
    "BZ.DEV.SCION-REMOVED": "there are finitely many Scions, and each leaves the game once",
    "ID.COUNTDOWN": "fires only when the Countdown runs out, which takes Countdown-start OblivAeon turns after each reset",
}

#: Feedback loops the rulebook implies, as clauses a cycle must pass through; the report shows the
#: shortest cycle the graph finds through each, with what bounds it (a question, not an edge list).
KNOWN_CYCLES: tuple[tuple[str, ...], ...] = (
    # incapacitation adds Devastation, Devastation destroys the environment, the new one deals
    # 20 damage to every target in the zone, which can incapacitate more heroes
    ("BZ.DEV.HERO-INCAP", "ID.DEVASTATION", "ENV.REMOVAL.DAMAGE"),
)

#: Clauses that fire because a turn or a round began, not as a reaction to the event before them.
SCHEDULE: tuple[str, ...] = ("ROUND.ORDER", "ROUND.REPEAT")


# --- corner-case predicates --------------------------------------------------------------------


def _objectives_in_play(s) -> list[tuple[int, str]]:
    return [
        (i, c)
        for i, seat in enumerate(s.seats)
        for c in seat.play
        if PHYSICAL.get(c) and PHYSICAL[c].side == "mission" and c not in s.reward_side
    ]


def _sentinels_split(s) -> bool:
    return any(seat.hero == SENTINELS and seat.incapacitated and seat.characters for seat in s.seats)


def _reward_outside_play(s) -> bool:
    return any(c in s.reward_side for seat in s.seats for c in seat.hand + seat.trash + seat.deck.cards())


def _reward_in_trash(s) -> bool:
    return any(c in s.reward_side for seat in s.seats for c in seat.trash)


def _reward_in_play(s) -> bool:
    return any(c in s.reward_side for seat in s.seats for c in seat.play)


def _hero_missing(s) -> bool:
    return any(not seat.characters for seat in s.seats)


def _zones_split(s) -> bool:
    return len({seat.zone for seat in s.seats if seat.characters}) == 2


def _objective_other_zone(s) -> bool:
    return any(any(o.zone != s.seats[i].zone and o.characters for o in s.seats) for i, _c in _objectives_in_play(s))


def _trade_with_tokens(s) -> bool:
    held = _objectives_in_play(s)
    return any(s.tokens.get(c, 0) and any(j != i and s.seats[j].zone == s.seats[i].zone for j, _o in held) for i, c in held)


def _requital_constructs(s) -> bool:
    return any(
        CHARACTER_CARDS[c].requital and any(PHYSICAL.get(u) and PHYSICAL[u].construct for u in s.under.get(c, ()))
        for seat in s.seats
        for c in seat.incapacitated
    )


def _usurped_with_fallen(s) -> bool:
    return s.usurped and any(seat.incapacitated for seat in s.seats)


def _scions_and_aeon_men(s) -> bool:
    return any(z.scions and any(PHYSICAL[c].deck == "Aeon Men" for c in z.villain_play) for z in s.zones)


# Some corner cases show in what a decision offers: a state holds its legal decisions (``options``),
# so a predicate can see an option that is there and one that is not.

VILLAIN_DECK_LABELS = ("the OblivAeon deck", "the Scion deck", "the Aeon Men deck")


def _deck_options(s) -> list:
    return [o for o in s.options if o.kind == "deck"]


def _deck_chosen_without_mission_deck(s) -> bool:
    """A card's effect is picking a deck while the Mission deck holds cards, and the Mission deck is not offered."""
    decks = _deck_options(s)
    return bool(decks) and bool(s.mission_deck) and all(o.target != "the Mission deck" for o in decks)


def _villain_deck_offered(s) -> bool:
    """A hero or environment card's deck choice offers a villain deck (one of that deck's targets shares the zone)."""
    return any(
        o.target in VILLAIN_DECK_LABELS and PHYSICAL.get(o.card) and PHYSICAL[o.card].side in ("hero", "environment")
        for o in _deck_options(s)
    )


def _mission_target_offered(s, reward: bool) -> bool:
    """An effect may pick a Mission card as its target: an objective (villain or environment target) or a reward (a hero target)."""
    return any(
        o.target in PHYSICAL and PHYSICAL[o.target].side == "mission" and (o.target in s.reward_side) == reward
        for o in s.options
        if o.kind == "target"
    )


def _flipped_reward_at_printed_hp(s) -> bool:
    """A card flipped to a reward side with HP stands at that side's printed HP."""
    return any(
        c in s.reward_side and PHYSICAL[c].reward is not None and PHYSICAL[c].reward.hp and s.hp.get(c) == PHYSICAL[c].reward.hp
        for seat in s.seats
        for c in seat.play
        if c in PHYSICAL
    )


@dataclass(frozen=True)
class Predicate:
    description: str
    holds: Callable


#: clarification -> the state that shows its corner case (witnesses also accept any step whose
#: events cite the clause; see ``oblivaeon_verify.graphs.witness``).
PREDICATES: dict[str, Predicate] = {
    "CLAR.SENTINELS": Predicate("some of the Sentinels are down while others still stand", _sentinels_split),
    "CLAR.ERASED": Predicate("a hero has been erased", lambda s: bool(s.erased)),
    "CLAR.SHIELD-INDESTRUCTIBLE": Predicate("the Shield has taken itself out of the game", lambda s: s.shield_side == 0),
    "CLAR.COMPLETED-MISSION-TRASH": Predicate("a reward lies in a hero's trash", _reward_in_trash),
    "CLAR.REWARD-NO-OBJECTIVE": Predicate("a reward is in a hero's deck, hand or trash", _reward_outside_play),
    "CLAR.REWARDS-BELONG": Predicate("a reward is in a hero's play area", _reward_in_play),
    "CLAR.FLIP-CLEARS-TOKENS": Predicate("an objective has been flipped to its reward side", lambda s: bool(s.reward_side)),
    "CLAR.HERO-COUNT": Predicate("a play area has no active hero (the hero count still counts it)", _hero_missing),
    "CLAR.ZONE-MEMBERSHIP": Predicate("active heroes stand in both battle zones", _zones_split),
    "CLAR.MISSION-ZONE": Predicate("an objective is held while another hero is in the other zone", _objective_other_zone),
    "CLAR.TRADE-KEEPS-STATE": Predicate("an objective with tokens could be traded with a hero in its zone", _trade_with_tokens),
    "CLAR.REQUITAL-CONSTRUCTS": Predicate("an incapacitated Requital has Constructs under it", _requital_constructs),
    "CLAR.RITES-OF-REVIVAL": Predicate("Rainek has usurped OblivAeon while a character card lies incapacitated", _usurped_with_fallen),
    "CLAR.SCIONS-BEFORE-AEON-MEN": Predicate("a zone holds a Scion and an Aeon Men card together", _scions_and_aeon_men),
    "CLAR.MISSION-DECK-UNTARGETABLE": Predicate(
        "an effect is picking a deck while the Mission deck holds cards, and the Mission deck is not offered",
        _deck_chosen_without_mission_deck,
    ),
    "CLAR.VILLAIN-DECKS": Predicate(
        "a hero or environment card may pick a villain deck: one of its targets shares the zone", _villain_deck_offered
    ),
    "CLAR.MISSION-TARGET-KIND": Predicate(
        "an effect may pick an objective as its target (a villain or environment target)",
        lambda s: _mission_target_offered(s, reward=False),
    ),
    "CLAR.MISSION-TYPES": Predicate(
        "an effect may pick a reward as its target (a hero target)", lambda s: _mission_target_offered(s, reward=True)
    ),
    "CLAR.FLIP-RESTORES-HP": Predicate(
        "a card flipped to a reward side with HP stands at that side's printed HP", _flipped_reward_at_printed_hp
    ),
}


def _scion_at_chart_hp(s) -> bool:
    """A Scion in play stands at the HP its Scion Difficulty Chart rating gives it."""
    by_key = {d.key: d for d in SCIONS.values()}
    return any(k in by_key and s.hp.get(k) == s.setup.params.scion_hp(by_key[k].difficulty) for z in s.zones for k in z.scions)


def _plays(hero: str, *cards: str):
    """A step in which the hero plays one of these cards (by their names' slugs)."""
    wanted = {f"{hero}:{c}" for c in cards}
    return lambda s, events: any(e.kind == "play" and e.card.split("#")[0] in wanted for e in events)


#: Body rules that show in one state (the setup's own choices among them).
BODY_PREDICATES: dict[str, Predicate] = {
    "OPTION.SCION-ORDER": Predicate(
        "the Scion Reserve was laid out in the chosen order, not shuffled", lambda s: s.setup.scion_order is not None
    ),
    "CHART.SCION-DIFFICULTY": Predicate("a Scion stands at the HP its chart rating gives it", _scion_at_chart_hp),
}
PREDICATES.update(BODY_PREDICATES)

#: Body rules that show in one step: the state it led to and its events.
STEP_PREDICATES: dict[str, Predicate] = {
    "HEROES.LUMINARY": Predicate("Luminary plays Doomsday Device or Use It Up", _plays("luminary", "doomsday-device", "use-it-up")),
    "HEROES.LIFELINE": Predicate("Lifeline plays Blood Price or Vitae Siphon", _plays("lifeline", "blood-price", "vitae-siphon")),
}

#: Clarifications whose corner case is not a property of one state; witnesses then rely on events only.
NOT_IN_STATE: dict[str, str] = {
    "CLAR.OA-TURN-IS-VILLAIN-TURN": "a reading of card text during OblivAeon's turn; it shows only in which triggers resolve",
    "CLAR.VILLAIN-CHARACTERS": "a classification of cards; it shows only in which targets an effect may pick",
    "CLAR.SCIONS-FROM-BOTTOM": "where the next Scion comes from; every state after setup is consistent with it",
    "CLAR.INDESTRUCTIBLE-MOVES": "a card moving; seen in the step that moves it",
    "CLAR.MULTIPLE-MOVES": "a second move in one turn; the state keeps no count of moves",
    "CLAR.OA-NOT-REMOVABLE": "a removal that does nothing leaves no trace in the state",
    "CLAR.LOOK-AT-REWARDS": "grants information only",
}


#: Rules that leave no state fact and no event citing them: a witness shows them by a function that
#: implements them running (``graphs.acting``).  Setup's own rules show at setup, before any decision.
SHOWN_BY_RULE: tuple[str, ...] = (
    "SETUP.HEROES",
    "SETUP.MARKERS",
    "SETUP.DECKS",
    "SETUP.BATTLE-ZONES",
    "SETUP.SHIELD",
    "SETUP.FIRST-SCION",
    "SETUP.SCION-RESERVE",
    "SETUP.ENVIRONMENTS",
    "SETUP.ENV-IN-PLAY",
    "SETUP.INEVITABLE-DESTRUCTION",
    "ROUND.HERO-ORDER",
    "OA-TURN.FIRST",
    "OA-TURN.ZONE",
    "HERO.OPTION",
    "VILLAIN.TURN-PER-ZONE",
    "BZ.TWO-ZONES",
    "BZ.ISOLATION",
    "SHIELD.RANDOM-START",
    "INCAP.NO-LIMIT",
    "INCAP.NO-SHARED-DECK",
    "AEON-MEN.NOT-PLAYED-IN-PLAY-PHASES",
    "MISSION.DOUBLE-SIDED",
    "MISSION.DECK-OBJECTIVE-UP",
    "CLAR.VILLAIN-CHARACTERS",
)

# --- reduced configurations -------------------------------------------------------------------


@dataclass(frozen=True)
class Configuration:
    name: str
    description: str
    heroes: tuple[str, ...]
    overrides: tuple[tuple[str, object], ...]

    def setup(self) -> SetupConfig:
        params = dataclasses.replace(DEFAULT, **dict(self.overrides))
        shield = "The Arc of Unreality"
        order = easiest_first(tuple(s for s in SCIONS if s != params.shield(shield).scion))
        envs = ("Insula Primalis", "Megalopolis", "Ruins of Atlantis", "Rook City", "Temple of Zhu Long")
        return SetupConfig(self.heroes, shield, envs, envs[:2], order, params)

    def start(self):
        return new_game(self.setup())

    def describe(self) -> dict:
        return {"name": self.name, "description": self.description, "heroes": list(self.heroes), "parameters": dict(self.overrides)}


_HEROES = ("char:legacy:legacy", "char:the-sentinels:the-sentinels", "char:captain-cosmic:requital")

#: Small configurations in which exhaustive search reaches rule interactions within a few decisions.
#: Every one is a legal game of the model: only documented parameters change (empty starting hands,
#: so setup has no chance points to deal; the Scion Reserve in a fixed order; and, for "pressure",
#: a Countdown that runs out on OblivAeon's first turn and hits hard, with a Devastation threshold of 1).
CONFIGURATIONS: tuple[Configuration, ...] = (
    Configuration(
        "pressure",
        "empty hands, fixed Scion order, Countdown 1 with 40 expiry damage, Devastation threshold 1",
        _HEROES,
        (("starting_hand", 0), ("countdown_start", 1), ("countdown_expiry_damage", 40), ("devastation_threshold", 1)),
    ),
    Configuration("opening", "the default game with empty starting hands and a fixed Scion order", _HEROES, (("starting_hand", 0),)),
)


def configuration(name: str) -> Configuration:
    for c in CONFIGURATIONS:
        if c.name == name:
            return c
    raise KeyError(f"unknown configuration {name!r}; known: {', '.join(c.name for c in CONFIGURATIONS)}")
