"""'extended the trip 2 more days', 'staying 2 more days': the held trip's day back, later.

The extractor reads "staying 2 more days" as nothing: alone, a stay of two days is no day,
and it holds no trip to count from. Canon holds one (planned or under way, with its day
back): the speaker's own word that it lasts longer moves that day back by the days said
("back Sunday, December 6" and "staying 2 more days": Tuesday, December 8), asked ("Are
you back on Tuesday, December 8?"), as any day back Canon read with the state is; a Yes
moves what was due "when we're back" with it (``core.engine.errand_follows_trip``). The
shapes:

- the trip lengthened by days: "extended the trip 2 more days", "we extended our trip by
  a day", "trip got extended 2 days";
- the stay lengthened: "staying 2 more days", "we're staying another night", "staying a
  day longer", "sticking around 2 extra days", "staying another 2 nights", the place
  between ("staying in south lake tahoe 2 more days", "staying up here another 2 days");
- the stay to a day: "staying till tuesday" (when the extractor has not read it already),
  "staying on till tuesday", "gonna stay through the weekend" (back on its last day).

What is not the speaker's news keeps its reading, by the clause's grammar: someone else
("mom is staying 2 more days", "they extended it"), a question ("should we stay 2 more
days?"), a hedge or a condition ("we might stay 2 more days", "if it snows we're staying
2 more days"), a denial ("not staying 2 more days"), the past ("we stayed 2 more days last
time"); and a stay of some days with nothing saying "more" ("staying 2 days") is how long
the stay is, not news that it is longer. With no trip held, or no day back held to count
from, nothing is read.

A pure function of the message's payloads and words, the speaker's committed values and
``at`` (the speaker's local time).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date, datetime, timedelta

from core.domain.state import Scalar
from core.engine.errand_done import Payload
from core.engine.leaving_on_the_day import Said, day_back_said
from core.extraction.timeexpr import find_times

STAYING_LONGER = "a later day back, counted from the one held"
"""Why the day is asked: Canon counted it from the trip's day back."""

_LEAD = (
    r"^(?:(?:ok(?:ay)?|so|actually|actualy|update|ugh|oh|well|welp|hey|yeah|yay|lol|good\s+news"
    r"|change\s+of\s+plans?|plans?\s+changed|new\s+plan|fyi|btw)\W+)*"
)
"""Words before the clause that claim nothing."""
_SPEAKER = (
    r"(?:(?:we|i)(?:'re|\s+are|'m|\s+am|'ll|\s+will|'ve|\s+have|\s+just)?\s+|were\s+|im\s+|ive\s+)?"
    r"(?:(?:now|actually|just|gonna|going\s+to|decided\s+to)\s+)*"
)
"""The speaker, or no subject ("staying 2 more days"); no modal but will, nor anyone else."""
_STAY = re.compile(
    rf"{_LEAD}{_SPEAKER}"
    r"(?:(?P<extend>extend(?:ed|ing)?|stretch(?:ed|ing)?|lengthen(?:ed|ing)?)"
    r"\s+(?:the|our|this)\s+trip(?:\s+by)?"
    r"|(?:the\s+|our\s+)?trip(?:'s|\s+is|\s+got|\s+was|\s+has\s+been)\s+(?:now\s+)?"
    r"(?P<extended>extended|stretched)(?:\s+by)?"
    r"|stay(?:ing|in)?(?:\s+on)?|stick(?:ing|in)?\s+around|hang(?:ing|in)?\s+around)"
    r"\s+(?P<rest>.+)$"
)
_COUNT = re.compile(
    r"^(?:for\s+)?(?P<another>another\s+(?=(?:two|three|four|five|six|seven|[1-9])\s))?"
    r"(?P<n>an?|one|two|three|four|five|six|seven|another|[1-9])"
    r"\s+(?P<more>more\s+|extra\s+)?(?P<unit>days?|nights?|weeks?)(?P<longer>\s+(?:more|longer|extra))?"
    r"(?P<tail>.*)$"
)
_WHERE = re.compile(
    r"^(?:(?:in|at|on)\s+(?:the\s+|my\s+|our\s+)?(?![0-9])[a-z][\w'-]*"
    r"(?:\s+(?!(?:an?|one|two|three|four|five|six|seven|another|for)\b)[a-z][\w'-]*){0,3}"
    r"|(?:up\s+|down\s+|out\s+)?(?:here|there))\s+(?=(?:for\s+)?(?:an?|one|two|three|four|five|"
    r"six|seven|another|[1-9])\s)"
)
"""Where the stay is, said between the verb and the count ("staying in tahoe 2 more days",
"staying in south lake tahoe 2 more days", "staying at the cabin another night", "staying
up here another 2 days"): a place of up to four words."""
_TILL = re.compile(r"^(?:(?P<till>till|til|'til|until)|through|thru|over)\s+(?P<day>.+)$")
_WEEKEND = re.compile(r"^the\s+(?=weekend\b)")
"""A stay "through the weekend" is through this one (the words name no other)."""
_TAIL = re.compile(
    r"^(?:(?:now|then|instead|here|there|up\s+here|lol|haha|yay|woo+|after\s+all)\W*)*"
    # "we stay two days more because the snow": why, after the stay, changes nothing of it.
    r"(?:(?:because|cause|cuz|coz|bc|since)\b(?!.*\b(?:if|unless|might|maybe)\b).*)?"
    # "staying 2 more days, kids dont wanna leave lol": a clause of its own after a comma,
    # unless it hedges, conditions, denies or asks ("…, if the roads are ok", "…, not sure").
    r"(?:,\s*(?![^?]*\b(?:if|unless|might|maybe|probably|prob|perhaps|depends|or|not|jk|"
    r"kidding)\b)[^?]*)?$"
)
"""What may follow and leave it the news of a longer stay ("2 more days here lol", "two
days more because the snow", "2 more days, the kids love it")."""
_NUMBERS = {"a": 1, "an": 1, "one": 1, "another": 1, "two": 2, "three": 3, "four": 4}
_NUMBERS |= {"five": 5, "six": 6, "seven": 7}


def staying_longer(
    payloads: list[Payload],
    text: str,
    entity_id: str,
    state: Mapping[str, Scalar],
    at: datetime,
    said: Said,
) -> list[Payload]:
    """``payloads`` with the later day back ``text`` says ``entity_id``'s held trip now
    has ("staying 2 more days"), while it is planned or under way with a day back held
    and no day back was read: asked. Not a day before today or before it leaves."""

    def read(clause: str, back: date) -> date | None:
        stay = _STAY.match(clause)
        if stay is None:
            return None
        extends = stay["extend"] is not None or stay["extended"] is not None
        day = _later_day(stay["rest"].rstrip("!.;, "), back, at, extends=extends)
        return day if day is not None and day > back else None  # longer, never shorter

    return day_back_said(payloads, text, entity_id, state, at, said, read)


def _later_day(rest: str, back: date, at: datetime, *, extends: bool) -> date | None:
    """The day back ``rest`` (the words after the verb) says: the held one and the days
    said more ("2 more days", "another night"; "2 days" only after "extended"), or a
    day ("till tuesday") when it is only a day."""
    rest = _WHERE.sub("", rest, count=1)
    if (count := _COUNT.match(rest)) is not None:
        said_more = count["more"] or count["longer"] or count["another"] or count["n"] == "another"
        if not (said_more or extends) or not _TAIL.match(count["tail"].strip()):
            return None
        n = _NUMBERS.get(count["n"]) or int(count["n"])
        return back + timedelta(days=n * (7 if count["unit"].startswith("week") else 1))
    if (till := _TILL.match(rest)) is None or extends:
        return None
    words = _WEEKEND.sub("this ", till["day"], count=1)
    times = find_times(words, at, future=True)
    if not times or words[: times[0].start].strip() not in ("", "on"):
        return None
    if not _TAIL.match(words[times[0].end :].strip()):
        return None
    # "till the weekend": to its first day; "through the weekend": to its last.
    return times[0].day if till["till"] else (times[0].end_day or times[0].day)
