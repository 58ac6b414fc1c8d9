"""``flip7 ingest --analyze --win`` and the statistic it feeds (issue 31)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cli.main import app
from tests.adjudicator.store.conftest import FX1

#: Few playouts: the store tests check what is stored; these check the command line.
SAMPLES = 6


def test_the_cli_wants_analyze_with_win(tmp_path: Path) -> None:
    done = CliRunner().invoke(app, ["ingest", "--db", str(tmp_path / "s.duckdb"), "--win", str(FX1)])
    assert done.exit_code == 2 and "--analyze" in done.output


def test_the_cli_stores_the_chance_to_win(tmp_path: Path) -> None:
    db = str(tmp_path / "s.duckdb")
    done = CliRunner().invoke(app, ["ingest", "--db", db, "--analyze", "--win", "--win-samples", str(SAMPLES), str(FX1)])
    assert done.exit_code == 0, done.output
    shown = CliRunner().invoke(app, ["stats", "--db", db, "--only", "win_accuracy_and_luck", "--json"])
    assert shown.exit_code == 0 and '"luck_per_game"' in shown.output and '"accuracy"' in shown.output
