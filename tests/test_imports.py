"""Every module of adjudicator/, api/ and cli/ imports: a fresh interpreter per package imports
each of its modules, the deepest first.

mypy runs with ``ignore_missing_imports = true``, which also hides an import of a project module
or name that does not exist; importing each module for real finds those, and an import circle
that only breaks when one module is imported first.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("adjudicator", "api", "cli")

#: Run in a fresh interpreter: import each module named on the command line, in that order, and
#: print the ones that failed (name → traceback) as JSON. (A process per module would be slow.)
_PROBE = """
import importlib, json, sys, traceback
failed = {}
for name in sys.argv[1:]:
    try:
        importlib.import_module(name)
    except Exception:
        failed[name] = traceback.format_exc(limit=3)
print(json.dumps(failed))
"""


def _modules(package: str) -> list[str]:
    """Every module of ``package`` by its dotted name."""
    names = []
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


@pytest.mark.parametrize("package", PACKAGES)
def test_every_module_imports_on_its_own(package: str) -> None:
    modules = _modules(package)
    assert len(modules) > 5  # the walk found the package's files
    env = {**os.environ, "PYTHONPATH": str(ROOT), "FLIP7_PURE": "1"}
    # the leaf modules first: one that works only after a sibling was imported shows up here
    order = sorted(modules, key=lambda name: (-name.count("."), name))
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *order], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    failed = json.loads(done.stdout.strip().splitlines()[-1])
    assert failed == {}, "\n".join(f"{name}:\n{trace}" for name, trace in failed.items())


def test_a_broken_import_is_caught(tmp_path: Path) -> None:
    """The probe reports a module whose import fails (so the test above can fail)."""
    (tmp_path / "broken_mod.py").write_text("from adjudicator.events import no_such_name\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)]), "FLIP7_PURE": "1"}
    done = subprocess.run([sys.executable, "-c", _PROBE, "broken_mod"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False)
    failed = json.loads(done.stdout.strip().splitlines()[-1])
    assert list(failed) == ["broken_mod"] and "no_such_name" in failed["broken_mod"]
