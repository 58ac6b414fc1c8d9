"""The replay's memo of parsed lines: identical lines share one event; bad lines fail every time."""

from __future__ import annotations

import pytest

from adjudicator.errors import RuleViolation
from adjudicator.event_cache import memoized
from adjudicator.events import parse_event
from adjudicator.source import TooLongLine

HIT = '{"type":"hit","player":"Ana"}'


def counting(calls: list[str]):
    def parse(text: str):
        calls.append(text)
        return parse_event(text)

    return parse


def test_identical_lines_share_one_event_and_are_parsed_once() -> None:
    calls: list[str] = []
    parse = memoized(counting(calls))
    first, again = parse(HIT), parse(HIT)
    assert first is again and first == parse_event(HIT)
    assert calls == [HIT]
    other = parse('{"type":"hit","player":"Ben"}')
    assert other.player == "Ben" and len(calls) == 2


def test_a_bad_line_raises_each_time_with_the_same_message() -> None:
    calls: list[str] = []
    parse = memoized(counting(calls))
    bad = '{"type":"hit","player":"Ana","player":"Ben"}'
    messages = []
    for _ in range(2):
        with pytest.raises(RuleViolation) as caught:
            parse(bad)
        messages.append(str(caught.value))
    assert messages[0] == messages[1] and "appears twice" in messages[0]
    assert calls == [bad, bad]


def test_the_memo_is_bounded_in_entries_and_line_length() -> None:
    calls: list[str] = []
    parse = memoized(counting(calls), entries=2, longest=40)
    lines = [f'{{"type":"hit","player":"P{i}"}}' for i in range(3)]
    for line in lines + lines:
        parse(line)
    assert calls.count(lines[0]) == 1 and calls.count(lines[1]) == 1 and calls.count(lines[2]) == 2
    long_line = '{"type":"stay","player":"' + "L" * 40 + '"}'
    parse(long_line), parse(long_line)
    assert calls.count(long_line) == 2


def test_a_too_long_line_stand_in_is_never_remembered() -> None:
    calls: list[str] = []
    parse = memoized(counting(calls))
    for _ in range(2):
        with pytest.raises(RuleViolation, match="bytes long"):
            parse(TooLongLine(100_000))
    assert len(calls) == 2
