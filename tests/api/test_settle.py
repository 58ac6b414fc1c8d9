"""``POST /v1/settle``: the same answer as `flip7 settle --json`, in the language asked for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adjudicator.referee import Settlement, settle, settlement
from api.routes.referee import choose_language

ROOT = Path(__file__).resolve().parents[2]
DISPUTE = "players Ana Ben Cem; dealer Ana\nround 1\nBen 8\nCem freeze>Ben\nBen hit\n"


def test_settle_notation_in_german_by_accept_language(client: Any) -> None:
    response = client.post("/v1/settle", content=DISPUTE, headers={"Content-Type": "text/plain", "Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    assert response.status_code == 200
    assert response.headers["content-language"] == "de"
    assert response.json() == settle(DISPUTE, "de")


def test_settle_json_lines_defaults_to_english(client: Any) -> None:
    log = '{"type":"game","id":"t","players":["Ana","Ben","Cem"],"dealer":"Ana"}\n{"type":"round","round":1}\n'
    response = client.post("/v1/settle", content=log, headers={"Content-Type": "application/x-ndjson"})
    assert response.status_code == 200 and response.headers["content-language"] == "en"
    assert response.json()["verdict"]["valid"] is True


def test_settle_an_empty_body_is_a_problem(client: Any) -> None:
    response = client.post("/v1/settle", content="", headers={"Content-Type": "text/plain"})
    assert response.status_code == 400
    assert response.headers["content-type"].startswith("application/problem+json")


@pytest.mark.parametrize(
    ("header", "lang"),
    [(None, "en"), ("de", "de"), ("en-US,en;q=0.9,de;q=0.8", "en"), ("fr, de;q=0.5", "de"), ("de;q=0, en", "en"), ("*", "en"), ("de;q=x", "en")],
)
def test_accept_language_picks_the_best_known_language(header: str | None, lang: str) -> None:
    assert choose_language(header) == lang


def test_settle_is_typed_in_the_openapi_document(client: Any) -> None:
    doc = client.get("/openapi.json").json()
    ok = doc["paths"]["/v1/settle"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert ok == {"$ref": "#/components/schemas/Settlement"}
    schemas = doc["components"]["schemas"]
    assert set(schemas["Settlement"]["properties"]) == {"format", "lang", "input", "verdict", "ruling"}
    assert schemas["Settlement"]["properties"]["verdict"] == {"$ref": "#/components/schemas/Verdict"}
    assert {"summary", "rule_text", "facts", "legal_instead", "event", "code"} <= set(schemas["RulingViolation"]["properties"])
    assert {"breakdown", "why", "outcome"} <= set(schemas["PlayerStanding"]["properties"])


@pytest.mark.parametrize("name", ["vengeance-brutal.jsonl", "invalid-bad-claims.jsonl"])
def test_settle_over_http_is_the_settlement_model_unchanged(client: Any, name: str) -> None:
    text = (ROOT / "logs" / name).read_text(encoding="utf-8")
    for lang in ("en", "de"):
        response = client.post(f"/v1/settle?lang={lang}", content=text, headers={"Content-Type": "application/x-ndjson"})
        assert response.status_code == 200
        expected = settlement(text, lang)
        assert response.json() == expected.to_dict() == settle(text, lang)
        assert Settlement.model_validate(response.json()).to_dict() == expected.to_dict()
        assert list(response.json()) == ["format", "lang", "input", "verdict", "ruling"]
