"""`/v1/games`: store (201/200/409), list with filters and cursors, verdict, events, state, log, delete, auth."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

import pytest
from syrupy.assertion import SnapshotAssertion

from adjudicator.replay import check_log
from adjudicator.timeline import table_at
from tests.api.conftest import BAD_LOG, NDJSON, TOKEN, TestClient, as_array, exchange, kitchen

ROOT = Path(__file__).resolve().parents[2]

PROBLEM = "application/problem+json"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


def store(client, text: str, **params) -> object:
    return client.post("/v1/games", content=text, headers=NDJSON, params=params)


# --------------------------------------------------------------------------- POST /v1/games


def test_store_new_log_is_201_with_location_and_verdict(client, snapshot_json: SnapshotAssertion) -> None:
    response = store(client, kitchen())
    assert response.status_code == 201
    assert response.headers["location"] == "/v1/games/kitchen-2026-11-29"
    body = response.json()
    assert body["outcome"] == "ingested" and body["id"] == "kitchen-2026-11-29"
    assert body["verdict"] == check_log(kitchen()).to_dict()
    assert list(body["verdict"]) == list(check_log(kitchen()).to_dict())
    assert exchange(response) == snapshot_json


def test_store_same_bytes_again_is_200_unchanged(client, snapshot_json: SnapshotAssertion) -> None:
    store(client, kitchen())
    response = store(client, kitchen())
    assert response.status_code == 200
    assert response.json()["outcome"] == "unchanged"
    assert response.json()["verdict"] == check_log(kitchen()).to_dict()
    assert exchange(response) == snapshot_json


def test_store_other_log_under_same_id_is_409_unless_replace(client, snapshot_json: SnapshotAssertion) -> None:
    store(client, kitchen())
    other = kitchen() + "# a comment makes other bytes\n"
    conflict = store(client, other)
    assert conflict.status_code == 409
    assert conflict.json()["type"] == "urn:flip7:problem:game-conflict"
    assert "?replace=true" in conflict.json()["detail"]
    assert exchange(conflict) == snapshot_json
    replaced = store(client, other, replace="true")
    assert replaced.status_code == 200
    assert replaced.json()["outcome"] == "replaced"
    assert client.get("/v1/games/kitchen-2026-11-29/log").text == other


def test_store_invalid_log_is_stored_with_its_violations(client) -> None:
    response = store(client, BAD_LOG)
    assert response.status_code == 201
    assert response.json()["verdict"]["valid"] is False
    assert client.get("/v1/games/bad-deal").json() == check_log(BAD_LOG).to_dict()


def test_store_json_array_body_is_stored_as_compact_lines(client) -> None:
    response = client.post("/v1/games", json=as_array(kitchen("from-array")))
    assert response.status_code == 201
    log = client.get("/v1/games/from-array/log")
    assert log.headers["content-type"] == "application/x-ndjson"
    lines = log.text.splitlines()
    assert [json.loads(line) for line in lines] == as_array(kitchen("from-array"))
    assert lines[0] == '{"type":"game","id":"from-array","players":["Ana","Ben","Cem"],"dealer":"Ana"}'
    again = client.post("/v1/games", json=as_array(kitchen("from-array")))
    assert again.status_code == 200 and again.json()["outcome"] == "unchanged"


def test_store_source_is_kept(client) -> None:
    store(client, kitchen(), source="kitchen.jsonl")
    assert client.get("/v1/games").json()["games"][0]["source"] == "kitchen.jsonl"


@pytest.mark.parametrize(
    ("body", "status", "slug"),
    [
        (b"", 400, "empty-body"),
        (b"# nothing\n", 400, "unreadable-log"),
        (b'{"type":"game"}\n\xff\n', 400, "unreadable-log"),
    ],
    ids=["empty", "comments-only", "not-utf8"],
)
def test_store_unreadable_logs_are_problems_like_check(client, body: bytes, status: int, slug: str) -> None:
    response = client.post("/v1/games", content=body, headers=NDJSON)
    assert response.status_code == status, response.text
    assert response.json()["type"] == f"urn:flip7:problem:{slug}"
    # the same status as POST /v1/check gives the same body
    assert client.post("/v1/check", content=body, headers=NDJSON).status_code == status
    assert client.get("/v1/games").json()["games"] == []


def test_game_ids_with_slashes_and_percent_signs(client) -> None:
    game_id = "club/7 100% é"
    response = store(client, kitchen(game_id))
    location = response.headers["location"]
    assert location == "/v1/games/" + quote(game_id, safe="")
    assert client.get(location).json()["game"] == game_id
    assert client.get(location + "/events").json()["game"] == game_id
    assert client.get(location + "/state?at=1").json()["game"] == game_id
    assert client.delete(location).status_code == 204
    assert client.get("/v1/games/club/7").status_code == 404


# --------------------------------------------------------------------------- GET /v1/games


@pytest.fixture
def stocked(client):
    store(client, kitchen("g1"))
    store(client, kitchen("g2").replace('"Cem"', '"Dan"'))
    store(client, BAD_LOG)  # id bad-deal, invalid
    store(client, kitchen("g3"))
    return client


def ids(response) -> list[str]:
    return [g["id"] for g in response.json()["games"]]


def test_list_games(stocked, snapshot_json: SnapshotAssertion) -> None:
    response = stocked.get("/v1/games")
    assert response.status_code == 200
    assert ids(response) == ["bad-deal", "g1", "g2", "g3"]
    assert response.json()["next_cursor"] is None
    assert response.json()["games"][1]["ingested_at"] == "2026-11-29T18:30:00Z"
    assert exchange(response) == snapshot_json


def test_list_games_filters(stocked) -> None:
    assert ids(stocked.get("/v1/games?valid=false")) == ["bad-deal"]
    assert ids(stocked.get("/v1/games?valid=true")) == ["g1", "g2", "g3"]
    assert ids(stocked.get("/v1/games?player=Dan")) == ["g2"]
    assert ids(stocked.get("/v1/games?player=Cem&valid=true")) == ["g1", "g3"]
    assert ids(stocked.get("/v1/games?finished=true")) == []
    assert ids(stocked.get("/v1/games?finished=false&limit=2")) == ["bad-deal", "g1"]


def test_list_games_search_by_id_or_player(stocked) -> None:
    assert ids(stocked.get("/v1/games?search=G2")) == ["g2"]  # part of an id, any case
    assert ids(stocked.get("/v1/games?search=da")) == ["g2"]  # part of a player's name (Dan)
    assert ids(stocked.get("/v1/games?search=cem&valid=true")) == ["g1", "g3"]
    assert ids(stocked.get("/v1/games?search=nobody")) == []
    assert ids(stocked.get("/v1/games?search=g&limit=2")) == ["g1", "g2"]


def test_listed_games_name_their_ruleset(client) -> None:
    vengeance = (ROOT / "logs" / "vengeance-4-players.jsonl").read_bytes()
    brutal = (ROOT / "logs" / "vengeance-brutal.jsonl").read_bytes()
    for log in (vengeance, brutal, kitchen("g1").encode()):
        assert client.post("/v1/games", content=log, headers=NDJSON).status_code == 201
    listed = {g["id"]: g["ruleset"] for g in client.get("/v1/games").json()["games"]}
    assert listed == {"g1": "flip7", "sample-vengeance-4-players": "vengeance", "sample-vengeance-brutal": "vengeance (brutal)"}
    timeline = client.get("/v1/games/sample-vengeance-brutal/replay").json()
    assert timeline["ruleset"] == "vengeance (brutal)"


def test_list_games_cursor_pagination(stocked, snapshot_json: SnapshotAssertion) -> None:
    seen: list[str] = []
    cursor = None
    pages = []
    while True:
        params = {"limit": 3} if cursor is None else {"limit": 3, "cursor": cursor}
        page = stocked.get("/v1/games", params=params).json()
        pages.append(page)
        seen += [g["id"] for g in page["games"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert seen == ["bad-deal", "g1", "g2", "g3"]
    assert [len(p["games"]) for p in pages] == [3, 1]
    assert pages[0]["next_cursor"] == "g2"
    assert {"first": pages[0]["next_cursor"], "second": pages[1]["next_cursor"]} == snapshot_json


@pytest.mark.parametrize("query", ["limit=0", "limit=1001", "valid=maybe"])
def test_list_games_bad_parameters_are_422(client, query: str) -> None:
    response = client.get(f"/v1/games?{query}")
    assert response.status_code == 422
    assert response.json()["type"] == "urn:flip7:problem:invalid-request"


# --------------------------------------------------------------------------- one game


def test_game_verdict_events_state_log(client, snapshot_json: SnapshotAssertion) -> None:
    store(client, kitchen())
    verdict = client.get("/v1/games/kitchen-2026-11-29")
    assert verdict.status_code == 200
    assert json.dumps(verdict.json()) == json.dumps(check_log(kitchen()).to_dict())

    events = client.get("/v1/games/kitchen-2026-11-29/events")
    assert events.status_code == 200
    rows = events.json()["events"]
    assert [e["event"] for e in rows] == list(range(13))
    assert rows[2] == {
        "event": 2, "line": 3, "round": 1, "type": "card", "player": "Ben", "card": "8", "target": None,
        "raw": '{"type":"card","player":"Ben","card":"8"}',
    }
    assert exchange(events) == snapshot_json(name="events")

    state = client.get("/v1/games/kitchen-2026-11-29/state", params={"at": 7})
    assert state.json() == table_at(kitchen(), 7).to_dict()
    assert client.get("/v1/games/kitchen-2026-11-29/state").json()["after_event"] == 12
    beyond = client.get("/v1/games/kitchen-2026-11-29/state?at=99")
    assert beyond.status_code == 422
    assert beyond.json()["detail"] == "the log has 13 events (0 to 12); there is no event 99"

    log = client.get("/v1/games/kitchen-2026-11-29/log")
    assert log.text == kitchen()


@pytest.mark.parametrize("suffix", ["", "/events", "/state", "/state?at=0", "/log"], ids=["verdict", "events", "state", "state-at", "log"])
def test_unknown_game_is_404(client, snapshot_json: SnapshotAssertion, suffix: str) -> None:
    response = client.get(f"/v1/games/no-such-game{suffix}")
    assert response.status_code == 404
    assert response.headers["content-type"] == PROBLEM
    assert response.json()["detail"] == "no stored game has the id 'no-such-game'"
    assert exchange(response) == snapshot_json


def test_delete_game(client, snapshot_json: SnapshotAssertion) -> None:
    store(client, kitchen())
    response = client.delete("/v1/games/kitchen-2026-11-29")
    assert response.status_code == 204
    assert response.content == b""
    assert client.get("/v1/games/kitchen-2026-11-29").status_code == 404
    again = client.delete("/v1/games/kitchen-2026-11-29")
    assert again.status_code == 404
    assert exchange(again) == snapshot_json
    assert store(client, kitchen()).status_code == 201  # the id is free again


# --------------------------------------------------------------------------- bearer token


def test_writes_need_the_token_when_one_is_set(token_client, snapshot_json: SnapshotAssertion) -> None:
    missing = token_client.post("/v1/games", content=kitchen(), headers=NDJSON)
    assert missing.status_code == 401
    assert missing.headers["www-authenticate"] == 'Bearer realm="flip7"'
    assert exchange(missing) == snapshot_json(name="missing")

    wrong = token_client.post("/v1/games", content=kitchen(), headers={**NDJSON, "Authorization": "Bearer nope"})
    assert wrong.status_code == 401
    assert wrong.headers["www-authenticate"] == 'Bearer realm="flip7", error="invalid_token"'
    assert exchange(wrong) == snapshot_json(name="wrong")

    basic = token_client.post("/v1/games", content=kitchen(), headers={**NDJSON, "Authorization": f"Basic {TOKEN}"})
    assert basic.status_code == 401

    assert token_client.get("/v1/games").json()["games"] == []  # nothing was stored
    ok = token_client.post("/v1/games", content=kitchen(), headers={**NDJSON, **AUTH})
    assert ok.status_code == 201

    assert token_client.delete("/v1/games/kitchen-2026-11-29").status_code == 401
    assert token_client.delete("/v1/games/kitchen-2026-11-29", headers={"Authorization": "Bearer x"}).status_code == 401
    assert token_client.delete("/v1/games/kitchen-2026-11-29", headers=AUTH).status_code == 204


def test_reads_stay_open_when_a_token_is_set(token_client) -> None:
    token_client.post("/v1/games", content=kitchen(), headers={**NDJSON, **AUTH})
    for path in ("/v1/games", "/v1/games/kitchen-2026-11-29", "/v1/games/kitchen-2026-11-29/events",
                 "/v1/games/kitchen-2026-11-29/state", "/v1/games/kitchen-2026-11-29/log", "/v1/stats", "/healthz"):
        assert token_client.get(path).status_code == 200, path
    assert token_client.post("/v1/check", content=kitchen(), headers=NDJSON).status_code == 200
    assert token_client.post("/v1/state?at=1", content=kitchen(), headers=NDJSON).status_code == 200
    assert token_client.post("/v1/query", json={"sql": "SELECT 1 AS one"}).status_code == 200


def test_token_is_checked_before_the_body_is_read(token_client) -> None:
    response = token_client.post("/v1/games", content=b"", headers=NDJSON)
    assert response.status_code == 401  # not 400: an anonymous client learns nothing about the body


def test_store_log_with_a_lone_surrogate_in_its_id(client) -> None:
    response = store(client, '{"type":"game","id":"\\ud800","players":["Ana","Ben","Cem"],"dealer":"Ana"}\n')
    assert response.status_code == 201, response.text
    assert response.json()["verdict"]["violations"][0]["rule"] == "log.line"


@pytest.mark.parametrize("micro", [0, 123456])
def test_ingested_at_reads_as_the_cli_prints_it(tmp_path: Path, micro: int) -> None:
    from datetime import UTC, datetime

    from adjudicator.store import Store
    from api import Settings, create_app

    moment = datetime(2026, 11, 29, 18, 30, 5, micro, tzinfo=UTC)
    with Store.open(tmp_path / "t.duckdb", now=lambda: moment) as store:
        store.ingest(kitchen(), "k")
        cli_json = store.list_games().games[0].as_dict()["ingested_at"]
        with TestClient(create_app(Settings(db_path=store.path), store=store)) as http:
            api_json = http.get("/v1/games").json()["games"][0]["ingested_at"]
    assert api_json == cli_json == ("2026-11-29T18:30:05Z" if micro == 0 else "2026-11-29T18:30:05.123456Z")


def test_games_carry_their_ruleset_and_filter_by_it(client) -> None:
    # issue 21 item 7: the ruleset was shown nowhere and could not be filtered on
    logs = Path(__file__).resolve().parents[2] / "logs"
    for name in ("3-players.jsonl", "vengeance-4-players.jsonl", "vengeance-brutal.jsonl"):
        assert client.post("/v1/games", content=(logs / name).read_bytes(), headers=NDJSON).status_code == 201
    every = client.get("/v1/games").json()["games"]
    assert sorted(g["ruleset"] for g in every) == ["flip7", "vengeance", "vengeance (brutal)"]
    assert [g["ruleset"] for g in client.get("/v1/games", params={"ruleset": "vengeance (brutal)"}).json()["games"]] == ["vengeance (brutal)"]
    assert len(client.get("/v1/games", params={"ruleset": "vengeance"}).json()["games"]) == 2
    overview = client.get("/v1/stats", params={"ruleset": "flip7", "only": "overview"}).json()["statistics"][0]
    assert overview["rows"][0]["games"] == 1
    plots = client.get("/v1/plots", params={"ruleset": "flip7"}).json()["figures"]
    assert not any(f["has_games"] for f in plots if f["ruleset"] is not None)
