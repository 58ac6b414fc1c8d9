"""``POST /v1/ingest``: many logs in one request, outcomes per log, writes behind the token."""

from __future__ import annotations

import base64

from tests.api.conftest import TOKEN, kitchen


def _log(name: str, text: str | bytes) -> dict[str, str]:
    data = text.encode() if isinstance(text, str) else text
    return {"name": name, "content_base64": base64.b64encode(data).decode()}


def test_many_logs_in_one_request(client) -> None:  # noqa: ANN001
    body = {"logs": [_log("a", kitchen("g-a")), _log("b", kitchen("g-b")), _log("empty", b""), _log("a-again", kitchen("g-a"))]}
    answer = client.post("/v1/ingest", json=body)
    assert answer.status_code == 200
    results = answer.json()["results"]
    assert [r["outcome"] for r in results] == ["ingested", "ingested", "unreadable", "unchanged"]
    assert results[0]["events"] == 13 and results[3]["events"] == 0
    assert "empty" in results[2]["message"]
    assert [g["id"] for g in client.get("/v1/games").json()["games"]] == ["g-a", "g-b"]
    other = kitchen("g-a").replace('"target":200', '"target":150') if '"target":200' in kitchen("g-a") else kitchen("g-a") + "\n"
    refused = client.post("/v1/ingest", json={"logs": [_log("a2", other)]}).json()["results"][0]
    assert refused["outcome"] == "refused" and refused["game"] == "g-a"
    replaced = client.post("/v1/ingest?replace=true", json={"logs": [_log("a2", other)]}).json()["results"][0]
    assert replaced["outcome"] == "replaced"


def test_bad_base64_is_one_unreadable_log_and_an_empty_batch_is_refused(client) -> None:  # noqa: ANN001
    bad = client.post("/v1/ingest", json={"logs": [{"name": "x", "content_base64": "not base64!"}, _log("a", kitchen())]})
    assert bad.status_code == 200
    assert [r["outcome"] for r in bad.json()["results"]] == ["unreadable", "ingested"]
    assert "not Base64" in bad.json()["results"][0]["message"]
    assert client.post("/v1/ingest", json={"logs": []}).status_code == 422


def test_writes_need_the_token(token_client) -> None:  # noqa: ANN001
    body = {"logs": [_log("a", kitchen())]}
    assert token_client.post("/v1/ingest", json=body).status_code == 401
    ok = token_client.post("/v1/ingest", json=body, headers={"Authorization": f"Bearer {TOKEN}"})
    assert ok.status_code == 200 and ok.json()["results"][0]["outcome"] == "ingested"
