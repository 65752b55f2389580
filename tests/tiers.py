"""Which tests are campaigns: the one list of them (``conftest`` marks them ``campaign``).

A campaign runs a whole command end to end (often in another process), plays hundreds of games, builds
a report or a wheel, or waits out a time limit.  Everything else is the quick tier, the unit and rule
tests: ``pytest -m "not campaign" -n auto`` runs it in about 40 s on two cores (80 s on a slow day).  ``tests/README.md``
says where a new test goes.
"""

from __future__ import annotations

#: Folders of tests that are campaigns as a whole (the fuzzers run their budgets).
FOLDERS = ("tests/fuzz/",)

#: Test modules that are campaigns as a whole.
MODULES = frozenset(
    {
        "tests/test_acceptance.py",
        "tests/test_aeons_end_play.py",
        "tests/test_aeons_end_symbolic.py",
        "tests/test_clarify_batch.py",
        "tests/test_clarify_in_play.py",
        "tests/test_clarify_robustness.py",
        "tests/test_clarify_second_generation.py",
        "tests/test_conformance.py",
        "tests/test_dask.py",
        "tests/test_determinism.py",
        "tests/test_divergence_witnesses.py",
        "tests/test_every_command_for_every_ruleset.py",
        "tests/test_exit_codes.py",
        "tests/test_golden_traces.py",
        "tests/test_graphs_export.py",
        "tests/test_graphs_section.py",
        "tests/test_handler_knockout_campaign.py",
        "tests/test_hangs.py",
        "tests/test_interrupts.py",
        "tests/test_inv_cli.py",
        "tests/test_itf_traces.py",
        "tests/test_output_safety.py",
        "tests/test_position_key.py",
        "tests/test_progress.py",
        "tests/test_redis_db.py",
        "tests/test_report.py",
        "tests/test_report_browser.py",
        "tests/test_schemas.py",
        "tests/test_setup_witnesses.py",
        "tests/test_shards.py",
        "tests/test_symbolic_cli.py",
        "tests/test_wheel.py",
        "tests/test_words.py",
        "tests/test_workers.py",
    }
)

#: Single tests that are campaigns in a module of quick ones (by name, parameters left off).
TESTS = frozenset(
    {
        "tests/test_cli.py::test_verify_writes_the_reports",
        "tests/test_knockout_skip.py::test_skipping_gives_the_row_of_playing_every_game_for_oblivaeon_too",
        "tests/test_knockout_skip.py::test_the_oblivaeon_cases_skip_what_they_claim_to",
        "tests/test_knockout_skip.py::test_a_row_counts_the_games_a_knock_out_made_go_otherwise",
        "tests/test_clarify.py::test_the_encoded_rulebook_is_consistent_and_reports_what_follows_from_the_rest",
        "tests/test_clarify.py::test_a_new_clarification_is_consistent",
        "tests/test_clarify.py::test_a_contradicting_clarification_names_every_minimal_core",
        "tests/test_clarify_relevance.py::test_the_split_rulebook_check_agrees_with_the_whole_one",
        "tests/test_clarify_relevance.py::test_split_questions_about_the_oblivaeon_rulebook_agree_with_whole_ones",
        "tests/test_symbolic.py::test_fewest_rounds_to_lose_is_exact_when_the_witness_meets_the_proved_bound",
        "tests/test_symbolic.py::test_the_default_booklet_loses_in_round_4_at_the_fewest_proved_and_witnessed",
        "tests/test_goals.py::test_the_multiverse_destroyed_in_words_is_the_fewest_rounds_query_proved_exact",
        "tests/test_goals.py::test_the_most_a_quantity_can_be_is_exact_when_proved",
        "tests/test_goals.py::test_a_quantity_without_a_most_says_so_and_claims_nothing",
        "tests/test_goals.py::test_ask_most_on_the_command_line",
        "tests/test_goals.py::test_a_proof_out_of_work_is_said_in_the_answer_not_left_unsaid",
        "tests/test_goals.py::test_ask_decisions_json_fits_the_ask_schema",
        "tests/test_census.py::test_every_resolution_of_oblivaeon_is_needed_and_none_is_left_unresolved",
        "tests/test_goals.py::test_the_fewest_turns_to_a_loss_is_exact_and_agrees_with_the_fewest_rounds",
        "tests/test_symbolic.py::test_the_proofs_section_is_deterministic_apart_from_timing",
        "tests/test_aeons_end_clarify.py::test_the_encoded_rulebook_is_consistent_and_no_rule_follows_from_the_others",
        "tests/test_refinement.py::test_hypothesis_chosen_decisions_refine_the_symbolic_relation",
        "tests/test_clarify.py::test_an_inconsistent_set_is_reported_with_its_core",
        "tests/test_aeons_end_declarations.py::test_random_play_and_the_scenarios_emit_only_declared_events_filled_as_declared",
        "tests/test_scenario_contract.py::test_random_play_emits_no_event_kind_the_model_does_not_declare",
        "tests/test_scenario_contract.py::test_random_play_offers_only_declared_kinds_with_only_declared_fields",
        "tests/test_scenario_contract.py::test_the_declared_fact_types_describe_what_the_model_gives",
        # cross-checks over every knock-out, every scenario or the whole rulebook; the quick tier keeps the
        # broken models' differential and the scenario-position checks case by case
        "tests/test_incremental_checking.py::test_full_and_incremental_checking_agree_on_every_knockout",
        "tests/test_incremental_checking.py::test_full_and_incremental_checking_agree_over_healthy_games",
        "tests/test_aeons_end_clarify.py::test_the_rulebook_check_finds_the_same_redundant_ids_as_asking_each_ids_own_question",
        "tests/test_scenario_lib_position_problems.py::test_the_healthy_model_takes_no_decision_in_any_scenario_that_breaks_an_invariant",
        "tests/test_knockout_skip.py::test_skipping_the_games_a_knock_out_cannot_change_gives_the_row_of_playing_them",
        "tests/test_mutation_harness.py::test_the_healthy_model_survives_the_harness",
    }
)


def is_campaign(nodeid: str) -> bool:
    path, _, name = nodeid.partition("::")
    return path.startswith(FOLDERS) or path in MODULES or f"{path}::{name.partition('[')[0]}" in TESTS
