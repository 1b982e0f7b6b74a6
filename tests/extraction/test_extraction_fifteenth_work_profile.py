"""The fifteenth round (issue 24), words15c: classes of phrasing about work, projects and
the profile (name, diet, time zone) that probe sentences written for
this round (``realistic/probes15c*-dev.jsonl``) showed the extractor missing, each fixed as
a class and tabled here with paraphrases in other voices, and with look-alikes that must
not commit the field. Every row is a sentence written for this module, none taken from an
evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT

from core.extraction.offline import extract_offline


def said(text: str) -> dict[str, object]:
    """Field -> value of what ``text`` says as a fact, a plan or a past that still holds."""
    found = extract_offline(text, at=AT).observations
    return {
        o.field: o.candidate_value for o in found if o.intent not in ("hypothetical", "retract")
    }


def facts(text: str) -> dict[str, object]:
    found = extract_offline(text, at=AT).observations
    return {o.field: o.candidate_value for o in found if o.intent in ("assertive", "planning")}


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
    assert said(text).get(f"project.{slug}.status") == status


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
    assert field not in said(text)


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
