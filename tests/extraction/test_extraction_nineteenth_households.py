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


# ---------------------------------------------------------------- batch 2: a carer's and a ward's words


@pytest.mark.parametrize(
    ("text", "member", "status"),
    [
        ("Grandad's not right today, very pale and sleepy", "grandpa", "sick"),
        ("Nan's been off her legs since Friday", "grandma", "sick"),
        ("Mum's very pale this morning, not eating", "mom", "sick"),
        ("Dad's much more with it today, chatting away", "dad", "well"),
        ("Gran's a lot more with it since the antibiotics", "grandma", "well"),
    ],
)
def test_an_old_persons_decline_and_return_the_carers_way(
    text: str, member: str, status: str
) -> None:
    assert facts(text).get(f"family.{member}.status") == status


@pytest.mark.parametrize(
    "text",
    ["that's not right, the bill says £90", "Mum's not right about the dates", "pale ale for me"],
)
def test_not_right_about_a_thing_or_pale_ale_is_no_one_ill(text: str) -> None:
    assert not any(f.endswith(".status") for f in facts(text))


@pytest.mark.parametrize(
    ("text", "member"),
    [
        ("Dad's sats dropped overnight so he's back on oxygen", "dad"),
        ("Nan's back on the drip, she wasn't drinking", "grandma"),
        ("Mum's back on antibiotics for her chest", "mom"),
    ],
)
def test_back_on_a_treatment_is_sick_not_home(text: str, member: str) -> None:
    assert facts(text).get(f"family.{member}.status") == "sick"


@pytest.mark.parametrize(
    ("text", "member"),
    [
        ("I'm shattered, Leo was up all night with croup", "leo"),
        ("the twins were up half the night being sick", "twins"),
        ("knackered, Ivy was up most of the night coughing", "ivy"),
    ],
)
def test_kept_up_last_night_by_an_illness_is_ill_now(text: str, member: str) -> None:
    assert facts(text).get(f"family.{member}.status") == "sick"
    assert intent_said(text, AT) == "assertive"


@pytest.mark.parametrize(
    ("text", "member", "status"),
    [
        ("night staff say Mum slept right through, first time in weeks", "mom", "well"),
        ("the nurses say Grandad's comfortable", "grandpa", "well"),
        ("nursery say Bea's had a temperature since lunch", "bea", "sick"),
    ],
)
def test_reporters_in_the_plural_say_it_too(text: str, member: str, status: str) -> None:
    assert facts(text).get(f"family.{member}.status") == status


@pytest.mark.parametrize(
    ("text", "member"),
    [
        ("Gran settled in bed by 9", "grandma"),
        ("Dad's comfortable in his chair, watching the snooker", "dad"),
        ("Nana's settled in bed now", "grandma"),
    ],
)
def test_settled_in_bed_or_a_chair_is_well(text: str, member: str) -> None:
    assert facts(text).get(f"family.{member}.status") == "well"


@pytest.mark.parametrize(
    "text",
    [
        "cubs is cancelled tonight, leader's got covid",
        "the Brownies leader's poorly so it's off",
        "Mum's carer is poorly, the agency are sending someone",
    ],
)
def test_a_leader_or_a_carer_is_no_one_of_the_family(text: str) -> None:
    said = facts(text)
    assert not any(
        f in said
        for f in ("family.leader.status", "family.childminder.status", "family.carer.status")
    )


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("Nativity moved to the 18th at 2pm, letter in book bags", "nativity"),
        ("the carol concert is cancelled, the church roof leaks", "carol_concert"),
        ("Summer fair's been moved to the 27th", "summer_fair"),
    ],
)
def test_a_school_years_occasions_are_events(text: str, slug: str) -> None:
    assert f"family.{slug}.event_status" in facts(text)


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("granma is in hospitol again with her chest", "family.grandma.status", "sick"),
        ("grandads home now, the docter let him go at lunch", "family.grandpa.status", "home"),
        ("my grandads in hospitol with his chest", "family.grandpa.status", "sick"),
    ],
)
def test_a_households_words_spelt_by_ear(text: str, field: str, value: str) -> None:
    assert facts(text).get(field) == value


# ---------------------------------------------------------------- batch 3: kept in bed, a bad ear


@pytest.mark.parametrize(
    ("text", "member"),
    [
        ("Evie's been in bed all day with a headache", "evie"),
        ("Noah's been up and down all night with his ears", "noah"),
        ("Oscar has a bad ear, he's been pulling at it all day", "oscar"),
        ("Nan's got a bad chest again", "grandma"),
        ("Finn's been complaining his throat hurts since breakfast", "finn"),
        ("Rafi keeps complaining of a sore tummy", "rafi"),
        ("the baby's got oral thrush", "baby"),
    ],
)
def test_kept_in_bed_up_all_night_or_a_bad_ear_is_sick(text: str, member: str) -> None:
    assert facts(text).get(f"family.{member}.status") == "sick"


@pytest.mark.parametrize(
    "text",
    [
        "Mum's got a bad head for heights",
        "Dad has a bad back from the garden",
        "the bed's been up and down the stairs twice",
    ],
)
def test_a_head_for_heights_a_bad_back_or_furniture_is_no_illness(text: str) -> None:
    assert not any(f.endswith(".status") and v == "sick" for f, v in facts(text).items())


@pytest.mark.parametrize(
    ("text", "member", "status"),
    [
        (
            "Hi love, just to say Dad's home, tired but cheerful, speak tomorrow. Mum x",
            "dad",
            "home",
        ),
        ("Gran's much brighter, see you Sunday", "grandma", "well"),
        ("Ivy's still poorly, talk later", "ivy", "sick"),
    ],
)
def test_a_sign_offs_day_leaves_the_news_now(text: str, member: str, status: str) -> None:
    assert facts(text).get(f"family.{member}.status") == status
    assert intent_said(text, AT) == "assertive"


@pytest.mark.parametrize(
    ("text", "member"),
    [
        ("Auntie Pam's in Tenerife for a fortnight", "pam"),
        ("Grandad's at my uncle's for a month", "grandpa"),
        ("Mum's in Spain for two months", "mom"),
    ],
)
def test_a_relative_somewhere_for_a_fortnight_or_months_is_away(text: str, member: str) -> None:
    assert facts(text).get(f"family.{member}.status") == "away"
