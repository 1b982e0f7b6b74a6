"""Where the user is now: present ("we're in Lisbon", "greetings from Rome"), touring
("backpacking around Peru"), or no longer there ("we just left Austin").

These phrases place the speaker, as an arrival does ("landed in Denver": ``travel_arrived``,
which a return read in ``travel_returns`` uses too, "landed in Portland, trip's over"); that
is why they live apart from ``rules_travel``. An arrival or a stay that names no place
("landed!!", "we're at the cabin now") is ``unnamed_arrivals``.
"""

from __future__ import annotations

from core.extraction.regex_branches import branched
from core.extraction.word_gates import gated

_DOING = (
    r"(?:sitting|sat|stood|standing|queu(?:e)?ing|perched|lying|lounging|resting|eating|drinking|sipping|writing|waiting|wandering|strolling|"
    r"exploring|enjoying|relaxing|chilling|soaking\s+up|freezing|baking|melting|"
    r"people[\s-]watching|posting\s+this|typing\s+this|killing\s+time|hiding|sheltering)"
)
OFF_A_VEHICLE = gated(
    r"\b(?:stepped|hopped|climbed|got)\s+off\s+(?:the|my|our|a)\s+(?:[a-z-]+\s+)?"
    r"(?:train|plane|flight|bus|coach|ferry|boat|ship)\b"
)
"""Off a vehicle, which leaves the traveller where it stopped."""
ON_A_VEHICLE = (
    r"on\s+(?:the|a|my|our)\s+(?:[a-z-]+\s+)?(?:train|bus|coach|ferry|tube|tram|plane|flight|"
    r"boat|ship|metro|subway|sleeper)\b"
)
"""On a vehicle, its "I'm" left out ("on the replacement bus", "on the train now"): under way."""
_NOT_THERE_YET = (
    r"(?:looking|searching|planning|thinking|dreaming|booking|reserving|considering|hoping|"
    r"trying|going|heading|flying|driving|moving|applying|interviewing|shopping|comparing|"
    r"checking|staring|eyeing|arriving|meeting|picking|dropping|getting|leaving|returning|"
    r"working|studying|teaching|living|volunteering|interning|training|nursing|temping|"
    r"something|nothing|anything|everything|morning|evening|wedding|thing|king|spring)\b"
)
"""Participles of a search, a plan, a coming and going or a job, and nouns that end like one:
what they are "at" is not where the speaker is staying ("working at a bank in Denver" is a
job there)."""
_LODGING = (
    r"(?:hostel|hotel|motel|airbnb|air\s+bnb|guesthouse|guest\s+house|homestay|b&b|bnb|resort|"
    r"lodge|ryokan|riad|inn|hut|campsite|campground|dorm\s+room)"
)
_DATELINE = (
    r"(?:late|dawn|dusk|midnight|morning|evening|night|noon|sunset|sunrise)"
    r"(?:\s+(?:night|morning|evening|afternoon))?"
)
"""The hour of a dateline ("Kyoto, late.", "Hanoi, dawn."); a weekday there would read as a
day ahead."""
_GONE = r"(?:left\s+|departed\s+(?:from\s+)?|made\s+it\s+out\s+of\s+|got(?:ten)?\s+out\s+of\s+)"
"""Gone from a place: not done ("haven't left", "yet to leave"), the speaker is still there."""
NOT_THERE = gated(r"\b(?:not|no\s+longer)\s+(?:in|at)\s+|\b(?:we|i)\s+(?:just\s+)?left\s+")
PRESENT_AT = branched(
    # "finally in Tahoe", "safely in Lisbon": an arrival said without its verb.
    # "jetlagged in Seoul", "sunburnt in Cancun": how the traveller is, then where.
    # "up in tahoe", "down in LA", "out in denver", "over in london": where, said with the
    # way one looks at the map.
    # "Today: in Leeds for the audit", "this week - in Oslo": a day line of a plan, today's.
    r"^(?:(?:today|tonight|this\s+week)\s*(?:[:,\u2013\u2014-]\s*)?)?"
    r"(?:(?:finally|safely|already|now|still|currently|just|back|here|up|down|out|over|"
    r"jet-?lagged|sunburn[td]|holed\s+up|"
    r"exhausted|knackered|shattered|wrecked|freezing|sweating|soaked|stranded|hungover|"
    # "overnight in anchorage", "overnighting in Doha": a crew's or a traveller's night there.
    r"relaxing|chilling|overnight|overnighting)\s+)*(?:at|in)\s+|(?:^|'ve\s+|have\s+|has\s+)been\s+(?:in|at)\s+|"
    # "delayed 3hrs in frankfurt", "stuck two hours at Schiphol": held up there, for so long.
    r"^(?:(?:still|now|currently|just)\s+)?(?:delayed|held\s+up|stuck|stranded|grounded)\s+"
    r"(?:(?:for\s+)?(?:another\s+|over\s+|nearly\s+)?(?:\d+|an?|one|two|three|four|five|six|a\s+few)\s*"
    r"(?:hrs?|hours?|mins?|minutes?)\s+)?(?:in|at)\s+|"
    r"\bspending\s+[^,;.]{0,25}?\s(?:in|at)\s+|\b(?:(?<!got\s)(?<!have\s)(?<!has\s)(?<!had\s)(?<!need\s)(?<!needs\s)(?<!want\s)"
    r"(?<!supposed\s)(?<!going\s)(?<!meant\s)to|finally|glad|happy)\s+be\s+(?:here\s+)?in\s+|"
    r"(?:^am|^are|\b(?:i'm|i\s+am|we're|we\s+are|and\s+i\s+are|(?:me|myself)\s+and\s+(?:(?:the|my|our)\s+)?[a-z]+\s+are|'ve\s+been|have\s+been|currently|presently|still|"
    # "we stay in Hotel Adlon until Friday": a simple present with an end is a stay now.
    # (not another's "hubby is stuck in Dallas", "she's staying in Leeds"; "guess who's
    # stuck in Dubai" is the writer)
    r"(?:(?<=\bwho's\s)|(?<!\bis\s)(?<!'s\s)(?<!\bare\s))(?:staying|stuck|crashing|hanging\s+out|chilling)|(?:i|we)\s+stay(?=[^.;]*\b(?:until|till|til|thru|through)\b)))"
    # "I am, for the moment, in Trieste": a short aside between commas, then where.
    r"(?:\s*,\s*[a-z]+(?:\s+[a-z]+){0,3}\s*,)?\s+(?:(?:still|currently|presently|now|here|already|only|"
    # "im actually in tokyo rn", "we're literally stuck in Leeds": how true, not where.
    r"actually|literally|really|legit|basically|technically|"
    # "currently sitting in an airport in atlanta": where the speaker sits is where they are.
    r"finally|safely|safe|officially|all|both|back|up|down|out|over|below|above|staying|stuck|sitting|waiting|stranded|"
    # "I'm out of town in Denver until Wednesday": away, and where.
    r"out\s+of\s+town|"
    # "we're holed up at a motel", "hunkered down in a cabin": sheltering there from the
    # weather; "I'm here na in Davao", "we're here po in Cebu": Filipino particles.
    r"holed\s+up|hunkered\s+down|snowed\s+in|parked(?:\s+up)?|na|po|lang|"
    # "we are lodged now in a cottage", "we're bedding down tonight in a finca", "billeted
    # in a school hall": put up for the night or the season, where one sleeps.
    r"lodged|lodging|bedding\s+down|bedded\s+down|billeted|ensconced|tucked\s+up|"
    # "we're staying on in Mombasa": a stay that goes on past its end.
    r"(?:on|put)(?=\s+(?:in|at)\s))\s+)*"
    r"(?:in|at)\s+|"
    # "I dey Abuja now" (Nigerian Pidgin: "dey" is "am"), "we still dey for Lagos"
    r"\b(?:i|we|i\s+still|we\s+still)\s+dey\s+(?:for\s+|in\s+|inside\s+)?|"
    # "I haven't left Boston yet": still there; so is "(we) still haven't made it out of
    # Lagos yet" and "I have not yet departed from Nairobi", the subject left out or the
    # "yet" said first (not "my sister hasn't left Sydney yet": hers).
    r"(?:^|\b(?:i|we)\s+)(?:still\s+(?:haven't|havent|have\s+not)\s+(?:even\s+)?" + _GONE + "|"
    r"(?:haven't|havent|have\s+not)\s+(?:(?:even\s+)?"
    + _GONE
    + r"(?=[^,;.]*\byet\b)|yet\s+"
    + _GONE
    + "))|"
    # "yet to leave Kuala Lumpur", "we're still yet to leave Hanoi": not gone, so there.
    r"(?:^|\b(?:i'm|i\s+am|we're|we\s+are)\s+)(?:still\s+)?yet\s+to\s+(?:leave|depart\s+(?:from\s+)?)\s+|"
    # "extended my stay in Lisbon till the 15th", "decided to stay on in Bali another week":
    # a stay there made longer, so there now.
    r"\b(?:extend(?:ed|ing|s)?|prolong(?:ed|ing)?)\s+(?:my|our|the)\s+(?:stay|trip|visit|"
    r"holiday|vacation|time)\s+(?:in|at)\s+|"
    # "we've extended another week in Zanzibar", "extending by two nights in Hoi An": the
    # stay made longer said by what was added.
    r"\b(?:extend(?:ed|ing)?|stay(?:ed|ing)?\s+on)\s+(?:(?:by|for)\s+)?(?:another|an\s+extra|one\s+more|"
    r"a\s+few\s+more|(?:a\s+)?couple\s+(?:of\s+)?(?:more\s+)?|two|three|four|\w+\s+more)\s+"
    r"(?:nights?|days?|weeks?)\s+(?:in|at)\s+|"
    r"\b(?:decided|deciding|chose|choosing)\s+to\s+stay\s+(?:on\s+)?(?:(?:another|an\s+extra|"
    r"one\s+more|a\s+few\s+more|(?:a\s+)?couple\s+(?:of\s+)?more|\w+\s+more)\s+(?:nights?|days?|"
    r"weeks?)\s+)?(?:in|at)\s+|"
    # "house sitting for my aunt in portland", "dog-sitting at my brother's in Leeds till
    # Sunday", "minding my sister's flat in Cork": staying in someone's home to look after it.
    r"\b(?:house|pet|dog|cat|flat|home)[\s-]?sitting\s+(?:for\s+[^,;.]{1,30}?\s+)?(?:in|at)\s+"
    r"(?:[a-z]+'s\s+(?:place\s+|house\s+|flat\s+)?(?:in\s+)?)?|"
    r"\b(?:minding|looking\s+after|watching)\s+(?:my|our|his|her|their)\s+(?:[a-z]+(?:'s|s')?\s+)?"
    r"(?:place|house|flat|apartment|home|dogs?|cats?)\s+(?:in|at)\s+|"
    # "staying by my parents in Kerala" (German and Dutch "bei"): with someone, somewhere;
    # the place is the one after "in", not the host, even by name ("staying with Susan in
    # Leeds").
    r"\bstaying\s+(?:by|with)\s+[^,;.]{0,30}?\bin\s+|"
    # "I'm with the family in Lyon until June" (an au pair), "we're with the in-laws in Cork
    # for the week": with someone somewhere, for a while that ends.
    # "with my dad in leeds till sunday": the same, "I'm" left out.
    r"(?:^|\b(?:i'm|i\s+am|we're|we\s+are)\s+)(?:(?:now|currently|still|just)\s+)?with\s+[^,;.]{1,30}?\s+in\s+"
    r"(?=[^.;!?]*\b(?:till|until|til|thru|through|for\s+the\s+(?:week|weekend|month|summer|holidays?))\b)|"
    # "we're guests at an Airbnb in Ghent", "I'm a guest at a B&B in York this week": a
    # lodging's guest is staying there.
    r"\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:(?:now|currently|still|just)\s+)?(?:a\s+)?(?:house\s*)?"
    r"guests?\s+(?:at|of)\s+[^,;.]{0,30}?\bin\s+|"
    # "We're renting a villa near Lucca for the week": a holiday let, rented for a while.
    r"\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:(?:currently|still|now)\s+)?renting\s+(?:a|an|the)\s+"
    r"(?:[a-z'-]+\s+){0,2}?(?:villa|cottage|chalet|cabin|gite|g\u00eete|apartment|flat|house|caravan)\s+"
    r"(?:in|near|outside)\s+(?=[^.;!?]*\b(?:for\s+the\s+(?:week|weekend|fortnight|holidays?)|this\s+week(?:end)?|"
    r"till|until)\b)|"
    # "I have been a fortnight now in this house near Lerwick", "we've been three weeks in
    # Hanoi": how long, said before where.
    r"\b(?:i|we)(?:'ve|\s+have)\s+been\s+(?:here\s+)?(?:a|one|two|three|four|five|six|\d+|a\s+few|"
    r"several)\s+(?:days?|nights?|weeks?|fortnight|months?)\s+(?:now\s+|already\s+)?(?:here\s+)?"
    r"(?:in|at)\s+|"
    # "living out of a backpack in Chiang Mai", "living out of a van near Tofino": on the
    # road, and where.
    r"\bliving\s+out\s+of\s+(?:a|an|my|our|the)\s+(?:backpack|rucksack|suitcase|van|"
    r"camper(?:van)?|car|bag|holdall)\s+(?:in|at|near|outside(?:\s+of)?)\s+|"
    # "staying by my parents in Kerala" (German and Dutch "bei"): with someone, somewhere.
    # Irish "stopping with my auntie in Tralee", Indian and Nigerian "putting up at my
    # uncle's place in Ikeja": staying there.
    r"\b(?:staying|lodging|boarding|stopping|putting\s+up)\s+(?:by|with|at)\s+(?=[^,;.]{0,30}?\bin\s+)|"
    # "We've taken a little apartment in Nice for the month": a stay rented for a while.
    # "I've taken the room above the pub in Kendal", "we have taken rooms in Florence": a
    # room is a stay whatever its length.
    r"\b(?:we've|i've|we\s+have|i\s+have)\s+(?:taken|rented)\s+(?:(?:a|an|the)\s+)?(?:[a-z]+\s+){0,2}?"
    r"(?:rooms?|digs|lodgings)\s+(?:(?:above|over|behind|beside|at)\s+(?:a|an|the)\s+[a-z'-]+\s+)?"
    r"(?:in|at)\s+|"
    r"\b(?:we've|i've|we\s+have|i\s+have)\s+(?:taken|rented)\s+(?:a|an|the)\s+(?:[a-z]+\s+){0,2}?"
    r"(?:apartment|flat|room|rooms|house|cottage|villa|place|studio|cabin)\s+(?:in|at)\s+"
    r"(?=[^,;.]{1,30}?\bfor\s+(?:the|a|two|three|four|six|a\s+few)\s+(?:month|months|week|weeks|"
    r"summer|winter|season|fortnight)\b)|"
    # "staying another night in rome", "layover in denver": a stay or a stop there now.
    r"\bstaying\s+(?:another|an\s+extra|one\s+more|a\s+few\s+more|two\s+more|"
    r"(?:a\s+)?couple\s+(?:of\s+)?more)\s+(?:nights?|days?|weeks?)\s+(?:in|at)\s+|"
    # "stuck on the tarmac in Chicago": held in the vehicle, where it stands.
    # "stuck on a train outside Crewe", "sat on a bus just outside Leeds": near it.
    r"\b(?:stuck|sat|sitting|stopped|stranded)\s+on\s+(?:the|a|an|our|my)\s+(?:tarmac|runway|plane|"
    r"train|bus|ferry|coach)\s+(?:(?:just|right)\s+)?(?:in|at|outside(?:\s+of)?|near)\s+|"
    # "I've been sent to Riyadh for two weeks", "we've been posted to Kano": sent there by
    # work, and there now.
    r"\b(?:i've|i\s+have|ive|we've|we\s+have)\s+(?:just\s+)?been\s+(?:sent|posted|deployed|seconded|"
    r"stationed)\s+(?:out\s+|over\s+|down\s+|up\s+)?to\s+|"
    # "no longer in Lagos, moved on to Accra": a traveller's next stop, reached.
    r"\bmoved\s+on\s+to\s+|"
    # "on a layover in charlotte", "i'm on a 3-hour stopover in doha": a stop on the way.
    r"(?:^|\b(?:i'm|i\s+am|im|we're|we\s+are|currently|still|now|just|stuck)\s+)(?:(?:on|during)\s+)?"
    r"(?:(?:a|an|our|my|long|short|quick|\d+\s*-?\s*(?:hr|hour)s?)\s+)*(?:layover|stopover)\s+"
    r"(?:in|at)\s+|"
    # "on the beach in Tulum right now", "at a little cafe in Porto": the scene, then the
    # place it is in, the "I'm" left out.
    r"^(?:(?:still|now|currently|just|finally)\s+)?(?:on|at)\s+(?:the|a|an|our|my)\s+"
    r"(?:[a-z'&-]+\s+){0,2}?(?:in|on)\s+(?=[A-Z]|[a-z]+\s*(?:[,.!]|right\s+now|rn|now|$))|"
    # "working from goa this month", "wfh from lisbon till april" ("wfh" is written out):
    # a remote worker's town, held to now (not "working from home", "from 9").
    r"^(?:(?:still|now|currently)\s+)?(?:working\s+(?:remotely\s+|from\s+home\s+)?|remote\s+)from\s+"
    r"(?!home\b|the\b|my\b|\d)(?=[^,;.!?]*\b(?:this\s+(?:week|month)|till|until|til|for\s+the\s+"
    r"(?:week|month)|now|right\s+now)\b)|"
    # "hostel in hanoi till thurs", "airbnb in porto for the week": where one sleeps, held
    # to now, the "I'm at" left out (not "the hotel in Rome was lovely", nor a host's "our
    # airbnb in asheville is booked solid through may": a verb of its own says it is the
    # subject, not where one is).
    r"^(?:(?:still|now|currently)\s+)?(?:(?:a|an|the|our|my)\s+)?(?:hostel|hotel|airbnb|guesthouse|"
    r"guest\s+house|homestay|b&b|campsite|motel)\s+in\s+"
    r"(?![^,;.!?]*\b(?:is|was|are|were|has|had|got|gets|looks?|booked|stays?)\b)"
    r"(?=[^,;.!?]*\b(?:till|until|til|thru|"
    r"through|for\s+the\s+(?:week|weekend|night)|tonight|now|right\s+now)\b)|"
    # "we're camping near Moab this week", "camped out outside Bend"
    # "camped by a lake near Bled", "camping on a beach outside Tulum": the spot, then the town.
    r"\b(?:camping|camped)\s+(?:out\s+)?(?:(?:by|on|at|beside|next\s+to)\s+(?:a|an|the)\s+"
    r"(?:[a-z'-]+\s+){0,2}?)?(?:in|near|at|outside(?:\s+of)?)\s+|"
    # "2 more nights in london", "one more day in Goa": what is left of a stay under way.
    r"^(?:only\s+|just\s+)?(?:\d+|one|two|three|four|five|a\s+few|a\s+couple(?:\s+of)?)\s+more\s+"
    r"(?:nights?|days?|sleeps)\s+(?:in|at)\s+|"
    # "sitting in a bar in Burgos", "we're eating pasta in Naples": what the speaker is
    # doing as they write, and where; not "looking for a hotel in Rome" (a search).
    # A frame before a comma may lead ("Halfway through the Camino, sitting in …").
    rf"(?:^|,\s*)(?:(?:i'm|i\s+am|we're|we\s+are|currently|still|now|just)\s+)*{_DOING}\b"
    r"[^,;.!?]{0,40}?\s(?:in|at|from)\s+|"
    # "tethering off my phone at a rest stop in nebraska", "charging the car at a services
    # near Leeds": whatever the speaker is doing, at a spot in a town, the "I'm" left out
    # (not a search or a plan: "looking at a hotel in Rome").
    rf"(?:^|,\s*)(?!{_NOT_THERE_YET})[a-z]+ing\b[^,;.!?]{{0,40}}?\sat\s+"
    r"(?=(?:a|an|the|this|some)\s+(?:[a-z'-]+\s+){0,2}?(?:in|near|outside)\s)|"
    # "Day 4 in Kyoto", "day 12: hanoi": a diary's day, and where it was spent.
    # "Day three in Kyoto", "night two in a tent outside Moab": the count in words.
    # "Fourth night in Marrakech", "our 3rd day in Rome": the count as an ordinal.
    r"^(?:(?:our|my)\s+)?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|"
    r"\d+(?:st|nd|rd|th))\s+(?:full\s+)?(?:day|night|week|month|morning|evening)\s+(?:in|at)\s+|"
    # "halfway through our week in Crete", "nearly halfway through the fortnight in Goa":
    # how much of the stay under way is gone.
    r"^(?:(?:we're|we\s+are|i'm|i\s+am|im)\s+)?(?:(?:about|nearly|almost|just\s+over|over)\s+)?"
    r"halfway\s+through\s+(?:our|my|the)\s+(?:[a-z'-]+\s+){0,2}?(?:week|fortnight|trip|holiday|"
    r"vacation|stay|month|break)\s+(?:in|at)\s+|"
    # "month 3 in chiang mai", "day 4 of 10: hanoi": a nomad's month, a count of the whole.
    r"^(?:day|night|week|month)\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|"
    r"twelve|\w+teen|twenty(?:[\s-]\w+)?|thirty)(?:\s+of\s+(?:\d+|[a-z]+))?\s*(?:(?:in|at)\s+|[:-]\s*(?=[a-z]+\s*(?:[,.!]|$)))|"
    # "the wifi in this hostel in Cusco", "this little guesthouse in Hoi An has no hot
    # water": "this" points at the lodging the writer is in, so at its town.
    rf"\bthis\s+(?:[a-z'-]+\s+){{0,2}}?{_LODGING}\s+(?:here\s+)?(?:in|at)\s+|"
    # "so one more night in Oslo", ", and two more days in Goa": what is left of a stay,
    # after the reason for it.
    # ("…, then 2 nights in Tobermory" is the next leg of a plan, not the stay now)
    r"(?:,\s*(?!then\b)|\b(?:so|and|now)\s+)(?:only\s+|just\s+)?(?:\d+|one|two|three|four|five|"
    r"a\s+few|a\s+couple(?:\s+of)?|another)\s+(?:more\s+)?(?:nights?|days?|sleeps)\s+(?:in|at)\s+|"
    # "ooo today n tmrw, at a wedding in Goa": the scene after what it explains.
    r",\s*(?:(?:still|now|currently|just|finally)\s+)?(?:on|at)\s+(?:the|a|an|our|my)\s+"
    r"(?:[a-z'&-]+\s+){0,2}?(?:in|on)\s+(?=[A-Z]|[a-z]+\s*(?:[,.!]|right\s+now|rn|now|$))|"
    # A letter's or a journal's dateline, the place then the hour ("Kyoto, late."), or the
    # hour then where ("Evening, somewhere outside Tucson."), and a base named as a label
    # ("This week's base: Sintra").
    rf"^(?=[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?,\s*{_DATELINE}\s*(?:[.;:-]|$))|"
    rf"^{_DATELINE},\s*(?:somewhere\s+|just\s+)?(?:outside|near|in|at|above|below)\s+|"
    r"^(?:this\s+week's|this\s+month's|today's|tonight's|current|our|my)\s+(?:base|home\s+base|"
    r"stop|digs)\s*[:-]\s*|"
    # "Evening in Lisbon, and the trams grind up the hill": a diary's hour, and where.
    r"^(?:(?:a|an|another|one\s+more|last)\s+)?(?:morning|evening|night|afternoon|dawn|dusk|sunset|"
    r"sunrise|midnight|noon|rain|snow|sunday|saturday|rest\s+day|lazy\s+day|beach\s+day|day\s+off|"
    r"free\s+day)\s+in\s+(?=[^,;.!?]*(?:[,;.!?]|$))|"
    # "Evening falls over Hoi An", "night settles on Tbilisi": a diary's hour coming on
    # the place the writer is in.
    r"^(?:(?:and\s+)?(?:now\s+)?)(?:morning|evening|night|dusk|dawn|darkness|twilight)\s+(?:falls|breaks|comes|"
    r"settles|descends|creeps)\s+(?:in\s+)?(?:over|on|upon|in)\s+|"
    # "From my window in Lisbon I watch …": the writer's spot, then the town it is in.
    r"^from\s+(?:my|our|the)\s+(?:[a-z'-]+\s+)?(?:window|balcony|desk|room|terrace|bed|table|seat|"
    r"hammock|deck|bench|porch|veranda|verandah)\s+(?:here\s+)?(?:in|at|overlooking)\s+|"
    # "we are now three nights into Zanzibar": how long the stay has run so far.
    r"\b(?:we're|we\s+are|i'm|i\s+am|im)\s+(?:(?:now|only|already|just|nearly|almost)\s+)*"
    r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|a\s+couple\s+of)\s+"
    r"(?:days?|nights?|weeks?)\s+into\s+|"
    # "Week two of the trip finds us in Cusco": the diary's time finding the writer there.
    r"\bfinds\s+(?:us|me)\s+(?:(?:now|still|back|once\s+again|again)\s+)?(?:in|at)\s+|"
    # "since Tuesday I am in Vienna" said the German way: "I am since Tuesday in Vienna".
    r"\b(?:i\s+am|i'm|we\s+are|we're)\s+(?:already\s+|now\s+)?since\s+(?:[\w']+\s+){1,3}?(?:in|at)\s+|"
    # "stuck on the M6 outside Birmingham", "stuck in traffic near Leeds": held on the road.
    r"\bstuck\s+(?:on|in)\s+(?:the\s+)?(?:[a-z]?\d+|motorway|highway|freeway|interstate|"
    r"traffic|a\s+jam|the\s+jam|a\s+queue)\s+(?:just\s+)?(?:in|at|near|outside(?:\s+of)?|"
    r"into|by)\s+|"
    # "The hostel in Valparaíso is cold at night": the lodging described as it is now (not
    # "our hotel in Rome is booked": a plan; nor a host's "our airbnb in asheville has guests
    # till friday", "my flat in Lisbon is let": someone else is there).
    rf"\b(?:the|our|my)\s+{_LODGING}\s+(?:here\s+)?in\s+(?=[^,;.!?]{{1,40}}?\s(?:is|has)\s+"
    r"(?!(?:booked|reserved|cancell?ed|canceled|sorted|confirmed|paid|full|closed|all\s+booked|"
    r"let|rented|occupied|empty|vacant|listed|guests|tenants|renters|bookings|visitors|"
    r"people|someone|a\s+(?:family|couple|guest|booking|tenant))\b))|"
    # "lag is bc im on hotel wifi in Warsaw": the lodging's wifi one is on.
    rf"\bon\s+(?:the\s+)?{_LODGING}\s+wi-?fi\s+(?:here\s+)?(?:in|at)\s+|"
    # "we're stuck outside Newark", "train's stuck just outside Crewe", "our bus is sitting
    # near Leeds": held short of the town, the speaker or the speaker's ride the subject.
    r"(?:^|\b(?:i'm|im|i\s+am|we're|we\s+are|(?:(?:the|our|my)\s+)?(?:train|bus|plane|flight|"
    r"coach|ferry)(?:'s|\s+is|\s+has\s+been)?)\s+)(?:(?:still|now|currently|just)\s+)?"
    r"(?:stuck|stranded|stopped|held|sitting|sat|waiting)\s+(?:(?:just|right)\s+)?"
    r"(?:outside(?:\s+of)?|near)\s+|"
    # "parked up for the night at a campsite outside Inverness"
    r"\bparked\s+up\s+(?:for\s+the\s+night\s+)?(?:at|in|near|outside)\s+|"
    # "the bus dropped us in Siem Reap at 3am": set down there.
    r"\b(?:dropped|dumped|deposited|set)\s+(?:us|me)\s+(?:off\s+|down\s+)?(?:in|at)\s+|"
    # "the ferry has left us on Hydra", "the bus has dropped us on Koh Tao": set down and
    # still there; "we have come to Oaxaca for the light": come, and here now.
    r"\b(?:has|have|'s|'ve)\s+(?:just\s+)?(?:left|dropped|deposited|dumped)\s+(?:us|me)\s+"
    r"(?:off\s+)?(?:in|at|on)\s+|"
    r"\b(?:we've|i've|we\s+have|i\s+have)\s+(?:finally\s+|now\s+|just\s+)?(?:come|gone|flown)\s+to\s+"
    r"(?!(?:the|a|an|terms|realise|realize|see|know|understand|love|hate|expect|think|believe|"
    r"appreciate|accept|rely|my|our|this|that)\b)(?![^.;!?]*\b(?:twice|times|before|ever)\b)"
    r"(?![^.;!?]*\b(?:every|each)\s+(?:year|summer|winter|time|month|spring|autumn)\b)|"
    # "currently nomading in Medellín", "presently freelancing out of Bali": a way of being
    # somewhere now, whatever its verb (not living, working or studying, which say home).
    r"\b(?:currently|presently)\s+(?!(?:living|working|residing|studying|renting|based|looking|"
    r"searching|shopping|teaching|employed|applying|interviewing|planning|thinking)\b)[a-z]+ing\s+"
    r"(?:in|around|out\s+of|from)\s+"
)
HERE = branched(
    r"\bhere\s+in\s+|"
    # "Postcard from Porto: it's raining", "A quick dispatch from Hanoi": a letter's heading
    # names where it is written (only at the head of the message: "news from Ukraine" in
    # mid-sentence is the news).
    r"^(?:a\s+)?(?:quick\s+|short\s+|brief\s+)?(?:postcard|dispatch|despatch|word|line|note|update|report)\s+from\s+|"
    # "hola from oaxaca", "cheers from lisbon", "g'day from perth": a greeting in the
    # place's own words, or a toast; "waving from Porto" (words19b).
    r"\b(?:greetings|hello|hi|hey|hallo|hiya|howdy|aloha|ciao|love|waving|hugs|hola|ola|ol\u00e1|bonjour|salut|"
    r"cheers|namaste|sawasdee|merhaba|konnichiwa|g'day|kia\s+ora|(?:good\s+)?morning|"
    r"(?:good\s+)?evening|(?:good\s+)?afternoon)\s+from\s+"
    # "greetings from all of us to everyone in Belfast": from people, not a place.
    r"(?!(?:all|everyone|everybody|us|me|both|the\s+(?:team|family|whole|two|three|four))\b)"
    # "greetings from a very rainy Glasgow": the weather said with an article and a degree.
    # "greetings from the rainiest Bergen imaginable": a superlative with its article.
    r"(?:an?\s+|the\s+(?=[a-z]+est\s))?(?:[a-z]+est\s+)?"
    r"(?:(?:very|super|rather|really|so|wet\s+and|grey\s+and|cold\s+and)\s+)*(?:(?:grey|gray|wet|"
    r"humid|muggy|sweltering|misty|stormy|drizzly|damp|dreary|balmy|icy|sunny|rainy|snowy|beautiful|"
    r"lovely|gorgeous|freezing|windy|foggy|hot|cold|chilly|steamy)\s+)?|"
    # "I am writing from Nairobi", "currently working remotely from Mexico City": the
    # speaker does it where they are (not "coming from", which is where they left).
    # "working out of a coworking in canggu this month", "working from my sister's place in
    # denver": the subject left out, and the room before the city it is in.
    r"(?:^|\b(?:i'm|i\s+am|im|we're|we\s+are|currently|now)\s+|\b(?:i|we)\s+(?=write\b))"
    r"(?:(?:currently|now|still)\s+)?(?:writing|(?:co-?)?working|nomading|streaming|calling|texting|emailing|messaging|typing|posting|teaching|studying|"
    # "I write to you from a small hotel in Trieste": the letter-writer's simple present.
    r"write)"
    # "I am writing this from a narrow room in Trieste": what is written, then where
    r"\s+(?:this\s+|these\s+lines\s+|to\s+you\s+)?"
    # "WFH from my parents' in Brighton": working from home, a home away from one's own.
    r"(?:remotely\s+|today\s+|this\s+(?:week|month)\s+|from\s+home\s+)?(?:from|out\s+of)\s+"
    r"(?:(?:a|an|the|our|my|his|her|their)\s+(?:[a-zà-ÿ'&-]+\s+){0,2}?(?:in\s+)?)?|"
    # "remote from lisbon till the end of the month": a status line, the work and its
    # subject left out.
    r"^(?:(?:currently|now|still|working)\s+)*remote(?:ly)?\s+(?:from|in)\s+|"
    # "swapped lisbon for porto", "traded canggu for ubud this week": one place left for
    # another, where one is now.
    r"(?:^|\b(?:i|we|i've|we've|just|finally)\s+)(?:swapped|traded|ditched|exchanged)\s+"
    r"(?!(?:my|our|the|a|an|shifts?|seats?|numbers?)\b)[a-z\u00c0-\u024f][a-z\u00c0-\u024f .'-]{1,25}?\s+for\s+|"
    # "doing my erasmus in lyon", "on exchange in seoul this semester": a student's term
    # abroad, where one is now.
    r"(?:^|\b(?:i'm|im|i\s+am|currently|now)\s+)(?:doing\s+(?:my|an|a|the)\s+|on\s+(?:my\s+|an?\s+)?)"
    r"(?:erasmus|exchange|semester\s+abroad|study\s+abroad)(?:\s+(?:year|semester|term))?\s+(?:in|at)\s+|"
    # "nomading from lisbon for the next 3 months": the nomad's work, where it is done;
    # "coliving in ericeira till april", "im wwoofing in a farm in galicia": how one lives
    # there for now.
    r"(?:^|\b(?:i'm|im|i\s+am|we're|we\s+are)\s+)(?:(?:currently|now|still)\s+)*(?:nomading|"
    r"co-?living|wwoofing|couch-?surfing|volunteering|slow-?mading)\s+(?:from|in|out\s+of)\s+"
)


# Travelling somewhere as a state, not a move: "currently travelling in Japan", "on
# vacation in Bali", "backpacking around Peru". Followed by "in"/"around"/"through", never
# "to" ("travelling to Paris" is a plan).
TOURING = branched(
    r"\b(?:travell?ing|touring|backpacking|roadtripping|road\s+tripping)\s+(?:around|through|thru|"
    r"across|in)\s+(?:the\s+(?=[a-z]*\s*[A-Z]))?|"
    # "we're driving through Utah right now": on the road across a place, not to it.
    r"\b(?:driving|cycling|biking|riding|hiking|passing|cruising)\s+(?:through|thru|across)\s+|(?:^|\b(?:i'm|i\s+am|we're|we\s+are|currently|"
    r"still|now|here)\s+)on\s+(?:(?:a|an|our|my|the)\s+)?(?:family\s+|little\s+|short\s+|long\s+|"
    r"annual\s+|quick\s+|two\s+week\s+)?(?:vacation|holiday|holidays|honeymoon|"
    r"(?:business\s+|work\s+|road\s+)?trip|getaway|break)\s+in\s+|"
    # "doing a semester abroad in barcelona", "studying abroad in Seoul", "on exchange in
    # Lyon": a stay away for one's studies, there for now.
    r"\b(?:doing|on|spending)\s+(?:(?:a|an|my|our|the|this)\s+)?(?:semester|term|year|exchange|"
    # "currently on placement in Bristol", "on secondment in Leeds till June", "doing my
    # internship in Singapore": a stint away for one's course or employer.
    # "on a contract in Perth till June", "on assignment in Lagos": a work stint there.
    r"placement|internship|secondment|fieldwork|rotation|elective|contract|assignment|"
    r"deployment|posting|locum)"
    r"(?:\s+semester)?\s+(?:abroad\s+)?in\s+|\bstudying\s+abroad\s+in\s+|"
    # "back on campus in Ithaca": at college again, in its town.
    r"\b(?:back|now|currently|still)\s+on\s+campus\s+(?:in|at)\s+"
)
