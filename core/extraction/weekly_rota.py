"""A week's pattern told by its days: "i do earlies mon-wed and lates thurs-fri", "in the
office Mon to Wed, wfh Thurs/Fri", "Leo's with me Mon to Thu and with his mum Fri to Sun",
"district nurse visits Tues/Thurs".

Bare weekday names in a span, with no week named ("next week", "this week"), no date and
nothing that travels, are the rota or the custody pattern that holds now, each week: a
present state, though the days themselves read as ahead. A trip on the same days names its
place ("in Austin Thu-Sun") and is read by its fields, not here.
"""

from __future__ import annotations

from core.extraction.word_gates import gated

_DAY = r"(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day|s)?"
_DAYS_SPAN = gated(rf"\b{_DAY}\s*(?:-|–|to|till|until|thru|through|/|&|and)\s*{_DAY}\b(?!\s*\d)")
_ONE_WEEK = gated(
    r"\b(?:next|this|coming|following|tomorrow|tmrw|tonight|will|won't|shall|gonna|going\s+to|"
    r"then|back|bus|train|flight|fly|flying|drive|driving|away|off|leave|leaving|trip|"
    r"holiday|half[- ]term)\b|'ll\b|\d|\bfrom\s+" + _DAY + r"\b"
)
"""A week named, a date, a plan's verb, a journey or a span "from Friday to Sunday": these
days are one week's, ahead."""


def weekly_rota(low: str) -> bool:
    """The clause tells a weekly pattern by a span of bare weekdays."""
    return _DAYS_SPAN.search(low) is not None and _ONE_WEEK.search(low) is None
