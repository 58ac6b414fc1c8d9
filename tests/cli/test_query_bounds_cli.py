"""``flip7 query`` runs a query apart, bounded in memory and time (issue 28, item 16)."""

from __future__ import annotations

import time
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.store import Store
from cli.main import app

runner = CliRunner()


def test_a_list_of_millions_ends_at_once_with_a_clear_error(tmp_path: Path) -> None:
    """The probe's ``flip7 query --timeout 5 "select list(i) from range(20000000) t(i)"`` ran 150 s
    and took 2.7 GB; scaled to nine million numbers (72 MB, over the 64 MiB a result may hold) it
    ends within seconds, exit code 2."""
    db = tmp_path / "s.duckdb"
    Store.open(db).close()
    started = time.monotonic()
    result = runner.invoke(app, ["query", "--db", str(db), "--timeout", "5", "select list(i) from range(9000000) t(i)"])
    assert result.exit_code == 2, result.output
    assert "over the limit of 67,108,864 bytes" in result.output
    assert time.monotonic() - started < 15
