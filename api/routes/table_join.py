"""Joining a live table (docs/live.md): join codes and QR codes, the scorer's code, handing the
scorer's right over, the next game, redo after undo, and the table screen's page ``/table/<id>/screen``.

A table's join code (six characters, no 0/O, 1/I/L) opens its read link: ``GET /v1/join/{code}``.
The QR codes are drawn here, offline, as SVG. The scorer's code and the hand-over need the table's
write key (``X-Table-Key``); a QR of a write link is only ever sent in the answer to such a POST,
never at an address of its own.
"""

from __future__ import annotations

import io
import threading
from typing import Any

import segno
from fastapi import APIRouter, Path, Request, Response
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field

from adjudicator.live.join import ALPHABET, JOIN_LENGTH, JoinDesk
from adjudicator.live.redo import next_redo, redo
from adjudicator.live.service import LiveError
from api.deps import WriterDep
from api.responses import SafeJSONResponse
from api.routes.common import STORE_ERRORS, WRITE_ERRORS
from api.routes.live import _FENCES, After, Appended, CreatedTable, Lang, TableKey, TableWriteDep, _call, _problem, live_service
from api.routes.viewer import _page

router = APIRouter(tags=["live"], default_response_class=SafeJSONResponse)
pages = APIRouter(include_in_schema=False)

_lock = threading.Lock()
Code = Path(min_length=1, max_length=20, description=f"A join code ({JOIN_LENGTH} characters of `{ALPHABET}`) or a scorer's code; either case.")
_NOT_FOUND: dict[int | str, dict[str, Any]] = {404: {"description": "No live table has this id."}}
_KEYED: dict[int | str, dict[str, Any]] = {
    403: {"description": "The write key is missing or not this table's."},
    404: {"description": "No live table has this id."},
    409: {"description": "The table is finished (or, for the next game, not yet; or its next game is already seated)."},
    **STORE_ERRORS,
}
#: The key's routes that write: fenced as every table write is (docs/security.md).
_KEYED_WRITE = {**_KEYED, **_FENCES}


def join_desk(request: Request) -> JoinDesk:
    """The app's join desk, made on first use over the app's table service."""
    state = request.app.state
    desk = getattr(state, "join_desk", None)
    if desk is None:
        with _lock:
            desk = getattr(state, "join_desk", None)
            if desk is None:
                desk = state.join_desk = JoinDesk(live_service(request))
    return desk


def qr_svg(text: str) -> str:
    """``text`` as a QR code (error correction M), an SVG document drawn here (no network)."""
    out = io.BytesIO()
    segno.make(text, error="m", micro=False).save(out, kind="svg", scale=8, border=4, xmldecl=False, title=text, dark="#000", light="#fff")
    return out.getvalue().decode("utf-8")


def _absolute(request: Request, link: str) -> str:
    """A link of this server as the phones reach it (the address the request came to)."""
    return str(request.base_url).rstrip("/") + link


def _desk_call(fn: Any, *args: Any) -> Any:
    try:
        return fn(*args)
    except LiveError as error:
        raise _problem(error) from None


class JoinInfo(BaseModel):
    """How other phones join a table: its code, its read link and the QR code of that link."""

    id: str
    code: str = Field(description=f"The join code: {JOIN_LENGTH} characters, no 0/O, 1/I/L; `GET /v1/join/{{code}}` opens the read link.")
    read_link: str = Field(description="The page that follows the table.")
    screen_link: str = Field(description="The table screen: a read-only page for a tablet or TV in the middle of the table.")
    qr: str = Field(description="The QR code of the read link (full address), an SVG.")


class Joined(BaseModel):
    """What a code opens."""

    role: str = Field(description="`read` (a join code: the read link) or `write` (a scorer's code: the write link).")
    id: str = Field(description="The table id.")
    link: str = Field(description="The page to open (`/table/<id>`, with `#key=…` for the scorer).")


class ScorerShare(BaseModel):
    """The write link to hand to another phone: a scorer's code (once, until `expires`) and its QR code."""

    role: str = Field(description="`write`: this is the scorer's link; whoever opens it may record.")
    code: str = Field(description="The scorer's code: opens the write link once (`GET /v1/join/{code}`).")
    expires: str = Field(description="When the code stops working (UTC, ISO 8601).")
    write_link: str = Field(description="The write link (the key in the fragment).")
    qr_svg: str = Field(description="The QR code of the write link (full address), an SVG document.")
    key: str | None = Field(default=None, description="After a hand-over: the new write key (the old one no longer writes).")


class NextGameSeats(BaseModel):
    """The next game's seating: by default the same as the last game's, the deal passed on."""

    model_config = ConfigDict(extra="forbid", strict=True, json_schema_extra={"example": {}})

    dealer: str | None = Field(default=None, description="Who deals round 1 (default: the player after the last game's first dealer).")


class NextGame(BaseModel):
    """The table seated for a finished table's next game, once the scorer seated it."""

    id: str | None
    read_link: str | None


@router.get("/v1/tables/{table_id}/join", summary="The join code of a table", response_model=JoinInfo, operation_id="tableJoin",
            description="The table's join code (for the read link), its read link and the table screen's link.", responses=_NOT_FOUND)
async def table_join(request: Request, table_id: str) -> Any:
    code = _desk_call(join_desk(request).join_code, table_id)
    return {"id": table_id, "code": code, "read_link": f"/table/{table_id}", "screen_link": f"/table/{table_id}/screen", "qr": f"/v1/tables/{table_id}/qr.svg"}


@router.get("/v1/tables/{table_id}/qr.svg", summary="The QR code of a table's read link", operation_id="tableQr",
            description="An SVG QR code of the table's read link as a full address on this server (drawn here, offline).",
            responses={200: {"content": {"image/svg+xml": {}}}, **_NOT_FOUND}, response_class=Response)
async def table_qr(request: Request, table_id: str) -> Response:
    _desk_call(live_service(request).entry, table_id)
    return Response(qr_svg(_absolute(request, f"/table/{table_id}")), media_type="image/svg+xml", headers={"Cache-Control": "no-cache"})


@router.get("/v1/join/{code}", summary="Open a table by its code", response_model=Joined, operation_id="joinByCode",
            description="A table's join code opens its read link; a scorer's code opens the write link, once. Codes are read in either "
            "case (spaces and dashes are ignored). An unknown, used or expired code is a `404`.",
            responses={404: {"description": "No open table has this code (`table-not-found`)."}})
async def join_by_code(request: Request, code: str = Code) -> Any:
    joined = _desk_call(join_desk(request).resolve, code)
    return SafeJSONResponse({"role": joined.role, "id": joined.table_id, "link": joined.link}, headers={"Cache-Control": "no-store"})


def _share(request: Request, table_id: str, key: str, code: str, expires: Any, *, new_key: bool) -> SafeJSONResponse:
    link = f"/table/{table_id}#key={key}"
    body = {"role": "write", "code": code, "expires": expires.isoformat() + "Z", "write_link": link, "qr_svg": qr_svg(_absolute(request, link)),
            "key": key if new_key else None}
    return SafeJSONResponse(body, headers={"Cache-Control": "no-store"})


@router.post("/v1/tables/{table_id}/scorer-code", summary="Share the write link", response_model=ScorerShare, operation_id="scorerCode",
             description="A scorer's code that opens the write link once within ten minutes, and the QR code of the write link: another "
             "phone records too. Needs the table's write key.", responses=_KEYED_WRITE, dependencies=[TableWriteDep])
async def scorer_code(request: Request, table_id: str, key: TableKey = None) -> Any:
    code, expires = _desk_call(join_desk(request).scorer_code, table_id, key)
    assert key is not None
    return _share(request, table_id, key, code, expires, new_key=False)


@router.post("/v1/tables/{table_id}/hand-over", summary="Hand the scorer's right to another phone", response_model=ScorerShare,
             operation_id="handOver", description="A new write key for the table; the current one (in `X-Table-Key`) stops writing at once. "
             "The answer has the new write link, its QR code and a scorer's code for it (once, ten minutes).", responses=_KEYED_WRITE,
             dependencies=[TableWriteDep])
async def hand_over(request: Request, table_id: str, key: TableKey = None) -> Any:
    desk = join_desk(request)
    _, new_key = await _call(request, desk.hand_over, table_id, key)
    code, expires = _desk_call(desk.scorer_code, table_id, new_key)
    return _share(request, table_id, new_key, code, expires, new_key=True)


@router.post("/v1/tables/{table_id}/next-game", summary="Seat the next game", status_code=201, response_model=CreatedTable,
             operation_id="nextGame", dependencies=[WriterDep],
             description="A new table with the same players and options, the deal passed to the next player clockwise, for a finished "
             "table (behind its write key). Its followers find it at `GET` of the same address. Needs the bearer token when the server "
             "has `FLIP7_API_TOKEN` set. The body (`{}`) may name another first dealer.",
             responses={**WRITE_ERRORS, **_KEYED, 422: {"description": "The dealer is not one of the players (`move-refused`), or the body is not as described."},
                        429: {"description": "The server holds as many open tables as it may."}})
async def next_game(request: Request, body: NextGameSeats, table_id: str, key: TableKey = None) -> Any:
    entry, new_key = await _call(request, join_desk(request).next_game, table_id, key, body.dealer)
    new_id = entry.table.id
    return SafeJSONResponse(
        {"id": new_id, "key": new_key, "read_link": f"/table/{new_id}", "write_link": f"/table/{new_id}#key={new_key}", "table": entry.snapshot},
        status_code=201, headers={"Location": f"/v1/tables/{new_id}"},
    )


@router.get("/v1/tables/{table_id}/next-game", summary="The next game of a table", response_model=NextGame, operation_id="readNextGame",
            description="The table seated for this table's next game, or nulls while there is none.", responses=_NOT_FOUND)
async def read_next_game(request: Request, table_id: str) -> Any:
    following = _desk_call(join_desk(request).next_of, table_id)
    return {"id": following, "read_link": f"/table/{following}" if following else None}


@pages.get("/table/{table_id}/screen")
def screen_page(table_id: str) -> FileResponse:
    """The table screen: a read-only page for a tablet or TV in the middle of the table."""
    return _page("screen.html")


class Redo(BaseModel):
    """The event a redo would keep again (null: nothing to redo)."""

    event: dict[str, Any] | None


@router.get("/v1/tables/{table_id}/redo", summary="What a redo would keep", response_model=Redo, operation_id="readRedo",
            description="The event undone last, which `POST` of this address keeps again; null when nothing was undone since the last "
            "new event (or since the server started).", responses=_NOT_FOUND)
async def read_redo(request: Request, table_id: str) -> Any:
    entry = _desk_call(live_service(request).entry, table_id)
    return {"event": next_redo(entry)}


@router.post("/v1/tables/{table_id}/redo", summary="Redo the event undone last", response_model=Appended, operation_id="redoEvent",
             description="Keep again the event undone last (judged as any append); `index` is its index. Undo, undo, redo, redo walks "
             "back and forth; a new event in between empties what may be redone.",
             responses={**_KEYED_WRITE, 409: {"description": "Nothing to redo, the table is finished, or it moved on since `after`."}}, dependencies=[TableWriteDep])
async def redo_event(request: Request, table_id: str, key: TableKey = None, after: After = None, lang: Lang = None) -> Any:
    entry, index = await _call(request, redo, live_service(request), table_id, key, after=after, lang=lang or "en")
    return SafeJSONResponse({"index": index, "table": entry.snapshot})
