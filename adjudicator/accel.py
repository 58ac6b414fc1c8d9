"""Which engine runs: the compiled build of the rules (mypyc) or the pure-Python reference.

The engine and the rulesets are plain, typed Python; ``setup.py`` compiles the modules listed in
``COMPILED_MODULES`` with mypyc when the package is installed where a C compiler exists, and stamps
the build with a digest of their sources (``STAMP_FILE``). Python imports an extension module in
preference to the ``.py`` beside it, so an editable install whose sources changed since the build
would run stale code: when this module is imported (first thing in ``adjudicator/__init__.py``)
it compares the digest and, when it differs, when no complete build is present, when the compiled
library does not load, or when ``FLIP7_PURE=1`` is set, it makes every listed module load from its
``.py`` file instead (all of them: a compiled class may not be subclassed by an interpreted one).

This module imports only the standard library: ``setup.py`` loads it by path before any
dependency is installed. It is never compiled itself.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import shlex
import shutil
import sys
import sysconfig
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

#: The modules mypyc compiles: the engine, the rulesets and what they call per event. The one list
#: the build and the check at import both read.
COMPILED_MODULES: tuple[str, ...] = (
    "adjudicator.event_cache",
    "adjudicator.replay",
    "adjudicator.scoring",
    "adjudicator.state",
    "adjudicator.rules.common",
    "adjudicator.rules.engine",
    "adjudicator.rules.position",
    "adjudicator.rulesets.base.cards",
    "adjudicator.rulesets.base.rules",
    "adjudicator.rulesets.base.words",
    "adjudicator.rulesets.vengeance.cards",
    "adjudicator.rulesets.vengeance.rules",
    "adjudicator.rulesets.vengeance.words",
    "adjudicator.rulesets.vengeance.simulate",
    "adjudicator.simulate.play",
    "adjudicator.store.records",
)
#: The extension holding the compiled code of every listed module (one mypyc group).
SHARED_LIBRARY = "adjudicator._accel__mypyc"
#: Written next to this file by a successful compiled build: the digest of the sources it compiled.
STAMP_FILE = "_accel_stamp.txt"
#: Set to 1 to run the pure-Python modules even where a current compiled build is present.
PURE_VARIABLE = "FLIP7_PURE"
#: Written next to this file by a build that installed the pure-Python engine: ``<kind> <reason>``,
#: ``kind`` one of ``FALLBACK_KINDS``. pip shows a build's messages only under ``-v``; this note is
#: how ``flip7 --version`` (and, for a failed build, a warning at import) says why.
FALLBACK_FILE = "_accel_fallback.txt"
#: Why a build is pure: ``chosen`` (``FLIP7_PURE`` at install), ``unavailable`` (no C compiler, no
#: mypyc: expected, said only by ``--version``), ``failed`` (a compiler was there and the build
#: failed: a defect, warned of at every start until fixed).
FALLBACK_KINDS = ("chosen", "unavailable", "failed")

_PACKAGE_DIR = Path(__file__).resolve().parent
_ROOT = _PACKAGE_DIR.parent


def source_path(module: str, root: Path = _ROOT) -> Path:
    """The ``.py`` file of ``module`` (a dotted name under ``adjudicator``) below ``root``."""
    return root.joinpath(*module.split(".")).with_suffix(".py")


def source_digest(root: Path = _ROOT, modules: Sequence[str] = COMPILED_MODULES) -> str:
    """SHA-256 over the names and the source bytes of ``modules``: what a build was made from."""
    digest = hashlib.sha256()
    for module in modules:
        digest.update(module.encode() + b"\0")
        digest.update(source_path(module, root).read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


def compiler_found() -> bool:
    """True when the C compiler a build would call is on PATH (``CC`` first, then Python's own)."""
    command = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    words = shlex.split(command)
    return bool(words) and shutil.which(words[0]) is not None


def fallback_note(package_dir: Path | None = None) -> tuple[str, str] | None:
    """The kind and reason the install recorded for installing the pure-Python engine, if it did
    (read from ``package_dir``, this package's folder by default)."""
    try:
        kind, _, reason = ((package_dir or _PACKAGE_DIR) / FALLBACK_FILE).read_text(encoding="utf-8").strip().partition(" ")
    except OSError:
        return None
    return (kind, reason) if kind in FALLBACK_KINDS else None


def missed_build() -> str | None:
    """What is wrong when a C compiler is here but the pure-Python engine runs (``None`` when the
    compiled engine runs, or none could be built). CI fails on it: a silent fallback is a defect."""
    if engine_path() == "compiled" or not compiler_found():
        return None
    return f"a C compiler is here but flip7 runs the {engine_description()}"


def _built(module: str) -> bool:
    """True when an extension module for ``module`` lies beside its source."""
    stem = source_path(module).with_suffix("")
    return any(stem.with_name(stem.name + suffix).exists() for suffix in importlib.machinery.EXTENSION_SUFFIXES)


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Loads the listed modules from their ``.py`` files, ahead of any extension module."""

    def __init__(self, modules: Sequence[str]) -> None:
        self.modules = frozenset(modules)

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        """A source spec for a listed module; ``None`` (ask the next finder) for any other."""
        if fullname not in self.modules:
            return None
        return importlib.util.spec_from_file_location(fullname, source_path(fullname))


def _decide() -> tuple[bool, str]:
    """Whether the compiled modules may be used here, and why (or why not)."""
    if os.environ.get(PURE_VARIABLE, "") not in ("", "0"):
        return False, f"{PURE_VARIABLE}={os.environ[PURE_VARIABLE]}"
    built = [module for module in COMPILED_MODULES if _built(module)]
    if not built:
        return False, _not_built()
    if len(built) < len(COMPILED_MODULES):
        return False, _stale("the compiled build is incomplete")
    stamp = _PACKAGE_DIR / STAMP_FILE
    try:
        recorded = stamp.read_text(encoding="utf-8").split()[0]
    except (OSError, IndexError):
        return False, _stale("the compiled build has no source stamp")
    try:
        current = source_digest()
    except OSError:
        return False, _stale("a compiled module's source is missing")
    if recorded != current:
        return False, _stale("the sources changed since the compiled build")
    try:
        __import__(SHARED_LIBRARY)
    except ImportError as exc:
        return False, _stale(f"the compiled library does not load ({exc})")
    return True, "mypyc"


def _not_built() -> str:
    """Why there is no compiled build, as the install recorded it; a failed build is warned of."""
    note = fallback_note()
    if note is None:
        return "no compiled build"
    kind, reason = note
    if kind == "failed":
        warnings.warn(
            f"flip7: the install could not compile the engine ({reason}); running the pure-Python engine, "
            f"several times slower. Fix the cause and run `pip install -e .` again (`-v` shows the build), "
            f"or install with {PURE_VARIABLE}=1 to choose the pure engine",
            RuntimeWarning,
            stacklevel=4,
        )
    return f"no compiled build: {reason}"


def _stale(reason: str) -> str:
    """Warn that a compiled build is present but not used, and return the reason."""
    warnings.warn(
        f"flip7: {reason}; running the pure-Python engine (rebuild with `pip install -e .`, or set {PURE_VARIABLE}=1)",
        RuntimeWarning,
        stacklevel=3,
    )
    return reason


def _install() -> tuple[bool, str]:
    """Decide once per process; when pure, put the source-first finder ahead of the others."""
    compiled, reason = _decide()
    if not compiled:
        sys.meta_path.insert(0, _SourceFirst(COMPILED_MODULES))
    return compiled, reason


# setup.py loads this file under another name to read the list: it must not change the import system
_COMPILED, _REASON = _install() if __name__ == "adjudicator.accel" else (False, "not installed")


def engine_path() -> str:
    """``"compiled"`` when the listed modules run from the mypyc build, ``"pure"`` otherwise.

    Told from the loaded engine module itself, not only from the decision at import.
    """
    from adjudicator.rules import engine

    suffix = str(getattr(engine, "__file__", "") or "")
    return "compiled" if suffix.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) else "pure"


def engine_description() -> str:
    """One phrase for ``--version`` and the health check: which engine runs, and why."""
    if engine_path() == "compiled":
        return f"compiled engine ({_REASON})"
    return f"pure-Python engine ({_REASON})"
