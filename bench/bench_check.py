"""Throughput of `check`: how fast the adjudicator judges logs, and where the time goes.

    .venv/bin/python bench/bench_check.py --games 2000 --players 5

Simulates games (fixed seed), writes them as .jsonl files to a temporary folder, then times in one
run on the same machine:

1. reading the files and `json.loads` per line (the floor any checker pays);
2. reading + strict parsing into event models (`parse_event`: JSON, duplicate keys, pydantic);
3. the full check (`replay_log` over `lines_from_stream`: parse, rules, scoring, verdict);
4. the full check with `collect=True` (what `ingest` runs);
5. one long log (100,000+ events), with the peak memory the replay used.

Figures are printed as a Markdown table, with ratios against step 1 so they survive a noisy machine.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adjudicator.events import parse_event  # noqa: E402
from adjudicator.replay import replay_log  # noqa: E402
from adjudicator.simulate.play import GameOptions, simulate  # noqa: E402
from adjudicator.source import lines_from_stream  # noqa: E402
from adjudicator.store.records import RecordCollector  # noqa: E402


def _event_lines(path: Path):
    with path.open("rb") as handle:
        for text in lines_from_stream(handle):
            if text.strip() and not text.lstrip().startswith("#"):
                yield text


def main() -> None:
    """Run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        files = []
        for game in simulate(args.games, args.players, seed=args.seed):
            path = folder / f"{game.game_id}.jsonl"
            path.write_text(game.text(), encoding="utf-8")
            files.append(path)
        events = sum(1 for f in files for _ in _event_lines(f))

        rows = []

        def timed(label: str, work) -> float:
            start = time.perf_counter()
            work()
            seconds = time.perf_counter() - start
            rows.append((label, seconds))
            return seconds

        base = timed("read + json.loads per line", lambda: [json.loads(t) for f in files for t in _event_lines(f)])
        timed("read + strict parse to events", lambda: [parse_event(t) for f in files for t in _event_lines(f)])

        def check(collect: bool) -> None:
            for f in files:
                with f.open("rb") as handle:
                    assert replay_log(lines_from_stream(handle), collect=collect, observer=RecordCollector() if collect else None).verdict.valid

        timed("full check (replay_log)", lambda: check(False))
        timed("full check with records (ingest's replay)", lambda: check(True))

        long_game = next(simulate(1, 18, seed=args.seed, options=GameOptions(target=100_000)))
        long_path = folder / "long.jsonl"
        long_path.write_text(long_game.text(), encoding="utf-8")
        long_events = len(long_game.events)
        tracemalloc.start()
        start = time.perf_counter()
        with long_path.open("rb") as handle:
            verdict = replay_log(lines_from_stream(handle)).verdict
        long_seconds = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        long_size = long_path.stat().st_size

    print(f"{args.games} games of {args.players} players, {events:,} events (seed {args.seed})\n")
    print("| step | seconds | games/s | events/s | time vs. json.loads |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for label, seconds in rows:
        print(f"| {label} | {seconds:.2f} | {args.games / seconds:,.0f} | {events / seconds:,.0f} | {seconds / base:.1f}× |")
    print(
        f"\nOne long log: {long_events:,} events checked in {long_seconds:.2f} s "
        f"({long_events / long_seconds:,.0f} events/s, valid={verdict.valid}); "
        f"peak traced memory {peak / 1e6:.1f} MB (tracemalloc slows this run; the file is "
        f"{long_size / 1e6:.1f} MB on disk)."
    )


if __name__ == "__main__":
    main()
