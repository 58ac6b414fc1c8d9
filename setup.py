"""Build: the package of pyproject.toml, plus a mypyc build of the engine where a C compiler exists.

The modules compiled are ``adjudicator.accel.COMPILED_MODULES`` (one list, read here and at import).
Without a working C compiler (or without mypyc, or when ``FLIP7_PURE=1`` is set at install) the
install goes on without extension modules and the pure-Python sources run; so does a build whose
compilation fails. A successful build stamps ``adjudicator/_accel_stamp.txt`` with the digest of the
sources compiled, which ``adjudicator.accel`` checks at import.
"""

from __future__ import annotations

import importlib.util
import os
import shlex
import shutil
import sys
import sysconfig
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


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


def _compiler_found() -> bool:
    """True when the C compiler the build would call is on PATH (``CC`` first, then Python's own)."""
    command = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    words = shlex.split(command)
    return bool(words) and shutil.which(words[0]) is not None


class OptionalBuildExt(build_ext):
    """build_ext that falls back to pure Python when compiling fails, and stamps a build that works."""

    def run(self) -> None:
        """Build every extension; on any failure remove what was built and leave the sources to run."""
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as exc:  # a missing or failing compiler, linker or header: all mean "pure"
            _note(f"compiling the engine failed ({exc}); installing the pure-Python engine")
            self._remove_built()
            self.extensions = []
            return
        self._stamp()

    def _targets(self) -> list[Path]:
        """Where this build puts the stamp: the build folder, and the sources when built in place."""
        places = [Path(self.build_lib) / "adjudicator"]
        if self.inplace or getattr(self, "editable_mode", False):
            places.append(ROOT / "adjudicator")
        return places

    def _stamp(self) -> None:
        accel = _accel()
        line = f"{accel.source_digest(ROOT)} mypyc\n"
        for folder in self._targets():
            folder.mkdir(parents=True, exist_ok=True)
            (folder / accel.STAMP_FILE).write_text(line, encoding="utf-8")
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
        _note(f"{accel.PURE_VARIABLE} is set: installing the pure-Python engine")
        return []
    if not _compiler_found():
        _note("no C compiler found: installing the pure-Python engine")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _note("mypyc is not available: installing the pure-Python engine")
        return []
    paths = [str(accel.source_path(module, Path("."))) for module in accel.COMPILED_MODULES]
    old = os.getcwd()
    os.chdir(ROOT)
    try:
        return list(mypycify(paths, group_name=accel.SHARED_LIBRARY.removesuffix("__mypyc"), opt_level="3"))
    except (Exception, SystemExit) as exc:  # mypyc reports type errors by exiting
        _note(f"mypyc could not translate the engine ({exc}); installing the pure-Python engine")
        return []
    finally:
        os.chdir(old)


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
