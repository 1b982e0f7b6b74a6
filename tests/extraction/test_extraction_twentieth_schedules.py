"""The twentieth round (issue 24), w20a: the boundary between a present state with a time
ahead (assertive) and the speaker's own plan (planning) — bills and papers due, terms that
end, stays and duties that hold now with their end ahead — that the probe sentences written
for this round (``realistic/probes20a*-dev.jsonl``) showed the extractor missing, each fixed
as a class and tabled here with paraphrases in other voices, and with look-alikes that must
keep their reading. Every row is a sentence written for this module, none taken from an
evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, held_said, intent_said

# ------------------------------------------------------- a thing's term: owed or in force now


@pytest.mark.parametrize(
    "text",
    [
        "the water rates are due on Monday",
        "my coursework's due thursday and I haven't started",
        "council tax due the 1st, as ever",
        "the nursery fees are due by the 10th",
        "the car insurance runs out at the end of the month",
        "his passport expires in July",
        "my phone contract ends on the 20th",
        "The TV licence expires next month, apparently.",
        "our home insurance renews on the 2nd",
        "the gym contract is up in September",
        "the mortgage comes out of our joint account on the 28th",
    ],
)
def test_a_things_term_ahead_is_the_present(text: str) -> None:
    """A bill owed, a contract or a document in force now: its day ahead ends the state;
    nobody plans anything."""
    assert intent_said(text) == "assertive"


def test_a_bill_due_ahead_keeps_its_fields_as_facts() -> None:
    assert held_said("the gas bill's due on Friday")["financial.gas_bill.status"] == "due"
    assert held_said("the gas bill's due on Friday")["financial.gas_bill.due_date"] == "2026-03-06"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # The speaker or a person "due back" is coming home: a plan.
        ("I'm due back in Leeds on Thursday", "planning"),
        ("due home Friday night, all being well", "planning"),
        # A journey's timetable is the trip's.
        ("our flight is due in at 6 tomorrow", "planning"),
        # Told as what will happen.
        ("the lease will end in June and we'll move nearer the school", "planning"),
        # A term that starts a move: the move is the plan.
        ("the tenancy ends on the 30th and then we're off to Bristol", "planning"),
        ("my visa runs out on the 12th so I'm flying home on the 11th", "planning"),
        ("moving my stuff to Porto on the 3rd, the Faro flat is up", "planning"),
        # A thing that comes out on a day ahead is an operation, not a payment.
        ("my son's grommets come out on the 11th", "planning"),
        # Questions and conditions stay what they are.
        ("when is the council tax due?", "none"),
        ("if the rent's due on Friday I'll be short", "hypothetical"),
    ],
)
def test_look_alikes_of_a_term_keep_their_reading(text: str, intent: str) -> None:
    assert intent_said(text, AT) == intent


# ------------------------------------------- a state bounded by an event ahead holds now


@pytest.mark.parametrize(
    "text",
    [
        "I'm minding the shop till Karim's back on the 9th",
        "the boiler's off until the engineer comes on Monday",
        "the lift is out until a technician can get here on Friday",
        "she's off her blood thinners until after the op on Thursday",
        "we're at my sister's till Dev gets home on Sunday",
        "the table's held for us until 8pm on Saturday",
        "the garage has the car till noon Thursday",
    ],
)
def test_until_an_event_on_a_day_ahead_bounds_a_state_now(text: str) -> None:
    assert intent_said(text) == "assertive"


# ----------------------------------------------- here until a day: a stay under way


@pytest.mark.parametrize(
    "text",
    [
        "arrived in Hoi An on Sunday, here till the 12th",
        "in Kigali for a workshop, here until the 20th",
        "made it to Oaxaca, here until Friday at least",
    ],
)
def test_here_until_a_day_is_a_stay_under_way(text: str) -> None:
    assert intent_said(text) == "assertive"


def test_a_plan_before_here_until_then_stays_a_plan() -> None:
    assert intent_said("we're flying out on the 10th and here till then") == "planning"


# ------------------------------------- the speaker's own doing set in a season ahead


@pytest.mark.parametrize(
    "text",
    [
        "we're moving to Norwich in the summer",
        "I'm retiring in the autumn, finally",
        "we're emigrating to Canada next spring",
        "I'm switching to the Manchester campus next term",
    ],
)
def test_the_speakers_progressive_in_a_season_ahead_is_a_plan(text: str) -> None:
    assert intent_said(text) == "planning"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # A perfect runs up to now.
        ("I've been living in Leeds since the summer", "assertive"),
        # Someone else's move, the speaker's plan untouched: either reading, never the
        # speaker's trip (see the realistic sets' third-person controls).
        ("I was working in Cork in the summer of 2019", "historical"),
        # A habit in a season is no plan.
        ("we always go to my gran's in the summer", "assertive"),
    ],
)
def test_look_alikes_of_a_season_ahead_keep_their_reading(text: str, intent: str) -> None:
    assert intent_said(text) == intent


# ----------------------------------------------------- a week's pattern told by its days


@pytest.mark.parametrize(
    "text",
    [
        "I'm on lates Tues-Thurs, earlies the rest",
        "office Mon/Tue, home the other days",
        "the girls are with me Sun to Wed and with their dad Wed to Sat",
        "the carer comes Mon-Fri, Gran's on her own at weekends",
    ],
)
def test_a_weekly_pattern_by_bare_weekdays_holds_now(text: str) -> None:
    assert intent_said(text) == "assertive"


@pytest.mark.parametrize(
    "text",
    [
        "I'm in Rotterdam Mon-Wed next week for the audit",
        "we're away Fri to Sun at my cousin's wedding",
        "I'll be at the Glasgow office Tue-Thu",
    ],
)
def test_the_days_of_one_week_ahead_stay_a_plan(text: str) -> None:
    assert intent_said(text) == "planning"


def test_a_booking_from_one_day_to_another_is_still_asked() -> None:
    assert intent_said("I need a hire car in Málaga from Thursday to Sunday") in (
        "none",
        "planning",
    )


# ------------------------------------------- the state now, and from when it changes


@pytest.mark.parametrize(
    "text",
    [
        "the dog's with us today and with my parents from Friday",
        "Nico's with his dad today and with me from Sunday",
    ],
)
def test_a_state_today_and_its_change_from_a_day_ahead_is_the_present(text: str) -> None:
    assert intent_said(text) == "assertive"


def test_a_change_from_a_day_ahead_alone_stays_ahead() -> None:
    assert intent_said("I'm going to the office from Monday") == "planning"
