"""One clause as the rules read it: its text, intent, dates and words (pure).

A clause's dates are found in the direction its verb points (a past arrival's "friday"
is behind, a plan's ahead); its intent is the classifier's, refined by the parse; a
doubt that leads it ("…, probably back tuesday") stays in its confidence while the rules
read what it doubts.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from core.extraction.arranged_ahead import BOOKED_PASSAGE, BOOKING_VERBS
from core.extraction.clause import Clause, words_of
from core.extraction.clocktimes import event_at_clock
from core.extraction.event_times import timed_by_an_event
from core.extraction.family_members import names_a_relation
from core.extraction.grammar_intent import refine
from core.extraction.grammar_results import RESULT_VERBS
from core.extraction.intent import ClauseIntent, classify
from core.extraction.linguistics.reading import ClauseReading
from core.extraction.markdown import MarkdownLine
from core.extraction.segments import Segment
from core.extraction.set_out_lately import sets_off_ahead
from core.extraction.timeexpr import find_times
from core.extraction.types import MessageIntent
from core.extraction.word_gates import gated
from core.extraction.years_said import years_read

_BOUND_PREPS = frozenset({"since", "until", "till", "til", "through", "thru"})
_FROM_TODAY = gated(r"\b(?:today|rn|right\s+now)\s*(?:and|&|n|to|-|through|thru)\s*$")
_UNTIL_EVENT = gated(
    r"\b(?:until|till|til|untill)\s+(?:after\s+|before\s+)?(?:the|a|an|my|our|your|their|his|her|"
    r"they|he|she|we|i|you|it|"
    r"someone|somebody|[a-z]+(?:'s|\s+(?:is|are|gets?|comes?|returns?|arrives?))\s+(?:back|home|"
    r"better|here|in|out|over|done|finished|fixed))\b[^,;.!?]{0,40}$"
)
"""A day inside "until <an event>" bounds a state that holds now, as "until Thursday" does:
"the hot tub is out of order until the engineer comes on Thursday", "covering the desk till
Lydia's back on the 12th", "off his tablets until after the op on Tuesday"."""
_UNTIL_NEAR = gated(
    r"\b(?:until|till|til|untill|through|thru)\s+(?:noon|midday|midnight|lunchtime|late|close|"
    r"\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm)?)\s+(?:on\s+)?$"
)
"""A day after "until" and its hour is still the bound: "the room is held until noon
Friday", "open till 8 on Thursday"."""
_ROTA_THIS_WEEK = gated(
    r"\bon[\s-]?(?:call|nights|days|earlies|lates|duty|shift|the\s+rota)\s+(?:all\s+)?"
    r"this\s+(?:week|weekend|wknd|wkend)\b"
)
"""A duty on the rota this week or weekend is how the week stands, not a plan: "on call this
weekend so count me out", "on nights this week" (not "on leave next week")."""
_ARRIVALS_AND_DEPARTURES = frozenset({"arrive", "land", "reach", "leave", "return"})
_HAPPENED_ON_ITS_DAY = frozenset(
    [
        *("diagnose", "admit", "discharge", "hospitalize", "test", "catch", "recover"),
        *("join", "quit", "resign", "retire", "hire", "fire", "lay"),
    ]
)
"""A falling ill, a diagnosis or a job begun or left in the past happened on its day, though
its result holds: "my girlfriend tested positive on monday", "joined Stripe on monday"
(said on a Wednesday) are behind."""
_COMPARED_WITH = gated(r"\b(?:than|instead\s+of|(?:first|only)\s+time)\s+$")
"""A day after "than" is compared with, and "in a week" after "the first time" is the week
behind, not when the clause happens: "he is much brighter today than yesterday", "Jamie is
fever-free for the first time in a week" are about today; a day after "instead of" or
"rather than" is the one given up ("leaving tonight instead of sunday")."""
_PUT_OFF_TO = gated(
    r"\bhad\s+to\s+(?:push|move|reschedule|postpone|bump|rebook)\s+(?:[\w']+\s+){0,4}?"
    r"(?:back\s+|forward\s+)?(?:to|till|til|until|for)\s+"
)
"""A day a trip had to be put off to is still ahead ("had to push our Rome trip back to the
20th"), though "had" is past."""
_DUE_AFTER = gated(
    r"(?:,|[.;!]\s|\s[-\u2013\u2014])\s*(?:and\s+)?(?:still\s+)?(?:due\b(?!\s+to\b)|"
    r"payable\s+(?:by|on|before)\b|needs?\s+paying\b|(?:has|have)\s+to\s+be\s+paid\b|"
    r"must\s+be\s+paid\b)"
)
"""A day a sum is owed by, told after it, is ahead: "the tickets were £64 each, due Friday",
"the council tax bill was £160, payable by the 28th", or in a sentence of its own with no
verb of its own ("The gas bill arrived, £88. Due on the 15th.", "… - needs paying by
friday"); "was due on the 3rd", with its own verb, stays behind."""
_CHANGED_TO = gated(r"\bchanged\s+(?:[a-z']+\s+){0,4}?(?:to|till|til|until)\s+")
"""A day changed to is the new one, still ahead ("our flight back got changed to thursday");
"changed" alone keeps its past ("I changed my mind"). ("shifted to" needs no such test:
"shift" is one of ``RESULT_VERBS``.)"""


def read_clause(
    seg: Segment,
    at: datetime,
    *,
    in_scope: bool,
    md: MarkdownLine | None,
    reading: ClauseReading | None,
) -> tuple[Clause, ClauseIntent, int]:
    """The clause ``seg`` reads as, its intent, and how many leading characters of the
    segment the clause leaves out (a doubt that leads it)."""
    # A verb in the past puts its dates behind: "he passed in december", said in March,
    # is last December, not next.
    # A result that points ahead keeps its date ahead: "soccer moved to Thursday",
    # "we booked a trip for April 12".
    # A coming or going in the past happened on its day: "we left friday", "landed on
    # monday" are behind, whatever result they leave.
    verb = reading.verb.split(" ")[0] if reading is not None else ""
    past_verb = (
        reading is not None
        and reading.tense == "past"
        and md is None
        and (verb not in RESULT_VERBS or verb in _ARRIVALS_AND_DEPARTURES | _HAPPENED_ON_ITS_DAY)
        and not (verb == "change" and _CHANGED_TO.search(seg.low))
        and not _PUT_OFF_TO.search(seg.low)
        and not _DUE_AFTER.search(seg.low)
        # "meant to be seeing the consultant thurs": what is arranged, its day ahead.
        and not _ARRANGED_FOR.match(seg.low)
        # "sorted the train to Bristol for saturday": the booking is done, its day ahead.
        and not (verb in BOOKING_VERBS and BOOKED_PASSAGE.search(seg.low))
        and not sets_off_ahead(seg.low)  # "we set off thursday": a present, its day ahead
    )
    times = [
        t
        for t in find_times(seg.low, at, future=not past_verb)
        if not _COMPARED_WITH.search(seg.low, 0, t.start)
    ]
    today = at.date()
    # "until Thursday" bounds a present state; only a time the clause happens at makes a plan.
    # "I'm in Denver today and tomorrow": a span that starts today is a state under way.
    ahead = any(
        not t.past
        and t.prep not in _BOUND_PREPS
        and t.day > today
        and not _FROM_TODAY.search(seg.low, 0, t.start)
        and not _UNTIL_EVENT.search(seg.low, 0, t.start)
        and not _UNTIL_NEAR.search(seg.low, 0, t.start)
        # "he's with me this week and with his mum from Saturday": the state now, and when
        # it changes.
        and not (t.prep == "from" and any(u.day == today and not u.past for u in times))
        for t in times
    )
    ahead = ahead and not ("this" in seg.low and _ROTA_THIS_WEEK.search(seg.low))
    # "the call is at 3pm", "standup's at 10:30": an event at a clock time still to come.
    ahead = ahead or (not times and md is None and _event_ahead(seg.low, reading, at))
    ahead = ahead or (not times and not past_verb and timed_by_an_event(seg.low))
    # "we're moving to Cardiff in the summer": the speaker's own doing, in the present
    # progressive, set in a season: what is arranged for it (not "been moving ... since").
    ahead = ahead or (
        not times
        and reading is not None
        and reading.progressive
        and not reading.perfect
        and reading.tense == "present"
        and reading.subject in ("speaker", "we")
        and _IN_A_SEASON.search(seg.low) is not None
    )
    # "in 2027 we're in lisbon for good": a year still to come is read as "next year" is;
    # "I stay in Riyadh from 2022": a learner's "since".
    told = seg
    present = reading is not None and reading.tense == "present"
    if (low_read := years_read(seg.low, at.year, present=present)) != seg.low:
        told = replace(seg, low=low_read)
        ahead = ahead or "next year" in low_read
    # "she is in hospital from last week": non-native "from" for "since" opens a state.
    behind = any(t.past and t.day < today and t.prep not in ("since", "from") for t in times)
    ci = refine(
        replace(
            classify(told, in_scope=in_scope, has_future_time=ahead, markdown=md is not None),
            past_time=behind,
        ),
        reading,
        told.low,
    )
    intent: MessageIntent = ci.intent
    if md is not None and md.done and intent in ("planning", "none"):
        intent = "assertive"
    if intent == "historical":
        times = find_times(seg.low, at, future=False)
    # "…, probably back tuesday": the doubt is the clause's (its confidence says so); the
    # rules read what it doubts, so a return that leads its clause is still found.
    cut = doubt.end() if (doubt := _LEADING_DOUBT.match(seg.low)) else 0
    clause = Clause(
        seg.text[cut:],
        seg.low[cut:],
        intent,
        at,
        tuple(replace(t, start=t.start - cut, end=t.end - cut) for t in times if t.start >= cut),
        md is not None,
        md.done if md else False,
        words_of(seg.low[cut:]),
    )
    return clause, ci, cut


_IN_A_SEASON = gated(
    r"\b(?:in\s+the|next|over\s+the|for\s+the)\s+(?:summer|spring|fall|autumn|winter|"
    r"new\s+year|term|semester)\b(?!\s+(?:of\s+)?(?:19|20)\d\d)"
)
_ARRANGED_FOR = gated(r"(?:i'm\s+|im\s+|we're\s+|i\s+am\s+|we\s+are\s+)?(?:meant|supposed)\s+to\s")
_LEADING_DOUBT = gated(
    r"(?:probably|prob|likely|possibly|perhaps|maybe)\s+"
    r"(?=(?:back|home|staying|stay|until|till|til|returning|coming\s+back|flying\s+(?:back|home)|"
    r"driving\s+(?:back|home)|heading\s+(?:back|home))\b)"
)
"""A doubt that leads the way home or the end of a stay: "…, probably back tuesday",
"…, maybe staying till sunday". (Other doubts stay in the clause's words, where rules
read them: "prob gonna skip the trip" is a cancellation not made yet.)"""


def _event_ahead(low: str, reading: ClauseReading | None, at: datetime) -> bool:
    """An event, not a person, at a clock time still to come today ("the call is at 3pm";
    not "my son is at 3pm practice")."""
    if reading is not None and (reading.subject_person or reading.subject in ("speaker", "we")):
        return False
    return event_at_clock(low, at) and not names_a_relation(low.split(" ", 2)[:2][-1])
