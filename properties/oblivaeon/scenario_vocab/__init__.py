"""What is OblivAeon-specific about scenarios: completing a partial setup, the actions a step may
take, and the checks of every value a scenario file gives.

The generic machinery (``oblivaeon_verify.scenarios``) calls the ``VOCAB`` object below.  Every
check here reads data (card tables, the clause catalogue, the decision and event kinds, the effect
vocabulary's fields and domains); nothing in a scenario file is evaluated.  The words themselves
(places, decks, facts and their value types) are in ``scenario_words``.  Every value is checked by
type and domain: a boolean is no number, every number has a range, every name is one of the
model's, and a name of something the setup does not have (hero 5 of four, a card of an environment
not brought) is refused when the file is read.

Completing a setup (``new_game``): unnamed parts take the defaults of the model's own tests
(Legacy, Tachyon, Ra and Haka; The Arc of Unreality; Insula Primalis and Megalopolis in play with
Ruins of Atlantis, Rook City and the Temple of Zhu Long set aside; a shuffled Scion Reserve).  The
game is set up by the model and run to the first player decision with every chance point taking
its first listed outcome; then the scenario's placements, counters and HP are applied, as the
model's tests build exact positions (``model.oblivaeon.positions``, which brings with them what the
rules would: set-aside decks left out of ``set_aside`` have fallen and are out of the game, a Shield at
side 0 is out of the game, a Mission deck whose top was placed elsewhere shows its next objective);
then, if ``start`` names a turn, play resumes at its start.  The position reached must satisfy every
state invariant (``position_problems``: ``properties.oblivaeon.invariants``), or the scenario fails
before its first step: a Shield on its second side needs the tasks that flipped it (``shield_tasks``),
an erased hero cannot be in play.

The package, by job: ``names`` (the names, domains and tables a scenario may use: the effects and
the types of their arguments, the setup keys, the counters), ``checks`` (the mixin ``Checks``: every
load-time check, which refuses a file when it is read) and ``play`` (the mixin ``Play``: the
run-time part, from ``new_game`` to ``describe_action``).  The state facts a scenario may expect are
read through ``scenario_words``.  ``OblivAeonScenarios`` below is assembled from the two mixins and
``VocabularyBase``, and says what the vocabulary declares to the runner.
"""

from __future__ import annotations

from oblivaeon_verify.model.oblivaeon.clauses import CATALOGUE
from oblivaeon_verify.model.oblivaeon.decisions import LABELS
from oblivaeon_verify.model.oblivaeon.events import EVENT_KINDS
from oblivaeon_verify.model.oblivaeon.parameters import DEFAULT, ParameterError, with_overrides
from oblivaeon_verify.model.oblivaeon.setup import SetupError
from oblivaeon_verify.properties.oblivaeon.scenario_vocab.checks import Checks
from oblivaeon_verify.properties.oblivaeon.scenario_vocab.names import ARG_RANGES, ARG_TYPES, COUNTERS, OPS, SETUP_KEYS, TARGET_TYPES
from oblivaeon_verify.properties.oblivaeon.scenario_vocab.play import QUIET, Play
from oblivaeon_verify.properties.oblivaeon.scenario_words import fact_getter

from oblivaeon_verify.scenario_lib.vocab_base import VocabularyBase

__all__ = ["ARG_RANGES", "ARG_TYPES", "COUNTERS", "OPS", "SETUP_KEYS", "TARGET_TYPES", "VOCAB", "OblivAeonScenarios"]


class OblivAeonScenarios(Checks, Play, VocabularyBase):
    default_parameters = DEFAULT
    apply_overrides = staticmethod(with_overrides)
    quiet_kinds = QUIET
    fact_getter = staticmethod(fact_getter)
    ruleset = "oblivaeon"
    catalogue = CATALOGUE
    event_kinds = frozenset(EVENT_KINDS)
    decision_kinds = frozenset(LABELS)
    actions = {
        "decide": "take a legal decision: decide = KIND, with card/target/zone/index/actor to pick among several",
        "effect": "resolve one effect of the vocabulary: effect = OP, args = {...}, by = {side, hero, zone, source}",
        "resolve": "resolve a card's own text: resolve = CARD, part = 'play' | 'trigger N' | 'power N', by = {...}",
        "until": "play on quietly (stay, no option, no card, no power; chance: first outcome) until = {turn, zone, hero} or {decision} or {game_over}",
        "look": "change nothing: look = 'what is checked' (for expectations about the position itself)",
    }
    action_keys = {"card", "target", "zone", "index", "actor", "chance", "args", "by", "part"}
    event_fields = {
        "kind": str,
        "clause": str,
        "zone": int,
        "source_zone": int,
        "reach": str,
        "card": str,
        "target": str,
        "amount": int,
        "detail": str,
        "nth": int,
    }
    """``nth`` is an event's rank among the step's events of its kind (1 = the first): the order of
    turns across a round is the ``turn`` events with nth 1, 2, 3, ..."""
    decision_fields = {"kind": str, "actor": str, "card": str, "target": str, "zone": int, "index": int, "weight": int}
    """``weight`` is a chance outcome's weight (a reveal's: the copies of its kind in the unknown part of the deck)."""
    setup_errors = (SetupError, ParameterError, LookupError, ValueError)
    step_errors = (LookupError, ValueError)


VOCAB = OblivAeonScenarios()
