"""The nineteenth round (issue 24), chat between teens, students, gamers, couples, friends and
nomads, dictated voice notes and phones' autocorrect: classes of phrasing that sentences
written for this round (``realistic/probes19c*-dev.jsonl``) showed the extractor missing.

Batch one: a plan dated by the student's calendar ("after finals"), a bare place bounded by
"till" a day, an arrival whose place comes a clause later or after a pet name, the listener
asked along ("if u wanna come"), a guess at what follows from a fact ("so ping might be
trash"), a student's work placement, and a present progressive beside a past event ("the
boiler broke and the landlord isn't answering").

Each class has its look-alikes beside it. Every row is a sentence written for this module,
none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, held_said, intent_said

from core.extraction.offline import extract_offline


def _intents(text: str) -> dict[str, str]:
    return {o.field: o.intent for o in extract_offline(text, at=AT).observations}


# ---------------------------------------------------------------- the student's calendar


@pytest.mark.parametrize(
    "text",
    [
        "driving back to cardiff after exams",
        "im going home straight after my last exam",
        "we're moving to bristol after graduation",
        "heading up to my nans once term is over",
        "prob staying in halls after midterms tbh",
    ],
)
def test_a_journey_dated_by_the_academic_year_is_a_plan(text: str) -> None:
    assert intent_said(text) == "planning"


@pytest.mark.parametrize(
    "text",
    [
        "after exams were over we drove home",
        "i moved to leeds after graduation",
        "she went home after her finals",
    ],
)
def test_a_journey_after_exams_told_in_the_past_is_no_plan(text: str) -> None:
    assert intent_said(text) != "planning"


# ---------------------------------------------------------------- a bare place until a day


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("porto till friday, then who knows", "Porto"),
        ("hanoi until the 18th lol", "Hanoi"),
        ("tbilisi till the end of the month then prob yerevan", "Tbilisi"),
        ("bangkok thru sunday", "Bangkok"),
    ],
)
def test_a_bare_place_bounded_by_a_day_is_where_one_is(text: str, place: str) -> None:
    assert held_said(text).get("travel.location") == place


@pytest.mark.parametrize(
    "text",
    ["porto from friday", "lisbon till friday was fun", "bali next week till the 20th"],
)
def test_a_bare_place_ahead_or_told_of_is_not_where_one_is(text: str) -> None:
    assert "travel.location" not in held_said(text)


# ---------------------------------------------------------------- arrivals, the place later


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("landed babe, cab to the hotel now, leeds is grim", "Leeds"),
        ("made it guys! uber to the airbnb, lisbon is gorgeous", "Lisbon"),
        ("landed mum, glasgow is freezing", "Glasgow"),
    ],
)
def test_an_arrival_takes_the_place_talked_about_after_a_pet_name_or_an_aside(
    text: str, place: str
) -> None:
    assert held_said(text).get("travel.location") == place


@pytest.mark.parametrize(
    "text",
    [
        "landed babe, mom says tokyo is huge",
        "made it mum, train was fine, glasgow is freezing",  # an aside in the past
        "landed! the hotel is nice",
    ],
)
def test_an_arrival_then_someone_elses_words_or_a_story_names_no_place(text: str) -> None:
    assert "travel.location" not in held_said(text)


# ---------------------------------------------------------------- asked along


@pytest.mark.parametrize(
    "text",
    [
        "we're all at the park if u wanna come",
        "at the pub w the lads if you fancy joining",
        "im in the library till 6 if you want to come study",
        "ive got the xbox set up at mine if y'all wanna come over",
    ],
)
def test_the_listener_asked_along_puts_no_condition_on_the_fact(text: str) -> None:
    assert intent_said(text) == "assertive"


@pytest.mark.parametrize(
    "text", ["if u wanna come we're at the park", "i wanna come to paris", "if you want we'll go"]
)
def test_a_wish_or_a_condition_that_leads_stays_hypothetical(text: str) -> None:
    assert intent_said(text) == "hypothetical"


# ---------------------------------------------------------------- a guess at what follows


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("streaming from my aunts in dublin so ping might be awful", "Dublin"),
        ("in lisbon till may so replies might be slow", "Lisbon"),
        ("been in hanoi since january, honestly might never leave", "Hanoi"),
        ("staying at my dads in denver so wifi may be spotty", "Denver"),
    ],
)
def test_a_guess_after_a_fact_leaves_the_fact(text: str, place: str) -> None:
    assert held_said(text).get("travel.location") == place
    assert _intents(text)["travel.location"] == "assertive"


def test_a_guess_after_a_guess_stays_a_guess() -> None:
    assert intent_said("we might go to paris so it might be fun") == "hypothetical"


# ---------------------------------------------------------------- placements


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("doing an apprenticeship with siemens", "Siemens"),
        ("on my year in industry at IBM rn", "IBM"),
        ("doing my grad scheme at KPMG", "KPMG"),
        ("i'm on a co-op with shopify this term", "Shopify"),
        ("I've got the job at Tesco I start monday", "Tesco"),
    ],
)
def test_a_students_placement_names_the_employer(text: str, employer: str) -> None:
    assert held_said(text).get("profile.employer") == employer


@pytest.mark.parametrize(
    "text",
    [
        "my sister is doing her placement at ibm",
        "doing work experience at my dads office",
        "i work at noon tomorrow",
    ],
)
def test_someone_elses_placement_or_a_time_names_no_employer(text: str) -> None:
    assert "profile.employer" not in held_said(text)


# ---------------------------------------------------------------- at it now, beside the past


@pytest.mark.parametrize(
    "text",
    [
        "the heating broke again and the landlord isnt picking up",
        "my phone died and my mum is freaking out",
        "dad's driving me to the station cos i missed the bus",
        "our flight got delayed and the airline isn't telling us anything",
    ],
)
def test_someone_at_it_now_beside_a_past_event_is_news_about_now(text: str) -> None:
    assert intent_said(text) == "assertive"


@pytest.mark.parametrize(
    "text",
    [
        "we went to rome in 2019 and the food was amazing",
        "last summer my brother was working at a camp",
    ],
)
def test_a_story_with_no_present_stays_a_story(text: str) -> None:
    assert intent_said(text) == "historical"


# ---------------------------------------------------------------- batch two: words typed short


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("in porto intil sunday", "Porto"),
        ("we're in Nice untill the 12th", "Nice"),
        ("im in rome unitl friday then home", "Rome"),
    ],
)
def test_until_slipped_or_doubled_is_until(text: str, place: str) -> None:
    assert held_said(text).get("travel.location") == place


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("exams done, back in glasgow finally", "travel.location", "Glasgow"),
        ("conference over, back home", "travel.status", "completed"),
        ("visa trip done, back in bangkok", "travel.location", "Bangkok"),
    ],
)
def test_where_one_is_after_what_is_done(text: str, field: str, value: str) -> None:
    assert held_said(text).get(field) == value


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("omg i got the internship at google", "Google"),
        ("i just landed a placement with KPMG!!", "KPMG"),
        ("so i got the job at Tesco, start monday", "Tesco"),
    ],
)
def test_i_got_the_job_names_the_employer(text: str, employer: str) -> None:
    assert held_said(text).get("profile.employer") == employer


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("coliving in ericeira till may", "Ericeira"),
        ("im co-living in canggu this month", "Canggu"),
        ("volunteering in cusco for six weeks", "Cusco"),
        ("wwoofing in portugal all summer lol", "Portugal"),
    ],
)
def test_a_way_of_living_somewhere_for_now_is_being_there(text: str, place: str) -> None:
    assert held_said(text).get("travel.location") == place


@pytest.mark.parametrize(
    "text", ["anyone know a good coliving in canggu?", "my friend is coliving in bali"]
)
def test_a_coliving_asked_about_or_someone_elses_is_not_where_one_is(text: str) -> None:
    assert "travel.location" not in held_said(text)


# ---------------------------------------------------------------- batch two: frames and fillers


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("tell me why im stuck in doha for 9 hours", "travel.location", "Doha"),
        ("the way i just moved to glasgow on a whim", "profile.home_city", "Glasgow"),
        ("i literally live in bristol now lmao", "profile.home_city", "Bristol"),
        ("we basically moved to leeds overnight", "profile.home_city", "Leeds"),
    ],
)
def test_a_rhetorical_frame_or_a_filler_leaves_the_news(text: str, field: str, value: str) -> None:
    assert held_said(text).get(field) == value


@pytest.mark.parametrize(
    "text", ["tell me why you left", "the way to the station is closed", "i literally cant"]
)
def test_the_frames_look_alikes_tell_nothing(text: str) -> None:
    assert not held_said(text)


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("moved to melbourne so im on aest now", "Australia/Sydney"),
        ("im on est btw", "America/New_York"),
        ("we're on cet till april", "Europe/Paris"),
    ],
)
def test_a_zone_typed_in_lower_case_after_im_on_is_the_writers(text: str, zone: str) -> None:
    assert held_said(text).get("profile.timezone") == zone


@pytest.mark.parametrize("text", ["meeting at 3 on est", "on est for a while"])
def test_a_lower_case_zone_not_said_as_the_writers_is_no_zone(text: str) -> None:
    assert "profile.timezone" not in held_said(text)


# ---------------------------------------------------------------- batch two: a place ahead


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("leeds this wknd for a hen do", "Leeds"),
        ("lisbon next month then porto", "Lisbon"),
        ("manchester tmrw for the match", "Manchester"),
        ("bali in august for 2 weeks", "Bali"),
    ],
)
def test_a_bare_place_before_a_time_ahead_is_a_trip_there(text: str, place: str) -> None:
    assert held_said(text).get("travel.destination") == place
    assert intent_said(text) == "planning"


@pytest.mark.parametrize(
    "text", ["paris next week was fun", "paris next week?", "Bristol today, Cardiff tomorrow"]
)
def test_a_bare_place_told_of_asked_or_in_a_list_is_no_trip(text: str) -> None:
    assert "travel.depart_date" not in held_said(text)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("flew in to lima last night, loving it", "Lima"),
        ("we flew in to Oslo this morning", "Oslo"),
        ("Flew in to Denver earlier today", "Denver"),
    ],
)
def test_flew_in_to_a_place_lately_is_being_there(text: str, place: str) -> None:
    assert held_said(text).get("travel.location") == place


# ---------------------------------------------------------------- batch three: flags and emoji


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("🇹🇭 for a month, slow replies", "travel.location", "Thailand"),
        ("✈️ 🇯🇵 tmrw!!", "travel.destination", "Japan"),
        ("✈️ lisbon fri", "travel.destination", "Lisbon"),
        ("flying to 🇵🇹 on sunday", "travel.destination", "Portugal"),
    ],
)
def test_a_flag_is_its_country_and_a_plane_before_a_place_is_a_flight(
    text: str, field: str, value: str
) -> None:
    assert held_said(text).get(field) == value


@pytest.mark.parametrize("text", ["i love 🇮🇹 food", "✈️ booked for friday", "🇫🇷 or 🇪🇸 this summer?"])
def test_a_flag_or_a_plane_that_tells_no_stay_or_trip(text: str) -> None:
    said = held_said(text)
    assert "travel.location" not in said
    assert "travel.destination" not in said


@pytest.mark.parametrize(
    ("text", "member"),
    [("mum 🏥 again, pray for her", "mom"), ("my dad 🏥 w a chest infection", "dad")],
)
def test_a_hospital_after_a_relative_is_their_illness(text: str, member: str) -> None:
    assert held_said(text).get(f"family.{member}.status") == "sick"


# ---------------------------------------------------------------- batch three: where one is


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("hola from cusco 🦙", "Cusco"),
        ("cheers from berlin, the beer is cheap", "Berlin"),
        ("g'day from perth!", "Perth"),
        ("bonjour from lyon, it's raining", "Lyon"),
    ],
)
def test_a_greeting_or_a_toast_from_a_place_is_where_one_is(text: str, place: str) -> None:
    assert held_said(text).get("travel.location") == place


def test_cheers_from_people_is_no_place() -> None:
    assert "travel.location" not in held_said("cheers from all of us in the office")


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("doing my erasmus in valencia this year", "Valencia"),
        ("on exchange in seoul till june", "Seoul"),
        ("im doing a semester abroad in kyoto", "Kyoto"),
    ],
)
def test_a_term_abroad_is_where_one_is(text: str, place: str) -> None:
    assert held_said(text).get("travel.location") == place


def test_someone_elses_term_abroad_is_theirs() -> None:
    assert "travel.location" not in held_said("my sister is doing her erasmus in lyon")


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("swapped bangkok for chiang mai, way calmer", "Chiang Mai"),
        ("traded lisbon for porto this week", "Porto"),
        ("just ditched london for brighton lol", "Brighton"),
    ],
)
def test_one_place_swapped_for_another_is_being_in_the_second(text: str, place: str) -> None:
    assert held_said(text).get("travel.location") == place
    assert _intents(text)["travel.location"] == "assertive"


@pytest.mark.parametrize("text", ["i swapped my car for a bike", "swapped shifts w jake"])
def test_a_swap_of_things_is_no_place(text: str) -> None:
    assert "travel.location" not in held_said(text)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("not home till sunday, at a conference in dublin", "Dublin"),
        ("cant make it, at a funeral in limerick", "Limerick"),
        ("slow replies, at a tournament in katowice", "Katowice"),
    ],
)
def test_at_an_event_in_a_place_after_a_comma_is_being_there(text: str, place: str) -> None:
    assert held_said(text).get("travel.location") == place


def test_at_an_event_this_weekend_is_ahead() -> None:
    said = held_said("im out this wknd, at a wedding in galway")
    assert "travel.location" not in said
    assert said.get("travel.destination") == "Galway"


# ---------------------------------------------------------------- batch three: spoken fillers


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("home in like 3 days 🥺", "2026-03-07"),
        ("home in like 2 weeks", "2026-03-18"),
        ("back in like 5 days, hmu", "2026-03-09"),
    ],
)
def test_spoken_like_before_a_count_leaves_the_count(text: str, day: str) -> None:
    assert held_said(text).get("travel.return_date") == day


@pytest.mark.parametrize(
    "text",
    [
        "just dropped the kids at my mums, on my way to yours",
        "picked up the dog from the vet, omw home",
        "grabbed the keys from my mums, otw to urs",
    ],
)
def test_on_my_way_after_a_done_errand_is_about_now(text: str) -> None:
    assert intent_said(text) == "assertive"
