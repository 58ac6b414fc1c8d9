"""The live table's advice says the chance to win of hit and stay (model flip7-w1, issue 31)."""

from __future__ import annotations

from adjudicator.analysis.win import MODEL
from adjudicator.live.table import WIN_ADVICE_PLAYERS
from tests.api.conftest import TestClient
from tests.api.test_live import ROUND, create


def test_the_advice_gives_the_chance_to_win_of_hit_and_stay(client: TestClient) -> None:
    table_id, key, _ = create(client)
    for event in [*ROUND, {"type": "hit", "player": "Cem"}, {"type": "card", "player": "Cem", "card": "12"}]:
        client.post(f"/v1/tables/{table_id}/events", json=event, headers=key)
    advice = client.get(f"/v1/tables/{table_id}/advice").json()
    assert advice["player"] == "Ana"
    assert set(advice["win"]) == {"hit", "stay"}
    assert all(0 <= w <= 100 for w in advice["win"].values())
    for option, (low, high) in advice["win_interval"].items():
        assert low <= advice["win"][option] <= high
    assert advice["win_best"] == max(advice["win"], key=lambda k: advice["win"][k])
    assert advice["win_model"] == MODEL and advice["win_samples"] > 0 and advice["win_unmodelled"] is None


def test_a_table_of_more_players_than_the_limit_gets_no_chance_to_win(client: TestClient) -> None:
    names = [f"P{i}" for i in range(WIN_ADVICE_PLAYERS + 1)]
    response = client.post("/v1/tables", json={"players": names, "dealer": names[0]})
    assert response.status_code == 201, response.text
    table_id, key = response.json()["id"], {"X-Table-Key": response.json()["key"]}
    deal = [{"type": "round", "round": 1}, *({"type": "card", "player": name, "card": str(i % 12)} for i, name in enumerate([*names[1:], names[0]]))]
    for event in deal:
        assert client.post(f"/v1/tables/{table_id}/events", json=event, headers=key).status_code < 300
    advice = client.get(f"/v1/tables/{table_id}/advice").json()
    assert advice["hit"] is not None  # the round values are still given
    assert advice["win"] is None and advice["win_unmodelled"] == "no-time"
