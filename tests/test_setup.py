"""The install builds the compiled engine where it can and falls back cleanly where it cannot.

A wheel is built from this tree (as pip builds it for the README's install: build dependencies in
an isolated environment) with the C compiler hidden (``PATH`` without one), installed into a
scratch folder and imported from there: it holds no extension module and runs the pure-Python
engine. ``--slow`` also builds with a compiler that fails (``CC=/bin/false``): the build goes on,
removes what it made and installs the pure engine too.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _build_wheel(tmp_path: Path, env: dict[str, str]) -> tuple[Path, str]:
    out = tmp_path / "wheel"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(out), str(ROOT)],
        env=env, capture_output=True, text=True, timeout=900, check=False,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = out.glob("flip7-*.whl")
    return wheel, built.stderr


def _installed_engine(tmp_path: Path, wheel: Path) -> str:
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(site), str(wheel)], check=True, timeout=300)
    probe = subprocess.run(
        [sys.executable, "-c", "import adjudicator; print(adjudicator.__file__); print(adjudicator.engine_path())"],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(site), "FLIP7_PURE": ""}, capture_output=True, text=True, timeout=120, check=True,
    )
    where, engine = probe.stdout.split()
    assert where.startswith(str(site))
    return engine


def _extensions(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert "adjudicator/rules/engine.py" in names
    return [name for name in names if name.endswith(".so") or name.endswith(".pyd")]


def test_without_a_compiler_the_install_is_pure_python(tmp_path: Path) -> None:
    env = {**os.environ, "PATH": str(tmp_path / "no-compiler-here")}
    env.pop("CC", None)
    wheel, log = _build_wheel(tmp_path, env)
    assert "no C compiler found" in log
    assert _extensions(wheel) == []
    assert _installed_engine(tmp_path, wheel) == "pure"


@pytest.mark.slow
def test_a_failing_compiler_leaves_a_pure_python_install(tmp_path: Path) -> None:
    wheel, log = _build_wheel(tmp_path, {**os.environ, "CC": "/bin/false"})
    assert "compiling the engine failed" in log
    assert _extensions(wheel) == []
    assert _installed_engine(tmp_path, wheel) == "pure"
