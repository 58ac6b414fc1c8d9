"""The fences in front of every route (issue 23): the ``Host`` a request names, and what a write
must be for a web page not to be able to send it.

* ``Host``: when ``Settings.allowed_hosts`` is set (``flip7 serve`` always sets it), a request
  naming another host is a ``421``: a page on a rebound DNS name reaches no route, read or write.
* Writes (the routes that depend on ``require_writer``): an ``Origin`` (or ``Sec-Fetch-Site``)
  from another site is a ``403``; a body whose media type a page may send without asking
  (``text/plain``, form types, none at all) is a ``415``; and with a token set, a missing or wrong
  ``Authorization`` is a ``401`` here, before one byte of the body is read.
* A live table's writes (the routes that depend on ``table_write``) have the same two fences; their
  table's key guards them, not the token, and one sent without a body (undo, finish) needs no type.
"""

from __future__ import annotations

import hmac
from typing import Any

from starlette.datastructures import Headers
from starlette.routing import Match
from starlette.types import ASGIApp, Receive, Scope, Send

from api.errors import Problem, render

#: Media types a page may POST cross-origin without a preflight (CORS "simple" requests).
SIMPLE_TYPES = frozenset({"text/plain", "application/x-www-form-urlencoded", "multipart/form-data"})
#: The methods of writes that carry a body.
_BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})
_CHALLENGE = 'Bearer realm="flip7"'


def host_name(host: str) -> str:
    """``Host`` header -> the host alone, lower case (``[::1]:8000`` -> ``::1``)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def table_write() -> None:
    """Marks a live table's write: fenced as a write is (``Origin``, body type), guarded by the table's key."""


def is_write(app: Any, scope: Scope) -> bool:
    """True if the request goes to a route that depends on ``require_writer``."""
    return _write_kind(app, scope) == "token"


def _write_kind(app: Any, scope: Scope) -> str | None:
    """``token`` for a route that depends on ``require_writer``, ``key`` for one on ``table_write``, else None."""
    from api.deps import require_writer

    for route in getattr(app.state, "api_routes", ()):
        match, _ = route.matches(scope)
        if match == Match.FULL:
            dependant = getattr(route, "dependant", None)
            if dependant is None:
                return None
            return "token" if _depends_on(dependant, require_writer) else "key" if _depends_on(dependant, table_write) else None
    return None


def _depends_on(dependant: Any, call: Any) -> bool:
    return any(d.call is call or _depends_on(d, call) for d in dependant.dependencies)


class RequestGuard:
    """ASGI middleware: the ``Host`` check on every request, the write checks on writes."""

    def __init__(self, app: ASGIApp, fastapi_app: Any) -> None:
        self.app = app
        self.fastapi_app = fastapi_app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        problem = self.check(scope)
        if problem is not None:
            await render(problem)(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def check(self, scope: Scope) -> Problem | None:
        """The problem that refuses this request, or None to let it through."""
        settings = self.fastapi_app.state.settings
        headers = Headers(scope=scope)
        host = headers.get("host", "")
        allowed = settings.allowed_hosts
        if allowed is not None and host_name(host) not in allowed:
            return Problem(
                "misdirected-request",
                f"this server answers for {', '.join(sorted(allowed))}, not for the host {host[:80]!r} "
                "(start it with --allowed-host NAME to add one)",
            )
        kind = _write_kind(self.fastapi_app, scope)
        if kind is None:
            return None
        origin = headers.get("origin")
        scheme = scope.get("scheme", "http")
        if origin is not None and origin.lower() != f"{scheme}://{host}".lower() or headers.get("sec-fetch-site") == "cross-site":
            return Problem("cross-origin-write", "a write from another site's page is refused: send it from this server's own pages, the CLI or a program")
        if kind == "token" and settings.api_token is not None:
            problem = _token_problem(headers.get("authorization"), settings.api_token)
            if problem is not None:
                return problem
        if scope["method"] in _BODY_METHODS:
            media = headers.get("content-type", "").split(";", 1)[0].strip().lower()
            bodyless = kind == "key" and headers.get("content-length", "0") == "0" and "transfer-encoding" not in headers
            if media in SIMPLE_TYPES or not media and not bodyless:
                return Problem(
                    "unsupported-media-type",
                    f"a write must say its body's type: Content-Type application/x-ndjson or application/json "
                    f"({media or 'none'} is what any web page may send, so it is refused for writes)",
                )
        return None


def _token_problem(authorization: str | None, token: str) -> Problem | None:
    scheme, _, credentials = (authorization or "").partition(" ")
    if scheme.lower() != "bearer" or not credentials.strip():
        return Problem(
            "unauthorized",
            "this server requires a bearer token for writes: send the header 'Authorization: Bearer <token>'",
            headers={"WWW-Authenticate": _CHALLENGE},
        )
    if not hmac.compare_digest(credentials.strip().encode("utf-8"), token.encode("utf-8")):
        return Problem(
            "unauthorized",
            "the bearer token is not the one this server expects",
            headers={"WWW-Authenticate": f'{_CHALLENGE}, error="invalid_token"'},
        )
    return None
