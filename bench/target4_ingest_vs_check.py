"""Target 4: `ingest` throughput against `check` on the same corpus, as whole commands.

    .venv/bin/python bench/target4_ingest_vs_check.py --games 2000

Simulates the corpus into a temporary folder, then times ``flip7 check --jobs 1 --json FILES`` and
``flip7 ingest --jobs 1 FOLDER`` into a fresh store (both one process), in one run.

Target: ingest's games/s ≥ 0.5× check's (ingest replays with records and writes the store).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import FLIP7, Run, Verdict, best_cpu, corpus_words, games_timing, parser, report, run_command, write_corpus  # noqa: E402


def main(argv: list[str] | None = None) -> list[Verdict]:
    """Run the benchmark, print the report, return the verdicts."""
    p = parser(__doc__, games=2000, repeat=2)
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="flip7-bench-") as tmp:
        folder = Path(tmp)
        paths = write_corpus(folder / "logs", args.games, args.players, args.seed, args.corpus)
        files = [str(f) for f in paths]
        check = best_cpu(args.repeat, [*FLIP7, "check", "--jobs", "1", "--json", *files])

        def ingest_once() -> Run:
            db = folder / f"store-{time.monotonic_ns()}.duckdb"
            run = run_command([*FLIP7, "ingest", "--db", str(db), "--jobs", "1", str(folder / "logs")])
            db.unlink()
            return run

        ingest = min((ingest_once() for _ in range(max(1, args.repeat))), key=lambda r: r.cpu)
    n = args.games
    rows = [
        ("corpus", f"{n:,} games; {corpus_words(args.corpus, args.players)}"),
        ("flip7 check --jobs 1 --json", games_timing(n, check)),
        ("flip7 ingest --jobs 1 (fresh store)", games_timing(n, ingest)),
    ]
    verdicts = [Verdict("ingest games/s ÷ check games/s (CPU time)", check.cpu / ingest.cpu, 0.5)]
    notes = [f"CPU time (user + system) of whole commands, the least of {args.repeat} runs; DuckDB may use a second thread"]
    report("Target 4: ingest against check", rows, verdicts, notes)
    return verdicts


if __name__ == "__main__":
    main()
