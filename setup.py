"""Build: the package of pyproject.toml, plus a mypyc build of the engine where a C compiler exists.

The modules compiled are ``adjudicator.accel.COMPILED_MODULES`` (one list, read here and at import).
Without a working C compiler (or without mypyc, or when ``FLIP7_PURE=1`` is set at install) the
install goes on without extension modules and the pure-Python sources run; so does a build whose
compilation fails. A successful build stamps ``adjudicator/_accel_stamp.txt`` with the digest of the
sources compiled, which ``adjudicator.accel`` checks at import. A build that falls back writes why
into ``adjudicator/_accel_fallback.txt`` instead: pip shows a build's messages only under ``-v``,
so ``flip7 --version`` reads the reason from there (and a failed build warns at every start).

mypyc type-checks what it compiles in the build's own environment, which pip fills with the
build requirements only (``pyproject.toml``): the runtime dependencies (DuckDB, pyarrow, FastAPI)
are missing there, so their types are ``Any``. ``_TYPE_CHECK`` makes that check independent of
them: an ignore the project's own ``mypy`` needs may be unused there (not an error), and errors in
modules it only reads the types of (the store, the API: not compiled) do not stop the engine.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
#: mypy options added to the project's (pyproject.toml) for the build's type check; see above.
_TYPE_CHECK = ("--no-warn-unused-ignores", "--follow-imports=silent")
#: Set by ``_extensions`` when the build installs the pure-Python engine: (kind, reason), the kinds
#: of ``adjudicator.accel.FALLBACK_KINDS``; written into the package by ``NotingBuildPy``.
_fallback: tuple[str, str] | None = None


def _accel() -> Any:
    """adjudicator/accel.py, loaded by path (the package's dependencies are not installed yet)."""
    spec = importlib.util.spec_from_file_location("_flip7_accel", ROOT / "adjudicator" / "accel.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _note(message: str) -> None:
    print(f"flip7 build: {message}", file=sys.stderr)


def _fall_back(kind: str, reason: str) -> list[Any]:
    """Say and record why the pure-Python engine is installed; no extensions."""
    global _fallback
    _note(f"{reason}: installing the pure-Python engine")
    _fallback = (kind, reason)
    return []


def _write_fallback(folders: list[Path]) -> None:
    """Record the fallback in each package folder (or remove an old record after a compiled build)."""
    accel = _accel()
    for folder in folders:
        note = folder / accel.FALLBACK_FILE
        if _fallback is None:
            note.unlink(missing_ok=True)
        else:
            folder.mkdir(parents=True, exist_ok=True)
            note.write_text(" ".join(_fallback) + "\n", encoding="utf-8")


def _package_folders(command: Any) -> list[Path]:
    """Where a build command's package files go: its build folder, and the sources when in place."""
    places = [Path(command.build_lib) / "adjudicator"]
    if getattr(command, "inplace", False) or getattr(command, "editable_mode", False):
        places.append(ROOT / "adjudicator")
    return places


class NotingBuildPy(build_py):
    """build_py that also records why the engine is pure, when it is (the wheel and an editable
    install both carry the note; a compiled build removes it)."""

    def run(self) -> None:
        """Copy the sources, then write (or remove) the fallback note."""
        super().run()
        _write_fallback(_package_folders(self))


class OptionalBuildExt(build_ext):
    """build_ext that falls back to pure Python when compiling fails, and stamps a build that works."""

    def run(self) -> None:
        """Build every extension; on any failure remove what was built and leave the sources to run."""
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as exc:  # a missing or failing compiler, linker or header: all mean "pure"
            _fall_back("failed", f"compiling the engine failed ({exc})")
            self._remove_built()
            self.extensions = []
            _write_fallback(self._targets())
            return
        self._stamp()

    def _targets(self) -> list[Path]:
        """Where this build puts the stamp: the build folder, and the sources when built in place."""
        return _package_folders(self)

    def _stamp(self) -> None:
        accel = _accel()
        line = f"{accel.source_digest(ROOT)} mypyc\n"
        for folder in self._targets():
            folder.mkdir(parents=True, exist_ok=True)
            (folder / accel.STAMP_FILE).write_text(line, encoding="utf-8")
        _write_fallback(self._targets())
        _note("compiled the engine with mypyc")

    def _remove_built(self) -> None:
        accel = _accel()
        for ext in self.extensions:
            for base in (Path(self.build_lib), ROOT):
                target = base / self.get_ext_filename(ext.name)
                if target.exists():
                    target.unlink()
        for folder in self._targets():
            (folder / accel.STAMP_FILE).unlink(missing_ok=True)


def _remove_stale(accel: Any) -> None:
    """Extension modules an earlier build left that this one would not make: any in ``build/lib*``
    (a wheel would pack them), and in the sources those of modules no longer on the list (they
    would shadow their ``.py`` unguarded)."""
    for stale in ROOT.glob("build/lib*/adjudicator/**/*.so"):
        stale.unlink()
    listed = {accel.SHARED_LIBRARY, *accel.COMPILED_MODULES}
    for found in (ROOT / "adjudicator").glob("**/*.so"):
        module = ".".join(found.relative_to(ROOT).with_suffix("").with_suffix("").parts)
        if module not in listed:
            _note(f"removing {found.relative_to(ROOT)}: not on the list of compiled modules")
            found.unlink()


def _extensions() -> list[Any]:
    """The mypyc extensions, or none (with the reason said) where they cannot be built."""
    accel = _accel()
    _remove_stale(accel)
    if os.environ.get(accel.PURE_VARIABLE, "") not in ("", "0"):
        return _fall_back("chosen", f"{accel.PURE_VARIABLE}={os.environ[accel.PURE_VARIABLE]} was set at install")
    if not accel.compiler_found():
        return _fall_back("unavailable", "no C compiler found at install")
    try:
        from mypyc.build import mypycify
    except ImportError:
        return _fall_back("unavailable", "mypyc was not available at install")
    paths = [str(accel.source_path(module, Path("."))) for module in accel.COMPILED_MODULES]
    old = os.getcwd()
    os.chdir(ROOT)
    said = io.StringIO()
    try:
        with contextlib.redirect_stdout(said):
            return list(mypycify([*_TYPE_CHECK, *paths], group_name=accel.SHARED_LIBRARY.removesuffix("__mypyc"), opt_level="3"))
    except (Exception, SystemExit) as exc:  # mypyc prints its type errors, then exits
        errors = [line for line in said.getvalue().splitlines() if ": error:" in line] or [str(exc)]
        more = f" and {len(errors) - 1} more" if len(errors) > 1 else ""
        return _fall_back("failed", f"mypyc could not translate the engine: {errors[0]}{more}")
    finally:
        os.chdir(old)
        print(said.getvalue(), end="", file=sys.stderr)


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt, "build_py": NotingBuildPy})
