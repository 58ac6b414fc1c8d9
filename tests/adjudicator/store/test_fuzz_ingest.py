"""Fuzzing ingest: a hostile log beside a good one is stored (as an invalid game) or reported as
unreadable, never a crash; the good game and everything stored before stay whole."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.store import LogInput, Outcome, Store
from adjudicator.store.ingest import STORED
from tests.fuzzing import ODD_NAMES, budget, hostile_logs

from .conftest import FIXTURES, FX1, FX2, assert_store_whole

NAMES = st.sampled_from(("hostile.jsonl", "caf\udce9.jsonl", "upload-\ud800", *ODD_NAMES))


def fuzz_ingest(store: Store, batch: list[tuple[str, bytes]], replace: bool) -> None:
    before = assert_store_whole(store)
    results = []
    inputs = [LogInput.from_path(FX1), *(LogInput.from_bytes(name, data) for name, data in batch), LogInput.from_path(FX2)]
    store.ingest_many(inputs, replace=replace, batch_size=2, on_result=lambda r, _: results.append(r))
    assert len(results) == len(inputs)
    assert results[0].outcome in STORED and results[-1].outcome in STORED
    last = {}
    for result in results[1:-1]:
        assert result.outcome in (*STORED, Outcome.UNREADABLE, Outcome.REFUSED), result
        assert result.outcome != Outcome.UNREADABLE or (result.message and result.error)
        if result.outcome in (Outcome.INGESTED, Outcome.REPLACED):
            last[result.game_id] = result
    for game_id, result in last.items():  # the last version of each id in the batch is the stored one
        assert store.verdict(game_id)["valid"] is result.valid  # type: ignore[arg-type]
    after = assert_store_whole(store)
    assert after >= before
    assert {r[0] for r in store.query("SELECT source FROM games WHERE source LIKE '%fx_%'").rows} >= {str(FX1), str(FX2)}


def run(examples: int, slow: bool) -> None:
    with tempfile.TemporaryDirectory() as folder, Store.open(Path(folder) / "fuzz.duckdb") as store:

        @budget(examples, slow=slow)
        @given(st.lists(st.tuples(NAMES, hostile_logs()), min_size=1, max_size=3), st.booleans())
        def inner(batch: list[tuple[str, bytes]], replace: bool) -> None:
            fuzz_ingest(store, batch, replace)

        inner()


def test_fuzz_ingest() -> None:
    run(25, slow=False)


@pytest.mark.slow
def test_fuzz_ingest_long() -> None:
    run(40, slow=True)


def test_a_folder_with_a_wrong_typed_game_line_stores_every_game(tmp_path: Path) -> None:
    """Issue 28, item 8: a folder of five games, one whose ``game`` line has an object for its
    ``ruleset``, stored none of them (a ``TypeError``); each is stored now, that one as invalid."""
    bad = '{"type":"game","id":"g","players":["Ana","Ben","Cem"],"dealer":"Ana","ruleset":{}}\n'
    folder = tmp_path / "logs"
    folder.mkdir()
    for k, fixture in enumerate(FIXTURES):
        (folder / f"{k}.jsonl").write_bytes(fixture.read_bytes())
    (folder / "9-bad-ruleset.jsonl").write_text(bad)
    with Store.open(tmp_path / "s.duckdb") as store:
        results = []
        store.ingest_many([LogInput.from_path(p) for p in sorted(folder.iterdir())], on_result=lambda r, _: results.append(r))
        assert [r.outcome for r in results] == [Outcome.INGESTED] * 5
        assert results[-1].valid is False and store.verdict(results[-1].game_id)["valid"] is False  # type: ignore[arg-type,index]
        assert assert_store_whole(store) == 5
