"""What is Aeon's End-specific about scenarios: completing a partial setup, the actions a step may
take, the state facts a scenario may assert, and which card, mage and decision names are valid.

The generic machinery (``oblivaeon_verify.scenarios``) calls the ``VOCAB`` object below.  Every
check reads data (the card tables, the clause catalogue, the model's declared decision and event
kinds, ``model.aeons_end.families``); nothing in a scenario file is evaluated.  Checks are strict:
true and false are no numbers, a value of the wrong type never reaches a lookup, every number is
bounded (``scenario_words.MOST``), and every name is checked against the game the setup describes
(its seats, its mages, its nemesis's cards), so that an expectation that could never fail (about a
player the game does not have, a card of another nemesis, a field a decision never carries) is
refused when the file is read.  A ``refused = true`` step whose decision cannot exist in the game
at all is named by :meth:`AeonsEndScenarios.refusal_problem` at run time.

Completing a setup (``new_game``): unnamed parts take these defaults: two players, Adelheim and
Brama (``mages = N`` takes the first N of Adelheim, Brama, Jian, Kadir; ``mages = 1`` is true solo);
the nemesis Rageborne; normal difficulty; player 1's turn, casting phase, no aether; every mat, the
supply, Gravehold and the nemesis deck as the model's setup lays them out.  The scenario's
position (piles, life, charges, breaches, Gravehold, nemesis deck and cards in play, turn order
deck) is placed through ``model.aeons_end.positions``, and play resumes there; the position reached must
satisfy every state invariant (``position_problems``), or the scenario fails before its first step.  How many
mages may play, and whether two may be the same, is the model's setup's rule alone: ``check_setup`` checks only
the names, so a scenario can show the setup refusing (``setup_refused``).  Chance points
(the turn order deck, the nemesis deck) take their first listed outcome unless a step decides
``reveal`` itself or says ``chance = "stop"``; state the deck's top (``turn_order``,
``nemesis_deck``) to make a scenario independent of that order.

The package, by job: ``names`` (the names and tables a scenario may use: the effects, the clause
each cites, the setup, player and breach keys), ``checks`` (the mixin ``Checks``: every load-time
check, which refuses a file when it is read) and ``play`` (the mixin ``Play``: matching decisions
and events, and the run-time part, from ``new_game`` to ``describe_action``).  The state facts a
scenario may assert are in ``scenario_facts``.  ``AeonsEndScenarios`` below is assembled from the
two mixins and ``VocabularyBase``, and says what the vocabulary declares to the runner.
"""

from __future__ import annotations

from oblivaeon_verify.model.aeons_end.clauses import CATALOGUE
from oblivaeon_verify.model.aeons_end.decisions import DECISION_KINDS
from oblivaeon_verify.model.aeons_end.events import EVENT_KINDS
from oblivaeon_verify.model.aeons_end.parameters import DEFAULT, ParameterError, with_overrides
from oblivaeon_verify.model.aeons_end.setup import SetupError
from oblivaeon_verify.properties.aeons_end.scenario_facts import fact_getter
from oblivaeon_verify.properties.aeons_end.scenario_vocab.checks import Checks
from oblivaeon_verify.properties.aeons_end.scenario_vocab.names import EFFECT_CLAUSE, EFFECTS, SETUP_KEYS
from oblivaeon_verify.properties.aeons_end.scenario_vocab.play import QUIET, Play

from oblivaeon_verify.scenario_lib.vocab_base import VocabularyBase

__all__ = ["DECISION_KINDS", "EFFECTS", "EFFECT_CLAUSE", "SETUP_KEYS", "VOCAB", "AeonsEndScenarios"]


class AeonsEndScenarios(Checks, Play, VocabularyBase):
    default_parameters = DEFAULT
    apply_overrides = staticmethod(with_overrides)
    quiet_kinds = QUIET
    fact_getter = staticmethod(fact_getter)
    ruleset = "aeons_end"
    catalogue = CATALOGUE
    event_kinds = frozenset(EVENT_KINDS)
    decision_kinds = frozenset(DECISION_KINDS)
    actions = {
        "decide": "take a legal decision: decide = KIND, with card, target, breach, player, owner, actor to pick among several",
        "effect": "resolve one effect now, as a card would: effect = KIND, amount = N (player = N, minion = CARD, clause = ID)",
        "until": "play on quietly (cast only what must be cast, play nothing; chance: first outcome) until = {turn, phase} or {decision} or {game_over}",
        "look": "change nothing: look = 'what is checked' (for expectations about the position itself)",
    }
    action_keys = {"card", "target", "breach", "player", "owner", "actor", "index", "amount", "minion", "clause", "chance"}
    event_fields = {"kind": str, "clause": str, "card": str, "target": str, "amount": int, "detail": str}
    decision_fields = {"kind": str, "actor": str, "card": str, "target": str, "breach": int, "owner": int, "player": int, "index": int}
    setup_errors = (SetupError, ParameterError, LookupError, ValueError)
    step_errors = (LookupError, ValueError)


VOCAB = AeonsEndScenarios()
