"""The fourteenth round (issue 24), everything but travel: classes of phrasing that probe
sentences written for this round (``realistic/probes14b-dev.jsonl``) showed the extractor
missing, each fixed as a class: numbers grouped the ways the world writes them, a
headline's bill ("Rent paid."), status lines of subscriptions and of work ("Netflix:
cancelled", "thesis submitted."), utilities paid without "bill", the period a bill is for,
what is earned or still owed, money that came in, work ground on before a deadline, a gig
as a job, "name's …", and two clocks compared beside a time zone.

Each class has look-alikes that must not commit the field. Every row is a sentence written
for this module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said

from core.extraction.amounts import amount_in

# ---------------------------------------------------------------- amounts


@pytest.mark.parametrize(
    ("said", "amount"),
    [
        # A space between thousands (South Africa, much of Europe).
        ("r8 500 for rent", (8500, "ZAR")),
        ("we paid 12 000 rand", (12000, "ZAR")),
        ("n15 000 for fuel", (15000, "NGN")),
        # Dots between thousands, a comma before the cents, the sign before or after.
        ("€1.200,50 on the card", (1200.5, "EUR")),
        ("1.200,50 € due friday", (1200.5, "EUR")),
        ("45,50€ for the taxi", (45.5, "EUR")),
        ("€2.500 deposit", (2500, "EUR")),
        # English grouping still reads as before.
        ("€1,200 a month", (1200, "EUR")),
        ("$1,250.50 in total", (1250.5, "USD")),
        # A figure and "grand".
        ("about 2 grand", (2000, "USD")),
    ],
)
def test_numbers_grouped_the_ways_the_world_writes_them(
    said: str, amount: tuple[float, str]
) -> None:
    assert amount_in(said) == amount


@pytest.mark.parametrize("said", ["r2 is a droid", "chapter 3 500 words", "room 12 at 10 30"])
def test_grouped_look_alikes_are_no_amount(said: str) -> None:
    assert amount_in(said) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "paid the water bill, R1 250",
            {"financial.water_bill.amount": 1250, "financial.water_bill.currency": "ZAR"},
        ),
        (
            "we paid 12 000 rand for the deposit",
            {"financial.deposit.amount": 12000, "financial.deposit.currency": "ZAR"},
        ),
        ("Also paid the cleaner R350", {"financial.cleaner.status": "paid"}),
    ],
)
def test_grouped_amounts_reach_the_bill(text: str, expected: dict[str, object]) -> None:
    said = facts_said(text)
    assert {f: said.get(f) for f in expected} == expected


# ---------------------------------------------------------------- headline bills


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A bill heads the line with its capital: the small model takes it for a name.
        ("Rent paid.", {"financial.rent.status": "paid"}),
        ("Mortgage paid!", {"financial.mortgage.status": "paid"}),
        ("Council tax paid already", {"financial.council_tax.status": "paid"}),
        (
            "Conservancy charges paid already, tick",
            {"financial.conservancy_charges.status": "paid"},
        ),
        # A line opened by an adverb with its capital is no one's name either.
        (
            "Already paid the aircon servicing $80 lah",
            {"financial.aircon_servicing.status": "paid"},
        ),
        # A duty with its subject left out is the speaker's, whoever comes after.
        (
            "brb gotta pay my phone bill before they cut me off",
            {"financial.phone_bill.status": "due"},
        ),
    ],
)
def test_a_headline_bill_is_the_speakers(text: str, expected: dict[str, object]) -> None:
    said = facts_said(text)
    assert {f: said.get(f) for f in expected} == expected


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("Marcus paid the rent", "financial.rent.status"),
        ("Marcus pays rent", "financial.rent.status"),
        ("Rent paid?", "financial.rent.status"),
    ],
)
def test_headline_look_alikes(text: str, field: str) -> None:
    assert field not in facts_said(text)


# ---------------------------------------------------------------- subscriptions


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Netflix: cancelled.", {"financial.netflix.status": "cancelled"}),
        ("Hulu — cancelled", {"financial.hulu.status": "cancelled"}),
        ("spotify premium cancelled. bye 10.99", {"financial.spotify.status": "cancelled"}),
        (
            "subscriptions cancelled: hulu, spotify and audible",
            {
                "financial.hulu.status": "cancelled",
                "financial.spotify.status": "cancelled",
                "financial.audible.status": "cancelled",
            },
        ),
    ],
)
def test_a_subscription_status_line(text: str, expected: dict[str, object]) -> None:
    said = facts_said(text)
    assert {f: said.get(f) for f in expected} == expected


@pytest.mark.parametrize(
    "text",
    ["Netflix cancelled my favourite show", "should i cancel hulu", "is spotify cancelled?"],
)
def test_subscription_status_look_alikes(text: str) -> None:
    assert not any(f.startswith("financial.") for f in facts_said(text))


# ---------------------------------------------------------------- utilities and periods


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("babe I paid the internet, you do the water pls", {"financial.internet.status": "paid"}),
        ("I paid the electricity and the water", {"financial.electricity.status": "paid"}),
        ("we still owe the gym for march", {"financial.gym.status": "due"}),
        # The period a bill is for dates it; it does not name it.
        ("Tuition for the semester is paid in full!!", {"financial.tuition.status": "paid"}),
        ("fees for the spring term are paid", {"financial.fees.status": "paid"}),
        ("school fees for the whole year paid in full", {"financial.school_fees.status": "paid"}),
    ],
)
def test_utilities_without_bill_and_the_period_a_bill_is_for(
    text: str, expected: dict[str, object]
) -> None:
    said = facts_said(text)
    assert {f: said.get(f) for f in expected} == expected


@pytest.mark.parametrize("text", ["got the water", "the internet is slow today", "gym was packed"])
def test_utility_look_alikes(text: str) -> None:
    assert not any(f.startswith("financial.") for f in facts_said(text))


# ---------------------------------------------------------------- earned, owed, came in


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("bro my salary is 12k a year lol", {"financial.salary.amount": 12000}),
        ("my student loan is still sitting at 27k", {"financial.student_loan.amount": 27000}),
        ("my car loan is at 9k now", {"financial.car_loan.amount": 9000}),
        ("landlord bumped the rent to $2.4k, we signed anyway", {"financial.rent.amount": 2400}),
        (
            "Bursary money came in, R15 000",
            {"financial.bursary.amount": 15000, "financial.bursary.currency": "ZAR"},
        ),
        ("wages landed this morning, R9 800", {"financial.wages.amount": 9800}),
        ("my allowance came in, 200 quid", {"financial.allowance.amount": 200}),
    ],
)
def test_what_is_earned_owed_or_came_in(text: str, expected: dict[str, object]) -> None:
    said = facts_said(text)
    assert {f: said.get(f) for f in expected} == expected


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("his salary is 90k", "financial.salary.amount"),
        ("my salary was 30k back then", "financial.salary.amount"),
        ("his salary came in, 3000", "financial.salary.amount"),
    ],
)
def test_earned_look_alikes(text: str, field: str) -> None:
    assert field not in facts_said(text)


# ---------------------------------------------------------------- work


@pytest.mark.parametrize(
    ("text", "slug", "status"),
    [
        # A status line without its verb.
        ("thesis submitted. i am free", "thesis", "shipped"),
        ("essay handed in!!", "essay", "shipped"),
        ("website redesign: shipped 🎉", "website_redesign", "shipped"),
        ("Orion migration on hold till Q3", "orion_migration", "blocked"),
        ("Migration still on hold pending legal", "migration", "blocked"),
        # Work ground on before its deadline is under way, not a plan.
        (
            "still grinding on the stats assignment, due friday 11:59",
            "stats_assignment",
            "in_progress",
        ),
        ("chipping away at the annual report, due next friday", "annual_report", "in_progress"),
        ("plugging away at the grant report", "grant_report", "in_progress"),
    ],
)
def test_work_said_as_a_status_line(text: str, slug: str, status: str) -> None:
    assert facts_said(text).get(f"project.{slug}.status") == status


@pytest.mark.parametrize(
    "text",
    ["I was on hold for an hour with the bank", "mum on hold with the bank", "flight on hold"],
)
def test_on_hold_look_alikes_are_no_project(text: str) -> None:
    assert not any(f.startswith("project.") for f in facts_said(text))


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("I started a new gig at Flutterwave last week", "Flutterwave"),
        ("just started a new gig with Paystack", "Paystack"),
        ("started a new gig at Canva, loving it", "Canva"),
    ],
)
def test_a_gig_is_a_job(text: str, employer: str) -> None:
    said = facts_said(text)
    assert said.get("profile.employer") == employer
    assert not any(f.startswith("project.") for f in said)


# ---------------------------------------------------------------- names and zones


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("name's Callum btw, I'm the one who messaged about the flat", "Callum"),
        ("The name's Ngozi, nice to meet you", "Ngozi"),
        ("hey, name's Tobi", "Tobi"),
    ],
)
def test_names_said_as_name_s(text: str, name: str) -> None:
    assert facts_said(text).get("profile.name") == name


def test_someone_elses_name_s_is_not_the_speakers() -> None:
    assert "profile.name" not in facts_said("my sister's name's Ana")


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        # Two clocks compared are what a zone is said for.
        ("I'm on SAST so your 9am is my 4pm", "Africa/Johannesburg"),
        ("your 10am is my 6pm, I'm on IST", "Asia/Kolkata"),
        ("I'm on CET, so my 4pm is your 10am", "Europe/Paris"),
        # Ireland's clock by its name.
        ("we're on Irish time since the move", "Europe/Dublin"),
    ],
)
def test_a_zone_beside_clocks_compared(text: str, zone: str) -> None:
    assert facts_said(text).get("profile.timezone") == zone


def test_a_meeting_time_in_a_zone_is_not_the_speakers_zone() -> None:
    assert "profile.timezone" not in facts_said("the call is at 3pm eastern time")


# ---------------------------------------------------------------- batch 2: money moved


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Taken from the account or put in it: paid, or money that came in.
        ("EMI of Rs 14,500 deducted today for the car loan", {"financial.emi.status": "paid"}),
        ("Phone bill auto-debited, 499", {"financial.phone_bill.status": "paid"}),
        ("the gas bill was debited this morning", {"financial.gas_bill.status": "paid"}),
        ("Salary got credited today itself, 85k", {"financial.salary.amount": 85000}),
        ("my stipend is credited, 12,000", {"financial.stipend.amount": 12000}),
        # "'s gone out" leans on its bill as "has gone out" does.
        ("babe rent's gone out, dont panic", {"financial.rent.status": "paid"}),
        ("the mortgage's gone out already", {"financial.mortgage.status": "paid"}),
        # Irish English's perfect.
        (
            "I'm after paying the bin charges, €90 for the year",
            {"financial.bin_charges.status": "paid"},
        ),
        ("we're after paying the rent, thank god", {"financial.rent.status": "paid"}),
        ("I'm just after paying the car tax", {"financial.car_tax.status": "paid"}),
        # One's share of a bill sent is the bill paid.
        ("Just transferred my share of the rent to Priya", {"financial.rent.status": "paid"}),
        ("sent my half of the deposit last night", {"financial.deposit.status": "paid"}),
        ("wired our part of the school fees", {"financial.school_fees.status": "paid"}),
        # "new", "current", "monthly" before the bill say which one, not what it is.
        ("my new rent is Rs 22,000 per month", {"financial.rent.amount": 22000}),
        ("our current mortgage is 1,400", {"financial.mortgage.amount": 1400}),
        ("the monthly premium is $88", {"financial.premium.amount": 88}),
    ],
)
def test_money_moved_said_many_ways(text: str, expected: dict[str, object]) -> None:
    said = facts_said(text)
    assert {f: said.get(f) for f in expected} == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Ticketmaster refunded me €86 for the cancelled gig",
            {"financial.ticketmaster_refund.status": "refunded"},
        ),
        ("uber finally refunded us the 30", {"financial.uber_refund.amount": 30}),
        (
            "Got £40 back from Ryanair finally",
            {"financial.ryanair_refund.status": "refunded", "financial.ryanair_refund.amount": 40},
        ),
        ("received 25 euros back from zalando", {"financial.zalando_refund.status": "refunded"}),
    ],
)
def test_money_back_from_a_shop(text: str, expected: dict[str, object]) -> None:
    said = facts_said(text)
    assert {f: said.get(f) for f in expected} == expected


@pytest.mark.parametrize(
    "text", ["got 20 back from my brother", "got 20 quid back from Dave", "he refunded me nothing"]
)
def test_money_handed_back_by_a_person_is_no_refund(text: str) -> None:
    assert not any(f.endswith("_refund.status") for f in facts_said(text))


@pytest.mark.parametrize(
    ("text", "slug", "status"),
    [
        ("they axed the loyalty app project today", "loyalty_app", "cancelled"),
        ("management canned the rebrand", "rebrand", "cancelled"),
        ("the client nixed the podcast series", "podcast_series", "cancelled"),
        ("Project Falcon got put on ice until the funding comes through", "falcon", "blocked"),
        ("the newsletter is on the back burner", "newsletter", "blocked"),
    ],
)
def test_work_axed_or_put_on_ice(text: str, slug: str, status: str) -> None:
    said = facts_said(text)
    assert any(f.endswith(".status") and slug in f and v == status for f, v in said.items()), said


# ---------------------------------------------------------------- batch 3


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A rand amount grouped with a space after a bill and "is".
        ("The dentist bill is R1 950 after medical aid", {"financial.dentist_bill.amount": 1950}),
        ("the plumber bill is R2 300", {"financial.plumber_bill.amount": 2300}),
        ("the vet bill is R1 400 after the discount", {"financial.vet_bill.amount": 1400}),
        # A labelled status line: the bill, a colon or nothing, the word, the line's end.
        ("Gym: cancelled.", {"financial.gym.status": "cancelled"}),
        ("gym membership: cancelled as of today", {"financial.gym_membership.status": "cancelled"}),
        ("Overdraft cleared.", {"financial.overdraft.status": "paid"}),
        ("Credit card cleared.", {"financial.credit_card.status": "paid"}),
        ("rent for march: sorted ✅", {"financial.rent.status": "paid"}),
        # South Asian numbering.
        ("Salary got credited, 1.5 lakh", {"financial.salary.amount": 150000}),
        ("bonus came in, 2 lakh", {"financial.bonus.amount": 200000}),
        ("My PF payout came in, 3 lakh", {"financial.pf_payout.amount": 300000}),
    ],
)
def test_batch_three_money(text: str, expected: dict[str, object]) -> None:
    said = facts_said(text)
    assert {f: said.get(f) for f in expected} == expected


@pytest.mark.parametrize(
    ("said", "amount"),
    [("1.2 lakh", (120000, "INR")), ("2 lakhs", (200000, "INR")), ("3 crore", (30000000, "INR"))],
)
def test_lakh_and_crore(said: str, amount: tuple[float, str]) -> None:
    assert amount_in(said) == amount


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("I'm rebuilding the mod loader from scratch this week", "mod_loader"),
        ("we're overhauling the onboarding flow this sprint", "onboarding_flow"),
        ("revamping the menu for the café this week", "menu"),
    ],
)
def test_work_rebuilt_is_under_way(text: str, slug: str) -> None:
    assert facts_said(text).get(f"project.{slug}.status") == "in_progress"


@pytest.mark.parametrize("text", ["the road is cleared", "the gym was cancelled last year"])
def test_status_line_look_alikes(text: str) -> None:
    said = facts_said(text)
    assert not any(f.startswith("financial.") for f in said)
