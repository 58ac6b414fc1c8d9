"""Purist mode (issue 32): set per table by its scorer, kept by the store, no counting aids in any
view of the table, and no advice to peek at (``409`` ``purist-table``)."""

from __future__ import annotations

from typing import Any

from api import Settings, create_app
from tests.api.conftest import TestClient
from tests.api.test_live import ROUND, create

#: Round 1 to Ana's turn (Ana holds x2 alone: a turn, with a bust chance and advice).
TO_A_TURN = [*ROUND, {"type": "hit", "player": "Cem"}, {"type": "card", "player": "Cem", "card": "12"}]


def play(client: Any, table_id: str, key: dict[str, str]) -> None:
    for event in TO_A_TURN:
        assert client.post(f"/v1/tables/{table_id}/events", json=event, headers=key).status_code == 200


def test_a_purist_table_shows_no_bust_chance_and_refuses_advice(client: TestClient) -> None:
    table_id, key, body = create(client, purist=True)
    assert body["table"]["purist"] is True
    play(client, table_id, key)
    view = client.get(f"/v1/tables/{table_id}").json()
    assert view["purist"] is True and view["bust_chance"] is None
    response = client.get(f"/v1/tables/{table_id}/advice")
    assert response.status_code == 409 and response.headers["content-type"].startswith("application/problem+json")
    assert response.json()["type"].endswith("purist-table")
    # the log is the game as played: purist is not a field of the game line
    assert "purist" not in client.get(f"/v1/tables/{table_id}/log").text


def test_the_scorer_turns_purist_on_and_off_and_followers_are_told(client: TestClient) -> None:
    table_id, key, body = create(client)
    play(client, table_id, key)
    assert client.get(f"/v1/tables/{table_id}").json()["bust_chance"] is not None
    seq = client.get(f"/v1/tables/{table_id}").json()["seq"]
    assert client.post(f"/v1/tables/{table_id}/purist", json={"purist": True}).status_code == 403  # the key is needed
    on = client.post(f"/v1/tables/{table_id}/purist", json={"purist": True}, headers=key)
    assert on.status_code == 200 and on.json()["purist"] is True and on.json()["bust_chance"] is None and on.json()["seq"] == seq + 1
    assert client.get(f"/v1/tables/{table_id}/advice").status_code == 409
    with client.stream("GET", f"/v1/tables/{table_id}/stream", headers={"Last-Event-ID": str(seq)}) as stream:
        text = ""
        for chunk in stream.iter_text():
            text += chunk
            if "event: settings" in text and "\n\n" in text.split("event: settings", 1)[1]:
                break
    assert '"purist":true' in text
    off = client.post(f"/v1/tables/{table_id}/purist", json={"purist": False}, headers=key)
    assert off.json()["purist"] is False and off.json()["bust_chance"] is not None
    assert client.get(f"/v1/tables/{table_id}/advice").json()["player"] == "Ana"


def test_purist_survives_a_restart(settings: Settings) -> None:
    with TestClient(create_app(settings)) as client:
        table_id, key, _ = create(client, purist=True)
        play(client, table_id, key)
    with TestClient(create_app(settings)) as client:
        view = client.get(f"/v1/tables/{table_id}").json()
        assert view["purist"] is True and view["bust_chance"] is None
        assert client.get(f"/v1/tables/{table_id}/advice").status_code == 409


def test_purist_must_be_a_yes_or_no(client: TestClient) -> None:
    table_id, key, _ = create(client)
    assert client.post(f"/v1/tables/{table_id}/purist", json={"purist": "yes"}, headers=key).status_code == 422
    assert client.post("/v1/tables", json={"players": ["Ana", "Ben", "Cem"], "dealer": "Ana", "purist": 1}).status_code == 422
