"""`flip7 check`, `flip7 state` and `flip7 schema`: judge logs and look at the table."""

from __future__ import annotations

import json
import multiprocessing
import os
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import Progress

from adjudicator.bulk import bulk_replays, tune_for_bulk
from adjudicator.errors import Flip7Error
from adjudicator.notation import replay_any
from adjudicator.referee import Witness, word_violations
from adjudicator.replay import ruleset_label
from adjudicator.rulesets import event_json_schema
from adjudicator.source import lines_from_stream, printable
from adjudicator.timeline import table_at
from cli.common import describe_os_error, err_console, fail, open_log, out_console
from cli.convert import Lang, read_text
from cli.render import WORDS, offending_lines, render_state, render_verdict, written_game_id

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

#: How ``check`` prints each log: the human report, ``--json`` (one verdict, or an item of the
#: array for several files), ``--jsonl``.
REPORT, JSON_ONE, JSON_ITEM, JSONL = "report", "json", "json-item", "jsonl"


@dataclass(frozen=True, slots=True)
class Judged:
    """One log judged (in a worker process, when there are several): what the summary counts, and
    what is printed. For the JSON forms the worker writes the text itself, so the parent only
    prints; for the human report it sends the verdict and the offending lines."""

    name: str
    error: str | None  # the log could not be read: why
    valid: bool = False
    codes: tuple[str, ...] = ()
    text: str | None = None  # the printed form (JSON forms)
    verdict: dict[str, Any] | None = None  # the human report only
    shown: dict[int, str] = field(default_factory=dict)
    ruleset: str | None = None  # the human report only: ``ruleset_label`` of the game's options
    written_id: str | None = None  # the human report only: the id of a refused game line


def _judge(name: str, form: str = REPORT, lang: str = "en") -> Judged:
    """Judge one log and prepare how ``form`` prints it (violation messages in ``lang``)."""
    try:
        with open_log(name) as stream:
            witness = Witness() if lang != "en" else None  # the referee words it, from this one replay
            result = replay_any(lines_from_stream(stream), observer=witness)[0]
            verdict = result.verdict.to_dict()
            if witness is not None:
                word_violations(verdict["violations"], witness, result.verdict, lang)
            codes = tuple(v["code"] for v in verdict["violations"])
            if form != REPORT:
                return Judged(name, None, verdict["valid"], codes, text=_json_form(name, verdict, form))
            wanted = {v["line"] for v in verdict["violations"]}
            shown: dict[int, str] = {}
            if wanted:
                stream.seek(0)
                shown = offending_lines(lines_from_stream(stream), wanted)
            written_id = None
            if verdict["game"] is None:  # a refused game line: its header shows the id it is written with
                stream.seek(0)
                written_id = written_game_id(lines_from_stream(stream))
            return Judged(name, None, verdict["valid"], codes, verdict=verdict, shown=shown, ruleset=ruleset_label(result.options), written_id=written_id)
    except OSError as exc:
        error = printable(describe_os_error(name, exc))
    except Flip7Error as exc:
        error = printable(f"{name}: {exc}")
    return Judged(name, error, text=None if form == REPORT else _json_form(name, {"file": printable(name), "error": error}, form))


def _json_form(name: str, item: dict[str, Any], form: str) -> str:
    """``item`` (a verdict, or an error object) as ``form`` prints it."""
    if form == JSONL:
        return json.dumps(item if "error" in item else {"file": printable(name), **item}, ensure_ascii=False)
    text = json.dumps(item, ensure_ascii=False, indent=2)
    # as json.dumps(array, indent=2) lays out an item (the text has no line breaks of its own)
    return text if form == JSON_ONE else "  " + text.replace("\n", "\n  ")


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


def _judged(files: list[str], workers: int, form: str, ordered: bool, lang: str = "en") -> Iterator[Judged]:
    """Judge ``files`` here, or in a pool of ``workers`` processes (in input order when ``ordered``,
    else as each finishes). Results are yielded one by one: nothing is kept."""
    if workers <= 1:
        yield from (_judge(name, form, lang) for name in files)
        return
    chunk = max(1, min(32, len(files) // (workers * 8)))
    judge = partial(_judge, form=form, lang=lang)
    with multiprocessing.get_context(_start_method()).Pool(workers, initializer=tune_for_bulk) as pool:
        results = pool.imap(judge, files, chunk) if ordered else pool.imap_unordered(judge, files, chunk)
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


def check(
    files: Annotated[
        list[str],
        typer.Argument(help="Log files (JSON Lines or the notation) or folders of *.jsonl logs; '-' reads standard input.", metavar="FILE..."),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print the verdict JSON (an array for several files or a folder).")] = False,
    as_jsonl: Annotated[
        bool, typer.Option("--jsonl", help="Print one verdict per line as each file finishes (for many files: memory stays flat).")
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the logs that fail, and the summary.")] = False,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", min=0, help=f"Worker processes (0: one per CPU from {PARALLEL_FROM} files on, else one).")
    ] = 0,
    lang: Annotated[Lang, typer.Option("--lang", help="The language of the report and of the violation messages (in the JSON too).")] = Lang.en,
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
        form = JSONL if as_jsonl else (JSON_ITEM if many else JSON_ONE) if as_json else REPORT
        for judged in _judged(files, workers, form, ordered=not as_jsonl, lang=lang.value):
            progress.advance(task)
            if judged.error is not None:
                errors.print(f"[bold red]error:[/] {escape(judged.error)}", soft_wrap=True)
                worst = EXIT_UNREADABLE
                counts["unreadable"] += 1
            else:
                if not judged.valid and worst == EXIT_VALID:
                    worst = EXIT_VIOLATIONS
                counts["valid" if judged.valid else "with violations"] += 1
                codes.update(judged.codes)
            if form == JSONL:
                out.write(lambda text=judged.text: print(text))  # type: ignore[misc]
            elif form != REPORT:
                lead = "" if not many else ("[\n" if first else ",\n")
                out.write(lambda text=judged.text, lead=lead: print(lead + text, end="" if many else "\n"))  # type: ignore[misc]
            elif judged.verdict is not None and not (quiet and judged.valid):
                out.write(lambda j=judged: render_verdict(j.verdict, console, j.shown, name=j.name if many else None, ruleset=j.ruleset, written_id=j.written_id, lang=lang.value))  # type: ignore[misc]
            first = False
    if as_json and many:
        out.write(lambda: print("\n]"))
    if many:
        said = WORDS[lang.value]
        summary = said["logs"].format(n=len(files)) + ", ".join(f"{n} {said['count_' + label.replace(' ', '_')]}" for label, n in counts.items())
        if codes:
            summary += "\n" + said["by_code"] + ", ".join(f"{code} {n}" for code, n in sorted(codes.items(), key=lambda kv: (-kv[1], kv[0])))
        if as_jsonl:
            errors.print(summary, soft_wrap=True, markup=False)
        elif not as_json:
            out.write(lambda: console.print(summary, soft_wrap=True, markup=False))
    raise typer.Exit(worst)


def state(
    file: Annotated[str, typer.Argument(help="A log file (JSON Lines or the notation); '-' reads standard input.", metavar="FILE")],
    at: Annotated[int, typer.Option("--at", help="Show the table after this event (the game line is event 0).", min=0)],
    as_json: Annotated[bool, typer.Option("--json", help="Print the table as JSON.")] = False,
    lang: Annotated[
        Lang, typer.Option("--lang", help="The language of the report: what the event did, what comes next, the legal moves and a violation (its message in the JSON too).")
    ] = Lang.en,
) -> None:
    """Show the table as it stood after event N: who deals, each player's row and totals, whose move
    and what is legal, cards still owed (a Flip Three), set-aside cards, and the piles in deck order."""
    text: str | None = None
    try:
        if lang is Lang.en:
            with open_log(file) as stream:
                view = table_at(lines_from_stream(stream), at)
        else:  # the referee retells the log: it is read whole
            text = read_text(file)
            view = table_at(text, at)
    except OSError as exc:
        fail(describe_os_error(file, exc))
    except Flip7Error as exc:
        fail(f"{file}: {exc}")
    told = _told(text, at, view, lang.value) if text is not None else None
    if as_json:
        data = view.to_dict()
        if told is not None and told.get("stopped") and data.get("stopped_by"):
            data["stopped_by"]["message"] = told["stopped"]
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        render_state(view, out_console(), lang.value, told)


def _told(text: str, at: int, view: Any, lang: str) -> dict[str, Any]:
    """What ``flip7 state`` says in ``lang`` in place of the view's English (``render_state``'s
    ``told``): the referee's sentences for event ``at``, what the table waits for, the legal moves
    as notation statements, and the message of the violation that stopped the replay."""
    from adjudicator.live.table import owed
    from adjudicator.notation import state_any, statement
    from adjudicator.referee import explain
    from adjudicator.rules import expecting, legal_moves

    told: dict[str, Any] = {}
    events: list[dict[str, Any]] = []
    try:
        told_here = explain(text, lang, at=at)
        events = told_here["events"]
        told["did"] = next((entry["text"] for entry in events if entry["event"] == at), [])
        # why a player is out, in the referee's words (the rows' notes are the view's English)
        told["notes"] = {p["name"]: [p["why"]] for p in told_here["players"] if p["outcome"] not in ("in", "playing")}
    except Flip7Error:
        pass
    if view.stopped_by is not None:
        # the referee's telling above judged the same events: its ruling words the violation
        told["stopped"] = next(
            (entry["violation"]["message"] for entry in events if entry.get("violation", {}).get("event") == view.stopped_by.event),
            view.stopped_by.message,
        )
        told["next"], told["legal"] = "", []  # the replay stopped: nothing is legal from here
        return told
    if view.game is None:
        return told
    state = state_any(text, at).state
    told["next"] = owed(state, expecting(state), lang)
    told["legal"] = [statement(m, lang, str(view.ruleset)) for m in legal_moves(state) if m.type != "card"]
    return told


def schema(
    as_json: Annotated[bool, typer.Option("--json", help="Print the schema as JSON (what it always prints; accepted as every command accepts it).")] = False,
) -> None:
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
