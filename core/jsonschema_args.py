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

from core.domain.validation import short_instance


def argument_errors(tool: str, schema: Mapping[str, Any], args: Mapping[str, Any]) -> str | None:
    """None when ``args`` are valid for ``schema``; else what is wrong, in one line."""
    validator = _validator(_frozen(schema))
    errors = sorted(validator.iter_errors(dict(args)), key=lambda e: list(e.absolute_path))
    if not errors:
        return None
    shown = "; ".join(_describe(e) for e in errors[:3])
    return f"{tool}: invalid arguments: {shown}"


UNKNOWN_SHOWN = 5
"""How many unknown argument names an error lists; the rest are counted, not echoed."""


def _describe(error: ValidationError) -> str:
    where = ".".join(str(p) for p in error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
        extra = sorted(str(k) for k in error.instance if k not in known)
        named = ", ".join(repr(k[:40]) for k in extra[:UNKNOWN_SHOWN])
        more = f" and {len(extra) - UNKNOWN_SHOWN} more" if len(extra) > UNKNOWN_SHOWN else ""
        verb = "was" if len(extra) == 1 else "were"
        message = f"unknown argument(s) ({named}{more} {verb} unexpected)"
    else:
        message = short_instance(error.message, error.instance)
    return f"{where}: {message}" if where else message


def _frozen(schema: Mapping[str, Any]) -> str:
    return json.dumps(schema, sort_keys=True)


@lru_cache(maxsize=256)
def _validator(schema_json: str) -> Draft202012Validator:
    schema = json.loads(schema_json)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)
