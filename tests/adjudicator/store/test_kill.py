"""``flip7 ingest`` killed with SIGKILL at random moments, then run again.

After every kill: the worker processes are gone (none lives on as an orphan), the next run can
open the store (nobody left holding it), and the store holds only whole games, each once, with the
bytes of its file. At the end a run to completion stores every log exactly once.

The moments are drawn from a seeded ``random.Random``; the assertions hold whichever moment a kill
lands on (before the first commit, between batches, in the middle of one).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from adjudicator.store import Store
from adjudicator.store.ingest import content_hash
from tests.adjudicator.helpers import simulated_logs

from .conftest import assert_store_whole

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to follow processes")

ROOT = Path(__file__).resolve().parents[3]
#: How long a killed run's workers may take to go (they die with their parent: this is only a bound).
GONE_WITHIN = 15.0


def _parents() -> dict[int, int]:
    """pid -> parent pid of every live process (zombies count as gone)."""
    out = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if fields[0] not in ("Z", "X"):
            out[int(entry)] = int(fields[1])
    return out


def descendants(pid: int) -> set[int]:
    """The live processes below ``pid``."""
    parents = _parents()
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {p for p, pp in parents.items() if pp in frontier and p not in found}
        found |= frontier
    return found


def alive(pids: set[int]) -> set[int]:
    """Those of ``pids`` that still run."""
    return pids & set(_parents())


def ingest(folder: Path, db: Path, out: Path) -> subprocess.Popen[bytes]:
    """Start ``flip7 ingest`` with two worker processes and small batches, its output to ``out``.

    Files, not pipes: a pipe would stay open as long as any orphan holds it.
    """
    with out.open("wb") as sink:
        return subprocess.Popen(
            [sys.executable, "-m", "cli.main", "ingest", str(folder), "--db", str(db), "--jobs", "2", "--batch-size", "15", "--json"],
            cwd=ROOT,
            stdout=sink,
            stderr=subprocess.STDOUT,
        )


def finish(proc: subprocess.Popen[bytes], out: Path) -> tuple[int, str]:
    """Wait for a run to end by itself: its exit code and output."""
    return proc.wait(timeout=600), out.read_text()


def kill_at_random(proc: subprocess.Popen[bytes], rng: random.Random) -> set[int]:
    """Wait until ``proc`` has started its workers (or ended), wait a random while, SIGKILL it.

    Returns the processes that were below it at the moment of the kill.
    """
    deadline = time.monotonic() + 60
    while proc.poll() is None and len(descendants(proc.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(rng.uniform(0.0, 1.5))
    below = descendants(proc.pid)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    return below


def assert_whole(db: Path, files: dict[str, bytes]) -> int:
    """Every stored game is whole, once, with its file's bytes; returns how many are stored."""
    with Store.open(db, read_only=True) as store:
        games = assert_store_whole(store)
        stored = store.query("SELECT g.source, g.content_hash, l.content FROM games g JOIN logs l ON l.game = g.id").rows
        assert len(stored) == games
        for source, digest, content in stored:
            assert bytes(content) == files[Path(source).name] and content_hash(bytes(content)) == digest
        return games


def run_kills(tmp_path: Path, logs: int, kills: int, seed: int) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    texts = simulated_logs([f"kill-{i:03}" for i in range(logs)], seed=seed, spoilt_every=9)
    files = {f"kill-{i:03}.jsonl": text.encode() for i, text in enumerate(texts)}
    for name, data in files.items():
        (folder / name).write_bytes(data)
    db = tmp_path / "kill.duckdb"
    rng = random.Random(seed)
    out = tmp_path / "out.txt"
    for _ in range(kills):
        proc = ingest(folder, db, out)
        below = kill_at_random(proc, rng)
        deadline = time.monotonic() + GONE_WITHIN
        while alive(below) and time.monotonic() < deadline:
            time.sleep(0.05)
        left = alive(below)
        for pid in left:  # clean up after a failure: they are this test's own processes
            os.kill(pid, signal.SIGKILL)
        assert not left, f"processes of the killed ingest live on: {sorted(left)}"
        if db.exists():
            assert_whole(db, files)
    code, text = finish(ingest(folder, db, out), out)
    assert code == 0, text  # in particular: no "database is in use"
    assert assert_whole(db, files) == logs


def test_sigkill_during_ingest_leaves_whole_games_and_no_orphans(tmp_path: Path) -> None:
    run_kills(tmp_path, logs=60, kills=2, seed=14)


@pytest.mark.slow
def test_sigkill_many_times(tmp_path: Path) -> None:
    run_kills(tmp_path, logs=300, kills=16, seed=1414)
