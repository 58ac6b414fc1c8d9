"""Issue 23's security fences over HTTP: the query allow-list, cross-site writes, foreign ``Host``
values, the token checked before the body is read (and, in tests/cli, the forged holder).

Each class of the probe's escapes is one parametrized test; each asserts the refusal explicitly.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from api import Settings, create_app
from tests.api.conftest import FIXED_NOW, NDJSON, TestClient, kitchen

# --------------------------------------------------------------------------- the query allow-list

#: Queries the allow-list refuses ({db} is the store file, {wal} its write-ahead log).
ESCAPES = [
    "SELECT * FROM read_blob('{wal}')",
    "SELECT content FROM read_text('{db}')",
    "SELECT * FROM read_csv('{wal}')",
    "SELECT * FROM glob('{db}*')",
    "SELECT * FROM glob('*')",
    "SELECT * FROM checkpoint()",
    "FROM force_checkpoint()",
    "SELECT * FROM 'games.csv'",
    "SELECT * FROM \"{wal}\"",
    "SELECT * FROM duckdb_settings()",
    "SELECT * FROM duckdb_databases()",
    "SELECT * FROM duckdb_temporary_files()",
    "SELECT * FROM pragma_database_size()",
    "SELECT * FROM pragma_storage_info('games')",
    "SELECT current_setting('temp_directory')",
    "SELECT getvariable('x')",
    "SELECT nextval('s')",
    "SELECT setseed(0.5)",
    "SELECT * FROM query('SELECT 1')",
    "SELECT * FROM query_table('games')",
    "SELECT * FROM json_execute_serialized_sql(json_serialize_sql('SELECT 1'))",
    "SELECT * FROM system.main.duckdb_settings",
    "SELECT * FROM temp.main.x",
    "SELECT * FROM pg_catalog.pg_settings",
    "SELECT * FROM sqlite_master",
    "WITH \"{wal}\" AS (SELECT 1) SELECT 1",
    "SELECT (SELECT count(*) FROM read_blob('{wal}')) FROM games",
    "SELECT * FROM games WHERE id IN (SELECT filename FROM glob('*'))",
    "SELECT * FROM read_parquet('{db}')",
    "SHOW threads",
    "PIVOT games ON valid USING count(*)",
    "PRAGMA database_size",
    "SET threads = 1",
    "ATTACH '{db}' AS again",
    "COPY games TO 'out.csv'",
    "INSTALL httpfs",
    "LOAD httpfs",
    "CHECKPOINT",
]


@pytest.fixture(scope="module")
def asked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, Path]]:
    """A client of a store holding the kitchen game, shared by the query tests of this module (a
    query cannot change the store; one that did would fail its own test first)."""
    db_path = tmp_path_factory.mktemp("asked") / "api.duckdb"
    with TestClient(create_app(Settings(db_path=db_path, now=lambda: FIXED_NOW))) as client:
        assert client.post("/v1/games", content=kitchen(), headers=NDJSON).status_code in (200, 201)
        yield client, db_path


@pytest.mark.parametrize("template", ESCAPES)
def test_the_query_allow_list_refuses(asked: tuple[TestClient, Path], template: str) -> None:
    client, db_path = asked
    sql = template.format(db=db_path, wal=f"{db_path}.wal")
    response = client.post("/v1/query", json={"sql": sql})
    assert response.status_code == 403, response.text
    assert response.json()["type"] == "urn:flip7:problem:query-refused"
    assert str(db_path.parent) not in response.json()["detail"] or str(db_path.parent) in sql


def test_a_deleted_game_cannot_be_read_back_from_the_wal(client, db_path: Path) -> None:
    """The probe's finding: after DELETE, read_blob on the .wal returned the deleted log's names."""
    log = kitchen("secret-game").replace("Ana", "Zelda")
    assert client.post("/v1/games", content=log, headers=NDJSON).status_code == 201
    assert client.delete("/v1/games/secret-game").status_code == 204
    for sql in (f"SELECT content FROM read_blob('{db_path}.wal')", f"SELECT content FROM read_text('{db_path}')"):
        response = client.post("/v1/query", json={"sql": sql})
        assert response.status_code == 403 and "Zelda" not in response.text


def test_checkpoint_does_not_fold_the_wal(client, db_path: Path) -> None:
    client.post("/v1/games", content=kitchen(), headers=NDJSON)
    wal = Path(f"{db_path}.wal")
    before = wal.stat().st_size if wal.exists() else None
    assert client.post("/v1/query", json={"sql": "SELECT * FROM checkpoint()"}).status_code == 403
    assert (wal.stat().st_size if wal.exists() else None) == before


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT id, valid FROM games ORDER BY id",
        "SELECT g.id, count(*) FROM games g JOIN events e ON e.game = g.id GROUP BY ALL",
        "WITH recent AS (SELECT * FROM games) SELECT count(*) FROM recent",
        "SELECT list(i) FROM range(5) t(i)",
        "SELECT * FROM generate_series(1, 3)",
        "SELECT unnest([1, 2])",
        "SELECT * FROM unnest([1, 2])",
        "SELECT json_extract_string(options, '$.dealer') FROM games",
        "SELECT count(*) OVER (PARTITION BY valid) FROM games",
        "SELECT list_filter([1, 2, 3], lambda x: x > 1)",
        "SELECT table_name FROM information_schema.tables",
        "SELECT * FROM duckdb_tables()",
        "SELECT * FROM pragma_table_info('games')",
        "DESCRIBE games",
        "SUMMARIZE games",
        "SHOW TABLES",
        "SHOW ALL TABLES",
        "VALUES (1, 'a')",
        "FROM games LIMIT 1",
        "SELECT 1 UNION ALL SELECT 2",
        "SELECT current_database()",
        "SELECT strftime(now(), '%Y'), random() < 2, md5('x')",
    ],
)
def test_questions_about_the_store_pass_the_allow_list(asked: tuple[TestClient, Path], sql: str) -> None:
    client, _ = asked
    response = client.post("/v1/query", json={"sql": sql})
    assert response.status_code == 200, response.text


# --------------------------------------------------------------------------- cross-site writes

WRITES = [("POST", "/v1/games?replace=true"), ("POST", "/v1/ingest")]


@pytest.mark.parametrize(("method", "url"), WRITES)
@pytest.mark.parametrize("media", ["text/plain", "text/plain; charset=utf-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None])
def test_a_write_a_page_could_send_without_asking_is_refused(client, method: str, url: str, media: str | None) -> None:
    """A CORS "simple" request (these media types) is sent by any page without a preflight."""
    headers = {"Content-Type": media} if media else {}
    response = client.request(method, url, content=kitchen(), headers=headers)
    assert response.status_code == 415, response.text
    assert response.json()["type"] == "urn:flip7:problem:unsupported-media-type"
    assert client.get("/v1/games").json()["games"] == []  # nothing was stored


@pytest.mark.parametrize("origin", ["https://evil.example", "null", "http://127.0.0.1:9999", "http://testserver.evil"])
def test_a_write_from_another_origin_is_refused(client, origin: str) -> None:
    response = client.post("/v1/games", content=kitchen(), headers={**NDJSON, "Origin": origin})
    assert response.status_code == 403
    assert response.json()["type"] == "urn:flip7:problem:cross-origin-write"
    stored = client.post("/v1/games", content=kitchen(), headers=NDJSON).json()["id"]
    assert client.delete(f"/v1/games/{stored}", headers={"Origin": origin}).status_code == 403
    assert client.delete(f"/v1/games/{stored}", headers={"Sec-Fetch-Site": "cross-site"}).status_code == 403
    assert client.get(f"/v1/games/{stored}").status_code == 200  # still there


def test_a_write_from_the_servers_own_page_goes_through(client) -> None:
    same = {**NDJSON, "Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}
    assert client.post("/v1/games", content=kitchen(), headers=same).status_code == 201
    # reads and judging stay open to any page (they change nothing): the viewer posts to /v1/replay
    assert client.post("/v1/check", content=kitchen(), headers={"Content-Type": "text/plain", "Origin": "https://a.example"}).status_code == 200


# --------------------------------------------------------------------------- foreign Host


@pytest.fixture
def hosted(db_path: Path):
    from fastapi.testclient import TestClient

    from api import Settings, create_app
    from api.settings import served_hosts

    app = create_app(Settings(db_path=db_path, allowed_hosts=served_hosts("127.0.0.1", ["flip7.lan"])))
    with TestClient(app, base_url="http://127.0.0.1:8000") as test_client:
        yield test_client


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example", "", "flip7.lan.evil"])
@pytest.mark.parametrize(("method", "url"), [("GET", "/v1/games"), ("GET", "/healthz"), ("POST", "/v1/games")])
def test_a_foreign_host_is_refused_for_reads_and_writes(hosted, host: str, method: str, url: str) -> None:
    """DNS rebinding: a page on evil.example resolved to 127.0.0.1 sends Host: evil.example."""
    response = hosted.request(method, url, content=kitchen(), headers={**NDJSON, "Host": host})
    assert response.status_code == 421
    assert response.json()["type"] == "urn:flip7:problem:misdirected-request"


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000", "LOCALHOST", "flip7.lan:8000"])
def test_the_served_names_are_answered(hosted, host: str) -> None:
    assert hosted.get("/v1/games", headers={"Host": host}).status_code == 200


def test_serve_allows_loopback_its_address_and_the_named_hosts() -> None:
    from api.settings import served_hosts

    assert served_hosts("127.0.0.1") == {"localhost", "127.0.0.1", "::1"}
    assert served_hosts("192.168.1.5", ["Flip7.LAN"]) >= {"192.168.1.5", "flip7.lan", "localhost"}
    assert "evil.example" not in served_hosts("0.0.0.0")


# --------------------------------------------------------------------------- the token before the body


@pytest.mark.parametrize(
    ("url", "body"),
    [("/v1/ingest", b"{not json"), ("/v1/ingest", b'{"logs": 5}'), ("/v1/games", b"\xff\xfe"), ("/v1/ingest", b"[" * 100_000)],
)
def test_the_token_is_checked_before_the_body_is_read(token_client, url: str, body: bytes) -> None:
    """Before, /v1/ingest parsed the body first: broken JSON without a token was a 422, not a 401."""
    response = token_client.post(url, content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 401
    assert response.headers["www-authenticate"].startswith("Bearer")
    wrong = token_client.post(url, content=body, headers={"Content-Type": "application/json", "Authorization": "Bearer nope"})
    assert wrong.status_code == 401 and 'error="invalid_token"' in wrong.headers["www-authenticate"]
