"""Offline taps and purist mode on the table page (issue 32): the service worker is served from the
table's own path with a scope that covers ``/table``, and the words of the offline queue and of
purist mode are complete in English and German."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.api.conftest import TestClient

STATIC = Path(__file__).resolve().parents[2] / "api" / "static"


def test_the_service_worker_is_served_with_a_scope_over_the_table_pages(client: TestClient) -> None:
    response = client.get("/table/sw.js")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/javascript")
    assert response.headers["service-worker-allowed"] == "/table"
    assert "caches" in response.text and 'addEventListener("fetch"' in response.text
    page = client.get("/table/some-table").text
    assert "/static/offline.js" in page and "/static/purist.js" in page


@pytest.mark.parametrize(("script", "words", "call"), [("offline.js", "OFFLINE_TEXT", "ot"), ("purist.js", "PURIST_TEXT", "pt")])
def test_the_words_are_complete_in_both_languages(script: str, words: str, call: str) -> None:
    text = (STATIC / script).read_text(encoding="utf-8")
    block = re.search(words + r" = \{\n  en: \{(.*?)\},\n  de: \{(.*?)\},\n\};", text, re.S)
    assert block is not None
    en, de = (set(re.findall(r"\b(\w+): \"", part)) for part in block.groups())
    assert en and en == de
    html = (STATIC / "table.html").read_text(encoding="utf-8")
    used = set(re.findall(rf'\b{call}\("(\w+)"', text)) | (set(re.findall(r'data-p="(\w+)"', html)) if call == "pt" else set())
    assert used and used <= en
