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
from core.extraction.family_members import NOT_MEMBERS
from core.extraction.memory_notes import said_by_the_writer
from core.extraction.organisations import organisation_at
from core.extraction.places import place_at
from core.extraction.word_gates import gated

_PREFIX = gated(r"^\s*(?:>\s*)*(?:#{1,6}\s+|[-*+•]\s+|\d{1,3}[.)]\s+)?")
_CHECKBOX = gated(r"^\[(?P<mark>[ xX✓✔-])\]\s*")
_EMPHASIS = gated(r"\*\*|__|(?<!\w)[*_](?=\S)|(?<=\S)[*_](?!\w)|`|~~")
_LINK = gated(r"\[([^\]]+)\]\([^)]*\)")
_KEY_VALUE = gated(r"^(?P<key>[A-Za-z][\w ./'-]{0,40}?)\s*:\s+(?P<value>\S.*)$")
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
_TZ_VALUE = gated(r"[A-Za-z_]+(?:/[A-Za-z_+-]+)*")
_TIME_KEY = gated(
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
        body = _sentence(kv.group("key"), key, value)
    else:
        body = _verbless(said_by_the_writer(body))
    return MarkdownLine(body, done, todo, heading)


_HERE_KEYS = frozenset(
    {
        "currently",
        "currently in",
        "now",
        "now in",
        "right now",
        "at the moment",
        "staying in",
        "where",
        "where i am",
        "here",
        "current",
    }
)
"""Keys that say where the writer is: "Currently: Tokyo, back Mar 20"."""
_WISH_KEYS = frozenset({"wish", "wishes", "wishlist", "wish list", "dream", "dreams"})
_MAYBE_KEYS = frozenset(
    {
        "idea",
        "ideas",
        "maybe",
        "someday",
        "someday/maybe",
        "bucket list",
        "options",
        "possibly",
        "thinking about",
        "considering",
        "what if",
    }
)
_PAST_KEY = gated(r"\b(?:last|ago|previously|before|past|used\s+to)\b|\b(?:19|20)\d\d\b", re.I)
_PREDICATE = gated(
    r"(?:away|home|sick|ill|unwell|better|well|paid|due|overdue|blocked|stuck|done|shipped|"
    r"launched|live|finished|cancell?ed|canceled|postponed|moved|booked|pending|delayed|"
    r"in|at|on|out|off|back|still|not|no\s+longer|recovering|resting|staying|working)\b",
    re.I,
)
_WHO_THEN_WHERE = gated(
    r"^(?P<who>(?:[Mm]y\s+)?(?:[A-Z][a-z]+|mom|dad|mum|wife|husband|son|daughter|kids?|"
    r"grandma|grandpa|partner|sister|brother|baby)(?:'s)?)\s+"
    r"(?=(?:in|at|away|home|sick|out\s+of|back|off)\b)"
)
_THING_THEN_STATE = gated(
    r"^(?P<what>[A-Za-z][\w' -]{1,60}?)\s+(?=(?:cancell?ed|canceled|postponed|booked|paid|"
    r"shipped|delayed|done|confirmed)\b)",
    re.I,
)
_DIET_LINE = gated(
    r"^(?:vegetarian|vegan|pescatarian|pescetarian|gluten[- ]free|dairy[- ]free|keto|paleo|"
    r"kosher|halal|plant[- ]based)\b",
    re.I,
)
_VERB = gated(r"\b(?:is|are|was|were|am|be|been|has|have|had|'s|'re|'m)\b", re.I)


def _sentence(raw_key: str, key: str, value: str) -> str:
    """A "Key: value" line that sets no profile field, said as a sentence: the key says
    when ("Sunday: leave for Tahoe"), where the writer is ("Currently: Tokyo"), that it is
    a wish or an idea ("Ideas: Japan in the fall"), or what the value is about ("Rent:
    paid", "Wife: away in Boston until Friday")."""
    if key in _HERE_KEYS:
        return f"currently in {value}"
    if key in _WISH_KEYS:
        return f"I wish for {value}"
    if key in _MAYBE_KEYS:
        return f"maybe {value}"
    if _TIME_KEY.search(key) or _PAST_KEY.search(key):
        # "Mar 12-15: Chicago (work trip)": a place alone is a trip then, or where one was.
        place = place_at(value, 0)
        if place is not None and place.known and not _VERB.search(value):
            if _PAST_KEY.search(key):
                return f"I was in {value} {raw_key}"
            return f"trip to {value} {raw_key}"
        return f"{value} {raw_key}"
    if _PREDICATE.match(value):
        return f"{raw_key} is {value}"
    return f"{raw_key}: {value}"


def _verbless(body: str) -> str:
    """A note without its verb, given one: "Mom in hospital" is "Mom is in hospital",
    "Trip to Vegas cancelled" is "Trip to Vegas is cancelled", a diet alone is the writer's."""
    if _VERB.search(body):
        return body
    if (m := _WHO_THEN_WHERE.match(body)) and m.group("who") not in NOT_MEMBERS:
        # "Back home the 12th", "Still in Denver", "Now in Lisbon": the writer's own
        # line opened by an adverb, not someone named Back (read as it stands).
        return f"{m.group('who')} is {body[m.end() :]}"
    if m := _THING_THEN_STATE.match(body):
        return f"{m.group('what')} is {body[m.end() :]}"
    if _DIET_LINE.match(body):
        return f"I'm {body}"
    return body


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
