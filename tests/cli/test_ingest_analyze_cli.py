"""``flip7 ingest --analyze``: the summary says what was analysed, and what could not be (issue 19)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion
from typer.testing import CliRunner

from adjudicator.store import Store
from cli.main import app

GAMES = Path(__file__).resolve().parents[1] / "adjudicator" / "store" / "games"


def test_ingest_analyze_prints_the_decisions_stored(tmp_path: Path, snapshot: SnapshotAssertion) -> None:
    db = tmp_path / "a.duckdb"
    result = CliRunner().invoke(app, ["ingest", str(GAMES / "fx1_freeze.jsonl"), str(GAMES / "fx2_flip7.jsonl"), "--db", str(db), "--analyze"])
    assert result.exit_code == 0, result.output
    assert "analysed 2 games (24 decisions stored)" in result.stdout
    assert all(len(line) <= 80 for line in result.stdout.splitlines())
    assert result.stdout == snapshot
    with Store.open(db, read_only=True) as store:
        assert store.query("SELECT count(*) FROM decisions").rows == [(24,)]


def test_ingest_analyze_json_names_the_games_without_a_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("adjudicator.analysis.observe.card_model", lambda rules: None)
    db = tmp_path / "b.duckdb"
    result = CliRunner().invoke(app, ["ingest", str(GAMES / "fx1_freeze.jsonl"), "--db", str(db), "--analyze", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["analysed"] == 0 and out["decisions"] == 0
    (missing,) = out["not_analysed"]
    assert missing["game"] == "fx-1" and "no decision model" in missing["message"]


def test_ingest_without_analyze_prints_as_before(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["ingest", str(GAMES / "fx1_freeze.jsonl"), "--db", str(tmp_path / "c.duckdb"), "--json"])
    assert result.exit_code == 0 and "analysed" not in json.loads(result.stdout)
