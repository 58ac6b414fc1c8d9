"""The plot tests use the store tests' fixture games."""

from tests.adjudicator.store.conftest import clock, db_path, fixture_store, store  # noqa: F401
