"""Players apart from the names in logs, and their ratings, kept in the store (schema version 6).

A **player** (``players``) is an identity with a display name. Each stored game's seats are linked
to players (``player_seats``): a seat's name goes to the player an alias file names for it, else to
the player a seat of that name was linked to before, else to the player of that display name, else
to a new player of that name. Names are compared exactly: "Ana" and "ana " are two players until
someone merges them (``suggestions`` names such pairs; nothing is merged silently).

**Merging** A into B only sets ``A.merged_into = B``; reading follows it. So a merge is undone by
clearing it (``unmerge``), a rename by renaming back, and no game, log or verdict is ever touched.

**Ratings** (``adjudicator.ratings``) are kept per scope (``all``, and each ruleset's name) as
``rating_changes`` (every rated game's change to each player) and ``ratings`` (the current ones).
``refresh`` links new games and rates them in game order (ingest time, then id); when that order
no longer extends the one rated (a game deleted, replaced or stored out of order) or players were
merged, everything is rated again from scratch, which gives the numbers rating game by game gives.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import duckdb
import pyarrow as pa

from adjudicator.ratings import SIGMAS_BELOW, Change, Rating, RatingBook, places
from adjudicator.store.errors import StoreError
from adjudicator.store.schema import PLAYER_SEATS, PLAYERS, RATING_CHANGES, RATINGS, Table

#: The scope of the ratings over every game (the others are ruleset names).
OVERALL = "all"

#: Which stored games are rated: finished, judged to the end, two players or more.
RATEABLE = "g.complete AND g.finished AND len(g.players) >= 2"

#: Each player's root (the player it is merged into, followed to the end), as a CTE ``root(id, r)``.
ROOT_CTE = (
    "root(id, r) AS (SELECT id, id FROM players WHERE merged_into IS NULL "
    "UNION ALL SELECT p.id, root.r FROM players p JOIN root ON p.merged_into = root.id)"
)


#: Players a rating history shows when none is named (the best of the leaderboard), and the
#: points a player's history is thinned to.
HISTORY_TOP = 5
HISTORY_POINTS = 400
#: The ``decisions`` columns of a decision valued in win chance, when the store has them: the win
#: chance the choice gave away (0 to 1), and the luck of the cards that followed, per decision
#: (a game's luck is their sum); ``ingest --analyze --win`` writes them (schema version 7). Where
#: none of a player's decisions has them a profile says so (``skill``).
WIN_LOSS = "win_loss"
LUCK = "luck"


class PlayerError(StoreError):
    """A request about players that cannot be done as asked (nothing was changed)."""


class UnknownPlayer(PlayerError):
    """No player has this name (or id)."""


class PlayerConflict(PlayerError):
    """The change would break an identity: a name taken, a merge into itself or a tablemate."""


class AliasFileError(PlayerError):
    """An alias file that cannot be used: not JSON, duplicates, empty names, ids no log uses."""


def folded(name: str) -> str:
    """A name with case and spacing ignored: the key under which merges are suggested."""
    return " ".join(name.split()).casefold()


def parse_aliases(text: str, where: str = "the alias file") -> dict[str, str]:
    """An alias file: one JSON object mapping the ids a platform writes into its logs to display
    names. Raises ``AliasFileError`` for anything else, an id given twice, or an empty name."""
    duplicates: set[str] = set()

    def pairs_hook(items: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [key for key, _ in items]
        duplicates.update(key for key in keys if keys.count(key) > 1)
        return dict(items)

    try:
        whole = json.loads(text, object_pairs_hook=pairs_hook)
    except ValueError as exc:
        raise AliasFileError(f"{where} is not JSON: {exc}") from None
    if not isinstance(whole, dict):
        raise AliasFileError(f"{where} must be one JSON object mapping ids to display names, e.g. {{\"pid:17\": \"Ana\"}}")
    if duplicates:
        raise AliasFileError(f"{where} gives an id more than once: {', '.join(map(repr, sorted(duplicates)))}")
    bad = [key for key, value in whole.items() if not isinstance(value, str) or not value.strip() or not key.strip()]
    if bad:
        raise AliasFileError(f"{where}: every id and display name must be non-empty text ({', '.join(map(repr, bad))})")
    return dict(whole)


def _maybe(rows: list[Any]) -> Any:
    """The first row of a query's rows, or None. (Rows are fetched whole: DuckDB keeps a result
    unfinished until a fetch finds no more, and refuses other work on the cursor meanwhile.)"""
    return rows[0] if rows else None


def _first(rows: list[Any]) -> Any:
    """The first row of a query that always returns one (an aggregate)."""
    assert rows, "an aggregate returns a row"
    return rows[0]


# ------------------------------------------------------------------------------------------ writing


def _insert(con: duckdb.DuckDBPyConnection, table: Table, rows: list[tuple[Any, ...]]) -> None:
    """Bulk-insert ``rows`` through a registered Arrow table (as ingest writes)."""
    if not rows:
        return
    columns = list(zip(*rows, strict=True))
    arrow = pa.Table.from_arrays(
        [pa.array(list(values), type=c.arrow) for values, c in zip(columns, table.columns, strict=True)], schema=table.arrow_schema()
    )
    view = f"_flip7_players_{table.name}"
    con.register(view, arrow)
    try:
        names = ", ".join(table.column_names)
        con.execute(f"INSERT INTO {table.name} ({names}) SELECT {names} FROM {view}")
    finally:
        con.unregister(view)


def set_aliases(con: duckdb.DuckDBPyConnection, aliases: Mapping[str, str]) -> None:
    """Store ``aliases`` (id → display name) for linking games from now on (inside the caller's transaction)."""
    for alias, name in aliases.items():
        con.execute("DELETE FROM player_aliases WHERE alias = ?", [alias])
        con.execute("INSERT INTO player_aliases VALUES (?, ?)", [alias, name])


def link_seats(con: duckdb.DuckDBPyConnection) -> int:
    """Link every stored game's seats to players (creating players for new names, stamped with the
    ingest time of the game that first seats them), dropping the links of games deleted or
    replaced. Returns how many games were linked."""
    con.execute(
        "DELETE FROM player_seats s WHERE NOT EXISTS "
        "(SELECT 1 FROM games g WHERE g.id = s.game AND g.content_hash = s.content_hash)"
    )
    games = con.execute(
        "SELECT id, content_hash, players, ingested_at FROM games g WHERE len(players) > 0 "
        "AND NOT EXISTS (SELECT 1 FROM player_seats s WHERE s.game = g.id) ORDER BY ingested_at, id"
    ).fetchall()
    if not games:
        return 0
    aliases = dict(con.execute("SELECT alias, name FROM player_aliases").fetchall())
    by_seat_name = dict(con.execute("SELECT name, min(player) FROM player_seats GROUP BY name").fetchall())
    by_display = dict(con.execute("SELECT name, id FROM players").fetchall())
    next_id = int(_first(con.execute("SELECT coalesce(max(id), 0) FROM players").fetchall())[0]) + 1
    new_players: list[tuple[Any, ...]] = []
    rows: list[tuple[Any, ...]] = []

    def player_of(name: str, now: datetime) -> int:
        nonlocal next_id
        if name in aliases:
            display = aliases[name]
            found = by_display.get(display)
        else:
            display = name
            found = by_seat_name.get(name, by_display.get(name))
        if found is None:
            found, next_id = next_id, next_id + 1
            by_display[display] = found
            new_players.append((found, display, now, None))
        by_seat_name.setdefault(name, found)
        return int(found)

    for game, digest, seated, ingested_at in games:
        for seat, name in enumerate(seated):
            rows.append((game, seat, name, player_of(name, ingested_at), digest))
    _insert(con, PLAYERS, new_players)  # through Arrow: a platform seats new players at every game
    _insert(con, PLAYER_SEATS, rows)
    return len(games)


@dataclass(slots=True)
class _Game:
    seq: int
    game: str
    content_hash: str
    scope: str | None
    players: list[int]
    places: list[int]


def _rateable(con: duckdb.DuckDBPyConnection, *, after: int = 0, since: datetime | None = None,
              ruleset: str | None = None) -> list[_Game]:
    """The rated games in game order (``seq`` counts from 1), from ``seq > after``; with ``since``
    (and ``ruleset``) only those games, for a leaderboard of a period."""
    rows = con.execute(
        f"""WITH RECURSIVE {ROOT_CTE},
        ordered AS (
            SELECT g.id, g.content_hash, split_part(g.ruleset, ' ', 1) AS scope, g.ingested_at,
                   row_number() OVER (ORDER BY g.ingested_at, g.id) AS seq
            FROM games g WHERE {RATEABLE} AND EXISTS (SELECT 1 FROM player_seats s WHERE s.game = g.id)
        )
        SELECT o.seq, o.id, o.content_hash, o.scope,
               list(root.r ORDER BY gp.seat), list(gp.total ORDER BY gp.seat), list(gp.won ORDER BY gp.seat)
        FROM ordered o
        JOIN game_players gp ON gp.game = o.id
        JOIN player_seats s ON s.game = o.id AND s.seat = gp.seat
        JOIN root ON root.id = s.player
        WHERE o.seq > $after AND ($since IS NULL OR o.ingested_at >= $since)
          AND ($ruleset IS NULL OR o.scope = $ruleset)
        GROUP BY ALL ORDER BY o.seq""",
        {"after": after, "since": since, "ruleset": ruleset},
    ).fetchall()
    out: list[_Game] = []
    for seq, game, digest, scope, players, totals, won in rows:
        if len(set(players)) != len(players):
            continue  # one player at two seats (a log naming a player twice): not rateable
        winner = next((i for i, w in enumerate(won) if w), None)
        out.append(_Game(int(seq), game, digest, scope, list(players), places(list(totals), winner)))
    return out


def rate_games(games: list[_Game], books: dict[str, RatingBook]) -> list[tuple[str, _Game, list[Change]]]:
    """Rate ``games`` in order into ``books`` (by scope: ``OVERALL`` and each game's ruleset)."""
    out: list[tuple[str, _Game, list[Change]]] = []
    for g in games:
        for scope in (OVERALL, g.scope) if g.scope else (OVERALL,):
            book = books.setdefault(scope, RatingBook())
            out.append((scope, g, book.rate(g.players, g.places)))
    return out


def _load_books(con: duckdb.DuckDBPyConnection) -> dict[str, RatingBook]:
    books: dict[str, RatingBook] = {}
    for scope, player, mu, sigma, games, wins in con.execute("SELECT scope, player, mu, sigma, games, wins FROM ratings").fetchall():
        books.setdefault(scope, RatingBook()).ratings[player] = Rating(mu, sigma, games, wins)
    return books


@contextmanager
def transaction(con: duckdb.DuckDBPyConnection) -> Iterator[None]:
    """One transaction: committed when the block ends, rolled back (and the error raised) if it fails."""
    con.execute("BEGIN TRANSACTION")
    try:
        yield
        con.execute("COMMIT")
    except BaseException:
        try:
            con.execute("ROLLBACK")
        except duckdb.Error:
            pass
        raise


def refresh(con: duckdb.DuckDBPyConnection, *, recompute: bool = False) -> int:
    """Link new games' seats and bring the ratings up to date, in one transaction. Rates only the
    games after those already rated when the order allows it, else (or with ``recompute``) every
    game again. Returns how many games were rated."""
    with transaction(con):
        return update(con, recompute=recompute)


def update(con: duckdb.DuckDBPyConnection, *, recompute: bool = False) -> int:
    """``refresh`` inside the caller's transaction (a schema upgrade's, a merge's)."""
    link_seats(con)
    stored, last_seq = _first(con.execute("SELECT count(DISTINCT seq), coalesce(max(seq), 0) FROM rating_changes WHERE scope = ?", [OVERALL]).fetchall())
    if stored and not recompute:
        kept = con.execute(
            f"""WITH ordered AS (SELECT g.id, g.content_hash, row_number() OVER (ORDER BY g.ingested_at, g.id) AS seq
                FROM games g WHERE {RATEABLE} AND EXISTS (SELECT 1 FROM player_seats s WHERE s.game = g.id))
            SELECT count(DISTINCT r.seq) FROM rating_changes r JOIN ordered o
            ON o.seq = r.seq AND o.id = r.game AND o.content_hash = r.content_hash WHERE r.scope = ?""",
            [OVERALL],
        ).fetchall()
        recompute = _first(kept)[0] != stored
    if recompute or not stored:
        con.execute("DELETE FROM rating_changes")
        books: dict[str, RatingBook] = {}
        games = _rateable(con)
    else:
        books = _load_books(con)
        games = _rateable(con, after=last_seq)
    rated = rate_games(games, books)
    _insert(con, RATING_CHANGES, [
        (scope, g.seq, g.game, g.content_hash, c.player, c.place, c.before.mu, c.before.sigma, c.after.mu, c.after.sigma)
        for scope, g, changes in rated for c in changes
    ])
    if rated or recompute:
        last: dict[tuple[str, Hashable], str] = {(scope, c.player): g.game for scope, g, changes in rated for c in changes}
        if not recompute:
            last.update({(s, p): game for s, p, game in con.execute("SELECT scope, player, last_game FROM ratings").fetchall()
                         if (s, p) not in last})
        con.execute("DELETE FROM ratings")
        _insert(con, RATINGS, [
            (scope, player, r.mu, r.sigma, r.games, r.wins, last[(scope, player)])
            for scope, book in books.items() for player, r in book.ratings.items()
        ])
    return len(games)


# ------------------------------------------------------------------------------------------ the book


@dataclass(frozen=True, slots=True)
class Player:
    """A player as listed: id, display name, games, wins, when they last played (UTC ingest time)."""

    id: int
    name: str
    games: int
    wins: int
    last_played: datetime | None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready (``last_played`` as ISO 8601 with ``Z``)."""
        return {"id": self.id, "name": self.name, "games": self.games, "wins": self.wins,
                "last_played": None if self.last_played is None else self.last_played.isoformat() + "Z"}


Cursor = Callable[[], AbstractContextManager[duckdb.DuckDBPyConnection]]


class PlayerBook:
    """The players of one store: listing, profiles, renames, merges, ratings. Made by
    ``Store.players()`` from its reading and writing cursors."""

    def __init__(self, cursor: Cursor, writer: Cursor) -> None:
        """Read through ``cursor()``, write through ``writer()`` (both context managers)."""
        self._cursor = cursor
        self._writer = writer

    # -------------------------------------------------------------- finding

    def _find(self, con: duckdb.DuckDBPyConnection, ref: str, *, merged: bool = False) -> tuple[int, str, int | None]:
        """The player ``ref`` names: a display name, ``#ID``, or a name a log gave them. Raises
        ``UnknownPlayer`` (with the names it resembles)."""
        row = _maybe(con.execute("SELECT id, name, merged_into FROM players WHERE name = ?", [ref]).fetchall())
        if row is None and ref.startswith("#") and ref[1:].isdigit() and int(ref[1:]) < 2**31:
            row = _maybe(con.execute("SELECT id, name, merged_into FROM players WHERE id = ?", [int(ref[1:])]).fetchall())
        if row is None:
            row = _maybe(con.execute(
                f"WITH RECURSIVE {ROOT_CTE} SELECT p.id, p.name, p.merged_into FROM player_seats s JOIN root ON root.id = s.player "
                "JOIN players p ON p.id = (CASE WHEN $merged THEN s.player ELSE root.r END) WHERE s.name = $ref LIMIT 1",
                {"ref": ref, "merged": merged},
            ).fetchall())
        if row is None:
            names = [n for (n,) in con.execute("SELECT name FROM players ORDER BY name").fetchall()]
            near = [n for n in names if folded(n) == folded(ref)][:3]
            hint = f"; did you mean {' or '.join(map(repr, near))}?" if near else " (flip7 players lists them)"
            raise UnknownPlayer(f"no player is called {ref!r}{hint}")
        return int(row[0]), row[1], row[2]

    def _active(self, con: duckdb.DuckDBPyConnection, ref: str) -> tuple[int, str]:
        pid, name, merged_into = self._find(con, ref)
        if merged_into is not None:
            root = self._root(con, pid)
            raise PlayerConflict(f"{name!r} is merged into {root[1]!r} (flip7 players unmerge {name!r} undoes that)")
        return pid, name

    def _root(self, con: duckdb.DuckDBPyConnection, pid: int) -> tuple[int, str]:
        row = _first(con.execute(f"WITH RECURSIVE {ROOT_CTE} SELECT p.id, p.name FROM root JOIN players p ON p.id = root.r WHERE root.id = ?", [pid]).fetchall())
        return int(row[0]), row[1]

    def resolve(self, ref: str) -> tuple[int, str]:
        """The active player ``ref`` names (a merged one gives the player it is merged into)."""
        with self._cursor() as con:
            return self._root(con, self._find(con, ref)[0])

    # -------------------------------------------------------------- reading

    def listed(self) -> list[Player]:
        """Every player not merged into another, by name, with their games, wins and last game."""
        with self._cursor() as con:
            rows = con.execute(
                f"""WITH RECURSIVE {ROOT_CTE},
                seats AS (SELECT root.r AS player, g.id, gp.won, g.ingested_at FROM player_seats s
                    JOIN root ON root.id = s.player JOIN games g ON g.id = s.game
                    JOIN game_players gp ON gp.game = s.game AND gp.seat = s.seat)
                SELECT p.id, p.name, count(DISTINCT seats.id), count(*) FILTER (WHERE seats.won), max(seats.ingested_at)
                FROM players p LEFT JOIN seats ON seats.player = p.id WHERE p.merged_into IS NULL
                GROUP BY p.id, p.name ORDER BY p.name, p.id"""
            ).fetchall()
        return [Player(*row) for row in rows]

    def suggestions(self) -> list[list[str]]:
        """Groups of players whose names differ only in case or spacing: merges to consider."""
        groups: dict[str, list[str]] = {}
        for player in self.listed():
            groups.setdefault(folded(player.name), []).append(player.name)
        return [names for names in groups.values() if len(names) > 1]

    def profile(self, ref: str) -> dict[str, Any]:
        """A player's profile: names, players merged in, games, wins, last game, ratings per scope."""
        with self._cursor() as con:
            pid, _ = self._root(con, self._find(con, ref)[0])
            listed = next(p for p in self._list_one(con, pid))
            names = [n for (n,) in con.execute(
                f"WITH RECURSIVE {ROOT_CTE} SELECT DISTINCT s.name FROM player_seats s JOIN root ON root.id = s.player WHERE root.r = ? ORDER BY 1",
                [pid]).fetchall()]
            merged = [n for (n,) in con.execute(
                f"WITH RECURSIVE {ROOT_CTE} SELECT p.name FROM root JOIN players p ON p.id = root.id WHERE root.r = ? AND root.id <> ? ORDER BY 1",
                [pid, pid]).fetchall()]
            ratings = {scope: _rating_dict(Rating(mu, sigma, games, wins)) for scope, mu, sigma, games, wins in con.execute(
                "SELECT scope, mu, sigma, games, wins FROM ratings WHERE player = ? ORDER BY scope <> 'all', scope", [pid]).fetchall()}
        return {**listed.as_dict(), "names": names, "merged": merged, "ratings": ratings}

    def _list_one(self, con: duckdb.DuckDBPyConnection, pid: int) -> Iterator[Player]:
        row = con.execute(
            f"""WITH RECURSIVE {ROOT_CTE} SELECT p.id, p.name, count(DISTINCT s.game), count(*) FILTER (WHERE gp.won), max(g.ingested_at)
            FROM players p LEFT JOIN root ON root.r = p.id LEFT JOIN player_seats s ON s.player = root.id
            LEFT JOIN games g ON g.id = s.game LEFT JOIN game_players gp ON gp.game = s.game AND gp.seat = s.seat
            WHERE p.id = ? GROUP BY p.id, p.name""",
            [pid],
        ).fetchall()
        yield Player(*_first(row))

    def head_to_head(self, ref: str, other: str) -> dict[str, Any]:
        """Two players' games together (finished, judged to the end): how many, each one's wins,
        mean totals, games finished ahead of the other, and rating changes over those games."""
        with self._cursor() as con:
            a = self._root(con, self._find(con, ref)[0])
            b = self._root(con, self._find(con, other)[0])
            if a[0] == b[0]:
                raise PlayerConflict(f"{ref!r} and {other!r} are the same player ({a[1]!r})")
            rows = con.execute(
                f"""WITH RECURSIVE {ROOT_CTE},
                seats AS (SELECT root.r AS player, s.game, gp.total, gp.won FROM player_seats s JOIN root ON root.id = s.player
                    JOIN game_players gp ON gp.game = s.game AND gp.seat = s.seat JOIN games g ON g.id = s.game WHERE {RATEABLE})
                SELECT x.game, x.total, x.won, y.total, y.won FROM seats x JOIN seats y ON x.game = y.game
                WHERE x.player = $a AND y.player = $b ORDER BY x.game""",
                {"a": a[0], "b": b[0]},
            ).fetchall()
            changes = dict(con.execute(
                "SELECT player, sum((mu_after - 3 * sigma_after) - (mu_before - 3 * sigma_before)) FROM rating_changes "
                "WHERE scope = 'all' AND player IN ($a, $b) AND game IN (SELECT unnest($games::VARCHAR[])) GROUP BY player",
                {"a": a[0], "b": b[0], "games": [r[0] for r in rows]},
            ).fetchall()) if rows else {}
        n = len(rows)

        def side(player: tuple[int, str], total: int, won: int, ahead: int) -> dict[str, Any]:
            return {
                "id": player[0], "name": player[1], "wins": sum(bool(r[won]) for r in rows),
                "ahead": sum(r[total] > r[ahead] for r in rows),
                "mean_total": round(sum(r[total] for r in rows) / n, 2) if n else None,
                "rating_change": round(float(changes.get(player[0], 0.0)), 3),
            }

        return {"games": n, "players": [side(a, 1, 2, 3), side(b, 3, 4, 1)], "game_ids": [r[0] for r in rows]}

    def leaderboard(self, *, scope: str = OVERALL, since: datetime | None = None) -> list[dict[str, Any]]:
        """Rated players of ``scope`` (``all`` or a ruleset's name), best conservative rating first.
        With ``since``: rated from the games ingested since then only, from scratch."""
        with self._cursor() as con:
            names = dict(con.execute("SELECT id, name FROM players").fetchall())
            if since is None:
                ratings = {p: Rating(mu, sigma, g, w) for p, mu, sigma, g, w in con.execute(
                    "SELECT player, mu, sigma, games, wins FROM ratings WHERE scope = ?", [scope]).fetchall()}
            else:
                books: dict[str, RatingBook] = {}
                rate_games(_rateable(con, since=since, ruleset=None if scope == OVERALL else scope), books)
                ratings = dict(books.get(scope, RatingBook()).ratings)
        board = sorted(ratings.items(), key=lambda item: (-item[1].conservative, names[item[0]]))
        return [{"rank": i, "id": p, "name": names[p], **_rating_dict(r)} for i, (p, r) in enumerate(board, 1)]

    def history(self, refs: list[str] | None = None, *, scope: str = OVERALL, top: int = HISTORY_TOP,
                points: int = HISTORY_POINTS) -> list[dict[str, Any]]:
        """Each player's rating after every rated game of ``scope``, in game order: the players
        ``refs`` names, else the ``top`` best of the leaderboard. A point is the game's place in the
        scope's order (``seq``), the game, its ingest time, and the rating (mu − 3·sigma, mu, sigma)
        after it; a player's first point is the starting rating before their first game. More
        than ``points`` games are thinned evenly (the first and last kept)."""
        with self._cursor() as con:
            if refs:
                chosen = [self._root(con, self._find(con, ref)[0]) for ref in refs]
            else:
                chosen = [(int(p), str(n)) for p, n in con.execute(
                    "SELECT r.player, p.name FROM ratings r JOIN players p ON p.id = r.player WHERE r.scope = ? "
                    "ORDER BY r.mu - ? * r.sigma DESC, p.name LIMIT ?", [scope, SIGMAS_BELOW, top]).fetchall()]
            out: list[dict[str, Any]] = []
            for pid, name in dict.fromkeys(chosen):
                rows = con.execute(
                    "SELECT r.seq, r.game, g.ingested_at, r.mu_before, r.sigma_before, r.mu_after, r.sigma_after "
                    "FROM rating_changes r LEFT JOIN games g ON g.id = r.game WHERE r.scope = ? AND r.player = ? ORDER BY r.seq",
                    [scope, pid]).fetchall()
                series: list[dict[str, Any]] = []
                if rows:
                    first = rows[0]
                    series.append(_point(0, None, None, Rating(first[3], first[4])))
                series += [_point(int(seq), game, at, Rating(mu, sigma)) for seq, game, at, _, _, mu, sigma in rows]
                if len(series) > points > 1:
                    step = (len(series) - 1) / (points - 1)
                    series = [series[round(i * step)] for i in range(points)]
                out.append({"id": pid, "name": name, "games": len(rows), "points": series})
        return out

    def skill(self, ref: str) -> dict[str, Any]:
        """What the decision analysis says of a player's play (``ingest --analyze`` fills the
        store's ``decisions``): their games, how many of them were analysed, the decisions valued
        and the mean round points given away per decision; and, where the store's decisions are
        valued in win chance (a ``WIN_LOSS`` column, and ``LUCK`` per game), the mean win chance
        given away per decision and the mean luck per game. ``note`` says what is missing."""
        with self._cursor() as con:
            pid, _ = self._root(con, self._find(con, ref)[0])
            columns = {c for (c,) in con.execute(
                "SELECT column_name FROM information_schema.columns WHERE table_name = 'decisions'").fetchall()}
            seats = (f"WITH RECURSIVE {ROOT_CTE}, mine AS (SELECT DISTINCT s.game, s.name FROM player_seats s "
                     "JOIN root ON root.id = s.player WHERE root.r = $pid)")
            games, analysed = _first(con.execute(
                f"{seats} SELECT count(DISTINCT m.game), count(DISTINCT a.game) FROM mine m "
                "LEFT JOIN analyses a ON a.game = m.game AND a.status = 'analysed'", {"pid": pid}).fetchall())
            win = f"avg(d.{WIN_LOSS})" if WIN_LOSS in columns else "NULL"
            luck = f"sum(d.{LUCK})" if LUCK in columns else "NULL"
            decisions, points, win_loss = _first(con.execute(
                f"{seats} SELECT count(*), avg(d.loss), {win} FROM decisions d JOIN mine m ON m.game = d.game AND m.name = d.player",
                {"pid": pid}).fetchall())
            per_game = [v for (v,) in con.execute(
                f"{seats} SELECT {luck} FROM decisions d JOIN mine m ON m.game = d.game AND m.name = d.player GROUP BY d.game",
                {"pid": pid}).fetchall() if v is not None]
        notes = []
        if int(analysed) < int(games):
            notes.append("not-analysed")
        if win_loss is None:  # no column (a store before version 7), or none of their decisions valued so (no --win)
            notes.append("no-win-chance")
        return {
            "games": int(games), "analysed_games": int(analysed), "decisions": int(decisions),
            "mean_points_lost": None if points is None else round(float(points), 3),
            "mean_win_chance_lost": None if win_loss is None else round(float(win_loss), 4),
            "mean_luck_per_game": round(sum(per_game) / len(per_game), 4) if per_game else None,
            "notes": notes,
        }

    def scopes(self) -> list[str]:
        """The scopes ratings are kept for: ``all`` first, then the rulesets rated."""
        with self._cursor() as con:
            return [s for (s,) in con.execute("SELECT DISTINCT scope FROM ratings ORDER BY scope <> 'all', scope").fetchall()]

    def predict(self, refs: list[str], *, scope: str = OVERALL) -> list[dict[str, Any]]:
        """Each player's predicted chance of winning a game of exactly these players (unrated
        players count with the starting rating; a player alone wins)."""
        if not refs:
            raise PlayerConflict("a prediction needs the players at the table")
        with self._cursor() as con:
            players = [self._root(con, self._find(con, ref)[0]) for ref in refs]
            if len({p for p, _ in players}) != len(players):
                raise PlayerConflict("a player cannot sit at a table twice")
            book = RatingBook({p: Rating(mu, sigma, g, w) for p, mu, sigma, g, w in con.execute(
                "SELECT player, mu, sigma, games, wins FROM ratings WHERE scope = ?", [scope]).fetchall()})
        chances = book.win_chances([p for p, _ in players])
        return [{"id": p, "name": n, "win_chance": round(c, 4), **_rating_dict(book.rating(p))} for (p, n), c in zip(players, chances, strict=True)]

    # -------------------------------------------------------------- writing

    def rename(self, old: str, new: str) -> dict[str, Any]:
        """Give the player ``old`` names the display name ``new`` (no other player may have it)."""
        if not new.strip() or new != new.strip():
            raise PlayerConflict(f"{new!r} cannot be a player's name: it must be non-empty, without spaces around it")
        with self._writer() as con:
            pid, name = self._active(con, old)
            taken = _maybe(con.execute("SELECT id, name, merged_into FROM players WHERE name = ?", [new]).fetchall())
            if taken is not None and taken[0] != pid:
                raise PlayerConflict(f"another player is already called {new!r}; to make them one player: flip7 players merge {name!r} {new!r}")
            con.execute("UPDATE players SET name = ? WHERE id = ?", [new, pid])
        return {"id": pid, "old": name, "name": new}

    def merge(self, source: str, target: str, *, dry_run: bool = False) -> dict[str, Any]:
        """Merge the player ``source`` into ``target``: from now on one player, whose games are
        both's (``unmerge`` undoes it). Refused for the same player, or two who sat at one table.
        With ``dry_run`` nothing changes: the preview is returned."""
        with (self._cursor if dry_run else self._writer)() as con:
            a, a_name = self._active(con, source)
            b, b_name = self._active(con, target)
            if a == b:
                raise PlayerConflict(f"cannot merge {a_name!r} into itself")
            together = con.execute(
                f"""WITH RECURSIVE {ROOT_CTE}, seats AS (SELECT root.r AS player, s.game FROM player_seats s JOIN root ON root.id = s.player)
                SELECT x.game FROM seats x JOIN seats y ON x.game = y.game WHERE x.player = ? AND y.player = ? ORDER BY 1 LIMIT 3""",
                [a, b],
            ).fetchall()
            if together:
                raise PlayerConflict(
                    f"{a_name!r} and {b_name!r} sat at the same table (game {together[0][0]!r}): they are two people, not one"
                )
            before = {p.id: p for p in (*self._list_one(con, a), *self._list_one(con, b))}
            preview = {
                "merge": {"id": a, "name": a_name, "games": before[a].games}, "into": {"id": b, "name": b_name, "games": before[b].games},
                "games_after": before[a].games + before[b].games, "dry_run": dry_run,
                "undo": f"flip7 players unmerge {a_name!r}",
            }
            if not dry_run:
                with transaction(con):
                    con.execute("UPDATE players SET merged_into = ? WHERE id = ?", [b, a])
                    update(con, recompute=True)
        return preview

    def unmerge(self, ref: str) -> dict[str, Any]:
        """Undo the merge of the player ``ref`` (a merged player's display name or ``#ID``): it has
        its own games again."""
        with self._writer() as con:
            pid, name, merged_into = self._find(con, ref, merged=True)
            if merged_into is None:
                raise PlayerConflict(f"{name!r} is not merged into another player")
            into = _maybe(con.execute("SELECT name FROM players WHERE id = ?", [merged_into]).fetchall())
            with transaction(con):
                con.execute("UPDATE players SET merged_into = NULL WHERE id = ?", [pid])
                update(con, recompute=True)
        return {"id": pid, "name": name, "was_merged_into": into[0] if into else None}

    def recompute(self) -> int:
        """Link any unlinked game and rate every game again from scratch; returns the games rated."""
        with self._writer() as con:
            return refresh(con, recompute=True)

    def apply_aliases(self, aliases: Mapping[str, str], *, known: set[str] | None = None) -> None:
        """Store ``aliases`` for the games ingested from now on. Every id must be a name some stored
        game or one of ``known`` (the logs about to be ingested) seats: else ``AliasFileError`` and
        nothing is stored."""
        with self._writer() as con:
            stored = {n for (n,) in con.execute(
                "SELECT DISTINCT unnest(players) FROM games WHERE list_has_any(players, $1::VARCHAR[])", [list(aliases)]).fetchall()}
            unknown = sorted(set(aliases) - stored - (known or set()))
            if unknown:
                raise AliasFileError(f"the alias file names ids no log seats: {', '.join(map(repr, unknown[:5]))}")
            with transaction(con):
                set_aliases(con, aliases)


def _point(seq: int, game: str | None, at: datetime | None, r: Rating) -> dict[str, Any]:
    """One point of a rating history (``PlayerBook.history``)."""
    return {"seq": seq, "game": game, "at": None if at is None else at.isoformat() + "Z", "rating": round(r.conservative, 3),
            "mu": round(r.mu, 3), "sigma": round(r.sigma, 3)}


def _rating_dict(r: Rating) -> dict[str, Any]:
    """A rating as JSON: the displayed (conservative) rating, mu, sigma, games and wins."""
    return {"rating": round(r.conservative, 3), "mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "games": r.games, "wins": r.wins}
