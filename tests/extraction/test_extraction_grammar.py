"""The linguistic layer, phenomenon by phenomenon: what the parse reads, and what it
changes in the observations. Every sentence here was written for this file."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.extraction.linguistics.parse import clause_readings
from core.extraction.linguistics.reading import ClauseReading
from core.extraction.offline import extract_offline

AT = datetime(2026, 11, 23, 18, 0, tzinfo=UTC)


def reading(text: str) -> ClauseReading:
    found = clause_readings(text, [text])[0]
    assert found is not None
    return found


# --- what the parse reads -------------------------------------------------------

TENSE = [
    # past verbs no word list names
    ("we sat on the porch until midnight", "past"),
    ("the dog chewed through the fence", "past"),
    ("my brother crashed his bike", "past"),
    ("i cried the whole way home", "past"),
    ("She hung up on me", "past"),
    # present, including the present perfect whose result holds
    ("i teach third grade", "present"),
    ("We have settled in Raleigh", "present"),
    ("my aunt is staying with us", "present"),
    # future only with a verb after "going to", or will/shall/'ll
    ("we're going to drive up to Vermont", "future"),
    ("I'm gonna call the landlord", "future"),
    ("I'll be in Phoenix on the 3rd", "future"),
    ("we are about to board", "future"),
    ("im going to the pharmacy", "present"),
    # no verb at all
    ("totally exhausted after that flight", "none"),
]


@pytest.mark.parametrize(("text", "tense"), TENSE)
def test_tense_comes_from_morphology(text: str, tense: str) -> None:
    assert reading(text).tense == tense


@pytest.mark.parametrize(
    ("text", "field", "expected"),
    [
        ("I am renting a cabin near Bend", "progressive", True),
        ("I rent a cabin near Bend", "progressive", False),
        ("we've lived in Tucson for six years", "perfect", True),
        ("we had already sold the house", "pluperfect", True),
        ("we sold the house", "pluperfect", False),
        ("the package was delivered", "passive", True),
    ],
)
def test_aspect_and_voice(text: str, field: str, expected: bool) -> None:
    assert getattr(reading(text), field) is expected


@pytest.mark.parametrize(
    ("text", "subject", "person"),
    [
        ("i started a new job", "speaker", False),
        ("we landed an hour ago", "we", False),
        ("you were right about the traffic", "addressee", False),
        ("my cousin Dana moved to Reno", "other", True),
        ("she flew to Omaha", "other", True),
        ("Marcus lives in Tulsa now", "other", True),
        ("my wife and I are in Sedona", "other", False),
        ("our flight got delayed", "other", False),
    ],
)
def test_subject_from_the_parse(text: str, subject: str, person: bool) -> None:
    r = reading(text)
    assert (r.subject, r.subject_person) == (subject, person)


@pytest.mark.parametrize(
    ("text", "modal", "conditional"),
    [
        ("we might stay in Flagstaff", "might", False),
        ("I should call my mother", "should", False),
        ("I could see us living in Maine", "could", False),
        ("if the roads are clear we drive to Boise", "", True),
        ("unless it snows we leave Friday", "", True),
        ("Were we richer, we'd buy a boat", "would", True),
        ("Had I left earlier I'd have made the train", "", True),
        ("we can't afford the rent", "can", False),
    ],
)
def test_modality_and_conditions(text: str, modal: str, conditional: bool) -> None:
    r = reading(text)
    assert (r.modal, r.conditional) == (modal, conditional)


@pytest.mark.parametrize(
    ("text", "negated"),
    [
        ("we didn't make it to the wedding", ("make",)),
        ("i never finished that degree", ("finish",)),
        ("I don't work at the bakery anymore", ("work",)),
        ("i finished that degree", ()),
    ],
)
def test_negation_is_found_on_its_verb(text: str, negated: tuple[str, ...]) -> None:
    assert reading(text).negated_verbs == negated


@pytest.mark.parametrize(
    ("text", "by"),
    [
        ("my sister said she is moving to Denver", "other"),
        ("i heard the clinic is closing", "speaker"),
        ("she is moving to Denver", None),
    ],
)
def test_reported_speech_names_the_reporter(text: str, by: str | None) -> None:
    head = reading(text)
    # The content clause is what a field rule reads; its reporter is on the reading
    # of the clause inside the message.
    inner = text.split(" said ", 1)[-1].split(" heard ", 1)[-1]
    inner_reading = clause_readings(text, [inner])[0] if inner != text else head
    assert inner_reading is not None
    assert inner_reading.reported_by == by


# --- what it changes in the observations ----------------------------------------


def observed(text: str) -> set[tuple[str, object, str]]:
    ex = extract_offline(text, at=AT)
    return {(o.field, o.candidate_value, o.intent) for o in ex.observations}


def factual(text: str) -> set[tuple[str, object]]:
    return {(f, v) for f, v, i in observed(text) if i in ("assertive", "planning")}


def intent(text: str) -> str:
    return extract_offline(text, at=AT).intent


STORIES = [
    # A story in the past, whatever its verb: nothing about now.
    "i tripped on the stairs when i heard my dad was in the hospital",
    "we sat in the car and cried after mom got sick",
    "My brother yelled at me when I told him I was moving to Austin",
    "the storm knocked out our power while we were in Tahoe",
    "i fainted at the airport in Denver",
    "I panicked when my son was sick",
]


@pytest.mark.parametrize("text", STORIES)
def test_a_story_in_the_past_commits_nothing(text: str) -> None:
    assert factual(text) == set()
    assert intent(text) == "historical"


NEWS = [
    # A past event whose result the clause names in a field: about now.
    ("we moved to Raleigh", ("profile.home_city", "Raleigh")),
    ("just landed in Boise", ("travel.location", "Boise")),
    ("my flight to Boise got cancelled", ("travel.status", "cancelled")),
    ("I started at Target last week", ("profile.employer", "Target")),
]


@pytest.mark.parametrize(("text", "expected"), NEWS)
def test_a_past_event_whose_result_holds_is_news(text: str, expected: tuple[str, object]) -> None:
    assert expected in factual(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("i love going to the lake", "assertive"),
        ("im going to the pharmacy", "assertive"),
        ("my will is with the lawyer", "assertive"),
        ("we're going to drive up to Vermont next week", "planning"),
        ("My grandpa left everything in his will to the church", "historical"),
    ],
)
def test_going_to_and_will_are_plans_only_as_grammar_says(text: str, expected: str) -> None:
    assert intent(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("we're on our honeymoon in Maui", ("travel.location", "Maui")),
        ("this is our first week in Lisbon", None),
        ("I've worked at Kroger for nine years", ("profile.employer", "Kroger")),
    ],
)
def test_story_words_do_not_make_a_present_sentence_past(
    text: str, expected: tuple[str, object] | None
) -> None:
    assert intent(text) in ("assertive", "planning")
    if expected is not None:
        assert expected in factual(text)


@pytest.mark.parametrize(
    "text",
    [
        "we went to Maui for our honeymoon",
        "our first apartment was in Queens",
        "we had moved to Denver before the twins were born",
    ],
)
def test_story_words_in_a_past_sentence_stay_past(text: str) -> None:
    assert factual(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Dana got back from Chicago last night",  # someone else's trip
        "my sister is in Portland this week",
        "Marcus lives in Tulsa",
        "she flew home to Denver",
    ],
)
def test_another_persons_whereabouts_are_not_the_speakers(text: str) -> None:
    fields = {f for f, _ in factual(text)}
    assert not fields & {"travel.location", "travel.status", "profile.home_city"}


@pytest.mark.parametrize(
    "text",
    [
        "i drive to work in Fresno every day",
        "we go to Tahoe a lot in the winter",
    ],
)
def test_a_habit_is_not_a_trip(text: str) -> None:
    assert not {f for f, _ in factual(text)} & {"travel.destination", "travel.status"}


@pytest.mark.parametrize(
    "text",
    [
        "we might drive to Boise",
        "I could move to Maine someday",
        "Were we richer, we'd live in Monterey",
        "Had I known, I would have stayed in Tulsa",
    ],
)
def test_possibility_never_states_a_fact(text: str) -> None:
    assert factual(text) == set()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("lol same here", "none"),
        ("I need a cab to the station at 6", "none"),
        ("looking for a cheap hotel near the river", "none"),
    ],
)
def test_requests_and_verbless_chat_claim_nothing(text: str, expected: str) -> None:
    assert intent(text) == expected
    assert factual(text) == set()


@pytest.mark.parametrize(
    ("text", "cleaned_field"),
    [
        ("im in tucson", ("travel.location", "Tucson")),
        ("we r in tucson lol", ("travel.location", "Tucson")),
        ("my names Priya", ("profile.name", "Priya")),
    ],
)
def test_chat_spellings_without_apostrophes(text: str, cleaned_field: tuple[str, object]) -> None:
    assert cleaned_field in factual(text)


@pytest.mark.parametrize(
    "text",
    [
        "we're at Kevin's place",
        "I'm at Austin's house for the weekend",
        "staying at Priya's tonight",
    ],
)
def test_someones_home_is_not_a_place_or_a_trip(text: str) -> None:
    """NER reads Kevin as a person; a possessive names whose home, not a town."""
    assert not {f for f, _ in factual(text)} & {"travel.location", "travel.status"}


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Jordan and I are in Florence", "Florence"),
        ("my husband and I are in Denver", "Denver"),
        ("we're in Austin", "Austin"),  # a person's name that is also a city stays a city
    ],
)
def test_a_compound_subject_with_the_speaker_is_where_the_speaker_is(text: str, place: str) -> None:
    assert ("travel.location", place) in factual(text)


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("my daughter Lily is sick", "family.lily.status", "sick"),
        ("our son, Leo, is feeling better", "family.leo.status", "well"),
        ("my son Max has the flu", "family.max.status", "sick"),
        ("My wife Is sick", "family.wife.status", "sick"),  # a capital is not a name
    ],
)
def test_a_member_named_beside_the_relation_is_the_member(
    text: str, field: str, value: str
) -> None:
    """The name is who the field is about, so "Lily is fine now" later settles it."""
    assert (field, value) in factual(text)


@pytest.mark.parametrize(
    "text",
    [
        "so last night my neighbor knocks on the door and asks to borrow our ladder",
        "yesterday my boss calls me into his office and tells me I'm doing great",
    ],
)
def test_a_story_told_in_the_present_with_a_past_day_is_a_story(text: str) -> None:
    assert intent(text) == "historical"


def test_a_past_verb_puts_its_dates_behind() -> None:
    """Said in November: "in march" after a past verb is last March, not next."""
    ex = extract_offline("my uncle was in the hospital in march", at=AT)
    assert ex.intent == "historical"
    assert all(o.intent != "planning" for o in ex.observations)


def test_a_result_that_points_ahead_keeps_its_date_ahead() -> None:
    assert ("family.swim_lesson.schedule", "2026-11-26") in factual("swim lesson moved to Thursday")


@pytest.mark.parametrize(
    "text",
    [
        "aww congrats, that's wonderful",
        "oh no, so sorry to hear about your cat",
        "lol same here",
        "that's so cool",
    ],
)
def test_reactions_to_the_other_person_claim_nothing(text: str) -> None:
    assert intent(text) == "none"
    assert factual(text) == set()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("we're driving to Reno next week and I'm so pumped", "planning"),
        ("my dad got over his cold and now I'm the one who's sick lol", "assertive"),
    ],
)
def test_the_clauses_that_set_a_field_decide_the_message(text: str, expected: str) -> None:
    assert intent(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # the remarks around a story are part of it
        "i spilled coffee all over my laptop this morning and the keyboard is toast",
        "so my cousin texts me at 3am bc her car broke down. i didnt sleep after that",
        "we drove to the coast and i got the worst sunburn ever",
    ],
)
def test_remarks_inside_a_story_belong_to_the_story(text: str) -> None:
    assert intent(text) == "historical"
    assert factual(text) == set()


@pytest.mark.parametrize(
    "text",
    ["I totally understand how you feel", "that must have been so scary", "dont leave us hanging"],
)
def test_empathy_and_requests_to_the_listener_claim_nothing(text: str) -> None:
    assert intent(text) == "none"


def test_a_message_is_parsed_once_even_when_rules_check_their_objects() -> None:
    """The object checks read the message's cached parse, not a parse of their clause."""
    from core.extraction.linguistics import parse as parsing

    text = "We finished the pricing page. I dropped my phone in the sink"
    parsing.clear()
    ex = extract_offline(text, at=AT)
    assert ("project.pricing_page.status", "shipped") in {
        (o.field, o.candidate_value) for o in ex.observations
    }
    assert not any(o.field == "project.phone.status" for o in ex.observations)
    assert parsing.cached_texts() == [text]
