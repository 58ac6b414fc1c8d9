"""The live table page in German, in headless Chromium against a real `flip7 serve` (issue 32): the
follower's and the scorer's page show no English word (the rows' states, "frozen by…", the event
list, the navigation), and numbers are written as German writes them (8,9 %, not 8.9 %)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.conftest import _page, screenshot
from tests.e2e.test_table_join_e2e import context, post, seat

expect = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install -e '.[test]')").expect

#: Ana deals; Cem freezes Ben, Ana stays: Ben frozen (by Cem), Ana stayed, Cem to move with a bust chance.
EVENTS = [
    {"type": "round", "round": 1},
    {"type": "card", "player": "Ben", "card": "12"},
    {"type": "card", "player": "Cem", "card": "freeze"},
    {"type": "target", "player": "Cem", "card": "freeze", "target": "Ben"},
    {"type": "card", "player": "Ana", "card": "9"},
    {"type": "hit", "player": "Cem"},
    {"type": "card", "player": "Cem", "card": "8"},
    {"type": "stay", "player": "Ana"},
]
#: English words none of which the German page may show (whole words, as written).
ENGLISH = [
    "busted", "stayed", "frozen", "hits", "stays", "gives", "to move", "dealer", "Dealer", "Round", "round", "Scores", "Total",
    "Player", "Players", "Last events", "New table", "Statistics", "live table", "Follow on another phone", "copy", "Undo",
    "Finish", "Hit", "Stay", "turn", "bust chance", "left", "reconnecting", "Following", "Game", "winner", "now",
]


@pytest.mark.parametrize("writer", [False, True], ids=["follower", "scorer"])
def test_the_live_table_page_in_german_shows_no_english_word(browser_context_factory: Any, server: str, writer: bool) -> None:
    table = seat(server)
    for event in EVENTS:
        status, body = post(server, f"/v1/tables/{table['id']}/events", event, key=table["key"])
        assert status == 200, body
    tab = _page(context(browser_context_factory, 360, 800, "de-DE"), server)
    page = next(tab)
    page.goto(server + (table["write_link"] if writer else table["read_link"]))
    expect(page.locator("body")).to_have_attribute("data-seq", str(1 + len(EVENTS)))
    expect(page.locator('#seats article[data-player="Ben"] .badge.st-frozen')).to_have_text("eingefroren")
    # why Ben is out, as the server tells it in German, and the Freeze that stopped him lies in his row
    expect(page.locator('#seats article[data-player="Ben"] .why')).to_have_text("von Cem eingefroren (Freeze) (Ereignis 4)")
    expect(page.locator('#seats article[data-player="Ben"] .card.action')).to_have_text("Freeze")
    expect(page.locator('#seats article[data-player="Ana"] .badge.st-stayed')).to_have_text("Stopp")
    # the scorer's list adds a "korrigieren" button to each event; the event's words come first
    expect(page.locator("#events li").first).to_have_text(re.compile(r"^8\. Ana sagt „Stopp“( korrigieren)?\s*$"))
    expect(page.locator("#chance")).to_contain_text(re.compile(r"Cem: \d+,\d %"))
    page.wait_for_timeout(300)  # the advice, asked after the table is drawn
    text = page.locator("body").inner_text()
    shown = sorted(word for word in ENGLISH if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text))
    assert not shown, f"English on the German page: {shown}\n{text}"
    assert not re.search(r"\d\.\d", page.locator("#banner").inner_text()), "a decimal point on the German page"
    assert page.title() == "flip7 · Live-Tisch"
    screenshot(page, f"table-page-de-{'scorer' if writer else 'follower'}")
    next(tab, None)
