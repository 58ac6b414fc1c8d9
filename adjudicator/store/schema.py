"""The store's tables, defined once: DDL for DuckDB and Arrow schemas for bulk loading come from here.

``docs/storage.md`` documents the same tables for people; ``tests/adjudicator/store`` checks that
every table and column below is named there.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pyarrow as pa

#: Version of the layout below. Stored in ``meta`` under ``schema_version``. A store of an older
#: version is upgraded when opened (``migrate.py``; version 2 added ``wipes``, 3 ``games.ruleset``, 4
#: ``analyses`` and ``decisions``, 5 gave two columns names that fit every ruleset:
#: ``player_rounds.busts_saved`` and ``hits.saved``, 6 the players and their ratings:
#: ``PLAYER_TABLES``, 7 ``decisions.win_loss`` and ``decisions.luck``: ``ingest --analyze --win``); one of
#: another version is refused (see ``db.open_connection``) rather than misread.
SCHEMA_VERSION = 7

#: Prefix of the id given to a log whose ``game`` line was bad (it has no id of its own).
UNNAMED_PREFIX = "unnamed-"


@dataclass(frozen=True, slots=True)
class Column:
    """One column: its name, DuckDB type, Arrow type (for bulk loads) and nullability."""

    name: str
    sql: str
    nullable: bool = True

    @property
    def arrow(self) -> pa.DataType:
        """The Arrow type of the column (``arrow_type`` of its DuckDB type)."""
        return arrow_type(self.sql)


@cache
def arrow_type(sql: str) -> pa.DataType:
    """The Arrow type bulk loads give a column of DuckDB type ``sql``. Arrow is imported here, when
    first asked, so that a process that only replays logs (``adjudicator.store.rows``) never loads it."""
    import pyarrow as pa

    return {
        "VARCHAR": pa.string(),
        "VARCHAR[]": pa.list_(pa.string()),
        "BOOLEAN": pa.bool_(),
        "INTEGER": pa.int32(),
        "BIGINT": pa.int64(),
        "DOUBLE": pa.float64(),
        "TIMESTAMP": pa.timestamp("us"),
        "BLOB": pa.binary(),
    }[sql]


@dataclass(frozen=True, slots=True)
class Table:
    """One table of the store: columns in order, and the key that identifies a row.

    A ``declared`` key is a ``PRIMARY KEY``. The keys of the per-game detail tables are unique by
    construction instead (a game's rows are always written, and deleted, together in one
    transaction) and not declared: their indexes made bulk writes about a fifth slower and the
    file 2.7 times as big (docs/performance.md).
    """

    name: str
    columns: tuple[Column, ...]
    key: tuple[str, ...]
    declared: bool = False

    @property
    def column_names(self) -> list[str]:
        """The column names in table order."""
        return [c.name for c in self.columns]

    def ddl(self, *, declare_key: bool | None = None) -> str:
        """The ``CREATE TABLE`` statement of this table; ``declare_key`` overrides ``declared``
        (the bench uses it to measure what declaring every key costs)."""
        cols = [f"{c.name} {c.sql}{'' if c.nullable else ' NOT NULL'}" for c in self.columns]
        if self.declared if declare_key is None else declare_key:
            cols.append(f"PRIMARY KEY ({', '.join(self.key)})")
        return f"CREATE TABLE {self.name} (\n    " + ",\n    ".join(cols) + "\n)"

    def arrow_schema(self) -> pa.Schema:
        """The Arrow schema a batch for this table is built with."""
        import pyarrow as pa

        return pa.schema([pa.field(c.name, c.arrow, nullable=c.nullable) for c in self.columns])



def _c(name: str, sql: str, nullable: bool = True) -> Column:
    return Column(name, sql, nullable)


META = Table(
    "meta",
    (_c("key", "VARCHAR", False), _c("value", "VARCHAR", False)),
    ("key",),
    declared=True,
)

GAMES = Table(
    "games",
    (
        _c("id", "VARCHAR", False),
        _c("named", "BOOLEAN", False),
        _c("source", "VARCHAR"),
        _c("content_hash", "VARCHAR", False),
        _c("ingested_at", "TIMESTAMP", False),
        _c("options", "VARCHAR"),
        _c("players", "VARCHAR[]", False),
        _c("first_dealer", "VARCHAR"),
        _c("valid", "BOOLEAN", False),
        _c("complete", "BOOLEAN", False),
        _c("finished", "BOOLEAN", False),
        _c("winner", "VARCHAR"),
        _c("n_events", "INTEGER", False),
        _c("n_rounds", "INTEGER", False),
        _c("n_violations", "INTEGER", False),
        _c("verdict", "VARCHAR", False),
        _c("ruleset", "VARCHAR"),  # version 3: replay.ruleset_label(options); NULL when the game line was bad
    ),
    ("id",),
    declared=True,
)

LOGS = Table("logs", (_c("game", "VARCHAR", False), _c("content", "BLOB", False)), ("game",), declared=True)

GAME_PLAYERS = Table(
    "game_players",
    (
        _c("game", "VARCHAR", False),
        _c("player", "VARCHAR", False),
        _c("seat", "INTEGER", False),
        _c("deal_order", "INTEGER", False),
        _c("total", "BIGINT", False),
        _c("won", "BOOLEAN", False),
    ),
    ("game", "player"),
)

EVENTS = Table(
    "events",
    (
        _c("game", "VARCHAR", False),
        _c("idx", "INTEGER", False),
        _c("line", "INTEGER", False),
        _c("round", "INTEGER", False),
        _c("type", "VARCHAR"),
        _c("player", "VARCHAR"),
        _c("card", "VARCHAR"),
        _c("target", "VARCHAR"),
        _c("raw", "VARCHAR", False),
    ),
    ("game", "idx"),
)

ROUNDS = Table(
    "rounds",
    (
        _c("game", "VARCHAR", False),
        _c("round", "INTEGER", False),
        _c("dealer", "VARCHAR", False),
        _c("ended_by", "VARCHAR", False),
        _c("flip7_player", "VARCHAR"),
    ),
    ("game", "round"),
)

PLAYER_ROUNDS = Table(
    "player_rounds",
    (
        _c("game", "VARCHAR", False),
        _c("round", "INTEGER", False),
        _c("player", "VARCHAR", False),
        _c("seat", "INTEGER", False),
        _c("outcome", "VARCHAR", False),
        _c("score", "BIGINT", False),
        _c("numbers", "VARCHAR[]", False),
        _c("modifiers", "VARCHAR[]", False),
        _c("cards_drawn", "INTEGER", False),
        _c("flip7", "BOOLEAN", False),
        _c("bust_card", "VARCHAR"),
        _c("busts_saved", "INTEGER", False),  # version 5: renamed (migrate.py)
    ),
    ("game", "round", "player"),
)

HITS = Table(
    "hits",
    (
        _c("game", "VARCHAR", False),
        _c("event", "INTEGER", False),
        _c("round", "INTEGER", False),
        _c("player", "VARCHAR", False),
        _c("distinct_numbers", "INTEGER", False),
        _c("bust_probability", "DOUBLE", False),
        _c("busted", "BOOLEAN", False),
        _c("saved", "BOOLEAN", False),  # version 5: renamed (migrate.py)
    ),
    ("game", "event"),
)

TARGETS = Table(
    "targets",
    (
        _c("game", "VARCHAR", False),
        _c("event", "INTEGER", False),
        _c("round", "INTEGER", False),
        _c("player", "VARCHAR", False),
        _c("card", "VARCHAR", False),
        _c("target", "VARCHAR", False),
        _c("at_self", "BOOLEAN", False),
        _c("at_leader", "BOOLEAN", False),
        _c("at_most_cards", "BOOLEAN", False),
    ),
    ("game", "event"),
)

WIPES = Table(
    "wipes",
    (
        _c("game", "VARCHAR", False),
        _c("event", "INTEGER", False),
        _c("round", "INTEGER", False),
        _c("player", "VARCHAR", False),
        _c("cards", "VARCHAR[]", False),
        _c("points", "BIGINT", False),
    ),
    ("game", "event", "player"),
)

VIOLATIONS = Table(
    "violations",
    (
        _c("game", "VARCHAR", False),
        _c("idx", "INTEGER", False),
        _c("event", "INTEGER", False),
        _c("line", "INTEGER", False),
        _c("code", "VARCHAR", False),
        _c("rule", "VARCHAR", False),
        _c("message", "VARCHAR", False),
    ),
    ("game", "idx"),
)

#: Version 4: whether ``ingest --analyze`` valued the game's decisions (one row per game so valued,
#: also when its ruleset has no decision model: ``status`` says which), and how.
ANALYSES = Table(
    "analyses",
    (
        _c("game", "VARCHAR", False),
        _c("status", "VARCHAR", False),  # 'analysed', or 'no-model': the ruleset has no decision model
        _c("ruleset", "VARCHAR"),  # the ruleset's name (rules.name)
        _c("budget", "INTEGER", False),  # states one decision could use (adjudicator.analysis.evaluate)
        _c("decisions", "INTEGER", False),
        _c("complete", "BOOLEAN", False),  # False: a fatal violation stopped the replay, decisions up to it
        _c("stopped_by", "VARCHAR"),  # that violation as JSON
        _c("message", "VARCHAR"),
    ),
    ("game",),
)

#: Version 4: every decision ``ingest --analyze`` valued (``flip7-analysis/1``'s ``decisions``).
DECISIONS = Table(
    "decisions",
    (
        _c("game", "VARCHAR", False),
        _c("event", "INTEGER", False),
        _c("round", "INTEGER", False),
        _c("player", "VARCHAR", False),
        _c("kind", "VARCHAR", False),  # 'turn' (hit or stay) or 'target' (who gets a card)
        _c("card", "VARCHAR"),  # for a target: the card given
        _c("bust_chance", "DOUBLE"),  # for a turn
        _c("hit", "DOUBLE"),  # for a turn: the round value of hitting (NULL when not open)
        _c("stay", "DOUBLE"),  # for a turn: the round value of staying (NULL when not open)
        _c("options", "VARCHAR", False),  # every option's value as a JSON object (targets: by recipient)
        _c("choice", "VARCHAR", False),
        _c("best", "VARCHAR", False),
        _c("loss", "DOUBLE", False),
        _c("mark", "VARCHAR"),  # inaccuracy, mistake, blunder or NULL
        _c("method", "VARCHAR", False),  # exact, look-ahead, monte-carlo or estimate
        _c("horizon", "INTEGER"),
        _c("intervals", "VARCHAR"),  # Monte Carlo: each option's 95% interval as a JSON object
        _c("samples", "INTEGER"),  # Monte Carlo: playouts per option
        # version 7, ``ingest --analyze --win`` (NULL otherwise): the win chance (0 to 1) the choice gave away
        _c("win_loss", "DOUBLE"),
        # version 7: the player's luck (win chance, 0 to 1) from this decision to their next (a game's: the sum)
        _c("luck", "DOUBLE"),
    ),
    ("game", "event"),
)

#: The tables that hold one game's data, ``games`` first; every other one has a ``game`` column.
GAME_TABLES: tuple[Table, ...] = (
    GAMES,
    LOGS,
    GAME_PLAYERS,
    EVENTS,
    ROUNDS,
    PLAYER_ROUNDS,
    HITS,
    TARGETS,
    WIPES,
    VIOLATIONS,
    ANALYSES,
    DECISIONS,
)

#: Live tables (``adjudicator.live``): one row per table, and every event it kept, in order.
LIVE_TABLES = Table(
    "live_tables",
    (_c("id", "VARCHAR", False), _c("key_hash", "VARCHAR", False), _c("created_at", "TIMESTAMP", False),
     _c("touched_at", "TIMESTAMP", False), _c("seq", "BIGINT", False), _c("game", "VARCHAR")),
    ("id",), declared=True,
)
LIVE_EVENTS = Table(
    "live_events",
    (_c("live_table", "VARCHAR", False), _c("idx", "INTEGER", False), _c("raw", "VARCHAR", False), _c("seq", "BIGINT", False), _c("kept_at", "TIMESTAMP", False)),
    ("live_table", "idx"), declared=True,
)

#: Version 6 (``adjudicator.store.players``): a player, apart from the names logs give them. A
#: player merged into another has ``merged_into`` set (undone by clearing it: nothing else changes).
PLAYERS = Table(
    "players",
    (_c("id", "INTEGER", False), _c("name", "VARCHAR", False), _c("created_at", "TIMESTAMP", False), _c("merged_into", "INTEGER")),
    ("id",), declared=True,
)
#: Version 6: each stored game's seat linked to the player first found for its name (merges are
#: followed when read); ``content_hash`` tells a replaced game's links from its new log's.
PLAYER_SEATS = Table(
    "player_seats",
    (_c("game", "VARCHAR", False), _c("seat", "INTEGER", False), _c("name", "VARCHAR", False),
     _c("player", "INTEGER", False), _c("content_hash", "VARCHAR", False)),
    ("game", "seat"),
)
#: Version 6: ``ingest --aliases``: a name a platform writes into its logs (an id) → the display name.
PLAYER_ALIASES = Table("player_aliases", (_c("alias", "VARCHAR", False), _c("name", "VARCHAR", False)), ("alias",), declared=True)
#: Version 6: every rated game's change to each seated player's rating, per scope (``all``, or a
#: ruleset's name), in game order (``seq``).
RATING_CHANGES = Table(
    "rating_changes",
    (
        _c("scope", "VARCHAR", False), _c("seq", "INTEGER", False), _c("game", "VARCHAR", False),
        _c("content_hash", "VARCHAR", False), _c("player", "INTEGER", False), _c("place", "INTEGER", False),
        _c("mu_before", "DOUBLE", False), _c("sigma_before", "DOUBLE", False),
        _c("mu_after", "DOUBLE", False), _c("sigma_after", "DOUBLE", False),
    ),
    ("scope", "game", "player"),
)
#: Version 6: each player's current rating per scope (the last of their ``rating_changes``).
RATINGS = Table(
    "ratings",
    (
        _c("scope", "VARCHAR", False), _c("player", "INTEGER", False), _c("mu", "DOUBLE", False), _c("sigma", "DOUBLE", False),
        _c("games", "INTEGER", False), _c("wins", "INTEGER", False), _c("last_game", "VARCHAR", False),
    ),
    ("scope", "player"),
)
#: The tables of version 6, in creation order.
PLAYER_TABLES: tuple[Table, ...] = (PLAYERS, PLAYER_SEATS, PLAYER_ALIASES, RATING_CHANGES, RATINGS)

#: Every table of the store, in creation order.
ALL_TABLES: tuple[Table, ...] = (META, *GAME_TABLES, LIVE_TABLES, LIVE_EVENTS, *PLAYER_TABLES)

#: Tables a game's rows are spread over, with the column naming the game.
GAME_KEY_COLUMN = {t.name: ("id" if t is GAMES else "game") for t in GAME_TABLES}


def create_statements() -> list[str]:
    """The statements that create an empty store (tables only; ``meta`` rows are added by ``db``)."""
    return [t.ddl() for t in ALL_TABLES]
