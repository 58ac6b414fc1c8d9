"""The view facet (``adjudicator.rulesets.view``): what the readers of a table ask a kit, with
defaults for a kit that brings none, and each shipped kit's own view and row model."""

from __future__ import annotations

from adjudicator.rulesets import KITS, Kit, find_kit
from adjudicator.rulesets.view import DEFAULT_VIEW, RulesetView, TablePlayer
from adjudicator.state import Ruleset
from tests.adjudicator.rulesets.test_registry import House

#: What only readers ask: none of it is a hook of the rules any more.
VIEW_QUESTIONS = ("row_fields", "row_notes", "card_order", "outcome_marks", "view_label", "mode", "status_legend", "pending_cards")


def test_the_rules_answer_no_question_of_the_view() -> None:
    assert not [name for name in VIEW_QUESTIONS if hasattr(Ruleset, name)]
    for kit in KITS:
        assert not [name for name in VIEW_QUESTIONS if hasattr(kit.rules, name)], kit.name


def test_a_kit_without_a_view_gets_the_defaults() -> None:
    kit = Kit(rules=House())
    assert kit.view is DEFAULT_VIEW and DEFAULT_VIEW.row_model is TablePlayer
    assert DEFAULT_VIEW.card_order(kit.rules) == tuple(kit.rules.deck(1))
    assert DEFAULT_VIEW.card_label(kit.rules, "7") == kit.rules.card_name("7")
    assert DEFAULT_VIEW.outcome_marks() == {} and DEFAULT_VIEW.example_log == ()


def test_each_shipped_kit_has_its_own_view_and_row_model() -> None:
    for kit in KITS:
        assert type(kit.view) is not RulesetView, kit.name
        assert issubclass(kit.view.row_model, TablePlayer) and kit.view.row_model is not TablePlayer, kit.name
    own = {kit.name: set(kit.view.row_model.model_fields) - set(TablePlayer.model_fields) for kit in KITS}
    assert own == {"flip7": {"second_chance", "frozen_by"}, "vengeance": {"holds_the_zero"}}


def test_the_views_speak_of_their_own_cards() -> None:
    base, vengeance = find_kit("flip7"), find_kit("vengeance")
    assert base.view.outcome_marks() == {"frozen": ("❄", "frozen")} and vengeance.view.outcome_marks() == {}
    assert vengeance.view.card_label(vengeance.rules, "/2") == "÷2" and base.view.card_label(base.rules, "x2") == "x2"
    assert vengeance.view.card_order(vengeance.rules)[:2] == ("0", "1")
    assert base.view.example_log and not vengeance.view.example_log  # the API's examples are the default ruleset's
