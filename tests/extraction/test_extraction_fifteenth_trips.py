"""The fifteenth round (issue 24), words15b: classes of phrasing about trips, whereabouts
and homes that probe sentences written for this round (``realistic/probes15b*-dev.jsonl``:
travelogues and literary openings, nomads, students, teens, couples, itineraries) showed the
extractor missing, each fixed as a class and tabled here with paraphrases in other voices
and with look-alikes that must not commit the field. Every row is a sentence written for
this module, none taken from an evaluation set. The message time is ``AT`` (Wednesday
2026-03-04).
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row


def _table(rows: list[FieldRow]) -> pytest.MarkDecorator:
    return pytest.mark.parametrize(("text", "field", "value", "intent"), rows)


# ---------------------------------------------------------------- itineraries


@_table(
    [
        # Legs between airport codes outside North America, in capitals, with a heading day.
        ("Tue: LIS→OPO 09:40, hotel by the river", "travel.destination", "Porto", "planning"),
        ("Tue: LIS→OPO 09:40, hotel by the river", "travel.depart_date", "2026-03-10", "planning"),
        ("Fri 13th - AMS -> CPH, 2 nights", "travel.destination", "Copenhagen", "planning"),
        ("Sun 8 Mar — DOH → SIN 02:10", "travel.destination", "Singapore", "planning"),
        ("Sun 8 Mar — DOH → SIN 02:10", "travel.depart_date", "2026-03-08", "planning"),
        # A leg from one named place to another goes to the second, not the first.
        ("Tue: Lisbon → Porto 09:40", "travel.destination", "Porto", "planning"),
        ("Sat 14th: Kyoto -> Osaka by train", "travel.destination", "Osaka", "planning"),
        ("Thu – Leeds → York, back Sat", "travel.destination", "York", "planning"),
        # A numbered day with its weekday, and a list's bare "arrive".
        (
            "Day 1 (Fri): arrive Marrakech\nDay 2: souks\nDay 3 (Sun): fly home",
            "travel.destination",
            "Marrakech",
            "planning",
        ),
        (
            "Day 1 (Fri): arrive Marrakech\nDay 2: souks\nDay 3 (Sun): fly home",
            "travel.return_date",
            "2026-03-08",
            "planning",
        ),
        (
            "Day 1 (Sat) – arrive Naples, pick up car",
            "travel.depart_date",
            "2026-03-07",
            "planning",
        ),
        ("Thu: arrive Vienna 18:00", "travel.destination", "Vienna", "planning"),
        # Look-alikes: codes that are words in lower case, arrows of feeling, a town unknown.
        ("feeling meh -> better after coffee", "travel.destination", None, ""),
        ("per the email, sin -> bog is the joke", "travel.destination", None, ""),
        ("Mon: dentist -> gym -> home", "travel.destination", None, ""),
    ]
)
def test_itinerary_lines(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- days written every way


@_table(
    [
        # A day with a dot, day first, in a range or with its year.
        ("off to Dubrovnik 18.03 - 22.03", "travel.depart_date", "2026-03-18", "planning"),
        ("off to Dubrovnik 18.03 - 22.03", "travel.return_date", "2026-03-22", "planning"),
        (
            "flying to Vienna on 20.03.2026, back 24.03.2026",
            "travel.depart_date",
            "2026-03-20",
            "planning",
        ),
        ("in Bergen from 02.04 to 06.04 for work", "travel.return_date", "2026-04-06", "planning"),
        # The end of a month named.
        (
            "I'm in Tbilisi until end of March, then Yerevan",
            "travel.return_date",
            "2026-03-31",
            "assertive|planning",
        ),
        (
            "staying on in Goa till the end of April 🌴",
            "travel.return_date",
            "2026-04-30",
            "assertive|planning",
        ),
        (
            "in Hanoi till the last day of March, then home",
            "travel.return_date",
            "2026-03-31",
            "assertive|planning",
        ),
        # Look-alikes: clock times and prices with a dot.
        ("dinner 19.30 - 21.00 at the hotel in Rome", "travel.depart_date", None, ""),
        ("meeting in Leeds at 18.30 tomorrow", "travel.return_date", None, ""),
    ]
)
def test_days_written_every_way(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- emoji between sentences


@_table(
    [
        (
            "in paris w the school trip rn!!! 🇫🇷🥐 back fri",
            "travel.return_date",
            "2026-03-06",
            "assertive|planning",
        ),
        (
            "landed in rome!! 🛬🍝 hotel is gorgeous, back sunday",
            "travel.return_date",
            "2026-03-08",
            "assertive|planning",
        ),
        (
            "omg we're in orlando!!! 🎢 home on the 10th",
            "travel.return_date",
            "2026-03-10",
            "assertive|planning",
        ),
        # The emoji leads nothing else: the other sentence's subject still counts.
        ("in rome w mum!! 😍 she's back fri", "travel.return_date", None, ""),
    ]
)
def test_emoji_close_the_sentence_before(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- travelogue and prose


@_table(
    [
        # A diary's day counted in words.
        ("Day three in Kyoto. The temples blur together.", "travel.location", "Kyoto", "assertive"),
        ("day twelve in hanoi and still no rain", "travel.location", "Hanoi", "assertive"),
        ("Night two in Oaxaca: mezcal, then more mezcal", "travel.location", "Oaxaca", "assertive"),
        # Waking there, the "up" left out as prose leaves it.
        (
            "It is strange to wake in Bergen to a sky that never gets light.",
            "travel.location",
            "Bergen",
            "assertive",
        ),
        ("woke in Oslo to fresh snow", "travel.location", "Oslo", "assertive"),
        ("waking in Hue to roosters again", "travel.location", "Huế", "assertive"),
        # Look-alikes: a waking on a day behind, or a habit of the past.
        ("I woke in Rome on Sunday and flew home", "travel.location", None, ""),
        ("we used to wake in Lisbon to the trams", "travel.location", None, ""),
        ("wake in the morning and drive to Leeds", "travel.location", None, ""),
    ]
)
def test_travelogue_prose(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- an invitation after the fact


@_table(
    [
        (
            "we're at your mum's in Leeds till Sunday, come up if you finish early",
            "travel.location",
            "Leeds",
            "assertive",
        ),
        (
            "in Brighton for the weekend, pop by if you're around",
            "travel.location",
            "Brighton",
            "assertive",
        ),
        (
            "staying at a cabin in Tahoe till Friday, so come up if you can get the time off",
            "travel.location",
            "Tahoe",
            "assertive",
        ),
        (
            "I'm in Cork all week, feel free to drop in if u want",
            "travel.location",
            "Cork",
            "assertive",
        ),
        # Look-alikes: the condition governs the trip itself.
        ("we'll be in Leeds if you come up", "travel.destination", None, ""),
        ("If you finish early come up to Leeds", "travel.destination", None, ""),
        ("I'd be in Leeds by now, come if you like", "travel.location", None, ""),
    ]
)
def test_invitation_after_the_fact(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- home, and glad of it


@_table(
    [
        ("touched down at Dublin, so good to be home", "travel.status", "completed", "assertive"),
        ("so good to be home after 3 weeks on the road", "travel.status", "completed", "assertive"),
        ("landed at 6, glad to be back home", "travel.status", "completed", "assertive"),
        ("Weird to be home after a month in Peru tbh", "travel.status", "completed", "assertive"),
        # Look-alikes: a wish, a hope, and a day at home.
        ("it would be good to be home by Christmas", "travel.status", None, ""),
        ("I hope it's good to be home", "travel.status", None, ""),
        ("nice to be home with the kids for a day", "travel.status", None, ""),
    ]
)
def test_glad_to_be_home(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- a place's past in a relative clause


@_table(
    [
        (
            "After twelve years in London I've finally moved back to Glasgow, where I grew up.",
            "profile.home_city",
            "Glasgow",
            "assertive",
        ),
        ("I'm in Porto, where we honeymooned years ago", "travel.location", "Porto", "assertive"),
        (
            "we've settled in Galway, where my mum was born",
            "profile.home_city",
            "Galway",
            "assertive",
        ),
        # Look-alikes: the main clause is the past.
        ("I stayed in Porto, where we honeymooned years ago", "travel.location", None, ""),
        ("we lived in Leeds, where my wife was born", "profile.home_city", None, ""),
    ]
)
def test_a_places_past(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- a nomad's labels


@_table(
    [
        ("base for the next month: Chiang Mai 🌴", "travel.location", "Chiang Mai", "assertive"),
        (
            "new city unlocked: Medellín. coworking sorted",
            "travel.location",
            "Medellín",
            "assertive",
        ),
        (
            "current city: Tbilisi (until the visa runs out)",
            "travel.location",
            "Tbilisi",
            "assertive",
        ),
        ("Base for the winter: Da Nang", "travel.location", "Da Nang", "assertive"),
        ("new base: Oaxaca, for now", "travel.location", "Oaxaca", "assertive"),
        # Look-alikes: a base that is no place.
        ("base: 5000 rpm", "travel.location", None, ""),
        ("home base: Denver, but I'm on the road a lot", "travel.location", None, ""),
        ("new city unlocked: nope, still saving", "travel.location", None, ""),
    ]
)
def test_nomad_labels(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- stays made longer, legs ahead


@_table(
    [
        # A stay made longer, said by what was added.
        (
            "we were meant to fly home Saturday but we've extended another week in Zanzibar",
            "travel.location",
            "Zanzibar",
            "assertive",
        ),
        (
            "extending by two nights in Hoi An, too nice to leave",
            "travel.location",
            "Hoi An",
            "assertive",
        ),
        ("staying on an extra week in Bali, work can wait", "travel.location", "Bali", "assertive"),
        # Getting into a place ahead, and a visa's border run.
        (
            "bus is 3 hrs late, we'll get into Puno after midnight",
            "travel.destination",
            "Puno",
            "planning",
        ),
        ("I'll get into Leeds around 9 tonight", "travel.destination", "Leeds", "planning"),
        (
            "visa expires on the 20th so I'm doing a border run to Penang",
            "travel.destination",
            "Penang",
            "planning",
        ),
        # Look-alikes: a stay longer only weighed, and "get into" a state.
        ("we should extend another week in Bali", "travel.location", None, ""),
        ("if we extended another week in Bali we'd be broke", "travel.location", None, ""),
        ("we'll get into trouble in Leeds for this", "travel.destination", None, ""),
    ]
)
def test_stays_made_longer_and_legs_ahead(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- someone else's trip, a relative's word


@_table(
    [
        # A former partner, a step-parent, a housemate: someone else's trip, not the writer's.
        ("my ex is taking the kids to Spain on the 10th", "travel.destination", None, ""),
        ("my ex-wife is flying to Denver on Sunday", "travel.depart_date", None, ""),
        ("my housemate is in Lisbon till Sunday", "travel.location", None, ""),
        ("my stepdad is off to Malaga on Friday", "travel.destination", None, ""),
        # ... while the writer with them is the writer.
        ("my ex and I are in Leeds for the handover", "travel.location", "Leeds", "assertive"),
        # A relative called by the family's word, capitalised, is never the place.
        ("Visiting Mum in Perth 3rd–17th April", "travel.destination", "Perth", "planning"),
        ("off to see Nana in Cork on Friday", "travel.destination", "Cork", "planning"),
        ("Flying out to Gran in Toronto tomorrow", "travel.destination", "Toronto", "planning"),
    ]
)
def test_whose_trip_and_whose_word(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- more days written every way


@_table(
    [
        ("Trip: Seville, 3–7 April", "travel.return_date", "2026-04-07", "planning"),
        ("flying to Seville 3-7 April", "travel.depart_date", "2026-04-03", "planning"),
        ("we're in Crete 10th-17th May!! so ready", "travel.return_date", "2026-05-17", "planning"),
        ("we're going to Vienna in a fortnight", "travel.depart_date", "2026-03-18", "planning"),
        ("in two fortnights we fly to Rome", "travel.depart_date", "2026-04-01", "planning"),
        # The day before "May", the British way, names the month, not a modal.
        ("flying to Crete 10-17 May", "travel.depart_date", "2026-05-10", "planning"),
        ("back 3rd May, dinner on the 4th?", "travel.return_date", "2026-05-03", "planning"),
        (
            "Home 21st May after the conference in Oslo",
            "travel.return_date",
            "2026-05-21",
            "planning",
        ),
        ("the 2 of us may come to Leeds", "travel.destination", None, ""),
        # Look-alike: a score with a dash.
        ("we lost 3-7 in April's cup match in Leeds", "travel.depart_date", None, ""),
    ]
)
def test_more_days_written_every_way(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- prose that places the writer


@_table(
    [
        (
            "I write to you from a small hotel in Trieste, where the wind never stops.",
            "travel.location",
            "Trieste",
            "assertive",
        ),
        ("We write this from a campsite outside Bled", "travel.location", "Bled", "assertive"),
        (
            "From my window in Lisbon I watch the trams labour up the hill.",
            "travel.location",
            "Lisbon",
            "assertive",
        ),
        (
            "from our balcony in Sorrento you can see Vesuvius",
            "travel.location",
            "Sorrento",
            "assertive",
        ),
        (
            "Evening falls over Hoi An and the lanterns come on.",
            "travel.location",
            "Hoi An",
            "assertive",
        ),
        (
            "Night settles on Tbilisi, and the dogs start up.",
            "travel.location",
            "Tbilisi",
            "assertive",
        ),
        (
            "we are now three nights into Zanzibar and the sea is ridiculous",
            "travel.location",
            "Zanzibar",
            "assertive",
        ),
        (
            "Week two of the trip finds us in Cusco, breathless.",
            "travel.location",
            "Cusco",
            "assertive",
        ),
        # Look-alikes: a stint into a season, a memory from a window, a past finding.
        ("we are three weeks into the semester", "travel.location", None, ""),
        ("From my window in Lisbon, years ago, I watched the trams", "travel.location", None, ""),
        ("that week found us in Cusco", "travel.location", None, ""),
        ("I wrote to you from Rome", "travel.location", None, ""),
    ]
)
def test_prose_that_places_the_writer(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- stints, holidays that start, homes shared


@_table(
    [
        ("currently on placement in Bristol until June", "travel.location", "Bristol", "assertive"),
        (
            "on secondment in Leeds till the end of April",
            "travel.return_date",
            "2026-04-30",
            "assertive|planning",
        ),
        ("still on campus in Durham over the break", "travel.location", "Durham", "assertive"),
        ("our honeymoon in Bali starts Saturday 💍", "travel.destination", "Bali", "planning"),
        ("my study abroad in Madrid starts next week", "travel.destination", "Madrid", "planning"),
        (
            "the road trip in Utah kicks off on the 20th",
            "travel.depart_date",
            "2026-03-20",
            "planning",
        ),
        ("we're living with my in-laws in Pune for now", "profile.home_city", "Pune", "assertive"),
        (
            "After the divorce I moved back in with my parents in Cork",
            "profile.home_city",
            "Cork",
            "assertive|historical",
        ),
        (
            "living with my parents in Galway till I find a job",
            "profile.home_city",
            "Galway",
            "assertive",
        ),
        (
            "I've been home since Tuesday but only just unpacked",
            "travel.status",
            "completed",
            "assertive",
        ),
        ("back on Irish soil at last", "travel.status", "completed", "assertive"),
        # Look-alikes.
        ("I applied for a placement in Bristol", "travel.location", None, ""),
        ("my son is on placement in Leeds", "travel.location", None, ""),
        ("on our honeymoon we went to Bali", "travel.destination", None, ""),
        ("my brother is living with his in-laws in Pune", "profile.home_city", None, ""),
        ("we were living with my in-laws in Pune back then", "profile.home_city", None, ""),
        ("I've been home sick since Tuesday", "travel.status", None, ""),
    ]
)
def test_stints_starts_and_shared_homes(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- batch 3: posts, timetables, days named


@_table(
    [
        # A forum post's frame label before the news.
        (
            "Edit: made it to Chicago! Thanks for the advice on the connection.",
            "travel.location",
            "Chicago",
            "assertive",
        ),
        (
            "UPDATE 2: we're in Lisbon till the 20th, the flat is fine",
            "travel.return_date",
            "2026-03-20",
            "assertive|planning",
        ),
        ("TL;DR: landed in Lima, bag lost", "travel.location", "Lima", "assertive"),
        # Timetables and texts: "next up", "arr.", "ETA", a leg in codes, a span of weekdays.
        (
            "6 months in Lisbon done, next up: Cape Town on the 1st",
            "travel.destination",
            "Cape Town",
            "planning",
        ),
        ("flights booked: BKK → TBS on the 20th", "travel.destination", "Tbilisi", "planning"),
        (
            "Dep. Porto 06:55 Sat 14 Mar, arr. Funchal 08:40",
            "travel.destination",
            "Funchal",
            "planning",
        ),
        ("ETA Lyon 18:30 tonight", "travel.destination", "Lyon", "planning"),
        ("Mon–Wed: Kyoto\nThu–Sun: Tokyo", "travel.depart_date", "2026-03-09", "planning"),
        ("Fri-Sun: Bath, then home", "travel.destination", "Bath", "planning"),
        ("next up: laundry", "travel.destination", None, ""),
        ("my eta is 6", "travel.destination", None, ""),
        # A weekday with the day of the month, and Easter.
        (
            "we're in Rome till Friday 13th",
            "travel.return_date",
            "2026-03-13",
            "assertive|planning",
        ),
        ("flying to Paris sat 14th", "travel.depart_date", "2026-03-14", "planning"),
        ("back on Sun 22nd, dinner Monday?", "travel.return_date", "2026-03-22", "planning"),
        ("driving down to Cornwall Easter Monday", "travel.depart_date", "2026-04-06", "planning"),
        ("good friday we go to Devon", "travel.depart_date", "2026-04-03", "planning"),
        ("meeting tuesday 3rd floor in Leeds", "travel.depart_date", None, ""),
    ]
)
def test_posts_timetables_and_days(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # A laugh or a groan between two statements ends the first.
        (
            "bus broke down lol stuck in some village outside york",
            "travel.location",
            "York",
            "assertive",
        ),
        (
            "missed the train ugh stuck in Crewe for an hour",
            "travel.location",
            "Crewe",
            "assertive",
        ),
        # "2" for "to" after a vehicle or the way.
        (
            "on the train 2 manchester rn, getting in at 6",
            "travel.destination",
            "Manchester",
            "assertive|planning",
        ),
        ("omw 2 leeds, traffic is mad", "travel.destination", "Leeds", "assertive|planning"),
        # What is left of a stay after why.
        (
            "the train home got cancelled so one more night in Paris 🥐",
            "travel.location",
            "Paris",
            "assertive",
        ),
        ("ferry was cancelled so another night in Mull", "travel.location", "Mull", "assertive"),
        # Set down somewhere, come somewhere, a town again, another city.
        (
            "The ferry has left us on Hydra, where there are no cars.",
            "travel.location",
            "Hydra",
            "assertive",
        ),
        ("We have come to Oaxaca for the light.", "travel.location", "Oaxaca", "assertive"),
        (
            "Lisbon again. The same cracked tiles, the same me.",
            "travel.location",
            "Lisbon",
            "assertive",
        ),
        (
            "Another morning, another city: Kraków, grey and handsome.",
            "travel.location",
            "Kraków",
            "assertive",
        ),
        # Look-alikes.
        ("we went to rome lol it was great", "travel.location", None, ""),
        (
            "we loved it so one more night in Paris would have been nice",
            "travel.location",
            None,
            "",
        ),
        ("we have come to the conclusion in Leeds that it won't work", "travel.location", None, ""),
        ("I've come to Paris every year since 2010", "travel.location", None, ""),
        ("Tom again. he never learns", "travel.location", None, ""),
        # A plan's next leg and a list of weeks are ahead, not the stay now.
        ("Ferry to Mull 14:00 tmrw, then 2 nights in Tobermory", "travel.location", None, ""),
        ("Wk 1 – Hanoi\nWk 2 – Hoi An\nWk 3 – home", "travel.status", "planning", "planning"),
        ("Week 1 - Lima\nWeek 2 - Cusco\nWeek 3 - home", "travel.destination", "Lima", "planning"),
        ("train to Oban at 9, then two nights in Tobermory", "travel.location", None, ""),
        ("the bus 2 hrs late again", "travel.destination", None, ""),
    ]
)
def test_texting_and_diary_places(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # A post's age and sex tag before the first clause.
        (
            "29F, moved to Denver from Ohio two years ago for work",
            "profile.home_city",
            "Denver",
            "assertive",
        ),
        (
            "[34M] moved to Leeds for a job last spring, still no friends",
            "profile.home_city",
            "Leeds",
            "assertive|historical",
        ),
        ("(41F), live in Tampa with two kids", "profile.home_city", "Tampa", "assertive"),
        # A move said with the way one looks at the map.
        ("we moved out to Hobart last year", "profile.home_city", "Hobart", "assertive"),
        (
            "Since we moved out to Hobart the pace of life is slower.",
            "profile.home_city",
            "Hobart",
            "assertive",
        ),
        (
            "I moved down to Brighton and never looked back",
            "profile.home_city",
            "Brighton",
            "assertive",
        ),
        # Look-alikes.
        ("my brother moved out to Hobart last year", "profile.home_city", None, ""),
        ("we moved over to Teams at work", "profile.home_city", None, ""),
    ]
)
def test_post_tags_and_moves(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # "home to <place>" is the way home, still ahead: no trip over, no stay there now.
        ("I'm home to Cork for Easter", "travel.status", None, ""),
        ("I'm home to Cork for Easter", "travel.location", None, ""),
        ("term ends on the 20th and then we're home to Galway", "travel.location", None, ""),
        ("I'm home to Cork on Friday", "travel.return_date", "2026-03-06", "planning"),
        # ... while being home is still a trip over.
        ("we're home! so tired", "travel.status", "completed", "assertive"),
        ("I'm back home, finally", "travel.status", "completed", "assertive"),
    ]
)
def test_home_to_a_place_is_ahead(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)
