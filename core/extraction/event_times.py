"""A stay or a journey timed by an event still to come: "i'm staying with my cousin in
austin the whole week of the wedding", "we're driving up for the reunion", "she's flying
in the weekend of the bachelorette".

The progressive of going or staying with no date is a stay now ("i'm staying with my
cousin in austin"); timed by an event instead of a day ("the week of the wedding", "for
the conference", "during the festival") it is the arrangement for that event, which a
message about it says before it happens: a plan, as "next week" would make it.
"""

from __future__ import annotations

import re

_EVENT = (
    r"wedding|reunion|conference|festival|bachelorette|bachelor|stag|hen\s+do|graduation|"
    r"funeral|shower|retreat|summit|offsite|tournament|concert|recital|gala|rehearsal\s+dinner|"
    r"party|ceremony|christening|baptism|bar\s+mitzvah|bat\s+mitzvah|quincea[nñ]era|convention|"
    r"expo|marathon|meetup|workshop|launch"
)
_PROGRESSIVE = (
    r"\b(?:'re|'m|are|am|were|im)\s+(?:(?:all|both|just|probably|prob)\s+)?(?:staying|flying|"
    r"driving|going|heading|coming|crashing|renting|booking|taking\s+the\s+train)\b"
)
_FOR_AN_EVENT = re.compile(
    _PROGRESSIVE + r"[^.;!?]*?\b(?:(?:the\s+)?(?:whole\s+|entire\s+)?(?:week|weekend|day|days|"
    r"night|nights|morning)\s+(?:of|before|after)|for|during|over)\s+(?:the|our|my|his|her|their|"
    r"[a-z]+'s)\s+(?:[a-z]+\s+)?(?:" + _EVENT + r")\b"
)


def timed_by_an_event(low: str) -> bool:
    """Whether a progressive of going or staying is timed by an event ("the whole week of
    the wedding", "for the reunion"), with no day of its own: an arrangement ahead."""
    return _FOR_AN_EVENT.search(low) is not None
