"""The store as seen through a running `flip7 serve`: what the CLI uses while a server holds the file.

``RemoteStore`` answers the calls the store commands make of ``adjudicator.store.Store`` (the
same names, arguments and return types), by calling the server's HTTP API, so every command
prints the same thing whichever way it reached the store. Errors come back as the store's own
exceptions, with the server's message. Only the standard library is used (one keep-alive
connection).
"""

from __future__ import annotations

import base64
import hmac
import http.client
import json
import os
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode, urlsplit

from adjudicator.source import lines_from_bytes
from adjudicator.store import (
    GameNotFound,
    GamePage,
    GameSummary,
    IngestResult,
    IngestSummary,
    LogInput,
    Outcome,
    QueryFailed,
    QueryRefused,
    QueryResult,
    QueryTimeout,
    StatResult,
    StoreError,
)
from adjudicator.store.holder import Holder
from adjudicator.store.ingest import os_message, refused_message
from adjudicator.store.stats import BY_NAME
from api.settings import TOKEN_ENV

#: Seconds to wait for one answer of the server (a batch of logs to store, a slow query).
TIMEOUT = 300.0
#: Most logs, and bytes of logs, sent in one ``POST /v1/ingest`` (well within the default body limit).
BATCH_LOGS = 250
#: With ``--analyze``, logs per request: the server values every decision (a second or so per game).
ANALYZE_BATCH_LOGS = 8
BATCH_BYTES = 2 * 1024 * 1024

#: Problem types of the API -> the store's exception for them.
_ERRORS: dict[str, type[StoreError]] = {
    "game-not-found": GameNotFound,
    "query-refused": QueryRefused,
    "query-failed": QueryFailed,
    "query-timeout": QueryTimeout,
}


class ServerGone(StoreError):
    """The server that announced itself as the store's holder does not answer.

    ``unconfirmed``: the logs (their names) of the ``POST /v1/ingest`` that got no answer; the
    server may or may not have stored them before it went.
    """

    unconfirmed: tuple[str, ...] = ()


def problem_of(status: int, data: bytes) -> tuple[str, str]:
    """The slug of a problem+json answer's type and its detail (for any other body: "" and its text)."""
    try:
        problem = json.loads(data)
        return str(problem.get("type", "")).rsplit(":", 1)[-1], str(problem.get("detail") or problem.get("title") or status)
    except (ValueError, AttributeError):
        return "", data.decode("utf-8", "replace")[:200] or f"HTTP {status}"


def parse_utc(text: str) -> datetime:
    """A ``…Z`` timestamp of the API as a UTC datetime."""
    return datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(UTC)


def proves_holder(holder: Holder, timeout: float = 5.0) -> bool:
    """True when the server at ``holder.url`` answers ``GET /healthz`` with the announcement's nonce
    (no token is sent: this is how a client learns whether it may send one)."""
    parts = urlsplit(holder.url or "")
    conn = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port or 80, timeout=timeout)
    try:
        conn.request("GET", "/healthz")
        response = conn.getresponse()
        data = json.loads(response.read(64 * 1024)) if response.status == 200 else {}
    except (OSError, ValueError, http.client.HTTPException):
        return False
    finally:
        conn.close()
    nonce = data.get("holder") if isinstance(data, dict) else None
    return isinstance(nonce, str) and hmac.compare_digest(nonce.encode(), holder.nonce.encode())


class RemoteStore:
    """The store ``path`` held by the server ``holder`` (see the module docstring)."""

    read_only = False

    def __init__(self, path: Path, holder: Holder) -> None:
        """Talk to ``holder.url`` about the store file ``path``."""
        assert holder.url is not None
        self.path = path
        self.holder = holder
        parts = urlsplit(holder.url)
        self._host = parts.hostname or "127.0.0.1"
        self._port = parts.port or 80
        self._conn: http.client.HTTPConnection | None = None

    # ------------------------------------------------------------------ plumbing

    def close(self) -> None:
        """Close the connection to the server."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> RemoteStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _request(self, method: str, target: str, body: bytes | None = None, content_type: str | None = None) -> tuple[int, bytes]:
        headers = {"Content-Type": content_type} if content_type else {}
        token = os.environ.get(TOKEN_ENV)
        if token:
            headers["Authorization"] = f"Bearer {token}"
        for attempt in (1, 2):  # a kept-alive connection the server closed meanwhile: once more, afresh
            if self._conn is None:
                self._conn = http.client.HTTPConnection(self._host, self._port, timeout=TIMEOUT)
            try:
                self._conn.request(method, target, body=body, headers=headers)
                response = self._conn.getresponse()
                return response.status, response.read()
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError) as exc:
                self.close()
                if attempt == 2 or method != "GET":
                    raise self._gone(exc) from None
            except OSError as exc:
                self.close()
                raise self._gone(exc) from None
        raise AssertionError("unreachable")  # pragma: no cover

    def _gone(self, exc: BaseException) -> ServerGone:
        return ServerGone(
            f"the store {self.path} is held by {self.holder.describe()}, which did not answer ({exc}); "
            "is it still running? Once it has stopped, commands open the file again"
        )

    def _json(self, method: str, target: str, body: Any = None) -> Any:
        payload = None if body is None else json.dumps(body).encode("utf-8")
        status, data = self._request(method, target, payload, "application/json" if payload is not None else None)
        if status >= 400:
            raise self._problem(status, data)
        return json.loads(data)

    def _problem(self, status: int, data: bytes) -> StoreError:
        slug, detail = problem_of(status, data)
        if slug == "unauthorized":
            return StoreError(
                f"the store {self.path} is held by {self.holder.describe()}, which needs its bearer token for writes: "
                f"set {TOKEN_ENV} to it ({detail})"
            )
        return _ERRORS.get(slug, StoreError)(detail)

    # ------------------------------------------------------------------ reading

    def list_games(
        self, *, valid: bool | None = None, finished: bool | None = None, player: str | None = None,
        limit: int | None = 100, after: str | None = None, ruleset: str | None = None,
    ) -> GamePage:
        """``Store.list_games``, page by page from ``GET /v1/games``."""
        games: list[GameSummary] = []
        cursor = after
        while True:
            want = 1000 if limit is None else min(1000, limit - len(games))
            params: dict[str, Any] = {"limit": want}
            for key, value in (("valid", valid), ("finished", finished), ("player", player), ("cursor", cursor), ("ruleset", ruleset)):
                if value is not None:
                    params[key] = str(value).lower() if isinstance(value, bool) else value
            page = self._json("GET", f"/v1/games?{urlencode(params)}")
            for g in page["games"]:
                games.append(GameSummary(**{**g, "ingested_at": parse_utc(g["ingested_at"])}))
            cursor = page["next_cursor"]
            if cursor is None or (limit is not None and len(games) >= limit):
                return GamePage(games=games, next_cursor=cursor)

    def game_ids(self) -> list[str]:
        """Every stored game's id (for suggestions)."""
        return [g.id for g in self.list_games(limit=None).games]

    def verdict(self, game_id: str) -> dict[str, Any]:
        """``Store.verdict`` from ``GET /v1/games/{id}``."""
        verdict: dict[str, Any] = self._json("GET", f"/v1/games/{quote(game_id, safe='')}")
        return verdict

    def log_lines(self, game_id: str) -> list[str]:
        """``Store.log_lines`` from ``GET /v1/games/{id}/log``."""
        status, data = self._request("GET", f"/v1/games/{quote(game_id, safe='')}/log")
        if status >= 400:
            raise self._problem(status, data)
        return list(lines_from_bytes(data))

    def stats(
        self, *, player: str | None = None, since: datetime | None = None, names: list[str] | None = None, ruleset: str | None = None
    ) -> list[StatResult]:
        """``Store.stats`` from ``GET /v1/stats`` (values as the API encodes them)."""
        params: list[tuple[str, str]] = []
        if player is not None:
            params.append(("player", player))
        if ruleset is not None:
            params.append(("ruleset", ruleset))
        if since is not None:
            params.append(("since", since.astimezone(UTC).isoformat().replace("+00:00", "Z")))
        params.extend(("only", n) for n in names or [])
        data = self._json("GET", "/v1/stats" + (f"?{urlencode(params)}" if params else ""))
        return [
            StatResult(BY_NAME[s["name"]], s["columns"], [tuple(row[c] for c in s["columns"]) for row in s["rows"]])
            for s in data["statistics"]
        ]

    def query(self, sql: str, *, max_rows: int, timeout: float) -> QueryResult:
        """``Store.query`` through ``POST /v1/query`` (the server's caps apply)."""
        data = self._json("POST", "/v1/query", {"sql": sql, "max_rows": max_rows, "timeout": timeout})
        return QueryResult(data["columns"], data["types"], [tuple(r) for r in data["rows"]], data["truncated"])

    def export(self, directory: str | Path) -> list[Any]:
        """Not available through the server: say so, and what to do."""
        raise StoreError(
            f"the store {self.path} is held by {self.holder.describe()}; export reads the file itself: "
            "stop the server first, or read the tables with flip7 query meanwhile"
        )

    # ------------------------------------------------------------------ writing

    def delete_game(self, game_id: str) -> None:
        """``Store.delete_game`` through ``DELETE /v1/games/{id}``."""
        status, data = self._request("DELETE", f"/v1/games/{quote(game_id, safe='')}")
        if status >= 400:
            raise self._problem(status, data)

    def ingest_many(
        self,
        inputs: Iterable[LogInput],
        *,
        replace: bool = False,
        batch_size: int = 0,
        on_result: Callable[[IngestResult, int], None] | None = None,
        workers: int = 1,
        analyze: bool = False,
    ) -> IngestSummary:
        """``Store.ingest_many`` through ``POST /v1/ingest``: a few hundred logs per request, each
        stored whole; ``on_result`` is called as each request's logs are stored, in input order;
        ``analyze``: ``?analyze=true`` (the server values the decisions)."""
        summary = IngestSummary()

        def report(result: IngestResult, events: int) -> None:
            summary.add(result, events)
            if on_result is not None:
                on_result(result, events)

        batch: list[tuple[str, bytes]] = []
        size = 0
        most = ANALYZE_BATCH_LOGS if analyze else BATCH_LOGS
        for item in inputs:
            try:
                data = item.load()
            except OSError as exc:
                self._flush(batch, replace, report, analyze)
                batch, size = [], 0
                report(IngestResult(item.name, Outcome.UNREADABLE, message=os_message(exc), error="OSError"), 0)
                continue
            if batch and (len(batch) >= most or size + len(data) > BATCH_BYTES):
                self._flush(batch, replace, report, analyze)
                batch, size = [], 0
            batch.append((item.name, data))
            size += len(data)
        self._flush(batch, replace, report, analyze)
        return summary

    def _flush(self, batch: list[tuple[str, bytes]], replace: bool, report: Callable[[IngestResult, int], None], analyze: bool = False) -> None:
        """Send one batch; one the server finds too large is sent again in halves."""
        if not batch:
            return
        body = json.dumps({"logs": [{"name": n, "content_base64": base64.b64encode(d).decode("ascii")} for n, d in batch]})
        try:
            status, data = self._request("POST", f"/v1/ingest?replace={str(replace).lower()}" + ("&analyze=true" if analyze else ""), body.encode("utf-8"), "application/json")
        except ServerGone as gone:
            gone.unconfirmed = tuple(name for name, _ in batch)
            raise
        if status == 413:
            if len(batch) == 1:
                name = batch[0][0]
                report(IngestResult(name, Outcome.FAILED, message=f"{name} is larger than the server's body limit (--max-body)"), 0)
                return
            half = len(batch) // 2
            self._flush(batch[:half], replace, report, analyze)
            self._flush(batch[half:], replace, report, analyze)
            return
        if status >= 400:
            raise self._problem(status, data)
        for r in json.loads(data)["results"]:
            message = r["message"]
            if r["outcome"] == Outcome.REFUSED:
                message = refused_message(r["game"])
            report(IngestResult(
                r["name"], Outcome(r["outcome"]), r["game"], r["valid"], message=message, decisions=r.get("decisions"), note=r.get("note")
            ), int(r["events"]))
