"""The writer held up on a piece of work is the work blocked: "we're blocked on the api
migration till legal signs off", "still stuck on the billing rewrite, waiting on design".
"Blocked on" names work; "stuck on" only when what follows is headed by a piece of work
(stuck on the highway, a crossword or the couch is no project)."""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("we're blocked on the api migration till legal signs off", "project.api_migration.status"),
        ("blocked on the api migration", "project.api_migration.status"),
        ("still stuck on the billing rewrite, waiting on design", "project.billing_rewrite.status"),
        ("We are currently blocked on the Q3 dashboard.", "project.q3_dashboard.status"),
        ("team is stuck on the mobile app release", "project.mobile_app_release.status"),
        ("our team's blocked on the mobile app release", "project.mobile_app_release.status"),
    ],
)
def test_held_up_on_a_piece_of_work_blocks_it(text: str, field: str) -> None:
    assert facts_said(text).get(field) == "blocked"


@pytest.mark.parametrize(
    "text",
    [
        "i'm stuck on the highway",
        "stuck on level 5 lol",
        "i'm stuck on this crossword",
        "still stuck on the couch with a cold",
        "are you blocked on the api migration?",
    ],
)
def test_stuck_on_what_is_no_work_is_no_project(text: str) -> None:
    assert not [f for f in facts_said(text) if f.startswith("project.")]
