"""`flip7 convert`: turn a log into the table notation or back into JSON Lines."""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from adjudicator.errors import LogUnreadable, RuleViolation
from adjudicator.events import parse_event
from adjudicator.notation import is_jsonl, jsonl_to_notation, notation_to_jsonl, parse_notation
from adjudicator.source import TooLongLine, lines_from_text
from cli.common import describe_os_error, err_console, fail, open_log


class Format(StrEnum):
    notation = "notation"
    jsonl = "jsonl"


class Lang(StrEnum):
    en = "en"
    de = "de"


def read_text(name: str) -> str:
    """The whole text of a log file (``-``: standard input); exits with code 2 if it cannot be read."""
    if name == "-" and sys.stdin.isatty():  # else it would wait without a word
        err_console().print("[dim]reading the log (JSON Lines or the notation) from standard input; end it with Ctrl-D[/]", soft_wrap=True)
    try:
        with open_log(name) as stream:
            data = stream.read()
    except OSError as exc:
        fail(describe_os_error(name, exc))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        # worded as the line-by-line reader words it (adjudicator.source), for the same file
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        line = data.count(b"\n", 0, exc.start) + 1
        fail(f"{name}: {LogUnreadable(f'line {line} is not UTF-8 text (byte {exc.start - line_start + 1} of the line is 0x{data[exc.start]:02x})')}")


def convert(
    file: Annotated[str, typer.Argument(help="A log in JSON Lines or in the notation; '-' reads standard input.", metavar="FILE")],
    to: Annotated[Format, typer.Option("--to", help="The format to write.")],
    lang: Annotated[Lang, typer.Option("--lang", help="The words the notation is written in.")] = Lang.en,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write here instead of standard output.")] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print a JSON object instead: the formats, and the converted text (or the file written); errors as a list with their lines.")
    ] = False,
) -> None:
    """Convert a log between JSON Lines and the table notation (docs/notation.md), both ways.

    The input's format is recognised by its first event line ('{' starts JSON Lines). Comments and blank lines are kept.

    A notation statement that cannot be read, or a line longer than a log's line may be, is reported with its line (exit code 2) and nothing is written: a conversion never loses a line.
    """
    text = read_text(file)
    lines = list(lines_from_text(text))
    source = Format.jsonl if is_jsonl(lines) else Format.notation
    if source is Format.jsonl:
        _refuse_too_long(file, lines, as_json)
        result = jsonl_to_notation(lines, lang.value) if to is Format.notation else _jsonl_again(lines)
    else:
        notation = parse_notation(text)
        if notation.errors:
            if as_json:
                typer.echo(json.dumps({"errors": [{"line": e.line, "column": e.column, "message": e.message, "suggestion": e.suggestion} for e in notation.errors]}, ensure_ascii=False, indent=2))
                raise typer.Exit(2)
            errors = err_console()
            for error in notation.errors:
                errors.print(f"[bold red]error:[/] {file}: {error}", soft_wrap=True, markup=True, highlight=False)
            raise typer.Exit(2)
        jsonl = notation_to_jsonl(notation)
        result = "".join(f"{line}\n" for line in jsonl) if to is Format.jsonl else jsonl_to_notation(jsonl, lang.value)
    if output is not None:
        try:
            output.write_text(result, encoding="utf-8")
        except OSError as exc:
            fail(describe_os_error(str(output), exc))
    if as_json:
        done: dict[str, object] = {"from": source.value, "to": to.value, "lang": lang.value if to is Format.notation else None}
        done |= {"output": str(output)} if output is not None else {"text": result}
        typer.echo(json.dumps(done, ensure_ascii=False, indent=2))
    elif output is None:
        typer.echo(result, nl=False)


def _refuse_too_long(file: str, lines: list[str], as_json: bool = False) -> None:
    """Exit 2 naming every line over the line cap (``flip7 check`` refuses them too): converted,
    such a line would be lost, since the reader keeps none of its text."""
    too_long = [(number, line) for number, line in enumerate(lines, 1) if isinstance(line, TooLongLine)]
    if not too_long:
        return
    found = []
    for number, line in too_long:
        try:
            parse_event(line)
        except RuleViolation as exc:  # the core's own words for the line cap
            found.append((number, exc.message))
    if as_json:
        typer.echo(json.dumps({"errors": [{"line": n, "column": 1, "message": m, "suggestion": None} for n, m in found]}, ensure_ascii=False, indent=2))
        raise typer.Exit(2)
    errors = err_console()
    for number, message in found:
        errors.print(f"[bold red]error:[/] {escape(file)}: line {number}: {escape(message)}; nothing is written", soft_wrap=True, highlight=False)
    raise typer.Exit(2)


def _jsonl_again(lines: list[str]) -> str:
    """JSON Lines in, JSON Lines out: each event printed the canonical way, the rest kept."""
    return "".join(f"{line}\n" for line in notation_to_jsonl(parse_notation(jsonl_to_notation(lines))))


def register(app: typer.Typer) -> None:
    """Add `convert` to the app."""
    app.command()(convert)
