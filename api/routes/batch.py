"""``POST /v1/ingest``: many logs stored in one request, in batches, as `flip7 ingest` stores them.

This is what `flip7 ingest` uses while a server holds the store (one request per few hundred
logs instead of one per log). Each log is judged and stored whole; the logs of one request are
written in batches (one transaction each), so an interrupted server keeps whole games only.
"""

from __future__ import annotations

import base64
import binascii
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from adjudicator.store import LogInput
from api import store_adapter
from api.analyses import analyses
from api.deps import StoreDep, WriterDep, run_write
from api.responses import SafeJSONResponse
from api.routes.common import STORE_ERRORS, WRITE_ERRORS, AnalyzeQuery, ReplaceQuery, body_errors

router = APIRouter(prefix="/v1", tags=["games"], default_response_class=SafeJSONResponse)

#: Most logs one request may carry.
MAX_LOGS = 1000


class BatchLog(BaseModel):
    """One log of a batch: where it came from, and its bytes in Base64."""

    name: str = Field(max_length=1000, description="Where the log came from (kept as the game's `source`).")
    content_base64: str = Field(description="The log file's bytes, Base64-encoded (so any bytes travel as they are).")


class BatchRequest(BaseModel):
    """Logs to judge and store."""

    logs: list[BatchLog] = Field(min_length=1, max_length=MAX_LOGS)


class BatchResult(BaseModel):
    """What storing one log of the batch did (as `flip7 ingest --json` reports it)."""

    name: str
    outcome: str = Field(description="ingested, unchanged, replaced, refused, unreadable or failed.")
    game: str | None
    valid: bool | None
    message: str | None
    events: int = Field(description="Events stored for this log (0 unless ingested or replaced).")
    decisions: int | None = Field(
        None, exclude_if=lambda v: v is None, description="With `?analyze=true`: the decisions valued and stored (absent: not analysed)."
    )
    note: str | None = Field(
        None, exclude_if=lambda v: v is None, description="With `?analyze=true`: why no decision was valued (the ruleset has no decision model)."
    )


class BatchResponse(BaseModel):
    """One result per log, in the order sent."""

    results: list[BatchResult]


def _decode(log: BatchLog) -> LogInput:
    """The log's input; content that is not Base64 makes that log ``unreadable`` (the others go on)."""

    def load() -> bytes:
        try:
            return base64.b64decode(log.content_base64, validate=True)
        except (binascii.Error, ValueError):
            raise OSError("content_base64 is not Base64") from None

    return LogInput(log.name, load)


@router.post(
    "/ingest",
    summary="Judge and store many logs",
    description=(
        "Like `flip7 ingest`: every log is judged and stored with its verdict (invalid ones too), "
        f"in batches of whole games; up to {MAX_LOGS} logs per request, within the body limit. "
        "Outcomes are reported per log (`refused` when another log is stored under its id, unless "
        "`?replace=true`); the request itself succeeds. Needs the bearer token when the server has "
        "`FLIP7_API_TOKEN` set."
    ),
    response_model=BatchResponse,
    responses={
        **WRITE_ERRORS,
        **body_errors("The body is not JSON.", f"The body is not a list of 1 to {MAX_LOGS} logs, or a parameter is invalid."),
        **STORE_ERRORS,
    },
    dependencies=[WriterDep],
    operation_id="ingestMany",
)
async def ingest_many(
    request: Request,
    body: BatchRequest,
    store: StoreDep,
    replace: ReplaceQuery = False,
    analyze: AnalyzeQuery = False,
) -> Any:
    inputs = [_decode(log) for log in body.logs]
    # the decisions are valued in the analysis pool (bounded, timed), then written: no write waits on them
    ahead = await analyses(request).run_for(request, len(inputs), store.replay_many_ahead, inputs) if analyze else None
    return {"results": await run_write(request, store_adapter.ingest_many, store, inputs, replace=replace, analyze=analyze, ahead=ahead)}
