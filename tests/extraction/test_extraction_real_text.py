"""Real text in three more voices: texting without apostrophes, dictated voice notes
that run clauses together, and polite mail wrapped in formulas.

Each table is one phenomenon; its rows vary the words that carry it. Message time is
Wednesday 4 March 2026 (``AT``): Thursday is the 5th, Friday the 6th, Saturday the 7th,
Sunday the 8th, next Monday the 9th.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, check_field_row

from core.extraction.elision import split_elided
from core.extraction.letters import is_sign_off, strip_frame, strip_salutation
from core.extraction.offline import extract_offline
from core.extraction.run_ons import split_run_ons
from core.extraction.segments import split_segments
from core.extraction.timeexpr import find_times
from core.extraction.typed_text import clean

# ---------------------------------------------------------------- texting


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("were already in truckee", "we're already in truckee"),
        ("so were home today", "so we're home today"),
        ("ok were gonna be late", "ok we're gonna be late"),
        ("Were not going after all", "We're not going after all"),
        # After a word that only opens what is said, at the start or after a comma.
        ("anyway were home in oakland now", "anyway we're home in oakland now"),
        ("Anyway, were in denver now", "Anyway, we're in denver now"),
        ("traffic was awful, anyway were home now", "traffic was awful, anyway we're home now"),
        ("well were heading out", "well we're heading out"),
        ("finally were here!", "finally we're here!"),
        ("oh were still in tahoe till sunday", "oh we're still in tahoe till sunday"),
        ("got in last nite", "got in last night"),
        ("back sat", "back saturday"),
        ("til sun", "til sunday"),
        ("shouldve booked the earlier flight", "should've booked the earlier flight"),
        ("coulda been there by now", "could have been there by now"),
        ("gonna b late", "gonna be late"),
        ("prob gonna move next yr", "probably gonna move next year"),
        ("plan b is fine tho", "plan b is fine though"),
        # "were" with its subject after it, or before it, stays the past of "be".
        ("were you there?", "were you there?"),
        ("Were it not for the strike", "Were it not for the strike"),
        ("the kids were sick and so were we", "the kids were sick and so were we"),
        # The same openers before a subject, a question, or where they end a clause.
        ("anyway we were home by 9", "anyway we were home by 9"),
        ("anyway if we were home we'd cook", "anyway if we were home we'd cook"),
        ("oh were you home?", "oh were you home?"),
        ("they played well were they tired", "they played well were they tired"),
        ("the boys did well were home by 9", "the boys did well were home by 9"),
        ("tell them anyway were not", "tell them anyway were not"),
        ("we sat on the porch", "we sat on the porch"),
        ("we had rain and sun all week", "we had rain and sun all week"),
        ("went to sun valley", "went to sun valley"),
    ],
)
def test_texting_spellings_are_read_as_the_words_meant(typed: str, read: str) -> None:
    assert clean(typed) == read


# ---------------------------------------------------------------- run-on clauses


@pytest.mark.parametrize(
    ("message", "clauses"),
    [
        (
            "we're already in Mammoth we got in last night",
            ["we're already in Mammoth", "we got in last night"],
        ),
        ("were already in tahoe got in last nite", ["we're already in tahoe", "got in last night"]),
        (
            "Just arrived in Denver, the flight was smooth",
            ["Just arrived in Denver", "the flight was smooth"],
        ),
        # Same tense on both sides: nothing to keep apart.
        (
            "you should move to Denver, the mountains are great",
            ["you should move to Denver, the mountains are great"],
        ),
        # A relative clause the parser may misread keeps its noun.
        ("we're at the place we rented last year", ["we're at the place we rented last year"]),
    ],
)
def test_main_clauses_run_together_are_read_one_by_one(message: str, clauses: list[str]) -> None:
    body = clean(message)
    got = [s.text for s in split_elided(split_run_ons(split_segments(message), body), body)]
    assert got == clauses


@pytest.mark.parametrize(
    "text",
    [
        "were already in truckee got in around 11 last nite",
        "Okay so um we're already in Mammoth we got in last night and it's like totally snowing",
        "Just arrived in Denver, the flight was smooth. Will call tonight.",
        "we're in Tahoe stuck in traffic",
    ],
)
def test_an_arrival_explained_by_a_run_on_past_clause_is_now(text: str) -> None:
    ex = extract_offline(text, at=AT)
    assert ex.intent == "assertive"
    under_way = {(o.field, o.candidate_value) for o in ex.observations if o.intent == "assertive"}
    assert ("travel.status", "in_progress") in under_way


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # "were" for "we're" after an opener: where the speaker is now.
        ("anyway were home in oakland now", ("travel.location", "Oakland")),
        ("Anyway, were in Denver now", ("travel.location", "Denver")),
        (
            "took like 5 hours bc of traffic, anyway were home in oakland now",
            ("profile.home_city", "Oakland"),
        ),
        ("ok were in boise now, got in at noon", ("travel.location", "Boise")),
        # After a day ahead that opens the clause: a plan for that day, not last week's.
        ("thursday were leaving for tahoe, back sunday", ("travel.depart_date", "2026-03-05")),
        ("hey so tmrw were off to chicago", ("travel.depart_date", "2026-03-05")),
        ("ok saturday were driving up to napa w the kids", ("travel.depart_date", "2026-03-07")),
        ("the 12th were flying to lisbon!!", ("travel.depart_date", "2026-03-12")),
        # The past with its subject, an if, someone else's: nothing about now.
        ("anyway we were home in oakland by 9", None),
        ("anyway if we were home in oakland we'd cook", None),
        ("anyway they were in denver now and then", None),
        # A day gone by, or a subject before the day: the past of "be", as typed.
        ("yesterday were at the beach all day", None),
        ("the kids on thursday were so tired after swim", None),
    ],
)
def test_were_typed_for_we_are_tells_where_we_are(text: str, said: tuple[str, str] | None) -> None:
    ex = extract_offline(text, at=AT)
    now = {(o.field, o.candidate_value) for o in ex.observations if o.intent == "assertive"}
    if said is not None and said[0] == "travel.depart_date":
        ahead = {(o.field, o.candidate_value) for o in ex.observations if o.intent == "planning"}
        assert said in ahead, ex.observations
    elif said is None:
        assert not {f for f, _ in now} & {"travel.location", "profile.home_city"}, now
        assert not [o for o in ex.observations if o.field == "travel.depart_date"], ex.observations
    else:
        assert said in now, now


# ---------------------------------------------------------------- letters


@pytest.mark.parametrize(
    ("text", "rest"),
    [
        ("Hi Sarah, Just a quick note", "Just a quick note"),
        ("Dear Mr. Klein, I regret", "I regret"),
        ("Dear all", ""),
        ("Hello, I am writing", "I am writing"),
        ("hi laura, my daughter", "my daughter"),
        # An introduction is no greeting.
        ("hey im dave", "hey im dave"),
    ],
)
def test_a_salutation_is_taken_off(text: str, rest: str) -> None:
    assert strip_salutation(text) == rest


@pytest.mark.parametrize(
    ("text", "rest"),
    [
        ("I am writing to confirm that the rent has been paid", "the rent has been paid"),
        ("Just a quick note to let you know we arrived", "we arrived"),
        ("I regret to inform you that my father is ill", "my father is ill"),
        ("I am pleased to share that I have joined Deloitte", "I have joined Deloitte"),
        ("Just letting you know the bill was paid", "the bill was paid"),
        ("For scheduling purposes, please note that I am on GMT", "I am on GMT"),
        # Writing from somewhere is news, not a frame.
        ("I am writing from Nairobi", "I am writing from Nairobi"),
    ],
)
def test_a_frame_is_taken_off(text: str, rest: str) -> None:
    assert strip_frame(text) == rest


@pytest.mark.parametrize(
    ("low", "sign_off"),
    [
        ("best, tom", True),
        ("kind regards, anne martin", True),
        ("yours sincerely", True),
        ("many thanks, daniel", True),
        ("love, k", True),
        ("love my new job", False),
        ("best day ever at the beach", False),
    ],
)
def test_a_sign_off_is_told_from_a_sentence(low: str, sign_off: bool) -> None:
    assert is_sign_off(low) is sign_off


# ---------------------------------------------------------------- fields in these voices

FIELDS = [
    # Mail: the news inside the formulas.
    ("Hello, I am writing to confirm that this month's rent has been paid in full. Regards, Anna", "financial.rent.status", "paid", "assertive"),
    ("Dear all, I am writing from Nairobi, where I arrived on Monday. Best, Amina", "travel.location", "Nairobi", "assertive"),
    ("Just a heads up that I am currently working remotely from Mexico City.", "travel.location", "Mexico City", "assertive"),
    ("Please note that I have moved to Seattle. Many thanks, Daniel", "profile.home_city", "Seattle", "assertive"),
    ("Hi Ben, We're finally settled in our new home in Raleigh. Love, Jo", "profile.home_city", "Raleigh", "assertive"),
    # The speaker among others.
    ("My wife and I are vegetarian, so please let the caterer know.", "profile.diet", "vegetarian", "assertive"),
    ("gf and i are both vegan now", "profile.diet", "vegan", "assertive"),
    ("i teach at lincoln elementary", "profile.employer", "Lincoln Elementary", "assertive"),
    # Bills named with their period or their amount.
    ("The rent for March is due on Friday.", "financial.rent.status", "due", "planning|assertive"),
    ("the electricity bill of $96 was paid this morning", "financial.electricity_bill.amount", 96, "assertive"),
    ("phone bill due fri", "financial.phone_bill.status", "due", "planning|assertive"),
    ("the rent's paid i paid it this morning", "financial.rent.status", "paid", "assertive"),
    # A present state, then a plan with the subject left out.
    ("My daughter is feeling much better and will be back at school on Monday.", "family.daughter.status", "well", "assertive"),
    # Dates: ranges keep both ends, the return has its own clause or noun.
    ("next week I'm flying to Boston Tuesday through Thursday", "travel.depart_date", "2026-03-10", "planning"),
    ("next week I'm flying to Boston Tuesday through Thursday", "travel.return_date", "2026-03-12", "planning"),
    ("We'll be at my in-laws in Phoenix from Thursday until Monday", "travel.return_date", "2026-03-09", "planning"),
    ("our flight home is sunday at 3", "travel.return_date", "2026-03-08", "planning"),
    ("in nyc for a conference, back sat", "travel.return_date", "2026-03-07", "planning|assertive"),
    # Stays in other words.
    ("We stay in Hotel Adlon in Berlin until Friday.", "travel.location", "Berlin", "assertive"),
    ("I am staying by my parents in Kerala this month.", "travel.location", "Kerala", "assertive"),
    # A cancellation that points back at the trip it called off.
    ("we were supposed to go to Mexico but the whole thing got called off", "travel.status", "cancelled", "assertive"),
    ("we were supposed to go to hawaii but my husband got laid off so we cancelled", "travel.status", "cancelled", "assertive"),
    # And what these words must not do.
    ("i always stay with my aunt in Boston when i visit", "travel.location", None, ""),
    ("We got here on Saturday and the weather has been glorious", "financial.here.status", None, ""),
    ("the whole thing got called off", "project.whole_thing.status", None, ""),
    ("we were supposed to have dinner but it got cancelled", "travel.status", None, ""),
]  # fmt: skip


@pytest.mark.parametrize(("text", "field", "value", "intent"), FIELDS)
def test_fields_in_these_voices(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("tuesday through thursday", ["2026-03-10", "2026-03-12"]),
        ("from monday to friday", ["2026-03-09", "2026-03-13"]),
        ("from thursday until monday", ["2026-03-05", "2026-03-09"]),
        ("Sunday, March 8", ["2026-03-08"]),
    ],
)
def test_a_range_of_weekdays_keeps_both_ends_in_order(text: str, days: list[str]) -> None:
    assert [t.day.isoformat() for t in find_times(text.lower(), AT)] == days


@pytest.mark.parametrize(
    "text",
    [
        "Oh hey are we still on for dinner with the Garcias Friday",
        "Um where am I staying tonight again",
        "hows ur mom doing?",
        "I can't thank you enough for all your help this year.",
    ],
)
def test_questions_and_thanks_without_their_marks_state_nothing(text: str) -> None:
    assert extract_offline(text, at=AT).intent == "none"


# ---------------------------------------------------------------- two things in one message


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # A lower-case "amazon return" is a thing, though the small model tags it a name.
        ("sunday we leave for tahoe. amazon return is due friday", "amazon_return.status", "due"),
        ("we leave sunday. amazon return is due friday", "amazon_return.due_date", "2026-03-06"),
        ("sunday we leave for tahoe. car payment is due monday", "car_payment.status", "due"),
        # Each bill keeps its own day when the clause names two.
        (
            "Sunday we leave for Tahoe, and the Amazon return is due Friday",
            "amazon_return.due_date",
            "2026-03-06",
        ),
        ("we fly to Denver on Friday and the rent is due Monday", "rent.due_date", "2026-03-09"),
        ("the rent is due Monday and we fly to Denver on Friday", "rent.due_date", "2026-03-09"),
    ],
)
def test_a_bill_beside_a_trip_keeps_its_own_day(text: str, field: str, value: str) -> None:
    found = {o.field: o.candidate_value for o in extract_offline(text, at=AT).observations}
    assert found.get(f"financial.{field}") == value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Sunday we leave for Tahoe, and the Amazon return is due Friday", "2026-03-08"),
        ("the rent is due Monday and we fly to Denver on Friday", "2026-03-06"),
    ],
)
def test_the_trip_keeps_its_own_day_beside_a_bill(text: str, value: str) -> None:
    found = {o.field: o.candidate_value for o in extract_offline(text, at=AT).observations}
    assert found.get("travel.depart_date") == value


@pytest.mark.parametrize(
    ("text", "fields"),
    [
        # A place a trip goes to is nobody who was paid.
        ("our trip to Tahoe is cancelled", {"travel.status": "cancelled"}),
        # A shop everyone knows is the same errand however it is typed.
        (
            "i have to return the amazon package by friday",
            {
                "financial.amazon_return.status": "due",
                "financial.amazon_return.due_date": "2026-03-06",
            },
        ),
        (
            "I have to return the Amazon package by Friday",
            {
                "financial.amazon_return.status": "due",
                "financial.amazon_return.due_date": "2026-03-06",
            },
        ),
        # A bare weekday's return comes after the departure the message names.
        (
            "we leave for tahoe sunday, back saturday",
            {
                "travel.destination": "Tahoe",
                "travel.status": "planning",
                "travel.depart_date": "2026-03-08",
                "travel.return_date": "2026-03-14",
            },
        ),
        # A return told by its day of the month, before the departure: next month's.
        (
            "leaving for tahoe sunday, back the 5th",
            {
                "travel.destination": "Tahoe",
                "travel.status": "planning",
                "travel.depart_date": "2026-03-08",
                "travel.return_date": "2026-04-05",
            },
        ),
    ],
)
def test_one_thing_is_read_as_one_thing(text: str, fields: dict[str, str]) -> None:
    found = {o.field: o.candidate_value for o in extract_offline(text, at=AT).observations}
    assert found == fields
