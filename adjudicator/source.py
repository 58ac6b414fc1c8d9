"""Turning bytes or a binary stream into a log's text lines, line by line.

The caller owns the I/O (opening files, reading stdin); these functions only split and decode, so
memory stays bounded by the longest line, which is capped at ``MAX_LINE_BYTES``.
"""

from __future__ import annotations

import codecs
import io
from collections.abc import Iterable, Iterator
from typing import BinaryIO

from adjudicator.errors import LogUnreadable

#: Longest line the reader keeps; a longer one is replaced by ``TOO_LONG`` (a bad_event).
MAX_LINE_BYTES = 65_536
_CHUNK = 1 << 16
_BOM = b"\xef\xbb\xbf"


class TooLongLine(str):
    """Stand-in text for a line longer than ``MAX_LINE_BYTES`` (its length is kept)."""

    length: int

    def __new__(cls, length: int) -> TooLongLine:
        obj = super().__new__(cls, "")
        obj.length = length
        return obj


class UnreadableLine(str):
    """An event line a reader before the replay could not read (a notation statement): the replay
    refuses it as a ``bad_event`` saying ``problem``."""

    problem: str

    def __new__(cls, problem: str) -> UnreadableLine:
        obj = super().__new__(cls, "{}")  # an event line, never remembered by the parser's memo
        obj.problem = problem
        return obj


def _decode(raw: bytes, line_no: int) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LogUnreadable(
            f"line {line_no} is not UTF-8 text (byte {exc.start + 1} of the line is 0x{raw[exc.start]:02x})"
        ) from None


class _Utf8Check:
    """Checks that an over-long line is UTF-8 while it is skipped chunk by chunk (nothing kept):
    bytes that are not UTF-8 make the whole input unreadable, wherever they are."""

    __slots__ = ("_decoder", "_line_no", "_seen")

    def __init__(self, line_no: int) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")()
        self._line_no = line_no
        self._seen = 0  # bytes of the line fed so far

    def feed(self, chunk: bytes, *, final: bool = False) -> None:
        """Decode ``chunk`` (and throw the text away); raise ``LogUnreadable`` naming the byte."""
        pending = self._decoder.getstate()[0]
        try:
            self._decoder.decode(chunk, final)
        except UnicodeDecodeError as exc:
            buffer = pending + chunk
            raise LogUnreadable(
                f"line {self._line_no} is not UTF-8 text "
                f"(byte {self._seen - len(pending) + exc.start + 1} of the line is 0x{buffer[exc.start]:02x})"
            ) from None
        self._seen += len(chunk)


def _ending(raw: bytes) -> int:
    """How many bytes of line ending ``raw`` ends with (``\r\n``, ``\n``; ``\r`` at the end of the input)."""
    return 2 if raw.endswith(b"\r\n") else 1 if raw.endswith((b"\n", b"\r")) else 0


def lines_from_stream(stream: BinaryIO) -> Iterator[str]:
    """Yield the decoded lines of a binary stream, without their line endings.

    A UTF-8 byte-order mark at the very start is dropped. A line longer than ``MAX_LINE_BYTES`` is
    yielded as a ``TooLongLine`` without being kept in memory. Raises ``LogUnreadable`` on bytes
    that are not UTF-8.

    The stream is read in blocks of ``_CHUNK`` bytes, each block's whole lines decoded at once and
    split (a log's lines are short: a line at a time cost more than judging it); at anything out
    of the common way (a byte-order mark, a line that may be too long, bytes that are not UTF-8)
    the rest of the stream is read line by line (``_careful_lines``), which says what is wrong.
    """
    read = getattr(stream, "read1", None) or stream.read  # what is there, without waiting for a whole block
    pending = b""  # the start of a line whose end is not read yet
    line_no = 0
    while True:
        chunk = read(_CHUNK)
        if not chunk:
            break
        if line_no == 0 and _BOM.startswith((pending + chunk)[:3]):  # a byte-order mark, or the start of one
            yield from _careful_lines(_Prefixed(pending + chunk, stream), line_no)
            return
        cut = chunk.rfind(b"\n")
        # a line wholly in the block is shorter than the limit; the first may go on from ``pending``
        if cut < 0 or len(pending) + chunk.find(b"\n") > MAX_LINE_BYTES:
            pending += chunk
            if len(pending) > MAX_LINE_BYTES:
                yield from _careful_lines(_Prefixed(pending, stream), line_no)
                return
            continue
        head = pending + chunk[: cut + 1] if pending else chunk[: cut + 1]
        pending = chunk[cut + 1 :]
        try:
            text = head.decode("utf-8")
        except UnicodeDecodeError:
            yield from _careful_lines(_Prefixed(head + pending, stream), line_no)
            return
        lines = text.split("\n")
        lines.pop()  # "" after the last line ending
        for line in lines:  # one "\r" before the "\n" goes, as in lines_from_text
            yield line[:-1] if line[-1:] == "\r" else line
        line_no += len(lines)
    if pending:
        yield from _careful_lines(_Prefixed(pending, stream), line_no)


class _Prefixed:
    """``stream`` with ``head`` (bytes already read from it) put back in front, for ``readline``."""

    __slots__ = ("_head", "_stream")

    def __init__(self, head: bytes, stream: BinaryIO) -> None:
        self._head: io.BytesIO | None = io.BytesIO(head)
        self._stream = stream

    def readline(self, limit: int) -> bytes:
        """The next line, at most ``limit`` bytes, as ``BinaryIO.readline`` reads it."""
        head = self._head
        if head is None:
            return self._stream.readline(limit)
        line = head.readline(limit)
        if line.endswith(b"\n") or len(line) == limit:
            return line
        self._head = None  # all of it read: the rest of this line and the lines after are the stream's
        return line + self._stream.readline(limit - len(line))


def _careful_lines(stream: _Prefixed, line_no: int) -> Iterator[str]:
    """``lines_from_stream`` line by line, after ``line_no`` lines were read: every case, and the
    message that names a line that is not UTF-8 or the byte at fault."""
    readline = stream.readline
    while True:
        raw = readline(MAX_LINE_BYTES + 2)  # room for the content and "\r\n"
        if not raw:
            return
        line_no += 1
        if line_no == 1 and raw.startswith(_BOM):  # dropped before the line is measured
            raw = raw[len(_BOM) :]
            if len(raw) == MAX_LINE_BYTES + 2 - len(_BOM) and not raw.endswith(b"\n"):
                raw += stream.readline(len(_BOM))
        if len(raw) == MAX_LINE_BYTES + 2 and not raw.endswith(b"\n"):
            length, tail = len(raw), raw
            check = _Utf8Check(line_no)
            check.feed(raw)
            while True:  # skip the rest of the over-long line chunk by chunk (checking it is UTF-8)
                rest = readline(_CHUNK)
                check.feed(rest, final=not rest or rest.endswith(b"\n"))
                length += len(rest)
                if rest == b"\n" and tail.endswith(b"\r"):  # "\r\n" split between two chunks
                    tail = b"\r\n"
                else:
                    tail = rest or tail
                if not rest or rest.endswith(b"\n"):
                    break
            yield TooLongLine(length - _ending(tail))
            continue
        if len(raw) > MAX_LINE_BYTES and len(raw) - _ending(raw) > MAX_LINE_BYTES:
            _Utf8Check(line_no).feed(raw, final=True)
            yield TooLongLine(len(raw) - _ending(raw))
            continue
        try:  # one "\n" and one "\r" before it go, as in lines_from_text (single bytes in UTF-8)
            text = raw.removesuffix(b"\n").removesuffix(b"\r").decode("utf-8")
        except UnicodeDecodeError:
            text = _decode(raw, line_no)  # raises, naming the line and the byte
        yield text


def lines_from_bytes(data: bytes) -> Iterator[str]:
    """Yield the decoded lines of a whole log held in memory (see ``lines_from_stream``)."""
    return lines_from_stream(io.BytesIO(data))


def lines_from_text(text: str) -> Iterator[str]:
    """Yield the lines of a log already decoded to text (a leading BOM is dropped).

    Only ``\n`` ends a line (JSON strings may hold other Unicode line separators).
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for line in lines:
        line = line.removesuffix("\r")
        if len(line) > MAX_LINE_BYTES // 4 and len(line.encode("utf-8")) > MAX_LINE_BYTES:
            yield TooLongLine(len(line.encode("utf-8")))
        else:
            yield line


def printable(label: str) -> str:
    """A label such as a file name as valid text: bytes of a name that were not UTF-8 (which Python
    keeps as lone surrogates) become ``\\xNN``, any other lone surrogate ``\\udNNN``."""
    try:
        label.encode("utf-8")
        return label
    except UnicodeEncodeError:
        pass
    try:
        return label.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:
        return label.encode("utf-8", "backslashreplace").decode("utf-8")


def as_lines(source: str | bytes | Iterable[str]) -> Iterable[str]:
    """Accept text, bytes or an iterable of lines and return an iterable of lines."""
    if isinstance(source, bytes):
        return lines_from_bytes(source)
    if isinstance(source, str):
        return lines_from_text(source)
    return source
