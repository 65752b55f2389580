"""A scenario may say that its position must be refused by the model's setup (``setup_refused``).

The scenario passes only when building the position raises one of the vocabulary's setup errors whose text
holds its words; a setup the model accepts, one refused for another reason and an exception of another kind
each fail it, saying which.  Misuse (steps beside it, empty or multi-line words, neither steps nor it) is
refused when the file is read, in one line naming the file and the key.  The rules of setting up have one
source, the model's setup: the vocabulary checks only the words of a setup, so a rule of the model reaches
the scenario instead of being refused, by a copy of itself, when the file is read.
"""

from __future__ import annotations

import pytest
from oblivaeon_verify.model.aeons_end import setup as ae_setup

from oblivaeon_verify.scenarios import load, run
from tests.test_aeons_end_scenario_checks import VOCAB, refused, write  # one writer of malformed files

# --- the verdicts -------------------------------------------------------------------------------


def test_a_setup_the_model_refuses_with_the_words_passes_and_says_what_the_model_said(tmp_path):
    result = run(load(write(tmp_path, 'setup_refused = "different mage"\n[setup]\nmages = ["Jian", "Jian"]\n'), VOCAB), VOCAB)
    assert result.passed and result.verdict == "pass"
    assert "each player plays a different mage" in result.explain()
    assert result.to_json()["refusal"]["ok"] is True and result.steps == []


def test_a_setup_the_model_accepts_fails_the_scenario_saying_it_was_accepted(tmp_path):
    result = run(load(write(tmp_path, 'setup_refused = "different mage"\n[setup]\nmages = ["Jian", "Kadir"]\n'), VOCAB), VOCAB)
    assert not result.passed and result.verdict == "fail at setup"
    text = result.explain()
    assert "should have been refused with an error containing 'different mage'" in text and "accepted it" in text


def test_a_setup_refused_for_another_reason_fails_the_scenario_and_shows_the_reason(tmp_path):
    result = run(load(write(tmp_path, 'setup_refused = "different mage"\n[setup]\nmages = []\n'), VOCAB), VOCAB)
    assert not result.passed
    assert "refused for another reason: mages: Aeon's End is played by 1 to 4 players, got 0" in result.explain()


def test_an_exception_that_is_no_setup_error_fails_the_scenario_in_one_line(tmp_path, monkeypatch):
    sc = load(write(tmp_path, 'setup_refused = "different mage"\n[setup]\nmages = ["Jian", "Jian"]\n'), VOCAB)

    def broken(self, setup, params):
        raise RuntimeError("a model bug\nsecond line")

    monkeypatch.setattr(type(VOCAB), "new_game", broken)
    result = run(sc, VOCAB)
    assert not result.passed
    assert "building it raised RuntimeError: a model bug, which is no setup error" in result.explain()


def test_the_model_s_own_rule_is_what_refuses_a_setup_not_a_copy_in_the_vocabulary(tmp_path, monkeypatch):
    """With the model's rule of distinct mages removed, the same file is accepted by the setup and fails."""
    sc = load(write(tmp_path, 'setup_refused = "different mage"\n[setup]\nmages = ["Jian", "Jian"]\n'), VOCAB)
    assert run(sc, VOCAB).passed

    def validate_without_distinct_mages(self):
        if not 1 <= len(self.mages) <= 4:
            raise ae_setup.SetupError(f"mages: Aeon's End is played by 1 to 4 players, got {len(self.mages)}")

    monkeypatch.setattr(ae_setup.SetupConfig, "validate", validate_without_distinct_mages)
    assert "accepted it" in run(sc, VOCAB).explain()


def test_a_playing_scenario_with_a_setup_the_model_refuses_is_an_error_naming_the_model_s_reason(tmp_path):
    result = run(load(write(tmp_path, '[setup]\nmages = ["Jian", "Jian"]\n[[steps]]\nlook = "x"\n'), VOCAB), VOCAB)
    assert not result.passed
    assert result.explain().endswith("the position could not be built: mages: each player plays a different mage")


# --- misuse is refused when the file is read ------------------------------------------------------


@pytest.mark.parametrize(
    "body, fragments",
    [
        (
            'setup_refused = "different mage"\n[setup]\nmages = ["Jian", "Jian"]\n[[steps]]\nlook = "x"\n',
            ["steps", "has no steps; give steps or setup_refused, not both"],
        ),
        ('setup_refused = "  "\n', ["setup_refused", "got an empty string"]),
        ("setup_refused = 3\n", ["setup_refused", "expected a string", "got an integer 3"]),
        ('setup_refused = ["different mage"]\n', ["setup_refused", "got an array"]),
        ('setup_refused = "one\\nline"\n', ["setup_refused", "expected one line of text"]),
        (f'setup_refused = "{"x" * 201}"\n', ["setup_refused", "at most 200 characters", "got 201"]),
        ("[setup]\nmages = 1\n", ["steps", "missing", "or setup_refused = WORDS"]),
        ('setup_refused = "x"\n[setup]\nmage = ["Jian"]\n', ["setup.mage", "unknown setup key"]),
    ],
    ids=["with-steps", "blank-words", "number", "array", "two-lines", "too-long", "neither", "misspelt-setup-key"],
)
def test_misuse_of_setup_refused_is_one_line_naming_file_and_key(tmp_path, body, fragments):
    message = refused(tmp_path, body)
    for fragment in fragments:
        assert fragment in message, message


# --- the report's corner-case page --------------------------------------------------------------


def test_the_corner_page_of_a_refused_setup_tells_the_refusal_whether_it_passed_or_failed(tmp_path):
    from oblivaeon_verify import report, rulesets

    ruleset = rulesets.load("aeons_end")
    for mages, verdict in (
        (["Jian", "Jian"], "Pass: the setup was refused"),
        (["Jian", "Kadir"], "Fail: the setup should have been refused"),
    ):
        sc = load(write(tmp_path, f'setup_refused = "different mage"\n[setup]\nmages = {mages!r}\n'.replace("'", '"')), VOCAB)
        page = report._corner_page(ruleset, sc, run(sc, VOCAB), [])
        assert page["verdict_text"].startswith(verdict), page["verdict_text"]
        assert "steps behaved" not in page["verdict_text"]
    assert "the setup accepted it" in page["verdict_text"]
