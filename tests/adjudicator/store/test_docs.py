"""docs/storage.md matches the code: every table and column documented, every example query runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.store import Store
from adjudicator.store.schema import ALL_TABLES

DOC = (Path(__file__).resolve().parents[3] / "docs" / "storage.md").read_text(encoding="utf-8")


def section(table: str) -> str:
    match = re.search(rf"^### `{table}`.*?(?=^### |^## )", DOC, flags=re.S | re.M)
    assert match, f"docs/storage.md has no section for table {table}"
    return match.group(0)


@pytest.mark.parametrize("table", ALL_TABLES, ids=[t.name for t in ALL_TABLES])
def test_every_column_is_documented_with_an_example(table) -> None:  # type: ignore[no-untyped-def]
    text = section(table.name)
    for column in table.column_names:
        assert f"`{column}`" in text, f"column {table.name}.{column} is not documented"
    assert "```sql" in text, f"table {table.name} has no example query"


def test_example_queries_run(fixture_store: Store) -> None:
    examples = [q for q in re.findall(r"```sql\n(.*?)```", DOC, flags=re.S) if "$" not in q]
    assert len(examples) >= len(ALL_TABLES)
    for sql in examples:
        result = fixture_store.query(sql)
        assert result.columns, sql
