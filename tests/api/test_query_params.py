"""A query parameter that takes one value refuses two (422); list parameters may repeat."""

from __future__ import annotations

import pytest

from tests.api.conftest import NDJSON, kitchen


@pytest.mark.parametrize(
    ("method", "url", "name"),
    [
        ("POST", "/v1/games?source=a&source=b", "source"),
        ("GET", "/v1/games?limit=1&limit=2", "limit"),
        ("GET", "/v1/stats?player=Ana&player=Ben", "player"),
        ("GET", "/v1/plots/bust_risk.svg?since=7d&since=2d", "since"),
        ("POST", "/v1/state?at=1&at=2", "at"),
    ],
)
def test_a_repeated_single_parameter_is_refused(client, method: str, url: str, name: str) -> None:
    response = client.request(method, url, content=kitchen(), headers=NDJSON)
    assert response.status_code == 422
    body = response.json()
    assert body["type"] == "urn:flip7:problem:invalid-request"
    assert body["detail"] == f"query parameter '{name}': give it once (it came 2 times)"
    assert body["errors"][0]["location"] == ["query", name]
    assert client.get("/v1/games").json()["games"] == []  # nothing was stored


def test_list_parameters_may_repeat(client) -> None:
    body = client.get("/v1/stats?only=overview&only=players").json()
    assert [s["name"] for s in body["statistics"]] == ["overview", "players"]
