"""Real servers for the API tests: `flip7 serve` processes and the app under uvicorn in a thread."""

from __future__ import annotations

import signal
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import uvicorn
from fastapi import FastAPI

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def stop_server(process: subprocess.Popen, timeout: float = 15.0) -> None:
    """Stop a ``flip7 serve`` process as Ctrl-C does; one that does not stop within ``timeout`` is
    killed and the test fails."""
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        raise


def wait_until_up(base: str, process: subprocess.Popen | None = None, timeout: float = 20.0) -> None:
    """Return once the server at ``base`` answers ``GET /healthz``; fail when ``process`` exits
    first or nothing answers within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise AssertionError(f"the server exited early: {process.stderr.read() if process.stderr else ''}")
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.1)
    raise AssertionError(f"no answer from {base} within {timeout} s")


@contextmanager
def in_thread(app: FastAPI, *, log_level: str = "warning") -> Iterator[str]:
    """``app`` under uvicorn in a thread of this process, on a free loopback port: yields its base
    URL once it answers, then stops the server (whose thread must end)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level=log_level, lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    try:
        wait_until_up(base)
        yield base
    finally:
        server.should_exit = True
        thread.join(timeout=15)
        sock.close()
    assert not thread.is_alive()
