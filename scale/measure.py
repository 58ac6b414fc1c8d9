"""Measure the Ray path with its Parquet store: games/s per core, Parquet bytes per game, and the
statistics read back from the Parquet store (the figures of docs/scaling.md).

    python -m scale.measure LOGS_DIR --games 100000 --num-cpus 2 --work /tmp/ray-work [--json]

The listing is made from the ``*.jsonl`` logs of ``LOGS_DIR`` (for example ``flip7 simulate
--unique-names``, or ``bench/store_scale.py --logs DIR``): when ``--games`` is more than the folder
holds, copies of its logs are made with another game id and other player names (each name's
``.xxxxxxxx`` suffix changed), so that every log of the listing is a text of its own, as a
platform's are (the memo of parsed lines serves no line of one copy from another). The listing is
one Parquet file with a ``content`` column (as ``flip7 export`` writes ``logs.parquet``), one row
group per ``--chunk`` logs, so each Ray task reads its own row group.

Then, timed: ``run_ray`` on a local Ray cluster of ``--num-cpus`` CPUs (wall time from the first
task submitted to the last part written, the cluster already started), and every statistic of
``flip7 stats --parquet`` over the result (the first run and the best of ``--repeat``).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from adjudicator.store import Store
from adjudicator.store.stats import STATISTICS
from scale.ray_check import VERDICTS, list_chunks, run_local, run_ray

_GAME_ID = re.compile(rb'("type":"game","id":")([^"]+)(")')
_NAME_SUFFIX = re.compile(rb"\.([0-9a-f]{8})\b")


def renamed(text: bytes, copy: int) -> bytes:
    """Copy number ``copy`` of a log: its game id with ``-c<copy>``, each player name's hex suffix
    changed (copy 0 is the log as it is)."""
    if copy == 0:
        return text
    text = _GAME_ID.sub(lambda m: m.group(1) + m.group(2) + f"-c{copy}".encode() + m.group(3), text, count=1)
    return _NAME_SUFFIX.sub(lambda m: b".%08x" % ((int(m.group(1), 16) + copy * 0x9E3779B9) % 2**32), text)


def listing_rows(folder: Path, games: int) -> Iterator[tuple[str, bytes]]:
    """(name, log bytes) of ``games`` logs: the folder's, then copies of them (``renamed``)."""
    paths = sorted(folder.glob("*.jsonl"))
    if not paths:
        raise FileNotFoundError(f"no *.jsonl log in {folder}")
    logs = [p.read_bytes() for p in paths]
    for n in range(games):
        copy, k = divmod(n, len(logs))
        yield f"{paths[k].stem}-c{copy}" if copy else paths[k].stem, renamed(logs[k], copy)


def write_listing(folder: Path, games: int, path: Path, chunk: int) -> int:
    """Write the listing of ``games`` logs as one Parquet file of ``chunk`` rows per row group; its bytes."""
    schema = pa.schema([pa.field("game", pa.string()), pa.field("content", pa.binary())])
    with pq.ParquetWriter(path, schema, compression="zstd") as writer:
        batch: list[tuple[str, bytes]] = []
        for row in listing_rows(folder, games):
            batch.append(row)
            if len(batch) == chunk:
                writer.write_table(pa.Table.from_pylist([{"game": g, "content": c} for g, c in batch], schema=schema), row_group_size=chunk)
                batch = []
        if batch:
            writer.write_table(pa.Table.from_pylist([{"game": g, "content": c} for g, c in batch], schema=schema), row_group_size=chunk)
    return path.stat().st_size


def folder_bytes(folder: Path) -> int:
    """Bytes of every file under ``folder``."""
    return sum(p.stat().st_size for p in folder.rglob("*.parquet"))


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Build the listing, judge it on Ray into a Parquet store, time the statistics over it."""
    p = argparse.ArgumentParser(prog="python -m scale.measure", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("logs", type=Path, help="folder of *.jsonl logs to build the listing from")
    p.add_argument("--games", type=int, default=100_000, help="logs in the listing (default 100,000)")
    p.add_argument("--num-cpus", type=int, default=2, help="CPUs of the local Ray cluster (default 2)")
    p.add_argument("--chunk", type=int, default=256, help="logs per task (default 256)")
    p.add_argument("--work", type=Path, required=True, help="folder for the listing and the Parquet store")
    p.add_argument("--repeat", type=int, default=3, help="best of this many warm runs of each statistic (default 3)")
    p.add_argument("--engine", choices=("ray", "local"), default="ray", help="ray (default), or local: one process without Ray")
    p.add_argument("--verdicts-only", action="store_true", help="judge only (no store tables): the check's own rate")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = p.parse_args(argv)
    args.work.mkdir(parents=True, exist_ok=True)
    listing = args.work / f"listing-{args.games}.parquet"
    figures: dict[str, Any] = {"games": args.games, "num_cpus": args.num_cpus, "chunk": args.chunk, "engine": args.engine}
    if not listing.exists():
        start = time.perf_counter()
        figures["listing_bytes"] = write_listing(args.logs, args.games, listing, args.chunk)
        figures["listing_seconds"] = round(time.perf_counter() - start, 1)
    out = args.work / ("verdicts-only" if args.verdicts_only else "store")
    chunks = list_chunks([str(listing)])
    judged_at = None if args.verdicts_only else datetime.now(UTC)
    done = 0
    started = time.perf_counter()

    def progress(result: Any) -> None:
        nonlocal done
        done += result.logs
        seconds = time.perf_counter() - started
        print(f"ray: {done:,}/{args.games:,} logs ({done / seconds:,.0f}/s, {seconds:.0f} s)", file=sys.stderr, flush=True)

    if args.engine == "ray":
        import ray

        ray.init(num_cpus=args.num_cpus, include_dashboard=False, log_to_driver=False, configure_logging=False)
        try:
            started = time.perf_counter()
            total = run_ray(chunks, str(out), progress, judged_at=judged_at)
        finally:
            ray.shutdown()
    else:
        total = run_local(chunks, str(out), progress, judged_at=judged_at)
    seconds = time.perf_counter() - started
    figures["judge"] = {
        "seconds": round(seconds, 1), "logs": total.logs, "valid": total.valid, "events": total.events,
        "games_per_second": round(total.logs / seconds, 1), "games_per_second_per_core": round(total.logs / seconds / args.num_cpus, 1),
        "task_cpu_seconds": round(total.cpu, 1), "games_per_cpu_second": round(total.logs / total.cpu, 1) if total.cpu else None,
    }
    figures["parquet_bytes"] = {d.name: folder_bytes(d) for d in sorted(out.iterdir()) if d.is_dir()}
    tables = sum(v for k, v in figures["parquet_bytes"].items() if k != VERDICTS)
    figures["bytes_per_game"] = {"store_tables": round(tables / total.logs), "verdicts": round(figures["parquet_bytes"][VERDICTS] / total.logs)}
    if not args.verdicts_only:
        stats: dict[str, Any] = {}
        with Store.open_parquet(out) as store:
            for stat in STATISTICS:
                first = time.perf_counter()
                store.stats(names=[stat.name])
                cold = time.perf_counter() - first
                best = min(_timed(lambda s=stat: store.stats(names=[s.name])) for _ in range(args.repeat))
                stats[stat.name] = {"cold": round(cold, 3), "warm": round(best, 3)}
            first = time.perf_counter()
            store.stats()
            figures["all_statistics_seconds"] = round(time.perf_counter() - first, 2)
        figures["statistics"] = stats
    print(json.dumps(figures, indent=2) if args.json else figures)
    return figures


def _timed(work: Any) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
