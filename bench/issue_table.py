"""The figures of the performance issues' table (30, and 22 before it), measured in one run, with a ratio and a verdict for each.

    .venv/bin/python bench/issue_table.py                    # the issue's sizes (takes a while)
    .venv/bin/python bench/issue_table.py --scale 0.25       # every corpus a quarter as big
    .venv/bin/python bench/issue_table.py --quick            # tiny corpora: a smoke run, figures not meaningful

Runs, one after another in this process, the scripts that measure the table's figures
(``target1_check_speed``, ``peer_flipped_seven``, ``target7_api``, ``target2_jobs``,
``target3_memory``, ``target4_ingest_vs_check``) on the platform corpus (benchlib: players of
their own in every game, a mix of seat counts and both rulesets), prints each one's report, then
the table: each figure with its measured ratio, its target, met or not, and where not met how far
short it falls and why (one line: ``Figure.why``; a wall-time figure on a machine busier than its
cores says so instead).

The check's three ratios (python-chess, the peer, ``json.loads``) are also measured on the
repeated-names corpus and, each in a fresh process with ``FLIP7_PURE=1``, on the pure-Python
engine: the second table gives them by corpus and engine (``CORPUS_RUNS``). The peer's figures
need a checkout of Bernstern/flipped_seven (``--checkout PATH`` or ``FLIP7_PEER_CHECKOUT``);
without one they are skipped, and the table says so.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))

import peer_flipped_seven  # noqa: E402
import target1_check_speed  # noqa: E402
import target2_jobs  # noqa: E402
import target4_ingest_vs_check  # noqa: E402
import target7_api  # noqa: E402
from benchlib import Verdict, corpus_words, machine  # noqa: E402

from adjudicator import engine_description, engine_path  # noqa: E402


class Figure(NamedTuple):
    """One row of the issue's table: its words there, the verdict of a script that measures it, and
    why it falls short when it does (one line; ``{load}`` and ``{cpus}``: the machine's now)."""

    label: str
    script: str
    verdict: str  #: the start of the verdict's name in that script's report
    why: str = ""
    #: the reason when the machine is busier than it has cores (wall-time figures), "" for ``why``
    why_busy: str = ""


#: The reason of a wall-time figure of two processes on a machine busier than its cores.
_BUSY = "wall time with a load average of {load:.1f} on {cpus} cores: no core is idle for the second process (see the report's CPU bound)"


#: The rows of the issue's table, in its order: issue 30's targets, then issue 22's other figures.
FIGURES: tuple[Figure, ...] = (
    Figure(
        "check events/s ÷ python-chess PGN moves/s", "target1_check_speed", "check events/s ÷ python-chess",
        "a third of a platform's lines are new to the memo: each is read, built as an event and judged (Vengeance and 8 seats cost most)",
    ),
    Figure(
        "check events/s ÷ the peer's non-validating replay", "peer_flipped_seven", "check events/s ÷ the peer",
        "the peer's replay checks nothing; the check reads, validates and judges every line, a third of them new to the memo",
    ),
    Figure(
        "check time per line ÷ `json.loads` per line", "target1_check_speed", "check time per line ÷ json.loads",
        "judging a line costs more than decoding it: the rules' work besides reading each line new to the memo",
    ),
    Figure(
        "`check --jobs 2` ÷ one job", "target2_jobs", "flip7 check --jobs 2",
        "each worker pays its own start and fills its own memo of lines; the parent prints every verdict", _BUSY,
    ),
    Figure(
        "`ingest --jobs 2` ÷ `--jobs 1`", "target2_jobs", "flip7 ingest --jobs 2",
        "one writer: the workers replay, the parent alone writes every batch to DuckDB and rates the players", _BUSY,
    ),
    Figure(
        "ingest ÷ check games/s", "target4_ingest_vs_check", "ingest games/s",
        "ingest replays with the statistics' records (bust chances, targets), writes 14 tables through DuckDB and rates the players",
    ),
    Figure("simulate cards/s ÷ the peer's bots, 3 seats", "peer_flipped_seven", "simulate cards/s ÷ the peer's bots, 3 seats",
           "the strategies weigh the legal moves at every decision"),
    Figure("simulate cards/s ÷ the peer's bots, 5 seats", "peer_flipped_seven", "simulate cards/s ÷ the peer's bots, 5 seats",
           "the strategies weigh the legal moves at every decision"),
    Figure("simulate cards/s ÷ the peer's bots, 8 seats", "peer_flipped_seven", "simulate cards/s ÷ the peer's bots, 8 seats",
           "the strategies weigh the legal moves at every decision"),
    Figure("`POST /v1/check` ÷ a trivial endpoint", "target7_api", "/v1/check req/s",
           "a request's log is judged in full (about 300 events), the trivial endpoint does nothing", _BUSY),
    Figure("ingest peak RSS, 5,000 games ÷ 1 game", "target3_memory", "ingest RSS",
           "DuckDB keeps a batch's buffers until its checkpoint; Arrow holds a batch of about 30,000 events"),
)

#: The check's figures the second table gives by corpus and engine (each: its script, its verdict).
CHECK_FIGURES: tuple[Figure, ...] = (FIGURES[0], FIGURES[1], FIGURES[2])
#: The runs of the second table: (corpus, engine) → the key of the run in ``plan`` for each of
#: ``CHECK_FIGURES``' scripts: ``<script>`` alone is the headline run (this process's engine).
CORPUS_RUNS: tuple[tuple[str, str], ...] = (("platform", "here"), ("platform", "pure"), ("repeated", "here"), ("repeated", "pure"))


def run_key(script: str, corpus: str, engine: str) -> str:
    """The key in ``plan`` of ``script``'s run on ``corpus`` with ``engine`` (``here`` or ``pure``)."""
    return script + ("" if corpus == "platform" else f" {corpus}") + ("" if engine == "here" else f" {engine}")


#: A verdict line of a report (``Verdict.line``).
_VERDICT = re.compile(r"^- (.+): ([0-9.]+)× \(target (≥|≤) ([0-9.]+)×\) — ")


def in_fresh_process(script: str, env: dict[str, str] | None = None) -> Callable[[list[str]], list[Verdict]]:
    """``script``'s ``main``, run in an interpreter of its own (with ``env`` added to the
    environment): its report printed, its verdicts read back from it. For the memory figure: the
    kernel counts in a child's peak RSS the memory of the process that forked it, so children of
    this (by then big) process would all seem big; for the pure engine: it is chosen per process."""

    def run(args: list[str]) -> list[Verdict]:
        out = subprocess.run(
            [sys.executable, str(Path(__file__).resolve().parent / f"{script}.py"), *args],
            capture_output=True, text=True, check=False, env={**os.environ, **(env or {})},
        )
        print(out.stdout, end="", flush=True)
        if out.returncode != 0:
            print(f"{script} failed (exit {out.returncode}): {out.stderr[-500:]}", flush=True)
        found = (_VERDICT.match(line) for line in out.stdout.splitlines())
        return [Verdict(m[1], float(m[2]), float(m[4]), higher_is_better=m[3] == "≥") for m in found if m is not None]

    return run


def _sized(n: int, scale: float, least: int = 2) -> str:
    return str(max(least, round(n * scale)))


def plan(scale: float, quick: bool, checkout: Path | None) -> dict[str, tuple[Callable[[list[str]], list[Verdict]], list[str]]]:
    """Each run of the table with its arguments (the issue's sizes times ``scale``): every script
    once on the platform corpus with this process's engine, and the check's scripts on the other
    corpus and engine (``CORPUS_RUNS``; the pure engine's runs only where this process's is compiled)."""
    runs = _headline(scale, quick, checkout)
    for corpus, engine in CORPUS_RUNS:
        if (corpus, engine) == ("platform", "here") or (engine == "pure" and engine_path() == "pure"):
            continue
        for script in dict.fromkeys(figure.script for figure in CHECK_FIGURES):
            _, args = runs[script]
            extra = ["--corpus", corpus] + (["--no-simulate"] if script == "peer_flipped_seven" else [])
            call = in_fresh_process(script, {"FLIP7_PURE": "1"}) if engine == "pure" else runs[script][0]
            runs[run_key(script, corpus, engine)] = (call, [*args, *extra])
    return runs


def _headline(scale: float, quick: bool, checkout: Path | None) -> dict[str, tuple[Callable[[list[str]], list[Verdict]], list[str]]]:
    """Each script of the table with the arguments of this run, on the platform corpus."""
    peer = ["--checkout", str(checkout)] if checkout is not None else []
    if quick:
        return {
            "target1_check_speed": (target1_check_speed.main, ["--games", "50", "--pgn-games", "20", "--repeat", "1"]),
            "peer_flipped_seven": (peer_flipped_seven.main, [*peer, "--games", "50", "--sim-games", "10", "--repeat", "1"]),
            "target7_api": (target7_api.main, ["--requests", "100", "--seconds", "5"]),
            "target2_jobs": (target2_jobs.main, ["--games", "40", "--repeat", "1"]),
            "target3_memory": (in_fresh_process("target3_memory"), ["--games", "40"]),
            "target4_ingest_vs_check": (target4_ingest_vs_check.main, ["--games", "40", "--repeat", "1"]),
        }
    return {
        "target1_check_speed": (target1_check_speed.main, ["--games", _sized(1000, scale), "--pgn-games", _sized(400, scale), "--repeat", "3"]),
        "peer_flipped_seven": (
            peer_flipped_seven.main, [*peer, "--games", _sized(1000, scale), "--sim-games", _sized(200, scale), "--repeat", "5"],
        ),
        "target7_api": (target7_api.main, ["--requests", _sized(2000, scale, 50), "--seconds", f"{max(5.0, 20 * scale):g}"]),
        "target2_jobs": (target2_jobs.main, ["--games", _sized(2000, scale, 200), "--repeat", "2"]),
        "target3_memory": (in_fresh_process("target3_memory"), ["--games", "5000"]),  # the figure is of 5,000 games
        "target4_ingest_vs_check": (target4_ingest_vs_check.main, ["--games", _sized(2000, scale), "--repeat", "2"]),
    }


def shortfall(verdict: Verdict) -> str:
    """How far an unmet figure is from its goal, in words: ``18% short of ≥ 2×``, ``2% above ≤ 2×``."""
    if verdict.higher_is_better:
        return f"{1 - verdict.ratio / verdict.goal:.0%} short of ≥ {verdict.goal:g}{verdict.unit}"
    return f"{verdict.ratio / verdict.goal - 1:.0%} above ≤ {verdict.goal:g}{verdict.unit}"


def reason(figure: Figure, load: float | None = None, cpus: int | None = None) -> str:
    """Why ``figure`` falls short, in one line: on a machine busier than its cores, the busy reason
    of a wall-time figure; else its own."""
    cpus = cpus or os.cpu_count() or 1
    if load is None:
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    busy = figure.why_busy and load >= cpus
    return (figure.why_busy if busy else figure.why or "not known").format(load=load, cpus=cpus)


def table(verdicts: dict[str, list[Verdict]], skipped: Sequence[str], load: float | None = None) -> list[str]:
    """The issue's table as Markdown lines: figure, measured, target, met or not, and where not met
    the shortfall and its reason (``reason``; ``load``: the machine's load average, now by default)."""
    lines = ["| figure | measured | target | verdict | shortfall: why |", "| --- | ---: | ---: | --- | --- |"]
    for figure in FIGURES:
        found = [v for v in verdicts.get(figure.script, []) if v.name.startswith(figure.verdict)]
        if not found:
            why = "skipped: no checkout of the peer" if figure.script in skipped else "not measured"
            lines.append(f"| {figure.label} | — | — | {why} | — |")
            continue
        v = found[0]
        sign = "≥" if v.higher_is_better else "≤"
        short = "—" if v.met else f"{shortfall(v)}: {reason(figure, load)}"
        lines.append(f"| {figure.label} | {v.ratio:.2f}{v.unit} | {sign} {v.goal:g}{v.unit} | {'met' if v.met else 'not met'} | {short} |")
    return lines


def corpus_table(verdicts: dict[str, list[Verdict]], skipped: Sequence[str]) -> list[str]:
    """The check's figures by corpus and engine, as Markdown lines (a cell "—" where not measured)."""
    pure_here = engine_path() == "pure"
    lines = [
        "| corpus | engine | " + " | ".join(f.label for f in CHECK_FIGURES) + " |",
        "| --- | --- | " + " | ".join("---:" for _ in CHECK_FIGURES) + " |",
    ]
    for corpus, engine in CORPUS_RUNS:
        if pure_here and engine == "pure":
            continue  # this process's runs are the pure engine's
        name = "pure" if engine == "pure" or pure_here else "compiled"
        cells = []
        for figure in CHECK_FIGURES:
            found = [v for v in verdicts.get(run_key(figure.script, corpus, engine), []) if v.name.startswith(figure.verdict)]
            if found:
                v = found[0]
                cells.append(f"{v.ratio:.2f}{v.unit} ({'met' if v.met else shortfall(v)})")
            else:
                cells.append("— (no checkout of the peer)" if figure.script in skipped else "—")
        lines.append(f"| {corpus} | {name} | " + " | ".join(cells) + " |")
    return lines


def main(argv: list[str] | None = None) -> dict[str, list[Verdict]]:
    """Run every script of the table, print their reports and the table; return the verdicts by script."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="tiny corpora: a smoke run (figures not meaningful)")
    p.add_argument("--scale", type=float, default=1.0, help="every corpus this many times the issue's size (default 1)")
    p.add_argument("--checkout", type=Path, default=os.environ.get("FLIP7_PEER_CHECKOUT"), help="a checkout of Bernstern/flipped_seven")
    p.add_argument("--only", action="append", default=[], help="run only this script of the table (repeatable; for tests)")
    args = p.parse_args(argv)
    if args.scale <= 0:
        p.error("--scale must be above 0")
    checkout: Path | None = args.checkout
    has_peer = checkout is not None and (Path(checkout) / "flip7" / "core" / "game_engine.py").is_file()
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    verdicts: dict[str, list[Verdict]] = {}
    for name, (run, script_args) in plan(args.scale, args.quick, checkout).items():
        if args.only and name not in args.only:
            continue
        verdicts[name] = run(script_args)
    skipped = [] if has_peer else ["peer_flipped_seven"]
    size = "tiny corpora (--quick)" if args.quick else f"the issue's corpus sizes × {args.scale:g}"
    print("## Issue 30: the table, one run\n")
    print(f"started {started}, ended {time.strftime('%H:%M UTC', time.gmtime())}; {size}\n")
    print(f"machine: {machine()}\n")
    print(f"engine: {engine_description()}; corpus: {corpus_words('platform')}\n")
    print("\n".join(table(verdicts, skipped)))
    print("\nThe check's ratios by corpus and engine (each cell: one run of its script):\n")
    print("\n".join(corpus_table(verdicts, skipped)))
    print(flush=True)
    return verdicts


if __name__ == "__main__":
    main()
