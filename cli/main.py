"""Entry point of the `flip7` command: builds the Typer app from one module per command group."""

from __future__ import annotations

from importlib.metadata import version

import typer

from cli import check, convert, help, referee, serve, simulate, store

app = typer.Typer(
    name="flip7",
    help="Check, replay, store and study Flip 7 game logs (flip7-log/1).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

for group in (check, store, simulate, serve, convert, referee):
    group.register(app)
help.install(app)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"flip7 {version('flip7')} (flip7-log/1, flip7-verdict/1)")
        raise typer.Exit()


@app.callback()
def _root(
    show_version: bool = typer.Option(False, "--version", help="Print the version and exit.", callback=_version, is_eager=True),
) -> None:
    """Check, replay, store and study Flip 7 game logs (flip7-log/1)."""


def main() -> None:
    """Run the `flip7` command line."""
    app()


if __name__ == "__main__":
    main()
