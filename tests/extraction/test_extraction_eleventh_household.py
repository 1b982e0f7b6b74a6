"""The eleventh round (issue 24), the household: classes of phrasing that sentences written
for this round in many voices showed the extractor missing: family status in other words
(in-laws, "keeping well", "on the mend", taken to the ER, kept off school, away at college,
out of hospital), a state up to now (present perfect spans, "from 2021", "shifted",
subjectless "live in"/"been living in"), bills dealt with or late, projects done or begun
in the passive.

Each class has its look-alikes (sentences that must not commit the field) beside the class
itself. Every row is a sentence written for this module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, facts_said

from core.extraction.offline import extract_offline

# ---------------------------------------------------------------- family status in other words


@pytest.mark.parametrize(
    ("text", "member", "status"),
    [
        # In-laws, hyphenated or typed without hyphens.
        ("my mother-in-law is sick", "mother_in_law", "sick"),
        ("My mother-in-law is admitted in hospital since Sunday", "mother_in_law", "sick"),
        ("my mother in law is in hospital", "mother_in_law", "sick"),
        ("my brother-in-law has covid", "brother_in_law", "sick"),
        ("my son in law is away on business", "son_in_law", "away"),
        # "keeping well" (Indian and British English), "on the mend".
        ("my father is not keeping well", "father", "sick"),
        ("Mother is keeping well now, thank you", "mother", "well"),
        ("my mother is on the mend", "mother", "well"),
        ("dad's on the mend after his surgery", "dad", "well"),
        # Taken or rushed into care.
        ("my mom was taken to the ER this morning", "mom", "sick"),
        ("grandpa got rushed to hospital last night", "grandpa", "sick"),
        ("Dad has been taken to A&E, will update", "dad", "sick"),
    ],
)
def test_family_status_in_other_words(text: str, member: str, status: str) -> None:
    assert facts_said(text, AT).get(f"family.{member}.status") == status


@pytest.mark.parametrize(
    "text",
    [
        "my son was taken to the park",
        "when i was ten my dad was rushed to hospital",
        "my mom was taken to the ER in 2019",
        "the kids are keeping busy",
        "my mother-in-law lives in Ohio",
        "hope your mother in law is on the mend",
    ],
)
def test_a_family_status_look_alike_sets_none(text: str) -> None:
    assert not any(f.startswith("family.") and f.endswith(".status") for f in facts_said(text, AT))


# ---------------------------------------------------------------- a state up to now


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("we've lived here in Sacramento our whole lives", "profile.home_city", "Sacramento"),
        ("the kids have had a stomach bug all week", "family.kids.status", "sick"),
        ("my wife has had the flu the whole week", "family.wife.status", "sick"),
        ("We are living in Munich from 2021", "profile.home_city", "Munich"),
        ("I am working in Infosys from 2019", "profile.employer", "Infosys"),
        # "shifted" is Indian English for moved house.
        ("I have shifted to Gurgaon last week", "profile.home_city", "Gurgaon"),
        ("we shifted to Pune in January", "profile.home_city", "Pune"),
        ("shifted to bangalore 3 months ago, still settling in", "profile.home_city", "Bengaluru"),
    ],
)
def test_a_state_up_to_now_is_the_present(text: str, field: str, value: str) -> None:
    assert extract_offline(text, at=AT).intent == "assertive"
    assert facts_said(text, AT).get(field) == value


@pytest.mark.parametrize(
    "text",
    [
        "I was living in Munich from 2015 to 2019",
        "I shifted to night shifts",
        "we shifted to Zoom calls",
        "my brother shifted to Delhi",
        "We are shifting to Noida next month",
        "I've been to Paris all week",
    ],
)
def test_a_state_look_alike_sets_no_home(text: str) -> None:
    said = facts_said(text, AT)
    assert "profile.home_city" not in said
    assert "profile.employer" not in said


# ---------------------------------------------------------------- bills dealt with


@pytest.mark.parametrize(
    ("text", "item", "status"),
    [
        ("the electric bill's been taken care of", "electric_bill", "paid"),
        ("gas bill's been taken care of", "gas_bill", "paid"),
        ("the rent's been taken care of", "rent", "paid"),
        ("rent's been paid", "rent", "paid"),
        ("rent's sorted for this month", "rent", "paid"),
        ("the phone bill has been settled", "phone_bill", "paid"),
        ("your rent payment was received", "rent", "paid"),
        ("Forwarding this: your rent payment of $1,950 was received. Thanks!", "rent", "paid"),
        # The bill and its amount after "of": the bill is the item.
        ("I have paid the electricity bill of Rs 2,300", "electricity_bill", "paid"),
        ("paid the water bill of $80", "water_bill", "paid"),
    ],
)
def test_a_bill_dealt_with_is_paid(text: str, item: str, status: str) -> None:
    assert facts_said(text, AT).get(f"financial.{item}.status") == status


@pytest.mark.parametrize(
    "text",
    [
        "the kids are settled in",
        "my dad is taken care of by a nurse",
        "is the rent sorted?",
        "if the rent is sorted we can go",
        "sorted, thanks!",
    ],
)
def test_a_dealt_with_look_alike_pays_nothing(text: str) -> None:
    assert not any(f.startswith("financial.") for f in facts_said(text, AT))


# ---------------------------------------------------------------- projects done or begun, in the passive


@pytest.mark.parametrize(
    ("text", "slug", "status"),
    [
        (
            "The API migration has been completed and deployed to production.",
            "api_migration",
            "shipped",
        ),
        ("the redesign was completed last week", "redesign", "shipped"),
        ("the billing rewrite has finally been deployed", "billing_rewrite", "shipped"),
        ("the new dashboard was deployed on Monday", "new_dashboard", "shipped"),
        ("we're kicking off the Phoenix project next week", "phoenix", "planned"),
        ("the onboarding revamp kicks off monday", "onboarding_revamp", "planned"),
    ],
)
def test_a_project_done_or_begun_in_other_words(text: str, slug: str, status: str) -> None:
    assert facts_said(text, AT).get(f"project.{slug}.status") == status


@pytest.mark.parametrize(
    "text",
    [
        "the survey was completed by 300 people",
        "the party kicks off at 8",
        "the carpet was rolled out for the party",
        "the season kicked off last week",
        "my order was completed",
        "has the migration been completed?",
    ],
)
def test_a_project_look_alike_sets_no_project(text: str) -> None:
    assert not any(f.startswith("project.") for f in facts_said(text, AT))


# ---------------------------------------------------------------- the speaker's verb, its subject left out


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("originally from ohio but live in tampa now", "profile.home_city", "Tampa"),
        ("grew up in ohio but live in tampa now", "profile.home_city", "Tampa"),
        ("from ohio originally, live in tampa now", "profile.home_city", "Tampa"),
        ("my son recovered from the flu", "family.son.status", "well"),
        ("Grandma has recovered from her pneumonia", "family.grandma.status", "well"),
    ],
)
def test_the_speakers_present_and_a_recovery(text: str, field: str, value: str) -> None:
    assert facts_said(text, AT).get(field) == value


@pytest.mark.parametrize(
    "text",
    [
        "my parents are from Ohio but live in Tampa now",
        "my sister grew up here but live in tampa now",
        "live in the moment",
        "she recovered from cancer when I was ten",
    ],
)
def test_someone_elses_present_or_an_old_recovery_sets_nothing(text: str) -> None:
    said = facts_said(text, AT)
    assert "profile.home_city" not in said
    assert not any(f.startswith("family.") for f in said)


# ---------------------------------------------------------------- kept off school, away at college, out of hospital


@pytest.mark.parametrize(
    ("text", "member", "status"),
    [
        ("sophie's been off school with a cough", "sophie", "sick"),
        ("jack is off school sick", "jack", "sick"),
        ("my son is off work with the flu", "son", "sick"),
        ("my daughter is at college in Ohio", "daughter", "away"),
        ("my daughter is at uni up in Leeds", "daughter", "away"),
        ("dad got out of hospital today", "dad", "well"),
        # Come home from it is home, as "got home from hospital" and "home from hospital" are.
        ("mom came home from the hospital yesterday", "mom", "home"),
    ],
)
def test_a_member_kept_off_away_or_out_of_hospital(text: str, member: str, status: str) -> None:
    said = facts_said(text, AT)
    assert said.get(f"family.{member}.status") == status
    assert "family.school.event_status" not in said


@pytest.mark.parametrize(
    ("text", "event_status"),
    [
        ("the kids are off school tomorrow, teacher training", "cancelled"),
        ("no school friday", "cancelled"),
    ],
)
def test_school_off_for_everyone_is_still_off(text: str, event_status: str) -> None:
    assert facts_said(text, AT).get("family.school.event_status") == event_status


@pytest.mark.parametrize(
    "text",
    [
        "my son is at college",
        "when I was 5 dad got out of hospital",
        "my son got out of school early",
    ],
)
def test_a_member_look_alike_says_no_status(text: str) -> None:
    assert not any(f.startswith("family.") and f.endswith(".status") for f in facts_said(text, AT))


# ---------------------------------------------------------------- bills that are late, and a home said without its subject


@pytest.mark.parametrize(
    ("text", "item"),
    [
        ("the rent is late this month", "rent"),
        ("rent's a few days late", "rent"),
        ("the phone bill is already late", "phone_bill"),
    ],
)
def test_a_bill_that_is_late_is_due(text: str, item: str) -> None:
    assert facts_said(text, AT).get(f"financial.{item}.status") == "due"


@pytest.mark.parametrize(
    "text", ["the train is late", "I'm late for work", "if the rent is late they charge $50"]
)
def test_a_late_look_alike_owes_nothing(text: str) -> None:
    assert not any(
        f.endswith(".status") and f.startswith("financial.") for f in facts_said(text, AT)
    )


def test_been_living_without_its_subject_is_the_home() -> None:
    assert (
        facts_said("been living in london for about 3 years now", AT).get("profile.home_city")
        == "London"
    )
    assert facts_said("been based in Dublin since 2020", AT).get("profile.home_city") == "Dublin"
    assert "profile.home_city" not in facts_said("been living in Denver this week for work", AT)
