"""``?format=2`` on the analysis routes: ``flip7-analysis/2``, with the chance to win (model flip7-w1)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema

from tests.api.conftest import NDJSON

ROOT = Path(__file__).resolve().parents[2]
GAME = (ROOT / "logs" / "3-players.jsonl").read_text()
SCHEMA = json.loads((ROOT / "docs" / "flip7-analysis-2.schema.json").read_text())


def test_format_2_gives_the_chance_to_win_and_1_stays_the_default(client: Any) -> None:
    response = client.post("/v1/analyze", content=GAME, headers=NDJSON, params={"round": 1, "format": 2})
    assert response.status_code == 200, response.text
    body = response.json()
    jsonschema.validate(body, SCHEMA)
    assert body["format"] == "flip7-analysis/2" and body["model"]["name"] == "flip7-w1"
    cem = next(d for d in body["decisions"] if d["event"] == 7)
    assert cem["win"]["best"] == "hit" and cem["win"]["error"] > 0
    first = client.post("/v1/analyze", content=GAME, headers=NDJSON, params={"round": 1}).json()
    assert first["format"] == "flip7-analysis/1" and "model" not in first
    assert client.post("/v1/analyze", content=GAME, headers=NDJSON, params={"format": 3}).status_code == 422


def test_a_stored_game_is_valued_afresh_for_format_2(client: Any) -> None:
    assert client.post("/v1/games", content=GAME, headers=NDJSON).status_code in (200, 201)
    response = client.get("/v1/games/sample-3-players/analysis", params={"round": 1, "player": "Cem", "format": 2})
    assert response.status_code == 200
    assert response.headers["X-Flip7-Analysis"] == "computed"
    body = response.json()
    assert body["format"] == "flip7-analysis/2" and [d["player"] for d in body["decisions"]] == ["Cem"]
    assert {c["player"] for c in body["cards"]} == {"Cem"}
