"""``/v1/games``: adjudicate and store logs, list them, read their verdicts, events and tables, delete.

Every call goes to the app's ``Store`` (see api/deps.py): writes are serialised there, reads run
side by side on cursors of their own (writes in threads of their own: ``api.deps.run_write``). Game ids may hold any character; in a URL an id is one
percent-encoded path segment (``/`` as ``%2F``: see api/paths.py).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi.responses import PlainTextResponse
from starlette.concurrency import run_in_threadpool

from adjudicator.store import Store
from api import store_adapter
from api.analyses import analyses
from api.body import read_log
from api.deps import StoreDep, WriterDep, get_store, run_write
from api.models import GameEvents, IngestOutcome, ListedGamePage, TableView, Verdict
from api.paths import decode_game_id, game_url
from api.responses import SafeJSONResponse
from api.routes.common import (
    LOG_ERRORS,
    LOG_REQUEST_BODY,
    NOT_FOUND,
    STORE_ERRORS,
    WRITE_ERRORS,
    AnalyzeQuery,
    AtQuery,
    ReplaceQuery,
    RulesetQuery,
    table_at,
)

router = APIRouter(prefix="/v1/games", tags=["games"], default_response_class=SafeJSONResponse)

GameId = Annotated[str, Depends(decode_game_id)]


@router.post(
    "",
    summary="Judge and store a log",
    description=(
        "Adjudicate the log and store it with its verdict, like `flip7 ingest`. Idempotent: `201` "
        "when its game id is new, `200` when the very same bytes are already stored (nothing "
        "written), `409` when another log is stored under its id, unless `?replace=true` (then "
        "`200`, outcome `replaced`). Invalid logs are stored too, with their violations. A JSON "
        "array body is stored as its lines (one compact JSON object per line). Needs the bearer "
        "token when the server has `FLIP7_API_TOKEN` set."
    ),
    response_model=IngestOutcome,
    status_code=201,
    responses={
        200: {"description": "The log was already stored byte for byte (`unchanged`), or it replaced another (`replaced`).", "model": IngestOutcome},
        201: {"description": "Stored under a new game id (`ingested`); `Location` is the game's URL."},
        **WRITE_ERRORS,
        409: {"description": "A different log is stored under this game id; send `?replace=true` to replace it."},
        **LOG_ERRORS,
        **STORE_ERRORS,
    },
    openapi_extra=LOG_REQUEST_BODY,
    dependencies=[WriterDep],
    operation_id="storeGame",
)
async def store_game(
    request: Request,
    response: Response,
    replace: ReplaceQuery = False,
    source: Annotated[
        str | None, Query(max_length=1000, description="Where the log came from, kept with the game (default `api`).")
    ] = None,
    analyze: AnalyzeQuery = False,
) -> Any:
    store: Store = await run_in_threadpool(get_store, request)
    body = await read_log(request)
    name = source or "api"
    # the decisions are valued in the analysis pool (bounded, timed), then written: no write waits on them
    ahead = await analyses(request).run(request, store.replay_ahead, body.source, name) if analyze else None
    stored = await run_write(request, store_adapter.ingest, store, body.source, name, replace=replace, analyze=analyze, ahead=ahead)
    response.status_code = 201 if stored.outcome == "ingested" else 200
    response.headers["Location"] = game_url(stored.game_id)
    out: dict[str, Any] = {"outcome": stored.outcome, "id": stored.game_id, "verdict": stored.verdict}
    if analyze:
        out.update(decisions=stored.decisions, note=stored.note)
    return out


@router.get(
    "",
    summary="List stored games",
    description=(
        "Stored games ordered by id, with filters. Pagination is by cursor: pass the page's "
        "`next_cursor` as `cursor` to get the next one (`null`: last page)."
    ),
    response_model=ListedGamePage,
    responses=STORE_ERRORS,
    operation_id="listGames",
)
def list_games(
    store: StoreDep,
    valid: Annotated[bool | None, Query(description="Only valid (`true`) or invalid (`false`) games.")] = None,
    finished: Annotated[bool | None, Query(description="Only finished (`true`) or unfinished (`false`) games.")] = None,
    player: Annotated[str | None, Query(description="Only games this player sat in (name compared exactly).")] = None,
    limit: Annotated[int, Query(ge=1, le=1000, description="Games per page.")] = 100,
    cursor: Annotated[str | None, Query(description="The `next_cursor` of the previous page.")] = None,
    ruleset: RulesetQuery = None,
    search: Annotated[
        str | None, Query(max_length=200, description="Only games whose id or a player's name contains this (case-insensitive).")
    ] = None,
) -> Any:
    page = store.list_games(valid=valid, finished=finished, player=player, limit=limit, after=cursor, ruleset=ruleset, search=search or None)
    return {"games": [g.as_dict() for g in page.games], "next_cursor": page.next_cursor}


@router.get(
    "/{game_id}/events",
    summary="A stored game's events",
    description="Every event of the stored log in order, with its line, round, type, names and the raw line.",
    response_model=GameEvents,
    responses={**NOT_FOUND, **STORE_ERRORS},
    operation_id="gameEvents",
)
def game_events(game_id: GameId, store: StoreDep) -> Any:
    return {"game": game_id, "events": store.events(game_id)}


@router.get(
    "/{game_id}/state",
    summary="A stored game's table after event N",
    description="Like `POST /v1/state`, for a stored log: the table after event `at` (default: the last) with the legal moves.",
    response_model=TableView,
    response_model_exclude_unset=True,
    responses={**NOT_FOUND, 422: {"description": "`at` is past the log's last event, or not a number ≥ 0."}, **STORE_ERRORS},
    operation_id="gameState",
)
async def game_state(request: Request, game_id: GameId, at: AtQuery = None) -> Any:
    store: Store = await run_in_threadpool(get_store, request)
    log = await run_in_threadpool(store.log_bytes, game_id)
    return await table_at(log, at)


@router.get(
    "/{game_id}/log",
    summary="A stored game's log",
    description="The log exactly as it was stored (JSON Lines).",
    response_class=PlainTextResponse,
    responses={200: {"content": {"application/x-ndjson": {"schema": {"type": "string"}}}, "description": "The log."}, **NOT_FOUND, **STORE_ERRORS},
    operation_id="gameLog",
)
def game_log(game_id: GameId, store: StoreDep) -> Response:
    return Response(store.log_bytes(game_id), media_type="application/x-ndjson")


@router.get(
    "/{game_id}",
    summary="A stored game's verdict",
    description="The verdict stored with the game (`flip7-verdict/1`), the same JSON `POST /v1/check` returned for it.",
    response_model=Verdict,
    responses={**NOT_FOUND, **STORE_ERRORS},
    operation_id="gameVerdict",
)
def game_verdict(game_id: GameId, store: StoreDep) -> Any:
    return store.verdict(game_id)


@router.delete(
    "/{game_id}",
    summary="Delete a stored game",
    description="Remove the game and all its rows. Needs the bearer token when the server has `FLIP7_API_TOKEN` set.",
    status_code=204,
    response_class=Response,
    responses={**WRITE_ERRORS, **NOT_FOUND, **STORE_ERRORS},
    dependencies=[WriterDep],
    operation_id="deleteGame",
)
async def delete_game(request: Request, game_id: GameId, store: StoreDep) -> Response:
    await run_write(request, store.delete_game, game_id)
    return Response(status_code=204)
