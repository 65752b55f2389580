"""The ruleset contract: everything the harness reads of a ruleset, in one typed object.

A ruleset provides one file, ``properties/<name>/plugin.py``, that builds ``PLUGIN = Plugin(...)``, and
registers it as an entry point of the group ``oblivaeon_verify.rulesets`` (``pyproject.toml``)::

    [project.entry-points."oblivaeon_verify.rulesets"]
    <name> = "oblivaeon_verify.properties.<name>.plugin:PLUGIN"

The harness reads nothing else: no attribute by convention, no module by its path.  The heavy parts
(the Hypothesis machine, the Z3 encoding, the clarification language, the graph facts, the scenario
vocabulary) are zero-argument loaders, so that a command imports only what it uses; each returns an
object with the members its Protocol below lists (a module will do).  A ruleset without a part gives
``None`` and the commands that need it say so.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from oblivaeon_verify.model.common.clauses import Catalogue
from oblivaeon_verify.model.common.kernel import Kernel
from oblivaeon_verify.model.common.silent import SilentChoice
from oblivaeon_verify.properties.common.census import CensusFacts
from oblivaeon_verify.properties.common.registry import Registry, Step


class Game(Protocol):
    """The model adapter (``model/<name>/ruleset.py``'s ``RULESET``, a ``model.common.ruleset.ModelRuleset``)."""

    name: str
    """The ruleset's name (``--ruleset``; the entry point's name)."""
    title: str
    """The game's name in words (report and table titles)."""
    players_word: str
    """What the players are called (``heroes``): the ``--players`` option's other name and the tables' word."""
    players: tuple[int, ...]
    """The player counts the game is played with."""
    default_players: int
    """The player count when none is given."""
    catalogue: Catalogue
    """The clauses of the rulebook, with the model code that implements each."""
    setup_error: type[Exception]
    """The model's error for an illegal setup (a replay file's setup is refused with it)."""
    pending_work: tuple[str, ...]
    """State fields holding work still to do within a step (divergence witnesses ignore a difference there)."""
    not_position: tuple[str, ...]
    """State fields a position leaves out: configuration and clocks (divergence witnesses ignore them)."""
    package: str
    """The model's package, whose functions declare the clauses they implement (knock-outs, handler counts, graphs)."""
    kernel: Kernel | None
    """The model's run loop: its kinds of work record, each with its one handler (knock-out by record kind); None
    for a model the shared kernel does not run (it then has no record kinds to knock out)."""
    decision_weight: Callable[[Any], int] | None
    """Random play's weight of a player decision, or None to choose uniformly."""
    silent_choices: tuple[SilentChoice, ...]
    """What the model decides where the rulebook is silent: each an assumption or a reading (the report lists them)."""

    def load_parameters(self, path: Any = None, pairs: Any = ()) -> Any:
        """The model parameters from ``--params FILE`` and ``--param NAME=VALUE`` pairs."""

    def default_parameters(self) -> Any:
        """The documented assumptions, unchanged."""

    def assumptions(self) -> list[dict]:
        """Every parameter with its type, bounds, default and documentation (``params``)."""

    def random_setup(self, rng: Any, players: int, params: Any) -> Any:
        """A random legal setup for ``players`` under ``params``."""

    def describe_setup(self, setup: Any) -> dict:
        """A setup as plain JSON (a replay file's ``setup``; the properties' ``setup_from_json`` reads it back)."""

    def new_game(self, setup: Any) -> Any:
        """The state after setup."""

    def legal_decisions(self, state: Any) -> tuple:
        """Every decision allowed now, chance outcomes included; empty when the game is over."""

    def step(self, state: Any, decision: Any, policy: Any = None) -> tuple[Any, tuple]:
        """The next state and the events the decision caused.

        With a ``policy``, a function of (the working state, the options) returning one of them, every
        later decision is made by it and the step plays on to the end of the game (random play's
        shortcut; the working state has the state's fields and ``events``, the events so far)."""

    def outcome(self, state: Any) -> tuple[str, str, str] | None:
        """``(kind, reason, clause)`` once the game is over, else None."""

    def rounds(self, state: Any) -> int:
        """Rounds played so far."""

    def where(self, state: Any) -> str:
        """The decision point, in words."""

    def turn_label(self, state: Any) -> str:
        """Whose turn it is, in words (a trace line's prefix)."""

    def describe_card(self, card: str) -> str:
        """A card id in the ruleset's words."""

    def describe_event(self, event: Any) -> str:
        """An event in words (``simulate --trace``)."""

    def with_round(self, state: Any, round_number: int) -> Any:
        """The same position at another round number (keys must not change), or None."""

    def to_json(self, state: Any) -> str:
        """The state as JSON text."""

    def from_json(self, text: str) -> Any:
        """The state back from ``to_json``."""

    def canonical_key(self, state: Any) -> str:
        """The state without its history, as text."""

    def position_key(self, state: Any) -> Any:
        """The state without configuration and clocks, cheap to hash (what exploration names states by)."""


class Properties(Protocol):
    """The properties package (``properties/<name>/__init__.py``): invariants, steering, coverage, replay helpers."""

    INVARIANTS: Registry
    """The invariant registry: every state and step check, with the clauses each guards."""
    Step: type[Step]
    """A step as the step invariants see it: ``Step(before, decision, events, after)``."""
    TEMPERAMENTS: Mapping[str, Mapping[str, int]]
    """Named styles of play (decision kind -> weight), each a policy through ``steer_as``."""
    DECISION_CLAUSES: Mapping[str, str]
    """Decision kind -> the clause a decision of that kind exercises (``check``'s clause coverage)."""
    CORNERS: Mapping[str, Callable[[Any], bool]]
    """Corner case -> whether a state reaches it (``check`` counts the games that do)."""
    UNGUARDED_REASONS: Mapping[str, str]
    """Clause -> why its knock-out may go uncaught (``knockout`` fails on one without a reason)."""
    UNGUARDED_KIND_REASONS: Mapping[str, str]
    """Kind of work record -> why the knock-out of its handler may go uncaught (likewise: none without a reason)."""
    QUICK_KNOCKOUTS: tuple[str, ...]
    """The knock-outs a quick report runs: clause ids, and kinds of work record (a record class's name)."""

    def steer(self, rng: Any, state: Any, options: tuple) -> Any:
        """Random play's decision, steered towards the rules that are rarely reached."""

    def steer_as(self, name: str) -> Callable[[Any, Any, tuple], Any]:
        """The policy of one of ``TEMPERAMENTS``."""

    def setup_from_json(self, doc: dict, params: Any) -> Any:
        """A setup from its ``describe_setup`` dictionary, validated by the model."""

    def parameters_from_json(self, doc: dict, where: str = ..., prefix: str = "") -> Any:
        """Parameters from a replay file's overrides; an error names ``where`` and the key."""

    def parameter_overrides(self, params: Any) -> dict:
        """What ``params`` changes from the defaults, as plain JSON (a replay file's ``parameters``)."""


class StateMachine(Protocol):
    """The Hypothesis state machine (``properties/<name>/machine.py``)."""

    MACHINE: type
    """The machine class (a ``properties.common.machine.ModelMachine``; ``MACHINE.under(params)`` draws setups under ``params``)."""
    STATS: Any
    """What the machine saw over a run: examples, steps, states, clauses (a ``properties.common.machine.Stats``)."""


class GraphFacts(Protocol):
    """What the rule-interaction and state graphs need beyond the model's code (``properties/<name>/graph_facts.py``)."""

    REFINES: tuple
    """(clarification, ordinary rule, how) triples: which rule each clarification refines."""
    BOUNDS: Mapping[str, str]
    """Clause -> why a cycle through it ends."""
    SCHEDULE: tuple[str, ...]
    """Clauses that run on the game's schedule (phases, turns), not because another rule called them."""
    PREDICATES: Mapping[str, Any]
    """Clause -> the state predicate that shows it (``holds(state)``, ``description``)."""
    STEP_PREDICATES: Mapping[str, Any]
    """Clause -> the step predicate that shows it, for a rule seen only across a step."""
    SHOWN_BY_RULE: tuple[str, ...]
    """Clauses shown by their rule's function running (no state or event shows them)."""
    NOT_IN_STATE: Mapping[str, str]
    """Clause -> why no state predicate can show it."""
    CONFIGURATIONS: tuple
    """Named setups that exploration starts from (``explore --configuration``)."""
    KNOWN_CYCLES: tuple
    """Cycles of the rule-interaction graph that are expected, each a tuple of clauses."""

    def is_clarification(self, clause: str) -> bool:
        """Whether the clause is a clarification of another rule."""

    def is_ordinary(self, clause: str) -> bool:
        """Whether the clause is an ordinary rule (not setup, not a clarification)."""


class SymbolicEncoding(Protocol):
    """The Z3 encoding (``properties/<name>/symbolic/``); every result is plain JSON."""

    MUTANT_NAMES: tuple[str, ...]
    """Deliberately broken encodings (``prove --mutant``) that the proofs must refute."""
    QUERY_NAMES: tuple[str, ...]
    """The designer queries ``ask`` answers."""
    SYMBOLIC_NUMBERS: tuple[str, ...]
    """The numbers ``ask --symbolic`` may leave for Z3 to choose."""
    ASK_OPTIONS: Mapping[str, str]
    """``ask --option`` names and their help."""

    def prove_players(
        self, players: int, *, smtlib_dir: Path | None = None, work: int = ..., seconds: float | None = None, mutant: str | None = None
    ) -> list[dict]:
        """One row per bookkeeping invariant for ``players`` (status, method, k or bound, counterexample, reason).
        ``work``: the Z3 resource units each proof obligation may spend (default ``kinduction.PROOF_WORK``);
        ``seconds``: a wall-clock limit per obligation as well (None: none).  An obligation that runs out is
        ``unknown``, its reason naming the limit, never a pass."""

    def ask(
        self,
        query: str,
        players: int,
        *,
        depth: int | None = None,
        symbolic: tuple = (),
        fixed: dict | None = None,
        options: tuple = (),
        work: int | None = None,
    ) -> dict:
        """A designer query's answer with a decoded witness; ``work``: the Z3 resource units its search may spend."""

    def ask_goal(
        self,
        goal: str | None,
        players: int,
        *,
        depth: int | None = None,
        options: tuple = (),
        work: int | None = None,
        most: str | None = None,
        minimise: str | None = None,
        play=None,
    ) -> dict:
        """The fewest rounds (or turns, or what ``minimise`` names: a measure of the vocabulary,
        ``steps``, or ``decisions``) in which a goal in words can hold, or with ``most`` (a quantity's
        name) the most that quantity can be where it holds, with a witness (``ask --goal``, ``--most``,
        ``--minimise``; the words are ``oblivaeon_verify.smt.goals``'s, over the ruleset's quantities and
        conditions).  ``decisions`` is searched in the model's own play within ``play``
        (``properties.common.goal_play.PlayBudget``; None: its defaults), and its witness is a replay."""


class ClarifyLanguage(Protocol):
    """The clarification language and the encoded rulebook (``properties/<name>/clarify/``)."""

    Error: type[Exception]
    """A malformed proposal (its message gives the position)."""

    def vocabulary(self) -> dict[str, str]:
        """Every term of the language and what it means."""

    def check_rulebook(self, seconds: float | None = None, work: int | None = None) -> dict:
        """Is the encoded rulebook consistent, and which statements follow from the others?"""

    def model_conformance(self) -> dict:
        """The model's objects checked against every statement."""

    def batch(self, text: str, source: str = ...) -> list:
        """The proposals of a text (one per ``ID:``)."""

    def judge_text(self, text: str, source: str = ..., seconds: float | None = None, work: int | None = None) -> dict:
        """The verdict on a proposal given as text (a malformed one raises ``Error``)."""

    def judge(self, proposal: Any, seconds: float | None = None, work: int | None = None) -> dict:
        """The verdict on one parsed proposal: consistent, redundant, contradicts, vacuous or unknown."""


class ScenarioVocabulary(Protocol):
    """How the corner-case files (``scenarios/<name>/*.toml``) speak of the game (an ``oblivaeon_verify.scenario_lib.vocab_base.VocabularyBase``)."""

    ruleset: str
    """The ruleset's name."""
    catalogue: Catalogue
    """The clause catalogue a file's ``clauses`` are checked against."""
    actions: Mapping[str, str]
    """Step action -> its help."""
    action_keys: Any
    """The keys an action's table may have."""
    event_fields: Mapping[str, Any]
    """Event pattern field -> its type."""
    decision_fields: Mapping[str, Any]
    """Decision pattern field -> its type."""
    event_kinds: Any
    """Every kind of event the model can emit."""
    decision_kinds: Any
    """Every kind of decision the model can offer."""
    setup_errors: tuple[type[Exception], ...]
    """Errors that mean the position cannot be built."""
    step_errors: tuple[type[Exception], ...]
    """Errors that mean a step cannot be taken."""

    def readings(self) -> dict:
        """Each reading: its values and the parameter it sets."""

    def check_parameters(self, params: dict) -> None:
        """Refuse parameters the model refuses (at load time)."""

    def check_setup(self, setup: dict, fail: Callable) -> None:
        """Refuse a setup table the vocabulary cannot complete."""

    def check_action(self, action: str, spec: Any, fail: Callable, setup: dict | None = None) -> None:
        """Refuse an action table that cannot be taken."""

    def check_fact(self, fact: str, value: Any, fail: Callable, setup: dict | None = None) -> None:
        """Refuse an expectation on an unknown fact or of the wrong type."""

    def check_pattern(self, key: str, item: Any, fail: Callable, setup: dict | None = None) -> None:
        """Refuse an event or decision pattern with unknown fields or values."""

    def new_game(self, setup: dict, params: dict) -> Any:
        """The position a file's setup describes (raising one of ``setup_errors`` for a setup the model refuses, which
        a file with ``setup_refused`` expects)."""

    invariants: frozenset[str]
    """The names of the ruleset's invariants (a step's ``breaks`` may name them)."""
    model_step: Callable
    """The ruleset's transition ``(state, decision) -> (state, events)``: every decision a scenario takes goes through
    ``VocabularyBase.take`` with it, so that the runner can check it against the step invariants."""

    def step_problems(self, before: Any, decision: Any, events: tuple, after: Any) -> list[tuple[str, str]]:
        """The invariants one decision of the model breaks: (name, the violation in words)."""

    def read_back(self, state: Any) -> Any:
        """The state written to JSON and read back (equal, sharing no object): every scenario step is taken from it."""

    def position_problems(self, state: Any) -> list[tuple[str, str]]:
        """The state invariants a state breaks: (name, the violation in words).  Asked of the position built and of the
        state after every step (a scenario fails on a state no game reaches)."""

    def perform(self, state: Any, action: str, spec: Any) -> tuple[Any, tuple]:
        """Take one step (raising ``scenarios.Refused`` for an illegal decision)."""

    def refusal_problem(self, state: Any, spec: Any) -> str | None:
        """Why a refused decision proves nothing in this game, or None."""

    def fact(self, state: Any, name: str) -> Any:
        """A named fact of the state."""

    def same(self, got: Any, want: Any) -> bool:
        """Whether a fact's value is the one the file expects."""

    def options(self, state: Any) -> tuple:
        """The legal decisions, as the patterns see them."""

    def matches(self, obj: Any, pattern: dict) -> bool:
        """Whether an event or decision matches a file's pattern."""

    def event_text(self, event: Any) -> str:
        """An event in words."""

    def headline(self, state: Any) -> dict:
        """The facts shown before and after each step."""

    def describe_action(self, action: str, spec: Any) -> str:
        """A step in words."""


@dataclass(frozen=True)
class Plugin:
    """One ruleset, as the harness sees it (``rulesets.plugin(name)``)."""

    game: Game
    """The model adapter: setups, rules, outcomes, keys and words (``rulesets.load(name)`` returns it)."""
    properties: Callable[[], Properties]
    """Loads the invariants, steering, coverage and replay helpers (every command that checks play)."""
    machine: Callable[[], StateMachine]
    """Loads the Hypothesis state machine (``check``, ``bench``)."""
    witnesses: Path
    """The folder of kept witnesses from a legal setup; the readings' divergence witnesses are in ``divergences/`` beside it."""
    graph_facts: Callable[[], GraphFacts] | None = None
    """Loads what the graphs need beyond the code (``graph``, ``explore``, ``witnesses``, the report); None: no graphs."""
    reading_progress: Callable[[], Mapping[str, Any]] | None = None
    """Loads, per reading, how near a game is to where its values part (steers ``witnesses --readings``); None: none."""
    symbolic: Callable[[], SymbolicEncoding] | None = None
    """Loads the Z3 encoding (``prove``, ``ask``, the report's proofs); None: no symbolic encoding."""
    extra_proofs: Callable[..., dict[str, dict]] | None = None
    """Proofs that hold whatever the player count, by JSON key (called with ``smtlib_dir``, and ``work`` and
    ``seconds`` per obligation as for ``prove_players`` when the caller sets them); None: none."""
    clarify: Callable[[], ClarifyLanguage] | None = None
    """Loads the clarification language (``clarify``); None: no clarification language."""
    clarify_in_play: Callable[..., dict] | None = None
    """Checks clarification statements in random play (``clarify --in-play``; called with a budget and the statements); None: none."""
    scenario_vocab: Callable[[], ScenarioVocabulary] | None = None
    """Loads the vocabulary of the corner-case scenario files; None: no scenarios."""
    census: Callable[[], CensusFacts] | None = None
    """Loads what the census of surprises needs (``properties/<name>/census.py``, a ``properties.common.census.CensusFacts``); None: no census."""
    knockout_games: int | None = None
    """Checked games per knock-out before giving up (``knockout``, the report); None: each one's own budget."""

    @property
    def name(self) -> str:
        """The ruleset's name (the game's)."""
        return self.game.name


def members(protocol: type) -> tuple[str, ...]:
    """The names a Protocol above declares: its annotated attributes, then its methods."""
    own = vars(protocol)
    methods = [n for n, v in own.items() if callable(v) and not n.startswith("_")]
    return (*own.get("__annotations__", {}), *methods)
