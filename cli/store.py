"""`flip7` commands over the replay store: ingest, stats, query, games, show, export.

Thin wrappers: they find the store file (``--db``, else ``$FLIP7_DB``, else ``./flip7.duckdb``),
call ``adjudicator.store.Store`` and format what it returns. Store errors become one line on
standard error and exit code 2.
"""

from __future__ import annotations

import csv
import difflib
import json
import os
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, nullcontext
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from adjudicator.analysis.win import ANALYZE_SAMPLES as WIN_ANALYZE_SAMPLES
from adjudicator.bulk import bulk_replays
from adjudicator.messages import glossary
from adjudicator.plots import FIGURES_BY_NAME
from adjudicator.referee import settle
from adjudicator.replay import ruleset_label, ruleset_labels
from adjudicator.store import (
    GameNotFound,
    IngestResult,
    IngestSummary,
    InvalidSince,
    LogInput,
    Store,
    StoreError,
    parse_since,
    resolve_db_path,
)
from adjudicator.store.encode import to_json
from adjudicator.store.holder import announce
from adjudicator.store.ingest import DEFAULT_BATCH_SIZE, WRITER_LIMITS
from adjudicator.store.query import DEFAULT_MAX_ROWS, DEFAULT_TIMEOUT
from adjudicator.store.stats import BY_NAME, StatResult
from cli.access import DEFAULT_WAIT, WaitOption, reach_store
from cli.aliases import keep_aliases, read_alias_file
from cli.common import err_console, fail, lays_out, out_console, say
from cli.convert import Lang
from cli.plot import check_figures, check_plot_path, write_plot
from cli.remote import RemoteStore
from cli.render import offending_lines, render_verdict, written_game_id
from cli.tables import fits, fitted_tables, plain_lines, print_rows

#: Show a progress bar from this many inputs on (when standard error is a terminal).
PROGRESS_FROM = 20
#: With ``--jobs 0``, replay in one process per CPU from this many inputs on.
PARALLEL_FROM = 200
#: The same with ``--analyze`` (valuing the decisions takes far longer than the replay).
PARALLEL_ANALYZE_FROM = 8

DbOption = Annotated[
    str | None,
    typer.Option("--db", help="The store file (default: $FLIP7_DB, else flip7.duckdb in the current folder).", metavar="PATH"),
]


RulesetOption = Annotated[
    str | None,
    typer.Option(
        "--ruleset", metavar="NAME",
        help=f"Only games of this ruleset (its modes' games too) or of one of its modes: {', '.join(repr(label) for label in ruleset_labels())}.",
    ),
]


def check_ruleset(ruleset: str | None) -> None:
    """End the command (exit 2) when ``--ruleset`` names no ruleset (a typo would list nothing)."""
    if ruleset is None:
        return
    known = ruleset_labels()
    if ruleset not in known:
        fail(f"--ruleset: no ruleset is called {ruleset!r} (there are: {', '.join(repr(label) for label in known)})")


def store_path(db: str | None) -> Path:
    """The store file ``--db`` names (else ``$FLIP7_DB``, else ``./flip7.duckdb``)."""
    return resolve_db_path(db, os.environ, Path.cwd())


def open_store(db: str | None, *, read_only: bool, wait: float = 0.0, limits: Mapping[str, str | int] | None = None) -> Store | RemoteStore:
    """The store ``--db`` names: through the server holding it, else the file (waiting up to
    ``wait`` seconds for another holder; ``limits``: DuckDB's resource settings when the file is
    opened here). A ``StoreError`` ends the command with its message (exit 2)."""
    err = err_console()
    try:
        return reach_store(
            store_path(db), read_only=read_only, wait=wait, on_wait=lambda m: err.print(f"[dim]{escape(m)}[/]", soft_wrap=True), limits=limits
        )
    except StoreError as exc:
        fail(str(exc))


ParquetOption = Annotated[
    str | None,
    typer.Option(
        "--parquet", metavar="DIR",
        help="Read the Parquet store in DIR instead of a store file: the tables python -m scale.ray_check writes (docs/scaling.md).",
    ),
]


@contextmanager
def reading(db: str | None, wait: float, parquet: str | None = None) -> Iterator[Store | RemoteStore]:
    """The store ``--db`` names (or the Parquet store ``--parquet`` names), opened read-only for one
    command and closed after it; a ``StoreError`` while it is opened or read ends the command with
    its message (exit 2)."""
    if parquet is not None and db is not None:
        fail("choose one of --db and --parquet")
    try:
        store = open_store(db, read_only=True, wait=wait) if parquet is None else Store.open_parquet(parquet)
    except StoreError as exc:
        fail(str(exc))
    try:
        yield store
    except StoreError as exc:
        fail(str(exc))
    finally:
        store.close()


# --------------------------------------------------------------------------------------------- ingest


def _inputs(paths: list[str]) -> Iterator[LogInput]:
    """Expand the command's arguments: files as given, folders searched for *.jsonl, '-' for stdin."""
    for name in paths:
        if name == "-":
            yield LogInput.from_bytes("-", sys.stdin.buffer.read())
            continue
        path = Path(name)
        if path.is_dir():
            logs = sorted(p for p in path.rglob("*.jsonl") if p.is_file())
            if not logs:  # as check says it: a folder given for its logs that has none is a mistake
                fail(f"{name} is a folder with no *.jsonl log files in it")
            for found in logs:
                yield LogInput.from_path(found)
        else:
            yield LogInput.from_path(path)


def player_hint(store: Store | RemoteStore, player: str | None) -> None:
    """When no stored game seats ``player`` exactly, say so on standard error and name the stored
    players it matches ignoring case (names are compared exactly: ``ana`` is not ``Ana``)."""
    if player is None or store.list_games(player=player, limit=1).games:
        return
    literal = player.lower().replace("'", "''")
    rows = store.query(
        f"SELECT DISTINCT player FROM game_players WHERE lower(player) = '{literal}' ORDER BY 1", max_rows=5, timeout=DEFAULT_TIMEOUT
    ).rows
    near = " or ".join(repr(r[0]) for r in rows)
    say(
        err_console(), "[yellow]note:[/] ",
        f"no stored game seats {player!r}" + (f"; names are compared exactly: did you mean {near}?" if near else ""), indent=2,
    )


def _summary_line(summary: IngestSummary) -> str:
    parts = [
        f"ingested {summary.ingested}",
        f"unchanged {summary.unchanged}",
        f"replaced {summary.replaced}",
        f"refused {summary.refused}",
        f"invalid {summary.invalid}",
    ]
    if summary.unreadable:
        parts.append(f"unreadable {summary.unreadable}")
    if summary.failed:
        parts.append(f"failed {summary.failed}")
    return ", ".join(parts) + f" ({summary.events} events stored)"


def _analysis_line(summary: IngestSummary) -> str:
    """What ``--analyze`` added: the games analysed, their decisions, and the games without a model."""
    line = f"analysed {summary.analysed} game{'' if summary.analysed == 1 else 's'} ({summary.decisions} decisions stored)"
    if summary.notes:
        line += f"; {len(summary.notes)} stored without decisions (no decision model for their ruleset)"
    return line


def ingest(
    paths: Annotated[list[str], typer.Argument(help="Log files, folders (searched for *.jsonl), or '-' for standard input.", metavar="PATH...")],
    db: DbOption = None,
    replace: Annotated[bool, typer.Option("--replace", help="Replace a stored game when a different log comes with the same id.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary (and every problem) as JSON.")] = False,
    batch_size: Annotated[int, typer.Option("--batch-size", min=1, help="Games written per transaction.")] = DEFAULT_BATCH_SIZE,
    jobs: Annotated[int, typer.Option("--jobs", min=0, help="Processes that replay logs (0: one per CPU for big runs).")] = 0,
    analyze: Annotated[
        bool, typer.Option("--analyze", help="Also value every decision and store it (table decisions; about a second a game).")
    ] = False,
    win: Annotated[
        bool, typer.Option("--win", help="With --analyze: also the chance to win (decisions.win_loss, luck; slow: about a minute a game).")
    ] = False,
    win_samples: Annotated[
        int, typer.Option("--win-samples", min=1, help="With --win: playouts of the round per position (fewer: faster, noisier).")
    ] = WIN_ANALYZE_SAMPLES,
    wait: WaitOption = DEFAULT_WAIT,
    aliases: Annotated[
        Path | None, typer.Option("--aliases", metavar="FILE", help="A JSON object of ids in the logs → display names (docs/ratings.md).")
    ] = None,
) -> None:
    """Adjudicate logs and store them with their verdicts (invalid logs too, flagged).

    The same log twice is stored once; a different log under a stored id is refused unless
    --replace. With --analyze every decision is valued as `flip7 analyze` values it and stored
    (games of a ruleset without a decision model are stored without, and the summary says so);
    with --win also by the chance to win (errors and luck: `flip7 stats --only win_accuracy_and_luck`).
    Exit code 0: everything stored or unchanged; 1: some log was refused or unreadable;
    2: the store could not be used.
    """
    if win and not analyze:
        fail("--win values the decisions by the chance to win: give --analyze too")
    summary = IngestSummary()
    err = err_console()
    inputs: list[LogInput] = []
    reported = 0
    alias_map = read_alias_file(aliases) if aliases is not None else None
    try:
        inputs = list(_inputs(paths))
        workers = jobs or ((os.cpu_count() or 1) if len(inputs) >= (PARALLEL_ANALYZE_FROM if analyze else PARALLEL_FROM) else 1)
        show_progress = len(inputs) >= PROGRESS_FROM and err.is_terminal and not as_json
        progress = Progress(
            TextColumn("ingesting"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), console=err, transient=True,
            disable=not show_progress,
        )
        task = progress.add_task("ingest", total=len(inputs))

        def on_result(result: IngestResult, events: int) -> None:
            nonlocal reported
            summary.add(result, events)
            reported += 1
            progress.advance(task)

        with open_store(db, read_only=False, wait=wait, limits=WRITER_LIMITS) as store:
            if alias_map is not None:
                keep_aliases(store, alias_map, inputs)
            if win and not isinstance(store, Store):
                fail("--win is valued where the store file is opened: stop the server holding it, or ingest without --win")
            with bulk_replays(), progress, announce(store.path, "ingest") if isinstance(store, Store) else nullcontext():
                if isinstance(store, Store):
                    store.ingest_many(inputs, replace=replace, batch_size=batch_size, on_result=on_result, workers=workers, analyze=analyze,
                                      win=win_samples if win else 0)
                else:
                    store.ingest_many(inputs, replace=replace, batch_size=batch_size, on_result=on_result, workers=workers, analyze=analyze)
    except KeyboardInterrupt:
        err.print(f"[bold red]interrupted:[/] the batch in progress was not stored; {_summary_line(summary)}", soft_wrap=True)
        raise typer.Exit(130) from None
    except StoreError as exc:
        _stopped(exc, summary, [i.name for i in inputs[reported:]], as_json=as_json, analyze=analyze)
    _print_summary(summary, as_json=as_json, analyze=analyze)
    if summary.problems:
        raise typer.Exit(1)


def _print_summary(summary: IngestSummary, *, as_json: bool, analyze: bool = False, extra: dict[str, Any] | None = None) -> None:
    """What ``ingest`` stored: the counts and every problem (standard output; problems on standard
    error without ``--json``)."""
    if as_json:
        out: dict[str, Any] = dict(summary.as_dict())
        out["problems"] = [{"file": p.name, "outcome": p.outcome.value, "game": p.game_id, "message": p.message} for p in summary.problems]
        if analyze:
            out["analysed"] = summary.analysed
            out["decisions"] = summary.decisions
            out["not_analysed"] = [{"file": n.name, "game": n.game_id, "message": n.note} for n in summary.notes]
        if summary.players_behind is not None:
            out["players_behind"] = summary.players_behind
        typer.echo(json.dumps({**out, **(extra or {})}, ensure_ascii=False, indent=2))
    else:
        err = err_console()
        for problem in summary.problems:
            err.print(f"[bold red]{problem.outcome.value}:[/] {escape(problem.name)}: {escape(problem.message or '')}", soft_wrap=True)
        for note in summary.notes:
            err.print(f"[yellow]note:[/] {escape(note.name)}: {escape(note.note or '')}", soft_wrap=True)
        if summary.players_behind is not None:
            err.print(f"[yellow]note:[/] the games are stored, but the players and ratings were not updated ({escape(summary.players_behind)}); "
                      "the next ingest does it, or `flip7 ratings --recompute`", soft_wrap=True)
        out_console().print(_summary_line(summary))
        if analyze:
            out_console().print(_analysis_line(summary))


def _stopped(exc: StoreError, summary: IngestSummary, unreported: list[str], *, as_json: bool, analyze: bool = False) -> NoReturn:
    """End ``ingest`` after the store failed midway (exit 2), saying what was stored before: the
    logs reported are committed; those of a request the server never answered may or may not be
    (``unconfirmed``); the rest were not stored."""
    unconfirmed = list(getattr(exc, "unconfirmed", ()))[: len(unreported)]
    not_stored = unreported[len(unconfirmed):]
    if as_json or summary.total or unconfirmed:
        _print_summary(summary, as_json=as_json, analyze=analyze, extra={"error": str(exc), "unconfirmed": unconfirmed, "not_stored": not_stored})
    note = ""
    if unconfirmed:
        note += f"; {len(unconfirmed)} log(s) sent in the last request may or may not be stored (run ingest again to know)"
    if not_stored:
        note += f"; {len(not_stored)} log(s) were not stored"
    fail(str(exc) + note)


# --------------------------------------------------------------------------------------------- stats


def _cell(value: Any) -> str:
    """A table cell: the value as the API encodes it (``to_json``), so both ways of reaching a store print alike."""
    value = to_json(value)
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _stats_csv(results: list[StatResult], lang: str = "en") -> None:
    """The statistics as CSV on standard output: one table as plain CSV; several each after a
    ``# NAME`` line, with a blank line between them."""
    writer = csv.writer(sys.stdout, lineterminator="\n")
    for number, result in enumerate(results):
        if len(results) > 1:
            if number:
                sys.stdout.write("\n")
            sys.stdout.write(f"# {result.statistic.name}\n")
        columns, rows = (result.columns, result.rows) if lang == "en" else result.worded(lang)
        writer.writerow(columns)
        for row in rows:
            writer.writerow([_csv_value(v) for v in row])


def stats(
    db: DbOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the tables as JSON (every table unless --only).")] = False,
    as_csv: Annotated[
        bool, typer.Option("--csv", help="Print the tables as CSV (the overview unless --only or --all): a header line, then the rows; several tables each after a '# NAME' line.")
    ] = False,
    player: Annotated[str | None, typer.Option("--player", help="Only this player's rows (their games, rounds, hits, choices).")] = None,
    since: Annotated[str | None, typer.Option("--since", help="Only games ingested since: 2026-11-29, an ISO date-time, or 7d / 12h / 2w ago.")] = None,
    ruleset: RulesetOption = None,
    only: Annotated[
        list[str] | None,
        typer.Option("--only", metavar="NAME[,NAME...]", help=f"Only these statistics (a comma list, or the option repeated): {', '.join(BY_NAME)}."),
    ] = None,
    every: Annotated[bool, typer.Option("--all", help="Print every table (without it, and without --only, the overview only).")] = False,
    wait: WaitOption = DEFAULT_WAIT,
    plot: Annotated[
        str | None, typer.Option("--plot", metavar="FILE", help="Write the figures as one file instead: SVG, or PNG for a FILE ending in .png ('-': SVG on standard output).")
    ] = None,
    figure: Annotated[
        list[str] | None,
        typer.Option("--figure", metavar="NAME[,NAME...]", help=f"With --plot, only these figures (a comma list, or the option repeated): {', '.join(FIGURES_BY_NAME)}."),
    ] = None,
    parquet: ParquetOption = None,
    lang: Annotated[Lang, typer.Option("--lang", help="The language of the tables and figures (titles, columns, explanations, labels).")] = Lang.en,
) -> None:
    """Statistics over the stored games: the overview, or any of the tables (players, seats, scores,
    bust risk, Flip 7, actions, and each ruleset's own) with --only or --all.

    With --plot FILE, the statistics page's figures (bust risk, scores by outcome, win rate by seat,
    Flip 7 rate by player count, and the figures of each ruleset whose games are stored) are drawn
    into one SVG or PNG file instead.
    """
    try:
        since_at = parse_since(since, datetime.now(UTC)) if since else None
    except InvalidSince as exc:
        fail(f"--since: {exc}")
    names = [n.strip() for entry in only or [] for n in entry.split(",") if n.strip()] or None
    unknown = [n for n in names or [] if n not in BY_NAME]
    if unknown:
        fail(f"--only: no statistic named {unknown[0]!r} (there are: {', '.join(BY_NAME)})")
    figures = [n.strip() for entry in figure or [] for n in entry.split(",") if n.strip()] or None
    check_figures(figures)
    check_ruleset(ruleset)
    if plot is not None:
        check_plot_path(plot)
        with reading(db, wait, parquet) as plot_store:
            typer.echo(write_plot(plot_store, plot, names=figures, player=player, since=since_at, ruleset=ruleset, lang=lang.value))
        return
    if as_json and as_csv:
        fail("choose one of --json and --csv")
    short = names is None and not every and not as_json
    if short:
        names = ["overview"]
    with reading(db, wait, parquet) as store:
        results = store.stats(player=player, since=since_at, names=names, ruleset=ruleset)
        player_hint(store, player)
    if as_json:
        typer.echo(_dumps([r.as_dict(lang.value) for r in results]))
        return
    if as_csv:
        _stats_csv(results, lang.value)
        return
    console = out_console()
    for result in results:
        s = result.statistic
        console.print(f"[bold]{escape(s.title_in(lang.value))}[/]  [dim]({s.name})[/]")
        console.print(f"[dim]{escape(s.explanation_in(lang.value))}[/]", soft_wrap=False)
        columns, rows = (result.columns, result.rows) if lang is Lang.en else result.worded(lang.value)
        cells = [[_cell(v) for v in row] for row in rows]
        for table in fitted_tables(columns, cells, console.width):
            console.print(table)
        console.print()
    if short:
        others = ", ".join(n for n in BY_NAME if n != "overview")
        if lang is Lang.de:  # the tables' names are in flip7 stats --help (a name such as "players" is no German)
            console.print("[dim]Weitere Tabellen: flip7 stats --all oder --only NAME[,NAME...] (die Namen: flip7 stats --help)[/]", soft_wrap=True)
        else:
            console.print(f"[dim]More tables: flip7 stats --all, or --only NAME[,NAME...] ({escape(others)})[/]", soft_wrap=True)


# --------------------------------------------------------------------------------------------- query


def _dumps(value: Any) -> str:
    """JSON text of DuckDB values, encoded as the API encodes them (``adjudicator.store.encode``)."""
    return json.dumps(to_json(value), ensure_ascii=False, indent=2, allow_nan=False)


def _csv_value(value: Any) -> Any:
    """A CSV cell: empty for NULL, JSON text for lists and structs, else the value as the API gives it."""
    if value is None:
        return ""
    encoded = to_json(value)
    if isinstance(encoded, list | dict):
        return json.dumps(encoded, ensure_ascii=False, allow_nan=False)
    return encoded


def query(
    sql: Annotated[str, typer.Argument(help="One read-only SQL query over the store (see docs/storage.md for the tables).", metavar="SQL")],
    db: DbOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print rows as a JSON array of objects.")] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print rows as CSV with a header line.")] = False,
    max_rows: Annotated[int, typer.Option("--max-rows", min=1, help="Print at most this many rows.")] = DEFAULT_MAX_ROWS,
    timeout: Annotated[float, typer.Option("--timeout", min=0.1, help="Stop the query after this many seconds.")] = DEFAULT_TIMEOUT,
    wait: WaitOption = DEFAULT_WAIT,
    parquet: ParquetOption = None,
) -> None:
    """Run read-only SQL over the store: it cannot write, read files or the network, or change settings."""
    if as_json and as_csv:
        fail("choose one of --json and --csv")
    with reading(db, wait, parquet) as store:
        # a store read here: the query runs in a process of its own, bounded in memory and time
        result = store.query(sql, max_rows=max_rows, timeout=timeout, apart=True) if isinstance(store, Store) else store.query(sql, max_rows=max_rows, timeout=timeout)
    if result.truncated:
        err_console().print(f"[yellow]note:[/] only the first {max_rows} rows are shown (--max-rows)")
    if as_json:
        rows = [dict(zip(result.columns, row, strict=True)) for row in result.rows]
        typer.echo(_dumps(rows))
    elif as_csv:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(result.columns)
        for row in result.rows:
            writer.writerow([_csv_value(v) for v in row])
    else:
        print_rows(out_console(), result.columns, [[_shown(v) for v in row] for row in result.rows])


def _shown(value: Any) -> str:
    """A value as the query's text output shows it: as in ``--csv`` (lists and structs as JSON), on one line."""
    return str(_csv_value(value)).replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t")


# --------------------------------------------------------------------------------------------- games, show, export


def games(
    db: DbOption = None,
    invalid: Annotated[bool, typer.Option("--invalid", help="Only games whose log has violations.")] = False,
    valid: Annotated[bool, typer.Option("--valid", help="Only valid games.")] = False,
    player: Annotated[str | None, typer.Option("--player", help="Only games this player sat in.")] = None,
    ruleset: RulesetOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the games as JSON.")] = False,
    limit: Annotated[int | None, typer.Option("--limit", min=1, help="List at most this many games.")] = None,
    wait: WaitOption = DEFAULT_WAIT,
    lang: Annotated[Lang, typer.Option("--lang", help="The language of the listing.")] = Lang.en,
) -> None:
    """List stored games (ordered by id)."""
    said = GAMES_WORDS[lang.value]
    if invalid and valid:
        fail("choose one of --valid and --invalid")
    check_ruleset(ruleset)
    with reading(db, wait) as store:
        page = store.list_games(valid=False if invalid else True if valid else None, player=player, limit=limit, ruleset=ruleset)
        player_hint(store, player)
    if as_json:
        typer.echo(json.dumps([g.as_dict() for g in page.games], ensure_ascii=False, indent=2))
        return
    console = out_console()
    if not lays_out(console):  # a pipe or a file: plain text, one game a line, nothing cut
        for line in plain_lines([said[c] for c in GAMES_COLUMNS], [_plain_game(g, said) for g in page.games]):
            console.print(line, markup=False, soft_wrap=True)
    elif (table := _games_table(console, page.games, said)) is not None:
        console.print(table)
    else:  # a narrow terminal (or a table whose columns would be cut): a few lines per game, the id whole on the first
        for g in page.games:
            outcome = said["won"].format(winner=escape(g.winner)) if g.finished and g.winner else said["not_finished"]
            console.print(f"[bold]{escape(g.id)}[/]  {escape(g.ruleset or '?')}  {_valid_cell(g, said)}", soft_wrap=True)
            counts = said["counts"].format(rounds=g.n_rounds, events=g.n_events)
            console.print(f"    {outcome}, {counts}, [dim]{said['ingested_at'].format(at=g.ingested_at.strftime('%Y-%m-%d %H:%M:%S'))}[/]")
            console.print(f"    {escape(', '.join(g.players)) or '[dim]' + said['no_players'] + '[/]'}", overflow="fold")
    more = said["more"] if page.next_cursor else ""
    console.print(f"[dim]{said['games_1' if len(page.games) == 1 else 'games_n'].format(n=len(page.games))}{more}[/]")


def _games_table(console: Console, games: list[Any], said: Mapping[str, str]) -> Table | None:
    """The games as one table when it fits the terminal with every header and cell whole, else None."""
    longest = max([2, *(len(g.id) for g in games)])
    if console.width < longest + 80:
        return None
    table = Table(header_style="bold")
    # ids are what the next command is typed with: never wrapped or cut (the players column gives way)
    table.add_column(said["id"], no_wrap=True, min_width=longest)
    table.add_column(said["ruleset"], no_wrap=True)
    table.add_column(said["players"], ratio=1)
    for column in ("valid", "finished", "winner", "rounds", "events"):
        table.add_column(said[column], no_wrap=True)
    table.add_column(said["ingested"], no_wrap=True)
    for g in games:
        table.add_row(
            escape(g.id), escape(g.ruleset or "?"), escape(", ".join(g.players)), _valid_cell(g, said), said["yes" if g.finished else "no"],
            escape(g.winner or ""), str(g.n_rounds), str(g.n_events), g.ingested_at.strftime("%Y-%m-%d %H:%M:%S"),
        )
    # every column whole; the players (last here) may wrap between names
    rows = [[*row[:-1], max([*(f"{p}," for p in g.players), ""], key=cell_len)] for g, row in zip(games, (_plain_game(g, said) for g in games), strict=True)]
    return table if fits([said[c] for c in GAMES_COLUMNS], rows, console.width) else None


#: The columns of ``flip7 games`` as plain text (``_plain_game``), as keys of ``GAMES_WORDS``.
GAMES_COLUMNS = ["id", "ruleset", "valid", "finished", "winner", "rounds", "events", "ingested", "players"]
_DE = glossary("de")
#: The words of ``flip7 games``, per language (the game's words are the glossary's).
GAMES_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "id": "id", "ruleset": "ruleset", "players": "players", "valid": "valid", "finished": "finished", "winner": "winner",
        "rounds": "rounds", "events": "events", "ingested": "ingested (UTC)", "yes": "yes", "no": "no",
        "violations_1": "{n} violation", "violations_n": "{n} violations", "won": "winner {winner}", "not_finished": "not finished",
        "counts": "{rounds} rounds, {events} events", "ingested_at": "ingested {at} UTC", "no_players": "(no players)",
        "games_1": "{n} game", "games_n": "{n} games", "more": " (more not shown: raise --limit)",
    },
    "de": {
        "id": "ID", "ruleset": "Regelwerk", "players": _DE["players"], "valid": _DE["valid"], "finished": "beendet", "winner": _DE["winner"],
        "rounds": _DE["rounds"], "events": _DE["events"], "ingested": "gespeichert (UTC)", "yes": "ja", "no": "nein",
        "violations_1": "{n} " + _DE["violation"], "violations_n": "{n} " + _DE["violations"], "won": _DE["winner"] + " {winner}",
        "not_finished": "nicht beendet", "counts": "{rounds} " + _DE["rounds"] + ", {events} " + _DE["events"],
        "ingested_at": "gespeichert {at} UTC", "no_players": "(keine Spieler)",
        "games_1": "{n} " + _DE["game"], "games_n": "{n} " + _DE["games"], "more": " (weitere nicht gezeigt: --limit erhöhen)",
    },
}


def _plain_game(g: Any, said: Mapping[str, str] = GAMES_WORDS["en"]) -> list[str]:
    """A stored game's row of ``flip7 games`` as plain text (the players last: the longest cell)."""
    valid = said["valid"] if g.valid else said["violations_1" if g.n_violations == 1 else "violations_n"].format(n=g.n_violations)
    return [g.id, g.ruleset or "?", valid, said["yes" if g.finished else "no"], g.winner or "",
            str(g.n_rounds), str(g.n_events), g.ingested_at.strftime("%Y-%m-%d %H:%M:%S"), ", ".join(g.players)]


def _valid_cell(g: Any, said: Mapping[str, str] = GAMES_WORDS["en"]) -> str:
    return f"[green]{said['valid']}[/]" if g.valid else f"[red]{said['violations_1' if g.n_violations == 1 else 'violations_n'].format(n=g.n_violations)}[/]"


def show(
    game_id: Annotated[str, typer.Argument(help="The id of a stored game (see flip7 games).", metavar="ID")],
    db: DbOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the verdict JSON.")] = False,
    wait: WaitOption = DEFAULT_WAIT,
    lang: Annotated[Lang, typer.Option("--lang", help="The language of the report and of the violation messages.")] = Lang.en,
) -> None:
    """Print a stored game's verdict, as `flip7 check` prints it. Exit code 0 valid, 1 violations."""
    with reading(db, wait) as store:
        try:
            verdict = store.verdict(game_id)
            lines = store.log_lines(game_id)
            wanted = {v["line"] for v in verdict["violations"]}
            shown = offending_lines(lines, wanted) if wanted else {}
        except GameNotFound as exc:
            near = near_ids(game_id, store.game_ids())
            fail(f"{exc}; did you mean {' or '.join(repr(n) for n in near)}? (flip7 games lists them)" if near else f"{exc} (flip7 games lists the stored games)")
    if lang != Lang.en and verdict["violations"]:  # the stored messages are English: the referee words them
        told = {v["event"]: v["message"] for v in settle("\n".join(lines) + "\n", lang.value)["verdict"]["violations"]}
        verdict = {**verdict, "violations": [{**v, "message": told.get(v["event"], v["message"])} for v in verdict["violations"]]}
    if as_json:
        typer.echo(json.dumps(verdict, ensure_ascii=False, indent=2))
    else:
        render_verdict(verdict, out_console(), shown, ruleset=_ruleset_of(lines), written_id=written_game_id(lines), lang=lang.value)
    raise typer.Exit(0 if verdict["valid"] else 1)


def _ruleset_of(lines: list[str]) -> str | None:
    """The ruleset label of a stored log, from its ``game`` line (None when that is unreadable)."""
    first = next((line for line in lines if line.strip() and not line.lstrip().startswith("#")), "")
    try:
        game = json.loads(first)
    except ValueError:
        return None
    return ruleset_label(game) if isinstance(game, dict) and game.get("type") == "game" else None


def near_ids(wanted: str, ids: list[str], n: int = 3) -> list[str]:
    """Stored ids that look like ``wanted``: the same letters in another case, ids it begins or ends, then close spellings."""
    folded = wanted.casefold()
    exact = [i for i in ids if i.casefold() == folded]
    partial = [i for i in ids if folded and (i.casefold().startswith(folded) or folded in i.casefold()) and i not in exact]
    close = difflib.get_close_matches(wanted, ids, n=n, cutoff=0.6)
    out: list[str] = []
    for i in [*exact, *partial[:n], *close]:
        if i not in out:
            out.append(i)
    return out[:n]


def export(
    directory: Annotated[Path, typer.Argument(help="Folder to write <table>.parquet files into (created if missing).", metavar="DIR")],
    db: DbOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the files written as JSON: table, path and rows of each.")] = False,
    wait: WaitOption = DEFAULT_WAIT,
) -> None:
    """Write every table of the store as Parquet, for Spark, Polars or DuckDB elsewhere."""
    with reading(db, wait) as store:
        written = store.export(directory)
    if as_json:
        typer.echo(json.dumps([{"table": item.table, "path": str(item.path), "rows": item.rows} for item in written], ensure_ascii=False, indent=2))
        return
    console = out_console()
    for item in written:
        console.print(f"{escape(str(item.path))}  [dim]{item.rows} rows[/]")


def delete(
    game_ids: Annotated[list[str], typer.Argument(help="Ids of stored games (see flip7 games).", metavar="ID...")],
    db: DbOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print what was done as JSON: the ids deleted, and each id not stored with the stored ids it looks like.")] = False,
    wait: WaitOption = DEFAULT_WAIT,
) -> None:
    """Delete stored games and all their rows (as DELETE /v1/games/{id}). Exit code 0 when every
    game was deleted, 1 when some id is not stored (the others are deleted)."""
    deleted: list[str] = []
    missing: list[dict[str, Any]] = []
    with open_store(db, read_only=False, wait=wait) as store:
        known = None
        for game_id in game_ids:
            try:
                store.delete_game(game_id)
            except GameNotFound as exc:
                known = store.game_ids() if known is None else known
                near = near_ids(game_id, known)
                missing.append({"id": game_id, "error": str(exc), "near": near})
                if not as_json:
                    err_console().print(f"[bold red]error:[/] {escape(str(exc))}" + (f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""), soft_wrap=True)
            except StoreError as exc:
                fail(str(exc))
            else:
                deleted.append(game_id)
                if not as_json:
                    typer.echo(f"deleted {game_id}")
    if as_json:
        typer.echo(json.dumps({"deleted": deleted, "not_stored": missing}, ensure_ascii=False, indent=2))
    raise typer.Exit(1 if missing else 0)


def register(app: typer.Typer) -> None:
    """Add `ingest`, `stats`, `query`, `games`, `show`, `export` and `delete` to the app."""
    app.command()(ingest)
    app.command()(stats)
    app.command()(query)
    app.command()(games)
    app.command()(show)
    app.command()(export)
    app.command()(delete)
