"""`flip7 players`, `flip7 player NAME` and `flip7 ratings`: the store's players and their ratings.

Thin wrappers over ``Store.players()`` (``adjudicator.store.players``). A request that cannot be
done as asked (an unknown player, a merge into itself, a name taken) prints one line and exits 2
with nothing changed. These commands read and write the store file itself: while a server holds
it, they say so and point to the API (``/v1/players``, ``/v1/ratings``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from adjudicator.messages import glossary
from adjudicator.rules import RULESETS
from adjudicator.store import InvalidSince, Store, StoreError, parse_since
from adjudicator.store.players import OVERALL, PlayerBook, PlayerError
from cli.access import DEFAULT_WAIT, WaitOption
from cli.common import fail, out_console
from cli.convert import Lang
from cli.store import DbOption, open_store

#: Every phrase the commands print, in English and German.
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "rank": "#", "player": "player", "rating": "rating", "mu": "mean", "sigma": "spread", "games": "games", "wins": "wins",
        "last": "last played (UTC)", "id": "id", "chance": "win chance",
        "board": "Ratings ({scope}): mean − 3 × spread, from the games shown",
        "board_since": "Ratings ({scope}) from the games ingested since {since}",
        "none": "No rated games yet (a game is rated once it is finished and judged to the end).",
        "suggest": "Perhaps one player, written differently (never merged unless you say so): {names}; merge with: {command}",
        "names": "names in logs", "merged": "merged in", "scope": "ratings",
        "h2h": "{a} against {b}: {n} games together", "ahead": "finished ahead", "mean_total": "mean total",
        "change": "rating change", "predict": "Predicted win chances ({scope})",
        "players": "{n} players",
        "renamed": "renamed {old} to {new}", "would_merge": "would merge {a} ({m} games) into {b} ({n} games): {total} games",
        "merged_msg": "merged {a} ({m} games) into {b} ({n} games): {total} games", "undo": "undo with: {command}",
        "unmerged": "{a} is no longer merged into {b}",
        "skill": "decisions: {d} valued in {a} of {g} games; mean points given away per decision: {p}",
        "skill_win": "mean win chance given away per decision: {w}; mean luck per game: {l}",
        "not-analysed": "games not analysed have no valued decisions (flip7 ingest --analyze values them)",
        "no-win-chance": "skill apart from luck needs decisions valued in win chance (flip7 ingest --analyze --win)",
    },
    "de": {
        "rank": "#", "player": glossary("de")["player"], "rating": "Wertung", "mu": "Mittel", "sigma": "Streuung", "games": glossary("de")["games"], "wins": "Siege",
        "last": "zuletzt gespielt (UTC)", "id": "ID", "chance": "Siegchance",
        "board": "Wertungen ({scope}): Mittel − 3 × Streuung, aus den gezeigten Spielen",
        "board_since": "Wertungen ({scope}) aus den seit {since} gespeicherten Spielen",
        "none": "Noch keine gewerteten Spiele (gewertet wird ein Spiel, wenn es beendet und bis zum Ende geprüft ist).",
        "suggest": "Vielleicht ein Spieler, verschieden geschrieben (zusammengeführt wird nur auf Ansage): {names}; zusammenführen mit: {command}",
        "names": "Namen in Protokollen", "merged": "zusammengeführt", "scope": "Wertungen",
        "h2h": "{a} gegen {b}: {n} gemeinsame Spiele", "ahead": "vorne beendet", "mean_total": "mittlere Summe",
        "change": "Wertungsänderung", "predict": "Vorhergesagte Siegchancen ({scope})",
        "players": "{n} Spieler",
        "renamed": "{old} heißt jetzt {new}", "would_merge": "würde {a} ({m} Spiele) mit {b} ({n} Spiele) zusammenführen: {total} Spiele",
        "merged_msg": "{a} ({m} Spiele) mit {b} ({n} Spiele) zusammengeführt: {total} Spiele", "undo": "rückgängig mit: {command}",
        "unmerged": "{a} ist nicht mehr mit {b} zusammengeführt",
        "skill": "Entscheidungen: {d} bewertet in {a} von {g} Spielen; im Mittel verschenkte Punkte je Entscheidung: {p}",
        "skill_win": "im Mittel verschenkte Siegchance je Entscheidung: {w}; mittleres Glück je Spiel: {l}",
        "not-analysed": "nicht analysierte Spiele haben keine bewerteten Entscheidungen (flip7 ingest --analyze bewertet sie)",
        "no-win-chance": "Können ohne Glück braucht Entscheidungen in Siegchance bewertet (flip7 ingest --analyze --win)",
    },
}

LangOption = Annotated[Lang, typer.Option("--lang", help="The language of the answer.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print the answer as JSON.")]


def _w(lang: Lang, key: str, **params: Any) -> str:
    return WORDS[lang.value][key].format(**params)


def _book(store: Any) -> PlayerBook:
    """The players of an opened store; a store held by a server ends the command (exit 2)."""
    if not isinstance(store, Store):
        fail(f"the store {store.path} is held by a server; ask it instead (GET /v1/players, /v1/ratings; POST /v1/players/merge)")
    return store.players()


@contextmanager
def players_of(db: str | None, wait: float, *, write: bool = False) -> Iterator[PlayerBook]:
    """The players of the store ``--db`` names, opened for one command; a ``PlayerError`` or
    ``StoreError`` ends the command with its message (exit 2), nothing changed."""
    store = open_store(db, read_only=not write, wait=wait)
    try:
        yield _book(store)
    except (PlayerError, StoreError) as exc:
        fail(str(exc))
    finally:
        store.close()


def _echo_json(value: Any) -> None:
    typer.echo(json.dumps(value, ensure_ascii=False, indent=2))


def _quote(name: str) -> str:
    return "'" + name.replace("'", "'\\''") + "'"


# --------------------------------------------------------------------------------------------- players

players_app = typer.Typer(no_args_is_help=False, invoke_without_command=True)


@players_app.callback(invoke_without_command=True)
def players(
    ctx: typer.Context,
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = Lang.en,
    wait: WaitOption = DEFAULT_WAIT,
) -> None:
    """The players of the stored games (games, wins, last played); names that differ only in case or spacing are suggested for merging.

    Nothing is merged unless you ask: flip7 players merge A B (--dry-run to preview; flip7 players unmerge A undoes it).
    """
    if ctx.invoked_subcommand is not None:
        return
    with players_of(db, wait) as book:
        listed, suggestions = book.listed(), book.suggestions()
    if as_json:
        _echo_json({"players": [p.as_dict() for p in listed], "suggested_merges": suggestions})
        return
    console = out_console()
    table = Table(header_style="bold")
    for key in ("id", "player", "games", "wins", "last"):
        table.add_column(_w(lang, key), justify="right" if key in ("id", "games", "wins") else "left")
    for p in listed:
        last = p.last_played.strftime("%Y-%m-%d %H:%M") if p.last_played else ""
        table.add_row(str(p.id), escape(p.name), str(p.games), str(p.wins), last)
    console.print(table)
    console.print(f"[dim]{_w(lang, 'players', n=len(listed))}[/]")
    for names in suggestions:
        command = f"flip7 players merge {_quote(names[1])} {_quote(names[0])}"
        console.print(escape(_w(lang, "suggest", names=", ".join(map(repr, names)), command=command)), soft_wrap=True)


@players_app.command("rename")
def rename(
    old: Annotated[str, typer.Argument(help="The player's name (or #ID).", metavar="OLD")],
    new: Annotated[str, typer.Argument(help="The new display name (no other player may have it).", metavar="NEW")],
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = Lang.en,
    wait: WaitOption = DEFAULT_WAIT,
) -> None:
    """Give a player another display name; their games keep their logs as recorded (rename back to undo)."""
    with players_of(db, wait, write=True) as book:
        done = book.rename(old, new)
    _echo_json(done) if as_json else typer.echo(_w(lang, "renamed", old=done["old"], new=done["name"]))


@players_app.command("merge")
def merge(
    source: Annotated[str, typer.Argument(help="The player to merge (or #ID).", metavar="A")],
    target: Annotated[str, typer.Argument(help="The player A becomes (or #ID).", metavar="B")],
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Only show what the merge would do.")] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = Lang.en,
    wait: WaitOption = DEFAULT_WAIT,
) -> None:
    """Make A and B one player, named B: their games and ratings become one (undo: flip7 players unmerge A).

    Refused when A and B ever sat at the same table.
    """
    with players_of(db, wait, write=not dry_run) as book:
        done = book.merge(source, target, dry_run=dry_run)
    if as_json:
        _echo_json(done)
        return
    a, b = done["merge"], done["into"]
    typer.echo(_w(lang, "would_merge" if dry_run else "merged_msg", a=a["name"], m=a["games"], b=b["name"], n=b["games"], total=done["games_after"]))
    if not dry_run:
        typer.echo(_w(lang, "undo", command=done["undo"]))


@players_app.command("unmerge")
def unmerge(
    name: Annotated[str, typer.Argument(help="The merged player's own name (or #ID).", metavar="A")],
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = Lang.en,
    wait: WaitOption = DEFAULT_WAIT,
) -> None:
    """Undo a merge: A is a player of their own again, with their own games."""
    with players_of(db, wait, write=True) as book:
        done = book.unmerge(name)
    _echo_json(done) if as_json else typer.echo(_w(lang, "unmerged", a=done["name"], b=done["was_merged_into"]))


# --------------------------------------------------------------------------------------------- player


def player(
    name: Annotated[str, typer.Argument(help="A player's name, a name a log gave them, or #ID.", metavar="NAME")],
    against: Annotated[str | None, typer.Option("--against", metavar="OTHER", help="Their record against OTHER.")] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = Lang.en,
    wait: WaitOption = DEFAULT_WAIT,
) -> None:
    """A player's profile: games, wins, names in logs, ratings per ruleset; with --against OTHER,
    their games together, wins, mean totals, who finished ahead and their rating changes."""
    with players_of(db, wait) as book:
        profile = book.profile(name)
        profile["skill"] = book.skill(name)
        h2h = book.head_to_head(name, against) if against is not None else None
    if as_json:
        _echo_json({**profile, "against": h2h} if h2h is not None else profile)
        return
    console = out_console()
    console.print(f"[bold]{escape(profile['name'])}[/]  [dim]#{profile['id']}[/]")
    console.print(f"  {_w(lang, 'games')} {profile['games']}, {_w(lang, 'wins')} {profile['wins']}, "
                  f"{_w(lang, 'last')} {profile['last_played'] or '-'}")
    console.print(f"  {_w(lang, 'names')}: {escape(', '.join(map(repr, profile['names'])))}", soft_wrap=True)
    if profile["merged"]:
        console.print(f"  {_w(lang, 'merged')}: {escape(', '.join(map(repr, profile['merged'])))}", soft_wrap=True)
    for scope, r in profile["ratings"].items():
        console.print(f"  {_w(lang, 'scope')} {escape(scope)}: {_w(lang, 'rating')} {r['rating']:.2f} "
                      f"({_w(lang, 'mu')} {r['mu']:.2f}, {_w(lang, 'sigma')} {r['sigma']:.2f}, {r['games']} {_w(lang, 'games')})")
    skill = profile["skill"]
    lost = "-" if skill["mean_points_lost"] is None else f"{skill['mean_points_lost']:.2f}"
    console.print(f"  {_w(lang, 'skill', d=skill['decisions'], a=skill['analysed_games'], g=skill['games'], p=lost)}", soft_wrap=True)
    if skill["mean_win_chance_lost"] is not None:
        luck = "-" if skill["mean_luck_per_game"] is None else f"{skill['mean_luck_per_game']:+.3f}"
        win = f"{skill['mean_win_chance_lost']:.4f}"
        console.print(f"  {_w(lang, 'skill_win', w=win, l=luck)}", soft_wrap=True)
    for note in skill["notes"]:
        console.print(f"  [dim]{escape(_w(lang, note))}[/]", soft_wrap=True)
    if h2h is not None:
        a, b = h2h["players"]
        console.print()
        console.print(f"[bold]{escape(_w(lang, 'h2h', a=a['name'], b=b['name'], n=h2h['games']))}[/]")
        table = Table(header_style="bold")
        for key in ("player", "wins", "ahead", "mean_total", "change"):
            table.add_column(_w(lang, key), justify="left" if key == "player" else "right")
        for side in (a, b):
            mean = "" if side["mean_total"] is None else f"{side['mean_total']:.1f}"
            table.add_row(escape(side["name"]), str(side["wins"]), str(side["ahead"]), mean, f"{side['rating_change']:+.2f}")
        console.print(table)


# --------------------------------------------------------------------------------------------- ratings


def ratings(
    db: DbOption = None,
    ruleset: Annotated[str | None, typer.Option("--ruleset", metavar="NAME", help="The ratings of this ruleset's games only (flip7, vengeance).")] = None,
    since: Annotated[str | None, typer.Option("--since", help="Rate only the games ingested since: 2026-11-29, an ISO date-time, or 7d / 12h / 2w ago.")] = None,
    predict: Annotated[
        list[str] | None, typer.Option("--predict", metavar="NAME", help="Predict each player's win chance at a table of these players (repeat it).")
    ] = None,
    recompute: Annotated[bool, typer.Option("--recompute", help="Rate every stored game again from scratch first (the same numbers).")] = False,
    as_json: JsonOption = False,
    lang: LangOption = Lang.en,
    wait: WaitOption = DEFAULT_WAIT,
) -> None:
    """The leaderboard: OpenSkill ratings (Plackett-Luce, players ordered by final total), shown as
    mean − 3 × spread with the games they rest on; per ruleset with --ruleset, over a period with
    --since; predicted win chances for a table with --predict."""
    if ruleset is not None and ruleset not in RULESETS:
        fail(f"--ruleset: no ruleset is called {ruleset!r} (there are: {', '.join(RULESETS)})")
    try:
        since_at = parse_since(since, datetime.now(UTC)) if since else None
    except InvalidSince as exc:
        fail(f"--since: {exc}")
    scope = ruleset or OVERALL
    with players_of(db, wait, write=recompute) as book:
        if recompute:
            book.recompute()
        if predict:
            chances = book.predict(predict, scope=scope)
            board: list[dict[str, Any]] = []
        else:
            board = book.leaderboard(scope=scope, since=since_at)
    if predict:
        if as_json:
            _echo_json({"scope": scope, "players": chances})
            return
        console = out_console()
        console.print(f"[bold]{escape(_w(lang, 'predict', scope=scope))}[/]")
        for c in chances:
            console.print(f"  {escape(c['name'])}: {100 * c['win_chance']:.1f}%  [dim]({_w(lang, 'rating')} {c['rating']:.2f})[/]")
        return
    if as_json:
        _echo_json({"scope": scope, "since": since_at.isoformat() if since_at else None, "ratings": board})
        return
    console = out_console()
    title = _w(lang, "board_since", scope=scope, since=since_at.strftime("%Y-%m-%d %H:%M")) if since_at else _w(lang, "board", scope=scope)
    console.print(f"[bold]{escape(title)}[/]")
    if not board:
        console.print(_w(lang, "none"))
        return
    table = Table(header_style="bold")
    for key in ("rank", "player", "rating", "mu", "sigma", "games", "wins"):
        table.add_column(_w(lang, key), justify="left" if key == "player" else "right")
    for r in board:
        table.add_row(str(r["rank"]), escape(r["name"]), f"{r['rating']:.2f}", f"{r['mu']:.2f}", f"{r['sigma']:.2f}", str(r["games"]), str(r["wins"]))
    console.print(table)


def register(app: typer.Typer) -> None:
    """Add `players` (with rename, merge, unmerge), `player` and `ratings` to the app."""
    app.add_typer(players_app, name="players")
    app.command()(player)
    app.command()(ratings)

