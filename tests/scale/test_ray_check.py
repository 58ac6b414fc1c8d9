"""scale.ray_check: the check mapped over files and Parquet listings, locally and on a real Ray cluster."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest

pytest.importorskip("ray", reason="Ray is not installed (pip install -e '.[ray]')")

from adjudicator.replay import replay_log
from adjudicator.store import LogInput, Store
from scale.ray_check import VERDICTS, ChunkResult, check_bytes, list_chunks, main, run_local, run_ray
from tests.adjudicator.helpers import simulated_logs

IDS = [f"scale-{k:02}" for k in range(10)]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Ten simulated logs (two spoilt: a wrong claim and an illegal move), one empty, one not UTF-8."""
    folder = tmp_path_factory.mktemp("logs")
    for game_id, text in zip(IDS, simulated_logs(IDS, 11, spoilt_every=5), strict=True):
        (folder / f"{game_id}.jsonl").write_text(text, encoding="utf-8")
    (folder / "nested").mkdir()
    (folder / "nested" / "empty.jsonl").write_bytes(b"")
    (folder / "latin1.jsonl").write_bytes('{"type": "game", "id": "Müller"}\n'.encode("latin-1"))
    (folder / "notes.txt").write_text("not a log")
    return folder


def expected(folder: Path) -> dict[str, dict | None]:
    """The verdict ``flip7 check --json`` gives each log (None: unreadable)."""
    out: dict[str, dict | None] = {}
    for path in sorted(folder.rglob("*.jsonl")):
        try:
            out[str(path)] = replay_log(path.read_bytes()).verdict.to_dict()
        except Exception:
            out[str(path)] = None
    return out


def rows_by_source(out: Path) -> dict[str, dict]:
    table = pq.read_table(out / VERDICTS)
    return {row["source"]: row for row in table.to_pylist()}


def assert_same_verdicts(rows: dict[str, dict], want: dict[str, dict | None]) -> None:
    assert set(rows) == set(want)
    for source, verdict in want.items():
        row = rows[source]
        if verdict is None:
            assert row["error"] and row["verdict"] is None, row
        else:
            assert json.loads(row["verdict"]) == verdict
            assert (row["game"], row["valid"], row["events"], row["violations"]) == (
                verdict["game"], verdict["valid"], verdict["events"], len(verdict["violations"])
            )


def test_check_bytes_is_the_verdict_of_check() -> None:
    (text,) = simulated_logs(["one"], 3)
    row = check_bytes("one.jsonl", text.encode())
    verdict = replay_log(text).verdict.to_dict()
    assert json.loads(row["verdict"]) == verdict and row["valid"] is True and row["game"] == "one"
    bad = check_bytes("empty.jsonl", b"")
    assert bad["error"].startswith("LogUnreadable") and "verdict" not in bad


def test_listing_finds_jsonl_files_in_chunks(corpus: Path) -> None:
    chunks = list_chunks([str(corpus)], chunk=5)
    files = [f for c in chunks for f in c.files]
    assert len(files) == 12 and not any(f.endswith(".txt") for f in files)
    assert [len(c.files) for c in chunks] == [5, 5, 2] and [c.number for c in chunks] == [0, 1, 2]


def test_local_engine_writes_the_same_verdicts(corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main([str(corpus), "--out", str(tmp_path / "v"), "--engine", "local", "--chunk", "4"])
    assert code == 1  # two logs with violations, two unreadable
    assert "12 logs in 3 chunks: 8 valid, 2 with violations, 2 unreadable" in capsys.readouterr().out
    assert sorted(p.name for p in (tmp_path / "v" / VERDICTS).iterdir()) == ["part-00000.parquet", "part-00001.parquet", "part-00002.parquet"]
    assert (tmp_path / "v" / "games").is_dir()  # the store's tables too, unless --verdicts-only
    assert_same_verdicts(rows_by_source(tmp_path / "v"), expected(corpus))


def test_verdicts_only_writes_no_table(corpus: Path, tmp_path: Path) -> None:
    assert main([str(corpus), "--out", str(tmp_path / "v"), "--engine", "local", "--verdicts-only"]) == 1
    assert sorted(p.name for p in (tmp_path / "v").iterdir()) == [VERDICTS]
    assert_same_verdicts(rows_by_source(tmp_path / "v"), expected(corpus))


def test_a_listing_that_is_no_log_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "missing"), "--out", str(tmp_path / "v"), "--engine", "local"]) == 2
    assert "no such file or folder" in capsys.readouterr().err


def test_ray_cluster_judges_files_and_an_exported_store(corpus: Path, tmp_path: Path) -> None:
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install -e '.[ray]')")
    # a Parquet listing: the logs table of `flip7 export`, each stored log with its stored verdict
    with Store.open(tmp_path / "store.duckdb") as store:
        store.ingest_many([LogInput.from_path(p) for p in sorted(corpus.glob("scale-*.jsonl"))])
        stored = {game_id: store.verdict(game_id) for game_id in IDS}
        store.export(tmp_path / "export")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        assert ray.cluster_resources()["CPU"] == 2
        files = run_ray(list_chunks([str(corpus)], chunk=4), str(tmp_path / "v-files"))
        listing = run_ray(list_chunks([str(tmp_path / "export" / "logs.parquet")]), str(tmp_path / "v-store"))
    finally:
        ray.shutdown()
    assert files == run_local(list_chunks([str(corpus)], chunk=4), str(tmp_path / "v-local"))
    assert files == ChunkResult(12, 8, 2, 2, files.events) and files.events > 0
    assert_same_verdicts(rows_by_source(tmp_path / "v-files"), expected(corpus))
    rows = rows_by_source(tmp_path / "v-store")
    assert set(rows) == set(IDS) and listing.logs == 10 and listing.invalid == 2
    for game_id, verdict in stored.items():
        assert json.loads(rows[game_id]["verdict"]) == verdict
