"""Turning logs into rows of the store and writing them in bulk, atomically per game.

The unit of work is a *batch*: up to ``batch_size`` logs are read, hashed and replayed, their rows
are gathered column by column into one Arrow table per store table, and the batch is written in a
single transaction (``INSERT INTO t SELECT … FROM <registered Arrow table>``). Should that
transaction fail for any reason, it is rolled back and the batch's games are written again one
transaction each, so one game that cannot be stored never costs the others; if it ran out of
memory, it is first run again with a higher cap (``raise_memory_limit``), and a ``COMMIT`` that ran
out of memory ends the run (``CommitOutOfMemory``). An interrupt (Ctrl-C)
or a crash during a batch rolls back the games of that batch only; batches already committed stay.
With worker processes the next batch is already being replayed while one is written; an interrupt
then drops that one too (it was never written, and no result of it was reported).

Outcomes follow the rules of one-at-a-time ingestion, in input order: a log whose bytes are already
stored is ``unchanged``; a new id is ``ingested``; a known id with other bytes is ``refused``, or
``replaced`` with ``replace=True``.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import sys
from array import array
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from itertools import chain
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa

from adjudicator.analysis.allowance import AnalysisCancelled, OverAllowance
from adjudicator.errors import Flip7Error
from adjudicator.source import as_lines, printable
from adjudicator.store.db import ADJUSTABLE_MEMORY, scalar
from adjudicator.store.errors import StoreError
from adjudicator.store.rows import (  # noqa: F401 - GameRows, content_hash, game_rows, unnamed_id: imported from here too
    INT32,
    GameRows,
    Job,
    PackedText,
    _die_with_parent,
    _replay_here,
    _replay_job,
    content_hash,
    game_rows,
    unnamed_id,
    with_log,
)
from adjudicator.store.schema import ANALYSES, DECISIONS, GAME_KEY_COLUMN, GAME_TABLES, Table

#: Games per transaction. Larger batches amortise the per-transaction cost; smaller ones lose less
#: work to a crash. Measured in bench/bench_ingest.py.
DEFAULT_BATCH_SIZE = 500
#: A batch is also cut once it holds about this many events (about 100 five-player games), which
#: bounds the rows held before they are written: a peak of 260 MiB instead of 390 MiB for 2,000 games
#: in one call, at the same CPU time (bench/target3_memory.py).
MAX_BATCH_EVENTS = 30_000
#: With ``analyze`` a batch holds at most this many games: valuing a game's decisions takes about a
#: second, so batches of this size commit (and report progress) every few seconds.
ANALYZE_BATCH_SIZE = 32
#: DuckDB's settings for a store opened only to ingest (``flip7 ingest``). The blocks DuckDB keeps
#: cached after writing them grow with the store up to its ``memory_limit`` (80% of RAM by default),
#: about 10 MiB per 1,000 games; the cap bounds them (beyond it DuckDB evicts them, or spills to
#: ``<store>.tmp``). No vacuum (``max_vacuum_tasks`` 0): each checkpoint stores its rows as row
#: groups of their own instead of merging them into the stored ones, which for the logs' compressed
#: blobs meant decompressing and compressing again up to thousands of logs at once (up to 80 MiB
#: beyond the cap; likely what made a 32 MB cap fail fatally at 8,400 games). Checkpoints every 32 MB
#: of log keep those row groups large (the file 9% above a vacuumed one at 5,000 games, 32% at 15,000;
#: at DuckDB's 16 MB, 50% at 5,000).
#: The cap must still hold what DuckDB cannot spill, and no fixed cap does: a second call into a
#: store of 15,000 games ran out of memory after about 8,600 games at 48 MB (6,900 with round
#: four's 64 MB and vacuum). So the cap is a starting point: a statement that runs out of memory
#: doubles it (``raise_memory_limit``, up to DuckDB's default) and runs again, its batch's
#: transaction rolled back first (``ADJUSTABLE_MEMORY``). See docs/performance.md, round five.
#: One thread: a batch's writes are small, and the cores are the replay's.
WRITER_LIMITS: dict[str, str | int] = {
    "memory_limit": "48MB", "threads": 1, "checkpoint_threshold": "32MB", "max_vacuum_tasks": 0, ADJUSTABLE_MEMORY: 1,
}
#: Errors of writing one batch that are reported per game instead of ending the run.
WRITE_ERRORS: tuple[type[BaseException], ...] = (duckdb.Error, pa.ArrowException, OverflowError)


class Outcome(StrEnum):
    """What ingesting one log did."""

    INGESTED = "ingested"  #: stored, its id was new
    UNCHANGED = "unchanged"  #: the same bytes were already stored: nothing written
    REPLACED = "replaced"  #: other bytes under its id were stored; replaced (``replace=True``)
    REFUSED = "refused"  #: other bytes are stored under its id, and ``replace`` was not given
    UNREADABLE = "unreadable"  #: not a log that can be judged (I/O error, empty, not UTF-8, ruleset)
    FAILED = "failed"  #: judged, but writing it to the store failed (nothing of it was stored)


#: Outcomes after which the log's game is in the store with these bytes.
STORED = frozenset({Outcome.INGESTED, Outcome.UNCHANGED, Outcome.REPLACED})


@dataclass(frozen=True, slots=True)
class LogInput:
    """One log to ingest: a name for messages (a path, ``-``, an upload name) and how to get its bytes."""

    name: str
    load: Callable[[], bytes]

    def __post_init__(self) -> None:
        # the name is stored (games.source) and printed: it must be valid text
        object.__setattr__(self, "name", printable(self.name))

    @classmethod
    def from_bytes(cls, name: str, data: bytes) -> LogInput:
        """A log already in memory."""
        return cls(name, lambda: data)

    @classmethod
    def from_path(cls, path: Path) -> LogInput:
        """A log file, read when its turn comes (so reading errors are reported for that file)."""
        return cls(str(path), Path(path).read_bytes)


def log_bytes(source: str | bytes | Iterable[str]) -> bytes:
    """The bytes a log given as bytes, text or lines stands for (what its content hash is over).

    Bytes are taken as they are; text is encoded as UTF-8; lines are joined with ``\\n`` and end
    with one.
    """
    if isinstance(source, bytes):
        return source
    if isinstance(source, str):
        return source.encode("utf-8")
    return "".join(f"{line}\n" for line in source).encode("utf-8")


@dataclass(frozen=True, slots=True)
class IngestResult:
    """The outcome for one log: its name, the game id (None when unreadable), and why."""

    name: str
    outcome: Outcome
    game_id: str | None = None
    valid: bool | None = None
    message: str | None = None
    verdict: dict[str, Any] | None = None
    #: For ``unreadable``: the class of the error (``LogUnreadable``, ``UnsupportedRuleset``, ``OSError``).
    error: str | None = None
    #: For ``unreadable`` in this process: the reader's exception itself (None from a worker process).
    exception: BaseException | None = field(default=None, compare=False, repr=False)
    #: With ``analyze``, for a game stored: how many decisions were valued (None: not analysed), and
    #: why none were (its ruleset has no decision model).
    decisions: int | None = None
    note: str | None = None


@dataclass(slots=True)
class IngestSummary:
    """Counts of a run of ``ingest_many``; ``invalid`` counts stored (new or replaced) invalid games."""

    ingested: int = 0
    unchanged: int = 0
    replaced: int = 0
    refused: int = 0
    unreadable: int = 0
    failed: int = 0
    invalid: int = 0
    events: int = 0
    problems: list[IngestResult] = field(default_factory=list)
    #: With ``analyze``: games stored with their decisions, the decisions, and games stored without
    #: (``notes``: why, one result each).
    analysed: int = 0
    decisions: int = 0
    notes: list[IngestResult] = field(default_factory=list)
    #: Why the players and ratings were not brought up to date after the games were stored (the
    #: store failed, e.g. a full disk); the next ingest or delete, or ``flip7 ratings --recompute``, does it.
    players_behind: str | None = None

    def add(self, result: IngestResult, events: int = 0) -> None:
        """Count one result (``events``: how many events it stored)."""
        setattr(self, result.outcome.value, getattr(self, result.outcome.value) + 1)
        if result.outcome in (Outcome.INGESTED, Outcome.REPLACED):
            self.events += events
            if result.valid is False:
                self.invalid += 1
        if result.outcome in (Outcome.INGESTED, Outcome.REPLACED, Outcome.UNCHANGED):
            if result.note is not None:
                self.notes.append(result)
            elif result.decisions is not None:
                self.analysed += 1
                self.decisions += result.decisions
        if result.outcome in (Outcome.REFUSED, Outcome.UNREADABLE, Outcome.FAILED):
            self.problems.append(result)

    @property
    def total(self) -> int:
        """How many logs were looked at."""
        return self.ingested + self.unchanged + self.replaced + self.refused + self.unreadable + self.failed

    def as_dict(self) -> dict[str, int]:
        """The counts as a plain dict (for ``--json``)."""
        return {
            "ingested": self.ingested,
            "unchanged": self.unchanged,
            "replaced": self.replaced,
            "refused": self.refused,
            "invalid": self.invalid,
            "unreadable": self.unreadable,
            "failed": self.failed,
            "events": self.events,
        }


#: The tables ``ingest --analyze`` adds to a game already stored without its decisions.
ANALYSIS_TABLES: tuple[Table, ...] = (ANALYSES, DECISIONS)


#: Where the batch tables' buffers come from: the C library's allocator, which hands freed memory
#: back for reuse at once. Arrow's default pool (mimalloc) keeps the pages of a freed batch: about
#: 20 MiB more peak RSS from the first batch on (bench/target3_memory.py, docs/performance.md).
BATCH_MEMORY_POOL = pa.system_memory_pool()


def batch_tables(games: list[GameRows], tables: Sequence[Table] = GAME_TABLES) -> dict[str, pa.Table]:
    """Arrow tables, one per store table, holding the rows of ``games`` (columns concatenated)."""
    out: dict[str, pa.Table] = {}
    for table in tables:
        arrays = [_batch_column([g.columns[table.name][i] for g in games], column.arrow) for i, column in enumerate(table.columns)]
        out[table.name] = pa.Table.from_arrays(arrays, schema=table.arrow_schema())
    return out


def _batch_column(parts: list[Any], arrow: pa.DataType) -> pa.Array:
    """One column of a batch from each game's part of it: packed parts (``rows.packed_ints``,
    ``rows.PackedText``) are read by Arrow as they are, lists value by value."""
    if parts and arrow == pa.int32() and all(isinstance(p, array) and p.typecode == INT32 for p in parts):
        joined = array(INT32)
        for part in parts:
            joined.extend(part)
        return pa.Array.from_buffers(arrow, len(joined), [None, pa.py_buffer(joined)])
    if parts and arrow == pa.string() and all(isinstance(p, PackedText) for p in parts):
        return pa.concat_arrays(
            [pa.StringArray.from_buffers(len(p), pa.py_buffer(p.ends), pa.py_buffer(p.data)) for p in parts],
            memory_pool=BATCH_MEMORY_POOL,
        )
    return pa.array(list(chain.from_iterable(parts)), type=arrow, memory_pool=BATCH_MEMORY_POOL)


_MEMORY_UNITS = {"bytes": 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30, "TiB": 1 << 40, "PiB": 1 << 50}


def memory_limit_bytes(con: duckdb.DuckDBPyConnection) -> int:
    """The connection's ``memory_limit`` in bytes (DuckDB shows it rounded, e.g. ``45.7 MiB``)."""
    number, unit = str(scalar(con, "SELECT current_setting('memory_limit')")).split()
    return int(float(number) * _MEMORY_UNITS[unit])


def raise_memory_limit(con: duckdb.DuckDBPyConnection) -> bool:
    """After a statement ran out of memory (outside a transaction): double the connection's
    ``memory_limit``, up to DuckDB's own default (80% of RAM). False when it cannot be raised: it is
    there already, or the configuration is locked (a connection opened without ``ADJUSTABLE_MEMORY``)."""
    current = memory_limit_bytes(con)
    try:
        con.execute("RESET memory_limit")
    except duckdb.InvalidInputException:  # the configuration is locked
        return False
    ceiling = memory_limit_bytes(con)
    if 2 * current < ceiling:
        con.execute(f"SET memory_limit = '{2 * current}B'")
    return ceiling > current


def _insert_sql(table: Table, view: str) -> str:
    cols = ", ".join(table.column_names)
    return f"INSERT INTO {table.name} ({cols}) SELECT {cols} FROM {view}"


class CommitOutOfMemory(StoreError):
    """A batch's ``COMMIT`` ran out of memory. Nothing of it is stored, but DuckDB (2.0) keeps the
    keys of its rows in the primary-key index of the connection: writing them again is refused as a
    duplicate, and a later checkpoint stores those keys in the file (the game could never be stored).
    So it ends the run: nothing more is written on the connection, and closing it keeps the file clean."""


def is_out_of_memory(exc: BaseException) -> bool:
    """Whether ``exc`` is DuckDB running out of memory: ``OutOfMemoryException``, or a failed
    ``COMMIT`` (a ``TransactionException``) that could not get a block."""
    if isinstance(exc, duckdb.OutOfMemoryException):
        return True
    text = str(exc)
    return isinstance(exc, duckdb.TransactionException) and "Failed to commit" in text and any(
        marker in text for marker in ("Out of Memory", "failed to pin block", "could not allocate", "failed to allocate")
    )


def _first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return lines[0] if lines else type(exc).__name__


def raise_if_interrupt(exc: BaseException) -> None:
    """Raise ``KeyboardInterrupt`` for DuckDB's interrupt: Ctrl-C during a statement arrives as
    ``duckdb.InterruptException`` (a ``duckdb.Error``), and must stop the run, not fail one game."""
    if is_interrupt(exc):
        raise KeyboardInterrupt from None


def is_interrupt(exc: BaseException) -> bool:
    """Whether ``exc`` is DuckDB's answer to Ctrl-C: ``InterruptException`` during a statement, or a
    plain ``RuntimeError("Query interrupted")`` when it lands during ``COMMIT``."""
    return isinstance(exc, duckdb.InterruptException) or (isinstance(exc, RuntimeError) and str(exc) == "Query interrupted")


def delete_games(con: duckdb.DuckDBPyConnection, game_ids: list[str], tables: Sequence[Table] = GAME_TABLES) -> None:
    """Delete every row of ``game_ids`` from every game table (or ``tables``; inside the caller's transaction)."""
    if not game_ids:
        return
    for table in tables:
        key = GAME_KEY_COLUMN[table.name]
        con.execute(f"DELETE FROM {table.name} WHERE {key} IN (SELECT unnest($1::VARCHAR[]))", [game_ids])


def write_games(
    con: duckdb.DuckDBPyConnection, games: list[GameRows], replace_ids: list[str], only: Sequence[Table] = GAME_TABLES
) -> None:
    """Write ``games`` in one transaction, first deleting every row of ``replace_ids`` (``only``:
    just these tables' rows, e.g. ``ANALYSIS_TABLES``).

    All or nothing: on any error (or an interrupt) the transaction is rolled back and the error
    raised again.
    """
    tables = batch_tables(games) if only is GAME_TABLES else batch_tables(games, only)
    registered: list[str] = []
    con.execute("BEGIN TRANSACTION")
    try:
        delete_games(con, replace_ids, only)
        for table in only:
            arrow = tables[table.name]
            if arrow.num_rows == 0:
                continue
            view = f"_flip7_batch_{table.name}"
            con.register(view, arrow)
            registered.append(view)
            con.execute(_insert_sql(table, view))
            con.unregister(view)
            registered.pop()
        try:
            con.execute("COMMIT")
        except duckdb.Error as error:
            if is_out_of_memory(error):
                raise CommitOutOfMemory(
                    f"DuckDB ran out of memory committing a batch ({_first_line(error)}); the batch was not stored"
                ) from error
            raise
    except BaseException:
        try:
            con.execute("ROLLBACK")
        except duckdb.Error:
            pass  # the transaction is already gone (e.g. a failed COMMIT rolled it back)
        for view in registered:  # after the rollback: in the failed transaction it would fail, hiding the error
            with suppress(duckdb.Error):
                con.unregister(view)
        exc = sys.exc_info()[1]
        if exc is not None and is_interrupt(exc):
            raise KeyboardInterrupt from None
        raise


# --------------------------------------------------------------------------------------------
# Batches


@dataclass(slots=True)
class _Item:
    """One input in a batch, with what has been learnt about it so far."""

    name: str
    data: bytes | None = None
    digest: str | None = None
    game: GameRows | None = None
    result: IngestResult | None = None
    stored_events: int = 0


@dataclass(slots=True)
class _Settling:
    """A batch between its look-up and its write: what was found stored, and how to get its rows."""

    batch: list[_Item]
    by_hash: dict[str, str]
    stored: dict[str, tuple[Any, ...]]
    ingested_at: datetime
    attach: Callable[[], None]
    #: With ``analyze``: ids of games found stored byte for byte but without their decisions.
    unanalysed: set[str] = field(default_factory=set)


class Ingestor:
    """Runs ingestion against one connection. Not thread-safe: the caller serialises writes."""

    def __init__(
        self, con: duckdb.DuckDBPyConnection, now: Callable[[], datetime], *, workers: int = 1, stored_verdicts: bool = False,
        analyze: bool = False, prepared: dict[str, GameRows | Flip7Error] | None = None, win: int = 0,
    ) -> None:
        """Use ``con`` (read-write), take ingest times from ``now``, replay in ``workers`` processes.

        With ``analyze`` every decision of each game replayed is valued and stored (``decisions``),
        in the same replay and so in the same worker process; with ``win`` (playouts per position)
        also by the chance to win (``decisions.win_loss`` and ``luck``).

        With ``workers > 1`` logs are replayed in a pool of that many processes (started when a
        batch first has enough logs to share); writing stays in this process. With
        ``stored_verdicts`` an ``unchanged`` result carries the stored verdict, read by the same
        query that found the log. ``prepared``: logs already replayed (``replay_ahead``), by their
        content hash: their rows are taken as they are instead of replaying them again.
        """
        self._prepared = prepared or {}
        self._con = con
        self._now = now
        self._stored_verdicts = stored_verdicts
        self._analyze = analyze
        self._win = win if analyze else 0
        self._workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None
        self._in_flight: _Settling | None = None

    def run(
        self,
        inputs: Iterable[LogInput],
        *,
        replace: bool = False,
        batch_size: int = DEFAULT_BATCH_SIZE,
        on_result: Callable[[IngestResult, int], None] | None = None,
    ) -> IngestSummary:
        """Ingest ``inputs`` in batches; report each result after its batch is settled (committed).

        ``on_result(result, events_stored)`` is called in input order. On an interrupt the current
        batch is rolled back and the interrupt raised again; results already reported stand.
        """
        summary = IngestSummary()

        def report(item: _Item) -> None:
            assert item.result is not None
            summary.add(item.result, item.stored_events)
            if on_result is not None:
                on_result(item.result, item.stored_events)

        try:
            self._run(inputs, replace, batch_size, report)
        finally:
            self._in_flight = None  # after an interrupt: that batch was never written
            if self._pool is not None:
                self._pool.shutdown(wait=True, cancel_futures=True)
                self._pool = None
        return summary

    def _run(self, inputs: Iterable[LogInput], replace: bool, batch_size: int, report: Callable[[_Item], None]) -> None:
        if self._analyze:
            batch_size = min(batch_size, ANALYZE_BATCH_SIZE)
        batch: list[_Item] = []
        events = 0
        for source in inputs:
            item = _Item(source.name)
            try:
                item.data = source.load()
            except OSError as exc:
                item.result = IngestResult(source.name, Outcome.UNREADABLE, message=os_message(exc), error="OSError")
            batch.append(item)
            events += len(item.data or b"") // 40  # rough: a log line is ~40 bytes
            if len(batch) >= batch_size or events >= MAX_BATCH_EVENTS:
                self._next_batch(batch, replace, report)
                batch, events = [], 0
        if batch:
            self._next_batch(batch, replace, report)
        if self._in_flight is not None:
            settling, self._in_flight = self._in_flight, None
            for done in self._finish(settling, replace):
                report(done)

    def _next_batch(self, batch: list[_Item], replace: bool, report: Callable[[_Item], None]) -> None:
        """Settle ``batch``. With worker processes, the batch is handed to them first and the batch
        before it written meanwhile, so the workers replay while this process writes."""
        settling: _Settling | None = self._begin(batch)
        if self._workers > 1:
            settling, self._in_flight = self._in_flight, settling
        if settling is None:
            return
        for done in self._finish(settling, replace):
            report(done)

    def _replay(self, items: list[_Item], ingested_at: datetime) -> None:
        """Replay ``items`` (here, or in the worker pool when there are enough) and attach their rows."""
        self._submit(items, ingested_at)()

    def _submit(self, items: list[_Item], ingested_at: datetime) -> Callable[[], None]:
        """Start replaying ``items`` (in the worker pool when there are enough); the function returned
        waits for the rows and attaches them (a replay here happens when it is called)."""
        jobs: list[Job] = [
            (i.name, i.data, i.digest, ingested_at, self._analyze, self._win) for i in items if i.data is not None and i.digest is not None
        ]
        assert len(jobs) == len(items), "every item to replay has been read"
        if self._workers > 1 and len(jobs) >= 4 * self._workers:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    self._workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_die_with_parent,
                    initargs=(os.getpid(),),
                )
            outputs: Iterable[GameRows | tuple[str, str] | Flip7Error] = self._pool.map(
                _replay_job, jobs, chunksize=max(1, len(jobs) // (4 * self._workers))
            )
            pooled = True
        else:
            outputs, pooled = (self._prepared[job[2]] if job[2] in self._prepared else _replay_here(job) for job in jobs), False

        def attach() -> None:
            for item, out in zip(items, outputs, strict=True):
                if isinstance(out, Flip7Error):
                    item.result = IngestResult(item.name, Outcome.UNREADABLE, message=str(out), error=type(out).__name__, exception=out)
                elif isinstance(out, tuple):
                    item.result = IngestResult(item.name, Outcome.UNREADABLE, message=out[1], error=out[0])
                else:
                    assert item.data is not None
                    item.game = with_log(out, item.data) if pooled else out

        return attach

    def _begin(self, batch: list[_Item]) -> _Settling:
        """Hash the batch, find the logs already stored byte for byte, and start replaying the rest."""
        for item in batch:
            if item.data is not None:
                item.digest = content_hash(item.data)
        digests = [i.digest for i in batch if i.digest is not None and i.result is None]
        extra = ", valid, verdict" if self._stored_verdicts else ""
        found = self._fetch(
            f"SELECT content_hash, id{extra} FROM games WHERE content_hash IN (SELECT unnest($1::VARCHAR[]))", [digests]
        ) if digests else []
        by_hash = {row[0]: row[1] for row in found}
        stored = {row[0]: row[2:] for row in found}
        ingested_at = self._now()
        unanalysed: set[str] = set()
        if self._analyze and by_hash:  # stored without decisions: replayed again, to add them
            have = {row[0] for row in self._fetch(
                "SELECT game FROM analyses WHERE status = 'analysed' AND game IN (SELECT unnest($1::VARCHAR[]))", [list(by_hash.values())]
            )}
            unanalysed = {g for g in by_hash.values() if g not in have}
            by_hash = {h: g for h, g in by_hash.items() if g in have}

        # Replay what is not already stored byte for byte (with its decisions, when asked for).
        attach = self._submit([i for i in batch if i.result is None and i.digest not in by_hash], ingested_at)
        return _Settling(batch, by_hash, stored, ingested_at, attach, unanalysed)

    def _finish(self, settling: _Settling, replace: bool) -> list[_Item]:
        """Decide every item's outcome, write what must be written, and return the items."""
        batch, by_hash, stored, ingested_at = settling.batch, settling.by_hash, settling.stored, settling.ingested_at
        settling.attach()
        if by_hash and self._workers > 1:
            # the batch before this one was written after the look-up: what it replaced is gone
            still = {row[0] for row in self._fetch(
                "SELECT content_hash FROM games WHERE content_hash IN (SELECT unnest($1::VARCHAR[]))", [list(by_hash)]
            )}
            gone = [i for i in batch if i.result is None and i.game is None and i.digest not in still]
            if gone:
                self._replay(gone, ingested_at)

        ids = list({i.game.game_id for i in batch if i.game is not None})
        known: dict[str, str] = dict(
            self._fetch("SELECT id, content_hash FROM games WHERE id IN (SELECT unnest($1::VARCHAR[]))", [ids])
        ) if ids else {}
        in_db = set(known)

        # One-at-a-time semantics, in input order, against `known` (id -> hash as it would be now).
        pending: dict[str, _Item] = {}
        analyse_only: list[GameRows] = []
        for item in batch:
            if item.result is not None:
                continue
            if item.game is None:  # stored byte for byte before this batch
                assert item.digest is not None
                game_id = by_hash[item.digest]
                if known.setdefault(game_id, item.digest) == item.digest:
                    valid, verdict = stored[item.digest] if self._stored_verdicts else (None, None)
                    item.result = IngestResult(
                        item.name, Outcome.UNCHANGED, game_id, valid, verdict=None if verdict is None else json.loads(verdict)
                    )
                    continue
                # its id was given other bytes earlier in this batch: judge it after all
                self._replay([item], ingested_at)
                if item.game is None:  # pragma: no cover - it was readable before
                    continue
            game = item.game
            previous = known.get(game.game_id)
            if previous == game.content_hash:
                if game.game_id in settling.unanalysed and game.game_id not in pending:
                    settling.unanalysed.discard(game.game_id)  # stored, but not analysed: add its decisions
                    analyse_only.append(game)
                    item.result = IngestResult(
                        item.name, Outcome.UNCHANGED, game.game_id, game.valid, verdict=game.verdict,
                        decisions=game.decisions, note=game.note,
                    )
                else:
                    item.result = IngestResult(item.name, Outcome.UNCHANGED, game.game_id, game.valid, verdict=game.verdict)
                item.game = None
                continue
            if previous is not None and not replace:
                item.result = IngestResult(
                    item.name,
                    Outcome.REFUSED,
                    game.game_id,
                    game.valid,
                    message=refused_message(game.game_id),
                )
                item.game = None
                continue
            outcome = Outcome.REPLACED if previous is not None else Outcome.INGESTED
            item.result = IngestResult(
                item.name, outcome, game.game_id, game.valid, verdict=game.verdict, decisions=game.decisions, note=game.note
            )
            known[game.game_id] = game.content_hash
            superseded = pending.pop(game.game_id, None)
            if superseded is not None:
                superseded.stored_events = 0
            pending[game.game_id] = item
            item.stored_events = game.n_events

        to_write = list(pending.values())
        if to_write:
            games = [i.game for i in to_write if i.game is not None]
            try:
                self._write(games, [g.game_id for g in games if g.game_id in in_db])
            except WRITE_ERRORS as exc:
                raise_if_interrupt(exc)
                self._write_one_by_one(to_write, in_db)
        if analyse_only:
            try:
                self._write(analyse_only, [g.game_id for g in analyse_only], ANALYSIS_TABLES)
            except WRITE_ERRORS as exc:
                raise_if_interrupt(exc)
                for item in batch:  # the games stay stored as they were, without decisions
                    if item.result is not None and item.result.outcome is Outcome.UNCHANGED and item.result.decisions is not None:
                        item.result = IngestResult(item.name, Outcome.UNCHANGED, item.result.game_id, item.result.valid,
                                                   verdict=item.result.verdict, message=f"could not store the decisions: {str(exc).strip().splitlines()[0]}")
        for item in batch:
            item.game = None  # let the rows go
        return batch

    def _fetch(self, sql: str, params: list[Any]) -> list[Any]:
        """The rows of a look-up; one that runs out of memory runs again with a higher cap."""
        while True:
            try:
                return self._con.execute(sql, params).fetchall()
            except duckdb.OutOfMemoryException:
                if not raise_memory_limit(self._con):
                    raise

    def _write(self, games: list[GameRows], replace_ids: list[str], only: Sequence[Table] = GAME_TABLES) -> None:
        """``write_games``; a transaction that runs out of memory (rolled back) runs again with a
        higher cap, unless it took effect after all (the automatic checkpoint after its COMMIT ran out)."""
        while True:
            try:
                write_games(self._con, games, replace_ids, only)
                return
            except duckdb.OutOfMemoryException:
                if self._written(games, only):
                    return
                if not raise_memory_limit(self._con):
                    raise
            except CommitOutOfMemory:
                if self._written(games, only):  # the COMMIT took effect, its checkpoint ran out
                    return
                raise

    def _written(self, games: list[GameRows], only: Sequence[Table]) -> bool:
        """Whether ``games`` are stored as ``write_games`` would have left them: with these bytes
        (``only=ANALYSIS_TABLES``: analysed)."""
        ids = [g.game_id for g in games]
        if only is ANALYSIS_TABLES:
            sql = "SELECT game, 'analysed' FROM analyses WHERE status = 'analysed' AND game IN (SELECT unnest($1::VARCHAR[]))"
            expected = {g.game_id: "analysed" for g in games}
        else:
            sql = "SELECT id, content_hash FROM games WHERE id IN (SELECT unnest($1::VARCHAR[]))"
            expected = {g.game_id: g.content_hash for g in games}
        return dict(self._fetch(sql, [ids])) == expected

    def _write_one_by_one(self, items: list[_Item], in_db: set[str]) -> None:
        """After a failed batch: store each game in its own transaction; mark the ones that fail."""
        for item in items:
            game = item.game
            assert game is not None and item.result is not None
            try:
                self._write([game], [game.game_id] if game.game_id in in_db else [])
            except WRITE_ERRORS as exc:
                raise_if_interrupt(exc)
                item.stored_events = 0
                item.result = IngestResult(
                    item.name,
                    Outcome.FAILED,
                    game.game_id,
                    game.valid,
                    message=f"could not store game {game.game_id!r}: {str(exc).strip().splitlines()[0]}",
                )


def refused_message(game_id: str | None) -> str:
    """Why a log was ``refused`` (and what to do)."""
    return f"a different log with game id {game_id!r} is already stored; use --replace to replace it"


def os_message(exc: OSError) -> str:
    """The message of a log file that cannot be read."""
    reason = printable(exc.strerror or str(exc))
    return f"cannot read {printable(str(exc.filename))}: {reason}" if exc.filename else f"cannot read: {reason}"


@dataclass(frozen=True, slots=True)
class ReplayedAhead:
    """Logs replayed (their decisions valued) before they are written: ``Store.replay_ahead``."""

    #: The logs, their bytes read (one that could not be read as it was: the ingest reports it).
    entries: list[LogInput]
    ingested_at: datetime
    #: The rows by each log's content hash (an ``Ingestor``'s ``prepared``).
    rows: dict[str, GameRows | Flip7Error]


def replay_ahead(entries: Iterable[LogInput], ingested_at: datetime, *, analyze: bool, win: int = 0) -> ReplayedAhead:
    """``entries`` replayed (and, with ``analyze``, every decision valued) before any lock is taken,
    for an ``Ingestor`` given the rows as ``prepared``: a write then never waits on an analysis.
    An analysis out of its time (``OverAllowance``) or stopped ends it: raised, not a log's result."""
    kept: list[LogInput] = []
    rows: dict[str, GameRows | Flip7Error] = {}
    for entry in entries:
        try:
            data = entry.load()
        except OSError:
            kept.append(entry)
            continue
        digest = content_hash(data)
        if digest not in rows:
            out = rows[digest] = _replay_here((entry.name, data, digest, ingested_at, analyze, win if analyze else 0))
            if isinstance(out, OverAllowance | AnalysisCancelled):
                raise out
        kept.append(LogInput.from_bytes(entry.name, data))
    return ReplayedAhead(kept, ingested_at, rows)


def ingest_lines_input(name: str, source: str | bytes | Iterable[str]) -> LogInput:
    """A ``LogInput`` for a log given as bytes, text or lines (see ``log_bytes``)."""
    if not isinstance(source, bytes | str):
        source = list(as_lines(source))
    return LogInput.from_bytes(name, log_bytes(source))
