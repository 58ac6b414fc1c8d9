"""The API's routers, one module per group of endpoints."""

from api.routes import analysis, batch, games, health, judge

ROUTERS = (health.router, judge.router, games.router, batch.router, analysis.router)

__all__ = ["ROUTERS"]
