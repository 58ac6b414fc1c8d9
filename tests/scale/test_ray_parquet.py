"""The Ray path's Parquet store: judged on a real local Ray cluster, read by `flip7 stats --parquet`
and `flip7 query --parquet` with the same figures as the store file of the same logs."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

pytest.importorskip("ray", reason="Ray is not installed (pip install -e '.[ray]')")

from adjudicator.simulate import GameOptions, simulate
from adjudicator.store import LogInput, Store
from adjudicator.store.stats import STATISTICS
from cli.main import app
from scale.ray_check import ChunkResult, list_chunks, run_ray
from tests.adjudicator.helpers import simulated_logs

runner = CliRunner()
#: The run's time: every game's ``ingested_at``, in the Parquet store and in the store file alike.
JUDGED_AT = datetime(2026, 12, 5, 7, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def judged(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, ChunkResult]:
    """Twelve logs (base games, two spoilt; With a Vengeance games, one Brutal; one unreadable)
    judged on a local Ray cluster of two CPUs into a Parquet store, and ingested into a store file."""
    import ray

    root = tmp_path_factory.mktemp("parquet")
    logs = root / "logs"
    logs.mkdir()
    ids = [f"pq-{k:02}" for k in range(8)]
    for game_id, text in zip(ids, simulated_logs(ids, 5, spoilt_every=4), strict=True):
        (logs / f"{game_id}.jsonl").write_text(text, encoding="utf-8")
    for brutal in (False, True):
        for game in simulate(2, 4, seed=3 + brutal, options=GameOptions(ruleset="vengeance", brutal=brutal), unique_names=True):
            (logs / f"{game.game_id}.jsonl").write_text(game.text(), encoding="utf-8")
    (logs / "empty.jsonl").write_bytes(b"")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        assert ray.cluster_resources()["CPU"] == 2
        result = run_ray(list_chunks([str(logs)], chunk=3), str(root / "out"), judged_at=JUDGED_AT)
    finally:
        ray.shutdown()
    with Store.open(root / "store.duckdb", now=lambda: JUDGED_AT) as store:
        store.ingest_many([LogInput.from_path(p) for p in sorted(logs.glob("*.jsonl"))])
    return root / "out", root / "store.duckdb", result


def test_ray_writes_a_part_per_chunk_of_every_table_with_rows(judged: tuple[Path, Path, ChunkResult]) -> None:
    out, _, result = judged
    assert result == ChunkResult(13, 10, 2, 1, result.events) and result.events > 0
    parts = sorted(p.name for p in (out / "games").glob("*.parquet"))
    assert parts == [f"part-{n:05}.parquet" for n in range(5)]  # 13 logs in chunks of 3
    assert {p.name for p in out.iterdir()} >= {"verdicts", "games", "events", "player_rounds", "hits", "targets", "violations"}
    assert not (out / "logs").exists()  # the logs stay where they are


def test_every_statistic_reads_the_same_from_parquet_as_from_the_store(judged: tuple[Path, Path, ChunkResult]) -> None:
    out, db, _ = judged
    with Store.open(db, read_only=True) as store, Store.open_parquet(out) as parquet:
        for filters in ({}, {"ruleset": "vengeance"}, {"since": JUDGED_AT}):
            want = {r.statistic.name: (r.columns, r.rows) for r in store.stats(**filters)}
            got = {r.statistic.name: (r.columns, r.rows) for r in parquet.stats(**filters)}
            assert got == want, filters
        (overview,) = parquet.stats(names=["overview"])
        assert overview.rows[0][:3] == (12, 10, 2)  # the unreadable log is in no table
        assert [r for r in parquet.stats(names=["by_ruleset"])[0].rows if r[0].startswith("vengeance")]
        player = parquet.list_games(ruleset="vengeance", limit=1).games[0].players[0]
        assert parquet.stats(player=player, names=["players"]) == store.stats(player=player, names=["players"])
    assert len(want) == len(STATISTICS)


def test_flip7_stats_and_query_read_the_parquet_store(judged: tuple[Path, Path, ChunkResult]) -> None:
    out, db, _ = judged
    from_parquet = runner.invoke(app, ["stats", "--parquet", str(out), "--all", "--json"])
    from_store = runner.invoke(app, ["stats", "--db", str(db), "--all", "--json"])
    assert from_parquet.exit_code == 0, from_parquet.output
    assert json.loads(from_parquet.stdout) == json.loads(from_store.stdout)
    assert json.loads(from_parquet.stdout)[0]["rows"][0]["games"] == 12
    sql = "SELECT count(*) AS games, count(*) FILTER (WHERE NOT valid) AS invalid FROM games"
    query = runner.invoke(app, ["query", "--parquet", str(out), "--json", sql])
    assert query.exit_code == 0, query.output
    assert json.loads(query.stdout) == [{"games": 12, "invalid": 2}]
    assert json.loads(runner.invoke(app, ["query", "--parquet", str(out), "--json", "SELECT value FROM meta WHERE key = 'layout'"]).stdout) == [{"value": "parquet"}]


def test_a_query_over_parquet_keeps_the_sandbox(judged: tuple[Path, Path, ChunkResult], tmp_path: Path) -> None:
    out, _, _ = judged
    outside = tmp_path / "secret.csv"
    outside.write_text("a\n1\n")
    refused = runner.invoke(app, ["query", "--parquet", str(out), f"SELECT * FROM read_csv('{outside}')"])
    assert refused.exit_code == 2 and "file system operations are disabled" in refused.output
    copy = runner.invoke(app, ["query", "--parquet", str(out), f"COPY games TO '{out / 'x.csv'}'"])
    assert copy.exit_code == 2 and "COPY statements are refused" in copy.output and not (out / "x.csv").exists()
    both = runner.invoke(app, ["stats", "--parquet", str(out), "--db", "x.duckdb"])
    assert both.exit_code == 2 and "choose one of --db and --parquet" in both.output
    missing = runner.invoke(app, ["stats", "--parquet", str(tmp_path / "none")])
    assert missing.exit_code == 2 and "no Parquet store" in missing.output
