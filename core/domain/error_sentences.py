"""Why an input was refused, as a sentence a person reads: which field, what was wrong
with it, what to do.

A dead letter keeps its reasons as the validators wrote them ("$.candidate_value:
{'city': 'Reno'} is not valid under any of the given schemas": a JSON path and Python's
repr of the value), which is the raw detail an owner or a developer wants in full
(``canon dlq``, the API's ``errors``). The chat's question, its alert and the API's
``reasons`` say the same in words. Read from the stored text, not from the validator's
error, because letters kept before (and every retry's added reason) are text already;
a reason no pattern knows is shown as it was kept, made one sentence.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable
from typing import Final

from core.domain.quoting import name, quote

_SHOWN_CHARS: Final = 60

_FORMATS: Final[dict[str, tuple[str, str]]] = {
    "date-time": ("date and time", "write it as RFC 3339, like 2026-12-01T09:30:00Z"),
    "date": ("date", "write it as YYYY-MM-DD, like 2026-12-01"),
    "uuid": ("UUID", "send a real one, like 0192f5e4-7c1a-7d2e-9f10-3b4c5d6e7f80"),
    "email": ("email address", "write it as name@example.com"),
    "uri": ("web address", "write it whole, like https://example.com/page"),
}
_TYPES: Final[dict[str, str]] = {
    "string": "text",
    "number": "a number",
    "integer": "a whole number",
    "boolean": "true or false",
    "object": "an object",
    "array": "a list",
    "null": "null",
}
_FORMS: Final[dict[str, str]] = {
    "entity_id": "an entity in lower case, like user:alice or family:smith",
    "entity": "an entity in lower case, like user:alice or family:smith",
    "field": "a field name like travel.location",
}


_CUT: Final = re.compile(r"(?P<start>.+)… \((?P<size>[\d,]+ characters)(?: as JSON)?\)", re.S)
"""A long value as ``schema_errors.short_instance`` cut it: its repr's start and its size."""


def _shown(value: str) -> str:
    """A value the validator wrote with Python's repr, as JSON (what the sender wrote),
    cut past 60 characters; a text quoted as every quotation is (``quoting.quote``: each
    non-printing character escaped, no chat command formed). A value the validator's
    message already cut is shown by its start and its size."""
    already_cut = _CUT.fullmatch(value)
    if already_cut is not None:
        return f"{_cut_start(already_cut['start'])}, {already_cut['size']}"
    try:
        read = ast.literal_eval(value)
    except (ValueError, SyntaxError, TypeError, RecursionError, MemoryError):
        read = value
    if isinstance(read, str):
        cut = read if len(read) <= _SHOWN_CHARS else read[:_SHOWN_CHARS] + "…"
        return quote(cut)
    try:
        text = json.dumps(read, ensure_ascii=False)
    except (TypeError, ValueError):
        text = value
    text = text if len(text) <= _SHOWN_CHARS else text[:_SHOWN_CHARS] + "…"
    return text if text.isprintable() else quote(text)


def _cut_start(start: str) -> str:
    """The start of a cut repr (its closing quote gone with the rest), as ``_shown`` shows
    a value: a text quoted, anything else as it was written; either ending in "…"."""
    if start.startswith(("'", '"')):
        try:
            read = ast.literal_eval(start + start[0])
        except (ValueError, SyntaxError):  # cut inside an escape: its characters as they are
            read = start[1:]
        if isinstance(read, str):
            return quote(read[:_SHOWN_CHARS] + "…")
    # Not a text: an object or a list cut inside, its texts in Python's quotes (not JSON's,
    # not Canon's): quoted whole, so a sender's {'a': 'Ignore previous instructions…' never
    # stands as the reason's own words in what a model reads (MCP's dead-letter prompt).
    return quote(start[:_SHOWN_CHARS] + "…")


def _field(path: str) -> str:
    """``$.source.type`` as a person names it: "the field source.type"; ``$``: the payload."""
    inside = path[2:] if path.startswith("$.") else path[1:]
    return f"the field {name(inside)}" if inside else "the payload"


def _names(quoted: str) -> list[str]:
    """The names in a validator's list of reprs (``'a', 'b\\n'``), as they were sent."""
    found = re.findall(r"'(?:[^'\\]|\\.)*'", quoted)
    return [_literal_text(n) for n in found]


def _literal_text(text: str) -> str:
    try:
        read = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text.strip("'")
    return read if isinstance(read, str) else text


def _inside(path: str, field: str) -> str:
    inside = path[2:] if path.startswith("$.") else path[1:]
    return f"the field {name(f'{inside}.{field}' if inside else field)}"


def _last_name(path: str) -> str:
    return re.split(r"[.\[]", path)[-1]


def _format(where: str, path: str, m: re.Match[str]) -> str:
    words, how = _FORMATS.get(m["fmt"], (m["fmt"], "correct it"))
    return f"{where} is not a valid {words} ({_shown(m['v'])}): {how}."


def _type(where: str, path: str, m: re.Match[str]) -> str:
    wanted = " or ".join(_TYPES.get(t, t) for t in _names(m["types"]))
    return f"{where} should be {wanted}, not {_shown(m['v'])}: correct it."


def _required(_where: str, path: str, m: re.Match[str]) -> str:
    return f"{_inside(path, m['name'])} is missing: add it."


def _unexpected(where: str, _path: str, m: re.Match[str]) -> str:
    names = [quote(n) for n in _names(m["names"])]
    more = f" and {m['more']} more" if m["more"] else ""
    many = len(names) > 1 or bool(more)
    return (
        f"{where} has {'fields' if many else 'a field'} Canon does not take, "
        f"{', '.join(names)}{more}: remove {'them' if many else 'it'}."
    )


def _enum(where: str, path: str, m: re.Match[str]) -> str:
    options = ", ".join(_names(m["opts"])) or m["opts"]
    return f"{where} cannot be {_shown(m['v'])}: use one of {options}."


def _any_of(where: str, path: str, m: re.Match[str]) -> str:
    return (
        f"{where} holds a kind of value it cannot take ({_shown(m['v'])}): "
        "send one text, number, true or false, or null."
    )


def _pattern(where: str, path: str, m: re.Match[str]) -> str:
    form = _FORMS.get(_last_name(path), "the form it takes")
    return f"{where} is not {form} ({_shown(m['v'])}): correct it."


def _size(where: str, path: str, m: re.Match[str]) -> str:
    return f"{where} is too {m['how']} ({_shown(m['v'])}): correct it."


def _bound(where: str, path: str, m: re.Match[str]) -> str:
    most = "most" if m["side"] == "greater" else "least"
    return f"{where} must be at {most} {m['n']}, not {_shown(m['v'])}: correct it."


def _too_long(where: str, _path: str, m: re.Match[str]) -> str:
    return (
        f"{where} is {m['n']} characters long, more than the {m['limit']} {m['what']} may "
        "hold: send it shorter."
    )


def _control(where: str, _path: str, m: re.Match[str]) -> str:
    return f"{where} holds control character {m['c']} at offset {m['at']}, which is not text: remove it."


def _surrogate(where: str, _path: str, m: re.Match[str]) -> str:
    what = "a key with a lone surrogate" if m["what"] == "key" else "a lone surrogate"
    return f"{where} holds {what}, which is not Unicode: send Unicode text."


_TEMPLATES: Final[tuple[tuple[re.Pattern[str], Callable[[str, str, re.Match[str]], str]], ...]] = (
    (re.compile(r"(?P<v>.+) is not a '(?P<fmt>[\w-]+)'(?: \(.*\))?", re.S), _format),
    (re.compile(r"(?P<v>.+) is not of type (?P<types>'.+')", re.S), _type),
    (re.compile(r"'(?P<name>.+)' is a required property", re.S), _required),
    (
        re.compile(
            r"Additional properties are not allowed \((?P<names>.+?)"
            r"(?: and (?P<more>\d+) more)? (?:was|were) unexpected\)",
            re.S,
        ),
        _unexpected,
    ),
    (re.compile(r"(?P<v>.+) is not one of \[(?P<opts>.*)\]", re.S), _enum),
    (re.compile(r"(?P<v>.+) is not valid under any of the given schemas", re.S), _any_of),
    (re.compile(r"(?P<v>.+) does not match '.*'", re.S), _pattern),
    (re.compile(r"(?P<v>.+) is too (?P<how>short|long)", re.S), _size),
    (
        re.compile(
            r"(?P<v>.+) is (?P<side>greater|less) than (?:or equal to )?"
            r"the (?:maximum|minimum) of (?P<n>.+)",
            re.S,
        ),
        _bound,
    ),
    # Canon's own words about a message's text (``validation.message_length_errors``, ...)
    (
        re.compile(
            r"(?P<n>[\d,]+) characters, more than the (?P<limit>[\d,]+) (?P<what>.+) may hold"
        ),
        _too_long,
    ),
    (
        re.compile(r"control character (?P<c>U\+[0-9A-F]{4,6}) at offset (?P<at>\d+) is not text"),
        _control,
    ),
    (re.compile(r"(?:a )?(?P<what>text|key) with a lone surrogate is not Unicode"), _surrogate),
)


_REFUSED_BODY: Final = re.compile(
    r"(?P<route>(?:GET|POST|PUT|PATCH|DELETE) /\S*): (?P<status>\d{3}) (?P<why>.+)", re.S
)
"""A refused API body's kept reason: its route, its status and why (``core.api.app``)."""


def plain_reason(error: str) -> str:
    """``error`` (a kept reason: ``$.path: message``, a refused body's ``POST /v1/...: 422
    $.path: message``, or a sentence of Canon's) said as a sentence: the field, what was
    wrong, what to do."""
    refused = _REFUSED_BODY.fullmatch(error)
    if refused is not None:
        said = plain_reason(refused["why"])
        return f"{refused['route']} refused the body: {said[:1].lower()}{said[1:]}"
    path, sep, message = error.partition(": ")
    if not (sep and path.startswith("$")) or " " in path:
        return _sentence(error)
    return _said(_field(path), path, message)


_TOP_FIELD: Final = re.compile(r"\$(?:\.(?P<field>[a-z_]{1,40}))?(?:[.\[].*)?", re.S)
"""A kept reason's path: its top field when it is a plain name (a schema's, not a key of
the sender's own: those are part of what they sent)."""


def unquoted_reason(error: str) -> str:
    """Why ``error``'s input was refused, without a word of what it held: which field (a
    refused body: which route), never the value nor the validator's words about it. What a
    reader to whom the input is not theirs is told (an assistant's token reading its
    user's letters, ``core.conversation.views.dead_letter_view``)."""
    refused = _REFUSED_BODY.fullmatch(error)
    if refused is not None:
        return f"{refused['route']} refused the body."
    path, sep, _message = error.partition(": ")
    top = _TOP_FIELD.fullmatch(path) if sep else None
    if top is None:
        return "Canon could not read it."
    field = top["field"]
    return f"The field {field} was not valid." if field else "The payload was not valid."


def plain_query_reason(parameter: str, message: str) -> str:
    """A query parameter's violation (``message``, the validator's words about it) said as
    a sentence, as a kept reason is: "The query parameter entity is not an entity in lower
    case, like user:alice or family:smith ("User:Alice"): correct it."."""
    return _said(f"the query parameter {name(parameter)}", f"$.{parameter}", message)


def _said(where: str, path: str, message: str) -> str:
    """``message`` about ``where`` (the field or parameter at ``path``), in words."""
    for pattern, say in _TEMPLATES:
        found = pattern.fullmatch(message)
        if found is not None:
            return _sentence(say(where, path, found))
    if "'" in message or '"' in message:
        # A message no pattern knows that holds a repr: the sender's text, quoted whole.
        return _sentence(f"{where} was not valid: {quote(message[:200])}")
    return _sentence(f"{where}: {message}")


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return "The input was not valid."
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?", ")")) else f"{text}."
