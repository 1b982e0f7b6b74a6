"""Money and health sentences of the thirty-second round (money32), as specifications.

- A sum refunded by whoever owed it ("the landlord refunded the £200") is the writer's money
  back: a payer known by its role is its own field, a company its ``<name>_refund``; a sum
  refunded to someone else, by the writer, asked about or wished for is none.
- A company that bills the writer, named for its bill ("Pge is due friday"), is due that
  day; a baby, an essay, a person or library books "due" are no bill, and someone else's
  biller, a question and a condition set nothing.
- A per diem, or the writer's own day or hourly rate, is an amount earned: no bill, no
  status; someone else's, a question, a condition and the past set nothing.
- A bill that "was" its sum as it came and is due a day still ahead is owed now; one that
  "was due" on a day gone, or was that sum last month, is a story.
- Someone ill and another fact of the day, joined by "and", are two facts.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, facts_said


def _facts(text: str) -> dict[str, object]:
    return facts_said(text, at=AT)  # Wednesday 4 March 2026


@pytest.mark.parametrize(
    ("text", "field", "amount", "currency"),
    [
        ("the landlord refunded the £200", "financial.landlord", 200, "GBP"),
        ("landlord's finally refunded the 350 dollars", "financial.landlord", 350, "USD"),
        ("our landlady refunded us the €150", "financial.landlady", 150, "EUR"),
        ("The airline has refunded the $420.", "financial.airline", 420, "USD"),
        ("lyft refunded the $18", "financial.lyft_refund", 18, "USD"),
        ("Zalando just refunded me the €59", "financial.zalando_refund", 59, "EUR"),
        ("the gym refunded the R450", "financial.gym", 450, "ZAR"),
    ],
)
def test_a_sum_refunded_by_whoever_owed_it_came_back(
    text: str, field: str, amount: int, currency: str
) -> None:
    facts = _facts(text)
    assert facts.get(f"{field}.status") == "refunded", facts
    assert facts.get(f"{field}.amount") == amount, facts
    assert facts.get(f"{field}.currency") == currency, facts


@pytest.mark.parametrize(
    "text",
    [
        "did the landlord refund the £200?",
        "if the landlord refunds the £200 we're fine",
        "hopefully the landlord refunds the £200",
        "my sister's landlord refunded her the £200",
        "the landlord refunded the £200 to the last tenant",
        "I refunded the £200 to my client",
        "we refunded the $50 to the guest",
    ],
)
def test_a_refund_not_to_the_writer_sets_nothing(text: str) -> None:
    facts = _facts(text)
    assert not any(f.endswith(".status") and v == "refunded" for f, v in facts.items()), facts


@pytest.mark.parametrize(
    ("text", "biller", "day"),
    [
        ("Pge is due friday", "pge", "2026-03-06"),
        ("xfinity due on the 3rd", "xfinity", "2026-04-03"),
        ("T-Mobile is due on the 21st", "t_mobile", "2026-03-21"),
        ("reminder: geico is due monday", "geico", "2026-03-09"),
        ("our octopus energy is due on the 10th", "octopus_energy", "2026-03-10"),
        ("my amex's due the 15th", "amex", "2026-03-15"),
    ],
)
def test_a_biller_named_for_its_bill_is_due_that_day(text: str, biller: str, day: str) -> None:
    facts = _facts(text)
    assert facts.get(f"financial.{biller}.status") == "due", facts
    assert facts.get(f"financial.{biller}.due_date") == day, facts


@pytest.mark.parametrize(
    "text",
    [
        "the baby is due friday",
        "my essay is due on the 15th",
        "Sarah is due on the 20th",
        "the library books are due monday",
        "my visa is due for renewal",
        "is xfinity due friday?",
        "if verizon is due monday i'll pay it sunday",
        "mom's xfinity is due friday",
    ],
)
def test_due_that_names_no_bill_of_the_writers_sets_no_bill(text: str) -> None:
    facts = _facts(text)
    assert not any(f.startswith("financial.") for f in facts), facts


@pytest.mark.parametrize(
    ("text", "field", "amount", "currency"),
    [
        ("per diem is €120", "financial.per_diem", 120, "EUR"),
        ("my per diem is $75 a day", "financial.per_diem", 75, "USD"),
        ("the per diem's £45", "financial.per_diem", 45, "GBP"),
        ("Per-diem is 90 euros on this job", "financial.per_diem", 90, "EUR"),
        ("my day rate is £400", "financial.day_rate", 400, "GBP"),
        ("our daily rate's €300", "financial.daily_rate", 300, "EUR"),
    ],
)
def test_a_per_diem_or_a_rate_is_an_amount_earned_and_no_bill(
    text: str, field: str, amount: int, currency: str
) -> None:
    facts = _facts(text)
    assert facts.get(f"{field}.amount") == amount, facts
    assert facts.get(f"{field}.currency") == currency, facts
    assert f"{field}.status" not in facts, facts


@pytest.mark.parametrize(
    "text",
    [
        "his per diem is $75",
        "is the per diem €120?",
        "if the per diem is €120 I'll take the gig",
        "the per diem was €90 back in 2019",
        "a per diem of €120 would be nice",
        "the day rate at the spa is £400",
    ],
)
def test_a_rate_not_the_writers_sets_nothing(text: str) -> None:
    facts = _facts(text)
    assert not any(f.startswith("financial.") for f in facts), facts


@pytest.mark.parametrize(
    ("text", "bill", "amount", "day"),
    [
        ("the water bill was $60, due the 3rd", "water_bill", 60, "2026-04-03"),
        ("gas bill was £45, due on the 20th", "gas_bill", 45, "2026-03-20"),
        ("the phone bill was 80 bucks and it's due friday", "phone_bill", 80, "2026-03-06"),
        ("the water bill was $60 and it's due on the 12th", "water_bill", 60, "2026-03-12"),
        (
            "The council tax bill was £160, payable by the 28th.",
            "council_tax_bill",
            160,
            "2026-03-28",
        ),
    ],
)
def test_a_bill_that_was_its_sum_and_is_due_ahead_is_owed_now(
    text: str, bill: str, amount: int, day: str
) -> None:
    facts = _facts(text)
    assert facts.get(f"financial.{bill}.status") == "due", facts
    assert facts.get(f"financial.{bill}.amount") == amount, facts
    assert facts.get(f"financial.{bill}.due_date") == day, facts


@pytest.mark.parametrize(
    "text",
    [
        "the water bill was $60 last month",
        "the water bill was due on the 3rd",
        "last year the water bill was $210 and it was due on the 3rd",
        "was the water bill $60?",
        "if the water bill was $60 we'd be fine",
    ],
)
def test_a_bill_told_as_a_story_or_not_the_writers_sets_no_day(text: str) -> None:
    facts = _facts(text)
    assert not any(f.endswith(".due_date") for f in facts), facts


@pytest.mark.parametrize(
    ("text", "member", "other"),
    [
        (
            "my husband has the flu and practice is tomorrow",
            "husband",
            ("family.practice.schedule", "2026-03-05"),
        ),
        (
            "my daughter has strep and rent is due friday",
            "daughter",
            ("financial.rent.due_date", "2026-03-06"),
        ),
        ("mum's poorly and the party is on saturday", "mom", None),
        ("My son has a fever and the game is tonight", "son", None),
        ("wife has covid and swim practice is at 4 tomorrow", "wife", None),
        # The writer's trip over after a member's illness: the trip's end is told too.
        ("the kids are sick and the trip is over", "kids", ("travel.status", "completed")),
        (
            "emma is sick and the trip is over, we're heading home",
            "emma",
            ("travel.status", "completed"),
        ),
        ("my son has the flu and the trip is over", "son", ("travel.status", "completed")),
    ],
)
def test_someone_ill_and_another_fact_are_two_facts(
    text: str, member: str, other: tuple[str, str] | None
) -> None:
    facts = _facts(text)
    assert facts.get(f"family.{member}.status") == "sick", facts
    if other is not None:
        assert facts.get(other[0]) == other[1], facts


@pytest.mark.parametrize(
    "text",
    [
        "my husband had the flu and practice is tomorrow",
        "if my husband has the flu practice is off",
        "my friend's husband has the flu and practice is tomorrow",
    ],
)
def test_an_illness_past_imagined_or_anothers_is_not_the_familys_now(text: str) -> None:
    assert "family.husband.status" not in _facts(text)


def test_one_subject_of_two_people_stays_whole() -> None:
    facts = _facts("my husband and son are sick")
    assert facts.get("family.husband.status") == "sick", facts
    assert facts.get("family.son.status") == "sick", facts


@pytest.mark.parametrize(
    "text",
    [
        "mom is sick and her trip is over",
        "if the kids are sick and the trip is over we will go home",
        "the kids are sick and the party is over",
    ],
)
def test_someone_elses_or_an_imagined_trip_over_is_not_the_writers(text: str) -> None:
    assert "travel.status" not in _facts(text)
