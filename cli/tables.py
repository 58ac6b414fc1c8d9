"""Tables of rows laid out to the console's width: whole headers and whole cells, never cut.

A table too wide for the width is printed as several tables one under another, each with the
columns that name a row (``key_columns``) and as many of the others as fit. Nothing is shortened
to ``…`` and no cell wraps, so every value reads as it is in ``--json`` and ``--csv``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console, JustifyMethod
from rich.markup import escape
from rich.table import Table

from cli.common import lays_out, say

#: What a column costs besides its text: the border on its left and a space either side.
_COLUMN_EDGE = 3


def key_columns(columns: Sequence[str], rows: Sequence[Sequence[str]]) -> int:
    """How many leading columns name a row: the fewest whose values together differ on every row
    (one when none do, or when there are no rows)."""
    for count in range(1, len(columns) + 1):
        if len({tuple(row[:count]) for row in rows}) == len(rows):
            return count
    return 1


def _is_number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def is_text(rows: Sequence[Sequence[str]], index: int) -> bool:
    """Whether column ``index`` holds text (left-aligned) rather than numbers (right-aligned)."""
    return any(row[index] and not _is_number(row[index]) for row in rows)


def _widths(columns: Sequence[str], rows: Sequence[Sequence[str]]) -> list[int]:
    """Each column's width: its header or its widest cell."""
    return [max([cell_len(name)] + [cell_len(row[i]) for row in rows]) for i, name in enumerate(columns)]


def column_groups(columns: Sequence[str], rows: Sequence[Sequence[str]], width: int) -> list[list[int]]:
    """The columns of each table to print, by index: all in one when they fit in ``width``, else the
    key columns with as many of the rest, in order, as fit (at least one more per table)."""
    widths = _widths(columns, rows)
    if sum(w + _COLUMN_EDGE for w in widths) + 1 <= width:
        return [list(range(len(columns)))]
    keys = list(range(min(key_columns(columns, rows), len(columns) - 1)))
    base = sum(widths[k] + _COLUMN_EDGE for k in keys) + 1
    groups: list[list[int]] = []
    current: list[int] = []
    used = base
    for index in range(len(keys), len(columns)):
        cost = widths[index] + _COLUMN_EDGE
        if current and used + cost > width:
            groups.append(keys + current)
            current, used = [], base
        current.append(index)
        used += cost
    if current:
        groups.append(keys + current)
    return groups


def fitted_tables(columns: Sequence[str], rows: Sequence[Sequence[str]], width: int) -> list[Table]:
    """``rows`` (cells as text) under ``columns`` as rich tables that fit ``width`` (see ``column_groups``)."""
    if not rows:
        rows = [["–"] + [""] * (len(columns) - 1)]
    tables = []
    for group in column_groups(columns, rows, width):
        table = Table(header_style="bold")
        for index in group:
            justify: JustifyMethod = "left" if is_text(rows, index) else "right"
            table.add_column(escape(columns[index]), justify=justify, no_wrap=True)
        for row in rows:
            table.add_row(*(escape(row[index]) for index in group))
        tables.append(table)
    return tables


def plain_lines(columns: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """``rows`` under ``columns`` as plain text for a pipe or a file: no borders, each column as wide
    as its widest cell, two spaces apart, nothing cut (a line is as long as its row)."""
    widths = _widths(columns, rows)
    text = [i for i in range(len(columns)) if is_text(rows, i)]

    def line(cells: Sequence[str], header: bool = False) -> str:
        parts = [c.ljust(w) if header or i in text else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True))]
        return "  ".join(parts).rstrip()

    return [line(columns, header=True), *(line(row) for row in rows)]


def fits(columns: Sequence[str], rows: Sequence[Sequence[str]], width: int) -> bool:
    """Whether ``rows`` under ``columns`` fit in one bordered table of ``width`` with nothing cut."""
    return sum(w + _COLUMN_EDGE for w in _widths(columns, rows)) + 1 <= width


def record_blocks(columns: Sequence[str], rows: Sequence[Sequence[str]]) -> list[list[tuple[str, str]]]:
    """One block per row, for a table too wide to read across: (column, value) pairs, every column
    of the row (the caller prints each block under a heading and folds long values)."""
    return [list(zip(columns, row, strict=True)) for row in rows]


def print_rows(console: Console, columns: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """Print rows (cells as text) readably, nothing cut: into a pipe or a file as plain text
    (``plain_lines``); on a terminal as one table when it fits the width, else one block per row
    (each column on a line of its own, long values wrapped under themselves)."""
    if not lays_out(console):
        for line in plain_lines(columns, rows):
            console.print(line, markup=False, soft_wrap=True)
        return
    if fits(columns, rows, console.width):
        table = Table(header_style="bold")
        for index, name in enumerate(columns):
            table.add_column(escape(name), justify="left" if is_text(rows, index) else "right", no_wrap=True)
        for row in rows:
            table.add_row(*(escape(cell) for cell in row))
        console.print(table)
        return
    label = max([cell_len(name) for name in columns] or [0])
    for number, block in enumerate(record_blocks(columns, rows), 1):
        console.print(f"[bold]-- row {number} --[/]")
        for name, value in block:
            pad = " " * (label - cell_len(name) + 2)  # outside the markup: ``say`` measures the plain head
            say(console, f"[dim]{escape(name)}[/]{pad}", value, indent=min(label + 2, console.width // 2))
    if not rows:
        console.print("[dim](no rows)[/]")
