"""``POST /v1/tables/{id}/events/{index}``: correct an earlier event of a live table (docs/live.md).

The body is the corrected event, read as an append's body is; the table goes back to before that
event, keeps the corrected one and replays the later events, dropping those no longer legal (the
answer lists them with their rule and message in English and German). Behind the table's write key
and the fences of every write; ``after`` as for an append; ``?preview=true`` keeps nothing.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Path, Query, Request
from pydantic import BaseModel, Field

from adjudicator.live.correct import correct
from adjudicator.live.table import LiveView
from api.responses import SafeJSONResponse
from api.routes.live import _BODY, _FENCES, _WRITES, After, Lang, TableKey, TableWriteDep, _call, _event_line, live_service
from api.routes.referee import choose_language

router = APIRouter(prefix="/v1/tables", tags=["live"], default_response_class=SafeJSONResponse)


class DroppedEvent(BaseModel):
    """A later event no longer legal after the correction, dropped: its index before and why."""

    index: int = Field(description="Its index before the correction.")
    event: Any = Field(description="The event as it was kept.")
    code: str
    rule: str
    messages: dict[str, str] = Field(description="Why it is no longer legal, in `en` and `de` (as `flip7 check` says it).")


class Corrected(BaseModel):
    """A correction done (or previewed): the event's index, the later events kept and dropped, the table after."""

    index: int
    kept: int = Field(description="Later events still legal, kept in order after the corrected one.")
    dropped: list[DroppedEvent]
    preview: bool = Field(description="True when nothing was kept (`?preview=true`).")
    table: LiveView


@router.post(
    "/{table_id}/events/{index}", summary="Correct an earlier event", response_model=Corrected, operation_id="correctEvent",
    description="Put the body's event in the place of event `index`: the table goes back to before it, judges the corrected event "
    "(a refusal is a `422` `move-refused` and nothing changes), then judges every later event again in order, keeping those still "
    "legal and dropping the others (`dropped`, each with its `code`, `rule` and `messages`). Kept in one store transaction; followers "
    "get one `sync`. The game line (event `0`) is not corrected (`409`). With `?preview=true` nothing is kept.",
    responses={**_BODY, **_WRITES, **_FENCES,
               409: {"description": "Event `0` (the game line) or no such event, the table is finished, or it moved on since `after` (`table-conflict`)."},
               422: {"description": "The rules or the log reader refuse the corrected event (`move-refused`), or `index` is not a number."}},
    dependencies=[TableWriteDep],
    openapi_extra={"requestBody": {"required": True, "content": {"application/json": {
        "schema": {"type": "object", "description": "The corrected event as one line of a log."},
        "example": {"type": "card", "player": "Ana", "card": "7"}}}}},
)
async def correct_event(
    request: Request, table_id: str, index: Annotated[int, Path(ge=0, le=1_000_000, description="The event to correct (1 or later).")],
    key: TableKey = None, after: After = None, lang: Lang = None,
    preview: Annotated[bool, Query(description="Say what the correction would do, keep nothing.")] = False,
    accept_language: Annotated[str | None, Header(include_in_schema=False)] = None,
) -> Any:
    chosen = lang or choose_language(accept_language)
    line = await _event_line(request)
    entry, done = await _call(request, correct, live_service(request), table_id, key, index, line, after=after, lang=chosen, preview=preview)
    table = entry.snapshot
    return SafeJSONResponse({"index": done.index, "kept": done.kept, "dropped": [d.as_json() for d in done.dropped], "preview": preview, "table": table})
