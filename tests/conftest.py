"""Suite-wide pytest options: ``--slow`` runs the long property runs (tests marked ``slow``).

By default tests marked ``slow`` are skipped so the suite stays quick; ``pytest --slow`` (or
selecting them explicitly with ``-m slow``) runs them too.
"""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", default=False, help="also run the long tests marked slow")


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
