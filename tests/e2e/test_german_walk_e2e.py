"""The German walk of the pages (issue 29), in headless Chromium against a real `flip7 serve` over
the sample logs: each page opened in German (the viewer on a stored game at an event with a frozen
player, the statistics, the players, the live table's form) shows no English word of
``tests.german.ENGLISH`` (names, cards and ids aside); the statistics page's figures, captions and
tables are the server's German; the viewer's next line and score breakdown are the pages' told
sentences."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import _page
from tests.german import english_in

expect = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install -e '.[test]')").expect

NAMES = ("Ana", "Ben", "Cem", "Dana", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lea")
#: Each page, and what shows it has drawn.
PAGES = {
    "viewer": ("/#game=sample-4-players&event=14", "#seats article"),
    "players": ("/players", "body"),
    "table-form": ("/table", "body"),
    "statistics": ("/stats", "#figures figure"),
}


def _german(browser_context_factory: Any, server: str, path: str, ready: str) -> str:
    tab = _page(browser_context_factory(1280, 900, "de-DE"), server)
    page = next(tab)
    page.goto(server + path)
    expect(page.locator(ready).first).to_be_visible()
    page.wait_for_timeout(2_000)  # what the page fetches after its first drawing (the viewer's analysis)
    text = page.locator("body").inner_text()
    for _ in tab:  # the page's own checks: no JavaScript error, no other host
        pass
    return text


@pytest.mark.parametrize("name", sorted(PAGES))
def test_a_page_in_german_shows_no_english_word(browser_context_factory: Any, server: str, name: str) -> None:
    path, ready = PAGES[name]
    shown = _german(browser_context_factory, server, path, ready)
    found = english_in(shown, NAMES)
    assert found == [], (found, [line for line in shown.splitlines() if english_in(line, NAMES)])
