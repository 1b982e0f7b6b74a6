"""The fifteenth round (issue 24), words15c: classes of phrasing about work, projects and
the profile (name, diet, time zone) that probe sentences written for
this round (``realistic/probes15c*-dev.jsonl``) showed the extractor missing, each fixed as
a class and tabled here with paraphrases in other voices, and with look-alikes that must
not commit the field. Every row is a sentence written for this module, none taken from an
evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, facts_said, held_said

from core.extraction.offline import extract_offline


def facts(text: str) -> dict[str, object]:
    return facts_said(text, AT)


# ---------------------------------------------------------------- projects


@pytest.mark.parametrize(
    ("text", "slug", "status"),
    [
        # Gone to print or press: handed over.
        ("the zine went to the printers this morning!!", "zine", "shipped"),
        ("Annual report has gone to print, finally", "annual_report", "shipped"),
        ("fyi the Hartley catalogue went to press yesterday", "hartley_catalogue", "shipped"),
        # Put on pause, as on hold.
        ("we've put the loyalty app on pause until Q3", "loyalty_app", "blocked"),
        ("Client asked us to put the Reyes website on pause", "reyes_website", "blocked"),
        # Halfway, nearly done, a share done: under way.
        ("the mural for the cafe is about halfway done", "mural", "in_progress"),
        ("Chapter 4 is nearly finished, then edits", "chapter_4", "in_progress"),
        ("the bathroom refit's 70% done", "bathroom_refit", "in_progress"),
        # A client's job got canned: the work is called off.
        ("the Patel kitchen job got axed, they're selling the house", "patel_kitchen_job",
         "cancelled"),
        ("ugh the Nova logo got binned, back to square one", "nova_logo", "cancelled"),
        ("the Okoro wedding film job was canned last minute", "okoro_wedding_film_job",
         "cancelled"),
    ],
)  # fmt: skip
def test_project_status_fifteenth(text: str, slug: str, status: str) -> None:
    assert held_said(text).get(f"project.{slug}.status") == status


@pytest.mark.parametrize(
    ("text", "field"),
    [
        # One's own job is the employment, not a project.
        ("my new job got cancelled before I started", "project.new_job.status"),
        ("the job got cancelled", "project.job.status"),
        # Almost done with a chore or a meal: no work item.
        ("the dishwasher is almost done", "project.dishwasher.status"),
        ("the kids are nearly there, 5 mins", "project.kids.status"),
    ],
)  # fmt: skip
def test_not_a_project_fifteenth(text: str, field: str) -> None:
    assert field not in held_said(text)


# ---------------------------------------------------------------- profile


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # "veggie" is vegetarian, in British and chat English.
        ("I'm veggie btw so no ham please", "profile.diet", "vegetarian"),
        ("been veggie for 10 years lol", "profile.diet", "vegetarian"),
        ("I'm veggo these days", "profile.diet", "vegetarian"),
        # The name one goes by, whoever else says it.
        ("Call me Kit, everyone does", "profile.name", "Kit"),
        ("Please call me Tunde, everybody does", "profile.name", "Tunde"),
        ("friends call me Jojo tbh", "profile.name", "Jojo"),
        # The zone one is, "on" left out.
        ("we're Eastern time here in Toronto", "profile.timezone", "America/New_York"),
        ("im pacific time btw", "profile.timezone", "America/Los_Angeles"),
        # The zone one keeps, then a clock said in it.
        ("im on EST so the 9pm raid is fine for me", "profile.timezone", "America/New_York"),
        ("I'm on CET, so 3pm your time works", "profile.timezone", "Europe/Paris"),
    ],
)  # fmt: skip
def test_profile_fifteenth(text: str, field: str, value: str) -> None:
    assert facts(text).get(field) == value


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("veggie lasagne is my favourite", "profile.diet"),
        ("my brother calls me Bex", "profile.name"),
        ("everyone calls me lazy lol", "profile.name"),
        ("call me later, everyone is here", "profile.name"),
        # A clock in an event's zone says nothing of the speaker's.
        ("the standup is at 9am eastern time", "profile.timezone"),
    ],
)  # fmt: skip
def test_not_the_profile_fifteenth(text: str, field: str) -> None:
    assert field not in facts(text)


# ---------------------------------------------------------------- batch 2


@pytest.mark.parametrize(
    ("text", "slug", "status"),
    [
        # Pushed to production, handed in ("is in"), signed off.
        ("the hotfix was deployed to prod an hour ago", "hotfix", "shipped"),
        ("new pricing page has been pushed to live", "new_pricing_page", "shipped"),
        ("my dissertation is in!!! free at last", "dissertation", "shipped"),
        ("the tender bid is finally in", "tender_bid", "shipped"),
        ("the client signed off on the Haworth brochure this morning", "haworth_brochure",
         "shipped"),
        # Delayed or held up, waiting on sign-off: blocked.
        ("the kitchen extension is delayed again, no bricks", "kitchen_extension", "blocked"),
        ("app launch got held up by the App Store review", "app_launch", "blocked"),
        ("still waiting for approval on the new logo", "logo", "blocked"),
        # On track, with legal, in review: under way, whatever day it is due.
        ("the migration is on track for Friday", "migration", "in_progress"),
        ("Q2 report is with the client for comments", "q2_report", "in_progress"),
        ("the manuscript is in review with my editor", "manuscript", "in_progress"),
    ],
)  # fmt: skip
def test_project_status_fifteenth_second(text: str, slug: str, status: str) -> None:
    assert held_said(text).get(f"project.{slug}.status") == status


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("my flight is delayed", "project.flight.status"),
        ("the cake is in", "project.cake.status"),
        ("my mum is with the client", "project.mum.status"),
        ("i got signed off sick", "project.sick.status"),
        ("the report is in the drawer", "project.report.status"),
    ],
)  # fmt: skip
def test_not_a_project_fifteenth_second(text: str, field: str) -> None:
    assert field not in held_said(text)


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("strictly vegan since last summer", "profile.diet", "vegan"),
        ("Completely gluten free now, doctor's orders", "profile.diet", "gluten free"),
        ("I'm Siobhan, the new parent rep for class 3", "profile.name", "Siobhan"),
        ("Hello, I am Arjun, your new neighbour", "profile.name", "Arjun"),
        # The hour where one is, and where.
        ("it's 3am here in Lagos so excuse the typos", "profile.timezone", "Africa/Lagos"),
        ("its like midnight here in perth lol", "profile.timezone", "Australia/Perth"),
        ("It's almost 2pm here in Denver", "profile.timezone", "America/Denver"),
    ],
)  # fmt: skip
def test_profile_fifteenth_second(text: str, field: str, value: str) -> None:
    assert facts(text).get(field) == value


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("I'm Tired, the worst week", "profile.name"),
        ("it's 3am in Manila for my sister", "profile.timezone"),
        ("it's sunny here in Leeds", "profile.timezone"),
    ],
)  # fmt: skip
def test_not_the_profile_fifteenth_second(text: str, field: str) -> None:
    assert field not in facts(text)


# ---------------------------------------------------------------- batch 3


@pytest.mark.parametrize(
    ("text", "slug", "status"),
    [
        ("still ploughing through the grant report", "grant_report", "in_progress"),
        ("wading through my dissertation edits this week", "dissertation_edits", "in_progress"),
        ("grinding through the Q4 forecast, send snacks", "q4_forecast", "in_progress"),
        ("the Hale website is officially live!!", "hale_website", "shipped"),
        ("Invoice sent and the Tran logo is finally done", "tran_logo", "shipped"),
    ],
)  # fmt: skip
def test_project_status_fifteenth_third(text: str, slug: str, status: str) -> None:
    assert held_said(text).get(f"project.{slug}.status") == status


@pytest.mark.parametrize(
    "text",
    [
        "took on a contract with Monzo, started Monday",
        "started today, wish me luck",
        "work kicked off this week",
    ],
)
def test_a_day_is_no_project(text: str) -> None:
    days = ("monday", "today", "this_week")
    assert not [f for f in held_said(text) if f.startswith("project.") and f.split(".")[1] in days]


# ---------------------------------------------------------------- a job left later on


@pytest.mark.parametrize(
    "text",
    [
        "We came to Leeds for my job at Arup. Then in 2024 I was made redundant. Still here though.",
        "so i was at Boots for 6 yrs, got the email in jan, i was let go. now figuring stuff out",
        "Worked at Aviva since uni but I quit in March, best decision ever",
    ],
)
def test_an_employer_left_later_in_the_message_is_not_kept(text: str) -> None:
    found = extract_offline(text, at=AT).observations
    assert not [o for o in found if o.field == "profile.employer" and o.intent == "assertive"]


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("I work at Tesco and I quit smoking last year", "Tesco"),
        ("I was laid off from Barclays in May and now I work at Monzo", "Monzo"),
        ("I'm at Deloitte. My brother was made redundant.", None),
    ],
)
def test_a_job_left_ends_only_the_one_before_it(text: str, employer: str | None) -> None:
    assert facts(text).get("profile.employer") == employer


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        # The job lost dates the job held now.
        ("been working at Lidl since I got laid off", "Lidl"),
        ("working for Deliveroo ever since I was let go", "Deliveroo"),
        ("I've been at Asda after I was made redundant from the bank", "Asda"),
    ],
)
def test_a_job_lost_that_dates_the_job_now(text: str, employer: str) -> None:
    assert facts(text).get("profile.employer") == employer
