"""Fixtures of the API tests: apps over a temporary store, TestClients, JSON snapshots, sample logs."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.json import JSONSnapshotExtension

from api import Settings, create_app
from api.models import EXAMPLE_LOG

with warnings.catch_warnings():  # starlette 1.x prefers httpx2 for its TestClient; httpx 0.28 still works
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

TOKEN = "s3cret-token"
#: The clock of the test stores: ingest times in snapshots do not move.
FIXED_NOW = datetime(2026, 11, 29, 18, 30, tzinfo=UTC)
NDJSON = {"Content-Type": "application/x-ndjson"}


def kitchen(game_id: str = "kitchen-2026-11-29") -> str:
    """The contract's example log (valid, one round), under another game id if asked."""
    return EXAMPLE_LOG.replace("kitchen-2026-11-29", game_id)


def as_array(text: str) -> list[Any]:
    """A JSON Lines log as a list of events (for JSON array bodies)."""
    return [json.loads(line) for line in text.splitlines() if line.strip()]


#: A log whose 4th event is illegal: Ana is dealt a card before Ben (out of seat order).
BAD_LOG = "\n".join(
    [
        '{"type":"game","id":"bad-deal","players":["Ana","Ben","Cem"],"dealer":"Ana"}',
        '{"type":"round","round":1}',
        '{"type":"card","player":"Ben","card":"8"}',
        '{"type":"card","player":"Ana","card":"5"}',
    ]
) + "\n"

#: The example with a wrong score claim for Ana (a claim violation: reported, the replay goes on).
CLAIM_LOG = kitchen("wrong-claim").replace('"Ana":22', '"Ana":23')

VENGEANCE_LOG = '{"type":"game","id":"v","players":["Ana","Ben","Cem"],"dealer":"Ana","ruleset":"vengeance"}\n'


def exchange(response: httpx.Response) -> dict[str, Any]:
    """What a snapshot keeps of a response: status, media type, the headers that matter, the body."""
    out: dict[str, Any] = {"status": response.status_code, "content_type": response.headers.get("content-type")}
    for name in ("location", "www-authenticate", "allow"):
        if name in response.headers:
            out[name] = response.headers[name]
    if response.content:
        ctype = response.headers.get("content-type", "")
        out["body"] = response.json() if "json" in ctype else response.text
    return out


@pytest.fixture
def snapshot_json(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """Snapshots stored as JSON files (tests/api/__snapshots__/…)."""
    return snapshot.use_extension(JSONSnapshotExtension)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "api.duckdb"


@pytest.fixture
def settings(db_path: Path) -> Settings:
    return Settings(db_path=db_path, now=lambda: FIXED_NOW)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    """A client of an app with open writes over a fresh store (closed at the end)."""
    with TestClient(create_app(settings)) as test_client:
        yield test_client


@pytest.fixture
def token_client(db_path: Path) -> Iterator[TestClient]:
    """A client of an app whose writes need ``TOKEN``."""
    app = create_app(Settings(db_path=db_path, api_token=TOKEN, now=lambda: FIXED_NOW))
    with TestClient(app) as test_client:
        yield test_client
