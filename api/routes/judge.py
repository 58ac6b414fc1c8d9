"""``POST /v1/check`` and ``POST /v1/state``: judge a log sent in the body; nothing is stored."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from adjudicator.notation import replay_any
from adjudicator.source import lines_from_text
from api.body import read_log
from api.models import TableView, Verdict
from api.responses import PlainJSONResponse, SafeJSONResponse
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


def _longest_line(lines: list[str], ascii_only: bool) -> int:
    """The length in bytes of the longest of ``lines`` (text), counting UTF-8 bytes only where a
    line is long enough for them to matter."""
    longest = max(map(len, lines), default=0)
    if ascii_only or longest * 4 <= INLINE_LINE_BYTES:
        return longest
    return max((len(line.encode("utf-8", "surrogatepass")) for line in lines if len(line) * 4 > INLINE_LINE_BYTES), default=0)


def inline_source(source: bytes | list[str]) -> bytes | list[str] | None:
    """What to judge on the event loop when ``source`` costs little enough for that, else None.

    Cheap is short (at most ``INLINE_BYTES``) and without a long line (at most
    ``INLINE_LINE_BYTES``). Short JSON Lines bytes are decoded in one go and split by the core's
    own ``lines_from_text``: the lines its byte reader would give, for less than reading them one
    at a time. Bytes that are not UTF-8 stay bytes, so the core's reader names the line and the
    byte as it does for a file.
    """
    if isinstance(source, list):
        if sum(map(len, source)) > INLINE_BYTES:
            return None
        lines, ascii_only = source, False
    else:
        if len(source) > INLINE_BYTES:
            return None
        try:
            text = source.decode("utf-8")
        except UnicodeDecodeError:
            return source if max(map(len, source.split(b"\n")), default=0) <= INLINE_LINE_BYTES else None
        lines, ascii_only = list(lines_from_text(text)), text.isascii()
    return lines if _longest_line(lines, ascii_only) <= INLINE_LINE_BYTES else None


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
    inline = inline_source(body.source)
    if inline is not None:
        verdict = check_log(inline)
    else:
        verdict = await run_in_threadpool(check_log, body.source)
    # a Response of its own: FastAPI would otherwise validate the verdict again through the response
    # model and walk it with jsonable_encoder (a quarter of the route's own time); the model stays
    # declared above for the OpenAPI document
    return PlainJSONResponse(verdict.to_dict())


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
