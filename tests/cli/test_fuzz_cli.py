"""Fuzzing the CLI: `flip7 check` (text and --json) on hostile logs exits 0, 1 or 2, never with a
traceback, and `--json` always prints JSON when a verdict was reached."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from typer.testing import CliRunner

from cli.main import app
from tests.fuzzing import budget, hostile_logs


def run_check(folder: Path, data: bytes) -> None:
    path = folder / "hostile.jsonl"
    path.write_bytes(data)
    runner = CliRunner()
    as_json = runner.invoke(app, ["check", "--json", str(path)])
    assert as_json.exception is None or isinstance(as_json.exception, SystemExit), as_json.exception
    assert as_json.exit_code in (0, 1, 2), as_json.output
    if as_json.exit_code == 2:
        assert as_json.stdout == "" and "error:" in as_json.stderr and "Traceback" not in as_json.stderr
    else:
        verdict = json.loads(as_json.stdout)
        assert verdict["valid"] is (as_json.exit_code == 0)
    text = runner.invoke(app, ["check", str(path)])
    assert text.exception is None or isinstance(text.exception, SystemExit), text.exception
    assert text.exit_code == as_json.exit_code and "Traceback" not in text.output


@budget(25)
@given(hostile_logs())
def test_fuzz_check_cli(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        run_check(Path(folder), data)


@pytest.mark.slow
@budget(40, slow=True)
@given(hostile_logs(max_mutations=5))
def test_fuzz_check_cli_long(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        run_check(Path(folder), data)
