"""Who holds a store file: the announcement a writing process leaves beside it.

DuckDB lets one process write a file (or several read it), and its own lock says no more than a
process id. So a process that holds a store for writing (``flip7 serve``, ``flip7 ingest``) writes
``<store>.holder`` next to it: a small JSON object with its role, process id, start time and, for a
server, the URL that serves the store, and a random nonce the server also keeps (and tells on
``GET /healthz``), so a client can check that the server at the URL is the one that wrote the
announcement before it sends anything there. Other commands read it to go through the server's API
instead of the file, or to say who holds the store and what to do.

An announcement naming a process that is gone (killed, crashed) is *stale*: ``current_holder``
removes it and answers None, so a store whose holder died opens as usual. This is the one place
that decides whether a holder is alive; every command asks it.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

#: Suffix of the announcement file, added to the store file's name.
SUFFIX = ".holder"


@dataclass(frozen=True, slots=True)
class Holder:
    """A process holding a store: ``role`` is ``serve`` or ``ingest``; ``url`` is a server's base URL."""

    role: str
    pid: int
    started: str
    host: str
    url: str | None = None
    nonce: str = ""

    def describe(self) -> str:
        """Who this is, for a message: ``flip7 serve (process 123, http://127.0.0.1:8000)``."""
        where = f", {self.url}" if self.url else ""
        return f"flip7 {self.role} (process {self.pid}{where})"


def holder_path(store: Path) -> Path:
    """The announcement file of the store file ``store``."""
    return store.with_name(store.name + SUFFIX)


def process_alive(pid: int) -> bool:
    """True when a process with this id runs on this machine (one of another user counts too)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:  # pragma: no cover - platforms without signal 0
        return True
    return True


def read_holder(store: Path) -> Holder | None:
    """The announcement beside ``store`` as written (alive or not); None when there is none or it is garbled."""
    try:
        data = json.loads(holder_path(store).read_text(encoding="utf-8"))
        return Holder(
            role=str(data["role"]), pid=int(data["pid"]), started=str(data["started"]),
            host=str(data.get("host", "")), url=data.get("url") or None, nonce=str(data.get("nonce", "")),
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None


def is_stale(holder: Holder) -> bool:
    """True when the announcement is of another machine (a store folder copied here) or names a
    process that is gone. A holder runs where its store file is; none elsewhere can hold it."""
    return holder.host != socket.gethostname() or not process_alive(holder.pid)


#: The hosts a holder's URL may name: this machine's loopback interface (``flip7 serve`` announces
#: the address a client on this machine reaches it by).
LOCAL_URL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})


def url_is_local(url: str | None) -> bool:
    """True when ``url`` is an ``http`` URL of this machine's loopback interface or its own name."""
    if not url:
        return False
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
        host = (parts.hostname or "").lower()
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError:
        return False
    return parts.scheme == "http" and (host in LOCAL_URL_HOSTS or host == socket.gethostname().lower())


def current_holder(store: Path) -> Holder | None:
    """The live holder of ``store``, or None. A stale announcement (its process is gone) is removed."""
    holder = read_holder(store)
    if holder is None:
        return None
    if is_stale(holder):
        _remove_if_ours(store, holder.pid)
        return None
    return holder


def _remove_if_ours(store: Path, pid: int) -> None:
    """Remove the announcement if it still names ``pid`` (a newer holder may have replaced it)."""
    current = read_holder(store)
    if current is not None and current.pid == pid:
        with suppress(OSError):
            holder_path(store).unlink()


@contextmanager
def announce(store: Path, role: str, *, url: str | None = None) -> Iterator[Holder]:
    """Announce this process as the holder of ``store`` while the block runs (call it once the store
    is open for writing). The file is written whole (renamed into place) and removed on the way out;
    a process killed before that leaves a stale announcement, which ``current_holder`` ignores."""
    holder = Holder(
        role=role, pid=os.getpid(), started=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        host=socket.gethostname(), url=url, nonce=secrets.token_urlsafe(18),
    )
    target = holder_path(store)
    temporary = target.with_name(f"{target.name}.{holder.pid}.tmp")
    try:
        temporary.write_text(json.dumps(asdict(holder)), encoding="utf-8")
        os.replace(temporary, target)
    except OSError:  # a read-only folder: the store still works, messages just say less
        with suppress(OSError):
            temporary.unlink()
    try:
        yield holder
    finally:
        _remove_if_ours(store, holder.pid)
