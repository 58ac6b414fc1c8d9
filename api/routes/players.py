"""``/v1/players`` and ``/v1/ratings``: the store's players, their ratings, merges and renames.

Reads are open; merging, unmerging and renaming are writes, behind the bearer token like every
other write (``WriterDep``). The core is ``adjudicator.store.players``; ``flip7 players``,
``player`` and ``ratings`` print the same data.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from adjudicator.store import Store
from adjudicator.store.players import OVERALL
from api.deps import StoreDep, WriterDep, get_store, run_write
from api.errors import Problem
from api.responses import SafeJSONResponse
from api.routes.analysis import SinceQuery, since_moment
from api.routes.common import STORE_ERRORS, WRITE_ERRORS
from api.routes.viewer import _page as page_file

router = APIRouter(tags=["players"], default_response_class=SafeJSONResponse)
#: The players page (leaderboard and profiles), served as the other pages are.
pages = APIRouter(include_in_schema=False)


@pages.get("/players")
def players_page() -> FileResponse:
    """The players page: the leaderboard and, with ``?id=N``, a player's profile and record."""
    return page_file("players.html")

#: The 400 of a write whose body is not JSON.
BAD_BODY: dict[int | str, dict[str, Any]] = {400: {"description": "The body is not valid JSON."}}
PLAYER_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"description": "`player-not-found`: no player has this name or id."},
    409: {"description": "`player-conflict`: a merge into itself or of two players who sat at one table, a name taken, a player not merged."},
}


class MergeRequest(BaseModel):
    """Merge one player into another (``flip7 players merge A B``)."""

    model_config = ConfigDict(extra="forbid")
    source: str = Field(description="The player to merge: a display name, a name a log gave them, or `#ID`.", max_length=1000)
    target: str = Field(description="The player the source becomes (same forms).", max_length=1000)
    dry_run: bool = Field(default=False, description="Only preview: nothing changes.")


class UnmergeRequest(BaseModel):
    """Undo a merge (``flip7 players unmerge A``)."""

    model_config = ConfigDict(extra="forbid")
    player: str = Field(description="The merged player's own display name, or `#ID`.", max_length=1000)


class RenameRequest(BaseModel):
    """A new display name (``flip7 players rename OLD NEW``)."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(description="The new display name; no other player may have it.", min_length=1, max_length=1000)


def _scope(ruleset: str | None) -> str:
    """The scope of ``?ruleset=`` (empty or absent: every game). A name no ruleset has rates no
    game, as ``/v1/games?ruleset=`` lists none."""
    return ruleset or OVERALL


@router.get("/v1/players", summary="The players", operation_id="listPlayers", responses=STORE_ERRORS,
            description="Every player (merged ones as one), with games, wins and last game; and names that differ only in case or spacing, suggested for merging.")
def list_players(store: StoreDep) -> Any:
    book = store.players()
    return {"players": [p.as_dict() for p in book.listed()], "suggested_merges": book.suggestions()}


@router.get("/v1/players/find", summary="Find a player by name", operation_id="findPlayer", responses={**PLAYER_ERRORS, **STORE_ERRORS},
            description="The player a name stands for: a display name, a name a log gave them, or `#ID` (a merged player gives the "
                        "one it is merged into); the pages link a name in a log to the player's page with it.")
def find_player(
    store: StoreDep, name: Annotated[str, Query(description="The name, as a log or the leaderboard writes it.", min_length=1, max_length=1000)],
) -> Any:
    pid, display = store.players().resolve(name)
    return {"id": pid, "name": display}


@router.get("/v1/players/{player_id:int}", summary="A player's profile", operation_id="playerProfile", responses={**PLAYER_ERRORS, **STORE_ERRORS},
            description="Games, wins, names in logs, players merged in, ratings per scope; with `against` (another player's id) their record together.")
def player_profile(
    store: StoreDep, player_id: int,
    against: Annotated[int | None, Query(description="Another player's id: their games together, wins, mean totals, rating changes.")] = None,
) -> Any:
    book = store.players()
    profile = book.profile(f"#{player_id}")
    profile["skill"] = book.skill(f"#{player_id}")
    if against is not None:
        profile["against"] = book.head_to_head(f"#{player_id}", f"#{against}")
    return profile


@router.get("/v1/ratings", summary="The leaderboard", operation_id="ratings", responses={**PLAYER_ERRORS, **STORE_ERRORS},
            description="OpenSkill ratings (Plackett-Luce), shown as mean − 3 × sigma with the games they rest on, best first; `predict` "
                        "gives each listed player's win chance at one table instead.")
def ratings(
    store: StoreDep,
    ruleset: Annotated[str | None, Query(description="The ratings of one ruleset's games (`flip7`, `vengeance`); default: every game.")] = None,
    since: SinceQuery = None,
    predict: Annotated[str | None, Query(description="Player ids, comma-separated (each once): each one's win chance at a table of them.",
                                             max_length=1000, pattern=r"^[0-9]+(,[0-9]+)*$")] = None,
) -> Any:
    scope = _scope(ruleset)
    book = store.players()
    if predict is not None:
        ids = list(dict.fromkeys(part.strip() for part in predict.split(",") if part.strip()))
        if not all(i.isdigit() for i in ids):
            raise Problem("invalid-request", "query parameter 'predict': player ids separated by commas, e.g. 3,7,12")
        return {"scope": scope, "players": book.predict([f"#{i}" for i in ids], scope=scope)}
    moment = since_moment(since)
    return {"scope": scope, "since": None if moment is None else moment.isoformat(), "ratings": book.leaderboard(scope=scope, since=moment)}


@router.get("/v1/ratings/history", summary="Ratings over time", operation_id="ratingHistory", responses={**PLAYER_ERRORS, **STORE_ERRORS},
            description="Each player's rating (mean − 3 × sigma, with mu and sigma) after every rated game, in game order, from the "
                        "starting rating on (more than 400 games are thinned evenly); the players named, else the five best of the leaderboard.")
def rating_history(
    store: StoreDep,
    player: Annotated[str | None, Query(description="Player ids, comma-separated; default: the five best of the leaderboard.",
                                            max_length=1000, pattern=r"^[0-9]+(,[0-9]+)*$")] = None,
    ruleset: Annotated[str | None, Query(description="The ratings of one ruleset's games (`flip7`, `vengeance`); default: every game.")] = None,
) -> Any:
    scope = _scope(ruleset)
    refs = [f"#{i}" for i in dict.fromkeys(player.split(","))] if player else None
    return {"scope": scope, "players": store.players().history(refs, scope=scope)}


@router.post("/v1/players/merge", summary="Merge two players", operation_id="mergePlayers", dependencies=[WriterDep],
             responses={**BAD_BODY, **WRITE_ERRORS, **PLAYER_ERRORS, **STORE_ERRORS},
             description="Make `source` and `target` one player (undo: `POST /v1/players/unmerge`); every game keeps its log. "
                         "Needs the bearer token when the server has `FLIP7_API_TOKEN` set.")
async def merge_players(request: Request, body: MergeRequest) -> Any:
    store: Store = await run_in_threadpool(get_store, request)
    return await run_write(request, store.players().merge, body.source, body.target, dry_run=body.dry_run)


@router.post("/v1/players/unmerge", summary="Undo a merge", operation_id="unmergePlayer", dependencies=[WriterDep],
             responses={**BAD_BODY, **WRITE_ERRORS, **PLAYER_ERRORS, **STORE_ERRORS},
             description="The player is one of their own again, with their own games. Needs the bearer token when the server has `FLIP7_API_TOKEN` set.")
async def unmerge_player(request: Request, body: UnmergeRequest) -> Any:
    store: Store = await run_in_threadpool(get_store, request)
    return await run_write(request, store.players().unmerge, body.player)


@router.post("/v1/players/{player_id:int}/rename", summary="Rename a player", operation_id="renamePlayer", dependencies=[WriterDep],
             responses={**BAD_BODY, **WRITE_ERRORS, **PLAYER_ERRORS, **STORE_ERRORS},
             description="A new display name; the logs keep the names they were written with. Needs the bearer token when the server has `FLIP7_API_TOKEN` set.")
async def rename_player(request: Request, player_id: int, body: RenameRequest) -> Any:
    store: Store = await run_in_threadpool(get_store, request)
    return await run_write(request, store.players().rename, f"#{player_id}", body.name)
