"""The live table's advice says the chance to win of hit and stay (model flip7-w1, issue 31)."""

from __future__ import annotations

from adjudicator.analysis.win import MODEL
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
