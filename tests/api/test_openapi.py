"""The OpenAPI document (``api.openapi``): a table view's rows are declared per registered ruleset,
and the examples are what the core says of the default kit's example log (api/ names no card)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from adjudicator.rulesets import KITS, find_kit
from adjudicator.timeline import table_at
from api.models import EXAMPLE_LOG, EXAMPLE_TABLE
from tests.api.conftest import NDJSON, VENGEANCE_LOG

API = Path(__file__).resolve().parents[2] / "api"
REF = "#/components/schemas/"


def test_the_table_views_rows_are_each_registered_rulesets_row_model(client: Any) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    items = schemas["TableView"]["properties"]["players"]["items"]
    assert items == {"anyOf": [{"$ref": REF + kit.view.row_model.__name__} for kit in KITS]}
    base, vengeance = schemas["BaseGameTablePlayer"], schemas["VengeanceTablePlayer"]
    assert {"second_chance", "frozen_by"} <= set(base["required"]) and base["properties"]["second_chance"]["type"] == "boolean"
    assert "holds_the_zero" in vengeance["required"] and "second_chance" not in vengeance["properties"]
    for row in (base, vengeance):  # the shared fields too, and nothing left open
        assert {"name", "seat", "status", "numbers", "modifiers", "notes", "held", "score_steps"} <= set(row["properties"])
        assert "additionalProperties" not in row


def test_each_rulesets_rows_come_back_with_their_own_fields(client: Any) -> None:
    vengeance_log = VENGEANCE_LOG + '{"type":"round","round":1}\n{"type":"card","player":"Ben","card":0}\n'
    for log, own in ((EXAMPLE_LOG, ["second_chance", "frozen_by"]), (vengeance_log, ["holds_the_zero"])):
        body = client.post("/v1/state", content=log, headers=NDJSON).json()
        assert body == table_at(log).to_dict()  # the core's JSON, whole
        assert [list(p)[-len(own):] for p in body["players"]] == [own] * 3


def test_the_examples_are_the_default_kits_and_name_no_card() -> None:
    assert EXAMPLE_LOG.splitlines() == list(find_kit("flip7").view.example_log)
    assert EXAMPLE_TABLE == table_at(EXAMPLE_LOG, 7).to_dict()
    rules = find_kit("flip7").rules
    named = sorted(rules.cards - rules.numbers - rules.modifiers)  # the action cards' names
    assert named
    for path in (API / "models.py", API / "openapi.py", API / "viewer_models.py", API / "static" / "viewer.js"):
        text = path.read_text(encoding="utf-8")
        assert not [card for card in named if f'"{card}"' in text or f".{card}" in text], path.name
