"""Upgrading a store written by an older flip7 to the current schema, in place and all at once.

``db.open_connection`` calls ``upgrade`` when it finds an older ``schema_version`` it knows how to
upgrade (a read-only open upgrades the file first through a short read-write connection). Each
step adds what its version added and derives the new rows from what the store already holds (the
logs themselves are stored, so nothing has to be ingested again). The whole upgrade is one
transaction: it is either done completely, ``meta.schema_version`` included, or not at all.

Version 1 → 2: the table ``wipes`` (what each Unlucky 7 threw out of a row), filled by replaying
the stored logs of every game whose ruleset is not the base game (no base-game card wipes a row).
Version 2 → 3: the column ``games.ruleset``, filled from each game's stored options, and the
tables ``live_tables`` and ``live_events`` (tables being played), empty.
Version 3 → 4: the tables ``analyses`` and ``decisions`` (``ingest --analyze``), empty: the games
already stored were not analysed (ingest them again with ``--analyze`` to add their decisions).
Version 4 → 5: two columns renamed to names that fit every ruleset (what ``Ruleset.busts_saved``
counts), their values kept: ``player_rounds.busts_saved`` and ``hits.saved`` (``RENAMED_COLUMNS``
names them as they were, the one place the old layout's names are spelled).
Version 5 → 6: the players and their ratings (``schema.PLAYER_TABLES``): every stored game's
seats linked to players and every game rated, as ingest would have (``players.refresh``).
Version 6 → 7: the columns ``decisions.win_loss`` and ``decisions.luck`` (``ingest --analyze
--win``), NULL for the decisions already stored (ingest the games again to fill them).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import duckdb
import pyarrow as pa

from adjudicator.errors import Flip7Error
from adjudicator.replay import replay_log, ruleset_label
from adjudicator.store.players import transaction
from adjudicator.store.players import update as update_players
from adjudicator.store.records import RecordCollector
from adjudicator.store.schema import ANALYSES, DECISIONS, LIVE_EVENTS, LIVE_TABLES, PLAYER_TABLES, SCHEMA_VERSION, WIPES

_WIPE_VIEW = "_flip7_upgrade_wipes"


def _wipes_from_logs(con: duckdb.DuckDBPyConnection) -> None:
    """Version 2: create ``wipes`` and fill it from the stored logs of the expansion's games."""
    con.execute(WIPES.ddl())
    games = con.execute(
        "SELECT l.game, l.content FROM logs l JOIN games g ON g.id = l.game "
        "WHERE coalesce(json_extract_string(g.options, '$.ruleset'), 'flip7') <> 'flip7' ORDER BY l.game"
    ).fetchall()
    columns: list[list[object]] = [[] for _ in WIPES.columns]
    for game_id, content in games:
        collector = RecordCollector()
        try:
            result = replay_log(bytes(content), observer=collector)
        except Flip7Error:  # it was stored, so it can be judged; should it not be, it has no wipes
            continue
        for wipe in collector.records(result.state).wipes:
            row = (game_id, wipe.event, wipe.round, wipe.player, list(wipe.cards), wipe.points)
            for column, value in zip(columns, row, strict=True):
                column.append(value)
    if not columns[0]:
        return
    arrow = pa.Table.from_arrays(
        [pa.array(values, type=c.arrow) for values, c in zip(columns, WIPES.columns, strict=True)],
        schema=WIPES.arrow_schema(),
    )
    con.register(_WIPE_VIEW, arrow)
    try:
        names = ", ".join(WIPES.column_names)
        con.execute(f"INSERT INTO {WIPES.name} ({names}) SELECT {names} FROM {_WIPE_VIEW}")
    finally:
        con.unregister(_WIPE_VIEW)


def _options(text: str) -> dict[str, Any] | None:
    """A stored game line's options (None if the text is not a JSON object)."""
    try:
        options = json.loads(text)
    except ValueError:
        return None
    return options if isinstance(options, dict) else None


def _version_3(con: duckdb.DuckDBPyConnection) -> None:
    """Version 3: add ``games.ruleset`` (``replay.ruleset_label``), filled from the options, and
    create the (empty) tables of live tables."""
    con.execute("ALTER TABLE games ADD COLUMN ruleset VARCHAR")
    # the label is the rulesets' to say (their options models' modes), so it is worked out here
    games = con.execute("SELECT id, options FROM games WHERE options IS NOT NULL").fetchall()
    labels = [(ruleset_label(_options(text)), game) for game, text in games]
    if labels:
        con.executemany("UPDATE games SET ruleset = ? WHERE id = ?", labels)
    for table in (LIVE_TABLES, LIVE_EVENTS):
        con.execute(table.ddl())


def _version_4(con: duckdb.DuckDBPyConnection) -> None:
    """Version 4: create the (empty) tables of the decision analysis."""
    for table in (ANALYSES, DECISIONS):
        con.execute(table.ddl())


#: Version 5's renamed columns: (table, name before, name now).
RENAMED_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("player_rounds", "second_chance_used", "busts_saved"),
    ("hits", "second_chance_saved", "saved"),
)


def _version_5(con: duckdb.DuckDBPyConnection) -> None:
    """Version 5: rename the columns of ``RENAMED_COLUMNS`` (their values stay)."""
    for table, before, now in RENAMED_COLUMNS:
        con.execute(f"ALTER TABLE {table} RENAME COLUMN {before} TO {now}")


def _version_6(con: duckdb.DuckDBPyConnection) -> None:
    """Version 6: create the players' tables, link every stored game's seats and rate the games."""
    have = {row[0] for row in con.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = 'main'").fetchall()}
    for table in PLAYER_TABLES:
        if table.name not in have:
            con.execute(table.ddl())
    update_players(con, recompute=True)


def _version_7(con: duckdb.DuckDBPyConnection) -> None:
    """Version 7: the decisions' win-chance columns, NULL for the decisions already stored (a store
    upgraded from before version 4 has them already: version 4 creates ``decisions`` as it is now)."""
    have = {row[0] for row in con.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = ?", [DECISIONS.name]).fetchall()}
    for column in DECISIONS.columns[-2:]:
        if column.name not in have:
            con.execute(f"ALTER TABLE {DECISIONS.name} ADD COLUMN {column.name} {column.sql}")


#: The step from each older version to the next one.
STEPS: dict[int, Callable[[duckdb.DuckDBPyConnection], None]] = {
    1: _wipes_from_logs, 2: _version_3, 3: _version_4, 4: _version_5, 5: _version_6, 6: _version_7,
}


def can_upgrade(version: str | None) -> bool:
    """True when a store of ``version`` can be upgraded to ``SCHEMA_VERSION``."""
    return version is not None and version.isdigit() and int(version) in STEPS


def upgrade(con: duckdb.DuckDBPyConnection, version: str) -> None:
    """Upgrade the store open read-write on ``con`` from ``version`` to ``SCHEMA_VERSION``, in one
    transaction (rolled back and raised again on any error)."""
    with transaction(con):
        for step in range(int(version), SCHEMA_VERSION):
            STEPS[step](con)
        con.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", [str(SCHEMA_VERSION)])
