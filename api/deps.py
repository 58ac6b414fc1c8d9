"""Dependencies of the routes: the app's settings, its store, and the bearer-token check for writes.

Everything hangs off ``app.state`` (set by ``create_app``), never off module globals, so two apps
with different settings can live in one process (the tests do).

The store is one ``adjudicator.store.Store`` per app, opened read-write on first use (so
``/v1/check`` and ``/v1/state`` work even when the store cannot be opened) and closed at shutdown.
DuckDB lets one process write a file; inside this process the ``Store`` gives every call a cursor
of its own and serialises writes with a lock, so concurrent requests share it safely.

Writes run in threads of their own (``run_write``: at most ``WRITER_THREADS`` at once, the others
wait on the event loop without a thread), never in the pool the reads use: a crowd of writers
waiting for the store's lock cannot hold every thread a read needs (issue 23, item 15).
"""

from __future__ import annotations

import functools
import hmac
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, ParamSpec, TypeVar

import anyio
import anyio.to_thread
from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from adjudicator.store import Store, StoreError, resolve_db_path
from api.errors import Problem
from api.settings import Settings

#: Threads that run writes at the same time (the store's lock lets one write at a time; a few more
#: let the live tables' group commit gather events of several tables into one commit).
WRITER_THREADS = 8

_P = ParamSpec("_P")
_T = TypeVar("_T")


class StoreHolder:
    """Opens the app's store once, on first use, and closes it at shutdown (if it opened it)."""

    def __init__(self, settings: Settings, store: Store | None = None) -> None:
        self._settings = settings
        self._store = store
        self._owned = store is None
        self._lock = threading.Lock()
        #: The writers' own threads (see ``run_write``), apart from the pool the reads run in.
        self.writers = anyio.CapacityLimiter(WRITER_THREADS)

    @property
    def path(self) -> Path:
        """The store file (``--db`` > ``$FLIP7_DB`` > ``./flip7.duckdb``)."""
        if self._store is not None:
            return self._store.path
        return self._settings.db_path or resolve_db_path(None, os.environ, Path.cwd())

    def get(self) -> Store:
        """The open store; ``Problem`` 503 (with the store's message) when it cannot be opened."""
        store = self._store
        if store is not None:
            return store
        with self._lock:
            if self._store is None:
                kwargs = {"now": self._settings.now} if self._settings.now is not None else {}
                try:
                    self._store = Store.open(self.path, read_only=False, limits=self._settings.duckdb_limits, **kwargs)
                except StoreError as exc:  # whatever the cause, the store is not there to be used
                    raise Problem("store-unavailable", str(exc)) from None
            return self._store

    def close(self) -> None:
        """Close the store if this holder opened it."""
        with self._lock:
            if self._store is not None and self._owned:
                self._store.close()
                self._store = None


def get_settings(request: Request) -> Settings:
    """The app's settings."""
    return request.app.state.settings


def get_store(request: Request) -> Store:
    """The app's store, opened on first use."""
    holder: StoreHolder = request.app.state.store
    return holder.get()


async def run_write(request: Request, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> _T:
    """Run ``fn`` (a write to the store) in one of the writers' threads and return what it returns.

    A write waiting for a writer's thread waits on the event loop, holding no thread, so reads
    keep the whole thread pool. It is answered only once ``fn`` returned (its commit done), and
    once started it runs to the end even when the client goes away.
    """
    holder: StoreHolder = request.app.state.store
    return await anyio.to_thread.run_sync(functools.partial(fn, *args, **kwargs), limiter=holder.writers)


_bearer = HTTPBearer(
    auto_error=False,
    scheme_name="bearer",
    description="Writes (POST /v1/games, DELETE /v1/games/{id}) need `Authorization: Bearer <token>` "
    "when the server has FLIP7_API_TOKEN set; reads never do.",
)

_CHALLENGE = 'Bearer realm="flip7"'


def require_writer(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> None:
    """Let the request through when writes are open or the bearer token matches; else 401."""
    token = get_settings(request).api_token
    if token is None:
        return
    if credentials is None:
        raise Problem(
            "unauthorized",
            "this server requires a bearer token for writes: send the header 'Authorization: Bearer <token>'",
            headers={"WWW-Authenticate": _CHALLENGE},
        )
    if not hmac.compare_digest(credentials.credentials.encode("utf-8"), token.encode("utf-8")):
        raise Problem(
            "unauthorized",
            "the bearer token is not the one this server expects",
            headers={"WWW-Authenticate": f'{_CHALLENGE}, error="invalid_token"'},
        )


SettingsDep = Annotated[Settings, Depends(get_settings)]
StoreDep = Annotated[Store, Depends(get_store)]
WriterDep = Depends(require_writer)
