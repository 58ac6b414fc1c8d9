"""``ingest --analyze``: the tables ``analyses`` and ``decisions`` (issue 19, docs/storage.md)."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from syrupy.assertion import SnapshotAssertion

from adjudicator.analysis.observe import analyze
from adjudicator.analysis.report import accuracy_of
from adjudicator.store import SCHEMA_VERSION, LogInput, Store
from adjudicator.store.decisions import STORED_BUDGET
from tests.adjudicator.store.conftest import FX1, FX2, FX3, FX4, assert_store_whole, with_old_column_names


def _decision_rows(store: Store, game: str) -> list[tuple[object, ...]]:
    return store.query(
        f"SELECT event, round, player, kind, card, bust_chance, hit, stay, options, choice, best, loss, mark, method "
        f"FROM decisions WHERE game = '{game}' ORDER BY event"
    ).rows


def test_ingest_analyze_stores_what_analyze_finds(store: Store, snapshot: SnapshotAssertion) -> None:
    summary = store.ingest_many([LogInput.from_path(p) for p in (FX1, FX2)], analyze=True)
    assert (summary.ingested, summary.analysed, summary.decisions, summary.notes) == (2, 2, 24, [])
    for path, game in ((FX1, "fx-1"), (FX2, "fx-2")):
        expected = analyze(path.read_text(), budget=STORED_BUDGET)
        got = store.analysis(game)
        assert got is not None and got.to_dict() == expected.to_dict()
    rows = _decision_rows(store, "fx-1")
    assert [r[12] for r in rows].count("blunder") == 3  # the key fact: fx-1 holds three blunders
    turn = next(r for r in rows if r[3] == "turn")
    assert turn[6] is not None or turn[7] is not None  # a turn's hit/stay columns hold its values
    assert store.query("SELECT game, status, budget, decisions, complete FROM analyses ORDER BY game").rows == [
        ("fx-1", "analysed", STORED_BUDGET, 9, True), ("fx-2", "analysed", STORED_BUDGET, 15, True),
    ]
    assert rows == snapshot
    assert assert_store_whole(store) == 2


def test_a_monte_carlo_analysis_is_stored_with_its_intervals(store: Store) -> None:
    path = Path(__file__).parents[3] / "logs" / "vengeance-4-players.jsonl"
    store.ingest_many([LogInput.from_path(path)], analyze=True)
    (game,) = store.query("SELECT id FROM games").rows
    expected = analyze(path.read_text(), budget=STORED_BUDGET)
    got = store.analysis(game[0])
    assert got is not None and got.to_dict() == expected.to_dict()
    sampled = store.query("SELECT count(*) FROM decisions WHERE method = 'monte-carlo' AND intervals IS NOT NULL AND samples > 0").rows
    assert sampled[0][0] > 0  # the key fact: the sampled decisions keep their intervals and sample counts


def test_without_analyze_nothing_is_valued(store: Store) -> None:
    summary = store.ingest_many([LogInput.from_path(FX1)])
    assert summary.analysed == 0 and summary.decisions == 0
    assert store.query("SELECT count(*) FROM decisions").rows == [(0,)]
    assert store.query("SELECT count(*) FROM analyses").rows == [(0,)]
    assert store.analysis("fx-1") is None


def test_a_stopped_game_is_analysed_up_to_its_violation(store: Store) -> None:
    store.ingest_many([LogInput.from_path(FX3), LogInput.from_path(FX4)], analyze=True)
    rows = store.query("SELECT status, complete, stopped_by IS NOT NULL, decisions, message FROM analyses ORDER BY game").rows
    assert rows == [("analysed", False, True, 0, None), ("no-model", False, True, 0, "the log has no valid game line: no decision was valued")]
    (illegal,) = store.query("SELECT id FROM games WHERE NOT complete AND named").rows
    got = store.analysis(illegal[0])
    assert got is not None and got.complete is False and got.stopped_by is not None
    assert got.to_dict() == analyze(FX3.read_text(), budget=STORED_BUDGET).to_dict()


def test_a_ruleset_without_a_model_is_stored_without_decisions(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("adjudicator.analysis.observe.card_model", lambda rules: None)  # as a ruleset whose kit has no model
    summary = store.ingest_many([LogInput.from_path(FX1)], analyze=True)
    assert summary.ingested == 1 and summary.analysed == 0
    (note,) = summary.notes
    assert note.game_id == "fx-1" and note.note is not None and "no decision model" in note.note
    assert store.query("SELECT status, decisions, message FROM analyses").rows == [("no-model", 0, note.note)]
    assert store.query("SELECT count(*) FROM decisions").rows == [(0,)]
    assert store.analysis("fx-1") is None


def test_deleting_or_replacing_a_game_does_the_same_to_its_decisions(store: Store) -> None:
    store.ingest_many([LogInput.from_path(FX1), LogInput.from_path(FX2)], analyze=True)
    store.delete_game("fx-2")
    assert store.query("SELECT DISTINCT game FROM decisions").rows == [("fx-1",)]
    assert store.query("SELECT game FROM analyses").rows == [("fx-1",)]
    # fx-1 again with other bytes (one round less): the stored decisions are those of the new log
    shorter = "\n".join(FX1.read_text().splitlines()[:14]) + "\n"
    summary = store.ingest_many([LogInput.from_bytes("short", shorter.encode())], replace=True, analyze=True)
    assert summary.replaced == 1
    expected = analyze(shorter, budget=STORED_BUDGET)
    got = store.analysis("fx-1")
    assert got is not None and got.to_dict() == expected.to_dict()
    assert store.query("SELECT decisions FROM analyses WHERE game = 'fx-1'").rows == [(len(expected.decisions),)]
    # replaced without --analyze: the old decisions go, none come
    store.ingest_many([LogInput.from_path(FX1)], replace=True)
    assert store.query("SELECT count(*) FROM decisions").rows == [(0,)]
    assert store.analysis("fx-1") is None
    assert assert_store_whole(store) == 1


def test_analyze_adds_the_decisions_of_a_game_stored_without(store: Store) -> None:
    store.ingest_many([LogInput.from_path(FX1)])
    before = store.query("SELECT ingested_at, content_hash FROM games").rows
    summary = store.ingest_many([LogInput.from_path(FX1), LogInput.from_path(FX1)], analyze=True)
    assert summary.unchanged == 2 and summary.analysed == 1 and summary.decisions == 9
    assert store.query("SELECT ingested_at, content_hash FROM games").rows == before  # the game itself untouched
    assert store.query("SELECT count(*) FROM decisions").rows == [(9,)]
    again = store.ingest_many([LogInput.from_path(FX1)], analyze=True)
    assert again.unchanged == 1 and again.analysed == 0  # already analysed: nothing valued again
    assert store.query("SELECT count(*) FROM analyses").rows == [(1,)]


def _copies(n: int) -> list[LogInput]:
    text = FX2.read_text()
    return [LogInput.from_bytes(f"copy-{i}", text.replace('"id":"fx-2"', f'"id":"fx-2-{i}"').encode()) for i in range(n)]


def test_worker_processes_store_the_same_decisions(tmp_path: Path) -> None:
    with Store.open(tmp_path / "one.duckdb") as one, Store.open(tmp_path / "two.duckdb") as two:
        one.ingest_many(_copies(8), analyze=True)
        summary = two.ingest_many(_copies(8), analyze=True, workers=2)
        assert summary.analysed == 8 and summary.decisions == 8 * 15
        sql = "SELECT * FROM decisions ORDER BY game, event"
        assert one.query(sql).rows == two.query(sql).rows and len(two.query(sql).rows) == 120


def test_a_version_3_store_gets_the_empty_analysis_tables(store: Store, db_path: Path) -> None:
    store.ingest_many([LogInput.from_path(FX1)])
    store.close()
    con = duckdb.connect(str(db_path))
    for table in ("analyses", "decisions"):
        con.execute(f"DROP TABLE {table}")
    with_old_column_names(con)
    con.execute("UPDATE meta SET value = '3' WHERE key = 'schema_version'")
    con.close()
    with Store.open(db_path) as upgraded:
        assert upgraded.query("SELECT value FROM meta WHERE key = 'schema_version'").rows == [(str(SCHEMA_VERSION),)]
        assert upgraded.query("SELECT count(*) FROM decisions").rows == [(0,)]
        summary = upgraded.ingest_many([LogInput.from_path(FX1)], analyze=True)
        assert summary.unchanged == 1 and summary.decisions == 9


def test_the_decision_statistics_agree_with_the_analysis(store: Store, snapshot: SnapshotAssertion) -> None:
    store.ingest_many([LogInput.from_path(p) for p in (FX1, FX2)], analyze=True)
    analyses = [analyze(p.read_text(), budget=STORED_BUDGET) for p in (FX1, FX2)]
    decisions = [d for a in analyses for d in a.decisions]
    accuracy, habits, bands = store.stats(names=["decision_accuracy", "stay_or_hit_losses", "loss_by_bust_chance"])
    by_player = {r["player"]: r for r in accuracy.as_dict()["rows"]}
    for name in {d.player for d in decisions}:
        mine = [d for d in decisions if d.player == name]
        row = by_player[name]
        assert row["decisions"] == len(mine) and row["blunders"] == sum(d.mark == "blunder" for d in mine)
        assert row["points_given_away"] == pytest.approx(sum(d.loss for d in mine), abs=0.01)
        assert row["accuracy"] == pytest.approx(accuracy_of([d.loss for d in mine]), abs=0.051)
    turns = [d for d in decisions if d.kind == "turn"]
    early = sum(d.choice == "stay" and d.best == "hit" and d.loss > 0 for d in turns)
    late = sum(d.choice == "hit" and d.best == "stay" and d.loss > 0 for d in turns)
    rows = habits.as_dict()["rows"]
    assert (sum(r["stayed_too_early"] for r in rows), sum(r["hit_too_long"] for r in rows)) == (early, late)
    assert sum(r["turns"] for r in rows) == len(turns)
    band_rows = bands.as_dict()["rows"]
    assert sum(r["decisions"] for r in band_rows) == len(turns)
    assert sum(r["points_given_away"] for r in band_rows) == pytest.approx(sum(d.loss for d in turns), abs=0.05)
    assert [accuracy.as_dict(), habits.as_dict(), bands.as_dict()] == snapshot


def test_the_decision_statistics_are_empty_without_analysed_games(store: Store) -> None:
    store.ingest_many([LogInput.from_path(FX1)])
    results = store.stats(names=["decision_accuracy", "stay_or_hit_losses", "loss_by_bust_chance"])
    assert [r.rows for r in results] == [[], [], []]


def test_ingest_with_analyze_values_the_decisions_before_taking_the_write_lock(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28, item 17: ``POST /v1/games?analyze=true`` valued every decision holding the store's
    write lock, so every other write (a live table's next append) waited for it."""
    import adjudicator.store.rows as rows

    held: list[bool] = []
    valued = rows.analysis_columns

    def watched(*args, **kwargs):  # type: ignore[no-untyped-def]
        held.append(store._write_lock.locked())
        return valued(*args, **kwargs)

    monkeypatch.setattr(rows, "analysis_columns", watched)
    result = store.ingest(FX1.read_bytes(), str(FX1), analyze=True)
    assert held == [False] and result.decisions == 9
    assert store.analysis("fx-1") is not None and assert_store_whole(store) == 1
