"""What one API app is configured with: injected into ``create_app``, never read from globals.

``Settings.from_env`` is the one place the environment is read (by ``flip7 serve``); tests build
``Settings`` directly.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from adjudicator.live.limits import LiveLimits

#: Environment variable holding the bearer token that writes require (unset or empty: writes open).
TOKEN_ENV = "FLIP7_API_TOKEN"
#: Default cap on a request body, bytes (10 MB).
DEFAULT_MAX_BODY = 10 * 1024 * 1024
#: Default cap on the rows ``POST /v1/query`` returns (a request may ask for fewer).
DEFAULT_QUERY_MAX_ROWS = 10_000
#: Default time limit of ``POST /v1/query``, seconds (a request may ask for less).
DEFAULT_QUERY_TIMEOUT = 10.0
#: Default cap on the bytes of the rows ``POST /v1/query`` returns (as JSON; 10 MB).
DEFAULT_QUERY_MAX_BYTES = 10 * 1024 * 1024
#: Default memory the server's DuckDB may take (every query, statistic and ingest together).
DEFAULT_DUCKDB_MEMORY = "1GiB"
#: Default threads of the server's DuckDB.
DEFAULT_DUCKDB_THREADS = 2

_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmg]i?b?|b)?\s*$", re.IGNORECASE)
_UNITS = {"": 1, "b": 1, "k": 1000, "kb": 1000, "ki": 1024, "kib": 1024, "m": 1000**2, "mb": 1000**2,
          "mi": 1024**2, "mib": 1024**2, "g": 1000**3, "gb": 1000**3, "gi": 1024**3, "gib": 1024**3}


def parse_size(text: str) -> int:
    """Bytes in a size such as ``10MB``, ``512KiB`` or ``1048576``; ``ValueError`` if it is not one.

    ``k``/``KB``/``M``/``MB``/``G``/``GB`` are powers of 1000, ``KiB``/``MiB``/``GiB`` of 1024.
    """
    match = _SIZE.match(text)
    if not match:
        raise ValueError(f"not a size: {text!r} (examples: 10MB, 512KiB, 1048576)")
    number, unit = match.groups()
    size = int(float(number) * _UNITS[(unit or "").lower()])
    if size < 1:
        raise ValueError(f"a size must be at least 1 byte, not {text!r}")
    return size


@dataclass(frozen=True, slots=True)
class AnalysisLimits:
    """The bounds of the analysis routes (``POST /v1/analyze``, ``GET /v1/games/{id}/analysis``,
    ``POST /v1/games?analyze=true``; docs/security.md): ``workers`` analyses run at once in a pool of
    their own, ``waiting`` more wait for it (past that: 503 with ``Retry-After``), and each may run
    ``seconds`` a game (past that: 422 ``analysis-timeout``; the sample Brutal game takes 9 s of
    CPU, 22 s on a busy machine)."""

    workers: int = 2
    waiting: int = 4
    seconds: float = 60.0

    def __post_init__(self) -> None:
        if self.workers < 1 or self.waiting < 0 or self.seconds <= 0:
            raise ValueError("analysis workers and seconds must be positive, waiting at least 0")


@dataclass(frozen=True, slots=True)
class Settings:
    """Configuration of one API app.

    ``db_path`` is the store file (already resolved: ``--db`` > ``$FLIP7_DB`` > ``./flip7.duckdb``;
    None resolves it the same way when the store is first needed). ``api_token``: the bearer token
    writes require (None: writes are open). ``max_body_bytes``: the largest request body accepted.
    ``query_max_rows``/``query_timeout``/``query_max_bytes``: the caps of ``POST /v1/query``;
    ``duckdb_memory``/``duckdb_threads``: DuckDB's ``memory_limit`` and ``threads`` for the store the
    app opens (they bound a query inside DuckDB, docs/security.md). ``now``: the clock that
    stamps ingest times (tests pin it; None: the store's own UTC clock). ``allowed_hosts``: the host
    names a request's ``Host`` may give (lower case, no port; None: any, as in tests; ``flip7
    serve`` always sets them, see ``served_hosts``).
    """

    db_path: Path | None = None
    api_token: str | None = None
    max_body_bytes: int = DEFAULT_MAX_BODY
    query_max_rows: int = DEFAULT_QUERY_MAX_ROWS
    query_timeout: float = DEFAULT_QUERY_TIMEOUT
    query_max_bytes: int = DEFAULT_QUERY_MAX_BYTES
    duckdb_memory: str = DEFAULT_DUCKDB_MEMORY
    duckdb_threads: int = DEFAULT_DUCKDB_THREADS
    now: Callable[[], datetime] | None = None
    allowed_hosts: frozenset[str] | None = None
    #: The bounds of the live tables (docs/live.md).
    live: LiveLimits = LiveLimits()
    #: The bounds of the analysis routes (docs/security.md).
    analysis: AnalysisLimits = AnalysisLimits()

    def __post_init__(self) -> None:
        if self.max_body_bytes < 1:
            raise ValueError("max_body_bytes must be at least 1")
        if self.query_max_rows < 1 or self.query_timeout <= 0 or self.query_max_bytes < 1:
            raise ValueError("query_max_rows, query_timeout and query_max_bytes must be positive")
        if self.duckdb_threads < 1:
            raise ValueError("duckdb_threads must be at least 1")
        if self.api_token is not None and not self.api_token:
            object.__setattr__(self, "api_token", None)

    @property
    def duckdb_limits(self) -> dict[str, str | int]:
        """The DuckDB settings the app's store is opened with (``Store.open(limits=...)``)."""
        return {"memory_limit": self.duckdb_memory, "threads": self.duckdb_threads}

    @property
    def writes_protected(self) -> bool:
        """True when writes need the bearer token."""
        return self.api_token is not None

    @classmethod
    def from_env(
        cls,
        environ: Mapping[str, str] | None = None,
        *,
        db_path: Path | None = None,
        max_body_bytes: int = DEFAULT_MAX_BODY,
        allowed_hosts: frozenset[str] | None = None,
    ) -> Settings:
        """Settings for ``flip7 serve``: the token from ``$FLIP7_API_TOKEN`` (empty counts as unset)."""
        env = os.environ if environ is None else environ
        return cls(db_path=db_path, api_token=env.get(TOKEN_ENV) or None, max_body_bytes=max_body_bytes, allowed_hosts=allowed_hosts)


#: The names of this machine's loopback interface: always served.
LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})


def served_hosts(listen_host: str, extra: Iterable[str] = ()) -> frozenset[str]:
    """The ``Host`` names a server listening on ``listen_host`` answers to: loopback's names, the
    address it listens on (for every interface, this machine's name and its addresses), and
    ``extra`` (``--allowed-host``)."""
    import socket

    names = set(LOOPBACK_HOSTS) | {h.strip().lower().strip("[]") for h in extra if h.strip()}
    listen = listen_host.strip().lower().strip("[]")
    if listen in ("", "0.0.0.0", "::"):
        hostname = socket.gethostname().lower()
        names |= {hostname, socket.getfqdn().lower()}
        try:
            names |= set(socket.gethostbyname_ex(hostname)[2])
        except OSError:
            pass
    else:
        names.add(listen)
    return frozenset(names)
