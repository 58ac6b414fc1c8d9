"""The compiled build of the rules and the pure-Python sources agree; the import picks the right one.

The differential run (``engine_paths.py``) plays the same simulated games and judges the same
mutants once per build, each in its own process (the build is chosen once per process), and the
outputs must match line for line. Without a current compiled build there is nothing to compare
with, and the test says so instead of passing quietly.
"""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from adjudicator import accel

ROOT = Path(__file__).resolve().parents[2]
#: Games in the differential run; each brings ``MUTANTS_PER_GAME`` mutants (400 games: 2,000 logs).
GAMES = 400


def _run(pure: bool, code: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, accel.PURE_VARIABLE: "1" if pure else "0"}
    command = [sys.executable, "-c", code]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False)


def _start(pure: bool, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, accel.PURE_VARIABLE: "1" if pure else "0"}
    command = [sys.executable, "-m", "tests.adjudicator.engine_paths", *args]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _compiled_current() -> bool:
    probe = _run(False, code="import adjudicator; print(adjudicator.engine_path())")
    return probe.stdout.strip() == "compiled"


def test_pure_is_forced_by_the_variable() -> None:
    probe = _run(True, code="import adjudicator, adjudicator.rules.engine as e; print(adjudicator.engine_path(), e.__file__)")
    assert probe.returncode == 0, probe.stderr
    path, file = probe.stdout.split()
    assert path == "pure" and file.endswith("engine.py")


def test_both_builds_judge_the_same_games_and_mutants_alike() -> None:
    if not _compiled_current():
        pytest.skip("no current compiled build here (pip install -e . with a C compiler builds one): one path only")
    # both at once, one per core
    runs = [_start(pure, str(GAMES)) for pure in (True, False)]
    (pure_out, pure_err), (compiled_out, compiled_err) = (run.communicate(timeout=600) for run in runs)
    assert runs[0].returncode == 0 and runs[1].returncode == 0, pure_err + compiled_err
    pure_lines, compiled_lines = pure_out.splitlines(), compiled_out.splitlines()
    assert pure_lines[0].startswith("pure-Python engine") and compiled_lines[0].startswith("compiled engine")
    assert len(pure_lines) == len(compiled_lines) == 1 + GAMES * 5
    differ = [i for i, (a, b) in enumerate(zip(pure_lines[1:], compiled_lines[1:], strict=True)) if a != b]
    assert differ == [], f"{len(differ)} logs judged differently, first: {pure_lines[differ[0] + 1][:200]}"
    assert any('"valid": false' in line for line in pure_lines) and any('"valid": true' in line for line in pure_lines)


def test_a_changed_source_falls_back_to_pure_with_a_warning(tmp_path: Path) -> None:
    """A build whose stamp does not match the sources is not used (the stale-build guard)."""
    # a stamp recording other sources than the ones beside it:
    fake = tmp_path / "adjudicator"
    fake.mkdir()
    for module in accel.COMPILED_MODULES:
        source = accel.source_path(module, tmp_path)
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text("x = 1\n")
    assert accel.source_digest(tmp_path) != accel.source_digest()
    (fake / accel.STAMP_FILE).write_text(accel.source_digest(tmp_path) + " mypyc\n")
    check = (
        "import sys, warnings\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "import importlib.util, pathlib\n"
        f"spec = importlib.util.spec_from_file_location('adjudicator.accel', {str(ROOT / 'adjudicator' / 'accel.py')!r})\n"
        "a = importlib.util.module_from_spec(spec); spec.loader.exec_module(a)\n"
        f"a._PACKAGE_DIR = pathlib.Path({str(fake)!r})\n"
        "a._built = lambda module: True\n"
        "with warnings.catch_warnings(record=True) as seen:\n"
        "    warnings.simplefilter('always')\n"
        "    print(a._decide())\n"
        "    print(seen[0].message if seen else 'no warning')\n"
    )
    probe = _run(False, code=check)
    assert probe.returncode == 0, probe.stderr
    decision, warning = probe.stdout.splitlines()
    assert decision.startswith("(False, 'the sources changed since the compiled build')")
    assert "running the pure-Python engine" in warning and "FLIP7_PURE" in warning


def test_a_pure_install_says_why_and_a_failed_build_warns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """pip shows a build's messages only under ``-v``: the fallback note the build leaves is how
    ``--version`` says why the engine is pure; a build that failed where a compiler was warns."""
    monkeypatch.setattr(accel, "_PACKAGE_DIR", tmp_path)
    assert accel._not_built() == "no compiled build"
    (tmp_path / accel.FALLBACK_FILE).write_text("unavailable no C compiler found at install\n")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # expected where no compiler is: no warning
        assert accel._not_built() == "no compiled build: no C compiler found at install"
    (tmp_path / accel.FALLBACK_FILE).write_text("failed mypyc could not translate the engine: x.py:1: error: E\n")
    with pytest.warns(RuntimeWarning, match="could not compile the engine .mypyc could not translate the engine: x.py:1: error: E.*pip install -e"):
        assert accel._not_built() == "no compiled build: mypyc could not translate the engine: x.py:1: error: E"


def test_ci_is_told_when_a_compiler_is_here_but_the_engine_is_pure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(accel, "engine_path", lambda: "pure")
    monkeypatch.setattr(accel, "compiler_found", lambda: True)
    assert "a C compiler is here but flip7 runs the pure-Python engine" in (accel.missed_build() or "")
    monkeypatch.setattr(accel, "compiler_found", lambda: False)
    assert accel.missed_build() is None
    monkeypatch.setattr(accel, "compiler_found", lambda: True)
    monkeypatch.setattr(accel, "engine_path", lambda: "compiled")
    assert accel.missed_build() is None
