"""``POST /v1/ingest``: many logs stored in one request, in batches, as `flip7 ingest` stores them.

This is what `flip7 ingest` uses while a server holds the store (one request per few hundred
logs instead of one per log). Each log is judged and stored whole; the logs of one request are
written in batches (one transaction each), so an interrupted server keeps whole games only.
"""

from __future__ import annotations

import base64
import binascii
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from adjudicator.store import IngestResult, LogInput, Store
from api.deps import StoreDep, WriterDep
from api.responses import SafeJSONResponse
from api.routes.common import STORE_ERRORS, WRITE_ERRORS, ReplaceQuery

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


def _run(store: Store, inputs: list[LogInput], replace: bool) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []

    def collect(result: IngestResult, events: int) -> None:
        out.append({
            "name": result.name, "outcome": result.outcome.value, "game": result.game_id, "valid": result.valid,
            "message": result.message, "events": events,
        })

    store.ingest_many(inputs, replace=replace, on_result=collect)
    return out


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
        400: {"description": "The body is not JSON."},
        **WRITE_ERRORS,
        413: {"description": "The body is larger than the server's limit."},
        422: {"description": "The body is not a list of 1 to 1000 logs, or a parameter is invalid."},
        **STORE_ERRORS,
    },
    dependencies=[WriterDep],
    operation_id="ingestMany",
)
async def ingest_many(
    body: BatchRequest,
    store: StoreDep,
    replace: ReplaceQuery = False,
) -> Any:
    inputs = [_decode(log) for log in body.logs]
    return {"results": await run_in_threadpool(_run, store, inputs, replace)}



