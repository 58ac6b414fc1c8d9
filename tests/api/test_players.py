"""``/v1/players`` and ``/v1/ratings`` (issue 33): reads open, merges and renames behind the token,
errors as problem+json."""

from __future__ import annotations

import random

from adjudicator.simulate import play_game
from tests.api.conftest import NDJSON, TOKEN, TestClient

SEATINGS = [["Ana", "Ben", "Cem"], ["Ben", "Cem", "Dora"], ["ana", "Cem", "Dora"], ["Ana", "Dora", "Ben"]]


def fill(client: TestClient, headers: dict[str, str] | None = None) -> dict[str, int]:
    for number, seated in enumerate(SEATINGS):
        text = play_game(f"api-{number}", "threshold:25,random:0.8", random.Random(number), players=seated).text()
        response = client.post("/v1/games", content=text, headers={**NDJSON, **(headers or {})})
        assert response.status_code == 201, response.text
    return {p["name"]: p["id"] for p in client.get("/v1/players").json()["players"]}


def test_players_profile_ratings_and_prediction(client: TestClient) -> None:
    ids = fill(client)
    listed = client.get("/v1/players").json()
    assert set(ids) == {"Ana", "ana", "Ben", "Cem", "Dora"} and listed["suggested_merges"] == [["Ana", "ana"]]
    profile = client.get(f"/v1/players/{ids['Ana']}", params={"against": ids["Ben"]}).json()
    assert profile["name"] == "Ana" and profile["games"] == 2 and profile["against"]["games"] == 2
    board = client.get("/v1/ratings").json()
    assert board["scope"] == "all" and len(board["ratings"]) == 5
    assert client.get("/v1/ratings", params={"ruleset": "flip7"}).json()["ratings"] == board["ratings"]
    chances = client.get("/v1/ratings", params={"predict": f"{ids['Ana']},{ids['Ben']}"}).json()["players"]
    assert abs(sum(c["win_chance"] for c in chances) - 1) < 1e-3
    assert client.get("/v1/ratings", params={"ruleset": "poker"}).json()["ratings"] == []  # as /v1/games?ruleset= lists none


def test_merge_rename_unmerge(client: TestClient) -> None:
    ids = fill(client)
    before = client.get("/v1/ratings").json()
    preview = client.post("/v1/players/merge", json={"source": "ana", "target": "Ana", "dry_run": True})
    assert preview.status_code == 200 and preview.json()["games_after"] == 3
    assert client.get("/v1/ratings").json() == before
    assert client.post("/v1/players/merge", json={"source": "ana", "target": "Ana"}).status_code == 200
    assert "ana" not in {p["name"] for p in client.get("/v1/players").json()["players"]}
    assert client.post(f"/v1/players/{ids['Ana']}/rename", json={"name": "Ana S."}).json()["name"] == "Ana S."
    assert client.post(f"/v1/players/{ids['Ana']}/rename", json={"name": "Ana"}).status_code == 200
    assert client.post("/v1/players/unmerge", json={"player": "ana"}).status_code == 200
    assert client.get("/v1/ratings").json() == before


def test_errors_are_problems(client: TestClient) -> None:
    ids = fill(client)
    for response, status, slug in [
        (client.get("/v1/players/999"), 404, "player-not-found"),
        (client.get("/v1/players/99999999999999999999"), 404, "player-not-found"),
        (client.post("/v1/players/merge", json={"source": "Ana", "target": "Ana"}), 409, "player-conflict"),
        (client.post("/v1/players/merge", json={"source": "Ana", "target": "Ben"}), 409, "player-conflict"),
        (client.post(f"/v1/players/{ids['Ana']}/rename", json={"name": "Ben"}), 409, "player-conflict"),
        (client.get("/v1/ratings", params={"predict": "a,b"}), 422, "invalid-request"),
    ]:
        assert response.status_code == status, response.text
        assert response.headers["content-type"].startswith("application/problem+json")
        assert response.json()["type"] == f"urn:flip7:problem:{slug}"


def test_writes_need_the_token(token_client: TestClient) -> None:
    auth = {"Authorization": f"Bearer {TOKEN}"}
    fill(token_client, auth)
    assert token_client.post("/v1/players/merge", json={"source": "ana", "target": "Ana"}).status_code == 401
    assert token_client.post("/v1/players/unmerge", json={"player": "ana"}).status_code == 401
    assert token_client.get("/v1/players").status_code == 200  # reads are open
    assert token_client.post("/v1/players/merge", json={"source": "ana", "target": "Ana"}, headers=auth).status_code == 200


def test_rating_history_and_the_profile_skill(client: TestClient) -> None:
    ids = fill(client)
    best = client.get("/v1/ratings").json()["ratings"]
    top = client.get("/v1/ratings/history").json()
    assert top["scope"] == "all" and [p["id"] for p in top["players"]] == [r["id"] for r in best[:5]]
    ana = client.get("/v1/ratings/history", params={"player": str(ids["Ana"])}).json()["players"]
    assert [p["name"] for p in ana] == ["Ana"] and len(ana[0]["points"]) == ana[0]["games"] + 1 == 3
    assert ana[0]["points"][-1]["rating"] == next(r["rating"] for r in best if r["id"] == ids["Ana"])
    assert client.get("/v1/ratings/history", params={"player": "9999"}).status_code == 404
    assert client.get("/v1/ratings/history", params={"player": "Ana"}).status_code in (400, 422)
    skill = client.get(f"/v1/players/{ids['Ana']}").json()["skill"]
    assert skill["analysed_games"] == 0 and "not-analysed" in skill["notes"]


def test_find_a_player_by_a_name_in_a_log(client: TestClient) -> None:
    ids = fill(client)
    assert client.get("/v1/players/find", params={"name": "Ben"}).json() == {"id": ids["Ben"], "name": "Ben"}
    client.post("/v1/players/merge", json={"source": "ana", "target": "Ana"})
    assert client.get("/v1/players/find", params={"name": "ana"}).json() == {"id": ids["Ana"], "name": "Ana"}  # merged: the one it is in
    missing = client.get("/v1/players/find", params={"name": "Nobody"})
    assert missing.status_code == 404 and missing.headers["content-type"].startswith("application/problem+json")
