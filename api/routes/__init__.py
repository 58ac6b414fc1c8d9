"""The API's routers, one module per group of endpoints."""

from api.routes import analysis, games, health, judge

ROUTERS = (health.router, judge.router, games.router, analysis.router)

__all__ = ["ROUTERS"]
