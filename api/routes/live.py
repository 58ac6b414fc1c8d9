"""``/v1/tables``: live tables, recorded as they are played (docs/live.md), and their page ``/table``.

Create a table (players, dealer, options) to get its id, read link and write key; append one event
at a time (judged at once: kept, or refused as ``flip7 check`` would refuse it), undo the last,
finish (the game is stored as any game). Reads and the stream of changes need only the id; every
write needs the table's own key in ``X-Table-Key`` (the server's bearer token is neither needed
nor enough). Creating a table is a write to the server: it needs the bearer token when the server
has ``FLIP7_API_TOKEN`` set. A table's writes have the fences of every write (``api.guard``).

Nothing here blocks the event loop: a table not yet in memory is replayed in a worker thread,
advice is computed in one, and a stream's catch-up (a ``sync``, many missed changes) is written in one.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import threading
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import TYPE_CHECKING, Annotated, Any, Literal, get_args, get_origin

from fastapi import APIRouter, Depends, Header, Query, Request, Response
from fastapi.responses import FileResponse, PlainTextResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field, create_model
from starlette.concurrency import run_in_threadpool

from adjudicator.errors import LogUnreadable
from adjudicator.live.limits import LiveLimits
from adjudicator.live.service import CatchUp, Entry, LiveError, Refused, TableService
from adjudicator.live.table import LiveView, TurnAdvice
from adjudicator.rulesets import RULESETS
from adjudicator.source import lines_from_bytes
from adjudicator.store.errors import StoreError
from api.deps import WriterDep, get_settings, get_store, run_write
from api.errors import Problem, problem_slug
from api.guard import table_write
from api.responses import SafeJSONResponse
from api.routes.common import STORE_ERRORS, WRITE_ERRORS
from api.routes.referee import choose_language
from api.routes.viewer import _page

router = APIRouter(prefix="/v1/tables", tags=["live"], default_response_class=SafeJSONResponse)
pages = APIRouter(include_in_schema=False)

log = logging.getLogger("flip7.api")
_lock = threading.Lock()
#: Seconds between keep-alive comments on a quiet stream.
KEEPALIVE = 15.0
#: A table's writes: fenced as every write is (another site's ``Origin``: 403; a body type any page may send: 415).
TableWriteDep = Depends(table_write)


def follower_cap(limits: LiveLimits, file_limit: int | None = None) -> LiveLimits:
    """``limits`` with the server's followers kept to half the process's open-file limit (each
    stream holds a connection: a file), so streams never leave the server without files."""
    if file_limit is None:
        try:
            import resource  # POSIX only; elsewhere the configured caps stand alone
        except ImportError:
            return limits
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        file_limit = -1 if soft == resource.RLIM_INFINITY else soft
    if file_limit <= 0:
        return limits
    cap = max(1, file_limit // 2)
    return replace(limits, max_followers=min(limits.max_followers, cap), max_table_followers=min(limits.max_table_followers, cap))


def live_service(request: Request) -> TableService:
    """The app's table service, made on first use over the app's store (it reads nothing until asked)."""
    state = request.app.state
    service = getattr(state, "live", None)
    if service is None:
        with _lock:
            service = getattr(state, "live", None)
            if service is None:
                service = state.live = TableService(get_store(request), follower_cap(get_settings(request).live))
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
    except StoreError as error:
        raise _store_problem(error) from None


def _store_problem(error: StoreError) -> Problem:
    """A store error as a problem that names no server path (the server's log has the store's own words)."""
    log.warning("live table: %s", error)
    return Problem(problem_slug(type(error)), "the store could not do this, so nothing of it was kept: the server's log says why")


async def _read(request: Request, fn: Any, *args: Any) -> Any:
    """Run a service call that may block (a table replayed from the store) in a reader's thread; its errors as problems."""
    try:
        return await run_in_threadpool(fn, *args)
    except LiveError as error:
        raise _problem(error) from None
    except StoreError as error:
        raise _store_problem(error) from None


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
    purist: bool = Field(default=False, description="Purist mode: no bust chance and no advice on any page of the table (not part of the log).")


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
#: The fences of every write (docs/security.md).
_FENCES: dict[int | str, dict[str, Any]] = {
    403: {"description": "The write key is missing or not this table's, or the request comes from another site's page (`cross-origin-write`)."},
    415: {"description": "The body's type is one any web page may send (`text/plain`, a form type, or none with a body)."},
}


@router.post(
    "", summary="Create a live table", status_code=201, response_model=CreatedTable, operation_id="createTable",
    description="Seat the players: the body is the `game` event's fields (`players`, `dealer`, `ruleset` and its options; "
    "`id` optional). The game line is judged as `flip7 check` would (a refusal is a `422` `move-refused`). Returns the write "
    "key once. Needs the bearer token when the server has `FLIP7_API_TOKEN` set.",
    responses={**_BODY, **WRITE_ERRORS, 422: {"description": "The game line is refused (`move-refused`, with code and rule), or a field is of the wrong type (`invalid-request`)."},
               409: {"description": "Another table or a stored game has this game id (`game-conflict`)."},
               429: {"description": "The server holds as many open tables as it may."}, **STORE_ERRORS},
    dependencies=[WriterDep],
)
async def create_table(request: Request, response: Response, body: NewTable) -> Any:
    service = live_service(request)  # creating checks the game id against every table: the index is read in the writer's thread
    game = body.model_dump(exclude_none=True)
    purist = game.pop("purist", False)
    entry, key = await _call(request, service.create, game, purist=purist)
    table_id = entry.table.id
    response.headers["Location"] = f"/v1/tables/{table_id}"
    return SafeJSONResponse(
        {"id": table_id, "key": key, "read_link": f"/table/{table_id}", "write_link": f"/table/{table_id}#key={key}", "table": entry.snapshot},
        status_code=201, headers={"Location": f"/v1/tables/{table_id}"},
    )


async def _entry(request: Request, table_id: str) -> Entry:
    """The table: at once when it is in memory, else replayed from the store in a worker thread."""
    service = live_service(request)
    entry = service.loaded(table_id)
    if entry is None:
        entry = await _read(request, service.entry, table_id)
    return entry


@router.get("/{table_id}", summary="Read a live table", response_model=LiveView, operation_id="readTable",
            description="The table after its last kept event: the table view, what is owed next, the bust chance of the player to move.",
            responses={404: {"description": "No live table has this id."}})
async def read_table(request: Request, table_id: str) -> Any:
    return SafeJSONResponse((await _entry(request, table_id)).snapshot)


@router.get("/{table_id}/advice", summary="What hit and stay are worth now", response_model=TurnAdvice | None, operation_id="tableAdvice",
            description="For the player whose turn it is: the points a stay banks and the expected points of a hit (the decision "
            "analysis of `flip7 advise`, with a small look-ahead). `null` when it is nobody's turn or the ruleset has no model. "
            "Computed once per change on a copy of the table, so a write never waits for it; the server computes a few at once.",
            responses={404: {"description": "No live table has this id."},
                       409: {"description": "The table is purist (`purist-table`): no advice is given."},
                       429: {"description": "The server computes as many advices at once as it may (`advice-busy`): ask again."}})
async def table_advice(request: Request, table_id: str) -> Any:
    if (await _entry(request, table_id)).purist:  # answered at once, without a worker thread
        raise Problem("purist-table", "this table is purist (no counting aids): its scorer chose to play without advice")
    return SafeJSONResponse(await _read(request, live_service(request).advice, table_id))


@router.get("/{table_id}/log", summary="The table's log so far", operation_id="tableLog", response_class=PlainTextResponse,
            description="Every kept event as flip7-log/1 JSON Lines (what `flip7 check` reads).",
            responses={200: {"content": {"application/x-ndjson": {}}}, 404: {"description": "No live table has this id."}})
async def table_log(request: Request, table_id: str) -> Any:
    lines = list((await _entry(request, table_id)).table.lines)
    return PlainTextResponse("".join(f"{line}\n" for line in lines), media_type="application/x-ndjson")


@router.post(
    "/{table_id}/events", summary="Append one event", response_model=Appended, operation_id="appendEvent",
    description="Judge one event (a log line as a JSON object) against the table: a legal one is kept (written to the store "
    "before this answer) and the new table returned; an illegal one is a `422` `move-refused` with the same `code`, `rule` "
    "and message as `flip7 check`, and is not kept. The body is read exactly as a line of a log is (one line, at most 65,536 "
    "bytes, strict JSON: a repeated key is refused). `detail` is in the language asked (`Accept-Language: de` or `?lang=de`).",
    responses={**_BODY, **_WRITES, **_FENCES,
               422: {"description": "The rules or the log reader refuse the event (`move-refused`: `code`, `rule`, `violation`, `messages`)."}},
    dependencies=[TableWriteDep],
    openapi_extra={"requestBody": {"required": True, "content": {"application/json": {
        "schema": {"type": "object", "description": "One event as one line of a log, e.g. `{\"type\":\"hit\",\"player\":\"Ana\"}`."},
        "example": {"type": "hit", "player": "Ana"}}}}},
)
async def append_event(
    request: Request, table_id: str, key: TableKey = None, after: After = None, lang: Lang = None,
    accept_language: Annotated[str | None, Header(include_in_schema=False)] = None,
) -> Any:
    service = live_service(request)
    chosen = lang or choose_language(accept_language)
    line = await _event_line(request)
    entry, index = await _call(request, service.append, table_id, key, line, after=after, lang=chosen)
    return SafeJSONResponse({"index": index, "table": entry.snapshot})


async def _event_line(request: Request) -> str:
    """The body as the log reader reads a log's lines: UTF-8, at most ``MAX_LINE_BYTES`` a line
    (a longer one is a ``TooLongLine`` the table refuses); several lines stay several (refused)."""
    body = await request.body()
    if not body.strip():
        raise Problem("empty-body", "send one event as a JSON object, e.g. {\"type\":\"hit\",\"player\":\"Ana\"}")
    try:
        lines = list(lines_from_bytes(body))
    except LogUnreadable as error:
        raise Problem("unreadable-body", str(error)) from None
    return lines[0] if len(lines) == 1 else "\n".join(lines)


@router.post("/{table_id}/undo", summary="Undo the last event", response_model=Appended, operation_id="undoEvent",
             description="Forget the last kept event (never the game line); `index` is the event undone.",
             responses={**_WRITES, **_FENCES}, dependencies=[TableWriteDep])
async def undo_event(request: Request, table_id: str, key: TableKey = None, after: After = None) -> Any:
    entry, index = await _call(request, live_service(request).undo, table_id, key, after=after)
    return SafeJSONResponse({"index": index, "table": entry.snapshot})


@router.post("/{table_id}/finish", summary="Finish the table and store its game", response_model=LiveView, operation_id="finishTable",
             description="Store the log as any game (like `POST /v1/games`; it is at `/v1/games/{game}`); the table takes no more "
             "writes. A game not yet over may be finished too (it is stored unfinished). Should another log have taken the "
             "game id meanwhile, the game is stored as `<id>-<table id>` (the view's `game` says which).",
             responses={**_WRITES, **_FENCES}, dependencies=[TableWriteDep])
async def finish_table(request: Request, table_id: str, key: TableKey = None) -> Any:
    entry = await _call(request, live_service(request).finish, table_id, key)
    return SafeJSONResponse(entry.snapshot)


class PuristSetting(BaseModel):
    """Purist mode on or off."""

    model_config = ConfigDict(extra="forbid", strict=True)

    purist: bool = Field(description="True: no bust chance and no advice on any page of the table.")


@router.post("/{table_id}/purist", summary="Turn purist mode on or off", response_model=LiveView, operation_id="setPurist",
             description="Purist mode hides the counting aids (bust chance, advice) on every page of the table, and `/advice` "
             "answers `409` `purist-table`. Every follower is told (a `settings` change); the log is not touched.",
             responses={**_BODY, **_WRITES, **_FENCES, 422: {"description": "The body is not `{\"purist\": true|false}`."}},
             dependencies=[TableWriteDep])
async def set_purist(request: Request, body: PuristSetting, table_id: str, key: TableKey = None) -> Any:
    entry = await _call(request, live_service(request).set_purist, table_id, key, body.purist)
    return SafeJSONResponse(entry.snapshot)


def _message(seq: int, kind: str, data: str) -> str:
    return f"id: {seq}\nevent: {kind}\ndata: {data}\n\n"


def _catch_up_messages(got: CatchUp) -> str:
    """The messages of a catch-up as one text (the texts are JSON written once per change)."""
    if got.changes is not None:
        return "".join(_message(c.seq, c.kind, f'{{"seq":{c.seq},"change":{c.text},"table":{got.table}}}') for c in got.changes)
    # a kept line is JSON on one line; a carriage return between its tokens would end an SSE line: a space is the same JSON
    events = ",".join(got.lines).replace("\r", " ")
    return _message(got.seq, "sync", f'{{"seq":{got.seq},"change":{{"kind":"sync"}},"events":[{events}],"table":{got.table}}}')


def _caught_up(service: TableService, entry: Entry, seen: int | None, got: CatchUp | None) -> tuple[CatchUp, str]:
    """A catch-up and its messages, in a worker thread (waiting for the table's lock if need be)."""
    if got is None:
        got = service.catch_up(entry, seen)
        assert got is not None  # waited for the lock
    return got, _catch_up_messages(got)


#: ``Last-Event-ID`` as this server writes it: a change count (checked by ``_last_event_id``: a 400, not a 422).
_EVENT_ID = re.compile(r"[0-9]{1,18}")
#: The header as the OpenAPI document declares it (read from the request: no null to send).
_LAST_EVENT_ID = {
    "name": "Last-Event-ID", "in": "header", "required": False,
    "description": "The last change seen (a reconnect): every change since is sent, or one `sync`.",
    "schema": {"type": "string", "pattern": f"^{_EVENT_ID.pattern}$"},
}


def _last_event_id(value: str | None) -> int | None:
    """The change a reconnecting follower saw last; ``Problem`` 400 for anything but a change count."""
    if value is None or value == "":
        return None
    if _EVENT_ID.fullmatch(value) is None:
        shown = value if len(value) <= 40 else f"{value[:40]}… ({len(value):,} characters)"
        raise Problem("invalid-request", f"Last-Event-ID must be a change count this server sent (ASCII digits, at most 18), not {shown!r}", status=400)
    return int(value)


class _Stream(StreamingResponse):
    """A stream that gives its follower's place back however it ends (even when never started)."""

    def __init__(self, content: AsyncIterator[str], release: Any) -> None:
        super().__init__(content, media_type="text/event-stream", headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
        self._release = release

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._release()


@router.get(
    "/{table_id}/stream", summary="Follow a table (Server-Sent Events)", operation_id="followTable", response_class=StreamingResponse,
    description="A `text/event-stream` of the table's changes. The first message (`sync`) holds the whole table and every kept "
    "event; then one message per change (`append`, `undo`, `finish`), each with `change` and the table as it stands. Every message "
    "has the table's `seq` as its `id`: a client reconnecting with `Last-Event-ID` gets every change it missed (or one `sync`, "
    "when they are no longer remembered or would be more than the server's `replay_bytes`).",
    responses={200: {"content": {"text/event-stream": {}}}, 400: {"description": "`Last-Event-ID` is not a change count."},
               404: {"description": "No live table has this id."},
               429: {"description": "The table or the server has as many followers as it may (`too-many-followers`)."}},
    openapi_extra={"parameters": [_LAST_EVENT_ID]},
)
async def follow_table(request: Request, table_id: str) -> Any:
    seen = _last_event_id(request.headers.get("last-event-id"))
    service = live_service(request)
    entry = await _entry(request, table_id)
    try:
        wake = service.follow(entry)
    except LiveError as error:
        raise _problem(error) from None

    async def messages() -> AsyncIterator[str]:
        nonlocal seen
        yield "retry: 1000\n\n"
        while True:
            wake.clear()
            if seen is None or entry.table.seq > seen:
                tried = service.catch_up(entry, seen, wait=False)  # the loop never waits for a writer's lock
                if tried is None or tried.changes is None or len(tried.changes) > 1:  # a sync or many changes: written off the loop
                    got, text = await run_in_threadpool(_caught_up, service, entry, seen, tried)
                else:
                    got, text = tried, _catch_up_messages(tried)
                yield text
                seen = got.seq
            if not service.has(table_id):  # expired: nothing more will come
                return
            try:
                await asyncio.wait_for(wake.wait(), KEEPALIVE)
            except TimeoutError:
                yield ": still here\n\n"

    return _Stream(messages(), lambda: service.unfollow(entry, wake))


@pages.get("/table")
def new_table_page() -> FileResponse:
    """The live table page: seat the players of a new table."""
    return _page("table.html")


@pages.get("/table/sw.js")
def table_service_worker() -> FileResponse:
    """The table pages' service worker (``static/sw.js``), its scope ``/table`` (the pages work offline)."""
    response = _page("sw.js")
    response.headers["Service-Worker-Allowed"] = "/table"
    return response


@pages.get("/table/{table_id}")
def table_page(table_id: str) -> FileResponse:
    """The live table page of one table (with ``#key=…``: the writer's page)."""
    return _page("table.html")
