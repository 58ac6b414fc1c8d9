"""``?analyze=true`` on ``POST /v1/games`` and ``POST /v1/ingest``, and the stored analysis served by
``GET /v1/games/{id}/analysis`` (issue 19)."""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

import pytest

from adjudicator.analysis.observe import analyze
from api.routes.decisions import ANALYSIS_HEADER, BUDGET
from tests.api.conftest import NDJSON

GAMES = Path(__file__).resolve().parents[1] / "adjudicator" / "store" / "games"
FX1 = (GAMES / "fx1_freeze.jsonl").read_text()
FX2 = (GAMES / "fx2_flip7.jsonl").read_text()


def test_store_game_with_analyze_stores_its_decisions(client: Any) -> None:
    stored = client.post("/v1/games", content=FX1, headers=NDJSON, params={"analyze": "true"})
    assert stored.status_code == 201
    assert stored.json()["decisions"] == 9 and "note" not in stored.json()
    served = client.get("/v1/games/fx-1/analysis")
    assert served.status_code == 200 and served.headers[ANALYSIS_HEADER] == "stored"
    assert served.json() == analyze(FX1, budget=BUDGET).to_dict()
    filtered = client.get("/v1/games/fx-1/analysis", params={"player": "Ben", "round": 1})
    assert filtered.headers[ANALYSIS_HEADER] == "stored"
    assert filtered.json() == analyze(FX1, player="Ben", round_no=1, budget=BUDGET).to_dict()


def test_the_chance_to_win_is_computed_even_for_a_game_stored_with_its_decisions(client: Any) -> None:
    """The stored rows hold no chance to win: asked for it, the game is valued afresh."""
    assert client.post("/v1/games", content=FX1, headers=NDJSON, params={"analyze": "true"}).status_code == 201
    with_win = client.get("/v1/games/fx-1/analysis", params={"win": "true"})
    assert with_win.status_code == 200 and with_win.headers[ANALYSIS_HEADER] == "computed"
    assert with_win.json() == analyze(FX1, budget=BUDGET, win=True).to_dict()


def test_without_analyze_the_analysis_is_computed_and_the_answer_is_as_before(client: Any) -> None:
    stored = client.post("/v1/games", content=FX1, headers=NDJSON)
    assert stored.status_code == 201 and "decisions" not in stored.json()
    served = client.get("/v1/games/fx-1/analysis")
    assert served.headers[ANALYSIS_HEADER] == "computed"
    assert served.json() == analyze(FX1, budget=BUDGET).to_dict()


def test_ingest_many_with_analyze(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    logs = [{"name": n, "content_base64": base64.b64encode(t.encode()).decode()} for n, t in (("a", FX1), ("b", FX2))]
    results = client.post("/v1/ingest", json={"logs": logs}, params={"analyze": "true"}).json()["results"]
    assert [(r["outcome"], r["decisions"]) for r in results] == [("ingested", 9), ("ingested", 15)]
    monkeypatch.setattr("adjudicator.analysis.observe.card_model", lambda rules: None)  # a ruleset without a model
    again = client.post("/v1/ingest?replace=true&analyze=true", json={"logs": [logs[0]]}).json()["results"]
    assert again[0]["outcome"] == "unchanged" and again[0].get("decisions") is None  # already analysed: untouched
    other = {"name": "c", "content_base64": base64.b64encode(FX1.replace('"fx-1"', '"fx-9"').encode()).decode()}
    (noted,) = client.post("/v1/ingest?analyze=true", json={"logs": [other]}).json()["results"]
    assert noted["outcome"] == "ingested" and "no decision model" in noted["note"]


def test_analyze_on_a_game_stored_without_it_answers_its_verdict(client: Any) -> None:
    """A log stored without ``analyze`` and sent again with it is ``unchanged`` and gains its
    decisions; the answer still carries the verdict (schemathesis found a 500 here)."""
    first = client.post("/v1/games", content=FX1, headers=NDJSON)
    again = client.post("/v1/games", content=FX1, headers=NDJSON, params={"analyze": "true"})
    assert again.status_code == 200, again.text
    body = again.json()
    assert body["outcome"] == "unchanged" and body["verdict"] == first.json()["verdict"]
    assert body["decisions"] == 9
    once_more = client.post("/v1/games", content=FX1, headers=NDJSON, params={"analyze": "true"})
    assert once_more.status_code == 200 and once_more.json()["verdict"] == first.json()["verdict"]


@pytest.mark.parametrize("route", ["/v1/games", "/v1/ingest"])
def test_the_decisions_are_valued_before_the_write_lock_is_taken(client: Any, monkeypatch: pytest.MonkeyPatch, route: str) -> None:
    """Issue 28, item 17: ``?analyze=true`` valued every decision holding the store's write lock,
    so every other write (a live table's next append) waited for it."""
    import adjudicator.store.rows as rows

    store = client.app.state.store.get()
    held: list[bool] = []
    valued = rows.analysis_columns

    def watched(*args: Any, **kwargs: Any) -> Any:
        held.append(store._write_lock.locked())
        return valued(*args, **kwargs)

    monkeypatch.setattr(rows, "analysis_columns", watched)
    if route == "/v1/games":
        answer = client.post(route, content=FX1, headers=NDJSON, params={"analyze": "true"})
        assert answer.status_code == 201 and answer.json()["decisions"] == 9
    else:
        logs = [{"name": n, "content_base64": base64.b64encode(t.encode()).decode()} for n, t in (("a", FX1), ("b", FX2))]
        results = client.post(route, json={"logs": logs}, params={"analyze": "true"}).json()["results"]
        assert [(r["outcome"], r["decisions"]) for r in results] == [("ingested", 9), ("ingested", 15)]
    assert held and not any(held)
