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


SINCE_EDGES = ["9999-12-31T23:59:59-23:59", "0001-01-01T00:00:00+01:00", "9" * 4301 + "d"]


@pytest.mark.parametrize("since", SINCE_EDGES)
@pytest.mark.parametrize("path", ["/v1/stats", "/v1/plots", "/v1/plots/bust_risk.svg"])
def test_since_at_the_calendars_ends_is_an_answer_not_a_500(client, path: str, since: str) -> None:
    """Issue 23, item 4: these raised OverflowError / ValueError inside the route (500)."""
    client.post("/v1/games", content=kitchen(), headers=NDJSON)
    response = client.get(path, params={"since": since})
    assert response.status_code == 200, response.text


def test_a_since_of_garbage_is_a_short_422(client) -> None:
    response = client.get("/v1/stats", params={"since": "x" * 5000})
    assert response.status_code == 422
    assert len(response.json()["detail"]) < 300
