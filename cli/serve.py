"""`flip7 serve`: the HTTP API (api/) with uvicorn, on the same store file as the CLI."""

from __future__ import annotations

import copy
import errno
import ipaddress
import json
import signal
import socket
from pathlib import Path
from typing import Annotated, Any

import typer

from adjudicator.store.holder import announce
from api.settings import DEFAULT_MAX_BODY, TOKEN_ENV, Settings, parse_size, served_hosts
from cli.access import WaitOption
from cli.common import err_console, fail
from cli.remote import RemoteStore
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
    wait: WaitOption = 0.0,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allowed-host",
            help="Another name this server may be reached by (its Host header); repeat for more. Loopback and the --host address are always allowed.",
            metavar="NAME",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Say where it serves as one JSON line on standard output (url, store, whether writes need the token), e.g. to learn the port of --port 0.")
    ] = False,
) -> None:
    """Serve the HTTP API (docs at /docs, schema at /openapi.json) until Ctrl-C.

    Writes (POST /v1/games, DELETE) need 'Authorization: Bearer <token>' when FLIP7_API_TOKEN is set; reads are open.

    While it runs, the server announces itself beside the store file (PATH.holder): the other flip7 store commands on that store go through its API. See docs/api.md.
    """
    import uvicorn  # the server's modules load only when it starts, not with every flip7 command

    from api.app import create_app

    path = store_path(db)
    settings = Settings.from_env(
        db_path=path, max_body_bytes=DEFAULT_MAX_BODY if max_body is None else _size(max_body),
        allowed_hosts=served_hosts(host, allowed_host or ()),
    )
    listener = _listen(host, port)  # before anything else: a port in use creates no store file
    try:
        store = open_store(db, read_only=False, wait=wait)  # fail now, with the store's message, not on the first request
        if isinstance(store, RemoteStore):
            fail(f"the store {path} is already served by {store.holder.describe()}: use that server, or stop it first")
        url = f"http://{_client_host(host)}:{listener.getsockname()[1]}"
        try:
            with announce(path, "serve", url=url) as holder:
                _banner(url, path, host, settings)
                if as_json:
                    typer.echo(json.dumps({"url": url, "store": str(path), "writes_need_token": settings.writes_protected}, ensure_ascii=False))
                app = create_app(settings, store=store)
                app.state.holder_nonce = holder.nonce  # GET /healthz proves this server wrote the announcement
                config = uvicorn.Config(
                    app, log_level=log_level.lower(), access_log=True, workers=None,
                    log_config=_log_config(), timeout_graceful_shutdown=3,  # open live-table streams do not hold a stop back
                )
                _run_until_stopped(uvicorn.Server(config), listener)
        finally:
            store.close()
    finally:
        listener.close()


def _run_until_stopped(server: Any, listener: socket.socket) -> None:
    """Run the server until Ctrl-C or SIGTERM, and return normally either way (so the store is
    closed and the announcement removed). uvicorn raises the signal again once it has shut down;
    the handlers here turn that into a plain return instead of the process dying on the spot."""
    previous = signal.signal(signal.SIGTERM, _raise_stop)
    try:
        server.run(sockets=[listener])
    except (KeyboardInterrupt, _Stopped):
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)


class _Stopped(Exception):
    """SIGTERM arrived (raised by ``_raise_stop``)."""


def _raise_stop(signum: int, frame: object) -> None:
    raise _Stopped


def _log_config() -> dict[str, Any]:
    """uvicorn's logging, with the access log (one line per request, at info) on standard error too."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["handlers"]["access"]["stream"] = "ext://sys.stderr"
    return config


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` and listening; a port in use (or a bad address) ends the command (exit 2)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM)[0]
    except socket.gaierror as exc:
        fail(f"--host {host}: not an address this machine can listen on ({exc.strerror})")
    listener = socket.socket(family, kind, proto)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind(address)
        listener.listen(2048)
    except OSError as exc:
        listener.close()
        if exc.errno == errno.EADDRINUSE:
            fail(f"port {port} on {host} is already in use (another server?): choose another with --port, or --port 0 for any free one")
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
    listener.set_inheritable(True)
    return listener


def _client_host(host: str) -> str:
    """The address a client on this machine uses to reach a server listening on ``host``."""
    if host in ("0.0.0.0", ""):
        return "127.0.0.1"
    if host in ("::", "[::]"):
        return "[::1]"
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def _banner(url: str, path: Path, host: str, settings: Settings) -> None:
    console = err_console()
    writes = "need the bearer token" if settings.writes_protected else f"open to every client ({TOKEN_ENV} is not set)"
    console.print(
        f"flip7 on {url}: the replay viewer {url}/, the live table {url}/table, the statistics {url}/stats, the API docs {url}/docs",
        soft_wrap=True,
    )
    console.print(f"store: {path}  writes: {writes}", soft_wrap=True)
    if not _is_loopback(host) and not settings.writes_protected:
        console.print(
            f"[bold yellow]warning:[/] listening on {host} without {TOKEN_ENV}: anyone who can reach it may store and delete games",
            soft_wrap=True,
        )


def register(app: typer.Typer) -> None:
    """Add `serve` to the app."""
    app.command()(serve)
