"""End-to-end fixtures: a real `flip7 serve` process on 127.0.0.1 and headless Chromium driven by Playwright.

Chromium is Debian's (`apt-get install chromium`, which `.ci/run` does); Playwright for Python
drives it through ``executable_path`` and never downloads a browser of its own. Without a Chromium
binary (or without Playwright) every test here is skipped, saying why. ``FLIP7_CHROMIUM`` names
another binary. Each test keeps a screenshot in ``tests/e2e/artifacts/`` (git-ignored;
``FLIP7_E2E_ARTIFACTS`` names another folder).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOGS = ROOT / "logs"
ARTIFACTS = Path(os.environ.get("FLIP7_E2E_ARTIFACTS") or Path(__file__).resolve().parent / "artifacts")
#: Flags for Chromium on a machine without a display or outside network (see the module docstring).
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def chromium_binary() -> str | None:
    """The Chromium to drive: ``$FLIP7_CHROMIUM``, else Debian's ``/usr/bin/chromium``, else one on the PATH."""
    for candidate in (os.environ.get("FLIP7_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    return None


def _flip7(*args: str) -> list[str]:
    script = Path(sys.executable).with_name("flip7")
    if script.is_file():
        return [str(script), *args]
    return [sys.executable, "-c", "from cli.main import main; main()", *args]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_until_up(base: str, process: subprocess.Popen[bytes], seconds: float = 30.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=1) as response:
                if response.status == 200:
                    return True
        except OSError:
            time.sleep(0.1)
    return False


@contextmanager
def serving(folder: Path, *sources: Path) -> Iterator[str]:
    """A `flip7 serve` over a new store in ``folder`` holding the logs of ``sources`` (files or
    folders); yields its base URL and stops it at the end."""
    db = folder / "e2e.duckdb"
    subprocess.run(_flip7("ingest", *map(str, sources), "--db", str(db)), check=True, capture_output=True, cwd=folder)
    for _ in range(5):  # another process may take the free port between the check and the bind: try again
        port = _free_port()
        base = f"http://127.0.0.1:{port}"
        log = (folder / "serve.log").open("wb")
        process = subprocess.Popen(
            _flip7("serve", "--host", "127.0.0.1", "--port", str(port), "--db", str(db), "--log-level", "warning"),
            stdout=log, stderr=subprocess.STDOUT, cwd=folder,
        )
        if _wait_until_up(base, process):
            break
        process.terminate()
        process.wait(timeout=10)
        log.close()
    else:
        pytest.fail(f"flip7 serve did not start: {(folder / 'serve.log').read_text(errors='replace')}")
    try:
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a `flip7 serve` over a store holding the sample logs (stopped at the end)."""
    with serving(tmp_path_factory.mktemp("e2e"), LOGS) as base:
        yield base


@pytest.fixture(scope="module")
def browser_context_factory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Makes Playwright browser contexts on Debian's Chromium, each with a fresh profile folder.

    Module-scoped: Playwright's sync API keeps an asyncio loop running in the thread while it is
    open, and a later test in the same worker that starts a loop of its own (``anyio.run``) would
    fail; closing it with the module ends that loop before any other test file runs."""
    binary = chromium_binary()
    if binary is None:
        pytest.skip("no Chromium to drive: install Debian's package (apt-get install chromium) or set FLIP7_CHROMIUM")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("Playwright for Python is not installed (pip install -e '.[test]')")
    contexts: list[Any] = []
    with sync_playwright() as playwright:

        def make(width: int = 1280, height: int = 900, locale: str = "en-US", service_workers: str = "block") -> Any:
            context = playwright.chromium.launch_persistent_context(
                str(tmp_path_factory.mktemp("chromium-profile")),
                executable_path=binary, args=[*CHROMIUM_ARGS, f"--lang={locale}"], headless=True,
                viewport={"width": width, "height": height}, service_workers=service_workers, locale=locale,
            )
            contexts.append(context)
            return context

        yield make
        for context in contexts:
            context.close()


@pytest.fixture
def page(browser_context_factory: Any, server: str) -> Iterator[Any]:
    """A desktop-sized page; fails the test on any JavaScript error."""
    yield from _page(browser_context_factory(), server)


@pytest.fixture
def phone(browser_context_factory: Any, server: str) -> Iterator[Any]:
    """A page 360 px wide, as on a small phone."""
    yield from _page(browser_context_factory(360, 740), server)


def _page(context: Any, server: str) -> Iterator[Any]:
    """A page that fails the test on a JavaScript error or on a request to any other host than ``server``."""
    errors: list[str] = []
    elsewhere: list[str] = []

    def only_the_server(route: Any) -> None:
        url = route.request.url
        if url.startswith(server) or url.startswith("data:"):
            route.continue_()
        else:
            elsewhere.append(url)
            route.abort()

    context.route("**/*", only_the_server)
    tab = context.new_page()
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.set_default_timeout(15_000)
    yield tab
    tab.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
    assert not elsewhere, f"the page asked another host: {elsewhere}"


def screenshot(page: Any, name: str) -> Path:
    """Keep a full-page screenshot of ``page`` as a test artifact; returns its path."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 1000
    return path


@contextmanager
def serving_program(folder: Path, program: str, name: str) -> Iterator[str]:
    """`flip7 serve` run by ``program`` (Python source that registers a test's ruleset, then runs
    the CLI) on an empty store ``<name>.duckdb`` in ``folder``; yields its base URL."""
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with (folder / "serve.log").open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-c", program, "serve", "--host", "127.0.0.1", "--port", str(port),
             "--db", str(folder / f"{name}.duckdb"), "--log-level", "warning"],
            stdout=log, stderr=subprocess.STDOUT, cwd=folder, env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        try:
            if not _wait_until_up(base, process):
                pytest.fail(f"flip7 serve did not start: {(folder / 'serve.log').read_text(errors='replace')}")
            yield base
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
