"""Target 3: bounded memory. Peak RSS of checking or ingesting many games in one call vs one game.

    .venv/bin/python bench/target3_memory.py --games 5000 [--also 100000]

Simulates the corpus, then runs each whole command and reads the kernel's peak resident set size
of that process (``ru_maxrss`` from ``wait4``). Each command is started by a small launcher process
(``benchlib.LAUNCHER``), not forked from this one: the kernel counts in a child's peak the memory
of the process that forked it, so a command forked by this script (which simulated the corpus)
would seem at least as big as the script:

* ``flip7 check`` with machine output on one game, and on all the games in one call (``--jsonl``,
  one verdict per line as it is judged, where this build has it; else ``--json``, which holds every
  verdict until the end);
* ``flip7 ingest`` of one game into a fresh store, and of all the games in one call (``--jobs 1``,
  so the figure is one process).

Target: the many-games run peaks within 1.5× the RSS of the one-game run, for both commands.
``--also N`` adds a second, larger corpus (e.g. 100,000 games; simulating it takes a while).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import FLIP7, Run, Verdict, flip7_has_option, mib, parser, report, run_command, write_corpus  # noqa: E402

#: Above this many files, the file names no longer fit one command line: check gets the folder.
ARGV_FILES = 20_000


def measure(folder: Path, names: list[str], output: str) -> tuple[Run, Run | None]:
    """Peak RSS of ``check`` and ``ingest`` over ``names`` (files in ``folder``)."""
    check_args = names if len(names) <= ARGV_FILES else ["."]
    check: Run | None
    try:
        check = run_command([*FLIP7, "check", "--jobs", "1", output, *check_args], cwd=folder)
    except RuntimeError:
        check = None  # a folder argument is not accepted by this build's check
    db = folder.parent / f"store-{len(names)}.duckdb"
    ingest = run_command([*FLIP7, "ingest", "--db", str(db), "--jobs", "1", *(names if len(names) == 1 else ["."])], cwd=folder)
    db.unlink()
    return ingest, check


def main(argv: list[str] | None = None) -> list[Verdict]:
    """Run the benchmark, print the report, return the verdicts."""
    p = parser(__doc__, games=5000)
    p.add_argument("--also", type=int, default=0, help="also measure a corpus of this many games (e.g. 100000)")
    args = p.parse_args(argv)
    output = "--jsonl" if flip7_has_option("check", "--jsonl") else "--json"
    notes = [f"check's machine output: {output}"]
    if output == "--json":
        notes.append("this build's `flip7 check` has no --jsonl: --json keeps every verdict until the end")
    rows: list[tuple[str, str]] = []
    verdicts: list[Verdict] = []
    with tempfile.TemporaryDirectory(prefix="flip7-bench-") as tmp:
        base = Path(tmp)
        sizes = [args.games] + ([args.also] if args.also else [])
        largest = write_corpus(base / "logs", max(sizes), args.players, args.seed, args.corpus)
        folder = base / "logs"
        one_ingest, one_check = measure(folder, [largest[0].name], output)
        assert one_check is not None
        rows.append(("check, 1 game", mib(one_check.peak_rss)))
        rows.append(("ingest, 1 game", mib(one_ingest.peak_rss)))
        for size in sizes:
            sub = folder if size == len(largest) else base / f"logs-{size}"
            if sub != folder:
                sub.mkdir()
                for path in largest[:size]:
                    (sub / path.name).symlink_to(path)
            ingest, check = measure(sub, sorted(p.name for p in sub.iterdir()), output)
            rows.append((f"ingest, {size:,} games", f"{mib(ingest.peak_rss)} ({ingest.seconds:.1f} s)"))
            verdicts.append(Verdict(f"ingest RSS {size:,} games ÷ 1 game", ingest.peak_rss / one_ingest.peak_rss, 1.5, higher_is_better=False))
            if check is None:
                notes.append(f"check of {size:,} games: too many names for one command line and this build's check takes no folder")
                continue
            rows.append((f"check, {size:,} games", f"{mib(check.peak_rss)} ({check.seconds:.1f} s)"))
            verdicts.append(Verdict(f"check RSS {size:,} games ÷ 1 game", check.peak_rss / one_check.peak_rss, 1.5, higher_is_better=False))
    notes.append("peak RSS of the one process (kernel ru_maxrss, started from a small launcher); check and ingest with --jobs 1")
    report("Target 3: peak memory of many games in one call against one game", rows, verdicts, notes)
    return verdicts


if __name__ == "__main__":
    main()
