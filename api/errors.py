"""Every error the API returns is ``application/problem+json`` (RFC 9457): type, title, status, detail.

Errors of the project (``Flip7Error`` and the store's errors) are mapped here, once; so are
FastAPI's and Starlette's own errors (unknown route 404, 405, request validation 422) and anything
unexpected (500, without internals in the body). ``type`` is ``urn:flip7:problem:<slug>`` for the
API's own problems and ``about:blank`` for plain HTTP ones (then ``title`` is the reason phrase);
docs/api.md lists them all.
"""

from __future__ import annotations

import http
import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from adjudicator.analysis.allowance import AnalysisCancelled, OverAllowance
from adjudicator.errors import EventOutOfRange, Flip7Error, LogUnreadable, TimelineTooLarge, UnsupportedRuleset
from adjudicator.store import errors as store_errors
from adjudicator.store.players import PlayerError, UnknownPlayer
from api.responses import SafeJSONResponse as JSONResponse

log = logging.getLogger("flip7.api")

PROBLEM_MEDIA_TYPE = "application/problem+json"
TYPE_PREFIX = "urn:flip7:problem:"

#: The API's problem types: slug -> (status, title). docs/api.md has the same table.
PROBLEMS: dict[str, tuple[int, str]] = {
    "empty-body": (400, "Empty request body"),
    "unreadable-body": (400, "Unreadable request body"),
    "unreadable-log": (400, "Unreadable log"),
    "unauthorized": (401, "Bearer token required"),
    "query-refused": (403, "Query refused"),
    "cross-origin-write": (403, "Cross-origin write refused"),
    "query-failed": (400, "Query failed"),
    "table-key": (403, "Write key required"),
    "game-not-found": (404, "Game not found"),
    "table-not-found": (404, "Live table not found"),
    "table-conflict": (409, "The table cannot take this now"),
    "table-full": (409, "The table is full"),
    "move-refused": (422, "Move refused"),
    "too-many-tables": (429, "Too many open tables"),
    "too-many-followers": (429, "Too many followers"),
    "advice-busy": (429, "Advice busy"),
    "purist-table": (409, "The table is purist"),
    "game-conflict": (409, "Another log is stored under this game id"),
    "player-not-found": (404, "Player not found"),
    "player-conflict": (409, "The players cannot be changed so"),
    "body-too-large": (413, "Request body too large"),
    "query-result-too-large": (413, "Query result too large"),
    "replay-too-large": (413, "Replay too large"),
    "unsupported-media-type": (415, "Unsupported media type"),
    "misdirected-request": (421, "Misdirected request"),
    "not-a-log": (422, "Not a log"),
    "unsupported-ruleset": (422, "Unsupported ruleset"),
    "event-out-of-range": (422, "No such event"),
    "invalid-request": (422, "Invalid request"),
    "query-timeout": (422, "Query took too long"),
    "analysis-timeout": (422, "Analysis took too long"),
    "store-error": (500, "Store error"),
    "internal-error": (500, "Internal server error"),
    "store-unavailable": (503, "Store unavailable"),
    "analysis-busy": (503, "Too many analyses"),
}


class Problem(StarletteHTTPException):
    """An error answered as problem+json: ``slug`` names its type in ``PROBLEMS``.

    ``extra`` adds members to the body (e.g. ``errors``, ``events``); ``headers`` are sent along.
    It is an ``HTTPException`` so that FastAPI lets it through while reading a body.
    """

    def __init__(
        self,
        slug: str,
        detail: str,
        *,
        headers: dict[str, str] | None = None,
        status: int | None = None,
        **extra: Any,
    ) -> None:
        default_status, self.title = PROBLEMS[slug]
        super().__init__(status or default_status, detail, headers)
        self.slug = slug
        self.extra = extra

    @property
    def type(self) -> str:
        """The problem's type URI."""
        return TYPE_PREFIX + self.slug


def problem_body(type_: str, title: str, status: int, detail: str, **extra: Any) -> dict[str, Any]:
    """The problem object, members in the RFC's order, then the extras."""
    return {"type": type_, "title": title, "status": status, "detail": detail, **extra}


def problem_response(
    type_: str, title: str, status: int, detail: str, headers: dict[str, str] | None = None, **extra: Any
) -> JSONResponse:
    """A problem+json response; one of status 500 or more says ``Connection: close``.

    After a server error the server closes the connection (uvicorn does once the error is raised
    on), so the answer tells the client not to send its next request on it.
    """
    if status >= 500:
        headers = {**(headers or {}), "Connection": "close"}
    return JSONResponse(
        problem_body(type_, title, status, detail, **extra),
        status_code=status,
        headers=headers,
        media_type=PROBLEM_MEDIA_TYPE,
    )


def render(problem: Problem) -> JSONResponse:
    """The response of a ``Problem``."""
    return problem_response(
        problem.type, problem.title, problem.status_code, str(problem.detail), dict(problem.headers) if problem.headers else None, **problem.extra
    )


#: Errors of the core and the store -> their problem's slug; the first class that matches wins, so
#: a subclass comes before its base (``QueryTimeout`` before ``QueryFailed``, all before ``StoreError``).
ERROR_PROBLEMS: tuple[tuple[type[Flip7Error] | tuple[type[Flip7Error], ...], str], ...] = (
    (OverAllowance, "analysis-timeout"),
    (AnalysisCancelled, "analysis-busy"),
    (UnsupportedRuleset, "unsupported-ruleset"),
    (LogUnreadable, "unreadable-log"),
    (EventOutOfRange, "event-out-of-range"),
    (TimelineTooLarge, "replay-too-large"),
    (store_errors.InvalidSince, "invalid-request"),
    (store_errors.GameNotFound, "game-not-found"),
    (UnknownPlayer, "player-not-found"),
    (PlayerError, "player-conflict"),
    (store_errors.QueryTimeout, "query-timeout"),
    (store_errors.QueryTooLarge, "query-result-too-large"),
    (store_errors.QueryRefused, "query-refused"),
    (store_errors.QueryFailed, "query-failed"),
    ((store_errors.StoreInUse, store_errors.StoreNotFound, store_errors.NotAStore, store_errors.SchemaMismatch), "store-unavailable"),
    (store_errors.StoreError, "store-error"),
)


def problem_slug(kind: type[BaseException]) -> str:
    """The slug of the problem an error of class ``kind`` is (``internal-error`` for any other)."""
    return next((slug for classes, slug in ERROR_PROBLEMS if issubclass(kind, classes)), "internal-error")


def from_flip7_error(error: Flip7Error) -> Problem:
    """Map an error of the core or the store to its problem (the message is already for people).

    ``EventOutOfRange`` also carries ``events`` and ``at`` as members of the problem,
    ``QueryTooLarge`` its ``limit`` (bytes), ``TimelineTooLarge`` its ``limit`` (seats) and ``players``.
    """
    extra: dict[str, Any] = {}
    if isinstance(error, EventOutOfRange):
        extra = {"events": error.events, "at": error.at}
    if isinstance(error, store_errors.QueryTooLarge):
        extra = {"limit": error.limit}
    if isinstance(error, TimelineTooLarge):
        extra = {"limit": error.limit, "players": error.players}
    return Problem(problem_slug(type(error)), str(error), **extra)


def _generic(status: int, detail: str, headers: dict[str, str] | None = None) -> JSONResponse:
    try:
        title = http.HTTPStatus(status).phrase
    except ValueError:
        title = "Error"
    return problem_response("about:blank", title, status, detail, headers)


async def _http_exception(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    if isinstance(exc, Problem):
        return render(exc)
    status = exc.status_code
    if status == 404:
        detail = f"there is no endpoint at {request.url.path}; the API is described at /docs and /openapi.json"
    elif status == 405:
        allowed = _allowed_methods(request)
        headers = dict(exc.headers or {})
        if allowed:
            headers["Allow"] = ", ".join(allowed)
        detail = f"{request.method} is not allowed on {request.url.path}" + (f" (allowed: {', '.join(allowed)})" if allowed else "")
        return _generic(status, detail, headers)
    elif exc.detail and exc.detail != http.HTTPStatus(status).phrase:
        detail = str(exc.detail)
    else:
        detail = http.HTTPStatus(status).description or http.HTTPStatus(status).phrase
    return _generic(status, detail, dict(exc.headers) if exc.headers else None)


def _allowed_methods(request: Request) -> list[str]:
    """Every method some route takes at this path (Starlette's 405 names only the first route's)."""
    methods: set[str] = set()
    for route in getattr(request.app.state, "api_routes", ()):
        match, _ = route.matches(request.scope)
        if match in (Match.FULL, Match.PARTIAL):
            methods |= set(getattr(route, "methods", None) or ())
    return sorted(methods)


def _where(loc: tuple[Any, ...] | list[Any]) -> str:
    parts = [str(p) for p in loc]
    if parts and parts[0] in ("query", "path", "header", "body", "cookie"):
        kind, rest = parts[0], parts[1:]
        if not rest:
            return "the request body" if kind == "body" else kind
        name = ".".join(rest)
        return f"body field {name!r}" if kind == "body" else f"{kind} parameter {name!r}"
    return ".".join(parts) or "the request"


async def _validation_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = [
        {"location": [str(p) for p in e.get("loc", ())], "message": str(e.get("msg", "")), "type": str(e.get("type", ""))}
        for e in exc.errors()
    ]
    detail = "; ".join(f"{_where(e.get('loc', ()))}: {e.get('msg', 'invalid')}" for e in exc.errors()) or "invalid request"
    return render(Problem("invalid-request", detail, errors=errors))


async def _flip7_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, Flip7Error)
    problem = from_flip7_error(exc)
    if problem.status_code >= 500:
        log.error("store error on %s %s: %s", request.method, request.url.path, exc)
    return render(problem)


async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
    log.exception("unexpected error on %s %s", request.method, request.url.path, exc_info=exc)
    return render(Problem("internal-error", "the server failed to answer this request; the error was logged"))


def install(app: FastAPI) -> None:
    """Register the handlers that make every error a problem+json response."""
    app.add_exception_handler(StarletteHTTPException, _http_exception)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(Flip7Error, _flip7_error)
    app.add_exception_handler(Exception, _unexpected)
