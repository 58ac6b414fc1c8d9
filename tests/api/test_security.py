"""Issue 23's security fences over HTTP: the query allow-list, cross-site writes, foreign ``Host``
values, the token checked before the body is read (and, in tests/cli, the forged holder).

Each class of the probe's escapes is one parametrized test; each asserts the refusal explicitly.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.api.conftest import NDJSON, kitchen

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


@pytest.mark.parametrize("template", ESCAPES)
def test_the_query_allow_list_refuses(client, db_path: Path, template: str) -> None:
    client.post("/v1/games", content=kitchen(), headers=NDJSON)
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
def test_questions_about_the_store_pass_the_allow_list(client, sql: str) -> None:
    client.post("/v1/games", content=kitchen(), headers=NDJSON)
    response = client.post("/v1/query", json={"sql": sql})
    assert response.status_code == 200, response.text
