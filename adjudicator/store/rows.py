"""One game's rows for the store, and the worker processes of ``flip7 ingest --jobs N`` that build them.

A worker only replays logs: this module imports the rules engine and the store's table layout, but
neither DuckDB nor Arrow (``adjudicator.store.ingest`` writes the rows; ``python -X importtime -c
"import adjudicator.store.rows"`` shows it). A worker sends the rows back without the log's bytes,
which the writing process already holds (``LOG_COLUMN``; ``with_log`` puts them back), and the
``events`` table's numbers and raw lines packed (``packed_ints``, ``PackedText``): what pickling a
game's rows costs, in the worker and in the writer, is per object.
"""

from __future__ import annotations

import ctypes
import hashlib
import json
import os
import signal
import sys
import threading
import time
from array import array
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import accumulate
from typing import Any

from adjudicator.bulk import tune_for_bulk
from adjudicator.errors import Flip7Error
from adjudicator.replay import ReadLines, replay_log, ruleset_label
from adjudicator.store.decisions import AnalysingCollector, analysis_columns, empty_analysis_columns
from adjudicator.store.records import RecordCollector
from adjudicator.store.schema import HITS, PLAYER_ROUNDS, ROUNDS, TARGETS, UNNAMED_PREFIX, WIPES, Table


@dataclass(slots=True)
class GameRows:
    """Everything one replayed log puts in the store, column by column per table, plus its verdict.

    ``columns[table]`` holds one sequence per column of that table, in table order, all of one
    length: a list, or for some ``events`` columns a packed form (``packed_ints``, ``PackedText``).
    """

    game_id: str
    content_hash: str
    valid: bool
    verdict: dict[str, Any]
    n_events: int
    columns: dict[str, list[Any]]
    #: With ``analyze``: the decisions valued (None: not analysed) and why there are none, if so.
    decisions: int | None = None
    note: str | None = None

    def rows(self, table: str) -> list[tuple[Any, ...]]:
        """The rows of one table as tuples (for inspection and row-wise writers)."""
        return list(zip(*self.columns[table], strict=True))


def content_hash(data: bytes) -> str:
    """SHA-256 of a log's raw bytes, hex: the content hash that decides ``unchanged``."""
    return hashlib.sha256(data).hexdigest()


def unnamed_id(digest: str) -> str:
    """The id of a log whose ``game`` line was bad: ``unnamed-`` and the first 16 hex digits of its hash."""
    return UNNAMED_PREFIX + digest[:16]


#: The type code of a packed ``INTEGER`` column: a C int, 32 bits, which Arrow's int32 reads as it is.
INT32 = "i"
_PACKS_INT32 = array(INT32).itemsize == 4


@dataclass(frozen=True, slots=True)
class PackedText:
    """A column of text as two objects instead of one per value: the values' UTF-8 bytes one after
    another, and where each begins and ends (value ``i`` is ``data[ends[i]:ends[i + 1]]``, ``ends[0]``
    is 0). Arrow reads the two as they are (``ingest.batch_tables``); iterating gives the text back."""

    data: bytes
    ends: array[int]

    def __len__(self) -> int:
        return len(self.ends) - 1

    def __iter__(self) -> Iterator[str]:
        data, ends = self.data, self.ends
        return (data[ends[i]:ends[i + 1]].decode("utf-8") for i in range(len(ends) - 1))


def packed_text(values: list[str]) -> PackedText | list[str]:
    """``values`` as a ``PackedText``, or as they are where they cannot be (text that is not valid
    UTF-8, or more than 32-bit ends can reach)."""
    joined = "".join(values)
    try:
        data = joined.encode("utf-8")
    except UnicodeEncodeError:
        return values
    if not _PACKS_INT32 or len(data) >= 2**31:
        return values
    sizes = map(len, values) if joined.isascii() else (len(v.encode("utf-8")) for v in values)
    return PackedText(data, array(INT32, accumulate(sizes, initial=0)))


def packed_ints(values: Iterable[int]) -> array[int] | list[int]:
    """``values`` (of an ``INTEGER`` column) as one 32-bit array, or as a list where one does not fit."""
    if _PACKS_INT32:
        try:
            return array(INT32, values)
        except OverflowError:
            pass
    return list(values)


def _event_columns(game_id: str, lines: ReadLines) -> list[Any]:
    """The columns of the ``events`` table for the event lines of one replay (numbers and raw lines packed)."""
    n = len(lines.line)
    c = lines.columns()
    return [
        [game_id] * n, packed_ints(range(n)), packed_ints(lines.line), packed_ints(c.round),
        c.type, c.player, c.card, c.target, packed_text(lines.text),
    ]


def game_rows(name: str, data: bytes, digest: str, ingested_at: datetime, analyze: bool = False, win: int = 0) -> GameRows:
    """Replay one log (bytes as given) and build its rows; with ``analyze`` value every decision
    on the way too (``adjudicator.store.decisions``), with ``win`` also by the chance to win (that
    many playouts per position). Raises ``Flip7Error`` when unreadable."""
    analysing = AnalysingCollector.with_win(win) if analyze else None
    collector = analysing.records if analysing is not None else RecordCollector()
    result = replay_log(data, collect=True, observer=analysing if analysing is not None else collector)
    judged = result.verdict
    verdict = judged.to_dict()
    options = result.options
    named = judged.game is not None
    game_id = judged.game if judged.game is not None else unnamed_id(digest)
    players: list[str] = list(options.get("players", [])) if options else []
    dealer = options.get("dealer") if options else None
    winner = judged.winner
    violations = judged.violations
    complete = named and result.stopped_by is None  # only wrong claims, if anything
    records = collector.rows(result.state)

    games = (
        game_id,
        named,
        name,
        digest,
        ingested_at.astimezone(UTC).replace(tzinfo=None),
        json.dumps(options, ensure_ascii=False, separators=(",", ":")) if options else None,
        players,
        dealer,
        judged.valid,
        complete,
        judged.finished,
        winner,
        judged.events,
        len(judged.rounds),
        len(violations),
        json.dumps(verdict, ensure_ascii=False, separators=(",", ":")),
        ruleset_label(options),
    )
    totals = judged.totals
    n = len(players)
    dealer_seat = players.index(dealer) if players and dealer is not None else 0
    seats = range(n)
    columns: dict[str, list[Any]] = {
        "games": [[value] for value in games],
        "logs": [[game_id], [data]],
        "game_players": [
            [game_id] * n,
            players,
            list(seats),
            [(seat - dealer_seat - 1) % n + 1 for seat in seats],
            [int(totals.get(p, 0)) for p in players],
            [p == winner for p in players],
        ],
        "events": _event_columns(game_id, result.lines),
        "rounds": _record_columns(game_id, ROUNDS, records.rounds),
        "player_rounds": _record_columns(game_id, PLAYER_ROUNDS, records.player_rounds),
        "hits": _record_columns(game_id, HITS, records.hits),
        "targets": _record_columns(game_id, TARGETS, records.targets),
        "wipes": _record_columns(game_id, WIPES, records.wipes),
        "violations": [
            [game_id] * len(violations),
            list(range(len(violations))),
            [v.event for v in violations],
            [v.line for v in violations],
            [v.code for v in violations],
            [v.rule for v in violations],
            [v.message for v in violations],
        ],
        **(analysis_columns(game_id, result, analysing) if analysing is not None else empty_analysis_columns()),
    }
    rows = GameRows(game_id, digest, judged.valid, verdict, judged.events, columns)
    if analysing is not None:
        if analysing.has_model:
            rows.decisions = len(columns["decisions"][0])
        else:
            rows.note = columns["analyses"][-1][0]
    return rows


def _record_columns(game_id: str, table: Table, records: list[tuple[Any, ...]]) -> list[list[Any]]:
    """The columns of a table holding one row per record (``RecordCollector.rows``): ``game``, then
    each further column, the records' fields in table order (lists for ``…[]`` columns)."""
    out: list[list[Any]] = [[game_id] * len(records)]
    columns = table.columns[1:]
    if not records:
        return out + [[] for _ in columns]
    for column, values in zip(columns, zip(*records, strict=True), strict=True):
        out.append([list(v) for v in values] if column.sql.endswith("[]") else list(values))
    return out


#: What a worker is given for one log: its name, bytes, hash, ingest time, whether to analyse it,
#: and the playouts per position of the chance to win (0: not valued so).
Job = tuple[str, bytes, str, datetime, bool, int]


#: Where a game's rows hold the log's bytes: ``columns["logs"][LOG_COLUMN]``.
LOG_COLUMN = 1


def _replay_job(job: Job) -> GameRows | tuple[str, str]:
    """Worker side of ``Ingestor._replay``: the game's rows without the log's bytes (the writer has
    them: ``with_log``), or (error class, message) when it cannot be judged."""
    try:
        rows = game_rows(*job)
    except Flip7Error as exc:
        return type(exc).__name__, str(exc)
    rows.columns["logs"][LOG_COLUMN] = []
    return rows


def with_log(rows: GameRows, data: bytes) -> GameRows:
    """``rows`` from a worker with the log's bytes put back (``_replay_job`` left them out)."""
    rows.columns["logs"][LOG_COLUMN] = [data]
    return rows


def _replay_here(job: Job) -> GameRows | Flip7Error:
    """``_replay_job`` in this process: the exception itself when the log cannot be judged."""
    try:
        return game_rows(*job)
    except Flip7Error as exc:
        return exc


#: How often a worker looks whether the ingesting process is still there (where the kernel cannot tell it).
PARENT_POLL_SECONDS = 0.5
_PR_SET_PDEATHSIG = 1


def _die_with_parent(parent: int) -> None:
    """Initializer of the worker processes: end the worker as soon as the ingesting process ends,
    however it ends (a SIGKILL included), so no orphan lives on.

    On Linux the kernel sends the worker SIGKILL when its parent dies (``PR_SET_PDEATHSIG``; the
    pool is created and shut down by one call on one thread, which outlives its workers). Elsewhere,
    and as a second guard, a thread checks the parent every ``PARENT_POLL_SECONDS``.
    """
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent died before the line above took effect
        os._exit(1)
    tune_for_bulk()  # the worker only replays logs
    threading.Thread(target=_watch_parent, args=(parent,), name="flip7-parent-watch", daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(1)
