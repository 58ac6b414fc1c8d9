"""Reading logs line by line: BOM, UTF-8, over-long lines, bounded memory."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.errors import LogUnreadable
from adjudicator.replay import check_log, replay_log
from adjudicator.source import MAX_LINE_BYTES, TooLongLine, _careful_lines, _Prefixed, lines_from_bytes, lines_from_stream, lines_from_text
from tests.adjudicator.helpers import KITCHEN


def test_bom_is_ignored_in_bytes_and_text() -> None:
    assert list(lines_from_bytes(b"\xef\xbb\xbf{}\n[]")) == ["{}", "[]"]
    assert list(lines_from_text("\ufeff{}\r\n[]\n")) == ["{}", "[]"]
    assert check_log(b"\xef\xbb\xbf" + KITCHEN.encode()).valid


def test_not_utf8_is_unreadable_and_names_the_line() -> None:
    with pytest.raises(LogUnreadable, match="line 2 is not UTF-8"):
        list(lines_from_bytes(b'{"type":"shuffle"}\n\xff\xfe\n'))


def test_only_newline_ends_a_line() -> None:
    assert list(lines_from_text('{"a":"x\u2028y"}\n')) == ['{"a":"x\u2028y"}']


def test_over_long_line_is_skipped_in_chunks_and_reported() -> None:
    data = b'{"type":"game","id":"' + b"x" * (5 * MAX_LINE_BYTES) + b'"}\n{"type":"shuffle"}\n'
    lines = list(lines_from_stream(io.BytesIO(data)))
    assert isinstance(lines[0], TooLongLine) and lines[0].length == len(data.split(b"\n")[0])  # the ending not counted
    assert list(lines_from_stream(io.BytesIO(data.replace(b"\n", b"\r\n"))))[0].length == lines[0].length
    assert next(iter(lines_from_text(data.decode()))).length == lines[0].length  # as the text reader says
    verdict = check_log(data)
    assert verdict.events == 2
    assert verdict.violations[0].code == "bad_event" and "at most 65,536 bytes" in verdict.violations[0].message


@pytest.mark.parametrize("where", [10, MAX_LINE_BYTES + 1, 3 * MAX_LINE_BYTES + 7])
@pytest.mark.parametrize("bad", [b"\xff", b"\xed\xa0\x80", b"\xe2\x82"])
def test_bytes_that_are_not_utf8_in_an_over_long_line_are_unreadable(where: int, bad: bytes) -> None:
    # issue 23 fuzzing: the skipped part of an over-long line was never decoded, so a 0xff there
    # gave a verdict ("line too long") although the input is not UTF-8 (docs/decisions.md: exit 2)
    body = bytearray(b'{"type":"game","id":"' + "é".encode() * (2 * MAX_LINE_BYTES) + b'"}')
    body[where:where] = bad
    data = b'{"type":"shuffle"}\n' + bytes(body) + b"\n"
    with pytest.raises(LogUnreadable) as raised:
        list(lines_from_bytes(data))
    assert f"line 2 is not UTF-8 text (byte {where + 1} of the line is 0x{bad[0]:02x})" in str(raised.value)
    with pytest.raises(LogUnreadable):
        check_log(data)


def test_an_over_long_line_of_multibyte_text_is_still_only_too_long() -> None:
    data = b'{"type":"game","id":"' + "é€😀".encode() * MAX_LINE_BYTES + b'"}\n'
    [line] = list(lines_from_stream(io.BytesIO(data)))
    assert isinstance(line, TooLongLine) and line.length == len(data) - 1


def test_a_crlf_split_between_the_chunks_of_an_over_long_line_is_one_ending() -> None:
    # issue 23 fuzzing: a line of MAX_LINE_BYTES + 1 bytes and "\r" ending in "\r\r\n" was one byte
    # longer read as bytes than read as text ("\r\n" fell between the first chunk and the next)
    line = b'{"type":"hit","player":"' + b"A" * (MAX_LINE_BYTES - 26) + b'"}\r'
    assert len(line) == MAX_LINE_BYTES + 1
    data = b'{"type":"shuffle"}\n' + line + b"\r\n"
    [_, as_bytes] = list(lines_from_bytes(data))
    [_, as_text] = list(lines_from_text(data.decode()))
    assert isinstance(as_bytes, TooLongLine) and as_bytes.length == as_text.length == len(line)


def test_a_line_at_the_limit_is_read() -> None:
    line = b'{"type":"hit","player":"' + b"a" * (MAX_LINE_BYTES - 26) + b'"}'
    assert len(line) == MAX_LINE_BYTES
    assert list(lines_from_stream(io.BytesIO(line + b"\n"))) == [line.decode()]


def test_empty_and_comment_only_logs_are_unreadable() -> None:
    for text in ("", "\n\n", "# only a comment\n"):
        with pytest.raises(LogUnreadable, match="empty"):
            replay_log(text)


def test_fifty_megabytes_on_one_line_stays_bounded() -> None:
    class Endless(io.RawIOBase):
        """50 MB of 'x' with no newline, produced on demand (never held in memory at once)."""

        def __init__(self) -> None:
            self.left = 50 * 1024 * 1024

        def readable(self) -> bool:
            return True

        def readinto(self, buffer) -> int:  # type: ignore[override]
            n = min(len(buffer), self.left)
            buffer[:n] = b"x" * n
            self.left -= n
            return n

    verdict = replay_log(lines_from_stream(io.BufferedReader(Endless()))).verdict
    assert verdict.events == 1 and verdict.violations[0].rule == "log.line"


def test_only_one_carriage_return_belongs_to_the_line_ending() -> None:
    """Found by the fuzz suite: bytes and text read "\\r\\r\\n" alike (the first "\\r" is the line's)."""
    data = b'{"type":"hit","player":"A"}\r\r\n"x\r\r\n'
    assert list(lines_from_bytes(data)) == list(lines_from_text(data.decode())) == ['{"type":"hit","player":"A"}\r', '"x\r']


def test_an_over_long_last_line_ending_in_a_carriage_return() -> None:
    """Found by the fuzz suite: a log with "\\r" line endings only is one long line; bytes and text
    give it the same length."""
    data = b'{"type":"hit","player":"' + b"A" * MAX_LINE_BYTES + b'"}\r'
    assert next(iter(lines_from_bytes(data))).length == next(iter(lines_from_text(data.decode()))).length == len(data) - 1


def test_a_bom_does_not_count_in_the_length_of_the_first_line() -> None:
    """Found by the fuzz suite: bytes and text give an over-long first line behind a BOM one length."""
    data = b"\xef\xbb\xbf" + b'{"type":"hit","player":"' + b"A" * MAX_LINE_BYTES + b'"}\r'
    assert next(iter(lines_from_bytes(data))).length == next(iter(lines_from_text(data.decode()))).length == len(data) - 4
    at_limit = b"\xef\xbb\xbf" + b'{"type":"hit","player":"' + b"a" * (MAX_LINE_BYTES - 26) + b'"}'
    assert list(lines_from_bytes(at_limit)) == [at_limit[3:].decode()]


class _Trickle(io.BytesIO):
    """A stream that hands out at most ``step`` bytes per ``read1`` (a pipe's short reads)."""

    def __init__(self, data: bytes, step: int) -> None:
        super().__init__(data)
        self.step = step

    def read1(self, size: int = -1) -> bytes:
        return super().read1(min(self.step, size if size >= 0 else self.step))


def _outcome(read: Callable[[], list[str]]) -> tuple[str, object]:
    try:
        lines = read()
    except LogUnreadable as exc:
        return "unreadable", str(exc)
    return "lines", [(type(line).__name__, str(line), getattr(line, "length", None)) for line in lines]


_PIECES = [b'{"type":"hit","player":"Ana"}', b"\n", b"\r\n", b"\r", b"", b"\xef\xbb\xbf", b"\xc3\xa9", b"\xc3", b"\xff", b"# note"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=12), st.integers(min_value=1, max_value=40), st.sampled_from([0, 1, 2]))
def test_the_block_reader_reads_every_stream_as_the_line_reader_does(pieces: list[bytes], step: int, long: int) -> None:
    """Issue 30: the stream is read in blocks; whatever the bytes (byte-order marks, carriage
    returns, bytes that are not UTF-8, lines at and past the limit) and however the stream hands
    them out, the lines (or the message) are those of reading it a line at a time."""
    data = b"".join(pieces)
    if long:  # a line at the limit, or one past it, somewhere in the middle
        data = data[: len(data) // 2] + b"\n" + b"x" * (MAX_LINE_BYTES - 1 + long) + b"\r\n" + data[len(data) // 2 :]
        step *= 997  # a few hundred reads for the long line, not tens of thousands
    careful = _outcome(lambda: list(_careful_lines(_Prefixed(data, io.BytesIO(b"")), 0)))
    assert _outcome(lambda: list(lines_from_stream(io.BytesIO(data)))) == careful
    assert _outcome(lambda: list(lines_from_stream(_Trickle(data, step)))) == careful
