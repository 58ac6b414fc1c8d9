"""`flip7 check`, `flip7 state` and `flip7 schema`: judge logs and look at the table."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import Progress

from adjudicator.errors import Flip7Error
from adjudicator.events import event_json_schema
from adjudicator.replay import replay_log, state_at
from adjudicator.source import lines_from_stream
from adjudicator.table import table_view
from cli.common import describe_os_error, err_console, fail, open_log, out_console
from cli.render import offending_lines, render_state, render_verdict

EXIT_VALID, EXIT_VIOLATIONS, EXIT_UNREADABLE = 0, 1, 2
#: A progress bar (on a terminal) from this many files on.
PROGRESS_FROM = 20


def _judge(name: str) -> tuple[dict[str, Any] | None, dict[int, str], str | None]:
    """Judge one log: (verdict, offending lines by number, error message if unreadable)."""
    try:
        with open_log(name) as stream:
            verdict = replay_log(lines_from_stream(stream)).verdict.to_dict()
            wanted = {v["line"] for v in verdict["violations"]}
            shown: dict[int, str] = {}
            if wanted:
                stream.seek(0)
                shown = offending_lines(lines_from_stream(stream), wanted)
            return verdict, shown, None
    except OSError as exc:
        return None, {}, describe_os_error(name, exc)
    except Flip7Error as exc:
        return None, {}, f"{name}: {exc}"


def check(
    files: Annotated[list[str], typer.Argument(help="Log files (JSON Lines); '-' reads standard input.", metavar="FILE...")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the verdict JSON (an array when several files are given).")] = False,
) -> None:
    """Replay game logs and judge every move, score and the winner.

    Exit code 0: every log is valid; 1: some log has violations; 2: some input could not be read.
    """
    console = out_console()
    errors = err_console()
    results: list[dict[str, Any]] = []
    worst = EXIT_VALID
    counts = {"valid": 0, "with violations": 0, "unreadable": 0}
    show_progress = len(files) >= PROGRESS_FROM and errors.is_terminal
    with Progress(*Progress.get_default_columns(), console=errors, transient=True, disable=not show_progress) as progress:
        task = progress.add_task("checking", total=len(files))
        for name in files:
            verdict, shown, error = _judge(name)
            progress.advance(task)
            if error is not None:
                errors.print(f"[bold red]error:[/] {escape(error)}", soft_wrap=True)
                worst = EXIT_UNREADABLE
                counts["unreadable"] += 1
                results.append({"file": name, "error": error})
                continue
            assert verdict is not None
            if not verdict["valid"] and worst == EXIT_VALID:
                worst = EXIT_VIOLATIONS
            counts["valid" if verdict["valid"] else "with violations"] += 1
            results.append(verdict)
            if not as_json:
                render_verdict(verdict, console, shown, name=name if len(files) > 1 else None)
    if not as_json and len(files) > 1:
        console.print(f"{len(files)} logs: " + ", ".join(f"{n} {label}" for label, n in counts.items()))
    if as_json:
        if len(files) == 1:
            if "error" not in results[0]:
                typer.echo(json.dumps(results[0], ensure_ascii=False, indent=2))
        else:
            typer.echo(json.dumps(results, ensure_ascii=False, indent=2))
    raise typer.Exit(worst)


def state(
    file: Annotated[str, typer.Argument(help="A log file; '-' reads standard input.", metavar="FILE")],
    at: Annotated[int, typer.Option("--at", help="Show the table after this event (the game line is event 0).", min=0)],
    as_json: Annotated[bool, typer.Option("--json", help="Print the table as JSON.")] = False,
) -> None:
    """Show the table as it stood after event N: rows, totals, dealer, whose move and what is legal."""
    try:
        with open_log(file) as stream:
            result = state_at(lines_from_stream(stream), at)
    except OSError as exc:
        fail(describe_os_error(file, exc))
    except Flip7Error as exc:
        fail(f"{file}: {exc}")
    view = table_view(result)
    if as_json:
        typer.echo(json.dumps(view.to_dict(), ensure_ascii=False, indent=2))
    else:
        render_state(view, out_console())


def schema() -> None:
    """Print the JSON Schema of one log line (any flip7-log/1 event)."""
    typer.echo(json.dumps(event_json_schema(), indent=2))


def register(app: typer.Typer) -> None:
    """Add `check`, `state` and `schema` to the app."""
    app.command()(check)
    app.command()(state)
    app.command()(schema)
