"""A ruleset reaches the pages through ``GET /v1/rulesets`` (issue 29): a real `flip7 serve` with a
test-only ruleset registered (*Picnic*, ``tests/api/test_rulesets.py``: an option of its own that
names a mode) offers it on the live table's form with its option, creates a table with it, and
lists it in the statistics filter, in English and in German. Skipped where no Chromium can be driven.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import _page, screenshot, serving_program

expect = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install -e '.[test]')").expect

#: Registers Picnic, then runs the CLI (the API's request models are built after the registry has it).
SERVE_WITH_PICNIC = (
    "from adjudicator.rulesets import register; from tests.api.test_rulesets import KIT; register(KIT); "
    "from cli.main import main; main()"
)


def serving_picnic(folder: Path) -> AbstractContextManager[str]:
    """`flip7 serve` on an empty store in ``folder`` with Picnic registered; yields its base URL."""
    return serving_program(folder, SERVE_WITH_PICNIC, "picnic")


@pytest.fixture(scope="module")
def picnic_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a server that judges Picnic too."""
    with serving_picnic(tmp_path_factory.mktemp("picnic")) as base:
        yield base


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.load(response)


@pytest.mark.parametrize("locale, short, label", [("en-US", "Short", "picnic (every mode)"), ("de-DE", "Kurz", "picnic (jeder Modus)")])
def test_a_test_only_ruleset_is_offered_by_the_form_and_the_filter(
    browser_context_factory: Any, picnic_server: str, locale: str, short: str, label: str
) -> None:
    assert "picnic" in [r["name"] for r in get_json(picnic_server + "/v1/rulesets")["rulesets"]]
    for page in _page(browser_context_factory(360, 780, locale=locale), picnic_server):
        page.goto(picnic_server + "/table")
        expect(page.locator("#ruleset option[value='picnic']")).to_have_count(1)
        expect(page.locator("#ruleset")).to_have_value("flip7")  # the default ruleset is chosen
        page.select_option("#ruleset", "picnic")
        box = page.locator("#option-short")
        expect(box).not_to_be_checked()  # its default
        expect(page.locator("label[for='option-short']")).to_have_text(short)
        expect(page.locator("#option-edition")).to_be_visible()  # a choice, as a list
        box.check()
        page.fill("#players", "Ana, Ben, Cem")
        screenshot(page, f"table-form-picnic-{locale}")
        page.click("#create-btn")
        page.wait_for_url("**/table/*#key=*")
        table_id = page.url.split("/table/")[1].split("#")[0]
        with urllib.request.urlopen(f"{picnic_server}/v1/tables/{table_id}/log", timeout=10) as response:
            game = json.loads(response.read().decode().splitlines()[0])
        assert game["ruleset"] == "picnic" and game["short"] is True and "edition" not in game  # only what differs from the defaults
        screenshot(page, f"table-picnic-{locale}")

        page.goto(picnic_server + "/stats")
        expect(page.locator("#ruleset option[value='picnic']")).to_have_text(label)
        expect(page.locator("#ruleset option[value='picnic (short)']")).to_have_text("picnic (short)")
