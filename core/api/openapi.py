"""The OpenAPI 3.1 document of the HTTP API, generated from the route table and schemas.

Bodies are ``schemas/http_api.schema.json``'s ``$defs``, moved to
``components/schemas`` (OpenAPI 3.1 schemas are JSON Schema 2020-12, so they are
used as they are, with their ``$ref``s pointed at the new place). The committed
``schemas/openapi.json`` is this document; a test keeps the two equal.
"""

from __future__ import annotations

import json
from http import HTTPStatus
from importlib.metadata import version
from typing import Any, Final

from core.api.bodies import definitions
from core.api.problems import MEDIA_TYPE
from core.api.routes import HEALTH, ROUTES, Route

ROLES_DESCRIPTION: Final = (
    "A token from 'canon token create --entity ENTITY --role ROLE'. It reaches its entity "
    "and the shared ones it was made for (--reach; default: the household's). Its role "
    "decides what its writes may claim, whatever a payload says (each operation's "
    "x-canon-roles lists the roles that may call it; another is refused, 403 "
    "claim-refused):\n"
    "- user: the person's own client. Claims conversation_assertive, manual_markdown, "
    "static_markdown (or agent); user_confirmation and system become "
    "conversation_assertive; calendar, mail and execution evidence is refused. Answers "
    "questions.\n"
    "- delegate: an assistant acting for the user. Its observations are agent evidence "
    "(asked, never committed on its word, corroborators dropped); its messages relay the "
    "user's words. Answers questions, never one its own evidence raised; the answer names "
    "it.\n"
    "- agent (the default, and every token made before roles): an assistant. Its "
    "observations and messages are agent evidence; it cannot answer questions.\n"
    "- signals: a calendar, mailbox or CI feed. Posts observations of the source types it "
    "was made for (--source-type) and nothing else; transactions_email becomes email, "
    "since the trusted-senders rule needs the mail's sender.\n"
    "No token claims user_confirmation or system. Corroborators are kept only of types the "
    "token may claim itself. A downgrade is listed in the outcome's notices."
)
_DEFS: Final = "#/$defs/"
_COMPONENTS: Final = "#/components/schemas/"


def openapi_document() -> dict[str, Any]:
    paths: dict[str, dict[str, Any]] = {}
    for route in (HEALTH, *ROUTES):
        paths.setdefault(route.path, {})[route.method.lower()] = _operation(route)
    paths["/v1/openapi.json"] = {
        "get": {
            "operationId": "getOpenApi",
            "summary": "This document",
            "security": [],
            "responses": {"200": {"description": "The OpenAPI document"}},
        }
    }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Canon HTTP API",
            "version": version("canon-state"),
            "description": "Canon's canonical state for assistants: post what the user says, "
            "read what is true. Every error is an RFC 9457 problem document.",
        },
        "servers": [{"url": "http://127.0.0.1:8787"}],
        "security": [{"bearer": []}],
        "paths": paths,
        "components": {
            "securitySchemes": {
                "bearer": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": ROLES_DESCRIPTION,
                }
            },
            "schemas": _repointed(definitions()),
        },
    }


def document_text() -> str:
    """The document as committed in schemas/openapi.json."""
    return json.dumps(openapi_document(), indent=2, ensure_ascii=False) + "\n"


def _operation(route: Route) -> dict[str, Any]:
    op: dict[str, Any] = {"operationId": route.name, "summary": route.summary}
    if not route.auth:
        op["security"] = []
    else:
        op["x-canon-roles"] = list(route.roles)
    params = [
        {
            "name": p.name,
            "in": "query",
            "required": p.required,
            "description": p.description,
            "schema": dict(p.schema),
        }
        for p in route.query
    ]
    params += [
        {"name": name, "in": "path", "required": True, "schema": {"type": "string"}}
        for name in _path_names(route.path)
    ]
    if params:
        op["parameters"] = params
    if route.request:
        op["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": _ref(route.request)}},
        }
    responses: dict[str, Any] = {
        str(route.status): {
            "description": HTTPStatus(route.status).phrase,
            "content": {"application/json": {"schema": _ref(route.response)}},
        }
    }
    errors = [500]
    if route.auth:
        errors += [401, 403, 404, 429, 503]
    if route.request:
        errors += [400, 409, 413, 415, 422]
    elif route.query:
        errors += [422]
    kinds = _problem_kinds()
    named = [*(("out-of-reach", "claim-refused") if route.auth else ()), *route.problems]
    if route.request:
        named += ["not-json", "invalid-body"]
    elif route.query:
        named += ["invalid-query"]
    for status in sorted(errors):
        said = [f"\n- {k}: {kinds[k][1]}" for k in named if kinds[k][0] == status]
        responses[str(status)] = {
            "description": HTTPStatus(status).phrase + (":" if said else "") + "".join(said),
            "content": {MEDIA_TYPE: {"schema": _ref("Problem")}},
        }
    op["responses"] = responses
    return op


def _problem_kinds() -> dict[str, tuple[int, str]]:
    """Canon's own problem kinds, as ``Problem.type`` in the schema describes them: kind ->
    (status, what it means). The schema is the one place they are written."""
    kinds: dict[str, tuple[int, str]] = {}
    for choice in definitions()["Problem"]["properties"]["type"]["anyOf"]:
        if "const" in choice:
            status, _, meaning = choice["description"].partition(": ")
            kinds[choice["const"].rsplit("/", 1)[-1]] = (int(status), meaning)
    return kinds


def _ref(name: str) -> dict[str, str]:
    return {"$ref": _COMPONENTS + name}


def _path_names(path: str) -> list[str]:
    return [part[1:-1] for part in path.split("/") if part.startswith("{")]


def _repointed(value: Any) -> Any:
    if isinstance(value, dict):
        return {
            k: (_COMPONENTS + v[len(_DEFS) :])
            if k == "$ref" and isinstance(v, str) and v.startswith(_DEFS)
            else _repointed(v)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_repointed(v) for v in value]
    return value
