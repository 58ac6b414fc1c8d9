"""`POST /v1/query` hides the server (its paths, settings, databases) and caps a result's bytes.

Regression tests of issue 14: the queries that showed the server's paths to any caller, and the
single 50 MB value that rows-only limits let through.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from api import Settings, create_app
from tests.api.conftest import FIXED_NOW, TestClient, kitchen

NDJSON = {"Content-Type": "application/x-ndjson"}

LEAKS = [
    "SELECT * FROM duckdb_settings()",
    "SELECT * FROM duckdb_databases()",
    "SELECT current_setting('home_directory')",
    "SELECT current_setting('temp_directory')",
    "FROM pragma_database_list",
    "SELECT * FROM pg_catalog.pg_settings",
    "FROM duckdb_temporary_files()",
    "FROM duckdb_extensions()",
    "FROM duckdb_secrets()",
    "FROM duckdb_logs",
    "FROM query('SELECT * FROM duckdb_databases()')",
    "FROM query_table('duckdb_settings')",
    'SELECT * FROM "DuckDB_Settings"()',
    "SELECT * FROM system.main.duckdb_databases()",
    "SUMMARIZE SELECT * FROM duckdb_settings()",
    "DESCRIBE SELECT * FROM duckdb_databases()",
    "WITH s AS (SELECT * FROM duckdb_settings()) SELECT * FROM s",
    "SELECT (SELECT path FROM duckdb_databases() LIMIT 1) AS p",
    "SELECT * FROM duckdb_settings/* a comment */()",
]


@pytest.fixture
def stocked(client: TestClient) -> TestClient:
    assert client.post("/v1/games", content=kitchen(), headers=NDJSON).status_code == 201
    return client


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, Settings]]:
    """A client of a store holding the kitchen game, shared by this module's read-only queries (a
    query cannot change the store; one that did would fail its own test first)."""
    settings = Settings(db_path=tmp_path_factory.mktemp("shared") / "api.duckdb", now=lambda: FIXED_NOW)
    with TestClient(create_app(settings)) as client:
        assert client.post("/v1/games", content=kitchen(), headers=NDJSON).status_code == 201
        yield client, settings


@pytest.mark.parametrize("sql", LEAKS)
def test_queries_about_the_server_are_refused_and_name_no_path(shared: tuple[TestClient, Settings], sql: str) -> None:
    stocked, settings = shared
    response = stocked.post("/v1/query", json={"sql": sql})
    assert response.status_code == 403, response.text
    body = response.json()
    assert body["type"] == "urn:flip7:problem:query-refused"
    assert "server" in body["detail"]
    assert str(settings.db_path.parent) not in response.text  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT table_name FROM information_schema.tables ORDER BY 1",
        "SELECT table_name, column_count FROM duckdb_tables() ORDER BY 1",
        "SELECT column_name FROM duckdb_columns() WHERE table_name = 'games'",
        "SELECT * FROM pragma_table_info('games')",
        "DESCRIBE games",
        "SHOW TABLES",
        "SELECT 'duckdb_settings' AS word, id AS query FROM games",  # the names as text, or a column named query
    ],
)
def test_questions_about_the_store_still_work(shared: tuple[TestClient, Settings], sql: str) -> None:
    stocked, settings = shared
    response = stocked.post("/v1/query", json={"sql": sql})
    assert response.status_code == 200, response.text
    assert response.json()["rows"]
    assert str(settings.db_path.parent) not in response.text  # type: ignore[union-attr]


def test_error_messages_do_not_name_server_paths(stocked: TestClient, settings: Settings) -> None:
    response = stocked.post("/v1/query", json={"sql": "SELECT * FROM glob('*')"})
    assert response.status_code in (400, 403)
    assert str(settings.db_path.parent) not in response.text  # type: ignore[union-attr]


def test_a_huge_single_value_is_a_413(client: TestClient) -> None:
    """The fuzzer's case (there 50 MB): one value over the byte limit, under the row limit of 10 000."""
    response = client.post("/v1/query", json={"sql": "SELECT repeat('x', 12000000) AS big"})
    assert response.status_code == 413
    body = response.json()
    assert body["type"] == "urn:flip7:problem:query-result-too-large"
    assert body["limit"] == Settings().query_max_bytes and "bytes" in body["detail"]
    assert len(response.content) < 10_000


def test_results_are_cut_at_the_byte_limit(settings: Settings) -> None:
    app = create_app(Settings(db_path=settings.db_path, query_max_bytes=2_000))
    with TestClient(app) as client:
        body = client.post("/v1/query", json={"sql": "SELECT repeat('x', 300) AS s FROM range(20)"}).json()
        assert body["truncated"] is True and body["truncated_by"] == "bytes" and body["max_bytes"] == 2_000
        assert 1 <= len(body["rows"]) < 20
        assert sum(len(r[0]) for r in body["rows"]) <= 2_000
        small = client.post("/v1/query", json={"sql": "SELECT 1 AS one", "max_rows": 5}).json()
        assert small["truncated"] is False and small["truncated_by"] is None
        rows = client.post("/v1/query", json={"sql": "SELECT * FROM range(50)", "max_rows": 5}).json()
        assert rows["truncated"] is True and rows["truncated_by"] == "rows"


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT id, key_hash FROM live_tables",
        "SELECT * FROM live_events",
        "FROM main.live_tables",
        "SELECT (SELECT max(raw) FROM live_events) AS raw",
        "WITH t AS (SELECT * FROM live_tables) SELECT id FROM t",
        "DESCRIBE live_events",
        "SUMMARIZE live_tables",
        "SELECT * FROM games UNION ALL BY NAME SELECT id FROM live_tables",
        'SELECT * FROM "LIVE_TABLES"',
    ],
)
def test_the_query_does_not_read_the_live_tables(client: TestClient, sql: str) -> None:
    """Issue 28, item 25: a live table's id is its read link, its row holds the key's hash and its
    events are shown only through the link; the query reads the games' tables only."""
    made = client.post("/v1/tables", json={"id": "secret-kitchen", "players": ["Ana", "Ben", "Cem"], "dealer": "Ana"})
    assert made.status_code == 201, made.text
    table_id = made.json()["id"]
    response = client.post("/v1/query", json={"sql": sql})
    assert response.status_code == 403, response.text
    assert response.json()["type"] == "urn:flip7:problem:query-refused"
    assert table_id not in response.text


def test_queries_run_at_most_as_many_at_once_as_duckdb_has_threads(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28, item 16: each query holds its rows as Arrow, then Python, beyond what DuckDB's
    ``memory_limit`` counts; at most ``duckdb_threads`` run at once, the others wait for them."""
    import asyncio
    import threading
    import time

    import httpx

    from adjudicator.store import Store

    running, most = [0], [0]
    lock = threading.Lock()
    real = Store.query

    def slow(self: Store, *args: object, **kwargs: object) -> object:
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.1)
        with lock:
            running[0] -= 1
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Store, "query", slow)
    app = create_app(settings)

    async def six() -> list[int]:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://localhost") as client:
            answers = await asyncio.gather(*(client.post("/v1/query", json={"sql": "SELECT 1 AS one"}) for _ in range(6)))
            return [a.status_code for a in answers]

    assert asyncio.run(six()) == [200] * 6
    assert most[0] == settings.duckdb_threads == 2


#: Run in a process of its own: the server's app answers one query; prints the status, and the
#: process's peak memory before and after it (MiB).
_ONE_QUERY = """
import resource, sys, tempfile, warnings
from pathlib import Path
warnings.simplefilter("ignore")
from fastapi.testclient import TestClient
from api import Settings, create_app
with tempfile.TemporaryDirectory() as folder:
    with TestClient(create_app(Settings(db_path=Path(folder) / "s.duckdb", duckdb_memory=sys.argv[1]))) as client:
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        status = client.post("/v1/query", json={"sql": sys.argv[2]}).status_code
        print(status, before // 1024, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
"""


@pytest.mark.parametrize(
    "sql",
    [
        "with recursive r(i, s) as (select 1, 'x' union all select i+1, s || s from r where i < 40) select max(length(s)) from r",
        "select list(i) from range(20000000) t(i)",
    ],
)
def test_the_probes_queries_stay_near_the_servers_memory_cap(sql: str) -> None:
    """Issue 28, item 16, on the server (heavy: a process of its own): the probe's doubled string
    and its list of twenty million numbers, under a 256 MB ``memory_limit``, are a 413 and the
    server's process grows by less than twice the cap (DuckDB's own, plus the rows it hands over)."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", _ONE_QUERY, "256MB", sql], capture_output=True, text=True, timeout=120, check=True)
    status, before, after = map(int, done.stdout.split())
    assert status == 413
    assert after - before < 512, (before, after)
