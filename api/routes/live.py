"""``/v1/tables``: live tables, recorded as they are played (docs/live.md), and their page ``/table``.

Create a table (players, dealer, options) to get its id, read link and write key; append one event
at a time (judged at once: kept, or refused as ``flip7 check`` would refuse it), undo the last,
finish (the game is stored as any game). Reads and the stream of changes need only the id; every
write needs the table's own key in ``X-Table-Key`` (the server's bearer token is neither needed
nor enough). Creating a table is a write to the server: it needs the bearer token when the server
has ``FLIP7_API_TOKEN`` set.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Annotated, Any, Literal, get_args, get_origin

from fastapi import APIRouter, Body, Header, Query, Request, Response
from fastapi.responses import FileResponse, PlainTextResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field, create_model
from starlette.concurrency import run_in_threadpool

from adjudicator.live.service import Entry, LiveError, Refused, TableService
from adjudicator.live.table import LiveView, TurnAdvice, turn_advice
from adjudicator.rulesets import RULESETS
from api.deps import WriterDep, get_settings, get_store, run_write
from api.errors import Problem
from api.responses import SafeJSONResponse
from api.routes.common import STORE_ERRORS, WRITE_ERRORS
from api.routes.referee import choose_language
from api.routes.viewer import _page

router = APIRouter(prefix="/v1/tables", tags=["live"], default_response_class=SafeJSONResponse)
pages = APIRouter(include_in_schema=False)

_lock = threading.Lock()
#: Seconds between keep-alive comments on a quiet stream.
KEEPALIVE = 15.0


def live_service(request: Request) -> TableService:
    """The app's table service, made on first use over the app's store (which it loads from)."""
    state = request.app.state
    service = getattr(state, "live", None)
    if service is None:
        with _lock:
            service = getattr(state, "live", None)
            if service is None:
                service = state.live = TableService(get_store(request), get_settings(request).live)
    return service


def _problem(error: LiveError) -> Problem:
    if isinstance(error, Refused):
        v = error.violation
        violation = {"event": error.index, "line": error.index + 1, "code": v.code, "rule": v.rule, "message": v.message}
        return Problem("move-refused", str(error), code=v.code, rule=v.rule, violation=violation, messages=error.messages)
    headers = {"WWW-Authenticate": 'X-Table-Key realm="flip7"'} if error.slug == "table-key" else None
    return Problem(error.slug, str(error), headers=headers)


async def _call(request: Request, fn: Any, *args: Any, **kwargs: Any) -> Any:
    """Run a service call in a writer's thread (it writes to the store: ``run_write``); its errors as problems."""
    try:
        return await run_write(request, fn, *args, **kwargs)
    except LiveError as error:
        raise _problem(error) from None


def _ruleset_options() -> dict[str, Any]:
    """Each registered ruleset's own ``game`` options as optional body fields, from its options
    model (the first ruleset's where two share one): the one definition, as ``flip7 simulate`` reads it."""
    fields: dict[str, Any] = {}
    for name, rules in RULESETS.items():
        for option, info in rules.game_event.options().items():
            if option in fields:
                continue
            default = info.get_default(call_default_factory=True)
            said = f" {info.description[0].upper()}{info.description[1:]}." if info.description else ""
            choices = get_args(info.annotation) if get_origin(info.annotation) is Literal else ()
            kind: Any = type(choices[0]) if choices else info.annotation  # a choice is judged with the game line
            among = f"{' or '.join(f'`{json.dumps(choice)}`' for choice in choices)}; " if choices else ""
            text = f"`{name}` only ({among}default `{json.dumps(default)}`).{said}"
            fields[option] = (kind | None, Field(default=None, description=text))
    return fields


class _NewTable(BaseModel):
    """A table to create: the `game` event's fields (`id` may be left out: one is made up). The
    options are judged as the `game` line of a log (a refusal is a `move-refused` problem)."""

    model_config = ConfigDict(extra="forbid", strict=True, json_schema_extra={"example": {"players": ["Ana", "Ben", "Cem"], "dealer": "Ana", "ruleset": "flip7"}})

    players: list[str] = Field(description="Names in clockwise seating order.")
    dealer: str = Field(description="Who deals round 1.")
    id: str | None = Field(default=None, description="The game's id (default: `live-<date>-<table id>`).")
    ruleset: str | None = Field(default=None, description=f"One of {', '.join(f'`{name}`' for name in RULESETS)} (default `{next(iter(RULESETS))}`).")
    target: int | None = Field(default=None, description="Points to win (default 200).")
    rounds: int | None = Field(default=None, description="A fixed number of rounds instead of a target.")
    decks: int | None = Field(default=None, description="Decks shuffled together (default 1).")


#: The body of a new table: the fields every ruleset has, then each ruleset's own options.
if TYPE_CHECKING:  # what the checker sees: the fields every ruleset has (the rest are read as any ruleset's)
    NewTable = _NewTable
else:
    NewTable = create_model("NewTable", __base__=_NewTable, __doc__=_NewTable.__doc__, **_ruleset_options())


class CreatedTable(BaseModel):
    """A new table: its id, links and write key (shown this once; the server keeps only its hash)."""

    id: str
    key: str = Field(description="The write key: send it as `X-Table-Key` with every write.")
    read_link: str = Field(description="The page that follows the table (share it).")
    write_link: str = Field(description="The page that writes to it (the key in the fragment, never sent to the server).")
    table: LiveView


class Appended(BaseModel):
    """An event kept: its index and the table after it."""

    index: int
    table: LiveView


TableKey = Annotated[str | None, Header(alias="X-Table-Key", description="The table's write key.")]
After = Annotated[int | None, Query(ge=0, description="The last event the writer has seen: refused (409) when the table has moved on since.")]
Lang = Annotated[str | None, Query(pattern="^(en|de)$", description="Language of a refusal's `detail` (overrides Accept-Language).")]

#: The errors of a JSON request body.
_BODY: dict[int | str, dict[str, Any]] = {
    400: {"description": "The body is not valid JSON."},
    413: {"description": "The body is larger than the server's limit."},
}
_WRITES: dict[int | str, dict[str, Any]] = {
    403: {"description": "The write key is missing or not this table's."},
    404: {"description": "No live table has this id."},
    409: {"description": "The table is finished, has nothing to undo, is full, or moved on since `after`."},
    **STORE_ERRORS,
}


@router.post(
    "", summary="Create a live table", status_code=201, response_model=CreatedTable, operation_id="createTable",
    description="Seat the players: the body is the `game` event's fields (`players`, `dealer`, `ruleset` and its options; "
    "`id` optional). The game line is judged as `flip7 check` would (a refusal is a `422` `move-refused`). Returns the write "
    "key once. Needs the bearer token when the server has `FLIP7_API_TOKEN` set.",
    responses={**_BODY, **WRITE_ERRORS, 422: {"description": "The game line is refused (`move-refused`, with code and rule), or a field is of the wrong type (`invalid-request`)."},
               429: {"description": "The server holds as many open tables as it may."}, **STORE_ERRORS},
    dependencies=[WriterDep],
)
async def create_table(request: Request, response: Response, body: NewTable) -> Any:
    service = live_service(request)
    game = body.model_dump(exclude_none=True)
    entry, key = await _call(request, service.create, game)
    table_id = entry.table.id
    response.headers["Location"] = f"/v1/tables/{table_id}"
    return SafeJSONResponse(
        {"id": table_id, "key": key, "read_link": f"/table/{table_id}", "write_link": f"/table/{table_id}#key={key}", "table": entry.snapshot},
        status_code=201, headers={"Location": f"/v1/tables/{table_id}"},
    )


def _entry(request: Request, table_id: str) -> Entry:
    try:
        return live_service(request).entry(table_id)
    except LiveError as error:
        raise _problem(error) from None


@router.get("/{table_id}", summary="Read a live table", response_model=LiveView, operation_id="readTable",
            description="The table after its last kept event: the table view, what is owed next, the bust chance of the player to move.",
            responses={404: {"description": "No live table has this id."}})
async def read_table(request: Request, table_id: str) -> Any:
    return SafeJSONResponse(_entry(request, table_id).snapshot)


def _advice(entry: Entry) -> dict[str, Any] | None:
    with entry.lock:
        advice = turn_advice(entry.table.state)
    return advice.model_dump() if advice is not None else None


@router.get("/{table_id}/advice", summary="What hit and stay are worth now", response_model=TurnAdvice | None, operation_id="tableAdvice",
            description="For the player whose turn it is: the points a stay banks and the expected points of a hit (the decision "
            "analysis of `flip7 advise`, with a small look-ahead). `null` when it is nobody's turn or the ruleset has no model.",
            responses={404: {"description": "No live table has this id."}})
async def table_advice(request: Request, table_id: str) -> Any:
    entry = _entry(request, table_id)
    return SafeJSONResponse(await run_in_threadpool(_advice, entry))


@router.get("/{table_id}/log", summary="The table's log so far", operation_id="tableLog", response_class=PlainTextResponse,
            description="Every kept event as flip7-log/1 JSON Lines (what `flip7 check` reads).",
            responses={200: {"content": {"application/x-ndjson": {}}}, 404: {"description": "No live table has this id."}})
async def table_log(request: Request, table_id: str) -> Any:
    lines = list(_entry(request, table_id).table.lines)
    return PlainTextResponse("".join(f"{line}\n" for line in lines), media_type="application/x-ndjson")


@router.post(
    "/{table_id}/events", summary="Append one event", response_model=Appended, operation_id="appendEvent",
    description="Judge one event (a log line as a JSON object) against the table: a legal one is kept (written to the store "
    "before this answer) and the new table returned; an illegal one is a `422` `move-refused` with the same `code`, `rule` "
    "and message as `flip7 check`, and is not kept. `detail` is in the language asked (`Accept-Language: de` or `?lang=de`).",
    responses={**_BODY, **_WRITES, 422: {"description": "The rules refuse the event (`move-refused`: `code`, `rule`, `violation`, `messages`), or the body is not a JSON object (`invalid-request`)."}},
)
async def append_event(
    request: Request, table_id: str, key: TableKey = None, after: After = None, lang: Lang = None,
    accept_language: Annotated[str | None, Header(include_in_schema=False)] = None,
    event: dict[str, Any] = Body(description="One event, e.g. `{\"type\":\"hit\",\"player\":\"Ana\"}`.", examples=[{"type": "hit", "player": "Ana"}]),
) -> Any:
    service = live_service(request)
    chosen = lang or choose_language(accept_language)
    entry, index = await _call(request, service.append, table_id, key, event, after=after, lang=chosen)
    return SafeJSONResponse({"index": index, "table": entry.snapshot})


@router.post("/{table_id}/undo", summary="Undo the last event", response_model=Appended, operation_id="undoEvent",
             description="Forget the last kept event (never the game line); `index` is the event undone.", responses=_WRITES)
async def undo_event(request: Request, table_id: str, key: TableKey = None, after: After = None) -> Any:
    entry, index = await _call(request, live_service(request).undo, table_id, key, after=after)
    return SafeJSONResponse({"index": index, "table": entry.snapshot})


@router.post("/{table_id}/finish", summary="Finish the table and store its game", response_model=LiveView, operation_id="finishTable",
             description="Store the log as any game (like `POST /v1/games`; it is at `/v1/games/{game}`); the table takes no more "
             "writes. A game not yet over may be finished too (it is stored unfinished).", responses=_WRITES)
async def finish_table(request: Request, table_id: str, key: TableKey = None) -> Any:
    entry = await _call(request, live_service(request).finish, table_id, key)
    return SafeJSONResponse(entry.snapshot)


def _message(seq: int, kind: str, payload: dict[str, Any]) -> str:
    return f"id: {seq}\nevent: {kind}\ndata: {json.dumps(payload, ensure_ascii=False, separators=(',', ':'))}\n\n"


@router.get(
    "/{table_id}/stream", summary="Follow a table (Server-Sent Events)", operation_id="followTable", response_class=StreamingResponse,
    description="A `text/event-stream` of the table's changes. The first message (`sync`) holds the whole table and every kept "
    "event; then one message per change (`append`, `undo`, `finish`), each with `change` and the table as it stands. Every message "
    "has the table's `seq` as its `id`: a client reconnecting with `Last-Event-ID` gets every change it missed (or one `sync`).",
    responses={200: {"content": {"text/event-stream": {}}}, 404: {"description": "No live table has this id."}},
)
async def follow_table(request: Request, table_id: str, last_event_id: Annotated[str | None, Header(alias="Last-Event-ID")] = None) -> Any:
    service = live_service(request)
    entry = _entry(request, table_id)
    seen = int(last_event_id) if last_event_id and last_event_id.isdigit() else None

    async def messages() -> AsyncIterator[str]:
        nonlocal seen
        wake = service.follow(entry)
        try:
            yield "retry: 1000\n\n"
            while True:
                wake.clear()
                seq = entry.table.seq
                snapshot = entry.snapshot
                if seen is None or seq > seen:
                    changes = service.changes_since(entry, seen) if seen is not None else None
                    if changes:
                        for change in changes:
                            yield _message(change.seq, change.kind, {"seq": change.seq, "change": {"kind": change.kind, "index": change.index, "event": change.event}, "table": snapshot})
                    else:
                        lines = [json.loads(line) for line in entry.table.lines]
                        yield _message(seq, "sync", {"seq": seq, "change": {"kind": "sync"}, "events": lines, "table": snapshot})
                    seen = seq
                if not service.has(table_id):  # expired: nothing more will come
                    return
                try:
                    await asyncio.wait_for(wake.wait(), KEEPALIVE)
                except TimeoutError:
                    yield ": still here\n\n"
        finally:
            service.unfollow(entry, wake)

    return StreamingResponse(messages(), media_type="text/event-stream", headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


@pages.get("/table")
def new_table_page() -> FileResponse:
    """The live table page: seat the players of a new table."""
    return _page("table.html")


@pages.get("/table/{table_id}")
def table_page(table_id: str) -> FileResponse:
    """The live table page of one table (with ``#key=…``: the writer's page)."""
    return _page("table.html")
