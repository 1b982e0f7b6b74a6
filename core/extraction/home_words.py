"""A home said without "live" or "moved to": settled somewhere, a new place or a house
bought or rented there, "I stay in Pune" (non-native "stay" for "live"), "Chicago-based",
"I call Philadelphia home", "made the move to Vancouver", "been in Atlanta five years", and
a move whose subject holds the speaker among others ("me and my wife moved to Calgary",
"the kids and I moved back to Dublin").

Each pattern ends where the place begins, for ``rules_profile`` to read it as it reads
"we live in X". The speaker must be the subject (said, or left out at the start of the
clause): "my sister just settled in Perth" and "their new place in Tampa" are others'. A
stay is no home ("we stay in hotels when we go", "a vacation home in Tahoe").
"""

from __future__ import annotations

from core.extraction.regex_branches import branched

HOME_NOUN = (
    r"(?:house|home|place|flat|apartment|apt|condo|townhouse|bungalow|cottage|studio|terrace|semi|"
    r"maisonette|duplex|"
    # "a 2 bed", "a two-bedroom flat", "a 2BHK" (Indian English): a home by its rooms.
    r"(?:\d|one|two|three|four|five)[- ]?(?:bed(?:room)?|bhk|br)(?:\s+(?:flat|house|apartment|place|"
    r"unit|semi|terrace|condo))?)"
)
_NOT_A_HOME = (
    r"(?!(?:vacation|holiday|beach|lake|second|rental|investment|summer|ski|weekend|"
    r"airbnb|hotel)\b)"
)
_SPEAKER = r"(?:^|\b(?:i|we)(?:'ve|\s+have|'re|\s+are|'m|\s+am)?\s+)"
"""The speaker as subject, or no subject at the start of the clause."""
_WITH_ME = (
    r"(?:^|\b)(?:me\s+and\s+(?:my|the)\s+(?:[a-z]+\s+)?[a-z]+|"
    r"(?:my|the)\s+(?:[a-z]+\s+)?[a-z]+\s+and\s+(?:i|me))\s+(?:we\s+)?"
)
"""The speaker among the subject: "me and my wife", "the kids and I", "my husband and I"."""
_ADVERB = (
    r"(?:(?:just|recently|finally|officially|now|all|happily|already|quite|properly|fully|"
    r"pretty|really|nicely|more\s+or\s+less)\s+){0,2}"
)
"""How settled, one or two words: "we are now quite settled in …", "finally properly settled"."""
_STAY_AWAY = (
    r"(?![^.;!?]*\b(?:when|whenever|while|for|this|next|till|until|til|tonight|hotels?|hostels?|"
    r"airbnbs?|sometimes|often|usually)\b)"
)

_RENTED_STAY = (
    r"(?![^.;!?]*\b(?:for\s+(?:the\s+)?(?:summer|winter|spring|autumn|fall|week|weekend|month|holidays?|"
    r"season|(?:a|one|two|three|a\s+few|\d+)\s+(?:days?|weeks?|nights?|months?))|this\s+(?:week|"
    r"summer|winter)|next\s+(?:week|month|summer))\b)"
)
"""A place rented for a while is a stay, not a home: "we rent a flat in Spain for the
summer" (a rent "for £900 a month" is a home's)."""
HOME_SAID = branched(
    # "finally settled in Sacramento", "we've settled in Asheville", "settled in nicely in
    # Halifax now"
    rf"{_SPEAKER}{_ADVERB}settled\s+(?:in\s+(?:nicely|well|ok|okay)\s+)?(?:in|into)\s+"
    rf"(?:(?:our|my|a|the)\s+(?:new\s+)?{HOME_NOUN}\s+in\s+)?|"
    # "my house is in Ikeja but I work in VI", "our flat's in Leith": where the home stands.
    r"\b(?:my|our)\s+(?:house|flat|apartment|apt|condo|home|place)(?:\s+is|'s)\s+(?:now\s+)?in\s+|"
    # "First night in the new place in Hove", "three boxes left to unpack in the new flat in
    # Bath": the first days in a new home, and its unpacking.
    r"\b(?:first\s+(?:night|day|week|weekend|morning|evening)|unpack(?:ing|ed)?)\s+in\s+the\s+new\s+"
    rf"{HOME_NOUN}\s+in\s+|"
    # "Just signed a 12-month lease on a flat in Sheffield": a home's lease.
    rf"{_SPEAKER}{_ADVERB}signed\s+(?:a|the|our|my)\s+(?:[\w-]+\s+){{0,2}}?lease\s+(?:(?:on|for)\s+"
    # "signed a 3 month lease in mexico city": the lease's town said straight after it.
    rf"(?:a|an|the|our|my)\s+(?:[a-z]+\s+)?{HOME_NOUN}\s+)?in\s+{_RENTED_STAY}|"
    # "my new apartment in Oakland", "loving our new house in Fort Collins"
    rf"\b(?:my|our)\s+(?:(?:brand|very)\s+)?new\s+(?:[a-z]+\s+)?{HOME_NOUN}\s+(?:here\s+)?in\s+|"
    # "we just closed on a house in Durham", "bought our first home in Spokane", "we rent a
    # flat in Manchester", "We own a house in Columbus"
    # "finally got our own flat in Leeds": a home got.
    rf"{_SPEAKER}{_ADVERB}(?:bought|closed\s+on|own|rent|got|are\s+renting|'re\s+renting|"
    rf"'m\s+renting)\s+(?:a|an|our|my|the)\s+{_NOT_A_HOME}(?:(?:first|new|little|small|tiny|"
    rf"own|lovely|cute|old)\s+){{0,2}}{HOME_NOUN}\s+(?:here\s+)?in\s+{_RENTED_STAY}|"
    # "still renting in Bath for now", "we're renting a flat in Leeds": where one rents is
    # where one lives (not a stay rented "for the summer").
    r"(?:^|\b(?:i'm|im|i\s+am|we're|we\s+are|still|currently)\s+|"
    # "We have sold the house in Epsom and are renting a flat in Worthing": the speaker's
    # second verb, its subject said once.
    r"^(?:we|i)\b[^.;!?]{0,60}?\band\s+(?:are|am)\s+)(?:(?:still|currently|now)\s+)*"
    r"renting\s+(?:(?:a|an|our|my)\s+(?:[a-z]+\s+)?(?:flat|apartment|house|place|room|studio)\s+)?"
    rf"in\s+{_RENTED_STAY}|"
    # Non-native "I stay in Pune with my parents": the simple present, no stay's end.
    rf"\b(?:i|we)\s+(?:now\s+|currently\s+|still\s+)?stay\s+(?:here\s+)?(?:in|at)\s+{_STAY_AWAY}|"
    # "me and my wife moved to Calgary", "the kids and I moved back to Dublin"
    rf"{_WITH_ME}{_ADVERB}(?:moved|relocated)\s+(?:back\s+)?to\s+|"
    # "we're living with my in-laws in Pune for now", "moved back in with my parents in
    # Cork": the speaker's home is the one shared with them, in their town.
    r"(?:^|\b(?:i|we)(?:'m|'re|\s+am|\s+are)?\s+)(?:(?:still|currently|now|just|recently|finally)\s+)*"
    r"(?:living|moved\s+(?:back\s+)?in|moving\s+(?:back\s+)?in)\s+with\s+(?:my|our)\s+"
    r"(?:[a-z'-]+\s+){1,2}?in\s+|"
    # "the move to Phoenix is done!!", "our move to Leeds is official": the move over.
    r"^(?:(?:the|our|my)\s+)?(?:big\s+)?move\s+(?:back\s+)?to\s+(?=[^,;.!?]{1,30}?(?:\s+is|'s)\s+"
    r"(?:(?:finally|officially|all)\s+)?(?:done|complete|completed|finished|official|over)\b)|"
    # "we made the move to Vancouver last summer"
    rf"{_SPEAKER}{_ADVERB}made\s+the\s+(?:big\s+)?move\s+(?:back\s+)?to\s+|"
    # "I call Philadelphia home now": the place between "call" and "home"
    r"\b(?:i|we)(?:'ve|\s+have)?\s+(?:now\s+)?call(?:ed)?\s+(?=[a-z][a-z .'-]{1,30}?\s+home\b)|"
    # "been in Atlanta about five years now", "we've been in Leeds for a decade"
    rf"(?:^|\b(?:i|we)(?:'ve|\s+have)\s+)been\s+(?:here\s+)?in\s+(?=[^,;.!?]{{1,30}}?\s+"
    r"(?:for\s+)?(?:about\s+|almost\s+|nearly\s+|over\s+|like\s+)?(?:\d+|two|three|four|five|"
    r"six|seven|eight|nine|ten|a\s+few|many|several)\s+(?:years|yrs)\b|[^,;.!?]{1,30}?\s+for\s+"
    r"(?:a\s+)?decades?\b)|"
    # "back home in portland after the workshop", "i'm home in charlotte packing": the
    # speaker at home, and the city home is in (not "home in time", not a relative's).
    # "I'm at home in Soweto just now": at home, and where home is.
    rf"{_SPEAKER}(?:(?:finally|safely|now|all|just)\s+)?(?:back\s+|at\s+)?home\s+in\s+(?!time\b)|"
    # "we've been in the new house in Austin since New Year's": living in the new home.
    rf"{_SPEAKER}{_ADVERB}been\s+(?:living\s+)?in\s+(?:the|our|my)\s+new\s+{HOME_NOUN}\s+in\s+|"
    # "home these days is Cebu City", "home is Leeds now": home said as the subject.
    r"^(?:(?:but|and|so)\s+)?home\s+(?:these\s+days\s+|nowadays\s+|now\s+|currently\s+)?is\s+"
    r"(?:now\s+)?(?:in\s+)?|"
    # "then my job moved us to Raleigh", "the company relocated me to Austin": the speaker
    # moved by an employer.
    r"\b(?:my|our|the|his|her)\s+(?:job|company|work|employer|firm|army|navy)\s+(?:just\s+)?"
    r"(?:moved|relocated|transferred|posted)\s+(?:us|me)\s+(?:back\s+)?to\s+|"
    # "New address is in Leeds", "our new flat's in Hackney": the new home said as the
    # subject, and the town it is in.
    rf"^(?:(?:the|my|our)\s+)?new\s+(?:address|{HOME_NOUN})(?:'s|\s+is)\s+(?:now\s+)?in\s+|"
    # "New address is 14 Elm Road, Cardiff", "our new address: 3 Rue Cler, Paris": the
    # street, then the town after its comma.
    # "We're now living at 4 Mill Lane, Kendal": the speaker at the street.
    r"(?:\bnew\s+address(?:'s|\s+is|\s*:)|\b(?:i|we)(?:'re|\s+are|'m|\s+am)?\s+(?:(?:now|currently|still)\s+)?"
    r"(?:live|living)\s+at)\s+(?:[\w.'-]+\s+){1,5}?(?:road|rd|street|st|avenue|ave|"
    r"lane|ln|drive|dr|close|way|court|ct|place|pl|crescent|terrace|boulevard|blvd|rue|calle|strasse|"
    r"straße|gardens|grove|square|sq)\.?,\s*(?:(?:flat|apt|unit)\s+\w+,\s*)?|"
    # "officially a Lisbon resident as of this month": the place first, as what one is.
    r"(?:^(?!(?:i'm|im|i|we're|we)\b)|\b(?:i'm|im|i\s+am|we're|we\s+are)\s+)"
    r"(?:(?:now|officially|finally|legally)\s+)*(?:an?\s+)?"
    # ("Being now resident in Geneva": a participle, not a place)
    r"(?=(?!being\b)[a-z][a-z.'-]*(?:\s+[a-z][a-z.'-]*){0,2}\s+residents?\b)|"
    # "Edinburgh-based designer here", "we're Chicago based": the place first.
    r"^(?:(?:i'm|im|i\s+am|we're|we\s+are)\s+)?(?:an?\s+)?(?=[a-z][a-z .'-]{1,30}?[- ]based\b)"
)

GATE = frozenset(
    {"settled", "new", "bought", "closed", "own", "rent", "renting", "stay", "moved", "got"}
    | {"relocated", "made", "call", "been", "based", "home", "base", "resident", "residents"}
    | {"live", "living", "first", "unpack", "unpacking", "unpacked", "signed"}
    | {"move"}
    | {"house", "flat", "flat's", "apartment", "apt", "condo", "place", "house's", "place's"}
)
"""Words one of which every pattern of ``HOME_SAID`` holds."""
