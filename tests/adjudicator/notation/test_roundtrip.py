"""Every log in logs/ and fixtures/ goes to notation and back with the same events and verdict."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.errors import Flip7Error, RuleViolation
from adjudicator.events import parse_event
from adjudicator.notation import jsonl_to_notation, notation_to_jsonl, parse_notation, replay_notation
from adjudicator.replay import replay_log
from adjudicator.source import lines_from_text

ROOT = Path(__file__).resolve().parents[3]
LOGS = sorted([*ROOT.glob("logs/*.jsonl"), *ROOT.glob("fixtures/*/*.jsonl")])


def _verdict(lines: list[str]) -> object:
    try:
        return replay_log(lines).verdict.to_dict()
    except Flip7Error as exc:  # vengeance logs: not judged yet, the same refusal both ways
        return f"{type(exc).__name__}: {exc}"


def _same_line(original: str, again: str) -> None:
    stripped = original.strip()
    if not stripped or stripped.startswith("#"):
        assert again == original
        return
    try:
        event = parse_event(original)
    except RuleViolation:
        assert again == original  # a line that is no event is kept as it was
        return
    assert parse_event(again) == event


def test_there_are_logs_to_convert() -> None:
    assert len(LOGS) > 200


@pytest.mark.parametrize("path", LOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
@pytest.mark.parametrize("lang", ["en", "de"])
def test_jsonl_to_notation_and_back_keeps_events_and_verdict(path: Path, lang: str) -> None:
    lines = list(lines_from_text(path.read_text(encoding="utf-8")))
    notation = parse_notation(jsonl_to_notation(lines, lang))
    assert notation.errors == []
    again = notation_to_jsonl(notation)
    assert len(again) == len(lines)
    for original, line in zip(lines, again, strict=True):
        _same_line(original, line)
    verdict = _verdict(lines)
    assert _verdict(again) == verdict
    if isinstance(verdict, dict):
        judged = replay_notation(notation)[0].verdict.to_dict()
        by_line = {e.line for e in notation.entries}
        assert all(v["line"] in by_line for v in judged["violations"])
        strip = [{k: v for k, v in x.items() if k != "line"} for x in verdict["violations"]]
        assert [{k: v for k, v in x.items() if k != "line"} for x in judged["violations"]] == strip
        assert {k: v for k, v in judged.items() if k != "violations"} == {k: v for k, v in verdict.items() if k != "violations"}
