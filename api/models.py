"""Request and response models of the API (they are also its OpenAPI schemas).

The verdict, the table view and the game summary are the core's and the store's own models
(``adjudicator.verdict``, ``adjudicator.table``, ``adjudicator.store.service``), defined once; this
module adds the API's own request and response models and the examples (``EXAMPLES``, by schema
name, which ``api.openapi`` puts into the document).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.store.service import GamePage, GameSummary
from adjudicator.table import TablePlayer, TableView, WaitingFor
from adjudicator.verdict import Outcome, PlayerRound, RoundSummary, Verdict, Violation

# --------------------------------------------------------------------------------------------
# Examples (the contract's own example log)

EXAMPLE_LOG_LINES = [
    '{"type":"game","id":"kitchen-2026-11-29","players":["Ana","Ben","Cem"],"dealer":"Ana"}',
    '{"type":"round","round":1}',
    '{"type":"card","player":"Ben","card":"8"}',
    '{"type":"card","player":"Cem","card":"freeze"}',
    '{"type":"target","player":"Cem","card":"freeze","target":"Ben"}',
    '{"type":"card","player":"Ana","card":"x2"}',
    '{"type":"hit","player":"Cem"}',
    '{"type":"card","player":"Cem","card":"12"}',
    '{"type":"hit","player":"Ana"}',
    '{"type":"card","player":"Ana","card":"11"}',
    '{"type":"stay","player":"Cem"}',
    '{"type":"stay","player":"Ana"}',
    '{"type":"score","round":1,"scores":{"Ana":22,"Ben":8,"Cem":12}}',
]
EXAMPLE_LOG = "\n".join(EXAMPLE_LOG_LINES) + "\n"

EXAMPLE_VERDICT: dict[str, Any] = {
    "format": "flip7-verdict/1",
    "game": "kitchen-2026-11-29",
    "valid": True,
    "events": 13,
    "violations": [],
    "rounds": [
        {
            "round": 1,
            "dealer": "Ana",
            "players": {
                "Ana": {"outcome": "stayed", "score": 22},
                "Ben": {"outcome": "frozen", "score": 8},
                "Cem": {"outcome": "stayed", "score": 12},
            },
        }
    ],
    "totals": {"Ana": 22, "Ben": 8, "Cem": 12},
    "finished": False,
    "winner": None,
}

EXAMPLE_VIOLATION: dict[str, Any] = {
    "event": 8,
    "line": 9,
    "code": "wrong_player",
    "rule": "turn.order",
    "message": "Cem cannot hit now: it is Ana's turn to hit or stay.",
}


class _Model(BaseModel):
    """A response model: fields the core or the store add later pass through (after the known ones),
    so the API never says less than the CLI; tests pin the known shape."""

    model_config = ConfigDict(extra="allow")


def _examples(*examples: dict[str, Any]) -> ConfigDict:
    return ConfigDict(extra="allow", json_schema_extra={"examples": list(examples)})


# --------------------------------------------------------------------------------------------
# The verdict (contract §2) and the table (flip7 state --json): the core's own models

EXAMPLE_TABLE: dict[str, Any] = {
    "game": "kitchen-2026-11-29",
    "ruleset": "flip7",
    "after_event": 7,
    "stopped_by": None,
    "round": 1,
    "rounds_finished": 0,
    "dealer": "Ana",
    "next_dealer": None,
    "players": [
        {"name": "Ana", "seat": 0, "status": "active", "numbers": [], "modifiers": ["x2"], "notes": [],
         "round_score": 0, "total": 0, "second_chance": False, "frozen_by": None},
        {"name": "Ben", "seat": 1, "status": "frozen", "numbers": ["8"], "modifiers": [], "notes": ["frozen by Cem's Freeze"],
         "round_score": 8, "total": 0, "second_chance": False, "frozen_by": "Cem"},
        {"name": "Cem", "seat": 2, "status": "active", "numbers": ["12"], "modifiers": [], "notes": [],
         "round_score": 12, "total": 0, "second_chance": False, "frozen_by": None},
    ],
    "waiting_for": {"kind": "turn", "player": "Ana", "card": None, "description": "it is Ana's turn to hit or stay"},
    "legal_moves": [{"type": "hit", "player": "Ana"}, {"type": "stay", "player": "Ana"}],
    "cards_owed": [],
    "pending": [],
    "draw_pile": {"0": 1, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 7, "9": 9, "10": 10, "11": 11,
                  "12": 11, "+2": 1, "+4": 1, "+6": 1, "+8": 1, "+10": 1, "freeze": 2, "flip_three": 3, "second_chance": 3},
    "draw_pile_size": 90,
    "discard_pile": {},
    "set_aside": [],
    "finished": False,
    "winner": None,
}
# what the table view says beside the rows and piles: each row's other cards and score steps, the
# mode, the cards' labels and what the event did
for _player, _steps in zip(EXAMPLE_TABLE["players"], (
    [{"kind": "numbers", "total": 0, "cards": [], "amount": 0}, {"kind": "double", "total": 0, "cards": ["x2"], "amount": 0}],
    [{"kind": "numbers", "total": 8, "cards": ["8"], "amount": 0}],
    [{"kind": "numbers", "total": 12, "cards": ["12"], "amount": 0}],
), strict=True):
    _player["score_steps"] = _steps
    _player["held"] = ["freeze"] if _player["status"] == "frozen" else []
EXAMPLE_TABLE.update(
    ruleset_mode=None, card_labels={"x2": "x2", "8": "8", "freeze": "Freeze", "12": "12"},
    effects=[{"effect": "placed", "player": "Cem", "card": "12"}],
)



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


class IngestOutcome(_Model):
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


class StoredEvent(_Model):
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


class GameEvents(_Model):
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


class Statistic(_Model):
    """One statistic: its name, title, what it shows, and its table (one object per row)."""

    model_config = _examples(EXAMPLE_STATISTIC)

    name: str
    title: str
    explanation: str
    columns: list[str]
    rows: list[dict[str, Any]]


class Statistics(_Model):
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


class QueryResult(_Model):
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


class Health(_Model):
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
    "ListedGame": [{**EXAMPLE_GAME, "ruleset": "flip7"}],
    "ListedGamePage": [{"games": [{**EXAMPLE_GAME, "ruleset": "flip7"}], "next_cursor": "kitchen-2026-11-29"}],
}

__all__ = [
    "EXAMPLES", "GamePage", "GameSummary", "ListedGame", "ListedGamePage", "Outcome", "PlayerRound", "RoundSummary", "TablePlayer", "TableView",
    "Verdict", "Violation", "WaitingFor",
]
