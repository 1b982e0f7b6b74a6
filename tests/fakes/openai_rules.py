"""The request rules of OpenAI's chat-completions endpoint, as the fake server enforces them.

Each check returns an ``ApiError`` shaped and worded like the real service's
answer (status, message, type, param, code), or None when the request is
acceptable. The rules follow the public API reference: roles and content
shapes, tool-call pairing, ``response_format`` (including the "json" word
rule of ``json_object`` and strict-schema requirements) and ``tools`` /
``tool_choice``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

KNOWN_PARAMS = frozenset(
    {
        "model",
        "messages",
        "response_format",
        "tools",
        "tool_choice",
        "parallel_tool_calls",
        "temperature",
        "top_p",
        "n",
        "stream",
        "stream_options",
        "stop",
        "max_tokens",
        "max_completion_tokens",
        "presence_penalty",
        "frequency_penalty",
        "logit_bias",
        "logprobs",
        "top_logprobs",
        "seed",
        "user",
        "metadata",
        "store",
        "reasoning_effort",
        "service_tier",
        "prompt_cache_key",
        "safety_identifier",
        "verbosity",
    }
)
ROLES = ("system", "developer", "user", "assistant", "tool")
_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
_MESSAGE_KEYS = {
    "system": {"role", "content", "name"},
    "developer": {"role", "content", "name"},
    "user": {"role", "content", "name"},
    "assistant": {"role", "content", "name", "tool_calls", "refusal", "audio"},
    "tool": {"role", "content", "tool_call_id"},
}
_PART_TYPES = {
    "system": {"text"},
    "developer": {"text"},
    "user": {"text", "image_url", "input_audio", "file"},
    "assistant": {"text", "refusal"},
    "tool": {"text"},
}


@dataclass(frozen=True)
class ApiError:
    """An error answer in OpenAI's shape: ``{"error": {message, type, param, code}}``."""

    status: int
    message: str
    type: str = "invalid_request_error"
    param: str | None = None
    code: str | None = None

    def body(self) -> dict[str, Any]:
        return {
            "error": {
                "message": self.message,
                "type": self.type,
                "param": self.param,
                "code": self.code,
            }
        }


def _bad(message: str, param: str | None = None, code: str | None = None) -> ApiError:
    return ApiError(400, message, "invalid_request_error", param, code)


def _missing(param: str) -> ApiError:
    return _bad(f"Missing required parameter: '{param}'.", param, "missing_required_parameter")


def _type(param: str, expected: str, value: Any) -> ApiError:
    got = type(value).__name__
    return _bad(
        f"Invalid type for '{param}': expected {expected}, but got {got} instead.",
        param,
        "invalid_type",
    )


def check_chat_request(
    body: Any, *, models: tuple[str, ...], supports_json_schema: bool = True
) -> ApiError | None:
    """The error the real endpoint would answer ``body`` with, or None."""
    if not isinstance(body, dict):
        return _bad(
            "We could not parse the JSON body of your request. (HINT: This likely means you "
            "aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, "
            "but what was sent was not valid JSON.)"
        )
    for key in body:
        if key not in KNOWN_PARAMS:
            return _bad(f"Unrecognized request argument supplied: {key}", None, None)
    if "model" not in body:
        return _bad("you must provide a model parameter")
    if not isinstance(body["model"], str):
        return _type("model", "a string", body["model"])
    if body["model"] not in models:
        return ApiError(
            404,
            f"The model `{body['model']}` does not exist or you do not have access to it.",
            "invalid_request_error",
            None,
            "model_not_found",
        )
    return (
        _check_messages(body.get("messages"))
        or _check_sampling(body)
        or _check_tools(body)
        or _check_response_format(body, supports_json_schema)
    )


def _check_messages(messages: Any) -> ApiError | None:
    if messages is None:
        return _missing("messages")
    if not isinstance(messages, list):
        return _type("messages", "an array", messages)
    if not messages:
        return _bad(
            "Invalid 'messages': empty array. Expected an array with minimum length 1, "
            "but got an empty array instead.",
            "messages",
            "empty_array",
        )
    pending: list[str] = []
    for i, m in enumerate(messages):
        where = f"messages[{i}]"
        if not isinstance(m, dict):
            return _type(where, "an object", m)
        role = m.get("role")
        if role not in ROLES:
            return _bad(
                f"Invalid value: '{role}'. Supported values are: 'system', 'assistant', "
                "'user', 'function', 'tool', and 'developer'.",
                f"{where}.role",
                "invalid_value",
            )
        extra = set(m) - _MESSAGE_KEYS[role]
        if extra:
            return _bad(
                f"Additional properties are not allowed ('{sorted(extra)[0]}' was unexpected) "
                f"- '{where}'",
                where,
            )
        if role == "tool":
            ref = m.get("tool_call_id")
            if not isinstance(ref, str):
                return _missing(f"{where}.tool_call_id")
            if ref not in pending:
                return _bad(
                    "Invalid parameter: messages with role 'tool' must be a response to a "
                    "preceeding message with 'tool_calls'.",
                    f"{where}.role",
                )
            pending.remove(ref)
        elif pending:
            return _unanswered(pending, where)
        err = _check_content(m, role, where)
        if err:
            return err
        if role == "assistant" and "tool_calls" in m:
            calls = m["tool_calls"]
            err = _check_tool_calls(calls, f"{where}.tool_calls")
            if err:
                return err
            pending = [c["id"] for c in calls]
    return _unanswered(pending, "messages") if pending else None


def _unanswered(pending: list[str], where: str) -> ApiError:
    return _bad(
        "An assistant message with 'tool_calls' must be followed by tool messages responding "
        "to each 'tool_call_id'. The following tool_call_ids did not have response messages: "
        + ", ".join(pending),
        where,
    )


def _check_content(m: dict[str, Any], role: str, where: str) -> ApiError | None:
    content = m.get("content")
    if content is None:
        if role == "assistant" and m.get("tool_calls"):
            return None
        if "content" not in m:
            return _missing(f"{where}.content")
        return _bad("Invalid value for 'content': expected a string, got null.", f"{where}.content")
    if isinstance(content, str):
        return None
    if not isinstance(content, list) or not content:
        return _type(f"{where}.content", "one of a string or array of objects", content)
    for j, part in enumerate(content):
        p = f"{where}.content[{j}]"
        if not isinstance(part, dict) or part.get("type") not in _PART_TYPES[role]:
            allowed = ", ".join(f"'{t}'" for t in sorted(_PART_TYPES[role]))
            return _bad(f"Invalid value for '{p}.type': supported values are {allowed}.", p)
        if part["type"] == "text" and not isinstance(part.get("text"), str):
            return _missing(f"{p}.text")
    return None


def _check_tool_calls(calls: Any, where: str) -> ApiError | None:
    if not isinstance(calls, list) or not calls:
        return _bad(f"Invalid '{where}': empty array or not an array.", where)
    for k, c in enumerate(calls):
        p = f"{where}[{k}]"
        if not isinstance(c, dict) or not isinstance(c.get("id"), str):
            return _missing(f"{p}.id")
        if c.get("type") != "function":
            return _bad(f"Invalid value for '{p}.type': expected 'function'.", f"{p}.type")
        fn = c.get("function")
        if not isinstance(fn, dict) or not isinstance(fn.get("name"), str):
            return _missing(f"{p}.function.name")
        if not isinstance(fn.get("arguments"), str):
            return _type(f"{p}.function.arguments", "a string", fn.get("arguments"))
    return None


def _check_sampling(body: dict[str, Any]) -> ApiError | None:
    ranges = {"temperature": (0, 2), "top_p": (0, 1), "presence_penalty": (-2, 2)}
    ranges["frequency_penalty"] = (-2, 2)
    for key, (low, high) in ranges.items():
        if key in body:
            v = body[key]
            if isinstance(v, bool) or not isinstance(v, int | float):
                return _type(key, "a decimal", v)
            if not low <= v <= high:
                return _bad(
                    f"Invalid '{key}': decimal above maximum value. Expected a value <= {high}, "
                    f"but got {v} instead."
                    if v > high
                    else f"Invalid '{key}': decimal below minimum value. Expected a value >= "
                    f"{low}, but got {v} instead.",
                    key,
                    "decimal_above_max_value" if v > high else "decimal_below_min_value",
                )
    for key in ("max_tokens", "max_completion_tokens", "n", "seed"):
        v = body.get(key)
        if v is not None and (isinstance(v, bool) or not isinstance(v, int)):
            return _type(key, "an integer", v)
        if key != "seed" and v is not None and v < 1:
            return _bad(f"Invalid '{key}': integer below minimum value.", key)
    if body.get("n", 1) != 1:
        return _bad("The fake supports n=1 only.", "n")
    if "stream" in body and not isinstance(body["stream"], bool):
        return _type("stream", "a boolean", body["stream"])
    if "stream_options" in body and not body.get("stream"):
        return _bad(
            "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
            "stream_options",
        )
    return None


def _check_tools(body: dict[str, Any]) -> ApiError | None:
    tools = body.get("tools")
    if tools is None:
        for key in ("tool_choice", "parallel_tool_calls"):
            if key in body:
                return _bad(
                    f"Invalid value for '{key}': '{key}' is only allowed when 'tools' are "
                    "specified.",
                    key,
                )
        return None
    if not isinstance(tools, list):
        return _type("tools", "an array", tools)
    if len(tools) > 128:
        return _bad("Invalid 'tools': array too long. Expected at most 128.", "tools")
    names: list[str] = []
    for i, tool in enumerate(tools):
        p = f"tools[{i}]"
        if not isinstance(tool, dict) or tool.get("type") != "function":
            return _bad(f"Invalid value for '{p}.type': expected 'function'.", f"{p}.type")
        fn = tool.get("function")
        if not isinstance(fn, dict):
            return _missing(f"{p}.function")
        extra = set(fn) - {"name", "description", "parameters", "strict"}
        if extra:
            return _bad(f"Unrecognized parameter '{p}.function.{sorted(extra)[0]}'.", p)
        name = fn.get("name")
        if not isinstance(name, str) or not _NAME.match(name):
            return _bad(
                f"Invalid '{p}.function.name': string does not match pattern. Expected a "
                "string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
                f"{p}.function.name",
                "invalid_value",
            )
        if name in names:
            return _bad(f"Duplicate tool name: {name}.", f"{p}.function.name")
        names.append(name)
        if "parameters" in fn:
            err = _check_schema(fn["parameters"], f"{p}.function.parameters", fn.get("strict"))
            if err:
                return err
    choice = body.get("tool_choice")
    if choice is None or choice in ("none", "auto", "required"):
        return None
    if isinstance(choice, dict) and choice.get("type") == "function":
        fn = choice.get("function")
        if isinstance(fn, dict) and fn.get("name") in names:
            return None
        return _bad(
            f"Invalid value for 'tool_choice': tool '{(fn or {}).get('name')}' is not among "
            "the tools.",
            "tool_choice",
        )
    return _bad(
        "Invalid value for 'tool_choice': expected 'none', 'auto', 'required' or a named function.",
        "tool_choice",
    )


def _check_response_format(body: dict[str, Any], supports_json_schema: bool) -> ApiError | None:
    rf = body.get("response_format")
    if rf is None:
        return None
    if not isinstance(rf, dict) or rf.get("type") not in ("text", "json_object", "json_schema"):
        return _bad(
            "Invalid value for 'response_format.type': supported values are 'text', "
            "'json_object' and 'json_schema'.",
            "response_format.type",
            "invalid_value",
        )
    if rf["type"] == "json_object" and not _mentions_json(body["messages"]):
        return _bad(
            "'messages' must contain the word 'json' in some form, to use 'response_format' "
            "of type 'json_object'.",
            "messages",
        )
    if rf["type"] != "json_schema":
        return None
    if not supports_json_schema:
        return _bad(
            "Invalid parameter: 'response_format' of type 'json_schema' is not supported "
            "with this model.",
            "response_format",
        )
    spec = rf.get("json_schema")
    if not isinstance(spec, dict):
        return _missing("response_format.json_schema")
    name = spec.get("name")
    if not isinstance(name, str) or not _NAME.match(name):
        return _bad(
            "Invalid 'response_format.json_schema.name': string does not match pattern.",
            "response_format.json_schema.name",
        )
    if "schema" not in spec:
        return _missing("response_format.json_schema.schema")
    return _check_schema(spec["schema"], "response_format", spec.get("strict"), name)


def _mentions_json(messages: list[dict[str, Any]]) -> bool:
    for m in messages:
        content = m.get("content")
        parts = [content] if isinstance(content, str) else content or []
        for part in parts:
            text = part if isinstance(part, str) else part.get("text", "")
            if isinstance(text, str) and "json" in text.lower():
                return True
    return False


def _check_schema(schema: Any, param: str, strict: Any, name: str = "") -> ApiError | None:
    label = f"Invalid schema for {param}" + (f" '{name}'" if name else "")
    if not isinstance(schema, dict):
        return _bad(f"{label}: schema must be a JSON Schema object.", param, "invalid_value")
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as e:
        return _bad(f"{label}: {e.message}", param, "invalid_value")
    if schema.get("type") != "object":
        return _bad(
            f"{label}: schema must be a JSON Schema of 'type: \"object\"', got "
            f"'type: \"{schema.get('type')}\"'.",
            param,
            "invalid_value",
        )
    if strict is True:
        problem = _strict_problem(schema, ())
        if problem:
            return _bad(f"{label}: {problem}", param, "invalid_value")
    return None


def _strict_problem(node: Any, context: tuple[str, ...]) -> str | None:
    """Why a schema is not usable in strict mode (every object closed, every key required)."""
    if isinstance(node, list):
        for item in node:
            problem = _strict_problem(item, context)
            if problem:
                return problem
        return None
    if not isinstance(node, dict):
        return None
    here = f"In context=({', '.join(repr(c) for c in context)})"
    if node.get("type") == "object" or "properties" in node:
        if node.get("additionalProperties") is not False:
            return f"{here}, 'additionalProperties' is required to be supplied and to be false."
        props = node.get("properties", {})
        missing = [k for k in props if k not in node.get("required", [])]
        if missing:
            return (
                f"{here}, 'required' is required to be supplied and to be an array including "
                f"every key in properties. Missing '{missing[0]}'."
            )
        for key, sub in props.items():
            problem = _strict_problem(sub, (*context, "properties", key))
            if problem:
                return problem
    for key in ("items", "anyOf", "$defs", "definitions"):
        if key in node:
            sub = node[key]
            values = (
                sub.values() if isinstance(sub, dict) and key in ("$defs", "definitions") else [sub]
            )
            for v in values:
                problem = _strict_problem(v, (*context, key))
                if problem:
                    return problem
    return None
