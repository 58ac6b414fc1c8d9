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

#: Test files (or folders, or single tests as ``file::name``) under tests/ whose tests are
#: ``heavy``: each takes a minute or more of CPU, or seconds of waiting on processes,
#: servers, threads or a full disk, starts a browser, or needs an extra (Ray). CI runs them all
#: (``--heavy``).
HEAVY = (
    "scale/", "e2e/", "bench/", "api/test_schemathesis.py", "adjudicator/store/test_kill.py", "test_setup.py",
    "cli/test_shared_store.py",
    "cli/test_store_cli.py::test_ctrl_c_mid_ingest_keeps_whole_games_only",
    "cli/test_store_cli.py::test_second_ingest_process_gets_database_in_use",
    "cli/test_state_cli.py::test_every_table_of_a_twelve_player_game_fits_80_columns",
    "adjudicator/store/test_ingest.py::test_disk_full_keeps_stored_games_readable",
    "adjudicator/store/test_ingest.py::test_replay_in_worker_processes_stores_the_same",
    "adjudicator/store/test_ingest.py::test_a_crash_mid_batch_leaves_no_half_game",
    "adjudicator/store/test_service.py::test_threads_read_while_one_writes",
    "api/test_server.py::test_50_concurrent_writes_store_all_50",
    "api/test_live.py::test_a_killed_server_restarts_with_every_kept_event",
    "api/test_live.py::test_the_stream_tells_a_real_client_every_change_and_a_reconnect_misses_nothing",
    "api/test_server.py::test_flip7_serve_answers_over_http",
    "cli/test_record_cli.py::test_a_killed_recorder_loses_no_kept_line",
    "api/test_live_fuzz.py::test_load_writers_and_followers_on_a_real_server",
    "api/test_live_fuzz_clients.py",
    "api/test_live_hardening.py::test_a_reconnect_far_behind_gets_one_sync_not_every_change",
    "api/test_analysis_bounds.py::test_a_client_that_hangs_up_frees_the_pool_on_a_real_server",
    "api/test_analysis_bounds.py::test_45_analyses_at_once_leave_the_server_answering",
    "api/test_query_hardening.py::test_the_probes_queries_stay_near_the_servers_memory_cap",
)
_TESTS = Path(__file__).resolve().parent

#: Set by ``pytest_configure``: "1" when the run gives property tests their full budget.
FULL_BUDGET_ENV = "FLIP7_TEST_FULL_BUDGET"


def examples(full: int, quick: int) -> int:
    """A property test's example budget: ``full`` in CI's run (``--heavy``, ``--slow``), ``quick``
    in the default run while working (read when the test module is imported, after configure)."""
    return full if os.environ.get(FULL_BUDGET_ENV) == "1" else quick


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", default=False, help="also run the long tests marked slow")
    parser.addoption("--heavy", action="store_true", default=False, help="also run the heavy tests (Ray, kills, schemathesis, browser)")
    parser.addoption("--engine", choices=("auto", "compiled", "pure"), default="auto", help="which build of the rules to test (default: what the core picks)")


def pytest_configure(config: pytest.Config) -> None:
    wanted = config.getoption("--engine")
    # the property tests' budgets (``examples``): full where CI runs (--heavy) or --slow
    full = config.getoption("--heavy") or config.getoption("--slow") or "heavy" in (config.getoption("-m", default="") or "")
    os.environ.setdefault(FULL_BUDGET_ENV, "1" if full else "0")
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
    test = f"{where}::{getattr(item, 'originalname', None) or item.name}"
    return any(where == h or test == h or (h.endswith("/") and where.startswith(h)) for h in HEAVY)


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


@pytest.fixture(autouse=True)
def _no_terminal_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test starts without ``$COLUMNS`` (the CLI lays output out to it): a test that wants a
    width sets it, and neither the caller's shell nor an earlier test decides how output wraps."""
    monkeypatch.delenv("COLUMNS", raising=False)
