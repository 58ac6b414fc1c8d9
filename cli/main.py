"""Entry point of the `flip7` command: builds the Typer app from one module per command group."""

from __future__ import annotations

import typer

from cli import check, serve, simulate, store

app = typer.Typer(
    name="flip7",
    help="Check, replay, store and study Flip 7 game logs (flip7-log/1).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

for group in (check, store, simulate, serve):
    group.register(app)


def main() -> None:
    """Run the `flip7` command line."""
    app()


if __name__ == "__main__":
    main()
