"""Fuzzing the CLI: `flip7 check` (text and --json) on hostile logs exits 0, 1 or 2, never with a
traceback, and `--json` always prints JSON when a verdict was reached; `flip7 ingest --json`
stores the log or reports it, and always prints its summary."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from urllib.parse import unquote

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from cli.main import app
from tests.fuzzing import DISGUISES, FORBIDDEN, PARAMETER_VALUES, STATEMENTS_SQL, budget, hostile_logs


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
    fuzz(15, slow=False, mutations=3)


@pytest.mark.slow
def test_fuzz_check_and_ingest_cli_long() -> None:
    fuzz(25, slow=True, mutations=5)


# --------------------------------------------------------------------------- flip7 query and flip7 stats --since


def _query_sandbox(folder: Path) -> Path:
    db = folder / "query.duckdb"
    if not db.exists():
        result = CliRunner().invoke(app, ["ingest", "--db", str(db), str(SEED_LOG)])
        assert result.exit_code == 0, result.output
    return db


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def run_query(folder: Path, sql: str) -> None:
    """``flip7 query`` on the file: a table, or a clear refusal (exit 2); never a traceback, never a
    change to the store, never a file written."""
    db = _query_sandbox(folder)
    runner = CliRunner()
    before = (runner.invoke(app, ["query", "--db", str(db), "--json", "SELECT count(*) AS n FROM games"]).stdout, _files(folder))
    result = runner.invoke(app, ["query", "--db", str(db), "--json", sql])
    assert result.exception is None or isinstance(result.exception, SystemExit), (sql, repr(result.exception))
    assert result.exit_code in (0, 2), (sql, result.exit_code, result.output[-300:])
    assert "Traceback" not in result.output
    if result.exit_code == 0:
        json.loads(result.stdout)
    after = (runner.invoke(app, ["query", "--db", str(db), "--json", "SELECT count(*) AS n FROM games"]).stdout, _files(folder))
    assert after == before, sql


SEED_LOG = Path(__file__).resolve().parents[2] / "fixtures" / "base" / "001-spec-example.jsonl"
WRITES = st.sampled_from(STATEMENTS_SQL)
SINCE = st.sampled_from(PARAMETER_VALUES["since"])


@given(DISGUISES, FORBIDDEN, WRITES)
@budget(20)
def test_fuzz_flip7_query(tmp_path_factory: pytest.TempPathFactory, disguise: str, function: str, statement: str) -> None:
    folder = tmp_path_factory.getbasetemp() / "query-fuzz"
    folder.mkdir(exist_ok=True)
    db = _query_sandbox(folder)
    values = {"db": db, "wal": f"{db}.wal", "tmp": folder}
    run_query(folder, disguise.format(f=function).format(**values))
    run_query(folder, statement.format(**values))


@given(SINCE)
@budget(15)
def test_fuzz_stats_since(tmp_path_factory: pytest.TempPathFactory, since: str) -> None:
    folder = tmp_path_factory.getbasetemp() / "query-fuzz"
    folder.mkdir(exist_ok=True)
    db = _query_sandbox(folder)
    result = CliRunner().invoke(app, ["stats", "--db", str(db), "--since", unquote(since), "--json"])
    assert result.exception is None or isinstance(result.exception, SystemExit), (since[:50], repr(result.exception))
    assert result.exit_code in (0, 2) and "Traceback" not in result.output, (since[:50], result.output[-300:])
