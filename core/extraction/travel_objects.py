"""What a travel verb is about: a trip or a place, or only an errand, idiom or habit.

"Got back from", "going to" and "not going" are travel words only when what they
move to, return from or call off is a place one travels to or a trip; "back from the
grocery store", "not going to go the extra mile" and "I love going to the beach" use
the same verbs about everyday life. So is being "at" a place: "at costco in burbank", "at
the dentist", "at st marys now" is an hour in one's own area (``local_stop``,
``out_at_a_stop``), not a stay there.
"""

from __future__ import annotations

import re

from core.extraction.clause import Clause
from core.extraction.intent_tense import SCHOOLS
from core.extraction.organisations import is_known_organisation
from core.extraction.places import Place, place_at
from core.extraction.word_gates import gated

NOT_A_SCHOOL_TRIP = r"(?<!field\s)(?<!school\s)(?<!class\s)"
"""Put before "trip" in a pattern: a field, school or class trip is the children's event
(``rules_family``), never the user's trip."""

# Where errands happen, not trips: "back from the grocery store", "going to the gym",
# "not going to the office", "home from work".
_ERRAND = gated(
    r"(?:(?:the|my|our|a|his|her|their)\s+)?(?:[\w'-]+\s+){0,2}?(?:store|shop|shops|market|"
    r"supermarket|grocer(?:y|ies)|mall|gym|office|work|school|class|college|campus|doctor|"
    r"doctor's|doctors|dentist|dentist's|hospital|clinic|vet|pharmacy|bank|post\s+office|"
    # Care one takes someone to: "we're back at urgent care", "back from A&E".
    r"urgent\s+care|a\s*&\s*e|er|emergency\s+room|walk-?in|surgery|gp|"
    r"movies|cinema|theater|theatre|bed|party|meeting|appointment|practice|game|match|finals|"
    r"stadium|concert|church|library|job|errands?|run|walk|lunch|dinner|breakfast|bar|pub|"
    r"restaurant|cafe|salon|barber|daycare|park|pool|beach|lake)\b"
    r"(?!\s+(?:trip|vacation|holiday|getaway|travel))"  # "back from the work trip"
)
# Likes and habits are not plans: "I love going to the beach", "we usually go to Chicago".
_HABIT = gated(
    r"\b(?:love|loves|like|likes|enjoy|enjoys|hate|hates|prefer|prefers|adore|adores)\s+"
    r"(?:going|traveling|travelling|flying|visiting|driving|to\s+(?:go|travel|visit|fly))\b|"
    r"\b(?:usually|always|often|normally|typically|generally|sometimes|rarely|seldom|never)\s+"
    r"(?:go|goes|travel|travels|fly|flies|visit|visits|head|heads|drive|drives)\b|"
    # "I'm going to school in Boston", "went to uni in Leeds": attending, no trip.
    rf"\b(?:go|goes|going|went)\s+to\s+{SCHOOLS}\s+(?:in|at)\b"
)
# An inability is no plan: "I can't go to Austin next week", "we won't be able to fly to
# Denver", "we can't afford to go to Hawaii" (not "can't wait to go": that is eager).
_CANNOT_GO = gated(
    r"\b(?:can't|cannot|can\s+not|unable\s+to|(?:won't|will\s+not)\s+be\s+able\s+to|"
    r"won't|will\s+not)\s+(?:be\s+able\s+to\s+)?(?:afford\s+to\s+|really\s+|even\s+)?"
    r"(?:go|fly|drive|travel|head|visit|make\s+it|get\s+away|"
    # "unable to attend the workshop in Paris" (not "abroad … and so unable to attend")
    r"(?:attend|join|speak\s+at|present\s+at)(?=\s+(?:the|a|an|my|our|this|that)\s))\b|"
    # "not going home for break this year", "we're not flying home for easter": no way home.
    r"(?:\bnot|n't|\bnever)\s+(?:going|flying|driving|heading|coming|travell?ing)\s+(?:back\s+)?home\b"
)
# What a negated move is about: "not going to Denver", "never made it to Yosemite",
# "not going to go to Paris"; and a bare "we didn't go after all".
_MOVE_VERB = gated(
    r"\s*(?:(?:go|fly|travel|drive|head|visit|make\s+it|end\s+up\s+going)\s+)?(?:out\s+|back\s+|"
    r"over\s+|down\s+|up\s+)?(?:to|for|on|in|into)?\s*"
)
_BARE_END = gated(
    # "so we're not flying out": flying out, with nowhere after it, is the trip
    r"(?:(?<=flying)\s+out|(?<=\bfly)\s+out)?"
    r"\s*(?:after\s+all|anymore|any\s*more|either|this\s+time)?\s*[.!]*$"
)
_TRIP_WORD = gated(
    r"(?:(?:the|our|my|a|that)\s+)?(?:[\w'-]+\s+){0,2}?(?:trip|vacation|holiday|getaway|"
    r"flight|cruise|honeymoon)\b"
)
_EVENT_IN = gated(r"(?:the|a|an|our|my|that|this)\s+(?:[\w'-]+\s+){0,3}?in\s+")
"""What a negated move was to, then where it is: "the meetup in", "my cousin's wedding in"."""
_ARTICLE = gated(r"(?:the|our|my|that|this)\s+")
_EVENT_AFTER = gated(
    r"\s+(?:[\w'-]+\s+)?(?:meeting|conference|workshop|summit|retreat|offsite|off-site|"
    r"symposium|congress|seminar|wedding|reunion|festival|expo|convention|meetup)s?\b"
)
"""An event named by the town it is in: "the Rome meeting", "the Lisbon PC meeting"."""
_OUTING_CALLED_OFF = gated(
    r"(?:the|our|my|that)\s+(?:[\w'-]+\s+){0,2}?(?:lake|beach|coast|shore|mountains|cabin|"
    r"cottage|lake\s+house|beach\s+house|conference|festival|retreat|summit|expo|convention|"
    r"wedding|reunion)\b[^.;!?,]{0,20}?\b(?:anymore|any\s*more|after\s+all)\b"
)
"""An outing or an event out of town given up: "we're not going to the lake anymore", "not
going to the design conference after all" (a habit at the lake, "we never go to the lake",
has no "anymore"; "not going to the gym anymore" is no trip)."""
_GETAWAY_AFTER = gated(
    r"\s*(?:to\s+|up\s+to\s+|down\s+to\s+)?(?:the|our|my)\s+(?:[\w'-]+\s+){0,2}?(?:lake|beach|"
    r"coast|shore|mountains|cabin|cottage|lake\s+house|beach\s+house|seaside)\b"
)
"""A getaway named by its kind after a move that never ended up happening."""
_LEAD = gated(r"\s*(?:from|to|at)?\s*")
_IN_PLACE = gated(r"\s+(?:in|on|near)\s+")


def errand_after(low: str, pos: int) -> bool:
    """Whether the words at ``pos`` ("from the grocery store", "to work") name an
    errand place rather than a trip or a place one travels to."""
    lead = _LEAD.match(low, pos)
    errand = _ERRAND.match(low, lead.end() if lead else pos) or _business(
        low, lead.end() if lead else pos
    )
    if errand is None:
        return _doing_an_errand(low, lead.end() if lead else pos)
    # "back from the beach in Tulum" is a trip after all.
    there = _IN_PLACE.match(low, errand.end())
    return there is None or place_at(low, there.end()) is None


_GERUND_ERRAND = gated(
    r"(?!(?:skiing|hiking|camping|travell?ing|backpacking|sailing|cruising|visiting|touring|"
    r"interrailing|surfing|trekking|climbing)\b)[a-z]{3,}ing\s+(?:up\s+|off\s+|out\s+)?"
    r"(?:the|my|our|a|an|his|her|their|some|to)\b(?P<rest>[^.;!?,]{0,40})"
)


def _doing_an_errand(low: str, pos: int) -> bool:
    """ "back from dropping the guests at the station", "home from picking up the kids":
    coming back from doing something nearby is an errand (not "back from skiing", nor
    "back from seeing my sister in Leeds": a town after it makes it a trip)."""
    m = _GERUND_ERRAND.match(low, pos)
    if m is None:
        return False
    there = re.search(r"\b(?:in|to)\s+", m.group("rest"))
    return there is None or place_at(low, m.start("rest") + there.end()) is None


_AWAITED = gated(
    r"\b(?:till|til|until|untill|when|whenever|once|as\s+soon\s+as|before|by\s+the\s+time)\s+"
    r"(?:(?:we|i|im|you|they|he|she|the\s+kids|everyone)\s*"
    r"(?:'re|'m|'s|are|am|is|get|gets|come|comes|make\s+it|arrive|arrives)?\s*)?"
    r"(?:back\s+)?$"
)
"""A coming home still awaited: "the amazon return can wait till we are home", "we can talk
when we get back", "call me once i'm home". The present tense after "till", "when" or
"once" is a time to come, so the words after it are no news that the trip is over."""


_PAST_COMING = gated(r"(?:got|came|were|was|arrived|made|flew|drove|landed|returned)\b")


def awaited(low: str, pos: int) -> bool:
    """Whether the coming back or home at ``pos`` is one still waited for (the clause
    before it ends "till we are", "when i get", "once we're"); "when we got home" is
    past, a story of the trip's end."""
    return _AWAITED.search(low, 0, pos) is not None and not _PAST_COMING.match(low, pos)


_NAME_WORDS = gated(r"(?:the\s+)?([\w'&-]+(?:\s+[\w'&-]+){0,2})")


def _business(low: str, pos: int) -> re.Match[str] | None:
    """A known business named at ``pos`` ("back from costco", "just got back from
    target"): one shops there, one does not travel there. The longest name wins
    ("trader joe's" before "trader")."""
    m = _NAME_WORDS.match(low, pos)
    if m is None:
        return None
    words = m.group(1).split()
    for n in range(len(words), 0, -1):
        if is_known_organisation(" ".join(words[:n])):
            return re.compile(r"(?:the\s+)?" + r"\s+".join(map(re.escape, words[:n]))).match(
                low, pos
            )
    return None


def trip_negated(clause: Clause, m: re.Match[str]) -> bool:
    """A negated move ("not going", "never made it") cancels a trip only when what
    follows is a place or a trip, or nothing at all ("we didn't go after all")."""
    rest = _MOVE_VERB.match(clause.low, m.end())
    pos = rest.end() if rest else m.end()
    if _BARE_END.match(clause.low, m.end()):
        return True
    if _TRIP_WORD.match(clause.low, pos):
        return True
    event = _EVENT_IN.match(clause.low, pos)
    there = place_at(clause.text, event.end()) if event else None
    if there is not None and there.known:
        return True  # "not going to the meetup in austin anymore": the trip there is off
    if _OUTING_CALLED_OFF.match(clause.low, pos):
        return True
    article = _ARTICLE.match(clause.low, pos)
    named = place_at(clause.text, article.end()) if article else None
    if named is not None and named.known and _EVENT_AFTER.match(clause.low, named.end):
        return True  # "didn't go to the Rome meeting in the end": the event there, missed
    if "end" in m.group() and _GETAWAY_AFTER.match(clause.low, pos):
        return True  # "we didn't end up going to the coast": the getaway never happened
    return not errand_after(clause.low, pos) and place_at(clause.text, pos) is not None


def cannot_go(low: str) -> bool:
    """A going one cannot or will not do ("i cant make it to chicago"): no trip planned."""
    return _CANNOT_GO.search(low) is not None


def is_habit(low: str) -> bool:
    """A like or a habit ("love going to", "usually go to"): no plan, no trip."""
    return _HABIT.search(low) is not None


_ANYONES_WAY = gated(
    r"^(?:(?:imo|tbh|honestly|fwiw|btw)\W+)?(?:the\s+)?(?:\w+est|best|worst|only|ideal|right|"
    r"easiest|most\s+\w+)\s+(?:time|times|way|ways|month|season|route|day|place|places)\s+to\s+"
    r"[a-z]+\b[^,;.!?]*?\s(?:is|are|'s)\b"
)
"""Advice said of anyone ("the best time to visit Iceland is September", "the cheapest
way to fly to Denver is via Chicago", "the only place to eat in town is the diner"): the
infinitive names nobody's trip, and the clause rates the world, not the writer's now."""


def anyones_way(low: str) -> bool:
    """A way or a time to travel, judged for anyone: no plan, no trip."""
    return _ANYONES_WAY.match(low) is not None


_ERRAND_STOP = gated(
    # Not a bare "school" or "college" ("back at school in boston": a student's term there).
    r"(?!(?:school|college|uni|university)\b)"
    r"(?:(?:the|my|our|a|an|his|her|their|this|that)\s+)?(?:[\w'-]+\s+){0,2}?(?:store|shop|"
    r"market|supermarket|grocer(?:y|ies|s)|gym|doctor|doctor's|doctors|dentist|dentist's|"
    r"dentists|orthodontist|optician|opticians|hospital|clinic|vet|vets|vet's|pharmacy|chemist|"
    r"bank|post\s+office|urgent\s+care|a\s*&\s*e|er|emergency\s+room|walk-?in|surgery|gp|"
    r"salon|barber|barbers|hairdresser|hairdressers|daycare|nursery|school|library|dmv|"
    r"wholesaler|wholesalers|garage|mechanic|mechanics|car\s+wash|laundromat|launderette|"
    r"dry\s+cleaners?|petrol\s+station|gas\s+station|drive-?thru)\b"
    r"(?:\s+for\s+(?:pick\s*-?up|drop\s*-?off|a\s+[a-z]+|the\s+[a-z]+|my\s+[a-z]+))?"
)
"""Where one stops on an everyday errand in one's own area: a shop, the dentist, the DMV,
the kids' school at pickup (not a beach, a lake, a park or a mall, where an outing may
be, nor a hotel or someone's home, which is where a stay is)."""
_LODGING_NAMED = gated(
    r"(?:[\w'&-]+\s+){0,3}?(?:hotel|motel|hostel|airbnb|air\s+bnb|bnb|b&b|resort|lodge|inn|"
    r"guesthouse|campsite)\b"
)
"""Where a stay sleeps ("the airbnb in Oaxaca", "the hotel shop"): no errand stop."""


def _stop_at(low: str, pos: int) -> re.Match[str] | None:
    """The errand stop named at ``pos`` ("costco", "the dentist"), if any."""
    if _LODGING_NAMED.match(low, pos):
        return None
    return _ERRAND_STOP.match(low, pos) or _business(low, pos)


_TOWN_AFTER = gated(r"\s*,?\s*(?:in|on|near|off|by|over\s+in|down\s+in|up\s+in|out\s+in)\s+")


_SAINT = gated(r"(?:st\.?|saint)\s+[a-z]+(?:'?s)?\b")
"""A saint's name: "at st marys", "at St Thomas'" is a hospital, a school or a church far more
often than the town of that name, which one is "in"."""


def local_stop(low: str, pos: int, place: Place) -> bool:
    """Whether "at" before ``pos`` names a stop in one's own area rather than where a stay
    is: an errand stop with its town after it ("costco in burbank", "the dentist in
    pasadena", "the kids school in glendale": being there for an hour is no trip, so the
    town is the shop's), or a saint's name ("at st marys now": the hospital, not St.
    Marys the town). A stay measured in days after it ("for the week") is a stay there."""
    if not low[:pos].rstrip().endswith(("at", "@")) or stays_days(low, place.end):
        return False
    saint = _SAINT.match(low, pos)
    if saint is not None and place.end <= saint.end() + 1:
        return True
    stop = _stop_at(low, pos)
    return stop is not None and _TOWN_AFTER.match(low, stop.end()) is not None


_STAY_OF_DAYS = gated(
    r"\b(?:for\s+(?:the|a|an|one|two|three|four|five|six|seven|ten|\d+|a\s+few|a\s+couple\s+of"
    r"|couple\s+of|several)?\s*(?:days?|nights?|weeks?|weekend|month|fortnight)|all\s+week|"
    r"this\s+week|overnight|(?:till|until|til|thru|through)\s+(?!\d|noon|lunch|close|closing))"
)
"""A stay measured in days ("for the week", "till sunday"): longer than an errand, so the
town it is in is where the stay is ("at the hospital in leeds with dad till friday")."""


def stays_days(low: str, pos: int) -> bool:
    """Whether the words from ``pos`` on measure a stay in days."""
    return _STAY_OF_DAYS.search(low, pos) is not None


_OUT_AT = gated(r"^(?:me\s+)?(?:(?:still|now|just|currently|finally)\s+)?(?:at|@)\s*")
"""A verbless "at", its "I'm" left out, or a learner's "me at" for it."""
_REST_OF_STOP = gated(
    r"(?:\s+(?:in|on|near|off|by)\s+[a-z'.-]+(?:\s+[a-z'.-]+){0,2}?)?"
    r"(?:\s+for\s+(?:the\s+)?(?:pick\s*-?ups?|drop\s*-?offs?|school\s+run|[a-z]+\s+appointment))?"
    r"(?:\s+with\s+(?:my\s+|the\s+|our\s+)?[a-z]+)?"
    r"(?:\s+(?:now|rn|right\s+now|atm|again|already|still))?\s*(?:[,!.?]|$)"
)


def out_at_a_stop(low: str) -> bool:
    """A verbless "at costco", "at target rn", "at the kids school for pickup", "at trader
    joes in glendale": where the speaker is this hour, the "I'm" left out (a shop's name
    needs no "the", so ``WHEREABOUTS`` does not see it)."""
    lead = _OUT_AT.match(low)
    if lead is None:
        return False
    stop = _stop_at(low, lead.end()) or _SAINT.match(low, lead.end())
    return stop is not None and _REST_OF_STOP.match(low, stop.end()) is not None


HOME_THEN_BACK = (
    r"home\s+(?=to\s+[a-z][^.;!?]*,\s*(?:and\s+)?(?:then\s+)?"
    r"(?:back|returning|fly(?:ing)?\s+back|coming\s+back)\b)"
)
"""A going "home to" a place with a return said after it: "flying home to chicago on the
20th, back the 29th" is a trip there from where the user lives (a student's or a grown
child's family home), leaving the first day and back the second, not the way home."""
