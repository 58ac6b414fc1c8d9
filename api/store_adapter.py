"""A thin layer between the routes and ``adjudicator.store.Store``: HTTP outcomes, nothing computed.

What it adapts (see the report of issue 5):

- ``Store.ingest`` reports a log that cannot be judged as the outcome ``unreadable`` with a
  message, and the name of the core's exception class in ``IngestResult.error``; the HTTP status
  depends on the class (``LogUnreadable`` 400, ``UnsupportedRuleset`` 422, as in ``POST /v1/check``),
  so ``unreadable_problem`` maps it as ``api.errors`` maps the exception itself (tests/api pin the
  two statuses).
- ``refused`` carries the CLI's advice (``--replace``); the API's says ``?replace=true``.
- Stored events have the column ``idx``; the API calls it ``event``, as violations do.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from adjudicator.errors import LogUnreadable, UnsupportedRuleset
from adjudicator.store import IngestResult, Outcome, Store
from api.errors import Problem, problem_slug

#: The classes ``IngestResult.error`` names for a log that cannot be judged, by name. Any other
#: (``OSError``: a file that cannot be read, which an upload is not) counts as ``LogUnreadable``.
_UNREADABLE_KINDS = {kind.__name__: kind for kind in (LogUnreadable, UnsupportedRuleset)}


def unreadable_problem(result: IngestResult) -> Problem:
    """The problem for a log the store could not judge: by its error class, with the core's message."""
    kind = _UNREADABLE_KINDS.get(result.error or "", LogUnreadable)
    return Problem(problem_slug(kind), result.message or "the log cannot be read")


class Stored(NamedTuple):
    """A log that is now stored: ``outcome`` is ``ingested``, ``unchanged`` or ``replaced``."""

    outcome: str
    game_id: str
    verdict: dict[str, Any]


def ingest(store: Store, source: bytes | list[str], name: str, *, replace: bool) -> Stored:
    """Adjudicate and store one log; raise ``Problem`` unless it is now stored (409, 400/422, 500)."""
    result = store.ingest(source, name, replace=replace)
    outcome = result.outcome
    if outcome is Outcome.REFUSED:
        raise Problem(
            "game-conflict",
            f"a different log is already stored under the game id {result.game_id!r}; "
            "send it again with ?replace=true to replace it",
            game=result.game_id,
        )
    if outcome is Outcome.UNREADABLE:
        raise unreadable_problem(result)
    if outcome is Outcome.FAILED:
        raise Problem("store-error", result.message or "the log could not be stored")
    assert result.game_id is not None and result.verdict is not None
    return Stored(outcome.value, result.game_id, result.verdict)


def not_found(game_id: str) -> Problem:
    """The 404 problem for an unknown id (``delete_game`` answers False instead of raising)."""
    return Problem("game-not-found", f"no stored game has the id {game_id!r}")


def events(store: Store, game_id: str) -> list[dict[str, Any]]:
    """The stored events of a game, with ``idx`` named ``event``; raises ``GameNotFound``."""
    out = []
    for row in store.events(game_id):
        row = dict(row)
        row["event"] = row.pop("idx")
        out.append(row)
    return out
