"""Entry point of the `flip7` command: builds the Typer app from one module per command group.

``flip7 COMMAND …`` imports only the module of COMMAND (``COMMANDS``): a `check` starts without
loading DuckDB, Arrow, the web API or the simulator, which the other groups need. Without a known
command (``flip7``, ``flip7 --help``, a typo) every group is loaded, so help and "no such
command" answer as usual. ``app`` is the whole app, for tests and embedding.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import os
import sys
from functools import cache
from pathlib import Path

import typer

from cli import help

#: Every command and the module of ``cli`` that registers it (``register(app)``), in help order.
COMMANDS: dict[str, str] = {
    "check": "check", "state": "check", "schema": "check",
    "ingest": "store", "stats": "store", "query": "store", "games": "store", "show": "store", "export": "store", "delete": "store",
    "simulate": "simulate",
    "serve": "serve",
    "convert": "convert",
    "settle": "referee", "explain": "referee",
    "advise": "analysis", "analyze": "analysis",
    "record": "record",
    "player": "players", "ratings": "players", "players": "players",  # players: a group (rename, merge, unmerge), listed last
}


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        from adjudicator import engine_description

        typer.echo(f"flip7 {version('flip7')} (flip7-log/1, flip7-verdict/1)")
        typer.echo(f"engine: {engine_description()}")
        raise typer.Exit()


def _root(
    show_version: bool = typer.Option(False, "--version", help="Print the version and exit.", callback=_version, is_eager=True),
) -> None:
    """Check, replay, store and study Flip 7 game logs (flip7-log/1)."""


@cache
def build_app(command: str | None = None) -> typer.Typer:
    """The Typer app with the group of ``command`` only, or every group (``None`` or unknown)."""
    app = typer.Typer(
        name="flip7",
        help="Check, replay, store and study Flip 7 game logs (flip7-log/1).",
        no_args_is_help=True,
        add_completion=True,  # --install-completion, --show-completion
        pretty_exceptions_enable=False,
    )
    groups = [COMMANDS[command]] if command in COMMANDS else list(dict.fromkeys(COMMANDS.values()))
    for group in groups:
        importlib.import_module(f"cli.{group}").register(app)
    help.install(app)
    app.callback()(_root)
    return app


def command_docs() -> dict[str, str]:
    """Each command's docstring, read from the source of its group's module (nothing is imported)."""
    docs: dict[str, str] = {}
    for group in dict.fromkeys(COMMANDS.values()):
        spec = importlib.util.find_spec(f"cli.{group}")
        if spec is None or spec.origin is None:
            continue
        tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and COMMANDS.get(node.name) == group:
                docs[node.name] = ast.get_docstring(node, clean=False) or ""
    return docs


def _listed(app: typer.Typer, name: str, doc: str) -> None:
    def listed() -> None:  # only listed: main() builds the real command for any line that names one
        """A command as the list of commands shows it."""

    app.command(name=name, help=help.reflow(doc))(listed)


@cache
def build_index() -> typer.Typer:
    """The app as ``flip7`` and ``flip7 --help`` show it: every command listed with its help, no
    group loaded. Running a command needs ``build_app``."""
    app = typer.Typer(
        name="flip7",
        help="Check, replay, store and study Flip 7 game logs (flip7-log/1).",
        no_args_is_help=True,
        add_completion=True,
        pretty_exceptions_enable=False,
    )
    docs = command_docs()
    for name in COMMANDS:
        _listed(app, name, docs.get(name, ""))
    help.install(app)
    app.callback()(_root)
    return app


def __getattr__(name: str) -> typer.Typer:
    """``cli.main.app``: the app with every command (built on first use)."""
    if name == "app":
        return build_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """Run the `flip7` command line (only the invoked command's group is loaded)."""
    args = sys.argv[1:]
    command = args[0] if args and not args[0].startswith("-") else None
    completing = any(key.endswith("_COMPLETE") for key in os.environ)  # the shell asks for completions
    if command is None and not completing:
        build_index()()
    else:
        build_app(command)()


if __name__ == "__main__":
    main()
