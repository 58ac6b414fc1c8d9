"""`flip7 serve`: the HTTP API (api/) with uvicorn, on the same store file as the CLI."""

from __future__ import annotations

import ipaddress
from typing import Annotated

import typer

from api.settings import DEFAULT_MAX_BODY, TOKEN_ENV, Settings, parse_size
from cli.common import err_console
from cli.store import DbOption, open_store, store_path


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _size(text: str) -> int:
    try:
        return parse_size(text)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on. Loopback by default; 0.0.0.0 listens on every interface.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="TCP port.", min=0, max=65535)] = 8000,
    db: DbOption = None,
    max_body: Annotated[
        str | None,
        typer.Option(
            "--max-body",
            help=f"Largest request body accepted, e.g. 10MB, 512KiB, or bytes (default: {DEFAULT_MAX_BODY // 1024**2} MiB).",
            metavar="SIZE",
        ),
    ] = None,
    log_level: Annotated[str, typer.Option("--log-level", help="uvicorn log level (critical, error, warning, info, debug).")] = "info",
) -> None:
    """Serve the HTTP API (docs at /docs, schema at /openapi.json) until Ctrl-C.

    Writes (POST /v1/games, DELETE) need 'Authorization: Bearer <token>' when FLIP7_API_TOKEN is set; reads are open.

    The server holds the store file while it runs (DuckDB allows one writing process): write through the API meanwhile. See docs/api.md.
    """
    import uvicorn  # the server's modules load only when it starts, not with every flip7 command

    from api.app import create_app

    path = store_path(db)
    settings = Settings.from_env(db_path=path, max_body_bytes=DEFAULT_MAX_BODY if max_body is None else _size(max_body))
    store = open_store(db, read_only=False)  # fail now, with the store's message, not on the first request
    console = err_console()
    writes = "need the bearer token" if settings.writes_protected else f"open to every client ({TOKEN_ENV} is not set)"
    console.print(f"flip7 API on http://{host}:{port} (docs: /docs)  store: {path}  writes: {writes}", soft_wrap=True)
    if not _is_loopback(host) and not settings.writes_protected:
        console.print(
            f"[bold yellow]warning:[/] listening on {host} without {TOKEN_ENV}: anyone who can reach it may store and delete games",
            soft_wrap=True,
        )
    try:
        uvicorn.run(create_app(settings, store=store), host=host, port=port, log_level=log_level.lower(), workers=None)
    finally:
        store.close()


def register(app: typer.Typer) -> None:
    """Add `serve` to the app."""
    app.command()(serve)
