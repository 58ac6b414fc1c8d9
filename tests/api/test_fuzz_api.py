"""Fuzzing the HTTP API: hostile logs (as JSON Lines and as JSON arrays) to `/v1/check`, `/v1/state`
and `/v1/games`, and hostile SQL to `/v1/query`: always a verdict or a problem+json, never a 500,
and the server's paths never in an answer."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from api import Settings, create_app
from tests.api.conftest import FIXED_NOW, TestClient
from tests.fuzzing import budget, hostile_logs

NDJSON = {"Content-Type": "application/x-ndjson"}
JSON = {"Content-Type": "application/json"}


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[TestClient, Path]]:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "fuzz.duckdb"
        with TestClient(create_app(Settings(db_path=db, now=lambda: FIXED_NOW, query_max_bytes=100_000))) as client:
            yield client, db


def assert_answer(response, ok: set[int], folder: Path) -> dict:
    assert response.status_code in ok | {400, 409, 413, 415, 422}, (response.status_code, response.text[:500])
    body = response.json()
    if response.status_code >= 400:
        assert response.headers["content-type"].startswith("application/problem+json")
        assert body["type"].startswith("urn:flip7:problem:") and body["detail"]
    assert str(folder) not in response.text
    return body


def as_array(data: bytes) -> bytes:
    """The log's lines as items of a JSON array, as they are (so the array may be broken too)."""
    return b"[" + b",".join(line for line in data.split(b"\n") if line.strip() and not line.startswith(b"#")) + b"]"


def fuzz_log(client: TestClient, folder: Path, data: bytes, at: int, replace: bool) -> None:
    verdicts = []
    for body, headers in ((data, NDJSON), (as_array(data), JSON)):
        verdicts.append(assert_answer(client.post("/v1/check", content=body, headers=headers), {200}, folder))
        assert_answer(client.post("/v1/state", content=body, headers=headers, params={"at": at}), {200}, folder)
    stored = client.post("/v1/games", content=data, headers=NDJSON, params={"replace": str(replace).lower()})
    body = assert_answer(stored, {200, 201}, folder)
    if stored.status_code in (200, 201):
        assert body["outcome"] in ("ingested", "unchanged", "replaced") and body["id"]
        assert client.get("/v1/games", params={"limit": 5}).status_code == 200
        if body["outcome"] != "unchanged":
            stored_verdict = client.get(f"/v1/games/{quote(body['id'], safe='')}")
            assert stored_verdict.status_code == 200, stored_verdict.text
            assert stored_verdict.json()["valid"] is verdicts[0]["valid"]


@budget(25)
@given(hostile_logs(), st.integers(0, 30), st.booleans())
def test_fuzz_api_logs(server, data: bytes, at: int, replace: bool) -> None:
    client, db = server
    fuzz_log(client, db.parent, data, at, replace)


@pytest.mark.slow
@budget(25, slow=True)
@given(hostile_logs(max_mutations=5), st.integers(0, 30), st.booleans())
def test_fuzz_api_logs_long(server, data: bytes, at: int, replace: bool) -> None:
    client, db = server
    fuzz_log(client, db.parent, data, at, replace)


#: Pieces of escape attempts: ways to name the server, run text as SQL, write, read files, blow up.
SQL_PARTS = st.sampled_from(
    [
        "duckdb_settings()", '"duckdb_databases"()', "DUCKDB_EXTENSIONS()", "pragma_database_list", "pg_catalog.pg_settings",
        "query('FROM duckdb_settings()')", "query_table('games')", "read_csv('/etc/passwd')", "glob('/*')",
        "read_blob('/etc/hostname')", "'/etc/passwd'", "games", "events", "range(3)", "(SELECT 1)", "system.main.duckdb_databases()",
        "(SELECT repeat('x', 200000))", "current_setting('home_directory')", "getvariable('x')",
    ]
)
SQL_TEMPLATES = st.sampled_from(
    [
        "SELECT * FROM {0}", "SELECT {0}", "FROM {0} /* {1} */", "WITH a AS (SELECT * FROM {0}) SELECT * FROM a",
        "SELECT * FROM {0}; SELECT * FROM {1}", "DESCRIBE SELECT * FROM {0}", "SUMMARIZE SELECT * FROM {0}",
        "ATTACH '{1}' AS x", "COPY (SELECT 1) TO '/tmp/x'", "SET home_directory='/'", "SELECT * FROM {0} UNION ALL SELECT * FROM {1}",
        "PRAGMA database_list", "CALL {0}", "INSTALL httpfs", "SELECT\t*\nFROM\n{0}", "select * from {0} -- {1}",
    ]
)


def fuzz_sql(client: TestClient, folder: Path, sql: str) -> None:
    response = client.post("/v1/query", json={"sql": sql, "max_rows": 50})
    assert_answer(response, {200, 403}, folder)
    if response.status_code == 200:
        assert len(json.dumps(response.json()["rows"])) <= 100_000


@budget(60)
@given(SQL_TEMPLATES, SQL_PARTS, SQL_PARTS)
def test_fuzz_api_query(server, template: str, first: str, second: str) -> None:
    client, db = server
    fuzz_sql(client, db.parent, template.format(first, second))
