"""Garbage collection tuned for bulk replays (many logs judged in one process).

A replay's garbage is almost all freed by reference counting; the cyclic collector finds next to
nothing, yet every full collection walks the whole heap, and a command's heap is mostly the
modules it imported. Measured on 200 five-player games in a process with the CLI's imports, these
two steps make the check about 1.2× as fast: moving what exists now out of the collector's sight
(``gc.freeze``) and collecting the youngest generation every 50,000 allocations instead of 700.
Cyclic garbage is still collected, only less often.
"""

from __future__ import annotations

import atexit
import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: Allocations of container objects between two collections of the youngest generation.
BULK_THRESHOLD = 50_000


def _tune() -> tuple[int, int, int]:
    """Freeze what exists and collect the youngest generation less often; the thresholds before."""
    before = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(BULK_THRESHOLD, before[1], before[2])
    return before


def tune_for_bulk() -> None:
    """Tune the collector for the rest of this process (a worker process that only replays logs).

    The frozen objects are released again at exit, so extension modules that check for leaks at
    shutdown see nothing left behind.
    """
    _tune()
    atexit.register(gc.unfreeze)


@contextmanager
def bulk_replays() -> Iterator[None]:
    """Tune the collector for the ``with`` block (see the module docstring), then restore it."""
    before = _tune()
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()
