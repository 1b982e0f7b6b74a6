"""Lines of HEARTBEAT.md / MEMORY.md style notes, made readable as sentences.

List, checkbox, heading, quote and emphasis markup is stripped. A "Key: value"
line whose key names a profile field becomes that field directly ("Home city:
Portland"); a line whose key is a time ("Sunday 7-8 AM: Leave for Tahoe") is
turned into a sentence with the time at the end, so the ordinary rules see a
dated plan.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.extraction.clause import Candidate
from core.extraction.organisations import organisation_at
from core.extraction.places import place_at

_PREFIX = re.compile(r"^\s*(?:>\s*)*(?:#{1,6}\s+|[-*+•]\s+|\d{1,3}[.)]\s+)?")
_CHECKBOX = re.compile(r"^\[(?P<mark>[ xX✓✔-])\]\s*")
_EMPHASIS = re.compile(r"\*\*|__|(?<!\w)[*_](?=\S)|(?<=\S)[*_](?!\w)|`|~~")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_KEY_VALUE = re.compile(r"^(?P<key>[A-Za-z][\w ./'-]{0,40}?)\s*:\s+(?P<value>\S.*)$")
_PROFILE_KEYS = {
    "home city": "profile.home_city",
    "home": "profile.home_city",
    "city": "profile.home_city",
    "hometown": "profile.home_city",
    "lives in": "profile.home_city",
    "based in": "profile.home_city",
    "employer": "profile.employer",
    "company": "profile.employer",
    "works at": "profile.employer",
    "work": "profile.employer",
    "diet": "profile.diet",
    "dietary preference": "profile.diet",
    "dietary preferences": "profile.diet",
    "dietary restrictions": "profile.diet",
    "name": "profile.name",
    "preferred name": "profile.name",
    "timezone": "profile.timezone",
    "time zone": "profile.timezone",
    "tz": "profile.timezone",
    "current location": "travel.location",
    "location": "travel.location",
}
_TZ_VALUE = re.compile(r"[A-Za-z_]+(?:/[A-Za-z_+-]+)*")
_TIME_KEY = re.compile(
    r"\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|\b\d{1,2}(?::\d{2})?\s*(?:am|pm)\b|\b\d{4}-\d{2}-\d{2}\b|"
    r"\b(?:today|tomorrow|tonight|morning|evening|afternoon|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|"
    r"nov|dec)[a-z]*\b",
    re.I,
)


@dataclass(frozen=True)
class MarkdownLine:
    """A Markdown line with its markup removed."""

    body: str
    """The text to read as a sentence."""
    done: bool = False
    """A checked checkbox."""
    todo: bool = False
    """An unchecked checkbox."""
    heading: bool = False
    field: str | None = None
    """Set for "Key: value" profile lines; ``value`` then holds the value."""
    value: str = ""


def parse_line(line: str) -> MarkdownLine:
    """Strip markup from one Markdown line and recognise key/value and time-keyed lines."""
    heading = line.lstrip().startswith("#")
    body = _PREFIX.sub("", line, count=1)
    done = todo = False
    m = _CHECKBOX.match(body)
    if m:
        done = m.group("mark") not in (" ", "-")
        todo = not done
        body = body[m.end() :]
    body = _EMPHASIS.sub("", _LINK.sub(r"\1", body)).strip()
    kv = _KEY_VALUE.match(body)
    if kv:
        key = " ".join(kv.group("key").lower().split())
        value = kv.group("value").strip().rstrip(".")
        if key in _PROFILE_KEYS:
            return MarkdownLine(body, done, todo, heading, _PROFILE_KEYS[key], value)
        if _TIME_KEY.search(key):
            body = f"{value} {kv.group('key')}"
    return MarkdownLine(body, done, todo, heading)


def key_value_candidate(line: MarkdownLine) -> Candidate | None:
    """The observation a "Key: value" profile line states, with a canonical value."""
    if line.field is None or not line.value:
        return None
    value = line.value
    if line.field in ("profile.home_city", "travel.location"):
        place = place_at(value, 0)
        if place is None:
            return Candidate(line.field, value, 0.7)
        return Candidate(line.field, place.name, 1.0 if place.known else 0.9)
    if line.field == "profile.employer":
        org = organisation_at(value, 0)  # "Employer: ups" -> "UPS"
        known = org is not None and org.confidence == 1.0
        return Candidate(line.field, org.name if org and known else value, 1.0)
    if line.field == "profile.diet":
        return Candidate(line.field, value.lower().replace("-", " "), 1.0)
    if line.field == "profile.timezone" and not _TZ_VALUE.fullmatch(value):
        return None
    return Candidate(line.field, value, 1.0)
