"""Pieces the route modules share: the log request body in OpenAPI, error responses, the replay call."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import Query
from starlette.concurrency import run_in_threadpool

from adjudicator.table import TableView
from adjudicator.timeline import table_at as table_after
from api.models import EXAMPLE_LOG, EXAMPLE_LOG_LINES

#: The request body of every endpoint that takes a log, for the OpenAPI document.
LOG_REQUEST_BODY: dict[str, Any] = {
    "requestBody": {
        "required": True,
        "description": (
            "A flip7-log/1 log: JSON Lines text (`application/x-ndjson`, `text/plain`, or no "
            "Content-Type), or a JSON array of events (`application/json`). An array is judged as "
            "if each item were one line, so a violation's `line` is the item's position + 1."
        ),
        "content": {
            "application/x-ndjson": {"schema": {"type": "string"}, "example": EXAMPLE_LOG},
            "text/plain": {"schema": {"type": "string"}, "example": EXAMPLE_LOG},
            "application/json": {
                "schema": {
                    "type": "array",
                    "minItems": 1,
                    "items": {"description": "One event (a JSON object, see `flip7 schema`); anything else is judged `bad_event`."},
                },
                "example": [json.loads(line) for line in EXAMPLE_LOG_LINES],
            },
        },
    }
}

Responses = dict[int | str, dict[str, Any]]

#: The 413 of every endpoint with a request body.
_TOO_LARGE = "The body is larger than the server's limit (10 MiB unless configured)"


def body_errors(bad: str, invalid: str, *, too_large: str = "", **more: str) -> Responses:
    """The error responses of an endpoint that reads a request body: when it is a ``400`` (``bad``),
    the ``413`` of the server's body limit (``too_large``: a reason of the endpoint's own, added),
    any ``more`` (``s415="…"``), and when it is a ``422`` (``invalid``); in status order."""
    out: dict[int, dict[str, Any]] = {
        400: {"description": bad},
        413: {"description": f"{_TOO_LARGE}{', or ' + too_large if too_large else ''}."},
        422: {"description": invalid},
    }
    out.update({int(code.lstrip("s")): {"description": text} for code, text in more.items()})
    return dict(sorted(out.items()))


#: Error responses every endpoint that reads a log can give (descriptions; content is set in openapi.py).
LOG_ERRORS: Responses = body_errors(
    "The body is empty, not UTF-8, not valid JSON, or holds no events.",
    "The body is JSON but not an array, the ruleset is not supported yet, or a parameter is invalid.",
    s415="The Content-Type is not one of the log's media types.",
)
STORE_ERRORS: Responses = {
    503: {"description": "The store file cannot be used (in use by another process, not a flip7 store, other schema version)."},
}
WRITE_ERRORS: Responses = {
    401: {"description": "FLIP7_API_TOKEN is set and the bearer token is missing or wrong (`WWW-Authenticate: Bearer`)."},
    403: {"description": "`cross-origin-write`: the request comes from another site's page (`Origin`, `Sec-Fetch-Site`)."},
    415: {"description": "The body's Content-Type is not application/x-ndjson or application/json (a web page may send text/plain and form types unasked)."},
}
NOT_FOUND: Responses = {404: {"description": "No stored game has this id."}}


#: The ``replace`` query parameter of the endpoints that store logs.
ReplaceQuery = Annotated[bool, Query(description="Replace another log stored under the same game id.")]
#: ``?analyze=true`` of ``POST /v1/games`` and ``POST /v1/ingest`` (``flip7 ingest --analyze``).
AnalyzeQuery = Annotated[bool, Query(description=(
    "Value every decision of the game and store them (`decisions`, as `flip7 ingest --analyze`): "
    "slower, a second or so per game. A game of a ruleset without a decision model is stored "
    "without decisions, and `note` says so."
))]

#: The ``at`` query parameter of ``POST /v1/state`` and ``GET /v1/games/{id}/state``.
AtQuery = Annotated[
    int | None,
    Query(ge=0, description="Show the table after this event (the `game` line is event 0). Default: the last event."),
]


async def table_at(source: bytes | list[str], at: int | None) -> dict[str, Any]:
    """The table after event ``at`` (the last event when None), as ``flip7 state --json`` prints it.

    ``at`` past the last event raises ``EventOutOfRange`` (the ``event-out-of-range`` problem).
    """
    view: TableView = await run_in_threadpool(table_after, source, at)
    return view.to_dict()


#: The ruleset filter of the games list and the statistics.
RulesetQuery = Annotated[
    str | None,
    Query(
        description=(
            "Only games of this ruleset: `flip7`, `vengeance` (its Brutal games included) or "
            "`vengeance (brutal)` (as `games.ruleset` and `flip7 stats --ruleset`)."
        ),
    ),
]
