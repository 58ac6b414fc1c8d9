"""The store as a small service: what the CLI and the HTTP layer call.

One ``Store`` wraps one open DuckDB file. DuckDB lets one process write a file at a time (another
process gets ``StoreInUse``); inside a process, writes are serialised by a lock and every call runs
on a cursor of its own, so a ``Store`` may be shared by threads (one request per thread).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb
from pydantic import BaseModel, ConfigDict, Field, field_serializer

from adjudicator.analysis.report import Analysis
from adjudicator.source import lines_from_bytes
from adjudicator.statistic import RULESET_FILTER_SQL
from adjudicator.store import db
from adjudicator.store.decisions import ANALYSED, DECISION_COLUMNS, stored_analysis
from adjudicator.store.errors import GameNotFound, StoreError
from adjudicator.store.export import ExportedTable, export_parquet
from adjudicator.store.ingest import (
    DEFAULT_BATCH_SIZE,
    Ingestor,
    IngestResult,
    IngestSummary,
    LogInput,
    Outcome,
    ReplayedAhead,
    delete_games,
    ingest_lines_input,
    raise_if_interrupt,
    raise_memory_limit,
    replay_ahead,
)
from adjudicator.store.parquet import open_parquet
from adjudicator.store.players import PlayerBook
from adjudicator.store.players import refresh as refresh_players
from adjudicator.store.query import APART_MAX_BYTES, DEFAULT_MAX_ROWS, DEFAULT_TIMEOUT, QueryResult, run_query, run_query_apart
from adjudicator.store.stats import StatResult, chosen, run_statistic

#: Columns of ``games`` that ``GameSummary`` carries (everything but options and verdict).
_SUMMARY_COLUMNS = (
    "id, named, source, content_hash, ingested_at, players, first_dealer, valid, complete, "
    "finished, winner, n_events, n_rounds, n_violations, ruleset"
)


#: Answers of the statistics a store keeps in memory until its next write (``Store.stats``).
ANSWERS_KEPT = 256


def utc_text(moment: datetime) -> str:
    """A UTC time as the store prints it everywhere (CLI, API): ISO 8601 with ``Z``, microseconds
    only when there are any (``2026-11-29T18:30:00Z``). A naive time is taken as UTC."""
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment.isoformat() + "Z"


def utc_now() -> datetime:
    """The current time in UTC (the default clock of a store)."""
    return datetime.now(UTC)


def _refresh_players(cursor: duckdb.DuckDBPyConnection) -> None:
    """Link new games' seats and rate them (``players.refresh``); one that runs out of memory under
    an ingest's cap (rolled back) runs again with a higher cap, as ingest's own statements do."""
    while True:
        try:
            refresh_players(cursor)
            return
        except duckdb.OutOfMemoryException:
            if not raise_memory_limit(cursor):
                raise


class GameSummary(BaseModel):
    """A stored game (its row in the store's `games` table, without options and verdict)."""

    model_config = ConfigDict(frozen=True)

    id: str
    named: bool = Field(description="False when the `game` line was bad and the id is `unnamed-<hash>`.")
    source: str | None = Field(description="Where the log came from (for uploads: the `source` given, or `api`).")
    content_hash: str = Field(description="SHA-256 of the stored log bytes.")
    ingested_at: datetime
    players: list[str]
    first_dealer: str | None
    valid: bool
    complete: bool = Field(description="Valid but for wrong claims: the store's statistics count these games.")
    finished: bool
    winner: str | None
    n_events: int
    n_rounds: int
    n_violations: int
    ruleset: str | None = Field(
        default=None,
        description="`flip7`, `vengeance` or `vengeance (brutal)`; null when the `game` line was bad.",
    )

    @classmethod
    def from_row(cls, row: Iterable[Any]) -> GameSummary:
        """A summary from a row of ``_SUMMARY_COLUMNS`` (``ingested_at`` is UTC)."""
        return cls.model_construct(**dict(zip(cls.model_fields, row, strict=True)))

    @field_serializer("ingested_at")
    def _ingested_at(self, moment: datetime) -> str:
        return utc_text(moment)  # the API prints it as `flip7 games --json` does

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (``ingested_at`` as ISO 8601 with ``Z``, see ``utc_text``)."""
        out = {name: getattr(self, name) for name in type(self).model_fields}
        out["ingested_at"] = utc_text(self.ingested_at)
        return out


class GamePage(BaseModel):
    """One page of stored games, ordered by id; pass ``next_cursor`` as ``after`` for the next."""

    games: list[GameSummary]
    next_cursor: str | None = Field(description="Pass as `cursor` to get the next page; null on the last page.")


class Store:
    """An open replay store. Use ``Store.open``; close it (or use ``with``) when done."""

    def __init__(
        self,
        con: duckdb.DuckDBPyConnection,
        path: Path,
        *,
        read_only: bool,
        now: Callable[[], datetime] = utc_now,
    ) -> None:
        """Wrap a connection from ``db.open_connection`` (prefer ``Store.open``)."""
        self._con = con
        self.path = path
        self.read_only = read_only
        self._now = now
        self._write_lock = threading.Lock()
        self._closed = False
        #: A Parquet store (``open_parquet``): ``path`` is its folder, its tables are views.
        self.parquet = False
        #: Answers of the statistics, kept until the next write (``stats``): (statistic, filters) →
        #: (the write generation they were read in, the answer). Every write goes through ``_writer``,
        #: which counts it; no other process can write the file while this one has it open.
        self._answers: OrderedDict[tuple[Any, ...], tuple[int, StatResult]] = OrderedDict()
        self._answers_lock = threading.Lock()
        self._generation = 0

    @classmethod
    def open(
        cls,
        path: str | Path,
        *,
        read_only: bool = False,
        now: Callable[[], datetime] = utc_now,
        limits: Mapping[str, str | int] | None = None,
    ) -> Store:
        """Open (read-write: create if missing) the store file at ``path``.

        Raises ``StoreInUse``, ``StoreNotFound``, ``NotAStore``, ``SchemaMismatch`` or ``StoreError``
        (see ``db.open_connection``). ``now`` is the clock that stamps ingest times. ``limits``:
        DuckDB's ``memory_limit`` and ``threads`` for everything this store runs (a server's bound).
        """
        path = Path(path)
        return cls(db.open_connection(path, read_only=read_only, limits=limits), path, read_only=read_only, now=now)

    @classmethod
    def open_parquet(cls, directory: str | Path, *, limits: Mapping[str, str | int] | None = None) -> Store:
        """Open the Parquet store in ``directory`` (``adjudicator.store.parquet``: what
        ``scale.ray_check`` writes) read-only: the statistics and queries read it as a store file.

        Raises ``StoreNotFound``, ``NotAStore`` or ``StoreError``.
        """
        path = Path(directory)
        store = cls(open_parquet(path, limits=limits), path, read_only=True)
        store.parquet = True
        return store

    def close(self) -> None:
        """Close the store (a checkpoint folds the write-ahead log into the file)."""
        if not self._closed:
            self._closed = True
            self._con.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ plumbing

    @contextmanager
    def _cursor(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """A cursor of its own for one call; DuckDB errors become ``StoreError``."""
        if self._closed:
            raise StoreError("the store is closed")
        cursor = self._con.cursor()
        try:
            yield cursor
        except duckdb.Error as exc:
            raise_if_interrupt(exc)
            raise db.classify_duckdb_error(self.path, exc) from None
        finally:
            cursor.close()

    @contextmanager
    def _writer(self) -> Iterator[duckdb.DuckDBPyConnection]:
        if self.read_only:
            raise StoreError(f"the store {self.path} is open read-only")
        with self._write_lock, self._cursor() as cursor:
            try:
                yield cursor
            finally:
                self._generation += 1  # the statistics read before this write are not served again

    # ------------------------------------------------------------------ writing

    def replay_ahead(self, source: str | bytes | Iterable[str], name: str) -> ReplayedAhead:
        """Replay a log and value every decision, taking no lock: for ``ingest(..., ahead=...)``
        (the API runs this part in its analysis pool, within its time allowance)."""
        return replay_ahead([ingest_lines_input(name, source)], self._now(), analyze=True)

    def replay_many_ahead(self, inputs: Iterable[LogInput]) -> ReplayedAhead:
        """``replay_ahead`` of many logs, for ``ingest_many(ahead=...)``."""
        return replay_ahead(inputs, self._now(), analyze=True)

    def ingest(
        self, source: str | bytes | Iterable[str], name: str, *, replace: bool = False, analyze: bool = False,
        ahead: ReplayedAhead | None = None,
    ) -> IngestResult:
        """Adjudicate and store one log given as bytes, text or lines; ``name`` says where it came from.

        Returns the outcome (``ingested``, ``unchanged``, ``replaced``, ``refused``, or ``failed``
        with a message) and the verdict (for ``unchanged``: the stored one, read with the lookup
        that found the log: one query). A log that cannot be judged raises the reader's own
        exception (``LogUnreadable``, ``UnsupportedRuleset``), as ``check_log`` would. With
        ``analyze`` every decision is valued and stored too (``decisions``), before the write lock is
        taken (no other write waits on it); ``ahead``: that work done already (``replay_ahead``).
        """
        results: list[IngestResult] = []
        if analyze and ahead is None:
            ahead = self.replay_ahead(source, name)
        entry, now, prepared = ingest_lines_input(name, source), self._now, None
        if ahead is not None:
            stamp = ahead.ingested_at
            entry, now, prepared = ahead.entries[0], (lambda: stamp), ahead.rows
        with self._writer() as cursor:
            ingestor = Ingestor(cursor, now, stored_verdicts=True, analyze=analyze, prepared=prepared)
            ingestor.run([entry], replace=replace, on_result=lambda r, _: results.append(r))
            if results and results[0].outcome in (Outcome.INGESTED, Outcome.REPLACED):
                _refresh_players(cursor)  # an unchanged log costs its one look-up only
        (result,) = results
        if result.exception is not None:
            raise result.exception
        return result

    def ingest_many(
        self,
        inputs: Iterable[LogInput],
        *,
        replace: bool = False,
        batch_size: int = DEFAULT_BATCH_SIZE,
        on_result: Callable[[IngestResult, int], None] | None = None,
        workers: int = 1,
        analyze: bool = False,
        ahead: ReplayedAhead | None = None,
        win: int = 0,
    ) -> IngestSummary:
        """Adjudicate and store many logs in batches (see ``adjudicator.store.ingest``).

        ``on_result(result, events_stored)`` is called for each input once its batch is committed,
        in input order. On an interrupt the batch in progress is rolled back and the interrupt
        raised again; everything reported before stays stored. ``workers > 1`` replays logs in
        that many processes (worth it from a few hundred logs on; with ``analyze``, which values
        and stores every decision in those processes too, from a few dozen). ``ahead``: the logs
        replayed and valued already (``replay_many_ahead``): only written here. ``win`` (with
        ``analyze``): playouts per position of the chance to win (``decisions.win_loss`` and ``luck``;
        0: not valued so).
        """
        now, prepared = self._now, None
        if ahead is not None:  # replayed and valued already (``replay_many_ahead``), outside the lock
            stamp = ahead.ingested_at
            inputs, now, prepared = ahead.entries, (lambda: stamp), ahead.rows
        with self._writer() as cursor:
            ingestor = Ingestor(cursor, now, workers=workers, analyze=analyze, prepared=prepared, win=win)
            summary = ingestor.run(inputs, replace=replace, batch_size=batch_size, on_result=on_result)
            if summary.ingested or summary.replaced:
                try:
                    _refresh_players(cursor)  # players and ratings: once every batch is stored (docs/ratings.md)
                except duckdb.Error as exc:  # the games stay stored and reported; the ratings catch up later
                    summary.players_behind = str(exc).splitlines()[0]
            return summary

    def delete_game(self, game_id: str) -> None:
        """Remove a game and all its rows; raises ``GameNotFound`` when there is no such game."""
        with self._writer() as cursor:
            if db.scalar(cursor, "SELECT count(*) FROM games WHERE id = ?", [game_id]) == 0:
                raise GameNotFound(f"no stored game has the id {game_id!r}")
            cursor.execute("BEGIN TRANSACTION")
            try:
                delete_games(cursor, [game_id])
                cursor.execute("COMMIT")
            except BaseException:
                cursor.execute("ROLLBACK")
                raise
            _refresh_players(cursor)

    def players(self) -> PlayerBook:
        """The store's players and their ratings (``adjudicator.store.players``)."""
        return PlayerBook(self._cursor, self._writer)

    # ------------------------------------------------------------------ reading games

    def list_games(
        self,
        *,
        valid: bool | None = None,
        finished: bool | None = None,
        player: str | None = None,
        limit: int | None = 100,
        after: str | None = None,
        ruleset: str | None = None,
        search: str | None = None,
    ) -> GamePage:
        """Stored games ordered by id, filtered; ``valid=False`` lists the invalid ones, ``ruleset``
        a ruleset's games (a name, Brutal games included, or a label such as ``vengeance (brutal)``).

        ``search``: only games whose id or a player's name contains it (case-insensitive).
        Pagination is by cursor: ``after`` is the ``next_cursor`` of the previous page. ``limit``
        None lists everything.
        """
        sql = (
            f"SELECT {_SUMMARY_COLUMNS} FROM games "
            "WHERE ($valid IS NULL OR valid = $valid) "
            "AND ($finished IS NULL OR finished = $finished) "
            "AND ($player IS NULL OR list_contains(players, $player)) "
            "AND ($after IS NULL OR id > $after) "
            f"AND {RULESET_FILTER_SQL} "
            "AND ($search IS NULL OR contains(lower(id), lower($search)) "
            "OR len(list_filter(players, lambda p: contains(lower(p), lower($search)))) > 0) "
            "ORDER BY id"
        )
        params: dict[str, Any] = {
            "valid": valid, "finished": finished, "player": player, "after": after, "ruleset": ruleset, "search": search,
        }
        if limit is not None:
            sql += " LIMIT $limit"
            params["limit"] = limit + 1
        with self._cursor() as cursor:
            rows = cursor.execute(sql, params).fetchall()
        games = [GameSummary.from_row(row) for row in rows]
        if limit is not None and len(games) > limit:
            games = games[:limit]
            return GamePage.model_construct(games=games, next_cursor=games[-1].id)
        return GamePage.model_construct(games=games, next_cursor=None)

    def game_ids(self) -> list[str]:
        """Every stored game's id, in order (to suggest one for a mistyped id)."""
        with self._cursor() as cursor:
            return [row[0] for row in cursor.execute("SELECT id FROM games ORDER BY id").fetchall()]

    def game(self, game_id: str) -> GameSummary:
        """The stored game ``game_id``; raises ``GameNotFound``."""
        with self._cursor() as cursor:
            row = cursor.execute(f"SELECT {_SUMMARY_COLUMNS} FROM games WHERE id = ?", [game_id]).fetchone()
        if row is None:
            raise GameNotFound(f"no stored game has the id {game_id!r}")
        return GameSummary.from_row(row)

    def verdict(self, game_id: str) -> dict[str, Any]:
        """The verdict stored with the game (the contract's verdict JSON); raises ``GameNotFound``."""
        return json.loads(self._game_value(game_id, "verdict", "games", "id"))

    def options(self, game_id: str) -> dict[str, Any] | None:
        """The game's ``game`` event as it was read (None when it was bad); raises ``GameNotFound``."""
        text = self._game_value(game_id, "options", "games", "id")
        return None if text is None else json.loads(text)

    def log_bytes(self, game_id: str) -> bytes:
        """The log exactly as it was ingested; raises ``GameNotFound``."""
        return bytes(self._game_value(game_id, "content", "logs", "game"))

    def log_lines(self, game_id: str) -> list[str]:
        """The log's text lines (comments and blank lines included), to replay it up to any event."""
        return list(lines_from_bytes(self.log_bytes(game_id)))

    def events(self, game_id: str) -> list[dict[str, Any]]:
        """The game's events in order: event (its index, as violations name it), line, round, type,
        player, card, target, raw."""
        self.game(game_id)
        with self._cursor() as cursor:
            cursor.execute(
                "SELECT idx AS event, line, round, type, player, card, target, raw FROM events WHERE game = ? ORDER BY idx",
                [game_id],
            )
            names = [d[0] for d in cursor.description]
            return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    def analysis(self, game_id: str, *, player: str | None = None, round_no: int | None = None) -> Analysis | None:
        """The stored decision analysis of a game (``ingest --analyze``) as ``flip7-analysis/1``,
        filtered as ``analyze`` filters; None when the game was stored without one (or its ruleset
        has no decision model). Raises ``GameNotFound``."""
        with self._cursor() as cursor:
            game = cursor.execute("SELECT players, n_events FROM games WHERE id = ?", [game_id]).fetchone()
            if game is None:
                raise GameNotFound(f"no stored game has the id {game_id!r}")
            header = cursor.execute(
                "SELECT ruleset, complete, stopped_by FROM analyses WHERE game = ? AND status = ?", [game_id, ANALYSED]
            ).fetchone()
            if header is None:
                return None
            rows = cursor.execute(
                f"SELECT {', '.join(DECISION_COLUMNS)} FROM decisions WHERE game = ? ORDER BY event", [game_id]
            ).fetchall()
        return stored_analysis(header, list(game[0]), game[1], game_id, rows, player=player, round_no=round_no)

    def _game_value(self, game_id: str, column: str, table: str, key: str) -> Any:
        with self._cursor() as cursor:
            row = cursor.execute(f"SELECT {column} FROM {table} WHERE {key} = ?", [game_id]).fetchone()
        if row is None:
            raise GameNotFound(f"no stored game has the id {game_id!r}")
        return row[0]

    # ------------------------------------------------------------------ statistics, queries, export

    def stats(
        self,
        *,
        player: str | None = None,
        since: datetime | None = None,
        names: list[str] | None = None,
        ruleset: str | None = None,
    ) -> list[StatResult]:
        """Run the canned statistics (all, or ``names``) for ``player``, games ingested since ``since``
        and of ``ruleset`` (a name or a label, as ``list_games`` takes it).

        Each answer is kept until the store is next written (``ANSWERS_KEPT`` of them at most): a
        statistic asked again with the same filters is answered from memory (over a million games a
        statistic's query takes seconds: docs/performance.md). A Parquet store's answers are not
        kept (its folder may gain parts while it is open).
        """
        wanted = chosen(names)
        results: list[StatResult] = []
        for statistic in wanted:
            key = (statistic.name, player, since, ruleset)
            with self._answers_lock:
                kept = self._answers.get(key)
                generation = self._generation
            if kept is not None and kept[0] == generation:
                results.append(kept[1])
                continue
            with self._cursor() as cursor:
                result = run_statistic(cursor, statistic, player=player, since=since, ruleset=ruleset)
            results.append(result)
            if not self.parquet:
                with self._answers_lock:
                    self._answers[key] = (generation, result)
                    self._answers.move_to_end(key)
                    while len(self._answers) > ANSWERS_KEPT:
                        self._answers.popitem(last=False)
        return results

    def query(
        self,
        sql: str,
        *,
        max_rows: int = DEFAULT_MAX_ROWS,
        timeout: float = DEFAULT_TIMEOUT,
        max_bytes: int | None = None,
        hide_server: bool = False,
        apart: bool = False,
    ) -> QueryResult:
        """Run one read-only SQL query in the sandbox (see ``adjudicator.store.query``; ``max_bytes``
        and ``hide_server`` are for callers who serve others, such as the HTTP API). ``apart`` (a
        store open read-only): in a child process with a hard memory limit, killed past its time
        (``run_query_apart``; ``max_bytes`` then ``APART_MAX_BYTES`` unless given)."""
        if self._closed:
            raise StoreError("the store is closed")
        if apart and self.read_only:
            return run_query_apart(
                str(self.path), sql, max_rows=max_rows, timeout=timeout, max_bytes=max_bytes or APART_MAX_BYTES, parquet=self.parquet
            )
        return run_query(  # a Parquet store's instance is in memory, not read-only: a READ ONLY transaction
            self._con, sql, read_only_connection=self.read_only and not self.parquet, max_rows=max_rows, timeout=timeout,
            max_bytes=max_bytes, hide_server=hide_server,
        )

    def export(self, directory: str | Path) -> list[ExportedTable]:
        """Write every table as ``directory/<table>.parquet``."""
        with self._cursor() as cursor:
            return export_parquet(cursor, Path(directory))
