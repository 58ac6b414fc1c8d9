"""Regression tests of the inputs a fuzzer broke the core with: each must be a verdict, never a crash.

Every class of issue 14's table has its own test here: deep nesting, huge integers (and ``decks``),
lone surrogates; plus the bounds decided where the contract is silent (docs/decisions.md).
"""

from __future__ import annotations

import pytest

from adjudicator.errors import RuleViolation
from adjudicator.events import MAX_DECKS, MAX_DEPTH, MAX_DIGITS, MAX_NAME_LENGTH, parse_event
from adjudicator.replay import check_log, state_at
from tests.adjudicator.helpers import log

SPEC = (
    '{"type":"game","id":"spec","players":["Ana","Ben","Cem"],"dealer":"Ana"}',
    '{"type":"round","round":1}',
    '{"type":"card","player":"Ben","card":"8"}',
)


def nested(levels: int) -> str:
    """A JSON value nested ``levels`` lists deep (an escape inside, as the fuzzer's was)."""
    return "[" * levels + '"\\u0041"' + "]" * levels


def only_violation(text: str) -> dict[str, object]:
    verdict = check_log(text).to_dict()
    assert verdict["valid"] is False
    return verdict["violations"][0]


@pytest.mark.parametrize("levels", [MAX_DEPTH + 1, 500, 900, 990, 5000])
@pytest.mark.parametrize(
    "template",
    [
        '{{"type":"round","round":1,"x":{value}}}',  # an unknown field
        '{{"type":"score","round":1,"scores":{{"Ana":{value}}}}}',  # a wrong type
        "{value}",  # the whole line
    ],
)
def test_deep_nesting_is_a_bad_event_naming_the_depth(levels: int, template: str) -> None:
    line = template.format(value=nested(levels))
    violation = only_violation(log(SPEC[0], line))
    assert violation["code"] == "bad_event" and violation["line"] == 2
    assert f"at most {MAX_DEPTH}" in str(violation["message"])


def test_deep_nesting_in_the_game_line_and_in_state() -> None:
    text = log('{"type":"game","id":"g","players":["A","B","C"],"dealer":"A","x":' + nested(800) + "}", SPEC[1])
    violation = only_violation(text)
    assert violation["line"] == 1 and "nested" in str(violation["message"])
    assert state_at(text, 0).stopped_by is not None


def test_nesting_up_to_the_bound_is_judged_normally() -> None:
    value = "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)  # the object itself is one level
    error = _bad('{"type":"hit","player":"Ana","x":' + value + "}")
    assert "no field 'x'" in error.message


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    name = "[" * 90 + "{" * 90
    event = parse_event('{"type":"hit","player":"' + name + '"}')
    assert event.player == name  # type: ignore[union-attr]


def _bad(line: str) -> RuleViolation:
    with pytest.raises(RuleViolation) as info:
        parse_event(line)
    assert info.value.code == "bad_event"
    return info.value


@pytest.mark.parametrize("digits", [MAX_DIGITS + 1, 4000, 4299, 4301, 20000])
def test_integers_with_too_many_digits_name_the_field(digits: int) -> None:
    number = "1" + "0" * (digits - 1)
    error = _bad('{"type":"game","id":"g","players":["A","B","C"],"dealer":"A","decks":' + number + "}")
    assert "'decks'" in error.message and f"{digits:,} digits" in error.message and f"at most {MAX_DIGITS}" in error.message
    error = _bad('{"type":"score","round":1,"scores":{"Ana":-' + number + "}}")
    assert "'scores.Ana'" in error.message
    error = _bad('{"type":"card","player":"A","card":' + number + "}")
    assert "digits" in error.message


def test_huge_decks_then_shuffle_is_a_verdict() -> None:
    """The fuzzer's case: a decks of 4,300 digits, then a shuffle whose message holds 94 × decks."""
    text = log(SPEC[0].replace('"dealer":"Ana"', '"dealer":"Ana","decks":1' + "0" * 4299), SPEC[1], '{"type":"shuffle"}')
    violation = only_violation(text)
    assert violation["line"] == 1 and violation["code"] == "bad_event"


def test_decks_are_bounded() -> None:
    line = SPEC[0].replace('"dealer":"Ana"', f'"dealer":"Ana","decks":{MAX_DECKS + 1}')
    error = _bad(line)
    assert error.rule == "setup.game" and f"less than or equal to {MAX_DECKS}" in error.message and "decks" in error.message
    ok = parse_event(line.replace(str(MAX_DECKS + 1), str(MAX_DECKS)))
    assert ok.decks == MAX_DECKS  # type: ignore[union-attr]


def test_integers_up_to_the_bound_are_judged_normally() -> None:
    big = "9" * MAX_DIGITS
    assert parse_event('{"type":"round","round":' + big + "}").round == int(big)  # type: ignore[union-attr]
    assert parse_event('{"type":"score","round":1,"scores":{"Ana":-' + big + "}}").scores == {"Ana": -int(big)}  # type: ignore[union-attr]
    violation = only_violation(log(SPEC[0], '{"type":"round","round":' + big + "}"))
    assert violation["code"] == "out_of_order" and violation["line"] == 2


@pytest.mark.parametrize("where", ["players", "dealer", "id", "scores key", "hit"])
def test_lone_surrogates_are_bad_events_anywhere(where: str) -> None:
    lines = {
        "players": '{"type":"game","id":"g","players":["A","B\\ud800","C"],"dealer":"A"}',
        "dealer": '{"type":"game","id":"g","players":["A","B","C"],"dealer":"\\udfff"}',
        "id": '{"type":"game","id":"\\ud800\\ud800","players":["A","B","C"],"dealer":"A"}',
        "scores key": '{"type":"score","round":1,"scores":{"\\ud83d":1}}',
        "hit": '{"type":"hit","player":"\\udc00\\ud800"}',
    }
    error = _bad(lines[where])
    assert error.rule == "log.line" and "surrogate" in error.message


def test_names_are_bounded() -> None:
    long_name = "N" * (MAX_NAME_LENGTH + 1)
    error = _bad('{"type":"game","id":"g","players":["A","B","' + long_name + '"],"dealer":"A"}')
    assert "players.2" in error.message and f"at most {MAX_NAME_LENGTH}" in error.message
    assert parse_event('{"type":"hit","player":"' + long_name[1:] + '"}').player == long_name[1:]  # type: ignore[union-attr]
