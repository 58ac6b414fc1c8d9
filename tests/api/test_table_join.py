"""Joining a live table: the join code and its QR code, the scorer's code, handing the scorer's right
over (the old key revoked, also after a restart), the next game with the next dealer, the screen's page."""

from __future__ import annotations

import re

import segno

from adjudicator.live.join import ALPHABET, JOIN_LENGTH
from api import Settings, create_app
from tests.api.conftest import TOKEN, TestClient
from tests.api.test_live import ROUND, create

NOT_FOUND = "urn:flip7:problem:table-not-found"
#: The example round played on to its end (5 points win): Ana wins with 22.
REST = [{"type": "hit", "player": "Cem"}, {"type": "card", "player": "Cem", "card": "12"}, {"type": "hit", "player": "Ana"},
        {"type": "card", "player": "Ana", "card": "11"}, {"type": "stay", "player": "Cem"}, {"type": "stay", "player": "Ana"}]


def qr_modules(svg: str) -> list[list[int]]:
    """The dark modules of segno's SVG, read back from its path of dark lines (``M x y`` then ``h n`` runs and
    relative ``m dx dy`` moves, in modules), without the quiet zone."""
    scale = int(re.search(r'transform="scale\((\d+)\)"', svg).group(1))  # type: ignore[union-attr]
    size = int(re.search(r'width="(\d+)"', svg).group(1)) // scale  # type: ignore[union-attr]
    path = re.search(r'class="qrline"[^>]* d="([^"]+)"', svg).group(1)  # type: ignore[union-attr]
    grid = [[0] * size for _ in range(size)]
    x = y = 0.0
    for op, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", path):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            for i in range(int(a)):
                grid[int(y)][int(x) + i] = 1
            x += float(a)
    border = 4
    return [row[border:size - border] for row in grid[border:size - border]]


def play_to_the_end(client: TestClient, table_id: str, key: dict[str, str]) -> None:
    for event in [*ROUND, *REST]:
        assert client.post(f"/v1/tables/{table_id}/events", json=event, headers=key).status_code == 200


def test_a_join_code_opens_the_read_link_in_either_case(client: TestClient) -> None:
    table_id, _, _ = create(client)
    info = client.get(f"/v1/tables/{table_id}/join").json()
    code = info["code"]
    assert len(code) == JOIN_LENGTH and set(code) <= set(ALPHABET) and not set(code) & set("0O1IL")
    assert info["read_link"] == f"/table/{table_id}" and info["screen_link"] == f"/table/{table_id}/screen"
    for typed in (code, code.lower(), f" {code[:3]}-{code[3:]} "):
        joined = client.get(f"/v1/join/{typed}")
        assert joined.status_code == 200, joined.text
        assert joined.json() == {"role": "read", "id": table_id, "link": f"/table/{table_id}"}
    other, _, _ = create(client, id="other")
    assert client.get(f"/v1/tables/{other}/join").json()["code"] != code


def test_an_unknown_code_is_a_404_problem(client: TestClient) -> None:
    create(client)
    response = client.get("/v1/join/ZZZZZZ")
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("application/problem+json")
    assert response.json()["type"] == NOT_FOUND and "ZZZZZZ" in response.json()["detail"]
    assert client.get("/v1/tables/nope/join").status_code == 404
    assert client.get("/v1/tables/nope/qr.svg").status_code == 404


def test_the_qr_code_is_an_svg_of_the_exact_read_link(client: TestClient) -> None:
    table_id, _, _ = create(client)
    response = client.get(f"/v1/tables/{table_id}/qr.svg")
    assert response.status_code == 200 and response.headers["content-type"] == "image/svg+xml"
    url = f"http://testserver/table/{table_id}"
    assert f"<title>{url}</title>" in response.text
    expected = [list(row) for row in segno.make(url, error="m", micro=False).matrix]
    assert qr_modules(response.text) == expected  # the modules drawn are the library's encoding of that URL
    assert qr_modules(response.text) != [list(row) for row in segno.make(url + "x", error="m", micro=False).matrix]


def test_a_scorers_code_opens_the_write_link_once(client: TestClient) -> None:
    table_id, key, _ = create(client)
    assert client.post(f"/v1/tables/{table_id}/scorer-code").status_code == 403
    assert client.post(f"/v1/tables/{table_id}/scorer-code", headers={"X-Table-Key": "wrong"}).status_code == 403
    share = client.post(f"/v1/tables/{table_id}/scorer-code", headers=key).json()
    assert share["role"] == "write" and share["key"] is None and len(share["code"]) == 8 and set(share["code"]) <= set(ALPHABET)
    assert share["write_link"] == f"/table/{table_id}#key={key['X-Table-Key']}"
    url = f"http://testserver{share['write_link']}"
    assert qr_modules(share["qr_svg"]) == [list(row) for row in segno.make(url, error="m", micro=False).matrix]
    joined = client.get(f"/v1/join/{share['code'].lower()}")
    assert joined.json() == {"role": "write", "id": table_id, "link": share["write_link"]}
    assert joined.headers["cache-control"] == "no-store"
    assert client.get(f"/v1/join/{share['code']}").status_code == 404  # used up
    assert client.get(f"/v1/tables/{table_id}/qr.svg").text.count("#key=") == 0


def test_handing_over_gives_a_new_key_and_revokes_the_old_one(settings: Settings) -> None:
    with TestClient(create_app(settings)) as client:
        table_id, old, _ = create(client)
        handed = client.post(f"/v1/tables/{table_id}/hand-over", headers=old)
        assert handed.status_code == 200, handed.text
        new = {"X-Table-Key": handed.json()["key"]}
        assert new != old and handed.json()["write_link"] == f"/table/{table_id}#key={new['X-Table-Key']}"
        refused = client.post(f"/v1/tables/{table_id}/events", json=ROUND[0], headers=old)
        assert refused.status_code == 403 and refused.json()["type"] == "urn:flip7:problem:table-key"
        assert client.post(f"/v1/tables/{table_id}/hand-over", headers=old).status_code == 403
        assert client.post(f"/v1/tables/{table_id}/events", json=ROUND[0], headers=new).status_code == 200
        joined = client.get(f"/v1/join/{handed.json()['code']}").json()  # the new phone types the code
        assert joined["link"] == handed.json()["write_link"]
    with TestClient(create_app(settings)) as client:  # a restarted server knows only the new key
        assert client.post(f"/v1/tables/{table_id}/events", json=ROUND[1], headers=old).status_code == 403
        assert client.post(f"/v1/tables/{table_id}/events", json=ROUND[1], headers=new).status_code == 200


def test_handing_over_revokes_the_scorers_codes_of_the_old_key(client: TestClient) -> None:
    table_id, key, _ = create(client)
    share = client.post(f"/v1/tables/{table_id}/scorer-code", headers=key).json()
    client.post(f"/v1/tables/{table_id}/hand-over", headers=key)
    assert client.get(f"/v1/join/{share['code']}").status_code == 404


def test_the_next_game_has_the_same_players_and_the_next_dealer(client: TestClient) -> None:
    table_id, key, _ = create(client, target=5)
    assert client.get(f"/v1/tables/{table_id}/next-game").json() == {"id": None, "read_link": None}
    assert client.post(f"/v1/tables/{table_id}/next-game", json={}, headers=key).status_code == 409  # not finished
    play_to_the_end(client, table_id, key)
    assert client.post(f"/v1/tables/{table_id}/finish", headers=key).status_code == 200
    assert client.post(f"/v1/tables/{table_id}/next-game", json={}).status_code == 403
    seated = client.post(f"/v1/tables/{table_id}/next-game", json={}, headers=key)
    assert seated.status_code == 201, seated.text
    body = seated.json()
    log = client.get(f"/v1/tables/{body['id']}/log").json()
    assert log["players"] == ["Ana", "Ben", "Cem"] and log["dealer"] == "Ben" and log["target"] == 5
    assert log["id"] != "live-kitchen"
    assert body["table"]["owed"]["en"] == "round 1: Ben deals"
    assert client.get(f"/v1/tables/{table_id}/next-game").json() == {"id": body["id"], "read_link": f"/table/{body['id']}"}
    assert client.post(f"/v1/tables/{table_id}/next-game", json={}, headers=key).status_code == 409  # seated once
    assert client.post(f"/v1/tables/{body['id']}/events", json=ROUND[0], headers={"X-Table-Key": body["key"]}).status_code == 200


def test_the_next_game_needs_the_bearer_token_where_the_server_has_one(token_client: TestClient) -> None:
    response = token_client.post("/v1/tables", json={"players": ["Ana", "Ben", "Cem"], "dealer": "Ana", "target": 5}, headers={"Authorization": f"Bearer {TOKEN}"})
    table_id, key = response.json()["id"], {"X-Table-Key": response.json()["key"]}
    assert token_client.post(f"/v1/tables/{table_id}/finish", headers=key).status_code == 200
    assert token_client.post(f"/v1/tables/{table_id}/next-game", json={}, headers=key).status_code == 401
    assert token_client.post(f"/v1/tables/{table_id}/next-game", json={}, headers={**key, "Authorization": f"Bearer {TOKEN}"}).status_code == 201


def test_the_screen_page_is_served(client: TestClient) -> None:
    table_id, _, _ = create(client)
    page = client.get(f"/table/{table_id}/screen")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html") and "screen.js" in page.text


# --------------------------------------------------------------------------- redo after undo


def test_undo_undo_redo_redo_walks_back_and_forth(client: TestClient) -> None:
    table_id, key, _ = create(client)
    for event in ROUND[:3]:
        client.post(f"/v1/tables/{table_id}/events", json=event, headers=key)
    assert client.get(f"/v1/tables/{table_id}/redo").json() == {"event": None}
    assert client.post(f"/v1/tables/{table_id}/redo", headers=key).status_code == 409
    before = client.get(f"/v1/tables/{table_id}/log").text
    client.post(f"/v1/tables/{table_id}/undo", headers=key)
    client.post(f"/v1/tables/{table_id}/undo", headers=key)
    assert client.get(f"/v1/tables/{table_id}/redo").json() == {"event": ROUND[1]}
    assert client.post(f"/v1/tables/{table_id}/redo").status_code == 403
    assert client.post(f"/v1/tables/{table_id}/redo?after=0", headers=key).status_code == 409  # stale: the last event is 1
    first = client.post(f"/v1/tables/{table_id}/redo?after=1", headers=key)
    assert first.status_code == 200 and first.json()["index"] == 2
    assert client.get(f"/v1/tables/{table_id}/redo").json() == {"event": ROUND[2]}
    assert client.post(f"/v1/tables/{table_id}/redo", headers=key).json()["table"]["owed"]["en"] == "Cem must give Freeze to one of: Ana, Ben, Cem"
    assert client.get(f"/v1/tables/{table_id}/log").text == before
    assert client.post(f"/v1/tables/{table_id}/redo", headers=key).status_code == 409  # all redone


def test_a_new_event_after_an_undo_empties_the_redo(client: TestClient) -> None:
    table_id, key, _ = create(client)
    for event in ROUND[:3]:
        client.post(f"/v1/tables/{table_id}/events", json=event, headers=key)
    client.post(f"/v1/tables/{table_id}/undo", headers=key)
    client.post(f"/v1/tables/{table_id}/events", json={"type": "card", "player": "Cem", "card": "7"}, headers=key)
    assert client.get(f"/v1/tables/{table_id}/redo").json() == {"event": None}
    client.post(f"/v1/tables/{table_id}/undo", headers=key)  # the 7 undone: that is what a redo keeps
    assert client.get(f"/v1/tables/{table_id}/redo").json()["event"]["card"] == "7"



def test_the_next_game_may_name_another_dealer(client: TestClient) -> None:
    table_id, key, _ = create(client)
    client.post(f"/v1/tables/{table_id}/finish", headers=key)
    refused = client.post(f"/v1/tables/{table_id}/next-game", json={"dealer": "Zoe"}, headers=key)
    assert refused.status_code == 422 and refused.json()["type"] == "urn:flip7:problem:move-refused"
    seated = client.post(f"/v1/tables/{table_id}/next-game", json={"dealer": "Cem"}, headers=key)
    assert seated.status_code == 201 and seated.json()["table"]["owed"]["en"] == "round 1: Cem deals"
