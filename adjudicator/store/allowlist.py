"""The query allow-list: what a read-only query over the store may name (issue 23).

A query is parsed by DuckDB itself (``json_serialize_sql``, on a private in-memory connection, so
nothing of the store runs) and every relation and function in the parse tree is checked:

* relations: the store's own tables and views (schema ``main`` of the store's database), the
  query's own common table expressions, and ``information_schema``; nothing else, so no file name
  (``FROM 'x.csv'``), no other database and none of DuckDB's views of the instance;
* table functions: ``range``/``generate_series``/``unnest``/``repeat``, ``json_each``/``json_tree``
  and the catalog functions that describe tables (``duckdb_tables()``, ``pragma_table_info()`` …);
  no ``read_*``, ``glob``, ``checkpoint``, ``duckdb_settings`` …;
* scalar, aggregate and window functions: DuckDB's built-in ones, except those that read the
  server's settings, variables or environment, change the database (sequences, the random seed,
  the log) or run SQL given as text.

A query the parser cannot serialize (``PIVOT``, for one) is refused: it cannot be checked.
"""

from __future__ import annotations

import functools
import json
import re
import threading
from collections.abc import Iterator
from typing import Any

import duckdb

from adjudicator.store.errors import QueryRefused

#: Table functions a query may call: they generate rows, or describe the store's tables.
TABLE_FUNCTIONS = frozenset(
    {
        "range", "generate_series", "unnest", "repeat", "json_each", "json_tree",
        "duckdb_tables", "duckdb_columns", "duckdb_views", "duckdb_schemas", "duckdb_types", "duckdb_functions",
        "duckdb_keywords", "duckdb_constraints", "duckdb_indexes", "duckdb_sequences", "duckdb_dependencies",
        "pragma_table_info", "pragma_show",
    }
)
#: Built-in scalar functions a query may not call: about the server, changing state, or running SQL.
REFUSED_FUNCTIONS = frozenset(
    {
        "current_setting", "getvariable", "getenv", "nextval", "currval", "setseed", "write_log",
        "query", "query_table", "json_execute_serialized_sql", "json_deserialize_sql", "which_secret",
    }
)
#: What ``SHOW`` may show: the store's tables (``SHOW TABLES``, ``SHOW ALL TABLES``) and databases.
SHOW_SPECIAL = frozenset({"tables", "__show_tables_expanded", "databases"})
#: A name a common table expression may have: a plain identifier (never a file name).
_CTE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

_parser_lock = threading.Lock()


@functools.cache
def _parser() -> duckdb.DuckDBPyConnection:
    """A private in-memory DuckDB: it only parses (``json_serialize_sql``) and lists functions."""
    return duckdb.connect(":memory:", config={"enable_external_access": False})


@functools.cache
def allowed_functions() -> frozenset[str]:
    """DuckDB's built-in scalar, aggregate, window and macro functions, less ``REFUSED_FUNCTIONS``."""
    with _parser_lock:
        rows = _parser().execute(
            "SELECT DISTINCT function_name FROM duckdb_functions() "
            "WHERE function_type IN ('scalar', 'aggregate', 'window', 'macro')"
        ).fetchall()
    return (frozenset(name for (name,) in rows) | {"unnest"}) - REFUSED_FUNCTIONS  # unnest() in a SELECT list


def parse_tree(sql: str) -> dict[str, Any]:
    """DuckDB's parse tree of one query, as JSON; ``QueryRefused`` if it cannot be serialized."""
    with _parser_lock:
        try:
            text = _parser().execute("SELECT json_serialize_sql(?::VARCHAR)", [sql]).fetchone()
        except duckdb.Error as exc:
            raise QueryRefused(f"the query could not be checked: {str(exc).splitlines()[0]}") from None
    tree = json.loads(text[0]) if text else {"error": True}
    if tree.get("error"):
        raise QueryRefused(
            "only plain queries may run here (SELECT, WITH, FROM, VALUES, DESCRIBE, SHOW, SUMMARIZE): "
            f"{tree.get('error_message', 'this one could not be checked')}"
        )
    return tree


def _nodes(node: Any) -> Iterator[dict[str, Any]]:
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            yield item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def _refuse(what: str) -> QueryRefused:
    return QueryRefused(
        f"{what} is not open to queries here: a query reads the store's tables and views (and "
        "information_schema) with functions that touch no file and change nothing"
    )


def check_allowed(sql: str, relations: frozenset[str], database: str) -> None:
    """Refuse (``QueryRefused``) a query naming anything but what the module docstring allows.

    ``relations``: the store's tables and views (lower case); ``database``: the store's catalog name.
    """
    nodes = list(_nodes(parse_tree(sql)))
    ctes = {
        str(entry.get("key", "")).lower()
        for node in nodes if isinstance(node.get("cte_map"), dict)
        for entry in node["cte_map"].get("map", [])
    }
    bad_cte = next((name for name in ctes if not _CTE_NAME.fullmatch(name) or name in relations), None)
    if bad_cte is not None:
        raise QueryRefused(f"a common table expression is named {bad_cte!r}: give it a plain new name (letters, digits, _)")
    functions = allowed_functions()
    for node in nodes:
        kind = node.get("type")
        if kind == "BASE_TABLE":
            _check_relation(node, relations | ctes, database)
        elif kind == "TABLE_FUNCTION":
            function = node.get("function") or {}
            name = str(function.get("function_name", "")).lower()
            if name not in TABLE_FUNCTIONS or function.get("schema") or function.get("catalog"):
                raise _refuse(f"the table function {name}()")
            function["class"] = "TABLE"  # checked here; not again as a scalar function below
        elif kind == "SHOW_REF" and node.get("query") is None:
            name = str(node.get("table_name", "")).strip('"').lower()
            if name not in SHOW_SPECIAL and name not in relations:
                raise _refuse(f"SHOW {name}")
    for node in nodes:
        if node.get("class") in ("FUNCTION", "WINDOW"):
            name = str(node.get("function_name", "")).lower()
            if name not in functions or node.get("schema") not in (None, "", "main") or node.get("catalog") not in (None, ""):
                raise _refuse(f"the function {name}()")


def _check_relation(node: dict[str, Any], names: set[str] | frozenset[str], database: str) -> None:
    catalog = str(node.get("catalog_name", "")).lower()
    schema = str(node.get("schema_name", "")).lower()
    table = str(node.get("table_name", "")).lower()
    if catalog not in ("", database.lower()):
        raise _refuse(f"the database {catalog!r}")
    if schema == "information_schema":
        return
    if schema not in ("", "main") or table not in names:
        shown = ".".join(p for p in (schema, table) if p)
        raise _refuse(f"{shown!r}" if len(shown) <= 60 else f"{shown[:60]!r}…")
