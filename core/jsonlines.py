"""Reading JSON Lines from a file or stdin so that no line can stop the others.

Input is read as bytes and split on "\\n" only (a "\\r\\n" ending counts as one):
``str.splitlines`` would also split on U+2028, U+2029 and U+0085, which JSON
allows raw inside strings. Each line is then decoded and parsed on its own; a
line that fails carries its number and what is wrong, so the caller can send it
to the dead-letter queue or report it, and go on with the next line. Only input
that is not text at all (a binary or UTF-16 file) is refused as a whole.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any, Final

from core.errors import InputError

MAX_LINE_BYTES: Final = 1 << 20
"""Longest line parsed (1 MiB); a StateObservation is well under 10 KiB."""
MAX_DEPTH: Final = 64
"""Deepest nesting of arrays and objects accepted; Canon's schemas need fewer than 10."""
KEPT_BYTES: Final = 64 << 10
"""How much of an over-long line is kept, so the dead letter shows what it was."""
_MAX_DOUBLE: Final = int(sys.float_info.max)
_CHUNK: Final = 1 << 16
_UTF16_BOMS: Final = (b"\xff\xfe", b"\xfe\xff")


@dataclass(frozen=True)
class Line:
    """One non-blank input line: its JSON value, or why it has none."""

    number: int
    text: str
    """The line as read; bytes that are not UTF-8 appear as \\x escapes."""
    value: Any = None
    error: str | None = None


def read_jsonl(stream: IO[bytes], name: str) -> Iterator[Line]:
    """Every non-blank line of ``stream``, parsed; raises InputError if it is not text."""
    for number, raw, length in _split(stream, name):
        if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]  # a UTF-8 byte order mark is not part of the first line
        if not raw.strip():
            continue
        if length > MAX_LINE_BYTES:
            text = raw[:KEPT_BYTES].decode("utf-8", "backslashreplace") + "…"
            yield Line(number, text, error=f"{length} bytes, over the {MAX_LINE_BYTES} byte limit")
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            yield Line(
                number,
                raw.decode("utf-8", "backslashreplace"),
                error=f"not UTF-8 (byte 0x{raw[e.start]:02x} at column {e.start + 1})",
            )
            continue
        value, error = parse_json(text)
        yield Line(number, text, value, error)


def parse_json(text: str, *, surrogates: bool = False) -> tuple[Any, str | None]:
    """``text`` as a JSON value, or None and why not (never raises for bad text).

    With ``surrogates`` a string holding a lone surrogate is returned as it is, for a
    caller that checks its strings itself (a person's words are refused and kept whole,
    ``core.domain.validation.message_text_hazards``)."""
    try:
        value = json.loads(
            text, parse_constant=_no_constant, parse_float=_finite_float, parse_int=_double_int
        )
    except _NotFinite as e:
        return None, f"not JSON: {e} (JSON has no NaN or Infinity)"
    except _OutOfRange as e:
        return None, f"not JSON Canon accepts: {e} (a JSON number must fit a double)"
    except json.JSONDecodeError as e:
        return None, f"not JSON: {e.msg} at column {e.colno}"
    except RecursionError:
        return None, f"not JSON Canon accepts: nested deeper than {MAX_DEPTH} levels"
    except ValueError as e:  # e.g. an integer with more digits than Python converts
        return None, f"not JSON Canon accepts: {e}"
    return value, _unacceptable(value, surrogates)


class _NotFinite(ValueError):
    pass


class _OutOfRange(ValueError):
    pass


def _no_constant(name: str) -> Any:
    raise _NotFinite(name)


def _finite_float(literal: str) -> float:
    number = float(literal)
    if not math.isfinite(number):  # 1e999 parses as inf without a word otherwise
        raise _OutOfRange(f"{literal[:40]} is out of range")
    return number


def _double_int(literal: str) -> int:
    number = int(literal)  # more than 4,300 digits: ValueError, reported as such
    if abs(number) > _MAX_DOUBLE:  # a double cannot hold it: whatever reads it fails
        raise _OutOfRange(f"{literal[:40]}... ({len(literal)} digits) is out of range")
    return number


def _unacceptable(value: Any, surrogates: bool = False) -> str | None:
    """Why a parsed value cannot be kept: too deep, or (unless ``surrogates``) strings that
    are not Unicode text."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                return f"not JSON Canon accepts: nested deeper than {MAX_DEPTH} levels"
            children = [*item.keys(), *item.values()] if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
        elif isinstance(item, str) and not surrogates:
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as e:
                return f"not JSON Canon accepts: a lone surrogate \\u{ord(item[e.start]):04x}"
    return None


def _split(stream: IO[bytes], name: str) -> Iterator[tuple[int, bytes, int]]:
    """(number, line cut at MAX_LINE_BYTES + 1, full length) for every line.

    An over-long line is never held whole in memory: past the limit, its bytes
    are only counted.
    """
    number = 0
    line = bytearray()
    length = 0
    first = True
    while chunk := stream.read(_CHUNK):
        if first:
            _refuse_non_text(chunk, name)
            first = False
        start = 0
        while True:
            end = chunk.find(b"\n", start)
            piece = chunk[start:] if end == -1 else chunk[start:end]
            if len(line) <= MAX_LINE_BYTES:
                line += piece[: MAX_LINE_BYTES + 1 - len(line)]
            length += len(piece)
            if end == -1:
                break
            number += 1
            yield number, *_without_cr(line, length)
            line, length, start = bytearray(), 0, end + 1
    if length:
        number += 1
        yield number, *_without_cr(line, length)


def _without_cr(line: bytearray, length: int) -> tuple[bytes, int]:
    """The line and its length without a "\r" of a "\r\n" ending."""
    if length == len(line) and line.endswith(b"\r"):
        return bytes(line[:-1]), length - 1
    return bytes(line), length


def _refuse_non_text(head: bytes, name: str) -> None:
    """Refuse a file that is not text at all, instead of a dead letter per "line"."""
    if head.startswith(_UTF16_BOMS):
        raise InputError(f"{name} is UTF-16 text; JSON Lines must be UTF-8 (convert it first)")
    if b"\0" not in head:
        return
    # NUL never occurs in JSON text; a file whose first lines do not even start
    # like JSON is binary, while one bad line in a real JSONL file is dead-lettered.
    if not any(line.lstrip().startswith((b"{", b"[")) for line in head.split(b"\n")):
        raise InputError(f"{name} is a binary file, not JSON Lines (one JSON object per line)")
