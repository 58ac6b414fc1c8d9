"""The live table's advice says the chance to win of hit and stay (model flip7-w1), in English and
German, in headless Chromium. Skipped, saying why, where no Chromium can be driven."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.conftest import _page, screenshot
from tests.e2e.test_live_e2e import tap_card, tap_move
from tests.e2e.test_table_join_e2e import context, seat

expect = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install -e '.[test]')").expect

#: The first advice may build the model's round-score table: wait for it.
ADVICE_WAIT = 60_000


@pytest.mark.parametrize(("locale", "width", "words"), [
    ("en-US", 1280, ("Chance to win: Hit ", " % · Stay ", "model flip7-w1, an estimate from ")),
    ("de-DE", 360, ("Siegchance: Noch eine ", " % · Stopp ", "Modell flip7-w1, eine Schätzung aus je ")),
])
def test_the_advice_says_the_chance_to_win(browser_context_factory: Any, server: str, locale: str, width: int, words: tuple[str, ...]) -> None:
    table = seat(server)
    for scorer in _page(context(browser_context_factory, width, 740, locale), server):
        scorer.goto(server + table["write_link"])
        expect(scorer.locator("body")).to_have_attribute("data-seq", re.compile(r"^\d+$"))
        tap_move(scorer, "round")
        for card in ("8", "12", "x2"):  # Ben's turn, on 8
            tap_card(scorer, card)
        shown = scorer.locator("#advice-win")
        for part in words:
            expect(shown).to_contain_text(part, timeout=ADVICE_WAIT)
        assert scorer.evaluate("document.documentElement.scrollWidth") <= width
        screenshot(scorer, f"table-win-advice-{locale}-{width}")
