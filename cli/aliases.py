"""`flip7 ingest --aliases FILE`: the display names of the ids a platform writes into its logs.

The file is one JSON object, ``{"pid:17": "Ana", "pid:23": "Ben"}``. It is checked before anything
is stored: not JSON, an id given twice, an empty name, or an id that neither a stored game nor one
of the logs given seats ends the command (exit 2) with nothing changed. The aliases are kept in the
store (``player_aliases``) and link the seats of every game ingested from then on.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from adjudicator.source import lines_from_bytes
from adjudicator.store import LogInput, Store
from adjudicator.store.players import PlayerError, parse_aliases
from cli.common import fail


def names_in(inputs: Iterable[LogInput]) -> set[str]:
    """The player names the ``game`` lines of ``inputs`` seat (logs that cannot be read add none)."""
    names: set[str] = set()
    for source in inputs:
        try:
            data = source.load()
        except OSError:
            continue
        for line in lines_from_bytes(data):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            try:
                game = json.loads(line)
            except ValueError:
                break
            if isinstance(game, dict) and isinstance(game.get("players"), list):
                names.update(p for p in game["players"] if isinstance(p, str))
            break
    return names


def read_alias_file(path: Path) -> dict[str, str]:
    """The aliases in the file at ``path``; a file that cannot be read or used ends the command (exit 2)."""
    try:
        return parse_aliases(path.read_text(encoding="utf-8"), where=f"--aliases {path}")
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"--aliases: cannot read {path}: {getattr(exc, 'strerror', None) or exc}")
    except PlayerError as exc:
        fail(str(exc))


def keep_aliases(store: Any, aliases: dict[str, str], inputs: list[LogInput]) -> None:
    """Keep ``aliases`` in ``store`` before ``inputs`` are ingested; an id that neither a stored
    game nor one of ``inputs`` seats ends the command (exit 2) with nothing changed."""
    if not isinstance(store, Store):
        fail(f"--aliases: the store {store.path} is held by a server; stop it to ingest with an alias file")
    try:
        store.players().apply_aliases(aliases, known=names_in(inputs))
    except PlayerError as exc:
        fail(str(exc))
