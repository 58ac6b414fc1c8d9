"""``GET /v1/rulesets`` (issue 29, first slice): the registry told to the pages, in English and German.

*Picnic*, a test-only ruleset defined here (the base game's rules under another name, with an
option of its own, ``short``, that names a mode, and a status of its own, ``napping``), is
registered for one test at a time and must appear in the answer, in the statistics filter's labels
and in ``flip7 games --ruleset``, with no shared file naming it. The live table's form and the
statistics page build their choices from this answer (the Chromium test
``tests/e2e/test_rulesets_e2e.py`` plays Picnic through the form).

This module imports nothing of the API at its top: the browser test's server imports it to register
Picnic before the API's request models are built.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from pydantic import Field

from adjudicator.rulesets import RULESETS, base, registered
from adjudicator.rulesets.base.options import BaseGameOptions
from adjudicator.rulesets.texts import RefereeTexts
from adjudicator.state import Ruleset

LOGS = Path(__file__).resolve().parents[2] / "logs"
NAPPING = "napping"


class PicnicOptions(BaseGameOptions):
    """A Picnic ``game`` line: the base game's options, plus ``short``."""

    short: bool = Field(False, description="a short picnic: the round ends early")
    modes: ClassVar[tuple[str, ...]] = ("short",)


class Picnic(base.BaseGame):
    """The base game under another name, with an option, a mode and a status of its own."""

    name = "picnic"
    game_event = PicnicOptions
    status_words: ClassVar[dict[str, str]] = {**base.BaseGame.status_words, NAPPING: "is napping"}


class PicnicView(type(base.VIEW)):  # type: ignore[misc]
    """The base game's table, with Picnic's status in the legend."""

    def status_legend(self) -> dict[str, str]:
        """The base game's statuses and ``napping``."""
        return {**super().status_legend(), NAPPING: "asleep on the blanket"}


def _referee() -> RefereeTexts:
    texts = base.KIT.referee.texts
    own = {"en": {f"outcome_{NAPPING}": "napping"}, "de": {f"outcome_{NAPPING}": "döst"}}
    return RefereeTexts(texts={lang: {**texts[lang], **own[lang]} for lang in texts}, rules=base.KIT.referee.rules)


def _words() -> Any:
    words = base.KIT.words
    assert words is not None
    return dataclasses.replace(
        words, options={**words.options, "short": ["kurz"]},
        printed_options={"de": {**words.printed_options.get("de", {}), "short": "kurz"}},
    )


#: Picnic's kit: the base game's facets with its own words, texts and view.
KIT = dataclasses.replace(base.KIT, rules=Picnic(), words=_words(), referee=_referee(), view=PicnicView())


@pytest.fixture
def picnic() -> Iterator[Ruleset]:
    """Picnic registered for one test (the registry is put back afterwards)."""
    assert "picnic" not in RULESETS
    with registered(KIT) as rules:
        yield rules
    assert "picnic" not in RULESETS


def rulesets(client: Any, **headers: str) -> dict[str, Any]:
    """The answer of ``GET /v1/rulesets`` by ruleset name (asserting it is a 200)."""
    response = client.get("/v1/rulesets", headers=headers)
    assert response.status_code == 200, response.text
    return {r["name"]: r for r in response.json()["rulesets"]}


def test_the_shipped_rulesets_with_their_options_modes_cards_and_statuses(client: Any) -> None:
    response = client.get("/v1/rulesets")
    assert response.headers["content-language"] == "en"
    body = response.json()
    by_name = {r["name"]: r for r in body["rulesets"]}
    assert list(by_name) == list(RULESETS)  # the registry, in its order
    for name, info in by_name.items():
        rules = RULESETS[name]
        assert info["default"] == (name == "flip7")
        assert [o["name"] for o in info["options"]] == list(rules.game_event.options())  # from the options model
        assert [m["mode"] for m in info["modes"]] == list(rules.game_event.modes)
        assert {c["card"] for c in info["cards"]} >= set(rules.cards)
        assert {s["status"] for s in info["statuses"]} >= {"active", "stayed", "busted", *rules.status_words}
    edition = next(o for o in by_name["flip7"]["options"] if o["name"] == "edition")
    assert edition == {**edition, "type": "string", "choices": ["current", "first"], "default": "current", "mode": False}
    brutal = by_name["vengeance"]["options"][0]
    assert brutal == {**brutal, "name": "brutal", "type": "boolean", "default": False, "mode": True, "choices": None}
    assert by_name["vengeance"]["modes"] == [{"mode": "brutal", "label": "vengeance (brutal)"}]
    assert body["filters"] == ["flip7", "vengeance", "vengeance (brutal)"]  # what the statistics filter offers
    cards = {c["card"]: c for c in by_name["flip7"]["cards"]}
    assert cards["second_chance"] == {"card": "second_chance", "label": "Second Chance", "name": "Second Chance", "kind": "action", "kind_label": "action"}
    assert cards["x2"]["kind"] == "modifier" and cards["7"]["kind"] == "number"
    frozen = next(s for s in by_name["flip7"]["statuses"] if s["status"] == "frozen")
    assert frozen == {"status": "frozen", "label": "frozen", "meaning": "stopped by a Freeze, banks the row", "mark": "❄"}


@pytest.mark.parametrize("headers, query", [({"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}, ""), ({"Accept-Language": "en"}, "?lang=de")])
def test_german_by_accept_language_or_lang(client: Any, headers: dict[str, str], query: str) -> None:
    response = client.get(f"/v1/rulesets{query}", headers=headers)
    assert response.status_code == 200 and response.headers["content-language"] == "de"
    by_name = {r["name"]: r for r in response.json()["rulesets"]}
    statuses = {s["status"]: s for s in by_name["flip7"]["statuses"]}
    assert statuses["stayed"]["label"] == "Stopp" and statuses["busted"]["label"] == "verzockt"  # the rule sources' words
    assert statuses["frozen"]["label"] == "eingefroren" and statuses["frozen"]["meaning"] is None  # no English in German
    assert {o["name"]: o["label"] for o in by_name["flip7"]["options"]}["edition"] == "auflage"
    assert {c["card"]: c["kind_label"] for c in by_name["flip7"]["cards"]}["freeze"] == "Aktion"


def test_a_bad_language_is_a_problem(client: Any) -> None:
    response = client.get("/v1/rulesets?lang=fr")
    assert response.status_code == 422 and response.headers["content-type"].startswith("application/problem+json")


def test_a_test_only_ruleset_is_told_with_its_own_option_mode_and_status(client: Any, picnic: Ruleset) -> None:
    english = rulesets(client)["picnic"]
    assert [o["name"] for o in english["options"]] == ["edition", "delayed", "short"]
    short = english["options"][-1]
    assert short == {"name": "short", "label": "short", "type": "boolean", "choices": None, "default": False,
                     "description": "a short picnic: the round ends early", "mode": True}
    assert english["modes"] == [{"mode": "short", "label": "picnic (short)"}]
    assert {s["status"]: s["meaning"] for s in english["statuses"]}[NAPPING] == "asleep on the blanket"
    german = rulesets(client, **{"Accept-Language": "de"})["picnic"]
    assert {o["name"]: o["label"] for o in german["options"]}["short"] == "kurz"
    assert {s["status"]: s["label"] for s in german["statuses"]}[NAPPING] == "döst"
    assert client.get("/v1/rulesets").json()["filters"][-2:] == ["picnic", "picnic (short)"]


def test_the_cli_ruleset_filter_takes_a_test_only_rulesets_mode(tmp_path: Any, picnic: Ruleset) -> None:
    from typer.testing import CliRunner

    from cli.main import app

    db = str(tmp_path / "f.duckdb")
    runner = CliRunner()
    assert runner.invoke(app, ["ingest", str(LOGS / "3-players.jsonl"), "--db", db]).exit_code == 0
    assert runner.invoke(app, ["games", "--ruleset", "picnic (short)", "--db", db]).exit_code == 0
    typo = runner.invoke(app, ["games", "--ruleset", "picnic (long)", "--db", db])
    assert typo.exit_code == 2 and "'picnic (short)'" in typo.output  # the refusal lists the mode's label


def test_a_special_number_is_a_number_as_the_table_views_tell_it(client: Any) -> None:
    cards = {c["card"]: c for c in rulesets(client)["vengeance"]["cards"]}
    assert (cards["unlucky_7"]["kind"], cards["lucky_13"]["kind"], cards["steal"]["kind"]) == ("number", "number", "action")
