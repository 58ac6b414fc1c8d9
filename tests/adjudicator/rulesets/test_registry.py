"""The registry of ruleset kits: the explicit list, a name checked when the game line is read, and a
ruleset registered for one test only."""

from __future__ import annotations

from adjudicator.replay import check_log
from adjudicator.rulesets import KITS, RULESETS, Kit, find_kit, registered
from adjudicator.rulesets.base.rules import BaseGame

GAME = '{"type":"game","id":"g","players":["Ana","Ben","Cem"],"dealer":"Ana","ruleset":"%s"}\n'


class House(BaseGame):
    """The base game under another name (its rules unchanged)."""

    name = "house"


def test_the_registry_lists_both_kits_in_order() -> None:
    assert [kit.name for kit in KITS] == ["flip7", "vengeance"]
    assert list(RULESETS) == ["flip7", "vengeance"]
    assert find_kit("vengeance").words is not None
    assert find_kit("vengeance").analysis == "adjudicator.rulesets.vengeance.analysis"
    assert Kit(rules=House()).analysis is None  # facets are optional
    assert find_kit("flip7").analysis == "adjudicator.rulesets.base.analysis"


def test_a_misspelt_ruleset_is_refused_with_the_nearest_name() -> None:
    verdict = check_log(GAME % "vengance")
    (violation,) = verdict.violations
    assert violation.code == "bad_event"
    assert violation.message.endswith("got 'vengance' (did you mean 'vengeance'?)")


def test_a_ruleset_registered_for_a_block_only() -> None:
    with registered(Kit(rules=House())) as rules:
        assert rules.name == "house"
        assert check_log(GAME % "house").valid
    assert "house" not in RULESETS
    assert check_log(GAME % "house").violations[0].code == "bad_event"
