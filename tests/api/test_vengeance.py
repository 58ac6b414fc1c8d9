"""Every API route takes With a Vengeance logs: check, state, store, list, show, events, log,
stats, query, delete."""

from __future__ import annotations

from pathlib import Path

from adjudicator.replay import check_log
from tests.api.conftest import NDJSON

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "vengeance"
SWAP = (FIXTURES / "027-swap-between-two-others.jsonl").read_text(encoding="utf-8")
BRUTAL = (FIXTURES / "038-brutal-flip7-minus-15.jsonl").read_text(encoding="utf-8")
REFUSED = (FIXTURES / "023-steal-from-busted-refused.jsonl").read_text(encoding="utf-8")


def test_check_judges_a_vengeance_log(client) -> None:
    response = client.post("/v1/check", content=BRUTAL, headers=NDJSON)
    assert response.status_code == 200
    verdict = response.json()
    assert verdict == check_log(BRUTAL).to_dict()
    assert verdict["valid"] and verdict["rounds"][0]["players"]["Cem"] == {"outcome": "stayed", "score": -7}


def test_check_reports_a_vengeance_violation_with_what_was_allowed(client) -> None:
    violation = client.post("/v1/check", content=REFUSED, headers=NDJSON).json()["violations"][0]
    assert (violation["code"], violation["rule"]) == ("illegal_target", "action.steal")
    assert "Cards that can be stolen: Ana's 9" in violation["message"]


def test_state_lists_the_swaps_that_are_legal(client) -> None:
    table = client.post("/v1/state?at=6", content=SWAP, headers=NDJSON).json()
    assert table["waiting_for"]["kind"] == "target" and table["waiting_for"]["card"] == "swap"
    swaps = {(m["target"], m["target_card"], m["other"], m["other_card"]) for m in table["legal_moves"]}
    assert ("Cem", "6", "Ana", "9") in swaps and len(swaps) == 6
    assert table["draw_pile_size"] == 108 - 4


def test_store_show_events_log_stats_and_delete(client) -> None:
    stored = client.post("/v1/games", content=BRUTAL, headers=NDJSON)
    assert stored.status_code == 201, stored.text
    game = "brutal-minus-15"
    assert client.get(f"/v1/games/{game}").json() == check_log(BRUTAL).to_dict()
    assert [g["id"] for g in client.get("/v1/games").json()["games"]] == [game]
    events = client.get(f"/v1/games/{game}/events").json()
    assert any(e.get("card") == "flip7_bonus" for e in events["events"])
    assert client.get(f"/v1/games/{game}/log").text == BRUTAL
    assert client.get(f"/v1/games/{game}/state", params={"at": 18}).json()["waiting_for"]["card"] == "flip7_bonus"
    stats = {s["name"]: s for s in client.get("/v1/stats").json()["statistics"]}
    assert stats["by_ruleset"]["rows"][0]["ruleset"] == "vengeance (brutal)"
    assert stats["brutal"]["rows"][0]["minus_15_other"] == 1
    assert client.delete(f"/v1/games/{game}").status_code == 204
