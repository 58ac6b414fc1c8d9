"""The figures of issue 22's table, measured in one run, with a ratio and a verdict for each.

    .venv/bin/python bench/issue_table.py                    # the issue's sizes (takes a while)
    .venv/bin/python bench/issue_table.py --scale 0.25       # every corpus a quarter as big
    .venv/bin/python bench/issue_table.py --quick            # tiny corpora: a smoke run, figures not meaningful

Runs, one after another in this process, the scripts that measure the table's figures
(``target1_check_speed``, ``peer_flipped_seven``, ``target7_api``, ``target2_jobs``,
``target3_memory``, ``target4_ingest_vs_check``), prints each one's report, then the table: each
figure with its measured ratio, its goal, and "met" or how far short it falls. The peer's figures
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
from benchlib import Verdict, machine  # noqa: E402

from adjudicator import engine_description  # noqa: E402


class Figure(NamedTuple):
    """One row of the issue's table: its words there, and the verdict of a script that measures it."""

    label: str
    script: str
    verdict: str  #: the start of the verdict's name in that script's report


#: The rows of the issue's table, in its order.
FIGURES: tuple[Figure, ...] = (
    Figure("check events/s ÷ python-chess PGN moves/s", "target1_check_speed", "check events/s ÷ python-chess"),
    Figure("check events/s ÷ the peer's non-validating replay", "peer_flipped_seven", "check events/s ÷ the peer"),
    Figure("simulate cards/s ÷ the peer's bots, 3 seats", "peer_flipped_seven", "simulate cards/s ÷ the peer's bots, 3 seats"),
    Figure("simulate cards/s ÷ the peer's bots, 5 seats", "peer_flipped_seven", "simulate cards/s ÷ the peer's bots, 5 seats"),
    Figure("simulate cards/s ÷ the peer's bots, 8 seats", "peer_flipped_seven", "simulate cards/s ÷ the peer's bots, 8 seats"),
    Figure("`POST /v1/check` ÷ a trivial endpoint", "target7_api", "/v1/check req/s"),
    Figure("`ingest --jobs 2` ÷ `--jobs 1`", "target2_jobs", "flip7 ingest --jobs 2"),
    Figure("ingest peak RSS, 5,000 games ÷ 1 game", "target3_memory", "ingest RSS"),
    Figure("ingest ÷ check games/s", "target4_ingest_vs_check", "ingest games/s"),
)


#: A verdict line of a report (``Verdict.line``).
_VERDICT = re.compile(r"^- (.+): ([0-9.]+)× \(target (≥|≤) ([0-9.]+)×\) — ")


def in_fresh_process(script: str) -> Callable[[list[str]], list[Verdict]]:
    """``script``'s ``main``, run in an interpreter of its own: its report printed, its verdicts
    read back from it. For the memory figure: the kernel counts in a child's peak RSS the memory
    of the process that forked it, so children of this (by then big) process would all seem big."""

    def run(args: list[str]) -> list[Verdict]:
        out = subprocess.run(
            [sys.executable, str(Path(__file__).resolve().parent / f"{script}.py"), *args], capture_output=True, text=True, check=False
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
    """Each script of the table with the arguments of this run (the issue's sizes times ``scale``)."""
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


def judgement(verdict: Verdict) -> str:
    """"met", or how far the figure is from its goal (as a share of the way there)."""
    if verdict.met:
        return "met"
    if verdict.higher_is_better:
        return f"short: {verdict.ratio / verdict.goal:.0%} of the goal"
    return f"short: {verdict.ratio / verdict.goal - 1:.0%} above the bound"


def table(verdicts: dict[str, list[Verdict]], skipped: Sequence[str]) -> list[str]:
    """The issue's table as Markdown lines: figure, measured, goal, verdict."""
    lines = ["| figure | measured | goal | verdict |", "| --- | ---: | ---: | --- |"]
    for figure in FIGURES:
        found = [v for v in verdicts.get(figure.script, []) if v.name.startswith(figure.verdict)]
        if not found:
            why = "skipped: no checkout of the peer" if figure.script in skipped else "not measured"
            lines.append(f"| {figure.label} | — | — | {why} |")
            continue
        v = found[0]
        sign = "≥" if v.higher_is_better else "≤"
        lines.append(f"| {figure.label} | {v.ratio:.2f}{v.unit} | {sign} {v.goal:g}{v.unit} | {judgement(v)} |")
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
    print("## Issue 22: the table, one run\n")
    print(f"started {started}, ended {time.strftime('%H:%M UTC', time.gmtime())}; {size}\n")
    print(f"machine: {machine()}\n")
    print(f"engine: {engine_description()}\n")
    print("\n".join(table(verdicts, skipped)))
    print(flush=True)
    return verdicts


if __name__ == "__main__":
    main()
