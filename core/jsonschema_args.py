"""A tool call's arguments checked against the tool's own JSON schema, before it runs.

The model's state tools, a workflow's tools and the MCP tools all publish a schema for
their arguments; a call the schema forbids (an unknown argument, a missing one, a wrong
type) is refused with one line the model can read, never run with the bad part dropped.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from jsonschema import Draft202012Validator, ValidationError

from core.schema_errors import error_message


def argument_errors(tool: str, schema: Mapping[str, Any], args: Mapping[str, Any]) -> str | None:
    """None when ``args`` are valid for ``schema``; else what is wrong, in one line."""
    validator = _validator(_frozen(schema))
    errors = sorted(validator.iter_errors(dict(args)), key=lambda e: list(e.absolute_path))
    if not errors:
        return None
    shown = "; ".join(_describe(e) for e in errors[:3])
    return f"{tool}: invalid arguments: {shown}"


def _describe(error: ValidationError) -> str:
    where = ".".join(str(p) for p in error.absolute_path)
    message = error_message(error).replace(
        "Additional properties are not allowed", "unknown argument(s)"
    )
    return f"{where}: {message}" if where else message


def _frozen(schema: Mapping[str, Any]) -> str:
    return json.dumps(schema, sort_keys=True)


@lru_cache(maxsize=256)
def _validator(schema_json: str) -> Draft202012Validator:
    schema = json.loads(schema_json)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)
