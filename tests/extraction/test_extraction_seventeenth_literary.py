"""The seventeenth round (issue 24), words17b: classes of phrasing that probe sentences
written for this round (``realistic/probes17b*-dev.jsonl``: present facts inside literary
and elevated prose, long journal entries and posts, travelogues and advice posts) showed
the extractor missing, each fixed as a class and tabled here with paraphrases in other
voices and with look-alikes that must not commit the field. Every row is a sentence written
for this module, none taken from an evaluation set. The message time is ``AT`` (Wednesday
2026-03-04).
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row, intent_said

from core.extraction.literary_order import plain_order


def _table(rows: list[FieldRow]) -> pytest.MarkDecorator:
    return pytest.mark.parametrize(("text", "field", "value", "intent"), rows)


# ---------------------------------------------------------------- literary word order


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("It is from Porto that I write these lines", "I write from Porto these lines"),
        ("it is in Leeds that we live now", "we live in Leeds now"),
        ("it is in Leeds that we make our home", "we live in Leeds"),
        (
            "At Unilever, where I have worked these ten years, nothing changes.",
            "I have worked at Unilever for ten years. nothing changes.",
        ),
        (
            "we reached Split, which is where I am typing this from",
            "we reached Split. I am typing this from Split",
        ),
        ("I sit here, in the old port of Genoa", "I sit here in Genoa"),
        # What is not the writer's keeps its order.
        ("Rome, where my sister lives, is lovely", "Rome, where my sister lives, is lovely"),
        ("It is true that I live alone", "It is true that I live alone"),
    ],
)
def test_literary_orders_are_put_plainly(text: str, plain: str) -> None:
    assert plain_order(text) == plain


@_table(
    [
        # A cleft with the place first: where the letter is written from, where one lives.
        (
            "It is from Valparaíso that I write to you tonight.",
            "travel.location",
            "Valparaíso",
            "assertive",
        ),
        (
            "it's weird but it is from a hostel in Hanoi that I write this",
            "travel.location",
            "Hanoi",
            "assertive",
        ),
        (
            "It is in Bristol that we make our home these days.",
            "profile.home_city",
            "Bristol",
            "assertive",
        ),
        # A place, then what the writer does there in a relative clause.
        (
            "In Ljubljana, where we have been these four days, it has not stopped raining.",
            "travel.location",
            "Ljubljana",
            "assertive",
        ),
        (
            "In Nantes, where we have lived since the children were born, there is a strike.",
            "profile.home_city",
            "Nantes",
            "assertive",
        ),
        (
            "At Ericsson, where I have worked since 2019, they are cutting staff",
            "profile.employer",
            "Ericsson",
            "assertive",
        ),
        (
            "we got the bus up to Sapa, which is where I'm typing this from",
            "travel.location",
            "Sapa",
            "assertive",
        ),
        (
            "I now live in the little village of Grasmere",
            "profile.home_city",
            "Grasmere",
            "assertive",
        ),
        (
            "So happy here, in the old town of Kotor. Best decision ever.",
            "travel.location",
            "Kotor",
            "assertive",
        ),
        (
            "To make my home in Cork was the best thing I ever did; I make my home in Cork still",
            "profile.home_city",
            "Cork",
            "assertive",
        ),
        (
            "Two weeks have passed since we came to Essaouira and we are still here",
            "travel.location",
            "Essaouira",
            "assertive",
        ),
        # Look-alikes: the place of a memory or of someone else.
        ("It was in Vienna that I first heard her sing", "travel.location", None, ""),
        ("Lima, where my brother lives now, is lovely in March", "profile.home_city", None, ""),
        ("We went back to Paris, where we had lived as students.", "profile.home_city", None, ""),
        ("Ten years have passed since I left Dublin for good", "travel.location", None, ""),
    ]
)
def test_places_said_in_elevated_order(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- a trip that dates a story


@_table(
    [
        (
            "On our last trip to Japan we ate in a different izakaya every night",
            "travel.destination",
            None,
            "",
        ),
        ("During my visit to Cairo I lost my passport twice", "travel.destination", None, ""),
        ("on our honeymoon in Bali we got food poisoning lol", "travel.location", None, ""),
        ("Over the holiday in Tenerife the kids learned to swim", "travel.destination", None, ""),
    ]
)
def test_a_trip_named_before_a_past_sentence_dates_it(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    "text",
    [
        "On our last trip to Japan we ate in a different izakaya every night",
        "During my visit to Cairo I lost my passport twice",
        "after our trip to Oslo we swore off expensive cities",
    ],
)
def test_a_trip_frame_with_a_past_sentence_is_a_story(text: str) -> None:
    assert intent_said(text) == "historical"


# ---------------------------------------------------------------- a day nobody can name


@_table(
    [
        (
            "One day, when the kids have left home, we will move to Cornwall",
            "profile.home_city",
            None,
            "",
        ),
        ("Someday, when I'm rich, I'll fly to Patagonia", "travel.destination", None, ""),
        (
            "one of these days, once work calms down, I'm going to Tokyo",
            "travel.destination",
            None,
            "",
        ),
        # A day in a story is no wish: the past verb is told as it was.
        ("One day, when I was twelve, we drove to Brighton", "travel.destination", None, ""),
    ]
)
def test_a_day_nobody_can_name_frames_a_wish(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- how a relative is, in letters


@_table(
    [
        (
            "My father lies in the hospital at Cork with pneumonia",
            "family.father.status",
            "sick",
            "assertive",
        ),
        (
            "grandma's lying ill in bed again, poor thing",
            "family.grandma.status",
            "sick",
            "assertive",
        ),
        (
            "My aunt, who nursed us all as children, lies gravely ill.",
            "family.aunt.status",
            "sick",
            "assertive",
        ),
        (
            "The fever broke on Sunday and my son is up and about again",
            "family.son.status",
            "well",
            "assertive",
        ),
        ("mum's out of bed and up and about!!", "family.mom.status", "well", "assertive"),
        (
            "the twins have been up with a cough since Friday",
            "family.twins.status",
            "sick",
            "assertive",
        ),
        # Look-alikes.
        ("my dad lies about his age constantly", "family.dad.status", None, ""),
        (
            "my sister is up and about the town with her friends",
            "family.sister.status",
            "well",
            "assertive",
        ),
    ]
)
def test_how_a_relative_is_in_letters(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- a present after a past


@_table(
    [
        (
            "We cut Crete short because of the wind and are already back in Athens.",
            "travel.location",
            "Athens",
            "assertive",
        ),
        (
            "missed the ferry twice and are now stuck in Dover lol",
            "travel.location",
            "Dover",
            "assertive",
        ),
        (
            "I sold the flat in March and now live in Granada",
            "profile.home_city",
            "Granada",
            "assertive",
        ),
        (
            "we flew into Quito on Monday and are staying in Quito till the 10th",
            "travel.location",
            "Quito",
            "assertive",
        ),
        # Someone else's present, after their past, is theirs.
        ("my brother quit his job and is now living in Perth", "profile.home_city", None, ""),
        ("we lived in Madrid for years and would go back tomorrow", "travel.destination", None, ""),
    ]
)
def test_a_present_after_a_past_keeps_its_tense(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- "'d" for "had" in a story


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("She always said Naples was the loveliest place she'd ever seen.", "historical"),
        ("I'd never been so far from home before that summer", "historical"),
        ("we'd already left Boise when the snow came", "historical"),
        ("I'd love to see Naples one day", "hypothetical"),
        ("we'd come with you if we could", "hypothetical"),
        ("I'd need a cab for two at 6 from the station", "none"),
        ("I'd need the room till noon, please", "none"),
    ],
)
def test_a_contracted_had_tells_the_past(text: str, intent: str) -> None:
    assert intent_said(text) == intent


@_table(
    [
        ("I'd just landed in Accra when my phone died", "travel.location", None, ""),
        ("by then we'd moved to Tucson for good", "profile.home_city", None, ""),
        ("he'd flown to Seoul the week before", "travel.destination", None, ""),
    ]
)
def test_a_past_before_the_past_sets_nothing_now(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- a memory told as one


@_table(
    [
        (
            "I still remember the night we landed in Lagos, the heat at the door",
            "travel.location",
            None,
            "",
        ),
        (
            "i remember when we lived in Leeds and it rained every day",
            "profile.home_city",
            None,
            "",
        ),
        ("We often recall the winter we spent in Tromsø", "travel.location", None, ""),
        ("I remember arriving in Delhi at 3am with no hotel", "travel.location", None, ""),
        # Not a memory: a note to oneself, or the present said after "remember".
        (
            "remember I'm in Lisbon till Friday so no calls",
            "travel.location",
            "Lisbon",
            "assertive",
        ),
    ]
)
def test_a_memory_sets_nothing_now(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    "text",
    [
        "I remember the summer we drove to Biarritz with the windows down",
        "we still remember the day we moved into the old house",
        "I recall how we used to walk to the harbour every evening",
    ],
)
def test_a_memory_is_historical(text: str) -> None:
    assert intent_said(text) == "historical"


# ---------------------------------------------------------------- who the writer is, in brackets


@_table(
    [
        (
            "I (41M) live in Leicester with two teenagers and a dog",
            "profile.home_city",
            "Leicester",
            "assertive",
        ),
        (
            "We (3 adults, 2 kids) are in Lisbon till Sunday, any tips?",
            "travel.location",
            "Lisbon",
            "assertive",
        ),
        (
            "my husband (50) is in hospital with sepsis",
            "family.husband.status",
            "sick",
            "assertive",
        ),
        ("we (both 30s) live in Perth and want a dog", "profile.home_city", "Perth", "assertive"),
        # A bracket that names a place or a thing stays.
        ("my friend (lives in Derby) is visiting", "profile.home_city", None, ""),
    ]
)
def test_an_age_in_brackets_leaves_the_subject_its_verb(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- datelines and diary labels


@_table(
    [
        (
            "Hanoi, dawn. The scooters have started already.",
            "travel.location",
            "Hanoi",
            "assertive",
        ),
        ("Oaxaca, late evening. Mezcal and moths.", "travel.location", "Oaxaca", "assertive"),
        ("Stop 4: Essaouira. Windy, fishy, perfect.", "travel.location", "Essaouira", "assertive"),
        (
            "Entry 9 - Ljubljana. The dragons are everywhere.",
            "travel.location",
            "Ljubljana",
            "assertive",
        ),
        ("Leg 2: Cusco. Altitude is no joke.", "travel.location", "Cusco", "assertive"),
        (
            "Today's base: Kandy. Temple of the Tooth at six.",
            "travel.location",
            "Kandy",
            "assertive",
        ),
        (
            "Evening, somewhere outside Flagstaff. The stars are absurd.",
            "travel.location",
            "Flagstaff",
            "assertive",
        ),
        # A name and a weekday, or a label with no place, claim nothing.
        ("Sarah, Monday works for me", "travel.location", None, ""),
        ("Stop 3: buy sunscreen", "travel.location", None, ""),
    ]
)
def test_a_diary_dateline_names_where_it_is_written(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- archaic and formal presence


@_table(
    [
        (
            "I now find myself in Tallinn, of all places, teaching maths.",
            "travel.location",
            "Tallinn",
            "assertive",
        ),
        (
            "and so we find ourselves back in Naples, older and poorer",
            "travel.location",
            "Naples",
            "assertive",
        ),
        (
            "We are now come to Oxford, where the rain is gentler.",
            "travel.location",
            "Oxford",
            "assertive",
        ),
        (
            "I am come at last to Dublin after a long crossing.",
            "travel.location",
            "Dublin",
            "assertive",
        ),
        # Finding oneself doing, not somewhere, is not a place.
        ("I find myself thinking of Rome more and more", "travel.location", None, ""),
    ]
)
def test_archaic_presence_names_where_one_is(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        ("Should fortune allow, we shall winter in Lisbon.", "travel.destination", None, ""),
        ("Should time permit, I'll fly to Rome on Friday", "travel.destination", None, ""),
        ("should health allow we go to Kerala in May", "travel.destination", None, ""),
    ]
)
def test_should_with_a_noun_is_an_if(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- asides between subject and verb


@_table(
    [
        (
            "My mother, I am happy to report, is fully recovered",
            "family.mother.status",
            "well",
            "assertive",
        ),
        ("my brother, sadly, is back in hospital", "family.brother.status", "sick", "assertive"),
        (
            "My son, who, as you know, started school in Bath, has a fever",
            "family.son.status",
            "sick",
            "assertive",
        ),
        (
            "Our daughter, who flew home from Lima last week, is in bed with flu",
            "family.daughter.status",
            "sick",
            "assertive",
        ),
        (
            "And I, who never wanted to leave Cardiff, am writing this from a flat in Lyon.",
            "travel.location",
            "Lyon",
            "assertive",
        ),
        # Someone else's aside keeps them the subject.
        ("My cousin, who lives in Lyon, is visiting next week", "profile.home_city", None, ""),
    ]
)
def test_an_aside_leaves_the_subject_its_verb(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- frames that are no fact


@_table(
    [
        (
            "Edit: forgot to mention we're in Porto till the 12th",
            "travel.location",
            "Porto",
            "assertive",
        ),
        (
            "meant to say, I'm in Leeds all week, ping me",
            "travel.location",
            "Leeds",
            "assertive",
        ),
        ("I should have said that we live in Derby now", "profile.home_city", "Derby", "assertive"),
        (
            "Being now settled in Tbilisi, I can tell you about rents",
            "profile.home_city",
            "Tbilisi",
            "assertive",
        ),
        (
            "Being now resident in Munich, I must register my car",
            "profile.home_city",
            "Munich",
            "assertive",
        ),
        ("Posting from: Hoi An. The lanterns!", "travel.location", "Hoi An", "assertive"),
        (
            "Day off in Chiang Mai, doing absolutely nothing",
            "travel.location",
            "Chiang Mai",
            "assertive",
        ),
        ("we're safe in Nairobi, the flight was bumpy", "travel.location", "Nairobi", "assertive"),
        ("resting up in Cusco today before the trek", "travel.location", "Cusco", "assertive"),
        # A participle that is no place, and a past said as one.
        ("Being honest, I never liked Madrid", "profile.home_city", None, ""),
        ("forgot to mention we were in Rome last year", "travel.location", None, ""),
    ]
)
def test_frames_around_a_present_fact(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)
