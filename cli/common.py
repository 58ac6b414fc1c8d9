"""Helpers shared by the command modules: opening inputs, printing errors, consoles."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.text import Text

#: Standard input is spooled to memory up to this size, then to a temporary file.
_SPOOL_BYTES = 8 * 1024 * 1024


#: Width of standard output when it is not a terminal and ``$COLUMNS`` is not set.
PIPE_WIDTH = 120


def output_width(is_terminal: bool) -> int:
    """Columns to lay output out in: the terminal's (or ``$COLUMNS``), else ``PIPE_WIDTH`` for a pipe."""
    if is_terminal or os.environ.get("COLUMNS", "").isdigit():
        return max(40, shutil.get_terminal_size((PIPE_WIDTH, 24)).columns)
    return PIPE_WIDTH


def out_console() -> Console:
    """A console for standard output, as wide as the terminal (``PIPE_WIDTH`` in a pipe)."""
    return Console(soft_wrap=False, width=output_width(sys.stdout.isatty()), highlight=False)


def quiet_on_closed_pipe(console: Console) -> Console:
    """Make ``console`` end its output quietly when the reader goes away (``flip7 explain … | head``):
    the rest is dropped and the command exits with its own code, as ``check`` does (rich would
    exit 1)."""

    def reader_gone() -> None:
        console.quiet = True
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so the flush at exit does not complain either
        os.close(devnull)

    console.on_broken_pipe = reader_gone  # type: ignore[method-assign]
    return console


def lays_out(console: Console) -> bool:
    """Whether ``console`` writes to a terminal (or ``$COLUMNS`` says how wide): its long lines are
    then wrapped at words. Into a pipe each message stays one line, for ``grep``."""
    return console.is_terminal or os.environ.get("COLUMNS", "").isdigit()


def say(console: Console, head: str, text: str, indent: int = 4) -> None:
    """Print ``head`` (rich markup) and then ``text`` (plain), wrapped at words to the console's
    width with later lines indented by ``indent`` (see ``lays_out``; a word longer than a line is
    the only thing broken)."""
    plain_head = Text.from_markup(head).plain
    if not lays_out(console):
        console.print(head + escape(text), soft_wrap=True)
        return
    lines = textwrap.wrap(plain_head + text, console.width, subsequent_indent=" " * indent, break_on_hyphens=False) or [plain_head]
    if lines[0].startswith(plain_head.rstrip()):
        console.print(head.rstrip() + escape(lines[0][len(plain_head.rstrip()):]), soft_wrap=True)
    else:  # the head itself is wider than the console
        console.print(escape(lines[0]), soft_wrap=True)
    for line in lines[1:]:
        console.print(escape(line), soft_wrap=True)


def err_console() -> Console:
    """A console for standard error."""
    return Console(stderr=True, highlight=False)


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``message`` as an error on standard error and exit with ``code`` (no traceback)."""
    console = err_console()
    if lays_out(console):
        console.print(f"[bold red]error:[/] {message}")  # rich wraps at words
    else:
        console.print(f"[bold red]error:[/] {message}", soft_wrap=True)
    raise typer.Exit(code)


@contextmanager
def open_log(name: str) -> Iterator[BinaryIO]:
    """Open a log for reading as bytes: a path, or ``-`` for standard input (spooled so it can be
    read twice, e.g. to show the offending lines). Raises ``OSError`` with a clear message."""
    if name == "-":
        with tempfile.SpooledTemporaryFile(max_size=_SPOOL_BYTES) as spool:
            shutil.copyfileobj(sys.stdin.buffer, spool)
            spool.seek(0)
            yield spool  # type: ignore[misc]
        return
    path = Path(name)
    if path.is_dir():
        raise IsADirectoryError(f"{name} is a folder, not a log file")
    with path.open("rb") as handle:
        yield handle


def describe_os_error(name: str, exc: OSError) -> str:
    """A one-line message for a file that could not be opened."""
    if isinstance(exc, FileNotFoundError):
        return f"{name}: no such file"
    if isinstance(exc, PermissionError):
        return f"{name}: permission denied"
    return f"{name}: {exc.strerror or exc}"
