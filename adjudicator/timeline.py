"""The table at every event of a log, from one replay: what a replay viewer steps through.

``replay_timeline`` folds the log once (linear in its length, like ``check_log``) and describes
the table after each event with ``describe_table``, the shape of ``table_view`` (and so of
``flip7 state --json`` and ``POST /v1/state``). Once a fatal violation stops the replay the table no
longer changes: the later events share one description.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from adjudicator.records import LoggedEvent
from adjudicator.replay import describe_table, replay_log
from adjudicator.state import GameState
from adjudicator.verdict import Verdict, Violation


@dataclass(slots=True, frozen=True)
class Timeline:
    """A judged log with its events and the table after each one (``tables[i]`` after event ``i``)."""

    verdict: Verdict
    events: list[LoggedEvent]
    tables: list[dict[str, Any]]

    def to_dict(self) -> dict[str, Any]:
        """Plain data: the verdict, the events (as ``GET /v1/games/{id}/events`` gives them) and the tables."""
        events, rounds = [], 0
        for e in self.events:
            rounds += e.type == "round"  # as the store counts an event's round: round events up to it
            events.append(
                {"event": e.index, "line": e.line, "round": rounds, "type": e.type, "player": e.player, "card": e.card, "target": e.target, "raw": e.raw}
            )
        return {"verdict": self.verdict.to_dict(), "events": events, "tables": self.tables}


def replay_timeline(source: str | bytes | Iterable[str]) -> Timeline:
    """Replay ``source`` once and describe the table after every event (see ``replay_log`` for ``source``)."""
    tables: list[dict[str, Any]] = []
    stopped: dict[str, Any] | None = None

    def observe(index: int, state: GameState, applied: int, fatal: Violation | None) -> None:
        nonlocal stopped
        if fatal is None:
            tables.append(describe_table(state, applied, None))
            return
        if stopped is None:  # the replay stopped here: the table stays as it was from now on
            stopped = describe_table(state, applied, fatal)
        tables.append(stopped)

    result = replay_log(source, collect=True, observe=observe)
    return Timeline(result.verdict, result.events, tables)


__all__ = ["Timeline", "replay_timeline"]
