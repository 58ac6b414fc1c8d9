"""The analysis routes' own pool: bounded, timed, and stopped when the client goes away.

Valuing a game's decisions is pure Python and may take seconds to minutes (a 200-round game, a
300-seat table). In the thread pool every other route uses, a crowd of analyses made ``/healthz``,
``/v1/games`` and the viewer wait, and an analysis ran on after its client hung up and delayed the
server's shutdown (issue 28, item 15). Here (the bounds are ``Settings.analysis``, docs/security.md):

* at most ``workers`` analyses run at once, in threads of their own; ``waiting`` more wait for one
  (on the event loop, holding no thread); any more are answered at once: 503 ``analysis-busy`` with
  ``Retry-After``;
* each runs within an ``Allowance`` of ``seconds`` a game (``adjudicator.analysis.allowance``): past
  it, 422 ``analysis-timeout``;
* the allowance's stop is pulled when the client goes away (the request's ``http.disconnect``) and
  when the server shuts down (``close``): the analysis ends at its next look, within milliseconds.
"""

from __future__ import annotations

import functools
import math
import threading
import time
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import anyio
import anyio.to_thread
from fastapi import Request

from adjudicator.analysis.allowance import Allowance, allowed
from api.errors import Problem
from api.settings import AnalysisLimits

_P = ParamSpec("_P")
_T = TypeVar("_T")


class AnalysisPool:
    """The analyses of one app (``app.state.analyses``): see the module docstring."""

    def __init__(self, limits: AnalysisLimits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self._clock = clock
        self._threads = anyio.CapacityLimiter(limits.workers)
        self._admitted = 0  # running and waiting (read and changed on the event loop only)
        self._stops: set[threading.Event] = set()
        self._closed = False

    @property
    def busy(self) -> int:
        """Analyses running or waiting now."""
        return self._admitted

    def retry_after(self) -> int:
        """Seconds a client turned away should wait: a tenth of an analysis's time (most take a few
        seconds; the pool frees a place as soon as one ends)."""
        return max(1, math.ceil(self.limits.seconds / 10))

    async def run(self, request: Request, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> _T:
        """Run ``fn(*args, **kwargs)`` (an analysis) in the pool, within its allowance; raise
        ``Problem`` 503 when the pool is full or the server is stopping."""
        return await self.run_for(request, 1, fn, *args, **kwargs)

    async def run_for(self, request: Request, games: int, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> _T:
        """``run`` for an analysis of ``games`` games (``POST /v1/ingest?analyze=true``): an
        allowance of ``seconds`` for each."""
        if self._closed:
            raise Problem("analysis-busy", "the server is shutting down", headers={"Retry-After": str(self.retry_after())})
        if self._admitted >= self.limits.workers + self.limits.waiting:
            raise Problem(
                "analysis-busy",
                f"{self._admitted} analyses are running or waiting (at most {self.limits.workers} run at once "
                f"and {self.limits.waiting} wait); try again later",
                headers={"Retry-After": str(self.retry_after())},
            )
        self._admitted += 1
        stop = threading.Event()
        self._stops.add(stop)
        work = functools.partial(self._within, stop, max(1, games) * self.limits.seconds, functools.partial(fn, *args, **kwargs))
        done: list[_T] = []
        failed: list[Exception] = []
        try:
            async with anyio.create_task_group() as group:
                group.start_soon(_watch_disconnect, request, stop)
                try:
                    done.append(await anyio.to_thread.run_sync(work, limiter=self._threads))
                except Exception as exc:  # raised below, as itself (not in the task group's exception group)
                    failed.append(exc)
                finally:
                    group.cancel_scope.cancel()
        finally:
            self._admitted -= 1
            self._stops.discard(stop)
        if failed:
            raise failed[0]
        return done[0]

    def _within(self, stop: threading.Event, seconds: float, work: Callable[[], _T]) -> _T:
        """``work`` in this thread, within an allowance that starts now (not while it waited)."""
        with allowed(Allowance(seconds, self._clock, stop.is_set)):
            return work()

    def open(self) -> None:
        """Take analyses again (the server starts; an app may be started again after a shutdown, as
        its store is opened again on first use)."""
        self._closed = False

    def close(self) -> None:
        """Stop every analysis (the server shuts down): each ends at its next look."""
        self._closed = True
        for stop in list(self._stops):
            stop.set()


async def _watch_disconnect(request: Request, stop: threading.Event) -> None:
    """Pull ``stop`` when the client goes away (the body is read: the next message is the end)."""
    while True:
        message = await request.receive()
        if message.get("type") == "http.disconnect":
            stop.set()
            return


def analyses(request: Request) -> AnalysisPool:
    """The app's analysis pool."""
    pool: AnalysisPool = request.app.state.analyses
    return pool
