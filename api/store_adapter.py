"""A thin layer between the routes and ``adjudicator.store.Store``: HTTP outcomes, nothing computed.

What it adapts: ``refused`` carries the CLI's advice (``--replace``); the API's says
``?replace=true`` (one log), or is reported per log with the others (many logs). A log that cannot be judged raises the reader's own exception from
``Store.ingest`` (mapped by ``api.errors`` as in ``POST /v1/check``), an unknown id
``GameNotFound`` (404).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from adjudicator.store import IngestResult, LogInput, Outcome, Store
from adjudicator.store.ingest import ReplayedAhead
from api.errors import Problem


class Stored(NamedTuple):
    """A log that is now stored: ``outcome`` is ``ingested``, ``unchanged`` or ``replaced``."""

    outcome: str
    game_id: str
    verdict: dict[str, Any]
    decisions: int | None = None
    note: str | None = None


def ingest(store: Store, source: bytes | list[str], name: str, *, replace: bool, analyze: bool = False, ahead: ReplayedAhead | None = None) -> Stored:
    """Adjudicate and store one log (``analyze``: its decisions valued too, or already in ``ahead``);
    raise ``Problem`` unless it is now stored (409, 500); a log that cannot be judged raises the
    reader's exception (400/422)."""
    result = store.ingest(source, name, replace=replace, analyze=analyze, ahead=ahead)
    outcome = result.outcome
    if outcome is Outcome.REFUSED:
        raise Problem(
            "game-conflict",
            f"a different log is already stored under the game id {result.game_id!r}; "
            "send it again with ?replace=true to replace it",
            game=result.game_id,
        )
    if outcome is Outcome.FAILED:
        raise Problem("store-error", result.message or "the log could not be stored")
    assert result.game_id is not None and result.verdict is not None
    return Stored(outcome.value, result.game_id, result.verdict, result.decisions, result.note)


def ingest_many(
    store: Store, inputs: Iterable[LogInput], *, replace: bool, analyze: bool = False, ahead: ReplayedAhead | None = None
) -> list[dict[str, Any]]:
    """Adjudicate and store many logs in batches (as ``flip7 ingest`` does); one result per log, in
    input order: every outcome, an unreadable log included, is a result, none an error."""
    out: list[dict[str, Any]] = []

    def collect(result: IngestResult, events: int) -> None:
        out.append({
            "name": result.name, "outcome": result.outcome.value, "game": result.game_id, "valid": result.valid,
            "message": result.message, "events": events, "decisions": result.decisions, "note": result.note,
        })

    store.ingest_many(inputs, replace=replace, on_result=collect, analyze=analyze, ahead=ahead)
    return out
