"""Offline taps and purist mode in headless Chromium against a real `flip7 serve` (issue 32): three
browser contexts (the scorer, a follower, the table screen) play a few moves; the scorer's network
drops, its taps wait in a visible queue that survives a reload (the service worker keeps the page),
and on reconnect they are sent in order, one the server refuses on arrival shown with its reason
and dropped; every page then shows the same events as the server's ``/log``. At 360 px and 1280 px.
A purist table shows no bust chance and no advice on any page."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from typing import Any

import pytest

from tests.e2e.conftest import _page, screenshot
from tests.e2e.test_live_e2e import tap_card, tap_move
from tests.e2e.test_table_join_e2e import context, post, seat

expect = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install -e '.[test]')").expect


def server_events(server: str, table_id: str) -> list[dict[str, Any]]:
    with urllib.request.urlopen(f"{server}/v1/tables/{table_id}/log") as response:
        return [json.loads(line) for line in response.read().decode().splitlines()]


def server_seq(server: str, table_id: str) -> int:
    with urllib.request.urlopen(f"{server}/v1/tables/{table_id}") as response:
        return int(json.loads(response.read())["seq"])


def shown_events(tab: Any, state: str, events: list[dict[str, Any]], seconds: float = 10.0) -> Any:
    """The events ``tab`` shows, once they are ``events`` (or when ``seconds`` have passed)."""
    deadline = time.monotonic() + seconds
    shown = tab.evaluate(state)
    while shown != events and time.monotonic() < deadline:
        tab.wait_for_timeout(200)
        shown = tab.evaluate(state)
    return shown


@pytest.mark.parametrize("width", [360, 1280])
def test_taps_made_offline_wait_in_a_queue_and_every_page_ends_with_the_servers_log(browser_context_factory: Any, server: str, width: int) -> None:
    table = seat(server)
    table_id = table["id"]
    scorer_context = browser_context_factory(width, 740 if width < 500 else 720, "en-US", "allow")
    scorer_tab = _page(scorer_context, server)
    others = [_page(context(browser_context_factory, width, 740), server) for _ in range(2)]
    scorer = next(scorer_tab)
    follower, screen = (next(t) for t in others)
    scorer.goto(server + table["write_link"])
    follower.goto(server + table["read_link"])
    screen.goto(server + table["read_link"] + "/screen")
    assert scorer.evaluate("navigator.serviceWorker.ready.then(() => true)")
    expect(scorer.locator("#owed")).to_have_text("round 1: Ana deals")
    scorer.wait_for_function("caches.open('flip7-table-v1').then((c) => c.match(location.pathname)).then(Boolean)")
    tap_move(scorer, "round")
    tap_card(scorer, "8")
    tap_card(scorer, "12")
    expect(follower.locator("#owed")).to_have_text("deal: Ana's card")

    scorer_context.set_offline(True)
    scorer.click('#cards button[data-card="x2"]')  # Ana's card: kept on arrival
    scorer.click('#cards button[data-card="3"]')  # the page still offers Ana a card: refused on arrival
    expect(scorer.locator("#sync-queue .count")).to_have_text("Waiting to sync: 2")
    expect(scorer.locator("#sync-queue")).not_to_contain_text("null")
    assert server_events(server, table_id)[-1] == {"type": "card", "player": "Cem", "card": "12"}  # nothing reached it
    scorer.reload()  # offline: the service worker gives the page; the queue is kept
    expect(scorer.locator("#sync-queue .count")).to_have_text("Waiting to sync: 2")
    expect(scorer.locator("#sync-queue li")).to_have_text(["x2 to Ana", "3 to Ana"])
    expect(scorer.locator("#sync-queue")).not_to_contain_text("null")
    screenshot(scorer, f"offline-queue-{width}")

    scorer_context.set_offline(False)
    expect(scorer.locator("body")).to_have_attribute("data-queued", "0")
    expect(scorer.locator("#sync-refused")).to_be_visible()
    expect(scorer.locator("#sync-refused li")).to_have_count(1)  # x2 was kept; the second card for Ana was not
    expect(scorer.locator("#sync-refused li")).to_contain_text("3 to Ana: ")
    expect(scorer.locator("#sync-refused li")).to_contain_text("rule ")
    events = server_events(server, table_id)
    assert events[-1] == {"type": "card", "player": "Ana", "card": "x2"} and len(events) == 5
    seq = server_seq(server, table_id)
    tap_move(scorer, "hit")  # online again: the pad works as before
    events, seq = server_events(server, table_id), server_seq(server, table_id)
    for tab, state in ((scorer, "page.events"), (follower, "page.events"), (screen, "board.events")):
        expect(tab.locator("body")).to_have_attribute("data-seq", str(seq))
        assert shown_events(tab, state, events) == events
    screenshot(follower, f"offline-follower-{width}")
    for tab in (scorer_tab, *others):
        next(tab, None)


def test_a_purist_table_shows_no_bust_chance_or_advice_on_any_page(browser_context_factory: Any, server: str) -> None:
    table = seat(server)
    table_id, key = table["id"], table["key"]
    tabs = [_page(context(browser_context_factory, w, 740, locale), server) for w, locale in ((360, "en-US"), (1280, "de-DE"))]
    scorer, follower = (next(t) for t in tabs)
    scorer.goto(server + table["write_link"])
    follower.goto(server + table["read_link"])
    tap_move(scorer, "round")
    for card in ("8", "12", "x2"):
        tap_card(scorer, card)
    for tab in (scorer, follower):  # Ben's turn: the counting aids are there
        expect(tab.locator("#chance")).not_to_be_empty()
    expect(scorer.locator("#advice")).not_to_be_empty()
    expect(scorer.locator("#purist-btn")).to_have_text("Purist mode: off")
    expect(follower.locator("#purist-btn")).to_be_hidden()  # the scorer's tool: not on a follower's page
    scorer.click("#purist-btn")
    expect(scorer.locator("#purist-btn")).to_have_text("Purist mode: on")
    for tab in (scorer, follower):
        expect(tab.locator("body")).to_have_attribute("data-purist", "1")
        expect(tab.locator("#chance")).to_be_empty()
        expect(tab.locator("#advice")).to_be_empty()
    expect(follower.locator("#purist-note")).to_have_text("Puristischer Tisch: keine Zählhilfen")
    assert post(server, f"/v1/tables/{table_id}/purist", {"purist": True}, key)[0] == 200
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{server}/v1/tables/{table_id}/advice")
    assert refused.value.code == 409
    tap_move(scorer, "hit")
    tap_card(scorer, "5")
    expect(follower.locator("#chance")).to_be_empty()
    # seating a purist table from the form
    scorer.goto(server + "/table")
    scorer.check("#purist")
    scorer.click("#create-btn")
    expect(scorer.locator("#purist-note")).to_be_visible()
    for tab in tabs:
        next(tab, None)
