"""``POST /v1/replay`` and ``GET /v1/games/{id}/replay``: the table at every event, from one replay.

The viewer at ``/`` steps through a log with these: one call gives the verdict, the events and
the table after each event (``tables[i]`` is what ``POST /v1/state?at=i`` shows), where a call per
event would replay the log again each time.
"""

from __future__ import annotations

import gzip
from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request, Response
from starlette.concurrency import run_in_threadpool

from adjudicator.store import Store
from adjudicator.timeline import MAX_SEATS
from api.body import read_log
from api.deps import get_store
from api.localize import timeline_in
from api.responses import SafeJSONResponse
from api.routes.common import LOG_ERRORS, LOG_REQUEST_BODY, NOT_FOUND, STORE_ERRORS
from api.routes.games import GameId
from api.rulesets import timeline_ruleset
from api.viewer_models import Timeline

router = APIRouter(prefix="/v1", default_response_class=SafeJSONResponse)

_DESCRIPTION = (
    "The verdict, every event line and the table after each event (`tables[i]` is the table "
    "`POST /v1/state?at=i` shows: rows, scores, dealer, whose move, piles). After a fatal violation "
    "the table no longer changes and each later table names it in `stopped_by`."
)


#: The 413 of a timeline over its bound of seats (adjudicator/timeline.py).
_TOO_MANY_SEATS = f"the tables would describe more than {MAX_SEATS:,} seats in all, events × players (`replay-too-large`)"
_REPLAY_ERRORS = {**LOG_ERRORS, 413: {"description": LOG_ERRORS[413]["description"].rstrip(".") + f", or {_TOO_MANY_SEATS}."}}
_STORED_REPLAY_ERRORS = {413: {"description": _TOO_MANY_SEATS[:1].upper() + _TOO_MANY_SEATS[1:] + "."}, **NOT_FOUND, **STORE_ERRORS}


#: Compress answers from this size on, for clients that accept gzip (a table per event adds up:
#: about 4 KB per event with twenty players, a tenth of that compressed).
GZIP_FROM = 64 * 1024


def _render(source: bytes | list[str], gzip_ok: bool, lang: str = "en") -> Response:
    # already plain data from the core: rendered as is, no second validation pass
    timeline = timeline_in(source, lang)
    timeline["ruleset"] = timeline_ruleset(timeline)
    response = SafeJSONResponse(timeline)
    if gzip_ok and len(response.body) >= GZIP_FROM:
        body = gzip.compress(response.body, compresslevel=5, mtime=0)
        return Response(body, media_type="application/json", headers={"Content-Encoding": "gzip", "Vary": "Accept-Encoding"})
    return response


#: ``?lang=de``: the violation messages in German, as the referee words them.
LangQuery = Annotated[Literal["en", "de"], Query(description="The language of the violation messages and of the viewer's sentences (`told`): `en` (default) or `de`.")]


async def _timeline(request: Request, source: bytes | list[str], lang: str = "en") -> Response:
    gzip_ok = "gzip" in request.headers.get("accept-encoding", "").lower()
    return await run_in_threadpool(_render, source, gzip_ok, lang)


@router.post(
    "/replay",
    summary="The table at every event of a log",
    description=_DESCRIPTION + " Nothing is stored.",
    tags=["judge"],
    responses={200: {"model": Timeline, "description": "The verdict, the events and a table per event."}, **_REPLAY_ERRORS},
    openapi_extra=LOG_REQUEST_BODY,
    operation_id="replay",
)
async def replay(request: Request, lang: LangQuery = "en") -> Response:
    body = await read_log(request)
    return await _timeline(request, body.source, lang)


@router.get(
    "/games/{game_id}/replay",
    summary="The table at every event of a stored game",
    description=_DESCRIPTION,
    tags=["games"],
    responses={200: {"model": Timeline, "description": "The verdict, the events and a table per event."}, **_STORED_REPLAY_ERRORS},
    operation_id="gameReplay",
)
async def game_replay(request: Request, game_id: GameId, lang: LangQuery = "en") -> Response:
    store: Store = await run_in_threadpool(get_store, request)
    log = await run_in_threadpool(store.log_bytes, game_id)
    return await _timeline(request, log, lang)
