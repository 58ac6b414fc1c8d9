"""Target 2: `check --jobs 2` and `ingest --jobs 2` against one process, as whole commands.

    .venv/bin/python bench/target2_jobs.py --games 2000

Simulates the corpus into a temporary folder, then runs, in one run and in turn:

* ``flip7 check --jobs 1 --json FILES`` (one process) and ``flip7 check --jobs 2 --json FILES``. Where this
  build's ``check`` has no ``--jobs`` yet, the script says so and times what exists instead: two
  ``flip7 check`` processes started together, each on half of the files;
* ``flip7 ingest --jobs 1`` and ``flip7 ingest --jobs 2`` into a fresh store each.

Target: the two-job run is ≥ 1.7× as fast (wall time) as one process, for both commands.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import FLIP7, ROOT, Verdict, best_of, corpus_words, flip7_has_option, parser, rate, report, run_command, write_corpus  # noqa: E402


def two_halves(files: list[str]) -> float:
    """Wall seconds of two ``flip7 check`` processes started together, each on half the files."""
    start = time.perf_counter()
    procs = [
        subprocess.Popen([*FLIP7, "check", "--json", *half], cwd=ROOT, stdout=subprocess.DEVNULL)
        for half in (files[0::2], files[1::2])
    ]
    for proc in procs:
        if proc.wait() not in (0, 1):
            raise RuntimeError(f"flip7 check exited {proc.returncode}")
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> list[Verdict]:
    """Run the benchmark, print the report, return the verdicts."""
    p = parser(__doc__, games=2000, repeat=2)
    args = p.parse_args(argv)
    notes = []
    with tempfile.TemporaryDirectory(prefix="flip7-bench-") as tmp:
        folder = Path(tmp)
        paths = write_corpus(folder / "logs", args.games, args.players, args.seed, args.corpus)
        files = [str(f) for f in paths]

        has_jobs = flip7_has_option("check", "--jobs")
        # --jobs 1: from 100 files on, check would otherwise start one process per CPU by itself
        one = ["--jobs", "1"] if has_jobs else []
        check_cpu: dict[int, float] = {}

        def check(jobs: list[str], key: int) -> None:
            run = run_command([*FLIP7, "check", *jobs, "--json", *files])
            check_cpu[key] = min(check_cpu.get(key, float("inf")), run.cpu)

        t_check1 = best_of(args.repeat, lambda: check(one, 1))
        if has_jobs:
            label = "flip7 check --jobs 2"
            t_check2 = best_of(args.repeat, lambda: check(["--jobs", "2"], 2))
        else:
            label = "two flip7 check processes, half the files each"
            notes.append("this build's `flip7 check` has no --jobs option: timed two processes on half the files each instead")
            t_check2 = best_of(args.repeat, lambda: two_halves(files))

        cpu: dict[int, float] = {}

        def ingest(jobs: int) -> float:
            def once() -> None:
                db = folder / f"store-{jobs}-{time.monotonic_ns()}.duckdb"
                run = run_command([*FLIP7, "ingest", "--db", str(db), "--jobs", str(jobs), str(folder / "logs")])
                cpu[jobs] = min(cpu.get(jobs, float("inf")), run.cpu)
                db.unlink()

            return best_of(args.repeat, once)

        t_ingest1 = ingest(1)
        t_ingest2 = ingest(2)

    n = args.games
    rows = [
        ("corpus", f"{n:,} games; {corpus_words(args.corpus, args.players)}"),
        ("flip7 check (one process)", f"{t_check1:.2f} s = {rate(n, t_check1)} games/s"),
        (label, f"{t_check2:.2f} s = {rate(n, t_check2)} games/s"),
        ("flip7 ingest --jobs 1", f"{t_ingest1:.2f} s = {rate(n, t_ingest1)} games/s"),
        ("flip7 ingest --jobs 2", f"{t_ingest2:.2f} s = {rate(n, t_ingest2)} games/s"),
        ("ingest CPU (user + system, workers included), --jobs 1 / --jobs 2", f"{cpu[1]:.2f} s / {cpu[2]:.2f} s"),
    ]
    verdicts = [
        Verdict(f"{label} ÷ one process", t_check1 / t_check2, 1.7),
        Verdict("flip7 ingest --jobs 2 ÷ --jobs 1", t_ingest1 / t_ingest2, 1.7),
    ]
    notes.append(f"wall time of whole commands, best of {args.repeat}; the machine's other load shares the same cores")
    # What the load cannot blur: two idle cores can do --jobs 2's CPU work in no less than half of it.
    notes.append(
        f"ingest --jobs 1 CPU ÷ half of --jobs 2's CPU (the best --jobs 2 could do on two idle cores): {cpu[1] / (cpu[2] / 2):.2f}×"
    )
    if 2 in check_cpu:
        notes.append(f"check --jobs 1 CPU ÷ half of --jobs 2's CPU (the same bound for the check): {check_cpu[1] / (check_cpu[2] / 2):.2f}×")
    report("Target 2: two jobs against one process", rows, verdicts, notes)
    return verdicts


if __name__ == "__main__":
    main()
