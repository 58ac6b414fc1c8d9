"""The game simulator: realistic Flip 7 games from a physically shuffled deck, as flip7-log/1 logs.

``simulate`` plays a run of games, ``play_game`` one game; strategies live in
``adjudicator.simulate.strategies`` and see the table through ``PlayerView`` only.
"""

from adjudicator.simulate.play import (
    CLAIMS,
    GameOptions,
    SimulatedGame,
    SimulationError,
    dump_event,
    game_id,
    game_rng,
    play_game,
    player_names,
    simulate,
    unique_player_names,
)
from adjudicator.simulate.strategies import (
    DEFAULT_STRATEGIES,
    Strategy,
    StrategyError,
    parse_strategies,
    parse_strategy,
)
from adjudicator.simulate.view import PlayerView, RowView

__all__ = [
    "CLAIMS", "DEFAULT_STRATEGIES", "GameOptions", "PlayerView", "RowView", "SimulatedGame", "SimulationError",
    "Strategy", "StrategyError", "dump_event", "game_id", "game_rng", "parse_strategies", "parse_strategy",
    "play_game", "player_names", "simulate", "unique_player_names",
]
