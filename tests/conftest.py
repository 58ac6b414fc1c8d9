"""Suite-wide pytest options: ``--slow`` runs the long property runs (tests marked ``slow``),
``--heavy`` the heavy parts (tests marked ``heavy``); ``--engine compiled|pure`` says which build of
the rules the run must test.

By default slow and heavy tests are skipped so that ``pytest`` stays quick; ``pytest --slow`` /
``pytest --heavy`` (or selecting them with ``-m slow`` / ``-m heavy``) runs them too. ``.ci/run``
runs everything. The heavy parts are marked here, by file, in ``HEAVY``: the Ray path, the kill
tests, the schemathesis run over the API and the browser tests.

``--engine pure`` sets ``FLIP7_PURE=1`` before anything imports the core (workers and the CLI's
subprocesses inherit it); ``--engine compiled`` makes the run fail at once unless the mypyc build
is current and loads, so CI never tests the pure path twice by mistake. Without the option the
core picks as it always does (compiled when current, else pure); the header says which ran.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

#: Test files (or folders) under tests/ whose tests are ``heavy``: each takes a minute or more of
#: CPU, starts processes or a browser, or needs an extra (Ray).
HEAVY = ("scale/", "e2e/", "api/test_schemathesis.py", "adjudicator/store/test_kill.py", "test_setup.py")
_TESTS = Path(__file__).resolve().parent


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", default=False, help="also run the long tests marked slow")
    parser.addoption("--heavy", action="store_true", default=False, help="also run the heavy tests (Ray, kills, schemathesis, browser)")
    parser.addoption("--engine", choices=("auto", "compiled", "pure"), default="auto", help="which build of the rules to test (default: what the core picks)")


def pytest_configure(config: pytest.Config) -> None:
    wanted = config.getoption("--engine")
    if wanted == "pure":
        os.environ["FLIP7_PURE"] = "1"
    elif wanted == "compiled":
        os.environ["FLIP7_PURE"] = "0"
    if wanted == "auto":
        return
    from adjudicator import engine_description, engine_path

    if engine_path() != wanted:
        raise pytest.UsageError(f"--engine {wanted}: this process runs the {engine_description()}")


def pytest_report_header(config: pytest.Config) -> str:
    from adjudicator import engine_description

    return f"flip7: {engine_description()}"


def _selected(config: pytest.Config, mark: str) -> bool:
    if config.getoption(f"--{mark}"):
        return True
    markexpr = config.getoption("-m", default="") or ""
    return mark in markexpr and f"not {mark}" not in markexpr


def _is_heavy(item: pytest.Item) -> bool:
    try:
        where = Path(str(item.path)).resolve().relative_to(_TESTS).as_posix()
    except ValueError:
        return False
    return any(where == h or (h.endswith("/") and where.startswith(h)) for h in HEAVY)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if _is_heavy(item):
            item.add_marker(pytest.mark.heavy)
    for mark in ("slow", "heavy"):
        if _selected(config, mark):
            continue
        skip = pytest.mark.skip(reason=f"{mark}: run with --{mark}")
        for item in items:
            if mark in item.keywords:
                item.add_marker(skip)
