"""A game's rows as ``ingest`` builds them: the record collector's replay makes no effects for it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adjudicator.replay import replay_log
from adjudicator.state import GameState
from adjudicator.store.records import RecordCollector

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures"
LOGS = sorted(FIXTURES.glob("**/*.jsonl"))


class _Effects:
    """Notes what ``state.effects`` holds after each applied event."""

    def __init__(self, reads: bool) -> None:
        self.reads_effects = reads
        self.seen: list[object] = []

    def before(self, state: GameState, event: Any, index: int) -> None:
        pass

    def after(self, state: GameState, event: Any, index: int) -> None:
        self.seen.append(state.effects)

    def judged(self, state: GameState, index: int, applied: int, stopped_by: Any) -> None:
        pass


def test_an_observer_that_reads_no_effects_is_given_none() -> None:
    data = max(FIXTURES.glob("base/*.jsonl"), key=lambda p: p.stat().st_size).read_bytes()
    reading, not_reading = _Effects(True), _Effects(False)
    replay_log(data, observer=reading)
    replay_log(data, observer=not_reading)
    assert reading.seen and all(isinstance(e, list) for e in reading.seen)
    assert any(reading.seen)  # some event did something
    assert not_reading.seen == [None] * len(reading.seen)
    assert RecordCollector.reads_effects is False


class _ReadingEffects:
    """A record collector watching through an observer that has effects made."""

    reads_effects = True

    def __init__(self) -> None:
        self.collector = RecordCollector()

    def before(self, state: GameState, event: Any, index: int) -> None:
        self.collector.before(state, event, index)

    def after(self, state: GameState, event: Any, index: int) -> None:
        assert state.effects is not None
        self.collector.after(state, event, index)

    def judged(self, state: GameState, index: int, applied: int, stopped_by: Any) -> None:
        self.collector.judged(state, index, applied, stopped_by)


@pytest.mark.parametrize("path", LOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_records_do_not_depend_on_the_effects(path: Path) -> None:
    data = path.read_bytes()
    plain, reading = RecordCollector(), _ReadingEffects()
    try:
        first = replay_log(data, observer=plain)
    except Exception as exc:  # an unreadable fixture: the same either way
        with pytest.raises(type(exc)):
            replay_log(data, observer=reading)
        return
    second = replay_log(data, observer=reading)
    assert plain.records(first.state) == reading.collector.records(second.state)
