"""The read-only SQL sandbox: every forbidden attempt is refused, at every fence.

Fence 1 is the statement check (one query only); fences 2 and 3 are the connection (read-only, or a
read-only transaction) and the instance (external access disabled, configuration locked). Each
attempt is tried through ``Store.query`` and again with fence 1 switched off, so the engine's own
refusal is tested too.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.store import LogInput, QueryFailed, QueryRefused, QueryTimeout, Store
from adjudicator.store import query as query_module

from .conftest import FIXTURES

#: (name, SQL template); {dir} is a scratch folder, {csv} and {parquet} real files in it.
ATTEMPTS = [
    ("insert", "INSERT INTO meta VALUES ('x', 'y')"),
    ("update", "UPDATE games SET valid = true"),
    ("delete", "DELETE FROM games"),
    ("create", "CREATE TABLE t (x INTEGER)"),
    ("create_temp", "CREATE TEMP TABLE t AS SELECT * FROM games"),
    ("create_macro", "CREATE MACRO m() AS 1"),
    ("drop", "DROP TABLE games"),
    ("alter", "ALTER TABLE games ADD COLUMN x INTEGER"),
    ("attach", "ATTACH '{dir}/other.duckdb' AS other"),
    ("attach_memory", "ATTACH ':memory:' AS scratch"),
    ("read_csv", "SELECT * FROM read_csv('{csv}')"),
    ("read_parquet", "SELECT * FROM read_parquet('{parquet}')"),
    ("replacement_scan", "SELECT * FROM '{csv}'"),
    ("read_text", "SELECT * FROM read_text('/etc/hostname')"),
    ("glob", "SELECT * FROM glob('{dir}/*')"),
    ("url", "SELECT * FROM read_csv('https://example.com/data.csv')"),
    ("url_parquet", "SELECT * FROM read_parquet('http://127.0.0.1:9/x.parquet')"),
    ("install", "INSTALL httpfs"),
    ("load", "LOAD httpfs"),
    ("set", "SET threads = 1"),
    ("set_access", "SET enable_external_access = true"),
    ("reset_lock", "RESET lock_configuration"),
    ("pragma", "PRAGMA threads = 1"),
    ("copy_to", "COPY games TO '{dir}/out.csv'"),
    ("copy_query_to", "COPY (SELECT * FROM logs) TO '{dir}/out.parquet' (FORMAT parquet)"),
    ("export_database", "EXPORT DATABASE '{dir}/dump'"),
    ("checkpoint", "CHECKPOINT"),
    ("transaction", "BEGIN TRANSACTION"),
    ("two_statements", "SELECT 1; DROP TABLE games"),
    ("update_extensions", "UPDATE EXTENSIONS"),  # issue 23 fuzzing: a statement kind the binding cannot name (a ValueError)
]

#: What fences 2 and 3 must refuse on their own (the rest only the statement check stops, harmlessly).
ENGINE_REFUSES = {
    "insert", "update", "delete", "create", "create_macro", "drop", "alter", "attach", "read_csv",
    "read_parquet", "replacement_scan", "read_text", "glob", "url", "url_parquet", "install", "load",
    "set", "set_access", "reset_lock", "pragma", "copy_to", "copy_query_to", "export_database",
}


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store file holding the fixture games and a scratch folder, made once per module."""
    base = tmp_path_factory.mktemp("seeded")
    path = base / "store.duckdb"
    with Store.open(path) as store:
        store.ingest_many([LogInput.from_path(p) for p in FIXTURES])
    scratch = base / "scratch"
    scratch.mkdir()
    (scratch / "data.csv").write_text("a,b\n1,2\n")
    with Store.open(path, read_only=True) as store:
        store.export(base / "export")
    (scratch / "data.parquet").write_bytes((base / "export" / "meta.parquet").read_bytes())
    return base


@pytest.fixture(params=["read_only", "read_write"])
def sandbox(request: pytest.FixtureRequest, seeded: Path, tmp_path: Path) -> Iterator[tuple[Store, Path]]:
    """A copy of the seeded store, opened read-only (CLI) or read-write (HTTP server), and its scratch folder."""
    path = tmp_path / "store.duckdb"
    shutil.copyfile(seeded / "store.duckdb", path)
    scratch = tmp_path / "scratch"
    shutil.copytree(seeded / "scratch", scratch)
    with Store.open(path, read_only=request.param == "read_only") as store:
        yield store, scratch


def _sql(template: str, scratch: Path) -> str:
    return template.format(dir=scratch, csv=scratch / "data.csv", parquet=scratch / "data.parquet")


def _state(store: Store, scratch: Path) -> tuple:
    tables = store.query("SELECT table_name FROM information_schema.tables ORDER BY 1").rows
    counts = store.query("SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM events), (SELECT count(*) FROM meta)").rows
    settings = store.query(
        "SELECT value FROM duckdb_settings() WHERE name IN ('threads', 'enable_external_access', 'lock_configuration') ORDER BY name"
    ).rows
    files = sorted(p.name for p in scratch.iterdir())
    return tables, counts, settings, files


@pytest.mark.parametrize(("name", "template"), ATTEMPTS, ids=[a[0] for a in ATTEMPTS])
def test_forbidden_attempt_is_refused(sandbox: tuple[Store, Path], name: str, template: str) -> None:
    store, scratch = sandbox
    before = _state(store, scratch)
    with pytest.raises(QueryRefused):
        store.query(_sql(template, scratch))
    assert _state(store, scratch) == before


@pytest.mark.parametrize(("name", "template"), [a for a in ATTEMPTS if a[0] in ENGINE_REFUSES], ids=sorted(ENGINE_REFUSES, key=[a[0] for a in ATTEMPTS].index))
def test_engine_refuses_even_without_the_statement_check(
    sandbox: tuple[Store, Path], monkeypatch: pytest.MonkeyPatch, name: str, template: str
) -> None:
    store, scratch = sandbox
    before = _state(store, scratch)
    monkeypatch.setattr(query_module, "check_query", lambda sql: None)
    with pytest.raises(QueryRefused):
        store.query(_sql(template, scratch))
    monkeypatch.undo()
    assert _state(store, scratch) == before


def test_queries_work(sandbox: tuple[Store, Path]) -> None:
    store, _ = sandbox
    result = store.query("SELECT id, valid, n_events FROM games WHERE named ORDER BY id")
    assert result.columns == ["id", "valid", "n_events"]
    assert result.rows == [("fx-1", False, 25), ("fx-2", True, 37), ("fx-3", False, 5)]
    assert not result.truncated
    described = store.query("DESCRIBE games")
    assert "content_hash" in [r[0] for r in described.rows]
    assert store.query("SELECT json_extract_string(options, '$.dealer') FROM games WHERE id = 'fx-2'").rows == [("Fay",)]


def test_row_limit(sandbox: tuple[Store, Path]) -> None:
    store, _ = sandbox
    result = store.query("SELECT * FROM range(100)", max_rows=10)
    assert len(result.rows) == 10 and result.truncated
    assert not store.query("SELECT * FROM range(10)", max_rows=10).truncated


def test_time_limit(sandbox: tuple[Store, Path]) -> None:
    store, _ = sandbox
    started = time.monotonic()
    with pytest.raises(QueryTimeout, match="longer than 0.5 s"):
        store.query("SELECT sum(hash(a.range * b.range)) FROM range(200000) a, range(200000) b", timeout=0.5)
    assert time.monotonic() - started < 10
    assert store.query("SELECT 1").rows == [(1,)]  # the connection is fine afterwards


def test_bad_sql_is_a_clear_failure(sandbox: tuple[Store, Path]) -> None:
    store, _ = sandbox
    with pytest.raises(QueryFailed, match="nope"):
        store.query("SELECT nope FROM games")
    with pytest.raises(QueryFailed):
        store.query("SELEC 1")
    with pytest.raises(QueryRefused, match="empty"):
        store.query("  ")


def test_read_write_store_still_ingests_after_refused_queries(tmp_path: Path) -> None:
    with Store.open(tmp_path / "s.duckdb") as store:
        with pytest.raises(QueryRefused):
            store.query("DELETE FROM games")
        summary = store.ingest_many([LogInput.from_path(FIXTURES[1])])
        assert summary.ingested == 1
        assert store.query("SELECT count(*) FROM games").rows == [(1,)]
