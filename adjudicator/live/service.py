"""The table service: every live table of one server, kept in memory and written through to the store.

``TableService`` creates tables (a table id, a read link and a write key per table), appends one
judged event at a time, undoes the last one, finishes a table (its log is ingested as any game)
and tells followers of each change. Every kept change is committed to the store before the call
returns, so a restarted server (``TableService(store)`` loads every stored table) has every table
event for event. Bounds (``LiveLimits``) cap the open tables, the events per table and the time a
table may stay idle (an idle table is finished: its game is stored as far as it got).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from adjudicator.errors import Flip7Error, RuleViolation
from adjudicator.live.limits import LiveLimits
from adjudicator.live.table import LiveTable, canonical, refusal_in
from adjudicator.store import live as records
from adjudicator.store.service import Store


def utc_now() -> datetime:
    """The time now, UTC, without a zone (as the store keeps times)."""
    return datetime.now(UTC).replace(tzinfo=None)


class LiveError(Flip7Error):
    """A request on a live table that cannot be done; ``slug`` names the API's problem."""

    slug = "table-conflict"


class TableNotFound(LiveError):
    """No table has this id (or it expired)."""

    slug = "table-not-found"


class WrongKey(LiveError):
    """The write key is missing or not this table's."""

    slug = "table-key"


class TableConflict(LiveError):
    """The table cannot take this now (finished, nothing to undo, stale ``after``)."""

    slug = "table-conflict"


class TableFull(LiveError):
    """The table holds as many events as a table may."""

    slug = "table-full"


class TooManyTables(LiveError):
    """The server holds as many open tables as it may."""

    slug = "too-many-tables"


class Refused(LiveError):
    """An event the rules refuse: ``violation`` is the engine's, as ``flip7 check`` reports it."""

    slug = "move-refused"

    def __init__(self, violation: RuleViolation, index: int, messages: dict[str, str], lang: str = "en") -> None:
        super().__init__(messages.get(lang, violation.message))
        self.violation = violation
        self.index = index
        self.messages = messages


@dataclass(slots=True)
class Change:
    """One change of a table, as followers are told: ``kind`` is ``append``, ``undo`` or ``finish``."""

    seq: int
    kind: str
    index: int
    event: dict[str, Any] | None


@dataclass(slots=True)
class Entry:
    """A table in the service: the table, its key's hash, its lock, recent changes and followers."""

    table: LiveTable
    key_hash: str
    touched: datetime
    lock: threading.Lock = field(default_factory=threading.Lock)
    changes: list[Change] = field(default_factory=list)
    #: The table view after the last change, as JSON data (computed once per change, under the lock).
    snapshot: dict[str, Any] = field(default_factory=dict)
    followers: set[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = field(default_factory=set)


def hash_key(key: str) -> str:
    """The SHA-256 (hex) of a write key: what the store keeps."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


class TableService:
    """Every live table of one store. Thread-safe: each table has a lock; the store serialises writes."""

    def __init__(self, store: Store, limits: LiveLimits | None = None, *, now: Callable[[], datetime] = utc_now) -> None:
        """Load every stored table (replaying each once) from ``store``."""
        self.store = store
        self.limits = limits or LiveLimits()
        self._now = now
        self._lock = threading.Lock()
        self._tables: dict[str, Entry] = {}
        self._events = records.EventWriter(store)
        for stored in records.load_tables(store):
            try:
                table = LiveTable(stored.id, stored.lines, seq=stored.seq, game=stored.game)
            except (RuleViolation, Flip7Error):  # cannot happen for kept events; never block the server
                continue
            entry = self._tables[stored.id] = Entry(table, stored.key_hash, stored.touched_at)
            entry.snapshot = table.view().model_dump(mode="json")

    # -- reading -----------------------------------------------------------------------------

    def entry(self, table_id: str) -> Entry:
        """The table of ``table_id``; ``TableNotFound`` when there is none."""
        entry = self._tables.get(table_id)
        if entry is None:
            raise TableNotFound(f"no live table has the id {table_id!r} (it may have expired; finished games are in /v1/games)")
        return entry

    def has(self, table_id: str) -> bool:
        """True while the service holds the table (it has not expired)."""
        return table_id in self._tables

    def table_ids(self) -> list[str]:
        """The ids of every table held, oldest first (the order they were loaded and created in)."""
        return list(self._tables)

    def open_count(self) -> int:
        """Tables not finished."""
        return sum(1 for e in self._tables.values() if not e.table.finished)

    # -- writing -----------------------------------------------------------------------------

    def create(self, game: dict[str, Any]) -> tuple[Entry, str]:
        """A new table from its ``game`` event (fields as in the log; ``id`` may be left out).

        Returns the table and its write key (shown once: the store keeps its hash only). A game
        line the rules refuse raises ``Refused`` (as ``flip7 check`` would judge that line).
        """
        self.expire_idle()
        table_id = secrets.token_urlsafe(9)
        key = secrets.token_urlsafe(24)
        now = self._now()
        line = {"type": "game", "id": f"live-{now:%Y-%m-%d}-{table_id}", **game}
        table = LiveTable(table_id, [])
        try:
            table.append(line)
        except RuleViolation as error:
            raise Refused(error, 0, {"en": error.message}) from None
        table.seq = 1
        entry = Entry(table, hash_key(key), now)
        entry.snapshot = table.view().model_dump(mode="json")
        with self._lock:
            if self.open_count() >= self.limits.max_tables:
                raise TooManyTables(f"this server holds {self.limits.max_tables} open tables, as many as it may: finish one first")
            records.create_table(self.store, records.StoredTable(table_id, entry.key_hash, now, now, 1, None, list(table.lines)))
            self._tables[table_id] = entry
        return entry, key

    def check_key(self, entry: Entry, key: str | None) -> None:
        """``WrongKey`` unless ``key`` is this table's write key."""
        if not key:
            raise WrongKey("writing to a table needs its write key (header X-Table-Key), given when the table was created")
        if not hmac.compare_digest(hash_key(key), entry.key_hash):
            raise WrongKey("this is not the write key of this table")

    def append(self, table_id: str, key: str | None, event: dict[str, Any], *, after: int | None = None, lang: str = "en") -> tuple[Entry, int]:
        """Judge one event and keep it (in the store before returning); returns the table and the
        event's index. ``after``: the index of the last event the writer saw (a stale one is a
        ``TableConflict``: someone else wrote meanwhile). Refusals raise ``Refused``."""
        entry = self.entry(table_id)
        self.check_key(entry, key)
        with entry.lock:
            table = entry.table
            self._writable(table, after)
            if len(table.lines) >= self.limits.max_events:
                raise TableFull(f"the table holds {self.limits.max_events} events, as many as a table may: finish it")
            try:
                index, line = table.append(event)
            except RuleViolation as error:
                line = canonical(event)
                messages = {"en": error.message}
                if lang != "en":
                    messages[lang] = refusal_in(table.lines, line, error, lang)
                raise Refused(error, len(table.lines), messages, lang) from None
            now = self._now()
            try:
                self._events.add(table_id, index, line, table.seq + 1, now)
            except BaseException:
                table.rebuild(table.lines[:-1])  # not kept: the store did not take it
                raise
            table.seq += 1
            entry.touched = now
            self._changed(entry, Change(table.seq, "append", index, _as_json(line)))
        return entry, index

    def undo(self, table_id: str, key: str | None, *, after: int | None = None) -> tuple[Entry, int]:
        """Forget the last event (never the game line); returns the table and the index undone."""
        entry = self.entry(table_id)
        self.check_key(entry, key)
        with entry.lock:
            table = entry.table
            self._writable(table, after)
            if len(table.lines) <= 1:
                raise TableConflict("there is nothing to undo: the table holds the game line only")
            index = len(table.lines) - 1
            now = self._now()
            records.remove_event(self.store, table_id, index, table.seq + 1, now)
            line = table.undo()
            table.seq += 1
            entry.touched = now
            self._changed(entry, Change(table.seq, "undo", index, _as_json(line)))
        return entry, index

    def finish(self, table_id: str, key: str | None) -> Entry:
        """Store the table's game as any game (its log as kept) and close the table to writes."""
        entry = self.entry(table_id)
        self.check_key(entry, key)
        with entry.lock:
            if entry.table.finished:
                raise TableConflict(f"the table is already finished: its game is stored as {entry.table.game!r}")
            self._finish(entry)
        return entry

    def _finish(self, entry: Entry) -> None:
        table = entry.table
        game = table.state.game
        assert game is not None
        result = self.store.ingest("\n".join(table.lines) + "\n", f"live table {table.id}")
        if result.outcome not in ("ingested", "unchanged"):
            raise TableConflict(f"the game could not be stored ({result.outcome}): {result.message or 'another log has its id'}")
        now = self._now()
        records.mark_finished(self.store, table.id, game.id, table.seq + 1, now)
        table.seq += 1
        table.game = game.id
        entry.touched = now
        self._changed(entry, Change(table.seq, "finish", len(table.lines) - 1, None))

    def expire_idle(self) -> list[str]:
        """Finish every open table idle past the limit (its game is stored as far as it got) and
        forget finished tables idle as long; returns the ids of the tables forgotten or finished."""
        limit = self._now() - timedelta(seconds=self.limits.idle_seconds)
        done = []
        for table_id, entry in list(self._tables.items()):
            if entry.touched >= limit:
                continue
            with entry.lock:
                if not entry.table.finished:
                    try:
                        self._finish(entry)
                    except Flip7Error:
                        pass
                records.delete_table(self.store, table_id)
                self._tables.pop(table_id, None)
                self._changed(entry, None)
            done.append(table_id)
        return done

    def _writable(self, table: LiveTable, after: int | None) -> None:
        if table.finished:
            raise TableConflict(f"the table is finished: its game is stored as {table.game!r}")
        if after is not None and after != len(table.lines) - 1:
            raise TableConflict(
                f"the table has moved on: its last event is {len(table.lines) - 1}, not {after} (someone else wrote meanwhile; read it again)"
            )

    # -- followers ---------------------------------------------------------------------------

    def _changed(self, entry: Entry, change: Change | None) -> None:
        entry.snapshot = entry.table.view().model_dump(mode="json")
        if change is not None:
            entry.changes.append(change)
            if len(entry.changes) > self.limits.changes_kept:
                del entry.changes[: len(entry.changes) - self.limits.changes_kept]
        for loop, event in list(entry.followers):
            try:
                loop.call_soon_threadsafe(event.set)
            except RuntimeError:  # that follower's loop is closed
                entry.followers.discard((loop, event))

    def follow(self, entry: Entry) -> asyncio.Event:
        """An event set whenever the table changes (call from the follower's event loop)."""
        event = asyncio.Event()
        entry.followers.add((asyncio.get_running_loop(), event))
        return event

    def unfollow(self, entry: Entry, event: asyncio.Event) -> None:
        """Stop telling ``event`` of changes."""
        entry.followers = {f for f in entry.followers if f[1] is not event}

    def changes_since(self, entry: Entry, seq: int) -> list[Change] | None:
        """The changes after ``seq`` in order, or None when some are no longer remembered."""
        if seq >= entry.table.seq:
            return []
        missed = [c for c in entry.changes if c.seq > seq]
        if not missed or missed[0].seq != seq + 1:
            return None
        return missed


def _as_json(line: str) -> dict[str, Any] | None:
    try:
        value = json.loads(line)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


__all__ = [
    "Change", "Entry", "LiveError", "LiveLimits", "Refused", "TableConflict", "TableFull", "TableNotFound",
    "TableService", "TooManyTables", "WrongKey", "hash_key",
]
