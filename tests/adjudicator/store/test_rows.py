"""A game's rows as ``ingest`` builds them: the record collector's replay makes no effects for it,
its records are kept as tuples in the tables' column order, and the ``events`` columns are packed
into a few objects for the trip from a worker to the writer."""

from __future__ import annotations

import dataclasses
import pickle
from array import array
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from adjudicator.replay import replay_log
from adjudicator.state import GameState
from adjudicator.store import ingest as ingest_module
from adjudicator.store.records import HitRecord, PlayerRoundRecord, RecordCollector, RoundRecord, TargetRecord, WipeRecord
from adjudicator.store.rows import PackedText, game_rows, packed_ints, packed_text
from adjudicator.store.schema import EVENTS, HITS, PLAYER_ROUNDS, ROUNDS, TARGETS, WIPES, Table

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


@pytest.mark.parametrize(
    "values", [[], ["{}"], ["ab", "", "é", "日本語 x", "{\"type\":\"hit\",\"player\":\"Zoë\"}"], ["\t", " \r", "\x00"]]
)
def test_packed_text_gives_the_values_back(values: list[str]) -> None:
    packed = packed_text(values)
    assert isinstance(packed, PackedText)
    assert len(packed) == len(values) and list(packed) == values
    assert list(pickle.loads(pickle.dumps(packed))) == values


def test_text_that_is_not_utf8_stays_a_list() -> None:
    values = ["ok", "a\udc80b"]
    assert packed_text(values) is values


def test_packed_ints_are_32_bit_or_a_list() -> None:
    assert packed_ints(range(4)) == array("i", [0, 1, 2, 3])
    assert packed_ints([1, 2**31]) == [1, 2**31]
    assert packed_ints([-(2**31), 2**31 - 1]) == array("i", [-(2**31), 2**31 - 1])


def _unpacked(columns: list[Any]) -> list[Any]:
    return [list(c) for c in columns]


def test_packed_and_plain_columns_make_the_same_batch() -> None:
    at = datetime(2026, 1, 1, tzinfo=UTC)
    games = []
    for path in LOGS[:40]:
        data = path.read_bytes()
        try:
            games.append(game_rows(path.name, data, "0" * 64, at))
        except Exception:
            continue
    assert any(isinstance(c, PackedText) for g in games for c in g.columns["events"])
    plain = [
        type(g)(g.game_id, g.content_hash, g.valid, g.verdict, g.n_events, {**g.columns, "events": _unpacked(g.columns["events"])})
        for g in games
    ]
    packed_table = ingest_module.batch_tables(games, [EVENTS])["events"]
    plain_table = ingest_module.batch_tables(plain, [EVENTS])["events"]
    assert packed_table.schema == plain_table.schema
    assert packed_table.to_pylist() == plain_table.to_pylist()
    assert packed_table.num_rows == sum(g.n_events for g in games)
    # a batch where one game's part is a list (a number past 32 bits) is read value by value
    mixed = [*games[:1], plain[1]]
    assert ingest_module.batch_tables(mixed, [EVENTS])["events"].to_pylist() == plain_table.to_pylist()[: sum(g.n_events for g in mixed)]


@pytest.mark.parametrize(
    ("record", "table"),
    [(RoundRecord, ROUNDS), (PlayerRoundRecord, PLAYER_ROUNDS), (HitRecord, HITS), (TargetRecord, TARGETS), (WipeRecord, WIPES)],
)
def test_a_record_has_its_tables_columns_in_order(record: type, table: Table) -> None:
    assert [f.name for f in dataclasses.fields(record)] == table.column_names[1:]


@pytest.mark.parametrize("path", LOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_rows_written_are_the_records_fields(path: Path) -> None:
    collector = RecordCollector()
    try:
        result = replay_log(path.read_bytes(), observer=collector)
    except Exception:
        return
    records = collector.records(result.state)
    assert collector.records(result.state) == records  # asking again adds nothing
    rows = collector.rows(result.state)
    for name in ("rounds", "player_rounds", "hits", "targets", "wipes"):
        assert getattr(rows, name) == [dataclasses.astuple(r) for r in getattr(records, name)]
