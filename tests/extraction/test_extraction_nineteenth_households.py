"""The nineteenth round (issue 24), words19a: classes of phrasing in hand-offs and
households — nannies' and carers' notes, co-parents swapping the children, house-sitters,
family logistics — that the probe sentences written for this round
(``realistic/probes19a*-dev.jsonl``) showed the extractor missing, each fixed as a class and
tabled here with paraphrases in other voices, and with look-alikes that must not commit the
field. Every row is a sentence written for this module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, facts_said, intent_said


def facts(text: str) -> dict[str, object]:
    return facts_said(text, AT)


# ---------------------------------------------------------------- a small ailment, the nursery way


@pytest.mark.parametrize(
    ("text", "member"),
    [
        ("Bo's been sneezing all afternoon", "bo"),
        ("Reuben keeps sneezing, I've put the humidifier on", "reuben"),
        ("Lulu has the squits again", "lulu"),
        ("Nico's got the trots, I've kept him off nursery", "nico"),
        ("Hattie has an upset tummy", "hattie"),
        ("Edie's really hot and clingy tonight", "edie"),
        ("Poppy is hot and grizzly tonight", "poppy"),
        ("Mum's on trimethoprim for her water", "mom"),
        ("Grandad was started on fluclox this morning for his leg", "grandpa"),
        ("Lulu's been on dioralyte since 6", "lulu"),
    ],
)
def test_a_nursery_ailment_hot_and_unwell_or_a_named_course_is_sick(text: str, member: str) -> None:
    assert facts(text).get(f"family.{member}.status") == "sick"


@pytest.mark.parametrize(
    ("text", "member"),
    [
        ("Ada's grumpy but fine", "ada"),
        ("Dad's tired but ok in himself", "dad"),
        ("Maya is a bit clingy but fine", "maya"),
    ],
)
def test_a_passing_mood_set_against_being_fine_is_well(text: str, member: str) -> None:
    assert facts(text).get(f"family.{member}.status") == "well"


@pytest.mark.parametrize(
    "text",
    [
        "it's hot and sticky in the flat today",
        "the dog's been sneezing all morning",
        "Mum's temp job finishes on Friday",
        "Rory - temp 37.1 at 6, fine",
    ],
)
def test_weather_a_pet_a_temp_job_or_a_normal_reading_is_no_one_ill(text: str) -> None:
    assert not any(f.endswith(".status") and v == "sick" for f, v in facts(text).items())


# ---------------------------------------------------------------- a state passed on by who saw it


@pytest.mark.parametrize(
    ("text", "member", "status"),
    [
        ("the childminder says Bo's been sneezing all afternoon", "bo", "sick"),
        ("according to the nurse Dad's much more alert today", "dad", "well"),
        ("Mum reckons Grandad's a lot brighter this morning", "grandpa", "well"),
        ("school rang to say Kian's got a temperature", "kian", "sick"),
        ("according to nursery, Ivy's been fine all day", "ivy", "well"),
    ],
)
def test_a_state_reported_by_someone_else_is_the_members(
    text: str, member: str, status: str
) -> None:
    assert facts(text).get(f"family.{member}.status") == status
    assert intent_said(text, AT) in ("assertive", "historical")


@pytest.mark.parametrize(
    ("text", "member"),
    [
        ("Mum says she's poorly again", "mom"),
        ("my sister texted that she's got flu", "sister"),
    ],
)
def test_the_reporter_speaking_of_themselves_stays_theirs(text: str, member: str) -> None:
    assert facts(text).get(f"family.{member}.status") == "sick"


@pytest.mark.parametrize(
    "text",
    [
        "the childminder says she can't do Friday",
        "Mum says if Ruby's still poorly tomorrow she'll have her",
        "his dad reckons Gran's poorly again",
        "the vet said Pickle's got kennel cough",
    ],
)
def test_a_report_with_no_ones_state_commits_none(text: str) -> None:
    assert not any(f.endswith(".status") for f in facts(text))


# ---------------------------------------------------------------- a rarer name as a note's label


@pytest.mark.parametrize(
    ("text", "member"),
    [
        ("Rory - temp 38.2 @ 4, calpol given, v sleepy", "rory"),
        ("Edie: poorly again, off her milk", "edie"),
        ("Kian - temp 39.1 overnight", "kian"),
    ],
)
def test_a_rarer_first_name_before_a_symptom_labels_the_line(text: str, member: str) -> None:
    assert facts(text).get(f"family.{member}.status") == "sick"


@pytest.mark.parametrize("text", ["Paris - in the rain again", "Rory - at football till 5"])
def test_a_rarer_name_before_anything_else_labels_nothing(text: str) -> None:
    assert not any(f.endswith(".status") for f in facts(text))


# ---------------------------------------------------------------- a visit dated ahead after a state


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        (
            "Hi all, update on Dad: he had the scan yesterday, he's home now resting, results "
            "next week",
            "family.dad.status",
            "home",
        ),
        (
            "Mum's been a bit breathless today, GP visit booked Mon 11am",
            "family.mom.status",
            "sick",
        ),
        ("Nan's much brighter, the district nurse comes tomorrow", "family.grandma.status", "well"),
        (
            "Teddy's still coughing, the doctor's appointment is on the 12th",
            "family.teddy.status",
            "sick",
        ),
    ],
)
def test_a_visit_dated_ahead_after_a_comma_leaves_the_state_now(
    text: str, field: str, value: str
) -> None:
    assert facts(text).get(field) == value
    assert intent_said(text, AT) == "assertive"


def test_a_house_sitters_fault_and_the_engineers_day_are_news_now() -> None:
    said = "boiler's been playing up since Tuesday, the engineer comes Friday"
    assert intent_said(said, AT) == "assertive"


# ---------------------------------------------------------------- a bullet, "w/" and "sch"


@pytest.mark.parametrize(
    ("text", "member", "status"),
    [
        ("- Sophie's fine", "sophie", "well"),
        ("\u2022 Ada's grumpy but fine", "ada", "well"),
        ("* Mum's poorly", "mom", "sick"),
        ("Ellie's off sch today w/ tummy bug", "ellie", "sick"),
        ("Jago home from skl w/ a temp", "jago", "sick"),
    ],
)
def test_a_bullet_and_a_hand_overs_shorthand_are_read_through(
    text: str, member: str, status: str
) -> None:
    assert facts(text).get(f"family.{member}.status") == status


def test_a_minus_sign_is_no_bullet() -> None:
    assert "family.it.status" not in facts("-5 here this morning, pipes frozen")


# ---------------------------------------------------------------- the day so far, the last dose


@pytest.mark.parametrize(
    ("text", "member"),
    [
        ("Dad has had a good day, no pain, ate well", "dad"),
        ("Nan's had a good morning, watching the racing now", "grandma"),
        ("Grandad has had a comfortable afternoon, no pain", "grandpa"),
    ],
)
def test_the_day_so_far_in_the_present_perfect_is_how_they_are(text: str, member: str) -> None:
    assert facts(text).get(f"family.{member}.status") == "well"
    assert intent_said(text, AT) == "assertive"


@pytest.mark.parametrize(
    "text",
    ["we had a good day at the zoo", "Dad had a lovely afternoon at the races last week"],
)
def test_a_good_day_in_the_simple_past_is_a_story(text: str) -> None:
    assert intent_said(text, AT) == "historical"


@pytest.mark.parametrize(
    ("text", "member"),
    [
        ("Gran's on amoxicillin 3x a day till Sunday, last dose was 2pm", "grandma"),
        ("Ivy's still on the antibiotics, last one was at 8", "ivy"),
        ("Grandad's chesty again, last puffer was at lunch", "grandpa"),
    ],
)
def test_the_last_dose_said_after_a_state_leaves_it_now(text: str, member: str) -> None:
    assert facts(text).get(f"family.{member}.status") == "sick"
    assert intent_said(text, AT) == "assertive"


# ---------------------------------------------------------------- who has them, typed in a hurry


@pytest.mark.parametrize(
    ("text", "member"),
    [
        ("the girls are with their dad this week and with me from sunday", "girls"),
        ("Leo's at his mum's till Friday and with us after that", "leo"),
        ("the kids are at there dads til sunday nite", "kids"),
        ("boys r at there mums this wk", "boys"),
    ],
)
def test_a_stay_now_before_who_has_them_next_is_away(text: str, member: str) -> None:
    assert facts(text).get(f"family.{member}.status") == "away"
    assert intent_said(text, AT) == "assertive"


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("Dad's bday meal on sat is off, he's not up to it", "birthday_meal"),
        ("Nan's b'day lunch is cancelled, she's got a cold", "birthday_lunch"),
        ("Jo's bday party got moved to the 21st", "birthday_party"),
    ],
)
def test_a_bday_is_a_birthday(text: str, slug: str) -> None:
    assert f"family.{slug}.event_status" in facts(text)


def test_happy_bday_commits_nothing() -> None:
    assert facts("happy bday mate, have a good one") == {}
