"""Each bench script runs once on a tiny corpus, so the benchmarks keep working (no timing asserted)."""

from __future__ import annotations

import importlib.util
import math
import re
from pathlib import Path
from types import ModuleType

import pytest

from adjudicator import engine_path
from adjudicator.store.stats import STATISTICS

BENCH = Path(__file__).resolve().parents[2] / "bench"

#: Every target script with the tiny arguments the suite runs it with, and how many verdicts it gives.
TINY: dict[str, tuple[list[str], int]] = {
    "target1_check_speed": (["--games", "4", "--pgn-games", "3", "--repeat", "1"], 3),
    "target2_jobs": (["--games", "4", "--repeat", "1"], 2),
    "target3_memory": (["--games", "3"], 2),
    "target4_ingest_vs_check": (["--games", "3", "--repeat", "1"], 1),
    "target5_simulate": (["--games", "3", "--repeat", "1"], 1),
    "target6_stats": (["--games", "30", "--base", "10", "--repeat", "1"], len(STATISTICS)),  # one verdict per statistic
    "target7_api": (["--requests", "10", "--seconds", "2"], 1),
    "target8_ingest_analyze": (["--games", "2"], 1),
    "target_live": (["--games", "1", "--target", "30", "--tables", "3", "--events", "5"], 4),
}


def load(name: str) -> ModuleType:
    """Import a bench script by its path (bench/ is not a package)."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_target_script_is_covered_here_and_in_bench_run() -> None:
    scripts = sorted(p.stem for p in BENCH.glob("target*.py"))
    assert scripts == sorted(TINY)
    run = (BENCH / "run").read_text()
    in_table = {figure.script for figure in load("issue_table").FIGURES}
    assert len(re.findall(r"bench/issue_table\.py", run)) >= 3, "bench/run must run the issue's table in every mode"
    for name in scripts:
        if name in in_table:
            continue  # run by bench/issue_table.py
        assert len(re.findall(rf"bench/{name}\.py", run)) >= 3, f"bench/run must run {name} in every mode"
    assert {"target1_check_speed", "target2_jobs", "target3_memory", "target4_ingest_vs_check", "target7_api", "peer_flipped_seven"} == in_table


def test_the_issue_table_plans_every_figure_and_judges_each() -> None:
    table = load("issue_table")
    for quick in (True, False):
        planned = table.plan(0.25, quick, None)
        assert {figure.script for figure in table.FIGURES} <= set(planned)
        # the check's figures on the other corpus too, and (where this runs compiled) on the pure engine
        other = {key for key in planned if " " in key}
        engines = ("here",) if engine_path() == "pure" else ("here", "pure")
        assert other == {
            table.run_key(f.script, corpus, engine) for f in table.CHECK_FIGURES for corpus in ("platform", "repeated") for engine in engines
        } - {f.script for f in table.CHECK_FIGURES}
        assert all(["--corpus", "repeated"] == planned[key][1][-2:] for key in other if "repeated" in key and key.startswith("target1"))
    verdict = load("target1_check_speed").Verdict
    verdicts = {
        "target1_check_speed": [verdict("check events/s ÷ python-chess PGN moves/s", 2.5, 5.0)],
        "target2_jobs": [verdict("flip7 ingest --jobs 2 ÷ --jobs 1", 1.8, 1.7)],
        "target3_memory": [verdict("ingest RSS 5,000 games ÷ 1 game", 1.8, 1.5, higher_is_better=False)],
    }
    lines = table.table(verdicts, ["peer_flipped_seven"], load=0.5)
    assert len(lines) == 2 + len(table.FIGURES)
    assert "| 2.50× | ≥ 5× | not met | 50% short of ≥ 5×: a third of a platform's lines are new to the memo" in lines[2]
    assert any("| 1.80× | ≥ 1.7× | met | — |" in line for line in lines)
    assert any("| 1.80× | ≤ 1.5× | not met | 20% above ≤ 1.5×: DuckDB keeps" in line for line in lines)
    assert sum("skipped: no checkout of the peer" in line for line in lines) == 4
    assert any("not measured" in line for line in lines)  # the API figure, not run here
    # every figure has its reason; a wall-time figure on a machine busier than its cores says so
    assert all(figure.why for figure in table.FIGURES)
    jobs = verdict("flip7 ingest --jobs 2 ÷ --jobs 1", 1.2, 1.7)
    busy = table.table({"target2_jobs": [jobs]}, [], load=6.0)
    assert any("| 1.20× | ≥ 1.7× | not met | 29% short of ≥ 1.7×: wall time with a load average of 6.0 on" in line for line in busy)
    idle = table.table({"target2_jobs": [jobs]}, [], load=0.0)
    assert any("29% short of ≥ 1.7×: one writer" in line for line in idle)


def test_the_issue_table_runs_one_script_and_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    table = load("issue_table")
    verdicts = table.main(["--quick", "--only", "target1_check_speed", "--only", "target1_check_speed repeated"])
    out = capsys.readouterr().out
    assert list(verdicts) == ["target1_check_speed", "target1_check_speed repeated"]
    assert "## Issue 30: the table, one run" in out and "| check events/s ÷ python-chess PGN moves/s |" in out
    first, by_corpus = out.split("The check's ratios by corpus and engine")
    assert first.count("| — | — |") == len(table.FIGURES) - 2  # target1 gives the chess and the json.loads figures
    rows = [line for line in by_corpus.splitlines() if line.startswith("| platform") or line.startswith("| repeated")]
    measured = [row for row in rows if "×" in row]
    assert [row.split(" | ")[0] for row in measured] == ["| platform", "| repeated"]
    assert all(len(re.findall(r"\| [0-9.]+× \(", row)) == 2 for row in measured)  # python-chess and json.loads; no peer here


@pytest.mark.parametrize("name", sorted(TINY))
def test_script_runs_on_a_tiny_corpus(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    args, n_verdicts = TINY[name]
    verdicts = load(name).main(args)
    out = capsys.readouterr().out
    assert len(verdicts) == n_verdicts
    for verdict in verdicts:
        assert math.isfinite(verdict.ratio) and verdict.ratio >= 0, verdict
        assert verdict.line() in out
    assert "machine: " in out and " CPUs" in out
    assert out.startswith("## Target ")
    assert "(target " in out


def test_the_live_append_bench_runs_at_a_tiny_table(capsys: pytest.CaptureFixture[str]) -> None:
    verdicts = load("live_append").main(["--players", "3", "--tables", "2", "--appends", "5"])
    out = capsys.readouterr().out
    assert len(verdicts) == 1 and math.isfinite(verdicts[0].ratio) and verdicts[0].ratio > 0
    assert "| appends measured (refused) | 5 (0) in " in out and "| 2 × 3 |" in out and "| 3 / 1 (4 streams) |" in out
    assert out.startswith("## Live table: append latency") and verdicts[0].line() in out


def test_profile_of_check_runs_on_a_tiny_corpus(capsys: pytest.CaptureFixture[str]) -> None:
    shares = load("profile_check").main(["--games", "3", "--top", "5"])
    out = capsys.readouterr().out
    assert math.isclose(sum(shares.values()), 1.0, rel_tol=1e-6)
    assert shares["event parsing"] > 0 and out.count("| `") == 5
    if engine_path() == "pure":  # compiled rules run below the profiler's sight
        assert shares["rules"] > 0 and "| rules |" in out


def test_the_platform_corpus_seats_players_of_their_own_at_mixed_tables_of_both_rulesets() -> None:
    import sys

    load("issue_table")  # puts bench/ on the path: the scripts import benchlib by name
    benchlib = sys.modules["benchlib"]
    games = list(benchlib.corpus_games(20, seed=3, corpus="platform"))
    seated = [game.events[0].players for game in games]
    assert len({name for names in seated for name in names}) == sum(len(names) for names in seated)  # nobody twice
    assert {(game.events[0].ruleset, len(names)) for game, names in zip(games, seated, strict=True)} == set(benchlib.PLATFORM_MIX)
    repeated = [game.events[0].players for game in benchlib.corpus_games(3, players=5, seed=3, corpus="repeated")]
    assert repeated[0] == repeated[1] == repeated[2] and len(repeated[0]) == 5


def test_the_issue_table_reads_verdicts_back_from_a_report() -> None:
    table = load("issue_table")
    verdict = load("target1_check_speed").Verdict
    lines = [verdict("ingest RSS 5,000 games ÷ 1 game", 2.25, 1.5, higher_is_better=False), verdict("x ÷ y", 3.1, 5.0)]
    parsed = [table._VERDICT.match(f"- {v.line()}") for v in lines]
    assert all(parsed)
    assert [(m[1], float(m[2]), float(m[4]), m[3]) for m in parsed if m] == [("ingest RSS 5,000 games ÷ 1 game", 2.25, 1.5, "≤"), ("x ÷ y", 3.1, 5.0, "≥")]


def test_a_command_is_measured_alone_whatever_the_size_of_the_bench() -> None:
    """``run_command`` starts the command from a small launcher: the kernel counts in a child's
    peak RSS the memory of the process that forked it, and this process is made big first."""
    import sys

    run_command = load("target3_memory").run_command  # benchlib's, as the scripts import it
    ballast = bytearray(256 * 2**20)  # zero-filled: resident
    run = run_command([sys.executable, "-c", "pass"])
    assert run.returncode == 0 and run.peak_rss < 64 * 2**20 < len(ballast)
    with pytest.raises(RuntimeError, match="exited 3"):
        run_command([sys.executable, "-c", "raise SystemExit(3)"])
    assert run_command([sys.executable, "-c", "import sys; sys.exit(len(sys.stdin.read()) != 5)"], stdin=b"12345").returncode == 0
