"""``GET /v1/words``: one German glossary of the game's words for every page, the server's (the
commands use the same catalogue); the pages keep no table of the game's words and do not translate
the server's notes."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from adjudicator.messages import glossary
from adjudicator.rulesets import RULESETS
from cli.analysis import WORDS as ANALYSIS
from cli.render import WORDS as REPORTS

STATIC = Path(__file__).resolve().parents[2] / "api" / "static"


def test_the_glossary_says_the_rule_sources_words(client: Any) -> None:
    german = client.get("/v1/words?lang=de")
    assert german.status_code == 200 and german.headers["content-language"] == "de"
    words = german.json()["words"]
    assert (words["hit"], words["stay"], words["busted"]) == ("noch eine", "Stopp", "verzockt")
    assert words["frozen"] == "eingefroren"  # the base game's own status, from its kit's catalogue
    english = client.get("/v1/words", headers={"Accept-Language": "en"}).json()
    assert english["lang"] == "en" and english["words"]["hit"] == "hit"
    assert set(english["words"]) == set(words)
    assert client.get("/v1/words?lang=fr").status_code == 422


def test_a_kits_words_come_from_its_own_catalogue() -> None:
    shared = glossary("de")
    every = glossary("de", *(rules.messages for rules in RULESETS.values()))
    assert "frozen" not in shared and every["frozen"] == "eingefroren"


def test_the_pages_keep_no_game_words_and_translate_no_server_note() -> None:
    text = (STATIC / "i18n.js").read_text(encoding="utf-8")
    assert '"hit": "noch eine"' not in text and '"busted": "verzockt"' not in text
    assert "frozen by {who}'s Freeze" not in text and "new RegExp" not in text
    assert "/v1/words?lang=" in text


def test_the_commands_say_the_glossarys_words() -> None:
    de = glossary("de")
    assert (ANALYSIS["de"]["hit"], ANALYSIS["de"]["stay"]) == (de["hit"], de["stay"])
    assert "noch eine" in ANALYSIS["de"]["to_move"] and "ziehen" not in ANALYSIS["de"]["to_move"]
    assert REPORTS["de"]["total"] == de["total"] and REPORTS["de"]["winner"] == de["winner"]


def test_no_german_catalogue_says_the_game_in_other_words() -> None:
    """One German for the game's words: no command, catalogue or shared page script says "ziehen",
    "überziehen" or "ausscheiden" for what the rule sources call "noch eine" and "verzockt"."""
    root = STATIC.parents[1]
    others = re.compile(r"(?<![Nn]ach)\bziehen\b|überzieh|\bzieht\b|auszuscheiden")
    files = [*(root / "cli").glob("*.py"), *(root / "adjudicator").rglob("*.py"), STATIC / "i18n.js"]
    found = [f"{path.relative_to(root)}: {m.group(0)}" for path in files for m in others.finditer(path.read_text(encoding="utf-8"))]
    assert found == []
    assert others.search("zu lange ziehen") and not others.search("Nachziehstapel")
