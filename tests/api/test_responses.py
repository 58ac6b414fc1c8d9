"""The API's JSON response classes: the same bytes as ``json.dumps`` writes, never a failure on text."""

from __future__ import annotations

import json
from typing import Any

import pytest

from adjudicator.replay import check_log
from api.responses import PlainJSONResponse, SafeJSONResponse
from tests.api.conftest import BAD_LOG, kitchen

#: Every control character, quotes, backslashes, the line separators JSON allows raw, DEL, and
#: characters of two, three and four UTF-8 bytes.
AWKWARD = "".join(map(chr, range(0x20))) + ' "\\/\u2028\u2029\x7f\u00e9\u20ac\U0001f0cf'


def _dumps(content: Any) -> bytes:
    return json.dumps(content, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")


@pytest.mark.parametrize(
    "content",
    [
        check_log(kitchen()).to_dict(),
        check_log(BAD_LOG).to_dict(),
        check_log(kitchen(json.dumps(AWKWARD, ensure_ascii=False)[1:-1])).to_dict(),
        {AWKWARD: [AWKWARD, 0, -1, 2**70, -(2**63), True, False, None, [], {}]},
    ],
    ids=["verdict", "violations", "awkward-game-id", "plain-values"],
)
def test_plain_json_is_the_bytes_json_dumps_writes(content: dict[str, Any]) -> None:
    assert PlainJSONResponse(content).body == SafeJSONResponse(content).body == _dumps(content)


def test_plain_json_with_a_lone_surrogate_falls_back_to_ascii_escapes() -> None:
    content = {"game": "g\ud800", "winner": "\u00e9"}
    body = PlainJSONResponse(content).body
    assert body == SafeJSONResponse(content).body == b'{"game":"g\\ud800","winner":"\\u00e9"}'
    assert json.loads(body) == content
