"""Random legal Flip 7 games as log text, for store tests and bench/bench_ingest.py.

Moves are drawn from the engine's own ``legal_moves``, cards by their count in the draw pile, so
every log is valid; a share can be spoilt on purpose (a wrong score claim, an illegal move) to
mix invalid logs in.
"""

from __future__ import annotations

import json
import random

from adjudicator.events import GameEvent, ScoreEvent, parse_event
from adjudicator.rules.base import apply, expecting, legal_moves
from adjudicator.scoring import score_row

NAMES = ("Ana", "Ben", "Cem", "Dora", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jin")


def _line(event: object) -> str:
    data = event.model_dump(exclude_none=True)  # type: ignore[attr-defined]
    return json.dumps(data, separators=(",", ":"))


def random_game(rng: random.Random, game_id: str, *, spoil: float = 0.0, max_events: int = 5000) -> str:
    """One random game as log text; with probability ``spoil`` it carries a wrong claim or an illegal move."""
    from adjudicator.state import GameState

    players = rng.sample(NAMES, rng.randint(3, 6))
    game = {"type": "game", "id": game_id, "players": players, "dealer": rng.choice(players), "target": rng.choice((100, 200))}
    state = GameState()
    lines = [json.dumps(game, separators=(",", ":"))]
    apply(state, parse_event(lines[0]), 0)
    assert isinstance(state.game, GameEvent)
    boldness = {p: rng.randint(12, 30) for p in players}
    index = 1
    while not state.over and index < max_events:
        moves = legal_moves(state)
        exp = expecting(state)
        cards = [m for m in moves if m.type == "card"]
        if cards:
            move = rng.choices(cards, weights=[state.draw_pile[m.card] for m in cards])[0]
        elif exp.kind == "turn":
            seat = exp.seat
            row = state.rows[seat]
            name = state.name(seat)
            value = score_row(row.numbers, row.modifiers, busted=False, flip7=False)
            stay = [m for m in moves if m.type == "stay"]
            move = stay[0] if stay and value >= boldness[name] else next(m for m in moves if m.type == "hit")
        else:
            move = rng.choice(moves)
        apply(state, move, index)
        lines.append(_line(move))
        index += 1
    if spoil and rng.random() < spoil:
        if state.history and rng.random() < 0.5:
            last = state.history[-1]
            scores = dict(zip(state.players, last.scores, strict=True))
            scores[state.players[0]] += 1
            lines.append(_line(ScoreEvent(type="score", round=last.round, scores=scores)))
        else:
            cut = rng.randint(2, max(2, len(lines) - 1))
            lines.insert(cut, json.dumps({"type": "stay", "player": "Nobody"}))
    return "\n".join(lines) + "\n"
