"""The API's routers, one module per group of endpoints."""

from api.routes import analysis, batch, decisions, games, health, judge, live, players, plots, referee, table_join, timeline, viewer
from api.routes.table_correct import router as correct_router

ROUTERS = (
    health.router, judge.router, referee.router, games.router, batch.router, analysis.router, decisions.router, timeline.router, plots.router, viewer.router,
    live.router, live.pages, table_join.router, table_join.pages, correct_router, players.router, players.pages,
)

__all__ = ["ROUTERS"]
