"""`flip7 check`, `flip7 state` and `flip7 schema`: judge logs and look at the table."""

from __future__ import annotations

import json
import multiprocessing
import os
import sys
import textwrap
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import Progress

from adjudicator.bulk import bulk_replays, tune_for_bulk
from adjudicator.errors import Flip7Error
from adjudicator.events import event_json_schema
from adjudicator.replay import replay_log, state_at
from adjudicator.source import lines_from_stream, printable
from adjudicator.table import table_view
from cli.common import describe_os_error, err_console, fail, open_log, out_console
from cli.render import offending_lines, render_state, render_verdict

EXIT_VALID, EXIT_VIOLATIONS, EXIT_UNREADABLE = 0, 1, 2
#: A progress bar (on a terminal) from this many files on.
PROGRESS_FROM = 20
#: Without ``--jobs``, check in one process per CPU from this many files on.
PARALLEL_FROM = 100

def _start_method() -> str:
    """How worker processes start: forked on Linux while this process runs no other thread (a
    spawned worker imports the whole command line again: half a second of CPU each, measured on
    1,000 games as 0.8 s of overhead against 0.4 s forked); spawned otherwise."""
    return "fork" if sys.platform == "linux" and threading.active_count() == 1 else "spawn"

Judged = tuple[str, dict[str, Any] | None, dict[int, str], str | None]


def _judge(name: str) -> Judged:
    """Judge one log: (name, verdict, offending lines by number, error message if unreadable)."""
    try:
        with open_log(name) as stream:
            verdict = replay_log(lines_from_stream(stream)).verdict.to_dict()
            wanted = {v["line"] for v in verdict["violations"]}
            shown: dict[int, str] = {}
            if wanted:
                stream.seek(0)
                shown = offending_lines(lines_from_stream(stream), wanted)
            return name, verdict, shown, None
    except OSError as exc:
        return name, None, {}, printable(describe_os_error(name, exc))
    except Flip7Error as exc:
        return name, None, {}, printable(f"{name}: {exc}")


def expand_inputs(names: list[str]) -> tuple[list[str], bool]:
    """The log files the arguments stand for (a folder: its ``*.jsonl`` files, searched through,
    sorted), and whether a folder was among them. An empty folder ends the command (exit 2)."""
    out: list[str] = []
    folder = False
    for name in names:
        path = Path(name)
        if name != "-" and path.is_dir():
            folder = True
            found = sorted(str(p) for p in path.rglob("*.jsonl") if p.is_file())
            if not found:
                fail(f"{name} is a folder with no *.jsonl log files in it")
            out.extend(found)
        else:
            out.append(name)
    return out, folder


def _judged(files: list[str], workers: int, ordered: bool) -> Iterator[Judged]:
    """Judge ``files`` here, or in a pool of ``workers`` processes (in input order when ``ordered``,
    else as each finishes). Results are yielded one by one: nothing is kept."""
    if workers <= 1:
        yield from map(_judge, files)
        return
    chunk = max(1, min(32, len(files) // (workers * 8)))
    with multiprocessing.get_context(_start_method()).Pool(workers, initializer=tune_for_bulk) as pool:
        results = pool.imap(_judge, files, chunk) if ordered else pool.imap_unordered(_judge, files, chunk)
        yield from results


class _Output:
    """Standard output that a closed pipe (``flip7 check … | head``) silences instead of failing:
    after the first ``BrokenPipeError`` everything further is dropped, and the exit code stays the
    verdicts' own."""

    def __init__(self) -> None:
        self.closed = False

    @staticmethod
    def reader_gone() -> None:
        """What the console does on a closed pipe: let ``write`` handle it."""
        raise BrokenPipeError

    def write(self, emit: Callable[[], None]) -> None:
        """Run ``emit`` (which prints), unless the reader has gone."""
        if self.closed:
            return
        try:
            emit()
            sys.stdout.flush()
        except BrokenPipeError:
            self.closed = True
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())  # so the flush at exit does not complain either
            os.close(devnull)


def _indented(verdict: Mapping[str, Any]) -> str:
    """One array item as ``json.dumps(array, indent=2)`` lays it out."""
    return textwrap.indent(json.dumps(verdict, ensure_ascii=False, indent=2), "  ")


def check(
    files: Annotated[
        list[str], typer.Argument(help="Log files (JSON Lines) or folders of *.jsonl logs; '-' reads standard input.", metavar="FILE...")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print the verdict JSON (an array for several files or a folder).")] = False,
    as_jsonl: Annotated[
        bool, typer.Option("--jsonl", help="Print one verdict per line as each file finishes (for many files: memory stays flat).")
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the logs that fail, and the summary.")] = False,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", min=0, help=f"Worker processes (0: one per CPU from {PARALLEL_FROM} files on, else one).")
    ] = 0,
) -> None:
    """Replay game logs and judge every move, score and the winner.

    Exit code 0: every log is valid; 1: some log has violations; 2: some input could not be read.
    With several files a summary ends the report (on standard error with --jsonl); it counts the
    violations by code.
    """
    if as_json and as_jsonl:
        fail("choose one of --json and --jsonl")
    files, folder = expand_inputs(files)
    many = len(files) > 1 or folder
    workers = 1 if "-" in files else (jobs or ((os.cpu_count() or 1) if len(files) >= PARALLEL_FROM else 1))
    console = out_console()
    errors = err_console()
    out = _Output()
    console.on_broken_pipe = out.reader_gone  # type: ignore[method-assign]  # rich would exit 1 itself
    worst = EXIT_VALID
    counts = {"valid": 0, "with violations": 0, "unreadable": 0}
    codes: Counter[str] = Counter()
    show_progress = len(files) >= PROGRESS_FROM and errors.is_terminal
    first = True
    # output piped elsewhere must stay there: the bar takes over standard output only when both share the terminal
    with bulk_replays(), Progress(
        *Progress.get_default_columns(), console=errors, transient=True, disable=not show_progress, redirect_stdout=sys.stdout.isatty()
    ) as progress:
        task = progress.add_task("checking", total=len(files))
        for name, verdict, shown, error in _judged(files, workers, ordered=not as_jsonl):
            progress.advance(task)
            item: dict[str, Any]
            if error is not None:
                errors.print(f"[bold red]error:[/] {escape(error)}", soft_wrap=True)
                worst = EXIT_UNREADABLE
                counts["unreadable"] += 1
                item = {"file": printable(name), "error": error}
            else:
                assert verdict is not None
                if not verdict["valid"] and worst == EXIT_VALID:
                    worst = EXIT_VIOLATIONS
                counts["valid" if verdict["valid"] else "with violations"] += 1
                codes.update(v["code"] for v in verdict["violations"])
                item = verdict
            if as_jsonl:
                line = json.dumps({"file": printable(name), **item} if error is None else item, ensure_ascii=False)
                out.write(lambda line=line: print(line))  # type: ignore[misc]
            elif as_json:
                text = json.dumps(item, ensure_ascii=False, indent=2) if not many else _indented(item)
                lead = "" if not many else ("[\n" if first else ",\n")
                out.write(lambda text=text, lead=lead: print(lead + text, end="" if many else "\n"))  # type: ignore[misc]
            elif verdict is not None and not (quiet and verdict["valid"]):
                out.write(lambda verdict=verdict, shown=shown, name=name: render_verdict(  # type: ignore[misc]
                    verdict, console, shown, name=name if many else None
                ))
            first = False
    if as_json and many:
        out.write(lambda: print("\n]"))
    if many:
        summary = f"{len(files)} logs: " + ", ".join(f"{n} {label}" for label, n in counts.items())
        if codes:
            summary += "\nviolations by code: " + ", ".join(f"{code} {n}" for code, n in sorted(codes.items(), key=lambda kv: (-kv[1], kv[0])))
        if as_jsonl:
            errors.print(summary, soft_wrap=True, markup=False)
        elif not as_json:
            out.write(lambda: console.print(summary, soft_wrap=True, markup=False))
    raise typer.Exit(worst)


def state(
    file: Annotated[str, typer.Argument(help="A log file; '-' reads standard input.", metavar="FILE")],
    at: Annotated[int, typer.Option("--at", help="Show the table after this event (the game line is event 0).", min=0)],
    as_json: Annotated[bool, typer.Option("--json", help="Print the table as JSON.")] = False,
) -> None:
    """Show the table as it stood after event N: who deals, each player's row and totals, whose move
    and what is legal, cards still owed (a Flip Three), set-aside cards, and the piles in deck order."""
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
    typer.echo(json.dumps(_plain_text(event_json_schema()), indent=2))


def _plain_text(value: Any) -> Any:
    """The schema with its descriptions in plain Markdown: the docstrings' reST ````code```` as `code`."""
    if isinstance(value, dict):
        return {k: (v.replace("``", "`") if k == "description" and isinstance(v, str) else _plain_text(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain_text(v) for v in value]
    return value


def register(app: typer.Typer) -> None:
    """Add `check`, `state` and `schema` to the app."""
    app.command()(check)
    app.command()(state)
    app.command()(schema)
