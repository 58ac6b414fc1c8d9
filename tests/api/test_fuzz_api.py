"""Fuzzing the HTTP API: hostile logs (as JSON Lines and as JSON arrays) to `/v1/check`, `/v1/state`
and `/v1/games`, and hostile SQL to `/v1/query`: always a verdict or a problem+json, never a 500,
and the server's paths never in an answer."""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from api import Settings, create_app
from api.settings import AnalysisLimits
from tests.api.conftest import FIXED_NOW, TestClient, kitchen
from tests.fuzzing import DISGUISES, FORBIDDEN, PARAMETER_VALUES, STATEMENTS, budget, hostile_logs, hostile_notation, wrong_type_logs

NDJSON = {"Content-Type": "application/x-ndjson"}
JSON = {"Content-Type": "application/json"}


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[TestClient, Path]]:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "fuzz.duckdb"
        settings = Settings(db_path=db, now=lambda: FIXED_NOW, query_max_bytes=100_000, analysis=AnalysisLimits(seconds=2.0))
        with TestClient(create_app(settings)) as client:
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


# --------------------------------------------------------------------------- the notation through /v1/settle


def fuzz_settle(client: TestClient, folder: Path, text: str, lang: str) -> None:
    data = text.encode("utf-8", "surrogatepass")  # a lone surrogate becomes bytes that are not UTF-8: a 400
    for headers in ({"Content-Type": "text/plain", "Accept-Language": lang}, {"Content-Type": "text/plain"}):
        response = client.post("/v1/settle", content=data, headers=headers, params={} if "Accept-Language" in headers else {"lang": lang})
        body = assert_answer(response, {200}, folder)
        if response.status_code == 200:
            assert body["verdict"]["valid"] == (not body["verdict"]["violations"])
            assert response.headers["content-language"] == lang


@budget(25)
@given(hostile_notation(), st.sampled_from(["en", "de"]))
def test_fuzz_api_settle_notation(server, text: str, lang: str) -> None:
    client, db = server
    fuzz_settle(client, db.parent, text, lang)


@pytest.mark.slow
@budget(25, slow=True)
@given(hostile_notation(max_mutations=6), st.sampled_from(["en", "de"]))
def test_fuzz_api_settle_notation_long(server, text: str, lang: str) -> None:
    client, db = server
    fuzz_settle(client, db.parent, text, lang)


# --------------------------------------------------------------------------- query parameters on every GET route

#: Values of the path parameters: a stored game (the fixture stores it), the plots' names, hostile ids.
PATH_VALUES: dict[str, list[str]] = {
    "game_id": ["kitchen-2026-11-29", "", "..", "%2e%2e", "a%2Fb", "%00", "%FF", "x" * 3000, "\u202e"],
    "name": ["bust_risk", "seat_wins", "nope", "..", "%00", "x" * 300],
    "table_id": ["nope", "..", "%00", "x" * 300],
    "code": ["ABCDEF", "abc-def", "0O1IL5", "..", "%00", "x" * 300, "\u202e"],
    "player_id": ["1", "0", "-1", "9" * 40, "x", "%00"],
}


def get_routes() -> list[str]:
    """Every GET route of the API's OpenAPI document (the stream of a live table is only asked of
    tables that do not exist: it would not end)."""
    spec = create_app(Settings(db_path=Path(tempfile.gettempdir()) / "unused.duckdb")).openapi()
    return sorted(path for path, operations in spec["paths"].items() if "get" in operations)


GET_ROUTES = get_routes()


def _value(text: str) -> str:
    """A value for a URL: ``%XX`` kept as written, everything else percent-encoded."""
    return "".join(part if part.startswith("%") and len(part) == 3 else quote(part, safe="") for part in re.split(r"(%[0-9A-Fa-f]{2})", text))


@st.composite
def get_requests(draw: st.DrawFn) -> str:
    """A GET request target: a route, its path filled in, and a few hostile query parameters."""
    route = draw(st.sampled_from(GET_ROUTES))
    target = re.sub(r"\{(\w+)\}", lambda m: _value(draw(st.sampled_from(PATH_VALUES[m.group(1)]))), route)
    names = draw(st.lists(st.sampled_from(sorted(PARAMETER_VALUES)), max_size=4))
    pairs = [f"{name}={_value(draw(st.sampled_from(PARAMETER_VALUES[name])))}" for name in names]
    return target + ("?" + "&".join(pairs) if pairs else "")


def fuzz_get(client: TestClient, folder: Path, target: str) -> None:
    response = client.get(target)
    assert response.status_code < 500, (target[:300], response.status_code, response.text[:500])
    # 405: a path with ".." that the client resolved to another route (/v1/games/../replay is /v1/replay)
    assert response.status_code in {200, 400, 404, 405, 413, 422}, (target[:300], response.status_code, response.text[:300])
    if response.status_code >= 400:
        assert response.headers["content-type"].startswith("application/problem+json"), target[:300]
        assert response.json()["detail"]
    assert str(folder) not in response.text


def test_every_get_route_is_fuzzed() -> None:
    assert "/v1/stats" in GET_ROUTES and "/v1/games/{game_id}/state" in GET_ROUTES
    for route in GET_ROUTES:
        assert set(re.findall(r"\{(\w+)\}", route)) <= set(PATH_VALUES), route


@budget(80)
@given(get_requests())
def test_fuzz_api_get_parameters(server, target: str) -> None:
    client, db = server
    client.post("/v1/games", content=kitchen(), headers=NDJSON)  # the stored game the routes ask about (once; then unchanged)
    fuzz_get(client, db.parent, target)


@pytest.mark.slow
@budget(80, slow=True)
@given(get_requests())
def test_fuzz_api_get_parameters_long(server, target: str) -> None:
    client, db = server
    client.post("/v1/games", content=kitchen(), headers=NDJSON)
    fuzz_get(client, db.parent, target)


# --------------------------------------------------------------------------- the SQL surface, disguised

def _quoted_name(sql: str) -> str:
    """The function's name in double quotes (``"read_blob"(…)``), which DuckDB reads the same."""
    return re.sub(r"^(\w+)\(", r'"\1"(', sql)


def _store_state(client: TestClient) -> tuple[int, int]:
    games = client.post("/v1/query", json={"sql": "SELECT count(*) FROM games"}).json()["rows"][0][0]
    meta = client.post("/v1/query", json={"sql": "SELECT count(*) FROM meta"}).json()["rows"][0][0]
    return games, meta


def fuzz_forbidden(client: TestClient, db: Path, sql: str) -> None:
    before, wal = _store_state(client), Path(f"{db}.wal")
    wal_before = wal.stat().st_size if wal.exists() else None
    response = client.post("/v1/query", json={"sql": sql, "max_rows": 5})
    assert response.status_code in {400, 403, 422}, (sql, response.status_code, response.text[:300])
    assert response.headers["content-type"].startswith("application/problem+json")
    assert str(db.parent) not in response.json()["detail"] or str(db.parent) in sql  # only a path the query named itself
    assert _store_state(client) == before  # nothing changed
    assert (wal.stat().st_size if wal.exists() else None) == wal_before  # the WAL was not folded
    assert sorted(p.name for p in db.parent.iterdir() if not p.name.startswith("fuzz.duckdb")) == []  # no file written


@budget(60)
@given(DISGUISES, FORBIDDEN, st.booleans(), st.booleans())
def test_fuzz_api_query_forbidden_functions(server, disguise: str, function: str, quoted: bool, upper: bool) -> None:
    client, db = server
    function = _quoted_name(function) if quoted else function
    function = re.sub(r"^\w+", lambda m: m.group().upper(), function) if upper else function  # the name only, not the path
    sql = disguise.format(f=function).format(db=db, wal=f"{db}.wal", tmp=db.parent)
    fuzz_forbidden(client, db, sql)


@budget(30)
@given(STATEMENTS, st.sampled_from(["{s}", "{s};", "/* x */ {s}", "SELECT 1; {s}", "{s}; SELECT 1", "  \n{s}"]), st.booleans())
def test_fuzz_api_query_statements(server, statement: str, dress: str, lower: bool) -> None:
    client, db = server
    statement = statement.lower() if lower else statement
    sql = dress.format(s=statement).format(db=db, wal=f"{db}.wal", tmp=db.parent)
    fuzz_forbidden(client, db, sql)


def test_fuzz_api_wrong_types_in_the_game_line(server) -> None:
    """A value of any JSON type in any field of the ``game`` line (every ruleset's options) is a
    verdict or a problem+json from every route that reads a log, never a 500 (issue 28, item 8:
    a ``ruleset`` object answered 500)."""
    client, db = server
    for what, _, data in wrong_type_logs(("game",)):
        # every case to the check; the routes that read a log the same way, for the ruleset's
        for route in ("/v1/check", "/v1/state", "/v1/games") if "field ruleset " in what else ("/v1/check",):
            response = client.post(route, content=data, headers=NDJSON)
            assert response.status_code in (200, 201, 400, 409, 422), (what, route, response.text[:300])
            assert_answer(response, {200, 201}, db.parent)


@budget(20)
@given(hostile_logs(), st.sampled_from([None, "Ana", "Ben"]), st.sampled_from([None, 1, 2]))
def test_fuzz_api_analyze(server, data: bytes, player: str | None, round_no: int | None) -> None:
    """Hostile logs to the analysis routes (issue 28, item 15): an analysis, or a problem+json
    (unreadable, no model, past its time), never a 500; each bounded by the pool's 2 s here."""
    client, db = server
    params = {k: v for k, v in (("player", player), ("round", round_no)) if v is not None}
    analysed = client.post("/v1/analyze", content=data, headers=NDJSON, params=params)
    body = assert_answer(analysed, {200}, db.parent)
    if analysed.status_code == 200:
        assert body["format"] == "flip7-analysis/1"
    stored = client.post("/v1/games", content=data, headers=NDJSON, params={"analyze": "true", "replace": "true"})
    body = assert_answer(stored, {200, 201}, db.parent)
    if stored.status_code in (200, 201):
        again = client.get(f"/v1/games/{quote(body['id'], safe='')}/analysis", params=params)
        assert_answer(again, {200}, db.parent)
