"""Profile fields: home city, employer, diet (``profile_diet``), name (``profile_name``) and
timezone.

Both chat ("I just moved to Austin", "call me Alex") and "Key: value" lines of a
Markdown profile ("Home city: Portland") land here.
"""

from __future__ import annotations

from core.extraction import gazetteer
from core.extraction.clause import Candidate, Clause
from core.extraction.firm_left import QUIT as _QUIT
from core.extraction.first_names import is_common_first_name
from core.extraction.home_demonyms import GATE as _DEMONYM_GATE
from core.extraction.home_demonyms import demonym_home
from core.extraction.home_described import GATE as _DESCRIBED_GATE
from core.extraction.home_described import NEW_HOME_OPENS, home_described
from core.extraction.home_is import HOME_IS, named_as_typed
from core.extraction.home_words import GATE as _HOME_GATE
from core.extraction.home_words import HOME_SAID
from core.extraction.organisations import organisation_at
from core.extraction.places import Place, place_at
from core.extraction.profile_after import LIVE as _LIVE
from core.extraction.profile_after import NOW_AT, job_after_quit, next_employer, now_living
from core.extraction.profile_diet import diet_candidates
from core.extraction.profile_employer import COUNTED_DAYS, JOB_HELD, employer_in
from core.extraction.profile_employer import GATE as _JOB_GATE
from core.extraction.profile_name import name_candidates
from core.extraction.regex_branches import branched
from core.extraction.timezones import CLOCK_HERE, spoken_timezone
from core.extraction.timezones import GATE_WORDS as _ZONE_WORDS
from core.extraction.types import ObservationIntent
from core.extraction.word_gates import gated

# "live" as people type it: the verb, "reside", and the usual slips ("i liv in dallas").
_NO_BAG = r"(?!\s+(?:a|an|my|our|the)\s+(?:backpack|rucksack|suitcase|van|camper(?:van)?|car|bag|holdall))"
"""Not "living out of a backpack in Chiang Mai": a traveller's luggage, not a home."""
_HOME = branched(
    r"\b(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+|officially\s+|now\s+)?"
    # "we have moved house to Leeds", "we moved our family to Ohio": what moved, then where.
    # Indian English "shifted" is moved: "I shifted to Gurgaon last month".
    # A learner's present for the move, dated in the past: "we move to Toronto last month".
    r"(?:moved|relocated|shifted|move(?=\s+to\s+[^,;.!?]{1,30}?\b(?:last\s+(?:week|month|year)|"
    r"ago|in\s+(?:january|february|march|april|may|june|july|august|september|october|november|"
    r"december))\b))\s+(?:(?:house|home|flats?|apartments|countries|states|cities|"
    r"(?:our|my)\s+(?:family|whole\s+family|stuff|things|base|home\s+base|life|whole\s+life|"
    r"lives|everything))\s+)?"
    # "we moved from Houston to Tucson": where from sits before where to.
    # "we moved out to Hobart", "moved down to Brighton": the way one looks at the map.
    # "moved back home to Cork": back where the speaker is from.
    r"(?:(?:all\s+the\s+way\s+)?from\s+[a-z][a-z .'-]{1,30}?\s+)?(?:back\s+)?(?:home\s+(?=to\b))?"
    # ("moved over to Teams", "moved up to Manager" switch a tool or a rank, not a home)
    r"(?:(?:out|down|back\s+out|back\s+down)\s+)?to\s+|"
    # "we've moved into a flat in Leeds": the new home, then its place, when the move is
    # recent (a move in a story, "the year we moved into our house in X", is not now).
    r"\b(?:i|we)(?:(?:'ve|\s+have)\s+(?:just\s+|recently\s+|finally\s+|officially\s+|now\s+)?|"
    r"\s+(?:just|recently|finally|officially)\s+|"
    # "we're all moved in to the new place in Leeds": the move done, said as a state.
    r"(?:'m|'re|\s+am|\s+are)\s+(?:(?:all|finally|now|officially|fully)\s+)*(?=moved\s+in)|"
    # "last weekend", "on Saturday", "over the weekend": lately, whichever day is named.
    r"(?=\s+moved\s+[^,;.!?]{1,50}?\b(?:last\s+(?:week(?:end)?|month|(?:mon|tues|wednes|thurs|fri|"
    r"satur|sun)day)|this\s+(?:week(?:end)?|month)|over\s+the\s+weekend|on\s+(?:mon|tues|wednes|"
    r"thurs|fri|satur|sun)day|yesterday|today|(?:\d+|a|two|three|few)\s+(?:days|weeks?)\s+ago)\b)"
    r"\s+)"
    r"moved\s+in(?:to|\s+to|\s+at)?\s+(?:(?:sheltered|supported|retirement|council|social)\s+(?:housing|flat|home)\s+|"
    r"(?:a|an|our|my|the)\s+(?:[a-z]+\s+){0,2}?(?:flat|apartment|apt|"
    r"house|home|place|condo|cottage|studio|townhouse|bungalow)\s+)?in\s+|"
    # The keys to the new home, or the move there, done: "finally got the keys to our place
    # in Sacramento", "three weeks since the move to Halifax", "we made the move to Lisbon".
    r"\b(?:got|picked\s+up|collected|have)\s+(?:the\s+)?keys\s+(?:to|for)\s+(?:our|my)\s+"
    r"(?:new\s+)?(?:place|house|flat|apartment|apt|home|condo)\s+in\s+|"
    r"\b(?:since|made|after)\s+(?:the|our|my)\s+(?:big\s+)?move\s+(?:(?:up|down|over|out)\s+)?to\s+|"
    # "these days I'm in Raleigh", "I'm in Boston these days": a lasting state, the home.
    # ("these days I'm down in Falmouth": the way one looks at the map, as with a move)
    r"\b(?:these\s+days|nowadays),?\s+(?:i'm|i\s+am|we're|we\s+are|im)\s+"
    r"(?:(?:down|up|over|out|back)\s+)?(?:in|out\s+of)\s+|"
    r"\b(?:i'm|i\s+am|we're|we\s+are|im)\s+(?:(?:down|up|over|out|back)\s+)?(?:in|out\s+of)\s+"
    r"(?=[^,;.!?]{1,30}?\b(?:these\s+days|nowadays)\b)|"
    # "we're finally settled in our new home in Raleigh"
    r"\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:now\s+|finally\s+|all\s+)?settled\s+in\s+"
    r"(?:(?:our|my|a|the)\s+(?:new\s+)?(?:home|house|place|apartment|flat)\s+in\s+)?|"
    # "me and my wife (we) live in Toronto": the speaker among the subject, with a finite verb.
    r"(?:^|(?<=[.!?]\s))me\s+and\s+(?:my|the)\s+\w+\s+(?:we\s+)?(?:live|have\s+lived)\s+"
    r"(?:here\s+|now\s+)?in\s+|"
    r"\b(?:i|we)(?:'ve|\s+have)?\s+(?:been\s+)?"
    r"(?:now\s+|currently\s+|still\s+|also\s+|officially\s+|finally\s+|permanently\s+|"
    r"actually\s+)?"
    rf"(?:{_LIVE})\s+(?:here\s+|there\s+|now\s+)?"
    # "we live just outside Bristol", "i live right outside of denver", "just north of Austin"
    r"(?:(?:just|right|a\s+bit|a\s+little|about\s+an\s+hour|an\s+hour|\d+\s+(?:miles|mins|"
    r"minutes|km))\s+)?"
    r"(?:in|near|outside(?:\s+of)?|(?:north|south|east|west)\s+of)\s+|"
    # A status line without its subject: "living in Austin now", "based in Dublin these days".
    # Not the gerund as a subject ("Living in London in my twenties taught me a lot").
    rf"^(?:now\s+|currently\s+|still\s+)?(?:(?:have\s+|'ve\s+)?been\s+)?(?:living|livin|based|residing)\s+(?:in|out\s+of{_NO_BAG})\s+"
    r"(?![^,;.!?]*\b(?:was|were|is|are|has|had|have|taught|made|gave|meant|felt|seemed|became|"
    r"got|cost|costs|changed|helped|showed|did|does|will|would|can|could)\b)"
    # Nor a stay: "now living in denver for work this week".
    r"(?![^.;]*\b(?:this\s+week|for\s+(?:work|now|the\s+(?:week|month|summer))|temporarily)\b)|"
    r"\b(?:i'm|i\s+am|we're|we\s+are|im)(?:\s*,[^,]{1,25},)?\s+(?:(?:now|currently|still|"
    r"officially|permanently)\s+)?(?:based|located|living|"
    rf"residing)\s+(?:in|out\s+of{_NO_BAG}|near)\s+(?:(?:a|an|our|my|the)\s+(?:[a-z]+\s+){{0,2}}?(?:flat|"
    r"apartment|house|home|place|condo|cottage|studio)\s+in\s+)?|"
    # "from ohio originally, live in tampa now", "... but live in tampa now": the present
    # verb whose subject is left out is the speaker's.
    r"(?:^|\bbut\s+|,\s*)(?:(?:now|currently|still)\s+)*live\s+(?:here\s+|now\s+)?in\s+|"
    # "I work remotely for a startup and live in Lisbon": the second verb of the speaker's
    # clause shares its subject (not "my parents work and live in Leeds").
    r"^(?:i|we)\s+[^.;!?,]{0,50}?\band\s+(?:now\s+|currently\s+)?live\s+(?:here\s+|now\s+)?in\s+|"
    # A clause that leaves its subject out is the speaker's ("..., moved to Reno in May").
    r"^(?:just\s+|recently\s+|finally\s+)?(?:moved|relocated|shifted)\s+(?:back\s+)?to\s+|"
    r"\bmy\s+home\s*(?:town|city|base)?\s+is\s+(?:in\s+)?|\bhome\s+city\s+is\s+|\bi\s+grew\s+up\s+in\s+|"
    # "We have made our home in Vermont", "I am, as of this spring, a resident of Edinburgh"
    r"\b(?:i|we)(?:'ve|\s+have)\s+made\s+(?:our|my)\s+home\s+in\s+|"
    r"\b(?:i'm|i\s+am|we're|we\s+are)\b[^.;]{0,40}?\b(?:a\s+)?residents?\s+of\s+"
)
# A clause that dates something at a clock time talks of the event's zone, not the
# speaker's ("the call is at 3pm eastern time"), unless it names the field itself.
_CLOCK_TIME = gated(
    # "im on EST btw so 8pm for me": the speaker's own clock, said in their zone.
    # "your 9am is my 4pm": two clocks compared, which is what a zone is said for.
    r"(?<!\byour\s)(?<!\bmy\s)(?<!\bur\s)"
    r"\b\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.)(?!\w)(?!.*time\s*zone)(?!\s+(?:for\s+me|my\s+time)\b)"
)
_OWN_ZONE = gated(
    r"^\W*(?:(?:btw|fyi|so|and|also|oh|ok|okay)\W+)*(?:i'm|im|i\s+am|we're|we\s+are)\s+"
    r"(?:(?:still|now|actually|all|usually)\s+)?on\s+(?:the\s+)?[a-z]"
)
"""The clause opens on the zone the speaker keeps ("im on PST btw so the 8pm EU raid is
noon for me"): a clock time later in it is said in that zone, not the zone of an event."""
_GATE = frozenset(
    [
        "here",  # "Marek here, based in Gdansk": a name signed at the start
        "it's", "its", "this",  # "it's Kemi, the new tenant", "hey its sam", "this is Tunde"
        "moved", "relocated", "shifted", "reside", "resided", "residing", "liv", "lve", "livin", "wrk",
        "werk", "live", "settled", "lived", "living", "based", "located", "home", "hometown",
        "grew", "work", "worked", "working", "teach", "teaching", "joined", "started", "job",
        "position", "post", "role", "resident", "offer", "signed", "employer", "company", "quit",
        "left", "eat", "eating", "diet", "call", "name", "names", "go", "zone", "timezone", "tz", "time",
        "vegetarian", "vegan", "pescatarian", "pescetarian", "gluten", "dairy", "lactose", "keto",
        "paleo", "kosher", "halal", "celiac", "coeliac", "plant", "low", "nut", "flexitarian",
        "switching", "switch", "switched", "going", "went", "became", "name's", "im", "am", "been",
        "hired", "drive", "deliver", "dash", "intern", "interning",
        "officially", "shifted",
    ]
)  # fmt: skip


_MORE_PLACE = gated(r"\b(?:in|near|outside(?:\s+of)?|of|around|called|named)\s+")
_PLACE_END = gated(
    r"[,;.!?]|\b(?:and|but|so|because|with|where|which|who|since|for|when|while|until|if|"
    r"though|although|to|from)\b"
)
_SPECIFIC = {"city": 0, "airport": 0, "region": 1, "us_state": 2, "country": 3, "continent": 4}


# After "live in" / "moved to" the slot holds a place, so a sizeable city whose name is
# also a first name or an ordinary word counts in lowercase ("we moved to charlotte"; a
# town of fewer than half a million, "i grew up in buffalo", still needs its capital),
# which ``place_at`` alone refuses ("visiting charlotte" may be a friend).
_SLOT_WORD = gated(r"\s*(?P<w>[a-z]{3,})(?=$|[\s,.!?])")
_SLOT_MIN_POPULATION = 500_000


def _person_first(typed: str) -> bool:
    """ "Emma is home": a first name that is no place known, or only a small town's, is the
    person; "Austin is home", "Jordan is home" keep the city or country most people mean."""
    known = gazetteer.lookup(gazetteer.key_of(typed))
    small_town = known is None or (known.kind == "city" and known.population < 100_000)
    return small_town and is_common_first_name(typed)


def _city_in_home_slot(text: str, start: int) -> Place | None:
    m = _SLOT_WORD.match(text, start)
    known = gazetteer.lookup(gazetteer.key_of(m.group("w"))) if m else None
    if m is None or known is None or known.kind != "city":
        return None
    return Place(known.name, True, m.end("w")) if known.population >= _SLOT_MIN_POPULATION else None


_WORN = gated(
    r"(?:the\s+same\s+|my\s+|a\s+|an\s+|one\s+|these\s+|this\s+)?(?:[a-z-]+\s+)?(?:t-?shirts?|"
    r"shirts?|clothes|jeans|pyjamas|pajamas|hoodies?|trackies|joggers|sweats|dress|socks|shorts|"
    r"uniform|wetsuit|flip-?flops|sandals|boots)\b"
)


def residence(text: str, low: str, start: int) -> Place | None:
    """The most specific place of residence named from ``start`` on.

    The place may sit deeper in the phrase ("in a small town in texas", "in a suburb of
    chicago") or come with a wider one ("in the uk near london"): every place the
    phrase names up to the next clause word counts ("a town called springfield" too),
    and a city beats a state, which beats a country. A name the gazetteer does not know
    ranks as a city.
    """
    if _WORN.match(low, start):
        return None  # "living in the same T-shirt in Hanoi": what one wears, not a home
    end = _PLACE_END.search(low, start)
    stop = end.start() if end else len(low)
    found = [p] if (p := place_at(text, start) or _city_in_home_slot(text, start)) else []
    for m in _MORE_PLACE.finditer(low, start, stop):
        if (p := place_at(text, m.end())) is not None and p.end <= stop:
            found.append(p)
    if not found:
        return None

    def rank(place: Place) -> int:
        if not place.known:
            return 0
        name = place.name.removeprefix("The ")  # "The Netherlands" is filed as "Netherlands"
        known = gazetteer.lookup(gazetteer.key_of(name))
        return _SPECIFIC[known.kind] if known is not None else 0

    return min(found, key=rank)


_HOME_AHEAD = gated(
    # "we're renting in Didsbury from April": a home from a day ahead is a plan, no home yet.
    r"\b(?:'re|'m|are|am|'ll\s+be|will\s+be)\s+(?:\w+\s+)?(?:living|renting|based)\b.*\b(?:from|"
    r"starting|as\s+of)\s+(?:next\s+(?:week|month|year)|the\s+\d|\d{1,2}(?:st|nd|rd|th)?\b|"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)"
)


def extract_profile(clause: Clause) -> list[Candidate]:
    """Profile candidates in one clause."""
    low, text = clause.low, clause.text
    # "we're Denverites now": the home said by what its people are called.
    demonym = (
        demonym_home(text)
        if clause.intent != "planning" and not clause.words.isdisjoint(_DEMONYM_GATE)
        else None
    )
    if (
        demonym is None
        and clause.words.isdisjoint(_GATE | _ZONE_WORDS | _HOME_GATE | _JOB_GATE | _DESCRIBED_GATE)
        and not low.startswith(NEW_HOME_OPENS + COUNTED_DAYS)
        and "i'm" not in clause.words
        and not NOW_AT.match(low)
        and not (clause.start_in_message > 0 and low.startswith(("now ", "and now ", "but now ")))
        and now_living(clause) is None
    ):
        return []
    out: list[Candidate] = []
    m = _HOME.search(low) or now_living(clause) or HOME_IS.match(low) or HOME_SAID.search(low)
    m = m or home_described(low)  # "the view from our flat in Glasgow"
    if m and clause.intent != "planning" and _HOME_AHEAD.search(low) is None:
        # "Edinburgh-based": the hyphen is no part of the name (same length, same offsets).
        place = residence(text.replace("-based", " based"), low, m.end())
        if place is not None and m.end() == 0 and not named_as_typed(place.name, low[: place.end]):
            place = None  # "sam is home now": not "Damascus", which some call Sham
        if place is not None and m.end() == 0 and _person_first(low[: place.end]):
            place = None  # "Emma is home": a person come home, not a town called Emma
        if place is not None:
            grew_up = "grew up" in m.group()
            forced: ObservationIntent | None = "historical" if grew_up else None
            out.append(
                Candidate("profile.home_city", place.name, 1.0 if place.known else 0.85, forced)
            )
    if demonym is not None and not out:
        out.append(Candidate("profile.home_city", demonym.name, 1.0))
    m = _QUIT.search(low)
    if m and organisation_at(text, m.end()):
        out.append(Candidate("profile.employer", None, 0.9, "retract"))
        org = job_after_quit(text, low, m.end())
    else:
        org = employer_in(text, low) or next_employer(clause)
    if org is not None:
        held = clause.intent == "planning" and JOB_HELD.search(low) is not None
        out.append(
            Candidate("profile.employer", org.name, org.confidence, "assertive" if held else None)
        )
    out.extend(diet_candidates(clause))
    out.extend(name_candidates(clause))
    tz = spoken_timezone(text, low)
    own_clock = _OWN_ZONE.match(low) or CLOCK_HERE.search(low)
    if tz is not None and (own_clock or not _CLOCK_TIME.search(low)):
        out.append(Candidate("profile.timezone", tz, 1.0))
    return out
