"""Small builders for test logs, and whole games from the simulator (spoilt on request)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

from adjudicator.simulate import DEFAULT_STRATEGIES, SimulatedGame, game_rng, play_game


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

#: The contract's example typed at the table, in the notation (under the contract's game id; line 7
#: is Ana's hit of 11).
KITCHEN_NOTATION = """game kitchen-2026-11-29; players Ana Ben Cem; dealer Ana
round 1
Ben 8
Cem freeze>Ben
Ana x2
Cem hit 12
Ana hit 11
Cem stay; Ana stay
score Ana 22 Ben 8 Cem 12
"""


# ------------------------------------------------------------------ simulated games

#: The ways ``simulated_logs`` spoils a game on purpose (one explicit change each):
#: ``"claims"`` plays it with the simulator's wrong claims (``claims="wrong"``: round 1's score
#: claim is off and the end claim names the runner-up; the log is read to its end);
#: ``"stranger"`` gives the middle hit or stay of the log to a player not at the table (a fatal
#: ``unknown_player`` that stops the replay there).
SPOILS = ("claims", "stranger")


def _stranger(game: SimulatedGame) -> SimulatedGame:
    events = list(game.events)
    decisions = [i for i, e in enumerate(events) if e.type in ("hit", "stay")]
    middle = decisions[len(decisions) // 2]
    events[middle] = events[middle].model_copy(update={"player": "Nobody"})
    return dataclasses.replace(game, events=events)


def simulated_logs(ids: Sequence[str], seed: int, *, spoilt_every: int | None = None) -> list[str]:
    """Log texts of games played by the simulator (``adjudicator.simulate``), one per id, in order.

    Game ``k`` seats 3 to 6 players and is determined by ``seed`` and ``k`` alone. With
    ``spoilt_every=n`` the last game of every ``n`` is spoilt, alternately with each of
    ``SPOILS``; the others are valid.
    """
    out = []
    for k, game_id in enumerate(ids):
        spoil = None
        if spoilt_every and k % spoilt_every == spoilt_every - 1:
            spoil = SPOILS[(k // spoilt_every) % len(SPOILS)]
        game = play_game(
            game_id, DEFAULT_STRATEGIES, game_rng(seed, k + 1), players=3 + k % 4, claims="wrong" if spoil == "claims" else "right"
        )
        out.append((_stranger(game) if spoil == "stranger" else game).text())
    return out
