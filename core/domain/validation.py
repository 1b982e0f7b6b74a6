"""JSON Schema validation with format checking actually enforced.

The files in ``schemas/`` are the single source of truth for every payload.
JSON Schema treats ``format`` as an annotation unless a FormatChecker is given
(and the format extras installed), so a bad timestamp or UUID would pass
silently; every validator here is built with the 2020-12 FormatChecker, with
two formats made stricter than the library's:

- ``uuid``: only the canonical 8-4-4-4-12 ASCII hex form (the library also takes
  non-ASCII digits); the schemas say the same portably with a pattern.
- ``date-time``: RFC 3339 that also converts to UTC (year 0001 at +01:00 does
  not) and has no trailing newline (the library's regex accepts one).

Some defects JSON Schema cannot see, because Python objects are not JSON:
NaN and Infinity pass ``"type": "number"``, so does an integer no double can
hold (10**400: Python parses it, everything that reads it as a number fails),
and a lone surrogate passes every string rule. ``json_hazards`` finds them and ``schema_errors`` reports them with
the schema's own errors, so such a payload goes to the dead-letter queue.

Speed: a payload made of plain JSON values is first checked by jsonschema-rs
(the same schema, the same format checks, called back into Python, but for a uuid
whose own pattern already says it: ``for_jsonschema_rs``). Its yes is
final; its no is checked again by python-jsonschema, which stays the arbiter
and writes every error message, so a valid payload costs one fast pass and an
invalid one reads exactly as it always did.
"""

from __future__ import annotations

import copy
import json
import math
import re
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any, Final

import jsonschema_rs
from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import best_match

from core.domain.control_chars import CONTROL
from core.errors import ConfigError, PayloadInvalid
from core.schema_errors import error_message

SCHEMA_DIR: Final = Path(__file__).resolve().parents[2] / "schemas"
SCHEMA_NAMES: Final = ("state_observation", "user_confirmation", "signal_event")
FORMAT_CHECKER: Final[FormatChecker] = copy.deepcopy(Draft202012Validator.FORMAT_CHECKER)
PLACEHOLDER_IDS: Final = frozenset({"uuid-v7"})
"""Placeholders from the design document's example payloads: never real ids."""
_UUID: Final = re.compile(
    r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
)
_RFC3339_FORM: Final = re.compile(
    r"(\d{4})-(0[1-9]|1[0-2])-(\d{2})T(?:[01]\d|2[0123]):[0-5]\d:[0-5]\d(?:\.\d+)?"
    r"(?:Z|[+-](?:[01]\d|2[0123]):[0-5]\d)\n?",
    re.ASCII,
)
"""rfc3339_validator's RFC3339_REGEX (what the library's date-time check matches, on the
upper-cased text; its ``$`` lets one trailing newline through, as ``\\n?`` does here)."""
_MONTH_DAYS: Final = (0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
_MAX_DOUBLE: Final = int(sys.float_info.max)


@FORMAT_CHECKER.checks("uuid")
def _is_uuid(instance: object) -> bool:
    return not isinstance(instance, str) or _UUID.fullmatch(instance) is not None


@FORMAT_CHECKER.checks("date-time", raises=(ValueError, OverflowError))
def _is_date_time(instance: object) -> bool:
    if not isinstance(instance, str):
        return True
    upper = instance.upper()
    if "\n" in instance or not _rfc3339(upper):
        return False
    try:
        datetime.fromisoformat(upper.replace("Z", "+00:00")).astimezone(UTC)
    except OverflowError as e:
        raise OverflowError("outside the range a UTC timestamp can hold") from e
    return True


def _rfc3339(upper: str) -> bool:
    """``validate_rfc3339(upper)`` (the library's date-time check) without its per-call
    ``calendar.monthrange``: the form, a year other than 0, a day its month has."""
    m = _RFC3339_FORM.fullmatch(upper)
    if m is None:
        return False
    year, month, day = int(m[1]), int(m[2]), int(m[3])
    if not year:
        return False
    leap = month == 2 and year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    return 1 <= day <= _MONTH_DAYS[month] + leap


@cache
def load_schema(name: str) -> dict[str, Any]:
    """The parsed schema ``schemas/<name>.schema.json``. Not checked against the
    metaschema here: the files ship with Canon, and tests/core/test_schemas.py checks every
    one of them (checking the HTTP API's at each start cost a server about 0.3 s of CPU)."""
    path = SCHEMA_DIR / f"{name}.schema.json"
    try:
        schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise ConfigError(f"cannot load schema {name!r} from {path}: {e}") from e
    return schema


@cache
def validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(load_schema(name), format_checker=FORMAT_CHECKER)


_KNOWN_MAX: Final = 4096
"""Answers each format keeps for the short strings it has checked (then it starts over)."""
_KNOWN_LEN: Final = 64
"""The longest string whose answer is kept: ids and timestamps, not free text."""


def _conforms_to(fmt: str) -> Callable[[object], bool]:
    """``FORMAT_CHECKER.conforms(instance, fmt)``, without its FormatError in between: the
    checker's answer, and False where it raises what it declared it may raise.

    The checks are pure functions of the string, and an observation's id and timestamp
    are checked by jsonschema-rs and then by the model's validators: a short string's
    answer is kept, so the second check is a lookup."""
    func, raises = FORMAT_CHECKER.checkers[fmt]
    known: dict[str, bool] = {}

    def checked(instance: object) -> bool:
        try:
            return bool(func(instance))
        except raises:
            return False

    def check(instance: object) -> bool:
        if type(instance) is not str or len(instance) > _KNOWN_LEN:
            return checked(instance)
        answer = known.get(instance)
        if answer is None:
            if len(known) >= _KNOWN_MAX:
                known.clear()
            answer = known[instance] = checked(instance)
        return answer

    return check


FAST_FORMATS: Final[dict[str, Callable[[object], bool]]] = {
    fmt: _conforms_to(fmt) for fmt in FORMAT_CHECKER.checkers
}
"""Every format as FORMAT_CHECKER checks it, so both validators mean the same by it."""
_FAST: dict[str, tuple[dict[str, Any], jsonschema_rs.Validator]] = {}


FORMAT_PATTERNS: Final[dict[str, str]] = {"uuid": f"^{_UUID.pattern}$"}
"""Each format a schema may also spell as its own pattern: ``uuid`` is the canonical
8-4-4-4-12 ASCII hex form either way (the schemas say it portably with the pattern)."""
NO_NEWLINE_AFTER_END: Final = "$(?!\\n)"
"""How a schema's pattern ends so Python's ``re.search`` refuses a trailing newline
(its ``$`` matches before one); in Rust's regex ``$`` is the text's end already."""


def for_jsonschema_rs(schema: Any) -> Any:
    """``schema`` as jsonschema-rs is given it: the same answers, less work.

    - No ``format`` on a subschema whose own ``pattern`` is that format's
      (``FORMAT_PATTERNS``): the pattern alone decides the same strings (both classes are
      ASCII hex), and the format would cost a call back into Python for every id.
    - A pattern ending in ``$(?!\\n)`` ends in ``$``: there ``$`` is the text's end, so
      the lookahead never refuses anything, and without it the pattern needs no
      backtracking engine (a quarter of an observation's pass)."""
    if isinstance(schema, list):
        return [for_jsonschema_rs(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    fmt, pattern = schema.get("format"), schema.get("pattern")
    repeated = (
        isinstance(fmt, str) and isinstance(pattern, str) and (FORMAT_PATTERNS.get(fmt) == pattern)
    )
    out = {
        key: for_jsonschema_rs(value)
        for key, value in schema.items()
        if not (repeated and key == "format")
    }
    if isinstance(pattern, str) and pattern.endswith(NO_NEWLINE_AFTER_END):
        end = pattern[: -len(NO_NEWLINE_AFTER_END) + 1]
        if (len(end) - len(end[:-1].rstrip("\\"))) % 2:  # '$' itself, not an escaped '\\$'
            out["pattern"] = end
    return out


def fast_validator(name: str) -> jsonschema_rs.Validator:
    """Schema ``name`` in jsonschema-rs: a fast yes, nothing more (see ``schema_errors``)."""
    schema = load_schema(name)
    known = _FAST.get(name)
    if known is None or known[0] is not schema:  # the schema was reloaded: build anew
        fast = jsonschema_rs.Draft202012Validator(
            for_jsonschema_rs(schema), formats=FAST_FORMATS, validate_formats=True
        )
        known = _FAST[name] = (schema, fast)
    return known[1]


def schema_errors(name: str, payload: object, *, plain: bool | None = None) -> list[str]:
    """Every violation of schema ``name`` as 'path: message', best first; empty if valid.

    Values JSON cannot carry (NaN, Infinity, lone surrogates) and the design's
    placeholder ids come first, with a message that says what they are.
    ``plain``: ``plain_json(payload)``, when the caller has it already.
    """
    found = placeholder_errors(payload)
    if plain is None:
        plain = plain_json(payload)
    if not found and plain and fast_validator(name).is_valid(payload):
        return found
    found += json_hazards(payload)
    v = validator(name)
    errors = list(v.iter_errors(payload))
    if errors:
        first = best_match(errors)
        for e in [first, *(e for e in errors if e is not first)]:
            message = error_message(e)
            if e.validator == "format" and e.cause is not None:
                message = f"{message} ({e.cause})"
            found.append(_describe(e.json_path, message))
    return found


def placeholder_errors(payload: object) -> list[str]:
    """The design document's example ids ('uuid-v7') named as what they are."""
    if not isinstance(payload, dict):
        return []
    # Asked of every payload, and almost never true: the two ids read first, the list
    # (a comprehension: a call of its own) made only for a placeholder.
    event_id, prompt_id = payload.get("event_id"), payload.get("prompt_id")
    if not (
        (isinstance(event_id, str) and event_id in PLACEHOLDER_IDS)
        or (isinstance(prompt_id, str) and prompt_id in PLACEHOLDER_IDS)
    ):
        return []
    return [
        f"$.{key}: {payload[key]!r} is the design document's placeholder, not a UUID; "
        "send a real one (Canon mints uuid7 values)"
        for key in ("event_id", "prompt_id")
        if isinstance(payload.get(key), str) and payload[key] in PLACEHOLDER_IDS
    ]


def json_hazards(payload: object, path: str = "$") -> list[str]:
    """Numbers and strings in ``payload`` that are not JSON: NaN, ±Infinity, lone surrogates."""
    if isinstance(payload, float) and not math.isfinite(payload):
        return [f"{path}: {payload} is not a JSON number (NaN and Infinity are not allowed)"]
    if _huge(payload):
        return [f"{path}: a number this large is out of range (a JSON number must fit a double)"]
    if isinstance(payload, str):
        return (
            [] if _is_unicode(payload) else [f"{path}: text with a lone surrogate is not Unicode"]
        )
    found: list[str] = []
    if isinstance(payload, dict):
        for key, value in payload.items():
            if isinstance(key, str) and not _is_unicode(key):
                found.append(f"{path}: a key with a lone surrogate is not Unicode")
                continue
            found += json_hazards(value, f"{path}.{key}")
    elif isinstance(payload, list | tuple):
        for i, value in enumerate(payload):
            found += json_hazards(value, f"{path}[{i}]")
    return found


def message_text_hazards(text: str, path: str = "$.text") -> list[str]:
    """Why a person's message ``text`` is not read, the same for every way in (chat, API):
    a lone surrogate (not Unicode) or a control character; empty if it is read."""
    found = json_hazards(text, path)
    control = CONTROL.search(text)
    if control is not None:
        found.append(
            f"{path}: control character U+{ord(control.group()):04X} at offset "
            f"{control.start()} is not text"
        )
    return found


def message_length_errors(text: str, limit: int | None, path: str = "$.text") -> list[str]:
    """Why a message ``text`` longer than ``limit`` characters is not read; empty if it
    fits (or nothing limits it). Said in characters as a person counts them."""
    if limit is None or len(text) <= limit:
        return []
    return [f"{path}: {len(text):,} characters, more than the {limit:,} a message may hold"]


def plain_json(payload: object) -> bool:
    """Whether ``payload`` is only what JSON carries, with nothing ``json_hazards`` finds.

    Exact types: jsonschema-rs reads a tuple as an array (python-jsonschema does
    not) and refuses str subclasses, so anything else goes to python-jsonschema.
    """
    kind = type(payload)
    if kind is str:
        return _is_unicode(payload)  # type: ignore[arg-type]
    if kind is dict:
        for key, value in payload.items():  # type: ignore[attr-defined]
            if type(key) is not str or not (key.isascii() or _is_unicode(key)):
                return False
            # The flat values of an observation inline (no call each); the rest recurse.
            inner = type(value)
            if inner is str:
                if not (value.isascii() or _is_unicode(value)):
                    return False
            elif inner is float:
                if not math.isfinite(value):
                    return False
            elif inner is int:
                if abs(value) > _MAX_DOUBLE:  # ``_huge``
                    return False
            elif not (inner is bool or value is None or plain_json(value)):
                return False
        return True
    if kind is list:
        return all(plain_json(v) for v in payload)  # type: ignore[attr-defined]
    if kind is float:
        return math.isfinite(payload)  # type: ignore[arg-type]
    if kind is int:
        return not _huge(payload)
    return kind is bool or payload is None


def _huge(value: object) -> bool:
    """An integer no double can hold (10**400): everything that reads it as one would fail."""
    return type(value) is int and abs(value) > _MAX_DOUBLE


def _is_unicode(text: str) -> bool:
    if text.isascii():  # O(1) in CPython: ASCII text is Unicode
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def validate(name: str, payload: object) -> None:
    """Raise PayloadInvalid unless ``payload`` satisfies schema ``name``."""
    errors = schema_errors(name, payload)
    if errors:
        raise PayloadInvalid(name, errors)


def conforms(value: str, fmt: str) -> bool:
    """Whether ``value`` passes the same format check the schemas use."""
    check = FAST_FORMATS.get(fmt)
    return True if check is None else check(value)


def _describe(path: str, message: str) -> str:
    # Messages quote the offending value first; keep the end, which says what is wrong.
    if len(message) > 300:
        message = message[:120] + " … " + message[-170:]
    return f"{path}: {message}"
