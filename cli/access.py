"""How a store command reaches its store: through a running server that holds it, else the file.

``reach_store`` looks beside the store file for a holder's announcement (``adjudicator.store.holder``):
a live ``flip7 serve`` there means the command talks to its API (``cli.remote.RemoteStore``, same
calls and results as ``Store``). Otherwise the file is opened; while another process holds it
(an ingest, a DuckDB shell) the command waits its turn, up to ``--wait`` seconds, then says who
holds the store and what to do.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated

import typer

from adjudicator.store import Store, StoreInUse
from adjudicator.store.holder import Holder, current_holder, url_is_local
from cli.remote import RemoteStore, proves_holder

#: Default of ``--wait``: seconds a command waits for another process to release the store.
DEFAULT_WAIT = 60.0
#: Seconds between two tries to open a store that is in use.
_POLL = 0.2

WaitOption = Annotated[
    float,
    typer.Option(
        "--wait", min=0, metavar="SECONDS",
        help="While another process (another ingest) holds the store, wait this long for it, then give up (0: do not wait).",
    ),
]


def in_use_message(path: Path, holder: Holder | None, waited: float, fallback: str) -> str:
    """Why the store cannot be opened, who holds it, and what to do."""
    if holder is None:
        who = fallback
    else:
        who = f"database is in use: {path} is held by {holder.describe()} since {holder.started}"
    waited_text = f"waited {waited:g}s; " if waited else ""
    return f"{who}; {waited_text}wait longer with --wait SECONDS, or use another --db"


def served_by(path: Path) -> Holder | None:
    """The live server holding ``path``, once it has proved it: its URL is of this machine and its
    ``GET /healthz`` (sent without the token) tells the announcement's nonce. Otherwise None: a
    forged or foreign announcement is never sent the token nor a log."""
    holder = current_holder(path)
    if holder is None or holder.url is None or not holder.nonce or not url_is_local(holder.url):
        return None
    return holder if proves_holder(holder) else None


def reach_store(
    path: Path,
    *,
    read_only: bool,
    wait: float,
    on_wait: Callable[[str], None] | None = None,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
    limits: Mapping[str, str | int] | None = None,
) -> Store | RemoteStore:
    """The store at ``path``: the API of the server holding it, or the file (waiting up to ``wait``
    seconds while another process holds it). ``on_wait(message)`` is called once when waiting starts.
    ``limits``: DuckDB's resource settings for the file when this process opens it (``Store.open``).

    Raises ``StoreInUse`` (with ``in_use_message``) when the wait ran out, or any other ``StoreError``.
    """
    deadline = clock() + wait
    told = False
    while True:
        holder = served_by(path)
        if holder is not None:
            return RemoteStore(path, holder)
        try:
            return Store.open(path, read_only=read_only, limits=limits)
        except StoreInUse as exc:
            holder = current_holder(path)
            if served_by(path) is not None:
                continue  # a server took the store meanwhile: use it
            if clock() >= deadline:
                raise StoreInUse(in_use_message(path, holder, wait, str(exc).split("; wait", 1)[0])) from None
            if not told and on_wait is not None:
                who = holder.describe() if holder is not None else "another process"
                on_wait(f"waiting for {who} to release {path} (up to {wait:g}s, --wait)")
                told = True
            sleep(_POLL)
