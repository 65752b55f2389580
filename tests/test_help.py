"""Help that teaches: every option says what it does and its default, name-valued options list their names, examples parse."""

from __future__ import annotations

import argparse

import pytest

from oblivaeon_verify import cli
from oblivaeon_verify.commands import common

COMMANDS = cli.command_modules()


def _options(sp):
    return [a for a in sp._actions if not isinstance(a, (argparse._HelpAction, argparse._VersionAction)) and a.help != argparse.SUPPRESS]


def _help_of(sp, action) -> str:
    return sp._get_formatter()._expand_help(action)


@pytest.mark.parametrize("command", COMMANDS)
def test_every_option_has_a_help_text_that_shows_its_default(command):
    sp = cli.subparser(command)
    for a in _options(sp):
        assert a.help, f"{command} {a.option_strings or a.dest}: no help text"
        if a.option_strings:
            assert "default" in _help_of(sp, a), f"{command} {a.option_strings}: its help does not show its default"


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_examples_and_each_parses_with_its_own_parser(command):
    sp = cli.subparser(command)
    examples = common.examples(sp)
    assert 2 <= len(examples) <= 3, f"{command}: {len(examples)} examples"
    for argv in examples:
        assert argv[0] == command, argv
        args = cli.subparser(command).parse_strictly(argv[1:])  # (an error raises instead of exiting)
        assert callable(args.fn)
        assert cli.build_parser().parse_args(argv).command == command


def test_name_valued_options_are_checked_choices_listed_in_help():
    checked = {
        ("ask", "query"): "fewest-turns-to-reshuffle",
        ("ask", "--symbolic"): "countdown_start",
        ("ask", "--option"): "game-over",
        ("prove", "--mutant"): "exhaustion-forgotten",
        ("report", "--section"): "proofs",
        ("verify", "--section"): "graphs",
        ("explore", "--configuration"): "pressure",
        ("knockout", "--clause"): "INCAP.CARDS-TO-BOX",
        ("knockout", "--handler"): "FireReaction",
        ("check", "--profile"): "thorough",
        ("graph", "--format"): "mermaid",
    }
    for (command, option), name in checked.items():
        sp = cli.subparser(command)
        action = next(a for a in sp._actions if option in a.option_strings or a.dest == option)
        assert action.choices is not None and name in action.choices, (command, option)
        assert name in sp.format_help(), (command, option)
    for command in COMMANDS:
        sp = cli.subparser(command)
        rs = [a for a in sp._actions if "--ruleset" in a.option_strings]
        if rs:
            assert list(rs[0].choices) == ["aeons_end", "oblivaeon"] and "aeons_end" in sp.format_help()


@pytest.mark.parametrize(
    "argv, option",
    [
        (["ask", "no-such-query"], "QUERY"),
        (["prove", "--mutant", "nope"], "--mutant"),
        (["report", "--section", "proofz"], "--section"),
        (["explore", "--configuration", "nope"], "--configuration"),
        (["simulate", "--ruleset", "chess"], "--ruleset"),
        (["knockout", "--handler", "FireReactoin"], "--handler"),
        (["ask", "fewest-rounds-to-lose", "--symbolic", "nope"], "--symbolic"),
    ],
)
def test_a_misspelt_name_is_refused_by_the_parser_in_one_line_naming_the_option(argv, option):
    with pytest.raises(common.UsageError) as e:
        cli.subparser(argv[0]).parse_strictly(argv[1:])
    assert option in str(e.value) and "\n" not in str(e.value)


def test_a_help_text_without_its_default_is_caught():
    p = common.ArgumentParser(prog="t")
    p.add_argument("--thing", help="a thing")
    p.add_argument("--flag", action="store_true", help="a flag")
    p.add_argument("--count", type=int, default=3, help="a count")
    shown = {a.dest: _help_of(p, a) for a in _options(p)}
    assert "default" not in shown["thing"]  # no value and no words: the walk above fails such an option
    assert shown["flag"].endswith("(default: off)") and shown["count"].endswith("(default: 3)")


def test_every_command_has_the_same_default_seed():
    seeds = {c: a.default for c in COMMANDS for a in cli.subparser(c)._actions if "--seed" in a.option_strings}
    assert seeds and set(seeds.values()) == {common.DEFAULT_SEED}, seeds
