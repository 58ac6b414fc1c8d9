"""Suite-wide pytest options: ``--slow`` runs the long property runs (tests marked ``slow``);
``--engine compiled|pure`` says which build of the rules the run must test.

By default tests marked ``slow`` are skipped so the suite stays quick; ``pytest --slow`` (or
selecting them explicitly with ``-m slow``) runs them too.

``--engine pure`` sets ``FLIP7_PURE=1`` before anything imports the core (workers and the CLI's
subprocesses inherit it); ``--engine compiled`` makes the run fail at once unless the mypyc build
is current and loads, so CI never tests the pure path twice by mistake. Without the option the
core picks as it always does (compiled when current, else pure); the header says which ran.
"""

from __future__ import annotations

import os

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", default=False, help="also run the long tests marked slow")
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


def _slow_selected(config: pytest.Config) -> bool:
    if config.getoption("--slow"):
        return True
    markexpr = config.getoption("-m", default="") or ""
    return "slow" in markexpr and "not slow" not in markexpr


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if _slow_selected(config):
        return
    skip = pytest.mark.skip(reason="slow: run with --slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
