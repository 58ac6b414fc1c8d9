"""Pieces the route modules share: the log request body in OpenAPI, error responses, the replay call."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import Query
from starlette.concurrency import run_in_threadpool

from adjudicator.replay import ReplayResult, state_at
from adjudicator.table import table_view
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

#: Error responses every endpoint that reads a log can give (descriptions; content is set in openapi.py).
LOG_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"description": "The body is empty, not UTF-8, not valid JSON, or holds no events."},
    413: {"description": "The body is larger than the server's limit (10 MiB unless configured)."},
    415: {"description": "The Content-Type is not one of the log's media types."},
    422: {"description": "The body is JSON but not an array, the ruleset is not supported yet, or a parameter is invalid."},
}
STORE_ERRORS: dict[int | str, dict[str, Any]] = {
    503: {"description": "The store file cannot be used (in use by another process, not a flip7 store, other schema version)."},
}
WRITE_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"description": "FLIP7_API_TOKEN is set and the bearer token is missing or wrong (`WWW-Authenticate: Bearer`)."},
}
NOT_FOUND: dict[int | str, dict[str, Any]] = {404: {"description": "No stored game has this id."}}


#: The ``at`` query parameter of ``POST /v1/state`` and ``GET /v1/games/{id}/state``.
AtQuery = Annotated[
    int | None,
    Query(ge=0, description="Show the table after this event (the `game` line is event 0). Default: the last event."),
]


async def table_at(source: bytes | list[str], at: int | None) -> dict[str, Any]:
    """The table after event ``at`` (the last event when None), as ``flip7 state --json`` prints it.

    ``at`` past the last event raises ``EventOutOfRange`` (the ``event-out-of-range`` problem).
    """
    result: ReplayResult = await run_in_threadpool(state_at, source, at)
    return table_view(result).to_dict()
