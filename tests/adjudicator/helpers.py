"""Small builders for test logs."""

from __future__ import annotations

import json
from typing import Any


def log(*events: dict[str, Any] | str) -> str:
    """A log's text from event dicts (or raw line strings)."""
    return "\n".join(e if isinstance(e, str) else json.dumps(e) for e in events) + "\n"


def game(players: tuple[str, ...] = ("Ana", "Ben", "Cem"), dealer: str = "Ana", **options: Any) -> dict[str, Any]:
    """A game event."""
    return {"type": "game", "id": "t", "players": list(players), "dealer": dealer, **options}


def card(player: str, name: str) -> dict[str, Any]:
    """A card event."""
    return {"type": "card", "player": player, "card": name}


def hit(player: str) -> dict[str, Any]:
    """A hit event."""
    return {"type": "hit", "player": player}


def stay(player: str) -> dict[str, Any]:
    """A stay event."""
    return {"type": "stay", "player": player}


def target(player: str, name: str, to: str) -> dict[str, Any]:
    """A target event."""
    return {"type": "target", "player": player, "card": name, "target": to}


def rnd(n: int, **extra: Any) -> dict[str, Any]:
    """A round event."""
    return {"type": "round", "round": n, **extra}


#: The contract's own example (flip7-log-v1.md §1).
KITCHEN = log(
    game(),
    rnd(1),
    card("Ben", "8"),
    card("Cem", "freeze"),
    target("Cem", "freeze", "Ben"),
    card("Ana", "x2"),
    hit("Cem"),
    card("Cem", "12"),
    hit("Ana"),
    card("Ana", "11"),
    stay("Cem"),
    stay("Ana"),
    {"type": "score", "round": 1, "scores": {"Ana": 22, "Ben": 8, "Cem": 12}},
)
