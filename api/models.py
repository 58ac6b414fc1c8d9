"""Request and response models of the API (they are also its OpenAPI schemas).

The verdict, the table view and the game summary are the core's and the store's own models
(``adjudicator.verdict``, ``adjudicator.table``, ``adjudicator.store.service``), defined once; this
module adds the API's own request and response models and the examples (``EXAMPLES``, by schema
name, which ``api.openapi`` puts into the document).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.events import GameEvent
from adjudicator.replay import check_log
from adjudicator.rulesets import find_kit
from adjudicator.store.service import GamePage, GameSummary
from adjudicator.table import TablePlayer, TableView, WaitingFor
from adjudicator.timeline import table_at
from adjudicator.verdict import Outcome, PlayerRound, RoundSummary, Verdict, Violation

# --------------------------------------------------------------------------------------------
# Examples: the default ruleset's example log (the contract's own), and what the core says of it

#: The ruleset a ``game`` line without ``ruleset`` plays, whose kit's example log the document shows.
_DEFAULT_RULESET: str = GameEvent.model_fields["ruleset"].default
EXAMPLE_LOG_LINES: list[str] = list(find_kit(_DEFAULT_RULESET).view.example_log)
EXAMPLE_LOG = "\n".join(EXAMPLE_LOG_LINES) + "\n"
#: The event after which the example table is shown (the first round under way, an action card given).
_EXAMPLE_AT = 7

EXAMPLE_VERDICT: dict[str, Any] = check_log(EXAMPLE_LOG).to_dict()

EXAMPLE_VIOLATION: dict[str, Any] = {
    "event": 8,
    "line": 9,
    "code": "wrong_player",
    "rule": "turn.order",
    "message": "Cem cannot hit now: it is Ana's turn to hit or stay.",
}


def _examples(*examples: dict[str, Any]) -> ConfigDict:
    """A response model's config: its examples, put into the document as written."""
    return ConfigDict(json_schema_extra={"examples": list(examples)})


# --------------------------------------------------------------------------------------------
# The verdict (contract §2) and the table (flip7 state --json): the core's own models

#: The table after event ``_EXAMPLE_AT`` of the example log, what the last event did included.
EXAMPLE_TABLE: dict[str, Any] = table_at(EXAMPLE_LOG, _EXAMPLE_AT).to_dict()


# --------------------------------------------------------------------------------------------
# Stored games (the store's own models)


EXAMPLE_GAME: dict[str, Any] = {
    "id": "kitchen-2026-11-29",
    "named": True,
    "source": "api",
    "content_hash": "384e38ef23e1be0cfdfa8a997ff71230fc3f4fac6df80d28de3a53549158620d",
    "ingested_at": "2026-11-29T18:30:00Z",
    "players": ["Ana", "Ben", "Cem"],
    "first_dealer": "Ana",
    "valid": True,
    "complete": True,
    "finished": False,
    "winner": None,
    "n_events": 13,
    "n_rounds": 1,
    "n_violations": 0,
}


class ListedGame(GameSummary):
    """A stored game as `GET /v1/games` lists it: its summary and its ruleset."""

    ruleset: str | None = Field(
        None, description="`flip7`, `vengeance` or `vengeance (brutal)` (as in the statistic `by_ruleset`); null without a game line."
    )


class ListedGamePage(GamePage):
    """One page of stored games, ordered by id; pass `next_cursor` as `cursor` for the next."""

    games: list[ListedGame]  # type: ignore[assignment]


class IngestOutcome(BaseModel):
    """What `POST /v1/games` did with the log, and its verdict."""

    model_config = _examples({"outcome": "ingested", "id": "kitchen-2026-11-29", "verdict": EXAMPLE_VERDICT})

    outcome: Literal["ingested", "unchanged", "replaced"]
    id: str = Field(description="The stored game's id.")
    verdict: Verdict
    decisions: int | None = Field(
        None, exclude_if=lambda v: v is None, description="With `?analyze=true`: the decisions valued and stored (absent: not analysed)."
    )
    note: str | None = Field(
        None, exclude_if=lambda v: v is None, description="With `?analyze=true`: why no decision was valued (the ruleset has no decision model)."
    )


EXAMPLE_EVENT: dict[str, Any] = {
    "event": 2, "line": 3, "round": 1, "type": "card", "player": "Ben", "card": "8", "target": None,
    "raw": '{"type":"card","player":"Ben","card":"8"}',
}


class StoredEvent(BaseModel):
    """One event of a stored log."""

    model_config = _examples(EXAMPLE_EVENT)

    event: int = Field(description="Index from 0 (the `game` line is event 0).")
    line: int = Field(description="1-based line in the stored log.")
    round: int = Field(description="The round it belongs to (0 before the first `round` event).")
    type: str | None = Field(description="The event's type (null when the line could not be read).")
    player: str | None
    card: str | None
    target: str | None
    raw: str = Field(description="The line exactly as stored.")


class GameEvents(BaseModel):
    """The events of a stored game, in order."""

    model_config = _examples({"game": "kitchen-2026-11-29", "events": [EXAMPLE_EVENT]})

    game: str
    events: list[StoredEvent]


# --------------------------------------------------------------------------------------------
# Statistics and queries


EXAMPLE_STATISTIC: dict[str, Any] = {
    "name": "flip7_rate",
    "title": "Flip 7",
    "explanation": "How often a row reached seven different numbers: per player and round, and as the share of rounds that a Flip 7 ended.",
    "columns": ["player_rounds", "flip7s", "per_player_round", "rounds", "per_round"],
    "rows": [{"player_rounds": 676, "flip7s": 5, "per_player_round": 0.0074, "rounds": 169, "per_round": 0.0296}],
}


class Statistic(BaseModel):
    """One statistic: its name, title, what it shows, and its table (one object per row)."""

    model_config = _examples(EXAMPLE_STATISTIC)

    name: str
    title: str
    explanation: str
    columns: list[str]
    rows: list[dict[str, Any]]


class Statistics(BaseModel):
    """The statistics asked for, in their fixed order."""

    model_config = _examples({"statistics": [EXAMPLE_STATISTIC]})

    statistics: list[Statistic]


class QueryRequest(BaseModel):
    """One read-only SQL query over the store."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"sql": "SELECT winner, count(*) AS wins FROM games WHERE finished GROUP BY winner", "max_rows": 100}]},
    )

    sql: str = Field(min_length=1, max_length=100_000, description="Exactly one query (SELECT, WITH, FROM, VALUES, DESCRIBE, SHOW, SUMMARIZE).")
    max_rows: int | None = Field(default=None, ge=1, description="Return at most this many rows (capped by the server's limit).")
    timeout: float | None = Field(default=None, ge=0.1, description="Stop the query after this many seconds (capped by the server's limit).")


class QueryResult(BaseModel):
    """The columns, their DuckDB types, and the rows (arrays in column order; see docs/api.md for how values map to JSON)."""

    model_config = _examples(
        {
            "columns": ["winner", "wins"],
            "types": ["VARCHAR", "BIGINT"],
            "rows": [["Ana", 12], ["Cem", 9]],
            "truncated": False,
            "truncated_by": None,
            "max_rows": 100,
            "max_bytes": 10485760,
            "timeout": 10.0,
        }
    )

    columns: list[str]
    types: list[str]
    rows: list[list[Any]]
    truncated: bool = Field(description="True when rows were cut: more existed than `max_rows`, or than fit in `max_bytes`.")
    truncated_by: Literal["rows", "bytes"] | None = Field(
        default=None, description='Which limit cut the rows: "rows" (`max_rows`) or "bytes" (`max_bytes`); null when none did.'
    )
    max_rows: int = Field(description="The row limit that applied.")
    max_bytes: int = Field(description="The byte limit that applied: the rows' JSON is at most this long.")
    timeout: float = Field(description="The time limit that applied, seconds.")


# --------------------------------------------------------------------------------------------
# Misc


class Health(BaseModel):
    """The server is up."""

    model_config = _examples({"status": "ok", "version": "0.1.0", "engine": "compiled", "engine_detail": "compiled engine (mypyc)"})

    status: Literal["ok"]
    version: str
    holder: str | None = Field(
        default=None,
        description="The nonce of the store's holder announcement when `flip7 serve` runs this server (clients check it before sending anything).",
    )
    #: Which build of the rules judges: the mypyc-compiled modules or the pure-Python sources.
    engine: Literal["compiled", "pure"]
    #: The same in words, with the reason (``pure-Python engine (FLIP7_PURE=1)``).
    engine_detail: str


class ProblemDetails(BaseModel):
    """An error (RFC 9457 problem details), sent as `application/problem+json`."""

    # extra="allow": RFC 9457 lets a problem carry extension members besides the five it defines
    # (``errors``, ``events``, ``limit``, …); they are declared per problem in docs/api.md, not here.
    model_config = ConfigDict(
        extra="allow",
        json_schema_extra={
            "examples": [
                {
                    "type": "urn:flip7:problem:game-not-found",
                    "title": "Game not found",
                    "status": 404,
                    "detail": "no stored game has the id 'kitchen-2026-11-30'",
                }
            ]
        },
    )

    type: str = Field(description="`urn:flip7:problem:<slug>` for the API's own problems (see docs/api.md), else `about:blank`.")
    title: str
    status: int
    detail: str


#: Examples of the shared models' schemas, by schema name (``api.openapi`` adds them to the document).
EXAMPLES: dict[str, list[dict[str, Any]]] = {
    "Violation": [EXAMPLE_VIOLATION],
    "Verdict": [EXAMPLE_VERDICT],
    "TableView": [EXAMPLE_TABLE],
    "GameSummary": [EXAMPLE_GAME],
    "GamePage": [{"games": [EXAMPLE_GAME], "next_cursor": "kitchen-2026-11-29"}],
    "ListedGame": [{**EXAMPLE_GAME, "ruleset": _DEFAULT_RULESET}],
    "ListedGamePage": [{"games": [{**EXAMPLE_GAME, "ruleset": _DEFAULT_RULESET}], "next_cursor": "kitchen-2026-11-29"}],
}

__all__ = [
    "EXAMPLES", "GamePage", "GameSummary", "ListedGame", "ListedGamePage", "Outcome", "PlayerRound", "RoundSummary", "TablePlayer", "TableView",
    "Verdict", "Violation", "WaitingFor",
]
