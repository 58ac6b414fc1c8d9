"""The check beyond one machine: judge many logs on a Ray cluster and write the verdicts, and the
store's rows of every game, as Parquet.

The check is a pure function from a log's bytes to its verdict (``check_bytes``), and the rows the
store keeps of a game are one more (``adjudicator.store.rows.game_rows``, what ``flip7 ingest``
writes), so both map over any listing of logs. This module splits the listing into chunks, judges
each chunk in a Ray task (each task reads its own logs and writes its own Parquet parts, so no log
passes through the driver), and prints what it found:

    python -m scale.ray_check LOGS_DIR --out results/             # local Ray with every core
    python -m scale.ray_check logs.parquet --out results/         # a Parquet listing (see below)
    python -m scale.ray_check 's3://bucket/logs/' --out 's3://bucket/results/' --address auto
    flip7 stats --parquet results/                                # the statistics of those games
    flip7 query --parquet results/ "SELECT winner, count(*) FROM games GROUP BY ALL"

An input is a folder or a glob of ``*.jsonl`` files (local, or any URI pyarrow's file systems
read: ``s3://``, ``gs://``, ``hdfs://``), or a Parquet file whose rows are logs: either a
``content`` column of log bytes (the ``logs`` table of ``flip7 export``, named by its ``game``
column) or a ``path`` column of log files to read. ``--engine local`` runs the same chunks in this
process without Ray.

The output folder receives ``verdicts/part-NNNNN.parquet`` files with one row per log
(``VERDICT_SCHEMA``) and, unless ``--verdicts-only``, a Parquet store: ``<table>/part-NNNNN.parquet``
for the store's game tables (``adjudicator.store.parquet``), which ``flip7 stats --parquet`` and
``flip7 query --parquet`` read as they read a store file. DuckDB, Spark or Polars read each folder
as one table.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import pyarrow as pa
import pyarrow.fs as pafs
import pyarrow.parquet as pq

from adjudicator.errors import Flip7Error
from adjudicator.replay import replay_log
from adjudicator.store.ingest import batch_tables
from adjudicator.store.parquet import PARQUET_TABLES, write_part
from adjudicator.store.rows import GameRows, content_hash, game_rows

#: One row per judged log. ``verdict`` is the flip7-verdict/1 JSON, exactly as ``flip7 check
#: --json`` prints it; ``error`` says why a log could not be judged (its other columns are null).
VERDICT_SCHEMA = pa.schema(
    [
        pa.field("source", pa.string(), nullable=False),
        pa.field("game", pa.string()),
        pa.field("valid", pa.bool_()),
        pa.field("finished", pa.bool_()),
        pa.field("winner", pa.string()),
        pa.field("events", pa.int64()),
        pa.field("violations", pa.int32()),
        pa.field("verdict", pa.string()),
        pa.field("error", pa.string()),
    ]
)

#: Logs judged per task: big enough that Ray's per-task cost (a few ms) is noise.
DEFAULT_CHUNK = 256


#: The folder of the verdict parts inside the output folder.
VERDICTS = "verdicts"


def check_bytes(source: str, data: bytes) -> dict[str, Any]:
    """Judge one log given as bytes: a ``VERDICT_SCHEMA`` row. Pure: no I/O, no clock, no state."""
    try:
        verdict = replay_log(data).verdict.to_dict()
    except Flip7Error as exc:
        return {"source": source, "error": f"{type(exc).__name__}: {exc}"}
    return verdict_row(source, verdict)


def verdict_row(source: str, verdict: dict[str, Any]) -> dict[str, Any]:
    """The ``VERDICT_SCHEMA`` row of a judged log."""
    return {
        "source": source,
        "game": verdict["game"],
        "valid": verdict["valid"],
        "finished": verdict["finished"],
        "winner": verdict["winner"],
        "events": verdict["events"],
        "violations": len(verdict["violations"]),
        "verdict": json.dumps(verdict, ensure_ascii=False),
    }


def check_rows(source: str, data: bytes, judged_at: datetime) -> tuple[dict[str, Any], GameRows | None]:
    """Judge one log and build the store's rows of its game (``game_rows``, as ``flip7 ingest``
    does; ``judged_at`` is its ``ingested_at``): its ``VERDICT_SCHEMA`` row and the rows (None when
    it cannot be judged). Pure: no I/O, no clock, no state."""
    try:
        rows = game_rows(source, data, content_hash(data), judged_at)
    except Flip7Error as exc:
        return {"source": source, "error": f"{type(exc).__name__}: {exc}"}, None
    return verdict_row(source, rows.verdict), rows


# ----------------------------------------------------------------------------------------- listings


@dataclass(frozen=True, slots=True)
class Chunk:
    """A slice of the listing that one task judges: log files, or row groups of a Parquet listing."""

    number: int
    files: tuple[str, ...] = ()
    parquet: str | None = None
    row_groups: tuple[int, ...] = ()


def _filesystem(uri: str) -> tuple[pafs.FileSystem, str]:
    return pafs.FileSystem.from_uri(uri) if "://" in uri else (pafs.LocalFileSystem(), uri)


def _qualify(uri: str, path: str) -> str:
    """Keep the scheme of ``uri`` on a path its file system listed."""
    if "://" in uri:
        return uri.split("://", 1)[0] + "://" + path
    return path


def list_chunks(inputs: Sequence[str], chunk: int = DEFAULT_CHUNK) -> list[Chunk]:
    """Split the inputs into chunks: ``*.jsonl`` files of folders and globs, and Parquet row groups."""
    files: list[str] = []
    chunks: list[Chunk] = []
    for uri in inputs:
        fs, path = _filesystem(uri)
        if path.endswith(".parquet"):
            groups = pq.ParquetFile(path, filesystem=fs).num_row_groups
            chunks.extend(Chunk(0, parquet=uri, row_groups=(g,)) for g in range(groups))  # a task per row group
            continue
        info = fs.get_file_info(path)
        if info.type == pafs.FileType.Directory:
            selector = pafs.FileSelector(path, recursive=True)
            found = sorted(i.path for i in fs.get_file_info(selector) if i.type == pafs.FileType.File and i.path.endswith(".jsonl"))
            files.extend(_qualify(uri, p) for p in found)
        elif info.type == pafs.FileType.File:
            files.append(uri)
        else:
            raise FileNotFoundError(f"no such file or folder: {uri}")
    for start in range(0, len(files), chunk):
        chunks.append(Chunk(0, files=tuple(files[start : start + chunk])))
    return [Chunk(i, c.files, c.parquet, c.row_groups) for i, c in enumerate(chunks)]


def _logs_of(chunk: Chunk) -> Iterator[tuple[str, bytes | None, str | None]]:
    """(source, bytes, error) for every log of the chunk; bytes are None when the log cannot be read."""
    for uri in chunk.files:
        fs, path = _filesystem(uri)
        try:
            with fs.open_input_stream(path) as stream:
                yield uri, stream.read(), None
        except OSError as exc:
            yield uri, None, f"OSError: {exc}"
    if chunk.parquet is not None:
        fs, path = _filesystem(chunk.parquet)
        table = pq.ParquetFile(path, filesystem=fs).read_row_groups(list(chunk.row_groups))
        names = table.column_names
        if "content" in names:
            key = "game" if "game" in names else "source" if "source" in names else None
            labels = table.column(key).to_pylist() if key else [f"{chunk.parquet}#{i}" for i in range(table.num_rows)]
            for label, content in zip(labels, table.column("content").to_pylist(), strict=True):
                yield str(label), content if isinstance(content, bytes) else str(content).encode(), None
        elif "path" in names:
            yield from _logs_of(Chunk(chunk.number, files=tuple(table.column("path").to_pylist())))
        else:
            raise ValueError(f"{chunk.parquet}: a Parquet listing needs a 'content' or a 'path' column (it has: {', '.join(names)})")


# ----------------------------------------------------------------------------------------- the map


@dataclass(frozen=True, slots=True)
class ChunkResult:
    """What one task did: logs judged, valid ones, ones with violations, unreadable ones, events;
    and the CPU seconds its process spent on them (not compared: it differs from run to run)."""

    logs: int = 0
    valid: int = 0
    invalid: int = 0
    unreadable: int = 0
    events: int = 0
    cpu: float = field(default=0.0, compare=False)

    def __add__(self, other: ChunkResult) -> ChunkResult:
        logs, valid, invalid, unreadable, events = (a + b for a, b in zip(self.as_tuple(), other.as_tuple(), strict=True))
        return ChunkResult(logs, valid, invalid, unreadable, events, cpu=self.cpu + other.cpu)

    def as_tuple(self) -> tuple[int, int, int, int, int]:
        return (self.logs, self.valid, self.invalid, self.unreadable, self.events)


def check_chunk(chunk: Chunk, out: str, judged_at: datetime | None = None) -> ChunkResult:
    """Judge every log of ``chunk`` and write its verdicts to ``out/verdicts/part-NNNNN.parquet``;
    with ``judged_at`` (the run's time, each game's ``ingested_at``) also the store's rows of its
    games to ``out/<table>/part-NNNNN.parquet`` (tables without rows in the chunk get no part)."""
    started = time.process_time()
    rows: list[dict[str, Any]] = []
    games: list[GameRows] = []
    for source, data, error in _logs_of(chunk):
        if data is None:
            rows.append({"source": source, "error": error})
        elif judged_at is None:
            rows.append(check_bytes(source, data))
        else:
            row, game = check_rows(source, data, judged_at)
            rows.append(row)
            if game is not None:
                games.append(game)
    fs, folder = _filesystem(out)
    write_part(fs, folder, VERDICTS, chunk.number, pa.Table.from_pylist(rows, schema=VERDICT_SCHEMA))
    if games:
        for name, table in batch_tables(games, PARQUET_TABLES).items():
            if table.num_rows:
                write_part(fs, folder, name, chunk.number, table)
    valid = sum(1 for r in rows if r.get("valid") is True)
    unreadable = sum(1 for r in rows if r.get("error"))
    events = sum(int(r.get("events") or 0) for r in rows)
    return ChunkResult(len(rows), valid, len(rows) - valid - unreadable, unreadable, events, cpu=time.process_time() - started)


def run_local(
    chunks: Sequence[Chunk], out: str, on_done: Callable[[ChunkResult], None] | None = None, judged_at: datetime | None = None
) -> ChunkResult:
    """Judge the chunks one after another in this process (``judged_at``: see ``check_chunk``)."""
    total = ChunkResult()
    for chunk in chunks:
        result = check_chunk(chunk, out, judged_at)
        total += result
        if on_done:
            on_done(result)
    return total


def _check_task(chunk: Chunk, out: str, judged_at: datetime | None) -> ChunkResult:
    """``check_chunk`` as a Ray task (every argument given)."""
    return check_chunk(chunk, out, judged_at)


def run_ray(
    chunks: Sequence[Chunk], out: str, on_done: Callable[[ChunkResult], None] | None = None, judged_at: datetime | None = None
) -> ChunkResult:
    """Judge the chunks as Ray tasks on the cluster ``ray.init`` connected to (one CPU each;
    ``judged_at``: see ``check_chunk``)."""
    import ray

    task = ray.remote(num_cpus=1)(_check_task)
    pending = [task.remote(chunk, out, judged_at) for chunk in chunks]
    total = ChunkResult()
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            result = ray.get(ref)
            total += result
            if on_done:
                on_done(result)
    return total


def main(argv: list[str] | None = None) -> int:
    """Command line: judge the inputs on Ray (or locally) and write verdicts as Parquet."""
    p = argparse.ArgumentParser(prog="python -m scale.ray_check", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("inputs", nargs="+", metavar="INPUT", help="folders or files of *.jsonl logs, or Parquet listings (local paths or URIs)")
    p.add_argument("--out", required=True, help="folder (or URI) for the Parquet parts: verdicts/ and the store's tables")
    p.add_argument("--verdicts-only", action="store_true", help="write the verdicts only, not the store's tables (the check alone: faster)")
    p.add_argument("--engine", choices=("ray", "local"), default="ray", help="ray (default) or local (this process, no Ray)")
    p.add_argument("--address", default=None, help="Ray cluster to join ('auto': the one this machine belongs to); default: start a local one")
    p.add_argument("--num-cpus", type=int, default=None, help="CPUs of the local Ray cluster started when no --address is given")
    p.add_argument("--chunk", type=int, default=DEFAULT_CHUNK, help=f"logs per task (default {DEFAULT_CHUNK})")
    args = p.parse_args(argv)
    try:
        chunks = list_chunks(args.inputs, args.chunk)
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    judged_at = None if args.verdicts_only else datetime.now(UTC)  # every game's ingested_at
    start = time.perf_counter()
    if args.engine == "ray":
        try:
            import ray
        except ImportError:
            print("error: Ray is not installed: pip install -e '.[ray]' (or use --engine local)", file=sys.stderr)
            return 2
        ray.init(address=args.address, num_cpus=args.num_cpus if args.address is None else None, include_dashboard=False, log_to_driver=False)
        try:
            total = run_ray(chunks, args.out, judged_at=judged_at)
        finally:
            ray.shutdown()
    else:
        total = run_local(chunks, args.out, judged_at=judged_at)
    seconds = time.perf_counter() - start
    written = "verdicts" if args.verdicts_only else f"verdicts and the store's tables (flip7 stats --parquet {args.out})"
    print(
        f"{total.logs} logs in {len(chunks)} chunks: {total.valid} valid, {total.invalid} with violations, "
        f"{total.unreadable} unreadable ({total.events} events) in {seconds:.1f} s ({total.logs / max(seconds, 1e-9):,.0f} logs/s); "
        f"{written} in {args.out}"
    )
    return 1 if total.invalid or total.unreadable else 0


if __name__ == "__main__":
    raise SystemExit(main())
