"""JSON Schema validation with format checking actually enforced.

The files in ``schemas/`` are the single source of truth for every payload.
JSON Schema treats ``format`` as an annotation unless a FormatChecker is given
(and the format extras installed), so a bad timestamp or UUID would pass
silently; every validator here is built with the 2020-12 FormatChecker.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, Final

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from core.errors import ConfigError, PayloadInvalid

SCHEMA_DIR: Final = Path(__file__).resolve().parent.parent / "schemas"
SCHEMA_NAMES: Final = ("state_observation", "user_confirmation", "signal_event")
FORMAT_CHECKER: Final = Draft202012Validator.FORMAT_CHECKER


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
    """Every violation of schema ``name`` as 'path: message', best first; empty if valid."""
    v = validator(name)
    errors = list(v.iter_errors(payload))
    if not errors:
        return []
    first = best_match(errors)
    ordered = [first, *(e for e in errors if e is not first)]
    return [_describe(e.json_path, e.message) for e in ordered]


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
