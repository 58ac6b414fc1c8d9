"""Live tables in the store: one ``live_tables`` row per table and its kept events in ``live_events``.

Every change is one transaction (an append: one row), committed before the table service answers, so a server killed at
any moment restarts with every table event for event (``load_tables``). The table service
(``adjudicator.live``) owns the rules; this module only reads and writes rows.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime

import duckdb

from adjudicator.store.service import Store


@dataclass(slots=True)
class StoredTable:
    """A live table as the store holds it."""

    id: str
    key_hash: str
    created_at: datetime
    touched_at: datetime
    seq: int
    game: str | None
    lines: list[str] = field(default_factory=list)


@contextmanager
def _transaction(store: Store) -> Iterator[duckdb.DuckDBPyConnection]:
    """One write transaction under the store's write lock (rolled back on any error)."""
    with store._writer() as cursor:  # the store's own lock and error mapping (same package)
        cursor.execute("BEGIN TRANSACTION")
        try:
            yield cursor
        except BaseException:
            cursor.execute("ROLLBACK")
            raise
        cursor.execute("COMMIT")


def create_table(store: Store, table: StoredTable) -> None:
    """Store a new table with its first event (the ``game`` line)."""
    with _transaction(store) as cur:
        cur.execute(
            "INSERT INTO live_tables VALUES (?, ?, ?, ?, ?, ?)",
            [table.id, table.key_hash, table.created_at, table.touched_at, table.seq, table.game],
        )
        cur.executemany("INSERT INTO live_events VALUES (?, ?, ?, ?, ?)", [[table.id, i, raw, table.seq, table.created_at] for i, raw in enumerate(table.lines)])


class _Batch:
    __slots__ = ("rows", "done", "error")

    def __init__(self) -> None:
        self.rows: list[list[object]] = []
        self.done = False
        self.error: BaseException | None = None


class EventWriter:
    """Keeps events of many tables with one commit for all that arrive together (a group commit).

    ``add`` returns once its row is committed. The first caller to find no commit under way writes
    every row waiting at that moment in one transaction; the others wait for it. One commit costs
    about what one row costs (the write-ahead log reaching the disk), so many tables written at
    once are not served one commit after another.
    """

    def __init__(self, store: Store) -> None:
        """A writer of ``live_events`` rows into ``store``."""
        self.store = store
        self._cond = threading.Condition()
        self._batch = _Batch()
        self._writing = False

    def add(self, table_id: str, index: int, raw: str, seq: int, now: datetime) -> None:
        """Keep one event; raises what the store raised when its commit failed (nothing kept)."""
        with self._cond:
            batch = self._batch
            batch.rows.append([table_id, index, raw, seq, now])
            while not batch.done:
                if self._writing:
                    self._cond.wait()
                    continue
                self._writing = True
                ready, self._batch = self._batch, _Batch()
                self._cond.release()
                try:
                    with _transaction(self.store) as cur:
                        cur.executemany("INSERT INTO live_events VALUES (?, ?, ?, ?, ?)", ready.rows)
                except BaseException as error:  # every row of the batch shares its fate
                    ready.error = error
                finally:
                    self._cond.acquire()
                    ready.done = True
                    self._writing = False
                    self._cond.notify_all()
            if batch.error is not None:
                raise batch.error


def remove_event(store: Store, table_id: str, index: int, seq: int, now: datetime) -> None:
    """Forget event ``index`` of the table (an undo of the last event)."""
    with _transaction(store) as cur:
        cur.execute("DELETE FROM live_events WHERE live_table = ? AND idx = ?", [table_id, index])
        cur.execute("UPDATE live_tables SET seq = ?, touched_at = ? WHERE id = ?", [seq, now, table_id])


def mark_finished(store: Store, table_id: str, game: str, seq: int, now: datetime) -> None:
    """Note the stored game of a finished table."""
    with _transaction(store) as cur:
        cur.execute("UPDATE live_tables SET seq = ?, touched_at = ?, game = ? WHERE id = ?", [seq, now, game, table_id])


def delete_table(store: Store, table_id: str) -> None:
    """Forget a table and its events."""
    with _transaction(store) as cur:
        cur.execute("DELETE FROM live_events WHERE live_table = ?", [table_id])
        cur.execute("DELETE FROM live_tables WHERE id = ?", [table_id])


def load_tables(store: Store) -> list[StoredTable]:
    """Every stored table with its events in order."""
    with store._cursor() as cur:
        rows = cur.execute("SELECT id, key_hash, created_at, touched_at, seq, game FROM live_tables ORDER BY created_at, id").fetchall()
        events = cur.execute("SELECT live_table, raw, seq, kept_at FROM live_events ORDER BY live_table, idx").fetchall()
    lines: dict[str, list[str]] = defaultdict(list)
    latest: dict[str, tuple[int, datetime]] = {}
    for table_id, raw, seq, at in events:
        lines[table_id].append(raw)
        was = latest.get(table_id)
        latest[table_id] = (max(seq, was[0]), max(at, was[1])) if was else (seq, at)
    out = []
    for id_, key, created, touched, seq, game in rows:
        last_seq, last_at = latest.get(id_, (seq, touched))
        out.append(StoredTable(id_, key, created, max(touched, last_at), max(seq, last_seq), game, lines.get(id_, [])))
    return out


def set_key(store: Store, table_id: str, key_hash: str) -> None:
    """Replace the hash of a table's write key (the scorer's right handed to another phone)."""
    with _transaction(store) as cur:
        cur.execute("UPDATE live_tables SET key_hash = ? WHERE id = ?", [key_hash, table_id])
