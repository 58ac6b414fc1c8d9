"""How long an analysis may run: a time allowance on a clock the caller gives, and a stop it may pull.

The states one search may use bound each exact or look-ahead value (``evaluate.BUDGET``); nothing
bounded the Monte Carlo playouts of a large table, nor a whole game's number of decisions (issue 28,
items 15 and 24). An ``Allowance`` does: the caller (``flip7 advise``/``analyze``, the API) opens one
around an analysis with ``allowed(...)``, and the analysis looks at it between decisions, between
playouts and between the events of a playout:

* Monte Carlo sampling stops when the allowance runs out and reports the playouts it made (their
  number is the decision's ``samples``; the intervals widen); fewer than ``MIN_SAMPLES`` is
  ``OverAllowance``;
* a whole game's analysis that runs out is ``OverAllowance``, naming the event it reached;
* a stop pulled (the client went away, the server shuts down) is ``AnalysisCancelled`` at the next look.

The core reads no clock of its own: the allowance holds the caller's. Outside ``allowed`` there is
no limit (the library's callers choose theirs).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from adjudicator.errors import Flip7Error

#: Playouts per option below which a Monte Carlo value cut by the allowance is no value at all.
MIN_SAMPLES = 10


class OverAllowance(Flip7Error):
    """The analysis needed more time than it was allowed."""


class AnalysisCancelled(Flip7Error):
    """The analysis was stopped by its caller (the client went away, the server is stopping)."""


@dataclass(slots=True)
class Allowance:
    """``seconds`` on ``clock`` (a monotonic clock, in seconds) from the moment it is made; ``stop``
    says the caller wants the analysis to end now."""

    seconds: float
    clock: Callable[[], float]
    stop: Callable[[], bool] = lambda: False
    ends: float = field(init=False)

    def __post_init__(self) -> None:
        self.ends = self.clock() + self.seconds

    def spent(self) -> bool:
        """True once the time is up or the stop is pulled."""
        return self.stop() or self.clock() >= self.ends

    def check(self, where: str = "", hint: str = "") -> None:
        """Raise ``AnalysisCancelled`` or ``OverAllowance`` when the analysis must end (``where``:
        how far it got; ``hint``: what to ask instead, for the message)."""
        if self.stop():
            raise AnalysisCancelled("the analysis was cancelled")
        if self.clock() >= self.ends:
            raise OverAllowance(f"the analysis needed more than its {self.seconds:g} s{where}{'; ' + hint if hint else ''}")


_CURRENT: ContextVar[Allowance | None] = ContextVar("flip7_analysis_allowance", default=None)


@contextmanager
def allowed(allowance: Allowance | None) -> Iterator[Allowance | None]:
    """Run the ``with`` block's analysis within ``allowance`` (None: without a limit)."""
    token = _CURRENT.set(allowance)
    try:
        yield allowance
    finally:
        _CURRENT.reset(token)


def current() -> Allowance | None:
    """The allowance of the analysis running here, if any."""
    return _CURRENT.get()


def spent() -> bool:
    """True when the analysis running here must end (its time is up or it was stopped)."""
    allowance = _CURRENT.get()
    return allowance is not None and allowance.spent()


def check(where: str = "", hint: str = "") -> None:
    """``Allowance.check`` of the analysis running here (nothing without one)."""
    allowance = _CURRENT.get()
    if allowance is not None:
        allowance.check(where, hint)


__all__ = ["MIN_SAMPLES", "Allowance", "AnalysisCancelled", "OverAllowance", "allowed", "check", "current", "spent"]
