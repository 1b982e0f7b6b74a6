"""What a bill comes to now, after a change: "rent is now 2300", "my rent is 2300 now",
"the rent went up to $2,400", "our mortgage was lowered to 1900".

The amount, as "paid rent, $2,100" gives it (``financial.rent.amount``), and its
currency when one is written; not whether the bill is due or paid. A bare number
counts: after a bill and "is now" or "went up to", only money can stand.
"""

from __future__ import annotations

from core.domain.fields import slugify
from core.extraction.amounts import AMOUNT as _AMOUNT
from core.extraction.amounts import WORD_AMOUNT as _WORD_AMOUNT
from core.extraction.amounts import amount_in as _amount_in
from core.extraction.amounts import bare_amount_at
from core.extraction.clause import Candidate, Clause
from core.extraction.regex_branches import branched
from core.extraction.types import ObservationIntent
from core.extraction.word_gates import gated

BILL_ITEM = (
    r"(?:^|\b(?:the|my|our|this\s+month's|this\s+months)\s+|"
    r"\b(?:says|said|told\s+(?:me|us)|reckons|apparently|btw|fyi|so|ok|okay)\s+)"
    # "the gas bill", "my rent": a word before the bill names it, a determiner does not.
    # Nor one that makes it everyone's: "average rent is now 2300", "her rent".
    # Nor a word of saying or a comment before it: "landlord says rent is going up to
    # 2300", "apparently rent is now 2300" name the rent.
    r"(?P<item>(?:(?!(?:the|my|our|your|a|an|this|that|his|her|their|average|avg|median|"
    r"typical|market|says|said|say|told|tells|reckons|thinks|think|guess|heard|mentioned|"
    r"confirmed|and|but|so|or|well|ok|okay|yeah|yes|oh|ugh|also|now|just|still|btw|fyi|lol|"
    r"update|news|(?!(?:month|week|year|quarter|dai|fortnight)ly)[a-z]+ly)\s)[a-z]+\s+){0,2}(?:bill|rent|"
    # "my insulin copay went up to $95", "the gym membership is now 60", "daycare fees
    # went up to 1400": what is charged again and again changes like a bill.
    r"mortgage|invoice|premium|insurance|co-?pay|membership|subscription|fees?|tuition|dues|"
    # Utilities and plans billed by the month, named alone: "my broadband went up to £52".
    r"broadband|internet|wifi|phone\s+plan|data\s+plan|electricity|childcare|"
    # What is still owed on a debt: "my student loan is still sitting at 27k".
    r"loan|overdraft|debt|balance|"
    # A tax billed by the month or the year: "the council tax has gone up to £186 a month".
    r"council\s+tax|service\s+charge|ground\s+rent))"
    r"(?:\s+|(?='s\s))"
)
_BILL_NOW = branched(
    BILL_ITEM
    + r"(?:(?:is|are|'s)\s+(?:now\s+|currently\s+|still\s+)?(?:(?:sitting|sat|stuck)\s+)?(?:at|up\s+to)|"
    r"(?:is|are|'s)\s+(?:now|currently)|"
    # "went up again to $118", "has gone up yet again to 95": the change told once more.
    r"(?:went|has\s+gone|have\s+gone|'s\s+gone)\s+(?:again\s+)?(?:up|down)\s+(?:(?:yet\s+)?again\s+)?to|"
    # "rent is going up to 2400 in january", "will be 2400 from march": a change ahead.
    r"(?:(?:is|are|'s)\s+going|goes|will\s+go)\s+(?:up|down)\s+to|will\s+be|"
    # "the rent will increase to £1,150", "rent is rising to 1,400 from May": said of the
    # rise itself.
    r"(?:will\s+|(?:is|are|'s)\s+(?:set\s+to\s+|due\s+to\s+)?)?(?:increas|ris|decreas|fall|go)(?:e|es|ing)\s+to|"
    r"(?:(?:was|got|has\s+been|have\s+been|has|have|'s)\s+)?(?:raised|increased|lowered|reduced|hiked|"
    r"jumped|rose|dropped)\s+to)\s+(?:(?:about|around|like|only|just)\s+)?"
    r"(?=(?:us\$|[$€£¥₹₦₱฿]|rs\.?|r(?=\d)|n(?=\d))?\s?\d|[a-z]+(?:[\s-][a-z]+)*\s+(?:dollars|bucks|euros|pounds|quid|grand))|"
    r"(?:^|\b(?:the|my|our)\s+)(?P<late>rent|mortgage)\s+(?:is|'s)\s+(?=\S+\s+now\b)|"
    r"(?:^|\b(?:the|my|our)\s+)(?P<plain>rent|mortgage)\s+(?:is|'s)\s+(?=\d)|"
    # What the speaker earns: "my salary is 12k a year", "take home is about $3,900"; and
    # by the day or the hour, a rate and no bill: "per diem is €120", "my day rate's £400".
    r"(?:^|\b(?:my|our)\s+|(?<=\s))(?P<earned>salary|take[- ]home(?:\s+pay)?|wages?|stipend|"
    # A rate is the writer's when it is "my" rate or stands alone ("the day rate at the spa
    # is £400" is a price).
    r"per[- ]?diem|(?:^|(?<=\bmy\s)|(?<=\bour\s))(?:day|daily|hourly)\s+rate)(?:\s+is|\s*'s)\s+(?:now\s+|only\s+|just\s+|about\s+|around\s+|like\s+|barely\s+)?"
    r"(?=(?:us\$|rs\.?\s?|r|[$€£¥₹₦])?\d)|"
    # "the landlord raised our rent to 2300" (not "I raised the rent": a landlord speaking).
    r"(?<!\bi\s)(?<!\bwe\s)\b(?:raised|increased|hiked|upped|bumped(?:\s+up)?|put(?:\s+up)?)\s+"
    r"(?:the|my|our)\s+(?P<obj>rent|mortgage)\s+(?:up\s+)?to\s+(?=(?:us\$|[$€£¥₹₦₱฿]|rs\.?|r(?=\d)|n(?=\d))?\s?\d)"
)
"""What a bill comes to now, after a change: "rent is now 2300", "my rent is 2300 now",
"the rent went up to $2,400", "our mortgage was lowered to 1900"."""


def bill_now(clause: Clause) -> list[Candidate]:
    """A bill's new amount ("rent is now 2300"): its amount, and its currency when one is
    written; not whether it is due or paid. A bare number counts here: after a bill and
    "is now", only money can stand."""
    m = _BILL_NOW.search(clause.low)
    if m is None:
        return []
    item = (
        m.group("item")
        or m.group("late")
        or m.group("plain")
        or m.group("obj")
        or m.group("earned")
    )
    slug = f"financial.{slugify(_PER.sub('', item))}"
    money = _AMOUNT.match(clause.low, m.end()) or _WORD_AMOUNT.match(clause.low, m.end())
    amount = _amount_in(money.group()) if money else None
    if m.group("plain") and (amount is not None or "due" in clause.words):
        # "my rent is $2300", "rent is 1200, due on the 5th": a bill due and its amount
        # (rules_financial), not a change of what it comes to.
        return []
    # "went up to 2400 starting jan", "is going up to 2400 in april": what it will come to,
    # a plan (which changes no amount now), not what it is.
    # "rent is going up to 2300", with no day: a change still to come all the same.
    coming = _CHANGE_TO_COME.search(m.group()) is not None
    when: ObservationIntent | None = "planning" if coming or _ahead(clause) else None
    if amount is not None:
        return [
            Candidate(f"{slug}.amount", amount[0], 0.9, when),
            Candidate(f"{slug}.currency", amount[1], 0.9, when),
        ]
    value = bare_amount_at(clause.low, m.end())
    # A bare number under ten is no bill: "rent is 1 of our biggest costs".
    if value is None or value < 10:
        return []
    return [Candidate(f"{slug}.amount", value, 0.9, when)]


def _ahead(clause: Clause) -> bool:
    """Whether the clause names a day still to come that is no span already begun ("this
    month" is under way; "next month", "in january", "starting monday" are ahead)."""
    today = clause.at.date()
    return any(not t.past and not t.begun_span(today) and t.day > today for t in clause.times)


_CHANGE_TO_COME = gated(
    r"\b(?:going\s+(?:up|down)|goes\s+(?:up|down)|will\s+(?:go|be)|"
    r"(?:increas|ris|decreas|fall)(?:e|es|ing)\s+to)\b"
)
_PER = gated(r"^(?:monthly|weekly|yearly|annual|new|current)\s+")
