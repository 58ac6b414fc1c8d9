"""The table service: every live table of one server, kept in memory and written through to the store.

``TableService`` creates tables (a table id, a read link and a write key per table), appends one
judged event at a time, undoes the last one, finishes a table (its log is ingested as any game)
and tells followers of each change. Every kept change is committed to the store before the call
returns, so a restarted server has every table event for event: ``TableService(store)`` reads
nothing; the first call reads the stored tables' rows (one query, no replay) and a table's events
are replayed when that table is first asked for (in the caller's thread, never the event loop's).
Bounds (``LiveLimits``) cap the open and the finished tables, the events and bytes per table, the
followers, the advice computed at once and the time a table may stay idle (an idle table is
finished: its game is stored as far as it got). A table is forgotten only once a stored game holds
its log byte for byte; a game id must be free when its table is created, and should another log
take it meanwhile the game is stored under a free id (``<id>-<table id>``), so no event is lost.
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
import hmac
import json
import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from adjudicator.errors import Flip7Error, RuleViolation
from adjudicator.live.limits import LiveLimits
from adjudicator.live.table import LiveTable, canonical, read_line, refusal_in, turn_advice
from adjudicator.rules import expecting
from adjudicator.store import live as records
from adjudicator.store.errors import GameNotFound
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


class GameIdTaken(LiveError):
    """Another table or a stored game has the game id asked for."""

    slug = "game-conflict"


class TooManyFollowers(LiveError):
    """The table, or the server, has as many followers (open streams) as it may."""

    slug = "too-many-followers"


class AdviceBusy(LiveError):
    """The server computes as many advices at once as it may."""

    slug = "advice-busy"


class PuristTable(LiveError):
    """The table is purist (no counting aids): its advice is not given."""

    slug = "purist-table"


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
    """One change of a table, as followers are told: ``kind`` is ``append``, ``undo``, ``finish`` or
    ``settings`` (purist mode turned on or off; ``event`` None);
    ``text`` is ``{"kind", "index", "event"}`` as JSON (written once, in the writer's thread)."""

    seq: int
    kind: str
    index: int
    event: dict[str, Any] | None
    text: str = ""

    def __post_init__(self) -> None:
        if not self.text:
            self.text = _json({"kind": self.kind, "index": self.index, "event": self.event})


@dataclass(slots=True)
class CatchUp:
    """What a follower who saw change ``seen`` is sent: the ``changes`` it missed, or (``changes``
    None) one ``sync`` of every kept line; ``table`` is the table view after ``seq`` as JSON."""

    seq: int
    table: str
    changes: list[Change] | None
    lines: list[str]


@dataclass(slots=True)
class Entry:
    """A table in the service: the table, its key's hash, its lock, recent changes and followers."""

    table: LiveTable
    key_hash: str
    touched: datetime
    lock: threading.Lock = field(default_factory=threading.Lock)
    changes: list[Change] = field(default_factory=list)
    #: The table view after the last change, as JSON data and as its JSON text (computed once per
    #: change, under the lock).
    snapshot: dict[str, Any] = field(default_factory=dict)
    snapshot_text: str = ""
    followers: set[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = field(default_factory=set)
    #: The advice of change ``advice[0]`` (computed once per change).
    advice: tuple[int, dict[str, Any] | None] | None = None
    #: Purist: the scorer chose no counting aids (no bust chance in the view, no advice).
    purist: bool = False

    def show(self) -> None:
        """Compute the table view of the kept events (``snapshot``, ``snapshot_text``)."""
        self.snapshot = self.table.view().model_dump(mode="json")
        self.snapshot["purist"] = self.purist
        if self.purist:
            self.snapshot["bust_chance"] = None
        self.snapshot_text = _json(self.snapshot)


def hash_key(key: str) -> str:
    """The SHA-256 (hex) of a write key: what the store keeps."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


class TableService:
    """Every live table of one store. Thread-safe: each table has a lock; the store serialises writes.

    Lock order: a table's lock before the service's own (``_lock``), never the other way round.
    """

    def __init__(self, store: Store, limits: LiveLimits | None = None, *, now: Callable[[], datetime] = utc_now) -> None:
        """A service over ``store``; nothing is read until the first call (``ready``)."""
        self.store = store
        self.limits = limits or LiveLimits()
        self._now = now
        self._lock = threading.Lock()
        self._load_lock = threading.Lock()
        #: Tables in memory (replayed), and tables stored but not yet asked for (their rows only).
        self._tables: dict[str, Entry] = {}
        self._stored: dict[str, records.StoredTable] | None = None
        self._purist: set[str] = set()
        #: Game id -> the table holding it (every table's, open or finished).
        self._game_ids: dict[str, str] = {}
        self._following = 0
        self._creating = 0
        self._advising = threading.BoundedSemaphore(self.limits.advice_workers)
        self._events = records.EventWriter(store)

    # -- reading -----------------------------------------------------------------------------

    def ready(self) -> None:
        """Read the stored tables' rows once (their game lines, no replay). Blocking: call it off the event loop."""
        if self._stored is not None:
            return
        with self._load_lock:
            if self._stored is not None:
                return
            index = records.table_index(self.store)
            self._purist = records.purist_tables(self.store)
            with self._lock:
                for stored in index:
                    game = stored.game or _game_id(stored.lines[0] if stored.lines else "")
                    if game is not None:
                        self._game_ids.setdefault(game, stored.id)
                self._stored = {stored.id: stored for stored in index}

    def loaded(self, table_id: str) -> Entry | None:
        """The table of ``table_id`` when it is in memory (never blocks), else None."""
        return self._tables.get(table_id)

    def entry(self, table_id: str) -> Entry:
        """The table of ``table_id``, replayed from the store the first time it is asked for
        (blocking: call it off the event loop); ``TableNotFound`` when there is none."""
        entry = self._tables.get(table_id)
        if entry is not None:
            return entry
        self.ready()
        with self._load_lock:
            entry = self._tables.get(table_id)
            if entry is not None:
                return entry
            stored = self._stored.get(table_id) if self._stored is not None else None
            if stored is not None:
                entry = self._load(stored)
            if entry is None:
                raise TableNotFound(f"no live table has the id {table_id!r} (it may have expired; finished games are in /v1/games)")
            with self._lock:
                self._tables[table_id] = entry
                if self._stored is not None:
                    self._stored.pop(table_id, None)
        return entry

    def _load(self, stored: records.StoredTable) -> Entry | None:
        try:
            table = LiveTable(stored.id, records.table_lines(self.store, stored.id), seq=stored.seq, game=stored.game)
        except (RuleViolation, Flip7Error):  # cannot happen for kept events; never block the server
            return None
        entry = Entry(table, stored.key_hash, stored.touched_at, purist=stored.id in self._purist)
        entry.show()
        return entry

    def has(self, table_id: str) -> bool:
        """True while the service holds the table (it has not expired)."""
        return table_id in self._tables or (self._stored is not None and table_id in self._stored)

    def _counts(self) -> tuple[int, int]:
        """Open and finished tables, in memory or not."""
        stored = list(self._stored.values()) if self._stored is not None else []
        finished = sum(1 for e in list(self._tables.values()) if e.table.finished) + sum(1 for s in stored if s.game is not None)
        return len(self._tables) + len(stored) - finished, finished

    def table_ids(self) -> list[str]:
        """The ids of every table held, oldest first (the order they were loaded and created in)."""
        return list(self._tables)

    def open_count(self) -> int:
        """Tables not finished."""
        return self._counts()[0]

    def finished_count(self) -> int:
        """Finished tables still kept (their games are stored)."""
        return self._counts()[1]

    # -- writing -----------------------------------------------------------------------------

    def create(self, game: dict[str, Any], *, purist: bool = False) -> tuple[Entry, str]:
        """A new table from its ``game`` event (fields as in the log; ``id`` may be left out).

        Returns the table and its write key (shown once: the store keeps its hash only). A game
        line the rules refuse raises ``Refused`` (as ``flip7 check`` would judge that line); a game
        id another table or a stored game has raises ``GameIdTaken``. ``purist``: no counting aids.
        """
        self.ready()
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
        if table.size > self.limits.max_bytes:
            raise TableFull(f"the game line alone is {table.size:,} bytes; a table holds at most {self.limits.max_bytes:,}")
        table.seq = 1
        entry = Entry(table, hash_key(key), now, purist=purist)
        entry.show()
        game_id = table.state.game.id if table.state.game is not None else table_id
        taken = f"the game id {game_id!r} is taken (by a stored game or another table): choose another, or leave it out"
        with self._lock:  # the id and a place reserved here; the store is written outside the lock
            if self.open_count() + self._creating >= self.limits.max_tables:
                raise TooManyTables(f"this server holds {self.limits.max_tables} open tables, as many as it may: finish one first")
            if game_id in self._game_ids:
                raise GameIdTaken(taken)
            self._game_ids[game_id] = table_id
            self._creating += 1
        try:
            if self._game_stored(game_id):
                raise GameIdTaken(taken)
            records.create_table(self.store, records.StoredTable(table_id, entry.key_hash, now, now, 1, None, list(table.lines)))
            if purist:
                records.set_purist(self.store, table_id, True, 1, now)
        except BaseException:
            with self._lock:
                self._game_ids.pop(game_id, None)
                self._creating -= 1
            raise
        with self._lock:
            self._tables[table_id] = entry
            self._creating -= 1
        return entry, key

    def _game_stored(self, game_id: str) -> bool:
        try:
            self.store.game(game_id)
        except GameNotFound:
            return False
        return True

    def check_key(self, entry: Entry, key: str | None) -> None:
        """``WrongKey`` unless ``key`` is this table's write key."""
        if not key:
            raise WrongKey("writing to a table needs its write key (header X-Table-Key), given when the table was created")
        if not hmac.compare_digest(hash_key(key), entry.key_hash):
            raise WrongKey("this is not the write key of this table")

    def append(self, table_id: str, key: str | None, event: dict[str, Any] | str, *, after: int | None = None, lang: str = "en") -> tuple[Entry, int]:
        """Judge one event and keep it (in the store before returning); returns the table and the
        event's index. ``event``: a dict, or one line of text read as a log's line is read
        (``read_line``). ``after``: the index of the last event the writer saw (a stale one is a
        ``TableConflict``: someone else wrote meanwhile). Refusals raise ``Refused``."""
        entry = self.entry(table_id)
        with entry.lock:
            self.check_key(entry, key)  # under the lock: a hand-over may have revoked the key meanwhile
            table = entry.table
            self._writable(table, after)
            if len(table.lines) >= self.limits.max_events:
                raise TableFull(f"the table holds {self.limits.max_events} events, as many as a table may: finish it")
            try:
                line = read_line(event)
                if table.size + len(line.encode("utf-8", "surrogatepass")) + 1 > self.limits.max_bytes:
                    raise TableFull(f"the table's log would pass {self.limits.max_bytes:,} bytes, as much as a table may hold: finish it")
                index, line = table.append(line)
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
        with entry.lock:
            self.check_key(entry, key)  # under the lock: a hand-over may have revoked the key meanwhile
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

    def set_purist(self, table_id: str, key: str | None, purist: bool) -> Entry:
        """Turn purist mode (no bust chance, no advice) on or off: a change every follower is told
        (``settings``); nothing changes when the table already is so."""
        entry = self.entry(table_id)
        with entry.lock:
            self.check_key(entry, key)
            table = entry.table
            self._writable(table, None)
            if entry.purist == purist:
                return entry
            now = self._now()
            records.set_purist(self.store, table_id, purist, table.seq + 1, now)
            entry.purist = purist
            table.seq += 1
            entry.touched = now
            self._changed(entry, Change(table.seq, "settings", len(table.lines) - 1, None))
        return entry

    def finish(self, table_id: str, key: str | None) -> Entry:
        """Store the table's game as any game (its log as kept) and close the table to writes."""
        entry = self.entry(table_id)
        with entry.lock:
            self.check_key(entry, key)  # under the lock: a hand-over may have revoked the key meanwhile
            if entry.table.finished:
                raise TableConflict(f"the table is already finished: its game is stored as {entry.table.game!r}")
            self._finish(entry)
        self._trim_finished()
        return entry

    def _finish(self, entry: Entry) -> None:
        """Store the game (under a free id should its own be taken by another log), then mark the table finished."""
        table = entry.table
        game, first = self._store_game(table.id, table.lines)
        now = self._now()
        records.mark_finished(self.store, table.id, game, table.seq + 1, now, first)
        if first is not None:
            table.rebuild([first, *table.lines[1:]])
        table.seq += 1
        table.game = game
        entry.touched = now
        with self._lock:
            self._game_ids[game] = table.id
        self._changed(entry, Change(table.seq, "finish", len(table.lines) - 1, None))

    def _store_game(self, table_id: str, lines: list[str]) -> tuple[str, str | None]:
        """Store the log of ``lines`` as a game; returns the game's id and, when another log holds
        the id the table began with, the game line naming the free id it was stored under."""
        game_line = json.loads(lines[0])
        result = self.store.ingest(_log(lines), f"live table {table_id}")
        if result.outcome in ("ingested", "unchanged"):
            return str(game_line["id"]), None
        if result.outcome == "refused":  # another log took the id meanwhile: keep the game under a free one
            game_line["id"] = f"{game_line['id']}-{table_id}"
            first = canonical(game_line)
            again = self.store.ingest(_log([first, *lines[1:]]), f"live table {table_id}")
            if again.outcome in ("ingested", "unchanged"):
                return game_line["id"], first
            result = again
        raise TableConflict(f"the game could not be stored ({result.outcome}): {result.message or 'another log has its id'}")

    def _holds(self, game: str, lines: list[str]) -> bool:
        """True if the stored game ``game`` is the log of ``lines``, byte for byte."""
        try:
            return self.store.log_bytes(game) == _log(lines).encode("utf-8")
        except GameNotFound:
            return False

    def expire_idle(self) -> list[str]:
        """Finish every open table idle past the limit (its game is stored as far as it got) and
        forget finished tables idle as long; returns the ids of the tables forgotten."""
        self.ready()
        limit = self._now() - timedelta(seconds=self.limits.idle_seconds)
        with self._lock:
            idle = [i for i, e in self._tables.items() if e.touched < limit]
            idle += [i for i, s in (self._stored or {}).items() if s.touched_at < limit]
        done = [table_id for table_id in idle if self._forget(table_id)]
        return done + self._trim_finished()

    def _trim_finished(self) -> list[str]:
        """Forget the longest untouched finished tables past ``max_finished``; returns their ids."""
        with self._lock:
            finished = [(e.touched, i) for i, e in self._tables.items() if e.table.finished]
            finished += [(s.touched_at, i) for i, s in (self._stored or {}).items() if s.game is not None]
        excess = len(finished) - self.limits.max_finished
        if excess <= 0:
            return []
        return [table_id for _, table_id in sorted(finished)[:excess] if self._forget(table_id)]

    def _forget(self, table_id: str) -> bool:
        """Forget a table, once a stored game holds its log byte for byte (an open table is finished
        first; a finished one whose game is no longer the stored one is stored again). False, and
        the table kept, when its game cannot be stored."""
        entry = self._tables.get(table_id)
        with entry.lock if entry is not None else nullcontext():
            if entry is not None:
                if not entry.table.finished:
                    try:
                        self._finish(entry)
                    except Flip7Error:
                        return False
                lines, game = list(entry.table.lines), entry.table.game
            else:
                stored = (self._stored or {}).get(table_id)
                if stored is None:
                    return False
                lines, game = records.table_lines(self.store, table_id), stored.game
            if lines and (game is None or not self._holds(game, lines)):
                try:
                    self._store_game(table_id, lines)
                except Flip7Error:
                    return False
            records.delete_table(self.store, table_id)
            with self._lock:
                self._tables.pop(table_id, None)
                if self._stored is not None:
                    self._stored.pop(table_id, None)
                for name in [g for g, t in self._game_ids.items() if t == table_id]:
                    del self._game_ids[name]
            if entry is not None:
                self._changed(entry, None)
        return True

    def _writable(self, table: LiveTable, after: int | None) -> None:
        if table.finished:
            raise TableConflict(f"the table is finished: its game is stored as {table.game!r}")
        if after is not None and after != len(table.lines) - 1:
            raise TableConflict(
                f"the table has moved on: its last event is {len(table.lines) - 1}, not {after} (someone else wrote meanwhile; read it again)"
            )

    # -- advice ------------------------------------------------------------------------------

    def advice(self, table_id: str) -> dict[str, Any] | None:
        """What hit and stay are worth to the player whose turn it is (``turn_advice``), as JSON
        data; None when it is nobody's turn. Computed on a copy of the state, outside the table's
        lock (a write never waits for it), once per change, by at most ``advice_workers`` threads
        of the server at once (``AdviceBusy`` past them). Blocking: call it off the event loop."""
        entry = self.entry(table_id)
        with entry.lock:
            if entry.purist:
                raise PuristTable("this table is purist (no counting aids): its scorer chose to play without advice")
            if entry.advice is not None and entry.advice[0] == entry.table.seq:
                return entry.advice[1]
            if expecting(entry.table.state).kind != "turn":
                return None
        with self._advice_slot():
            with entry.lock:
                seq = entry.table.seq
                if entry.advice is not None and entry.advice[0] == seq:
                    return entry.advice[1]
                state = copy.deepcopy(entry.table.state)
            advice = turn_advice(state, samples=self.limits.advice_samples)
            value = advice.model_dump() if advice is not None else None
            with entry.lock:
                if entry.table.seq == seq:
                    entry.advice = (seq, value)
        return value

    @contextmanager
    def _advice_slot(self) -> Iterator[None]:
        if not self._advising.acquire(blocking=False):
            raise AdviceBusy(f"the server is computing {self.limits.advice_workers} advices, as many as it does at once: ask again in a moment")
        try:
            yield
        finally:
            self._advising.release()

    # -- followers ---------------------------------------------------------------------------

    def _changed(self, entry: Entry, change: Change | None) -> None:
        entry.show()
        if change is not None:
            entry.changes.append(change)
            if len(entry.changes) > self.limits.changes_kept:
                del entry.changes[: len(entry.changes) - self.limits.changes_kept]
        for loop, event in list(entry.followers):
            try:
                loop.call_soon_threadsafe(event.set)
            except RuntimeError:  # that follower's loop is closed
                self.unfollow(entry, event)

    def follow(self, entry: Entry) -> asyncio.Event:
        """An event set whenever the table changes (call from the follower's event loop);
        ``TooManyFollowers`` when the table or the server has as many as it may."""
        with self._lock:
            if len(entry.followers) >= self.limits.max_table_followers:
                raise TooManyFollowers(f"this table has {self.limits.max_table_followers} followers, as many as a table may: try again later")
            if self._following >= self.limits.max_followers:
                raise TooManyFollowers(f"this server has {self.limits.max_followers} followers, as many as it may: try again later")
            event = asyncio.Event()
            entry.followers = entry.followers | {(asyncio.get_running_loop(), event)}
            self._following += 1
        return event

    def unfollow(self, entry: Entry, event: asyncio.Event) -> None:
        """Stop telling ``event`` of changes (once; a second call does nothing)."""
        with self._lock:
            kept = {f for f in entry.followers if f[1] is not event}
            self._following -= len(entry.followers) - len(kept)
            entry.followers = kept

    def followers(self) -> int:
        """Open streams on the whole server."""
        return self._following

    def changes_since(self, entry: Entry, seq: int) -> list[Change] | None:
        """The changes after ``seq`` in order, or None when some are no longer remembered."""
        if seq >= entry.table.seq:
            return []
        missed = [c for c in entry.changes if c.seq > seq]
        if not missed or missed[0].seq != seq + 1:
            return None
        return missed

    def catch_up(self, entry: Entry, seen: int | None, *, wait: bool = True) -> CatchUp | None:
        """What a follower who saw change ``seen`` (None: nothing yet) is sent now: the changes it
        missed, or one ``sync`` when they are not remembered or would pass ``replay_bytes``
        (each message carries the table view). Takes the table's lock for a copy only; with
        ``wait=False`` (on an event loop) None when a writer holds it."""
        if not entry.lock.acquire(blocking=wait):
            return None
        try:
            seq, table = entry.table.seq, entry.snapshot_text
            changes = self.changes_since(entry, seen) if seen is not None else None
            if changes is not None and sum(len(c.text) + len(table) for c in changes) > self.limits.replay_bytes:
                changes = None
            lines = list(entry.table.lines) if changes is None else []
        finally:
            entry.lock.release()
        return CatchUp(seq, table, changes, lines)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _log(lines: list[str]) -> str:
    return "".join(f"{line}\n" for line in lines)


def _game_id(line: str) -> str | None:
    """The ``id`` of a kept game line (None when it has none)."""
    try:
        value = json.loads(line)
    except ValueError:
        return None
    return str(value["id"]) if isinstance(value, dict) and "id" in value else None


def _as_json(line: str) -> dict[str, Any] | None:
    try:
        value = json.loads(line)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


__all__ = [
    "AdviceBusy", "CatchUp", "Change", "Entry", "GameIdTaken", "LiveError", "LiveLimits", "Refused", "TableConflict", "TableFull",
    "TableNotFound", "TableService", "TooManyFollowers", "TooManyTables", "WrongKey", "hash_key",
]
