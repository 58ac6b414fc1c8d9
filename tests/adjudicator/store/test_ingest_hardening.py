"""Regression tests of hostile input through ``ingest``: stored as a verdict or reported, never a crash.

Each class of issue 14's table (deep nesting, huge integers, lone surrogates in names) and the file
names that are not UTF-8 the fuzzer found, each with the store left whole around it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from adjudicator.store import LogInput, Outcome, Store

from .conftest import FX1

GAME = '{"type":"game","id":"%s","players":["Ana","Ben","Cem"],"dealer":"Ana"}'
HOSTILE = {
    "deep": GAME % "deep" + "\n" + '{"type":"round","round":1,"x":' + "[" * 900 + "]" * 900 + "}\n",
    "huge decks": (GAME % "huge").replace('"dealer":"Ana"', '"dealer":"Ana","decks":1' + "0" * 4299) + '\n{"type":"shuffle"}\n',
    "surrogate name": (GAME % "surrogate").replace('"Ben"', '"B\\ud800n"') + '\n{"type":"round","round":1}\n',
    "surrogate later": GAME % "surrogate-later" + '\n{"type":"round","round":1}\n{"type":"card","player":"\\udfff","card":"8"}\n',
    "surrogate type": GAME % "surrogate-type" + '\n{"type":"round","round":1}\n{"type":"\\ud800card","player":"Ben","card":"8"}\n',
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_hostile_logs_are_stored_as_invalid_games_beside_good_ones(store: Store, kind: str) -> None:
    results = []
    inputs = [LogInput.from_path(FX1), LogInput.from_bytes(f"{kind}.jsonl", HOSTILE[kind].encode())]
    summary = store.ingest_many(inputs, on_result=lambda r, _: results.append(r))
    assert [r.outcome for r in results] == [Outcome.INGESTED, Outcome.INGESTED]
    assert summary.invalid >= 1 and results[1].valid is False
    verdict = store.verdict(results[1].game_id)  # type: ignore[arg-type]
    assert verdict["violations"][0]["code"] == "bad_event"
    assert store.query("SELECT count(*) FROM games").rows == [(2,)]


def test_a_file_name_that_is_not_utf8_is_stored_with_its_bytes_escaped(store: Store, tmp_path: Path) -> None:
    folder = os.fsencode(tmp_path)
    path = Path(os.fsdecode(folder + b"/caf\xe9-\xff.jsonl"))
    path.write_bytes(FX1.read_bytes())
    results = []
    store.ingest_many([LogInput.from_path(path)], on_result=lambda r, _: results.append(r))
    assert results[0].outcome == Outcome.INGESTED
    (source,) = store.query("SELECT source FROM games").rows[0]
    assert source.endswith("caf\\xe9-\\xff.jsonl")
    assert results[0].name == source  # reports name the file the same way


def test_a_name_with_a_lone_surrogate_is_stored_escaped(store: Store) -> None:
    results = []
    store.ingest_many([LogInput.from_bytes("upload-\ud800.jsonl", FX1.read_bytes())], on_result=lambda r, _: results.append(r))
    assert results[0].outcome == Outcome.INGESTED
    assert store.query("SELECT source FROM games").rows == [("upload-\\ud800.jsonl",)]


def test_ctrl_c_during_commit_is_an_interrupt_not_a_crash() -> None:
    """Regression: Ctrl-C landing in COMMIT comes back from DuckDB as a plain
    RuntimeError("Query interrupted"); it must stop the run as an interrupt and store nothing."""
    import duckdb

    from adjudicator.store.ingest import is_interrupt, write_games

    assert is_interrupt(RuntimeError("Query interrupted")) and is_interrupt(duckdb.InterruptException("x"))
    assert not is_interrupt(RuntimeError("something else"))

    class InterruptedCommit:
        """A connection whose COMMIT is interrupted; everything else goes to a real one."""

        def __init__(self) -> None:
            self.real = duckdb.connect()
            self.statements: list[str] = []

        def execute(self, sql: str, *args: object) -> object:
            self.statements.append(sql)
            if sql == "COMMIT":
                raise RuntimeError("Query interrupted")
            return self.real.execute(sql, *args)

        def __getattr__(self, name: str) -> object:
            return getattr(self.real, name)

    con = InterruptedCommit()
    with pytest.raises(KeyboardInterrupt):
        write_games(con, [], [])  # type: ignore[arg-type]
    assert con.statements[-1] == "ROLLBACK"
