"""Live tables in the store: one ``live_tables`` row per table and its kept events in ``live_events``.

Every change is one transaction (an append: one row), committed before the table service answers, so a server killed at
any moment restarts with every table event for event (``table_index``, then ``table_lines`` per table as it is asked for). The table service
(``adjudicator.live``) owns the rules; this module only reads and writes rows.
"""

from __future__ import annotations

import threading
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


def mark_finished(store: Store, table_id: str, game: str, seq: int, now: datetime, first: str | None = None) -> None:
    """Note the stored game of a finished table (``first``: its game line, when the game was stored
    under another id than the table began with)."""
    with _transaction(store) as cur:
        if first is not None:
            cur.execute("UPDATE live_events SET raw = ? WHERE live_table = ? AND idx = 0", [first, table_id])
        cur.execute("UPDATE live_tables SET seq = ?, touched_at = ?, game = ? WHERE id = ?", [seq, now, game, table_id])


def delete_table(store: Store, table_id: str) -> None:
    """Forget a table and its events."""
    with _transaction(store) as cur:
        cur.execute("DELETE FROM live_events WHERE live_table = ?", [table_id])
        cur.execute("DELETE FROM live_tables WHERE id = ?", [table_id])
        cur.execute("DELETE FROM meta WHERE key = ?", [_PURIST + table_id])


def table_index(store: Store) -> list[StoredTable]:
    """Every stored table without replaying anything: its row, its latest change and its game
    line alone (``lines`` holds event 0 only). One query; the events are read per table (``table_lines``)."""
    with store._cursor() as cur:
        rows = cur.execute(
            "SELECT t.id, t.key_hash, t.created_at, greatest(t.touched_at, coalesce(e.at, t.touched_at)),"
            " greatest(t.seq, coalesce(e.seq, t.seq)), t.game, g.raw FROM live_tables t"
            " LEFT JOIN (SELECT live_table, max(seq) AS seq, max(kept_at) AS at FROM live_events GROUP BY live_table) e ON e.live_table = t.id"
            " LEFT JOIN live_events g ON g.live_table = t.id AND g.idx = 0 ORDER BY t.created_at, t.id"
        ).fetchall()
    return [StoredTable(id_, key, created, touched, seq, game, [first] if first is not None else []) for id_, key, created, touched, seq, game, first in rows]


def table_lines(store: Store, table_id: str) -> list[str]:
    """The kept events of one table, in order."""
    with store._cursor() as cur:
        return [raw for (raw,) in cur.execute("SELECT raw FROM live_events WHERE live_table = ? ORDER BY idx", [table_id]).fetchall()]


def set_key(store: Store, table_id: str, key_hash: str) -> None:
    """Replace the hash of a table's write key (the scorer's right handed to another phone)."""
    with _transaction(store) as cur:
        cur.execute("UPDATE live_tables SET key_hash = ? WHERE id = ?", [key_hash, table_id])


def replace_events(store: Store, table_id: str, start: int, lines: list[str], seq: int, now: datetime) -> None:
    """Replace the table's events from index ``start`` on by ``lines`` (a correction), in one
    transaction: a failure at any point keeps the old events, every one of them. Kept rows are
    updated in place and the rest deleted (no key is deleted and inserted again in one transaction)."""
    with _transaction(store) as cur:
        (count,) = cur.execute("SELECT count(*) FROM live_events WHERE live_table = ?", [table_id]).fetchone() or (0,)
        rows = [[raw, seq, now, table_id, start + i] for i, raw in enumerate(lines)]
        kept = max(0, min(len(rows), count - start))
        if kept:
            cur.executemany("UPDATE live_events SET raw = ?, seq = ?, kept_at = ? WHERE live_table = ? AND idx = ?", rows[:kept])
        cur.execute("DELETE FROM live_events WHERE live_table = ? AND idx >= ?", [table_id, start + len(rows)])
        if rows[kept:]:
            cur.executemany("INSERT INTO live_events VALUES (?, ?, ?, ?, ?)", [[t, i, raw, s, at] for raw, s, at, t, i in rows[kept:]])
        cur.execute("UPDATE live_tables SET seq = ?, touched_at = ? WHERE id = ?", [seq, now, table_id])


#: The ``meta`` key that marks a table as purist (no counting aids): a row for each purist table.
_PURIST = "live_purist:"


def set_purist(store: Store, table_id: str, purist: bool, seq: int, now: datetime) -> None:
    """Mark a table purist (or not) and count the change (``seq``), in one transaction."""
    with _transaction(store) as cur:
        cur.execute("DELETE FROM meta WHERE key = ?", [_PURIST + table_id])
        if purist:
            cur.execute("INSERT INTO meta VALUES (?, ?)", [_PURIST + table_id, "1"])
        cur.execute("UPDATE live_tables SET seq = ?, touched_at = ? WHERE id = ?", [seq, now, table_id])


def purist_tables(store: Store) -> set[str]:
    """The ids of the tables marked purist."""
    with store._cursor() as cur:
        rows = cur.execute("SELECT key FROM meta WHERE starts_with(key, ?)", [_PURIST]).fetchall()
    return {key[len(_PURIST):] for (key,) in rows}
