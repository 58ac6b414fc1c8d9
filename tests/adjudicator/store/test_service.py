"""The service API the CLI and the HTTP layer share: listing, paging, reading, deleting, threads."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from adjudicator.replay import state_at
from adjudicator.store import GameNotFound, LogInput, Store, StoreError
from tests.adjudicator.helpers import simulated_logs

from .conftest import FX1, FX2


def test_filters(fixture_store: Store) -> None:
    ids = lambda **kw: [g.id for g in fixture_store.list_games(**kw).games]  # noqa: E731
    assert ids() == ["fx-1", "fx-2", "fx-3", "unnamed-c3a4f6e74f5ee29f"]
    assert ids(valid=True) == ["fx-2"]
    assert ids(valid=False) == ["fx-1", "fx-3", "unnamed-c3a4f6e74f5ee29f"]
    assert ids(finished=True) == ["fx-1", "fx-2"]
    assert ids(finished=False, valid=False) == ["fx-3", "unnamed-c3a4f6e74f5ee29f"]
    assert ids(player="Ana") == ["fx-1", "fx-2"]
    assert ids(player="Ana", valid=True) == ["fx-2"]
    assert ids(player="ana") == []  # names compare exactly


def test_cursor_pagination_is_stable(tmp_path: Path) -> None:
    *logs, late = simulated_logs([f"p{i:02}" for i in range(25)] + ["a-new-one"], seed=3)
    with Store.open(tmp_path / "s.duckdb") as store:
        store.ingest_many([LogInput.from_bytes(f"p{i}", text.encode()) for i, text in enumerate(logs)])
        seen, after, pages = [], None, 0
        while True:
            page = store.list_games(limit=10, after=after)
            seen += [g.id for g in page.games]
            pages += 1
            if page.next_cursor is None:
                break
            after = page.next_cursor
            # a game added between pages, sorting before the cursor, does not shift the next page
            if pages == 1:
                store.ingest(late, "late")
        assert pages == 3
        assert seen == [f"p{i:02}" for i in range(25)]
        assert store.list_games(limit=26).next_cursor is None  # 25 + the late one: one page


def test_reading_one_game(fixture_store: Store) -> None:
    lines = fixture_store.log_lines("fx-1")
    assert lines[0].startswith("# Fixture fx-1") and len(lines) == 26
    # the stored lines replay to any event, e.g. the table after the Freeze
    result = state_at(lines, 17)
    assert result.state.rows[2].status == "frozen"
    events = fixture_store.events("fx-2")
    assert len(events) == 37 and events[-1]["type"] == "end"
    assert list(events[0])[:2] == ["event", "line"] and [e["event"] for e in events] == list(range(37))
    with pytest.raises(GameNotFound):
        fixture_store.events("nope")
    with pytest.raises(GameNotFound):
        fixture_store.verdict("nope")
    with pytest.raises(GameNotFound):
        fixture_store.game("nope")


def test_delete_game(fixture_store: Store) -> None:
    fixture_store.delete_game("fx-1")
    with pytest.raises(GameNotFound, match="fx-1"):
        fixture_store.delete_game("fx-1")
    for table, key in (("games", "id"), ("logs", "game"), ("events", "game"), ("hits", "game"), ("violations", "game")):
        assert fixture_store.query(f"SELECT count(*) FROM {table} WHERE {key} = 'fx-1'").rows == [(0,)]
    assert [g.id for g in fixture_store.list_games(player="Ana").games] == ["fx-2"]
    # once deleted it can be ingested again
    assert fixture_store.ingest(FX1.read_bytes(), "again").outcome.value == "ingested"


def test_read_only_store_refuses_deletes(db_path: Path) -> None:
    with Store.open(db_path) as store:
        store.ingest(FX2.read_bytes(), "x")
    with Store.open(db_path, read_only=True) as store, pytest.raises(StoreError, match="read-only"):
        store.delete_game("fx-2")


def test_closed_store(db_path: Path) -> None:
    store = Store.open(db_path)
    store.close()
    store.close()  # twice is fine
    with pytest.raises(StoreError, match="closed"):
        store.list_games()


def test_threads_read_while_one_writes(tmp_path: Path) -> None:
    """Readers on other threads see whole games only, while ingests run on two writer threads."""
    logs = simulated_logs([f"t{i:03}" for i in range(60)], seed=9)
    errors: list[BaseException] = []
    with Store.open(tmp_path / "s.duckdb") as store:
        done = threading.Event()

        def writer(part: list[str]) -> None:
            try:
                for i in range(0, len(part), 5):
                    store.ingest_many([LogInput.from_bytes(str(k), t.encode()) for k, t in enumerate(part[i : i + 5])])
            except BaseException as exc:  # pragma: no cover - reported below
                errors.append(exc)

        def reader() -> None:
            try:
                while not done.is_set():
                    rows = store.query(
                        "SELECT count(*) FROM games g WHERE n_events <> (SELECT count(*) FROM events e WHERE e.game = g.id)"
                    ).rows
                    assert rows == [(0,)]
                    store.stats(names=["overview"])
            except BaseException as exc:  # pragma: no cover - reported below
                errors.append(exc)

        writers = [threading.Thread(target=writer, args=(logs[i::2],)) for i in range(2)]
        readers = [threading.Thread(target=reader) for _ in range(2)]
        for t in readers + writers:
            t.start()
        for t in writers:
            t.join()
        done.set()
        for t in readers:
            t.join()
        assert errors == []
        assert store.query("SELECT count(*) FROM games").rows == [(60,)]
