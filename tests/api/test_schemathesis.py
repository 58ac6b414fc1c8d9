"""Property-based run of the OpenAPI document with schemathesis: no request may cause a 500.

The app runs in-process (ASGI: nothing leaves this process) over a temporary store, with a bearer
token so the write endpoints and their 401s are exercised too. Examples are bounded and
derandomized, so the run is quick and the same every time.

Besides ``not_a_server_error`` every default check runs (status codes, content types, response
schemas, headers, 405s, auth), with two exceptions that the design rules out on purpose:

* bodies that carry a log (``/v1/check``, ``/v1/state``, ``/v1/analyze``, ``POST /v1/games``): any text is a log to
  judge (a bad one gets a 200 verdict with violations), so "schema-violating request accepted"
  does not apply to text bodies, and a text or array that is schema-valid may still hold no event
  (400) or stop before ``at`` (422), so "schema-valid request rejected" does not apply either;
* ``/v1/query``: any string is schema-valid, but not every string is valid SQL (400);
* a live table's ``game`` fields and events (``POST /v1/tables``, ``…/events``): schema-valid, yet
  the rules may refuse them (422 ``move-refused``), as ``flip7 check`` would;
* ``POST /v1/ingest``: every call here carries the token, so a "negative" case made by leaving the
  ``Authorization`` header out is a valid request after all (and is accepted); a bad log in it is
  an outcome of that log, not a rejected request.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import negative_data_rejection, positive_data_acceptance

from api import Settings, create_app

TOKEN = "schemathesis-token"
TEXT_MEDIA_TYPES = {"text/plain", "application/x-ndjson"}
LOG_BODY_OPERATIONS = {("POST", "/v1/check"), ("POST", "/v1/state"), ("POST", "/v1/settle"), ("POST", "/v1/games"), ("POST", "/v1/replay"), ("POST", "/v1/analyze")}
# a live table's game line and events are judged by the rules: a schema-valid one may be refused (422 move-refused)
LIVE_JUDGED = {("POST", "/v1/tables"), ("POST", "/v1/tables/{table_id}/events"), ("POST", "/v1/tables/{table_id}/next-game")}
REJECTS_SOME_VALID = LOG_BODY_OPERATIONS | LIVE_JUDGED | {("GET", "/v1/games/{game_id}/state"), ("POST", "/v1/query")}

# JSON Lines go on the wire as plain text
schemathesis.serializer.alias("application/x-ndjson", "text/plain")

_store_dir = Path(tempfile.mkdtemp(prefix="flip7-schemathesis-"))
atexit.register(shutil.rmtree, _store_dir, ignore_errors=True)
app = create_app(Settings(db_path=_store_dir / "schemathesis.duckdb", api_token=TOKEN))
schema = schemathesis.openapi.from_asgi("/openapi.json", app)


@pytest.fixture(autouse=True, scope="module")
def _close_the_store() -> Iterator[None]:
    """The module's app runs without its lifespan (schemathesis calls it directly): close its
    store at the end, as the lifespan would."""
    yield
    app.state.store.close()


@schema.parametrize()
@settings(max_examples=25, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck), database=None)
def test_openapi_document_holds(case) -> None:
    excluded = []
    key = (case.method.upper(), case.path)
    if (key in LOG_BODY_OPERATIONS and case.media_type in TEXT_MEDIA_TYPES) or key == ("POST", "/v1/ingest"):
        excluded.append(negative_data_rejection)
    if key in REJECTS_SOME_VALID:
        excluded.append(positive_data_acceptance)
    case.call_and_validate(headers={"Authorization": f"Bearer {TOKEN}"}, excluded_checks=excluded)
