"""Fake holders of a store for the CLI tests: a small HTTP server in a thread of the test, and the
``.holder`` announcement that sends the CLI to it."""

from __future__ import annotations

import json
import os
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

from adjudicator.store.holder import Holder, holder_path


class JSONHandler(BaseHTTPRequestHandler):
    """A request handler that answers JSON (``send_json``) and logs nothing."""

    def send_json(self, body: dict[str, Any]) -> None:
        """Answer 200 with ``body`` as JSON."""
        data = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        """Nothing: the test's output stays the CLI's."""


@contextmanager
def serving(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """An HTTP server of ``handler`` in a thread, on a free loopback port: yields its base URL and
    shuts it down after."""
    server = HTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def announce_holder(db: Path, url: str, nonce: str, *, host: str | None = None) -> None:
    """Write ``db``'s ``.holder`` file as a `flip7 serve` of this process (a live pid) at ``url``
    with ``nonce`` would, on this machine unless ``host`` names another."""
    holder = Holder("serve", os.getpid(), "2026-12-01T00:00:00Z", host or socket.gethostname(), url, nonce)
    holder_path(db).write_text(json.dumps(asdict(holder)), encoding="utf-8")
