"""The live table page in headless Chromium, against a real `flip7 serve`: a short game played by
tapping, at 360 px and at 1280 px, with an illegal tap refused, an undo, and other browsers
following live. Skipped, saying why, where no Chromium can be driven."""

from __future__ import annotations

import subprocess
import sys
import urllib.request
from typing import Any

import pytest

from tests.e2e.conftest import ROOT, _page, screenshot

expect = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install -e '.[test]')").expect


def seat_players(page: Any, server: str) -> str:
    """Seat Ana, Ben and Cem (Ana deals, 10 points win) on the new-table form; returns the write link."""
    page.goto(server + "/table")
    page.fill("#players", "Ana, Ben, Cem")
    page.select_option("#dealer", "Ana")
    page.fill("#target", "10")
    page.click("#create-btn")
    page.wait_for_url("**/table/*#key=*")
    expect(page.locator("#owed")).to_have_text("round 1: Ana deals")
    return str(page.url)


def tap_card(page: Any, card: str) -> None:
    seq = int(page.locator("body").get_attribute("data-seq"))
    page.click(f'#cards button[data-card="{card}"]')
    expect(page.locator("body")).not_to_have_attribute("data-seq", str(seq))


def tap_move(page: Any, move: str) -> None:
    seq = int(page.locator("body").get_attribute("data-seq"))
    page.click(f'#moves button[data-move="{move}"]')
    expect(page.locator("body")).not_to_have_attribute("data-seq", str(seq))


def caught_up(page: Any, other: Any) -> None:
    """Waits until `page` has seen every event `other` has: the next tap on it is not a stale one."""
    expect(page.locator("body")).to_have_attribute("data-seq", str(other.locator("body").get_attribute("data-seq")))


def fits(page: Any) -> None:
    """Nothing wider than the screen, and the tap targets big enough for a thumb."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    heights = page.eval_on_selector_all("#cards button, #moves button, #undo-btn", "els => els.map(e => e.getBoundingClientRect().height)")
    assert heights and min(heights) >= 44


def play_short_game(writer: Any, follower: Any, name: str) -> str:
    """Ana deals; Ben 5, Cem 8, Ana 3; an illegal card for Ben is refused; Ben hits a 6; Cem stays;
    Ana hits (undone) and stays; Ben stays at 11, which wins (10 points). Returns the game id."""
    tap_move(writer, "round")
    expect(writer.locator("#owed")).to_have_text("deal: Ben's card")
    expect(follower.locator("#owed")).to_have_text("deal: Ben's card")  # followed live
    for card in ("5", "8", "3"):
        tap_card(writer, card)
    expect(writer.locator("#owed")).to_have_text("Ben's turn: hit or stay")
    expect(writer.locator("#chance")).to_contain_text("Ben:")
    expect(writer.locator("#advice")).to_contain_text("Stay banks 5 · a hit is worth about")
    fits(writer)

    writer.click('#cards button[data-card="7"]')  # a card with no hit first: refused, with its reason
    refusal = writer.locator("#refusal")
    expect(refusal).to_be_visible()
    expect(refusal).to_contain_text("it is Ben's turn to hit or stay")
    expect(refusal.locator(".rule")).to_contain_text("rule ")
    expect(writer.locator("#owed")).to_have_text("Ben's turn: hit or stay")  # not kept

    tap_move(writer, "hit")
    expect(refusal).to_be_hidden()
    tap_card(writer, "6")
    expect(follower.locator("#owed")).to_have_text("Cem's turn: hit or stay")
    tap_move(writer, "stay")
    expect(writer.locator("#owed")).to_have_text("Ana's turn: hit or stay")
    tap_move(writer, "hit")
    writer.click("#undo-btn")  # Ana did not hit after all
    expect(writer.locator("#owed")).to_have_text("Ana's turn: hit or stay")
    expect(follower.locator("#owed")).to_have_text("Ana's turn: hit or stay")
    tap_move(writer, "stay")
    expect(writer.locator("#owed")).to_have_text("Ben's turn: hit or stay")
    tap_move(writer, "stay")
    expect(writer.locator("#owed")).to_have_text("game over: Ben won")
    expect(follower.locator('#seats article[data-player="Ben"] .total')).to_have_text("11")
    expect(follower.locator(".score-table tbody tr").nth(1)).to_contain_text("11")
    screenshot(writer, f"live-{name}-over")
    writer.click("#finish-btn")
    expect(writer.locator("#owed")).to_contain_text("the game is stored as live-")
    expect(follower.locator("#owed")).to_contain_text("the game is stored as live-")
    expect(writer.locator("#pad")).to_be_hidden()
    screenshot(follower, f"live-{name}-follower")
    return str(writer.locator("#owed").inner_text()).rsplit(" ", 1)[-1].rstrip(".")


def check_stored(server: str, game: str) -> None:
    with urllib.request.urlopen(f"{server}/v1/games/{game}") as response:
        assert b'"valid":true' in response.read().replace(b" ", b"")
    with urllib.request.urlopen(f"{server}/v1/games/{game}/log") as response:
        log = response.read()
    result = subprocess.run([sys.executable, "-m", "cli.main", "check", "-"], input=log, capture_output=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout
    assert b"valid" in result.stdout


@pytest.mark.parametrize("width", [360, 1280])
def test_a_short_game_played_by_tapping_and_followed_live(browser_context_factory: Any, server: str, width: int) -> None:
    writer_pages = _page(browser_context_factory(width, 800), server)
    follower_pages = _page(browser_context_factory(1280 if width == 360 else 360, 800), server)
    writer, follower = next(writer_pages), next(follower_pages)
    link = seat_players(writer, server)
    follower.goto(link.split("#", 1)[0])  # the read link: it follows, it cannot write
    expect(follower.locator("#owed")).to_have_text("round 1: Ana deals")
    expect(follower.locator("#pad")).to_be_hidden()
    game = play_short_game(writer, follower, str(width))
    check_stored(server, game)
    for pages in (writer_pages, follower_pages):
        next(pages, None)


def test_three_players_play_a_round_on_two_phones(browser_context_factory: Any, server: str) -> None:
    """Two phones hold the write link and take turns at recording; each sees the other's taps."""
    one_pages, two_pages = _page(browser_context_factory(360, 740), server), _page(browser_context_factory(360, 740), server)
    one, two = next(one_pages), next(two_pages)
    link = seat_players(one, server)
    two.goto(link)
    expect(two.locator("#owed")).to_have_text("round 1: Ana deals")
    tap_move(one, "round")
    expect(two.locator("#owed")).to_have_text("deal: Ben's card")
    tap_card(two, "5")
    expect(one.locator("#owed")).to_have_text("deal: Cem's card")
    tap_card(one, "8")
    caught_up(two, one)
    tap_card(two, "3")
    expect(one.locator("#owed")).to_have_text("Ben's turn: hit or stay")
    tap_move(one, "hit")
    caught_up(two, one)
    tap_card(two, "6")
    caught_up(one, two)
    tap_move(one, "stay")
    caught_up(two, one)
    tap_move(two, "stay")
    caught_up(one, two)
    tap_move(one, "stay")
    expect(two.locator("#owed")).to_have_text("game over: Ben won")
    two.click("#finish-btn")
    expect(one.locator("#owed")).to_contain_text("the game is stored as live-")
    check_stored(server, str(one.locator("#owed").inner_text()).rsplit(" ", 1)[-1].rstrip("."))
    for pages in (one_pages, two_pages):
        next(pages, None)
