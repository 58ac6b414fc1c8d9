"""``POST /v1/tables/{id}/events/{index}``: correcting an earlier event over the API, its problem+json
answers (key, fences, stale ``after``, the game line, a refused correction) and what followers get."""

from __future__ import annotations

import json

from tests.api.conftest import TestClient
from tests.api.test_live import ROUND, create

JSON = {"Content-Type": "application/json"}
CONFLICT = "urn:flip7:problem:table-conflict"


def played(client: TestClient) -> tuple[str, dict[str, str]]:
    table_id, key, _ = create(client)
    for event in ROUND:
        assert client.post(f"/v1/tables/{table_id}/events", json=event, headers=key).status_code == 200
    return table_id, key


def test_a_correction_replays_the_rest_and_lists_what_is_dropped_in_both_languages(client: TestClient) -> None:
    table_id, key = played(client)
    fixed = {"type": "card", "player": "Ben", "card": "9"}
    kept = client.post(f"/v1/tables/{table_id}/events/2", json=fixed, headers=key)
    assert kept.status_code == 200, kept.text
    body = kept.json()
    assert (body["index"], body["kept"], body["dropped"], body["preview"]) == (2, 3, [], False)
    assert json.loads(client.get(f"/v1/tables/{table_id}/log").text.splitlines()[2]) == fixed
    # Ben's first card a Freeze: Ben owes its target, so the later deals no longer fit
    freeze = client.post(f"/v1/tables/{table_id}/events/2?after=5", json={"type": "card", "player": "Ben", "card": "freeze"}, headers=key)
    assert freeze.status_code == 200, freeze.text
    dropped = freeze.json()["dropped"]
    assert dropped and dropped[0]["index"] == 3 and dropped[0]["event"] == ROUND[2]
    assert dropped[0]["rule"] and set(dropped[0]["messages"]) == {"en", "de"}
    events = freeze.json()["table"]["events"]
    assert events == 3 + freeze.json()["kept"] == len(client.get(f"/v1/tables/{table_id}/log").text.splitlines())


def test_a_preview_keeps_nothing(client: TestClient) -> None:
    table_id, key = played(client)
    log = client.get(f"/v1/tables/{table_id}/log").text
    seen = client.post(f"/v1/tables/{table_id}/events/2?preview=true", json={"type": "card", "player": "Ben", "card": "freeze"}, headers=key)
    assert seen.status_code == 200 and seen.json()["preview"] is True and seen.json()["dropped"]
    assert client.get(f"/v1/tables/{table_id}/log").text == log


def test_the_problems_of_a_correction(client: TestClient) -> None:
    table_id, key = played(client)
    log = client.get(f"/v1/tables/{table_id}/log").text
    url = f"/v1/tables/{table_id}/events"
    fixed = {"type": "card", "player": "Ben", "card": "9"}
    missing = client.post(f"{url}/2", json=fixed)
    assert missing.status_code == 403 and missing.json()["type"] == "urn:flip7:problem:table-key"
    assert client.post(f"{url}/2", json=fixed, headers={"X-Table-Key": "nope"}).status_code == 403
    stale = client.post(f"{url}/2?after=3", json=fixed, headers=key)
    assert stale.status_code == 409 and stale.json()["type"] == CONFLICT and "moved on" in stale.json()["detail"]
    game = client.post(f"{url}/0", json={"type": "game", "id": "x", "players": ["Ana", "Ben"], "dealer": "Ana"}, headers=key)
    assert game.status_code == 409 and game.json()["type"] == CONFLICT and "game line" in game.json()["detail"]
    assert client.post(f"{url}/6", json=fixed, headers=key).status_code == 409
    assert client.post(f"{url}/x", json=fixed, headers=key).status_code == 422
    refused = client.post(f"{url}/2?lang=de", json={"type": "card", "player": "Ana", "card": "8"}, headers=key)
    assert refused.status_code == 422 and refused.headers["content-type"].startswith("application/problem+json")
    problem = refused.json()
    assert problem["type"] == "urn:flip7:problem:move-refused" and problem["rule"] == "deal.order" and problem["violation"]["event"] == 2
    assert problem["detail"] == problem["messages"]["de"] != problem["messages"]["en"]
    foreign = client.post(f"{url}/2", json=fixed, headers={**key, "Origin": "http://evil.example"})
    assert foreign.status_code == 403 and foreign.json()["type"] == "urn:flip7:problem:cross-origin-write"
    plain = client.post(f"{url}/2", content=json.dumps(fixed), headers={**key, "Content-Type": "text/plain"})
    assert plain.status_code == 415
    assert client.post(f"{url}/2", content=b"", headers={**key, **JSON}).status_code == 400
    assert client.get(f"/v1/tables/{table_id}/log").text == log  # nothing of it kept
    assert client.post(f"/v1/tables/{table_id}/finish", headers=key).status_code == 200
    finished = client.post(f"{url}/2", json=fixed, headers=key)
    assert finished.status_code == 409 and "finished" in finished.json()["detail"]
    assert client.post("/v1/tables/nope/events/2", json=fixed, headers=key).status_code == 404


def test_the_correcting_words_are_complete_in_both_languages_and_name_no_card() -> None:
    import re
    from pathlib import Path

    from adjudicator.rulesets import RULESETS

    text = (Path(__file__).resolve().parents[2] / "api" / "static" / "correct.js").read_text(encoding="utf-8")
    blocks = re.search(r"en: \{(.*?)\n  \},\n  de: \{(.*?)\n  \},", text, re.S)
    assert blocks is not None
    en, de = (set(re.findall(r"\b(\w+): \"", block)) for block in blocks.groups())
    assert en and en == de
    assert set(re.findall(r'\bct\("(\w+)"', text)) <= en
    names = {name for rules in RULESETS.values() for card in rules.cards - set(rules.numbers) for name in (card, rules.card_name(card))}
    assert not [n for n in names if re.search(rf"[\"'`>]{re.escape(n)}[\"'`<]", text, re.I)]
