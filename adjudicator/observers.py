"""Several observers watching one replay (``adjudicator.replay.ReplayObserver``), each told in
turn: the referee rides along the timeline's or ``check``'s replay, so a verdict told in German
needs no second replay of the log."""

from __future__ import annotations

from typing import Any

from adjudicator.errors import RuleViolation
from adjudicator.events import Event
from adjudicator.state import GameState
from adjudicator.verdict import Violation


class Observers:
    """``observers`` as one: every call goes to each of them that has the method, in order."""

    def __init__(self, *observers: Any) -> None:
        self.observers = observers
        self.reads_effects = any(getattr(o, "reads_effects", True) for o in observers)
        self._refused = [r for r in (getattr(o, "refused", None) for o in observers) if r is not None]
        self._lines = [s for s in (getattr(o, "event_line", None) for o in observers) if s is not None]

    def event_line(self, index: int, line: int) -> None:
        """Event ``index`` is on ``line``."""
        for told in self._lines:
            told(index, line)

    def before(self, state: GameState, event: Event, index: int) -> None:
        """Before ``event``."""
        for o in self.observers:
            o.before(state, event, index)

    def after(self, state: GameState, event: Event, index: int) -> None:
        """After ``event`` was applied."""
        for o in self.observers:
            o.after(state, event, index)

    def refused(self, state: GameState, event: Event | None, index: int, error: RuleViolation) -> None:
        """``event`` was refused."""
        for refused in self._refused:
            refused(state, event, index, error)

    def judged(self, state: GameState, index: int, applied: int, stopped_by: Violation | None) -> None:
        """The event line is judged."""
        for o in self.observers:
            o.judged(state, index, applied, stopped_by)


__all__ = ["Observers"]
