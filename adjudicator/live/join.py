"""Joining a live table: short join codes, the scorer's code, handing the scorer's right over, the next game.

A table's **join code** is six characters of ``ALPHABET`` (no 0/O, 1/I/L: nothing to mistake when read
off a screen) made from its id, so it needs no storage and is the same after a restart; anyone may
resolve it to the read link. The **scorer's code** is eight characters, handed out by the scorer
(behind the write key) for another phone to take the write link once, within ``scorer_seconds``;
it lives in memory only (a restart forgets it: the write link itself still works). **Handing over**
gives the table a new write key and revokes the old one (the store keeps the new key's hash).
A finished table's **next game** is a new table with the same players and options, the deal
passed to the next player clockwise; the old table remembers it so its followers can move on.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from adjudicator.live.service import Entry, TableConflict, TableNotFound, TableService, hash_key, utc_now
from adjudicator.store import live as records

#: The characters of a code: digits and capitals without 0, O, 1, I and L.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
#: Characters of a table's join code and of a scorer's code.
JOIN_LENGTH = 6
SCORER_LENGTH = 8


def normalise(code: str) -> str:
    """A typed code as the server keeps it: capitals, without spaces or dashes."""
    return "".join(c for c in code.upper() if c not in " -")


def derived_code(table_id: str, attempt: int = 0) -> str:
    """The join code made from a table id (``attempt`` > 0: the next try after a clash)."""
    number = int.from_bytes(hashlib.sha256(f"{table_id}:{attempt}".encode()).digest()[:8], "big")
    chars = []
    for _ in range(JOIN_LENGTH):
        number, digit = divmod(number, len(ALPHABET))
        chars.append(ALPHABET[digit])
    return "".join(chars)


def next_game_line(first_line: str) -> dict[str, Any]:
    """The body of the next game's table: the old game line's players and options (no id), the
    deal passed to the player after the old game's first dealer, clockwise."""
    game = json.loads(first_line)
    players = list(game["players"])
    dealer = players[(players.index(game["dealer"]) + 1) % len(players)]
    return {k: v for k, v in game.items() if k not in ("type", "id")} | {"dealer": dealer}


@dataclass(frozen=True, slots=True)
class Joined:
    """What a code opens: ``role`` ``read`` (the read link) or ``write`` (the write link, with its key)."""

    role: str
    table_id: str
    key: str | None = None

    @property
    def link(self) -> str:
        """The page to open: ``/table/<id>``, with ``#key=…`` for the scorer."""
        return f"/table/{self.table_id}" + (f"#key={self.key}" if self.key else "")


@dataclass(slots=True)
class _ScorerCode:
    table_id: str
    key: str
    expires: datetime


class JoinDesk:
    """The join codes of one table service's tables, the scorer's codes handed out, and next games."""

    def __init__(self, service: TableService, *, scorer_seconds: float = 600, now: Callable[[], datetime] = utc_now) -> None:
        """Codes for the tables of ``service``; a scorer's code lasts ``scorer_seconds``."""
        self.service = service
        self.scorer_seconds = scorer_seconds
        self._now = now
        self._lock = threading.Lock()
        self._codes: dict[str, str] = {}  # join code -> table id
        self._of: dict[str, str] = {}  # table id -> join code
        self._scorer: dict[str, _ScorerCode] = {}
        self._next: dict[str, str] = {}  # table id -> the id of its next game's table

    # -- join codes ----------------------------------------------------------------------------

    def _sync(self) -> None:
        """Give each table of the service its code (in the order the service holds them, so a
        clash is settled the same way after a restart) and forget the codes of tables gone."""
        ids = self.service.table_ids()
        if set(ids) == set(self._of):
            return
        alive = set(ids)
        for gone in [t for t in self._of if t not in alive]:
            del self._codes[self._of.pop(gone)]
        for table_id in ids:
            if table_id in self._of:
                continue
            attempt = 0
            while (code := derived_code(table_id, attempt)) in self._codes:
                attempt += 1
            self._codes[code] = table_id
            self._of[table_id] = code

    def join_code(self, table_id: str) -> str:
        """The join code of a table (``TableNotFound`` when the service has no such table)."""
        self.service.entry(table_id)
        with self._lock:
            self._sync()
            return self._of[table_id]

    def resolve(self, code: str) -> Joined:
        """What ``code`` opens (a join code or an unused scorer's code; either case); a scorer's
        code is used up. ``TableNotFound`` for a code nobody handed out (or one expired)."""
        wanted = normalise(code)
        with self._lock:
            self._forget_expired()
            scorer = self._scorer.pop(wanted, None)
            if scorer is not None and self.service.has(scorer.table_id):
                return Joined("write", scorer.table_id, scorer.key)
            self._sync()
            table_id = self._codes.get(wanted)
        if table_id is None:
            raise TableNotFound(f"no open table has the code {code!r} (check its letters; a scorer's code works once, for a few minutes)")
        return Joined("read", table_id)

    # -- the scorer's right ------------------------------------------------------------------

    def scorer_code(self, table_id: str, key: str | None) -> tuple[str, datetime]:
        """A new scorer's code for the write link of ``table_id`` (behind its key ``key``) and
        when it expires; it opens the write link once."""
        entry = self.service.entry(table_id)
        self.service.check_key(entry, key)
        assert key is not None
        if entry.table.finished:
            raise TableConflict(f"the table is finished: its game is stored as {entry.table.game!r}")
        expires = self._now() + timedelta(seconds=self.scorer_seconds)
        with self._lock:
            self._forget_expired()
            while (code := "".join(secrets.choice(ALPHABET) for _ in range(SCORER_LENGTH))) in self._scorer:
                pass
            self._scorer[code] = _ScorerCode(table_id, key, expires)
        return code, expires

    def hand_over(self, table_id: str, key: str | None) -> tuple[Entry, str]:
        """Give the table a new write key (returned, shown once) and revoke ``key``, its current one;
        scorer's codes handed out for the old key are revoked with it."""
        entry = self.service.entry(table_id)
        self.service.check_key(entry, key)
        new_key = secrets.token_urlsafe(24)
        with entry.lock:
            self.service.check_key(entry, key)  # again under the lock: two hand-overs at once, one wins
            if entry.table.finished:
                raise TableConflict(f"the table is finished: its game is stored as {entry.table.game!r}")
            new_hash = hash_key(new_key)
            records.set_key(self.service.store, table_id, new_hash)
            entry.key_hash = new_hash
        with self._lock:
            for code in [c for c, s in self._scorer.items() if s.table_id == table_id]:
                del self._scorer[code]
        return entry, new_key

    def _forget_expired(self) -> None:
        now = self._now()
        for code in [c for c, s in self._scorer.items() if s.expires <= now]:
            del self._scorer[code]

    # -- the next game -----------------------------------------------------------------------

    def next_game(self, table_id: str, key: str | None, dealer: str | None = None) -> tuple[Entry, str]:
        """A new table for the next game of a finished table (behind the old table's key): the
        same players and options, the next dealer (or ``dealer``). Returns the new table and its
        write key; a second call raises ``TableConflict`` (the next game is already seated)."""
        entry = self.service.entry(table_id)
        self.service.check_key(entry, key)
        if not entry.table.finished:
            raise TableConflict("the table is not finished yet: finish it (its game is stored), then seat the next game")
        with self._lock:
            if table_id in self._next:
                raise TableConflict(f"the next game is already seated: /table/{self._next[table_id]}")
            self._next[table_id] = ""  # reserved while the new table is made
        try:
            game = next_game_line(entry.table.lines[0])
            created, new_key = self.service.create(game if dealer is None else game | {"dealer": dealer})
        except BaseException:
            with self._lock:
                self._next.pop(table_id, None)
            raise
        with self._lock:
            self._next[table_id] = created.table.id
        return created, new_key

    def next_of(self, table_id: str) -> str | None:
        """The id of the table seated for the next game of ``table_id``, if any (and still held)."""
        self.service.entry(table_id)
        with self._lock:
            following = self._next.get(table_id) or None
        return following if following and self.service.has(following) else None


__all__ = ["ALPHABET", "JOIN_LENGTH", "SCORER_LENGTH", "JoinDesk", "Joined", "derived_code", "next_game_line", "normalise"]
