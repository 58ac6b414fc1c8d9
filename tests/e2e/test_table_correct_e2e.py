"""Correcting an earlier event on the live table page, in headless Chromium against a real
`flip7 serve`: the scorer (English, 360 px) opens "correct" on event 2, picks another card on the
prefilled pad, sees what would be dropped, corrects it; a follower (German, 1280 px) ends with the
server's events, and the dropped events are listed with the server's reasons."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from tests.e2e.conftest import _page
from tests.e2e.test_table_join_e2e import post, seat

expect = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install -e '.[test]')").expect

EVENTS = [
    {"type": "round", "round": 1}, {"type": "card", "player": "Ben", "card": "8"}, {"type": "card", "player": "Cem", "card": "5"},
    {"type": "card", "player": "Ana", "card": "3"}, {"type": "hit", "player": "Ben"},
]


def server_log(server: str, table_id: str) -> list[dict[str, Any]]:
    with urllib.request.urlopen(f"{server}/v1/tables/{table_id}/log") as response:
        return [json.loads(line) for line in response.read().decode().splitlines()]


def shown_events(page: Any) -> list[int]:
    return sorted(int(i) for i in page.locator("#events li").evaluate_all("items => items.map(li => li.dataset.index)"))


def test_the_scorer_corrects_an_earlier_card_and_every_page_follows(browser_context_factory: Any, server: str) -> None:
    table = seat(server)
    for event in EVENTS:
        assert post(server, f"/v1/tables/{table['id']}/events", event, table["key"])[0] == 200
    scorer = next(_page(browser_context_factory(360, 740), server))
    follower = next(_page(browser_context_factory(1280, 720, "de-DE"), server))
    scorer.goto(server + table["write_link"])
    follower.goto(f"{server}{table['read_link']}")
    expect(scorer.locator("#events li")).to_have_count(6)
    expect(follower.locator(".correct-btn")).to_have_count(0)  # a follower corrects nothing
    expect(scorer.locator(".correct-btn")).to_have_count(5)  # every event but the game line

    scorer.click('.correct-btn[data-index="2"]')
    expect(scorer.locator("#correct-box h3")).to_contain_text("Correcting event 2")
    expect(scorer.locator('#correct-cards button[aria-pressed="true"]')).to_have_attribute("data-card", "8")
    action = scorer.locator("#correct-cards button.action").first
    card = action.get_attribute("data-card")
    action.click()
    scorer.click("#correct-check")
    expect(scorer.locator("#correct-result .dropped li").first).to_be_visible()
    assert len(server_log(server, table["id"])) == 6  # a preview keeps nothing
    scorer.click("#correct-apply")
    expect(scorer.locator("#correct-done")).to_contain_text("Corrected event 2")
    dropped = scorer.locator("#correct-box .dropped li")
    expect(dropped.first).to_contain_text("rule")

    log = server_log(server, table["id"])
    assert log[2]["card"] == card and len(log) == 6 - dropped.count()
    for page in (scorer, follower):
        expect(page.locator("body")).to_have_attribute("data-seq", str(len(EVENTS) + 2))
        assert shown_events(page) == list(range(len(log)))
