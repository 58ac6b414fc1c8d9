"""The viewer's endpoints: the table at every event (`/v1/replay`), the figures (`/v1/plots`), the pages."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from adjudicator.plots import FIGURES
from tests.api.conftest import BAD_LOG, NDJSON, as_array, kitchen

LOGS = Path(__file__).resolve().parents[2] / "logs"
WRONG_TURN = (LOGS / "invalid-wrong-turn.jsonl").read_text(encoding="utf-8")


# --------------------------------------------------------------------------- the table at every event


def test_replay_gives_the_state_at_every_event(client) -> None:
    response = client.post("/v1/replay", content=kitchen(), headers=NDJSON)
    assert response.status_code == 200 and response.headers["content-type"] == "application/json"
    body = response.json()
    assert body["verdict"] == client.post("/v1/check", content=kitchen(), headers=NDJSON).json()
    assert len(body["events"]) == len(body["tables"]) == 13
    for at in range(13):  # the same table, and the pages' sentences (`told`) besides
        told = body["tables"][at].pop("told")
        assert body["tables"][at] == client.post(f"/v1/state?at={at}", content=kitchen(), headers=NDJSON).json(), at
        assert list(told) == ["en"] and len(told["en"]["seats"]) == 3
    assert body["events"][9]["type"] == "card" and body["events"][9]["card"] == "11"


def test_replay_of_an_illegal_move(client) -> None:
    body = client.post("/v1/replay", content=BAD_LOG, headers=NDJSON).json()
    (violation,) = body["verdict"]["violations"]
    assert violation["event"] == 3 and violation["rule"] == "deal.order"
    assert body["tables"][3]["stopped_by"] == violation and body["tables"][3]["after_event"] == 2


def test_replay_takes_a_json_array(client) -> None:
    body = client.post("/v1/replay", json=as_array(kitchen())).json()
    assert body["verdict"]["valid"] and body["events"][0]["line"] == 1 and len(body["tables"]) == 13


def test_replay_reads_a_pasted_notation(client) -> None:
    # issue 21 item 5: the viewer's paste box sends the notation as JSON Lines; it was "not valid JSON"
    notation = "game n1; players Ana Ben Cem; dealer Ana\n# Ana deals\nround 1\nBen 8; Cem 5\nBen hit 3\n"
    body = client.post("/v1/replay", content=notation, headers=NDJSON).json()
    (violation,) = body["verdict"]["violations"]
    assert violation["rule"] == "deal.order" and violation["line"] == 5  # the notation's lines
    assert [e["line"] for e in body["events"]] == [1, 3, 4, 4, 5, 5]
    assert body["tables"][4]["stopped_by"] == violation


def test_replay_refuses_what_check_refuses(client) -> None:
    assert client.post("/v1/replay", content=b"", headers=NDJSON).json()["type"] == "urn:flip7:problem:empty-body"
    assert client.post("/v1/replay", json={"a": 1}).status_code == 422


def test_stored_game_replay_is_the_replay_of_its_log(client) -> None:
    assert client.post("/v1/games", content=WRONG_TURN, headers=NDJSON).status_code == 201
    stored = client.get("/v1/games/invalid-wrong-turn/replay")
    assert stored.status_code == 200
    assert stored.json() == client.post("/v1/replay", content=WRONG_TURN, headers=NDJSON).json()
    assert stored.json()["verdict"]["violations"][0]["event"] == 27
    events = stored.json()["events"]
    assert [e.pop("told") for e in events][:2] == [{"en": "the game begins"}, {"en": "round 1 begins"}]  # in words besides
    assert events == client.get("/v1/games/invalid-wrong-turn/events").json()["events"]  # one shape


def test_stored_game_replay_of_an_unknown_game_is_404(client) -> None:
    response = client.get("/v1/games/nope/replay")
    assert response.status_code == 404 and response.json()["type"] == "urn:flip7:problem:game-not-found"


# --------------------------------------------------------------------------- figures


def test_plots_lists_every_figure(client) -> None:
    figures = client.get("/v1/plots").json()["figures"]
    assert [f["name"] for f in figures] == [f.name for f in FIGURES]
    assert figures[0]["url"] == "/v1/plots/bust_risk.svg" and figures[0]["statistic"] == "bust_risk"
    assert figures[0]["png_url"] == "/v1/plots/bust_risk.png" and figures[0]["ruleset"] is None
    assert {f["name"]: f["ruleset"] for f in figures}["unlucky_7_wipes"] == "vengeance"


def test_plots_say_which_figures_have_games_to_count(client) -> None:
    has_games = lambda **params: {f["name"] for f in client.get("/v1/plots", params=params).json()["figures"] if f["has_games"]}  # noqa: E731
    everyone = {f.name for f in FIGURES if f.ruleset is None and not f.decisions}
    assert has_games() == everyone  # an empty store: the figures of every game, which say there is none yet
    client.post("/v1/games", content=(LOGS / "3-players.jsonl").read_text(encoding="utf-8"), headers=NDJSON)
    assert has_games() == everyone
    client.post("/v1/games", content=(LOGS / "vengeance-brutal.jsonl").read_text(encoding="utf-8"), headers=NDJSON)
    assert has_games() == {f.name for f in FIGURES if not f.decisions}  # a Brutal game is a Vengeance game
    assert has_games(player="Nobody") == everyone
    fx1 = (Path(__file__).resolve().parents[1] / "adjudicator" / "store" / "games" / "fx1_freeze.jsonl").read_text(encoding="utf-8")
    client.post("/v1/games", content=fx1, headers=NDJSON, params={"analyze": "true"})
    assert has_games() == {f.name for f in FIGURES}  # stored decisions: their figure too
    assert client.get("/v1/plots", params={"since": "soon"}).status_code == 422


def test_each_plot_is_svg_of_the_stored_games(client) -> None:
    for text in (WRONG_TURN, *((LOGS / n).read_text(encoding="utf-8") for n in ("3-players.jsonl", "vengeance-brutal.jsonl"))):
        client.post("/v1/games", content=text, headers=NDJSON, params={"analyze": "true"})  # the decisions' figure too
    for figure in FIGURES:
        response = client.get(f"/v1/plots/{figure.name}.svg")
        assert response.status_code == 200 and response.headers["content-type"] == "image/svg+xml"
        root = ET.fromstring(response.text)
        assert root.find("{http://www.w3.org/2000/svg}title").text == figure.title
        assert "No data yet" not in response.text, figure.name  # the 3-player and the Brutal game are complete
    filtered = client.get("/v1/plots/bust_risk.svg", params={"player": "Nobody"})
    assert "No data yet" in filtered.text


def test_a_vengeance_figure_as_svg_and_png(client) -> None:
    client.post("/v1/games", content=(LOGS / "vengeance-brutal.jsonl").read_text(encoding="utf-8"), headers=NDJSON)
    svg = client.get("/v1/plots/unlucky_7_wipes.svg")
    assert svg.status_code == 200
    # the sample's three Unlucky 7s were all drawn: Cem's 11 13 12 -8 (28 points), Ana's 7 4 (11),
    # and one that reached Ana's empty row (no wipe)
    assert "drawn: 19.5 points per wipe; 2 wipes of 3 arrivals threw out 6 cards and 39 points, the most 28; 0 helped" in svg.text
    png = client.get("/v1/plots/unlucky_7_wipes.png", params={"player": "Cem"})
    assert png.status_code == 200 and png.headers["content-type"] == "image/png"
    assert png.content[:8] == b"\x89PNG\r\n\x1a\n"
    stats = client.get("/v1/stats", params={"only": "unlucky_7_wipes", "player": "Cem"}).json()["statistics"]
    assert stats[0]["rows"] == [
        {"came": "drawn", "arrivals": 1, "wipes": 1, "cards": 4, "lost": 28, "avg_lost": 28.0, "max_lost": 28, "helped": 0}
    ]
    assert client.get("/v1/plots/nope.png").status_code == 422


def test_plot_errors(client) -> None:
    unknown = client.get("/v1/plots/nope.svg")
    assert unknown.status_code == 422 and unknown.json()["type"] == "urn:flip7:problem:invalid-request"
    bad_since = client.get("/v1/plots/bust_risk.svg", params={"since": "yesterday"})
    assert bad_since.status_code == 422 and "since" in bad_since.json()["detail"]


# --------------------------------------------------------------------------- pages


def test_pages_and_their_files(client) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<script src="/static/viewer.js">' in page.text
    assert '<script src="/static/stats.js">' in client.get("/stats").text
    for name, media in (("viewer.js", "text/javascript"), ("stats.js", "text/javascript"), ("style.css", "text/css")):
        response = client.get(f"/static/{name}")
        assert response.status_code == 200 and response.headers["content-type"].startswith(media), name
    assert client.get("/static/nope.js").status_code == 404
    assert client.get("/static/%2E%2E%2Fapp.py").status_code == 404


def test_the_pages_share_common_js_loaded_before_their_own_script(client) -> None:
    assert client.get("/static/common.js").headers["content-type"].startswith("text/javascript")
    static = Path(__file__).resolve().parents[2] / "api" / "static"
    for path, script in (("/", "viewer.js"), ("/stats", "stats.js"), ("/table", "table.js")):
        text = client.get(path).text
        assert -1 < text.index('<script src="/static/common.js">') < text.index(f'<script src="/static/{script}">'), path
        assert "function el(" not in (static / script).read_text(encoding="utf-8"), script  # el() is common.js's


def test_pages_load_nothing_from_another_host(client) -> None:
    for path in ("/", "/stats", "/static/viewer.js", "/static/stats.js", "/static/common.js", "/static/style.css"):
        text = client.get(path).text
        assert "http://" not in text.replace("http://www.w3.org", "") and "https://" not in text, path


def test_a_large_replay_is_compressed_for_clients_that_accept_gzip(client) -> None:
    text = (LOGS / "6-players.jsonl").read_text(encoding="utf-8")
    zipped = client.post("/v1/replay", content=text, headers={**NDJSON, "Accept-Encoding": "gzip"})
    assert zipped.headers["content-encoding"] == "gzip" and zipped.headers["vary"] == "Accept-Encoding"
    assert int(zipped.headers["content-length"]) < len(zipped.content) / 5  # httpx unzipped it
    plain = client.post("/v1/replay", content=text, headers={**NDJSON, "Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.json() == zipped.json()
    small = client.post("/v1/replay", content=kitchen(), headers={**NDJSON, "Accept-Encoding": "gzip"})
    assert "content-encoding" not in small.headers  # not worth it


def test_the_timeline_speaks_german_when_asked(client) -> None:
    log = (Path(__file__).resolve().parents[2] / "logs" / "invalid-wrong-turn.jsonl").read_bytes()
    english = client.post("/v1/replay", content=log, headers={"Content-Type": "application/x-ndjson"}).json()
    german = client.post("/v1/replay?lang=de", content=log, headers={"Content-Type": "application/x-ndjson"}).json()
    assert english["verdict"]["violations"][0]["message"] == "Ana cannot hit now: it is Dana's turn to hit or stay."
    message = german["verdict"]["violations"][0]["message"]
    assert "Ana" in message and "Dana" in message and message != english["verdict"]["violations"][0]["message"]
    assert [(v["event"], v["code"]) for v in german["verdict"]["violations"]] == [(27, "wrong_player")]
    assert client.post("/v1/replay?lang=fr", content=log, headers={"Content-Type": "application/x-ndjson"}).status_code == 422


def test_the_viewer_names_no_card_and_scores_nothing() -> None:
    from adjudicator.rulesets import RULESETS

    script = (Path(__file__).resolve().parents[2] / "api" / "static" / "viewer.js").read_text(encoding="utf-8")
    cards = {card for rules in RULESETS.values() for card in (rules.target_cards or rules.cards) if not card[-1].isdigit()}
    assert "steal" in cards and "second_chance" in cards
    assert [card for card in sorted(cards) if f'"{card}"' in script] == []  # labels and kinds come from the core
    # the breakdown is the server's sentence (`told`), not worked out from the steps; kinds are not guessed
    render = (Path(__file__).resolve().parents[2] / "api" / "static" / "render.js").read_text(encoding="utf-8")
    for page in (script, render):
        assert "score_steps" not in page and "Math.floor" not in page and "/^\\d+$/" not in page
    assert "said.score" in render and "drawSeat(" in script


def test_the_timeline_carries_labels_score_steps_and_effects(client, snapshot_json) -> None:
    data = client.post("/v1/replay", content=kitchen(), headers=NDJSON).json()
    assert data["card_labels"]["freeze"] == "Freeze"
    table = data["tables"][7]
    assert table["effects"] == [{"effect": "placed", "player": "Cem", "card": "12"}]
    ben = table["players"][1]
    assert ben["held"] == ["freeze"] and ben["score_steps"][-1]["total"] == ben["round_score"] == 8
    assert {"labels": data["card_labels"], "effects": table["effects"], "players": [{k: p[k] for k in ("held", "score_steps")} for p in table["players"]]} == snapshot_json
