"""The HTTP API's bodies, checked against ``schemas/http_api.schema.json``.

One schema file holds every request and response body as a ``$defs`` entry;
``body_errors("MessageRequest", data)`` validates against one of them, with the
same 2020-12 format checks every other Canon schema gets.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, Final

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from core.domain.validation import FORMAT_CHECKER, json_hazards, load_schema, short_instance

SCHEMA: Final = "http_api"


@cache
def definitions() -> dict[str, Any]:
    """Every body's schema by name (the file's ``$defs``)."""
    defs: dict[str, Any] = load_schema(SCHEMA)["$defs"]
    return defs


@cache
def _validator(name: str) -> Draft202012Validator:
    if name not in definitions():
        raise KeyError(f"no body {name!r} in schemas/{SCHEMA}.schema.json")
    schema = {"$defs": definitions(), "$ref": f"#/$defs/{name}"}
    return Draft202012Validator(schema, format_checker=FORMAT_CHECKER)


def body_errors(name: str, data: object) -> list[str]:
    """Every violation of body ``name``, best first, as 'path: message'; empty if valid."""
    found = json_hazards(data)
    errors = list(_validator(name).iter_errors(data))
    if errors:
        first = best_match(errors)
        ordered = [first, *(e for e in errors if e is not first)]
        # A 900 kB text that is too long is named by its start and size, not echoed back.
        found += [f"{e.json_path}: {short_instance(e.message, e.instance)}" for e in ordered]
    return found


def value_errors(schema: Mapping[str, Any], value: object) -> list[str]:
    """Violations of a small inline schema (a query parameter's)."""
    checker = Draft202012Validator(dict(schema), format_checker=FORMAT_CHECKER)
    return [short_instance(e.message, e.instance) for e in checker.iter_errors(value)]
