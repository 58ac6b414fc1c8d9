"""``POST /v1/analyze`` and ``GET /v1/games/{id}/analysis``: every decision of a game valued
(``flip7-analysis/1``, docs/analysis.md). Thin routes over ``adjudicator.analysis.analyze``."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request, Response
from starlette.concurrency import run_in_threadpool

from adjudicator.analysis.observe import analyze, analyze2
from adjudicator.analysis.report import Analysis
from adjudicator.analysis.report2 import Analysis2
from adjudicator.errors import LogUnreadable
from adjudicator.store.decisions import STORED_BUDGET
from api.analyses import analyses
from api.body import read_log
from api.deps import StoreDep
from api.paths import decode_game_id
from api.responses import SafeJSONResponse
from api.routes.common import LOG_ERRORS, LOG_REQUEST_BODY, NOT_FOUND, STORE_ERRORS, Responses

router = APIRouter(prefix="/v1", tags=["analysis"], default_response_class=SafeJSONResponse)

#: States one decision may use (as ``flip7 analyze``).
BUDGET = STORED_BUDGET

PlayerFilter = Annotated[str | None, Query(min_length=1, max_length=200, description="Value only this player's decisions (name compared exactly).")]
RoundFilter = Annotated[int | None, Query(ge=1, description="Value only this round's decisions.")]
#: Says whether a stored game's analysis came from the store or was valued for this request.
ANALYSIS_HEADER = "X-Flip7-Analysis"
WinOption = Annotated[bool, Query(description="Near the end of the game, also the chance to win after hit and after stay (`win_chance`, `win_best`; slower).")]
FormatOption = Annotated[
    int, Query(ge=1, le=2, description="1: `flip7-analysis/1` (round values); 2: `flip7-analysis/2` (also the chance to win: model flip7-w1, slower).")
]
_NO_MODEL: Responses = {
    422: {"description": "The game's ruleset has no decision model yet (`unsupported-ruleset`), or the analysis ran past its time (`analysis-timeout`)."}
}
#: The analysis pool's answer when it is full (docs/security.md).
ANALYSIS_BOUNDS: Responses = {
    503: {"description": "Too many analyses are running or waiting (`analysis-busy`); `Retry-After` says when to try again."}
}


def _source(source: bytes | list[str]) -> str | list[str]:
    if isinstance(source, list):
        return source
    try:
        return source.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LogUnreadable(f"the body is not UTF-8 text (byte {exc.start + 1})") from None


def _run(source: str | list[str], player: str | None, round_no: int | None, win: bool = False, version: int = 1) -> dict[str, Any]:
    if version == 2:
        return analyze2(source, player=player, round_no=round_no, budget=BUDGET, win=win).to_dict()
    return analyze(source, player=player, round_no=round_no, budget=BUDGET, win=win).to_dict()


@router.post(
    "/analyze",
    summary="Value every decision of a game",
    description=(
        "The same JSON as `flip7 analyze --json` (`flip7-analysis/1`): for each hit, stay and target, "
        "the bust chance, each option's round value, the choice, the loss and its mark, and a summary "
        "per player. A game with a fatal violation is valued up to it (`complete: false`). The body "
        "may also be the notation (`text/plain`). Nothing is stored."
    ),
    response_model=Analysis | Analysis2,
    responses={**LOG_ERRORS, **_NO_MODEL, **ANALYSIS_BOUNDS},
    openapi_extra=LOG_REQUEST_BODY,
    operation_id="analyzeLog",
)
async def analyze_log(
    request: Request, player: PlayerFilter = None, round: RoundFilter = None, win: WinOption = False,  # noqa: A002
    format: FormatOption = 1,  # noqa: A002
) -> Any:
    body = await read_log(request)
    return await analyses(request).run(request, _run, _source(body.source), player, round, win, format)


@router.get(
    "/games/{game_id}/analysis",
    summary="A stored game's decisions valued",
    description=(
        "Like `POST /v1/analyze`, for a stored game. A game stored with its decisions (`flip7 ingest "
        "--analyze`, `?analyze=true`) is answered from the store (header `X-Flip7-Analysis: stored`), "
        "others are valued now (`X-Flip7-Analysis: computed`)."
    ),
    response_model=Analysis | Analysis2,
    responses={**NOT_FOUND, **STORE_ERRORS, **_NO_MODEL, **ANALYSIS_BOUNDS},
    operation_id="gameAnalysis",
)
async def game_analysis(
    request: Request, game_id: Annotated[str, Depends(decode_game_id)], store: StoreDep, response: Response,
    player: PlayerFilter = None, round: RoundFilter = None,  # noqa: A002
    win: WinOption = False, format: FormatOption = 1,  # noqa: A002
) -> Any:
    # the stored decisions hold no chance to win: asked for it, the game is valued afresh
    stored = None if win or format == 2 else await run_in_threadpool(store.analysis, game_id, player=player, round_no=round)
    response.headers[ANALYSIS_HEADER] = "computed" if stored is None else "stored"
    if stored is not None:
        return stored.to_dict()
    lines = await run_in_threadpool(store.log_lines, game_id)
    return await analyses(request).run(request, _run, lines, player, round, win, format)
