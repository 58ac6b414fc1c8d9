"""``POST /v1/analyze`` and ``GET /v1/games/{id}/analysis``: the same analysis as `flip7 analyze --json`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from syrupy.assertion import SnapshotAssertion

from adjudicator.analysis.observe import analyze
from adjudicator.rulesets import Kit, registered
from adjudicator.rulesets.base.rules import BaseGame
from api.routes.decisions import BUDGET
from tests.api.conftest import NDJSON

ROOT = Path(__file__).resolve().parents[2]
GAME = (ROOT / "logs" / "3-players.jsonl").read_text()
VENGEANCE = (ROOT / "logs" / "vengeance-brutal.jsonl").read_text()


class House(BaseGame):
    """The base game under another name, with no decision model."""

    name = "house"


def test_a_vengeance_game_is_analysed_by_monte_carlo_with_its_intervals(client: Any) -> None:
    response = client.post("/v1/analyze", content=VENGEANCE, headers=NDJSON, params={"round": 1})
    assert response.status_code == 200
    body = response.json()
    assert body["ruleset"] == "vengeance" and body["decisions"]
    sampled = [d for d in body["decisions"] if d["method"] == "monte-carlo"]
    assert sampled, "a Vengeance pile with Steal, Swap and Discard is sampled"
    for d in sampled:
        assert d["samples"] > 0 and set(d["interval"]) == set(d["options"])
        for name, (low, high) in d["interval"].items():
            assert low <= d["options"][name] <= high


def test_post_analyze_gives_the_core_analysis(client: Any, snapshot_json: SnapshotAssertion) -> None:
    response = client.post("/v1/analyze", content=GAME, headers=NDJSON, params={"round": 1})
    assert response.status_code == 200
    body = response.json()
    assert body == analyze(GAME, round_no=1, budget=BUDGET).to_dict()
    assert body["format"] == "flip7-analysis/1" and body["decisions"]
    assert body == snapshot_json


def test_win_asks_for_the_chance_to_win_near_the_end(client: Any) -> None:
    response = client.post("/v1/analyze", content=GAME, headers=NDJSON, params={"round": 9, "win": "true"})
    assert response.status_code == 200
    (ben,) = [d for d in response.json()["decisions"] if d["event"] == 196]
    assert ben["best"] == "stay" and ben["win_best"] == "hit" and ben["win_chance"]["stay"] == 0.0
    assert client.post("/v1/analyze", content=GAME, headers=NDJSON, params={"win": "maybe"}).status_code == 422


def test_a_stored_game_is_analysed_by_id(client: Any) -> None:
    assert client.post("/v1/games", content=GAME, headers=NDJSON).status_code in (200, 201)
    response = client.get("/v1/games/sample-3-players/analysis", params={"round": 1, "player": "Cem"})
    assert response.status_code == 200
    body = response.json()
    assert [d["player"] for d in body["decisions"]] == ["Cem"]
    assert client.get("/v1/games/nope/analysis").status_code == 404


def test_errors_are_problems(client: Any) -> None:
    empty = client.post("/v1/analyze", content=b"", headers=NDJSON)
    assert empty.status_code == 400 and empty.headers["content-type"].startswith("application/problem+json")
    with registered(Kit(rules=House())):  # a ruleset without a decision model
        refused = client.post("/v1/analyze", content=GAME.replace('"dealer":"Ana"}', '"dealer":"Ana","ruleset":"house"}', 1), headers=NDJSON)
    assert refused.status_code == 422 and refused.json()["type"].endswith("unsupported-ruleset")
    assert "/v1/analyze" in client.get("/openapi.json").json()["paths"]
