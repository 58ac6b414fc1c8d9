"""Tables of rows laid out to the console's width: whole headers and whole cells, never cut.

A table too wide for the width is printed as several tables one under another, each with the
columns that name a row (``key_columns``) and as many of the others as fit. Nothing is shortened
to ``…`` and no cell wraps, so every value reads as it is in ``--json`` and ``--csv``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import JustifyMethod
from rich.markup import escape
from rich.table import Table

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
