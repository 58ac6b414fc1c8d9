"""The viewer on a phone keeps the event and the player rows in view (issue 28, item 2), and links to the live table (issue 32).

At 360×780 the event list lies below the rows; stepping must scroll only the list itself, never
the page down to it, and the event box must never sit under the sticky toolbar.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import _page, screenshot

expect = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install -e '.[test]')").expect

WIDTH, HEIGHT = 360, 780


@pytest.fixture
def small_phone(browser_context_factory: Any, server: str) -> Iterator[Any]:
    """A page of 360×780 CSS pixels, as on the phone the issue was found on."""
    yield from _page(browser_context_factory(WIDTH, HEIGHT), server)


def box(page: Any, selector: str) -> dict[str, float]:
    """``selector``'s first element's box relative to the viewport (top, bottom)."""
    return page.eval_on_selector(selector, "e => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; }")


def assert_event_and_rows_in_view(page: Any, when: str) -> None:
    """The event box starts below the sticky toolbar and inside the viewport, and the first player
    row starts inside the viewport."""
    toolbar = box(page, ".controls")
    event = box(page, "#event-info")
    row = box(page, "#seats .seat")
    assert event["top"] >= toolbar["bottom"] - 0.5, f"{when}: the toolbar covers the event box ({toolbar=}, {event=})"
    assert 0 <= event["top"] < HEIGHT, f"{when}: the event box is out of view ({event=})"
    assert event["bottom"] <= HEIGHT, f"{when}: the event box ends below the screen ({event=})"
    assert toolbar["bottom"] <= row["top"] < HEIGHT - 40, f"{when}: the player rows are out of view ({row=}, scrollY {page.evaluate('scrollY')})"


def test_stepping_on_a_phone_keeps_the_event_and_rows_in_view(small_phone: Any, server: str) -> None:
    page = small_phone
    page.goto(server + "/")
    expect(page.locator("#game-select option[value='invalid-wrong-turn']")).to_have_count(1)
    page.select_option("#game-select", "invalid-wrong-turn")
    page.click("#open-btn")
    expect(page.locator("#position")).to_have_text("event 0 of 257")
    assert_event_and_rows_in_view(page, "opened")
    for step in range(1, 5):
        page.click("#next-btn")
        expect(page.locator("#position")).to_have_text(f"event {step} of 257")
        assert_event_and_rows_in_view(page, f"after Next {step}")
    page.click("#violation-btn")
    expect(page.locator("#position")).to_have_text("event 27 of 257")
    expect(page.locator("#event-info .rule")).to_have_text("turn.order")
    assert_event_and_rows_in_view(page, "at the first violation")
    # the list still follows: its current item is scrolled into the list's own view
    inside = page.eval_on_selector(
        "#events",
        "l => { const i = l.querySelector('button[aria-current]').getBoundingClientRect(), r = l.getBoundingClientRect();"
        " return i.top >= r.top - 1 && i.bottom <= r.bottom + 1; }",
    )
    assert inside
    screenshot(page, "viewer-phone-stepping")


def test_the_viewer_and_the_statistics_link_to_the_live_table(small_phone: Any, server: str) -> None:
    # issue 32 ("Found"): the live table was not linked from the viewer
    page = small_phone
    for start in ("/", "/stats"):
        page.goto(server + start)
        page.click("nav a[href='/table']")
        expect(page).to_have_url(server + "/table")
        expect(page.locator("#create-form")).to_be_visible()
