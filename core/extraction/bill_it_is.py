"""A bill's amount or due day said in the clause after it, by "it": "rent is due friday
and it's £1,150 this time", "still haven't paid the water bill, it's sitting at 78
dollars", "my car insurance is $140 and it is due on the 15th", "the club subs are £40 and
they're due on the 31st".

The clause with the bill names no sum (or no day); the one after names it and no bill, only
"it" (or "that", "they"). The sum or the day is that bill's, as long as the clause before
set that one bill, as the writer's own, and not the sum or the day already.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta

from core.domain.fields import slugify
from core.extraction.amounts import AMOUNT, amount_in, bare_amount_at
from core.extraction.bill_names import BILL_ARRIVED, bill_name
from core.extraction.clause import Candidate, Clause
from core.extraction.types import ExtractedObservation
from core.extraction.word_gates import gated

_IT_IS = gated(
    r"^(?:and\s+|but\s+|so\s+)?(?:it's|it\s+is|it\s+was|that's|that\s+is|its|which\s+is)\s+"
    r"(?:(?:now|only|just|still|like|about|around|roughly|sitting\s+at|up\s+to|down\s+to|"
    r"gone\s+up\s+to|a\s+whopping)\s+)*(?=\S)"
)
_FIGURE = gated(r"\d[\d,]*(?:\.\d+)?k?")
_AFTER_SUM = gated(
    # "it's 88 😩": a sign or an emoji after the sum ends it as a stop does (not "88%").
    # "it's 120 due on the 15th": the day it is owed by, run on without a comma.
    r"\s*(?:$|[,.!;]|[^\w\s%$€£]|(?:this|a|per|for|now|again|ouch|though|tho|lol|due)\b)"
)


_BILL_CAME = gated(
    r"^(?:(?:ok|okay|so|and|well|oh|ugh|welp|babe|hun|lol|btw|fyi|great)[,!]?\s+)*"
    r"(?:(?:the|my|our)\s+)?(?P<item>(?:[a-z][a-z-]*\s+){0,2}?bill)\s+"
    rf"(?:just\s+)?(?:{BILL_ARRIVED}(?:\s+in)?|is\s+here|got\s+here)"
    r"(?:\s+(?:today|this\s+morning|yesterday|finally|in\s+the\s+(?:post|mail)))*[\s!.]*$|"
    # "got the water bill", "we just received our gas bill today": the writer's, come.
    r"^(?:(?:ok|okay|so|and|well|oh|ugh|welp|babe|hun|lol|btw|fyi)[,!]?\s+)*(?:(?:i|we)\s+)?"
    r"(?:just\s+|finally\s+)?(?:got|received)\s+(?:the|my|our)\s+"
    r"(?P<got>(?:[a-z][a-z-]*\s+){0,2}?bill)"
    r"(?:\s+(?:today|this\s+morning|yesterday|finally|in\s+the\s+(?:post|mail)))*[\s!.]*$"
)
"""A bill of the writer's said only to have come ("the gas bill came", "babe the water bill
came"): the clause after may say its sum of "it" ("…, it's $80"). Another's ("mom's gas
bill came") is not the writer's."""


def bill_amount_after(
    low: str, said_before: list[ExtractedObservation], low_before: str = ""
) -> list[Candidate]:
    """The amount (and currency) ``low`` (one clause) gives to the bill the clause before
    set, or only said had come (``low_before``); none when it names no sum, or the bill had
    its sum already."""
    if not low.startswith(("it", "that", "and", "but", "so", "which")):
        return []
    m = _IT_IS.match(low)
    if m is None:
        return []
    bills = {o.field.rsplit(".", 1)[0] for o in said_before if o.field.startswith("financial.")}
    priced = {o.field.rsplit(".", 1)[0] for o in said_before if o.field.endswith(".amount")}
    if not said_before and (came := _BILL_CAME.match(low_before)) is not None:
        bills = {f"financial.{slugify(bill_name(came.group('item') or came.group('got')))}"}
    if len(bills) != 1 or bills & priced:
        return []
    rest = low[m.end() :]
    bill = next(iter(bills))
    written = AMOUNT.match(rest)
    if written is not None and (said := amount_in(written.group())) is not None:
        # "it's £1,150 this time"
        return [
            Candidate(f"{bill}.amount", said[0], 0.9),
            Candidate(f"{bill}.currency", said[1], 0.9),
        ]
    figure = _FIGURE.match(rest)
    bare = bare_amount_at(rest, 0) if figure else None
    if figure and bare is not None and bare >= 20 and _AFTER_SUM.match(rest, figure.end()):
        return [Candidate(f"{bill}.amount", bare, 0.85)]  # "it's 212 this month"
    return []


WILL_PAY = (
    r"(?:(?:i|we)\s*(?:'ll|will|'m|am|are|'re)\s+(?:gonna\s+|going\s+to\s+)?|will\s+|"
    r"gonna\s+|going\s+to\s+)?(?:pay|paying|transfer|transferring|send|sending|sort|sorting|"
    r"settle|settling)(?:\s+(?:it|that|them)(?:\s+(?:off|out))?)?\b"
)
"""The writer's intent to pay the bill told before, its object "it" or left out: "I'll pay
it", "gonna pay it", "will pay", "paying it", "I'll transfer it", "we'll sort it"."""
_WILL_PAY_ONLY = gated(
    rf"^(?:and\s+|but\s+|so\s+)?{WILL_PAY}(?:\s+(?:(?:this|next|on|by|tomorrow|tonight|"
    r"today|later|soon|asap|then|online|the|\w+day|week|weekend|month|morning|evening|afternoon|"
    r"night|"
    r"\d+(?:st|nd|rd|th)?)\b))*\s*[.!]*$"
)
"""A clause that only says the writer will pay the bill told before, and when ("gonna pay
it this weekend"): the bill stays in view of the clause after it ("…, it's due monday")."""


def only_will_pay(low: str) -> bool:
    """Whether ``low`` (one clause) only says the writer will pay the bill told before."""
    return _WILL_PAY_ONLY.match(low) is not None


_IT_DUE = gated(
    r"^(?:and\s+|but\s+|so\s+)?"
    # "…, I'll pay it, due Friday", "…, will pay tonight, due on the 10th", "…, paying it
    # tomorrow, due friday": the writer's intent to pay comes first, the day it is owed by
    # last; the day is the one after "due", not the day it will be paid.
    rf"(?:{WILL_PAY}[^,.;!?]*?\s*[,.;]\s*)?"
    r"(?:(?:its|it|they|that|which)\s*(?:'s|'re|is|are|will\s+be|'ll\s+be)?\s+)?"
    r"(?:(?:still|also|then|now)\s+)?(?:due|payable|(?:needs?|has|have|must\s+be|got)\s+"
    r"(?:paying|to\s+be\s+paid|paid|to\s+go\s+in))\b"
)
"""A day the bill before is owed by, told of "it": "it's due on the 18th", "they are due by
Friday", "it needs paying by the 12th", "it has to be paid by the 10th", or with no "it" at
all ("electric bill came, it's $112, due monday"); not "it was due on the 3rd", a story."""


_PRICED = gated(
    r"^(?:(?:ok|okay|so|and|also|btw|fyi|oh|yeah|plus|well|hey|right)[,!]?\s+)*(?:(?:the|my|our)\s+)?"
    r"(?P<item>(?!(?:his|her|their|your|its|it|that|this|he|she|they|which|there|what|everything|"
    r"a|an|i|we|you)\b)[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)"
    r"(?:\s+(?:is|are|comes\s+to|will\s+be)|'s|'re)\s+(?:(?:only|just|about|around|like)\s+)?"
    rf"(?P<money>{AMOUNT.pattern})\s*[!.]*$"
)
"""A thing of the writer's and its sum, no bill word: "the club subs are £40", "internet is
60 bucks"; a bill once the clause after says it is due ("…, and they're due on the 31st")."""


_WAS_ITS_SUM = gated(
    r"^(?:(?:ok|okay|so|and|also|btw|fyi|oh|ugh|well)[,!]?\s+)*(?:(?:the|my|our)\s+)?"
    r"(?:[a-z][a-z-]*\s+){0,2}?bill\s+was\s+(?:(?:only|just|about|around)\s+)?"
    rf"(?:{AMOUNT.pattern})\s*(?:this\s+(?:month|time|quarter)|"
    r"(?P<then>last\s+(?:month|time|quarter|year)|in\s+[a-z]+))?\s*[!.]*$"
)
"""A bill of the writer's and the sum it came to, no day of its own ("the water bill was
$60"): what the clause after says is due holds it now, not as a story; a sum it came to
before ("the electric bill was $200 last month") stays behind, the day after still ahead."""


def bill_told_after(
    clause: Clause, said_before: list[ExtractedObservation], low_before: str
) -> list[Candidate]:
    """What ``clause`` tells, of "it", of the one bill the clause before (``low_before``)
    set: its sum (``bill_amount_after``, and the day after it: "it's $112, due monday") or
    the day it is due."""
    sums = bill_amount_after(clause.low, said_before, low_before)
    if sums and _DUE_AFTER_SUM.search(clause.low) and (day := _day_ahead(clause)) is not None:
        bill = sums[0].field.rsplit(".", 1)[0]
        until = datetime.combine(day + timedelta(days=1), time(0), tzinfo=clause.at.tzinfo)
        sums += [
            Candidate(f"{bill}.due_date", day.isoformat(), 0.9, None, until),
            Candidate(f"{bill}.status", "due", 0.9, None, until),
        ]
    return (
        sums
        or _bill_paid_after(clause, said_before, low_before)
        or _bill_due_after(clause, said_before, low_before)
    )


_DUE_AFTER_SUM = gated(
    r"\d[^,;]*?(?:,|\band\b|(?<=[\d\s])(?=due\b))\s*(?:(?:it's|its|it\s+is)\s+)?due\b"
)
"""The sum, then the day it is due: "it's $112, due monday", "it's 64 and due the 9th", or
run on without a comma as dictation types it ("it's 84 dollars due on the 20th")."""


def _day_ahead(clause: Clause, after: int = 0) -> date | None:
    """The first day the clause names that is still to come, after ``after`` if one is
    ("I'll pay it tomorrow, due friday" is due friday)."""
    today = clause.at.date()
    ahead = [t for t in clause.times if not t.past and not t.begun_span(today)]
    later = [t for t in ahead if t.start >= after]
    return (later or ahead)[0].day if ahead else None


PAID_IT = gated(
    r"^(?:(?:and|so|but|ok|okay)\s+)?(?:(?:i|we)\s+(?:(?:have|'ve|just|already|alr|alrdy)\s+)*"
    r"paid\s+(?:it|that|them|it\s+off)|(?:it's|it\s+is|it's\s+been|it\s+has\s+been|that's)\s+"
    r"(?:(?:already|now|all)\s+)?paid(?:\s+off)?|"
    # "…, already paid", "…, just paid it", "…, paid it this morning": no subject, the writer's
    r"(?:(?:just|already|alr|alrdy)\s+)*paid(?:\s+(?:it|that|them|it\s+off))?)"
    r"(?:\s+(?:already|alr|alrdy|today|yesterday|online|now|off|in\s+full|just\s+now|"
    r"this\s+(?:morning|afternoon|evening)|last\s+night|earlier(?:\s+today)?|on\s+the\s+app|"
    r"tho|though|lol|phew|(?:in\s+|by\s+)?cash|by\s+card|by\s+transfer))*"
    # "i paid it yesterday, was due on the 1st": the day it was due, history once paid.
    r"(?:\s*,?\s*(?:(?:it|that)\s+)?was\s+due\b[^,;]*)?\s*[.!]*$"
)
"""The bill the clause before told of, paid: "the electric bill came, $212, I paid it",
"the water bill came and it's paid", "the electric is due friday, already paid" (not "I'll
pay it", not "did you pay it?", not "haven't paid it yet")."""


def _bill_paid_after(
    clause: Clause, said_before: list[ExtractedObservation], low_before: str
) -> list[Candidate]:
    if clause.intent in ("none", "hypothetical") or PAID_IT.match(clause.low) is None:
        return []  # "…, paid it?" asks
    told = [o for o in said_before if o.field.startswith("financial.")]
    bills = {o.field.rsplit(".", 1)[0] for o in told}
    # "the gas bill was $96, I paid it": the sum it came to, told in the past because it is
    # paid, is what was paid (not "the bill was $200 last month, I paid it").
    was = _WAS_ITS_SUM.match(low_before) if told else None
    came_to = was is not None and not was.group("then")
    if len(bills) != 1 or any(
        o.intent not in ("assertive", "planning") and not came_to for o in told
    ):
        return []  # one bill of the writer's, held now
    bill = next(iter(bills))
    if any(o.field == f"{bill}.status" and o.candidate_value == "paid" for o in told):
        return []
    sums = [
        Candidate(o.field, o.candidate_value, o.extraction_confidence, "assertive")
        for o in told
        if came_to and o.intent == "historical" and o.field.endswith((".amount", ".currency"))
    ]
    return [Candidate(f"{bill}.status", "paid", 0.9, "assertive"), *sums]


def _bill_due_after(
    clause: Clause, said_before: list[ExtractedObservation], low_before: str
) -> list[Candidate]:
    if clause.intent not in ("assertive", "planning") or _IT_DUE.match(clause.low) is None:
        return []
    day = _day_ahead(clause, clause.low.find("due"))
    if day is None:
        return []
    until = datetime.combine(day + timedelta(days=1), time(0), tzinfo=clause.at.tzinfo)
    told = [o for o in said_before if o.field.startswith("financial.")]
    out: list[Candidate] = []
    came_to = False
    was: re.Match[str] | None = None
    if not said_before and (priced := _PRICED.match(low_before)) is not None:
        # "the club subs are £40 and they're due on the 31st": the sum is a bill's.
        if (said := amount_in(priced.group("money"))) is None:
            return []
        bill = f"financial.{slugify(bill_name(priced.group('item')))}"
        out = [
            Candidate(f"{bill}.amount", said[0], 0.85, "assertive", until),
            Candidate(f"{bill}.currency", said[1], 0.85, "assertive", until),
        ]
    else:
        bills = {o.field.rsplit(".", 1)[0] for o in told}
        # Only a bill the writer holds now ("last year the bill was $210 and it was due on
        # the 3rd" is a story), and one whose day was not said already; a bill that "was"
        # its sum as it came and is due a day ahead is held now ("the phone bill was 80
        # bucks and it's due friday"): its sum is told again, as now.
        was = _WAS_ITS_SUM.match(low_before) if told else None
        came_to = was is not None and not was.group("then")
        if len(bills) != 1 or any(
            o.intent not in ("assertive", "planning") and was is None for o in told
        ):
            return []
        if any(o.field.endswith(".due_date") for o in told):
            return []
        bill = next(iter(bills))
        if came_to:
            out = [
                Candidate(o.field, o.candidate_value, o.extraction_confidence, "assertive", until)
                for o in told
                if o.intent == "historical" and o.field.endswith((".amount", ".currency"))
            ]
    out.append(Candidate(f"{bill}.due_date", day.isoformat(), 0.9, None, until))
    if came_to or was is not None or not any(o.field.endswith(".status") for o in told):
        out.append(Candidate(f"{bill}.status", "due", 0.9, None, until))
    return out
