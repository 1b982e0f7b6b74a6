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
NaN and Infinity pass ``"type": "number"``, and a lone surrogate passes every
string rule. ``json_hazards`` finds them and ``schema_errors`` reports them with
the schema's own errors, so such a payload goes to the dead-letter queue.
"""

from __future__ import annotations

import copy
import json
import math
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Final

from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import best_match

from core.errors import ConfigError, PayloadInvalid

SCHEMA_DIR: Final = Path(__file__).resolve().parents[2] / "schemas"
SCHEMA_NAMES: Final = ("state_observation", "user_confirmation", "signal_event")
FORMAT_CHECKER: Final[FormatChecker] = copy.deepcopy(Draft202012Validator.FORMAT_CHECKER)
PLACEHOLDER_IDS: Final = frozenset({"uuid-v7"})
"""Placeholders from the design document's example payloads: never real ids."""
_UUID: Final = re.compile(
    r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
)
_RFC3339: Final = FORMAT_CHECKER.checkers["date-time"][0]


@FORMAT_CHECKER.checks("uuid")
def _is_uuid(instance: object) -> bool:
    return not isinstance(instance, str) or _UUID.fullmatch(instance) is not None


@FORMAT_CHECKER.checks("date-time", raises=(ValueError, OverflowError))
def _is_date_time(instance: object) -> bool:
    if not isinstance(instance, str):
        return True
    if "\n" in instance or not _RFC3339(instance):
        return False
    try:
        datetime.fromisoformat(instance.upper().replace("Z", "+00:00")).astimezone(UTC)
    except OverflowError as e:
        raise OverflowError("outside the range a UTC timestamp can hold") from e
    return True


@cache
def load_schema(name: str) -> dict[str, Any]:
    """The parsed schema ``schemas/<name>.schema.json``."""
    path = SCHEMA_DIR / f"{name}.schema.json"
    try:
        schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise ConfigError(f"cannot load schema {name!r} from {path}: {e}") from e
    Draft202012Validator.check_schema(schema)
    return schema


@cache
def validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(load_schema(name), format_checker=FORMAT_CHECKER)


def schema_errors(name: str, payload: object) -> list[str]:
    """Every violation of schema ``name`` as 'path: message', best first; empty if valid.

    Values JSON cannot carry (NaN, Infinity, lone surrogates) and the design's
    placeholder ids come first, with a message that says what they are.
    """
    found = placeholder_errors(payload) + json_hazards(payload)
    if not found and _split_check(name, payload):
        return found
    v = validator(name)
    errors = list(v.iter_errors(payload))
    if errors:
        first = best_match(errors)
        for e in [first, *(e for e in errors if e is not first)]:
            message = e.message
            if e.validator == "format" and e.cause is not None:
                message = f"{message} ({e.cause})"
            found.append(_describe(e.json_path, message))
    return found


def placeholder_errors(payload: object) -> list[str]:
    """The design document's example ids ('uuid-v7') named as what they are."""
    if not isinstance(payload, dict):
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


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


@dataclass(frozen=True, eq=False)
class _Split:
    """A schema as its top-level ``allOf`` of key rules and the rest, for a faster yes.

    Each rule of the allOf (the state observation's "a field belongs to its
    domain") is an if/then/else of ``properties`` and ``required`` over a few
    keys, so whether a payload passes them depends on those keys' values alone:
    jsonschema checks them once per distinct pair of values, and checks the
    rest of the schema on every payload. Keywords are conjunctive and nothing
    here reaches across them (no ``unevaluatedProperties``), so the payload is
    valid exactly when both halves are. An invalid payload is then checked
    again by the whole schema, so its errors read as they always did.
    """

    schema: dict[str, Any]
    """The schema split (a reloaded schema is split anew)."""
    rest: Draft202012Validator
    rules: Draft202012Validator
    keys: tuple[str, ...]

    def is_valid(self, payload: dict[str, Any]) -> bool:
        values = tuple(payload.get(k, _ABSENT) for k in self.keys)
        if all(isinstance(v, _SCALARS) for v in values):
            # Typed, so True, 1 and 1.0 (equal in Python, not in JSON Schema) never share.
            held = _rules_hold(self, tuple((type(v), v) for v in values))
        else:
            held = self.rules_hold(values)
        return held and bool(self.rest.is_valid(payload))

    def rules_hold(self, values: tuple[object, ...]) -> bool:
        present = {k: v for k, v in zip(self.keys, values, strict=True) if v is not _ABSENT}
        return bool(self.rules.is_valid(present))


class _Absent:
    """A key the payload leaves out (distinct from JSON null)."""


_ABSENT: Final = _Absent()
_SCALARS: Final = (str, int, float, bool, type(None), _Absent)


@lru_cache(maxsize=4096)
def _rules_hold(split: _Split, typed: tuple[tuple[type, object], ...]) -> bool:
    return split.rules_hold(tuple(v for _type, v in typed))


_RULE_PARTS: Final = frozenset({"if", "then", "else"})
_RULE_KEYWORDS: Final = frozenset({"properties", "required"})


_SPLITS: dict[str, tuple[dict[str, Any], _Split | None]] = {}


def _split(name: str) -> _Split | None:
    """The split of schema ``name``, or None when its allOf is not made of key rules."""
    schema = load_schema(name)
    known = _SPLITS.get(name)
    if known is None or known[0] is not schema:
        known = _SPLITS[name] = (schema, _split_schema(schema))
    return known[1]


def _split_schema(schema: dict[str, Any]) -> _Split | None:
    rules = schema.get("allOf")
    if not isinstance(rules, list) or not rules:
        return None
    keys: set[str] = set()
    for rule in rules:
        if not (isinstance(rule, dict) and rule and set(rule) <= _RULE_PARTS):
            return None
        for part in rule.values():
            if not (isinstance(part, dict) and set(part) <= _RULE_KEYWORDS):
                return None
            keys.update(part.get("properties", {}), part.get("required", []))
    rest = {k: v for k, v in schema.items() if k != "allOf"}
    only_rules = {k: v for k, v in schema.items() if k in ("$schema", "$id", "$defs", "allOf")}
    return _Split(
        schema,
        Draft202012Validator(rest, format_checker=FORMAT_CHECKER),
        Draft202012Validator(only_rules, format_checker=FORMAT_CHECKER),
        tuple(sorted(keys)),
    )


def _split_check(name: str, payload: object) -> bool:
    """True when ``payload`` is surely valid by the split schema; False: ask the whole schema."""
    split = _split(name)
    return split is not None and isinstance(payload, dict) and split.is_valid(payload)


def validate(name: str, payload: object) -> None:
    """Raise PayloadInvalid unless ``payload`` satisfies schema ``name``."""
    errors = schema_errors(name, payload)
    if errors:
        raise PayloadInvalid(name, errors)


def conforms(value: str, fmt: str) -> bool:
    """Whether ``value`` passes the same format check the schemas use."""
    return bool(FORMAT_CHECKER.conforms(value, fmt))


def _describe(path: str, message: str) -> str:
    # Messages quote the offending value first; keep the end, which says what is wrong.
    if len(message) > 300:
        message = message[:120] + " … " + message[-170:]
    return f"{path}: {message}"
