"""``GET /v1/stats`` and ``POST /v1/query``: the store's statistics and its sandboxed read-only SQL."""

from __future__ import annotations

import enum
import functools
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

import anyio
import anyio.to_thread
from fastapi import APIRouter, Query, Request

from adjudicator.store import STATISTICS, InvalidSince, parse_since
from adjudicator.store.encode import to_json
from api.deps import SettingsDep, StoreDep
from api.errors import Problem
from api.models import QueryRequest, QueryResult, Statistics
from api.responses import SafeJSONResponse
from api.routes.common import STORE_ERRORS, RulesetQuery, body_errors

router = APIRouter(prefix="/v1", tags=["analysis"], default_response_class=SafeJSONResponse)

_NAMES = ", ".join(s.name for s in STATISTICS)

#: The statistics' names, as an enum so the OpenAPI document lists them.
StatisticName = enum.StrEnum("StatisticName", {s.name: s.name for s in STATISTICS})  # type: ignore[misc]


#: The ``player`` filter of the statistics (and of the figures drawn from them).
PlayerQuery = Annotated[str | None, Query(description="Only this player's games and rows (name compared exactly).")]
#: The ``since`` filter of the statistics, read by ``since_moment``.
SinceQuery = Annotated[
    str | None,
    Query(
        description=(
            "Only games ingested since then: a date (2026-11-29), an ISO 8601 date-time (without a "
            "zone: UTC), or an age: 7d, 12h, 2w ago (as `flip7 stats --since`)."
        ),
        json_schema_extra={
            "anyOf": [
                {"type": "string", "format": "date-time"},
                {"type": "string", "format": "date"},
                {"type": "string", "pattern": "^[0-9]+[dhw]$"},
            ]
        },
        examples=["2026-11-01T18:00:00Z", "7d"],
    ),
]


#: The language of the statistics' and figures' words (titles, explanations, columns, labels).
LangQuery = Annotated[
    Literal["en", "de"],
    Query(description="The language of the titles, explanations, column names, worded values and figure labels: `en` (default) or `de`."),
]


def since_moment(since: str | None) -> datetime | None:
    """The ``since`` query parameter read as ``flip7 stats --since`` reads it; a bad one is a 422."""
    try:
        return None if since is None else parse_since(since, datetime.now(UTC))
    except InvalidSince as exc:
        raise Problem("invalid-request", f"query parameter 'since': {exc}") from None


@router.get(
    "/stats",
    summary="Statistics over the stored games",
    description=(
        "The statistics of `flip7 stats`, with the same filters. `overview` counts every stored "
        "game; the others count complete games only (valid but for wrong claims). Statistics: "
        f"{_NAMES}. docs/storage.md explains each one and shows its SQL."
    ),
    response_model=Statistics,
    responses={422: {"description": "An unknown statistic name, or a filter that is not valid."}, **STORE_ERRORS},
    operation_id="stats",
)
def stats(
    store: StoreDep,
    player: PlayerQuery = None,
    since: SinceQuery = None,
    ruleset: RulesetQuery = None,
    only: Annotated[
        list[StatisticName] | None,
        Query(description="Only these statistics (repeat the parameter to ask for several), as `flip7 stats --only`."),
    ] = None,
    lang: LangQuery = "en",
) -> Any:
    moment = since_moment(since)
    # ``only`` is validated against the statistics' names (``StatisticName``), so none is unknown here
    results = store.stats(player=player, since=moment, names=[n.value for n in only] if only else None, ruleset=ruleset)
    out = []
    for result in results:
        data = result.as_dict(lang)
        data["rows"] = [to_json(row) for row in data["rows"]]
        out.append(data)
    return {"statistics": out}


@router.post(
    "/query",
    summary="Run read-only SQL over the store",
    description=(
        "One read-only query (SELECT, WITH, FROM, VALUES, DESCRIBE, SHOW, SUMMARIZE) in the sandbox "
        "of `flip7 query`: no writes, no files, no settings, no extensions. The rows are cut at "
        "`max_rows` and the query is stopped after `timeout` seconds; both are capped by the "
        "server's limits (10 000 rows, 10 s unless configured). The rows are also cut at the server's "
        "byte limit (10 MB of JSON unless configured; `truncated_by` says which limit cut them), and a "
        "result whose first row alone is larger is a `413`. Questions about the server rather than the "
        "store (its settings, files, databases: `duckdb_settings()`, `current_setting(…)`, …) are "
        "refused. docs/storage.md describes the tables."
    ),
    response_model=QueryResult,
    responses={
        **body_errors(
            "The SQL does not parse or fails (unknown column, bad cast, …).",
            "The body is not a valid query request, or the query ran past its time limit.",
            too_large="the result's first row alone is over the byte limit, or the query needs more memory than the server gives DuckDB",
            s403="The statement is not a read-only query, or it tries something the sandbox forbids.",
        ),
        **STORE_ERRORS,
    },
    operation_id="query",
)
async def query(request: Request, body: QueryRequest, store: StoreDep, settings: SettingsDep) -> Any:
    max_rows = min(body.max_rows or settings.query_max_rows, settings.query_max_rows)
    timeout = min(body.timeout or settings.query_timeout, settings.query_timeout)
    # at most as many queries at once as DuckDB has threads, each holding its rows as Arrow and then
    # Python (up to the byte cap): the others wait on the event loop, holding no thread (issue 28, item 16)
    run = functools.partial(store.query, body.sql, max_rows=max_rows, timeout=timeout, max_bytes=settings.query_max_bytes, hide_server=True)
    result = await anyio.to_thread.run_sync(run, limiter=request.app.state.queries)
    return {
        "columns": result.columns,
        "types": result.types,
        "rows": [to_json(list(row)) for row in result.rows],
        "truncated": result.truncated,
        "truncated_by": result.truncated_by,
        "max_rows": max_rows,
        "max_bytes": settings.query_max_bytes,
        "timeout": timeout,
    }
