"""``POST /v1/check`` and ``POST /v1/state``: judge a log sent in the body; nothing is stored."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from adjudicator.notation import replay_any
from api.body import read_log
from api.models import TableView, Verdict
from api.responses import SafeJSONResponse
from api.routes.common import LOG_ERRORS, LOG_REQUEST_BODY, AtQuery, table_at

#: Logs up to this many bytes (two or three games) are judged on the event loop itself: that holds
#: other requests back for a few milliseconds at most, less than the hop to a worker thread and
#: back costs on a busy machine. Longer logs go to a thread, so other requests keep being served.
INLINE_BYTES = 32 * 1024
#: ... and only when no line is longer than this: a long line is what makes a short log costly (a
#: ``game`` line seating 150 long names makes every unknown name's did-you-mean and every table
#: view walk them all; an ordinary ``game`` line is under 300 bytes).
INLINE_LINE_BYTES = 1024


def check_log(source: bytes | list[str]) -> Any:
    """The verdict of a log in JSON Lines or the notation."""
    return replay_any(source)[0].verdict


def _size(source: bytes | list[str]) -> int:
    return len(source) if isinstance(source, bytes) else sum(map(len, source))


def _longest_line(source: bytes | list[str]) -> int:
    if isinstance(source, bytes):
        return max(map(len, source.split(b"\n")), default=0)
    return max(map(len, source), default=0)


def cheap(source: bytes | list[str]) -> bool:
    """Whether judging ``source`` costs little enough to be done on the event loop: short (at most
    ``INLINE_BYTES``) and without a long line (at most ``INLINE_LINE_BYTES``)."""
    return _size(source) <= INLINE_BYTES and _longest_line(source) <= INLINE_LINE_BYTES


router = APIRouter(prefix="/v1", tags=["judge"], default_response_class=SafeJSONResponse)


@router.post(
    "/check",
    summary="Judge a log",
    description=(
        "Replay the log and judge every move, score and the winner. Returns the contract's verdict "
        "(`flip7-verdict/1`), the same JSON as `flip7 check --json`. The body may also be the table "
        "notation (docs/notation.md): its violations then name the notation's lines. A log with violations is still "
        "a `200`: it was judged. Nothing is stored."
    ),
    response_model=Verdict,
    responses=LOG_ERRORS,
    openapi_extra=LOG_REQUEST_BODY,
    operation_id="check",
)
async def check(request: Request) -> Any:
    body = await read_log(request)
    source = body.source
    if cheap(source):
        verdict = check_log(source)
    else:
        verdict = await run_in_threadpool(check_log, source)
    # a Response of its own: FastAPI would otherwise validate the verdict again through the response
    # model and walk it with jsonable_encoder (a quarter of the route's own time); the model stays
    # declared above for the OpenAPI document
    return SafeJSONResponse(verdict.to_dict())


@router.post(
    "/state",
    summary="Show the table after event N",
    description=(
        "Replay the log up to event `at` and show the table: rows, totals, dealer, whose move it "
        "is and the legal moves; the same JSON as `flip7 state --json`. If a fatal violation comes "
        "at or before event `at`, the table is the one just before it and `stopped_by` names it. "
        "`at` past the last event is a `422` naming the range. Nothing is stored."
    ),
    response_model=TableView,
    response_model_exclude_unset=True,
    responses=LOG_ERRORS,
    openapi_extra=LOG_REQUEST_BODY,
    operation_id="state",
)
async def state(request: Request, at: AtQuery = None) -> Any:
    body = await read_log(request)
    return await table_at(body.source, at)
