"""The words of going somewhere, and the words around a going that say when and how.

``rules_travel.extract_travel`` reads a clause with these: the verbs and nouns of a going
(``HEADING``), a stay booked or ahead (``VISIT``, ``STAY_AHEAD``), a going put off
(``POSTPONED``), under way now (``ON_THE_WAY``, ``MOVING_NOW``) and what a trip left
behind (``FROM_THE_TRIP``).
"""

from __future__ import annotations

import re

from core.extraction import gazetteer
from core.extraction.places import Place, place_before
from core.extraction.regex_branches import branched
from core.extraction.travel_objects import HOME_THEN_BACK, NOT_A_SCHOOL_TRIP
from core.extraction.word_gates import gated

HEADING = branched(
    r"\b(?:leaving|leave|leaves|heading|head|headed|flying|fly|flies|flight|flights|driving|"
    r"drive|going|go|traveling|travelling|travel|off|red-?eye|"
    + NOT_A_SCHOOL_TRIP
    + r"trip|road\s+trip|vacation|getaway|visit|"
    # "the way to Leeds", not a packed train's "standing all the way to Slough": a ride
    # endured says nothing of where the trip goes.
    r"visiting|tickets?|cruise|train|bus|ferry|(?<!standing\sall\sthe\s)(?<!stood\sall\sthe\s)"
    r"(?<!sitting\sall\sthe\s)(?<!sat\sall\sthe\s)way|be|are|fly\s+out|"
    # "halfway to Brighton", "on the road to Cornwall": partway there now; "almost in Reno",
    # "nearly to Fresno": the last stretch, said from the road.
    r"halfway|(?<=on\sthe\s)road|almost|nearly|"
    # "take the eurostar to paris", "proceeding to Lagos", "bound for Chicago"
    r"eurostar|amtrak|coach|shuttle|red[\s-]?eye|greyhound|megabus|proceed|proceeding|bound|"
    # "we depart for Cairo", "about to board for Doha"
    r"depart|departing|departure|(?<!the\s)board|"
    # "omw to portland", "en route to Marrakech", "boarding now for Lagos", "wheels up to
    # Austin": on the way, in the words a phone or a pilot uses.
    r"omw|otw|en\s*route|boarding|wheels\s+up|"
    # "moving on to Sofia tomorrow", "then onward to Tbilisi": the next leg of a trip.
    r"moving\s+on|move\s+on|onwards?|"
    # "doing a border run to Penang next week": out of the country and back, for the visa.
    r"(?:border|visa)\s+run)\s+(?:out\s+|back\s+|across\s+|"
    # "travelling up-country to Kisumu" (East and West African English): inland, away.
    r"down\s+|up\s+|over\s+|up-?country\s+|cross-?country\s+|abroad\s+|overseas\s+|"
    # "flying home to chicago on the 20th, back the 29th": a trip to the family's home.
     + HOME_THEN_BACK + r")?"
    # "we leave friday for tahoe": the day between the going and the place.
    # "we will go with all family to Antalya": whoever comes along, between.
    r"(?:with\s+(?:the|my|our|all|all\s+the)\s+(?:[a-z]+\s+){0,2}?(?=(?:to|for)\s))?"
    r"(?:(?:(?:a\s+week\s+|a\s+fortnight\s+)?on\s+)?(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?|"
    r"tomorrow|tmrw|tmr|tonight|(?:this|next)\s+week(?:end)?|first\s+thing|now|rn|right\s+now)"
    r"(?:\s+(?:morning|afternoon|evening|night|nite|am|pm))?\s+|in\s+the\s+morning\s+)?"
    r"(?:for|to|in|into)\s+"
    # "I will be reaching Delhi by 6", "arriving in Lagos tomorrow": getting there.
    r"|\b(?:reaching|will\s+reach|'ll\s+reach)\s+(?!out\b|home\b|back\b)"
    # "We are arriving Munich on Friday" (German, Spanish and Indian English leave out
    # "in"): the place must still be one the gazetteer knows.
    r"|\b(?:arriving|landing)\s+(?:(?:in|at|into)\s+)?"
    # "we land in Lisbon at 6:40 Thursday", "I arrive in Rome on the 12th": an arrival ahead.
    r"|\b(?:we|i|will|'ll|shall)\s+(?:land|arrive|get\s+in|get\s+into(?=\s+(?!(?:trouble|it|this|"
    r"that|bed|shape|gear|character|a|an|the|my|your|his|her|their|our|uni|college|school)\b)))\s+"
    # "I arrive tomorrow to Frankfurt": the day between, the learner's "to".
    r"(?:(?:tomorrow|tonight|today|on\s+\w+day|\w+day)\s+)?(?:(?:to|in|at|into)\s+)?"
    # "Flying SFO to Boston on Thursday": a route from an airport's code to the place.
    r"|\b(?:flying|fly|flight)\s+[a-z]{3}\s*(?:to|->|→|–|-)\s*"
    # "flying Lagos to London", "Lisbon → Porto tomorrow": a leg from one place to the next.
    # "flight from London Gatwick to Nice", "Flight EZY2045 London Gatwick to Nice": an
    # airport named with its city after "from", a flight's number before it.
    r"|\b(?:flying|fly|flight|driving|train|ferry|coach)\s+(?!home\b|back\b|out\b|in\b|up\b|down\b|over\b|"
    r"off\b)(?:[a-z]{1,3}\s?\d{2,4}\s+)?(?:from\s+[a-z]+\s+)?[a-z]+(?:\s+[a-z]+)?\s+to\s+|"
    # A ticket's airport code in brackets after the city: "Lagos (LOS) → Accra (ACC)".
    r"\s(?:\([a-z]{3}\)\s*)?(?:→|->)\s*"
    # "I will attend the workshop in Geneva on the 18th", "speaking at a summit in Nairobi":
    # an event out of town, attended, is a trip to its town.
    r"|\b(?:attend(?:ing)?|(?:speak|present|exhibit|teach)(?:ing)?\s+at)\s+(?:the|a|an|my|our)\s+"
    r"(?:[\w'-]+\s+){0,3}?(?:conference|workshop|summit|wedding|fair|expo|convention|festival|"
    r"seminar|congress|symposium|trade\s+show|retreat|funeral|graduation|course|training|meeting)s?"
    r"\s+in\s+"
    # "next stop Hanoi on Saturday", "trip: Lisbon", "on the M4 to Cardiff"
    # "first stop is Marrakech on the 11th", "The plan: Edinburgh on the 9th, ..."
    r"|\b(?:next|first)\s+(?:stop|up|base|destination)(?:[:,]|\s+is)?\s+|"
    r"^(?:the\s+)?(?:trip|plan|itinerary)\s*:\s*|"
    # "packing for boise tmrw": the trip the bags are for.
    r"\bpacking\s+for\s+|\bon\s+the\s+(?:[a-z]\d+|i-?\d+|motorway|highway|"
    r"freeway|interstate|turnpike)\s+(?:to|towards)\s+"
    # "Im going kumasi on friday" (West African English leaves out "to"), "now we're doing
    # Edinburgh on the 14th": a known place straight after the going.
    # "me and the girls are doing Ibiza in June": the speaker among the subject.
    r"|\b(?:i'm|im|i\s+am|we're|we\s+are|me\s+and\s+(?:the|my)\s+[a-z]+\s+are)\s+(?:now\s+)?"
    # (not "we're going back to tahoe": the going back is read by its own words, after)
    r"(?:going|doing)\s+(?!(?:to|up|down|over|across|out|back)\b)"
    # "tmrw we go tahoe", "friday i go lagos": the plain "go" with the "to" left out.
    r"|\b(?:i|we)\s+(?:will\s+|shall\s+|must\s+)?go\s+(?!(?:to|up|down|over|across|out|back|"
    r"home|there|on|for|with|in|into|ahead|through|and|get|see|by|round|around)\b)"
    # "im taking the kids to my sisters in fresno": going, with the family along.
    # "taking our two toddlers to Scotland", "taking my mum to Paris": with whoever comes.
    r"|\btak(?:e|es|ing)\s+(?:the|my|our)\s+(?:(?:two|three|four|little|youngest|oldest|eldest)\s+)?"
    r"(?:kids|family|boys?|girls?|twins|son|daughter|toddlers?|babies|baby|grandkids|children|"
    r"mum|mom|mother|dad|father|parents|wife|husband|partner|girlfriend|boyfriend|in-laws|dog|"
    r"nephew|niece)\s+"
    r"(?:back\s+|down\s+|up\s+|out\s+|over\s+)?to\s+"
    # "my train gets into York at 6:40", "our flight lands in Lagos at 5": an arrival ahead.
    r"|\b(?:my|our|the)\s+(?:train|flight|plane|bus|coach|ferry|ship|boat)\s+(?:gets\s+in|gets|lands|arrives|"
    r"pulls\s+in|docks)\s+(?:in\s+)?(?:into|in|at|to)\s+"
    # "Flights booked to Cape Town for the 20th", "tickets are booked to Lima"
    r"|\b(?:flights?|tickets?|trains?|seats?|ferry|coach|bus)\s+(?:are\s+|is\s+|all\s+|now\s+)?"
    r"(?:booked|sorted|confirmed)\s+(?:to|for)\s+"
    # "they rebooked us on the Thursday flight to Denver": put on another flight there.
    r"|\b(?:re)?book(?:ed)?\s+(?:me|us)\s+(?:on|onto)\s+(?:the|a|an)\s+(?:[\w']+\s+){0,3}?"
    r"(?:flight|train|bus|ferry|red[\s-]?eye)\s+(?:to|into)\s+"
    # "Rebooked on the 7am tomorrow to Chicago", "got rebooked onto the 6:15 to Leeds": the
    # flight or train by its time alone.
    r"|\brebooked\s+(?:on|onto)\s+(?:the|a|an)\s+(?:[\w':.]+\s+){1,3}?(?:to|into)\s+"
    # "Leaving Kyoto tomorrow for Hiroshima": the place left, then the day, then whither.
    r"|\bleaving\s+[a-z]+(?:\s+[a-z]+)?\s+(?:(?:tomorrow|tonight|today|on\s+\w+day|\w+day|"
    r"this\s+\w+|next\s+\w+)\s+)?for\s+"
    # "booked the sleeper to Inverness", "catching the 7:10 to Brighton": a train by its
    # kind or its time.
    r"|\b(?:sleeper|night\s+train|overnight\s+train)\s+(?:train\s+)?to\s+"
    r"|\b(?:catch(?:ing)?|take|taking|get(?:ting)?|on)\s+the\s+\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm)?\s+"
    r"(?:train\s+|bus\s+|flight\s+|ferry\s+|coach\s+)?(?:to|for)\s+"
    # "visa run to Kuala Lumpur on friday", "going to native place Madurai": a trip's own words.
    r"|\bvisa\s+run\s+(?:to\s+)?|\bnative\s+(?:place|village|town)\s+(?:of\s+|in\s+)?"
    # "in a cab to the hotel in Seoul": on the way there.
    r"|\bin\s+(?:a|an|the|my|our)\s+(?:cab|taxi|uber|lyft|grab|shuttle)\s+(?:to|towards)\s+"
    # "work is sending me to denver", "they're flying us out to austin": sent on a trip.
    r"|\b(?:send(?:s|ing)?|fly(?:ing)?)\s+(?:me|us)\s+"
    r"(?:back\s+|down\s+|up\s+|out\s+|over\s+|off\s+)?to\s+"
)
STAY_AHEAD = gated(
    # "I'll be on site with the client in Munich next week": at work somewhere ahead.
    r"\b(?:will|'ll|shall|gonna|going\s+to)\s+be\s+(?:staying\s+|on\s*site\s+|working\s+)?(?:at|with)\s+"
    r"(?=[^,;.]{0,30}?\bin\s+)"
)
"""A stay ahead with someone: "we'll be at my in-laws in Phoenix from Thursday"."""
VISIT = branched(
    r"\bvisit(?:ing)?\s+|"
    # A notice of the user's booking: "your stay in Valencia starts tomorrow", "Your booking
    # to Lisbon is confirmed" (not "my stay in Rome was lovely", a stay behind).
    r"\b(?:your|my|our)\s+(?:stay|booking|reservation|trip)\s+(?:in|at|to)\s+(?=[^,;.!]{1,30}?\b(?:"
    r"starts|begins|is\s+(?:confirmed|coming\s+up)|has\s+been\s+confirmed|confirmed)\b)|\b(?:book|booked|reserve|reserved|rented|got)\s+(?:a|an|the|our)?\s*(?:cabin|hotel|"
    r"airbnb|room|rental|condo|house|place|villa)\s+(?:in|at)\s+|"
    # "we've booked a week in Portugal for June", "booked two nights in Lisbon": a stay there.
    r"\b(?:book|booked|reserve|reserved)\s+(?:a|an|one|two|three|four|five|six|seven|ten|a\s+few|"
    r"\d+)\s+(?:(?:long|whole)\s+)?(?:nights?|days?|weeks?|weekend|fortnight|months?)\s+(?:in|at)\s+|"
    # "10 nights in Bali from 2 April", "two weeks in Lisbon from the 3rd": a stay and the
    # day it starts, the list's way (the day must follow: "two weeks in Lisbon" alone may be
    # one had).
    r"^(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|\d{1,2})\s+"
    r"(?:(?:long|whole)\s+)?(?:nights?|days?|weeks?|weekend|fortnight|months?)\s+(?:in|at)\s+"
    r"(?=[^,;.!?]{1,30}?\s(?:from|starting)\s+(?:the\s+|on\s+)?(?:\d|mon|tue|wed|thu|fri|sat|sun|"
    r"jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|tomorrow|next))|"
    # "we have a cabin booked in Tahoe", "our hotel's booked in Chicago for the 10th" (not "the
    # hotel is booked in Chicago": full)
    r"(?:\b(?:have|has|got)\s+(?:a|an|the|our|my)|\b(?:our|my))\s+(?:cabin|hotel|airbnb|room|"
    r"rental|condo|villa)(?:'s|\s+is|\s+are)?\s+(?:all\s+)?(?:booked|reserved)\s+(?:in|at)\s+|"
    # An itinerary's stay: "Hotel in Austin, check in 3/20", "Hotel: Marriott downtown Austin".
    r"^(?:hotel|airbnb|cabin|rental|lodging|accommodation|stay)\s*(?::\s*(?:[\w&'-]+\s+){0,3}?"
    r"(?:downtown|in|near)\s+|\s+(?:in|near)\s+)"
)
LANDING_AHEAD = gated(
    r"\b(?:till|til|until|when|as\s+soon\s+as)\s+(?:i|we)\s+(?:land|arrive|get)\s+(?:in|at|to)\s+"
)
"""Where the speaker lands, said of what waits till then: "offline till I land in Boston"."""
ANOTHER_IS = gated(
    r"\b(?!(?:i|we|u|you|im|were|i'm|we're|let's|lets|that's|it's|here's|there's)\b)[a-z]+"
    r"(?:'s|\s+is|\s+are|\s+was)\s+(?:(?:finally|just|now|safely|also|already)\s+)*$"
)
"""Someone else as the subject right before "back from" ("tom's back from vegas")."""
POSTPONED = gated(r"\b(?:postponed|pushed\s+back|delayed|rescheduled|up\s+in\s+the\s+air)\b")
MOVED_TO_DAY = gated(
    r"\b(?:postponed|pushed\s+back|delayed|rescheduled)\s+(?:[\w']+\s+){0,4}?(?:to|for|till|until)\s+"
    r"(?:(?:the|this|next)\s+)?(?:\d|mon|tue|wed|thu|fri|sat|sun|tomorrow|tmrw)"
)
"""Put off to a day that is named ("rescheduled for Friday 7am"): the new day is known."""
BEFORE_PLACE = gated(r"\b(?:before|until|till|til)\s+(?:we\s+(?:go\s+to|leave\s+for)\s+)?")
HERE_WE_COME = gated(r"\s*[,!.-]*\s*(?:here|there)\s+(?:we|i)\s+come\b")
"""A place hailed on the way there ("miami here we come", "Lisbon, here I come!"): where the
trip goes."""
SEE_YOU_IN = gated(
    r"\b(?:see|c)\s+(?:you|u|ya|y'all|yall|you\s+all|you\s+guys|u\s+guys|everyone|everybody)\s+"
    r"(?:(?:all|guys|soon|later|tmrw|tomorrow|tonight)\s+)?in\s+"
)
"""Seeing the listener in a place ("see u in miami", "see you all in Lisbon next week"): the
speaker goes there (a time, "see you in a bit", is no place)."""
ACTIVITY_AHEAD = gated(
    r"\b(?:skiing|snowboarding|hiking|camping|surfing|diving|sailing|vacationing|holidaying|"
    r"honeymooning|glamping|trekking)\s+(?:up\s+|down\s+|out\s+)?(?:in|at)\s+|"
    # "our anniversary trip (Santorini!!) is in two weeks": the trip's place in brackets.
    r"\b(?:trip|vacation|holiday|getaway|honeymoon|cruise|break)\s*\(\s*"
)
"""A holiday's doing somewhere ("skiing in Whistler next week") or a trip's place in
brackets: where a planned trip goes, read only in a clause that plans (a present "skiing in
Aspen" is a stay, a past one a story)."""
PLACE_BOOKED = gated(
    r"(?:\s+is|'s)\s+(?:all\s+|now\s+|officially\s+|finally\s+)?(?:booked|confirmed)\b"
    r"(?!\s+(?:in|for\s+(?:surgery|the\s+op)|solid|up|out|full))"
)
"""A trip by its place, booked: "Crete is booked!!", "Lisbon's all booked" (read only for a
place the gazetteer knows: "Sarah is booked for the 3pm slot" is no trip)."""


def booked_place(text: str, low: str) -> Place | None:
    """The known place said booked in ``text`` ("Crete is booked!!"), if any."""
    m = PLACE_BOOKED.search(low)
    said = place_before(text, m.start()) if m is not None else None
    entry = gazetteer.lookup(gazetteer.key_of(said.name)) if said is not None else None
    return Place(entry.name, True, said.end) if said is not None and entry else None


TRIP_NOUN = gated(r"\s+(?:trip|vacation|getaway|holiday|flight|flights)\b|(?:\s+|-)bound\b")
FROM_THE_TRIP = gated(
    r"(?:\b(?:from|of|after)|"
    # "reimbursement for the Austin trip", "per diem on the Geneva trip": the money a trip
    # cost, claimed or paid back, is its bookkeeping, not a trip ahead.
    r"\b(?:reimbursements?|reimbursed|per\s+diems?|expenses?|expensed|(?:expense\s+)?claims?|"
    r"claimed|receipts?|mileage)\s+(?:for|from|on))"
    r"\s+(?:the|my|our|that|this|last)\s+(?:[\w.'-]+\s+){0,2}[\w.'-]+$"
)
"""What a trip left behind ("expenses from the boston trip", "photos of our lisbon
vacation", "still tired after the denver trip", "the per diem for the Geneva trip"): the
trip is over, none is planned."""
_PAID_FOR_A_TRIP = gated(
    r"\bfor\s+(?:the|my|our|that|this)\s+(?:[\w.'-]+\s+){0,2}?(?:trip|vacation|getaway|holiday|"
    r"weekend|break)\s+(?:(?:came|comes|come)\s+(?:to|out\s+at)|cost|costs|totall?ed|"
    r"added\s+up\s+to|set\s+(?:me|us)\s+back|were|was|are|is|ran\s+(?:me|us))\s+"
    r"(?:(?:me|us)\s+)?(?:(?:about|around|like|only|just|nearly|almost)\s+)?(?=[$€£₹₦\d])"
)
"""A trip named only as what a sum was for: "tickets for the Madrid trip came to €380"
prices a trip and plans none (its booking would: "booked the flights to Madrid")."""


def paid_for_a_trip(low: str) -> bool:
    """Whether ``low`` names a trip only as what a sum was for (``_PAID_FOR_A_TRIP``)."""
    return _PAID_FOR_A_TRIP.search(low) is not None


_LODGING_PRICED = gated(
    r"^(?:(?:ok|okay|so|and|btw|fyi|fwiw|ugh|wow|omg|lol|also)[,!]?\s+)*(?:(?:the|our|my|a|an)\s+)?"
    r"(?:hotels?|hostels?|airbnbs?|b&bs?|bnbs?|guesthouses?|motels?|rooms?|villas?|cabins?|"
    r"apartments?|flats?|rentals?)\s+in\s+[^,;!?]{1,40}?\s+(?:is|are|'s|costs?|runs?|goes\s+for)\s+"
    r"(?:(?:like|about|around|only|just|now|already|roughly)\s+)*[$€£₹]?\d[\d,.]*\s*(?:[$€£]|euros?|"
    r"dollars?|bucks|pounds?|quid)?\+?\s*(?:a|an|per|/)\s*(?:night|nite|nt)\b"
)
"""A lodging's price by the night ("Hotel in Lyon is €160/night", "the hostel in Berlin is
€35 per night"): a price looked at, which plans no trip and puts no one there (booking it
would: "booked a hotel in Lyon for friday")."""


def lodging_priced(low: str) -> bool:
    """Whether ``low`` opens on a lodging's price by the night (``_LODGING_PRICED``)."""
    return _LODGING_PRICED.match(low) is not None


FROM_A_TRIP_TO = gated(
    r"\b(?:from|of|after)\s+(?:the|my|our|that|this|last)\s+(?:[\w.'-]+\s+){0,2}?"
    r"(?=(?:trip|vacation|holiday|getaway|visit|cruise|flight)\s+(?:to|in)\b)"
)
"""The same, the trip's place after it ("the receipts from my trip to Munich", "photos of
our holiday in Crete")."""


def trip_behind(low: str, start: int) -> bool:
    """Whether the trip word at ``start`` is one a thing came from (``FROM_A_TRIP_TO``)."""
    window = max(0, start - 60)
    return any(m.end() == start for m in FROM_A_TRIP_TO.finditer(low, window))


ON_THE_WAY = gated(
    r"\bon\s+(?:our|my|the)\s+way\b|\b(?:halfway|almost|nearly)\s+to\b|\bon\s+the\s+road\s+to\b|\bright\s+now\b|\ben\s*route\b|\b(?:omw|otw|boarding|wheels\s+up)\b|"
    r"\bin\s+(?:a|an|the|my|our)\s+(?:cab|taxi|uber|lyft|grab|shuttle)\b|"
    # "on the train to leeds, there by 6": aboard, so the going is under way (a day ahead
    # in the clause still makes it a plan: ``planning`` is decided before this is asked).
    # "almost in Reno", "we're nearly in Fresno": the last stretch of the road, now.
    r"\b(?:almost|nearly)\s+in\b|"
    r"^(?:(?:i'?m|i\s+am|we'?re|we\s+are|im|were)\s+)?(?:still\s+|now\s+|finally\s+)?"
    r"on\s+(?:a|an|the|my|our)\s+(?:\d{1,2}[:.]?\d\d\s+|late\s+|last\s+|early\s+|night\s+)?"
    r"(?:train|bus|coach|ferry|plane|boat|flight)\s+(?:to|into|towards)\b"
    # "on a flight to Doha tonight": a time later today is a ride ahead, not one under way.
    r"(?![^,.;!?]*\b(?:tonight|tonite|later|tomorrow|tmrw|this\s+(?:evening|afternoon)|next)\b)|"
    # "heading to tahoe now", "leaving rn for tahoe" (not "now that it snowed"; not "we go
    # to tahoe tonight now": after a time ahead, "now" says the plan changed, not the going)
    r"\b(?<!tonight\s)(?<!tonite\s)(?<!tomorrow\s)(?<!tmrw\s)(?<!day\s)(?<!ning\s)"
    r"(?<!night\s)(?<!noon\s)(?:now|rn)\b(?=\s*(?:[!.,]|$|for\b|to\b))"
)
STUCK_THERE = gated(r"\b(?:stuck|stranded)\s+(?:here\s+)?(?:in|at)\s+")
MOVING_NOW = gated(
    r"\b(?:currently|as\s+we\s+speak|right\s+now|rn|atm|at\s+the\s+moment)\b|"
    r"^somewhere\s+(?:on|over|near|outside|along)\b|"
    # "in the car headed to tahoe", "we're in the van heading up to Bend": aboard now, the
    # going under way (not "we'll be in the car to tahoe by noon": ``AHEAD`` is a plan).
    r"^(?:(?:i'?m|i\s+am|we'?re|we\s+are|im|were)\s+)?(?:still\s+|now\s+|finally\s+)?"
    r"in\s+(?:the|a|our|my)\s+(?:car|van|truck|rv|camper)\s+(?:now\s+)?"
    r"(?:head(?:ed|ing)|driving|going|on\s+(?:our|my|the)\s+way)\s+(?:up\s+|down\s+|over\s+)?to\b"
)
"""A going said to be under way now ("driving to Austin as we speak")."""
TRIP_UNDER_WAY = gated(
    r"^(?:(?:ok|okay|so|and|well|yay|omg|fyi|btw|update)[:,]?\s+)*"
    r"(?:(?:the|our|my)\s+)?(?:[\w'-]+\s+){0,2}?(?:road\s*)?"
    r"(?:trip|vacation|vacay|holiday|getaway)(?:\s+to\s+[\w' -]+?)?(?:'s|\s+has|\s+is)?\s+"
    r"(?:(?:now|officially|finally|already)\s+)*(?:started|begun|began|kicked\s+off|under\s*way)\b"
)
"""A trip with its place said to have begun ("the tahoe trip is under way", "road trip to
Austin officially under way"): on it now, not planning it. Only a trip of the writer's or of
no one named: "Mom's Lisbon trip is underway" is hers (``others_trip``)."""
_ANOTHERS_OWNER = gated(
    r"\b(?:their|his|her|your)\s|\b(?!(?:it|that|what|let|here|there)'s)[a-z]+'s\s"
)


def others_trip(low: str) -> bool:
    """Whether the words before a trip noun name someone else as its owner ("mom's lisbon
    trip", "their vegas trip")."""
    m = TRIP_UNDER_WAY.match(low)
    head = low[: m.end()] if m else low
    trip = re.search(r"\b(?:trip|vacation|vacay|holiday|getaway)\b", head)
    return bool(_ANOTHERS_OWNER.search(head[: trip.start()] if trip else head))


ON_TRIP = gated(
    r"\bon\s+(?:(?:a|an|our|my|the)\s+)?(?:[a-z]+\s+)?(?:vacation|holiday|holidays|honeymoon|"
    r"trip|getaway|break)\s+in\s+$"
)
# "visiting Kyoto right now": being there, not going there.
NOW = gated(r"\b(?:right\s+now|at\s+the\s+moment|currently|as\s+we\s+speak|atm|rn|this\s+week)\b")
NOW_HERE = gated(
    r"\b(?:right\s+now|at\s+the\s+moment|currently|as\s+we\s+speak|atm|rn|now(?!\s+that)|still)\b"
)
"""``NOW`` without "this week" (a stay that may lie ahead) and with a bare "now"."""


WAY_HOME_OFF = gated(
    r"\b(?:flight|train|bus|ride|ferry|trip|drive)\s+(?:home|back)\b|"
    r"\breturn\s+(?:flight|train|trip|leg)\b"
)
"""The way home called off ("flight home got cancelled"): the trip goes on, its end is
not known; the trip itself is not cancelled."""


def said_now(low: str, start: int, end: int) -> bool:
    """Whether the words from the comma before ``start`` to the comma after ``end`` say
    now ("currently in truckee", "in reno now"), whatever day the rest of the clause has."""
    left = low.rfind(",", 0, start) + 1
    right = low.find(",", end)
    return NOW_HERE.search(low, left, right if right >= 0 else len(low)) is not None


AHEAD = gated(r"\b(?:will|'ll|shall|gonna|going\s+to|next|soon|tomorrow|plan|planning)\b")


_HELD = gated(r"\b(?:stuck|stranded|delayed|held\s+up|grounded|snowed\s+in)\b")


def held_there(low: str, said: str, end: int) -> bool:
    """Whether ``said`` holds the user somewhere now ("stuck in frankfurt", "delayed 3hrs in
    Oslo") and no word ahead comes before the comma after the place: the plan in "stuck in
    frankfurt, gonna miss my connection" is another part's."""
    right = low.find(",", end)
    return _HELD.search(said) is not None and right >= 0 and AHEAD.search(low, 0, right) is None


CAPITAL = gated(r"(?<=\S)\s+[A-Z]|^[A-Z](?!'|\s)")


A_STOP = gated(r"\b(?:layover|stopover|abroad|exchange)\b")
"""Words after which only a place can follow "in": "on a layover in charlotte", "studying
abroad in florence", "on exchange in victoria" (so a town spelled like a name is the town)."""
