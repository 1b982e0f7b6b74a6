"""A stay or a journey timed by an event still to come: "i'm staying with my cousin in
austin the whole week of the wedding", "we're driving up for the reunion", "she's flying
in the weekend of the bachelorette".

The progressive of going or staying with no date is a stay now ("i'm staying with my
cousin in austin"); timed by an event instead of a day ("the week of the wedding", "for
the conference", "during the festival") it is the arrangement for that event, which a
message about it says before it happens: a plan, as "next week" would make it.
"""

from __future__ import annotations

from core.extraction.word_gates import gated

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
_FOR_AN_EVENT = gated(
    _PROGRESSIVE + r"[^.;!?]*?\b(?:(?:the\s+)?(?:whole\s+|entire\s+)?(?:week|weekend|day|days|"
    r"night|nights|morning)\s+(?:of|before|after)|for|during|over)\s+(?:the|our|my|his|her|their|"
    r"[a-z]+'s)\s+(?:[a-z]+\s+)?(?:" + _EVENT + r")\b"
)


_TERM_EVENT = (
    r"finals|exams?|midterms|mocks|a[- ]?levels|gcses|graduation|grad|term|semester|uni|school|"
    r"classes|lectures|exam\s+(?:season|szn)|dissertation|thesis|placement|internship|"
    r"(?:my|the|our)\s+(?:last|final)\s+(?:exam|paper|shift|day)"
)
_SUBJECTLESS_MOVE = (
    r"(?:^|[,;]\s+|\bthen\s+)(?:(?:prob|probably|def|defo|just|literally)\s+)?(?:flying|driving|"
    r"going|heading|moving|staying|coming|getting\s+the\s+train|taking\s+the\s+train)\b"
)
_AFTER_TERM = gated(
    r"(?:"
    + _PROGRESSIVE.replace("staying|", "staying|moving|")
    + "|"
    + _SUBJECTLESS_MOVE
    + r")[^.;!?]*?\b(?:(?:right|straight|just|the\s+"
    r"(?:day|week|weekend|morning))\s+)?(?:after|once|when)\s+(?:(?:my|the|our|all\s+(?:my|the))\s+)?"
    r"(?:" + _TERM_EVENT + r")\b(?!\s+(?:was|were|went|got|had|did)\b)"
)
"""A student's way of dating a plan by the calendar of the year, not by a day: "flying home
after finals", "moving out of halls the day after my last exam", "im staying in london
once term ends". A progressive of going timed so is ahead, as "next week" would make it
("after finals were over we drove home" has no progressive and stays a story)."""


def timed_by_an_event(low: str) -> bool:
    """Whether a progressive of going or staying is timed by an event ("the whole week of
    the wedding", "for the reunion", "after finals"), with no day of its own: an
    arrangement ahead."""
    return _FOR_AN_EVENT.search(low) is not None or _AFTER_TERM.search(low) is not None
