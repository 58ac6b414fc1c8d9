"""The live-table routes: create with a write key, read, append (judged as `flip7 check` judges),
undo, finish into the store, the limits; the stream read by a real client; and a `flip7 serve`
killed and restarted that loses no kept event."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from adjudicator.live.limits import LiveLimits
from adjudicator.replay import check_log
from api import Settings, create_app
from tests.api.conftest import FIXED_NOW, TOKEN, TestClient
from tests.api.servers import ROOT, free_port, wait_until_up

SEATS = {"id": "live-kitchen", "players": ["Ana", "Ben", "Cem"], "dealer": "Ana"}
#: Round 1 of the contract's example, as the table records it.
ROUND = [
    {"type": "round", "round": 1},
    {"type": "card", "player": "Ben", "card": "8"},
    {"type": "card", "player": "Cem", "card": "freeze"},
    {"type": "target", "player": "Cem", "card": "freeze", "target": "Ben"},
    {"type": "card", "player": "Ana", "card": "x2"},
]


def create(client: Any, **more: Any) -> tuple[str, dict[str, str], dict[str, Any]]:
    response = client.post("/v1/tables", json={**SEATS, **more})
    assert response.status_code == 201, response.text
    body = response.json()
    return body["id"], {"X-Table-Key": body["key"]}, body


def without_ids(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k != "id"}


def test_create_gives_a_read_link_a_write_link_and_a_key(client: TestClient, snapshot_json: Any) -> None:
    table_id, _, body = create(client)
    assert body["read_link"] == f"/table/{table_id}" and body["write_link"] == f"/table/{table_id}#key={body['key']}"
    assert body["table"]["owed"]["en"] == "round 1: Ana deals"
    assert body["table"]["table"]["game"] == "live-kitchen" and body["table"]["events"] == 1
    assert client.get(f"/v1/tables/{table_id}").json() == body["table"]
    assert client.get(f"/table/{table_id}").headers["content-type"].startswith("text/html")
    assert client.get("/table").status_code == 200 and "table.js" in client.get("/table").text
    assert client.get("/static/table.js").headers["content-type"].startswith("text/javascript")
    assert without_ids(body["table"]) == snapshot_json


def test_a_game_line_the_rules_refuse_is_refused_as_check_does(client: TestClient) -> None:
    response = client.post("/v1/tables", json={"players": ["Ana", "Ben"], "dealer": "Ana", "id": "two"})
    assert response.status_code == 422
    problem = response.json()
    (expected,) = check_log(json.dumps({"type": "game", **{"id": "two", "players": ["Ana", "Ben"], "dealer": "Ana"}})).violations
    assert (problem["type"], problem["code"], problem["rule"]) == ("urn:flip7:problem:move-refused", expected.code, expected.rule)
    assert client.post("/v1/tables", json={**SEATS, "colour": "red"}).json()["type"] == "urn:flip7:problem:invalid-request"  # unknown option
    assert client.post("/v1/tables", json={**SEATS, "edition": "third"}).json()["code"] == "bad_event"  # judged as a game line


def test_the_new_table_body_declares_each_rulesets_options_from_its_model(client: TestClient) -> None:
    from adjudicator.rulesets import RULESETS

    body = client.get("/openapi.json").json()["components"]["schemas"]["NewTable"]["properties"]
    owned = {option: name for name, rules in reversed(RULESETS.items()) for option in rules.game_event.options()}
    assert owned and set(owned) <= set(body)  # every kit's own option, and no hand-written copy left over
    assert set(body) - set(owned) == {"players", "dealer", "id", "ruleset", "target", "rounds", "decks", "purist"}
    for option, name in owned.items():
        assert body[option]["description"].startswith(f"`{name}` only")
    _, _, made = create(client, ruleset="vengeance", brutal=True)
    assert made["table"]["table"]["ruleset"] == "vengeance"
    refused = client.post("/v1/tables", json={**SEATS, "brutal": True}).json()  # reaches the game line: not flip7's
    assert (refused["type"], refused["code"]) == ("urn:flip7:problem:move-refused", "bad_event")


def test_append_keeps_a_legal_event_and_says_what_is_owed(client: TestClient, snapshot_json: Any) -> None:
    table_id, key, _ = create(client)
    answers = [client.post(f"/v1/tables/{table_id}/events", json=event, headers=key) for event in ROUND]
    assert [a.status_code for a in answers] == [200] * 5
    assert [a.json()["index"] for a in answers] == [1, 2, 3, 4, 5]
    owed = [a.json()["table"]["owed"]["en"] for a in answers]
    assert owed == ["deal: Ben's card", "deal: Cem's card", "Cem must give Freeze to one of: Ana, Ben, Cem", "deal: Ana's card", "Cem's turn: hit"]
    log = client.get(f"/v1/tables/{table_id}/log")
    assert log.headers["content-type"].startswith("application/x-ndjson")
    assert [json.loads(line) for line in log.text.splitlines()][1:] == ROUND
    assert without_ids(answers[-1].json()["table"]) == snapshot_json


def test_advice_values_hit_and_stay_for_the_player_to_move(client: TestClient) -> None:
    table_id, key, _ = create(client)
    assert client.get(f"/v1/tables/{table_id}/advice").json() is None  # nobody's turn yet
    for event in [*ROUND, {"type": "hit", "player": "Cem"}, {"type": "card", "player": "Cem", "card": "12"}]:
        client.post(f"/v1/tables/{table_id}/events", json=event, headers=key)
    advice = client.get(f"/v1/tables/{table_id}/advice").json()  # Ana holds x2 alone: staying banks 0
    assert advice["player"] == "Ana" and advice["stay"] == 0 and advice["hit"] > 0 and advice["best"] == "hit"


def test_an_illegal_event_is_refused_with_the_checks_code_rule_and_reason_and_not_kept(client: TestClient, snapshot_json: Any) -> None:
    table_id, key, _ = create(client)
    for event in ROUND[:2]:
        client.post(f"/v1/tables/{table_id}/events", json=event, headers=key)
    bad = {"type": "card", "player": "Ana", "card": "5"}  # Cem is dealt next
    response = client.post(f"/v1/tables/{table_id}/events", json=bad, headers=key)
    assert response.status_code == 422
    assert response.headers["content-type"] == "application/problem+json"
    log = client.get(f"/v1/tables/{table_id}/log").text
    (expected,) = check_log(log + json.dumps(bad) + "\n").violations
    problem = response.json()
    assert problem["violation"] == {"event": 3, "line": 4, "code": expected.code, "rule": expected.rule, "message": expected.message}
    assert problem["detail"] == expected.message
    assert client.get(f"/v1/tables/{table_id}/log").text == log  # not kept
    german = client.post(f"/v1/tables/{table_id}/events", json=bad, headers={**key, "Accept-Language": "de"}).json()
    assert german["rule"] == expected.rule and german["detail"] == german["messages"]["de"] != expected.message
    assert "Cem" in german["detail"]
    assert problem == snapshot_json


def test_the_write_key_is_needed_and_no_other_key_will_do(token_client: TestClient) -> None:
    auth = {"Authorization": f"Bearer {TOKEN}"}
    assert token_client.post("/v1/tables", json=SEATS).status_code == 401  # creating is a write to the server
    one = token_client.post("/v1/tables", json=SEATS, headers=auth).json()
    two = token_client.post("/v1/tables", json={**SEATS, "id": "other"}, headers=auth).json()
    url = f"/v1/tables/{one['id']}/events"
    assert token_client.post(url, json=ROUND[0]).status_code == 403
    assert token_client.post(url, json=ROUND[0], headers=auth).status_code == 403  # the server's token is not enough
    wrong = token_client.post(url, json=ROUND[0], headers={"X-Table-Key": two["key"]})
    assert wrong.status_code == 403 and wrong.json()["type"] == "urn:flip7:problem:table-key"
    assert token_client.post(url, json=ROUND[0], headers={"X-Table-Key": one["key"]}).status_code == 200  # no token needed
    assert token_client.get(f"/v1/tables/{one['id']}").status_code == 200  # reading needs nothing
    assert token_client.post(f"/v1/tables/{one['id']}/undo", headers={"X-Table-Key": two["key"]}).status_code == 403
    assert token_client.post(f"/v1/tables/{one['id']}/finish", headers=auth).status_code == 403


def test_undo_forgets_the_last_event_only(client: TestClient) -> None:
    table_id, key, _ = create(client)
    assert client.post(f"/v1/tables/{table_id}/undo", headers=key).status_code == 409  # the game line stays
    for event in ROUND[:3]:
        client.post(f"/v1/tables/{table_id}/events", json=event, headers=key)
    undone = client.post(f"/v1/tables/{table_id}/undo", headers=key)
    assert undone.status_code == 200 and undone.json()["index"] == 3
    assert undone.json()["table"]["owed"]["en"] == "deal: Cem's card"
    assert client.post(f"/v1/tables/{table_id}/undo", params={"after": 5}, headers=key).status_code == 409  # stale
    stale = client.post(f"/v1/tables/{table_id}/events", params={"after": 1}, json=ROUND[2], headers=key)
    assert stale.status_code == 409 and "moved on" in stale.json()["detail"]
    assert len(client.get(f"/v1/tables/{table_id}/log").text.splitlines()) == 3


def test_finish_stores_the_game_and_closes_the_table(client: TestClient) -> None:
    table_id, key, _ = create(client, target=5)
    rest = [{"type": "hit", "player": "Cem"}, {"type": "card", "player": "Cem", "card": "12"}, {"type": "hit", "player": "Ana"},
            {"type": "card", "player": "Ana", "card": "11"}, {"type": "stay", "player": "Cem"}, {"type": "stay", "player": "Ana"}]
    for event in [*ROUND, *rest]:
        assert client.post(f"/v1/tables/{table_id}/events", json=event, headers=key).status_code == 200
    finished = client.post(f"/v1/tables/{table_id}/finish", headers=key)
    assert finished.status_code == 200 and finished.json()["finished"] and finished.json()["game"] == "live-kitchen"
    game = client.get("/v1/games/live-kitchen").json()
    assert game["valid"] and game["finished"] and game["winner"] == "Ana"
    log = client.get(f"/v1/tables/{table_id}/log").text
    assert client.get("/v1/games/live-kitchen/log").text == log
    assert check_log(log).valid
    assert client.post(f"/v1/tables/{table_id}/events", json={"type": "round", "round": 2}, headers=key).status_code == 409
    assert client.post(f"/v1/tables/{table_id}/finish", headers=key).status_code == 409
    assert client.post(f"/v1/tables/{table_id}/undo", headers=key).status_code == 409


def test_limits_and_unknown_tables(db_path: Path) -> None:
    settings = Settings(db_path=db_path, now=lambda: FIXED_NOW, live=LiveLimits(max_tables=1, max_events=2))
    with TestClient(create_app(settings)) as client:
        table_id, key, _ = create(client)
        assert client.post("/v1/tables", json={**SEATS, "id": "x"}).status_code == 429
        assert client.post(f"/v1/tables/{table_id}/events", json=ROUND[0], headers=key).status_code == 200
        full = client.post(f"/v1/tables/{table_id}/events", json=ROUND[1], headers=key)
        assert full.status_code == 409 and full.json()["type"] == "urn:flip7:problem:table-full"
        assert client.get("/v1/tables/nope").status_code == 404
        assert client.get("/v1/tables/nope/stream").status_code == 404
        assert client.post("/v1/tables/nope/events", json=ROUND[0], headers=key).json()["type"] == "urn:flip7:problem:table-not-found"


def test_a_new_app_on_the_same_store_has_every_table(settings: Settings) -> None:
    with TestClient(create_app(settings)) as client:
        table_id, key, _ = create(client)
        for event in ROUND:
            client.post(f"/v1/tables/{table_id}/events", json=event, headers=key)
        before = client.get(f"/v1/tables/{table_id}").json()
    with TestClient(create_app(settings)) as client:
        assert client.get(f"/v1/tables/{table_id}").json() == before
        assert client.post(f"/v1/tables/{table_id}/events", json={"type": "hit", "player": "Cem"}, headers=key).status_code == 200


# --------------------------------------------------------------------------- a real server


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    """A `flip7 serve` on a free port; yields its URL and a function that kills and restarts it."""
    db = tmp_path / "live.duckdb"
    port = free_port()
    env = {**os.environ, "FLIP7_DB": "", "FLIP7_API_TOKEN": ""}
    command = [sys.executable, "-m", "cli.main", "serve", "--port", str(port), "--db", str(db), "--log-level", "warning", "--wait", "10"]
    base = f"http://127.0.0.1:{port}"
    processes = [subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)]
    wait_until_up(base, processes[-1])

    def kill_and_restart() -> None:
        processes[-1].send_signal(signal.SIGKILL)
        processes[-1].wait(timeout=10)
        processes.append(subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True))
        wait_until_up(base, processes[-1])

    try:
        yield base, kill_and_restart
    finally:
        for process in processes:
            if process.poll() is None:
                process.terminate()
                process.wait(timeout=15)


def read_messages(lines: Iterator[str], count: int) -> list[tuple[str, str, dict[str, Any]]]:
    """The next ``count`` messages of an event stream (``lines``: its ``iter_lines()``): (id, event, data)."""
    out: list[tuple[str, str, dict[str, Any]]] = []
    fields: dict[str, str] = {}
    for line in lines:
        if not line:
            if "data" in fields:
                out.append((fields.get("id", ""), fields.get("event", "message"), json.loads(fields["data"])))
                if len(out) == count:
                    return out
            fields = {}
        elif not line.startswith(":"):
            name, _, value = line.partition(":")
            fields[name] = value.removeprefix(" ")
    return out


def test_the_stream_tells_a_real_client_every_change_and_a_reconnect_misses_nothing(served: tuple[str, Any]) -> None:
    base, _ = served
    with httpx.Client(base_url=base, timeout=10) as http:
        table_id, key, _ = create(http)
        with http.stream("GET", f"/v1/tables/{table_id}/stream") as stream:
            assert stream.headers["content-type"].startswith("text/event-stream")
            lines = stream.iter_lines()
            (sync,) = read_messages(lines, 1)
            assert sync[:2] == ("1", "sync") and sync[2]["events"][0]["id"] == "live-kitchen"
            for event in ROUND[:2]:
                http.post(f"/v1/tables/{table_id}/events", json=event, headers=key)
            got = read_messages(lines, 2)
        assert [(i, kind, d["change"]["index"], d["change"]["event"]) for i, kind, d in got] == [("2", "append", 1, ROUND[0]), ("3", "append", 2, ROUND[1])]
        # while nobody listens: two appends and an undo; the reconnect gets each of them, in order
        for event in ROUND[2:4]:
            http.post(f"/v1/tables/{table_id}/events", json=event, headers=key)
        http.post(f"/v1/tables/{table_id}/undo", headers=key)
        with http.stream("GET", f"/v1/tables/{table_id}/stream", headers={"Last-Event-ID": "3"}) as stream:
            missed = read_messages(stream.iter_lines(), 3)
        assert [(i, kind) for i, kind, _ in missed] == [("4", "append"), ("5", "append"), ("6", "undo")]
        assert missed[-1][2]["table"]["owed"]["en"] == "Cem must give Freeze to one of: Ana, Ben, Cem"


def test_a_killed_server_restarts_with_every_kept_event(served: tuple[str, Any]) -> None:
    base, kill_and_restart = served
    with httpx.Client(base_url=base, timeout=10) as http:
        table_id, key, _ = create(http)
        for event in ROUND:
            assert http.post(f"/v1/tables/{table_id}/events", json=event, headers=key).status_code == 200
        before = http.get(f"/v1/tables/{table_id}").json()
    kill_and_restart()
    with httpx.Client(base_url=base, timeout=10) as http:
        after = http.get(f"/v1/tables/{table_id}")
        assert after.status_code == 200 and after.json() == before
        assert http.post(f"/v1/tables/{table_id}/events", json={"type": "hit", "player": "Cem"}, headers=key).status_code == 200
        with http.stream("GET", f"/v1/tables/{table_id}/stream", headers={"Last-Event-ID": "2"}) as stream:
            (resync,) = read_messages(stream.iter_lines(), 1)  # the changes before the restart are not remembered: the whole table
        assert resync[1] == "sync" and len(resync[2]["events"]) == 7
