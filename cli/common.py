"""Helpers shared by the command modules: opening inputs, printing errors, consoles."""

from __future__ import annotations

import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO, NoReturn

import typer
from rich.console import Console

#: Standard input is spooled to memory up to this size, then to a temporary file.
_SPOOL_BYTES = 8 * 1024 * 1024


def out_console() -> Console:
    """A console for standard output (wide enough that tables do not wrap in pipes)."""
    return Console(soft_wrap=False, width=max(100, shutil.get_terminal_size((120, 24)).columns), highlight=False)


def err_console() -> Console:
    """A console for standard error."""
    return Console(stderr=True, highlight=False)


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``message`` as an error on standard error and exit with ``code`` (no traceback)."""
    err_console().print(f"[bold red]error:[/] {message}", soft_wrap=True)
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
