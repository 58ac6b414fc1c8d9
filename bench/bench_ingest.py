"""Ingest throughput of the replay store: games and events per second, and where the time goes.

    .venv/bin/python bench/bench_ingest.py --games 3000

Plays games with the simulator (a fifth of them spoilt: wrong claims or an illegal move, see
``tests.adjudicator.helpers.simulated_logs``) into .jsonl files in a temporary folder, then
times, each in one run on the same machine:

1. replay only: reading each file and ``replay_log(..., collect=True)``, the engine's share;
2. full ingest: ``Store.ingest_many`` over the files into a fresh store (replay, rows, writes, close);
3. writes only: the same rows, prebuilt, written in batches: Arrow tables through
   ``INSERT … SELECT`` (what the store does), the same into tables that all declare their keys
   (what those indexes would cost), DuckDB's appender, and ``executemany`` (on the first ``--executemany-games`` games only: it
   is two orders of magnitude slower);
4. re-ingest: the same files again, all ``unchanged`` (hash look-up, no replay).

Prints a Markdown table for docs/performance.md.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import duckdb  # noqa: E402

from adjudicator.replay import replay_log  # noqa: E402
from adjudicator.store import LogInput, Store  # noqa: E402
from adjudicator.store.db import open_connection, scalar  # noqa: E402
from adjudicator.store.ingest import GameRows, content_hash, game_rows, write_games  # noqa: E402
from adjudicator.store.records import RecordCollector  # noqa: E402
from adjudicator.store.schema import ALL_TABLES, GAME_TABLES, SCHEMA_VERSION, Table  # noqa: E402
from tests.adjudicator.helpers import simulated_logs  # noqa: E402


def generate(folder: Path, games: int, seed: int) -> None:
    ids = [f"bench-{seed}-{i:06}" for i in range(games)]
    for i, text in enumerate(simulated_logs(ids, seed, spoilt_every=5)):
        (folder / f"g{i:06}.jsonl").write_text(text, encoding="utf-8")


def timed(label: str, results: list[tuple[str, float, int, int]], games: int, events: int):
    class _T:
        def __enter__(self) -> None:
            self.start = time.perf_counter()

        def __exit__(self, *exc: object) -> None:
            results.append((label, time.perf_counter() - self.start, games, events))

    return _T()


def write_arrow(path: Path, rows: list[GameRows], batch: int) -> None:
    con = open_connection(path, read_only=False)
    for i in range(0, len(rows), batch):
        write_games(con, rows[i : i + batch], [])
    con.close()


def write_arrow_all_keys_declared(path: Path, rows: list[GameRows], batch: int) -> None:
    """As ``write_arrow``, into tables that all declare their keys as PRIMARY KEYs."""
    con = duckdb.connect(str(path))
    for table in ALL_TABLES:
        con.execute(table.ddl(declare_key=True))
    con.execute("INSERT INTO meta VALUES ('format', 'flip7-store'), ('schema_version', ?)", [str(SCHEMA_VERSION)])
    for i in range(0, len(rows), batch):
        write_games(con, rows[i : i + batch], [])
    con.close()


#: Writes one table's rows (tuples) inside an open transaction.
Insert = Callable[[duckdb.DuckDBPyConnection, Table, list[tuple]], None]


def write_row_by_row(path: Path, rows: list[GameRows], batch: int, insert: Insert) -> None:
    """Write the games' rows as tuples, a batch per transaction, each table's with ``insert``."""
    con = open_connection(path, read_only=False)
    for i in range(0, len(rows), batch):
        con.execute("BEGIN TRANSACTION")
        for table in GAME_TABLES:
            values = [r for g in rows[i : i + batch] for r in g.rows(table.name)]
            if values:
                insert(con, table, values)
        con.execute("COMMIT")
    con.close()


def _insert_executemany(con: duckdb.DuckDBPyConnection, table: Table, values: list[tuple]) -> None:
    marks = ", ".join("?" for _ in table.columns)
    con.executemany(f"INSERT INTO {table.name} VALUES ({marks})", values)


def _insert_appender(con: duckdb.DuckDBPyConnection, table: Table, values: list[tuple]) -> None:
    with con.appender(table.name) as appender:
        appender.append_rows(values)


def write_executemany(path: Path, rows: list[GameRows], batch: int) -> None:
    write_row_by_row(path, rows, batch, _insert_executemany)


def write_appender(path: Path, rows: list[GameRows], batch: int) -> None:
    write_row_by_row(path, rows, batch, _insert_appender)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--batch-size", type=int, default=500)
    parser.add_argument("--executemany-games", type=int, default=200, help="executemany is slow: time it on this many games (0: skip)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="flip7-bench-") as tmp:
        tmp_path = Path(tmp)
        logs = tmp_path / "logs"
        logs.mkdir()
        started = time.perf_counter()
        generate(logs, args.games, args.seed)
        files = sorted(logs.glob("*.jsonl"))
        print(f"generated {len(files)} games in {time.perf_counter() - started:.1f} s", file=sys.stderr)

        results: list[tuple[str, float, int, int]] = []
        n = len(files)

        # 1. replay only
        events = 0
        start = time.perf_counter()
        for f in files:
            events += replay_log(f.read_bytes(), collect=True, observer=RecordCollector()).verdict.events
        results.append(("replay only (read + replay_log collect=True)", time.perf_counter() - start, n, events))

        # 2. full ingest
        db = tmp_path / "full.duckdb"
        start = time.perf_counter()
        with Store.open(db) as store:
            summary = store.ingest_many([LogInput.from_path(f) for f in files], batch_size=args.batch_size)
        results.append((f"full ingest (Store.ingest_many, batches of {args.batch_size}, incl. close)", time.perf_counter() - start, n, summary.events))
        assert summary.ingested == n and summary.events == events, summary

        # 2b. full ingest, replaying in one process per CPU
        workers = os.cpu_count() or 1
        if workers > 1:
            start = time.perf_counter()
            with Store.open(tmp_path / "parallel.duckdb") as store:
                par = store.ingest_many([LogInput.from_path(f) for f in files], batch_size=args.batch_size, workers=workers)
            results.append((f"full ingest, replay in {workers} processes (workers={workers})", time.perf_counter() - start, n, par.events))
            assert par.ingested == n and par.events == events, par

        # 3. writes only
        now = datetime.now(UTC)
        prebuilt = []
        for f in files:
            data = f.read_bytes()
            prebuilt.append(game_rows(f.name, data, content_hash(data), now))
        few = prebuilt[: args.executemany_games]
        few_events = sum(g.n_events for g in few)
        for label, writer, rows, ev in (
            ("Arrow INSERT … SELECT", write_arrow, prebuilt, events),
            ("Arrow, every table's key declared", write_arrow_all_keys_declared, prebuilt, events),
            ("appender", write_appender, prebuilt, events),
            (f"executemany (first {len(few)} games only)", write_executemany, few, few_events),
        ):
            if not rows:
                continue
            path = tmp_path / f"w-{writer.__name__}.duckdb"
            start = time.perf_counter()
            writer(path, rows, args.batch_size)
            results.append((f"writes only: {label} ({path.stat().st_size / 2**20:.1f} MiB)", time.perf_counter() - start, len(rows), ev))
            check = duckdb.connect(str(path), read_only=True)
            assert scalar(check, "SELECT count(*) FROM events") == ev
            check.close()

        # 4. re-ingest, all unchanged
        start = time.perf_counter()
        with Store.open(db) as store:
            again = store.ingest_many([LogInput.from_path(f) for f in files], batch_size=args.batch_size)
        results.append(("re-ingest, all unchanged", time.perf_counter() - start, n, 0))
        assert again.unchanged == n

        size = db.stat().st_size
        full = results[1][1]
        print(f"\n{n} games, {events} events ({events / n:.0f} per game), duckdb {duckdb.__version__}, Python {sys.version.split()[0]}")
        print(f"store file after the full ingest: {size / 2**20:.1f} MiB\n")
        full_rate = n / full
        print("| step | games | seconds | games/s | events/s | speed vs full ingest |")
        print("| --- | ---: | ---: | ---: | ---: | ---: |")
        for label, seconds, games, ev in results:
            eps = f"{(ev or events * games / n) / seconds:,.0f}"
            print(f"| {label} | {games} | {seconds:.2f} | {games / seconds:,.0f} | {eps} | {games / seconds / full_rate:.2f}× |")


if __name__ == "__main__":
    main()
