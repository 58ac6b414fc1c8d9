"""Issue 23, item 5: a server error on a real uvicorn server closes the kept-alive connection cleanly.

Before, the 500 came without ``Connection: close`` and the server dropped the connection, so a
client's next request on it failed (``cli/remote.py`` then said the server was gone).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from api import Settings, create_app
from tests.api.servers import in_thread


@pytest.fixture
def failing_server(tmp_path: Path) -> Iterator[str]:
    """The app, with one extra route that fails unexpectedly, under uvicorn on a loopback port."""
    app = create_app(Settings(db_path=tmp_path / "errors.duckdb"))

    def boom() -> None:
        raise RuntimeError("a bug")

    app.add_api_route("/v1/boom", boom, methods=["GET"])
    with in_thread(app, log_level="critical") as base:
        yield base


def test_a_500_says_connection_close_and_the_next_request_works(failing_server: str) -> None:
    with httpx.Client(base_url=failing_server, timeout=10) as http:
        assert http.get("/healthz").status_code == 200  # the connection is kept alive
        failed = http.get("/v1/boom")
        assert failed.status_code == 500
        assert failed.headers["connection"] == "close"
        assert failed.headers["content-type"] == "application/problem+json"
        assert "a bug" not in failed.text
        for _ in range(3):
            assert http.get("/healthz").status_code == 200  # on a new connection, not a dropped one
