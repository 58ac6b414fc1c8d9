"""The API's routers, one module per group of endpoints."""

from api.routes import analysis, games, health, judge, referee

ROUTERS = (health.router, judge.router, referee.router, games.router, analysis.router)

__all__ = ["ROUTERS"]
