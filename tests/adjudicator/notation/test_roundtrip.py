"""Every log in logs/ and fixtures/ goes to notation and back with the same events and verdict.

Lines are read as the replay reads them (after the ``game`` line, with the game's ruleset), and
every line that is an event must be printed as a statement, not kept as a raw JSON line: so the
Vengeance logs prove the Vengeance card and field words, not only the raw-line escape hatch.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from adjudicator.errors import Flip7Error, RuleViolation
from adjudicator.events import Event, parse_event
from adjudicator.notation import event_entries, jsonl_to_notation, notation_to_jsonl, parse_notation, replay_notation
from adjudicator.replay import replay_log
from adjudicator.rules import RULESETS
from adjudicator.source import lines_from_text

ROOT = Path(__file__).resolve().parents[3]
LOGS = sorted([*ROOT.glob("logs/*.jsonl"), *ROOT.glob("fixtures/*/*.jsonl")])


def _verdict(lines: list[str]) -> object:
    try:
        return replay_log(lines).verdict.to_dict()
    except Flip7Error as exc:  # a log that cannot be judged: the same refusal both ways
        return f"{type(exc).__name__}: {exc}"


def _readers(lines: list[str]) -> list[Callable[[str], Event]]:
    """For each line, how the replay reads it: the base game's reader until the game line, then its ruleset's."""
    read: Callable[[str], Event] = parse_event
    out = []
    for line in lines:
        out.append(read)
        try:
            event = read(line)
        except RuleViolation:
            continue
        if event.type == "game" and event.ruleset in RULESETS:
            read = RULESETS[event.ruleset].parse
    return out


def _same_line(original: str, again: str, read: Callable[[str], Event]) -> None:
    stripped = original.strip()
    if not stripped or stripped.startswith("#"):
        assert again == original
        return
    try:
        event = read(original)
    except RuleViolation:
        assert again == original  # a line that is no event is kept as it was
        return
    assert read(again) == event


def _raw_events(lines: list[str], printed: str) -> list[str]:
    """Lines that are events of their game yet were printed as raw JSON lines."""
    events = set()
    for line, read in zip(lines, _readers(lines), strict=True):
        try:
            read(line)
        except RuleViolation:
            continue
        events.add(line.strip())
    return [raw for raw in printed.splitlines() if raw.strip() in events]


_EVENT_LINE = re.compile(r"event (\d+) \(line (\d+)\)")


def _unlined(violation: dict[str, object]) -> dict[str, object]:
    """A violation without its lines (the line and an earlier event's line in the message)."""
    return {k: re.sub(r" \(line \d+\)", "", v) if isinstance(v, str) else v for k, v in violation.items() if k != "line"}


def test_there_are_logs_to_convert() -> None:
    assert len(LOGS) > 200


@pytest.mark.parametrize("path", LOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
@pytest.mark.parametrize("lang", ["en", "de"])
def test_jsonl_to_notation_and_back_keeps_events_and_verdict(path: Path, lang: str) -> None:
    lines = list(lines_from_text(path.read_text(encoding="utf-8")))
    printed = jsonl_to_notation(lines, lang)
    assert _raw_events(lines, printed) == []
    notation = parse_notation(printed)
    assert notation.errors == []
    again = notation_to_jsonl(notation)
    assert len(again) == len(lines)
    for original, line, read in zip(lines, again, _readers(lines), strict=True):
        _same_line(original, line, read)
    verdict = _verdict(lines)
    assert _verdict(again) == verdict
    if isinstance(verdict, dict):
        judged = replay_notation(notation)[0].verdict.to_dict()
        by_line = {e.line for e in notation.entries}
        assert all(v["line"] in by_line for v in judged["violations"])
        strip = [_unlined(x) for x in verdict["violations"]]
        assert [_unlined(x) for x in judged["violations"]] == strip
        event_lines = [e.line for e in event_entries(notation)]
        for v in judged["violations"]:  # an earlier event a message names is named by its notation line
            assert all(int(line) == event_lines[int(n)] for n, line in _EVENT_LINE.findall(v["message"]))
        assert {k: v for k, v in judged.items() if k != "violations"} == {k: v for k, v in verdict.items() if k != "violations"}
