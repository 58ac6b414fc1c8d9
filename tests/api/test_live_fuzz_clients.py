"""Issue 32: three clients fuzz one live table on a real `flip7 serve` (not a timed test).

Seeded commands from three clients, each a scorer with the table's key and a follower of its
stream: legal appends (the next event of a simulated game), illegal ones (refused, never kept),
undos, redos, stale taps (an old ``after``: refused as moved on), drops of the stream and
reconnects (with ``Last-Event-ID``, or afresh as a reloaded page). Every answer is the one the
test's own model of the table expects; afterwards every client's view, rebuilt only from what its
stream told it, equals the server's ``/log``, and ``flip7 check`` of that log is valid.

10,000 commands with ``--slow`` (docs/live.md gives that run's figures), 1,500 otherwise.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
import time
from typing import Any

import httpx
import pytest

from adjudicator.simulate import GameOptions, simulate
from tests.api.servers import ROOT
from tests.api.test_live import read_messages, served  # noqa: F401  (the real server's fixture)

SEED = 32
CLIENTS = 3
#: Events never legal at any point of a three-player game: kept never, refused always.
ILLEGAL: list[bytes] = [
    b'{"type":"card","player":"Zed","card":"5"}',
    b'{"type":"no-such-event"}',
    b'{"type":"hit"',
    b'{"type":"card","player":"Ana","card":"99"}',
]


class Follower:
    """One client's stream, read in a thread: its view of the table rebuilt from the messages alone."""

    def __init__(self, base: str, table_id: str) -> None:
        self.base, self.table_id = base, table_id
        self.events: list[Any] = []
        self.seq = 0
        self.drops = 0  # drops asked for; the stream is dropped after its next message
        self.fresh = False  # the next reconnect is a reloaded page (no Last-Event-ID)
        self.reconnects = 0
        self.errors: list[str] = []
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _apply(self, data: dict[str, Any]) -> None:
        change = data["change"]
        if change["kind"] == "sync":
            self.events = list(data["events"])
        elif change["kind"] == "append":
            if change["index"] != len(self.events):
                self.errors.append(f"append at {change['index']} onto {len(self.events)} events")
            self.events.append(change["event"])
        elif change["kind"] == "undo":
            if change["index"] != len(self.events) - 1:
                self.errors.append(f"undo of {change['index']} with {len(self.events)} events")
            self.events.pop()
        if data["seq"] <= self.seq and change["kind"] != "sync":
            self.errors.append(f"change {data['seq']} after {self.seq}")
        self.seq = data["seq"]

    def _run(self) -> None:
        with httpx.Client(base_url=self.base, timeout=60) as http:
            while True:
                headers = {} if self.fresh or not self.seq else {"Last-Event-ID": str(self.seq)}
                self.fresh = False
                try:
                    with http.stream("GET", f"/v1/tables/{self.table_id}/stream", headers=headers) as stream:
                        lines = stream.iter_lines()
                        while True:
                            got = read_messages(lines, 1)
                            if not got:
                                return  # the server stopped
                            self._apply(got[0][2])
                            if self.drops:
                                self.drops -= 1
                                break
                except httpx.TransportError:
                    return  # the server stopped at the test's end
                self.reconnects += 1


def _game() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A simulated three-player game: the table's body and its events in order."""
    game = next(iter(simulate(1, 3, seed=SEED, options=GameOptions(target=200), claims="none")))
    events = [json.loads(line) for line in game.text().splitlines() if line.strip() and not line.startswith("#")]
    return {k: v for k, v in events[0].items() if k not in ("type",)}, events[1:]


def play(base: str, commands: int, seed: int = SEED) -> dict[str, int]:
    """Run ``commands`` seeded commands against a new table on ``base``; the counts of each kind."""
    rng = random.Random(seed)
    head, game = _game()
    counts: dict[str, int] = {}
    with httpx.Client(base_url=base, timeout=60) as http:
        made = http.post("/v1/tables", json=head)
        assert made.status_code == 201, made.text
        table_id, key = made.json()["id"], {"X-Table-Key": made.json()["key"]}
        followers = [Follower(base, table_id) for _ in range(CLIENTS)]
        for follower in followers:
            follower.thread.start()
        kept: list[dict[str, Any]] = []  # the model: the events kept after the game line
        redo: list[dict[str, Any]] = []  # the model's redo stack (the server may remember fewer)
        seq = 1
        kinds = ["append"] * 45 + ["illegal"] * 12 + ["undo"] * 15 + ["redo"] * 10 + ["stale"] * 8 + ["drop"] * 6 + ["reload"] * 4
        for _ in range(commands):
            client, kind = rng.randrange(CLIENTS), rng.choice(kinds)
            if kind == "append" and len(kept) == len(game):
                kind = "undo"  # the game is over: nothing more is legal
            after = {"after": str(len(kept))} if rng.random() < 0.7 else {}
            counts[kind] = counts.get(kind, 0) + 1
            if kind == "append":
                event = game[len(kept)]
                answer = http.post(f"/v1/tables/{table_id}/events", json=event, headers=key, params=after)
                assert answer.status_code == 200, answer.text
                assert answer.json()["index"] == len(kept) + 1
                if redo and redo[-1] == event:
                    redo.pop()
                else:
                    redo.clear()
                kept.append(event)
                seq += 1
            elif kind == "illegal":
                answer = http.post(f"/v1/tables/{table_id}/events", content=rng.choice(ILLEGAL), headers={**key, "Content-Type": "application/json"}, params=after)
                assert answer.status_code in (400, 422), answer.text
                assert answer.headers["content-type"] == "application/problem+json"
            elif kind == "undo":
                answer = http.post(f"/v1/tables/{table_id}/undo", headers=key, params=after)
                if not kept:
                    assert answer.status_code == 409, answer.text
                    continue
                assert answer.status_code == 200 and answer.json()["index"] == len(kept), answer.text
                redo.append(kept.pop())
                seq += 1
            elif kind == "redo":
                answer = http.post(f"/v1/tables/{table_id}/redo", headers=key, params=after)
                if answer.status_code == 409:
                    continue  # nothing to redo (the server forgets old changes, so it may know fewer)
                assert redo and answer.status_code == 200 and answer.json()["index"] == len(kept) + 1, answer.text
                kept.append(redo.pop())
                seq += 1
            elif kind == "stale":
                if not kept:
                    continue
                old = {"after": str(rng.randrange(len(kept)))}  # a tap made before the last change reached this phone
                what = rng.choice(["events", "undo", "redo"])
                if what == "events" and len(kept) == len(game):
                    what = "undo"
                body = game[len(kept)] if what == "events" else None
                answer = http.post(f"/v1/tables/{table_id}/{what}", json=body, headers=key, params=old) if body else http.post(f"/v1/tables/{table_id}/{what}", headers=key, params=old)
                assert answer.status_code == 409, answer.text
            elif kind == "drop":
                followers[client].drops += 1
            else:
                followers[client].fresh = True
                followers[client].drops += 1
        log = http.get(f"/v1/tables/{table_id}/log").text
        server = [json.loads(line) for line in log.splitlines()]
        assert server[1:] == kept
        deadline = time.monotonic() + 120
        while any(f.seq < seq for f in followers) and time.monotonic() < deadline:
            time.sleep(0.05)
        for follower in followers:
            assert follower.errors == []
            assert follower.seq == seq
            assert follower.events == server
        counts["reconnects"] = sum(f.reconnects for f in followers)
        counts["events"] = len(kept)
        checked = _flip7_check(log)
        assert checked["valid"] is True and checked["violations"] == [], checked
    return counts


def _flip7_check(log: str) -> dict[str, Any]:
    """``flip7 check --json`` of a log, run as a user runs it."""
    done = subprocess.run([sys.executable, "-m", "cli.main", "check", "-", "--json"], input=log, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    return report[0] if isinstance(report, list) else report


def test_three_clients_fuzzing_a_real_server_all_end_with_its_log(served: tuple[str, Any], request: pytest.FixtureRequest) -> None:  # noqa: F811
    base, _ = served
    counts = play(base, 10_000 if request.config.getoption("--slow") else 1_500)
    assert counts["reconnects"] > 0 and counts["events"] > 0
    print(counts)


if __name__ == "__main__":  # pragma: no cover - a manual run: python -m tests.api.test_live_fuzz_clients URL [COMMANDS]
    started = time.perf_counter()
    print(play(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10_000), f"{time.perf_counter() - started:.1f} s")
