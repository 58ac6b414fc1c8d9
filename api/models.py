"""Request and response models of the API (they are also its OpenAPI schemas).

The verdict models follow the contract (shared/spec/flip7-log-v1.md §2) field for field and in its
order, so a verdict serialises to exactly the JSON of ``flip7 check --json``. The table models
follow ``table_view`` (``flip7 state --json``). The values themselves always come from the core or
the store: these models only describe and validate them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_serializer

from adjudicator.store.service import utc_text

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
# The verdict (contract §2)


class Violation(_Model):
    """One broken rule: where it is (event from 0, line from 1), its code, the rule id, and why."""

    model_config = _examples(EXAMPLE_VIOLATION)

    event: int = Field(description="The event's index: the `game` line is event 0; comments and blank lines are not events.")
    line: int = Field(description="1-based line of the log (for a JSON array body: the item's position + 1).")
    code: str = Field(description="The contract's violation code, e.g. `out_of_order`, `card_unavailable`.")
    rule: str = Field(description="The project's id of the broken rule (see docs/rules.md).")
    message: str = Field(description="What happened and why it is not allowed, in plain words.")


Outcome = Literal["stayed", "frozen", "busted", "flip7", "in", "playing"]


class PlayerRound(_Model):
    """How a player's round ended and what it scored."""

    outcome: Outcome
    score: int


class RoundSummary(_Model):
    """A round that began: its number, dealer, and every player's outcome and score (seat order)."""

    round: int
    dealer: str
    players: dict[str, PlayerRound]


class Verdict(_Model):
    """The verdict of the contract (`flip7-verdict/1`), exactly as `flip7 check --json` prints it."""

    model_config = _examples(EXAMPLE_VERDICT)

    format: Literal["flip7-verdict/1"]
    game: str | None = Field(description="The game's id (null when the `game` event itself is bad).")
    valid: bool = Field(description="True exactly when `violations` is empty.")
    events: int = Field(description="Every event line of the log, also those after a fatal violation.")
    violations: list[Violation]
    rounds: list[RoundSummary] = Field(description="Every round that began, the last one possibly unfinished.")
    totals: dict[str, int] = Field(description="Scores of finished rounds added up, per player.")
    finished: bool
    winner: str | None


# --------------------------------------------------------------------------------------------
# The table (flip7 state --json)


class TablePlayer(_Model):
    """One seat at the table."""

    name: str
    seat: int
    status: str | None = Field(description="`active`, `stayed`, `frozen`, `busted` or `flip7` during a round; null between rounds.")
    numbers: list[str]
    modifiers: list[str]
    second_chance: bool
    frozen_by: list[str]
    round_score: int | None = Field(description="What the row would score now (null between rounds).")
    total: int


class WaitingFor(_Model):
    """What the game waits for next."""

    kind: str = Field(description="`game`, `round`, `over`, `deal`, `turn`, `draw` or `target`.")
    player: str | None
    card: str | None
    description: str


EXAMPLE_TABLE: dict[str, Any] = {
    "game": "kitchen-2026-11-29",
    "after_event": 7,
    "stopped_by": None,
    "round": 1,
    "rounds_finished": 0,
    "dealer": "Ana",
    "players": [
        {"name": "Ana", "seat": 0, "status": "active", "numbers": [], "modifiers": ["x2"], "second_chance": False,
         "frozen_by": [], "round_score": 0, "total": 0},
        {"name": "Ben", "seat": 1, "status": "frozen", "numbers": ["8"], "modifiers": [], "second_chance": False,
         "frozen_by": ["freeze"], "round_score": 8, "total": 0},
        {"name": "Cem", "seat": 2, "status": "active", "numbers": ["12"], "modifiers": [], "second_chance": False,
         "frozen_by": [], "round_score": 12, "total": 0},
    ],
    "waiting_for": {"kind": "turn", "player": "Ana", "card": None, "description": "it is Ana's turn to hit or stay"},
    "legal_moves": [{"type": "hit", "player": "Ana"}, {"type": "stay", "player": "Ana"}],
    "draw_pile": {"0": 1, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 7, "9": 9, "10": 10, "11": 11,
                  "12": 11, "+2": 1, "+4": 1, "+6": 1, "+8": 1, "+10": 1, "freeze": 2, "flip_three": 3, "second_chance": 3},
    "draw_pile_size": 90,
    "discard_pile": {},
    "set_aside": [],
    "finished": False,
    "winner": None,
}


class Table(_Model):
    """The table after event N, as `flip7 state --json` prints it.

    When the `game` event itself could not be applied only `game` (null), `after_event`,
    `stopped_by` and `players` (empty) are present.
    """

    model_config = _examples(EXAMPLE_TABLE)

    game: str | None
    after_event: int = Field(description="The last event applied (-1: none).")
    stopped_by: Violation | None = Field(description="The fatal violation that stopped the replay at or before event N.")
    round: int | None = None
    rounds_finished: int | None = None
    dealer: str | None = None
    players: list[TablePlayer]
    waiting_for: WaitingFor | None = None
    legal_moves: list[dict[str, Any]] | None = Field(
        default=None, description="Every legal next event but card reveals (hit/stay, targets, the next round, a shuffle)."
    )
    draw_pile: dict[str, int] | None = None
    draw_pile_size: int | None = None
    discard_pile: dict[str, int] | None = None
    set_aside: list[str] | None = None
    finished: bool | None = None
    winner: str | None = None


# --------------------------------------------------------------------------------------------
# Stored games


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


class GameSummary(_Model):
    """A stored game (its row in the store's `games` table, without options and verdict)."""

    model_config = _examples(EXAMPLE_GAME)

    id: str
    named: bool = Field(description="False when the `game` line was bad and the id is `unnamed-<hash>`.")
    source: str | None = Field(description="Where the log came from (for uploads: the `source` given, or `api`).")
    content_hash: str = Field(description="SHA-256 of the stored log bytes.")
    ingested_at: datetime
    players: list[str]
    first_dealer: str | None
    valid: bool
    complete: bool = Field(description="Valid but for wrong claims: the store's statistics count these games.")
    finished: bool
    winner: str | None
    n_events: int
    n_rounds: int
    n_violations: int

    @field_serializer("ingested_at")
    def _ingested_at(self, moment: datetime) -> str:
        return utc_text(moment)  # as `flip7 games --json` prints it


class GamePage(_Model):
    """One page of stored games, ordered by id."""

    model_config = _examples({"games": [EXAMPLE_GAME], "next_cursor": "kitchen-2026-11-29"})

    games: list[GameSummary]
    next_cursor: str | None = Field(description="Pass as `cursor` to get the next page; null on the last page.")


class IngestOutcome(_Model):
    """What `POST /v1/games` did with the log, and its verdict."""

    model_config = _examples({"outcome": "ingested", "id": "kitchen-2026-11-29", "verdict": EXAMPLE_VERDICT})

    outcome: Literal["ingested", "unchanged", "replaced"]
    id: str = Field(description="The stored game's id.")
    verdict: Verdict


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
            "max_rows": 100,
            "timeout": 10.0,
        }
    )

    columns: list[str]
    types: list[str]
    rows: list[list[Any]]
    truncated: bool = Field(description="True when more rows existed than `max_rows`.")
    max_rows: int = Field(description="The row limit that applied.")
    timeout: float = Field(description="The time limit that applied, seconds.")


# --------------------------------------------------------------------------------------------
# Misc


class Health(_Model):
    """The server is up."""

    model_config = _examples({"status": "ok", "version": "0.1.0"})

    status: Literal["ok"]
    version: str


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
