"""The HTTP API: ``create_app(settings)`` builds a FastAPI app over the same core and store the CLI uses.

No globals: the settings (store path, token, body limit, query limits) are injected and kept on
``app.state``, together with the holder of the app's one ``Store`` (see api/deps.py). ``flip7
serve`` runs the app with uvicorn in one process; docs/api.md describes every endpoint.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio
from fastapi import Depends, FastAPI

from adjudicator.store import Store
from api import docs_page, errors, openapi
from api.analyses import AnalysisPool
from api.body import BodySizeLimit
from api.deps import StoreHolder
from api.guard import RequestGuard
from api.paths import SegmentPaths
from api.query_params import refuse_repeated_parameters
from api.routes import ROUTERS, rulesets, words
from api.routes.health import flip7_version
from api.settings import Settings

DESCRIPTION = """\
Judge Flip 7 game logs (`flip7-log/1`) over HTTP, and keep them in the replay store.

* `POST /v1/check` and `POST /v1/state` judge a log sent in the body; nothing is stored.
* `/v1/games` stores logs with their verdicts (like `flip7 ingest`) and reads them back.
* `GET /v1/stats` and `POST /v1/query` are the statistics and the read-only SQL of the CLI.

A log is sent as JSON Lines (`application/x-ndjson` or `text/plain`) or as a JSON array of events
(`application/json`). A log with violations is a `200` verdict: it was judged. Errors are
`application/problem+json`. Writes need `Authorization: Bearer <token>` when the server has
`FLIP7_API_TOKEN` set; reads are open.
"""

TAGS = [
    {"name": "judge", "description": "Judge a log sent in the request; nothing is stored."},
    {"name": "games", "description": "Stored games: adjudicate and store, list, read, delete."},
    {"name": "analysis", "description": "Statistics and read-only SQL over the store."},
    {"name": "players", "description": "Players apart from the names in logs, their ratings, merges and renames (docs/ratings.md)."},
    {"name": "live", "description": "Live tables: a game recorded as it is played, judged event by event (docs/live.md)."},
    {"name": "health", "description": "Is the server up?"},
]


def create_app(settings: Settings | None = None, *, store: Store | None = None) -> FastAPI:
    """Build the API app.

    ``settings`` default to ``Settings()`` (store from ``$FLIP7_DB`` or ``./flip7.duckdb``, writes
    open, 10 MB bodies). ``store``: an already open store to use (its owner closes it); otherwise
    the app opens ``settings.db_path`` read-write on first use and closes it at shutdown.
    """
    settings = settings or Settings()
    holder = StoreHolder(settings, store)
    pool = AnalysisPool(settings.analysis)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        pool.open()
        try:
            yield
        finally:
            pool.close()  # running analyses end at their next look (issue 28, item 15)
            holder.close()

    app = FastAPI(
        title="flip7",
        summary="Flip 7 replay-log adjudicator",
        description=DESCRIPTION,
        version=flip7_version(),
        openapi_tags=TAGS,
        lifespan=lifespan,
        dependencies=[Depends(refuse_repeated_parameters)],
        docs_url=None,  # served by api.docs_page, without a CDN
        redoc_url=None,
    )
    app.state.settings = settings
    app.state.store = holder
    app.state.analyses = pool
    app.state.queries = anyio.CapacityLimiter(settings.duckdb_threads)  # POST /v1/query at once (docs/security.md)
    routers = (*ROUTERS, rulesets.router, words.router)  # GET /v1/rulesets, /v1/words: the registry and the glossary, for the pages
    for router in routers:
        app.include_router(router)
    app.state.api_routes = [route for router in routers for route in router.routes]  # for 405's Allow
    errors.install(app)
    openapi.install(app)
    docs_page.install(app)
    app.add_middleware(SegmentPaths)
    app.add_middleware(BodySizeLimit, max_bytes=settings.max_body_bytes)
    app.add_middleware(RequestGuard, fastapi_app=app)  # outermost: nothing is read before it
    return app
