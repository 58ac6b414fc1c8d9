"""`POST /v1/check` and `POST /v1/state`: the same verdicts and tables as the core, every body kind."""

from __future__ import annotations

import json

import pytest
from syrupy.assertion import SnapshotAssertion

from adjudicator.errors import LogUnreadable
from adjudicator.replay import check_log
from adjudicator.timeline import table_at
from api.body import json_array_lines
from tests.adjudicator.helpers import KITCHEN_NOTATION
from tests.api.conftest import BAD_LOG, CLAIM_LOG, NDJSON, as_array, exchange, kitchen

PROBLEM = "application/problem+json"


# --------------------------------------------------------------------------- POST /v1/check


def test_check_valid_log_is_the_contract_verdict(client, snapshot_json: SnapshotAssertion) -> None:
    response = client.post("/v1/check", content=kitchen(), headers=NDJSON)
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    # byte for byte the CLI's JSON: same keys, same order as the contract
    assert list(response.json()) == ["format", "game", "valid", "events", "violations", "rounds", "totals", "finished", "winner"]
    assert json.dumps(response.json()) == json.dumps(check_log(kitchen()).to_dict())
    assert exchange(response) == snapshot_json


@pytest.mark.parametrize("content_type", ["application/x-ndjson", "text/plain", "text/plain; charset=utf-8", "application/jsonl", None])
def test_check_accepts_every_json_lines_media_type(client, content_type: str | None) -> None:
    headers = {"Content-Type": content_type} if content_type else {}
    response = client.post("/v1/check", content=kitchen().encode(), headers=headers)
    assert response.status_code == 200, response.text
    assert response.json() == check_log(kitchen()).to_dict()


def test_check_log_with_violations_is_200_with_the_violation(client, snapshot_json: SnapshotAssertion) -> None:
    response = client.post("/v1/check", content=BAD_LOG, headers=NDJSON)
    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is False
    assert [(v["event"], v["line"], v["code"]) for v in body["violations"]] == [(3, 4, "wrong_player")]
    assert body == check_log(BAD_LOG).to_dict()
    assert exchange(response) == snapshot_json


def test_check_claim_violation(client) -> None:
    body = client.post("/v1/check", content=CLAIM_LOG, headers=NDJSON).json()
    assert [v["code"] for v in body["violations"]] == ["score_mismatch"]
    assert body["totals"] == {"Ana": 22, "Ben": 8, "Cem": 12}  # recomputed values, not the claim


def test_check_line_numbers_count_comments_and_blank_lines(client) -> None:
    text = "# a comment\n\n" + BAD_LOG
    body = client.post("/v1/check", content=text, headers=NDJSON).json()
    assert (body["violations"][0]["event"], body["violations"][0]["line"]) == (3, 6)


def test_check_json_array_body_same_verdict_lines_are_positions(client, snapshot_json: SnapshotAssertion) -> None:
    response = client.post("/v1/check", json=as_array(kitchen()))
    assert response.status_code == 200
    assert response.json() == check_log(kitchen()).to_dict()
    bad = client.post("/v1/check", json=as_array(BAD_LOG))
    assert bad.json()["violations"][0]["line"] == 4  # item 3 (from 0) is line 4
    assert exchange(bad) == snapshot_json


def test_check_json_array_items_that_are_not_events_are_bad_event(client) -> None:
    body = client.post("/v1/check", json=[json.loads(kitchen().splitlines()[0]), 42]).json()
    assert body["violations"][0]["code"] == "bad_event"
    assert body["violations"][0]["line"] == 2


def test_check_json_array_keeps_duplicate_keys_strict(client) -> None:
    first = kitchen().splitlines()[0]
    text = "[" + first[:-1] + ',"dealer":"Ben"}]'  # the game event with "dealer" twice
    body = client.post("/v1/check", content=text, headers={"Content-Type": "application/json"}).json()
    assert body["violations"][0]["code"] == "bad_event"
    assert body["violations"][0]["message"] == "the line is not strict JSON: the key 'dealer' appears twice in one object"


def test_json_array_lines_one_compact_line_per_item() -> None:
    text = '[\n  {"type": "game",\n   "id": "x"},\n  [1, 2],\n  "s"\n]'
    assert json_array_lines(text.encode()) == ['{"type":"game","id":"x"}', "[1,2]", '"s"']
    assert json_array_lines(b'[{"a":1,"a":2}]') == ['{"a":1,"a":2}']
    assert json_array_lines("\ufeff[]".encode()) == []


@pytest.mark.parametrize(
    ("body", "content_type", "status", "slug"),
    [
        (b"", "application/x-ndjson", 400, "empty-body"),
        (b"  \n\n", "text/plain", 400, "empty-body"),
        (b"# only a comment\n", "application/x-ndjson", 400, "unreadable-log"),
        (b'{"type":"game"}\n\xff\xfe\n', "application/x-ndjson", 400, "unreadable-log"),
        (b"[]", "application/json", 400, "unreadable-log"),
        (b"[{]", "application/json", 400, "unreadable-body"),
        (b'{"type":"game"}\n{"type":"round","round":1}\n', "application/json", 400, "unreadable-body"),
        (b'{"type":"game"}', "application/json", 422, "not-a-log"),
        (b"\xff[]", "application/json", 400, "unreadable-body"),
        (b"x", "image/png", 415, "unsupported-media-type"),
        (b"x", "text/plain; charset=latin-1", 415, "unsupported-media-type"),
    ],
    ids=[
        "empty", "blank", "comments-only", "not-utf8", "empty-array", "bad-json", "ndjson-sent-as-json",
        "json-object", "json-not-utf8", "png", "latin1",
    ],
)
def test_check_unusable_bodies_are_problems(client, snapshot_json, body, content_type, status, slug) -> None:
    response = client.post("/v1/check", content=body, headers={"Content-Type": content_type})
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == PROBLEM
    problem = response.json()
    assert problem["type"] == f"urn:flip7:problem:{slug}"
    assert problem["status"] == status and problem["title"] and problem["detail"]
    assert exchange(response) == snapshot_json


def test_check_unreadable_log_says_why_like_the_cli(client) -> None:
    detail = client.post("/v1/check", content=b'{"type":"game"}\n\xff\n', headers=NDJSON).json()["detail"]
    assert detail == "line 2 is not UTF-8 text (byte 1 of the line is 0xff)"


def _kitchen_bytes(ending: str = "\n") -> bytes:
    return kitchen().replace("\n", ending).encode()


@pytest.mark.parametrize(
    "body",
    [
        b"\xef\xbb\xbf" + kitchen().encode(),
        _kitchen_bytes("\r\n"),
        _kitchen_bytes("\r\n").rstrip(b"\n"),
        _kitchen_bytes("\n\r\n\n"),
        kitchen().replace('"Ana"', '"A\rna"', 1).encode(),
        kitchen().replace("kitchen-2026-11-29", "k\u2028\u00e9\U0001f0cf", 1).encode(),
        kitchen().encode() + b"\r\r\n",
        BAD_LOG.encode() + b"\n\n# the end\n",
    ],
    ids=["bom", "crlf", "crlf-last-cr", "blank-lines", "cr-inside", "unicode-id", "cr-cr-lf", "bad-then-comment"],
)
def test_check_short_body_is_read_as_the_cores_byte_reader_reads_it(client, body: bytes) -> None:
    """A short log is decoded in one go on the way to the core: the verdict is the one of its bytes."""
    response = client.post("/v1/check", content=body, headers=NDJSON)
    assert response.status_code == 200, response.text
    assert response.content == json.dumps(check_log(body).to_dict(), ensure_ascii=False, separators=(",", ":")).encode()


def test_check_short_body_not_utf8_is_refused_as_the_cores_byte_reader_refuses_it(client) -> None:
    """Bytes that are not UTF-8 stay bytes: the core's reader names the line and the byte, as for a file."""
    body = BAD_LOG.encode() + b"\n\xff\xfe\n"
    with pytest.raises(LogUnreadable) as refused:
        check_log(body)
    response = client.post("/v1/check", content=body, headers=NDJSON)
    assert (response.status_code, response.json()["detail"]) == (400, str(refused.value))
    assert str(refused.value).startswith("line 6 is not UTF-8 text")


def test_check_form_encoded_body_gets_a_curl_hint(client) -> None:
    response = client.post("/v1/check", content=b"a=b", headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert response.status_code == 415
    assert "--data-binary" in response.json()["detail"]


# --------------------------------------------------------------------------- POST /v1/state


def test_state_after_event_n_is_flip7_state_json(client, snapshot_json: SnapshotAssertion) -> None:
    response = client.post("/v1/state", params={"at": 7}, content=kitchen(), headers=NDJSON)
    assert response.status_code == 200
    assert json.dumps(response.json()) == json.dumps(table_at(kitchen(), 7).to_dict())
    assert response.json()["legal_moves"] == [{"type": "hit", "player": "Ana"}, {"type": "stay", "player": "Ana"}]
    assert exchange(response) == snapshot_json


def test_state_without_at_is_the_last_event(client) -> None:
    body = client.post("/v1/state", content=kitchen(), headers=NDJSON).json()
    assert body["after_event"] == 12
    assert body == table_at(kitchen()).to_dict()


def test_state_json_array_body(client) -> None:
    body = client.post("/v1/state?at=3", json=as_array(kitchen())).json()
    assert body == table_at(kitchen(), 3).to_dict()


def test_state_stopped_by_a_fatal_violation(client) -> None:
    body = client.post("/v1/state?at=3", content=BAD_LOG, headers=NDJSON).json()
    assert body["after_event"] == 2
    assert body["stopped_by"]["code"] == "wrong_player"


def test_state_of_a_log_whose_game_line_is_bad_has_only_four_keys(client, snapshot_json) -> None:
    response = client.post("/v1/state?at=0", content='{"type":"game"}\n', headers=NDJSON)
    assert response.status_code == 200
    assert list(response.json()) == ["game", "after_event", "stopped_by", "players"]
    assert exchange(response) == snapshot_json


def test_state_at_past_the_end_is_422_naming_the_range(client, snapshot_json) -> None:
    response = client.post("/v1/state?at=13", content=kitchen(), headers=NDJSON)
    assert response.status_code == 422
    problem = response.json()
    assert problem["type"] == "urn:flip7:problem:event-out-of-range"
    assert problem["detail"] == "the log has 13 events (0 to 12); there is no event 13"
    assert exchange(response) == snapshot_json


@pytest.mark.parametrize("at", ["-1", "x", "1.5"])
def test_state_at_must_be_a_whole_number(client, snapshot_json, at: str) -> None:
    response = client.post(f"/v1/state?at={at}", content=kitchen(), headers=NDJSON)
    assert response.status_code == 422
    problem = response.json()
    assert problem["type"] == "urn:flip7:problem:invalid-request"
    assert problem["detail"].startswith("query parameter 'at'")
    assert problem["errors"][0]["location"] == ["query", "at"]
    assert exchange(response) == snapshot_json


def test_state_empty_body_is_400(client) -> None:
    assert client.post("/v1/state?at=0", content=b"", headers=NDJSON).status_code == 400


SURROGATE_LOG = '{"type":"game","id":"\\ud800","players":["Ana","Ben","Cem"],"dealer":"Ana"}\n'


def test_lone_surrogate_escapes_are_judged_not_crashed_on(client) -> None:
    """``"\\ud800"`` is valid JSON but not text: the line is a ``bad_event`` and the answer is a 200."""
    checks = (
        client.post("/v1/check", content=SURROGATE_LOG, headers=NDJSON),
        client.post("/v1/check", content="[" + SURROGATE_LOG.strip() + "]", headers={"Content-Type": "application/json"}),
    )
    for response in checks:
        assert response.status_code == 200, response.text
        (violation,) = response.json()["violations"]
        assert (violation["code"], violation["rule"]) == ("bad_event", "log.line")
        assert "surrogate" in violation["message"]
    response = client.post("/v1/state", content=SURROGATE_LOG, headers=NDJSON)
    assert response.status_code == 200, response.text
    assert response.json()["stopped_by"]["rule"] == "log.line"


# --------------------------------------------------------------------------- the notation (issue 21 item 5)


def test_check_reads_the_notation_as_the_viewer_paste_box_sends_it(client) -> None:
    response = client.post("/v1/check", content=KITCHEN_NOTATION.encode(), headers={"Content-Type": "text/plain"})
    assert response.status_code == 200, response.text
    assert response.json() == check_log(kitchen()).to_dict()
    bad = client.post("/v1/check", content=KITCHEN_NOTATION.replace("Ana hit 11", "Ben hit 11").encode(), headers={"Content-Type": "text/plain"})
    assert bad.json()["violations"][0]["line"] == 7  # the notation's own line


def test_state_reads_the_notation(client) -> None:
    response = client.post("/v1/state?at=4", content=KITCHEN_NOTATION.encode(), headers={"Content-Type": "text/plain"})
    assert response.status_code == 200, response.text
    assert response.json() == table_at(kitchen(), 4).to_dict()


def test_check_of_a_notation_names_every_line_by_the_notation_line(client) -> None:
    notation = "game kitchen; players Ana Ben Cem; dealer Ana\nround 1\nBen 8\nCem freeze>Ben\nAna x2\nBen hit 5\nCem stay; Ana stay\n"
    [violation] = client.post("/v1/check", content=notation, headers=NDJSON).json()["violations"]
    assert violation["line"] == 6
    assert "frozen by Cem on event 4 (line 4)" in violation["message"]
    [same] = client.post("/v1/replay", content=notation, headers=NDJSON).json()["verdict"]["violations"]
    assert same == violation  # the viewer's timeline says the same
