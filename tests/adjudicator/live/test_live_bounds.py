"""Issue 28 in the table service: expiry never loses an event (item 10), finished tables are
bounded (12), nothing is read until asked and each table is replayed only when asked for (18),
and a reconnect far behind gets one ``sync`` (22)."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from adjudicator.live.limits import LiveLimits
from adjudicator.live.service import GameIdTaken, TableNotFound, TableService
from adjudicator.store import Store
from adjudicator.store import live as records
from adjudicator.store.errors import StoreError
from tests.adjudicator.live.test_live_table import SAMPLE, Clock

SEATS = {"players": ["Ana", "Ben", "Cem"], "dealer": "Ana"}
EVENTS = [json.loads(line) for line in SAMPLE[1:12]]


def log_of(lines: list[str]) -> bytes:
    return "".join(f"{line}\n" for line in lines).encode()


def played(service: TableService, game_id: str, events: list[dict[str, Any]] = EVENTS) -> tuple[str, str]:
    entry, key = service.create({"id": game_id, **SEATS})
    for event in events:
        service.append(entry.table.id, key, event)
    return entry.table.id, key


def test_an_idle_table_whose_game_cannot_be_stored_is_kept_with_every_event(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    with Store.open(tmp_path / "s.duckdb") as store:
        service = TableService(store, LiveLimits(idle_seconds=60), now=clock)
        table_id, _ = played(service, "kitchen")
        lines = list(service.entry(table_id).table.lines)
        clock.now += timedelta(seconds=61)
        real = store.ingest
        monkeypatch.setattr(store, "ingest", lambda *a, **k: (_ for _ in ()).throw(StoreError("the disk is full")))
        assert service.expire_idle() == []  # not stored: not forgotten
        assert records.table_lines(store, table_id) == lines and service.has(table_id)
        monkeypatch.setattr(store, "ingest", real)
        assert service.expire_idle() == [table_id]
        assert store.log_bytes("kitchen") == log_of(lines) and records.table_lines(store, table_id) == []


def test_a_crash_between_finishs_two_commits_loses_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, clock = tmp_path / "s.duckdb", Clock()
    with Store.open(path) as store:
        service = TableService(store, LiveLimits(idle_seconds=60), now=clock)
        table_id, key = played(service, "kitchen")
        monkeypatch.setattr(records, "mark_finished", lambda *a, **k: (_ for _ in ()).throw(StoreError("killed")))
        with pytest.raises(StoreError):
            service.finish(table_id, key)  # the game is stored; the table was not marked finished
        monkeypatch.undo()
    with Store.open(path) as store:  # restarted: the table is open again and takes more events
        service = TableService(store, LiveLimits(idle_seconds=60), now=clock)
        with pytest.raises(GameIdTaken):
            service.create({"id": "kitchen", **SEATS})
        service.append(table_id, key, json.loads(SAMPLE[12]))
        lines = list(service.entry(table_id).table.lines)
        clock.now += timedelta(seconds=61)
        assert service.expire_idle() == [table_id]
        kept = store.log_bytes(f"kitchen-{table_id}").decode().splitlines()  # "kitchen" holds the shorter log
        assert kept[1:] == lines[1:] and json.loads(kept[0])["id"] == f"kitchen-{table_id}"


def test_a_finished_table_whose_game_was_deleted_is_stored_again_before_it_is_forgotten(tmp_path: Path) -> None:
    clock = Clock()
    with Store.open(tmp_path / "s.duckdb") as store:
        service = TableService(store, LiveLimits(idle_seconds=60), now=clock)
        table_id, key = played(service, "kitchen")
        service.finish(table_id, key)
        lines = list(service.entry(table_id).table.lines)
        store.delete_game("kitchen")
        clock.now += timedelta(seconds=61)
        assert service.expire_idle() == [table_id]
        assert store.log_bytes("kitchen") == log_of(lines)


def test_finished_tables_are_bounded_and_counted(tmp_path: Path) -> None:
    clock = Clock()
    with Store.open(tmp_path / "s.duckdb") as store:
        service = TableService(store, LiveLimits(max_finished=2), now=clock)
        made = []
        for n in range(5):
            table_id, key = played(service, f"g{n}", EVENTS[:3])
            clock.now += timedelta(seconds=1)
            service.finish(table_id, key)
            made.append(table_id)
        assert service.finished_count() == 2 and service.open_count() == 0
        assert [service.has(t) for t in made] == [False, False, False, True, True]  # the longest untouched went first
        with pytest.raises(TableNotFound):
            service.entry(made[0])
        assert sorted(store.game_ids()) == ["g0", "g1", "g2", "g3", "g4"]  # every game stays stored
        assert sorted(stored.id for stored in records.table_index(store)) == sorted(made[3:])


def test_a_new_service_reads_nothing_until_asked_and_replays_only_the_table_asked_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "s.duckdb"
    with Store.open(path) as store:
        service = TableService(store)
        ids = [played(service, f"g{n}")[0] for n in range(4)]
    asked: list[str] = []
    real = records.table_lines
    monkeypatch.setattr(records, "table_lines", lambda store, table_id: asked.append(table_id) or real(store, table_id))
    monkeypatch.setattr(records, "table_index", lambda store, real=records.table_index: asked.append("index") or real(store))
    with Store.open(path) as store:
        service = TableService(store)
        assert asked == []
        assert service.entry(ids[2]).table.seq == len(EVENTS) + 1
        assert service.open_count() == 4 and service.entry(ids[2]) is service.entry(ids[2])
        assert asked == ["index", ids[2]]


def test_a_reconnect_far_behind_gets_one_sync_past_the_replay_bound(tmp_path: Path) -> None:
    with Store.open(tmp_path / "s.duckdb") as store:
        service = TableService(store, LiveLimits(replay_bytes=30_000))
        table_id, _ = played(service, "g")
        entry = service.entry(table_id)
        size = len(entry.snapshot_text)
        near = service.catch_up(entry, entry.table.seq - 2)
        assert near.changes is not None and len(near.changes) == 2 and near.lines == []
        far = service.catch_up(entry, 1)
        assert 11 * size > 30_000 and far.changes is None and far.lines == entry.table.lines


@pytest.mark.parametrize("write", ["append", "undo", "finish"])
def test_a_write_waiting_for_the_lock_is_refused_once_a_hand_over_revokes_its_key(tmp_path: Path, write: str) -> None:
    import threading

    from adjudicator.live.service import WrongKey, hash_key

    with Store.open(tmp_path / "s.duckdb") as store:
        service = TableService(store)
        table_id, key = played(service, "kitchen", EVENTS[:3])
        entry = service.entry(table_id)
        calls = {"append": lambda: service.append(table_id, key, EVENTS[3]), "undo": lambda: service.undo(table_id, key),
                 "finish": lambda: service.finish(table_id, key)}
        outcome: list[BaseException | None] = []

        def run() -> None:
            try:
                calls[write]()
                outcome.append(None)
            except BaseException as error:  # noqa: BLE001 - the outcome is what the test reads
                outcome.append(error)

        with entry.lock:  # a hand-over holds the lock while it replaces the key
            writer = threading.Thread(target=run)
            writer.start()
            writer.join(0.2)
            entry.key_hash = hash_key("the new key")
        writer.join(10)
        assert len(outcome) == 1 and isinstance(outcome[0], WrongKey)
        assert len(entry.table.lines) == 4 and not entry.table.finished
