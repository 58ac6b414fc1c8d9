"""The install builds the compiled engine where it can and falls back cleanly where it cannot.

A wheel is built from a copy of this tree (as pip builds it for the README's install: build
dependencies in an isolated environment), installed into a scratch folder and imported from there.
With a C compiler and a fresh virtual environment (nothing of the runtime's dependencies installed,
as on a fresh machine: mypy, which pip runs the build with, sees only the build requirements) the
wheel holds the compiled engine. With the compiler hidden (``PATH`` without one) it holds no
extension module, runs the pure-Python engine and says why (``--version``). ``--slow`` also builds
with a compiler that fails (``CC=/bin/false``): the build goes on, removes what it made, installs
the pure engine too, and the engine warns of it at every start.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from adjudicator import accel

ROOT = Path(__file__).resolve().parents[1]


def _fresh_clone(tmp_path: Path) -> Path:
    """The tree as a fresh clone has it (tracked and new files; nothing git ignores: no build, no
    cache, no extension module, no stamp), edits not yet committed included."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, capture_output=True, check=True, timeout=60)
    clone = tmp_path / "clone"
    for name in filter(None, listed.stdout.decode().split("\0")):
        source = ROOT / name
        if source.is_file():
            (clone / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, clone / name)
    return clone


def _build_wheel(tmp_path: Path, env: dict[str, str], python: str = sys.executable) -> tuple[Path, str]:
    """Build a wheel of a fresh clone with pip run by ``python`` (its environment is what mypy sees)."""
    out = tmp_path / "wheel"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "--python", python, "wheel", "--no-deps", "-v", "-w", str(out), str(_fresh_clone(tmp_path))],
        env=env, capture_output=True, text=True, timeout=900, check=False,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = out.glob("flip7-*.whl")
    return wheel, built.stderr


def _installed_engine(tmp_path: Path, wheel: Path) -> tuple[str, str, str]:
    """The engine the installed wheel runs (``compiled``/``pure``), its description, and what the
    import wrote on stderr (warnings)."""
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(site), str(wheel)], check=True, timeout=300)
    probe = subprocess.run(
        [sys.executable, "-c", "import adjudicator; print(adjudicator.__file__); print(adjudicator.engine_path()); print(adjudicator.engine_description())"],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(site), "FLIP7_PURE": ""}, capture_output=True, text=True, timeout=120, check=True,
    )
    where, engine, description = probe.stdout.splitlines()
    assert where.startswith(str(site))
    return engine, description, probe.stderr


def _extensions(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert "adjudicator/rules/engine.py" in names
    return [name for name in names if name.endswith(".so") or name.endswith(".pyd")]


def _fallback_note(wheel: Path) -> str | None:
    with zipfile.ZipFile(wheel) as archive:
        name = f"adjudicator/{accel.FALLBACK_FILE}"
        return archive.read(name).decode() if name in archive.namelist() else None


def test_a_fresh_install_with_a_compiler_runs_the_compiled_engine(tmp_path: Path) -> None:
    """The README's install on a fresh machine: once the build's type check failed there (an
    ignore DuckDB's types need was "unused" without DuckDB) and the engine was silently pure."""
    if not accel.compiler_found():
        pytest.skip("no C compiler here: the compiled build cannot be tried")
    fresh = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(fresh)], check=True, timeout=120)
    wheel, log = _build_wheel(tmp_path, {**os.environ, "FLIP7_PURE": ""}, python=str(fresh / "bin" / "python"))
    assert "compiled the engine with mypyc" in log, log[-3000:]
    built = {name.split(".")[0].replace("/", ".") for name in _extensions(wheel)}
    assert built == {accel.SHARED_LIBRARY, *accel.COMPILED_MODULES}
    assert _fallback_note(wheel) is None
    engine, description, _ = _installed_engine(tmp_path, wheel)
    assert engine == "compiled", description


def test_without_a_compiler_the_install_is_pure_python_and_says_why(tmp_path: Path) -> None:
    env = {**os.environ, "PATH": str(tmp_path / "no-compiler-here"), "FLIP7_PURE": ""}
    env.pop("CC", None)
    wheel, log = _build_wheel(tmp_path, env)
    assert "no C compiler found" in log
    assert _extensions(wheel) == []
    assert _fallback_note(wheel) == "unavailable no C compiler found at install\n"
    engine, description, warned = _installed_engine(tmp_path, wheel)
    assert engine == "pure"
    assert description == "pure-Python engine (no compiled build: no C compiler found at install)"
    assert "RuntimeWarning" not in warned  # expected where no compiler is: said by --version only


@pytest.mark.slow
def test_a_failing_compiler_leaves_a_pure_python_install_that_warns(tmp_path: Path) -> None:
    wheel, log = _build_wheel(tmp_path, {**os.environ, "CC": "/bin/false", "FLIP7_PURE": ""})
    assert "compiling the engine failed" in log
    assert _extensions(wheel) == []
    assert (_fallback_note(wheel) or "").startswith("failed compiling the engine failed")
    engine, description, warned = _installed_engine(tmp_path, wheel)
    assert engine == "pure" and "compiling the engine failed" in description
    assert "RuntimeWarning: flip7: the install could not compile the engine" in warned
