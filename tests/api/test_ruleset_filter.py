"""The ``ruleset`` filter of the statistics page's calls: ``GET /v1/stats``, ``/v1/plots`` and the figures.

The filter and its query parameter are issue 21's store half (``Store.stats(ruleset=…)``); until
they are merged these tests are skipped, saying so.
"""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from adjudicator.store import Store
from tests.api.conftest import NDJSON

LOGS = Path(__file__).resolve().parents[2] / "logs"

pytestmark = pytest.mark.skipif(
    "ruleset" not in inspect.signature(Store.stats).parameters, reason="the store cannot filter its statistics by ruleset yet"
)


@pytest.fixture
def mixed(client):
    for name in ("3-players.jsonl", "vengeance-4-players.jsonl", "vengeance-brutal.jsonl"):
        assert client.post("/v1/games", content=(LOGS / name).read_bytes(), headers=NDJSON).status_code == 201
    return client


def games(client, **params) -> int:
    response = client.get("/v1/stats", params={"only": "overview", **params})
    assert response.status_code == 200
    return response.json()["statistics"][0]["rows"][0]["games"]


def test_the_statistics_count_one_rulesets_games(mixed) -> None:
    assert games(mixed) == 3
    assert games(mixed, ruleset="flip7") == 1
    assert games(mixed, ruleset="vengeance") == 2  # Brutal games are Vengeance games
    assert games(mixed, ruleset="vengeance (brutal)") == 1


def test_the_figures_take_the_ruleset_filter(mixed) -> None:
    listed = {f["name"]: f["has_games"] for f in mixed.get("/v1/plots", params={"ruleset": "flip7"}).json()["figures"]}
    assert listed["bust_risk"] and not listed["unlucky_7_wipes"]  # no Vengeance game among the Flip 7 ones
    svg = mixed.get("/v1/plots/unlucky_7_wipes.svg", params={"ruleset": "flip7"})
    assert svg.status_code == 200 and "No data yet" in svg.text
    assert "No data yet" not in mixed.get("/v1/plots/unlucky_7_wipes.svg", params={"ruleset": "vengeance"}).text
