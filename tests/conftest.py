"""Suite-wide pytest options: ``--slow`` runs the long property runs (tests marked ``slow``),
``--heavy`` the heavy parts (tests marked ``heavy``).

By default both are skipped so that ``pytest`` stays quick; ``pytest --slow`` / ``pytest --heavy``
(or selecting them with ``-m slow`` / ``-m heavy``) runs them too. ``.ci/run`` runs everything.
The heavy parts are marked here, by file, in ``HEAVY``: the Ray path, the kill tests, the
schemathesis run over the API and the browser tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest

#: Test files (or folders) under tests/ whose tests are ``heavy``: each takes a minute or more of
#: CPU, starts processes or a browser, or needs an extra (Ray).
HEAVY = ("scale/", "e2e/", "api/test_schemathesis.py", "adjudicator/store/test_kill.py")
_TESTS = Path(__file__).resolve().parent


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", default=False, help="also run the long tests marked slow")
    parser.addoption("--heavy", action="store_true", default=False, help="also run the heavy tests (Ray, kills, schemathesis, browser)")


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
