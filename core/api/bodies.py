"""The HTTP API's bodies, checked against ``schemas/http_api.schema.json``.

One schema file holds every request and response body as a ``$defs`` entry;
``body_errors("MessageRequest", data)`` validates against one of them, with the
same 2020-12 format checks every other Canon schema gets.

As for observations (``core.domain.validation``), a body of plain JSON values is first
checked by jsonschema-rs, whose yes is final; its no is checked again by
python-jsonschema, which writes every error message. Every request with a body is
checked, and most are valid: python-jsonschema's walk of a message body cost about as
much as the rest of the request's own Python, before its handler.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any, Final

import jsonschema_rs
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from core.domain.validation import (
    FAST_FORMATS,
    FORMAT_CHECKER,
    json_hazards,
    load_schema,
    plain_json,
)
from core.schema_errors import error_message

SCHEMA: Final = "http_api"


@cache
def definitions() -> dict[str, Any]:
    """Every body's schema by name (the file's ``$defs``)."""
    defs: dict[str, Any] = load_schema(SCHEMA)["$defs"]
    return defs


def _schema(name: str) -> dict[str, Any]:
    if name not in definitions():
        raise KeyError(f"no body {name!r} in schemas/{SCHEMA}.schema.json")
    return {"$defs": definitions(), "$ref": f"#/$defs/{name}"}


@cache
def _validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(_schema(name), format_checker=FORMAT_CHECKER)


@cache
def _fast(name: str) -> jsonschema_rs.Validator:
    """Body ``name`` in jsonschema-rs, with the formats checked as FORMAT_CHECKER checks them."""
    return jsonschema_rs.Draft202012Validator(
        _schema(name), formats=FAST_FORMATS, validate_formats=True
    )


_LONE_SURROGATE: Final = re.compile("[\ud800-\udfff]")


@cache
def words_limit(name: str, words: str) -> int | None:
    """How many characters body ``name``'s field ``words`` may hold (its ``maxLength``)."""
    limit = definitions()[name]["properties"][words].get("maxLength")
    return limit if isinstance(limit, int) else None


def as_checked(name: str, data: object, words: str | None) -> object:
    """``data`` as its schema checks it: a person's ``words`` with each lone surrogate as
    U+FFFD (one character for one: lengths hold), and cut to the field's ``maxLength``,
    since whether those words are read is the handler's to decide (unreadable or too long:
    refused and kept in the dead-letter queue, as in chat), not a malformed body's 422
    that keeps nothing."""
    if words is None or not isinstance(data, dict):
        return data
    text = data.get(words)
    if not isinstance(text, str):
        return data
    limit = words_limit(name, words)
    if limit is not None and len(text) > limit:
        text = text[:limit]
    elif text.isascii():
        return data
    return {**data, words: _LONE_SURROGATE.sub("\ufffd", text)}


def body_errors(name: str, data: object) -> list[str]:
    """Every violation of body ``name``, best first, as 'path: message'; empty if valid."""
    if plain_json(data) and _fast(name).is_valid(data):
        return []
    found = json_hazards(data)
    errors = list(_validator(name).iter_errors(data))
    if errors:
        first = best_match(errors)
        ordered = [first, *(e for e in errors if e is not first)]
        # A 900 kB text that is too long is named by its start and size, not echoed back.
        found += [f"{e.json_path}: {error_message(e)}" for e in ordered]
    return found


def value_errors(schema: Mapping[str, Any], value: object) -> list[str]:
    """Violations of a small inline schema (a query parameter's)."""
    checker = _inline(json.dumps(schema, sort_keys=True))
    return [error_message(e) for e in checker.iter_errors(value)]


@lru_cache(maxsize=64)
def _inline(schema: str) -> Draft202012Validator:
    # By its text: the routes' few parameter schemas are each built once, not on every
    # request that names the parameter.
    return Draft202012Validator(json.loads(schema), format_checker=FORMAT_CHECKER)
