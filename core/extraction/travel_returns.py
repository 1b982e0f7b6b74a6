"""Coming home: a trip over ("back from Maui", "the trip is over"), the way home ahead ("we'll be
back Sunday"), and back at work after a trip.

Coming back from a place completes the trip and never sets that place as the location; only
the user's own return counts ("Dad is coming home" is not the user's trip).
"""

from __future__ import annotations

import re
from datetime import date

from core.extraction.clause import Candidate, Clause
from core.extraction.home_visits import visit_home, without_its_purpose
from core.extraction.places import place_at
from core.extraction.regex_branches import branched
from core.extraction.timewords import WEEKDAYS
from core.extraction.travel_arrived import ARRIVED
from core.extraction.travel_objects import HOME_THEN_BACK
from core.extraction.travel_trips import end_of_day, place_confidence, trip_dates, trip_under_way
from core.extraction.word_gates import gated

_AWHILE = (
    r"(?:(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d+|a\s+few|"
    r"a\s+couple\s+of)\s+(?:days?|weeks?|"
    r"fortnights?|months?|nights?)\b)"
)
"""A while away: "a week", "ten days"... said after "back ... after"."""
_PURPOSE = r"(?:for|over|after)\s+(?:(?!last\b)[a-z0-9']+\s+){0,3}?(?!last\b)[a-z0-9']+"
"""What going home is for, up to four words ("for christmas", "for my mom's birthday",
"after finals"), never a day gone by ("... last friday")."""
HOME_AS_A_WORD_BEFORE = (
    r"(?:loans?|insurance|mortgage|equity|owners?(?:'s)?|office|depot|improvements?|repairs?|"
    r"renovations?|inspections?|security|alarm|network|wi-?fi|internet|broadband|phone|address|"
    r"page|screen|school(?:ing|ed)?|work|care|health|nurse|help|delivery|warranty|appraisal|"
    r"sale|purchase|buyers?|value|tax|bills?|rent|emi|assistant|team|games?|match|gym|cooked|"
    r"made|baked|brew(?:ed)?|country|town|state|page)"
)
"""Nouns "home" names the kind of ("home loan", "home insurance", "home office"): a bill, a
room or a team, never a coming home."""
COMPLETED = branched(
    # (not "working from home from my parents'": "wfh" written out, then where from)
    r"\b(?:back|(?<!from\s)home)\s+from\b|\breturned\s+(?:home|back|from)\b|"
    # "Reached home safely": Indian English for got home.
    r"\b(?:got|came|flew|drove|made\s+it|just\s+got|reached|landed|arrived)\s+(?:back\s+)?(?:home|back)\b|"
    # "we just got in from the airport": home from the journey's last leg.
    r"\b(?:got|came|just\s+got)\s+in\s+from\s+the\s+(?:airport|station|ferry|port)\b|"
    # "back in the office today after my holiday in Spain": at work again, the trip over.
    # "back at work after a week in cabo": or after a while away.
    r"\bback\s+(?:at\s+work|in\s+the\s+office|at\s+my\s+desk|to\s+work)\b[^.;]*?\bafter\s+"
    # ("back at work after 3 days off sick": a while away that was no trip)
    rf"(?:{_AWHILE}\s+(?:in|away|abroad|overseas|on\s+the\s+road|travell?ing)\b|"
    r"(?:my|our|the|a)\s+(?:[\w-]+\s+){0,3}?(?:holiday|vacation|trip|getaway|honeymoon)\b)|"
    # "we're home!" ends a trip; "i'm home w a sick kid today" is a day at home.
    # Said of the speaker ("we are back"), not of a thing ("the results are back").
    r"(?:\b(?:we're|i'm)|(?:^|\b(?:we|i|and\s+i|we\s+all|both\s+of\s+us|all)\s+)(?:are|am))\s+"
    r"(?:(?:finally|safely|all|both|now|just)\s+)*(?:back\s+)?(?:home|back)\b(?!\s+(?:sick|with|w|alone|today|"
    # ("I'm home to Cork for Easter": the way home, still ahead; a sitter's "we're back by
    # 11", "I'm back in an hour": the time of a return still to come; "I'm home all week
    # anyway": a stretch at home, no trip ended)
    r"all\s+(?:day|week|weekend|morning|afternoon|evening|night)|for\s+the\s+day|to|by|before|around|about|after|in\s+(?:an?|\d+|a\s+few|a\s+couple|"
    r"half|ten|twenty|thirty|two|three)\s)\b)|"
    # ("home to cork for xmas": the way home, named, still ahead)
    # ("home insurance renews on the 10th": home naming what a bill is for, no coming home)
    r"^(?:finally\s+|safely\s+|back\s+)*home\b(?!\s+(?:is|base|sick|with|w|to\s+(?!find|see|an?\b|the\b)|"
    rf"alone|today|all|for|by|on|in\s+time|soon|early|late|{HOME_AS_A_WORD_BEFORE})\b)|\bhome\s+again\b|"
    r"\bback\s+on\s+(?:[a-z.]+\s+)?soil\b|"
    # "now we are again at home" (German word order): home once more.
    r"\b(?:we|i)\s+(?:are|am)\s+again\s+(?:at\s+)?home\b(?!\s+(?:sick|with|w|alone)\b)|"
    # "I've been home since Tuesday", "we've been back a week now": home again for a while.
    r"(?:\b(?:i've|we've|i\s+have|we\s+have|ive)\s+|^)(?:only\s+|just\s+)?"
    r"been\s+(?:back\s+)?(?:home|back)\s+(?:since|for|a\s+(?:day|week|fortnight|month))\b|"
    # "touched down, so good to be home", "glad to be back home at last": home, and glad of it.
    r"\b(?:good|great|nice|glad|lovely|happy|weird|strange)\s+to\s+be\s+(?:back\s+)?home\b"
    r"(?!\s+(?:sick|with|w|alone|for\s+the\s+day)\b)|"
    # "back in London after a fortnight in Kenya", "back in the UK after three weeks away"
    r"^(?:(?:finally|just|safely|so)\s+)*back\s+(?:in|to)\s+(?:the\s+)?[a-z]+(?:\s+[a-z]+)?\s+after\s+"
    rf"(?:{_AWHILE}|"
    # "back in Seattle after the Iceland trip", "after our honeymoon": the trip named.
    r"(?:the|our|my|a)\s+(?:[\w-]+\s+){0,3}?(?:holiday|vacation|trip|getaway|honeymoon|hols)\b)|"
    # "great weekend, back in sf since last night", "we've been back in austin since friday":
    # back where one came from since a day, the trip over (not "back in hospital", "back in
    # the office": a ward or a desk again).
    r"(?:^|,\s*|\b(?:i'm|im|we're|i\s+am|we\s+are|(?:i've|we've|ive|i\s+have|we\s+have)\s+been)\s+|^been\s+)"
    r"(?:(?:finally|just|safely|so)\s+)*back\s+in\s+(?!(?:the\s+)?(?:office|hospital|gym|studio|lab|"
    r"ward|bed|school|work|class|action|business|shape|form|training|game|habit|touch)\b)"
    r"[a-z]+(?:\s+[a-z]+)?\s+since\b|"
    # "the trip is over", "vacation's done", "our holiday ended": the trip itself ended.
    # ("trips over": the apostrophe left out)
    # ("vacay over", "hols done": the slang for the holiday)
    r"\b(?:trip|vacation|vacay|hols|holiday|getaway)(?:'s|s(?=\s+over\b)|\s+(?:is|was|has\s+been|has|is\s+now|is\s+officially|"
    r"is\s+finally))?\s+(?:over|done|finished|ended|wrapped\s+up)\b(?!\s+(?:budget|the|by|in|on)\b)"
)
TRIP_ENDED = gated(r"(?:trip|vacation|vacay|hols|holiday|getaway)\b")
"""A completion said of the trip itself ("trip's over"), not of a coming home."""
_SHORT_DAYS = "|".join(d for d in WEEKDAYS if not d.endswith("day"))
# Going home, not yet there: "heading home tomorrow", "we'll be back Sunday", "flying
# back from Maui on the 22nd". With a date it gives the return date, never a place.
HOMEWARD = branched(
    r"\b(?:head|heads|heading|headed|fly|flies|flying|drive|drives|driving|go|going|come|comes|"
    r"coming|get|getting|be|return|returns|returning|leave\s+for|leaving\s+for|sail|sailing|"
    r"travel|traveling|travelling|make\s+it|making\s+it|land|lands|landing|touch\s+down|"
    r"touching\s+down)\s+(?:back\s+)?(?:home|back)\b"
    r"(?!\s+to\s+(?!home\b)[a-z])|\b(?!"
    + HOME_THEN_BACK  # "home to chicago on the 20th, back the 29th": a trip there
    + r")home\s+to\s+(?=[a-z]+(?:\s+[a-z]+)?\s+(?:"
    # "going home to phoenix for spring break on fri", "home to ohio over break tmrw",
    # "flying home to austin for my mom's birthday on friday": what the trip home is for,
    # between the place and its day; "heading home to fresno after finals on the 15th": or
    # when, after what.
    rf"(?:{_PURPOSE}\s+)?"
    r"(?:via\s+[a-z]+\s+)?(?:on\s|the\s+\d|\d|tomorrow|tmrw|tonight|this\s+(?:evening|weekend)|next\s|"
    r"(?:mon|tue|wed|thu|fri|sat|sun))|"
    # "home to cork for xmas", "off home to bath for the weekend": what it is for, and no
    # day (the holiday, if it is one, dates it).
    rf"{_PURPOSE}\s*(?:[,.!;]|$)))|"
    r"\b(?:return|returns|returning)\s+from\b|"
    # "We will return on Saturday", "returning tuesday": a return and its day, nothing returned.
    # "we return the 12th", "I return 3 April", "returning next Monday".
    r"\b(?:return|returning)\s+(?=on\s|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|tomorrow\b|tmrw\b|"
    r"the\s+\d|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|"
    r"next\s+(?:week|mon|tue|wed|thu|fri|sat|sun))|"
    # "returning to Delhi on 15th", "return to Lagos tomorrow": going back where one lives.
    r"\b(?:return|returning)\s+to\s+(?!work\b|the\s+office\b|school\b)[a-z]+(?:\s+[a-z]+)?\s+"
    r"(?=on\s|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|tomorrow\b|tmrw\b|the\s+\d|\d)|"
    # "i'm not back till the 20th", "won't be home until Sunday": back on that day.
    r"(?:(?<=\bnot\s)|(?<=n't\s)|(?<=\bwont\s))(?:be\s+)?(?:back|home)\s+"
    r"(?=(?:till|til|until|before)\s)|"
    # "Expected back on Tuesday.", "expected home friday"
    r"\bexpected\s+(?:back|home)\b|"
    # "due back in London on Thursday": the day one is expected back.
    r"\bdue\s+(?:back|home)\b|"
    # "We are coming back to Munich on 12th", "will be back to Chennai on Saturday": back where
    # one lives, on a day.
    # (not "going back to Manila", "flying back to Rome": back to a place, maybe not home)
    r"\b(?:com(?:e|es|ing)|(?:will|'ll|shall)\s+be)\s+back\s+to\s+"
    r"(?!work\b|the\s+office\b|school\b|reality\b|normal\b)[a-z]+(?:\s+[a-z]+)?\s+"
    r"(?=on\s|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|tomorrow\b|tmrw\b|the\s+\d|\d)|"
    # "our flight home is sunday at 3", "the flight back to Toronto is on Sunday"; "…, back sat"
    # "train back is thursday", "ferry home's on the 10th"
    r"\b(?:flights?|trains?|ferry|bus)\s+(?:home|back)\b|\breturn\s+(?:flights?|train|trip\s+home|"
    r"leg|journey|ferry|bus|drive)\b|"
    # "back stateside on the 21st", "back in portland on the 9th", "home on the 12th", "back
    # home on friday": a day said after where one is back (a bare "home" needs "on": "home
    # by 6" is an evening).
    r"^(?:(?:and\s+)?then\s+|and\s+)?(?:back\s+(?:stateside|home|in\s+town|in\s+[a-z]+(?:\s+[a-z]+)?)|home)\s+"
    r"(?=on\s+(?:the\s+\d|\d|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|(?:jan|feb|mar|apr|may|jun|jul|"
    r"aug|sep|oct|nov|dec)[a-z]*\.?\s+\d))|"
    # "that's a wrap on Tokyo, home tomorrow", "then home Sunday": a bare "home" and the day
    # (not "home tonight", an evening, nor "home by 6").
    r"^(?:(?:and\s+)?then\s+|and\s+)?home\s+(?=(?:tomorrow|tmrw|(?:mon|tue|wed|thu|fri|sat|sun)"
    r"[a-z]*)\b)|"
    # "back in town monday", "back in boston tmrw": the day straight after where.
    # (not "back to reality tomorrow", "back to work monday": the trip's end is not said)
    r"^(?:(?:and\s+)?then\s+|and\s+)?back\s+(?:stateside|in\s+town|(?:in|to)\s+(?!(?:reality|normal|work|school|uni|"
    r"the\s+grind|real\s+life)\b)[a-z]+(?:\s+(?!since\b|as\b|for\b|from\b)[a-z]+)?)\s+"
    r"(?=(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|tomorrow\b|tmrw\b|the\s+\d|on\s+(?:the\s+)?\d)|"
    r"^(?:(?:and\s+)?then\s+|and\s+)?back\s+(?:(?:late|early)\s+)?(?=(?:on|by)\s|[a-z]*day\b|"
    # a weekday cut short ("back thurs", "back tues"): the day-word list, not a pattern
    rf"(?:{_SHORT_DAYS})\b|tomorrow\b|"
    # a month and its day: "Currently: Tokyo, back Mar 20", "back April 2nd"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d|"
    r"tonight\b|next\b|in\s+\d|\d|the\s+\d|"  # "then back the 13th"
    # "set off for porto, back in a week": the stretch away in words (not "back in a bit").
    r"in\s+(?:a|an|one|two|three|four|five|six|seven|ten|a\s+few|a\s+couple(?:\s+of)?)\s+"
    r"(?:days?|nights?|weeks?|fortnight)\b)"
)
# After "back"/"home", the place one is back in: "back in Portland", "got back to Denver",
# "back home in Seattle" (never "back from Maui": that is where the trip was).
_BACK_IN = gated(r"\b(?:back|home)(?:\s+(?:home|again|safely|here))*,?\s+(?:in|to|at)\s+")
_SELF = frozenset(
    [
        "i",
        "we",
        "my",
        "our",
        "i'm",
        "we're",
        "i've",
        "we've",
        "are",
        "am",
        "have",
        "has",
        "just",
        "finally",
        "all",
        "both",
        "safely",
        "now",
        "so",
        "and",
        "home",
        "back",
        "again",
        "got",
        "get",
        "came",
        "come",
        "flew",
        "fly",
        "drove",
        "drive",
        "made",
        "it",
        "will",
        "'ll",
        "be",
        "should",
        "we'll",
        "i'll",
        "gonna",
        "when",
        "once",
        "after",
        "as",
        "soon",
        "going",
        "to",
        # "we won't be back till tuesday", "I'm not home until the 20th"
        "won't",
        "wont",
        "not",
        "off",  # "off home to cork for the weekend"
        "had",  # "had to cut the trip short"
        "up",  # "ended up cutting the vacation short"
        "yeah",  # "so yeah we cut the honeymoon short"
    ]
)
_WORD = gated(r"[a-z][a-z']*")
PAST = gated(r"(?:got|came|flew|drove|made\s+it|just\s+got|returned|reached)\b")
_STAY = gated(
    r"\bfor\s+(?:the|a|an|another|one|two|three|four|five|six|seven|ten|\d+|a\s+few|a\s+couple"
    r"(?:\s+of)?)\s+(?:more\s+)?(?:weekend|week|weeks|days?|nights?|holidays|summer|month|winter|season|"
    r"spring|autumn|fall)\b"
)


_WEEKDAYS = frozenset(
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "the"]
)


_LEANING_ON = gated(
    r"\W*(?:(?:so|and|oh|ok|okay|well|but|yeah)\W+)*(?:i\s+)?(?:reckon|think|believe|guess|"
    r"(?:i'm|im|i\s+am)?\s*(?:pretty|fairly|quite)\s+sure|i'm\s+sure)(?:\s+that)?\s+"
)
"""The writer leaning one way before their own words ("I reckon we'll be back friday",
"pretty sure I'll be home sunday"): the plan is still theirs, said with less certainty
(the clause's intent lowers its confidence); not "I doubt", not "not sure if"."""


def user_is_subject(clause: Clause, end: int) -> bool:
    """Whether the words before ``end`` leave the user as the subject ("we're back",
    "back in", "tomorrow we head home"), not someone else ("Dad is coming home")."""
    spans = [(t.start, t.end) for t in clause.times]

    def own_from(start: int) -> bool:
        return all(
            w.group() in _SELF
            or w.group() in _WEEKDAYS  # "wednesday the 11th fly home": a list's day heading
            or w.group().endswith(("ed", "ing"))
            or any(a <= w.start() < b for a, b in spans)
            for w in _WORD.finditer(clause.low, start, end)
        )

    if own_from(0):
        return True
    lean = _LEANING_ON.match(clause.low, 0, end)
    if lean is not None and own_from(lean.end()):
        return True  # "I reckon we'll be back friday": the writer's plan, leaning (asked)
    # "cut the trip short, flying home tomorrow": the subject left out before the comma and
    # after it is the speaker's ("I'll be away from the 16th, returning on the 23rd" is read
    # as the trip it ends).
    comma = clause.low.rfind(",", 0, end)
    before = {w.group() for w in _WORD.finditer(clause.low, 0, max(comma, 0))}
    return comma > 0 and before.isdisjoint(_SELF) and own_from(comma + 1)


def back_from_trip(clause: Clause, done: re.Match[str]) -> list[Candidate]:
    """The trip is over. "back in Portland" and "landed in Portland, trip's over" also
    say where the user is now, unless they are back somewhere for a while ("back in
    Tahoe for the weekend" is a trip); "back from Maui" names where the trip was."""
    low = clause.low
    place = None
    for rx in (_BACK_IN, ARRIVED):
        m = rx.search(low)
        if m is not None and user_is_subject(clause, min(m.start(), done.start())):
            place = place_at(clause.text, m.end())
            if place is not None:
                break
    if place is None:
        return [Candidate("travel.status", "completed", 0.95, "assertive")]
    _, ret = trip_dates(clause)
    if _STAY.search(low) or ret is not None:
        return trip_under_way(clause, place)
    conf = place_confidence(place)
    return [
        Candidate("travel.status", "completed", 0.95, "assertive"),
        Candidate("travel.location", place.name, conf, "assertive"),
    ]


_UNDER_WAY = gated(
    r"\b(?:on\s+(?:our|my|the)\s+way|en\s+route|heading|headed|driving|flying|making\s+"
    r"(?:our|my)\s+way|on\s+the\s+road|"
    # "I'm on the train back from Manchester": aboard the way home
    r"on\s+(?:the|my|our|a|an)\s+(?:\d{1,2}[:.]?\d\d\s+|late\s+|last\s+|early\s+|night\s+|"
    r"overnight\s+)?(?:train|bus|coach|flight|plane|ferry|boat|red-?eye|shuttle))\s+(?:back\s+)?$"
)
"""Words right before "home from"/"back from" that say the way home is under way, not
over: "on our way home from tahoe", "driving back from the lake"."""


def homeward_now(clause: Clause, done: re.Match[str]) -> list[Candidate] | None:
    """On the way home now ("we're on our way home from tahoe", "driving back from Reno
    today"): the trip ends today, and the traveller is not home yet, so it is the day the
    trip comes back, never a trip over. None when the words say the way home is behind."""
    m = _UNDER_WAY.search(clause.low, 0, done.start())
    if m is None or not user_is_subject(clause, m.start()):
        return None  # "dad is driving home from tahoe": his way home
    today = clause.at.date()
    day = next((t.day for t in clause.times if not t.past and t.day >= today), today)
    return [Candidate("travel.return_date", day.isoformat(), 0.9, "assertive")]


_OFF_SICK = gated(
    r"\b(?:out|off|home|in\s+bed|stuck\s+home)\s+(?:(?:with\s+a\s+|w\s+a\s+)?\w+\s+)?sick\b|"
    r"\bsick\s+(?:today|day|again)\b|\bcalled?\s+in\s+sick\b|\boff\s+work\b|\bsick\s+leave\b"
)
"""A day off sick or off work said before "back tomorrow": back at work, not from a trip."""
_TRIP_WORDS = gated(
    r"\b(?:trip|vacation|vacay|holiday|hols|flight|fly|flying|flew|drive|driving|drove|"
    r"travel\w*|abroad|visiting|cruise|airport)\b"
)


_BARE_BACK = re.compile(
    r"\W*(?:(?:and|but|so|should|hopefully)\s+)*(?:(?:i'?ll|i\s+will|will|i'?m|im|i\s+am|"
    r"we'?ll|hope\s+to|hoping\s+to|should)\s+)?(?:be\s+)?"
)
"""Nothing before "back" but who and when: "back tomorrow", "i'll be back monday"."""


def back_after_a_day_off(clause: Clause, said_at: int) -> bool:
    """Whether the "back" at ``said_at`` follows a day off sick or off work in the same
    message ("out sick today, back tomorrow", "off work w a cold, back monday"), with no
    trip told in it: the speaker is back at work or school then, home all along."""
    bare = _BARE_BACK.fullmatch(clause.low[:said_at]) and re.match(
        r"back\b(?!\s+(?:home|from|to|in)\b)", clause.low[said_at:]
    )
    if not bare:
        return False  # "heading home tomorrow", "flying back friday": a way home told
    if clause.start_in_message >= 0 and clause.message:
        before = clause.message[: clause.start_in_message + said_at].lower()
        whole = clause.message.lower()
    else:
        before, whole = clause.low[:said_at], clause.low
    return _OFF_SICK.search(before) is not None and _TRIP_WORDS.search(whole) is None


def return_plan(clause: Clause, said_at: int = 0) -> list[Candidate]:
    """The day the user comes home, when the clause gives one: the first said after the
    way home at ``said_at`` ("off thursday, home again on the 8th" is back on the 8th), or
    else the one before it ("sunday we'll be home"); nothing after a day off sick
    (``back_after_a_day_off``)."""
    if back_after_a_day_off(clause, said_at):
        return []
    home = HOME_TO.search(clause.low)
    place = place_at(clause.text, home.end(), headed=True) if home else None
    if place is not None:
        visit = visit_home(clause, place)
        if visit is not None:
            return visit  # "train home to leeds on the 13th, back on the 16th": a trip there
        clause = without_its_purpose(clause, place)  # "for christmas on the 20th": the 20th
    days = [t for t in clause.times if not t.past and t.prep != "since"]
    later = [t for t in days if t.start >= said_at]
    day = (later or days)[0].day if days else None
    if day is None and place is not None and not clause.times:
        # "heading home to bath for the bank holiday": home named, the day not said.
        return [Candidate("travel.destination", place.name, place_confidence(place), "planning")]
    if day is None or day < clause.at.date():
        return []
    until = end_of_day(day, clause.at)
    back = [Candidate("travel.return_date", day.isoformat(), 0.9, None, until)]
    if (m := HOME_TO.search(clause.low)) and (place := place_at(clause.text, m.end(), headed=True)):
        # "flying home to phoenix tonight": home is named, and it is where the user goes.
        back.append(Candidate("travel.destination", place.name, place_confidence(place)))
    return back


HOME_TO = gated(r"\bhome\s+to\s+(?!(?:see|visit|help|check|be|look|take|get|pick)\b)")
"""The way home with home named: "flying home to phoenix", "train home to sacramento"
(not "home to see mum", a purpose)."""


RETURN_GATE = frozenset(
    [
        "home",
        "back",
        "return",
        "returns",
        "returning",
        "returned",
        "trip",
        "trip's",
        "vacation",
        "vacation's",
        "holiday",
        "holiday's",
        "getaway",
        "vacay",
        "vacay's",
        "hols",
        "airport",  # "we just got in from the airport"
    ]
)


_BACK_AT_WORK = gated(
    r"\bback\s+(?:in\s+(?:the|my)\s+office|at\s+(?:work|my\s+desk|the\s+office)|to\s+work|"
    r"in\s+the\s+office)\b|"
    # "I return to the office on 16 March", "returning to work on the 9th": the same day said
    # with the verb of coming back.
    r"\breturn(?:s|ing)?\s+to\s+(?:the\s+office|work|my\s+desk|duty)\b"
)


def back_at_work_day(clause: Clause) -> date | None:
    """The day the speaker is back at work, said after being away on a trip ("I am in
    Berlin for meetings and will be back in the office on Thursday"): the trip's end."""
    m = _BACK_AT_WORK.search(clause.low)
    if m is None or clause.intent not in ("planning", "assertive"):
        return None
    days = [t.day for t in clause.times if not t.past and t.day > clause.at.date()]
    return days[0] if days else None
