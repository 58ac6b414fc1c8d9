"""``ingest --analyze --win``: ``decisions.win_loss`` and ``decisions.luck`` (schema version 7, issue 31)."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from adjudicator.analysis.observe import analyze2
from adjudicator.store import SCHEMA_VERSION, LogInput, Store
from adjudicator.store.decisions import STORED_BUDGET
from tests.adjudicator.store.conftest import FX1, FX2

#: Few playouts: the test checks the store keeps what the analysis finds, not the analysis's precision.
SAMPLES = 6


def test_ingest_analyze_win_stores_each_decisions_error_and_the_players_luck(store: Store) -> None:
    summary = store.ingest_many([LogInput.from_path(p) for p in (FX1, FX2)], analyze=True, win=SAMPLES)
    assert (summary.ingested, summary.analysed) == (2, 2)
    for path, game in ((FX1, "fx-1"), (FX2, "fx-2")):
        expected = analyze2(path.read_text(), budget=STORED_BUDGET, win_samples=SAMPLES)
        rows = store.query(f"SELECT event, player, win_loss, luck FROM decisions WHERE game = '{game}' ORDER BY event").rows
        if expected.model is None:  # fx-2 is not a game the model values (docs/analysis.md): nothing stored
            assert game == "fx-2" and rows and all(r[2] is None and r[3] is None for r in rows)
            continue
        assert [r[0] for r in rows] == [d.event for d in expected.decisions]
        for (_, _, win_loss, _), d in zip(rows, expected.decisions, strict=True):
            if d.win is None:
                assert win_loss is None
            else:  # the key fact: each decision's error in win chance, 0 to 1
                assert win_loss == pytest.approx(0.0 if d.win.clinch else d.win.error / 100, abs=1e-9)
        assert any(r[2] is not None for r in rows)
        for p in expected.players:  # a game's luck rows add up to the player's luck in the analysis
            assert p.win is not None
            mine = [r[3] for r in rows if r[1] == p.player]
            if mine:
                assert sum(mine) == pytest.approx(p.win.luck / 100, abs=1e-4)


def test_without_win_the_columns_stay_empty(store: Store) -> None:
    store.ingest_many([LogInput.from_path(FX1)], analyze=True)
    assert store.query("SELECT count(*), count(win_loss), count(luck) FROM decisions").rows == [(9, 0, 0)]
    assert store.stats(names=["win_accuracy_and_luck"])[0].rows == []


def test_the_statistic_gives_accuracy_and_luck_by_player(store: Store) -> None:
    store.ingest_many([LogInput.from_path(FX1)], analyze=True, win=SAMPLES)
    expected = analyze2(FX1.read_text(), budget=STORED_BUDGET, win_samples=SAMPLES)
    (result,) = store.stats(names=["win_accuracy_and_luck"])
    by_player = {r["player"]: r for r in result.as_dict()["rows"]}
    assert by_player
    for p in expected.players:
        if p.player not in by_player:
            continue
        assert p.win is not None
        row = by_player[p.player]
        assert row["decisions"] == p.win.decisions
        assert row["accuracy"] == pytest.approx(p.win.accuracy, abs=0.051)  # lichess's formula, in SQL
        assert row["luck_points"] == pytest.approx(p.win.luck, abs=0.011)
        assert row["luck_per_game"] == pytest.approx(p.win.luck, abs=0.011)
    profile = store.players().skill(next(iter(by_player)))
    assert profile["mean_win_chance_lost"] is not None and "no-win-chance" not in profile["notes"]


def test_a_version_6_store_gains_the_columns_and_keeps_its_decisions(store: Store, db_path: Path) -> None:
    store.ingest_many([LogInput.from_path(FX1)], analyze=True)
    before = store.query("SELECT * EXCLUDE (win_loss, luck) FROM decisions ORDER BY event").rows
    store.close()
    con = duckdb.connect(str(db_path))
    con.execute("ALTER TABLE decisions DROP COLUMN luck")
    con.execute("ALTER TABLE decisions DROP COLUMN win_loss")
    con.execute("UPDATE meta SET value = '6' WHERE key = 'schema_version'")
    con.close()
    with Store.open(db_path) as upgraded:
        assert upgraded.query("SELECT value FROM meta WHERE key = 'schema_version'").rows == [(str(SCHEMA_VERSION),)]
        assert upgraded.query("SELECT * EXCLUDE (win_loss, luck) FROM decisions ORDER BY event").rows == before
        assert upgraded.query("SELECT count(*), count(win_loss), count(luck) FROM decisions").rows == [(9, 0, 0)]
        summary = upgraded.ingest_many([LogInput.from_path(FX1)], analyze=True, replace=True)
        assert summary.unchanged == 1
