"""Arrived somewhere, and so there now: "landed in Denver", "got in to Truckee", "reached
Pune safely", "checked into the hotel in Lisbon", or held there by the journey ("stranded
in Dallas", "diverted to Reno"). ``ARRIVED`` ends just before the place; ``GOT_THING``
tells a "got" that names what was got ("got a flat tire in Reno") from one that arrived.

When the arrival happened is ``arrivals``; an arrival at a new home is ``arrival_home``;
being somewhere without having arrived ("we're in Lisbon") is ``travel_presence``.
"""

from __future__ import annotations

from core.extraction.intent_tense import DROVE_THERE_LATELY
from core.extraction.regex_branches import branched
from core.extraction.word_gates import gated

ARRIVED = branched(
    # "our flight was diverted to reno", "got stranded in dallas", "snowed in at the cabin in
    # tahoe", "missed my connection in atlanta": held there now, the plan undone by it
    # (tried before "got", which alone is no arrival).
    r"\b(?:(?:(?:got|stepped|hopped|climbed|just)\s+)?off\s+(?:the|my|our|a)\s+(?:[a-z-]+\s+)?"
    # "got off the train in York", "off the plane in Denver": stepped off there (tried
    # before "got", which would stop at the vehicle).
    r"(?:train|plane|flight|bus|coach|ferry|boat|ship)|"
    r"(?:(?:got|was|were|been|we're|i'm|are|am)\s+)?(?:stranded|diverted|rerouted|"
    # "got held up in Denver", "we're grounded in Reykjavik": kept there by the journey.
    r"snowed\s+in|held\s+up|grounded)|missed\s+(?:my|our|the)\s+(?:connection|connecting\s+flight)|"
    # "reached hyderabad safely", "we are reached Pune" (Indian English): got there.
    # "got to be in houston by friday", "got to fly to Denver": must, not arrived.
    r"arrived|landed|got(?!\s+to\s+(?:be|go|get|fly|drive|leave|head|see|work|pay|make|do|have|"
    r"pick|take|stay|finish)\b)|(?:^|(?<=\bi\s)|(?<=\bwe\s)|(?<=\bare\s)|(?<=\bam\s)|(?<=\bjust\s)|"
    r"(?<=\bhave\s)|(?<='ve\s)|(?<=\bfinally\s)|(?<=\bsafely\s)|(?<=\balready\s))reached"
    r"(?!\s+(?:out|over|across|for|up|down|an?|the|my|our|his|her|their|\d)\b)|made\s+it\s+(?:across|over)\s+the\s+border\s+into|made\s+it\s+(?:across|over|down|up|out)(?=\s+to\b)|made\s+it|checked\s+in|checked\s+into|pulled\s+into|rolled\s+into|"
    # "we've just flown into Seville", "flew into denver last night": the flight ended there.
    r"(?:flew|flown)(?=\s+into\b)|"
    r"crossed\s+(?:over\s+)?into|"
    r"touched\s+down|touchdown|wheels\s+down|"
    # "i reach chennai already", "we reach Lagos safely": Indian and Nigerian English's
    # present for a reaching that is over.
    r"(?:(?<=\bi\s)|(?<=\bwe\s)|(?<=\bjust\s)|^)reach(?=\s+[a-z]+(?:\s+[a-z]+)?\s+(?:already|safely|safe|liao|this\s+morning|today|last\s+night|just\s+now)\b)|(?:across|over)\s+the\s+border\s+into|"
    # "we drove up to Tahoe yesterday": the drive there ended there.
    rf"{DROVE_THERE_LATELY.pattern})\s+(?:safely\s+|finally\s+|just\s+)?"
    r"(?:(?:in\s+to|into|to|in|at)\b)?\s*"  # a word of its own: not the "In" of "Inverness"
)
# "got" with no direction names what was got ("got food poisoning", "got a flat tire in
# Reno"), not an arrival ("got to Denver", "got in at midnight").
GOT_THING = gated(
    r"got\s+(?:(?:safely|finally|just)\s+)*"
    r"(?!(?:into|to|in|at|off|safely|finally|just|stranded|diverted|rerouted|snowed|held\s+up|"
    r"grounded)\b)"
)
