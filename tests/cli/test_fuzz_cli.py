"""Fuzzing the CLI: `flip7 check` (text and --json) on hostile logs exits 0, 1 or 2, never with a
traceback, and `--json` always prints JSON when a verdict was reached; `flip7 ingest --json`
stores the log or reports it, and always prints its summary."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from typer.testing import CliRunner

from cli.main import app
from tests.fuzzing import budget, hostile_logs


def run_check(folder: Path, data: bytes, db: Path) -> None:
    path = folder / "hostile.jsonl"
    path.write_bytes(data)
    runner = CliRunner()
    as_json = runner.invoke(app, ["check", "--json", str(path)])
    assert as_json.exception is None or isinstance(as_json.exception, SystemExit), as_json.exception
    assert as_json.exit_code in (0, 1, 2), as_json.output
    if as_json.exit_code == 2:
        # an unreadable log: a JSON error object on standard output, the message on standard error
        error = json.loads(as_json.stdout)
        assert error["error"] and error["file"] == str(path)
        assert "error:" in as_json.stderr and "Traceback" not in as_json.stderr
    else:
        verdict = json.loads(as_json.stdout)
        assert verdict["valid"] is (as_json.exit_code == 0)
    text = runner.invoke(app, ["check", str(path)])
    assert text.exception is None or isinstance(text.exception, SystemExit), text.exception
    assert text.exit_code == as_json.exit_code and "Traceback" not in text.output
    ingest = runner.invoke(app, ["ingest", "--json", "--replace", "--db", str(db), str(path)])
    assert ingest.exception is None or isinstance(ingest.exception, SystemExit), ingest.exception
    summary = json.loads(ingest.stdout)
    assert ingest.exit_code == (1 if summary["problems"] else 0)
    assert summary["unreadable"] == (as_json.exit_code == 2)


def fuzz(examples: int, slow: bool, mutations: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "cli.duckdb"

        @budget(examples, slow=slow)
        @given(hostile_logs(max_mutations=mutations))
        def inner(data: bytes) -> None:
            run_check(Path(folder), data, db)

        inner()


def test_fuzz_check_and_ingest_cli() -> None:
    fuzz(25, slow=False, mutations=3)


@pytest.mark.slow
def test_fuzz_check_and_ingest_cli_long() -> None:
    fuzz(25, slow=True, mutations=5)
