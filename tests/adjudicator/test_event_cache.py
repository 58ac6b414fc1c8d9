"""The replay's memo of parsed lines: identical lines share one event; bad lines fail every time."""

from __future__ import annotations

import json

import pytest

from adjudicator.errors import RuleViolation
from adjudicator.event_cache import flat_object, memoized, with_flat_reader
from adjudicator.events import load_json, parse_event, validate_event
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


#: Lines of every shape near the fast reader's edge: what the strict reader makes of each.
EDGE_LINES = [
    '{"type":"card","player":"Ana","card":"7"}',
    '{"type":"round","round":3,"dealer":"Ben"}',
    '{"type":"round","round":-0}',
    '{"type":"round","round":123456789012345}',
    '{"type":"round","round":1234567890123456}',  # 16 digits: the strict reader's stand-in
    '{"type":"round","round":01}',  # not JSON
    '{"type":"card","player":"Ana","card":"7","card":"8"}',  # a key twice
    '{"type":"card","player":"A\\u00e9","card":"7"}',  # an escape
    '{"type":"card","player":"A\x01","card":"7"}',  # a control character
    '{"type":"card","player":"Ana","card":"7",}',
    '{"type":"card", "player":"Ana","card":"7"}',  # white space
    '{"type":"stay","player":"Ana","extra":true}',
    "{}",
]


def _strict(text: str) -> tuple[str, object]:
    try:
        return "event", parse_event(text)
    except RuleViolation as exc:
        return "refused", str(exc)


@pytest.mark.parametrize("text", EDGE_LINES)
def test_the_flat_reader_reads_only_what_the_strict_reader_reads_alike(text: str) -> None:
    obj = flat_object(text)
    if obj is not None:
        assert obj == load_json(text)
        assert [type(v) for v in obj.values()] == [type(v) for v in load_json(text).values()]
    parse = with_flat_reader(validate_event, parse_event)
    try:
        got: tuple[str, object] = "event", parse(text)
    except RuleViolation as exc:
        got = "refused", str(exc)
    assert got == _strict(text)


def test_which_lines_the_flat_reader_takes(snapshot) -> None:  # type: ignore[no-untyped-def]
    taken = {text: flat_object(text) is not None for text in EDGE_LINES}
    assert taken['{"type":"card","player":"Ana","card":"7"}'] and not taken['{"type":"card","player":"Ana","card":"7","card":"8"}']
    assert taken == snapshot


def test_a_replay_reads_compact_lines_without_the_strict_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    import adjudicator.events as events
    from adjudicator import check_log
    from adjudicator.simulate import simulate

    game = next(iter(simulate(1, 4, seed=5)))
    expected = check_log(game.text()).to_dict()
    calls: list[str] = []
    real = events._DECODER.decode
    monkeypatch.setattr(events, "_DECODER", type("Spy", (), {"decode": staticmethod(lambda text: calls.append(text) or real(text))})())
    assert check_log(game.text()).to_dict() == expected
    # only the lines that nest (the game's seats, the claims' scores) go to the strict reader
    assert calls and {json.loads(text)["type"] for text in calls} <= {"game", "score", "end"}
    calls.clear()
    spaced = game.text().replace('"type":"hit",', '"type": "hit",')
    assert check_log(spaced).valid and any('"type": "hit"' in text for text in calls)  # spaced lines: the strict reader
