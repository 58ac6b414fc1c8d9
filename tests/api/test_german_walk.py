"""The German walk of the server (issue 29): every route that says something to a person answers
``?lang=de`` (or ``Accept-Language: de``) with no English word of ``tests.german.ENGLISH`` in what
it says: the timeline's verdict and the pages' sentences (``told``), the referee's settlement, the rulesets' labels, the glossary, a live table's refusal.
Data (names, cards, codes, rule ids, log lines) is not a language and is not read."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.german import english_in

ROOT = Path(__file__).resolve().parents[2]
LOGS = [ROOT / "logs" / name for name in ("4-players.jsonl", "invalid-wrong-turn.jsonl", "vengeance-4-players.jsonl", "invalid-bad-claims.jsonl")]
NAMES = ("Ana", "Ben", "Cem", "Dana")
#: Keys whose values are said to a person in the asked language (anything under ``told``, the pages'
#: sentences, too). A table view's ``notes`` and ``waiting_for.description`` are its English data;
#: the pages show ``told`` in their place.
SAID = {"message", "summary", "rule_text", "facts", "legal_instead", "story", "outcome_text", "why",
        "breakdown", "saves", "text", "label", "kind_label", "detail", "words", "told"}


def said(value: Any, key: str = "", inside: bool = False) -> Iterator[str]:
    """Every text in ``value`` under a key of ``SAID`` (at any depth)."""
    inside = inside or key in SAID
    if isinstance(value, dict):
        for k, v in value.items():
            yield from said(v, k, inside)
    elif isinstance(value, list):
        for v in value:
            yield from said(v, key, inside)
    elif isinstance(value, str) and inside:
        yield value


def english(answer: Any) -> list[str]:
    """The English words of what ``answer`` says, with the text they stand in."""
    return [f"{found}: {text}" for text in said(answer) if (found := english_in(text, NAMES))]


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.stem)
def test_the_timeline_in_german(client: Any, log: Path) -> None:
    answer = client.post("/v1/replay?lang=de", content=log.read_bytes())
    assert answer.status_code == 200
    timeline = answer.json()
    assert timeline["tables"]
    assert english(timeline) == []


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.stem)
def test_the_settlement_in_german(client: Any, log: Path) -> None:
    answer = client.post("/v1/settle", content=log.read_bytes(), headers={"Accept-Language": "de"})
    assert answer.status_code == 200 and answer.headers["content-language"] == "de"
    assert english(answer.json()) == []


@pytest.mark.parametrize("route", ["/v1/rulesets?lang=de", "/v1/words?lang=de"])
def test_the_pages_words_in_german(client: Any, route: str) -> None:
    answer = client.get(route)
    assert answer.status_code == 200
    body = answer.json()
    for ruleset in body.get("rulesets", []):  # an option's description is the options model's, English by contract
        for option in ruleset["options"]:
            option.pop("description")
    assert english(body) == []


def test_a_live_tables_refusal_in_german(client: Any) -> None:
    created = client.post("/v1/tables", json={"players": ["Ana", "Ben", "Cem"], "dealer": "Cem", "id": "walk"}).json()
    key = {"X-Table-Key": created["key"], "Accept-Language": "de"}
    url = f"/v1/tables/{created['id']}/events"
    client.post(url, json={"type": "round", "round": 1}, headers=key)
    refused = client.post(url, json={"type": "hit", "player": "Ben"}, headers=key)
    assert refused.status_code == 422
    problem = refused.json()
    assert english({"detail": problem["detail"]}) == []


def test_the_walk_reads_what_a_page_shows() -> None:
    """The walk can fail: an English note is found, the data around it is not read."""
    table = {"after_event": 3, "told": {"players": [{"name": "Ana", "why": "frozen by Ben's Freeze"}]}, "raw": '{"type":"hit"}'}
    assert english(table) == ["['frozen']: frozen by Ben's Freeze"]
    assert json.dumps(list(said({"code": "wrong_player", "rule": "turn.order"}))) == "[]"
