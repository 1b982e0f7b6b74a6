"""A trip called off: "the trip is off", "we cancelled the cabin weekend", "we didn't go",
and "... the whole thing got called off" after a plan said earlier in the message.

A trip that is off or never happened is cancelled (an assertive fact, even when it was a plan).
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from core.extraction.clause import Clause
from core.extraction.first_names import is_common_first_name
from core.extraction.places import place_at
from core.extraction.regex_branches import branched
from core.extraction.travel_objects import NOT_A_SCHOOL_TRIP, trip_negated
from core.extraction.types import ExtractedObservation
from core.extraction.word_gates import gated

_CANCELLED = branched(
    r"\b(?:trip|vacation|holiday|getaway|travel\s+plans?)\s+(?:fell|has\s+fallen)\s+(?:apart|through)\b|"
    r"\b(?:"
    + NOT_A_SCHOOL_TRIP
    + r"trips?|vacation|holiday|getaway|flights?|journey|voyage|cruise|"
    r"honeymoon|travel\s+plans?)\b[^.;]*?(?:"
    # "the boston trip isn't happening", "portland trip is a no go", "won't happen" (not
    # "isn't happening until May": put off, not called off).
    r"\b(?:is|was|'s|are)\s+(?:now\s+|officially\s+)?(?:a\s+)?no[\s-]?go\b|"
    r"(?:\b(?:isn't|is\s+not|aren't|are\s+not|wasn't|won't\s+be|will\s+not\s+be)|'s\s+not)\s+"
    r"(?:happening|going\s+ahead|on(?=\s*(?:$|[,.!;]|any\s*more)))"
    r"(?!\s+(?:until|till|til|before|yet|next|in|on)\b)|"
    r"\b(?:won't|will\s+not)\s+happen\b(?!\s+(?:until|till|til|before)\b))|"
    r"\b(?:"
    + NOT_A_SCHOOL_TRIP
    + r"trips?|vacation|holiday|getaway|flights?|journey|voyage|cruise|"
    # "The travel to Lisbon is off": a learner's "travel" for the trip.
    r"honeymoon|travel\s+plans?|travel(?=\s+to\b))\b[^.;]*?\b(?:is|was|"
    r"got|has\s+been|are|were|'s)\s+(?:now\s+|officially\s+)?(?:off|cancell?ed|called\s+off|"
    # "the flight to Cairo is cancel" (a learner's bare verb for the participle).
    # "the Bali trip got nixed", "our flights got axed": the slang for called off.
    r"scrapped|abandoned|nixed|axed|binned|ditched|canned|shelved|"
    r"cancel(?=\s*(?:$|[,.!;]|because|bc|due|for|by)))\b|"
    # "Trip to Seattle cancelled", "vegas trip canceled": a list's or a status line's trip
    # and what became of it, the verb left out.
    r"\b(?:" + NOT_A_SCHOOL_TRIP + r"trip|vacation|holiday|getaway|flight|cruise|honeymoon)"
    r"(?:\s+(?:to|in)\s+[\w']+(?:\s+[\w']+)?)?"
    # ... or an emoji or a face after it: "Vegas trip cancelled 😭", "Paris trip cancelled :(";
    # a colon or a dash may stand for the verb ("trip to vegas: cancelled").
    # "Flights for the Bogotá trip cancelled by the department": by whom, after it.
    r"(?:\s*[:\u2013\u2014-]\s*|\s+)(?:cancell?ed|called\s+off|scrapped)(?=\s*(?:$|[^\w\s]|because|bc|due|again|today|"
    r"already|lah|liao|by\s+(?:the|my|our|their|them|work|[a-z]+\s+(?:office|dept|department))\b))|"
    # "we're calling off the tahoe trip": the progressive calls it off now, no plan.
    r"\b(?:cancell?(?:ed|ing)|call(?:ed|ing|s)?\s+off|scrapp(?:ed|ing)|scratch(?:ed)?|nix(?:ed)?|"
    # "binned the Mallorca trip", "we've ditched the ski holiday", "axed our flights to Rome"
    r"binn(?:ed|ing)|ditch(?:ed|ing)|axed|"
    # "we pulled the plug on the Iceland trip"
    r"pull(?:ed|ing)\s+the\s+plug\s+on|"
    # "I had to cancel my trip to Seattle", "we've had to cancel our flights to Paris"
    # "I have to cancel my trip to Dublin next week", "we need to cancel the Lisbon trip"
    r"(?:had|have|has|need|needs)\s+to\s+(?:cancel|call\s+off|scrap))\s+(?:the|our|my)\s+"
    r"(?:[\w']+\s+){0,3}?(?:trip|vacation|holiday|getaway|travel|cruise|honeymoon|flights\s+to|"
    # "Cancelled my Berlin flights": the flights there, named by the place
    r"flights\b)|"
    # "we cancelled the cabin weekend": a weekend named by where or what is a trip (not
    # "our plans this weekend").
    # "had to scrap the Amsterdam weekend": the infinitive after "had to" as the past.
    r"\b(?:cancell?ed|called\s+off|scrapped|scratch(?:ed)?|nix(?:ed)?|skip(?:ping|ped)?|"
    r"(?:had|have|has)\s+to\s+(?:cancel|call\s+off|scrap|skip))\s+"
    r"(?:the|our|my)\s+(?!(?:this|next|last|whole|plans?)\b)[\w']+\s+weekend\b|\b(?:didn't|did\s+not|never)\s+(?:end(?:ed)?\s+up\s+)?"
    r"(?:get\s+to\s+go|go|going|went|make\s+it|made\s+it|get|got)\b|"
    # "we never ended up driving to the lake house" (not "we didn't fly, we drove")
    r"\b(?:didn't|did\s+not|never)\s+end(?:ed)?\s+up\s+(?:driving|flying|heading|travell?ing)\b|\b(?:not|aren't|isn't|won't|never|no\s+longer)\s+"
    r"(?:be\s+)?(?:going|flying|driving|heading|traveling|travelling|visiting)\b|"
    # "we're not doing the ski trip this year": a trip not taken (the trip must follow).
    r"\b(?:not|aren't|won't|never)\s+(?:be\s+)?(?:doing|taking)\s+(?=(?:the|our|my|this|that)\s+"
    r"(?:[\w'-]+\s+){0,2}?(?:trip|vacation|holiday|getaway|cruise)\b)|"
    r"\b(?:decided|chose)\s+not\s+to\s+go\b|"
    # "gonna skip the trip to austin", "we bailed on the vacation": a trip given up.
    # "pulled out of the Iceland trip", "backed out of the cruise": one's place in it given up.
    r"\b(?:skip|skipping|skipped|bail(?:ing|ed)?\s+on|ditch(?:ing|ed)?|"
    r"(?:pull|back)(?:ed|ing)?\s+out\s+of)\s+(?:the|our|my|this)\s+"
    r"(?:[\w']+\s+){0,2}?(?:trip|vacation|holiday|getaway|cruise)\b|"
    # "we scrapped our plans to go to Iceland", "dropped our plans for Peru": the plan to
    # go given up.
    r"\b(?:cancell?(?:ed|ing)|called\s+off|scrap(?:ped|ping)?|drop(?:ped|ping)?|ditch(?:ed|ing)?|"
    r"shelv(?:ed|ing)|abandon(?:ed|ing)|binn(?:ed|ing)|nix(?:ed)?|gave\s+up\s+on|giving\s+up\s+on)\s+"
    r"(?:the|our|my)\s+(?:[\w']+\s+){0,2}?plans?\s+(?:to\s+(?:go|fly|travel|visit|head|drive)|for)\b|"
    # "no more Hawaii trip, the money went to the car"
    r"^(?:so\s+|well\s+)?no\s+more\s+(?:[\w']+\s+){0,2}?(?:trip|vacation|holiday|getaway|cruise)\b|"
    # "no trip to Mexico City this year", "... so no Manchester trip after all": the trip
    # said gone, then only when (this year, after all) or the clause's end; not "no trip is
    # complete without snacks", a saying.
    r"(?:^|\b(?:so|means|meaning|then|which\s+means)\s+)no\s+(?:[\w']+\s+){0,2}?"
    r"(?:trip|vacation|holiday|getaway|cruise)(?:\s+to(?:\s+[\w']+){1,3}?)?"
    r"(?=\s*(?:this\s+(?:year|time|summer|spring|winter|autumn|fall|weekend)|after\s+all|"
    r"any\s*more|for\s+(?:us|me|now)|$|[,.;!]))|"
    # "we had to call the whole Peru trip off": the particle after the trip.
    r"\bcall(?:ed|ing|s)?\s+(?:the|our|my|this)\s+(?:[\w']+\s+){0,3}?(?:trip|vacation|holiday|"
    r"getaway|cruise|honeymoon|flights?)\s+off\b|"
    # "trip off. long story.", "cruise off, hurricane": a status line, its verb left out
    # (not "bank holiday off", a day off work).
    r"^(?:(?:the|our|my)\s+)?(?:[\w']+\s+)?(?:trip|vacation|getaway|cruise|honeymoon)\s+off"
    r"(?=\s*(?:$|[^\w\s]|because|bc|due|again))"
)


CALLED_OFF = gated(
    r"\b(?:(?:the\s+)?whole\s+thing|it|it'?s\s+been|everything|we|i|they)\s+(?:all\s+)?(?:got\s+|was\s+|were\s+|"
    r"has\s+been\s+|had\s+to\s+)?(?:cancell?ed|called\s+off|scrapped)(?:\s+it)?"
    r"(?=\s*(?:$|[,.;!:]|because|bc|cuz|due|so|and|but|last|this|yesterday|today))"
    # "we were supposed to go to vietnam but the visa didnt come so thats off": a pronoun
    # pointing back at the plan, and the plan off.
    r"|\b(?:that's|thats|that\s+is|it's|its|it\s+is)\s+(?:(?:all|now|def(?:initely)?|officially)\s+)?"
    r"(?:off|cancell?ed|called\s+off|dead)(?:\s+(?:now|then|lol|i\s+guess))?\s*[.!]*$"
    # "we were gonna drive to yosemite ... so now we're not": the plan, negated by ellipsis.
    r"|\b(?:we're|we\s+are|i'm|i\s+am)\s+not(?:\s+(?:going|anymore|any\s+more))*\s*[.!]*$"
)
_UNREALISED_TRIP = gated(
    r"\b(?:supposed\s+to|going\s+to|gonna|planned\s+to|planning\s+to|meant\s+to)\s+"
    # "i was gonna take the kids to tahoe": taking someone along is going there too.
    r"(?:go|fly|drive|travel|visit|head|leave|(?:take|bring)\s+(?:[\w']+\s+){1,3}?to(?=\s+(?!(?:the|a|an|my|our|his|her|their)\b)))\b|"
    # "thursday we were leaving for tahoe but it got cancelled", "we were going to portland":
    # the going that was under way in the plan, with no "supposed to".
    r"\b(?:were|was)\s+(?:leaving|flying|driving|heading|going|off)\s+(?:(?:up|down|out|over)\s+)?(?:to|for)\b"
)
"""A cancellation that names no trip refers back to one: "we were supposed to go to
Mexico but the whole thing got called off", "... so we cancelled"."""


_PLACE_OFF = gated(
    r"^(?:(?:ok|okay|so|well|yeah|ugh|welp|update|fyi|actually|oh|hey|sadly|unfortunately|"
    # What takes back what was said before: "scratch that, tahoe's off", "never mind, …".
    r"never\s*mind|nvm|scratch\s+that|forget\s+(?:that|it)|ignore\s+that|"
    r"change\s+of\s+plans?|bad\s+news|heads\s+up)\b[\s,:!.-]*)*(?:the\s+)?(?:whole\s+)?"
    # "tahoes off", "lisbon trips off": the "'s" typed without its apostrophe.
    r"(?P<place>[a-z][\w.]*(?:\s+[a-z][\w.]*){0,2}?)(?:'s|s|\s+is|\s+got|\s+has\s+been)\s+"
    r"(?:now\s+|officially\s+|totally\s+|def(?:initely)?\s+)?(?:(?:off|cancell?ed|called\s+off)\b"
    # "Denver is off sick", "off today": a person off work, whatever the name; "off for
    # us", "off for good" is still the trip ("off for the week" is someone's leave).
    # "off this year", "off for now" is the trip; "off-season", "off the charts" no trip's.
    r"(?!\s+(?:sick|work|duty|today|tomorrow|tonight|this(?!\s+(?:year|time)\b)|"
    r"for(?!\s+(?:us|me|good|now)\b)|until|till|til|from|on|the\s+(?:charts?|scale|hook|grid|"
    r"rails|wall|radar|beaten))\b|-)|"
    # "Vegas is a no-go this year": no person is a no-go.
    r"a\s+no[\s-]?go\b)",
    re.I,
)
"""A place standing for the trip to it: "tahoe is off", "ok so cabo's cancelled"."""


_CANCEL_PLACE = gated(
    r"\b(?:cancell?(?:ed|ing)?|call(?:ed|ing)?\s+off|scrap(?:ped|ping)?|nix(?:ed)?|"
    # "not doing vegas this year", "we're not doing Greece after all": a place as the trip
    # one is not taking.
    r"(?:not|never|n't)\s+(?:be\s+)?doing|"
    # "which means no Vegas for me", "so no Boston this weekend": the trip there is gone.
    r"(?:^|\b(?:so|means|meaning|then)\s+)no)\s+"
    # "had to scrap the whole cabo thing": the place's trip called a thing.
    r"(?:the\s+whole\s+(?=[a-z][\w.]*(?:\s+[a-z][\w.]*)?\s+thing\b))?"
    r"(?P<place>[a-z][\w.]*(?:\s+[a-z][\w.]*){0,2}?)(?:\s+thing)?(?=\s*(?:$|[,.;!]|because|bc|cuz|due|"
    r"again|this|next|so|after|any\s*more|lol|for\s+(?:me|us))\b|\s*$|\s*[,.;!])",
    re.I,
)
"""A place standing for the trip to it after the verb that calls it off: "had to cancel
Portland", "we cancelled vegas, the flights were crazy"."""


def _place_cancelled(text: str) -> re.Match[str] | None:
    m = _CANCEL_PLACE.search(text)
    if m is None:
        return None
    name = m.group("place")
    place = place_at(name, 0)
    if place is None or not place.known or place.end != len(name):
        return None  # "cancelled netflix", "called off the search"
    return None if is_common_first_name(name.lower()) else m


def place_called_off(clause: Clause) -> re.Match[str] | None:
    """ "Denver is off": the place that is the clause's subject stands for the trip there
    (the parse's subject is then a name, but no person's); so does the place one cancels
    ("had to cancel Portland")."""
    return _place_off_in(clause.text)


@lru_cache(maxsize=1024)
def _place_off_in(text: str) -> re.Match[str] | None:
    """``place_called_off`` of a clause's text. Cached: the travel, project and whose-clause
    readers each ask it of the same clause."""
    m = _PLACE_OFF.search(text)
    if m is None:
        return _place_cancelled(text)
    # alone: "cabo's" is Cabo and the verb; "the Dublin weekend is off" is Dublin's trip
    # ... and so is "the Crete plan is off"
    name = re.sub(r"\s+(?:weekend|trip|holiday|getaway|break|plans?|thing)$", "", m.group("place"))
    place = place_at(name, 0)
    if place is None or not place.known or place.end != len(name):
        return None  # "Marcus is off": an unknown name is someone's
    # "Jordan is off", "Florence is off": a city that is also a first name is the person.
    return None if is_common_first_name(m.group("place").lower()) else m


def cancellation(clause: Clause) -> re.Match[str] | None:
    placed = place_called_off(clause)
    if placed is not None:
        return placed
    for m in _CANCELLED.finditer(clause.low):
        if _NOT_BEFORE.search(clause.low, 0, m.start()):
            continue  # "we're not calling off the tahoe trip": kept, not called off
        trip = re.search(
            r"trip|vacation|holiday|getaway|flight|travel|weekend|journey|voyage|cruise|honeymoon|"
            r"plans?\s+(?:to|for)\b",
            m.group(),
        )
        if m.group().endswith(" for"):
            # "dropped our plans for Peru" (not "for Saturday", "for dinner")
            there = place_at(clause.text, m.end())
            if there is not None and there.known:
                return m
            continue
        if trip or re.search(r"decided|chose", m.group()) or trip_negated(clause, m):
            return m
    off = CALLED_OFF.search(clause.low)
    before = clause.message[: max(clause.start_in_message, 0)].lower()
    plan = _UNREALISED_TRIP.search(before) if off is not None else None
    if (
        plan is not None
        and _WRITERS_PLAN.search(before, 0, plan.start())
        and not _LONG_AGO.search(before)
    ):
        return off
    return None


_LONG_AGO = gated(
    r"\b(?:last\s+(?:year|summer|winter|spring|autumn|fall|month|time|christmas|easter)|"
    r"\d+\s+(?:years?|months?)\s+ago|years\s+ago|back\s+in\s+(?:19|20)\d\d|in\s+(?:19|20)\d\d|once)\b"
)
"""A plan of long ago ("last year we were leaving for tahoe but it got cancelled"): a story,
not this trip called off."""


_NOT_BEFORE = gated(r"\b(?:not|never|no\s+longer)\s+(?:be\s+)?$|n't\s+(?:be\s+)?$")
"""A negation right before the words that call a trip off: the trip is kept."""


_WRITERS_PLAN = gated(
    r"(?:^|\b(?:we|i)(?:'re|'m)?(?:\s+(?:were|was|are|am|had))?|^\W*(?:was|were|had))\s*$"
)
"""The plan pointed back at was the writer's ("we were supposed to go…", "i was gonna…"),
not a sister's or the kids'; "was gonna…" with its "i" left out is the writer's too."""


_PLAN_FIELDS = frozenset(
    {"travel.destination", "travel.status", "travel.depart_date", "travel.return_date"}
)


def plan_called_off(
    obs: tuple[ExtractedObservation, ...], text: str
) -> tuple[ExtractedObservation, ...]:
    """``obs`` with the trip planned before a cancellation told as the plan that was:
    "thursday we were leaving for tahoe but it got cancelled" plans nothing now. A plan told
    after it ("we cancelled tahoe, driving to reno friday instead") stays."""
    low = text.lower()
    off = next(
        (
            o
            for o in obs
            if o.field == "travel.status"
            and o.candidate_value == "cancelled"
            and o.intent == "assertive"
        ),
        None,
    )
    at = low.find(off.evidence_text.lower()) if off is not None else -1
    if off is None or at < 0:
        return obs

    def before(o: ExtractedObservation) -> bool:
        told = low.find(o.evidence_text.lower())
        return (
            o.intent == "planning"
            and o.field in _PLAN_FIELDS
            and told >= 0
            and told + len(o.evidence_text) <= at
        )

    return tuple(replace(o, intent="historical") if before(o) else o for o in obs)
