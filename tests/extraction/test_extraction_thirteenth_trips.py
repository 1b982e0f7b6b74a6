"""The thirteenth round (issue 24), trips, whereabouts, homes and time zones: classes of
phrasing that sentences written for this round in many voices (gamers, travelogues, diary
prose, handover notes, nomads, students, couples, Indian, Nigerian, Filipino, Singaporean and
German speakers' English, polite mail, itinerary lists) showed the extractor missing or
misreading. Each class has its look-alikes beside it. Every row is a sentence written for
this module, none taken from an evaluation set; the probe sentences themselves are
``realistic/probes13a-dev.jsonl``.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, facts_said

from core.extraction.offline import extract_offline


def _values(text: str, field: str) -> set[object]:
    found = extract_offline(text, at=AT).observations
    return {
        o.candidate_value
        for o in found
        if o.field == field and o.intent in ("assertive", "planning")
    }


# ------------------------------------------------- the listener's whereabouts, asked unmarked


@pytest.mark.parametrize(
    "text",
    [
        "are u still in lisbon or did u go home already",
        "r u home yet or still stuck in denver",
        "you still at ur moms in Leeds",
        "were you in Berlin last week or was that Munich",
        "are you guys in Tokyo rn",
        "did you land in Nairobi yet",
    ],
)
def test_a_question_about_the_listener_sets_none_of_the_speakers_travel(text: str) -> None:
    ex = extract_offline(text, at=AT)
    assert ex.intent not in ("assertive", "planning"), text
    assert not {f for f in facts_said(text, AT) if f.startswith("travel.")}, text


def test_the_speakers_own_whereabouts_stay_a_fact() -> None:
    assert facts_said("am still in lisbon, flying home friday", AT)["travel.location"] == "Lisbon"
    assert facts_said("we're still in Denver", AT)["travel.location"] == "Denver"


# ------------------------------------------------------------ a group named by a collective


@pytest.mark.parametrize(
    "text",
    [
        "the guys are all heading to Vegas friday without me 😭",
        "the lads fly out to Magaluf on saturday",
        "everyone is going to Cabo next week except me",
        "the squad's flying to Seoul tmrw for worlds",
        "my crew are driving up to Tahoe tonight",
    ],
)
def test_a_group_going_somewhere_plans_no_trip_of_the_speakers(text: str) -> None:
    assert not {f for f in facts_said(text, AT) if f.startswith("travel.")}, text


def test_the_speaker_among_the_group_still_goes() -> None:
    said = facts_said("me and the guys are heading to Vegas friday", AT)
    assert said["travel.destination"] == "Vegas"


# ----------------------------------------------------------------- requests said as spoken


@pytest.mark.parametrize(
    "text",
    [
        "lemme know when ur back from Tokyo",
        "gimme a shout when u land in Rome",
        "lemme know when u get to Leeds x",
    ],
)
def test_a_spoken_let_me_know_is_a_request(text: str) -> None:
    assert extract_offline(text, at=AT).intent == "none", text


# ------------------------------------------------------------ the scene one writes from


@pytest.mark.parametrize(
    ("text", "place"),
    [
        # "this" points at the lodging the writer is in
        ("wifi in this hostel in Cusco is a joke, might not be online for raid tonight", "Cusco"),
        ("this little guesthouse in Hoi An has no hot water lol", "Hoi An"),
        ("the breakfast at this hotel in Porto is unreal", "Porto"),
        # what is left of a stay, after the reason for it
        ("we got bumped to the 7am tomorrow so one more night in Oslo", "Oslo"),
        ("storm closed the pass, so two more days in Cusco", "Cusco"),
        # the scene after what it explains
        ("ooo today n tmrw, at a wedding in Goa", "Goa"),
        ("no signal sorry, at a festival in Ghent", "Ghent"),
        # "currently" and a way of being somewhere, whatever its verb
        ("currently nomading in Medellín, cowork is 2 blocks from my airbnb", "Medellín"),
        ("presently housesitting in Lyon for a friend", "Lyon"),
        # a camping spot, then the town near it
        ("we're camped by a lake near Bled", "Bled"),
        ("camping on a beach outside Tulum this week", "Tulum"),
        # waking up somewhere puts the writer there today
        ("woke up in Bergen to snow everywhere", "Bergen"),
        ("Day 9: woke up in Hue to motorbikes and rain", "Huế"),
        ("woke up this morning in Split, the sea is right there", "Split"),
    ],
)
def test_the_scene_one_writes_from_is_where_one_is(text: str, place: str) -> None:
    assert place in _values(text, "travel.location"), text


@pytest.mark.parametrize(
    "text",
    [
        "this hotel in Rome was awful",
        "woke up in Rome on Sunday and it was raining",
        "I woke up with a headache",
        "currently living in Berlin",
        "currently looking for a flat in Madrid",
    ],
)
def test_a_scene_in_the_past_or_a_home_is_no_trip_now(text: str) -> None:
    assert "travel.location" not in facts_said(text, AT), text


# ------------------------------------------------------------- a holiday named with its place


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("spring break in miami next week lets gooo", "Miami"),
        ("long weekend in Rome next month!!", "Rome"),
        ("girls weekend in Lisbon on the 20th 💃", "Lisbon"),
        ("ski trip in Banff on Saturday, can't wait", "Banff"),
    ],
)
def test_a_holiday_ahead_named_with_its_place_is_a_plan(text: str, place: str) -> None:
    assert facts_said(text, AT).get("travel.destination") == place, text


@pytest.mark.parametrize(
    "text",
    [
        "we had a week in Rome last year",
        "our vacation in Cancun was amazing",
        "a weekend in Paris would be nice someday",
    ],
)
def test_a_holiday_remembered_or_dreamt_is_no_plan(text: str) -> None:
    assert "travel.destination" not in facts_said(text, AT), text


# ------------------------------------------------------------------------- away, abroad


@pytest.mark.parametrize(
    ("text", "depart", "back"),
    [
        (
            "I will be abroad from 20 March until 3 April and so unable to attend",
            "2026-03-20",
            "2026-04-03",
        ),
        ("I'll be out of state from the 12th to the 15th", "2026-03-12", "2026-03-15"),
        ("we will be overseas from the 9th till the 16th", "2026-03-09", "2026-03-16"),
    ],
)
def test_abroad_ahead_is_a_trip_with_its_days(text: str, depart: str, back: str) -> None:
    said = facts_said(text, AT)
    assert extract_offline(text, at=AT).intent == "planning", text
    assert (said.get("travel.depart_date"), said.get("travel.return_date")) == (depart, back)


def test_an_inability_alone_is_still_how_things_stand() -> None:
    assert extract_offline("I'm unable to go to Austin next week", at=AT).intent == "assertive"


@pytest.mark.parametrize(
    ("text", "place"),
    [
        (
            "Handover note: I'm away in Glasgow from Friday to the 10th, Priya is covering",
            "Glasgow",
        ),
        ("shift notes: I'm off to Leeds tomorrow, back Monday", "Leeds"),
        ("Quick note: I'm flying to Oslo on Friday", "Oslo"),
    ],
)
def test_a_label_before_a_colon_names_no_one(text: str, place: str) -> None:
    assert facts_said(text, AT).get("travel.destination") == place, text


def test_a_named_writer_before_a_colon_still_hands_the_words_on() -> None:
    said = facts_said("Priya's note: I'm in Glasgow till Friday", AT)
    assert "travel.location" not in said


# ------------------------------------------------------------------- time zones, said again


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("we're 5 and a half hours ahead of London here in Mumbai", "Asia/Kolkata"),
        ("im 5.5 hrs ahead of u here in Chennai", "Asia/Kolkata"),
        ("we're 8 hours ahead of London here in Manila", "Asia/Manila"),
        ("hey just so you know I moved to the Pacific time zone", "America/Los_Angeles"),
        ("we switched to central time when we moved", "America/Chicago"),
        ("Since I shifted to Hyderabad my timings are IST only", "Asia/Kolkata"),
        ("my hours are CET now", "Europe/Paris"),
    ],
)
def test_a_zone_kept_said_in_other_words(text: str, zone: str) -> None:
    assert facts_said(text, AT).get("profile.timezone") == zone, text


def test_the_zone_one_is_measured_against_is_not_ones_own() -> None:
    assert (
        facts_said("we're 8 hours ahead of London", AT).get("profile.timezone") != "Europe/London"
    )


# --------------------------------------------------------------- a place as a trip not taken


@pytest.mark.parametrize(
    "text",
    [
        "nah not doing vegas this year, too broke lol",
        "we're not doing Greece this year after all",
        "not doing Paris anymore, flights are insane",
    ],
)
def test_not_doing_a_place_calls_the_trip_off(text: str) -> None:
    assert facts_said(text, AT).get("travel.status") == "cancelled", text


@pytest.mark.parametrize("text", ["I'm not doing dinner this year", "not doing much tonight"])
def test_not_doing_a_thing_calls_off_no_trip(text: str) -> None:
    assert "travel.status" not in facts_said(text, AT), text


# --------------------------------------------------------------------------- a new home


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("We've moved! New address is in Leeds, come visit anytime", "Leeds"),
        ("our new flat's in Bristol!!", "Bristol"),
        ("the new place is in Denver, 10 mins from work", "Denver"),
        ("moved my base from Lisbon to Mexico City last week", "Mexico City"),
        ("we moved our whole life to Porto in january", "Porto"),
    ],
)
def test_a_new_home_said_in_other_words(text: str, city: str) -> None:
    assert facts_said(text, AT).get("profile.home_city") == city, text


def test_someone_elses_new_place_is_theirs() -> None:
    assert "profile.home_city" not in facts_said("my sister's new place is in Denver", AT)


# -------------------------------------------------------------- Nigerian Pidgin's perfect


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("I don land for Abuja o, thank God", "Abuja"),
        ("we don reach Lagos, traffic was crazy", "Lagos"),
        ("I done reach Kano", "Kano"),
    ],
)
def test_don_before_an_arrival_is_the_perfect(text: str, place: str) -> None:
    assert facts_said(text, AT).get("travel.location") == place, text


def test_don_as_a_name_is_left_alone() -> None:
    assert "travel.location" not in facts_said("Don Lemon is in Atlanta", AT)


# --------------------------------------------------------------------- itinerary headings


@pytest.mark.parametrize(
    ("text", "fields"),
    [
        ("Wed 11th: fly home", {"travel.return_date": "2026-03-11"}),
        ("Sat 14th - home", {"travel.return_date": "2026-03-14"}),
        (
            "Thu: fly to New York\nSun: fly home",
            {"travel.destination": "New York", "travel.return_date": "2026-03-08"},
        ),
        (
            "Mon 9 Mar – Lisbon\nThu 12 Mar – home",
            {"travel.destination": "Lisbon", "travel.return_date": "2026-03-12"},
        ),
        ("Tue 10th: Porto", {"travel.destination": "Porto", "travel.depart_date": "2026-03-10"}),
    ],
)
def test_a_days_heading_with_its_date_dates_its_line(text: str, fields: dict[str, str]) -> None:
    said = facts_said(text, AT)
    assert {f: said.get(f) for f in fields} == fields, text


# ------------------------------------------------------------------ the way back, other words


@pytest.mark.parametrize(
    ("text", "back"),
    [
        (
            "Colleagues, I am currently on leave and travelling in Kenya. "
            "I return to the office on 16 March.",
            "2026-03-16",
        ),
        ("cut the trip short, flying home from Madrid tomorrow", "2026-03-05"),
        ("plans changed lol, flying home saturday", "2026-03-07"),
        (
            "Dear all, I will be out of the country from 16 March, returning on 23 March.",
            "2026-03-23",
        ),
    ],
)
def test_the_way_back_said_in_other_words(text: str, back: str) -> None:
    assert facts_said(text, AT).get("travel.return_date") == back, text


def test_someone_else_flying_home_is_theirs() -> None:
    assert "travel.return_date" not in facts_said("the kids fly home sunday", AT)


# ------------------------------------------------------- batch 2: more scenes, more days


@pytest.mark.parametrize(
    ("text", "place"),
    [
        # set down there by a vehicle
        ("omg the bus finally dropped us in Siem Reap at 3am 😵", "Siem Reap"),
        ("the shuttle dropped us at a hostel in Cusco", "Cusco"),
        ("taxi dropped me off in Soho, walking now", "Soho"),
        # parked up, stuck on a road
        ("parked up for the night at a campsite outside Inverness", "Inverness"),
        ("stuck on the M6 outside Birmingham, gonna be late", "Birmingham"),
        ("stuck in traffic just outside Leeds, sorry", "Leeds"),
        # the lodging's wifi, the lodging described as it is now
        ("lag is bc im on hotel wifi in Warsaw lol", "Warsaw"),
        (
            "Tuesday. The hostel in Valparaíso is cold at night but the view makes up for it.",
            "Valparaíso",
        ),
        ("our airbnb in Lisbon has the best balcony", "Lisbon"),
        # writing this from a room, then its town
        ("I am writing this from a narrow bed in a narrow room in Trieste.", "Trieste"),
        ("writing this from a tiny desk in a hostel in Hanoi", "Hanoi"),
        # greetings with a superlative
        ("greetings from the rainiest Bergen imaginable", "Bergen"),
        ("hello from the hottest Seville on record", "Seville"),
        # "since" said the German way, before the place
        ("I am since Tuesday in Vienna and stay until Sunday", "Vienna"),
        ("we are since two days in Prague", "Prague"),
    ],
)
def test_more_scenes_put_the_writer_there(text: str, place: str) -> None:
    assert place in _values(text, "travel.location"), text


@pytest.mark.parametrize(
    "text",
    [
        "our hotel in Rome is booked for the 10th",
        "the hotel in Lisbon is all booked, we need another",
        "my sister is stuck on the M25 outside London",
    ],
)
def test_a_lodging_booked_or_someone_elses_road_puts_no_one_there(text: str) -> None:
    assert "travel.location" not in facts_said(text, AT), text


@pytest.mark.parametrize(
    ("text", "place"),
    [
        # an arrival ahead, said of the vehicle
        ("babe my train gets into York at 6:40, can u grab me?", "York"),
        ("our flight lands in Lagos at 5, traffic will be mad", "Lagos"),
        ("my coach arrives in Cardiff at 9", "Cardiff"),
        # flights booked to a place
        ("Flights booked to Cape Town for the 20th", "Cape Town"),
        ("tickets are booked to Lima!!", "Lima"),
        # put on another flight by the airline
        ("they rebooked us on the Thursday flight to Denver", "Denver"),
        ("united rebooked me on the 6am flight to Houston instead", "Houston"),
        # at work somewhere ahead
        ("I'll be on site with the client in Munich Mon–Wed next week", "Munich"),
        ("we'll be working with the team in Dublin from the 10th", "Dublin"),
        # a timetable: the simple present with a clock time
        ("at the airport w dad, we fly to Orlando at 7 🎢", "Orlando"),
        ("we leave for Nice at 6:15, wish me luck", "Nice"),
        # in a cab to it
        ("finally out of the airport, in a cab to the hotel in Seoul", "Seoul"),
        ("in an uber to Brooklyn, 20 mins out", "Brooklyn"),
        # a native place named
        ("Going to native place Madurai on 14th for function", "Madurai"),
    ],
)
def test_more_ways_of_going_somewhere(text: str, place: str) -> None:
    assert facts_said(text, AT).get("travel.destination") == place, text


def test_a_habit_of_going_is_still_no_trip() -> None:
    assert "travel.destination" not in facts_said("we fly to Denver a lot for work", AT)


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("officially a Lisbon resident as of this month", "Lisbon"),
        ("I'm a Denver resident now, finally", "Denver"),
        ("we are now Toronto residents", "Toronto"),
    ],
)
def test_a_resident_of_a_place_lives_there(text: str, city: str) -> None:
    assert facts_said(text, AT).get("profile.home_city") == city, text


def test_someone_else_resident_is_theirs() -> None:
    assert "profile.home_city" not in facts_said("my mom is a Denver resident", AT)


@pytest.mark.parametrize(
    ("text", "fields"),
    [
        (
            "Itinerary:\nFri 6 Mar - fly to Rome\nWed 11 Mar - fly home",
            {"travel.depart_date": "2026-03-06", "travel.return_date": "2026-03-11"},
        ),
        (
            "- 3/14 drive to Asheville\n- 3/16 back home",
            {"travel.destination": "Asheville", "travel.return_date": "2026-03-16"},
        ),
        (
            "Mon: Leeds (client)\nWed: home",
            {"travel.destination": "Leeds", "travel.return_date": "2026-03-11"},
        ),
    ],
)
def test_more_itinerary_lines(text: str, fields: dict[str, str]) -> None:
    said = facts_said(text, AT)
    assert {f: said.get(f) for f in fields} == fields, text


def test_a_weekday_heading_with_no_place_is_no_trip() -> None:
    assert "travel.destination" not in facts_said("Mon: dentist 3pm", AT)


@pytest.mark.parametrize(
    "text",
    [
        "working out of a coworking in Tbilisi this month, invoices might be slow",
        "sitting in a cafe in Porto, the train might be late",
        "at a hostel in Quito, the wifi could be better",
    ],
)
def test_a_guess_after_a_comma_leaves_the_fact_before_it(text: str) -> None:
    assert extract_offline(text, at=AT).intent == "assertive", text
    assert "travel.location" in facts_said(text, AT), text


def test_a_label_for_a_shift_before_a_colon_is_no_writer() -> None:
    text = (
        "FYI for tomorrow's shift: I'm in Leeds for training Thursday and Friday, Sam has the keys"
    )
    assert facts_said(text, AT).get("travel.destination") == "Leeds"


# ------------------------------------------------------ batch 3: ends, returns, courtesies


@pytest.mark.parametrize(
    ("text", "back"),
    [
        ("due back in London on Thursday", "2026-03-05"),
        ("I'm due home on the 9th, ask Sam till then", "2026-03-09"),
        ("the return leg is on the 22nd", "2026-03-22"),
        ("our return journey is Sunday", "2026-03-08"),
        ("We are coming back to Munich on 12th, then I call you.", "2026-03-12"),
        ("coming back to Leeds on Monday, the course ends Sunday", "2026-03-09"),
        (
            "Note for Priya: I'm out from Thursday, back on the 16th. Keys are with reception.",
            "2026-03-16",
        ),
        ("flying to Rome on Friday, back on the 12th", "2026-03-12"),
    ],
)
def test_the_way_back_said_in_yet_other_words(text: str, back: str) -> None:
    assert facts_said(text, AT).get("travel.return_date") == back, text


@pytest.mark.parametrize(
    "text",
    [
        "trip's over, back to reality tomorrow",
        "vacation is over, back to work monday 😩",
        "holiday's done, back to the grind tomorrow",
    ],
)
def test_back_to_reality_is_no_return_day(text: str) -> None:
    said = facts_said(text, AT)
    assert said.get("travel.status") == "completed", text
    assert "travel.return_date" not in said, text


@pytest.mark.parametrize(
    "text",
    [
        "Cancelled my Berlin flights, not worth the stress",
        "the wedding in Cape Town is off so we're not flying out",
        "ok so the conference got moved online, which means no Vegas for me",
        "strikes again, so no Lisbon for us this year",
    ],
)
def test_more_ways_a_trip_is_called_off(text: str) -> None:
    assert facts_said(text, AT).get("travel.status") == "cancelled", text


@pytest.mark.parametrize("text", ["we're not going out tonight", "no coffee for me thanks"])
def test_not_going_out_or_no_thing_calls_off_no_trip(text: str) -> None:
    assert "travel.status" not in facts_said(text, AT), text


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("booked the sleeper to Inverness for Friday night", "Inverness"),
        ("catching the 7:10 to Brighton tomorrow", "Brighton"),
        ("on the 6pm train to Leeds, text me", "Leeds"),
        ("Leaving Kyoto tomorrow for Hiroshima, and honestly I'm not ready to go.", "Hiroshima"),
        ("leaving Lisbon on Sunday for Seville", "Seville"),
    ],
)
def test_a_train_by_its_kind_or_time_and_leaving_one_place_for_another(
    text: str, place: str
) -> None:
    assert facts_said(text, AT).get("travel.destination") == place, text


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Evening in Lisbon, and the trams grind up the hill below my window.", "Lisbon"),
        ("Morning in Kyoto. Temple bells, cold tea.", "Kyoto"),
        ("another night in Reno, then home", "Reno"),
        # an unknown name's home, then the town it is in
        ("mom i'm at Olivia's in Brooklyn, her mom is driving me home at 9", "Brooklyn"),
        ("staying at Mike's place in Denver till sunday", "Denver"),
    ],
)
def test_an_hour_or_a_friends_home_in_a_town(text: str, place: str) -> None:
    assert place in _values(text, "travel.location"), text


def test_a_friends_place_alone_is_no_town() -> None:
    assert "travel.location" not in facts_said("we're at Kevin's place", AT)


@pytest.mark.parametrize(
    "text",
    [
        "Have fun in Tokyo!! bring me back snacks",
        "safe travels! enjoy Bali 🌴",
        "have a great trip to Rome",
        "omg have so much fun in Cancun",
    ],
)
def test_a_wish_for_the_listeners_trip_claims_nothing(text: str) -> None:
    assert extract_offline(text, at=AT).intent == "none", text
    assert not facts_said(text, AT), text


def test_enjoying_a_place_is_still_a_claim() -> None:
    assert extract_offline("enjoying Lisbon so much", at=AT).intent == "assertive"


@pytest.mark.parametrize(
    ("text", "place"),
    [
        (
            "Dear Mr Okoye, I will be travelling to Lagos on 18 March and would be glad to "
            "meet. Kind regards, Sarah",
            "Lagos",
        ),
        ("I'm flying to Nairobi on the 9th and would love to catch up", "Nairobi"),
        ("We will be in Geneva from the 12th and would be happy to meet your team", "Geneva"),
    ],
)
def test_a_courtesy_after_the_news_leaves_it_a_plan(text: str, place: str) -> None:
    assert extract_offline(text, at=AT).intent == "planning", text
    assert facts_said(text, AT).get("travel.destination") == place, text


def test_an_offset_said_as_what_one_is() -> None:
    assert facts_said("im UTC+2 these days", AT).get("profile.timezone") == "Etc/GMT-2"
