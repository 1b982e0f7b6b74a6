"""STATE-INPUT lines: the grammar of hand-written beliefs, normalised and diffed.

One belief per line inside a ``STATE-INPUT`` zone::

    - [user:primary] travel.status = in_progress #intent=assertive
    - travel.destination = Lake Tahoe #intent=planning #expires=2026-02-23
    - [family:home] family.school.event_status = cancelled

The bullet (``-``, ``*`` or ``+``) and ``[entity]`` are optional (the entity
defaults to ``user:primary``); ``#intent=`` is assertive, planning or retract
(default assertive); ``#expires=`` takes a date (valid until the end of that
day, UTC) or an RFC 3339 time. A value containing ``#`` or ``"`` is written as
a JSON string. Blank lines and ``<!-- comments -->`` are ignored; anything
else that does not parse is reported with the reason, never guessed at.

Normalisation trims, collapses spaces and lowercases the entity, field and
intent, so ``-  [User:Primary]  Travel.Status=in_progress`` and the first
example above are the same entry with the same ``line_hash``.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Final

from core.domain.fields import DOMAINS, spec_for
from core.domain.state import Scalar
from core.domain.timeutil import format_ts, parse_ts
from core.domain.validation import message_text_hazards
from core.errors import CanonError

DEFAULT_ENTITY: Final = "user:primary"
INTENTS: Final = ("assertive", "planning", "retract")
_ENTITY = re.compile(r"^(user|family|team):[a-z0-9._-]+$")
_FIELD = re.compile(r"^(travel|family|project|financial|profile)(\.[a-z0-9_]+)+$")
_LINE = re.compile(
    r"^(?:[-*+]\s+)?(?:\[(?P<entity>[^\]]*)\]\s*)?(?P<field>[A-Za-z0-9_.]+)\s*=\s*(?P<rest>.*)$"
)
_TAG = re.compile(r"\s#(?P<key>[A-Za-z_]+)=(?P<value>\S*)\s*$")
_COMMENT = re.compile(r"^<!--.*-->$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
MAX_VALUE: Final = 500


class LineError(CanonError):
    """A STATE-INPUT line that does not follow the grammar."""


@dataclass(frozen=True)
class Entry:
    """One normalised STATE-INPUT line."""

    entity_id: str
    field: str
    value: Scalar
    intent: str
    expires: datetime | None
    line: str
    """The canonical form of the line."""

    @property
    def line_hash(self) -> str:
        return line_hash(self.line)

    @property
    def key(self) -> tuple[str, str]:
        return (self.entity_id, self.field)


@dataclass(frozen=True)
class BadLine:
    """A line that could not be read, with why; ``line_hash`` hashes its trimmed text."""

    number: int
    text: str
    error: str

    @property
    def line_hash(self) -> str:
        return line_hash(" ".join(self.text.split()))


def line_hash(canonical: str) -> str:
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def parse_line(text: str, default_entity: str = DEFAULT_ENTITY) -> Entry | None:
    """The entry a line states (about ``default_entity`` when it names none); None for
    blank and comment lines; LineError otherwise."""
    line = " ".join(text.split())
    if not line or _COMMENT.match(line):
        return None
    m = _LINE.match(line)
    if m is None:
        raise LineError("expected '- [entity] domain.field = value #intent=...'")
    entity = (m["entity"] or default_entity).strip().lower()
    if not _ENTITY.match(entity):
        raise LineError(f"entity {entity!r} is not like user:primary, family:home or team:x")
    field = m["field"].lower()
    if not _FIELD.match(field):
        raise LineError(
            f"field {field!r} is not <domain>.<name> with a domain of {', '.join(DOMAINS)}"
        )
    raw_value, tags = _split_tags(m["rest"])
    intent = tags.pop("intent", "assertive").lower()
    if intent not in INTENTS:
        raise LineError(f"#intent={intent} is not one of {', '.join(INTENTS)}")
    expires = _expiry(tags.pop("expires")) if "expires" in tags else None
    if tags:
        raise LineError(f"unknown tag #{sorted(tags)[0]}")
    value = _value(field, raw_value, intent)
    return Entry(
        entity, field, value, intent, expires, _canonical(entity, field, value, intent, expires)
    )


def _split_tags(rest: str) -> tuple[str, dict[str, str]]:
    tags: dict[str, str] = {}
    rest = " " + rest
    while m := _TAG.search(rest):
        key = m["key"].lower()
        if key in tags:
            raise LineError(f"#{key} given twice")
        tags[key] = m["value"]
        rest = rest[: m.start()]
    return rest.strip(), tags


def _value(field: str, raw: str, intent: str) -> Scalar:
    if intent == "retract":
        if raw not in ("", "null"):
            raise LineError("a retraction has no value: write 'field = null #intent=retract'")
        return None
    if raw.startswith('"'):
        try:
            decoded = json.loads(raw)
        except ValueError as e:
            raise LineError(f"bad quoted value {raw}: {e}") from e
        if not isinstance(decoded, str):
            raise LineError(f"a quoted value must be one string, not {raw}")
        raw = " ".join(decoded.split())
    unreadable = message_text_hazards(raw, "the value")
    if unreadable:  # "\ud800" or "\u0000" in quotes, a NUL typed: no text to keep as a belief
        raise LineError(unreadable[0])
    if not raw or raw == "null":
        raise LineError("missing value after '='; delete the line to retract a belief")
    if len(raw) > MAX_VALUE:
        raise LineError(f"value longer than {MAX_VALUE} characters")
    spec = spec_for(field)
    value: Scalar = raw
    if spec.numeric:
        try:
            number = float(raw.replace(",", ""))
        except ValueError as e:
            raise LineError(f"{field} needs a number, not {raw!r}") from e
        value = int(number) if number.is_integer() and "." not in raw else number
    if spec.values and value not in spec.values:
        raise LineError(f"{field} must be one of {', '.join(spec.values)}; got {raw!r}")
    return value


def _expiry(text: str) -> datetime:
    try:
        if _DATE.match(text):
            day = date.fromisoformat(text)
            return datetime.combine(day + timedelta(days=1), time(), tzinfo=UTC)
        return parse_ts(text)
    except (ValueError, CanonError) as e:
        raise LineError(f"#expires={text} is not a date (YYYY-MM-DD) or RFC 3339 time") from e


def _canonical(
    entity: str, field: str, value: Scalar, intent: str, expires: datetime | None
) -> str:
    if value is None:
        shown = "null"
    elif isinstance(value, str):
        shown = json.dumps(value, ensure_ascii=False) if ("#" in value or '"' in value) else value
    else:
        shown = json.dumps(value)
    line = f"- [{entity}] {field} = {shown} #intent={intent}"
    return line + (f" #expires={format_ts(expires)}" if expires is not None else "")


@dataclass(frozen=True)
class ParsedZone:
    entries: tuple[Entry, ...]
    bad: tuple[BadLine, ...]


def parse_zone(body: str, speaks_for: str | None = None) -> ParsedZone:
    """Entries and unreadable lines of a STATE-INPUT zone body (LF line endings).

    A second line for an (entity, field) that already has one is a conflict:
    it is reported as a bad line rather than silently overriding the first.
    ``speaks_for``: the user whose workspace it is; a line about another user
    (``[user:bob]``) is a bad line too: a workspace is no one's say about someone else
    (Bob says where he is himself). None (the owner's replay): any entity.
    """
    entries: list[Entry] = []
    bad: list[BadLine] = []
    first_line: dict[tuple[str, str], int] = {}
    for number, text in enumerate(body.split("\n"), start=1):
        try:
            entry = parse_line(text, speaks_for or DEFAULT_ENTITY)
        except LineError as e:
            bad.append(BadLine(number, text.strip(), str(e)))
            continue
        if entry is None:
            continue
        if speaks_for is not None and not may_name(entry.entity_id, speaks_for):
            bad.append(BadLine(number, text.strip(), _not_yours(entry.entity_id, speaks_for)))
            continue
        if entry.key in first_line:
            if entry.line != entries[first_line[entry.key]].line:
                bad.append(
                    BadLine(
                        number,
                        text.strip(),
                        f"{entry.entity_id} {entry.field} is already set on another line "
                        "of this zone; keep one",
                    )
                )
            continue
        first_line[entry.key] = len(entries)
        entries.append(entry)
    return ParsedZone(tuple(entries), tuple(bad))


def may_name(entity_id: str, speaks_for: str) -> bool:
    """Whether a line in ``speaks_for``'s workspace may be about ``entity_id``: their own
    entity and shared ones (``family:``, ``team:``), never another user."""
    return not entity_id.startswith("user:") or entity_id == speaks_for


def _not_yours(entity_id: str, speaks_for: str) -> str:
    return (
        f"this workspace speaks for {speaks_for}, not {entity_id}: a line about another "
        "user is not read (they say it themselves, in their own chat or workspace)"
    )


@dataclass(frozen=True)
class Diff:
    added: tuple[Entry, ...]
    """Lines new since the last accepted reading."""
    removed: tuple[tuple[str, str, str], ...]
    """(line_hash, entity_id, field) of lines gone, whose field no new line sets: retractions."""
    new_bad: tuple[BadLine, ...]
    """Unreadable lines not reported before."""


def diff_zone(
    previous: Mapping[str, tuple[str, str, str]],
    previous_bad: frozenset[str],
    current: ParsedZone,
) -> Diff:
    """What changed since the last accepted reading.

    ``previous`` maps line_hash -> (entity_id, field, intent) of the accepted
    entries. A line replaced by one for the same field is an update, not a
    retraction; deleting a retraction line retracts nothing.
    """
    now_hashes = {e.line_hash for e in current.entries}
    added = tuple(e for e in current.entries if e.line_hash not in previous)
    set_now = {e.key for e in current.entries}
    removed = tuple(
        sorted(
            (h, entity, field)
            for h, (entity, field, intent) in previous.items()
            if h not in now_hashes and (entity, field) not in set_now and intent != "retract"
        )
    )
    new_bad = tuple(b for b in current.bad if b.line_hash not in previous_bad)
    return Diff(added, removed, new_bad)
