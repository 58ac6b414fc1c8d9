"""What a new user meets first, in headless Chromium: the API docs page, the stored-games list of
the viewer, the statistics page's filters and errors, and both pages in German.

Each test keeps a screenshot (tests/e2e/artifacts/). Skipped, saying why, where no Chromium can be driven.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import screenshot

expect = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install -e '.[test]')").expect


@pytest.mark.parametrize("width", [1280, 360])
def test_the_docs_page_shows_the_operations(browser_context_factory: Any, server: str, width: int) -> None:
    from tests.e2e.conftest import _page

    for tab in _page(browser_context_factory(width, 900), server):
        tab.goto(server + "/docs")
        expect(tab.locator(".information-container .title")).to_contain_text("flip7")
        expect(tab.locator(".opblock-summary-path", has_text="/v1/games").first).to_be_visible()
        expect(tab.locator("text=Unable to render this definition")).to_have_count(0)
        assert tab.locator(".opblock").count() >= 10  # every operation has its block
        screenshot(tab, f"docs-{width}")
